"""How ``acp-compat trace`` reads: records/s, the cost against parsing, and peak RSS.

A trace of an upgrade session is generated for each size (default 200 000 and 1 000 000
records; both links: the editor's in current ACP, the agent's in legacy 0.0.9): turns of
streamed chunks with a tool call, its permission question and its completion, each
message on the editor's side matched by its translation on the agent's. Each size is then
read by fresh Python processes, one per task, interleaved over ``--rounds``:

* ``parse``: every line through the standard library's ``json.loads``, nothing else (the
  yardstick of the issue: checking costs at most twice this, in one run);
* ``check``: the command's own loop (:func:`acp_compat.cli.trace.check`, output
  discarded), once with the JSON reader ``wrap`` uses (orjson with the ``fast`` extra)
  and once forced to the standard library (``ACP_COMPAT_JSON=stdlib``);
* ``render``: the text view's own loop (:func:`acp_compat.cli.trace.show`).

Each process reports its CPU time (the machine may be busy: CPU seconds, the minimum of
the rounds) and its peak RSS. Time is linear when records/s stay level across sizes, and
memory bounded by what is open when the peak RSS does not grow with the length. Then one
32 MiB streamed chunk is rendered, as one line and as the same bytes in 32 lines: reading
is linear in a line's length when the two cost the same.

    python benchmarks/trace_check.py [--sizes 200000,1000000] [--rounds 3] [--keep DIR]
                                     [--baseline NAME=DIR]...

``--baseline NAME=DIR`` measures the check and the text view of another checkout too (DIR
holds its ``acp_compat``: a ``git worktree add`` or a ``git archive`` of a commit), in the
same interleaved rounds, so that before and after are figures of one run.

The same file is the measuring process (``--child TASK FILE``).
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import sysconfig
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

CHUNKS_PER_TURN = 40
"""Streamed chunks in each generated turn (a turn is about three times as many records)."""

BIG_LINE = 32 * 2**20
"""The streamed text of the long-line case, in bytes."""


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


def _line(written: int, direction: str, message: dict[str, Any]) -> str:
    """A record as the relay's tracer writes it (wall clock, seconds, direction, agent)."""
    entry: dict[str, Any] = {
        "time": f"2026-01-01T00:{written // 60000 % 60:02d}:{written // 1000 % 60:02d}.000+00:00",
        "t": round(written * 0.001, 6),
        "dir": direction,
    }
    if direction.endswith("agent") or direction.startswith("agent"):
        entry["agent"] = 0
    entry["msg"] = {"jsonrpc": "2.0", **message}
    return json.dumps(entry) + "\n"


def write_trace(path: Path, records: int) -> int:
    """A trace of at least ``records`` records (whole turns); how many it holds."""
    written = 0
    with path.open("w", encoding="utf-8") as out:
        for direction, message in _legacy_init():
            out.write(_line(written, direction, message))
            written += 1
        number = 0
        while written < records:
            for direction, message in _turn(number):
                out.write(_line(written, direction, message))
                written += 1
            number += 1
    return written


