"""Every speed goal of acp-compat, measured in one run and printed as one table.

Each measurement runs the real ``acp-compat wrap`` (``python -m acp_compat wrap``) against
something to compare it with, in the same invocation, interleaved round by round, so a
busy machine slows both sides alike and the ratios stay meaningful:

* **flood**: a legacy agent streams chunks as fast as it can (pipelined) through ``wrap``
  with orjson (the ``fast`` extra), through ``wrap`` with ``ACP_COMPAT_JSON=stdlib``, and
  through a bare line relay (``relay_flood.py --bare``); msgs/s and ratios. The lines the
  editor gets are hashed (session id masked): both JSON paths must write the same bytes.
* **round trips**: lock-step chunk and confirmation round trips, ``wrap`` and a bare
  asyncio relay against the agent connected directly (``relay_roundtrip.py``).
* **memory**: the relay's resident set over a long flood, to a client that keeps up and
  to one that reads slower than the agent writes (backpressure must keep it flat).
* **startup**: how long after the agent alone would answer ``initialize`` the editor gets
  ``wrap``'s answer, with ``--agent-protocol legacy`` and with the auto probe (median of
  per-round differences).
* **payload**: the bytes the editor receives for an edit of a 1 MiB file (the example
  legacy agent's ``edit``: a confirmation carrying the diff, then the finished update),
  against the bytes the agent sent.

    python benchmarks/run.py            # about two minutes on 2 vCPUs
    python benchmarks/run.py --quick    # a smoke run in about half a minute

It needs orjson installed (``pip install -e '.[fast]'``, or the ``test`` extra) to compare
the two JSON paths. Figures go in benchmarks/README.md with the machine they came from.
"""

from __future__ import annotations

import argparse
import atexit
import hashlib
import json
import os
import platform
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import relay_flood  # noqa: E402  (a sibling script: its agent and bare relay)

PYTHON = sys.executable
FLOOD_AGENT = os.path.join(HERE, "relay_flood.py")
MIB = 1024 * 1024

CURRENT_INIT = {
    "jsonrpc": "2.0",
    "id": 0,
    "method": "initialize",
    "params": {
        "protocolVersion": 1,
        "clientCapabilities": {"fs": {"readTextFile": False, "writeTextFile": False}},
    },
}
LEGACY_INIT = {
    "jsonrpc": "2.0",
    "id": 0,
    "method": "initialize",
    "params": {"protocolVersion": "0.0.9"},
}


def wrap_argv(*options: str) -> list[str]:
    """``acp-compat wrap`` as an editor would start it (logging errors only)."""
    return [PYTHON, "-m", "acp_compat", "wrap", "-qq", *options, "--"]


# Every process started here reads bytecode from one cache written on first use, as an
# installed package's would be (pip compiles it). Without it, a shell that sets
# PYTHONDONTWRITEBYTECODE makes each start compile acp-compat from source (~60 ms).
def use_a_bytecode_cache() -> None:
    """Point every process started from here on at one fresh bytecode cache."""
    cache = tempfile.mkdtemp(prefix="acp-compat-bench-pycache-")
    atexit.register(shutil.rmtree, cache, True)
    os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
    os.environ["PYTHONPYCACHEPREFIX"] = cache


def json_env(backend: str) -> dict[str, str]:
    """The environment for a ``wrap`` on one JSON path (``orjson`` or ``stdlib``)."""
    env = dict(os.environ)
    env.pop("ACP_COMPAT_JSON", None)
    if backend == "stdlib":
        env["ACP_COMPAT_JSON"] = "stdlib"
    return env


@contextmanager
def started(argv: list[str], **popen: Any) -> Iterator[subprocess.Popen[bytes]]:
    """A process on pipes, reaped (killed if still running) when the block ends."""
    proc = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, **popen)
    try:
        yield proc
    finally:
        if proc.stdin is not None and not proc.stdin.closed:
            proc.stdin.close()
        try:
            proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
        if proc.stdout is not None:
            proc.stdout.close()


