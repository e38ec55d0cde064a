"""The one interpreter of a trace: what is open on each link, record by record (sans-IO).

A trace shows the editor's link with the relay (``client->relay``, ``relay->client``)
and each agent process's (``relay->agent``, ``agent->relay``): a :class:`Link` between a
*client* and an *agent* in one protocol (the relay plays either). :class:`Links` routes
each record to its link, which learns its protocol from its own ``initialize`` and keeps
what is open: pending requests, sessions (in the one session machine,
:data:`~acp_compat.translate.lifecycle.SESSION_TRANSITIONS`) and their tool calls.
What the relay decided (a probe left behind, the translation, the client closing its
end) is taken from its own records where the trace has them (:meth:`Links.event`); a
trace written before those records has the protocols learnt from each link's
``initialize``.
``trace --check``'s rules (:mod:`.rules`) read a link before a message changes it
(:meth:`Links.see`, then :meth:`Links.learn`); the conversation (:mod:`.conversation`)
builds what an editor showed from the same :class:`Seen` and the sessions and tool calls
followed here (:attr:`Link.lenient`). Which session event a message
stands for (a prompt, a client's cancel, a turn's end) is :data:`SESSION_EVENTS`; on a
v2 link the turn is what ``state_update`` says (:data:`STATE_EVENTS`), and its updates
are upserts (the first ``tool_call_update`` of an id creates the call).

Everything kept is open (and a short memory of answered ids, to tell "answered twice"
from "never asked", and, read leniently, of sessions closed lately): nothing grows with
the length of a trace.
"""

from __future__ import annotations

from collections import OrderedDict
from typing import Any

import attrs

from acp_compat._define import define
from acp_compat.jsonrpc.messages import Kind, classify
from acp_compat.models.mapping import (
    CURRENT_FINAL_STATUSES,
    LEGACY_FINAL_STATUSES,
    V2_FINAL_STATUSES,
)
from acp_compat.trace.records import (
    AGENT_EXITED,
    AGENT_IN,
    AGENT_LOST,
    AGENT_OUT,
    AGENT_START_FAILED,
    CLIENT_IN,
    CLIENT_OUT,
    DROPPED_LINE,
    PROBE_DISCARDED,
    REFUSED_LINE,
    ClientClosed,
    Record,
    RelayEvent,
    TranslationChosen,
    request_key,
)
from acp_compat.trace.schema import pinned
from acp_compat.translate.lifecycle import (
    SESSION_TRANSITIONS,
    Recent,
    SessionEvent,
    SessionState,
    allows,
    transition,
)
from acp_compat.translate.probe import Protocol, agent_protocol, client_protocol
from acp_compat.translate.startup.policy import translation_for

RECENT_ANSWERS = 256
"""How many answered request ids a link remembers, per link (for "answered twice")."""

RECENT_TOOL_IDS = 1024
"""How many ended tool call ids a session remembers (for "reused in a later turn", and
for a v2 update naming a call created earlier)."""

RECENT_MESSAGE_IDS = 1024
"""How many user message ids, prompt acknowledgements and terminal ids a v2 session
remembers."""

RECENT_CLOSED_SESSIONS = 64
"""How many closed sessions a link read leniently keeps, per link (a late update of one,
or its loading again, still finds its calls); older ones are forgotten, so a trace
followed all day holds what is open and no more than these of what closed."""

EDITOR = "editor"
"""The name of the editor's link; an agent process's is ``agent N``."""

LEGACY_SESSION = ""
"""The key of a legacy link's one session (legacy ACP has no session ids)."""

GONE = frozenset({AGENT_EXITED, AGENT_START_FAILED, PROBE_DISCARDED})
"""Relay events after which an agent process is gone: its link is closed (a later record
with its number is another process's). A probe process startup left behind is gone for
the trace: nothing more of it is relayed or traced."""

ENDS = frozenset({AGENT_LOST})
"""Relay events after which nothing more is owed on a link, though its peer may still
write (a lost agent's late messages are its own)."""

