"""Fixtures for the interop tests: real official ACP SDKs talking to acp-compat.

The TypeScript side is a pinned npm harness in this folder (``package.json`` and its
committed ``package-lock.json``). Install it, from the project root, with exactly::

    npm ci --prefix tests/interop --no-audit --no-fund

The Python side is PyPI ``agent-client-protocol==0.12.1`` (in the ``test`` extra).

A missing tool (``node``, the harness ``node_modules``, the Python SDK) skips the tests
that need it, with the reason; under ``CI=true`` it fails them instead, so CI can never go
green by skipping.

Fixtures: ``node``, ``node_modules``, ``ts_example_agent`` (the v1 example agent shipped in
SDK 1.9.0), ``python_sdk``, ``v1_clients`` (the three official-SDK v1 clients, run side by
side) and ``upgrade_relay`` (the agent under test: the ``acp-compat wrap`` command line
around the project's legacy example agent, and the same agent ported to ACP v1). Helpers:
:func:`require`, :func:`wrap_command`, :func:`legacy_agent_command`,
:func:`ported_agent_command`.

The v2 draft's drivers (``test_v2_interop.py``) are the SDK 2.4.0's experimental v2 API:
``client_v2.mjs`` (a v2 client, run like the v1 clients by :class:`V1Client`) and
``v2_agent.mjs`` (a small v2 agent).

Every ``wrap`` run here writes a ``--trace``, and ``acp-compat trace --check`` must find
nothing in it (both links, each in its own protocol).

Every client run here is a real process tree (client → ``acp-compat wrap`` → agent). It
gets a marker in its environment, which children inherit; after the run, any process still
carrying the marker is killed and the test fails, so nothing outlives its test.
"""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import signal
import subprocess
import sys
import time
import traceback
import uuid
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from importlib.metadata import PackageNotFoundError
from importlib.metadata import version as pkg_version
from multiprocessing import forkserver, get_context, resource_tracker
from multiprocessing.context import ForkServerContext
from pathlib import Path
from typing import IO, Any, Protocol

import pytest

from acp_compat.trace.check import check_trace
from acp_compat.trace.records import TraceReader

HARNESS = Path(__file__).resolve().parent
"""This folder: package.json, package-lock.json, client.mjs, py_client.py."""

NPM_CI = "npm ci --prefix tests/interop --no-audit --no-fund"
"""The command that installs the harness (run from the project root)."""

TS_SDK_PACKAGES = {"1": ("@agentclientprotocol/sdk", "1.9.0"), "2": ("sdk2", "2.4.0")}
"""``client.mjs --sdk`` value → (folder under node_modules, the version package.json pins)."""

PY_SDK = ("agent-client-protocol", "0.12.1")
"""The Python SDK distribution and the version the test extra pins."""

MIN_NODE_MAJOR = 18
"""Web streams (TransformStream, Readable.toWeb) are globals from Node 18 on."""

RUN_MARKER = "ACP_COMPAT_INTEROP_RUN"
"""Environment variable whose value tags every process of one client run."""

CLIENT_TIMEOUT = 15.0
"""Seconds a client gets before it gives up by itself (the process timeout is longer)."""


def require(ok: bool, reason: str) -> None:
    """Skip the test with ``reason`` unless ``ok``; under ``CI=true``, fail it instead."""
    if ok:
        return
    if os.environ.get("CI") == "true":
        pytest.fail(f"CI=true and {reason}", pytrace=False)
    pytest.skip(reason)


def find_node() -> tuple[str | None, str]:
    """``(path of node >= 18, "")``, or ``(None, why not)``."""
    path = shutil.which("node")
    if path is None:
        return None, "node is not on PATH (the TypeScript SDK runs on Node >= 18)"
    out = subprocess.run([path, "--version"], capture_output=True, text=True, timeout=10)
    major = out.stdout.strip().lstrip("v").split(".")[0]
    if out.returncode != 0 or not major.isdigit() or int(major) < MIN_NODE_MAJOR:
        said = out.stdout.strip() or out.stderr.strip()
        return None, f"{path} --version says {said!r}; need Node >= {MIN_NODE_MAJOR}"
    return path, ""


def _installed_version(package_json: Path) -> str | None:
    try:
        version = json.loads(package_json.read_text(encoding="utf-8")).get("version")
    except (OSError, ValueError):
        return None
    return version if isinstance(version, str) else None


