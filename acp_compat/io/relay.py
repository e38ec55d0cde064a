"""The relay: the agent processes, their pipes and the client's, around one driver.

Shape (no task per message, no queue, one event-loop pass per batch of lines):

* every peer's descriptor (the client's stdin, each agent's stdout) is registered with
  the loop once (:meth:`~acp_compat.io.lines.LineReader.start`); each 64 KiB read is
  split into lines and the batch goes straight to the
  :class:`~acp_compat.io.driver.Driver`, which decodes, calls the handler (the startup
  policy, then the translator) and carries out its outputs through this relay, in the
  order of the bytes;
* writing only queues bytes on a :class:`~acp_compat.io.lines.LineWriter`: nothing ever
  waits on a pipe (the classic pipe deadlock: :mod:`acp_compat.io.lines`);
* every buffer toward a peer is bounded (behaviour.md §6, "Bounded buffers"): while the
  client is more than :data:`HIGH_WATER` bytes behind, neither the agents nor the client
  itself are read (a flooding agent, or a client sending requests and never reading the
  answers, is slowed to the client's pace); while an agent is more than
  :data:`AGENT_HIGH_WATER` bytes behind on its stdin, its own stdout is not read (the
  replies to its requests are what piles up). Which of these holds stop an agent's
  reader is one :class:`~acp_compat.translate.lifecycle.AgentFlow` per agent, moved by its
  transition table. An agent that then takes nothing from its stdin for
  :data:`STALL_TIMEOUT` seconds, or whose backlog the client's messages push past
  ``--max-line-bytes`` + :data:`AGENT_HIGH_WATER`, neither reads nor lets the relay make
  progress: it is lost (what waits on it is answered, it is stopped, the reason is
  logged). So is an agent whose stdout ends, or a write to whose stdin fails, while it
  keeps running;
* output a translator makes itself (a turn's end closing many tool calls) is held back
  by the translator and asked for on :meth:`Relay.when_client_drained`, once the
  client's queue is down to :data:`LOW_WATER`: the same bound as the agents' lines.

Agent exits (after everything the process printed), local file effects, timers and stop
requests come from small tasks and call the driver directly: everything runs on one
event loop thread, so the handler is never entered twice at once. The agents are started,
read, watched to their end and closed by the one
:class:`~acp_compat.io.process.Supervisor` (``detect`` uses it too); the relay is its
owner and adds the backpressure and the ways an agent is lost.
"""

from __future__ import annotations

import asyncio
import functools
import logging
from collections.abc import Callable

import anyio
import anyio.abc

from acp_compat.io import localfiles
from acp_compat.io.driver import Driver
from acp_compat.io.launched_agent import LaunchedAgent
from acp_compat.io.lines import LineReader, LineWriter
from acp_compat.io.process import AgentProcess, StderrSink, Supervisor, to_our_stderr
from acp_compat.io.spawn import DISCARD_GRACE
from acp_compat.io.trace import Tracer
from acp_compat.jsonrpc.framing import Event
from acp_compat.jsonrpc.messages import INTERNAL_ERROR, Message, error
from acp_compat.translate.base import ReadLocalFile, Translator, WriteLocalFile
from acp_compat.translate.exits import (
    EXIT_NO_PROTOCOL,
    describe_status,
    shell_status,
    stop_cause,
)
from acp_compat.translate.lifecycle import AgentFlow, FlowEvent
from acp_compat.translate.settings import WrapSettings
from acp_compat.translate.startup import (
    ArmTimer,
    Decided,
    Decision,
    DiscardProbe,
    StartupEffect,
    StartupPolicy,
    make_translator,
    preload_translator,
    spawn_error,
    start_failure_reason,
)

logger = logging.getLogger("acp_compat.io.relay")

HIGH_WATER = 1024 * 1024
"""Agent readers pause while more than this many bytes wait to be written to the client..."""

LOW_WATER = 256 * 1024
"""...and resume once the backlog is down to this."""

AGENT_HIGH_WATER = 8 * 1024 * 1024
"""An agent's stdout is not read while more than this waits for its stdin (about 200 000
unread chunk replies: an agent may send many requests before it reads any answer)..."""

AGENT_LOW_WATER = 1024 * 1024
"""...and is read again once its backlog is down to this."""

