"""Microseconds per message through the upgrade translator, against JSON alone.

The hot path of acp-compat: a legacy agent's ``streamAssistantMessageChunk`` line comes
in, a ``session/update`` line goes to the client and a ``null`` reply line goes back to
the agent. Measured per chunk, including ``json.loads`` of the agent's line and
``json.dumps`` of both lines written:

* ``json only``: ``json.loads`` of the line plus ``json.dumps`` of the same object (the
  floor: what any relay pays to decode and re-encode a line);
* ``translator``: ``json.loads`` → ``UpgradeTranslator.from_agent`` → ``json.dumps`` of
  each output message;
* ``translator alone``: ``from_agent`` on an already decoded dict (the translation cost).

The same two rows follow for the v1↔v2 translators, in the same run: a v1 agent's
``agent_message_chunk`` through the v2 upgrade (a v2 chunk with its message id to the
client) and a v2 agent's through the v2 downgrade (a v1 chunk), each against the JSON
floor of its own line; the v1↔v2 translation should add to a chunk no more than the
upgrade does.

Then the translation cost alone (decoded dict in, outputs out) of the two tool-call
requests a legacy agent makes, as Gemini CLI sends them (a basename diff path and an
absolute location):

* ``pushToolCall``: a ``tool_call`` update to the client, ``{id}`` back to the agent;
* ``requestToolCallConfirmation``: a ``tool_call`` update and a
  ``session/request_permission`` request to the client.

Last, the bytes a confirmation carrying a large diff with a relative path reaches the
editor as (the ``tool_call`` update plus the permission request, compact JSON) against
its legacy line.

    python benchmarks/translate_chunk.py [--chunks N] [--tool-calls M] [--repeat R]
                                         [--text-size S] [--diff-size B]

Prints small tables (best of ``R`` runs of ``N`` chunks or ``M`` tool calls each, in CPU
time of this process, so other processes on a shared machine disturb the figures less;
the garbage collector is paused while timing, as :mod:`timeit` does, so the figures do
not depend on heap size).
"""

from __future__ import annotations

import argparse
import gc
import json
import time
from collections.abc import Callable
from typing import Any

from acp_compat.translate.base import ToAgent, ToClient
from acp_compat.translate.upgrade import UpgradeOptions, UpgradeTranslator
from acp_compat.translate.v2 import (
    V2DowngradeOptions,
    V2DowngradeTranslator,
    V2UpgradeOptions,
    V2UpgradeTranslator,
)


def _translator_in_a_turn() -> UpgradeTranslator:
    """A translator with session ``sess-1`` on agent 0 and a prompt running."""
    translator = UpgradeTranslator(
        UpgradeOptions.from_json(
            {"launchCwd": "/project", "agentCommand": ["gemini", "--experimental-acp"]}
        )
    )
    translator.from_client(
        {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"protocolVersion": 1}}
    )
    translator.from_agent(
        0,
        {
            "jsonrpc": "2.0",
            "id": 0,
            "result": {"protocolVersion": "0.0.9", "isAuthenticated": True},
        },
    )
    translator.from_client(
        {
            "jsonrpc": "2.0",
            "id": 2,
            "method": "session/new",
            "params": {"cwd": "/project", "mcpServers": []},
        }
    )
    translator.from_client(
        {
            "jsonrpc": "2.0",
            "id": 3,
            "method": "session/prompt",
            "params": {"sessionId": "sess-1", "prompt": [{"type": "text", "text": "go"}]},
        }
    )
    return translator


