"""The conversation a trace shows, as an editor would have shown it (sans-IO).

:class:`Conversation` follows the records of :mod:`acp_compat.trace.records` and builds
:class:`Turn` objects (the prompt, the streamed text and thoughts joined, tool calls with
their final status, content and how long they ran, permission questions with the answer,
the stop reason) and :class:`Note` objects for what happened between turns (sessions,
errors, dropped lines, agent exits). :mod:`acp_compat.trace.render` turns them into lines.

What each message is (which request an answer settles, which session it moves, which
tool call it names, which protocol each link speaks) is the one interpreter's,
:mod:`acp_compat.trace.links`, read leniently (a trace may start mid-way). The
side shown is the current-protocol one: the editor's (``client->relay`` /
``relay->client``) unless the editor speaks legacy ACP, then the agent's, where a
downgrade speaks the current protocol. ``acp-compat demo`` feeds what it sends and gets
as ``client->relay`` and ``relay->client`` records. Nothing here reads files or clocks:
the times are the trace's own ``t`` (seconds since the relay started), ``None`` if unknown.
"""

from __future__ import annotations

import json
import math
from collections.abc import Iterable
from typing import Any

import attrs

from acp_compat._define import define
from acp_compat.jsonrpc.messages import Kind
from acp_compat.models.mapping import CURRENT_FINAL_STATUSES
from acp_compat.trace.links import (
    EDITOR,
    TURN_UPDATES,
    Link,
    Links,
    Pending,
    Seen,
    Session,
    Tool,
    agent_link,
    tool_key,
)
from acp_compat.trace.records import (
    AGENT_IN,
    AGENT_OUT,
    CLIENT_IN,
    CLIENT_OUT,
    DROPPED_LINE,
    REFUSALS,
    REFUSED_LINE,
    BadLine,
    Item,
    Record,
    RelayEvent,
    TraceReader,
    request_key,
)
from acp_compat.translate.exits import describe_status
from acp_compat.translate.lifecycle import TURN_RUNS, SessionEvent, SessionState
from acp_compat.translate.probe import Protocol, client_protocol


def duration(started: float | None, ended: float | None) -> float | None:
    """The seconds from ``started`` to ``ended`` (trace times), ``None`` when either is
    unknown or their difference is no float (times a trace holds at the two ends of a
    float's range: JSON has no ``Infinity``)."""
    if started is None or ended is None:
        return None
    took = ended - started
    return took if math.isfinite(took) else None


@define
class Text:
    """Streamed text of one kind (``text`` or ``thought``), consecutive chunks joined; or
    (``prompt``) a v2 prompt that joined the work under way."""

    kind: str
    pieces: list[str]
    """The chunks, joined when the text is read (joining at each chunk is quadratic)."""

    @property
    def text(self) -> str:
        """The chunks joined."""
        if len(self.pieces) > 1:
            self.pieces[:] = ["".join(self.pieces)]
        return self.pieces[0] if self.pieces else ""


@define
class ToolCall:
    """One tool call as the editor saw it, with every status it went through."""

    id: str
    title: str
    kind: str
    status: str
    started: float | None
    ended: float | None = None
    """The time of its first final status (``completed`` or ``failed``)."""
    statuses: list[str] = attrs.Factory(list)
    command: str | None = None
    """The command of an ``execute`` call, when ``rawInput`` names one."""
    content: list[Any] = attrs.Factory(list)
    """Its content items (text, diffs, terminals) as last sent: an update replaces them."""
    locations: list[Any] = attrs.Factory(list)
    """The files it touches (``{"path", "line"}``) as last sent."""

    @property
    def seconds(self) -> float | None:
        """How long it ran: from its first sight to its final status (``None`` if unknown)."""
        took = duration(self.started, self.ended)
        return None if took is None else max(0.0, took)


@define
class Permission:
    """A permission question and the answer given."""

    tool_call_id: str | None
    title: str
    options: list[str]
    """The options' names, in the order offered."""
    asked: float | None
    answer: str | None = None
    """The chosen option's name, ``cancelled``, or ``None`` while unanswered."""
    answered: float | None = None
    error: str | None = None
    """The answer was an error (or the question was abandoned), described."""
    answered_by: str | None = None
    """Who answered when the user was not asked (``relay, in mode readOnly``: the relay's
    mode answered the agent, ``_meta.acpCompat.permission``); ``None``: the user."""