def node_modules_problem() -> str | None:
    """Why the harness ``node_modules`` cannot be used (``None`` when it holds the pins)."""
    for folder, pinned in TS_SDK_PACKAGES.values():
        where = HARNESS / "node_modules" / folder
        found = _installed_version(where / "package.json")
        if found != pinned:
            return (
                f"{where} holds {found or 'nothing'}, not @agentclientprotocol/sdk {pinned}; "
                f"run `{NPM_CI}` from the project root"
            )
    return None


def python_sdk_problem() -> str | None:
    """Why the official Python SDK cannot be used (``None`` when the pinned one is installed)."""
    name, pinned = PY_SDK
    try:
        found: str | None = pkg_version(name)
    except PackageNotFoundError:
        found = None
    if found != pinned:
        return f"{name} is {found or 'not installed'}, need {pinned} (pip install -e '.[test]')"
    return None


@pytest.fixture(scope="session")
def node() -> str:
    """Path of a ``node`` (>= 18) executable."""
    path, why = find_node()
    require(path is not None, why)
    assert path is not None
    return path


@pytest.fixture(scope="session")
def node_modules(node: str) -> Path:
    """The harness ``node_modules``, checked to hold the pinned SDK versions."""
    problem = node_modules_problem()
    require(problem is None, problem or "")
    return HARNESS / "node_modules"


EXAMPLE_AGENT = HARNESS / "node_modules" / "@agentclientprotocol/sdk/dist/examples/agent.js"
"""The scripted example *agent* shipped in SDK 1.9.0 (a v1 agent)."""


@pytest.fixture(scope="session")
def ts_example_agent(node: str, node_modules: Path) -> list[str]:
    """Command line of the scripted example *agent* shipped in SDK 1.9.0 (a v1 agent)."""
    script = EXAMPLE_AGENT
    require(script.is_file(), f"{script} is missing; run `{NPM_CI}` from the project root")
    return [node, str(script)]


@pytest.fixture(scope="session")
def python_sdk() -> str:
    """The installed version of the official Python SDK (the pinned one)."""
    problem = python_sdk_problem()
    require(problem is None, problem or "")
    return PY_SDK[1]


def legacy_agent_command(*agent_args: str) -> list[str]:
    """The project's scripted legacy 0.0.9 agent, as the relay's child command."""
    return [sys.executable, "-m", "acp_compat.examples.legacy_agent", *agent_args]


def wrap_command(agent: Sequence[str], *wrap_args: str) -> list[str]:
    """``acp-compat wrap [wrap_args] -- agent...`` run by this interpreter."""
    return [sys.executable, "-m", "acp_compat", "wrap", *wrap_args, "--", *agent]


WRAP_HEAD = [sys.executable, "-m", "acp_compat", "wrap"]


def traced(command: Sequence[str], trace: Path) -> list[str]:
    """``command`` writing ``--trace trace`` when it is a :func:`wrap_command` line (else
    as it is: a native agent has no relay to record it)."""
    if list(command[:4]) != WRAP_HEAD:
        return list(command)
    return [*WRAP_HEAD, "--trace", str(trace), *command[4:]]


def assert_trace_checks_clean(trace: Path, *known: tuple[str, str]) -> None:
    """``acp-compat trace --check`` finds nothing in the trace ``wrap`` wrote but the
    ``known`` mistakes of a third-party peer: (rule, side), in order."""
    reader = TraceReader()
    items = reader.feed(trace.read_bytes()) + reader.end()
    assert items, f"wrap wrote no trace to {trace}"
    findings = check_trace(items)
    shown = "trace --check: " + "\n".join(json.dumps(f.to_json()) for f in findings)
    assert [(f.rule, f.side) for f in findings] == list(known), shown


@dataclass(frozen=True)
class ClientRun:
    """What one client process produced."""

    summary: dict[str, Any]
    """The client's JSON summary line (see ``client.mjs``)."""
    transcript: list[dict[str, str]]
    """``{"dir": "recv" | "send", "line": ...}`` per wire line, in arrival order."""
    returncode: int
    stderr: str
    seconds: float

    def session(self, index: int = 0) -> dict[str, Any]:
        """The summary of the ``index``-th session."""
        sessions: list[dict[str, Any]] = self.summary["sessions"]
        assert len(sessions) > index, f"no session {index}: {self.describe()}"
        return sessions[index]

    def describe(self) -> str:
        """The run's outputs, for assertion messages."""
        return (
            f"exit {self.returncode} after {self.seconds:.1f}s\nsummary: "
            f"{json.dumps(self.summary)[:3000]}\nstderr (tail): {self.stderr[-3000:]}"
        )


