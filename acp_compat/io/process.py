"""Agent processes: started as argv in their own process group, closed without orphans.

An agent is often a launcher (``npx``, ``uvx``) whose real work happens in a child, so
everything here acts on the **process group**: the agent starts a new session (its pid is
the group id), and closing it ends with ``SIGTERM`` then ``SIGKILL`` to the whole group
when closing stdin and a grace period were not enough. Linux never hands out a pid while
it still names a live group, so signalling the group after the leader was reaped cannot
hit a stranger.

stderr is drained continuously (an agent blocked on a full stderr pipe would hang the
session), copied to acp-compat's own stderr, and its tail kept for error messages.

:class:`Supervisor` is the one supervision of a run's agents, shared by ``wrap``'s relay
and ``detect``: each agent started with its background tasks, its stdout read into its
owner, watched to its end (a launcher's child given the grace period, then the group
terminated) and reported after everything it printed; a probe nobody needs any more
discarded; every agent closed and reaped at the end.
"""

from __future__ import annotations

import contextlib
import functools
import logging
import os
import signal
from collections.abc import Awaitable, Callable, Sequence
from typing import Protocol, TypeVar, cast

import anyio
import anyio.abc

from acp_compat.io.lines import LineReader, LineWriter, read_chunk
from acp_compat.io.spawn import DISCARD_GRACE, StartedProcess, start_process
from acp_compat.io.stderr import stderr_pump
from acp_compat.jsonrpc.framing import DEFAULT_MAX_LINE_BYTES, Event
from acp_compat.translate.exits import describe_status

logger = logging.getLogger("acp_compat.io.process")

StderrSink = Callable[[bytes], None]
"""Where an agent's stderr goes as it is read (it must never block the event loop)."""


def to_our_stderr(data: bytes) -> None:
    """Pass agent stderr on to ours through the shared never-blocking pump."""
    stderr_pump().write(data)


_T = TypeVar("_T")

STDERR_TAIL_BYTES = 8 * 1024
"""How much of an agent's stderr is kept for the error reported when it exits."""

STDERR_TAIL_LINES = 20
"""At most this many of the last stderr lines go into that error."""

_POLL_INTERVAL = 0.02
"""How often a group's remaining members are looked for while waiting for them to end."""


