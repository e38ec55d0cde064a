"""``acp-compat trace FILE``: read a ``--trace`` file as the conversation it recorded.

The reading, the building of turns and their lines live in :mod:`acp_compat.trace`
(sans-IO); this module reads the file (to its end, or on and on with ``--follow``) and
prints. It is
imported only when the command runs: ``acp-compat wrap`` never pays for it.
"""

from __future__ import annotations

import json
import shutil
import sys
import time
from collections.abc import Callable, Iterable
from typing import IO

import click

from acp_compat.cli.terminal import colour_wanted, paint
from acp_compat.trace.conversation import Conversation, Entry, Note, Turn
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
from acp_compat.trace.render import Printer, mode_line

FOLLOW_POLL = 0.2
"""Seconds between looks at a followed trace for new lines."""

WIRE_ARROWS = {
    AGENT_IN: "agent →",
    AGENT_OUT: "→ agent",
    CLIENT_IN: "editor →",
}
"""How each direction is labelled in ``--wire`` (``relay->client`` is ``→ editor``)."""

Echo = Callable[[str], None]

# One colour rule for every command (NO_COLOR, TERM=dumb, a terminal): the demo's too.
use_colour = colour_wanted


def _at(t: float | None) -> str:
    return f"{t:9.3f}" if t is not None else " " * 9