def _marked_pids(marker: str) -> list[int]:
    """Processes of this user whose environment carries ``RUN_MARKER=marker``."""
    needle = f"{RUN_MARKER}={marker}".encode()
    pids = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit() or int(entry.name) == os.getpid():
            continue
        try:
            environ = (entry / "environ").read_bytes()
        except OSError:  # gone meanwhile, or not ours
            continue
        if needle in environ.split(b"\0"):
            pids.append(int(entry.name))
    return pids


def _reap_marked(marker: str) -> list[int]:
    """Wait up to 3 s for marked processes to end; kill and report those that do not."""
    if not Path("/proc/self/environ").exists():  # no /proc: cannot look, nothing to check
        return []
    deadline = time.monotonic() + 3.0
    while (left := _marked_pids(marker)) and time.monotonic() < deadline:
        time.sleep(0.05)
    for pid in left:
        with contextlib.suppress(OSError):  # ended in the meantime
            os.kill(pid, signal.SIGKILL)
    return left


def _stop_group(proc: ClientProcess) -> None:
    """SIGTERM the client's process group (the relay cleans up on it), then SIGKILL it."""
    for sig in (signal.SIGTERM, signal.SIGKILL):
        try:
            assert proc.pid is not None
            os.killpg(proc.pid, sig)
        except OSError:
            return
        try:
            proc.wait(3)
            return
        except subprocess.TimeoutExpired:
            continue


class ClientProcess(Protocol):
    """What :meth:`V1Client.run` needs of a started client (a ``subprocess.Popen`` has it)."""

    @property
    def pid(self) -> int | None: ...

    def wait(self, timeout: float | None = None) -> int: ...


Launcher = Callable[[Sequence[str], dict[str, str], Path, IO[str], IO[str]], ClientProcess]
"""Starts a client: ``launch(argv, env, cwd, stdout, stderr)``, in a session of its own
(so that a hung run can be stopped as a whole), stdin from ``/dev/null``."""


def popen_client(
    argv: Sequence[str], env: dict[str, str], cwd: Path, out: IO[str], err: IO[str]
) -> ClientProcess:
    """Start the client program ``argv`` as a new process (a :data:`Launcher`)."""
    return subprocess.Popen(
        argv,
        stdin=subprocess.DEVNULL,
        stdout=out,
        stderr=err,
        env=env,
        cwd=cwd,
        start_new_session=True,
    )


PY_CLIENT_ARGV = (sys.executable, str(HARNESS / "py_client.py"))
"""The Python SDK client's program (the arguments of a run follow)."""


class ForkedClient:
    """A ``py_client.py`` run forked from the forkserver (a :class:`ClientProcess`)."""

    def __init__(self, process: Any) -> None:
        self._process = process

    @property
    def pid(self) -> int | None:
        """The process id (its process group's too: it starts a session)."""
        pid: int | None = self._process.pid
        return pid

    def wait(self, timeout: float | None = None) -> int:
        """The exit status (``-N`` after signal N) once it has exited;
        ``subprocess.TimeoutExpired`` after ``timeout``."""
        self._process.join(timeout)
        code: int | None = self._process.exitcode
        if code is None:
            raise subprocess.TimeoutExpired(list(PY_CLIENT_ARGV), timeout or 0.0)
        return code


def forked_py_client(context: ForkServerContext) -> Launcher:
    """A :data:`Launcher` for ``py_client.py`` that forks each run from ``context``'s
    server, which imported the SDK once (``py_client.forked_main`` says why)."""

    def launch(
        argv: Sequence[str], env: dict[str, str], cwd: Path, out: IO[str], err: IO[str]
    ) -> ClientProcess:
        from tests.interop import py_client  # imports the SDK: only where it runs

        assert tuple(argv[: len(PY_CLIENT_ARGV)]) == PY_CLIENT_ARGV, argv
        args = (list(argv[len(PY_CLIENT_ARGV) :]), str(cwd), env, out.name, err.name)
        process = context.Process(target=py_client.forked_main, args=args)
        process.start()
        return ForkedClient(process)

    return launch


@pytest.fixture(scope="session")
def py_client_forkserver() -> Iterator[ForkServerContext]:
    """The forkserver every ``py_client.py`` run of the session is forked from; stopped
    (with the resource tracker multiprocessing starts beside it) after the session."""
    context = get_context("forkserver")
    context.set_forkserver_preload(["tests.interop.py_client"])
    yield context
    # Neither has a public stop; both end by themselves once this process exits.
    for server in (forkserver._forkserver, resource_tracker._resource_tracker):
        stop = getattr(server, "_stop", None)
        if stop is not None:
            stop()