@define
class Plan:
    """A plan update: its entries as ``(status, content)``."""

    entries: list[tuple[str, str]]


@define
class Problem:
    """Something that went wrong inside a turn (an error answer, an agent exit...)."""

    text: str


Part = Text | ToolCall | Permission | Plan | Problem


@define
class Turn:
    """One ``session/prompt`` and everything it brought, in order (v2: the foreground work
    a prompt started, until the agent reports ``idle``)."""

    session: str | None
    index: int
    """0-based number of the turn within its session (-1: updates outside a turn)."""
    prompt: str
    started: float | None
    parts: list[Part] = attrs.Factory(list)
    stop_reason: str | None = None
    error: dict[str, Any] | None = None
    """The prompt's error answer, when it failed."""
    ended: float | None = None
    after: int = -1
    """Updates outside a turn: the number of the session's turn before them (-1: none)."""
    over: str | None = None
    """How a turn that nothing will answer ended, in words: updates outside a turn once
    the session's next turn began, a turn whose session was closed (its work cancelled)."""

    @property
    def done(self) -> bool:
        """Whether the turn is over: the prompt answered (a stop reason or an error; v2: an
        idle ``state_update``), or nothing will answer it (:attr:`over`)."""
        return self.stop_reason is not None or self.error is not None or self.over is not None

    @property
    def tool_calls(self) -> list[ToolCall]:
        """The turn's tool calls, in the order they started."""
        return [p for p in self.parts if isinstance(p, ToolCall)]

    @property
    def permissions(self) -> list[Permission]:
        """The turn's permission questions, in order."""
        return [p for p in self.parts if isinstance(p, Permission)]

    def joined(self, kind: str) -> str:
        """All streamed text of ``kind`` (``text`` or ``thought``), joined."""
        return "".join(p.text for p in self.parts if isinstance(p, Text) and p.kind == kind)

    @property
    def seconds(self) -> float | None:
        """How long it took, from the prompt to its end (``None`` if unknown)."""
        return duration(self.started, self.ended)

    def summary(self) -> dict[str, Any]:
        """The turn as plain JSON data (``acp-compat trace --json``)."""
        seconds = None if self.seconds is None else round(self.seconds, 6)
        return {
            "type": "turn",
            "session": self.session,
            "index": self.index,
            "prompt": self.prompt,
            "text": self.joined("text"),
            "thought": self.joined("thought"),
            "toolCalls": [
                {
                    "toolCallId": c.id,
                    "title": c.title,
                    "kind": c.kind,
                    "status": c.status,
                    "statuses": c.statuses,
                    "seconds": None if c.seconds is None else round(c.seconds, 6),
                }
                for c in self.tool_calls
            ],
            "permissions": [
                {
                    "toolCallId": p.tool_call_id,
                    "title": p.title,
                    "options": p.options,
                    "answer": p.answer,
                    "error": p.error,
                    "answeredBy": p.answered_by,
                }
                for p in self.permissions
            ],
            "plans": [
                [{"status": s, "content": c} for s, c in p.entries]
                for p in self.parts
                if isinstance(p, Plan)
            ],
            "problems": [p.text for p in self.parts if isinstance(p, Problem)],
            "stopReason": self.stop_reason,
            "error": self.error,
            "complete": self.done,
            "started": self.started,
            "seconds": seconds,
        }


@define
class Note:
    """Something outside any turn: ``info`` (a session started) or ``problem``."""

    level: str
    text: str
    t: float | None
    session: str | None = None

    def summary(self) -> dict[str, Any]:
        """The note as plain JSON data (``acp-compat trace --json``)."""
        return {"type": self.level, "text": self.text, "t": self.t, "session": self.session}


Entry = Turn | Note


