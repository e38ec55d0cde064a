"""What a check remembers of one connection: open requests, sessions, live tool calls.

A trace shows up to two connections: the editor's with the relay (``client->relay``,
``relay->client``) and each agent process's with the relay (``relay->agent``,
``agent->relay``). Each is a :class:`Link` between a *client* and an *agent* in one
protocol; the relay plays the agent to the editor and the client to an agent. The rules
(:mod:`.rules`) read a link before a message changes it, then :meth:`Link.learn` updates
it, in this one place.

Everything kept is open: pending requests, sessions, the current turn's tool calls and
those still running, a short memory of answered ids (to tell "answered twice" from
"never asked"). Nothing grows with the length of a trace.
"""

from __future__ import annotations

import enum
from collections import OrderedDict
from collections.abc import Mapping
from typing import Any

import attrs

from acp_compat._define import define, frozen
from acp_compat.jsonrpc.messages import Kind
from acp_compat.trace.records import Record, request_key
from acp_compat.translate.probe import Protocol

RECENT_ANSWERS = 256
"""How many answered request ids a link remembers, per link (for "answered twice")."""


@frozen
class Pending:
    """A request still waiting for its answer."""

    record: Record
    method: str
    params: Any


@frozen
class Seen:
    """One message as the rules see it, on its link."""

    record: Record
    sender: str
    """``client`` or ``agent``: the sender's role on this link (the relay plays either)."""
    kind: Kind
    method: str | None
    """The message's method; for an answer, the method of the request it answers."""
    params: Any
    """A request's or notification's ``params``; an answer's ``result``."""
    asked: Pending | None = None
    """For an answer: the request it answers (``None`` when no such request is open)."""

    @property
    def message(self) -> dict[str, Any]:
        """The message itself."""
        return self.record.message


class Phase(enum.Enum):
    """Where a current-protocol session is (the agent's view, as the trace shows it)."""

    LOADING = "loading"
    """``session/load`` or ``session/resume`` sent, not yet answered: history replays."""
    IDLE = "idle"
    PROMPTING = "prompting"
    CANCELLING = "cancelling"
    """``session/cancel`` sent while prompting: the answer must be ``cancelled``."""


class Event(enum.Enum):
    """What moves a session from one :class:`Phase` to another."""

    OPENED = "the session/load or session/resume answer"
    PROMPT = "a session/prompt request"
    CANCEL = "a session/cancel notification"
    ANSWER = "the session/prompt answer"


TRANSITIONS: Mapping[Phase, Mapping[Event, Phase]] = {
    Phase.LOADING: {Event.OPENED: Phase.IDLE},
    Phase.IDLE: {Event.PROMPT: Phase.PROMPTING},
    Phase.PROMPTING: {
        Event.PROMPT: Phase.PROMPTING,
        Event.CANCEL: Phase.CANCELLING,
        Event.ANSWER: Phase.IDLE,
    },
    Phase.CANCELLING: {
        Event.PROMPT: Phase.PROMPTING,
        Event.CANCEL: Phase.CANCELLING,
        Event.ANSWER: Phase.IDLE,
    },
}
"""Every move a session makes, state → event → next state as in
:mod:`acp_compat.translate.lifecycle`; a pair not here leaves the phase as it is (a
cancel between turns, a second answer: the rules report those, the phase does not move),
since a trace is observed, not enforced."""


@define
class Session:
    """One current-protocol session: its phase, modes, and the tool calls it announced."""

    phase: Phase
    modes: bool = False
    """Whether its ``session/new`` (or load) answer offered modes."""
    config_options: bool = False
    """Whether its ``session/new`` (or load) answer offered config options."""
    tools: dict[str, bool] = attrs.Factory(dict)
    """Tool call id -> finished, for this turn's calls and those still running."""

    def move(self, event: Event) -> None:
        """Follow :data:`TRANSITIONS`."""
        self.phase = TRANSITIONS[self.phase].get(event, self.phase)
        if event is Event.PROMPT:
            self.tools = {tool: done for tool, done in self.tools.items() if not done}


@define
class LegacyTurn:
    """The open ``sendUserMessage`` of a legacy link."""

    request_id: Any
    cancel_answered: bool = False
    """``cancelSendMessage`` was answered: the turn is over but for its answer."""


FINAL_STATUSES = frozenset({"completed", "failed", "finished", "error"})
"""Tool call statuses after which a call no longer runs (current and legacy)."""

TURN_UPDATES = frozenset(
    {
        "user_message_chunk",
        "agent_message_chunk",
        "agent_thought_chunk",
        "tool_call",
        "tool_call_update",
        "plan",
    }
)
"""``session/update`` kinds that belong to a turn (the rest describe the session)."""

LEGACY_TURN_METHODS = frozenset(
    {
        "streamAssistantMessageChunk",
        "pushToolCall",
        "updateToolCall",
        "requestToolCallConfirmation",
        "updatePlan",
    }
)
"""Legacy agent requests that only a turn in progress may carry."""