_C, _L, _V2 = Protocol.CURRENT, Protocol.LEGACY, Protocol.V2
SESSION_EVENTS: dict[tuple[Protocol, str, bool], SessionEvent] = {
    # (protocol, method, whether the message is the answer) -> what it does
    (_C, "session/prompt", False): SessionEvent.PROMPT,
    (_C, "session/prompt", True): SessionEvent.TURN_END,
    (_C, "session/cancel", False): SessionEvent.CANCEL,
    (_C, "session/load", True): SessionEvent.OPENED,
    (_C, "session/resume", True): SessionEvent.OPENED,
    # A v2 prompt's answer only says it was accepted: the turn is what state_update says
    # (STATE_EVENTS).
    (_V2, "session/cancel", False): SessionEvent.CANCEL,
    (_V2, "session/resume", True): SessionEvent.OPENED,
    (_L, "sendUserMessage", False): SessionEvent.PROMPT,
    (_L, "sendUserMessage", True): SessionEvent.TURN_END,
    # A legacy turn is cancelled once the agent has answered cancelSendMessage.
    (_L, "cancelSendMessage", True): SessionEvent.CANCEL,
}
"""The session event each message stands for, by protocol: the one place a client's
cancel (``session/cancel``, legacy ``cancelSendMessage``), a prompt and a turn's end are
told. On a v2 link its own entries hold; elsewhere the method tells current from legacy
(their names never collide), and a message moves a session only on a link of its
protocol."""

STATE_EVENTS: dict[str, SessionEvent] = {
    "running": SessionEvent.PROMPT,
    "requires_action": SessionEvent.PROMPT,
    "idle": SessionEvent.TURN_END,
}
"""A v2 ``state_update``'s state -> the session event: foreground work starts (``running``,
or ``requires_action`` when it starts blocked) and ends (``idle``). A session has one
foreground state at a time: a state it is in already is a snapshot, for which the
session machine does not move (``requires_action`` is foreground work still under way)."""

FOREGROUND = frozenset(state for state, e in STATE_EVENTS.items() if e is SessionEvent.PROMPT)
"""The v2 states of foreground work under way."""

_BY_METHOD = {(m, a): (e, p) for (p, m, a), e in SESSION_EVENTS.items() if p is not _V2}
_EVENTS: dict[int, dict[tuple[str, bool], tuple[SessionEvent, Protocol]]] = {
    id(_V2): {(m, a): (e, p) for (p, m, a), e in SESSION_EVENTS.items() if p is _V2},
    id(_C): _BY_METHOD,
    id(_L): _BY_METHOD,
    id(None): _BY_METHOD,
}
""":data:`SESSION_EVENTS` as each link reads it, by its protocol (by the enum member's id:
no hashing it in Python, once per record): (method, answer) -> (event, protocol)."""

_NO_EVENT: tuple[SessionEvent, Protocol] | tuple[None, None] = (None, None)

_EVENT_METHODS = frozenset(method for _, method, _ in SESSION_EVENTS)
"""The methods that may stand for a session event (most messages do not: one lookup)."""

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

TOOL_UPDATES = frozenset({"tool_call", "tool_call_update"})
"""``session/update`` kinds that announce or update a tool call."""


TOOL_CALL_CARRIERS = {"session/update": "update", "session/request_permission": "toolCall"}
"""The current methods whose params member (by method) carries a tool call."""

V2_USER_MESSAGES = frozenset({"user_message", "user_message_chunk"})
"""v2 ``session/update`` kinds that report a user message (by its ``messageId``)."""

TOLD: frozenset[str | None] = frozenset(
    TOOL_UPDATES | V2_USER_MESSAGES | {"state_update", "terminal_update"}
)
"""The ``session/update`` kinds a link learns from (a tool call, a v2 session's user
message, foreground state or terminal); the rest (a chunk) teach it nothing."""

LEARNT = frozenset(
    {"initialize", "session/new", "session/load", "session/resume", "session/close"}
    | set(TOOL_CALL_CARRIERS)
    | {"pushToolCall", "requestToolCallConfirmation", "updateToolCall"}
    | {method for _, method, _ in SESSION_EVENTS}
)
"""The methods a link learns something from beyond their request (the rest, a chunk,
leave only their request to follow)."""

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


@define
class Pending:
    """A request still waiting for its answer."""

    record: Record
    method: str
    params: Any
    turn: int | None = None
    """The turn its session was in when it was asked (``None``: no open session)."""
    key: Any = None
    """Its key in :attr:`Link.pending`: (who asked, its id)."""
    shown: Any = None
    """What the conversation shows for it while it waits (a turn, a permission question)."""


