"""The rules ``acp-compat trace --check`` holds each message to: one table, :data:`RULES`.

Each :class:`Rule` has an id, the protocol and the sender it applies to, a one-line
statement (the words a user reads, and the docs' table, ``docs/trace-check.md``, is
generated from them), and its check: a function of the message (:class:`~.links.Seen`)
and what is open on its link (:class:`~.links.Link`, read before the message changes
it) that yields a :class:`Flaw` for each way the message breaks the rule. A rule about
what never happened (a request never answered) also has an ``at_end`` check.

Whether a message is valid is judged by the project's own models through
:func:`acp_compat.codec.structure`: its wire-path errors say where a field is wrong.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator
from typing import Any

import attrs

from acp_compat._define import frozen
from acp_compat.codec import CodecError, structure, wire_name
from acp_compat.jsonrpc.messages import Kind
from acp_compat.models import legacy
from acp_compat.models.current import initialize as current_initialize
from acp_compat.models.current import initialize_result as current_initialize_result
from acp_compat.models.current.methods import CURRENT_METHODS, VOID_RESULTS
from acp_compat.models.v2.methods import V2_METHODS
from acp_compat.trace.links import (
    LEGACY_TURN_METHODS,
    TURN_UPDATES,
    Link,
    Pending,
    Phase,
    Seen,
)
from acp_compat.trace.records import request_key
from acp_compat.translate.probe import Protocol

BOTH = "both"
"""A rule's ``protocol`` when it holds in either protocol."""
EITHER = "either"
"""A rule's ``sender`` when it holds for messages of both roles."""

MAX_FLAWS = 5
"""Field problems reported for one message, at most (the first ones, in wire order)."""

LEGACY_VERSION = re.compile(r"0\.\d+\.\d+")


@frozen
class Flaw:
    """One way a message breaks a rule: what, in words, and the wire path of the field."""

    text: str
    path: str = ""


Check = Callable[[Seen, Link], Iterable[Flaw]]
EndCheck = Callable[[Link], Iterable[tuple[Pending, Flaw]]]


@frozen
class Rule:
    """One rule of the protocol, and how to find a message that breaks it."""

    id: str
    protocol: str
    """``current``, ``legacy`` or ``both``."""
    sender: str
    """Whose messages it judges: ``client``, ``agent`` or ``either``."""
    statement: str
    check: Check
    at_end: EndCheck | None = None
    """What is still open when the trace ends that breaks the rule."""

    def applies(self, protocol: Protocol | None, sender: str) -> bool:
        """Whether the rule judges a message of ``sender`` on a link in ``protocol``."""
        if self.protocol != BOTH and (protocol is None or protocol.value != self.protocol):
            return False
        return self.sender in (EITHER, sender)


def _dict(value: Any) -> dict[str, Any]:
    return value if isinstance(value, dict) else {}


def _structure_flaws(data: Any, cls: Any, at: str) -> Iterator[Flaw]:
    try:
        structure(data, cls, at=at)
    except CodecError as exc:
        for problem in exc.problems[:MAX_FLAWS]:
            yield Flaw(problem.message, problem.path or at)


# -- every message ---------------------------------------------------------------------------


def _methods(link: Link) -> Any:
    """The method table of the link's protocol (a v2 link's is the draft's: the v2 rules
    themselves are ``trace --check``'s to come, issue 26 item 6)."""
    if link.protocol is Protocol.LEGACY:
        return legacy.LEGACY_METHODS
    return V2_METHODS if link.protocol is Protocol.V2 else CURRENT_METHODS


