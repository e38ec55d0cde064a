"""Relay memory (RSS) when a peer stops reading: the bounds of behaviour.md §6.

Two scenarios, each run against ``acp-compat wrap`` (upgrade mode) for a fixed time while
the relay's resident set size is sampled from ``/proc/PID/status``:

* ``client-stops-reading``: the client sends requests as fast as its pipe takes them
  (each one answered by the relay itself, ``-32601``) and never reads stdout. Without a
  bound the answers pile up in the relay.
* ``agent-stops-reading``: the legacy agent floods chunks and never reads its stdin, so
  the replies to them pile up toward it; the client reads everything.
* ``turn-end-to-paused-editor``: the agent opens ``--tool-calls`` tool calls and ends
  its turn with all of them open; the client reads up to the last ``tool_call`` and then
  stops reading, so the relay's own closes (one ``tool_call_update`` each) meet a paused
  editor. Its RSS growth while paused is the queue (plus allocator slack); the check is
  that it stays within about 1 MiB plus one read (:data:`QUEUE_BOUND_KIB`). Then the
  client reads again and every call must end in it, before the prompt's answer.
* ``many-tool-calls``: three turns of ``--tool-calls`` tool calls each (pushed, then
  finished), the client reading everything; RSS after each turn against the fresh
  session's. Finished calls must not stay in the session.
* ``embedded-resource``: one prompt holding an embedded text resource of
  ``--embedded-mib`` MiB (an @-mentioned file); the relay's peak RSS (the kernel's
  high-water mark) over the fresh session's, as a multiple of the prompt's line.

The script prints, per scenario, the relay's peak and final RSS and how much traffic
went by, as one JSON object per line and as a table. ``--repo DIR`` runs the relay from
another checkout (to compare with an older commit).

    .venv/bin/python benchmarks/hostile_rss.py [--seconds 20] [--tool-calls 50000] [--repo DIR]
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
HOSTILE_AGENT = ROOT / "tests" / "support" / "agents" / "hostile_agent.py"
LEGACY_AGENT = ROOT / "tests" / "support" / "agents" / "legacy_agent.py"
INIT = {"protocolVersion": 1, "clientCapabilities": {}}
QUEUE_BOUND_KIB = 1024 + 64 + 1024
"""About 1 MiB plus one 64 KiB read toward the client (behaviour.md §6), plus 1 MiB for
what RSS adds besides the queue (allocator slack, the lines being parsed)."""


def rss_kib(pid: int, field: str = "VmRSS") -> int:
    """The resident set size of ``pid`` in KiB (0 once it is gone); ``field="VmHWM"``: its
    peak so far."""
    try:
        with open(f"/proc/{pid}/status") as status:
            for line in status:
                if line.startswith(f"{field}:"):
                    return int(line.split()[1])
    except OSError:
        pass
    return 0


class Relay:
    """One ``wrap`` process around ``agent``, its stdout read by a thread on demand."""

    def __init__(self, agent: Path, repo: Path) -> None:
        env = {**os.environ, "PYTHONPATH": str(repo)}
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "acp_compat", "wrap", "-q", "--", sys.executable, str(agent)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            env=env,
            cwd=str(repo),  # python -m puts the working directory first on sys.path
            start_new_session=True,
        )
        assert self.proc.stdin is not None and self.proc.stdout is not None
        self.stdin = self.proc.stdin
        self.stdout = self.proc.stdout

    def send(self, message: dict[str, Any]) -> None:
        self.stdin.write(json.dumps(message).encode() + b"\n")
        self.stdin.flush()

    def answer(self, id: int) -> dict[str, Any]:
        while True:
            message: dict[str, Any] = json.loads(self.stdout.readline())
            if message.get("id") == id and "method" not in message:
                return message

    def session(self) -> str:
        self.send({"jsonrpc": "2.0", "id": 0, "method": "initialize", "params": INIT})
        self.answer(0)
        params = {"cwd": os.getcwd(), "mcpServers": []}
        self.send({"jsonrpc": "2.0", "id": 1, "method": "session/new", "params": params})
        session: str = self.answer(1)["result"]["sessionId"]
        return session

    def prompt(self, id: int, session: str, text: str) -> None:
        params = {"sessionId": session, "prompt": [{"type": "text", "text": text}]}
        self.send({"jsonrpc": "2.0", "id": id, "method": "session/prompt", "params": params})

    def close(self) -> None:
        """SIGTERM: the relay stops its agents (each in its own process group, which a
        SIGKILL of the relay's group would leave running); SIGKILL if it hangs."""
        with contextlib.suppress(ProcessLookupError):
            self.proc.send_signal(signal.SIGTERM)
        try:
            self.proc.wait(15)
        except subprocess.TimeoutExpired:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(self.proc.pid, signal.SIGKILL)
            self.proc.wait()


def sample(pid: int, seconds: float, every: float = 0.25) -> tuple[int, int]:
    """Peak and last RSS (KiB) of ``pid`` over ``seconds``."""
    peak = last = 0
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        last = rss_kib(pid)
        peak = max(peak, last)
        time.sleep(every)
    return peak, last


def client_stops_reading(repo: Path, seconds: float) -> dict[str, Any]:
    relay = Relay(HOSTILE_AGENT, repo)
    try:
        relay.send({"jsonrpc": "2.0", "id": 0, "method": "initialize", "params": INIT})
        relay.answer(0)
        baseline = rss_kib(relay.proc.pid)
        sent = [0]

        def flood_requests() -> None:
            n = 10
            try:
                while True:
                    line = {"jsonrpc": "2.0", "id": n, "method": "x/unknown"}
                    relay.stdin.write(json.dumps(line).encode() + b"\n")
                    relay.stdin.flush()
                    sent[0] += 1
                    n += 1
            except (BrokenPipeError, ValueError, OSError):
                pass

        threading.Thread(target=flood_requests, daemon=True).start()
        peak, last = sample(relay.proc.pid, seconds)
        return {
            "scenario": "client-stops-reading",
            "seconds": seconds,
            "baseline_kib": baseline,
            "peak_kib": peak,
            "last_kib": last,
            "requests_written": sent[0],
            "alive": relay.proc.poll() is None,
        }
    finally:
        relay.close()


def agent_stops_reading(repo: Path, seconds: float) -> dict[str, Any]:
    relay = Relay(HOSTILE_AGENT, repo)
    try:
        session = relay.session()
        baseline = rss_kib(relay.proc.pid)
        relay.prompt(2, session, "deaf 1000000")
        received = [0]

        def read_all() -> None:
            for _ in relay.stdout:
                received[0] += 1

        threading.Thread(target=read_all, daemon=True).start()
        peak, last = sample(relay.proc.pid, seconds)
        return {
            "scenario": "agent-stops-reading",
            "seconds": seconds,
            "baseline_kib": baseline,
            "peak_kib": peak,
            "last_kib": last,
            "chunks_relayed": received[0],
            "alive": relay.proc.poll() is None,
        }
    finally:
        relay.close()


def updates(message: dict[str, Any], kind: str) -> bool:
    """Whether ``message`` is a ``session/update`` of ``kind``."""
    if message.get("method") != "session/update":
        return False
    return bool(message["params"]["update"].get("sessionUpdate") == kind)


def turn_end_to_paused_editor(repo: Path, seconds: float, calls: int) -> dict[str, Any]:
    relay = Relay(HOSTILE_AGENT, repo)
    try:
        session = relay.session()
        relay.prompt(2, session, f"tools {calls} open")
        opened = 0
        while opened < calls:
            opened += updates(json.loads(relay.stdout.readline()), "tool_call")
        # The editor pauses here: the turn's end, and its closes, are still to come.
        baseline = rss_kib(relay.proc.pid)
        peak, last = sample(relay.proc.pid, seconds)
        closed = 0
        while True:
            message = json.loads(relay.stdout.readline())
            closed += updates(message, "tool_call_update")
            if message.get("id") == 2:
                break
        growth = peak - baseline
        return {
            "scenario": "turn-end-to-paused-editor",
            "seconds": seconds,
            "tool_calls": calls,
            "baseline_kib": baseline,
            "peak_kib": peak,
            "last_kib": last,
            "paused_growth_kib": growth,
            "within_bound": growth <= QUEUE_BOUND_KIB,
            "closed_before_answer": closed,
            "every_call_ended": closed == calls,
            "answer": message.get("result", message.get("error")),
        }
    finally:
        relay.close()


def many_tool_calls(repo: Path, calls: int, turns: int = 3) -> dict[str, Any]:
    relay = Relay(HOSTILE_AGENT, repo)
    try:
        session = relay.session()
        # A plain turn first, so the fresh figure includes what any turn loads.
        relay.prompt(2, session, "hello")
        relay.answer(2)
        fresh = rss_kib(relay.proc.pid)
        after: list[int] = []
        for turn in range(turns):
            relay.prompt(3 + turn, session, f"tools {calls}")
            relay.answer(3 + turn)
            after.append(rss_kib(relay.proc.pid))
        return {
            "scenario": "many-tool-calls",
            "tool_calls": calls * turns,
            "fresh_kib": fresh,
            "after_each_turn_kib": after,
            "growth_kib": after[-1] - fresh,
            "alive": relay.proc.poll() is None,
        }
    finally:
        relay.close()


def embedded_resource(repo: Path, mib: int) -> dict[str, Any]:
    relay = Relay(HOSTILE_AGENT, repo)
    try:
        relay.prompt(2, relay.session(), "hello")
        relay.answer(2)
        # A session of its own, so this prompt is its first (its title is made from it).
        params = {"cwd": os.getcwd(), "mcpServers": []}
        relay.send({"jsonrpc": "2.0", "id": 4, "method": "session/new", "params": params})
        session = relay.answer(4)["result"]["sessionId"]
        fresh_peak = rss_kib(relay.proc.pid, "VmHWM")
        text = "lorem ipsum dolor sit amet, consectetur adipiscing elit\n" * (mib * 2**20 // 56)
        resource = {"uri": "file:///work/notes.txt", "mimeType": "text/plain", "text": text}
        prompt = [{"type": "text", "text": "look at"}, {"type": "resource", "resource": resource}]
        message = {
            "jsonrpc": "2.0",
            "id": 3,
            "method": "session/prompt",
            "params": {"sessionId": session, "prompt": prompt},
        }
        line = json.dumps(message).encode()
        relay.stdin.write(line + b"\n")
        relay.stdin.flush()
        answer = relay.answer(3)
        peak = rss_kib(relay.proc.pid, "VmHWM")
        return {
            "scenario": "embedded-resource",
            "line_mib": round(len(line) / 2**20, 1),
            "fresh_peak_kib": fresh_peak,
            "peak_kib": peak,
            "growth_kib": peak - fresh_peak,
            "growth_per_line_byte": round((peak - fresh_peak) * 1024 / len(line), 2),
            "answer": answer.get("result", answer.get("error")),
        }
    finally:
        relay.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--tool-calls", type=int, default=50_000, help="per turn")
    parser.add_argument("--repo", type=Path, default=ROOT, help="checkout to run wrap from")
    parser.add_argument("--embedded-mib", type=int, default=30)
    parser.add_argument(
        "--only", choices=["peers", "tool-calls", "embedded"], help="run only these scenarios"
    )
    args = parser.parse_args()
    results: list[dict[str, Any]] = []
    if args.only in (None, "embedded"):
        embedded = embedded_resource(args.repo, args.embedded_mib)
        print(json.dumps(embedded))
        print(
            f"embedded-resource ({embedded['line_mib']} MiB line): peak grew"
            f" {embedded['growth_kib'] / 1024:.0f} MiB,"
            f" {embedded['growth_per_line_byte']}x the line\n"
        )
        if args.only == "embedded":
            return
    if args.only not in ("tool-calls", "embedded"):
        results.append(client_stops_reading(args.repo, args.seconds))
        results.append(agent_stops_reading(args.repo, args.seconds))
    tool_results: list[dict[str, Any]] = []
    if args.only != "peers":
        tool_results.append(turn_end_to_paused_editor(args.repo, args.seconds, args.tool_calls))
        tool_results.append(many_tool_calls(args.repo, args.tool_calls))
    for result in results + tool_results:
        print(json.dumps(result))
    print()
    for r in tool_results:
        if r["scenario"] == "many-tool-calls":
            turns = ", ".join(f"{kib / 1024:.1f}" for kib in r["after_each_turn_kib"])
            print(
                f"many-tool-calls ({r['tool_calls']} calls): fresh {r['fresh_kib'] / 1024:.1f}"
                f" MiB, after each turn {turns} MiB"
            )
        else:
            print(
                f"turn-end-to-paused-editor ({r['tool_calls']} open calls): grew"
                f" {r['paused_growth_kib'] / 1024:.1f} MiB while paused"
                f" (bound {QUEUE_BOUND_KIB / 1024:.1f}:"
                f" {'ok' if r['within_bound'] else 'EXCEEDED'}),"
                f" {r['closed_before_answer']} closes before the answer"
            )
    if not results:
        return
    print("| scenario | baseline MiB | peak MiB | last MiB | traffic |")
    print("|---|---|---|---|---|")
    for r in results:
        traffic = r.get("requests_written", r.get("chunks_relayed"))
        print(
            f"| {r['scenario']} | {r['baseline_kib'] / 1024:.0f} | {r['peak_kib'] / 1024:.0f}"
            f" | {r['last_kib'] / 1024:.0f} | {traffic} |"
        )


if __name__ == "__main__":
    main()
