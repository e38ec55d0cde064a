"""The relay: drives one translator between the client and the agent processes.

Shape (no task per message, one consumer):

* one reader task per peer (the client's stdin, each agent's stdout) turns 64 KiB reads
  into batches of lines and puts them on one bounded queue, so the order of every
  direction is the order of the bytes;
* one loop takes the batches in order, decodes each line, calls the translator and
  carries out its outputs in the order given. Writing only queues bytes on a
  :class:`~acp_compat.io.lines.LineWriter`, whose own task drains them: the loop never
  waits on a pipe, so an agent blocked writing its stdout can never hold up the reading
  of that stdout (the classic pipe deadlock);
* agent readers pause while the client is more than :data:`HIGH_WATER` bytes behind, so
  a flooding agent is slowed down to the client's pace instead of filling memory.

Agent exits, local file effects and stop requests arrive on the same queue, after
everything the process printed before it went.
"""

from __future__ import annotations

import contextlib
import logging
import shlex
from collections.abc import Callable, Sequence
from typing import cast

import anyio
import anyio.abc
import attrs

from acp_compat.io import localfiles
from acp_compat.io.inbound import decode_agent, decode_client_event, handle_dropped
from acp_compat.io.lines import LineReader, LineWriter
from acp_compat.io.process import (
    AgentProcess,
    StderrSink,
    describe_status,
    shell_status,
    to_our_stderr,
)
from acp_compat.io.trace import AGENT_IN, AGENT_OUT, CLIENT_IN, CLIENT_OUT, Tracer
from acp_compat.jsonrpc.framing import DroppedLine, Event, encode
from acp_compat.jsonrpc.messages import INTERNAL_ERROR, Message, error
from acp_compat.translate.base import (
    Output,
    ReadLocalFile,
    StartAgent,
    StopAgent,
    ToAgent,
    ToClient,
    Translator,
    WriteLocalFile,
)

logger = logging.getLogger("acp_compat.io.relay")

QUEUE_SIZE = 16
"""Batches (one read's worth of lines each) waiting for the loop, across all peers."""

HIGH_WATER = 1024 * 1024
"""Agent readers pause while more than this many bytes wait to be written to the client..."""

LOW_WATER = 256 * 1024
"""...and resume once the backlog is down to this."""

FLUSH_TIMEOUT = 5.0
"""How long the last messages may take to reach the client when the relay ends."""


@attrs.frozen
class RelayConfig:
    """How agent processes are started and closed."""

    argv: tuple[str, ...]
    max_line_bytes: int
    grace: float
    stderr_sink: StderrSink | None = to_our_stderr


@attrs.frozen(eq=False)
class _Lines:
    """A batch of line events from the client (``agent`` ``None``) or one agent."""

    agent: AgentProcess | None
    events: list[Event]


@attrs.frozen
class _ClientEof:
    """The client closed our stdin."""


@attrs.frozen(eq=False)
class _AgentDone:
    """An agent process exited and its output was read to the end."""

    agent: AgentProcess


@attrs.frozen
class _FileDone:
    """A local file effect finished."""

    token: int
    content: str | None
    error: str | None


@attrs.frozen
class _Wake:
    """Look at the stop request (a signal arrived)."""


_Item = _Lines | _ClientEof | _AgentDone | _FileDone | _Wake


def start_failure_reason(argv: Sequence[str], cwd: str | None, exc: OSError) -> str:
    """Why an agent could not start, naming the command (and cwd) and the OS error."""
    where = f" in {cwd}" if cwd is not None else ""
    return f"cannot start agent command {shlex.join(argv)!r}{where}: {exc}"


