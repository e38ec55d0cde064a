"""The rules ``acp-compat trace --check`` holds each message to: one table, :data:`RULES`.

A :class:`Rule`'s check is a function of the message (:class:`~.links.Seen`) and what is
open on its link (:class:`~.links.Link`, read before the message changes it) that returns
a :class:`Flaw` for each way the message breaks the rule; its statement is the words a
user reads (the docs' table, ``docs/trace-check.md``, is generated from them).

Whether a message is valid is judged by the pinned schemas themselves
(:mod:`acp_compat.trace.schema`): their enums, required members and unions, and the
JSON-RPC envelope, never the relay's tolerant models.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Any

from acp_compat._define import frozen
from acp_compat.jsonrpc.messages import Kind
from acp_compat.trace.links import (
    LEGACY_SESSION,
    LEGACY_TURN_METHODS,
    OTHER,
    TOOL_CALL_CARRIERS,
    TURN_UPDATES,
    Link,
    Pending,
    Seen,
    Session,
)
from acp_compat.trace.records import request_key
from acp_compat.trace.schema import pinned
from acp_compat.translate.lifecycle import SessionEvent, SessionState
from acp_compat.translate.paths import is_absolute
from acp_compat.translate.probe import Protocol, numbered_protocol

IN_ALL = frozenset(Protocol)
"""A rule's ``protocols`` when it holds in every protocol (and on a link whose protocol
is not known yet)."""
IN_CURRENT = frozenset({Protocol.CURRENT})
IN_V2 = frozenset({Protocol.V2})
IN_LEGACY = frozenset({Protocol.LEGACY})
NUMBERED = frozenset({Protocol.CURRENT, Protocol.V2})
"""The protocols of an integer version: JSON-RPC 2.0 throughout, with notifications (a
legacy peer before 0.0.8 left ``jsonrpc`` out, and legacy has no notifications); the
rules both keep (a session's id, a permission's options, absolute paths, extensions)."""

PROTOCOL_ORDER = (Protocol.CURRENT, Protocol.V2, Protocol.LEGACY)
"""The order the docs' table names a rule's protocols in."""

EITHER = "either"
"""A rule's ``sender`` when it holds for messages of both roles."""

MUST = "MUST"
SHOULD = "SHOULD"
"""A rule's level, as the spec words it: a broken MUST is a fault (exit status 1), a
broken SHOULD a warning (``--strict`` counts it too)."""

MAX_FLAWS = 5
"""Field problems reported for one message, at most (the first ones, in wire order)."""

LEGACY_VERSION = re.compile(r"0\.\d+\.\d+")

FOREIGN: frozenset[str | None] = frozenset({None})
"""A rule's ``methods`` when it looks at the methods that are none of its link's
protocol's (an extension, or a method of another protocol); ``None`` in the set stands
for any name that no protocol has."""

ASKS = frozenset({Kind.REQUEST})
TELLS = frozenset({Kind.REQUEST, Kind.NOTIFICATION})
NOTIFIES = frozenset({Kind.NOTIFICATION})
ANSWERS = frozenset({Kind.RESPONSE, Kind.ERROR})
RESULTS = frozenset({Kind.RESPONSE})

ACP = "https://agentclientprotocol.com/protocol/"
JSON_RPC = "https://www.jsonrpc.org/specification"


@frozen
class Flaw:
    """One way a message breaks a rule: what, in words, and the wire path of the field."""

    text: str
    path: str = ""


Check = Callable[[Seen, Link], Iterable[Flaw]]
EndCheck = Callable[[Link], Iterable[tuple[Pending, Flaw]]]
Judging = Callable[[Any, str, Kind, Any], Check]
"""Makes a rule's check for one (protocol, sender, kind, method)."""


