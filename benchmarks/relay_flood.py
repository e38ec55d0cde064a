"""Throughput of ``acp-compat wrap`` on a flood of streamed chunks, against a bare relay.

A legacy agent streams ``--chunks`` (default 100 000) ``streamAssistantMessageChunk``
requests in one turn, as fast as it can write; a current client reads them as
``session/update`` notifications. The same flood then goes through a bare line relay
(read a line, ``json.loads``, rewrite it to a ``session/update``, ``json.dumps``, write;
and a ``null`` reply to the agent, as the real relay sends). Both run in this one
invocation on this machine; the result is messages per second for each and the ratio.

    python benchmarks/relay_flood.py [--chunks N]

The same file is also the flood agent (``--agent``) and the bare relay (``--bare``), so
the benchmark needs nothing but acp-compat.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import threading
import time

PYTHON = sys.executable
HERE = __file__


def run_agent() -> None:
    """The flood agent: a legacy agent whose every turn streams ``chunks`` chunks."""
    chunks = int(sys.argv[sys.argv.index("--agent") + 1])
    out = sys.stdout.buffer
    lock = threading.Lock()

    def send(message: dict[str, object]) -> None:
        with lock:
            out.write(json.dumps(message, separators=(",", ":")).encode() + b"\n")
            out.flush()

    def flood(request_id: object) -> None:
        batch: list[bytes] = []
        for i in range(chunks):
            batch.append(
                b'{"jsonrpc":"2.0","id":%d,"method":"streamAssistantMessageChunk",'
                b'"params":{"chunk":{"text":"token %d "}}}\n' % (i, i)
            )
            if len(batch) == 256:
                with lock:
                    out.write(b"".join(batch))
                batch.clear()
        with lock:
            out.write(b"".join(batch))
            out.flush()
        send({"jsonrpc": "2.0", "id": request_id, "result": None})

    # Replies to the chunks are drained in big reads and only lines that carry a method
    # are parsed, so the agent itself never limits the measurement.
    pending = b""
    while True:
        data = os.read(0, 1 << 20)
        if not data:
            return
        lines = (pending + data).split(b"\n")
        pending = lines.pop()
        for line in lines:
            if b'"method"' not in line:
                continue
            message = json.loads(line)
            method = message.get("method")
            if method == "initialize":
                send(
                    {
                        "jsonrpc": "2.0",
                        "id": message["id"],
                        "result": {"protocolVersion": "0.0.9", "isAuthenticated": True},
                    }
                )
            elif method == "sendUserMessage":
                threading.Thread(target=flood, args=(message["id"],), daemon=True).start()


def run_bare() -> None:
    """The bare relay: one thread per direction, json.loads / rewrite / json.dumps."""
    command = sys.argv[sys.argv.index("--") + 1 :]
    agent = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    assert agent.stdin is not None and agent.stdout is not None
    to_agent = agent.stdin
    lock = threading.Lock()

    def client_to_agent() -> None:
        for line in sys.stdin.buffer:
            message = json.loads(line)
            with lock:
                to_agent.write(json.dumps(message).encode() + b"\n")
                to_agent.flush()
        to_agent.close()

    threading.Thread(target=client_to_agent, daemon=True).start()
    out = sys.stdout.buffer
    for line in agent.stdout:
        message = json.loads(line)
        if message.get("method") == "streamAssistantMessageChunk":
            update = {
                "jsonrpc": "2.0",
                "method": "session/update",
                "params": {
                    "sessionId": "bare",
                    "update": {
                        "sessionUpdate": "agent_message_chunk",
                        "content": {"type": "text", "text": message["params"]["chunk"]["text"]},
                    },
                },
            }
            out.write(json.dumps(update).encode() + b"\n")
            with lock:
                to_agent.write(
                    json.dumps({"jsonrpc": "2.0", "id": message["id"], "result": None}).encode()
                    + b"\n"
                )
        else:
            out.write(json.dumps(message).encode() + b"\n")
            out.flush()
    agent.wait()


def _drain_until_answer(stdout: object, answer_marker: bytes) -> tuple[int, float]:
    """Read until the line with ``answer_marker``; (session/update count, end time)."""
    updates = 0
    for line in stdout:  # type: ignore[attr-defined]
        if b'"session/update"' in line:
            updates += 1
        elif answer_marker in line:
            return updates, time.perf_counter()
    raise RuntimeError("the relay closed stdout before the turn ended")


def _send(proc: subprocess.Popen[bytes], message: dict[str, object]) -> None:
    assert proc.stdin is not None
    proc.stdin.write(json.dumps(message).encode() + b"\n")
    proc.stdin.flush()


def _readline_json(proc: subprocess.Popen[bytes]) -> dict[str, object]:
    assert proc.stdout is not None
    value: dict[str, object] = json.loads(proc.stdout.readline())
    return value


def bench_wrap(chunks: int) -> float:
    """Messages per second through ``acp-compat wrap`` (upgrade)."""
    agent = [PYTHON, HERE, "--agent", str(chunks)]
    proc = subprocess.Popen(
        [PYTHON, "-m", "acp_compat", "wrap", "-qq", "--", *agent],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
    )
    try:
        _send(
            proc,
            {
                "jsonrpc": "2.0",
                "id": 0,
                "method": "initialize",
                "params": {"protocolVersion": 1, "clientCapabilities": {}},
            },
        )
        _readline_json(proc)
        _send(
            proc,
            {
                "jsonrpc": "2.0",
                "id": 1,
                "method": "session/new",
                "params": {"cwd": "/", "mcpServers": []},
            },
        )
        session = _readline_json(proc)["result"]["sessionId"]  # type: ignore[index]
        start = time.perf_counter()
        _send(
            proc,
            {
                "jsonrpc": "2.0",
                "id": 2,
                "method": "session/prompt",
                "params": {"sessionId": session, "prompt": [{"type": "text", "text": "flood"}]},
            },
        )
        updates, end = _drain_until_answer(proc.stdout, b'"stopReason"')
    finally:
        assert proc.stdin is not None
        proc.stdin.close()
        proc.wait(30)
    if updates != chunks:
        raise RuntimeError(f"wrap delivered {updates} of {chunks} chunks")
    return chunks / (end - start)


def bench_bare(chunks: int) -> float:
    """Messages per second through the bare line relay."""
    agent = [PYTHON, HERE, "--agent", str(chunks)]
    proc = subprocess.Popen(
        [PYTHON, HERE, "--bare", "--", *agent], stdin=subprocess.PIPE, stdout=subprocess.PIPE
    )
    try:
        _send(
            proc,
            {
                "jsonrpc": "2.0",
                "id": 0,
                "method": "initialize",
                "params": {"protocolVersion": "0.0.9"},
            },
        )
        _readline_json(proc)
        start = time.perf_counter()
        _send(
            proc,
            {
                "jsonrpc": "2.0",
                "id": 1,
                "method": "sendUserMessage",
                "params": {"chunks": [{"text": "flood"}]},
            },
        )
        updates, end = _drain_until_answer(proc.stdout, b'"result": null')
    finally:
        assert proc.stdin is not None
        proc.stdin.close()
        proc.wait(30)
    if updates != chunks:
        raise RuntimeError(f"the bare relay delivered {updates} of {chunks} chunks")
    return chunks / (end - start)


def main() -> None:
    """Run both, alternating, and report the best round of each."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--chunks", type=int, default=100_000)
    parser.add_argument("--rounds", type=int, default=3, help="best of this many runs each")
    args = parser.parse_args()
    bare_runs: list[float] = []
    wrap_runs: list[float] = []
    for _ in range(args.rounds):
        bare_runs.append(bench_bare(args.chunks))
        wrap_runs.append(bench_wrap(args.chunks))
    bare, wrap = max(bare_runs), max(wrap_runs)
    print(f"chunks:        {args.chunks} (best of {args.rounds} rounds)")
    print(
        f"bare relay:    {bare:10.0f} msgs/s   (rounds: {', '.join(f'{r:.0f}' for r in bare_runs)})"
    )
    print(
        f"acp-compat:    {wrap:10.0f} msgs/s   (rounds: {', '.join(f'{r:.0f}' for r in wrap_runs)})"
    )
    print(f"ratio:         {wrap / bare:10.2f} (acp-compat / bare)")


if __name__ == "__main__":
    if sys.argv[1:2] == ["--bare"]:
        run_bare()
    elif sys.argv[1:2] == ["--agent"]:
        run_agent()
    else:
        main()