def send(proc: subprocess.Popen[bytes], message: dict[str, Any]) -> None:
    """Write one message to a process's stdin."""
    assert proc.stdin is not None
    proc.stdin.write(json.dumps(message).encode() + b"\n")
    proc.stdin.flush()


def answer_to(proc: subprocess.Popen[bytes], request_id: int) -> dict[str, Any]:
    """Read lines up to the response with ``request_id``; that response."""
    assert proc.stdout is not None
    while line := proc.stdout.readline():
        message: dict[str, Any] = json.loads(line)
        if message.get("id") == request_id and "method" not in message:
            return message
    raise RuntimeError(f"the process closed its stdout before answering request {request_id}")


def open_session(proc: subprocess.Popen[bytes], cwd: str) -> str:
    """initialize and session/new through a ``wrap``; the session id."""
    send(proc, CURRENT_INIT)
    answer_to(proc, 0)
    send(
        proc,
        {
            "jsonrpc": "2.0",
            "id": 1,
            "method": "session/new",
            "params": {"cwd": cwd, "mcpServers": []},
        },
    )
    session: str = answer_to(proc, 1)["result"]["sessionId"]
    return session


def prompt(proc: subprocess.Popen[bytes], session: str, text: str) -> None:
    """Send ``session/prompt`` (id 2) with one text block."""
    params = {"sessionId": session, "prompt": [{"type": "text", "text": text}]}
    send(proc, {"jsonrpc": "2.0", "id": 2, "method": "session/prompt", "params": params})


def rss_kib(pid: int, field: str = "VmRSS") -> int:
    """A memory figure of a running process from /proc (KiB)."""
    with open(f"/proc/{pid}/status", encoding="ascii") as status:
        for line in status:
            if line.startswith(field + ":"):
                return int(line.split()[1])
    raise RuntimeError(f"no {field} for pid {pid}")


def cpu_seconds(pid: int) -> float:
    """CPU time (user + system) a running process has used so far."""
    with open(f"/proc/{pid}/stat", encoding="ascii") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


# -- flood -----------------------------------------------------------------------------------


class FloodResult:
    """One flood through ``wrap``: rate, what the editor got, and memory along the way."""

    def __init__(self) -> None:
        self.rate = 0.0
        self.digest = ""
        self.updates = 0
        self.rss_early_kib = 0
        self.rss_end_kib = 0
        self.rss_peak_kib = 0
        self.cpu_us_per_chunk = 0.0


def flood_wrap(
    chunks: int, backend: str, *, read_size: int = MIB, pause: float = 0.0
) -> FloodResult:
    """``chunks`` pipelined chunks through ``wrap`` to a client reading ``read_size`` at a time.

    With ``pause`` the client sleeps that long after every read: a slow editor.
    """
    result = FloodResult()
    agent = [PYTHON, FLOOD_AGENT, "--agent", str(chunks)]
    with started([*wrap_argv("--agent-protocol", "legacy"), *agent], env=json_env(backend)) as proc:
        assert proc.stdout is not None
        session = open_session(proc, "/")
        masked = session.encode()
        digest = hashlib.sha256()
        fd = proc.stdout.fileno()
        pending = b""
        early_mark = chunks // 10
        start = time.perf_counter()
        cpu_start = cpu_seconds(proc.pid)
        prompt(proc, session, "flood")
        while True:
            data = os.read(fd, read_size)
            if not data:
                raise RuntimeError(f"wrap closed stdout after {result.updates} of {chunks} chunks")
            data = pending + data
            cut = data.rfind(b"\n") + 1
            complete, pending = data[:cut], data[cut:]
            before = result.updates
            result.updates += complete.count(b'"session/update"')
            digest.update(complete.replace(masked, b"SESSION"))
            if before < early_mark <= result.updates:
                result.rss_early_kib = rss_kib(proc.pid)
            if b'"stopReason"' in complete:
                break
            if pause:
                time.sleep(pause)
        result.rate = chunks / (time.perf_counter() - start)
        result.cpu_us_per_chunk = (cpu_seconds(proc.pid) - cpu_start) / chunks * 1e6
        result.rss_end_kib = rss_kib(proc.pid)
        result.rss_peak_kib = rss_kib(proc.pid, "VmHWM")
    if result.updates != chunks:
        raise RuntimeError(f"wrap delivered {result.updates} of {chunks} chunks")
    result.digest = digest.hexdigest()
    return result