@frozen
class Rule:
    """One rule of the protocol, and how to find a message that breaks it."""

    id: str
    level: str
    """:data:`MUST` or :data:`SHOULD`, as :attr:`spec` words it."""
    spec: str
    """Where the spec says so: ``title`` ``url`` (the docs' table links it)."""
    protocols: frozenset[Protocol]
    """The protocols of the links it judges (:data:`IN_ALL`, :data:`IN_CURRENT`...)."""
    sender: str
    """Whose messages it judges: ``client``, ``agent`` or ``either``."""
    statement: str
    check: Check
    """Called only for the messages of its :attr:`methods` and :attr:`kinds`."""
    methods: frozenset[str | None] | None = None
    """The methods it looks at (an answer's is the method it answers); ``None``: all;
    :data:`FOREIGN`: those that are none of the link's protocol's."""
    at_end: EndCheck | None = None
    """What is still open when the trace ends that breaks the rule."""
    kinds: frozenset[Kind] | None = None
    """The kinds of message it looks at; ``None``: all."""
    updates: frozenset[str | None] | None = None
    """The ``session/update`` kinds it looks at (the other methods it looks at are not
    concerned); ``None``: all."""
    judge: Judging | None = None
    """Its check made for the messages of one protocol, sender, kind and method (once,
    where :attr:`check` would work it out for each message)."""

    def applies(self, protocol: Protocol | None, sender: str) -> bool:
        """Whether the rule judges a message of ``sender`` on a link in ``protocol``."""
        known = protocol in self.protocols if protocol is not None else self.protocols == IN_ALL
        return known and self.sender in (EITHER, sender)

    def looks_at(self, protocol: Protocol | None, method: str | None, update: str | None) -> bool:
        """Whether it judges messages of ``method`` on a link in ``protocol`` (``method``
        ``None``: a name that is no protocol's, or no method at all), a ``session/update``
        of kind ``update`` (``None``: one that no rule names)."""
        if method == "session/update" and self.updates is not None and update not in self.updates:
            return False
        if self.methods is FOREIGN:
            return method is None or method not in pinned().names(protocol or Protocol.CURRENT)
        return self.methods is None or method in self.methods

    def made_for(
        self, protocol: Protocol | None, sender: str, kind: Kind, method: str | None
    ) -> Check:
        """Its check of the messages of ``sender``, ``kind`` and ``method`` on a link in
        ``protocol`` (:attr:`judge`'s, made once; else :attr:`check`)."""
        return self.judge(protocol, sender, kind, method) if self.judge is not None else self.check

    @property
    def protocol(self) -> str:
        """Its protocols in words (the docs' table): ``all``, or their names."""
        if self.protocols == IN_ALL:
            return "all"
        return ", ".join(p.value for p in PROTOCOL_ORDER if p in self.protocols)


def _dict(value: Any) -> dict[str, Any]:
    return value if type(value) is dict else {}


NONE: tuple[Flaw, ...] = ()
"""What a check returns for a message that keeps its rule (checks return sequences, not
generators: one runs per rule and message)."""


# -- every message ---------------------------------------------------------------------------


def _valid(seen: Seen, link: Link) -> Iterable[Flaw]:
    return _judge(link.protocol, seen.sender, seen.kind, seen.method)(seen, link)


def _judge(protocol: Protocol | None, sender: str, kind: Kind, name: str | None) -> Check:
    """valid-message for the messages of ``sender`` of this ``kind`` and method ``name``
    on a link in ``protocol`` (made once for each by the checker's dispatch)."""
    schema = pinned().of(protocol or Protocol.CURRENT)
    if kind is Kind.INVALID:
        return lambda seen, link: [
            Flaw("the method is not a string", "method")
            if "method" in seen.record.message and type(seen.record.message["method"]) is not str
            else Flaw("not a request, a notification or an answer (no valid id)", "id")
        ]
    method = schema.methods.get(name) if name is not None else None
    fixed: list[Flaw] = []  # what every such message breaks, whatever it holds
    member, definition = "", None
    if name == "initialize":
        pass  # initialize-version and initialize-body judge it by the version it names
    elif kind is Kind.ERROR:
        member, definition = "error", "Error"
    elif method is None:
        pass  # an extension, a method this schema lacks, or an answer to no request
    elif kind is Kind.RESPONSE:
        member, definition = "result", method.result
    elif method.handled_by not in (OTHER[sender], "both"):
        text = f"{name} is sent by the {method.handled_by}'s peer, never by the {sender}"
        fixed.append(Flaw(text, "method"))
    else:
        member, definition = "params", method.params
        if method.notification and kind is Kind.REQUEST:
            fixed.append(Flaw(f"{name} is a notification: it carries no id", "id"))
        elif protocol in NUMBERED and not method.notification and kind is Kind.NOTIFICATION:
            fixed.append(Flaw(f"{name} is a request: it needs an id", "id"))
    check = schema.checker(definition) if definition is not None else None
    # (early v1 answered a request with nothing to say with null)
    void = kind is Kind.RESPONSE and definition is not None and not schema.requires(definition)
    envelope = protocol in NUMBERED

    def judge(seen: Seen, link: Link) -> Sequence[Flaw]:
        message = seen.record.message
        problems = None
        if check is not None:
            value = message.get(member)
            if value is not None or not void:
                problems = check(value)
        enveloped = not envelope or message.get("jsonrpc") == "2.0"
        if enveloped and not problems and not fixed:
            return NONE  # (nearly every message: nothing built)
        flaws = list(fixed)
        if not enveloped:
            flaws.append(Flaw('jsonrpc must be "2.0"', "jsonrpc"))
        if problems:
            flaws += [Flaw(text, member + path) for path, text in problems[:MAX_FLAWS]]
        return flaws

    return judge


def _answered_at_end(link: Link) -> Iterator[tuple[Pending, Flaw]]:
    if link.ended is not None:
        return  # its peer is gone: the relay answered for it, or nobody is left to answer
    cancelled = _cancelled_turn(link)
    gone = link.client_gone
    for key, pending in link.pending.items():
        if key == cancelled:
            continue  # legacy-cancel-ends-turn says it
        if gone is not None and key[0] == "agent" and pending.record.line > gone:
            continue  # asked of a client that had closed its end: nobody was there to answer
        yield pending, Flaw(f"{pending.method} was never answered", "id")


