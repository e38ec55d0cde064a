"""What an editor shows of a conversation, as lines of styled spans (sans-IO).

The one renderer of :mod:`acp_compat.trace.conversation`: ``acp-compat trace`` prints a
recorded session through it, ``acp-compat demo`` its live one. A line is a tuple of
:class:`Span` (text and style); :mod:`acp_compat.cli.terminal` turns the styles into
colours, or drops them. Agents write markdown, so streamed text goes through
:class:`InlineMarkdown`: ``**Planning**`` is bold "Planning", never the markers.

:class:`Printer` follows a conversation as it grows and hands out each line once, as soon
as what it shows is settled (see :func:`settled`), so a live session and a finished trace
print the same lines.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Callable
from typing import Any

from acp_compat._define import frozen
from acp_compat.models.mapping import CURRENT_FINAL_STATUSES
from acp_compat.trace.conversation import (
    Conversation,
    Entry,
    Note,
    Part,
    Permission,
    Plan,
    Text,
    ToolCall,
    Turn,
    describe_error,
    duration,
)
from acp_compat.translate.startup.policy import TRANSLATIONS, Translation

STATUS_COLOURS = {
    "pending": "yellow",
    "in_progress": "blue",
    "completed": "green",
    "failed": "red",
}

DIFF_COLOURS = {"-": "red", "+": "green", "@": "cyan"}

_MARKERS = re.compile(r"(\*\*|\*|`)")
"""What :class:`InlineMarkdown` looks for: bold's ``**``, a lone ``*``, code's backtick."""

TRANSLATION_WORDS = {
    translation.value: f"a {client.value} editor, a {agent.value} agent"
    for (agent, client), translation in TRANSLATIONS.items()
} | {Translation.PASSTHROUGH.value: "both sides speak the same protocol"}
"""What each translation of a trace means, in words (from the startup's own table)."""


@frozen
class Span:
    """A piece of text and its style (``code`` is markdown's inline code)."""

    text: str
    bold: bool = False
    code: bool = False
    fg: str | None = None
    dim: bool = False
    italic: bool = False


Line = tuple[Span, ...]
"""One line of output."""


def plain(line: Line) -> str:
    """A line's text without its styles."""
    return "".join(span.text for span in line)


class InlineMarkdown:
    """Streaming reader of ``**bold**`` and ```` `code` ```` spans (markers dropped).

    Feed it the chunks of one message in order; a marker split across two chunks (``*``
    then ``*Planning``) is held back until the next chunk tells what it is. Inside a code
    span ``*`` is literal. :meth:`end` flushes what was held and resets for the next
    message; an unclosed span simply ends with the message.
    """

    def __init__(self) -> None:
        self._bold = False
        self._code = False
        self._held = ""

    def feed(self, text: str) -> list[Span]:
        """The spans of ``text`` that can be shown now."""
        spans: list[Span] = []
        pending: list[str] = []
        text = self._held + text
        self._held = ""
        if "*" not in text and "`" not in text:  # most chunks (C-speed searches)
            return [Span(text, self._bold, self._code)] if text else []
        pieces = _MARKERS.split(text)
        if len(pieces) > 1 and pieces[-1] == "" and pieces[-2] == "*" and not self._code:
            pieces = pieces[:-2]
            self._held = "*"  # maybe the first half of "**"
        for index, piece in enumerate(pieces):
            if index % 2 == 0 or (piece != "`" and (self._code or piece == "*")):
                if piece:
                    pending.append(piece)  # text, or a star that marks nothing
                continue
            if pending:
                spans.append(Span("".join(pending), self._bold, self._code))
                pending.clear()
            if piece == "`":
                self._code = not self._code
            else:
                self._bold = not self._bold
        if pending:
            spans.append(Span("".join(pending), self._bold, self._code))
        return spans

    def end(self) -> list[Span]:
        """What is still held (a lone ``*``), then a fresh state for the next message."""
        held = [Span(self._held, self._bold, self._code)] if self._held else []
        self._bold = self._code = False
        self._held = ""
        return held


def seconds(value: float | None) -> str:
    """A duration the way people read it: ``350 ms``, ``2.5 s``."""
    if value is None:
        return "?"
    if value < 1:
        return f"{value * 1000:.0f} ms"
    return f"{value:.1f} s"


def _at(t: float | None) -> list[Span]:
    """The time column (left out when the time is unknown, as in a live session)."""
    return [Span(f"{t:9.3f}  ")] if t is not None else []


def translation_line(translation: str) -> Line:
    """The translation of a trace: which protocols its two sides spoke."""
    words = TRANSLATION_WORDS.get(translation, translation)
    return (Span(f"translation: {translation} ({words})", dim=True),)


def note_lines(note: Note) -> list[Line]:
    """A line between turns; problems stand out."""
    if note.level == "problem":
        return [(*_at(note.t), Span(f"!! {note.text}", fg="red", bold=True))]
    return [tuple(Span(s.text, dim=True) for s in (*_at(note.t), Span(note.text)))]


def turn_head(turn: Turn) -> list[Line]:
    """A blank line, the turn's number and session, and the user's prompt."""
    number = f"turn {turn.index + 1}" if turn.index >= 0 else "updates outside a turn"
    session = f"  session {turn.session}" if turn.session else ""
    lines: list[Line] = [(), tuple(Span(s.text, bold=True) for s in _at(turn.started))]
    lines[1] += (Span(f"── {number}{session}", bold=True),)
    if turn.index >= 0:
        lines.append((Span("you: ", fg="cyan", bold=True), Span(turn.prompt)))
    return lines


def turn_end(turn: Turn) -> list[Line]:
    """How the turn ended: its stop reason and how long it took, its error, or why nothing
    will answer it."""
    if turn.stop_reason is not None:
        colour = "green" if turn.stop_reason == "end_turn" else "yellow"
        took = f" after {seconds(turn.seconds)}" if turn.seconds is not None else ""
        return [(Span(f"== {turn.stop_reason}{took}", fg=colour, bold=True),)]
    if turn.error is not None:
        text = f"== the prompt failed: {describe_error(turn.error)}"
        return [(Span(text, fg="red", bold=True),)]
    if turn.index < 0:
        return []
    if turn.over is not None:
        return [(Span(f"== {turn.over}", fg="yellow"),)]
    return [(Span("== no answer yet (the trace ends here)", fg="yellow"),)]


def part_lines(part: Part) -> list[Line]:
    """One piece of a turn."""
    if isinstance(part, Text):
        return _text(part)
    if isinstance(part, ToolCall):
        return tool_call_lines(part)
    if isinstance(part, Permission):
        return [permission_line(part)]
    if isinstance(part, Plan):
        lines: list[Line] = [(Span("  plan:", bold=True),)]
        for status, content in part.entries:
            mark = {"completed": "[x]", "in_progress": "[~]"}.get(status, "[ ]")
            lines.append((Span(f"    {mark} {content}"),))
        return lines
    return [(Span(f"  !! {part.text}", fg="red", bold=True),)]


def _text(part: Text) -> list[Line]:
    """Streamed text, markdown shown as styles; a thought dimmed and in italics; a prompt
    as a turn's own is."""
    if part.kind == "prompt":
        return [(Span("you: ", fg="cyan", bold=True), Span(part.text))]
    thought = part.kind == "thought"
    markdown = InlineMarkdown()
    spans = markdown.feed(part.text.strip()) + markdown.end()
    if thought:
        head = Span("thinking: ", dim=True, italic=True)
        spans = [Span(s.text, s.bold, s.code, dim=True, italic=True) for s in spans]
    else:
        head = Span("agent: ", fg="magenta", bold=True)
    lines: list[list[Span]] = [[head]]
    for span in spans:
        first, *rest = span.text.split("\n")
        if first:
            lines[-1].append(Span(first, span.bold, span.code, span.fg, span.dim, span.italic))
        for text in rest:
            lines.append([Span(text, span.bold, span.code, span.fg, span.dim, span.italic)])
    return [tuple(line) for line in lines]


def tool_call_lines(call: ToolCall) -> list[Line]:
    """A tool call: its final status, the way there, how long it ran, and what it holds."""
    status = Span(call.status, fg=STATUS_COLOURS.get(call.status), bold=True)
    path = " → ".join(call.statuses)
    way = f" ({path})" if len(call.statuses) > 1 else ""
    if call.status not in CURRENT_FINAL_STATUSES:
        took = Span("  never finished", fg="yellow")
    else:
        took = Span(f" in {seconds(call.seconds)}" if call.seconds is not None else "")
    header = Span(f"[{call.kind}] {call.title}", bold=True)
    lines: list[Line] = [
        (Span("  "), header, Span("  "), status, Span(way), took, Span(f"  #{call.id}"))
    ]
    for location in call.locations:
        if isinstance(location, dict):
            line = location.get("line")
            at = f":{line}" if isinstance(line, int) else ""
            lines.append((Span(f"      at {location.get('path')}{at}", dim=True),))
    if call.command is not None:
        lines.append((Span(f"      $ {call.command}", dim=True),))
    for item in call.content:
        lines += _content(item)
    return lines


def _content(item: Any) -> list[Line]:
    """One content item of a tool call: text, a diff, or its type."""
    if not isinstance(item, dict):
        return []
    kind = item.get("type")
    if kind == "diff":
        lines: list[Line] = [(Span(f"      diff {item.get('path')}", dim=True),)]
        old, new = item.get("oldText"), item.get("newText")
        before = old.splitlines() if isinstance(old, str) else []
        after = new.splitlines() if isinstance(new, str) else []
        for line in list(difflib.unified_diff(before, after, lineterm="", n=1))[2:]:
            lines.append((Span("      "), Span(line, fg=DIFF_COLOURS.get(line[:1]))))
        return lines
    if kind == "content":
        block = item.get("content")
        text = block.get("text") if isinstance(block, dict) else None
        if isinstance(text, str):
            return [(Span(f"      {line}"),) for line in text.splitlines()]
    return [(Span(f"      [{kind}]", dim=True),)]


def permission_line(question: Permission) -> Line:
    """A permission question and its answer."""
    options = " ".join(f"[{name}]" for name in question.options)
    head = Span("  ? permission: ", fg="yellow", bold=True)
    asked = Span(f"{question.title}  {options}  -> " if options else f"{question.title}  -> ")
    if question.error is not None:
        return (head, asked, Span(f"error: {question.error}", fg="red", bold=True))
    if question.answer is None:
        return (head, asked, Span("no answer", fg="yellow", bold=True))
    colour = "red" if question.answer == "cancelled" else None
    answer = [Span(question.answer, fg=colour, bold=True)]
    if question.answered_by is not None:
        # Nobody was asked, so there is no wait to show.
        return (head, asked, *answer, Span(f" (by the {question.answered_by})", dim=True))
    waited = duration(question.asked, question.answered)
    if waited is not None:
        answer.append(Span(f" after {seconds(waited)}", dim=True))
    return (head, asked, *answer)


def entry_lines(entry: Entry) -> list[Line]:
    """A whole note or turn."""
    if isinstance(entry, Note):
        return note_lines(entry)
    lines = turn_head(entry)
    for part in entry.parts:
        lines += part_lines(part)
    return lines + turn_end(entry)


def settled(part: Part, turn: Turn) -> bool:
    """Whether a part of ``turn`` will show no differently: its turn has ended, or text was
    followed by something else, a tool call reached a final status, a question was
    answered (plans and problems are whole when they arrive)."""
    if turn.done:
        return True
    if isinstance(part, Text):
        return part is not turn.parts[-1]
    if isinstance(part, ToolCall):
        return part.status in CURRENT_FINAL_STATUSES
    if isinstance(part, Permission):
        return part.answer is not None or part.error is not None
    return True


class Printer:
    """Follows a :class:`Conversation` and hands out each of its lines once, in order.

    A turn's lines come as its parts settle; the entries after a turn that is still open
    wait for it. ``wanted`` chooses the entries shown (all by default). :meth:`release`
    lets the conversation forget what was printed, so following a trace holds what is
    open, not the whole trace.
    """

    def __init__(
        self, conversation: Conversation, wanted: Callable[[Entry], bool] | None = None
    ) -> None:
        self.conversation = conversation
        self._wanted = wanted or (lambda entry: True)
        self._entry = 0
        """Index of the first entry not yet wholly printed."""
        self._parts = -1
        """Parts printed of that entry, when it is a turn (-1: not even its head)."""

    def lines(self, *, final: bool = False) -> list[Line]:
        """The lines now settled and not yet handed out; ``final``: the input is over, so
        everything is (an open turn shows as unanswered)."""
        out: list[Line] = []
        entries = self.conversation.entries
        while self._entry < len(entries):
            entry = entries[self._entry]
            if not self._wanted(entry):
                self._entry += 1
                continue
            if isinstance(entry, Note):
                if not final and self.conversation.growing(entry):
                    return out
                out += note_lines(entry)
                self._entry += 1
                continue
            if self._parts < 0:
                out += turn_head(entry)
                self._parts = 0
            while self._parts < len(entry.parts):
                part = entry.parts[self._parts]
                if not final and not settled(part, entry):
                    return out
                out += part_lines(part)
                self._parts += 1
            if not final and not entry.done:
                return out
            out += turn_end(entry)
            self._entry += 1
            self._parts = -1
        return out

    def release(self) -> None:
        """Drop the entries wholly printed from the conversation."""
        del self.conversation.entries[: self._entry]
        self._entry = 0