def describe_error(error: Any) -> str:
    """A JSON-RPC error object in one line: ``code message (details)``."""
    if not isinstance(error, dict):
        return f"malformed error {json.dumps(error)}"
    text = f"{error.get('code')} {error.get('message')}"
    data = error.get("data")
    if isinstance(data, dict):
        details = data.get("details")
        if isinstance(details, str):
            return f"{text} ({details})"
    if data is not None:
        return f"{text} {json.dumps(data)[:300]}"
    return text


def is_agent_exit(error: Any) -> bool:
    """Whether an error is the relay's report of an agent process that exited."""
    if not isinstance(error, dict):
        return False
    message = str(error.get("message", ""))
    data = error.get("data")
    return "exited" in message or (isinstance(data, dict) and "exitCode" in data)


def is_dropped_line(error: Any) -> bool:
    """Whether an error is the relay's answer for a line over its size limit."""
    if not isinstance(error, dict):
        return False
    data = error.get("data")
    details = data.get("details") if isinstance(data, dict) else None
    return isinstance(details, str) and "--max-line-bytes" in details


def _content_text(content: Any) -> str:
    """The text of a content block (a placeholder naming its type for other blocks)."""
    if isinstance(content, dict):
        if isinstance(content.get("text"), str):
            return str(content["text"])
        if isinstance(content.get("uri"), str):
            return f"[{content.get('type', 'resource')} {content['uri']}]"
        return f"[{content.get('type', 'content')}]"
    return "[content]"