def _valid(seen: Seen, link: Link) -> Iterator[Flaw]:
    message = seen.message
    if seen.kind is Kind.INVALID:
        if "method" in message and not isinstance(message["method"], str):
            yield Flaw("the method is not a string", "method")
        else:
            yield Flaw("not a request, a notification or an answer (no valid id)", "id")
        return
    if seen.method == "initialize":
        return  # initialize-version and initialize-body judge it against its own version
    if seen.kind is Kind.ERROR:
        error = message.get("error")
        if not isinstance(error, dict):
            yield Flaw("an error answer's error must be an object", "error")
            return
        code = error.get("code")
        if not isinstance(code, int) or isinstance(code, bool):
            yield Flaw("the error code must be an integer", "error.code")
        if not isinstance(error.get("message"), str):
            yield Flaw("the error message must be a string", "error.message")
        return
    spec = _methods(link).get(seen.method) if seen.method is not None else None
    if spec is None:
        return  # an extension, a method of a later version, or an answer to no request
    if seen.kind is Kind.RESPONSE:
        result = message.get("result")
        if spec.result is None or (result is None and spec.result in VOID_RESULTS):
            return
        yield from _structure_flaws(result, spec.result, "result")
        return
    receiver = "agent" if seen.sender == "client" else "client"
    if spec.handled_by not in (receiver, "both"):
        yield Flaw(
            f"{seen.method} is sent by the {spec.handled_by}'s peer, never by the {seen.sender}",
            "method",
        )
        return
    if spec.notification and seen.kind is Kind.REQUEST:
        yield Flaw(f"{seen.method} is a notification: it carries no id", "id")
    elif (
        link.protocol in (Protocol.CURRENT, Protocol.V2)
        and not spec.notification
        and seen.kind is Kind.NOTIFICATION
    ):
        yield Flaw(f"{seen.method} is a request: it needs an id", "id")
    if spec.params is not None:
        yield from _structure_flaws(seen.params, spec.params, "params")


def _answered_at_end(link: Link) -> Iterator[tuple[Pending, Flaw]]:
    cancelled = (
        link.turn.request_id if link.turn is not None and link.turn.cancel_answered else None
    )
    for (sender, request_id), pending in link.pending.items():
        if sender == "client" and cancelled is not None and request_id == request_key(cancelled):
            continue  # legacy-cancel-ends-turn says it
        yield pending, Flaw(f"{pending.method} was never answered", "id")


def _answer_known(seen: Seen, link: Link) -> Iterator[Flaw]:
    if seen.kind not in (Kind.RESPONSE, Kind.ERROR) or seen.asked is not None:
        return
    request_id = seen.message.get("id")
    if request_id is None:
        return  # the answer to a line that could not be read: JSON-RPC gives it id null
    asker = "agent" if seen.sender == "client" else "client"
    if link.was_answered(asker, request_id):
        yield Flaw(f"answers request {request_id!r} a second time", "id")
    elif not link.drops:  # else the answer to a line the relay dropped (too long to read)
        yield Flaw(f"answers request {request_id!r}, which was never asked", "id")


def _id_unique(seen: Seen, link: Link) -> Iterator[Flaw]:
    if seen.kind is not Kind.REQUEST:
        return
    request_id = seen.message.get("id")
    if (seen.sender, request_key(request_id)) in link.pending:
        yield Flaw(f"id {request_id!r} is the id of a request still waiting for its answer", "id")


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


def _initialize_version(seen: Seen, link: Link) -> Iterator[Flaw]:
    if seen.method != "initialize" or seen.kind not in (Kind.REQUEST, Kind.RESPONSE):
        return
    at = "params" if seen.kind is Kind.REQUEST else "result"
    flaw = _version_flaw(_dict(seen.params).get("protocolVersion"), f"{at}.protocolVersion")
    if flaw is not None:
        yield flaw


def _members(cls: type) -> frozenset[str]:
    return frozenset(wire_name(cls, field.name) for field in attrs.fields(cls))


INITIALIZE_BODIES: dict[tuple[Kind, Protocol], tuple[type, frozenset[str]]] = {
    (kind, protocol): (cls, _members(other) - _members(cls))
    for kind, pairs in (
        (Kind.REQUEST, (current_initialize.InitializeRequest, legacy.InitializeParams)),
        (Kind.RESPONSE, (current_initialize_result.InitializeResponse, legacy.InitializeResponse)),
    )
    for protocol, cls, other in (
        (Protocol.CURRENT, pairs[0], pairs[1]),
        (Protocol.LEGACY, pairs[1], pairs[0]),
    )
}
"""The model of each initialize body, and the members only the other version has."""