def _answer_known(seen: Seen, link: Link) -> Iterable[Flaw]:
    request_id = seen.message.get("id")
    if seen.asked is not None or request_id is None:
        return NONE  # (id null: the answer to a line that could not be read, as JSON-RPC says)
    if link.was_answered(OTHER[seen.sender], request_id):
        return [Flaw(f"answers request {request_id!r} a second time", "id")]
    if link.drops:
        return NONE  # the answer to a line the relay dropped (too long to read)
    return [Flaw(f"answers request {request_id!r}, which was never asked", "id")]


def _id_unique(seen: Seen, link: Link) -> Iterable[Flaw]:
    if (seen.sender, seen.request_id) in link.pending:
        request_id = seen.record.message.get("id")
        return [
            Flaw(f"id {request_id!r} is the id of a request still waiting for its answer", "id")
        ]
    return NONE


def _extension_prefix(seen: Seen, link: Link) -> Iterable[Flaw]:
    method = str(seen.method)
    if method.startswith("_") or method in pinned().names(link.protocol or Protocol.CURRENT):
        return NONE
    return [Flaw(f"{method} is no method of the protocol, and extensions start with _", "method")]


# -- initialize ------------------------------------------------------------------------------


def _version_flaw(version: Any, at: str) -> Flaw | None:
    if isinstance(version, int) and not isinstance(version, bool):
        return None
    if isinstance(version, str) and LEGACY_VERSION.fullmatch(version):
        return None
    if version is None:
        return Flaw("protocolVersion is missing", at)
    shown = f"the string {version!r}" if isinstance(version, str) else repr(version)
    return Flaw(
        f"protocolVersion is {shown}: an integer (current ACP) or a 0.0.x string (legacy)", at
    )


def _initialize_version(seen: Seen, link: Link) -> Iterable[Flaw]:
    at = "params" if seen.kind is Kind.REQUEST else "result"
    flaw = _version_flaw(_dict(seen.params).get("protocolVersion"), f"{at}.protocolVersion")
    return NONE if flaw is None else [flaw]


FOREIGN_BODIES = {
    Protocol.CURRENT: (Protocol.LEGACY,),
    Protocol.V2: (Protocol.CURRENT, Protocol.LEGACY),
    Protocol.LEGACY: (Protocol.CURRENT,),
}
"""Whose initialize members do not belong in a body of each version: the versions before
it (v2 renamed v1's ``clientCapabilities`` and ``agentInfo``...), and legacy's."""


def _initialize_members(protocol: Protocol, kind: Kind) -> tuple[str, frozenset[str]]:
    """The definition of an initialize body (the request's, or its answer's) in
    ``protocol``'s schema, and the members it names."""
    schema = pinned().of(protocol)
    method = schema.methods["initialize"]
    definition = str(method.params if kind is Kind.REQUEST else method.result)
    return definition, schema.members(definition)


def _initialize_body(seen: Seen, link: Link) -> Iterable[Flaw]:
    at = "params" if seen.kind is Kind.REQUEST else "result"
    body = seen.params
    version = _dict(body).get("protocolVersion")
    if _version_flaw(version, at) is not None:
        return NONE  # initialize-version says what is wrong
    protocol = numbered_protocol(version) or Protocol.LEGACY
    definition, own = _initialize_members(protocol, seen.kind)
    foreign = frozenset().union(
        *(_initialize_members(other, seen.kind)[1] for other in FOREIGN_BODIES[protocol])
    )
    named = f"protocolVersion {version!r}"
    flaws = [
        Flaw(f"{member} belongs to the other version's body, not to {named}", f"{at}.{member}")
        for member in sorted((foreign - own) & _dict(body).keys())
    ]
    problems = pinned().of(protocol).check(definition, body, at)
    return flaws + [Flaw(text, path) for path, text in problems[:MAX_FLAWS]]


# -- current ACP: sessions, turns, tool calls, permissions, files, capabilities ---------------


TERMINAL_METHODS = frozenset(
    {"terminal/create", "terminal/output", "terminal/release", "terminal/wait_for_exit"}
    | {"terminal/kill"}
)
SESSION_METHODS = frozenset(
    {"session/update", "session/request_permission", "fs/read_text_file", "fs/write_text_file"}
    | TERMINAL_METHODS
)
"""What an agent sends about one of its sessions (``params.sessionId``)."""


def _session_known(seen: Seen, link: Link) -> Iterable[Flaw]:
    if seen.session_id is None or seen.session is not None:
        return NONE
    text = (
        f"session {seen.session_id} is not open on this link (no session/new, session/load"
        " or session/resume answer named it)"
    )
    return [Flaw(text, "params.sessionId")]


def _update_in_turn(seen: Seen, link: Link) -> Iterable[Flaw]:
    kind = seen.update_kind
    session = seen.session
    if session is None or session.state is not SessionState.IDLE:
        return NONE
    text = f"{kind} after the session/prompt answer, before another prompt"
    return [Flaw(text, "params.update.sessionUpdate")]


