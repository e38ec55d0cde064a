"""Micro-benchmarks of the codec and the framing: the costs no test times.

* **structure**: CPU microseconds to structure one message's params into its models
  (``acp_compat.codec.structure``): the legacy tool calls an upgrade translates (one per
  tool call, not per token), the client's ``initialize`` and ``session/prompt``, and an
  invalid ``pushToolCall`` (the path that words the ``-32602`` error);
* **first use**: CPU milliseconds a fresh interpreter spends importing the codec (with
  cattrs) and structuring its first message (the client's ``initialize``, which ``wrap``
  structures before it can answer), with what ``wrap`` has imported by then (the relay
  and the models);
* **long line**: milliseconds to split a 5 MiB and a 20 MiB line arriving in 64 KiB
  pieces (``LineSplitter``); the work must grow linearly with the line (a ratio near 4),
  not quadratically (near 16).

    python benchmarks/micro.py [--repeat R] [--calls N] [--starts S]

Best of ``R`` runs (``S`` fresh interpreters for the first use), CPU time of the process
measured, the garbage collector paused while timing (as :mod:`timeit` does).
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from typing import Any

from acp_compat.codec import CodecError, structure
from acp_compat.jsonrpc.framing import LineSplitter
from acp_compat.models import legacy
from acp_compat.models.current import InitializeRequest, PromptRequest

DIFF = {"type": "diff", "path": "util.py", "oldText": "def f():\n    return 1\n", "newText": "x"}
PUSH = {
    "label": "Edit util.py",
    "icon": "pencil",
    "content": DIFF,
    "locations": [{"path": "/project/src/util.py"}],
}
CONFIRMATION = {**PUSH, "confirmation": {"type": "edit", "description": None}}
INITIALIZE = {
    "protocolVersion": 1,
    "clientCapabilities": {"fs": {"readTextFile": True, "writeTextFile": True}, "terminal": True},
}
PROMPT = {"sessionId": "sess-1", "prompt": [{"type": "text", "text": "fix the tests"}]}
INVALID_PUSH = {**PUSH, "label": 12, "locations": [{"path": None}]}

CASES: list[tuple[str, Any, Any]] = [
    ("pushToolCall params", PUSH, legacy.PushToolCallParams),
    ("requestToolCallConfirmation params", CONFIRMATION, legacy.RequestToolCallConfirmationParams),
    ("client initialize params", INITIALIZE, InitializeRequest),
    ("session/prompt params", PROMPT, PromptRequest),
]

FIRST_USE = """
import time
from acp_compat.io import relay
from acp_compat.models.current import initialize
params = {params!r}
start = time.process_time()
from acp_compat.codec import structure
structure(params, initialize.InitializeRequest)
print(time.process_time() - start)
"""


def best_of(run: Callable[[], None], repeat: int) -> float:
    """The least CPU time of ``repeat`` calls of ``run``, in seconds."""
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


def structure_us(data: Any, cls: Any, calls: int, repeat: int) -> float:
    """CPU µs per ``structure(data, cls)``."""

    def run() -> None:
        for _ in range(calls):
            structure(data, cls, at="params")

    structure(data, cls)  # hooks built outside the timing
    return best_of(run, repeat) / calls * 1e6


def invalid_us(calls: int, repeat: int) -> float:
    """CPU µs to structure an invalid ``pushToolCall`` and word its error."""

    def run() -> None:
        for _ in range(calls):
            try:
                structure(INVALID_PUSH, legacy.PushToolCallParams, at="params")
            except CodecError as exc:
                exc.to_data()

    return best_of(run, repeat) / calls * 1e6


def first_use_ms(starts: int) -> float:
    """CPU ms of importing the codec and structuring a first ``initialize`` in a fresh
    interpreter that has imported the relay and the models (as ``wrap`` has by then),
    reading bytecode from a cache as an installed package does."""
    code = FIRST_USE.format(params=INITIALIZE)
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    times = []
    with tempfile.TemporaryDirectory(prefix="acp-compat-micro-pycache-") as cache:
        env["PYTHONPYCACHEPREFIX"] = cache
        for start in range(starts + 1):
            out = subprocess.run(
                [sys.executable, "-c", code],
                capture_output=True,
                text=True,
                check=True,
                timeout=60,
                env=env,
            )
            if start:  # the first one writes the cache
                times.append(float(out.stdout))
    return min(times) * 1e3


def split_ms(mib: int, repeat: int) -> float:
    """CPU ms to split one ``mib`` MiB line (between two short ones) in 64 KiB pieces."""
    body = json.dumps({"content": "x" * (mib << 20)}).encode()
    stream = b'{"first":1}\n' + body + b'\n{"last":2}\n'
    pieces = [stream[i : i + 65536] for i in range(0, len(stream), 65536)]

    def run() -> None:
        splitter = LineSplitter()
        events = [event for piece in pieces for event in splitter.feed(piece)]
        assert events == [b'{"first":1}', body, b'{"last":2}']

    return best_of(run, repeat) * 1e3


def main() -> None:
    """Measure and print the figures as Markdown tables."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=7)
    parser.add_argument("--calls", type=int, default=5_000)
    parser.add_argument("--starts", type=int, default=7)
    options = parser.parse_args()
    print("| structure | µs |\n|---|---|")
    for label, data, cls in CASES:
        print(f"| {label} | {structure_us(data, cls, options.calls, options.repeat):.2f} |")
    print(
        f"| invalid pushToolCall (error worded) | {invalid_us(options.calls, options.repeat):.2f} |"
    )
    first = first_use_ms(options.starts)
    print(f"\nfirst use (import the codec, structure initialize): {first:.1f} ms CPU")
    short, long = split_ms(5, options.repeat), split_ms(20, options.repeat)
    print(f"long line: 5 MiB {short:.1f} ms, 20 MiB {long:.1f} ms ({long / short:.1f}x)")


if __name__ == "__main__":
    main()
