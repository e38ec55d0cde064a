"""``acp-compat trace FILE``: read a ``--trace`` file as the conversation it recorded.

The reading, the building of turns and their lines live in :mod:`acp_compat.trace`
(sans-IO); this module reads the file (to its end, or on and on with ``--follow``, from
the start again when it is truncated or replaced, as a restarted ``wrap --trace`` does)
and prints, every line through :func:`~acp_compat.cli.terminal.paint` (made safe for a
terminal) or as ASCII JSON. It is imported only when the command runs: ``acp-compat
wrap`` never pays for it.
"""

from __future__ import annotations

import json
import os
import shutil
import stat
import sys
import time
from collections.abc import Callable, Iterator
from typing import IO

import click

from acp_compat.cli.terminal import color_option, colour_wanted, paint, terminal_safe
from acp_compat.io.trace import session_of
from acp_compat.trace.conversation import Conversation, Entry, Note
from acp_compat.trace.records import (
    AGENT_IN,
    AGENT_OUT,
    CLIENT_IN,
    BadLine,
    Item,
    Record,
    RelayEvent,
    TraceReader,
)
from acp_compat.trace.render import Line, Printer, Span, note_lines, translation_line

FOLLOW_POLL = 0.2
"""Seconds between looks at a followed trace for new lines."""

READ_SIZE = 16384
"""Bytes read at a time. A read's records are parsed before the first is checked, so all
of them are alive at once: 64 KiB held about 320 records, some 1,600 dictionaries, past
the collector's first threshold (700), and set off a collection every 300 records (585
on 200,000 records, 4 of them full); 16 KiB holds about 80 and sets off none of its own
(benchmarks/README.md, "Reading a trace")."""

WIRE_ARROWS = {
    AGENT_IN: "agent →",
    AGENT_OUT: "→ agent",
    CLIENT_IN: "editor →",
}
"""How each direction is labelled in ``--wire`` (``relay->client`` is ``→ editor``)."""

TAIL_BYTES = 64
"""How many of the last bytes read of a followed file are kept to tell it started over
and grew past where it was read to: they are no longer there (every record holds its
wall-clock time and the relay's clock)."""

STARTED_OVER = (
    "the trace started over (truncated or replaced, as a restarted wrap --trace does):"
    " reading it from its start"
)

Echo = Callable[[str], None]


def _at(t: float | None) -> str:
    return f"{t:9.3f}" if t is not None else " " * 9