def _carried(seen: Seen) -> tuple[Any, str]:
    """The tool call id a message carries (a ``session/update``'s ``update``, a permission
    request's ``toolCall``: :data:`~.links.TOOL_CALL_CARRIERS`), and its wire path."""
    member = TOOL_CALL_CARRIERS[str(seen.method)]
    return _dict(_dict(seen.params).get(member)).get("toolCallId"), f"params.{member}.toolCallId"


def _tool_call_announced(seen: Seen, link: Link) -> Iterable[Flaw]:
    session = seen.session
    tool, at = _carried(seen)
    if session is None or type(tool) is not str or tool in session.tools:
        return NONE
    if seen.method == "session/update":
        text = f"tool call {tool!r} was never announced (a tool_call) in session {seen.session_id}"
    else:
        text = (
            f"asks permission for tool call {tool!r}, never announced in session {seen.session_id}"
        )
    return [Flaw(text, at)]


def _tool_call_reused(seen: Seen, link: Link) -> Iterable[Flaw]:
    tool, at = _carried(seen)
    session = seen.session if type(tool) is str else None
    # (One announced in this turn already: its reuse was found at its first message.)
    if session is None or not session.reuses(tool, seen.update_kind == "tool_call"):
        return NONE
    return [
        Flaw(f"tool call id {tool!r} was used in an earlier turn of session {seen.session_id}", at)
    ]


def _cancelled(seen: Seen, link: Link) -> Iterable[Flaw]:
    session = seen.session
    if seen.asked is None or session is None or session.state is not SessionState.CANCELLING:
        return NONE
    if seen.kind is Kind.ERROR:
        if _for_an_exit(seen.message.get("error")):
            return NONE  # the relay answering for an agent that exited: no answer was possible
        text = "the cancelled prompt was answered with an error, not stopReason cancelled"
        return [Flaw(text, "error")]
    reason = _dict(seen.params).get("stopReason")
    if reason == "cancelled":
        return NONE
    return [Flaw(f"the cancelled prompt ended with stopReason {reason!r}", "result.stopReason")]


def _for_an_exit(error: Any) -> bool:
    """Whether ``error`` is the relay's, for an agent process that exited (its
    ``data.exitCode``): the turn could not end any other way."""
    return "exitCode" in _dict(_dict(error).get("data"))


def _outcome(seen: Seen) -> dict[str, Any]:
    """A permission answer's ``outcome``."""
    return _dict(_dict(seen.params).get("outcome")) if seen.kind is Kind.RESPONSE else {}


def _cancel_permission(seen: Seen, link: Link) -> Iterable[Flaw]:
    session, asked = seen.session, seen.asked
    if asked is None or session is None or session.cancelled is None:
        return NONE
    turn, line = session.cancelled
    outcome = _outcome(seen).get("outcome")
    if asked.turn != turn or asked.record.line > line or outcome in (None, "cancelled"):
        return NONE  # (asked after the cancel, the permission was not open at it)
    text = f"answers {outcome!r} to a permission that was open when the client cancelled its turn"
    return [Flaw(text, "result.outcome.outcome")]


def _option_offered(seen: Seen, link: Link) -> Iterable[Flaw]:
    outcome = _outcome(seen)
    if seen.asked is None or outcome.get("outcome") != "selected":
        return NONE
    options = _dict(seen.asked.params).get("options")
    offered = [_dict(o).get("optionId") for o in options] if type(options) is list else []
    chosen = outcome.get("optionId")
    if chosen in offered:
        return NONE
    names = ", ".join(repr(o) for o in offered) or "none"
    text = f"optionId {chosen!r} was not offered (offered: {names})"
    return [Flaw(text, "result.outcome.optionId")]


PATHS = {
    "fs/read_text_file": "path",
    "fs/write_text_file": "path",
    "terminal/create": "cwd",
    "session/new": "cwd",
    "session/load": "cwd",
    "session/resume": "cwd",
}
"""The path each method carries in its params."""


def _path_absolute(seen: Seen, link: Link) -> Iterable[Flaw]:
    member = PATHS[str(seen.method)]
    path = _dict(seen.params).get(member)
    if type(path) is not str or is_absolute(path):
        return NONE
    return [Flaw(f"{member} {path!r} is not an absolute path", f"params.{member}")]


OFFERS: dict[str, tuple[str, ...]] = {
    "fs/read_text_file": ("client", "fs", "readTextFile"),
    "fs/write_text_file": ("client", "fs", "writeTextFile"),
    **{method: ("client", "terminal") for method in TERMINAL_METHODS},
    "session/load": ("agent", "loadSession"),
    "session/resume": ("agent", "sessionCapabilities", "resume"),
}
"""The capability a method needs offered in ``initialize``: whose, and its path there."""