def _v2_translator_in_a_turn(v2_client: bool) -> Any:
    """A v1↔v2 translator (``v2_client``: the v2 upgrade, else the v2 downgrade) with
    session ``s1`` and a prompt running."""
    translator: Any
    if v2_client:
        translator = V2UpgradeTranslator(V2UpgradeOptions.from_json({}))
        client_init = {"protocolVersion": 2, "info": {"name": "bench", "version": "0"}}
        agent_init = {"protocolVersion": 1, "agentCapabilities": {}}
    else:
        translator = V2DowngradeTranslator(V2DowngradeOptions.from_json({}))
        client_init = {"protocolVersion": 1}
        agent_init = {"protocolVersion": 2, "info": {"name": "bench", "version": "0"}}
    translator.from_client(
        {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": client_init}
    )
    translator.from_agent(0, {"jsonrpc": "2.0", "id": 0, "result": agent_init})
    translator.from_client(
        {
            "jsonrpc": "2.0",
            "id": 2,
            "method": "session/new",
            "params": {"cwd": "/project", "mcpServers": []},
        }
    )
    translator.from_agent(0, {"jsonrpc": "2.0", "id": 1, "result": {"sessionId": "s1"}})
    translator.from_client(
        {
            "jsonrpc": "2.0",
            "id": 3,
            "method": "session/prompt",
            "params": {"sessionId": "s1", "prompt": [{"type": "text", "text": "go"}]},
        }
    )
    if not v2_client:
        translator.from_agent(0, {"jsonrpc": "2.0", "id": 2, "result": {"messageId": "u"}})
    return translator


def _update_lines(count: int, text_size: int, message_id: bool) -> list[str]:
    """``session/update`` lines of an agent's text chunks (``message_id``: with the id
    v2 requires)."""
    text = ("lorem ipsum " * (text_size // 12 + 1))[:text_size]
    update: dict[str, Any] = {
        "sessionUpdate": "agent_message_chunk",
        "content": {"type": "text", "text": text},
    }
    if message_id:
        update["messageId"] = "m1"
    line = json.dumps(
        {
            "jsonrpc": "2.0",
            "method": "session/update",
            "params": {"sessionId": "s1", "update": update},
        },
        separators=(",", ":"),
    )
    return [line] * count


def _lines(count: int, text_size: int) -> list[str]:
    text = ("lorem ipsum " * (text_size // 12 + 1))[:text_size]
    return [
        json.dumps(
            {
                "jsonrpc": "2.0",
                "id": i,
                "method": "streamAssistantMessageChunk",
                "params": {"chunk": {"text": text}},
            },
            separators=(",", ":"),
        )
        for i in range(count)
    ]


def _tool_call_params(diff_text: str) -> dict[str, Any]:
    """Gemini-style tool call params: a basename diff path, an absolute location."""
    return {
        "label": "Edit util.py",
        "icon": "pencil",
        "content": {
            "type": "diff",
            "path": "util.py",
            "oldText": "def f():\n    return 1\n",
            "newText": diff_text,
        },
        "locations": [{"path": "/project/src/util.py"}],
    }


def _push_messages(count: int) -> list[dict[str, Any]]:
    return [
        {
            "jsonrpc": "2.0",
            "id": i,
            "method": "pushToolCall",
            "params": _tool_call_params("def f():\n    return 2\n"),
        }
        for i in range(count)
    ]


def _confirmation_message(request_id: int, diff_text: str) -> dict[str, Any]:
    params = _tool_call_params(diff_text)
    params["confirmation"] = {"type": "edit", "description": None}
    return {
        "jsonrpc": "2.0",
        "id": request_id,
        "method": "requestToolCallConfirmation",
        "params": params,
    }


def _compact(message: Any) -> bytes:
    return json.dumps(message, separators=(",", ":"), ensure_ascii=False).encode()


def confirmation_bytes(diff_size: int) -> tuple[int, int]:
    """Bytes of a confirmation with a ``diff_size``-character relative-path diff: its
    legacy line, and the ``tool_call`` update plus the permission request it becomes."""
    translator = _translator_in_a_turn()
    message = _confirmation_message(7, ("x" * 63 + "\n") * (diff_size // 64))
    outputs = translator.from_agent(0, message)
    sent = [o.message for o in outputs if isinstance(o, ToClient)]
    assert [m.get("method") for m in sent] == ["session/update", "session/request_permission"]
    return len(_compact(message)), sum(len(_compact(m)) for m in sent)


def _best(run: Callable[[], None], repeat: int) -> float:
    best = float("inf")
    for _ in range(repeat):
        gc.collect()
        gc.disable()
        try:
            start = time.process_time()
            run()
            best = min(best, time.process_time() - start)
        finally:
            gc.enable()
    return best


def main() -> None:
    """Run the three measurements and print the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--chunks", type=int, default=50_000)
    parser.add_argument("--repeat", type=int, default=7)
    parser.add_argument("--text-size", type=int, default=40, help="characters per chunk")
    parser.add_argument("--tool-calls", type=int, default=5_000)
    parser.add_argument("--diff-size", type=int, default=1 << 20, help="bytes of the big diff")
    args = parser.parse_args()
    lines = _lines(args.chunks, args.text_size)
    decoded = [json.loads(line) for line in lines]
    translator = _translator_in_a_turn()
    loads, dumps = json.loads, json.dumps

    def json_only() -> None:
        for line in lines:
            dumps(loads(line), separators=(",", ":"))

    def through_translator() -> None:
        for line in lines:
            for output in translator.from_agent(0, loads(line)):
                assert isinstance(output, (ToClient, ToAgent))
                dumps(output.message, separators=(",", ":"))

    def translator_alone() -> None:
        for message in decoded:
            translator.from_agent(0, message)

    # Warm up once (and check the hot path really produces the update and the reply).
    outputs = translator.from_agent(0, loads(lines[0]))
    assert [type(o).__name__ for o in outputs] == ["ToClient", "ToAgent"], outputs

    rows = [
        ("json only (loads + dumps)", _best(json_only, args.repeat)),
        ("translator (loads + translate + dumps)", _best(through_translator, args.repeat)),
        ("translator alone (decoded dict)", _best(translator_alone, args.repeat)),
    ]
    floor = rows[0][1]
    print(f"{args.chunks} chunks of {args.text_size} characters, best of {args.repeat}")
    print(f"{'path':<42}{'us/chunk':>10}{'x json':>9}")
    for name, seconds in rows:
        print(f"{name:<42}{seconds / args.chunks * 1e6:>10.2f}{seconds / floor:>9.2f}")
    upgrade_added = (rows[1][1] - floor) / args.chunks

    print()
    print(f"{'v1<->v2 path':<42}{'us/chunk':>10}{'x json':>9}{'+us':>7}{'x upgr+':>9}")
    for name, v2_client in (("v1 -> v2", True), ("v2 -> v1", False)):
        v2_lines = _update_lines(args.chunks, args.text_size, message_id=not v2_client)
        v2_decoded = [json.loads(line) for line in v2_lines]
        v2 = _v2_translator_in_a_turn(v2_client)
        warm = v2.from_agent(0, v2_decoded[0])
        assert [type(o).__name__ for o in warm] == ["ToClient"], warm

        def v2_json_only(lines: list[str] = v2_lines) -> None:
            for line in lines:
                dumps(loads(line), separators=(",", ":"))

        def v2_through(lines: list[str] = v2_lines, translator: Any = v2) -> None:
            for line in lines:
                for output in translator.from_agent(0, loads(line)):
                    dumps(output.message, separators=(",", ":"))

        def v2_alone(messages: list[Any] = v2_decoded, translator: Any = v2) -> None:
            for message in messages:
                translator.from_agent(0, message)

        own_floor = _best(v2_json_only, args.repeat)
        through = _best(v2_through, args.repeat)
        alone = _best(v2_alone, args.repeat)
        added = (through - own_floor) / args.chunks
        for label, seconds in (
            (f"{name} (loads + translate + dumps)", through),
            (f"{name} alone", alone),
        ):
            extra = (
                f"{added * 1e6:>7.2f}{added / upgrade_added:>9.2f}" if seconds is through else ""
            )
            print(
                f"{label:<42}{seconds / args.chunks * 1e6:>10.2f}{seconds / own_floor:>9.2f}{extra}"
            )
    print(
        "(+us: what translating adds to the line's own loads + dumps;"
        f" the upgrade adds {upgrade_added * 1e6:.2f})"
    )

    pushes = _push_messages(args.tool_calls)
    confirmations = [
        _confirmation_message(i, "def f():\n    return 2\n") for i in range(args.tool_calls)
    ]
    chunk_alone = rows[2][1] / args.chunks

    def push_alone() -> None:
        translator = _translator_in_a_turn()
        for message in pushes:
            translator.from_agent(0, message)

    def confirm_alone() -> None:
        translator = _translator_in_a_turn()
        for message in confirmations:
            translator.from_agent(0, message)

    print()
    print(f"{args.tool_calls} tool calls, translator alone, best of {args.repeat}")
    print(f"{'request':<42}{'us/call':>10}{'x chunk':>9}")
    for name, run in (
        ("pushToolCall", push_alone),
        ("requestToolCallConfirmation", confirm_alone),
    ):
        per_call = _best(run, args.repeat) / args.tool_calls
        print(f"{name:<42}{per_call * 1e6:>10.2f}{per_call / chunk_alone:>9.2f}")

    legacy, current = confirmation_bytes(args.diff_size)
    print()
    print(f"confirmation with a {args.diff_size}-byte relative-path diff")
    print(
        f"legacy line {legacy} bytes; tool_call + request_permission {current} bytes;"
        f" {current / legacy:.2f}x"
    )


if __name__ == "__main__":
    main()
