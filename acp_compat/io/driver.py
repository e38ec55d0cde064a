"""The one place that feeds a sans-IO handler and carries out what it returns.

A handler is a translator (:class:`~acp_compat.translate.base.Translator`) or, before the
translation is known, the startup policy
(:class:`~acp_compat.translate.startup.StartupPolicy`); both take the same events and
return lists of outputs. The relay (agent processes) and the shim (agent objects) differ
only in how an output reaches a peer, which they provide as :class:`Peers`; everything
else lives here, once:

* decoding line events (:mod:`acp_compat.io.inbound`): bad client lines are answered,
  bad agent lines logged and skipped;
* :meth:`Driver.carry_out`, which dispatches every output strictly in order;
* :meth:`Driver._failed`, the one guard: a handler that raises is logged, and a request
  that was being handled gets a ``-32603`` for whoever waits on it, so one bug never ends
  the relay nor leaves a peer hanging;
* :meth:`Driver._line`, the one place a message is encoded;
* the tracer (``--trace``), told of every message in and out, and of what startup
  decided.

Everything here is synchronous and runs inline in the reader's callback: no queue hop
between reading a line and translating it, and no library lookups per message.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, Protocol, cast

from acp_compat._lazy import lazy_module
from acp_compat.io.inbound import (
    RefusalSink,
    StandIn,
    decode_line,
    handle_dropped,
)
from acp_compat.io.trace import Tracer, session_of
from acp_compat.jsonrpc.framing import DroppedLine, Event, encode
from acp_compat.jsonrpc.messages import INTERNAL_ERROR, Message, error, valid_id
from acp_compat.translate.base import (
    AwaitClientDrain,
    ReadLocalFile,
    StartAgent,
    StopAgent,
    ToAgent,
    ToClient,
    Translator,
    WriteLocalFile,
)
from acp_compat.translate.startup import (
    ArmTimer,
    Decided,
    DiscardProbe,
    Finish,
    StartupEffect,
    StartupPolicy,
)

if TYPE_CHECKING:
    from acp_compat.trace import records
else:
    records = lazy_module("acp_compat.trace.records")  # the direction names, when tracing

logger = logging.getLogger("acp_compat.io.driver")

INTERNAL = "Internal error in acp-compat"
"""The message of the ``-32603`` sent for a request a handler failed on."""


Handler = Translator | StartupPolicy
"""What the driver feeds: a translator, or the startup policy before it (both take the
same events and return their outputs)."""


class Peers(Protocol):
    """How outputs reach the peers: what the relay and the shim each provide."""

    def send_client(self, message: Message, line: bytes) -> None:
        """Deliver ``message`` to the client; ``line`` is the same message encoded (the
        bytes it arrived as, when passed through), for a shell that writes to a pipe."""
        ...

    def send_agent(self, agent: int, message: Message, line: bytes) -> None:
        """Deliver ``message`` to agent ``agent`` (``line`` as for :meth:`send_client`),
        or drop it, logged, if that agent is gone."""
        ...

    def start_agent(self, agent: int, cwd: str | None) -> str | None:
        """Start agent ``agent``; ``None`` when it runs, else why it could not start."""
        ...

    def stop_agent(self, agent: int) -> None:
        """Close agent ``agent`` (its exit is still reported)."""
        ...

    def file_effect(self, effect: ReadLocalFile | WriteLocalFile) -> None:
        """Perform a file effect off the loop; its outcome comes back as ``file_done``."""
        ...

    def other_output(self, output: StartupEffect) -> None:
        """A startup policy's own output (timers, a probe left behind, the end of
        startup)."""
        ...

    def when_client_drained(self, callback: Callable[[], None]) -> None:
        """Call ``callback`` (from the loop, never inside this call) once the client's
        queue is low again."""
        ...


class Driver:
    """Feeds one handler at a time and carries out its outputs through ``peers``."""

    def __init__(
        self,
        peers: Peers,
        handler: Handler,
        *,
        max_line_bytes: int,
        tracer: Tracer | None = None,
    ) -> None:
        self.peers = peers
        self.handler = handler
        """The handler fed (the startup policy until it decided, then the translator)."""
        self.max_line_bytes = max_line_bytes
        self.tracer = tracer
        self.raw_passthrough = False
        """A message the handler returns unchanged (the very same object) is written as
        the bytes it arrived as."""
        self._carrying_out = 0
        self._unsent: list[tuple[int | None, Message]] = []
        """Stand-in answers for requests that could not be encoded, by the peer they were
        for (``None``: the client); handled once the current outputs are carried out."""

    # -- line events -----------------------------------------------------------------------

    def client_events(self, events: list[Event]) -> None:
        """A batch of client line events: answer bad lines, handle the rest in order."""
        refused = None if self.tracer is None else self._refused_by(None)
        for event in events:
            if type(event) is bytes:
                message, reply = decode_line(event, "client", refused)
            else:
                message, reply = self._dropped(None, cast(DroppedLine, event))
            if reply is not None:
                self.write_client(reply)
            if message is not None:
                # A stand-in for a response that could not be read has no raw bytes to
                # pass through.
                raw = event if type(event) is bytes and type(message) is dict else None
                self.from_client(message, raw)

    def agent_events(self, agent: int, events: list[Event]) -> None:
        """A batch of line events from agent ``agent``: skip bad lines, handle the rest."""
        source = f"agent {agent}"
        refused = None if self.tracer is None else self._refused_by(agent)
        for event in events:
            raw: bytes | None
            if type(event) is bytes:  # the hot path: a complete line
                raw = event
                message, reply = decode_line(event, source, refused)
                if type(message) is not dict:  # a stand-in: there are no bytes to pass on
                    raw = None
            else:
                raw = None
                message, reply = self._dropped(agent, cast(DroppedLine, event))
            if reply is not None:  # a request that could not be read
                self.write_agent(agent, reply)
            if message is not None:
                self.from_agent(agent, message, raw)

    def _dropped(
        self, agent: int | None, dropped: DroppedLine
    ) -> tuple[Message | None, Message | None]:
        """A line of the client's (``agent`` ``None``) or an agent's, dropped for its
        length: traced, logged; the stand-in for the handler and the reply."""
        side, source = ("client", "client") if agent is None else ("agent", f"agent {agent}")
        if self.tracer is not None:
            self.tracer.event(records.DROPPED_LINE, agent=agent, side=side, size=dropped.size)
        return handle_dropped(dropped, self.max_line_bytes, source)

    def _refused_by(self, agent: int | None) -> RefusalSink:
        """What traces a line of the client's (``agent`` ``None``) or ``agent``'s refused
        undecoded, before its answer."""
        tracer = self.tracer
        assert tracer is not None
        return lambda members: tracer.event(records.REFUSED_LINE, agent=agent, **members)

    # -- handler calls ---------------------------------------------------------------------

    def from_client(
        self, message: Message, raw: bytes | None = None, *, traced: bool = False
    ) -> None:
        """One client message through the handler."""
        tracer = self.tracer
        hint = None
        if tracer is not None:
            if not traced:
                tracer.record(records.CLIENT_IN, message)
            hint = session_of(message)
        try:
            outputs = self.handler.from_client(message)
        except Exception:
            self._failed(message, None)
            return
        self.carry_out(outputs, raw, message, None, hint)

    def from_agent(
        self, agent: int, message: Message, raw: bytes | None = None, *, traced: bool = False
    ) -> None:
        """One message from agent ``agent`` through the handler."""
        if self.tracer is not None and not traced:
            self.tracer.record(records.AGENT_IN, message, agent=agent)
        try:
            outputs = self.handler.from_agent(agent, message)
        except Exception:
            self._failed(message, agent)
            return
        self.carry_out(outputs, raw, message, agent, None)

    def agent_exited(self, agent: int, returncode: int | None, stderr_tail: str) -> None:
        """Agent ``agent`` is gone (after everything it printed was handled)."""
        if self.tracer is not None:
            self.tracer.event(
                "agent_exited", agent=agent, returncode=returncode, stderr=stderr_tail
            )
        handler = self.handler
        self.call(lambda: handler.agent_exited(agent, returncode, stderr_tail))

    def agent_lost(self, agent: int, reason: str) -> None:
        """Agent ``agent`` can no longer be talked to (only translators are told)."""
        if self.tracer is not None:
            self.tracer.event("agent_lost", agent=agent, reason=reason)
        handler: Any = self.handler
        self.call(lambda: handler.agent_lost(agent, reason))

    def agent_start_failed(self, agent: int, reason: str) -> None:
        """Agent ``agent`` could not be started."""
        if self.tracer is not None:
            self.tracer.event("agent_start_failed", agent=agent, reason=reason)
        handler = self.handler
        self.call(lambda: handler.agent_start_failed(agent, reason))

    def file_done(self, token: int, content: str | None, problem: str | None) -> None:
        """A file effect finished (only translators ask for them)."""
        handler: Any = self.handler
        self.call(lambda: handler.file_done(token, content, problem))

    def call(self, step: Callable[[], Sequence[Any]]) -> None:
        """Any other handler call for an event that is no message (the startup policy's
        timer, stop, client gone; a translator's ``client_drained``); a bug inside it is
        logged (:meth:`_failed`) and yields no outputs."""
        try:
            outputs = step()
        except Exception:
            self._failed(None, None)
            return
        self.carry_out(outputs)

    def _failed(self, source: Message | None, sender: int | None) -> None:
        """The one guard, called while a handler's exception is being handled (message
        calls catch it inline, being the hot path): log it, and if ``source`` is a
        request, give its sender (the client, or agent ``sender``) a ``-32603`` instead
        of silence. Nothing else is lost: the relay goes on."""
        logger.exception("internal error handling %s", _what(source, sender))
        if source is not None and "method" in source and "id" in source:
            answer = error(source["id"], INTERNAL_ERROR, INTERNAL)
            if sender is None:
                self.write_client(answer)
            else:
                self.write_agent(sender, answer)

    # -- outputs ---------------------------------------------------------------------------

    def carry_out(
        self,
        outputs: Sequence[Any],
        raw: bytes | None = None,
        source: Message | None = None,
        agent: int | None = None,
        hint: str | None = None,
    ) -> None:
        """Carry out a handler's outputs strictly in order (the one dispatch place).

        An output that is ``source`` itself, unchanged, is written as the bytes ``raw``
        it arrived as when the handler passes messages through. A request that could not
        be encoded is answered by a stand-in, handled after these outputs.
        """
        self._carrying_out += 1
        try:
            raw_ok = self.raw_passthrough and raw is not None
            for output in outputs:
                kind = type(output)
                if kind is ToClient:
                    message = output.message
                    passed = raw if raw_ok and message is source else None
                    self.write_client(message, passed, agent, hint)
                elif kind is ToAgent:
                    message = output.message
                    passed = raw if raw_ok and message is source else None
                    self.write_agent(output.agent, message, passed, hint)
                else:
                    self._effect(output)
        finally:
            self._carrying_out -= 1
        while self._unsent and not self._carrying_out:
            peer, stand_in = self._unsent.pop(0)
            if peer is None:
                self.from_client(stand_in)
            else:
                self.from_agent(peer, stand_in)

    def _effect(self, output: Any) -> None:
        """Carry out an output that is no message."""
        kind = type(output)
        if kind is StartAgent:
            reason = self.peers.start_agent(output.agent, output.cwd)
            if reason is not None:
                self.agent_start_failed(output.agent, reason)
        elif kind is StopAgent:
            self.peers.stop_agent(output.agent)
        elif kind is ReadLocalFile or kind is WriteLocalFile:
            self.peers.file_effect(output)
        elif kind is AwaitClientDrain:
            # Only translators ask; the one in place once the client caught up is told.
            self.peers.when_client_drained(
                lambda: self.call(cast(Any, self.handler).client_drained)
            )
        elif kind is ArmTimer or kind is DiscardProbe or kind is Decided or kind is Finish:
            if self.tracer is not None and kind is not ArmTimer:
                self.tracer.startup(output)  # what startup decided, before it is done
            self.peers.other_output(output)
        else:
            logger.error("unknown output %r", output)

    def write_client(
        self,
        message: Message,
        raw: bytes | None = None,
        agent: int | None = None,
        hint: str | None = None,
    ) -> None:
        """Send ``message`` to the client, as the line ``raw`` when given (the bytes it
        arrived as); ``agent`` and ``hint`` (its session) are for the trace."""
        if self.tracer is not None:
            self.tracer.record(records.CLIENT_OUT, message, agent=agent, session=hint)
        line = self._line(None, message) if raw is None else raw + b"\n"
        if line is not None:
            self.peers.send_client(message, line)

    def write_agent(
        self,
        agent: int,
        message: Message,
        raw: bytes | None = None,
        hint: str | None = None,
    ) -> None:
        """Send ``message`` to agent ``agent``, as the line ``raw`` when given (the bytes
        it arrived as); ``hint`` (its session) is for the trace."""
        if self.tracer is not None:
            self.tracer.record(records.AGENT_OUT, message, agent=agent, session=hint)
        line = self._line(agent, message) if raw is None else raw + b"\n"
        if line is not None:
            self.peers.send_agent(agent, message, line)

    def _line(self, peer: int | None, message: Message) -> bytes | None:
        """``message`` encoded for ``peer`` (``None``: the client): the one place messages
        are encoded. One that cannot be written still settles what waits on it: a
        response is replaced by a ``-32603`` for the same request; a request gets a
        stand-in error answer, handled as if ``peer`` had sent it (after the outputs being
        carried out); a notification is dropped. All logged."""
        try:
            return encode(message)
        except Exception as exc:  # the one rule: nothing from encoding ends the relay
            logger.error("cannot encode a message (%s): %.300r", exc, message)
            problem = {"details": f"acp-compat could not encode a message: {exc}"}
        request_id = message.get("id") if isinstance(message, dict) else None
        if not valid_id(request_id) or not isinstance(message, dict) or "id" not in message:
            return None
        if "method" in message:
            answer = error(request_id, INTERNAL_ERROR, "Request could not be sent", problem)
            self._unsent.append((peer, StandIn(answer)))
            return None
        return encode(error(request_id, INTERNAL_ERROR, "Answer could not be encoded", problem))


def _what(source: Message | None, sender: int | None) -> str:
    """What a failed handler call was about, for the log."""
    if source is None:
        return "an event"
    origin = "the client" if sender is None else f"agent {sender}"
    name = source.get("method") or f"the response to {source.get('id')!r}"
    return f"{name} from {origin}"