def _capability(seen: Seen, link: Link) -> Iterable[Flaw]:
    whose, *path = OFFERS[str(seen.method)]
    value: Any = link.client_caps if whose == "client" else link.agent_caps
    for name in path:
        value = _dict(value).get(name)
    # (sessionCapabilities.resume is an object; the other offers are true)
    if value is True or (path[0] == "sessionCapabilities" and value is not None):
        return NONE
    return [Flaw(f"the {whose} did not offer {'.'.join(path)} in initialize", "method")]


SESSION_OFFERS = {
    "session/set_mode": ("modes", "modes", "modeId"),
    "session/set_config_option": ("config_options", "config options", "configId"),
}
"""What a session must have been opened with for a method: the :class:`~.links.Session`
attribute, in words, and the member of the params that names it."""


def _session_offer(seen: Seen, link: Link) -> Iterable[Flaw]:
    attribute, words, member = SESSION_OFFERS[str(seen.method)]
    session = seen.session
    if session is None or getattr(session, attribute):
        return NONE
    return [Flaw(f"session {seen.session_id} was opened without {words}", f"params.{member}")]


# -- v2: the prompt lifecycle, upserts --------------------------------------------------------


def _idle(seen: Seen) -> dict[str, Any] | None:
    """A v2 ``state_update`` reporting ``idle``, the end of its session's work as the
    interpreter reads it (:data:`~.links.STATE_EVENTS`); ``None`` for another state."""
    return seen.update if seen.event is SessionEvent.TURN_END else None


def _unreported(session: Session) -> list[tuple[Pending, Flaw]]:
    """The prompts of ``session`` acknowledged with a user message no update reported."""
    return [
        (
            prompt,
            Flaw(
                f"acknowledged with messageId {message_id!r}, which no user_message update"
                " of its session reported"
            ),
        )
        for message_id, prompt in session.acknowledged.items()
        if prompt is not None
    ]


def _prompt_acknowledged(seen: Seen, link: Link) -> Iterable[Flaw]:
    session = seen.session
    if seen.method == "session/close":
        # No user message can be reported for a session closed: the prompts' ones are due.
        unreported = _unreported(session) if session is not None else []
        return [
            Flaw(
                f"closes session {seen.session_id}, whose prompt (message {prompt.record.line}) "
                f"was {flaw.text}",
                "",
            )
            for prompt, flaw in unreported
        ]
    message_id = _dict(seen.params).get("messageId")
    if session is None or type(message_id) is not str:
        return NONE  # (valid-message says a messageId is missing)
    if message_id not in session.acknowledged:
        return NONE
    text = f"messageId {message_id!r} acknowledged an earlier prompt of session {seen.session_id}"
    return [Flaw(text, "result.messageId")]


def _prompt_acknowledged_at_end(link: Link) -> Iterator[tuple[Pending, Flaw]]:
    if link.ended is not None:
        return  # its agent is gone: the user message cannot be reported any more
    for session in link.sessions.values():
        yield from _unreported(session)


def _foreground_state(seen: Seen, link: Link) -> Iterable[Flaw]:
    idle = _idle(seen)
    session = seen.session
    if idle is None or session is None or session.state is not SessionState.IDLE:
        return NONE  # (work running ends here; a loading session replays its history)
    reason = idle.get("stopReason")
    if type(reason) is not str or reason == session.stop_reason:
        return NONE  # a snapshot of the state it is in (which may repeat the last reason)
    text = (
        f"idle with stopReason {reason!r} ends foreground work that no running or "
        f"requires_action reported started in session {seen.session_id}"
    )
    return [Flaw(text, "params.update.stopReason")]


def _cancel_idle(seen: Seen, link: Link) -> Iterable[Flaw]:
    idle = _idle(seen)
    session = seen.session
    if idle is None or session is None or session.state is not SessionState.CANCELLING:
        return NONE
    reason = idle.get("stopReason")
    if reason == "cancelled" or (reason == "error" and _for_an_exit(idle.get("error"))):
        return NONE  # (error: the relay ending the work of an agent that exited)
    said = f"with stopReason {reason!r}" if reason is not None else "without a stopReason"
    return [Flaw(f"the cancelled work ended idle {said}", "params.update.stopReason")]


def _created(session: Session, tool: Any) -> bool:
    """Whether an upsert of ``session`` created tool call ``tool`` (an id that is no
    string is valid-message's)."""
    return type(tool) is not str or tool in session.tools or tool in session.ended


def _upsert_created(seen: Seen, link: Link) -> Iterable[Flaw]:
    update, kind = seen.update or {}, seen.update_kind
    session = seen.session
    if session is None:
        return NONE
    if kind == "tool_call_content_chunk":
        tool = update.get("toolCallId")
        if _created(session, tool):
            return NONE
        text = f"tool_call_content_chunk for tool call {tool!r}, which no upsert created"
        return [Flaw(text, "params.update.toolCallId")]
    background = update.get("background") if kind == "state_update" else None
    if type(background) is not list:
        return NONE
    flaws = []
    for number, work in enumerate(background):
        work = _dict(work)
        tool, terminal = work.get("toolCallId"), work.get("terminalId")
        at = f"params.update.background[{number}]"
        if work.get("type") == "tool_call" and not _created(session, tool):
            flaws.append(Flaw(f"lists tool call {tool!r}, which no upsert created", at))
        elif (
            work.get("type") == "terminal"
            and type(terminal) is str
            and terminal not in session.terminals
        ):
            text = f"lists terminal {terminal!r}, which no terminal_update created"
            flaws.append(Flaw(text, at))
    return flaws[:MAX_FLAWS]