@define
class Seen:
    """One message as its link read it, before the message changed the link. (Not frozen,
    like every per-record object of the trace room: a frozen attrs class costs twice as
    much to build, once per record.)"""

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
    session_id: str | None = None
    """The session it names (an answer: the one its request named)."""
    event: SessionEvent | None = None
    """What it does to its session (:data:`SESSION_EVENTS`), whether or not that session
    is known and allows it."""
    event_protocol: Protocol | None = None
    """The protocol whose message gives it that :attr:`event`."""
    answer: bool = False
    """Whether the message answers a request (a result or an error)."""
    session: Session | None = None
    """The open session it belongs to (a legacy link's one), before it changes anything."""
    update: dict[str, Any] | None = None
    """A ``session/update`` notification's ``update`` object (``None`` for the rest)."""
    update_kind: str | None = None
    """Its ``sessionUpdate`` (``None`` when it is no string): what the rules and the
    interpreter tell updates apart by."""
    request_id: Any = None
    """A request's id, or the id an answer names, as a key (:func:`request_key`): read
    once, for the rules and the interpreter (``None`` for the rest)."""

    @property
    def message(self) -> dict[str, Any]:
        """The message itself."""
        return self.record.message


@define
class Tool:
    """A tool call a session announced: the turn it came in, and whether it ended."""

    turn: int
    finished: bool = False
    shown: Any = None
    """What the conversation shows for it (its tool call, one for the call's whole life)."""


@define
class Session:
    """One session of a link: its state, what it was opened with, its open tool calls."""

    state: SessionState
    modes: bool = False
    """Whether its ``session/new`` (or load) answer offered modes."""
    config_options: bool = False
    """Whether its ``session/new`` (or load) answer offered config options."""
    prompt: Any = None
    """The request key of its open prompt (``session/prompt``, ``sendUserMessage``)."""
    turn: int = 0
    """How many prompts it has taken."""
    cancelled: tuple[int, int] | None = None
    """The last turn cancelled: its number and the record (line) that cancelled it."""
    tools: dict[Any, Tool] = attrs.Factory(dict)
    """Tool call id -> its call, for this turn's calls and those still running."""
    ended: Recent[Any] = attrs.Factory(lambda: Recent(RECENT_TOOL_IDS))
    """The ids of its earlier turns' calls that ended, the last :data:`RECENT_TOOL_IDS`
    (an id is unique within its session: one seen again is reused)."""
    stop_reason: Any = None
    """v2: the last stop reason an idle ``state_update`` carried (a snapshot may repeat it)."""
    reported: Any = None
    """v2: the foreground state the last ``state_update`` reported (while the session is
    ``loading``, its resume's snapshot: the state it opens in)."""
    user_messages: Recent[str] = attrs.Factory(lambda: Recent(RECENT_MESSAGE_IDS))
    """v2: the ids of the user messages its updates reported, the last
    :data:`RECENT_MESSAGE_IDS`."""
    acknowledged: OrderedDict[Any, Pending | None] = attrs.Factory(OrderedDict)
    """v2: the ``messageId`` of each prompt acknowledged lately -> that prompt while no
    update has reported its user message yet (``None`` once one has)."""
    terminals: Recent[str] = attrs.Factory(lambda: Recent(RECENT_MESSAGE_IDS))
    """v2: the ids of the display terminals a ``terminal_update`` announced lately."""
    replaced: Session | None = None
    """While it loads: the open session its ``session/load`` or ``session/resume`` stands
    in for, which a refusal leaves as it was."""
    shown: Any = None
    """What the conversation shows as its latest turn (read leniently: forgotten with the
    session)."""

    def tool(self, key: Any) -> Tool:
        """Its tool call ``key``, created in this turn if it has none."""
        tool = self.tools.get(key)
        if tool is None:
            tool = self.tools[key] = Tool(self.turn)
            self.ended.discard(key)  # a reused id is this turn's call from now on
        return tool

    def reuses(self, key: Any, announced: bool) -> bool:
        """Whether a message naming tool call ``key`` (``announced``: a ``tool_call``) takes
        an id an earlier turn used: for a call that ended, or (announced again) one still
        running. Its call is a new one, this turn's (tool-call-id-unique reports it)."""
        known = self.tools.get(key)
        return key in self.ended or (announced and known is not None and known.turn < self.turn)

    def move(self, event: SessionEvent, request: Any, line: int = 0) -> None:
        """Follow :data:`SESSION_TRANSITIONS` where it allows ``event`` (a trace is
        observed, not enforced: a move it does not allow leaves the state as it is, and
        the rules say what was wrong). ``request`` is the key of the prompt request,
        ``line`` the record that moves it."""
        if not allows(SESSION_TRANSITIONS, self.state, event):
            return
        self.state = transition(SESSION_TRANSITIONS, "session", self.state, event)
        if event is SessionEvent.PROMPT:
            self.prompt = request
            self.turn += 1
            for key, tool in self.tools.items():
                if tool.finished:
                    self.ended.add(key)
            self.tools = {key: tool for key, tool in self.tools.items() if not tool.finished}
        elif event is SessionEvent.TURN_END:
            self.prompt = None
        elif event is SessionEvent.CANCEL:
            self.cancelled = (self.turn, line)
        elif event is SessionEvent.OPENED and self.reported in FOREGROUND:
            # A v2 resume's snapshot said its work runs: the session opens into it.
            self.move(SessionEvent.PROMPT, None, line)