class Conversation:
    """Builds turns and notes from records, one :meth:`add` at a time.

    :attr:`entries` grows in order; a turn is added when its prompt is seen and filled in
    as its messages arrive, so a caller following a live trace can print each turn once it
    is :attr:`Turn.done`.
    """

    def __init__(self) -> None:
        self.entries: list[Entry] = []
        self.records = 0
        """How many records, messages and relay events (not bad lines), were added (or,
        for ``trace --wire``, which prints records and builds no turns, counted)."""
        self.links = Links(lenient=True)
        """What is open on each link of the trace (leniently: a trace may start mid-way)."""
        self._events_seen = False
        self._nameless = Session(SessionState.IDLE)
        """Where the latest turn of the messages naming no session is kept (a named
        session's is on the session its link follows, :attr:`Session.shown`, forgotten
        with it: updates arriving after the turn's end land there)."""
        self._skipped: tuple[Note, int, int, str] | None = None
        """The run of unreadable lines last noted: its note, first line, count, the first
        one's reason (one note for the run, however long)."""

    @property
    def translation(self) -> str | None:
        """The relay's translation (``upgrade``, ``downgrade``, ``passthrough``...) once the
        first initialize is seen."""
        return self.links.translation

    @property
    def editor_dirs(self) -> tuple[str, str]:
        """(what the editor sent, what the editor got) on the current-protocol side."""
        if self.links.editor_protocol() is Protocol.LEGACY:
            return (AGENT_OUT, AGENT_IN)
        return (CLIENT_IN, CLIENT_OUT)

    # -- feeding -------------------------------------------------------------------------------

    def add(self, item: Item) -> None:
        """Take one record (or event, or bad line) in file order."""
        if isinstance(item, BadLine):
            self._bad_line(item)
            return
        self.records += 1
        if isinstance(item, RelayEvent):
            # (Found before the event: an agent gone takes its link's sessions along.)
            session = self._named(item.session, item.agent)
            self.links.event(item)
            self._relay_event(item, session)
            return
        link, seen = self.links.see(item)
        self.links.learn(link, seen)
        if link.ended is not None and item.direction == AGENT_IN:
            self._late(seen, link.name)
            return
        sent, got = self.editor_dirs
        if item.direction == sent:
            self._from_editor(seen, link)
        elif item.direction == got:
            self._to_editor(seen, link)
        else:
            self._other_side(item, item.message)

    def add_all(self, items: Iterable[Item]) -> None:
        """:meth:`add` each item."""
        for item in items:
            self.add(item)

    def _named(self, session: str | None, agent: int | None) -> Session | None:
        """Session ``session`` as the link whose turns are shown follows it: the editor's,
        or when the editor speaks legacy ACP, agent ``agent``'s."""
        if session is None:
            return None
        legacy = self.links.editor_protocol() is Protocol.LEGACY
        link = self.links.links.get(agent_link(agent) if legacy else EDITOR)
        return link.sessions.get(session) if link is not None else None

    def _relay_event(self, item: RelayEvent, session: Session | None) -> None:
        """An agent's exit or loss, a failed start, a dropped line: they stand out."""
        self._events_seen = True
        event = item.event
        kind = event["type"]
        who = f"agent {item.agent}" if item.agent is not None else "the agent"
        if kind == "agent_exited":
            code = event.get("returncode")
            how = describe_status(code if isinstance(code, int) else None)
            stderr = event.get("stderr")
            last = str(stderr).strip().splitlines()[-1:] if stderr else []
            text = f"{who} exited ({how})" + (f": {last[0]}" if last else "")
            if code == 0 and self._open(session) is None:
                self._note("info", text, item, item.session)
                return
        elif kind == "agent_lost":
            text = f"{who} lost: {event.get('reason')}"
            if self._open(session) is None:
                self._note("info", text, item, item.session)  # the relay shutting down
                return
        elif kind == "agent_start_failed":
            text = f"{who} could not start: {event.get('reason')}"
        elif kind in (DROPPED_LINE, REFUSED_LINE):
            side = "the editor" if event.get("side") == "client" else who
            verb, why = "dropped", "over --max-line-bytes"
            if kind == REFUSED_LINE:
                cause = REFUSALS.get(str(event.get("cause")), "unreadable")
                verb, why = "refused", f"{cause}: {event.get('head')!r}"
            if kind == REFUSED_LINE and side == who and "kind" not in event:
                # No message at all (a banner on the agent's stdout): nobody waits for it.
                text = f"skipped a {event.get('size')}-byte line from {who} ({why})"
                self._note("info", text, item, item.session)
                return
            text = f"{verb} a {event.get('size')}-byte line from {side} ({why})"
        else:
            return  # an event of a later version: nothing to say about it
        self._problem(text, item, item.session, session)

    @staticmethod
    def _open(session: Session | None) -> Turn | None:
        """The session's turn still waiting for its answer, if any."""
        turn: Turn | None = session.shown if session is not None else None
        return turn if turn is not None and not turn.done else None

    def growing(self, entry: Entry) -> bool:
        """Whether ``entry`` may still change: a turn not answered yet, or the last entry
        when it notes a run of unreadable lines."""
        if isinstance(entry, Turn):
            return not entry.done
        return self._skipped is not None and entry is self._skipped[0] is self.entries[-1]

    def _bad_line(self, bad: BadLine) -> None:
        if bad.truncated:
            text = f"the trace ends mid-line at line {bad.line} ({bad.size} bytes cut off)"
            self._note("problem", text, None, None)
            return
        if self._skipped is not None and self.entries and self.entries[-1] is self._skipped[0]:
            note, first, count, reason = self._skipped
            note.text = (
                f"{count + 1} lines of the trace from line {first} to line {bad.line} are not"
                f" records; skipped (line {first} is {reason})"
            )
            self._skipped = (note, first, count + 1, reason)
            return
        note = Note("problem", f"line {bad.line} of the trace is {bad.reason}; skipped", None)
        self.entries.append(note)
        self._skipped = (note, bad.line, 1, bad.reason)

    # -- messages -------------------------------------------------------------------------------

    def _from_editor(self, seen: Seen, link: Link) -> None:
        record = seen.record
        params = seen.params if isinstance(seen.params, dict) else {}
        session = seen.session_id or record.session
        followed = link.session_of(seen)
        v2 = link.protocol is Protocol.V2
        if seen.event_protocol is not Protocol.CURRENT and not v2:
            pass  # the turns shown are current ACP's (a legacy editor's are its agent's)
        elif seen.kind is Kind.REQUEST and (
            seen.event is SessionEvent.PROMPT or (v2 and seen.method == "session/prompt")
        ):
            # (The turn waits for its answer with its request: what its link keeps open.)
            asked = link.pending[seen.sender, seen.request_id]
            if v2 and _working(followed):
                # Sent while work runs, a v2 prompt waits for its acceptance: it joins
                # that work, or (held until the work ends) begins the next turn.
                asked.shown = Text("prompt", [_prompt_text(params)])
            else:
                asked.shown = self._start_turn(record, params, session, followed)
        elif seen.event is SessionEvent.CANCEL and (turn := self._open(followed)) is not None:
            turn.parts.append(Problem("the editor cancelled the turn"))
        if not seen.answer or seen.asked is None:
            return
        # The editor answering one of the agent's requests.
        if seen.method == "session/request_permission":
            self._answer_permission(seen, seen.asked)
        elif seen.kind is Kind.ERROR:
            self._problem(
                f"the editor answered {seen.method} with {describe_error(seen.message['error'])}",
                record,
                session,
                followed,
            )

    def _to_editor(self, seen: Seen, link: Link) -> None:
        record = seen.record
        message = seen.message
        params = seen.params if isinstance(seen.params, dict) else {}
        session = seen.session_id or record.session
        followed = link.session_of(seen)
        if seen.method == "session/update" and not seen.answer:
            self._update(seen, params, session, followed, link.protocol is Protocol.V2)
        elif seen.method == "session/request_permission" and seen.kind is Kind.REQUEST:
            link.pending[seen.sender, seen.request_id].shown = self._ask_permission(
                seen, params, session, followed
            )
        if not seen.answer:
            return
        shown = seen.asked.shown if seen.asked is not None else None
        if isinstance(shown, Text) and seen.kind is Kind.RESPONSE:
            # A v2 prompt sent while work ran, accepted: it joined that work, or the work
            # ended first and it begins the next turn (v2 prompt-lifecycle).
            running = self._open(followed) if _working(followed) else None
            if running is not None:
                running.parts.append(shown)
            else:
                self._open_turn(session, followed, record.t, self._next(followed), shown.text)
            return
        ends = seen.event is SessionEvent.TURN_END and seen.event_protocol is Protocol.CURRENT
        if seen.kind is Kind.ERROR and seen.method == "session/prompt" and not ends:
            ends = link.protocol is Protocol.V2  # (a v2 prompt's result only accepts it)
        turn = shown if ends and isinstance(shown, Turn) else None
        if turn is not None:
            self._end_turn(record, turn, message)
        elif seen.kind is Kind.ERROR:
            self._error_note(seen, message["error"], session, followed)
        elif seen.method == "session/new" and isinstance(seen.params, dict):
            new = seen.params.get("sessionId")
            asked = seen.asked.params if seen.asked is not None else None
            cwd = asked.get("cwd") if isinstance(asked, dict) else None
            where = f" in {cwd}" if isinstance(cwd, str) else ""
            self._note("info", f"session {new} started{where}", record, new)
        elif seen.method == "initialize" and isinstance(seen.params, dict):
            self._initialized(record, seen.params)
        elif seen.event is SessionEvent.OPENED and (turn := self._open(followed)) is not None:
            # A load's or resume's answer ends the history it replayed (v2 work it found
            # running goes on until idle).
            if turn.index < 0 and not _working(followed):
                turn.over = "the session's history was replayed"
        elif seen.method == "session/close" and (turn := self._open(followed)) is not None:
            # Closing a session cancels its work: no answer or idle need come (v2).
            turn.over, turn.ended = "the session was closed", record.t

    def _late(self, seen: Seen, name: str) -> None:
        """A message of an agent the relay had lost (``agent_lost``): it may still write
        (qwen-code does once the editor has gone), and what it writes belongs to its own
        link, as the checker keeps it. Shown there, outside any turn: what waited on it
        was answered for it already."""
        record = seen.record
        params = seen.params if type(seen.params) is dict else {}
        what = seen.method or "a message that is no request, notification or answer"
        if seen.update_kind is not None:
            what += f" {seen.update_kind}"
        path = params.get("path") if not seen.answer else None
        if type(path) is str:
            what += f" {path}"
        verb = "answered" if seen.answer else "asked" if seen.kind is Kind.REQUEST else "sent"
        text = f"after it was lost, {name} {verb} {what}"
        self._note("info", text, record, seen.session_id or record.session)

    def _other_side(self, record: Record, message: dict[str, Any]) -> None:
        """The legacy side: only what is the relay's own doing stands out from there."""
        error = message.get("error")
        # Traces with event records say it once, with the size, before the error.
        if "method" not in message and is_dropped_line(error) and not self._events_seen:
            side = "agent" if record.direction in (AGENT_IN, AGENT_OUT) else "editor"
            self._problem(
                f"dropped line ({side} side): {describe_error(error)}",
                record,
                record.session,
                self._named(record.session, record.agent),
            )

    # -- pieces of the conversation -------------------------------------------------------------

    def _initialized(self, record: Record, result: dict[str, Any]) -> None:
        info = result.get("agentInfo")
        name = ""
        if isinstance(info, dict):
            name = f", agent {info.get('title') or info.get('name')!r}"
        methods = result.get("authMethods")
        ids = (
            [str(m.get("id")) for m in methods if isinstance(m, dict)]
            if isinstance(methods, list)
            else []
        )
        auth = f", auth methods: {', '.join(ids) or 'none'}"
        how = f" ({self.translation})" if self.translation else ""
        text = f"initialized: protocolVersion {result.get('protocolVersion')}{name}{auth}{how}"
        self._note("info", text, record, None)

    def _start_turn(
        self, record: Record, params: dict[str, Any], session: str | None, followed: Session | None
    ) -> Turn:
        index = self._next(followed)
        return self._open_turn(session, followed, record.t, index, _prompt_text(params))

    def _next(self, followed: Session | None) -> int:
        """The number of the session's next turn. (Updates outside any turn open one only
        before the session's first prompt: that turn begins now, and they are over.)"""
        latest = self._latest(followed)
        if latest is None:
            return 0
        if latest.index >= 0:
            return latest.index + 1
        if latest.over is None:
            latest.over = "the session's next turn began"
        return latest.after + 1

    def _latest(self, followed: Session | None) -> Turn | None:
        """The latest turn of a session as its link follows it (``None``: no session)."""
        turn: Turn | None = (followed if followed is not None else self._nameless).shown
        return turn

    def _open_turn(
        self,
        session: str | None,
        followed: Session | None,
        t: float | None,
        index: int = -1,
        prompt: str = "",
    ) -> Turn:
        """A new turn, the session's latest (index -1: updates outside any turn)."""
        turn = Turn(session, index, prompt, t)
        if index < 0 and (latest := self._latest(followed)) is not None:
            turn.after = latest.index if latest.index >= 0 else latest.after
        (followed if followed is not None else self._nameless).shown = turn
        self.entries.append(turn)
        return turn

    def _end_turn(self, record: Record, turn: Turn, message: dict[str, Any]) -> None:
        turn.ended = record.t
        if "error" in message:
            error = message["error"]
            turn.error = error if isinstance(error, dict) else {"message": repr(error)}
            if is_agent_exit(error) and not self._events_seen:
                # (A trace with event records showed the exit itself already.)
                turn.parts.append(Problem(f"agent exited: {describe_error(error)}"))
            return
        result = message.get("result")
        reason = result.get("stopReason") if isinstance(result, dict) else None
        turn.stop_reason = reason if isinstance(reason, str) else f"(no stopReason: {result!r})"

    def _update(
        self,
        seen: Seen,
        params: dict[str, Any],
        session: str | None,
        followed: Session | None,
        v2: bool,
    ) -> None:
        record = seen.record
        turn = self._latest(followed)
        update = params.get("update")
        if not isinstance(update, dict):
            return
        kind = update.get("sessionUpdate")
        if not isinstance(kind, str):
            return  # no kind of update: nothing the editor could show
        if seen.event_protocol is Protocol.V2:
            # A v2 session's foreground work (STATE_EVENTS): idle ends its turn; work that
            # no prompt shown here started (the agent's own, or a trace begun mid-way)
            # is updates outside a turn.
            if seen.event is SessionEvent.TURN_END and turn is not None and not turn.done:
                reason = update.get("stopReason")
                turn.ended = record.t
                turn.stop_reason = reason if type(reason) is str else "(no stopReason)"
            elif seen.event is SessionEvent.PROMPT and (turn is None or turn.done):
                self._open_turn(session, followed, record.t)
            return
        if turn is None:
            if kind not in ("agent_message_chunk", "agent_thought_chunk", "tool_call"):
                return  # commands, modes and the like outside any turn: not conversation
            turn = self._open_turn(session, followed, record.t)
        elif turn.done and kind in TURN_UPDATES and not v2:
            # (A v2 session's background activity may go on while it is idle.)
            turn.parts.append(Problem(f"{kind} arrived after the turn ended"))
        if kind in ("agent_message_chunk", "agent_thought_chunk"):
            text_kind = "thought" if kind == "agent_thought_chunk" else "text"
            text = _content_text(update.get("content"))
            last = turn.parts[-1] if turn.parts else None
            if isinstance(last, Text) and last.kind == text_kind:
                last.pieces.append(text)
            else:
                turn.parts.append(Text(text_kind, [text]))
        elif kind in ("tool_call", "tool_call_update"):
            call = self._tool(seen, turn, update)
            answered = _relay_answer(update)
            if answered is not None:
                outcome, mode = answered
                turn.parts.append(
                    Permission(
                        tool_call_id=call.id,
                        title=call.title or "(untitled)",
                        options=[],
                        asked=record.t,
                        answer=outcome,
                        answered=record.t,
                        answered_by=f"relay, in mode {mode}",
                    )
                )
        elif kind == "plan":
            listed = update.get("entries")
            entries = [
                (str(e.get("status")), str(e.get("content")))
                for e in (listed if isinstance(listed, list) else [])
                if isinstance(e, dict)
            ]
            turn.parts.append(Plan(entries))

    def _tool(self, seen: Seen, turn: Turn, update: dict[str, Any]) -> ToolCall:
        record = seen.record
        followed = _followed(seen, update.get("toolCallId"))
        call = followed.shown if followed is not None else None
        if call is None or (update.get("sessionUpdate") == "tool_call" and call not in turn.parts):
            # A call shown from here: one new to its link (or to a session it does not
            # follow), or announced in a turn the session machine did not open (a prompt
            # sent while another ran is a turn here all the same).
            tool_id = str(update.get("toolCallId"))
            call = ToolCall(id=tool_id, title="", kind="other", status="pending", started=record.t)
            turn.parts.append(call)
            if followed is not None:
                followed.shown = call
        for name in ("title", "kind"):
            value = update.get(name)
            if isinstance(value, str):
                setattr(call, name, value)
        raw = update.get("rawInput")
        if isinstance(raw, dict) and isinstance(raw.get("command"), str):
            call.command = raw["command"]
        for name in ("content", "locations"):
            items = update.get(name)
            if isinstance(items, list):
                setattr(call, name, items)
        status = update.get("status")
        if isinstance(status, str):
            call.status = status
            if not call.statuses or call.statuses[-1] != status:
                call.statuses.append(status)
            if status in CURRENT_FINAL_STATUSES and call.ended is None:
                call.ended = record.t
        elif not call.statuses:
            call.statuses.append(call.status)
        return call

    def _ask_permission(
        self, seen: Seen, params: dict[str, Any], session: str | None, followed: Session | None
    ) -> Permission:
        record = seen.record
        turn = self._latest(followed)
        tool = params.get("toolCall")
        subject = params.get("subject")
        if type(subject) is dict and subject.get("type") == "tool_call":
            tool = subject.get("toolCall")  # v2: the question's subject
        tool = tool if isinstance(tool, dict) else {}
        tool_id = tool.get("toolCallId")
        call = _followed(seen, tool_id)
        known: ToolCall | None = call.shown if call is not None else None
        # (v2 asks its own question, the title.)
        asking = params.get("title") if type(params.get("title")) is str else None
        title = asking or tool.get("title") or (known.title if known else "") or "(untitled)"
        question = Permission(
            tool_call_id=str(tool_id) if tool_id is not None else None,
            title=str(title),
            options=list(_option_names(params).values()),
            asked=record.t,
        )
        (turn or self._open_turn(session, followed, record.t)).parts.append(question)
        return question

    def _answer_permission(self, seen: Seen, asked: Pending) -> None:
        message = seen.message
        question = asked.shown
        if question is None:
            return
        question.answered = seen.record.t
        if "error" in message:
            question.error = describe_error(message["error"])
            return
        result = message.get("result")
        outcome = result.get("outcome") if isinstance(result, dict) else None
        if isinstance(outcome, dict) and outcome.get("outcome") == "selected":
            option = outcome.get("optionId")
            names = _option_names(asked.params)
            question.answer = names.get(request_key(option), str(option))
        elif isinstance(outcome, dict) and outcome.get("outcome") == "cancelled":
            question.answer = "cancelled"
        else:
            question.error = f"unreadable answer {json.dumps(result)[:200]}"

    def _error_note(
        self, seen: Seen, error: Any, session: str | None, followed: Session | None
    ) -> None:
        record = seen.record
        if seen.asked is not None and _is_probe(seen.asked):
            # Auto-detection asks in both protocols; a refusal of one is the expected answer.
            text = f"the relay's legacy initialize probe was refused: {describe_error(error)}"
            self._note("info", text, record, session)
            return
        what = f"{seen.method} failed" if seen.method is not None else "error"
        if is_agent_exit(error):
            what = f"agent exited ({what})"
        elif is_dropped_line(error):
            what = f"dropped line ({what})"
        self._problem(f"{what}: {describe_error(error)}", record, session, followed)

    def _problem(
        self,
        text: str,
        record: Record | RelayEvent | None,
        session: str | None,
        followed: Session | None,
    ) -> None:
        """A problem inside the open turn of ``session`` (as its link follows it), else a
        note of its own."""
        turn = self._open(followed)
        if turn is not None:
            turn.parts.append(Problem(text))
        else:
            self._note("problem", text, record, session)

    def _note(
        self, level: str, text: str, record: Record | RelayEvent | None, session: str | None
    ) -> None:
        self.entries.append(Note(level, text, record.t if record else None, session))