def _initialize_body(seen: Seen, link: Link) -> Iterator[Flaw]:
    if seen.method != "initialize" or seen.kind not in (Kind.REQUEST, Kind.RESPONSE):
        return
    at = "params" if seen.kind is Kind.REQUEST else "result"
    body = seen.params
    version = _dict(body).get("protocolVersion")
    if _version_flaw(version, at) is not None:
        return  # initialize-version says what is wrong
    protocol = Protocol.CURRENT if isinstance(version, int) else Protocol.LEGACY
    cls, foreign = INITIALIZE_BODIES[(seen.kind, protocol)]
    named = f"protocolVersion {version!r}"
    for member in sorted(foreign & _dict(body).keys()):
        yield Flaw(
            f"{member} belongs to the other version's body, not to {named}", f"{at}.{member}"
        )
    yield from _structure_flaws(body, cls, at)


# -- current ACP: sessions, turns, tool calls, capabilities ----------------------------------


def _session_of(seen: Seen, link: Link) -> tuple[str | None, Any]:
    session_id = _dict(seen.params).get("sessionId")
    if not isinstance(session_id, str):
        return None, None
    return session_id, link.sessions.get(session_id)


def _update(seen: Seen) -> dict[str, Any]:
    if seen.method != "session/update" or seen.kind is not Kind.NOTIFICATION:
        return {}
    return _dict(_dict(seen.params).get("update"))


def _update_after_new(seen: Seen, link: Link) -> Iterator[Flaw]:
    if not _update(seen):
        return
    session_id, session = _session_of(seen, link)
    if session_id is not None and session is None:
        yield Flaw(
            f"session {session_id} was not created yet (no session/new answer named it)",
            "params.sessionId",
        )


def _update_in_turn(seen: Seen, link: Link) -> Iterator[Flaw]:
    kind = _update(seen).get("sessionUpdate")
    if kind not in TURN_UPDATES:
        return
    _, session = _session_of(seen, link)
    if session is not None and session.phase is Phase.IDLE:
        yield Flaw(
            f"{kind} after the session/prompt answer, before another prompt",
            "params.update.sessionUpdate",
        )


def _tool_call_announced(seen: Seen, link: Link) -> Iterator[Flaw]:
    update = _update(seen)
    if update.get("sessionUpdate") != "tool_call_update":
        return
    session_id, session = _session_of(seen, link)
    tool = update.get("toolCallId")
    if session is not None and isinstance(tool, str) and tool not in session.tools:
        yield Flaw(
            f"tool call {tool!r} was never announced (a tool_call) in session {session_id}",
            "params.update.toolCallId",
        )


def _permission_tool_call(seen: Seen, link: Link) -> Iterator[Flaw]:
    if seen.method != "session/request_permission" or seen.kind is not Kind.REQUEST:
        return
    session_id, session = _session_of(seen, link)
    tool = _dict(_dict(seen.params).get("toolCall")).get("toolCallId")
    if session is not None and isinstance(tool, str) and tool not in session.tools:
        yield Flaw(
            f"asks permission for tool call {tool!r}, never announced in session {session_id}",
            "params.toolCall.toolCallId",
        )


def _cancelled(seen: Seen, link: Link) -> Iterator[Flaw]:
    if seen.method != "session/prompt" or seen.asked is None:
        return
    session_id = _dict(seen.asked.params).get("sessionId")
    session = link.sessions.get(session_id) if isinstance(session_id, str) else None
    if session is None or session.phase is not Phase.CANCELLING:
        return
    if seen.kind is Kind.ERROR:
        error = _dict(seen.message.get("error"))
        if "exitCode" in _dict(error.get("data")):
            return  # the relay answering for an agent that exited: no answer was possible
        yield Flaw(
            "the cancelled prompt was answered with an error, not stopReason cancelled", "error"
        )
        return
    reason = _dict(seen.params).get("stopReason")
    if reason != "cancelled":
        yield Flaw(f"the cancelled prompt ended with stopReason {reason!r}", "result.stopReason")