class WireRenderer:
    """``--wire``: every record, the agent's side on the left, the editor's on the right."""

    def __init__(self, echo: Echo, width: int) -> None:
        self.echo = echo
        self.column = max(24, (width - 12) // 2)

    def header(self) -> None:
        """The two columns' titles."""
        left = "agent side".ljust(self.column)
        self.echo(click.style(f"{'t':>9}  {left} │ editor side", bold=True))

    def record(self, record: Record) -> None:
        """One message in its side's column, wrapped to fit."""
        text = json.dumps(record.message, ensure_ascii=False, separators=(",", ":"))
        label = WIRE_ARROWS.get(record.direction, "→ editor")
        error = "error" in record.message and "method" not in record.message
        whole = f"{label} {text}"
        # Cut at the column, not at spaces: JSON read across a cut is still plain to see.
        lines = [whole[i : i + self.column] for i in range(0, len(whole), self.column)]
        on_left = record.direction in (AGENT_IN, AGENT_OUT)
        for number, line in enumerate(lines):
            cell = click.style(line, fg="red") if error else line
            pad = " " * (self.column - len(line))
            stamp = _at(record.t) if number == 0 else " " * 9
            if on_left:
                self.echo(f"{stamp}  {cell}{pad} │")
            else:
                self.echo(f"{stamp}  {' ' * self.column} │ {cell}")

    def event(self, item: RelayEvent) -> None:
        """An event record across both columns: the relay saw it, not a side."""
        details = ", ".join(f"{k}={v!r}" for k, v in item.event.items() if k != "type")
        agent = f"agent {item.agent} " if item.agent is not None else ""
        line = f"{_at(item.t)}  ── relay: {agent}{item.event['type']} {details}"
        self.echo(click.style(line, fg="red", bold=True))

    def bad_line(self, bad: BadLine) -> None:
        """A line of the trace that is not a record."""
        what = "cut mid-line" if bad.truncated else bad.reason
        self.echo(click.style(f"!! trace line {bad.line} ({bad.size} bytes): {what}", fg="red"))


def _record_session(record: Record) -> str | None:
    params = record.message.get("params")
    result = record.message.get("result")
    for body in (params, result):
        if isinstance(body, dict) and isinstance(body.get("sessionId"), str):
            return str(body["sessionId"])
    return record.session


def _chunks(stream: IO[bytes], follow: bool) -> Iterable[bytes]:
    """The file's bytes in pieces; with ``follow``, keep waiting for more (until Ctrl-C)."""
    while True:
        data = stream.read(65536)
        if data:
            yield data
            continue
        if not follow:
            return
        time.sleep(FOLLOW_POLL)


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
    reader = TraceReader()
    conversation = Conversation()
    wire = WireRenderer(echo, width)
    announced = False
    if mode == "wire":
        wire.header()

    def wanted(entry: Entry) -> bool:
        if session is None:
            return True
        return entry.session == session or (
            isinstance(entry, Note) and entry.level == "problem" and entry.session is None
        )

    text = Printer(conversation, wanted)
    printed = 0

    def flush(final: bool) -> None:
        nonlocal printed, announced
        if mode == "text":
            if not announced and conversation.mode is not None:
                echo(paint(mode_line(conversation.mode), colour))
                announced = True
            for line in text.lines(final=final):
                echo(paint(line, colour))
            return
        if mode != "json":
            return
        entries = conversation.entries
        while printed < len(entries):
            entry = entries[printed]
            if isinstance(entry, Turn) and not entry.done and not final:
                break  # printed once it ends, so streamed text is shown joined
            printed += 1
            if wanted(entry):
                echo(json.dumps(entry.summary(), ensure_ascii=False))

    def take(items: list[Item]) -> None:
        for item in items:
            conversation.add(item)
            if mode != "wire":
                continue
            if isinstance(item, BadLine):
                wire.bad_line(item)
            elif isinstance(item, RelayEvent):
                if session is None or item.session in (None, session):
                    wire.event(item)
            elif session is None or _record_session(item) == session:
                wire.record(item)

    try:
        for data in _chunks(stream, follow):
            take(reader.feed(data))
            flush(final=False)
    except KeyboardInterrupt:
        pass
    take(reader.end())
    flush(final=True)
    return conversation


def check(stream: IO[bytes], *, echo: Echo, as_json: bool, follow: bool, colour: bool) -> int:
    """Check the trace against the protocols' rules, printing each finding as it is made;
    the exit status: 0 clean, 1 problems found, 2 not a trace. A followed trace is live:
    what it leaves open when stopped is not a problem."""
    from acp_compat.trace.check import (
        Checker,
        Finding,
        finding_json,
        finding_lines,
        summary_line,
    )

    reader = TraceReader()
    checker = Checker()
    problems = 0

    def report(findings: list[Finding]) -> None:
        nonlocal problems
        problems += len(findings)
        for finding in findings:
            if as_json:
                echo(finding_json(finding))
                continue
            for line in finding_lines(finding):
                echo(paint(line, colour))

    def take(items: list[Item]) -> None:
        for item in items:
            report(checker.add(item))

    stopped = False
    try:
        for data in _chunks(stream, follow):
            take(reader.feed(data))
    except KeyboardInterrupt:
        stopped = True
    take(reader.end())
    if checker.records == 0:
        click.echo("error: not a trace: no trace records in this file", err=True)
        return 2
    if not (follow or stopped):
        report(checker.finish())
    if not as_json:
        echo(paint(summary_line(checker, problems), colour))
    return 1 if problems else 0


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
@click.option("--session", default=None, help="Show only this session's turns and messages.")
@click.option(
    "-f", "--follow", is_flag=True, help="Keep reading as the trace grows (stop with Ctrl-C)."
)
@click.option(
    "--color/--no-color",
    default=None,
    help="Colour the output (default: on a terminal, unless NO_COLOR is set or TERM=dumb).",
)
def trace(
    file: IO[bytes],
    view: str | None,
    checking: bool,
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
    side spoke, each problem once with where it is and the rule (--json: one JSON
    object per problem). Exits 0 when clean, 1 when anything was found, 2 for a file
    that is not a trace.
    """
    colour = use_colour(color, sys.stdout) and view != "json"
    width = shutil.get_terminal_size((160, 24)).columns

    def echo(line: str) -> None:
        click.echo(line, color=colour)

    if checking:
        if view == "wire" or session is not None:
            raise click.UsageError("--check checks every message: no --wire, no --session")
        sys.exit(check(file, echo=echo, as_json=view == "json", follow=follow, colour=colour))

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