def bench_flood(chunks: int, rounds: int) -> list[Row]:
    """Pipelined flood: wrap (orjson), wrap (stdlib), bare relay; best round of each.

    Besides msgs/s (which on a busy machine depends on how the three processes get
    scheduled), the relay's own CPU time per chunk: what the JSON path changes.
    """
    rate: dict[str, float] = {"orjson": 0.0, "stdlib": 0.0, "bare": 0.0}
    cpu: dict[str, float] = {"orjson": float("inf"), "stdlib": float("inf")}
    digests: dict[str, set[str]] = {"orjson": set(), "stdlib": set()}
    for number in range(rounds):
        for backend in ("orjson", "stdlib"):
            run = flood_wrap(chunks, backend)
            rate[backend] = max(rate[backend], run.rate)
            cpu[backend] = min(cpu[backend], run.cpu_us_per_chunk)
            digests[backend].add(run.digest)
        rate["bare"] = max(rate["bare"], relay_flood.bench_bare(chunks))
        progress(f"flood round {number + 1}/{rounds}")
    same = len(digests["orjson"] | digests["stdlib"]) == 1
    cpu_ratio = cpu["stdlib"] / cpu["orjson"]
    rate_ratio = rate["orjson"] / rate["stdlib"]
    return [
        Row(
            "flood",
            f"wrap with orjson ({chunks:,} chunks, best of {rounds})",
            f"{rate['orjson']:,.0f} msgs/s, {cpu['orjson']:.1f} µs CPU/chunk",
        ),
        Row(
            "flood",
            "wrap with ACP_COMPAT_JSON=stdlib",
            f"{rate['stdlib']:,.0f} msgs/s, {cpu['stdlib']:.1f} µs CPU/chunk",
        ),
        Row("flood", "bare line relay (threads, json)", f"{rate['bare']:,.0f} msgs/s"),
        Row(
            "flood",
            "orjson vs stdlib: msgs/s (relay CPU per chunk)",
            f"{rate_ratio:.2f}x ({cpu_ratio:.2f}x)",
            ">= 1.6x",
            rate_ratio >= 1.6,
        ),
        Row(
            "flood", "wrap (orjson) vs bare relay, msgs/s", f"{rate['orjson'] / rate['bare']:.2f}x"
        ),
        Row(
            "flood",
            "wrap (stdlib) vs bare relay, msgs/s",
            f"{rate['stdlib'] / rate['bare']:.2f}x",
            ">= 1.0x",
            rate["stdlib"] >= rate["bare"],
        ),
        Row(
            "flood",
            "editor's bytes, orjson vs stdlib",
            "identical" if same else "DIFFERENT",
            "identical",
            same,
        ),
    ]


def bench_memory(chunks: int, slow_chunks: int) -> list[Row]:
    """The relay's RSS over a long flood, to a client that keeps up and to a slow one."""
    rows = []
    for label, count, read_size, pause in (
        ("fast client", chunks, MIB, 0.0),
        ("slow client", slow_chunks, 8192, 0.001),
    ):
        run = flood_wrap(count, "orjson", read_size=read_size, pause=pause)
        peak = run.rss_peak_kib / 1024
        growth = (run.rss_end_kib - run.rss_early_kib) / 1024
        rows.append(
            Row(
                "memory",
                f"wrap RSS, {label}, {count:,} chunks at {run.rate:,.0f} msgs/s",
                f"peak {peak:.1f} MiB, {growth:+.1f} MiB after the first 10%",
                "<= 40 MiB, flat",
                peak <= 40 and growth <= 2,
            )
        )
        progress(f"memory: {label} done")
    return rows


