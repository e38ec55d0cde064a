"""``run_wrap`` in process: descriptors, blocking modes, agent processes, stopping.

The client is played on real pipes by the test; the agents are real processes from
tests/support/agents. Each test checks something only visible from inside the process (open
descriptors, a descriptor's blocking mode) or at an awkward moment (a signal during the
mode probe).
"""

from __future__ import annotations

import functools
import json
import os
import select
import signal
import sys
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import anyio
import pytest

from acp_compat.io.process import STDERR_TAIL_BYTES, AgentProcess
from acp_compat.io.runner import run_wrap
from acp_compat.translate.settings import WrapSettings
from tests.support.agents.harness import PipeEditor, agent_command

pytestmark = pytest.mark.timeout(30)

CURRENT_INIT = {
    "jsonrpc": "2.0",
    "id": 0,
    "method": "initialize",
    "params": {"protocolVersion": 1, "clientCapabilities": {}},
}


def _open_fds() -> set[int]:
    """This process's open descriptors."""
    return {int(name) for name in os.listdir("/proc/self/fd")}


class Editor(PipeEditor):
    """The editor's pipes; ``run_wrap`` closes ``relay_out`` but leaves ``relay_in``."""

    def close(self) -> None:
        """Close the test's ends and the stdin ``run_wrap`` left open."""
        super().close()
        os.close(self.relay_in)


async def _wrap(
    argv: list[str], editor: Editor, play: Callable[[], Awaitable[None]], **mode: Any
) -> int:
    """``run_wrap`` around ``argv`` while ``play()`` plays the editor; the exit status."""
    options = WrapSettings(command=tuple(argv), grace=0.3, **mode)
    status = 0
    async with anyio.create_task_group() as tg:

        async def relay() -> None:
            nonlocal status
            status = await run_wrap(options, stdin_fd=editor.relay_in, stdout_fd=editor.relay_out)

        tg.start_soon(relay)
        await play()
    return status


@pytest.mark.skipif(not Path("/proc/self/fd").exists(), reason="needs /proc")
def test_no_descriptor_outlives_a_run_with_a_restarted_probe() -> None:
    # The Rust-like agent ignores the current probe: agent 0 is discarded after the
    # timeout and started again for the legacy probe. No pipe of either may stay open.
    before = _open_fds()
    editor = Editor()

    async def play() -> None:
        editor.send(CURRENT_INIT)
        answer = await editor.recv()
        assert answer["result"]["protocolVersion"] == 1
        editor.end()

    # Long enough for the restarted agent (a second Python process) to start and answer
    # on a loaded machine: at 0.3 s the legacy probe timed out too, and the run was refused.
    run = functools.partial(_wrap, probe_timeout=2.0)
    status = anyio.run(run, agent_command("rust_legacy_agent"), editor, play)
    editor.close()
    assert status == 0
    assert {fd: os.readlink(f"/proc/self/fd/{fd}") for fd in _open_fds() - before} == {}


@pytest.mark.skipif(not Path("/proc/self/fd").exists(), reason="needs /proc")
def test_no_descriptor_outlives_a_refused_run() -> None:
    # No mode at all (an agent that errors in both protocols): the relay loop never runs.
    before = _open_fds()
    editor = Editor()
    code = (
        "import json, sys\n"
        "for line in sys.stdin:\n"
        "    m = json.loads(line)\n"
        "    print(json.dumps({'jsonrpc': '2.0', 'id': m['id'], "
        "'error': {'code': -32603, 'message': 'no'}}), flush=True)\n"
    )

    async def play() -> None:
        editor.send(CURRENT_INIT)
        answer = await editor.recv()
        assert answer["error"]["code"] == -32603

    status = anyio.run(_wrap, [sys.executable, "-c", code], editor, play)
    editor.close()
    assert status == 1
    assert {fd: os.readlink(f"/proc/self/fd/{fd}") for fd in _open_fds() - before} == {}


def test_the_client_descriptors_get_their_blocking_mode_back() -> None:
    # A terminal's descriptors share one open file description with the shell: a mode
    # left non-blocking would break the shell after acp-compat exits.
    editor = Editor()
    os.set_blocking(editor.relay_in, True)

    async def play() -> None:
        editor.send(CURRENT_INIT)
        await editor.recv()
        assert not os.get_blocking(editor.relay_in)  # switched while serving
        editor.end()

    anyio.run(_wrap, agent_command("current_agent"), editor, play)
    assert os.get_blocking(editor.relay_in)
    editor.close()


def test_a_signal_during_the_probe_answers_initialize_and_leaves_no_agent(tmp_path: Path) -> None:
    # The agent never answers; SIGTERM arrives while the probe waits (no timeout: an
    # explicit long one). The editor's initialize still gets its one answer.
    editor = Editor()
    probed = tmp_path / "probed"
    pids: list[int] = []
    before = set(_children_of_us())  # a session's helpers (the interop forkserver) stay

    async def play() -> None:
        editor.send(CURRENT_INIT)
        # The agent writes its pid once it has the probe.
        with anyio.fail_after(20):
            while not probed.read_text().endswith("\n"):
                await anyio.sleep(0.01)  # polling the file: its writes wake no one
        pids.extend(pid for pid in _children_of_us() if pid not in before)
        assert int(probed.read_text()) in pids
        os.kill(os.getpid(), signal.SIGTERM)
        answer = await editor.recv()
        assert answer["id"] == 0 and answer["error"]["code"] == -32603
        assert "SIGTERM" in answer["error"]["message"]

    probed.write_text("")
    never = [
        sys.executable,
        "-c",
        "import os, sys; sys.stdin.readline(); "
        "open(sys.argv[1], 'w').write(f'{os.getpid()}\\n'); sys.stdin.read()",
        str(probed),
    ]
    status = anyio.run(functools.partial(_wrap, probe_timeout=20.0), never, editor, play)
    editor.close()
    assert status == 128 + signal.SIGTERM
    assert pids and not any(_child_of_us(pid) for pid in pids)  # gone and reaped