class Link:
    """One connection of the trace and what is open on it."""

    def __init__(self, name: str, lenient: bool = False) -> None:
        self.name = name
        """``editor`` or ``agent N``: the peer on the far side of the relay."""
        self.lenient = lenient
        """Whether it takes what the trace did not show being set up from the messages (the
        conversation's reading; the checker judges nothing against a guess): a session
        no answer opened (a trace starting mid-way) is followed from the first message
        naming it, as if opened idle; an agent's link speaks what its ``initialize``
        answer names, else what its methods tell, not what the relay asked it in (a
        probe, whose number the process kept takes in a trace older than the relay's
        ``translation`` record)."""
        self.protocol: Protocol | None = None
        self.pending: dict[tuple[str, Any], Pending] = {}
        """Open requests by (sender, id)."""
        self.answered: set[tuple[str, Any]] = set()
        self.answered_before: set[tuple[str, Any]] = set()
        """Recently answered requests by (sender, id): the last :data:`RECENT_ANSWERS`
        at least, in two generations (the older dropped as the newer fills)."""
        self.client_caps: dict[str, Any] = {}
        self.agent_caps: dict[str, Any] = {}
        self.sessions: dict[str, Session] = {}
        """Sessions by id; a legacy link's one session is :data:`LEGACY_SESSION`."""
        self.closed: OrderedDict[str, None] = OrderedDict()
        """Read leniently: the sessions closed lately, oldest first, still in
        :attr:`sessions` for their late updates (the last :data:`RECENT_CLOSED_SESSIONS`;
        an older one is forgotten)."""
        self.drops = 0
        """Lines the relay dropped towards this link's sender: answers it may give with
        an id the trace never showed."""
        self.ended: str | None = None
        """The relay event after which the peer is gone (``agent_lost``), else ``None``:
        what it still writes belongs here, and nothing open is owed."""
        self.client_gone: int | None = None
        """The line of the ``client_closed`` record on the editor's link: a request
        forwarded to the client after it is not owed (it closed its input, or no longer
        reads what it is sent)."""
        self.decided = False
        """Whether :attr:`protocol` is what the relay decided (its ``translation``
        record): an ``initialize`` does not change it then."""

    # -- reading a message ------------------------------------------------------------------------

    def see(self, record: Record, sender: str) -> Seen:
        """The message of ``record`` as the rules see it (the link is not changed)."""
        message = record.message
        kind = classify(message)
        asked = update = update_kind = request_id = None
        if kind is Kind.REQUEST or kind is Kind.NOTIFICATION:
            method, body, answered = message["method"], message.get("params"), False
            if kind is Kind.REQUEST:
                request_id = message["id"]
                if type(request_id) is not str and type(request_id) is not int:
                    request_id = request_key(request_id)
            if method == "session/update" and type(body) is dict:
                update = body.get("update")
                if type(update) is dict:
                    update_kind = update.get("sessionUpdate")
                    if type(update_kind) is not str:
                        update_kind = None
                else:
                    update = None
        else:
            if kind is not Kind.INVALID:
                request_id = message.get("id")
                if type(request_id) is not str and type(request_id) is not int:
                    request_id = request_key(request_id)
                asked = self.pending.get((OTHER[sender], request_id))
            method = asked.method if asked is not None else None
            body, answered = (asked.params if asked is not None else None), kind is not Kind.INVALID
        session_id = body.get("sessionId") if type(body) is dict else None
        if type(session_id) is not str:
            # Read leniently, a message naming no session is in the one its record names.
            session_id = record.session if self.lenient else None
        speaks = self.protocol
        if speaks is _L:
            session = self.sessions.get(LEGACY_SESSION)
        else:
            session = self.sessions.get(session_id) if session_id is not None else None
        event = protocol = None
        if method in _EVENT_METHODS:
            event, protocol = _EVENTS[id(speaks)].get((method, answered), _NO_EVENT)
        elif update_kind == "state_update" and speaks is _V2 and update is not None:
            state = update.get("state")
            event = STATE_EVENTS.get(state) if type(state) is str else None
            protocol = _V2
        return Seen(
            record,
            sender,
            kind,
            method,
            message.get("result") if answered else body,
            asked,
            session_id,
            event,
            protocol if event is not None else None,
            answered,
            session,
            update,
            update_kind,
            request_id,
        )

    def was_answered(self, sender: str, request_id: Any) -> bool:
        """Whether ``sender``'s request ``request_id`` was answered lately."""
        key = (sender, request_key(request_id))
        return key in self.answered or key in self.answered_before

    def session_of(self, seen: Seen) -> Session | None:
        """The open session ``seen`` belongs to on this link (legacy: the link's one)."""
        if self.protocol is Protocol.LEGACY:
            return self.sessions.get(LEGACY_SESSION)
        if seen.session_id is None:
            return None
        return self.sessions.get(seen.session_id)

    # -- learning from it -----------------------------------------------------------------------

    def learn(self, seen: Seen) -> None:
        """Update what is open after ``seen`` (the rules have read the link before it)."""
        if self.lenient and seen.session is None and seen.session_id is not None:
            seen.session = self.sessions[seen.session_id] = Session(SessionState.IDLE)
        kind = seen.kind
        if kind is Kind.REQUEST:
            key = (seen.sender, seen.request_id)
            turn = seen.session.turn if seen.session is not None else None
            asks = seen.method or ""  # (a request's method is a string)
            self.pending[key] = Pending(seen.record, asks, seen.params, turn, key)
        elif seen.answer:
            asked = seen.asked
            if asked is None:
                request_id = seen.message.get("id")
                if self.drops and not self.was_answered(OTHER[seen.sender], request_id):
                    self.drops -= 1  # the relay's answer to a line it dropped
                return
            del self.pending[asked.key]
            self.answered.add(asked.key)
            if len(self.answered) > RECENT_ANSWERS:
                self.answered_before, self.answered = self.answered, set()
        elif kind is not Kind.NOTIFICATION:
            return
        method = seen.method
        if method not in LEARNT or (method == "session/update" and seen.update_kind not in TOLD):
            return  # most messages (a chunk): only their request is followed
        if method == "initialize":
            self._learn_initialize(seen)
            return
        legacy = self.protocol is Protocol.LEGACY
        if legacy:
            if LEGACY_SESSION not in self.sessions:
                self.sessions[LEGACY_SESSION] = Session(SessionState.IDLE)
            self._learn_legacy(seen)
        else:
            self._learn_current(seen)
        if seen.event is not None and seen.event_protocol is (self.protocol or Protocol.CURRENT):
            session = self.session_of(seen)  # (a session this message opened included)
            if session is not None:
                session.move(seen.event, seen.request_id, seen.record.line)

    def _learn_initialize(self, seen: Seen) -> None:
        body = seen.params if isinstance(seen.params, dict) else {}
        if seen.kind is Kind.REQUEST:
            if not self.decided and not (self.lenient and self.name != EDITOR):
                self.protocol = client_protocol(seen.message)
            caps = body.get("clientCapabilities")
            self.client_caps = caps if isinstance(caps, dict) else {}
        elif seen.kind is Kind.RESPONSE:
            if not self.decided:
                self.protocol = agent_protocol(seen.message) or self.protocol
            caps = body.get("agentCapabilities")
            self.agent_caps = caps if isinstance(caps, dict) else {}

    def _learn_current(self, seen: Seen) -> None:
        body = seen.params if isinstance(seen.params, dict) else {}
        method = seen.method
        session_id = seen.session_id
        if method == "session/new" and seen.kind is Kind.RESPONSE:
            new = body.get("sessionId")
            if isinstance(new, str):
                self.sessions[new] = Session(SessionState.IDLE)
                self.closed.pop(new, None)
                self._offered(self.sessions[new], body)
        elif method in ("session/load", "session/resume") and isinstance(session_id, str):
            if not seen.answer:
                loading = Session(SessionState.LOADING)
                before = self.sessions.get(session_id)
                if self.lenient and before is not None:
                    # Read leniently, a session opened again keeps its calls: a replay or a
                    # late update of one is the call shown already.
                    loading.tools, loading.ended = before.tools, before.ended
                    loading.turn, loading.shown = before.turn, before.shown
                if session_id not in self.closed:
                    loading.replaced = before
                self.sessions[session_id] = loading
                self.closed.pop(session_id, None)
            elif seen.kind is Kind.ERROR and session_id in self.sessions:
                failed = self.sessions[session_id]
                if failed.state is SessionState.LOADING:
                    # A session that could not be loaded is not live; one that was open
                    # before the attempt still is.
                    if failed.replaced is None:
                        del self.sessions[session_id]
                    else:
                        self.sessions[session_id] = failed.replaced
            elif session_id in self.sessions:
                self.sessions[session_id].replaced = None
                self._offered(self.sessions[session_id], body)
        elif method == "session/close" and seen.kind is Kind.RESPONSE:
            if isinstance(session_id, str):
                self._close(session_id)
        elif self.protocol is Protocol.V2:
            if seen.session is not None:
                self._learn_v2(seen, seen.session, body)
        elif method in TOOL_CALL_CARRIERS and not seen.answer and isinstance(session_id, str):
            # A permission request's toolCall announces its call (clients create it from
            # it), as a tool_call does; a tool_call_update updates one.
            session = self.sessions.get(session_id)
            call = body.get(TOOL_CALL_CARRIERS[method])
            if session is None or not isinstance(call, dict):
                return
            tool = tool_key(call.get("toolCallId"), self.lenient)
            kind = call.get("sessionUpdate")
            if method == "session/update" and (type(kind) is not str or kind not in TOOL_UPDATES):
                return
            if tool is not None:
                if session.reuses(tool, kind == "tool_call"):
                    session.tools.pop(tool, None)  # (an ended one: Session.tool takes it on)
                known = session.tool(tool)
                known.finished = known.finished or _final(
                    call.get("status"), CURRENT_FINAL_STATUSES
                )

    def _close(self, session_id: str) -> None:
        """Session ``session_id`` was closed: it is no longer open. Read leniently, it is
        kept among the last :data:`RECENT_CLOSED_SESSIONS` closed, so its late updates
        still find its calls; the oldest of those is forgotten."""
        if not self.lenient:
            self.sessions.pop(session_id, None)
            return
        if session_id not in self.sessions:
            return
        self.closed[session_id] = None
        self.closed.move_to_end(session_id)
        while len(self.closed) > RECENT_CLOSED_SESSIONS:
            self.sessions.pop(self.closed.popitem(last=False)[0], None)

    def _learn_v2(self, seen: Seen, session: Session, body: dict[str, Any]) -> None:
        """What a v2 session's messages teach: its updates are upserts (the first
        ``tool_call_update`` of an id, or a permission's ``tool_call`` subject, creates the
        call; an omitted member leaves it as it was, ``null`` clears it), its foreground
        state is what ``state_update`` says, a prompt's answer names the user message
        it inserted."""
        method = seen.method
        update = seen.update
        if update is not None:
            kind = seen.update_kind
            if kind == "tool_call_update":
                _upsert_tool_call(session, update, self.lenient)
            elif kind in V2_USER_MESSAGES:
                message_id = update.get("messageId")
                if type(message_id) is str:
                    session.user_messages.add(message_id)
                    if session.acknowledged.get(message_id) is not None:
                        session.acknowledged[message_id] = None  # its prompt's is reported
            elif kind == "state_update":
                state, reason = update.get("state"), update.get("stopReason")
                session.reported = state if type(state) is str else None
                if state == "idle" and type(reason) is str:
                    session.stop_reason = reason
            elif kind == "terminal_update" and type(terminal := update.get("terminalId")) is str:
                session.terminals.add(terminal)
        elif method == "session/request_permission" and seen.kind is Kind.REQUEST:
            subject = body.get("subject")
            if type(subject) is dict and subject.get("type") == "tool_call":
                call = subject.get("toolCall")
                if type(call) is dict:
                    _upsert_tool_call(session, call, self.lenient)
        elif method == "session/prompt" and seen.kind is Kind.RESPONSE:
            message_id = body.get("messageId")
            if type(message_id) is str:
                told = message_id in session.user_messages
                session.acknowledged[message_id] = None if told else seen.asked
                _bound(session.acknowledged)

    @staticmethod
    def _offered(session: Session, body: dict[str, Any]) -> None:
        session.modes = body.get("modes") is not None
        session.config_options = body.get("configOptions") is not None

    def _learn_legacy(self, seen: Seen) -> None:
        body = seen.params if isinstance(seen.params, dict) else {}
        session = self.sessions[LEGACY_SESSION]
        if seen.method in ("pushToolCall", "requestToolCallConfirmation") and seen.answer:
            if "id" in body:
                session.tools[request_key(body["id"])] = Tool(session.turn)
        elif seen.method == "updateToolCall" and not seen.answer:
            tool = session.tools.get(request_key(body.get("toolCallId")))
            if tool is not None:
                tool.finished = tool.finished or _final(body.get("status"), LEGACY_FINAL_STATUSES)

    def end(self, why: str) -> None:
        """The peer behind the link is gone (``why``: the event that said so): its sessions
        end, and nothing still open on the link is owed any more."""
        self.ended = why
        for session in self.sessions.values():
            # The session machine has no way from a running turn to ``ended``: the turn
            # ends first (no answer is owed for it now), then the session.
            session.move(SessionEvent.TURN_END, None)
            session.move(SessionEvent.AGENT_GONE, None)