class AgentProcess:
    """One running agent: its pipes, its exit, its process group.

    Create it (which starts the process), then :meth:`start` its background tasks (stdin
    writer, stderr drain, exit watcher) in a task group. The owner reads :attr:`stdout`
    itself.
    """

    def __init__(
        self,
        number: int,
        argv: Sequence[str],
        cwd: str | None = None,
        *,
        max_line_bytes: int = DEFAULT_MAX_LINE_BYTES,
        stderr_sink: StderrSink | None = to_our_stderr,
        started: StartedProcess | None = None,
    ) -> None:
        """Start ``argv`` (never through a shell) in ``cwd`` with the inherited environment.

        Raises ``OSError`` when it cannot be started (missing command, not executable,
        ``cwd`` missing). ``stderr_sink`` receives the agent's stderr as it comes (by default
        our own stderr, through the never-blocking pump; ``None``: only the tail is kept).
        ``started``: the same command already started (at launch, :mod:`.launched_agent`), taken
        over instead of starting another.
        """
        if started is None:
            started = start_process(argv, cwd)
        logger.debug("agent %d started as pid %d: %s", number, started.popen.pid, list(argv))
        self.number = number
        self.popen = started.popen
        self.pid = started.popen.pid
        self.stdin = LineWriter(started.stdin_fd, name=f"agent {number} stdin")
        self.stdout = LineReader(started.stdout_fd, max_line_bytes=max_line_bytes)
        self._stderr_fd = started.stderr_fd
        os.set_blocking(started.stderr_fd, False)
        self._stderr_sink = stderr_sink
        self._stderr_tail = bytearray()
        self.stderr_done = anyio.Event()
        """Set once the agent's stderr reached its end (every writer of it is gone)."""
        self.stdout_done = anyio.Event()
        """Set by the owner once it has read :attr:`stdout` to its end."""
        self.exited = anyio.Event()
        """Set once the group leader (the agent command itself) has exited and been reaped."""
        self.closing = False
        """Whether :meth:`close` was called (the exit is expected)."""
        self.discarded = False
        """Whether nobody will talk to it again (a failed probe): its lines and exit are
        ignored."""
        self._terminated: anyio.Event | None = None
        self._group_ended = False

    def start(self, task_group: anyio.abc.TaskGroup) -> None:
        """Run the stdin writer, the stderr drain and the exit watcher in ``task_group``."""
        task_group.start_soon(self.stdin.run)
        task_group.start_soon(self._drain_stderr)
        task_group.start_soon(self._watch_exit)

    @property
    def returncode(self) -> int | None:
        """The leader's exit status (negative: killed by that signal), once it exited."""
        return self.popen.returncode

    def stderr_tail(self) -> str:
        """The last lines of what the agent wrote to stderr, decoded leniently."""
        text = self._stderr_tail.decode("utf-8", errors="replace")
        lines = text.splitlines()[-STDERR_TAIL_LINES:]
        return "\n".join(lines)

    async def close(self, grace: float) -> None:
        """Close stdin, wait ``grace`` seconds for the group to end, then terminate it."""
        self.closing = True
        self.stdin.close()
        await self.settle(grace)

    async def settle(self, grace: float) -> None:
        """Give the group ``grace`` seconds to end (the leader, and what a launcher left
        behind in its group, which must not outlive it), then terminate it."""
        with anyio.move_on_after(grace):
            await self._group_gone()
        await self.terminate(grace)

    async def terminate(self, grace: float) -> None:
        """``SIGTERM`` the group, wait ``grace`` seconds, ``SIGKILL`` it; until the leader
        is reaped. Concurrent calls share one sequence."""
        if self._terminated is not None:
            await self._terminated.wait()
            return
        self._terminated = anyio.Event()
        try:
            if self._group_alive():
                logger.debug("agent %d: SIGTERM to process group %d", self.number, self.pid)
                self._signal_group(signal.SIGTERM)
                with anyio.move_on_after(grace):
                    await self.exited.wait()
                    await self._group_gone()
                if self._group_alive():
                    logger.warning(
                        "agent %d: process group %d outlived SIGTERM; sending SIGKILL",
                        self.number,
                        self.pid,
                    )
                    self._signal_group(signal.SIGKILL)
            await self.exited.wait()
        finally:
            self._terminated.set()

    def kill(self) -> None:
        """``SIGKILL`` the whole group now (a second interrupt: no more waiting)."""
        self.closing = True
        self._signal_group(signal.SIGKILL)

    def _signal_group(self, sig: signal.Signals) -> None:
        """Send ``sig`` to the agent's process group, if it still has members."""
        if self._group_ended:
            return
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(self.pid, sig)

    def _group_alive(self) -> bool:
        """Whether any process of the agent's group is still there."""
        if self._group_ended:
            return False
        try:
            os.killpg(self.pid, 0)
        except ProcessLookupError:
            # Once the leader is reaped and the group empty, the pid may be reused (even
            # as a new agent's group id): never signal this number again.
            self._group_ended = self.exited.is_set()
            return False
        except PermissionError:
            return True
        return True

    async def _group_gone(self) -> None:
        """Wait until the leader was reaped and no member of its group is left."""
        await self.exited.wait()
        while self._group_alive():
            await anyio.sleep(_POLL_INTERVAL)

    async def _watch_exit(self) -> None:
        """Reap the leader as soon as it exits (pidfd when there is one, else polling)."""
        try:
            pidfd = os.pidfd_open(self.pid)
        except (AttributeError, OSError):
            pidfd = -1
        try:
            if pidfd >= 0:
                await anyio.wait_readable(pidfd)
                self.popen.wait()
            else:
                delay = 0.005
                while self.popen.poll() is None:
                    await anyio.sleep(delay)
                    delay = min(delay * 2, 0.1)
        finally:
            if pidfd >= 0:
                os.close(pidfd)
            if self.popen.returncode is None:
                # Cancelled before the exit was seen (the relay is going down): make sure
                # nothing of the group survives and the leader is reaped.
                self._signal_group(signal.SIGKILL)
                self.popen.wait()
            self.exited.set()
        logger.debug(
            "agent %d (pid %d) %s", self.number, self.pid, describe_status(self.popen.returncode)
        )

    async def _drain_stderr(self) -> None:
        """Copy stderr to our stderr as it comes, keeping a bounded tail."""
        try:
            while True:
                data = await read_chunk(self._stderr_fd)
                if not data:
                    break
                self._stderr_tail += data
                if len(self._stderr_tail) > STDERR_TAIL_BYTES:
                    del self._stderr_tail[: len(self._stderr_tail) - STDERR_TAIL_BYTES]
                if self._stderr_sink is not None:
                    self._stderr_sink(data)
        finally:
            os.close(self._stderr_fd)
            self.stderr_done.set()