@dataclass(frozen=True)
class V1Client:
    """One official-SDK client program, ready to run against an agent command."""

    name: str
    """``ts-sdk1``, ``ts-sdk2`` or ``py``."""
    argv: tuple[str, ...]
    """The client program and its fixed arguments (the SDK choice)."""
    workdir: Path
    """This client's folder in the test's tmp_path (transcripts, the client's own cwd)."""
    launch: Launcher = popen_client
    """How the client program is started."""

    def run(self, agent: Sequence[str], *args: str, cwds: Sequence[Path] = ()) -> ClientRun:
        """Run the client with ``args`` against ``agent`` (one session per cwd).

        The agent process starts in the first cwd; ``--linger`` is 0 unless ``args`` set it.
        The client is given ``CLIENT_TIMEOUT``;
        the process tree gets 5 s more, then it is stopped and the test fails.
        """
        run_id = uuid.uuid4().hex[:8]
        transcript = self.workdir / f"transcript-{run_id}.jsonl"
        out_path = self.workdir / f"client-{run_id}.out"
        err_path = self.workdir / f"client-{run_id}.err"
        marker = uuid.uuid4().hex
        # No linger by default: the clients read the agent's stdout to its end anyway, so
        # whatever the relay writes before it exits is in the transcript.
        argv = [*self.argv, "--transcript", str(transcript), "--timeout", str(CLIENT_TIMEOUT)]
        argv += ["--linger", "0"]
        for cwd in cwds:
            argv += ["--cwd", str(cwd)]
        trace = self.workdir / f"trace-{run_id}.jsonl"
        argv += [*args, "--", *traced(agent, trace)]
        env = {**os.environ, RUN_MARKER: marker}
        started = time.monotonic()
        # Output goes to files, not pipes: a leftover process holding a pipe open would
        # make the run look hung instead of being reported as a leftover.
        with out_path.open("w") as out, err_path.open("w") as err:
            proc = self.launch(argv, env, self.workdir, out, err)
        try:
            returncode = proc.wait(timeout=CLIENT_TIMEOUT + 5)
        except subprocess.TimeoutExpired:
            _stop_group(proc)
            _reap_marked(marker)
            stderr = err_path.read_text("utf-8", "replace")
            pytest.fail(f"{self.name} hung: {argv}\nstderr: {stderr[-3000:]}")
        seconds = time.monotonic() - started
        leftovers = _reap_marked(marker)
        stdout = out_path.read_text("utf-8", "replace")
        stderr = err_path.read_text("utf-8", "replace")
        lines = stdout.strip().splitlines()
        try:
            summary = json.loads(lines[-1]) if lines else {}
        except ValueError:
            summary = {}
        records = []
        if transcript.exists():
            records = [json.loads(x) for x in transcript.read_text("utf-8").splitlines() if x]
        run = ClientRun(summary, records, returncode, stderr, seconds)
        assert not leftovers, f"processes outlived the run: {leftovers}\n{run.describe()}"
        assert summary, f"{self.name} printed no summary: {stdout[-2000:]!r}\n{run.describe()}"
        if trace.exists():
            assert_trace_checks_clean(trace)
        return run


CLIENT_NAMES = ("ts-sdk1", "ts-sdk2", "py")
"""The v1 clients every upgrade interop test runs with."""

Scenario = Callable[[V1Client, Path], None]
"""A test body for one client: ``scenario(client, workdir)`` asserts what it expects."""


@dataclass(frozen=True)
class ClientSet:
    """The official-SDK v1 clients available here, run side by side.

    Running the three clients of a test concurrently keeps the interop suite fast (each run
    is a few processes that mostly wait on each other) while a failure still names its
    client.
    """

    clients: tuple[V1Client, ...]
    missing: dict[str, str]
    """Client name → why it cannot run here."""

    def each(self, scenario: Scenario) -> None:
        """Run ``scenario`` for every client at once, each in its own work folder.

        Every failure is reported, prefixed with its client's name. If some clients could
        not run (only possible outside CI), the test is skipped afterwards, saying which.
        """
        with ThreadPoolExecutor(max_workers=len(self.clients)) as pool:
            futures = {c.name: pool.submit(self._one, scenario, c) for c in self.clients}
        failures = []
        for name, future in futures.items():
            exc = future.exception()
            if exc is not None:
                where = "".join(traceback.format_tb(exc.__traceback__)[-2:])
                failures.append(f"[{name}] {type(exc).__name__}: {exc}\n{where}")
        if failures:
            raise AssertionError("\n\n".join(failures))
        if self.missing:
            reasons = "; ".join(f"{name}: {why}" for name, why in self.missing.items())
            ran = ", ".join(c.name for c in self.clients)
            pytest.skip(f"passed with {ran}, not run with {reasons}")

    @staticmethod
    def _one(scenario: Scenario, client: V1Client) -> None:
        client.workdir.mkdir(parents=True, exist_ok=True)
        scenario(client, client.workdir)