class Relay:
    """Owns the agent processes, the queue and the loop of one ``wrap`` run."""

    def __init__(
        self,
        task_group: anyio.abc.TaskGroup,
        config: RelayConfig,
        *,
        client_in: LineReader,
        client_out: LineWriter,
        tracer: Tracer | None = None,
    ) -> None:
        self._tg = task_group
        self.config = config
        self.client_in = client_in
        self.client_out = client_out
        self.tracer = tracer
        self.agents: dict[int, AgentProcess] = {}
        """Agent processes by number, from start until their exit was handled."""
        self._spawned: list[AgentProcess] = []
        self._supervised: set[AgentProcess] = set()
        """Agents whose stdout the relay's own reader task reads (and closes)."""
        self._paused: set[AgentProcess] = set()
        """Agents whose reader waits for the client to catch up."""
        self._send, self._receive = anyio.create_memory_object_stream[_Item](QUEUE_SIZE)
        self._translator: Translator | None = None
        self._raw_passthrough = False
        self._single_agent = False
        self._stopping = False
        self._stop_request: int | None = None
        self._stop_scopes: set[anyio.CancelScope] = set()
        self._exit_code = 0

    # -- agent processes ---------------------------------------------------------------

    def spawn(self, number: int, cwd: str | None = None) -> AgentProcess:
        """Start agent process ``number`` (raises ``OSError``) and its background tasks."""
        agent = AgentProcess.spawn(
            number,
            self.config.argv,
            cwd,
            max_line_bytes=self.config.max_line_bytes,
            stderr_sink=self.config.stderr_sink,
        )
        agent.start(self._tg)
        self._spawned.append(agent)
        self.agents[number] = agent
        return agent

    def discard(self, agent: AgentProcess) -> None:
        """Close an agent nobody will talk to again (a failed probe), in the background."""
        if self.agents.get(agent.number) is agent:
            del self.agents[agent.number]
        self._tg.start_soon(self._close_unread, agent)

    async def _close_unread(self, agent: AgentProcess) -> None:
        """Close an agent whose stdout has no reader task, then that stdout too (only a
        reader closes it otherwise: a discarded probe's pipe would stay open)."""
        await agent.close(self.config.grace)
        agent.stdout.close()

    # -- stopping ------------------------------------------------------------------------

    @property
    def stop_requested(self) -> bool:
        """Whether a signal asked the relay to stop."""
        return self._stop_request is not None

    @property
    def stop_status(self) -> int | None:
        """The exit status a stop request asked for, if one came."""
        return self._stop_request

    def request_stop(self, status: int) -> None:
        """Stop as soon as possible and exit with ``status`` (a signal arrived).

        A second request kills every agent group at once instead of waiting.
        """
        if self._stop_request is not None:
            logger.warning("second stop request: killing the agents now")
            for agent in self._spawned:
                agent.kill()
            return
        self._stop_request = status
        for scope in self._stop_scopes:
            scope.cancel()
        # If the queue is full the loop is busy and sees the request before its next item.
        with contextlib.suppress(anyio.WouldBlock):
            self._send.send_nowait(_Wake())

    def stop_scope(self) -> anyio.CancelScope:
        """A cancel scope that a stop request cancels (for waits before the loop runs)."""
        scope = anyio.CancelScope()
        self._stop_scopes.add(scope)
        if self._stop_request is not None:
            scope.cancel()
        return scope

    async def close_all(self) -> None:
        """Close every agent ever started and wait until all their groups are gone."""
        async with anyio.create_task_group() as tg:
            for agent in self._spawned:
                if agent in self._supervised:
                    tg.start_soon(agent.close, self.config.grace)
                else:
                    tg.start_soon(self._close_unread, agent)

    # -- the loop --------------------------------------------------------------------------

    async def run(
        self,
        translator: Translator,
        *,
        single_agent: bool,
        raw_passthrough: bool = False,
        first_messages: Sequence[tuple[Message, bytes | None]] = (),
    ) -> int:
        """Relay until the client leaves, a stop request, or (``single_agent``) the
        agent's exit; returns the exit status. Agents already started are taken over.

        ``raw_passthrough``: a message the translator returns unchanged (the very same
        object) is written as the bytes it arrived as. ``first_messages`` are client
        messages already read (the ``initialize``), handled before anything else.
        """
        self._translator = translator
        self._single_agent = single_agent
        self._raw_passthrough = raw_passthrough
        self._tg.start_soon(self._read_client)
        self._tg.start_soon(self._watch_client_out)
        for agent in list(self.agents.values()):
            self._supervise_soon(agent)
        for message, raw in first_messages:
            self._from_client(message, raw, traced=True)
        while True:
            if self._stop_request is not None and not self._stopping:
                self._begin_stop(self._stop_request, "stop requested")
            if self._stopping and not self.agents:
                break
            item = await self._receive.receive()
            self._handle(item)
        await self.close_all()
        await self.finish_client()
        return self._exit_code

    async def finish_client(self) -> None:
        """Let the last messages reach the client (bounded), then close our stdout."""
        with anyio.move_on_after(FLUSH_TIMEOUT):
            await self.client_out.drain()
        self.client_out.close()
        with anyio.move_on_after(FLUSH_TIMEOUT):
            await self.client_out.done.wait()

    def _begin_stop(self, status: int, why: str) -> None:
        """Close every agent; the loop ends once all their exits were handled."""
        if self._stopping:
            return
        logger.info("shutting down (%s)", why)
        self._stopping = True
        self._exit_code = status
        for agent in self.agents.values():
            self._tg.start_soon(agent.close, self.config.grace)

    def _handle(self, item: _Item) -> None:
        """One queue item, in order."""
        if isinstance(item, _Lines):
            if item.agent is None:
                self._client_lines(item.events)
            else:
                self._agent_lines(item.agent, item.events)
        elif isinstance(item, _AgentDone):
            self._agent_done(item.agent)
        elif isinstance(item, _FileDone):
            self._carry_out(self._call(lambda t: t.file_done(item.token, item.content, item.error)))
        elif isinstance(item, _ClientEof):
            self._begin_stop(0, "the client closed stdin")

    def _call(self, step: Callable[[Translator], list[Output]]) -> list[Output]:
        """Run a translator call, logging (not propagating) a bug inside it."""
        assert self._translator is not None
        try:
            outputs = step(self._translator)
        except Exception:
            logger.exception("translator error")
            return []
        return outputs

    # -- client side -----------------------------------------------------------------------

    async def _read_client(self) -> None:
        """Reader task: the client's lines, then its end."""
        while True:
            events = await self.client_in.read_events()
            if events is None:
                break
            await self._send.send(_Lines(None, events))
        await self._send.send(_ClientEof())

    async def _watch_client_out(self) -> None:
        """The client stopped reading our stdout (broken pipe): nobody is left to serve."""
        await self.client_out.done.wait()
        if self.client_out.broken and self._stop_request is None:
            logger.info("the client closed our stdout")
            self._stop_request = 0
            with contextlib.suppress(anyio.WouldBlock):
                self._send.send_nowait(_Wake())

    def _client_lines(self, events: list[Event]) -> None:
        """Decode a batch of client lines, answering bad ones, translating the rest."""
        for event in events:
            message, reply = decode_client_event(event, self.config.max_line_bytes)
            if reply is not None:
                self.write_client(reply, None, None)
            if message is None:
                continue
            # A stand-in for a dropped response has no raw bytes to pass through.
            self._from_client(message, event if type(event) is bytes else None)

    def _from_client(self, message: Message, raw: bytes | None, *, traced: bool = False) -> None:
        """Hand one client message to the translator and carry out the result."""
        tracer = self.tracer
        if tracer is not None and not traced:
            tracer.record(CLIENT_IN, message)
        assert self._translator is not None
        try:
            outputs = self._translator.from_client(message)
        except Exception:
            logger.exception("translator error on a client message")
            if "method" in message and "id" in message:
                self.write_client(
                    error(message["id"], INTERNAL_ERROR, "Internal error in acp-compat"),
                    None,
                    None,
                )
            return
        hint = tracer.session_of(message) if tracer is not None else None
        self._carry_out(outputs, raw, message, None, hint)

    def write_client(
        self, message: Message, raw: bytes | None, agent: int | None, hint: str | None = None
    ) -> None:
        """Queue a message for the client (as ``raw`` bytes when given)."""
        if self.tracer is not None:
            self.tracer.record(CLIENT_OUT, message, agent=agent, session=hint)
        out = self.client_out
        if raw is not None:
            out.write(raw)
            out.write(b"\n")
            return
        data = _encode(message)
        if data is not None:
            out.write(data)

    # -- agent side --------------------------------------------------------------------------

    def _supervise_soon(self, agent: AgentProcess) -> None:
        """Hand an agent's stdout to a reader task (from now on it closes that stdout)."""
        self._supervised.add(agent)
        self._tg.start_soon(self._supervise, agent)

    async def _supervise(self, agent: AgentProcess) -> None:
        """Read an agent to its end, then report its exit after everything it printed."""
        async with anyio.create_task_group() as tg:
            tg.start_soon(self._read_agent, agent)
            await agent.exited.wait()
            # A launcher's child may still run and hold stdout: it gets the grace period,
            # then the group is terminated, which ends stdout too.
            await agent.settle(self.config.grace)
            while True:
                with anyio.move_on_after(self.config.grace) as waited:
                    await agent.stdout_done.wait()
                if not waited.cancelled_caught:
                    break
                if agent in self._paused and not self._stopping:
                    # The client is slow, not the agent: what it printed last is still
                    # in the pipe and must be translated before its exit is reported.
                    continue
                if agent in self._paused:
                    logger.warning(
                        "agent %d: its last output is dropped (the client is not reading)",
                        agent.number,
                    )
                else:
                    logger.warning(
                        "agent %d: stdout still open after its process group ended",
                        agent.number,
                    )
                tg.cancel_scope.cancel()
                break
        with anyio.move_on_after(self.config.grace):
            await agent.stderr_done.wait()
        await self._send.send(_AgentDone(agent))

    async def _read_agent(self, agent: AgentProcess) -> None:
        """Reader task: an agent's stdout, paced by the client's backlog."""
        client_out = self.client_out
        try:
            while True:
                if client_out.buffered > HIGH_WATER:
                    self._paused.add(agent)
                    try:
                        await client_out.wait_below(LOW_WATER)
                    finally:
                        self._paused.discard(agent)
                events = await agent.stdout.read_events()
                if events is None:
                    break
                await self._send.send(_Lines(agent, events))
        finally:
            agent.stdout.close()
            agent.stdout_done.set()

    def _agent_lines(self, agent: AgentProcess, events: list[Event]) -> None:
        """Decode a batch of agent lines, skipping bad ones, translating the rest."""
        number = agent.number
        source = f"agent {number}"
        tracer = self.tracer
        translator = self._translator
        assert translator is not None
        for event in events:
            raw: bytes | None
            if type(event) is bytes:  # the hot path: a complete line
                raw = event
                decoded = decode_agent(raw, source)
                if decoded is None:
                    continue
                message = decoded
            else:
                stand_in, reply = handle_dropped(
                    cast(DroppedLine, event), self.config.max_line_bytes, source, "the agent"
                )
                if reply is not None:
                    self._write_agent(number, reply, None, None)
                if stand_in is None:
                    continue
                raw, message = None, stand_in  # fails the request it answered
            if tracer is not None:
                tracer.record(AGENT_IN, message, agent=number)
            try:
                outputs = translator.from_agent(number, message)
            except Exception:
                logger.exception("translator error on a message from agent %d", number)
                if "method" in message and "id" in message:
                    self._write_agent(
                        number,
                        error(message["id"], INTERNAL_ERROR, "Internal error in acp-compat"),
                        None,
                        None,
                    )
                continue
            self._carry_out(outputs, raw, message, number, None)

    def _write_agent(
        self, number: int, message: Message, raw: bytes | None, hint: str | None
    ) -> None:
        """Queue a message for agent ``number`` (dropped, logged, if it is not running)."""
        agent = self.agents.get(number)
        if self.tracer is not None:
            self.tracer.record(AGENT_OUT, message, agent=number, session=hint)
        if agent is not None and agent.closing:
            # Expected while shutting down (replies to a closing agent's last requests).
            logger.debug("dropped a message for agent %d, which is closing", number)
            return
        if agent is None:
            logger.warning(
                "dropped a message for agent %d, which is not running: %s",
                number,
                str(message.get("method") or message.get("id")),
            )
            return
        if raw is not None:
            agent.stdin.write(raw)
            agent.stdin.write(b"\n")
            return
        data = _encode(message)
        if data is not None:
            agent.stdin.write(data)

    def _agent_done(self, agent: AgentProcess) -> None:
        """An agent is gone: tell the translator; a single-agent relay ends with it."""
        number = agent.number
        if self.agents.get(number) is agent:
            del self.agents[number]
        status = describe_status(agent.returncode)
        expected = agent.closing
        (logger.info if expected else logger.warning)("agent %d ended: %s", number, status)
        outputs = self._call(
            lambda t: t.agent_exited(number, agent.returncode, agent.stderr_tail())
        )
        self._carry_out(outputs)
        if self._single_agent and not expected:
            self._begin_stop(shell_status(agent.returncode), f"the agent ended with {status}")

    # -- outputs -------------------------------------------------------------------------------

    def _carry_out(
        self,
        outputs: list[Output],
        raw: bytes | None = None,
        source: Message | None = None,
        agent: int | None = None,
        hint: str | None = None,
    ) -> None:
        """Carry out a translator's outputs strictly in order.

        Effects that fail at once (an agent that cannot start) are reported to the
        translator immediately and *its* outputs carried out before the rest.
        """
        raw_ok = self._raw_passthrough and raw is not None
        for output in outputs:
            kind = type(output)
            if kind is ToClient:
                message = output.message  # type: ignore[union-attr]
                self.write_client(
                    message, raw if raw_ok and message is source else None, agent, hint
                )
            elif kind is ToAgent:
                message = output.message  # type: ignore[union-attr]
                self._write_agent(
                    output.agent,  # type: ignore[union-attr]
                    message,
                    raw if raw_ok and message is source else None,
                    hint,
                )
            elif isinstance(output, StartAgent):
                self._start_agent(output)
            elif isinstance(output, StopAgent):
                self._stop_agent(output.agent)
            elif isinstance(output, (ReadLocalFile, WriteLocalFile)):
                self._tg.start_soon(self._file_effect, output)
            else:
                logger.error("unknown translator output %r", output)

    def _start_agent(self, effect: StartAgent) -> None:
        """Start an agent process for the translator, or report why it cannot."""
        number = effect.agent
        if self._stopping:
            reason = "acp-compat is shutting down"
        elif number in self.agents:
            reason = f"agent process {number} is already running"
        else:
            try:
                agent = self.spawn(number, effect.cwd)
            except OSError as exc:
                reason = start_failure_reason(self.config.argv, effect.cwd, exc)
            else:
                logger.info(
                    "agent %d started (pid %d) in %s",
                    number,
                    agent.pid,
                    effect.cwd or "the launch directory",
                )
                self._supervise_soon(agent)
                return
        logger.warning("agent %d not started: %s", number, reason)
        self._carry_out(self._call(lambda t: t.agent_start_failed(number, reason)))

    def _stop_agent(self, number: int) -> None:
        """Close an agent process (its exit is still reported)."""
        agent = self.agents.get(number)
        if agent is None:
            logger.debug("stop requested for agent %d, which is not running", number)
            return
        if not agent.closing:
            agent.closing = True  # at once: later outputs must not reach its stdin
            self._tg.start_soon(agent.close, self.config.grace)

    async def _file_effect(self, effect: ReadLocalFile | WriteLocalFile) -> None:
        """Perform a local file effect off the loop and queue its outcome."""
        content, problem = await localfiles.perform(effect)
        await self._send.send(_FileDone(effect.token, content, problem))


def _encode(message: Message) -> bytes | None:
    """A message as a line, or ``None`` (logged) when it cannot be JSON."""
    try:
        return encode(message)
    except (TypeError, ValueError) as exc:
        logger.error("cannot encode a message (%s); dropped: %r", exc, message)
        return None
