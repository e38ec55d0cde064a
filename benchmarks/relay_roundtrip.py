"""Round-trip latency through ``acp-compat wrap``, a bare asyncio relay, and directly.

Real legacy 0.0.9 agents await the reply to every ``streamAssistantMessageChunk`` before
they send the next, so the time a relay adds to one round trip bounds how fast they can
stream. A legacy agent here does, in one turn, ``--chunks`` lock-step chunk round trips
(the upgrade relay answers each itself) and then ``--confirmations``
``requestToolCallConfirmation`` round trips (the relay asks the client with
``session/request_permission`` and passes its answer back). The agent times every round
trip itself (``perf_counter_ns``) and writes the samples to a file.

The same agent runs, interleaved round by round in this one invocation:

* ``wrap``: ``acp-compat wrap --agent-protocol legacy`` behind a current client;
* ``asyncio``: a bare asyncio relay doing the same translation work (the same
  ``UpgradeTranslator``, the same JSON ``decode`` / ``encode`` of
  ``acp_compat.jsonrpc.framing``, asyncio streams and ``readline``, one task per
  direction), behind the same current client;
* ``direct``: the agent connected straight to a legacy client (the floor).

The figures are p50 and p99 per configuration and the latency each relay adds over
``direct`` (p50 minus p50). Run on an idle machine; note ``uptime`` with the figures.

    python benchmarks/relay_roundtrip.py [--chunks 2000] [--confirmations 400] [--rounds 5]
                                         [--baseline NAME=DIR]... [--flood N]

``--baseline NAME=DIR`` adds ``wrap`` as checkout DIR has it (``git worktree add``), to
compare before and after in the same run. The relay's own CPU time per round trip (all
its threads, from ``/proc/PID/task/*/schedstat``) is reported too: unlike latency, the
load of a shared machine hardly blurs it. ``--flood N`` also pipelines N chunks through
each ``wrap`` per round (``relay_flood.py``'s agent) and reports CPU per chunk.

The same file is also the agent (``--agent FILE``) and the bare relay (``--bare``).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import sysconfig
import tempfile
import time
from collections.abc import Callable
from typing import IO, Any

PYTHON = sys.executable
HERE = os.path.abspath(__file__)


# -- the agent -----------------------------------------------------------------------------


def run_agent(outfile: str, chunks: int, confirmations: int) -> None:
    """A legacy agent whose turn is ``chunks`` then ``confirmations`` lock-step round trips."""
    fin, out = sys.stdin.buffer, sys.stdout.buffer

    def send(message: dict[str, Any]) -> None:
        out.write(json.dumps(message, separators=(",", ":")).encode() + b"\n")
        out.flush()

    def await_reply(request_id: int) -> None:
        while line := fin.readline():
            message = json.loads(line)
            if "method" not in message and message.get("id") == request_id:
                return
        raise SystemExit("the relay went away")

    def timed(request_id: int, method: str, params: dict[str, Any]) -> int:
        started = time.perf_counter_ns()
        send({"jsonrpc": "2.0", "id": request_id, "method": method, "params": params})
        await_reply(request_id)
        return time.perf_counter_ns() - started

    confirmation = {"label": "Edit a.txt", "icon": "pencil", "confirmation": {"type": "edit"}}
    while line := fin.readline():
        message = json.loads(line)
        method = message.get("method")
        if method == "initialize":
            result = {"protocolVersion": "0.0.9", "isAuthenticated": True}
            send({"jsonrpc": "2.0", "id": message["id"], "result": result})
        elif method == "sendUserMessage":
            chunk = {"chunk": {"text": "token "}}
            samples = {
                "chunk": [timed(i, "streamAssistantMessageChunk", chunk) for i in range(chunks)],
                "confirmation": [
                    timed(chunks + i, "requestToolCallConfirmation", confirmation)
                    for i in range(confirmations)
                ],
            }
            with open(outfile, "w", encoding="utf-8") as file:
                json.dump(samples, file)
            send({"jsonrpc": "2.0", "id": message["id"], "result": None})


# -- the bare asyncio relay ------------------------------------------------------------------


def run_bare(command: list[str]) -> None:
    """The upgrade translator between stdio and the agent with plain asyncio streams."""
    import asyncio

    from acp_compat.jsonrpc.framing import decode, encode
    from acp_compat.translate.base import AwaitClientDrain, ToAgent, ToClient
    from acp_compat.translate.upgrade import UpgradeOptions, UpgradeTranslator

    async def main() -> None:
        loop = asyncio.get_running_loop()
        translator = UpgradeTranslator(
            UpgradeOptions(agent_command=tuple(command), launch_cwd=os.getcwd(), version="0")
        )
        agent = await asyncio.create_subprocess_exec(
            *command, stdin=subprocess.PIPE, stdout=subprocess.PIPE
        )
        assert agent.stdin is not None and agent.stdout is not None
        to_agent, from_agent = agent.stdin, agent.stdout
        client_in = asyncio.StreamReader(limit=1 << 24)
        await loop.connect_read_pipe(
            lambda: asyncio.StreamReaderProtocol(client_in), os.fdopen(0, "rb", 0)
        )
        transport, protocol = await loop.connect_write_pipe(
            asyncio.streams.FlowControlMixin, os.fdopen(1, "wb", 0)
        )
        to_client = asyncio.StreamWriter(transport, protocol, None, loop)

        def carry_out(outputs: list[Any]) -> None:
            for output in outputs:
                if isinstance(output, AwaitClientDrain):
                    # No bound toward the client here: it is drained as far as we know.
                    loop.call_soon(lambda: carry_out(translator.client_drained()))
                    continue
                line = encode(output.message)
                if isinstance(output, ToClient):
                    to_client.write(line)
                elif isinstance(output, ToAgent):
                    to_agent.write(line)

        async def client_to_agent() -> None:
            while line := await client_in.readline():
                carry_out(translator.from_client(decode(line)))
            to_agent.close()

        async def agent_to_client() -> None:
            while line := await from_agent.readline():
                carry_out(translator.from_agent(0, decode(line)))

        await asyncio.gather(client_to_agent(), agent_to_client())
        await agent.wait()

    asyncio.run(main())


# -- the clients ---------------------------------------------------------------------------


def _line(stream: IO[bytes]) -> dict[str, Any]:
    line = stream.readline()
    if not line:
        raise RuntimeError("the peer closed its output")
    message: dict[str, Any] = json.loads(line)
    return message


def _send(stream: IO[bytes], message: dict[str, Any]) -> None:
    stream.write(json.dumps(message).encode() + b"\n")
    stream.flush()


def cpu_ns(pid: int) -> int:
    """CPU time used so far by every thread of process ``pid`` (Linux schedstat), in ns."""
    total = 0
    for task in os.listdir(f"/proc/{pid}/task"):
        with open(f"/proc/{pid}/task/{task}/schedstat", encoding="ascii") as file:
            total += int(file.read().split()[0])
    return total


def current_client(proc: subprocess.Popen[bytes], marks: list[int]) -> None:
    """initialize, session/new, one prompt; every permission request allowed at once.

    ``marks`` gets the relay's CPU time when the prompt is sent, at the first permission
    request, and when the turn ends: the relay's own cost per round trip, which the load
    of a shared machine does not blur as it blurs latency.
    """
    assert proc.stdin is not None and proc.stdout is not None
    write, read = proc.stdin, proc.stdout
    caps = {"fs": {"readTextFile": False, "writeTextFile": False}, "terminal": False}
    _send(write, {"jsonrpc": "2.0", "id": 0, "method": "initialize",
                  "params": {"protocolVersion": 1, "clientCapabilities": caps}})  # fmt: skip
    while "id" not in (answer := _line(read)) or answer.get("method"):
        pass
    _send(write, {"jsonrpc": "2.0", "id": 1, "method": "session/new",
                  "params": {"cwd": os.getcwd(), "mcpServers": []}})  # fmt: skip
    while (answer := _line(read)).get("id") != 1 or answer.get("method"):
        pass
    session = answer["result"]["sessionId"]
    prompt = [{"type": "text", "text": "go"}]
    marks.append(cpu_ns(proc.pid))
    _send(write, {"jsonrpc": "2.0", "id": 2, "method": "session/prompt",
                  "params": {"sessionId": session, "prompt": prompt}})  # fmt: skip
    while True:
        message = _line(read)
        if message.get("method") == "session/request_permission":
            if len(marks) == 1:
                marks.append(cpu_ns(proc.pid))
            option = message["params"]["options"][0]["optionId"]
            outcome = {"outcome": {"outcome": "selected", "optionId": option}}
            _send(write, {"jsonrpc": "2.0", "id": message["id"], "result": outcome})
        elif message.get("id") == 2 and "method" not in message:
            marks.append(cpu_ns(proc.pid))
            return


def legacy_client(proc: subprocess.Popen[bytes], marks: list[int]) -> None:
    """The agent's own protocol, straight: each chunk answered, each confirmation allowed."""
    assert proc.stdin is not None and proc.stdout is not None
    write, read = proc.stdin, proc.stdout
    _send(write, {"jsonrpc": "2.0", "id": 0, "method": "initialize",
                  "params": {"protocolVersion": "0.0.9"}})  # fmt: skip
    _line(read)
    _send(write, {"jsonrpc": "2.0", "id": 1, "method": "sendUserMessage",
                  "params": {"chunks": [{"text": "go"}]}})  # fmt: skip
    while True:
        message = _line(read)
        method = message.get("method")
        if method == "streamAssistantMessageChunk":
            _send(write, {"jsonrpc": "2.0", "id": message["id"], "result": None})
        elif method == "requestToolCallConfirmation":
            result = {"id": 0, "outcome": "allow"}
            _send(write, {"jsonrpc": "2.0", "id": message["id"], "result": result})
        elif message.get("id") == 1 and method is None:
            return