def _children_of_us() -> list[int]:
    """The live (not zombie) children of this test process."""
    return [
        int(p) for p in os.listdir("/proc") if p.isdigit() and _child_of_us(int(p), zombie=False)
    ]


def _child_of_us(pid: int, *, zombie: bool = True) -> bool:
    """Whether ``pid`` is a child of this test process (``zombie``: unreaped ones count)."""
    try:
        with open(f"/proc/{pid}/stat") as handle:
            fields = handle.read().rpartition(")")[2].split()
    except OSError:
        return False
    return (zombie or fields[0] not in ("Z", "X")) and int(fields[1]) == os.getpid()


def test_agents_start_as_argv_in_their_own_group_cwd_and_environment(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Shell syntax in an argument stays literal; the environment is inherited.
    monkeypatch.setenv("ACP_COMPAT_TEST_MARK", "inherited")
    code = (
        "import json, os, sys\n"
        "print(json.dumps([sys.argv[1:], os.getcwd(), os.getpgid(0) == os.getpid(), "
        "os.environ.get('ACP_COMPAT_TEST_MARK')]))\n"
    )

    async def run() -> list[Any]:
        argv = [sys.executable, "-c", code, "$HOME; echo hi", "*"]
        agent = AgentProcess(0, argv, str(tmp_path), stderr_sink=None)
        async with anyio.create_task_group() as tg:
            agent.start(tg)
            with anyio.fail_after(10):
                events = await agent.stdout.read_events()
            await agent.close(0.5)
        agent.stdout.close()
        assert events is not None and isinstance(events[0], bytes)
        value: list[Any] = json.loads(events[0])
        return value

    assert anyio.run(run) == [["$HOME; echo hi", "*"], str(tmp_path), True, "inherited"]


def test_stderr_is_passed_through_and_its_tail_is_bounded(tmp_path: Path) -> None:
    sink = tmp_path / "stderr"
    code = (
        "import sys\nfor n in range(2000):\n    sys.stderr.write(f'line {n} ' + 'x' * 40 + '\\n')\n"
    )

    async def run() -> str:
        fd = os.open(sink, os.O_WRONLY | os.O_CREAT, 0o600)
        try:
            agent = AgentProcess(
                0, [sys.executable, "-c", code], stderr_sink=lambda data: _write(fd, data)
            )
            async with anyio.create_task_group() as tg:
                agent.start(tg)
                with anyio.fail_after(10):
                    await agent.stderr_done.wait()
                await agent.close(0.5)
            agent.stdout.close()
        finally:
            os.close(fd)
        return agent.stderr_tail()

    tail = anyio.run(run)
    passed = sink.read_text().splitlines()
    assert len(passed) == 2000 and passed[-1].startswith("line 1999 ")
    assert tail.splitlines()[-1] == passed[-1]
    assert len(tail.encode()) <= STDERR_TAIL_BYTES


def test_a_terminal_shared_by_stdin_and_stdout_is_left_blocking() -> None:
    # Run interactively, stdin and stdout are one open file description (the terminal),
    # which the shell shares: whichever of our two ends is released last must leave it
    # blocking, as found.
    master, terminal = os.openpty()
    stdout = os.dup(terminal)  # run_wrap takes this one over and closes it
    options = WrapSettings(command=tuple(agent_command("current_agent")), grace=0.3)

    async def run() -> int:
        async with anyio.create_task_group() as tg:

            async def relay() -> None:
                await run_wrap(options, stdin_fd=terminal, stdout_fd=stdout)

            tg.start_soon(relay)
            # Switched while serving (the wait fails if it never is).
            with anyio.fail_after(10):
                while os.get_blocking(terminal):
                    await anyio.sleep(0.01)  # polling: a descriptor's mode wakes no one
            os.write(master, b"\x04")  # end of input, as Ctrl-D at a line start
        return 0

    try:
        anyio.run(run)
        assert os.get_blocking(terminal)
    finally:
        os.close(terminal)
        os.close(master)


def _write(fd: int, data: bytes) -> None:
    """A test sink: write everything to ``fd`` (a regular file never blocks)."""
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view) :]


@pytest.mark.parametrize("agent_protocol", ["legacy", "auto"])
def test_the_start_up_ends_once_the_initialize_answer_is_written(agent_protocol: str) -> None:
    # wrap resumes its garbage collector then: with --agent-protocol the mode is decided
    # at the editor's initialize, before the agent has answered, which is too early.
    editor = Editor()
    seen: list[bool] = []

    def answered() -> None:
        readable, _, _ = select.select([editor.from_relay], [], [], 0)
        seen.append(bool(readable))

    async def play() -> None:
        editor.send(CURRENT_INIT)
        answer = await editor.recv()
        assert answer["result"]["protocolVersion"] == 1
        editor.end()

    async def run() -> int:
        options = WrapSettings(
            command=tuple(agent_command("legacy_agent")), grace=0.3, agent_protocol=agent_protocol
        )
        status = 0
        async with anyio.create_task_group() as tg:

            async def relay() -> None:
                nonlocal status
                status = await run_wrap(
                    options,
                    stdin_fd=editor.relay_in,
                    stdout_fd=editor.relay_out,
                    when_answered=answered,
                )

            tg.start_soon(relay)
            await play()
        return status

    status = anyio.run(run)
    editor.close()
    assert status == 0
    assert seen == [True]