class Link:
    """One connection of the trace and what is open on it."""

    def __init__(self, name: str) -> None:
        self.name = name
        """``editor`` or ``agent N``: the peer on the far side of the relay."""
        self.protocol: Protocol | None = None
        self.pending: dict[tuple[str, Any], Pending] = {}
        """Open requests by (sender, id)."""
        self.answered: OrderedDict[tuple[str, Any], None] = OrderedDict()
        """Recently answered requests by (sender, id), oldest first."""
        self.client_caps: dict[str, Any] = {}
        self.agent_caps: dict[str, Any] = {}
        self.sessions: dict[str, Session] = {}
        self.turn: LegacyTurn | None = None
        self.legacy_tools: dict[Any, bool] = {}
        """Legacy tool call ids the client returned -> finished."""
        self.drops = 0
        """Lines the relay dropped towards this link's sender: answers it may give with
        an id the trace never showed."""

    # -- reading a message ------------------------------------------------------------------------

    def see(self, record: Record, sender: str, kind: Kind) -> Seen:
        """The message of ``record`` as the rules see it (the link is not changed)."""
        message = record.message
        if kind in (Kind.REQUEST, Kind.NOTIFICATION):
            return Seen(record, sender, kind, message.get("method"), message.get("params"))
        asked = None
        if kind in (Kind.RESPONSE, Kind.ERROR):
            asked = self.pending.get((_other(sender), request_key(message.get("id"))))
        method = asked.method if asked is not None else None
        return Seen(record, sender, kind, method, message.get("result"), asked)

    def was_answered(self, sender: str, request_id: Any) -> bool:
        """Whether ``sender``'s request ``request_id`` was answered lately."""
        return (sender, request_key(request_id)) in self.answered

    # -- learning from it -----------------------------------------------------------------------

    def learn(self, seen: Seen) -> None:
        """Update what is open after ``seen`` (the rules have read the link before it)."""
        message = seen.message
        if seen.kind is Kind.REQUEST:
            key = (seen.sender, request_key(message.get("id")))
            self.pending[key] = Pending(seen.record, str(seen.method), seen.params)
        elif seen.kind in (Kind.RESPONSE, Kind.ERROR):
            if seen.asked is None:
                if self.drops and not self.was_answered(_other(seen.sender), message.get("id")):
                    self.drops -= 1  # the relay's answer to a line it dropped
                return
            key = (_other(seen.sender), request_key(message.get("id")))
            self.pending.pop(key, None)
            self.answered[key] = None
            if len(self.answered) > RECENT_ANSWERS:
                self.answered.popitem(last=False)
        else:
            if seen.kind is not Kind.NOTIFICATION:
                return
        if self.protocol is Protocol.LEGACY:
            self._learn_legacy(seen)
        else:
            self._learn_current(seen)

    def _learn_current(self, seen: Seen) -> None:
        body = seen.params if isinstance(seen.params, dict) else {}
        method = seen.method
        answer = seen.kind in (Kind.RESPONSE, Kind.ERROR)
        if method == "initialize":
            self._learn_initialize(seen, body)
            return
        asked = seen.asked.params if seen.asked is not None else None
        asked = asked if isinstance(asked, dict) else {}
        session_id = (asked if answer else body).get("sessionId")
        session = self.sessions.get(session_id) if isinstance(session_id, str) else None
        if method == "session/new" and answer and isinstance(body.get("sessionId"), str):
            self.sessions[body["sessionId"]] = Session(
                Phase.IDLE, body.get("modes") is not None, body.get("configOptions") is not None
            )
        elif method in ("session/load", "session/resume") and isinstance(session_id, str):
            if not answer:
                self.sessions[session_id] = Session(Phase.LOADING)
            elif session is not None:
                session.move(Event.OPENED)
                session.modes = body.get("modes") is not None
                session.config_options = body.get("configOptions") is not None
        elif method == "session/close" and answer and isinstance(session_id, str):
            self.sessions.pop(session_id, None)
        elif session is None:
            return
        elif method == "session/prompt":
            session.move(Event.ANSWER if answer else Event.PROMPT)
        elif method == "session/cancel":
            session.move(Event.CANCEL)
        elif method == "session/update":
            update = body.get("update")
            if isinstance(update, dict) and update.get("sessionUpdate") in (
                "tool_call",
                "tool_call_update",
            ):
                tool = update.get("toolCallId")
                if isinstance(tool, str):
                    done = session.tools.get(tool, False)
                    session.tools[tool] = done or update.get("status") in FINAL_STATUSES

    def _learn_initialize(self, seen: Seen, body: dict[str, Any]) -> None:
        if seen.kind is Kind.REQUEST:
            caps = body.get("clientCapabilities")
            self.client_caps = caps if isinstance(caps, dict) else {}
        elif seen.kind is Kind.RESPONSE:
            caps = body.get("agentCapabilities")
            self.agent_caps = caps if isinstance(caps, dict) else {}

    def _learn_legacy(self, seen: Seen) -> None:
        body = seen.params if isinstance(seen.params, dict) else {}
        method = seen.method
        answer = seen.kind in (Kind.RESPONSE, Kind.ERROR)
        if method == "sendUserMessage":
            if answer:
                self.turn = None
            else:
                self.turn = LegacyTurn(seen.message.get("id"))
                self.legacy_tools = {k: v for k, v in self.legacy_tools.items() if not v}
        elif method == "cancelSendMessage" and answer and self.turn is not None:
            self.turn.cancel_answered = True
        elif method in ("pushToolCall", "requestToolCallConfirmation") and answer:
            if "id" in body:
                self.legacy_tools[request_key(body["id"])] = False
        elif method == "updateToolCall" and not answer:
            tool = request_key(body.get("toolCallId"))
            if tool in self.legacy_tools:
                self.legacy_tools[tool] = body.get("status") in FINAL_STATUSES


def _other(sender: str) -> str:
    return "agent" if sender == "client" else "client"