def _followed(seen: Seen, tool_id: Any) -> Tool | None:
    """The tool call ``tool_id`` of the message's session, as its link follows it."""
    if seen.session is None:
        return None  # (a link follows the calls of a session it knows)
    return seen.session.tools.get(tool_key(tool_id, lenient=True))


def _working(session: Session | None) -> bool:
    """Whether a v2 session has foreground work under way, as its ``state_update`` said."""
    return session is not None and session.state in TURN_RUNS


def _prompt_text(params: dict[str, Any]) -> str:
    """A prompt's content blocks as one line of text."""
    prompt = params.get("prompt")
    blocks = prompt if isinstance(prompt, list) else []
    return " ".join(_content_text(b) for b in blocks)


def _option_names(params: Any) -> dict[Any, str]:
    """A permission request's options: option id -> the name shown, in the order offered."""
    options = params.get("options") if isinstance(params, dict) else None
    offered = [o for o in (options if isinstance(options, list) else []) if isinstance(o, dict)]
    return {
        request_key(o.get("optionId")): str(o.get("name") or o.get("optionId")) for o in offered
    }


def _is_probe(asked: Pending) -> bool:
    """Whether a request is the relay's legacy ``initialize`` probe of a maybe-current agent."""
    return (
        asked.method == "initialize"
        and asked.record.direction == AGENT_OUT
        and client_protocol(asked.record.message) is Protocol.LEGACY
    )


def _relay_answer(update: dict[str, Any]) -> tuple[str, str] | None:
    """``(outcome, mode)`` when the relay's mode answered this tool call's confirmation
    (the upgrade's ``_meta.acpCompat.permission``), else ``None``."""
    meta = update.get("_meta")
    compat = meta.get("acpCompat") if isinstance(meta, dict) else None
    permission = compat.get("permission") if isinstance(compat, dict) else None
    if not isinstance(permission, dict) or permission.get("answeredBy") != "relay":
        return None
    return str(permission.get("outcome")), str(permission.get("mode"))


def read_trace(data: bytes) -> Conversation:
    """A whole trace (the file's bytes) as a :class:`Conversation`."""
    reader = TraceReader()
    conversation = Conversation()
    conversation.add_all(reader.feed(data))
    conversation.add_all(reader.end())
    return conversation