def _upsert_tool_call(session: Session, call: dict[str, Any], lenient: bool) -> None:
    """A v2 tool call upsert: it creates the call its id names if the session has none,
    and its ``status``, when given, replaces the call's (``null``: back to pending)."""
    tool = tool_key(call.get("toolCallId"), lenient)
    if tool is not None:
        known = session.tool(tool)
        if "status" in call:
            known.finished = _final(call["status"], V2_FINAL_STATUSES)


def tool_key(tool_id: Any, lenient: bool) -> str | None:
    """A tool call's key in :attr:`Session.tools`: its id, a string (``None``: no call is
    followed by it). Read leniently, any other id is the call its text names, as shown."""
    if type(tool_id) is str:
        return tool_id
    return str(tool_id) if lenient else None


def _final(status: Any, final: frozenset[str]) -> bool:
    return type(status) is str and status in final


def _bound(recent: OrderedDict[Any, Any]) -> None:
    while len(recent) > RECENT_MESSAGE_IDS:
        recent.popitem(last=False)


OTHER = {"client": "agent", "agent": "client"}
"""The other role on a link."""

ROUTES = {
    CLIENT_IN: (True, "client"),
    CLIENT_OUT: (True, "agent"),
    AGENT_OUT: (False, "client"),
    AGENT_IN: (False, "agent"),
}
"""By a record's direction: whether it is on the editor's link, and its sender's role."""


