"""``acp-compat trace --check``: each message of a trace held to the rules of its link.

:class:`Checker` takes the items of :class:`acp_compat.trace.records.TraceReader` one at a
time and returns the :class:`Finding` objects they bring; :meth:`Checker.finish` adds what
the end of the trace shows (requests never answered). Each link of the trace (the
editor's, each agent process's) is checked in the protocol it spoke, learnt from its own
``initialize``: on a trace ``wrap`` wrote while translating, the editor's side and the
agent's side are judged apart, and a finding names who sent the message (the editor, the
agent, or the relay itself towards one of them). In passthrough both links carry the same
messages, so a problem seen on one is not reported again when the relay passes it on.
"""

from __future__ import annotations

from collections import deque
from typing import Any

from acp_compat._define import frozen
from acp_compat.trace.links import EDITOR, Links
from acp_compat.trace.records import (
    AGENT_OUT,
    CLIENT_IN,
    REFUSED_LINE,
    BadLine,
    Item,
    Record,
    RelayEvent,
)
from acp_compat.trace.render import Line, Span
from acp_compat.trace.rules import RULES, RULES_BY_ID, Flaw, Rule
from acp_compat.translate.probe import Protocol

ECHO_WINDOW = 8
"""Records within which a passthrough relay's copy of a message follows the original."""


@frozen
class Finding:
    """One message (or the end of the trace) breaking one rule."""

    rule: str
    line: int
    """The record's line in the trace: the message number."""
    t: float | None
    time: str | None
    side: str
    """Who sent it (for what never happened: who owed it): ``editor``, ``agent N``,
    ``relay → editor`` or ``relay → agent N``."""
    method: str | None
    path: str
    """The wire path of the bad field (``params.update.toolCallId``), ``""`` for none."""
    text: str

    @property
    def statement(self) -> str:
        """The rule, in words."""
        return RULES_BY_ID[self.rule].statement

    def to_json(self) -> dict[str, Any]:
        """The finding as plain JSON data (``--check --json``)."""
        return {
            "rule": self.rule,
            "message": self.line,
            "t": self.t,
            "time": self.time,
            "side": self.side,
            "method": self.method,
            "path": self.path,
            "problem": self.text,
            "statement": self.statement,
        }


def _side(link: str, sender: str) -> str:
    peer_sends = (sender == "client") == (link == EDITOR)
    return link if peer_sends else f"relay → {link}"


class Checker:
    """Finds the messages of a trace that break a rule (feed items, then :meth:`finish`)."""

    def __init__(self, rules: tuple[Rule, ...] = RULES) -> None:
        self.rules = rules
        self.records = 0
        """How many records (messages and events) were read."""
        self.bad_lines = 0
        self.trace = Links()
        """What is open on each link of the trace (the one interpreter)."""
        self._by_link: dict[tuple[Protocol | None, str], tuple[Rule, ...]] = {}
        self._recent: deque[tuple[tuple[str, str | None, str, str], int]] = deque(
            maxlen=ECHO_WINDOW * 4
        )

    def add(self, item: Item) -> list[Finding]:
        """The findings one trace item brings."""
        if isinstance(item, BadLine):
            if not item.truncated:
                self.bad_lines += 1
            return []
        self.records += 1
        if isinstance(item, RelayEvent):
            self.trace.event(item)
            return self._refused(item)
        link, seen = self.trace.see(item)
        side = _side(link.name, seen.sender)
        found = [
            self._finding(rule, flaw, seen.record, side, seen.method)
            for rule in self._applying(link.protocol, seen.sender)
            for flaw in rule.check(seen, link)
        ]
        self.trace.learn(link, seen)
        return [f for f in found if not self._echo(f)]

    def _applying(self, protocol: Protocol | None, sender: str) -> tuple[Rule, ...]:
        """The rules that judge ``sender``'s messages on a link in ``protocol``."""
        rules = self._by_link.get((protocol, sender))
        if rules is None:
            rules = tuple(rule for rule in self.rules if rule.applies(protocol, sender))
            self._by_link[(protocol, sender)] = rules
        return rules

    def finish(self) -> list[Finding]:
        """The trace is over: what it left open that breaks a rule."""
        found: list[Finding] = []
        for name, link in self.trace.links.items():
            for rule in self.rules:
                if rule.at_end is None:
                    continue
                for pending, flaw in rule.at_end(link):
                    # The request is the place; the one who owed its answer is to blame.
                    asked_by_client = pending.record.direction in (CLIENT_IN, AGENT_OUT)
                    side = _side(name, "agent" if asked_by_client else "client")
                    found.append(self._finding(rule, flaw, pending.record, side, pending.method))
        return [f for f in found if not self._echo(f)]

    def _refused(self, event: RelayEvent) -> list[Finding]:
        """A line the relay could not read as JSON: its sender broke JSON-RPC. (Too deep,
        a number out of range: the relay's limits, not the protocol's; its answer, if
        any, is traced.)"""
        details = event.event
        if details.get("type") != REFUSED_LINE or details.get("cause") != "syntax":
            return []
        side = EDITOR if details.get("side") == "client" else f"agent {event.agent or 0}"
        method = details.get("method")
        text = f"the line is not JSON: {details.get('head')!r}"
        rule = RULES_BY_ID["valid-message"]
        flaw = Flaw(text)
        record = Record(event.line, event.t, CLIENT_IN, {}, time=event.time)
        return [
            self._finding(rule, flaw, record, side, method if isinstance(method, str) else None)
        ]

    def _finding(
        self, rule: Rule, flaw: Flaw, record: Record, side: str, method: str | None
    ) -> Finding:
        return Finding(
            rule.id, record.line, record.t, record.time, side, method, flaw.path, flaw.text
        )

    def _echo(self, finding: Finding) -> bool:
        """Whether ``finding`` repeats one just made about the same message, passed on by
        a passthrough relay (the same rule, method, field and words, a few records on)."""
        key = (finding.rule, finding.method, finding.path, finding.text)
        for seen_key, line in self._recent:
            if seen_key == key and finding.line - line <= ECHO_WINDOW and self.trace.passthrough():
                return True
        self._recent.append((key, finding.line))
        return False


def check_trace(items: list[Item]) -> list[Finding]:
    """Every finding of a whole trace's items (tests and small tools)."""
    checker = Checker()
    found = [finding for item in items for finding in checker.add(item)]
    return found + checker.finish()


def finding_lines(finding: Finding) -> list[Line]:
    """A finding as a person reads it: where, what, and the rule it breaks."""
    at = f"t {finding.t:.3f}" if finding.t is not None else "t ?"
    where = f"message {finding.line} ({at}) from {finding.side}"
    method = f" {finding.method}" if finding.method else ""
    path = f" at {finding.path}" if finding.path else ""
    return [
        (
            Span(f"{where}:", bold=True),
            Span(method, fg="cyan"),
            Span(path, dim=True),
        ),
        (
            Span("  !! ", fg="red", bold=True),
            Span(finding.text, fg="red"),
            Span(f"  [{finding.rule}]", dim=True),
        ),
        (Span(f"     rule: {finding.statement}", dim=True),),
    ]


def summary_line(checker: Checker, problems: int) -> Line:
    """The last line: clean, or how many problems."""
    read = f"{checker.records} records"
    if checker.bad_lines:
        read += f" ({checker.bad_lines} lines that are not records skipped)"
    if problems:
        return (
            Span(
                f"{problems} problem{'s' if problems != 1 else ''} in {read}", fg="red", bold=True
            ),
        )
    return (Span(f"clean: {read}, every rule kept", fg="green", bold=True),)