# -- legacy ACP 0.0.9 ------------------------------------------------------------------------


def _legacy_tool_call_id(seen: Seen, link: Link) -> Iterable[Flaw]:
    tool = _dict(seen.params).get("toolCallId")
    session = seen.session
    if session is not None and request_key(tool) in session.tools:
        return NONE
    return [Flaw(f"tool call id {tool!r} was never returned by the client", "params.toolCallId")]


def _legacy_in_turn(seen: Seen, link: Link) -> Iterable[Flaw]:
    session = seen.session
    if session is not None and session.state is not SessionState.IDLE:
        return NONE
    return [Flaw(f"{seen.method} while no sendUserMessage is waiting for its answer", "method")]


LEGACY_NEW_WORK = frozenset(
    {"streamAssistantMessageChunk", "pushToolCall", "requestToolCallConfirmation"}
)
"""Legacy agent requests that start something new in a turn (closing a tool call with
``updateToolCall`` after a cancel is how a turn winds down, not new work)."""


def _cancelled_turn(link: Link) -> tuple[str, Any] | None:
    """The pending key of a legacy link's cancelled ``sendUserMessage``, if one is open."""
    session = link.sessions.get(LEGACY_SESSION)
    if link.protocol is not Protocol.LEGACY or session is None:
        return None
    return ("client", session.prompt) if session.state is SessionState.CANCELLING else None


def _legacy_cancel(seen: Seen, link: Link) -> Iterable[Flaw]:
    # (The rule's legacy link: the message's session is its one, as _cancelled_turn reads.)
    session = seen.session
    if session is None or session.state is not SessionState.CANCELLING:
        return NONE
    return [Flaw(f"{seen.method} after cancelSendMessage was answered", "method")]


def _legacy_cancel_at_end(link: Link) -> Iterator[tuple[Pending, Flaw]]:
    cancelled = _cancelled_turn(link)
    pending = link.pending.get(cancelled) if cancelled is not None else None
    if pending is not None and link.ended is None:
        yield pending, Flaw("the cancelled sendUserMessage was never answered", "id")


def _never(seen: Seen, link: Link) -> Iterable[Flaw]:
    return NONE


# -- the table -------------------------------------------------------------------------------

_CANCEL = f"Prompt Turn, Cancellation {ACP}prompt-turn#cancellation"
_TOOLS = f"Tool Calls, Creating {ACP}tool-calls#creating"
_UPDATES = frozenset({"session/update", "session/request_permission"})
_TURN_UPDATES: frozenset[str | None] = frozenset(TURN_UPDATES)
_STATES: frozenset[str | None] = frozenset({"state_update"})