def _client_offers(link: Link, *path: str) -> bool:
    value: Any = link.client_caps
    for name in path:
        value = _dict(value).get(name)
    return value is True


FS_CAPABILITIES = {"fs/read_text_file": "readTextFile", "fs/write_text_file": "writeTextFile"}


def _capability_fs(seen: Seen, link: Link) -> Iterator[Flaw]:
    capability = FS_CAPABILITIES.get(str(seen.method))
    if seen.kind is Kind.REQUEST and capability and not _client_offers(link, "fs", capability):
        yield Flaw(f"the client did not offer fs.{capability} in initialize", "method")


def _capability_terminal(seen: Seen, link: Link) -> Iterator[Flaw]:
    if seen.kind is not Kind.REQUEST or not str(seen.method).startswith("terminal/"):
        return
    if not _client_offers(link, "terminal"):
        yield Flaw("the client did not offer terminal in initialize", "method")


def _capability_load(seen: Seen, link: Link) -> Iterator[Flaw]:
    if seen.method != "session/load" or seen.kind is not Kind.REQUEST:
        return
    if link.agent_caps.get("loadSession") is not True:
        yield Flaw("the agent did not offer loadSession in initialize", "method")


def _capability_modes(seen: Seen, link: Link) -> Iterator[Flaw]:
    if seen.method != "session/set_mode" or seen.kind is not Kind.REQUEST:
        return
    session_id, session = _session_of(seen, link)
    if session is not None and not session.modes:
        yield Flaw(f"session {session_id} was opened without modes", "params.modeId")


def _capability_config_options(seen: Seen, link: Link) -> Iterator[Flaw]:
    if seen.method != "session/set_config_option" or seen.kind is not Kind.REQUEST:
        return
    session_id, session = _session_of(seen, link)
    if session is not None and not session.config_options:
        yield Flaw(f"session {session_id} was opened without config options", "params.configId")


# -- legacy ACP 0.0.9 ------------------------------------------------------------------------


def _legacy_tool_call_id(seen: Seen, link: Link) -> Iterator[Flaw]:
    if seen.method != "updateToolCall" or seen.kind is not Kind.REQUEST:
        return
    tool = _dict(seen.params).get("toolCallId")
    if request_key(tool) not in link.legacy_tools:
        yield Flaw(f"tool call id {tool!r} was never returned by the client", "params.toolCallId")


def _legacy_in_turn(seen: Seen, link: Link) -> Iterator[Flaw]:
    if seen.kind is Kind.REQUEST and seen.method in LEGACY_TURN_METHODS and link.turn is None:
        yield Flaw(f"{seen.method} while no sendUserMessage is waiting for its answer", "method")


LEGACY_NEW_WORK = frozenset(
    {"streamAssistantMessageChunk", "pushToolCall", "requestToolCallConfirmation"}
)
"""Legacy agent requests that start something new in a turn (closing a tool call with
``updateToolCall`` after a cancel is how a turn winds down, not new work)."""


def _cancelled_turn(link: Link) -> bool:
    return link.turn is not None and link.turn.cancel_answered


def _legacy_cancel(seen: Seen, link: Link) -> Iterator[Flaw]:
    if seen.kind is Kind.REQUEST and seen.method in LEGACY_NEW_WORK and _cancelled_turn(link):
        yield Flaw(f"{seen.method} after cancelSendMessage was answered", "method")


def _legacy_cancel_at_end(link: Link) -> Iterator[tuple[Pending, Flaw]]:
    if link.turn is None or not link.turn.cancel_answered:
        return
    pending = link.pending.get(("client", request_key(link.turn.request_id)))
    if pending is not None:
        yield pending, Flaw("the cancelled sendUserMessage was never answered", "id")


