"""Microseconds per streamed chunk through the upgrade translator, against JSON alone.

The hot path of acp-compat: a legacy agent's ``streamAssistantMessageChunk`` line comes
in, a ``session/update`` line goes to the client and a ``null`` reply line goes back to
the agent. Measured per chunk, including ``json.loads`` of the agent's line and
``json.dumps`` of both lines written:

* ``json only``: ``json.loads`` of the line plus ``json.dumps`` of the same object (the
  floor: what any relay pays to decode and re-encode a line);
* ``translator``: ``json.loads`` → ``UpgradeTranslator.from_agent`` → ``json.dumps`` of
  each output message;
* ``translator alone``: ``from_agent`` on an already decoded dict (the translation cost).

    python benchmarks/translate_chunk.py [--chunks N] [--repeat R] [--text-size S]

Prints a small table (best of ``R`` runs of ``N`` chunks each; the garbage collector is
paused while timing, as :mod:`timeit` does, so the figures do not depend on heap size).
"""

from __future__ import annotations

import argparse
import gc
import json
import time
from collections.abc import Callable

from acp_compat.translate.base import ToAgent, ToClient
from acp_compat.translate.upgrade import UpgradeOptions, UpgradeTranslator


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


def _best(run: Callable[[], None], repeat: int) -> float:
    best = float("inf")
    for _ in range(repeat):
        gc.collect()
        gc.disable()
        try:
            start = time.perf_counter()
            run()
            best = min(best, time.perf_counter() - start)
        finally:
            gc.enable()
    return best


def main() -> None:
    """Run the three measurements and print the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--chunks", type=int, default=50_000)
    parser.add_argument("--repeat", type=int, default=7)
    parser.add_argument("--text-size", type=int, default=40, help="characters per chunk")
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


if __name__ == "__main__":
    main()