RULES: tuple[Rule, ...] = (
    Rule(
        "valid-message",
        MUST,
        f"JSON-RPC 2.0 {JSON_RPC} and the protocol's schema {ACP}schema",
        IN_ALL,
        EITHER,
        'Every message is a JSON-RPC 2.0 message (on a current link, jsonrpc "2.0"), and its '
        "params, result or error match the schema of the protocol the link speaks, its "
        "enums and required members included.",
        _valid,
        judge=_judge,
    ),
    Rule(
        "request-answered",
        MUST,
        f"JSON-RPC 2.0, Request object {JSON_RPC}#request_object",
        IN_ALL,
        EITHER,
        "Every request gets an answer.",
        _never,
        frozenset(),
        _answered_at_end,
    ),
    Rule(
        "answer-asked",
        MUST,
        f"JSON-RPC 2.0, Response object {JSON_RPC}#response_object",
        IN_ALL,
        EITHER,
        "An answer names a request that was asked and not answered already.",
        _answer_known,
        kinds=ANSWERS,
    ),
    Rule(
        "id-unique",
        SHOULD,
        f"JSON-RPC 2.0, Request object {JSON_RPC}#request_object",
        IN_ALL,
        EITHER,
        "A request's id is not the id of another request of the same side still waiting.",
        _id_unique,
        kinds=ASKS,
    ),
    Rule(
        "extension-prefix",
        MUST,
        f"Extensibility, Extension Methods {ACP}extensibility#extension-methods",
        NUMBERED,
        EITHER,
        "A method that is none of the protocol's (in any pinned version) is an extension, "
        "and its name starts with an underscore.",
        _extension_prefix,
        FOREIGN,
        kinds=TELLS,
    ),
    Rule(
        "initialize-version",
        MUST,
        f"Initialization, Protocol version {ACP}initialization#protocol-version",
        IN_ALL,
        EITHER,
        "initialize and its answer name protocolVersion: an integer in current ACP, "
        'a "0.0.x" string in legacy ACP.',
        _initialize_version,
        frozenset({"initialize"}),
        kinds=frozenset({Kind.REQUEST, Kind.RESPONSE}),
    ),
    Rule(
        "initialize-body",
        MUST,
        f"the protocol's schema {ACP}schema",
        IN_ALL,
        EITHER,
        "initialize and its answer have the body of the protocolVersion they name.",
        _initialize_body,
        frozenset({"initialize"}),
        kinds=frozenset({Kind.REQUEST, Kind.RESPONSE}),
    ),
    Rule(
        "session-known",
        MUST,
        f"Session Setup, Session ID {ACP}session-setup#session-id",
        NUMBERED,
        "agent",
        "An update, a permission request or a file or terminal request names a session "
        "the link opened (a session/new, session/load or session/resume answer named it).",
        _session_known,
        SESSION_METHODS,
        kinds=TELLS,
    ),
    Rule(
        "update-in-turn",
        MUST,
        _CANCEL,
        IN_CURRENT,
        "agent",
        "No turn content (text, thoughts, tool calls, plans) after a session/prompt "
        "answer until the next prompt.",
        _update_in_turn,
        frozenset({"session/update"}),
        kinds=NOTIFIES,
        updates=_TURN_UPDATES,
    ),
    Rule(
        "tool-call-announced",
        SHOULD,
        _TOOLS,
        IN_CURRENT,
        "agent",
        "Every tool_call_update names a tool call announced earlier in its session (a "
        "tool_call, or the toolCall of a permission request).",
        _tool_call_announced,
        frozenset({"session/update"}),
        kinds=NOTIFIES,
        updates=frozenset({"tool_call_update"}),
    ),
    Rule(
        "permission-tool-call",
        SHOULD,
        _TOOLS,
        IN_CURRENT,
        "agent",
        "A permission request names a tool call announced in its session (the agent "
        "reports a tool call before it asks about it).",
        _tool_call_announced,
        frozenset({"session/request_permission"}),
        kinds=ASKS,
    ),
    Rule(
        "tool-call-id-unique",
        MUST,
        f"the schema's ToolCallId, unique within a session {ACP}schema#toolcallid",
        IN_CURRENT,
        "agent",
        "A tool call id is not announced again in a later turn of its session.",
        _tool_call_reused,
        _UPDATES,
        kinds=TELLS,
        updates=frozenset({"tool_call"}),
    ),
    Rule(
        "cancel-cancelled",
        MUST,
        _CANCEL,
        IN_CURRENT,
        "agent",
        "After session/cancel, the prompt is answered with stopReason cancelled.",
        _cancelled,
        frozenset({"session/prompt"}),
        kinds=ANSWERS,
    ),
    Rule(
        "cancel-permission",
        MUST,
        _CANCEL,
        NUMBERED,
        "client",
        "A permission request still open when the client cancels its turn is answered "
        "with the cancelled outcome.",
        _cancel_permission,
        frozenset({"session/request_permission"}),
        kinds=RESULTS,
    ),
    Rule(
        "option-offered",
        MUST,
        f"Tool Calls, Requesting Permission {ACP}tool-calls#requesting-permission",
        NUMBERED,
        "client",
        "A permission answer selects one of the options the request offered.",
        _option_offered,
        frozenset({"session/request_permission"}),
        kinds=RESULTS,
    ),
    Rule(
        "path-absolute",
        MUST,
        f"Overview, Argument requirements {ACP}overview#argument-requirements",
        NUMBERED,
        EITHER,
        "File paths (fs/* paths, terminal/create and session cwd) are absolute.",
        _path_absolute,
        frozenset(PATHS),
        kinds=ASKS,
    ),
    Rule(
        "capability-fs",
        MUST,
        f"File System, Checking Support {ACP}file-system#checking-support",
        IN_CURRENT,
        "agent",
        "fs/read_text_file and fs/write_text_file only when the client offered them.",
        _capability,
        frozenset({"fs/read_text_file", "fs/write_text_file"}),
        kinds=ASKS,
    ),
    Rule(
        "capability-terminal",
        MUST,
        f"Terminals, Checking Support {ACP}terminals#checking-support",
        IN_CURRENT,
        "agent",
        "terminal/* requests only when the client offered terminal.",
        _capability,
        TERMINAL_METHODS,
        kinds=ASKS,
    ),
    Rule(
        "capability-load",
        MUST,
        f"Session Setup, Loading Sessions {ACP}session-setup#loading-sessions",
        IN_CURRENT,
        "client",
        "session/load only when the agent offered loadSession.",
        _capability,
        frozenset({"session/load"}),
        kinds=ASKS,
    ),
    Rule(
        "capability-resume",
        MUST,
        f"the schema's ResumeSessionRequest {ACP}schema#session-resume",
        IN_CURRENT,
        "client",
        "session/resume only when the agent offered sessionCapabilities.resume.",
        _capability,
        frozenset({"session/resume"}),
        kinds=ASKS,
    ),
    Rule(
        "capability-modes",
        MUST,
        f"Session Modes, Setting the current mode {ACP}session-modes#from-the-client",
        IN_CURRENT,
        "client",
        "session/set_mode only for a session opened with modes.",
        _session_offer,
        frozenset({"session/set_mode"}),
        kinds=ASKS,
    ),
    Rule(
        "capability-config-options",
        MUST,
        f"Session Config Options {ACP}session-config-options",
        IN_CURRENT,
        "client",
        "session/set_config_option only for a session opened with config options.",
        _session_offer,
        frozenset({"session/set_config_option"}),
        kinds=ASKS,
    ),
    Rule(
        "v2-prompt-acknowledged",
        MUST,
        f"Prompt Lifecycle, Prompt Accepted {ACP}v2/prompt-lifecycle#2-prompt-accepted",
        IN_V2,
        "agent",
        "A session/prompt is acknowledged once, with the messageId of the user message it "
        "inserted: a user_message or user_message_chunk update of the session reports that "
        "id (before or after the answer, before the session is closed), and no other "
        "prompt of the session is acknowledged with it.",
        _prompt_acknowledged,
        frozenset({"session/prompt", "session/close"}),
        _prompt_acknowledged_at_end,
        kinds=RESULTS,
    ),
    Rule(
        "v2-foreground-state",
        MUST,
        f"Prompt Lifecycle, Session States {ACP}v2/prompt-lifecycle#session-states",
        IN_V2,
        "agent",
        "A session is in one foreground state at a time, the one its last state_update "
        "reported: an idle that ends work (a stop reason other than the last) follows a "
        "running or requires_action that started it.",
        _foreground_state,
        frozenset({"session/update"}),
        kinds=NOTIFIES,
        updates=_STATES,
    ),
    Rule(
        "v2-cancel-idle",
        MUST,
        f"Prompt Lifecycle, Cancellation {ACP}v2/prompt-lifecycle#cancellation",
        IN_V2,
        "agent",
        "After session/cancel, the idle state_update that ends the cancelled work carries "
        "stopReason cancelled.",
        _cancel_idle,
        frozenset({"session/update"}),
        kinds=NOTIFIES,
        updates=_STATES,
    ),
    Rule(
        "v2-upsert-created",
        MUST,
        "the schema's ToolCallContentChunk and BackgroundWork (each item announced before "
        f"it is listed) {ACP}v2/schema#backgroundwork",
        IN_V2,
        "agent",
        "A tool_call_content_chunk appends to a tool call an upsert created (a "
        "tool_call_update, or a permission's tool_call subject), and a state_update's "
        "background work lists only tool calls and terminals created before.",
        _upsert_created,
        frozenset({"session/update"}),
        kinds=NOTIFIES,
        updates=frozenset({"tool_call_content_chunk", "state_update"}),
    ),
    Rule(
        "legacy-tool-call-id",
        MUST,
        "the 0.0.9 schema's UpdateToolCallParams",
        IN_LEGACY,
        "agent",
        "updateToolCall names only a tool call id the client returned (from pushToolCall "
        "or requestToolCallConfirmation).",
        _legacy_tool_call_id,
        frozenset({"updateToolCall"}),
        kinds=ASKS,
    ),
    Rule(
        "legacy-in-turn",
        SHOULD,
        "the 0.0.9 schema's SendUserMessageParams",
        IN_LEGACY,
        "agent",
        "Text, tool calls and plans only while a sendUserMessage waits for its answer: "
        "the answer ends the turn.",
        _legacy_in_turn,
        LEGACY_TURN_METHODS,
        kinds=ASKS,
    ),
    Rule(
        "legacy-cancel-ends-turn",
        SHOULD,
        "the 0.0.9 schema's CancelSendMessageParams",
        IN_LEGACY,
        "agent",
        "Once cancelSendMessage is answered the turn is over: no more text or new tool "
        "calls (running ones may be closed), and the sendUserMessage is answered.",
        _legacy_cancel,
        LEGACY_NEW_WORK,
        _legacy_cancel_at_end,
        kinds=ASKS,
    ),
)
"""Every rule, in the order they are checked and documented."""

RULES_BY_ID: dict[str, Rule] = {rule.id: rule for rule in RULES}


def rules_markdown() -> str:
    """The rule table as markdown: the source of the table in ``docs/trace-check.md``."""
    lines = [
        "| rule | level | protocol | sender | the rule | where the spec says so |",
        "|---|---|---|---|---|---|",
    ]
    for rule in RULES:
        statement = rule.statement.replace("|", "\\|")
        title, _, url = rule.spec.rpartition(" ")
        where = f"[{title}]({url})" if url.startswith("https://") else rule.spec
        lines.append(
            f"| `{rule.id}` | {rule.level} | {rule.protocol} | {rule.sender} | {statement} "
            f"| {where} |"
        )
    return "\n".join(lines) + "\n"