class WireRenderer:
    """``--wire``: every record, the agent's side on the left, the editor's on the right."""

    def __init__(self, echo: Echo, width: int, colour: bool = False) -> None:
        self.echo = echo
        self.colour = colour
        self.column = max(24, (width - 12) // 2)

    def _line(self, *spans: Span) -> None:
        self.echo(paint(spans, self.colour))

    def header(self) -> None:
        """The two columns' titles."""
        left = "agent side".ljust(self.column)
        self._line(Span(f"{'t':>9}  {left} │ editor side", bold=True))

    def record(self, record: Record) -> None:
        """One message in its side's column, wrapped to fit."""
        text = json.dumps(record.message, ensure_ascii=False, separators=(",", ":"))
        label = WIRE_ARROWS.get(record.direction, "→ editor")
        error = "red" if "error" in record.message and "method" not in record.message else None
        # Made safe before it is cut, so every piece keeps the column's width.
        whole = terminal_safe(f"{label} {text}")
        # Cut at the column, not at spaces: JSON read across a cut is still plain to see.
        lines = [whole[i : i + self.column] for i in range(0, len(whole), self.column)]
        on_left = record.direction in (AGENT_IN, AGENT_OUT)
        for number, line in enumerate(lines):
            stamp = _at(record.t) if number == 0 else " " * 9
            if on_left:
                pad = " " * (self.column - len(line))
                self._line(Span(f"{stamp}  "), Span(line, fg=error), Span(f"{pad} │"))
            else:
                self._line(Span(f"{stamp}  {' ' * self.column} │ "), Span(line, fg=error))

    def event(self, item: RelayEvent) -> None:
        """An event record across both columns: the relay saw it, not a side."""
        details = ", ".join(f"{k}={v!r}" for k, v in item.event.items() if k != "type")
        agent = f"agent {item.agent} " if item.agent is not None else ""
        line = f"{_at(item.t)}  ── relay: {agent}{item.event['type']} {details}"
        self._line(Span(line, fg="red", bold=True))

    def bad_line(self, bad: BadLine) -> None:
        """A line of the trace that is not a record."""
        what = "cut mid-line" if bad.truncated else bad.reason
        self._line(Span(f"!! trace line {bad.line} ({bad.size} bytes): {what}", fg="red"))


def _chunks(stream: IO[bytes], follow: bool) -> Iterator[bytes | None]:
    """The file's bytes in pieces; with ``follow``, keep waiting for more (until Ctrl-C),
    and ``None`` when the file started over: truncated or written again in place, or
    another file at its path."""
    current = stream
    tail = b""  # the last bytes read
    try:
        while True:
            # Looked at before each read on: a restarted trace may already be longer than
            # the old one was, and is read from its start, not from where that one ended.
            if follow and tail and _rewritten(current, tail):
                current.seek(0)
                tail = b""
                yield None
                continue
            data = current.read(READ_SIZE)
            if data:
                tail = (tail + data[-TAIL_BYTES:])[-TAIL_BYTES:]
                yield data
                continue
            if not follow or not _regular(current):
                return  # (the end of a pipe: nothing more can come through it)
            again = _replaced(current, getattr(stream, "name", None))
            if again is not None:
                if current is not stream:
                    current.close()
                current, tail = again, b""
                yield None
                continue
            time.sleep(FOLLOW_POLL)
    finally:
        if current is not stream:
            current.close()


def _regular(stream: IO[bytes]) -> bool:
    """Whether ``stream`` reads a regular file, which may grow once its end is read (a
    pipe's end is its writer gone)."""
    try:
        return stat.S_ISREG(os.fstat(stream.fileno()).st_mode)
    except (OSError, ValueError):  # no descriptor: nothing to wait on
        return False


def _rewritten(current: IO[bytes], tail: bytes) -> bool:
    """Whether the followed file was truncated since ``tail`` was read from it: it is
    shorter than what was read, or (written on since) ``tail`` is no longer where it was."""
    try:
        fd, read = current.fileno(), current.tell()
        return os.fstat(fd).st_size < read or os.pread(fd, len(tail), read - len(tail)) != tail
    except (OSError, ValueError):  # a pipe cannot tell where it is
        return False


def _replaced(current: IO[bytes], path: object) -> IO[bytes] | None:
    """The file now at ``path`` when it is not the one followed (to read from its start),
    else ``None``."""
    try:
        now = os.fstat(current.fileno())
        if isinstance(path, str) and os.path.isfile(path):
            there = os.stat(path)
            if (there.st_ino, there.st_dev) != (now.st_ino, now.st_dev):
                return open(path, "rb")  # closed by _chunks
    except (OSError, ValueError):  # a pipe; the file went away meanwhile
        return None
    return None


def _json(data: object) -> str:
    """One JSON line, ASCII only: nothing a peer wrote reaches a terminal raw, and a lone
    surrogate (legal JSON) is written as its escape."""
    return json.dumps(data, ensure_ascii=True)


def show(
    stream: IO[bytes],
    *,
    echo: Echo,
    mode: str,
    session: str | None,
    follow: bool,
    width: int,
    colour: bool = False,
) -> Conversation:
    """Read the trace and print it as ``mode`` (``text``, ``wire`` or ``json``)."""
    wire = WireRenderer(echo, width, colour)
    if mode == "wire":
        wire.header()

    def wanted(entry: Entry) -> bool:
        if session is None:
            return True
        return entry.session == session or (
            isinstance(entry, Note) and entry.level == "problem" and entry.session is None
        )

    def say(lines: list[Line]) -> None:
        for line in lines:
            echo(paint(line, colour))

    reader = TraceReader()
    conversation = Conversation()
    text = Printer(conversation, wanted)
    announced = False
    records = 0

    def flush(final: bool) -> None:
        nonlocal announced
        if mode == "text":
            if not announced and conversation.translation is not None:
                say([translation_line(conversation.translation)])
                announced = True
            say(text.lines(final=final))
        elif mode == "json":
            entries = conversation.entries
            printed = 0
            # A turn is printed once it ends, so streamed text is shown joined.
            while printed < len(entries) and (final or not conversation.growing(entries[printed])):
                if wanted(entries[printed]):
                    echo(_json(entries[printed].summary()))
                printed += 1
            del entries[:printed]
        text.release()

    def take(items: list[Item]) -> None:
        for item in items:
            if mode != "wire":
                conversation.add(item)
                continue
            # The wire view prints records, not turns: its conversation only counts them.
            if isinstance(item, BadLine):
                wire.bad_line(item)
                continue
            conversation.records += 1
            if isinstance(item, RelayEvent):
                if session is None or item.session in (None, session):
                    wire.event(item)
            elif session is None or (session_of(item.message) or item.session) == session:
                wire.record(item)

    try:
        for data in _chunks(stream, follow):
            if data is None:
                take(reader.end())
                flush(final=True)
                records += conversation.records
                note = Note("info", STARTED_OVER, None)
                if mode == "json":
                    echo(_json(note.summary()))
                else:
                    say(note_lines(note))
                reader, conversation, announced = TraceReader(), Conversation(), False
                text = Printer(conversation, wanted)
                continue
            take(reader.feed(data))
            flush(final=False)
    except KeyboardInterrupt:
        pass
    take(reader.end())
    flush(final=True)
    conversation.records += records
    return conversation


def check(
    stream: IO[bytes],
    *,
    echo: Echo,
    as_json: bool,
    follow: bool,
    colour: bool,
    strict: bool = False,
) -> int:
    """Check the trace against the protocols' rules, printing each finding as it is made;
    the exit status: 0 when every MUST was kept (and, ``strict``, every SHOULD), 1 when
    not, 2 not a trace. A followed trace is live: what it leaves open when stopped is not
    a problem."""
    from acp_compat.trace.check import Checker, Finding, finding_lines, summary_line
    from acp_compat.trace.rules import MUST

    reader = TraceReader()
    checker = Checker()
    faults = warnings = 0

    def report(findings: list[Finding]) -> None:
        nonlocal faults, warnings
        for finding in findings:
            if finding.level == MUST:
                faults += 1
            else:
                warnings += 1
            if as_json:
                echo(_json(finding.to_json()))
                continue
            for line in finding_lines(finding):
                echo(paint(line, colour))

    def take(items: list[Item]) -> None:
        add = checker.add
        for item in items:
            found = add(item)
            if found:  # (nearly every record finds nothing: no call to report it)
                report(found)

    stopped = False
    records = 0
    try:
        for data in _chunks(stream, follow):
            if data is None:  # a new trace at the path: what the old one left open is moot
                take(reader.end())
                records += checker.records
                if not as_json:
                    echo(paint(note_lines(Note("info", STARTED_OVER, None))[0], colour))
                reader, checker = TraceReader(), Checker()
                continue
            take(reader.feed(data))
    except KeyboardInterrupt:
        stopped = True
    take(reader.end())
    checker.records += records
    if checker.records == 0:
        click.echo("error: not a trace: no trace records in this file", err=True)
        return 2
    if not (follow or stopped):
        report(checker.finish())
    if not as_json:
        echo(paint(summary_line(checker, faults, warnings), colour))
    return 1 if faults or (strict and warnings) else 0


@click.command()
@click.argument("file", type=click.File("rb"))
@click.option("--wire", "view", flag_value="wire", help="Show the raw messages of both sides.")
@click.option("--json", "view", flag_value="json", help="One JSON object per turn or note.")
@click.option(
    "--check",
    "checking",
    is_flag=True,
    help="Check every message against its protocol's rules (docs/trace-check.md).",
)
@click.option(
    "--strict",
    is_flag=True,
    help="With --check: a broken SHOULD fails the check too (exit status 1), not only a MUST.",
)
@click.option("--session", default=None, help="Show only this session's turns and messages.")
@click.option(
    "-f",
    "--follow",
    is_flag=True,
    help="Keep reading as the trace grows (stop with Ctrl-C; a pipe, when it ends).",
)
@color_option
def trace(
    file: IO[bytes],
    view: str | None,
    checking: bool,
    strict: bool,
    session: str | None,
    follow: bool,
    color: bool | None,
) -> None:
    """Show a --trace file as the conversation it recorded.

    Each turn with its prompt, the agent's text and thoughts, tool calls (final status
    and how long they ran), permission questions and answers, and the stop reason.
    Errors, dropped lines and agent exits are marked with !!. Works for upgrade,
    downgrade and passthrough traces; a trace cut mid-line is read up to the cut.
    Exits 1 when the trace holds no record at all.

    With --check: every message of both sides against the rules of the protocol that
    side spoke, each problem once with where it is, the rule and its level (MUST or
    SHOULD, as the spec words it; --json: one JSON object per problem). Exits 0 when
    every MUST was kept (--strict: every SHOULD too), 1 when not, 2 for a file that is
    not a trace.
    """
    colour = colour_wanted(color, sys.stdout) and view != "json"
    width = shutil.get_terminal_size((160, 24)).columns

    def echo(line: str) -> None:
        click.echo(line, color=colour)

    if strict and not checking:
        raise click.UsageError("--strict says how --check counts: use it with --check")
    if checking:
        if view == "wire" or session is not None:
            raise click.UsageError("--check checks every message: no --wire, no --session")
        as_json = view == "json"
        sys.exit(
            check(file, echo=echo, as_json=as_json, follow=follow, colour=colour, strict=strict)
        )

    conversation = show(
        file,
        echo=echo,
        mode=view or "text",
        session=session,
        follow=follow,
        width=width,
        colour=colour,
    )
    if conversation.records == 0:
        click.echo("error: no trace records in this file", err=True)
        sys.exit(1)