STALL_TIMEOUT = 30.0
"""An agent paused on its own backlog that takes no byte from its stdin for this long is
lost: it neither reads nor can write (its stdout is not read), so nothing would change."""

STDOUT_EXIT_WAIT = 1.0
"""After an agent's stdout ends, how long its exit may take to show before the agent
counts as one that closed its stdout while running (at most the grace period)."""

FLUSH_TIMEOUT = 5.0
"""How long the last messages may take to reach the client when the relay ends."""


class StartupTimers:
    """The startup policy's timers, as ``wrap`` and ``detect`` both arm them: each
    :class:`~acp_compat.translate.startup.ArmTimer` runs on its own, and when it runs out
    ``fired`` gets its token (one the policy no longer waits for is its to ignore). They
    are the loop's own timers (``call_later``), as the relay's reading is the loop's own
    readers: no task to start for them while the editor waits for its first answer."""

    def __init__(self, fired: Callable[[int], None]) -> None:
        self._fired = fired
        self._handles: list[asyncio.TimerHandle] = []

    def arm(self, timer: ArmTimer) -> None:
        """Start ``timer``."""
        loop = asyncio.get_running_loop()
        self._handles.append(loop.call_later(timer.seconds, self._fired, timer.token))

    def cancel(self) -> None:
        """No armed timer fires any more (startup is over)."""
        for handle in self._handles:
            handle.cancel()
        self._handles.clear()