RULES: tuple[Rule, ...] = (
    Rule(
        "valid-message",
        BOTH,
        EITHER,
        "Every message is valid JSON-RPC, and its params or result have the shape its "
        "method has in the protocol the link speaks.",
        _valid,
    ),
    Rule(
        "request-answered",
        BOTH,
        EITHER,
        "Every request gets an answer.",
        lambda seen, link: (),
        _answered_at_end,
    ),
    Rule(
        "answer-asked",
        BOTH,
        EITHER,
        "An answer names a request that was asked and not answered already.",
        _answer_known,
    ),
    Rule(
        "id-unique",
        BOTH,
        EITHER,
        "A request's id is not the id of another request of the same side still waiting.",
        _id_unique,
    ),
    Rule(
        "initialize-version",
        BOTH,
        EITHER,
        "initialize and its answer name protocolVersion: an integer in current ACP, "
        'a "0.0.x" string in legacy ACP.',
        _initialize_version,
    ),
    Rule(
        "initialize-body",
        BOTH,
        EITHER,
        "initialize and its answer have the body of the protocolVersion they name.",
        _initialize_body,
    ),
    Rule(
        "update-after-new",
        "current",
        "agent",
        "No session/update for a session before the session/new answer that names it.",
        _update_after_new,
    ),
    Rule(
        "update-in-turn",
        "current",
        "agent",
        "No turn content (text, thoughts, tool calls, plans) after a session/prompt "
        "answer until the next prompt.",
        _update_in_turn,
    ),
    Rule(
        "tool-call-announced",
        "current",
        "agent",
        "Every tool_call_update names a tool_call announced earlier in its session.",
        _tool_call_announced,
    ),
    Rule(
        "permission-tool-call",
        "current",
        "agent",
        "A permission request names a tool call announced in its session.",
        _permission_tool_call,
    ),
    Rule(
        "cancel-cancelled",
        "current",
        "agent",
        "After session/cancel, the prompt is answered with stopReason cancelled.",
        _cancelled,
    ),
    Rule(
        "capability-fs",
        "current",
        "agent",
        "fs/read_text_file and fs/write_text_file only when the client offered them.",
        _capability_fs,
    ),
    Rule(
        "capability-terminal",
        "current",
        "agent",
        "terminal/* requests only when the client offered terminal.",
        _capability_terminal,
    ),
    Rule(
        "capability-load",
        "current",
        "client",
        "session/load only when the agent offered loadSession.",
        _capability_load,
    ),
    Rule(
        "capability-modes",
        "current",
        "client",
        "session/set_mode only for a session opened with modes.",
        _capability_modes,
    ),
    Rule(
        "capability-config-options",
        "current",
        "client",
        "session/set_config_option only for a session opened with config options.",
        _capability_config_options,
    ),
    Rule(
        "legacy-tool-call-id",
        "legacy",
        "agent",
        "updateToolCall names only a tool call id the client returned (from pushToolCall "
        "or requestToolCallConfirmation).",
        _legacy_tool_call_id,
    ),
    Rule(
        "legacy-in-turn",
        "legacy",
        "agent",
        "Text, tool calls and plans only while a sendUserMessage waits for its answer: "
        "the answer ends the turn.",
        _legacy_in_turn,
    ),
    Rule(
        "legacy-cancel-ends-turn",
        "legacy",
        "agent",
        "Once cancelSendMessage is answered the turn is over: no more text or new tool "
        "calls (running ones may be closed), and the sendUserMessage is answered.",
        _legacy_cancel,
        _legacy_cancel_at_end,
    ),
)
"""Every rule, in the order they are checked and documented."""

RULES_BY_ID: dict[str, Rule] = {rule.id: rule for rule in RULES}


def rules_markdown() -> str:
    """The rule table as markdown: the source of the table in ``docs/trace-check.md``."""
    senders = {"client": "client", "agent": "agent", EITHER: "either"}
    lines = ["| rule | protocol | sender | the rule |", "|---|---|---|---|"]
    for rule in RULES:
        statement = rule.statement.replace("|", "\\|")
        lines.append(f"| `{rule.id}` | {rule.protocol} | {senders[rule.sender]} | {statement} |")
    return "\n".join(lines) + "\n"