@pytest.fixture
def v1_clients(tmp_path: Path, py_client_forkserver: ForkServerContext) -> ClientSet:
    """The official v1 clients (TS SDK 1.9.0, TS SDK 2.4.0, Python SDK 0.12.1) for a test.

    Each gets its own folder under ``tmp_path``. A client whose tools are missing is left
    out (see :meth:`ClientSet.each`); under ``CI=true`` the test fails instead.
    """
    node_path, why = find_node()
    ts_problem = why if node_path is None else node_modules_problem()
    py_problem = python_sdk_problem()
    clients: list[V1Client] = []
    missing: dict[str, str] = {}
    for name in CLIENT_NAMES:
        problem = py_problem if name == "py" else ts_problem
        if problem is not None:
            missing[name] = problem
        elif name == "py":
            launch = forked_py_client(py_client_forkserver)
            clients.append(V1Client(name, PY_CLIENT_ARGV, tmp_path / name, launch))
        else:
            assert node_path is not None
            argv: tuple[str, ...] = (node_path, str(HARNESS / "client.mjs"), "--sdk", name[-1])
            clients.append(V1Client(name, argv, tmp_path / name))
    for name, problem in missing.items():
        require(os.environ.get("CI") != "true", f"{name} cannot run: {problem}")
    if not clients:
        pytest.skip("no v1 client can run: " + "; ".join(missing.values()))
    return ClientSet(tuple(clients), missing)


LEGACY_ONLY_OPTIONS = {"--cancel-style": 1, "--protocol": 1}
"""Legacy example options (and how many values follow) that the port has no use for: a
current agent ends a cancelled turn with ``stopReason: cancelled``, whatever the style,
and always has plans (the legacy agent sends them only as 0.0.10)."""


def ported_agent_command(*agent_args: str) -> list[str]:
    """The legacy example ported to ACP v1 (docs/migration.md), with ``agent_args`` minus
    the options only the legacy agent has."""
    args: list[str] = []
    skip = 0
    for arg in agent_args:
        if skip:
            skip -= 1
        elif arg in LEGACY_ONLY_OPTIONS:
            skip = LEGACY_ONLY_OPTIONS[arg]
        else:
            args.append(arg)
    return [sys.executable, "-m", "acp_compat.examples.ported_agent", *args]


@dataclass(frozen=True)
class Subject:
    """An agent the upgrade interop tests run the v1 clients against.

    ``legacy``: the scripted legacy example behind ``acp-compat wrap`` (the upgrade).
    ``ported``: the same agent ported to ACP v1 (``acp_compat.examples.ported_agent``),
    run by the clients directly, as a native current agent. Both must pass the same
    tests; the few facts that differ by nature are attributes here.
    """

    name: str
    relayed: bool
    """Whether acp-compat sits in between (it turns an agent's exit into error answers)."""
    agent_name: str
    """``agentInfo.name``."""
    login_method: str
    """The ``authMethods`` id to log in with."""
    version: str
    """The protocol the agent says it speaks in its greeting."""

    def __call__(self, *agent_args: str, wrap_args: Sequence[str] = ()) -> list[str]:
        """The command a client starts (``wrap_args`` put ``wrap`` in front of the port too)."""
        if self.relayed:
            return wrap_command(legacy_agent_command(*agent_args), *wrap_args)
        command = ported_agent_command(*agent_args)
        return wrap_command(command, *wrap_args) if wrap_args else command


SUBJECTS = {
    "legacy": Subject(
        "legacy",
        relayed=True,
        agent_name="acp_compat.examples.legacy_agent",
        login_method="legacy-login",
        version="0.0.9",
    ),
    "ported": Subject(
        "ported",
        relayed=False,
        agent_name="ported-example-agent",
        login_method="example-login",
        version="1",
    ),
}

RelayCommand = Subject
"""Type of the ``upgrade_relay`` fixture's value."""


@pytest.fixture(scope="session", params=list(SUBJECTS))
def upgrade_relay(request: pytest.FixtureRequest) -> Subject:
    """``upgrade_relay(*agent_args, wrap_args=())``: the command line of the agent under test,
    once the legacy example behind ``acp-compat wrap``, once its port to ACP v1."""
    return SUBJECTS[request.param]