# -- the benchmark -------------------------------------------------------------------------


def one_run(
    name: str,
    agent: list[str],
    outfile: str,
    baselines: dict[str, str] | None = None,
    cpu: dict[str, list[int]] | None = None,
) -> dict[str, list[int]]:
    """One turn through configuration ``name``; the agent's samples in ns by kind
    (``chunk``, ``confirmation``). ``cpu`` gets the relay's CPU ns per round trip of
    each kind appended (relays only)."""
    baselines = baselines or {}
    configs: dict[str, tuple[list[str], Callable[[subprocess.Popen[bytes], list[int]], None]]] = {
        "wrap": (
            [PYTHON, "-m", "acp_compat", "wrap", "-q", "--agent-protocol", "legacy", "--"],
            current_client,
        ),
        "asyncio": ([PYTHON, HERE, "--bare", "--"], current_client),
        "direct": ([], legacy_client),
    }
    env, cwd = None, None
    prefix, client = configs["wrap" if name in baselines else name]
    if name in baselines:
        # Another checkout's acp_compat (``--baseline DIR``): run from there (``-m``
        # looks in the working directory first) and without site (``-S``), so that an
        # editable install of this checkout cannot hook the import.
        packages = sysconfig.get_paths()["purelib"]
        env, cwd = {**os.environ, "PYTHONPATH": packages}, baselines[name]
        prefix = [PYTHON, "-S", *prefix[1:]]
    proc = subprocess.Popen(
        [*prefix, *agent], stdin=subprocess.PIPE, stdout=subprocess.PIPE, env=env, cwd=cwd
    )
    marks: list[int] = []
    try:
        client(proc, marks)
    finally:
        assert proc.stdin is not None
        proc.stdin.close()
        proc.wait(timeout=30)
    with open(outfile, encoding="utf-8") as file:
        samples: dict[str, list[int]] = json.load(file)
    if len(marks) == 3 and cpu is not None:
        chunks, confirmations = len(samples["chunk"]), len(samples["confirmation"])
        cpu.setdefault("chunk", []).append((marks[1] - marks[0]) // max(chunks, 1))
        cpu.setdefault("confirmation", []).append((marks[2] - marks[1]) // max(confirmations, 1))
    return samples


def flood_run(agent_chunks: int, baselines: dict[str, str], name: str) -> tuple[float, float]:
    """One pipelined flood (``relay_flood.py``'s agent) through wrap: (relay CPU µs per
    chunk, chunks per second)."""
    agent = [PYTHON, os.path.join(os.path.dirname(HERE), "relay_flood.py"), "--agent"]
    env, cwd = None, None
    prefix = [PYTHON, "-m", "acp_compat", "wrap", "-qq", "--"]
    if name in baselines:
        packages = sysconfig.get_paths()["purelib"]
        env, cwd = {**os.environ, "PYTHONPATH": packages}, baselines[name]
        prefix = [PYTHON, "-S", *prefix[1:]]
    proc = subprocess.Popen(
        [*prefix, *agent, str(agent_chunks)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        env=env,
        cwd=cwd,
    )
    assert proc.stdin is not None and proc.stdout is not None
    write, read = proc.stdin, proc.stdout
    try:
        _send(write, {"jsonrpc": "2.0", "id": 0, "method": "initialize",
                      "params": {"protocolVersion": 1, "clientCapabilities": {}}})  # fmt: skip
        _line(read)
        _send(write, {"jsonrpc": "2.0", "id": 1, "method": "session/new",
                      "params": {"cwd": os.getcwd(), "mcpServers": []}})  # fmt: skip
        session = _line(read)["result"]["sessionId"]
        cpu, started = cpu_ns(proc.pid), time.perf_counter()
        _send(write, {"jsonrpc": "2.0", "id": 2, "method": "session/prompt",
                      "params": {"sessionId": session,
                                 "prompt": [{"type": "text", "text": "flood"}]}})  # fmt: skip
        updates = 0
        for line in read:
            if b'"session/update"' in line:
                updates += 1
            elif b'"stopReason"' in line:
                break
        cpu, seconds = cpu_ns(proc.pid) - cpu, time.perf_counter() - started
    finally:
        write.close()
        proc.wait(timeout=30)
    if updates != agent_chunks:
        raise RuntimeError(f"wrap delivered {updates} of {agent_chunks} chunks")
    return cpu / agent_chunks / 1000, agent_chunks / seconds


def _percentile(values: list[int], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))] / 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--chunks", type=int, default=2000)
    parser.add_argument("--confirmations", type=int, default=400)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--only", nargs="*", default=["direct", "asyncio", "wrap"])
    parser.add_argument(
        "--baseline",
        action="append",
        default=[],
        metavar="NAME=DIR",
        help="also run wrap from checkout DIR as NAME (e.g. a worktree of main); repeatable",
    )
    parser.add_argument(
        "--flood",
        type=int,
        default=0,
        help="also flood this many pipelined chunks through wrap each round (CPU/chunk)",
    )
    args = parser.parse_args()
    baselines = dict(item.split("=", 1) for item in args.baseline)
    names = [*args.only, *baselines]
    pooled: dict[str, dict[str, list[int]]] = {n: {"chunk": [], "confirmation": []} for n in names}
    cpus: dict[str, dict[str, list[int]]] = {n: {} for n in names}
    floods: dict[str, list[tuple[float, float]]] = {}
    with tempfile.TemporaryDirectory() as tmp:
        outfile = os.path.join(tmp, "samples.json")
        agent = [PYTHON, HERE, "--agent", outfile, str(args.chunks), str(args.confirmations)]
        for round_number in range(args.rounds):
            for name in names:  # interleaved: load changes hit every configuration alike
                samples = one_run(name, agent, outfile, baselines, cpus[name])
                for kind, values in samples.items():
                    # The first tenth warms up caches and the relay's own start.
                    pooled[name][kind] += values[len(values) // 10 :]
            for name in ["wrap", *baselines] if args.flood else []:
                floods.setdefault(name, []).append(flood_run(args.flood, baselines, name))
            print(f"round {round_number + 1}/{args.rounds} done", file=sys.stderr)
    print(f"load: {os.getloadavg()[0]:.2f} (1-minute average at the end)")
    for kind in ("chunk", "confirmation"):
        print(f"\n{kind} round trip, agent-timed (µs)")
        print(f"{'config':<10}{'p50':>9}{'p99':>9}{'+p50':>9}{'+p99':>9}")
        floor = pooled["direct"][kind] if "direct" in pooled else None
        for name in names:
            values = pooled[name][kind]
            p50, p99 = _percentile(values, 0.5), _percentile(values, 0.99)
            extra = ""
            if floor is not None:
                extra = (
                    f"{p50 - _percentile(floor, 0.5):>+9.1f}{p99 - _percentile(floor, 0.99):>+9.1f}"
                )
            print(f"{name:<10}{p50:>9.1f}{p99:>9.1f}{extra}")
    print("\nrelay CPU per round trip (µs, median of rounds; all threads)")
    print(f"{'config':<10}{'chunk':>9}{'confirm':>9}")
    for name in names:
        cpu = cpus[name]
        if cpu:
            chunk = statistics.median(cpu["chunk"]) / 1000
            confirm = statistics.median(cpu["confirmation"]) / 1000
            print(f"{name:<10}{chunk:>9.1f}{confirm:>9.1f}")
    if floods:
        print(f"\npipelined flood of {args.flood} chunks (relay CPU µs/chunk median, msgs/s best)")
        for name, runs in floods.items():
            per_chunk = statistics.median(run[0] for run in runs)
            rate = max(run[1] for run in runs)
            print(f"{name:<10}{per_chunk:>9.2f}{rate:>10.0f}")


if __name__ == "__main__":
    if sys.argv[1:2] == ["--agent"]:
        run_agent(sys.argv[2], int(sys.argv[3]), int(sys.argv[4]))
    elif sys.argv[1:2] == ["--bare"]:
        run_bare(sys.argv[sys.argv.index("--") + 1 :])
    else:
        main()
