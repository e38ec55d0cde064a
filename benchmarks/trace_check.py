"""How ``acp-compat trace --check`` scales: messages per second and peak RSS by trace length.

A trace of an upgrade session is generated for each size (default 100 000 and 1 000 000
messages; both links: the editor's in current ACP, the agent's in legacy 0.0.9): turns of
streamed chunks with a tool call, its permission question and its completion, each
message on the editor's side matched by its translation on the agent's. Each size is then
checked by a fresh Python process running the command's own loop
(:func:`acp_compat.cli.trace.check`, output discarded), which reports its time and its
peak RSS. Checking is linear when messages per second stay level across sizes, and its
memory bounded when the peak RSS does not grow with the length.

    python benchmarks/trace_check.py [--sizes 100000,1000000] [--keep DIR]

The same file is the checking process (``--child FILE``).
"""

from __future__ import annotations

import argparse
import json
import resource
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

CHUNKS_PER_TURN = 40
"""Streamed chunks in each generated turn (a turn is about twice as many records)."""


def _legacy_init() -> list[tuple[str, dict[str, Any]]]:
    init = {"protocolVersion": 1, "clientCapabilities": {"fs": {"readTextFile": True}}}
    return [
        ("client->relay", {"id": 0, "method": "initialize", "params": init}),
        ("relay->agent", {"id": 0, "method": "initialize", "params": {"protocolVersion": "0.0.9"}}),
        (
            "agent->relay",
            {"id": 0, "result": {"protocolVersion": "0.0.9", "isAuthenticated": True}},
        ),
        ("relay->client", {"id": 0, "result": {"protocolVersion": 1, "agentCapabilities": {}}}),
        (
            "client->relay",
            {"id": 1, "method": "session/new", "params": {"cwd": "/p", "mcpServers": []}},
        ),
        ("relay->client", {"id": 1, "result": {"sessionId": "s"}}),
    ]


def _turn(number: int) -> Iterator[tuple[str, dict[str, Any]]]:
    """One turn on both links: the prompt, chunks, a confirmed tool call, the answer."""
    prompt_id, legacy_id = 10 + number, 10 + number
    text = {"type": "text", "text": f"turn {number}"}
    yield (
        "client->relay",
        {
            "id": prompt_id,
            "method": "session/prompt",
            "params": {"sessionId": "s", "prompt": [text]},
        },
    )
    yield (
        "relay->agent",
        {
            "id": legacy_id,
            "method": "sendUserMessage",
            "params": {"chunks": [{"text": f"turn {number}"}]},
        },
    )
    for chunk in range(CHUNKS_PER_TURN):
        ask = f"c{number}-{chunk}"
        yield (
            "agent->relay",
            {
                "id": ask,
                "method": "streamAssistantMessageChunk",
                "params": {"chunk": {"text": "word "}},
            },
        )
        update = {
            "sessionUpdate": "agent_message_chunk",
            "content": {"type": "text", "text": "word "},
        }
        yield (
            "relay->client",
            {"method": "session/update", "params": {"sessionId": "s", "update": update}},
        )
        yield "relay->agent", {"id": ask, "result": None}
    tool = f"t{number}"
    confirm = {"label": "Edit a", "icon": "pencil", "confirmation": {"type": "edit"}}
    yield (
        "agent->relay",
        {"id": f"k{number}", "method": "requestToolCallConfirmation", "params": confirm},
    )
    call = {
        "sessionUpdate": "tool_call",
        "toolCallId": tool,
        "title": "Edit a",
        "kind": "edit",
        "status": "pending",
    }
    yield (
        "relay->client",
        {"method": "session/update", "params": {"sessionId": "s", "update": call}},
    )
    options = [{"optionId": "ok", "name": "Allow", "kind": "allow_once"}]
    asked = {"sessionId": "s", "toolCall": {"toolCallId": tool}, "options": options}
    yield (
        "relay->client",
        {"id": f"p{number}", "method": "session/request_permission", "params": asked},
    )
    yield (
        "client->relay",
        {"id": f"p{number}", "result": {"outcome": {"outcome": "selected", "optionId": "ok"}}},
    )
    yield "relay->agent", {"id": f"k{number}", "result": {"id": number, "outcome": "allow"}}
    done = {"toolCallId": number, "status": "finished", "content": None}
    yield "agent->relay", {"id": f"u{number}", "method": "updateToolCall", "params": done}
    progress = {"sessionUpdate": "tool_call_update", "toolCallId": tool, "status": "completed"}
    yield (
        "relay->client",
        {"method": "session/update", "params": {"sessionId": "s", "update": progress}},
    )
    yield "relay->agent", {"id": f"u{number}", "result": None}
    yield "agent->relay", {"id": legacy_id, "result": None}
    yield "relay->client", {"id": prompt_id, "result": {"stopReason": "end_turn"}}


def write_trace(path: Path, messages: int) -> int:
    """A trace of at least ``messages`` records (whole turns); how many it holds."""
    written = 0
    with path.open("w", encoding="utf-8") as out:

        def emit(direction: str, message: dict[str, Any]) -> None:
            nonlocal written
            entry = {"t": written * 0.001, "dir": direction, "msg": {"jsonrpc": "2.0", **message}}
            if direction.endswith("agent") or direction.startswith("agent"):
                entry["agent"] = 0
            out.write(json.dumps(entry, separators=(",", ":")) + "\n")
            written += 1

        for direction, message in _legacy_init():
            emit(direction, message)
        number = 0
        while written < messages:
            for direction, message in _turn(number):
                emit(direction, message)
            number += 1
    return written


def child(path: str) -> None:
    """Check ``path`` as the command does, output discarded; print time and peak RSS."""
    from acp_compat.cli.trace import check

    lines = 0

    def echo(line: str) -> None:
        nonlocal lines
        lines += 1

    started = time.perf_counter()
    with open(path, "rb") as stream:
        status = check(stream, echo=echo, as_json=True, follow=False, colour=False)
    seconds = time.perf_counter() - started
    peak_kib = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    print(
        json.dumps({"status": status, "problems": lines, "seconds": seconds, "peak_kib": peak_kib})
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", default="100000,1000000", help="trace lengths, in messages")
    parser.add_argument("--keep", type=Path, default=None, help="keep the traces in this folder")
    args = parser.parse_args()
    sizes = [int(size) for size in args.sizes.split(",")]
    with tempfile.TemporaryDirectory(prefix="trace-check-") as scratch:
        folder = args.keep or Path(scratch)
        folder.mkdir(parents=True, exist_ok=True)
        rows = []
        for size in sizes:
            path = folder / f"trace-{size}.jsonl"
            count = write_trace(path, size)
            out = subprocess.run(
                [sys.executable, __file__, "--child", str(path)],
                capture_output=True,
                text=True,
                check=True,
            )
            result = json.loads(out.stdout)
            if result["status"] != 0:
                raise SystemExit(f"the generated trace of {count} is not clean: {result}")
            rows.append((count, path.stat().st_size, result))
    print(f"trace --check, Python {sys.version.split()[0]}, one process per size")
    print(f"{'messages':>10}  {'MiB':>7}  {'seconds':>8}  {'messages/s':>11}  {'peak RSS MiB':>12}")
    for count, size, result in rows:
        rate = count / result["seconds"]
        print(
            f"{count:>10}  {size / 2**20:>7.1f}  {result['seconds']:>8.2f}  {rate:>11,.0f}  "
            f"{result['peak_kib'] / 1024:>12.1f}"
        )


if __name__ == "__main__":
    if "--child" in sys.argv:
        child(sys.argv[sys.argv.index("--child") + 1])
    else:
        main()
