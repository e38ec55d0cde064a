"""What ``wrap`` adds to a slow agent's start: the editor's ``initialize`` answered through
``wrap`` against the agent alone, as ratios measured in one run.

Real agents are slow to start: a Node agent (gemini-cli) spends about a second and a half
of CPU before it reads its stdin. ``wrap`` starts the agent at launch and does its own
start-up (imports, the probe) meanwhile, so on a machine with a core to spare it should
add almost nothing: the goal is at most 5%, in auto mode and with ``--agent-protocol
legacy`` alike.

The agent here (this script with ``--agent``) burns about 1.5 s of CPU before it reads
stdin, then answers as a legacy 0.0.9 agent (``acp_compat.examples.legacy_agent``). With
``--busy N`` it burns on N cores at once (N processes), as Node does with its compiler
and collector threads; then ``wrap``'s own CPU competes with the agent's.

Each round starts the agent alone (sent a legacy ``initialize``), then ``wrap`` in each
mode (sent a current one), in turn; the figure is the median of the per-round ratios
(wrap's time over the agent alone's in the same round), so a slow spell of the machine
weighs on both sides alike. The table is Markdown, for benchmarks/README.md.

    .venv/bin/python benchmarks/startup_slow_agent.py [--rounds 10] [--busy 1]
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import platform
import runpy
import statistics
import sys
import time
from typing import Any

PYTHON = sys.executable
HERE = os.path.abspath(__file__)
sys.path.insert(0, os.path.dirname(HERE))
from run import answer_time, use_a_bytecode_cache  # noqa: E402  (a sibling script)

CPU_SECONDS = 1.5
"""The agent's CPU before it reads stdin (per busy core)."""

GOAL = 1.05
"""At most 5% added."""

CURRENT_INIT = {
    "jsonrpc": "2.0",
    "id": 0,
    "method": "initialize",
    "params": {"protocolVersion": 1, "clientCapabilities": {}},
}
LEGACY_INIT = {
    "jsonrpc": "2.0",
    "id": 0,
    "method": "initialize",
    "params": {"protocolVersion": "0.0.9"},
}


# -- the agent ------------------------------------------------------------------------------


def _burn(seconds: float) -> None:
    """Spend ``seconds`` of this process's CPU."""
    end = time.process_time() + seconds
    while time.process_time() < end:
        sum(range(1000))


def run_agent(busy: int) -> None:
    """The slow agent: CPU on ``busy`` cores, then the example legacy agent."""
    helpers = [multiprocessing.Process(target=_burn, args=(CPU_SECONDS,)) for _ in range(busy - 1)]
    for helper in helpers:
        helper.start()
    _burn(CPU_SECONDS)
    for helper in helpers:
        helper.join()
    sys.argv = ["legacy_agent", "--no-banner"]
    runpy.run_module("acp_compat.examples.legacy_agent", run_name="__main__")


# -- the editor -----------------------------------------------------------------------------


def answer_seconds(argv: list[str], message: dict[str, Any]) -> float:
    """From starting ``argv`` to its ``initialize`` answer, in seconds (run.py's
    measurement: the process and its group are killed right after)."""
    return answer_time(argv, message)[0]


def main() -> None:
    """Interleaved rounds; the table of ratios."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=10)
    parser.add_argument("--busy", type=int, default=1, help="cores the agent keeps busy")
    parser.add_argument("--agent", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.agent:
        run_agent(args.busy)
        return
    use_a_bytecode_cache()
    agent = [PYTHON, HERE, "--agent", "--busy", str(args.busy)]
    wrap = [PYTHON, "-m", "acp_compat", "wrap", "-qq"]
    configs = {
        "auto": [*wrap, "--", *agent],
        "--agent-protocol legacy": [*wrap, "--agent-protocol", "legacy", "--", *agent],
    }
    for argv in configs.values():  # the first start of each writes its bytecode cache
        answer_seconds(argv, CURRENT_INIT)
    alone: list[float] = []
    ratios: dict[str, list[float]] = {name: [] for name in configs}
    load = os.getloadavg()[0]
    for number in range(args.rounds):
        base = answer_seconds(agent, LEGACY_INIT)
        alone.append(base)
        for name, argv in configs.items():
            ratios[name].append(answer_seconds(argv, CURRENT_INIT) / base)
        print(f"round {number + 1}/{args.rounds}", file=sys.stderr, flush=True)
    print(
        f"{args.rounds} interleaved rounds, agent busy on {args.busy} core(s) for"
        f" {CPU_SECONDS:g} s of CPU each; {os.cpu_count()} CPUs, Python"
        f" {platform.python_version()}, load {load:.2f} -> {os.getloadavg()[0]:.2f}"
        f" ({time.strftime('%H:%M', time.gmtime())} UTC)\n"
    )
    rows = [("agent alone answers initialize", _seconds(alone), "", "")]
    for name, values in ratios.items():
        median = statistics.median(values)
        spread = f"range {_percent(min(values))} to {_percent(max(values))}"
        figure = f"{_percent(median)} ({spread})"
        rows.append((f"wrap {name}, over the agent alone", figure, "<= +5%", _met(median)))
    header = ("measurement", "figure", "goal", "met")
    widths = [max(len(row[i]) for row in [header, *rows]) for i in range(4)]
    for row in [header, tuple("-" * w for w in widths), *rows]:
        print("| " + " | ".join(v.ljust(w) for v, w in zip(row, widths, strict=True)) + " |")


def _seconds(values: list[float]) -> str:
    return f"{statistics.median(values):.3f} s (range {min(values):.3f}-{max(values):.3f})"


def _percent(ratio: float) -> str:
    return f"{(ratio - 1) * 100:+.1f}%"


def _met(ratio: float) -> str:
    return "yes" if ratio <= GOAL else "NO"


if __name__ == "__main__":
    main()