def agent_link(number: int | None) -> str:
    """The name of agent process ``number``'s link (``agent 0`` when the trace omits it)."""
    return AGENT_LINKS.get(number) or f"agent {number if number is not None else 0}"


AGENT_LINKS: dict[int | None, str] = {None: "agent 0", **{n: f"agent {n}" for n in range(16)}}
"""The link names of the first agent processes, built once."""


def _protocol(value: str | None) -> Protocol | None:
    """The protocol a relay record names (``None``: none, or one this reader lacks)."""
    try:
        return Protocol(value) if value is not None else None
    except ValueError:
        return None


def _guess_protocol(method: Any) -> Protocol | None:
    """The protocol a method belongs to, when only one has it (a trace starting mid-way)."""
    schemas = pinned()
    current, old = method in schemas.current_names, method in schemas.legacy.methods
    if current != old:
        return Protocol.CURRENT if current else Protocol.LEGACY
    return None


class Links:
    """Every link of a trace: feed each record to :meth:`see`, then :meth:`learn` it."""

    def __init__(self, *, lenient: bool = False) -> None:
        self.links: dict[str, Link] = {}
        self.lenient = lenient
        """Whether its links are :attr:`Link.lenient` (the conversation's reading)."""
        self.translation: str | None = None
        """The relay's translation (``upgrade``, ``downgrade``, ``passthrough``...): what
        its ``translation`` record says, else (an older trace) what the first agent's
        ``initialize`` answer named (against the editor's protocol)."""
        self.agent_protocol: Protocol | None = None
        """The protocol the relay decided its agents speak (its ``translation`` record):
        an agent process's link opened after it speaks it from its first message."""

    def see(self, record: Record) -> tuple[Link, Seen]:
        """The record's link, and its message as that link reads it before the change."""
        editor, sender = ROUTES[record.direction]
        name = EDITOR if editor else AGENT_LINKS.get(record.agent) or agent_link(record.agent)
        link = self.links.get(name) or self._link(name)
        seen = link.see(record, sender)
        if link.protocol is None and seen.method != "initialize":
            link.protocol = _guess_protocol(seen.method)
        return link, seen

    def learn(self, link: Link, seen: Seen) -> None:
        """:meth:`Link.learn`, and the trace's translation at the first agent's answer that
        tells."""
        link.learn(seen)
        if self.translation is None and seen.method == "initialize" and link.name != EDITOR:
            agent = agent_protocol(seen.message) if seen.kind is Kind.RESPONSE else None
            if agent is not None:
                self.translation = translation_for(agent, self.editor_protocol() or agent).value

    def event(self, event: RelayEvent) -> None:
        """A relay event: what startup decided, an agent process gone or lost, the client
        closing its end, a line dropped or refused."""
        details = event.event
        kind = details.get("type")
        name = agent_link(event.agent)
        if type(event) is TranslationChosen:
            self._decide(event)
            return
        if type(event) is ClientClosed:
            editor = self._link(EDITOR)
            if editor.client_gone is None:
                editor.client_gone = event.line
            return
        if kind in GONE or kind in ENDS:
            link = self.links.pop(name, None) if kind in GONE else self.links.get(name)
            if link is not None:
                link.end(str(kind))
            return
        client = details.get("side") == "client"
        if kind not in (DROPPED_LINE, REFUSED_LINE):
            return
        link = self._link(EDITOR if client else name)
        if kind == DROPPED_LINE:
            link.drops += 1
        elif kind == REFUSED_LINE and details.get("kind") == "request":
            # The relay answers a request it could not read: that answer has its asker.
            method = details.get("method")
            stands_for = {"id": details.get("id"), "method": method}
            record = Record(event.line, event.t, CLIENT_IN if client else AGENT_IN, stands_for)
            key = ("client" if client else "agent", request_key(details.get("id")))
            name = method if isinstance(method, str) else "(unread)"
            link.pending[key] = Pending(record, name, None, None, key)

    def _decide(self, event: TranslationChosen) -> None:
        """The relay's ``translation`` record: probe process ``process``'s link is agent
        0's from here on (its records carry 0 now), and each side speaks the protocol it
        names (an auto-detected downgrade's agent side is current, whatever the probe
        before it was sent). A member missing or unknown leaves that part to inference."""
        agent, client = _protocol(event.agent_protocol), _protocol(event.client_protocol)
        if event.translation is not None:
            self.translation = event.translation
        target = agent_link(event.agent)
        kept = agent_link(event.process) if event.process is not None else target
        link = self.links.pop(kept, None)
        if kept != target:
            self.links.pop(target, None)  # a probe left behind, not said so: dropped
        link = link or Link(target, self.lenient)
        link.name = target
        self.links[target] = link
        self.agent_protocol = agent
        for side, protocol in ((link, agent), (self._link(EDITOR), client)):
            if protocol is not None:
                side.protocol, side.decided = protocol, True

    def _link(self, name: str) -> Link:
        link = self.links.get(name)
        if link is None:
            link = self.links[name] = Link(name, self.lenient)
            if name != EDITOR and self.agent_protocol is not None:
                # An agent process started after the translation speaks the agent's side.
                link.protocol, link.decided = self.agent_protocol, True
        return link

    def editor_protocol(self) -> Protocol | None:
        """The protocol of the editor's link, once known."""
        editor = self.links.get(EDITOR)
        return editor.protocol if editor is not None else None