def write_long_line(path: Path, lines: int) -> None:
    """One prompt, :data:`BIG_LINE` bytes of streamed text in ``lines`` chunks, the end."""
    text = "word " * (BIG_LINE // 5 // lines)
    with path.open("w", encoding="utf-8") as out:
        prompt = {"sessionId": "s", "prompt": [{"type": "text", "text": "go"}]}
        out.write(
            _line(0, "client->relay", {"id": 1, "method": "session/prompt", "params": prompt})
        )
        for number in range(lines):
            update = {
                "sessionUpdate": "agent_message_chunk",
                "content": {"type": "text", "text": text},
            }
            body = {"method": "session/update", "params": {"sessionId": "s", "update": update}}
            out.write(_line(number + 1, "relay->client", body))
        out.write(
            _line(lines + 1, "relay->client", {"id": 1, "result": {"stopReason": "end_turn"}})
        )


def child(task: str, path: str) -> None:
    """Run ``task`` over ``path`` once; print its CPU seconds and peak RSS as JSON."""
    from acp_compat.cli.trace import check, show

    def discard(line: str) -> None:
        pass

    started = time.process_time()
    with open(path, "rb") as stream:
        if task == "parse":
            for line in stream:
                json.loads(line)
        elif task == "check":
            check(stream, echo=discard, as_json=False, follow=False, colour=False)
        else:
            show(stream, echo=discard, mode="text", session=None, follow=False, width=120)
    seconds = time.process_time() - started
    peak_kib = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    print(json.dumps({"seconds": seconds, "peak_kib": peak_kib}))


def measure(
    task: str, path: Path, env: dict[str, str] | None = None, checkout: str | None = None
) -> dict[str, Any]:
    """``task`` over ``path`` in a fresh process (with ``checkout``'s acp_compat, if named)."""
    command = [sys.executable, __file__, "--child", task, str(path)]
    extra = dict(env or {})
    if checkout is not None:
        # Without site (-S), so that the editable install of this checkout cannot hook the
        # import: the other checkout first, then the installed dependencies.
        command.insert(1, "-S")
        extra["PYTHONPATH"] = os.pathsep.join([checkout, sysconfig.get_paths()["purelib"]])
    out = subprocess.run(
        command, capture_output=True, text=True, check=True, env={**os.environ, **extra}
    )
    result: dict[str, Any] = json.loads(out.stdout)
    return result


TASKS = {
    "parse (json.loads)": ("parse", {}),
    "check": ("check", {}),
    "check, stdlib JSON": ("check", {"ACP_COMPAT_JSON": "stdlib"}),
    "render (text view)": ("render", {}),
}
"""What is measured on each trace: (child task, environment)."""

COMPARED = ("check", "check, stdlib JSON", "render (text view)")
"""The tasks a ``--baseline`` checkout runs too."""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", default="200000,1000000", help="trace lengths, in records")
    parser.add_argument("--rounds", type=int, default=3, help="interleaved runs of each task")
    parser.add_argument("--keep", type=Path, default=None, help="keep the traces in this folder")
    parser.add_argument(
        "--baseline",
        action="append",
        default=[],
        metavar="NAME=DIR",
        help="also measure the checkout in DIR (its acp_compat), named NAME",
    )
    args = parser.parse_args()
    sizes = [int(size) for size in args.sizes.split(",")]
    baselines = dict(item.split("=", 1) for item in args.baseline)
    tasks: dict[str, tuple[str, dict[str, str], str | None]] = {
        name: (task, env, None) for name, (task, env) in TASKS.items()
    }
    for label, checkout in baselines.items():
        for name in COMPARED:
            task, env = TASKS[name]
            tasks[f"{name} [{label}]"] = (task, env, checkout)
    with tempfile.TemporaryDirectory(prefix="trace-check-") as scratch:
        folder = args.keep or Path(scratch)
        folder.mkdir(parents=True, exist_ok=True)
        print(f"acp-compat trace, Python {sys.version.split()[0]}, CPU seconds (min of rounds)")
        head = f"{'records':>9}  {'MiB':>6}  {'task':<30}  {'seconds':>8}  {'records/s':>10}"
        print(f"{head}  {'x parse':>7}  {'peak RSS MiB':>12}")
        for size in sizes:
            path = folder / f"trace-{size}.jsonl"
            count = write_trace(path, size)
            best: dict[str, dict[str, Any]] = {}
            for _ in range(args.rounds):
                for name, (task, env, checkout) in tasks.items():
                    result = measure(task, path, env, checkout)
                    if name not in best or result["seconds"] < best[name]["seconds"]:
                        best[name] = result
            parse = best["parse (json.loads)"]["seconds"]
            mib = path.stat().st_size / 2**20
            for name, result in best.items():
                seconds, rss = result["seconds"], result["peak_kib"] / 1024
                print(
                    f"{count:>9}  {mib:>6.1f}  {name:<30}  {seconds:>8.2f}"
                    f"  {count / seconds:>10,.0f}  {seconds / parse:>7.2f}  {rss:>12.1f}"
                )
        print(f"\nrendering {BIG_LINE // 2**20} MiB of streamed text (CPU seconds, min of rounds)")
        for lines in (1, 32):
            path = folder / f"long-{lines}.jsonl"
            write_long_line(path, lines)
            seconds = min(measure("render", path)["seconds"] for _ in range(args.rounds))
            print(f"  in {lines:>2} line{'s' if lines > 1 else ' '}: {seconds:.2f} s")


if __name__ == "__main__":
    if "--child" in sys.argv:
        at = sys.argv.index("--child")
        child(sys.argv[at + 1], sys.argv[at + 2])
    else:
        main()