# -- round trips -------------------------------------------------------------------------------


def bench_round_trips(chunks: int, confirmations: int, rounds: int) -> list[Row]:
    """Lock-step round trips, from relay_roundtrip.py: what wrap and a bare relay add."""
    import relay_roundtrip

    names = ["direct", "asyncio", "wrap"]
    pooled: dict[str, dict[str, list[int]]] = {n: {"chunk": [], "confirmation": []} for n in names}
    with tempfile.TemporaryDirectory() as tmp:
        outfile = os.path.join(tmp, "samples.json")
        agent = [PYTHON, relay_roundtrip.HERE, "--agent", outfile, str(chunks), str(confirmations)]
        for number in range(rounds):
            for name in names:
                samples = relay_roundtrip.one_run(name, agent, outfile)
                for kind, values in samples.items():
                    pooled[name][kind] += values[len(values) // 10 :]
            progress(f"round trips round {number + 1}/{rounds}")
    rows = []
    for kind in ("chunk", "confirmation"):
        floor = statistics.median(pooled["direct"][kind]) / 1000
        wrap = statistics.median(pooled["wrap"][kind]) / 1000
        bare = statistics.median(pooled["asyncio"][kind]) / 1000
        rows.append(
            Row(
                "round trip",
                f"{kind}: p50 added over direct ({floor:.0f} µs), wrap vs bare asyncio",
                f"wrap +{wrap - floor:.0f} µs, asyncio +{bare - floor:.0f} µs",
                "wrap <= asyncio",
                wrap <= bare,
            )
        )
    return rows


# -- startup ---------------------------------------------------------------------------------


def answer_time(argv: list[str], message: dict[str, Any]) -> tuple[float, float]:
    """From starting ``argv`` to its first line (its initialize answer): wall and CPU seconds.

    The process (and its group: a wrap's agent) is killed right after the answer, so its
    CPU time is what it spent until then; unlike the wall time it hardly depends on what
    else the machine is doing.
    """
    start = time.perf_counter()
    proc = subprocess.Popen(
        argv,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )
    assert proc.stdin is not None and proc.stdout is not None
    try:
        send(proc, message)
        line = proc.stdout.readline()
        elapsed = time.perf_counter() - start
    finally:
        os.killpg(proc.pid, signal.SIGKILL)
        _pid, _status, usage = os.wait4(proc.pid, 0)
        proc.returncode = -signal.SIGKILL
        proc.stdin.close()
        proc.stdout.close()
    if b'"result"' not in line:
        raise RuntimeError(f"{argv[:4]} did not answer initialize: {line[:200]!r}")
    return elapsed, usage.ru_utime + usage.ru_stime


def _quietly(argv: list[str]) -> str:
    """Run ``argv``, failing loudly if it fails; its stdout."""
    return subprocess.run(argv, capture_output=True, text=True, check=True).stdout.strip()


def installed_command(root: str = os.path.dirname(HERE)) -> list[str]:
    """``acp-compat`` installed from the source tree ``root`` (this checkout by default) as
    users install it (a regular, not an editable, install: pip compiles its bytecode), in
    a throwaway virtual environment.

    Nothing is downloaded: the wheel is built here, and the dependencies are this
    interpreter's own (a ``.pth`` line), so both runs use the same libraries.
    """
    place = tempfile.mkdtemp(prefix="acp-compat-bench-install-")
    atexit.register(shutil.rmtree, place, True)
    wheels = os.path.join(place, "wheels")
    _quietly(
        [
            PYTHON,
            "-m",
            "pip",
            "wheel",
            "-q",
            "--no-deps",
            "--no-build-isolation",
            "-w",
            wheels,
            root,
        ]
    )
    venv = os.path.join(place, "venv")
    _quietly([PYTHON, "-m", "venv", venv])
    python = os.path.join(venv, "bin", "python")
    site = _quietly([python, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"])
    ours = _quietly(
        [PYTHON, "-c", "import attrs, os; print(os.path.dirname(os.path.dirname(attrs.__file__)))"]
    )
    with open(os.path.join(site, "zz-bench-dependencies.pth"), "w") as pth:
        pth.write(ours + "\n")
    wheel = os.path.join(wheels, os.listdir(wheels)[0])
    _quietly([python, "-m", "pip", "install", "-q", "--no-deps", "--no-index", wheel])
    return [os.path.join(venv, "bin", "acp-compat")]


def source_tree(revision: str) -> str:
    """The files of git ``revision`` of this repository, in a throwaway folder."""
    place = tempfile.mkdtemp(prefix="acp-compat-bench-baseline-")
    atexit.register(shutil.rmtree, place, True)
    archive = subprocess.run(
        ["git", "-C", os.path.dirname(HERE), "archive", "--format=tar", revision],
        capture_output=True,
        check=True,
    ).stdout
    subprocess.run(["tar", "-x", "-C", place], input=archive, check=True)
    return place


def bench_startup(rounds: int, baseline: str | None = None) -> list[Row]:
    """initialize answered by wrap, minus by the agent alone, per round; medians.

    The goals are measured on ``acp-compat`` installed as users install it
    (:func:`installed_command`); the checkout's own ``python -m acp_compat`` (an editable
    install, whose import hook costs ~10 ms) is shown beside it. With ``baseline`` (a git
    revision), that revision is installed the same way and measured in the same rounds:
    the goal is then this checkout's added start at most the baseline's plus a tenth.
    """
    agent = [PYTHON, FLOOD_AGENT, "--agent", "1"]
    installed = installed_command()
    configs = {
        "legacy": [*installed, "wrap", "-qq", "--agent-protocol", "legacy", "--"],
        "auto": [*installed, "wrap", "-qq", "--"],
        "checkout legacy": wrap_argv("--agent-protocol", "legacy"),
        "checkout auto": wrap_argv(),
    }
    if baseline is not None:
        before = installed_command(source_tree(baseline))
        configs["baseline legacy"] = [*before, "wrap", "-qq", "--agent-protocol", "legacy", "--"]
        configs["baseline auto"] = [*before, "wrap", "-qq", "--"]
    for argv in configs.values():  # the first start of each writes its bytecode cache
        answer_time([*argv, *agent], CURRENT_INIT)
    alone: list[tuple[float, float]] = []
    after: dict[str, list[tuple[float, float]]] = {name: [] for name in configs}
    for _ in range(rounds):
        base = answer_time(agent, LEGACY_INIT)
        alone.append(base)
        for name, argv in configs.items():
            wall, cpu = answer_time([*argv, *agent], CURRENT_INIT)
            after[name].append((wall - base[0], cpu - base[1]))
    progress("startup done")

    def ms(pairs: list[tuple[float, float]]) -> str:
        walls = [w * 1000 for w, _ in pairs]
        cpus = [c * 1000 for _, c in pairs]
        return (
            f"{statistics.median(walls):.0f} ms (range {min(walls):.0f}-{max(walls):.0f}); "
            f"CPU {statistics.median(cpus):.0f} ms"
        )

    def median_wall(name: str) -> float:
        return statistics.median(w for w, _ in after[name])

    def goal(name: str, absolute: float) -> tuple[str, bool]:
        if baseline is None:
            return f"<= {absolute * 1000:.0f} ms", median_wall(name) <= absolute
        limit = median_wall(f"baseline {name}") * 1.1
        return f"<= baseline x 1.1 ({limit * 1000:.0f} ms)", median_wall(name) <= limit

    rows = [
        Row("startup", f"agent alone answers initialize ({rounds} rounds)", ms(alone)),
        Row(
            "startup",
            "wrap --agent-protocol legacy (installed), after the agent alone",
            ms(after["legacy"]),
            *goal("legacy", 0.100),
        ),
        Row(
            "startup",
            "wrap, auto probe (installed), after the agent alone",
            ms(after["auto"]),
            *goal("auto", 0.130),
        ),
    ]
    if baseline is not None:
        rows += [
            Row(
                "startup", f"baseline {baseline} (installed): legacy", ms(after["baseline legacy"])
            ),
            Row("startup", "... auto probe", ms(after["baseline auto"])),
        ]
    return [
        *rows,
        Row(
            "startup",
            "the same from the checkout (python -m, editable): legacy",
            ms(after["checkout legacy"]),
        ),
        Row("startup", "... auto probe", ms(after["checkout auto"])),
    ]


# -- payload ---------------------------------------------------------------------------------


def edit_turn(proc: subprocess.Popen[bytes], *, current: bool, session: str = "") -> int:
    """Run the example agent's ``edit`` turn, allowing it; the bytes received meanwhile."""
    assert proc.stdout is not None
    if current:
        prompt(proc, session, "edit")
        done_id = 2
    else:
        params = {"chunks": [{"text": "edit"}]}
        send(proc, {"jsonrpc": "2.0", "id": 1, "method": "sendUserMessage", "params": params})
        done_id = 1
    received = 0
    while line := proc.stdout.readline():
        received += len(line)
        message = json.loads(line)
        method = message.get("method")
        if method == "session/request_permission":
            options = message["params"]["options"]
            allow = next(o["optionId"] for o in options if o["kind"] == "allow_once")
            result: Any = {"outcome": {"outcome": "selected", "optionId": allow}}
            send(proc, {"jsonrpc": "2.0", "id": message["id"], "result": result})
        elif method == "requestToolCallConfirmation":
            send(
                proc,
                {"jsonrpc": "2.0", "id": message["id"], "result": {"id": 0, "outcome": "allow"}},
            )
        elif method is not None and "id" in message:
            send(proc, {"jsonrpc": "2.0", "id": message["id"], "result": None})
        elif message.get("id") == done_id:
            return received
    raise RuntimeError("the edit turn did not end")


def bench_payload() -> list[Row]:
    """Bytes to the editor for an edit of a 1 MiB file, against the agent's own bytes."""
    agent = [PYTHON, "-m", "acp_compat.examples.legacy_agent", "--no-banner"]
    line = "A line of a large source file, about sixty bytes long......\n"
    text = line * (MIB // len(line))
    sizes = {}
    for label in ("direct", "wrap"):
        with tempfile.TemporaryDirectory() as tmp:
            with open(os.path.join(tmp, "hello.txt"), "w", encoding="utf-8") as file:
                file.write(text)
            if label == "direct":
                with started(agent, cwd=tmp) as proc:
                    send(proc, LEGACY_INIT)
                    answer_to(proc, 0)
                    sizes[label] = edit_turn(proc, current=False)
            else:
                with started([*wrap_argv("--agent-protocol", "legacy"), *agent], cwd=tmp) as proc:
                    session = open_session(proc, tmp)
                    sizes[label] = edit_turn(proc, current=True, session=session)
    progress("payload done")
    return [
        Row(
            "payload",
            f"edit of a {len(text) / MIB:.2f} MiB file: bytes the agent sent",
            f"{sizes['direct'] / MIB:.2f} MiB",
        ),
        Row(
            "payload",
            "... and bytes wrap sent the editor",
            f"{sizes['wrap'] / MIB:.2f} MiB ({sizes['wrap'] / sizes['direct']:.2f}x)",
        ),
    ]


# -- the table -------------------------------------------------------------------------------


class Row:
    """One line of the table: what was measured, the figure, and the goal if there is one."""

    def __init__(
        self, area: str, what: str, figure: str, goal: str = "", met: bool | None = None
    ) -> None:
        self.area, self.what, self.figure, self.goal, self.met = area, what, figure, goal, met


def progress(text: str) -> None:
    """A progress note on stderr (the table goes to stdout)."""
    print(f"[{time.strftime('%H:%M:%S')}] {text}", file=sys.stderr, flush=True)


def machine() -> str:
    """The machine the figures come from."""
    model = platform.processor() or platform.machine()
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as info:
            model = next(
                row.split(":", 1)[1].strip() for row in info if row.startswith("model name")
            )
    except (OSError, StopIteration):
        pass
    try:
        import orjson

        fast = f"orjson {orjson.__version__}"
    except ImportError:
        fast = "no orjson"
    return (
        f"{model}, {os.cpu_count()} CPUs, {platform.system()} {platform.release()}, "
        f"Python {platform.python_version()}, {fast}"
    )


def print_table(rows: list[Row]) -> None:
    """The rows as one Markdown table."""
    header = ("area", "measurement", "figure", "goal", "met")
    cells = [
        (r.area, r.what, r.figure, r.goal, "" if r.met is None else ("yes" if r.met else "NO"))
        for r in rows
    ]
    widths = [max(len(c[i]) for c in [header, *cells]) for i in range(len(header))]
    for values in [header, tuple("-" * w for w in widths), *cells]:
        print("| " + " | ".join(v.ljust(w) for v, w in zip(values, widths, strict=True)) + " |")


def main() -> None:
    """Parse the options, run every section, print the table."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="smaller counts, fewer rounds")
    parser.add_argument(
        "--only",
        nargs="*",
        choices=["flood", "roundtrip", "memory", "startup", "payload"],
        help="run only these sections",
    )
    parser.add_argument(
        "--baseline",
        metavar="REV",
        help="a git revision to measure startup against in the same rounds (e.g. bcb571b)",
    )
    args = parser.parse_args()
    try:
        import orjson  # noqa: F401
    except ImportError:
        parser.error("orjson is not installed: pip install -e '.[fast]' (it is compared)")
    quick = args.quick
    sections: dict[str, Callable[[], list[Row]]] = {
        "flood": lambda: bench_flood(50_000 if quick else 200_000, 2 if quick else 3),
        "roundtrip": lambda: bench_round_trips(
            500 if quick else 2000, 100 if quick else 400, 2 if quick else 5
        ),
        "memory": lambda: bench_memory(
            100_000 if quick else 1_000_000, 100_000 if quick else 1_000_000
        ),
        "startup": lambda: bench_startup(5 if quick else 20, args.baseline),
        "payload": bench_payload,
    }
    chosen = list(sections) if args.only is None else args.only
    notes = []
    if not os.path.exists(os.path.join(HERE, "relay_roundtrip.py")):
        # The round-trip harness is issue #8's; this entry point runs it once it is here.
        if args.only is not None and "roundtrip" in args.only:
            parser.error("benchmarks/relay_roundtrip.py is missing")
        chosen = [name for name in chosen if name != "roundtrip"]
        notes.append("round trips: not measured, benchmarks/relay_roundtrip.py is missing")
    use_a_bytecode_cache()
    load_before = os.getloadavg()[0]
    started_at = time.perf_counter()
    rows: list[Row] = []
    for name in chosen:
        rows += sections[name]()
    elapsed = time.perf_counter() - started_at
    print(f"machine: {machine()}")
    print(
        f"load average: {load_before:.2f} before, {os.getloadavg()[0]:.2f} after; "
        f"{elapsed:.0f} s{' (--quick)' if quick else ''}"
    )
    print()
    print_table(rows)
    for note in notes:
        print(f"\n{note}")


if __name__ == "__main__":
    main()