class AgentOwner(Protocol):
    """What a :class:`Supervisor` tells the owner of its agents (the relay, ``detect``)."""

    def agent_lines(self, agent: AgentProcess, events: list[Event]) -> None:
        """A batch of ``agent``'s stdout lines (never once it was discarded)."""
        ...

    def agent_stdout_ended(self, agent: AgentProcess) -> None:
        """``agent``'s stdout was read to its end, or given up."""
        ...

    def agent_output_owed(self, agent: AgentProcess) -> bool:
        """Whether ``agent``'s last lines wait for the owner (a slow client), so its
        stdout is waited for past the grace period after its group ended."""
        ...

    def agent_ended(self, agent: AgentProcess) -> None:
        """``agent`` is gone, after everything it printed (never once it was discarded)."""
        ...


class Supervisor:
    """The agent processes of one run, from their start until they are reaped."""

    def __init__(
        self,
        task_group: anyio.abc.TaskGroup,
        owner: AgentOwner,
        argv: Sequence[str],
        *,
        grace: float,
        max_line_bytes: int = DEFAULT_MAX_LINE_BYTES,
        stderr_sink: StderrSink | None = to_our_stderr,
    ) -> None:
        self._tg = task_group
        self._owner = owner
        self.argv = tuple(argv)
        self.grace = grace
        """Seconds an agent gets to exit after its stdin closed, and again after
        ``SIGTERM`` (``--grace``)."""
        self._max_line_bytes = max_line_bytes
        self._stderr_sink = stderr_sink
        self.running: dict[int, AgentProcess] = {}
        """Agents by number, from their start until their end was reported (a discarded
        probe leaves at once)."""
        self.started: list[AgentProcess] = []
        """Every agent ever started, for the last close."""

    def spawn(
        self, number: int, cwd: str | None = None, started: StartedProcess | None = None
    ) -> AgentProcess:
        """Start agent ``number`` in ``cwd`` (``started``: the command already started, at
        launch), its background tasks and its supervision; raises ``OSError`` (or
        ``ValueError``) when it cannot start."""
        agent = AgentProcess(
            number,
            self.argv,
            cwd,
            max_line_bytes=self._max_line_bytes,
            stderr_sink=self._stderr_sink,
            started=started,
        )
        agent.start(self._tg)
        # Read from here, not from the supervising task once it runs: the owner may hold
        # this reader before then (a client already behind), and a reader started later
        # would not know.
        agent.stdout.start(
            functools.partial(self._lines, agent), functools.partial(self.release_stdout, agent)
        )
        self.started.append(agent)
        self.running[number] = agent
        self._tg.start_soon(self._supervise, agent)
        return agent

    def renumber(self, old: int, new: int) -> None:
        """Agent ``old`` is agent ``new`` from now on (the probe a decision keeps)."""
        agent = self.running.pop(old, None)
        if agent is not None:
            agent.number = new
            self.running[new] = agent

    def close(self, agent: AgentProcess, grace: float | None = None) -> None:
        """Close ``agent`` in the background (stdin, the grace period, its group
        signalled); its end is still reported."""
        if not agent.closing:
            agent.closing = True  # at once: later messages must not reach its stdin
            self._tg.start_soon(agent.close, self.grace if grace is None else grace)

    def discard(self, number: int) -> None:
        """Nobody will talk to agent ``number`` again (a probe left behind): it is closed
        with a short grace, and its lines and its end are ignored."""
        agent = self.running.pop(number, None)
        if agent is not None:
            agent.discarded = True
            self.close(agent, min(self.grace, DISCARD_GRACE))

    def close_all(self, grace: float | None = None) -> None:
        """Close every agent still running, in the background."""
        for agent in self.started:
            if agent.returncode is None:
                self.close(agent, grace)

    async def reap_all(self) -> None:
        """Close every agent ever started and wait until all their groups are gone."""
        async with anyio.create_task_group() as tg:
            for agent in self.started:
                tg.start_soon(agent.close, self.grace)

    def release_stdout(self, agent: AgentProcess) -> None:
        """``agent``'s stdout is read to its end (or given up): close its reader, once."""
        if agent.stdout_done.is_set():
            return
        agent.stdout.close()
        agent.stdout_done.set()
        self._owner.agent_stdout_ended(agent)

    async def _supervise(self, agent: AgentProcess) -> None:
        """Wait for an agent's end, then report it after everything it printed."""
        await agent.exited.wait()
        # A launcher's child may still run and hold stdout: it gets the grace period,
        # then the group is terminated, which ends stdout too.
        await agent.settle(self.grace)
        if not await self._stdout_read(agent):
            self.release_stdout(agent)
        with anyio.move_on_after(self.grace):
            await agent.stderr_done.wait()
        if agent.discarded:
            ended = describe_status(agent.returncode)
            logger.debug("probe process %d ended: %s", agent.number, ended)
            return
        if self.running.get(agent.number) is agent:
            del self.running[agent.number]
        self._owner.agent_ended(agent)

    def _lines(self, agent: AgentProcess, events: list[Event]) -> None:
        if not agent.discarded:
            self._owner.agent_lines(agent, events)

    async def _stdout_read(self, agent: AgentProcess) -> bool:
        """Wait until the agent's stdout was read to its end; ``False`` if it is given up."""
        told = False
        while True:
            with anyio.move_on_after(self.grace):
                await agent.stdout_done.wait()
                return True
            if not self._owner.agent_output_owed(agent):
                logger.warning(
                    "agent %d: stdout still open after its process group ended", agent.number
                )
                return False
            # The client is slow, not the agent: what it printed last is still in the pipe
            # and must be handled before its end is reported.
            if not told:
                told = True
                logger.debug(
                    "agent %d exited; its last output waits for the client to read", agent.number
                )


async def use_agent(
    agent: AgentProcess, grace: float, body: Callable[[AgentProcess], Awaitable[_T]]
) -> _T:
    """Run ``agent``'s background tasks while ``body(agent)`` talks to it; then close it.

    Whatever ``body`` does (returns, raises, is cancelled), the agent is closed (stdin,
    ``grace``, group ``SIGTERM``, ``SIGKILL``), reaped, and its stdout and stderr
    descriptors are released. ``body``'s exception propagates as itself, not wrapped in
    an exception group. For one-off conversations (``detect``, ``demo``); the relay
    keeps its agents in its own task group.
    """
    failure: Exception | None = None
    outcome: _T | None = None
    async with anyio.create_task_group() as tasks:
        agent.start(tasks)
        try:
            outcome = await body(agent)
        except Exception as exc:  # re-raised below, outside the task group
            failure = exc
        finally:
            with anyio.CancelScope(shield=True):
                await agent.close(grace)
                agent.stdout.close()
                await agent.stderr_done.wait()
    if failure is not None:
        raise failure
    return cast(_T, outcome)