class Relay:
    """Owns the agent processes, the queue and the loop of one ``wrap`` run; it is the
    driver's :class:`~acp_compat.io.driver.Peers`."""

    driver: Driver
    """Feeds the handler and carries out its outputs, from :meth:`run` or :meth:`serve`
    on."""

    def __init__(
        self,
        task_group: anyio.abc.TaskGroup,
        config: WrapSettings,
        *,
        client_in: LineReader,
        client_out: LineWriter,
        tracer: Tracer | None = None,
        stderr_sink: StderrSink | None = to_our_stderr,
        launched: LaunchedAgent | None = None,
        when_answered: Callable[[], None] | None = None,
    ) -> None:
        self._tg = task_group
        self.config = config
        """The settings of this run (argv, line limit, grace, file read cap)."""
        self._launched = launched
        """The agent started at launch, until agent 0 claims it."""
        self._when_answered = when_answered
        """Called once, after the writes of the batch that gives the client its first
        answer (its ``initialize``'s, as a rule): the start-up is over for the editor."""
        self.client_in = client_in
        self.client_out = client_out
        self.tracer = tracer
        self._supervisor = Supervisor(
            task_group,
            self,
            config.command,
            grace=config.grace,
            max_line_bytes=config.max_line_bytes,
            stderr_sink=stderr_sink,
        )
        self._flows: dict[AgentProcess, AgentFlow] = {}
        """Each agent's backpressure (:class:`~acp_compat.translate.lifecycle.AgentFlow`),
        until its exit was handled."""
        self._behind = False
        """The client is more than HIGH_WATER behind: it and the agents are not read."""
        self._low_armed = False
        """A callback waits for the client's queue to come down to LOW_WATER."""
        self._drain_waiters: list[Callable[[], None]] = []
        """Called (from the loop) once the client's queue is down to LOW_WATER."""
        self._drains_due = 0
        """Drain waiters scheduled on the loop and not yet run."""
        self._finished = anyio.Event()
        self._running = False
        self._startup: StartupPolicy | None = None
        self._launch_cwd: str | None = None
        self._timers = StartupTimers(self._timer_fired)
        self._preloaded = False
        self._single_agent = False
        self._stopping = False
        self._stop_request: int | None = None
        self._exit_code = 0

    # -- running ---------------------------------------------------------------------------

    async def run(self, translator: Translator, *, single_agent: bool) -> int:
        """Relay with ``translator`` until the client leaves, a stop request, or
        (``single_agent``) the agent's exit; the exit status."""
        self._single_agent = single_agent
        return await self._loop(translator)

    async def serve(self, policy: StartupPolicy, launch_cwd: str) -> int:
        """Start up with ``policy`` (agent 0 is started at once, in ``launch_cwd``, our own
        directory), then relay with the translation it decides; the exit status."""
        self._startup = policy
        self._launch_cwd = launch_cwd
        return await self._loop(policy)

    async def _loop(self, handler: Translator | StartupPolicy) -> int:
        """Feed ``handler`` until stopping is complete (every agent's exit handled)."""
        self.driver = Driver(
            self, handler, max_line_bytes=self.config.max_line_bytes, tracer=self.tracer
        )
        self._running = True
        if self._startup is not None:
            # The policy forwards the client's initialize and a same-protocol answer
            # unchanged: as the very bytes they came as.
            self.driver.raw_passthrough = True
            self.driver.call(self._startup.start)
        self.client_in.start(self._client_events, self._client_eof)
        self._tg.start_soon(self._watch_client_out)
        if self._stop_request is not None:
            self._stop_requested(self._stop_request)
        self._check_finished()
        await self._finished.wait()
        self.client_in.pause()
        self._timers.cancel()
        await self._supervisor.reap_all()
        await self.finish_client()
        return self._exit_code

    @property
    def agents(self) -> dict[int, AgentProcess]:
        """Agent processes by number, from start until their end was handled."""
        return self._supervisor.running

    def _check_finished(self) -> None:
        if self._stopping and not self.agents:
            self._finished.set()

    @property
    def _starting(self) -> StartupPolicy | None:
        """The startup policy while it has not decided."""
        startup = self._startup
        return startup if startup is not None and not startup.done else None

    # -- stopping ------------------------------------------------------------------------

    def request_stop(self, status: int) -> None:
        """Stop as soon as possible and exit with ``status`` (a signal arrived).

        A second request kills every agent group at once instead of waiting.
        """
        if self._stop_request is not None:
            logger.warning("second stop request: killing the agents now")
            for agent in self._supervisor.started:
                agent.kill()
            return
        self._stop_request = status
        if self._running:
            self._stop_requested(status)

    def _stop_requested(self, status: int, why: str | None = None) -> None:
        """A signal (or ``why`` else): startup answers the pending ``initialize``; then
        everything closes."""
        startup = self._starting
        if startup is not None:
            self.driver.call(functools.partial(startup.stopped, status))
        self._begin_stop(status, why or stop_cause(status))

    def _begin_stop(self, status: int, why: str, grace: float | None = None) -> None:
        """Close every agent; the loop ends once all their exits were handled."""
        if self._stopping:
            return
        logger.info("shutting down (%s)", why)
        self._stopping = True
        self._exit_code = status
        # Only a translator is told (the startup policy, also when it ended without a
        # decision, has no agents to lose: it answers what waits in its own way).
        if self.driver.handler is not self._startup:
            # What waits on an agent is answered now, naming the shutdown: the exit that
            # follows (often a clean "exit status 0" once its stdin closes) is not why the
            # request failed.
            reason = f"acp-compat is shutting down ({why})"
            for number in list(self.agents):
                self.driver.agent_lost(number, reason)
        self._supervisor.close_all(grace)
        self._check_finished()

    async def finish_client(self) -> None:
        """Let the last messages reach the client (bounded), then close our stdout."""
        with anyio.move_on_after(FLUSH_TIMEOUT):
            await self.client_out.drain()
            # What a translator still holds back (a turn's end) comes out as the client
            # drains, and the answers in it are owed too.
            while (self._drain_waiters or self._drains_due) and not self.client_out.done.is_set():
                await anyio.sleep(0)  # the drain callbacks due run now
                await self.client_out.drain()
        self.client_out.close()
        with anyio.move_on_after(FLUSH_TIMEOUT):
            await self.client_out.done.wait()

    # -- the client ------------------------------------------------------------------------

    def _client_events(self, events: list[Event]) -> None:
        """The reader callback's batch of client lines."""
        self.driver.client_events(events)
        self._hold_client_while_probing()
        if self.client_out.buffered > HIGH_WATER and not self._behind:
            self._client_is_behind()

    def _client_eof(self) -> None:
        """The client closed our stdin."""
        if self.tracer is not None:
            self.tracer.client_closed("stdin")
        startup = self._starting
        if startup is not None:
            self.driver.call(startup.client_closed)
        else:
            self._begin_stop(0, "the client closed stdin")

    def _hold_client_while_probing(self) -> None:
        """The client is not read while a probe waits: what it sends meanwhile waits in
        its pipe instead of in our memory."""
        startup = self._startup
        if startup is not None and startup.awaiting_answer and not self._stopping:
            self.client_in.pause()
        elif not self._behind:
            self.client_in.resume()

    async def _watch_client_out(self) -> None:
        """The client stopped reading our stdout (broken pipe): nobody is left to serve."""
        await self.client_out.done.wait()
        if self.client_out.broken and self._stop_request is None:
            logger.info("the client closed our stdout")
            if self.tracer is not None:
                self.tracer.client_closed("stdout")
            self._stop_request = 0
            self._stop_requested(0, "the client closed our stdout")

    # -- Peers: what the driver's outputs do -------------------------------------------------

    def when_client_drained(self, callback: Callable[[], None]) -> None:
        """Call ``callback`` from the loop once the client's queue is at LOW_WATER."""
        self._drain_waiters.append(callback)
        self._watch_client_low()

    def send_client(self, message: Message, line: bytes) -> None:
        """Queue ``message``'s line for the client."""
        self.client_out.write(line)
        if self._when_answered is not None and "method" not in message:
            # Scheduled after the flusher (lines.py), so it runs once the line is written.
            asyncio.get_running_loop().call_soon(self._when_answered)
            self._when_answered = None

    def send_agent(self, agent: int, message: Message, line: bytes) -> None:
        """Queue ``message``'s line for agent ``agent`` (dropped, logged, if it is not
        running)."""
        process = self.agents.get(agent)
        if process is None:
            logger.warning(
                "dropped a message for agent %d, which is not running: %s",
                agent,
                str(message.get("method") or message.get("id")),
            )
        elif process.closing:
            # Expected while shutting down (replies to a closing agent's last requests).
            logger.debug("dropped a message for agent %d, which is closing", agent)
        else:
            process.stdin.write(line)
            if process.stdin.buffered > self.config.max_line_bytes + AGENT_HIGH_WATER:
                # Only the client's messages get here (the agent's own replies pause
                # its reader first): after the current outputs, it is lost.
                why = f"it stopped reading its stdin ({process.stdin.buffered} bytes waiting)"
                asyncio.get_running_loop().call_soon(self._lose, process, why)

    def start_agent(self, agent: int, cwd: str | None) -> str | None:
        """Start agent process ``agent``; ``None``, or why it could not start."""
        if self._stopping:
            reason = "acp-compat is shutting down"
        elif agent in self.agents:
            reason = f"agent process {agent} is already running"
        else:
            # Agent 0 in our own directory may already run, started at launch.
            launched = self._launched if agent == 0 and cwd is None else None
            started = launched.claim(self.config.command) if launched is not None else None
            try:
                process = self._supervisor.spawn(agent, cwd, started)
            except (OSError, ValueError) as exc:
                # ValueError (UnicodeEncodeError among them): a directory no OS call can
                # take; the translator refuses those, but a spawn must never end the relay.
                # The startup policy's reason names the command; a translator names it
                # itself.
                if self._starting is not None:
                    reason = start_failure_reason(self.config.command, cwd, exc)
                else:
                    reason = spawn_error(cwd, exc)
            else:
                self._flows[process] = AgentFlow()
                if self._behind:  # started while the client is behind: held like the others
                    self._hold(process, FlowEvent.CLIENT_BEHIND)
                self._tg.start_soon(self._watch_stdin, process)
                where = cwd or "the launch directory"
                logger.info("agent %d started (pid %d) in %s", agent, process.pid, where)
                return None
        logger.warning("agent %d not started: %s", agent, reason)
        return reason

    def stop_agent(self, agent: int) -> None:
        """Close an agent process (its exit is still reported)."""
        process = self.agents.get(agent)
        if process is None:
            logger.debug("stop requested for agent %d, which is not running", agent)
            return
        self._supervisor.close(process)

    def file_effect(self, effect: ReadLocalFile | WriteLocalFile) -> None:
        """Perform a local file effect off the loop; its outcome goes to the handler."""
        done = self.driver.file_done
        self._tg.start_soon(localfiles.perform, effect, done, self.config.max_read_bytes)

    def other_output(self, output: StartupEffect) -> None:
        """The startup policy's timers, the probes it leaves behind, and its end."""
        if isinstance(output, DiscardProbe):
            self._supervisor.discard(output.agent)
        elif isinstance(output, ArmTimer):
            self._timers.arm(output)
            startup = self._starting
            if not self._preloaded and startup is not None and startup.client is not None:
                # A probe is out: import the likely translator while the agent starts.
                # On the next loop pass, so the probe is written first (the flusher runs
                # before it).
                self._preloaded = True
                asyncio.get_running_loop().call_soon(preload_translator, startup.client)
        elif isinstance(output, Decided):
            self._decided(output.decision)
        else:
            self._begin_stop(output.status, "startup ended", DISCARD_GRACE)

    def _timer_fired(self, token: int) -> None:
        startup = self._starting
        if startup is not None:
            self.driver.call(functools.partial(startup.timer_fired, token))
            self._hold_client_while_probing()

    # -- agents ----------------------------------------------------------------------------

    def _decided(self, decision: Decision) -> None:
        """Startup is over: the kept process becomes agent 0 and the translator takes
        over, first with what startup held back."""
        assert self._launch_cwd is not None
        self._timers.cancel()
        self._supervisor.renumber(decision.process, 0)
        translator = make_translator(decision, self.config, self._launch_cwd)
        if isinstance(translator, str):
            logger.error("cannot relay in %s: %s", decision.description, translator)
            for message in decision.client_messages[:1]:
                self.driver.write_client(error(message.get("id"), INTERNAL_ERROR, translator))
            self._begin_stop(EXIT_NO_PROTOCOL, "no translator", DISCARD_GRACE)
            return
        self._single_agent = decision.single_agent
        self.driver.handler = translator
        self.driver.raw_passthrough = decision.raw_passthrough
        for message in decision.client_messages:
            self.driver.from_client(message, traced=True)
        for message in decision.agent_messages:
            self.driver.from_agent(0, message, traced=True)
        if decision.agent_exit is not None:
            gone = decision.agent_exit
            self._report_exit(0, gone.returncode, gone.stderr_tail, expected=False)

    # -- the supervisor's owner: what happens to each agent ---------------------------------

    def agent_output_owed(self, agent: AgentProcess) -> bool:
        """Its stdout is still open after its group ended: while the client is slow (not
        the agent), what it printed last is still in the pipe and must be translated
        before its exit is reported; while shutting down, that is given up."""
        held = self._flows[agent].held_for_client
        if held and self._stopping:
            logger.warning(
                "agent %d: its last output is dropped (the client is not reading)", agent.number
            )
        return held and not self._stopping

    def agent_lines(self, agent: AgentProcess, events: list[Event]) -> None:
        """The reader callback's batch of lines from ``agent``."""
        driver = self.driver
        if self._starting is None:
            driver.agent_events(agent.number, events)
        else:
            # One line at a time: a decision in the middle of the batch renumbers the
            # kept process (0), and the rest of its lines go to the translator.
            for event in events:
                if not agent.discarded:
                    driver.agent_events(agent.number, [event])
            self._hold_client_while_probing()
        if self.client_out.buffered > HIGH_WATER and not self._behind:
            self._client_is_behind()
        if agent.stdin.buffered > AGENT_HIGH_WATER and not self._flows[agent].held_for_itself:
            self._agent_is_behind(agent)

    def _hold(self, agent: AgentProcess, event: FlowEvent) -> None:
        """Move ``agent``'s backpressure on ``event``; pause or resume its reader as the
        table says."""
        flow = self._flows.get(agent)
        if flow is not None and flow.apply(event):
            if flow.reading:
                agent.stdout.resume()
            else:
                agent.stdout.pause()

    def _client_is_behind(self) -> None:
        """The client is behind: stop reading every agent, and the client itself (its
        requests make answers for it too), until it caught up."""
        self._behind = True
        if self.client_in.pause():
            logger.debug(
                "the client is %d bytes behind: not reading it (or the agents) until it catches up",
                self.client_out.buffered,
            )
        for agent in self._supervisor.started:
            self._hold(agent, FlowEvent.CLIENT_BEHIND)
        self._watch_client_low()

    def _watch_client_low(self) -> None:
        """Have :meth:`_client_low` called once the client's queue is at LOW_WATER."""
        if not self._low_armed:
            self._low_armed = True
            self.client_out.call_when_below(LOW_WATER, self._client_low)

    def _client_low(self) -> None:
        """The client's queue is down to LOW_WATER: read again, wake the drain waiters."""
        self._low_armed = False
        if self._behind:
            self._behind = False
            for agent in self._supervisor.started:
                self._hold(agent, FlowEvent.CLIENT_CAUGHT_UP)
            self._hold_client_while_probing()
        waiters, self._drain_waiters = self._drain_waiters, []
        loop = asyncio.get_running_loop()
        for waiter in waiters:
            self._drains_due += 1
            loop.call_soon(self._drained, waiter)

    def _drained(self, waiter: Callable[[], None]) -> None:
        self._drains_due -= 1
        waiter()

    def _agent_is_behind(self, agent: AgentProcess) -> None:
        """An agent does not read the replies to what it sends: stop reading what it
        sends (it blocks on its full stdout pipe, not on our memory) until it caught up;
        lost if it takes nothing for :data:`STALL_TIMEOUT` seconds."""
        self._hold(agent, FlowEvent.AGENT_BEHIND)
        agent.stdin.call_when_below(
            AGENT_LOW_WATER, functools.partial(self._hold, agent, FlowEvent.AGENT_CAUGHT_UP)
        )
        self._tg.start_soon(self._watch_stall, agent, self._flows[agent])

    async def _watch_stall(self, agent: AgentProcess, flow: AgentFlow) -> None:
        stdin = agent.stdin
        while flow.held_for_itself and not stdin.done.is_set():
            before = stdin.buffered
            await anyio.sleep(STALL_TIMEOUT)
            if flow.held_for_itself and stdin.buffered >= before and not stdin.done.is_set():
                waiting = stdin.buffered
                self._lose(
                    agent,
                    f"it read nothing from its stdin for {STALL_TIMEOUT:g} s"
                    f" ({waiting} bytes waiting)",
                )
                return

    def _lose(self, agent: AgentProcess, why: str) -> None:
        """Agent ``agent`` can no longer be talked to: answer what waits on it, naming
        ``why``, and stop it (stdin closed, the grace period, then its group signalled).
        Its exit is reported as usual and ends a single-agent relay."""
        if agent.closing or agent.discarded or self.agents.get(agent.number) is not agent:
            return
        if self._starting is not None:
            return  # the startup policy's own timers decide about a probe
        logger.warning("agent %d: %s; stopping it", agent.number, why)
        self._flows[agent].lost = True
        self.driver.agent_lost(agent.number, why)
        self._supervisor.close(agent)

    def agent_stdout_ended(self, agent: AgentProcess) -> None:
        """An agent's stdout is read to its end (or given up): unless the process exits
        right after, it closed its stdout while running and can never answer again (a
        cancel would not help either)."""
        self._hold(agent, FlowEvent.STDOUT_ENDED)
        if agent.returncode is None and not agent.closing:
            why = "it closed its stdout while still running"
            self._tg.start_soon(self._lose_unless_it_exits, agent, why)

    async def _watch_stdin(self, agent: AgentProcess) -> None:
        """A write to its stdin failed (``EPIPE``: it closed its stdin): unless the process
        exits right after, it runs on deaf and nothing sent to it can be answered."""
        stdin = agent.stdin
        await stdin.done.wait()
        if stdin.broken and not agent.closing:
            problem = stdin.error.strerror if stdin.error is not None else "broken pipe"
            why = f"it closed its stdin while still running (a write failed: {problem})"
            await self._lose_unless_it_exits(agent, why)

    async def _lose_unless_it_exits(self, agent: AgentProcess, why: str) -> None:
        """:meth:`_lose` ``agent`` for ``why``, unless it exits within
        :data:`STDOUT_EXIT_WAIT` (at most the grace period)."""
        with anyio.move_on_after(min(self.config.grace, STDOUT_EXIT_WAIT)):
            await agent.exited.wait()
        if not agent.exited.is_set():
            self._lose(agent, why)

    def agent_ended(self, agent: AgentProcess) -> None:
        """An agent is gone, after everything it printed: tell the handler."""
        number = agent.number
        flow = self._flows.pop(agent, None)
        expected = agent.closing and not (flow is not None and flow.lost)
        self._report_exit(number, agent.returncode, agent.stderr_tail(), expected=expected)
        self._check_finished()

    def _report_exit(
        self, number: int, returncode: int | None, stderr_tail: str, *, expected: bool
    ) -> None:
        """Tell the handler an agent ended; a single-agent relay ends with it."""
        status = describe_status(returncode)
        (logger.info if expected else logger.warning)("agent %d ended: %s", number, status)
        self.driver.agent_exited(number, returncode, stderr_tail)
        if self._starting is None and self._single_agent and not expected:
            self._begin_stop(shell_status(returncode), f"the agent ended with {status}")
