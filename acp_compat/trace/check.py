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

import json
from collections import deque
from typing import Any

from acp_compat._define import frozen
from acp_compat.jsonrpc.messages import Kind, classify
from acp_compat.models import legacy
from acp_compat.models.current.methods import CURRENT_METHODS
from acp_compat.trace.links import Link, Seen
from acp_compat.trace.records import (
    AGENT_IN,
    AGENT_OUT,
    CLIENT_IN,
    CLIENT_OUT,
    BadLine,
    Item,
    Record,
    RelayEvent,
)
from acp_compat.trace.render import Line, Span
from acp_compat.trace.rules import RULES, RULES_BY_ID, Flaw, Rule
from acp_compat.translate.probe import Protocol, agent_protocol, client_protocol

ENDED = frozenset({"agent_exited", "agent_lost", "agent_start_failed"})
"""Relay events after which an agent process's link is gone (nothing more is owed on it)."""

ECHO_WINDOW = 8
"""Records within which a passthrough relay's copy of a message follows the original."""

EDITOR = "editor"


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


def _link_of(record: Record) -> tuple[str, str]:
    """(link name, the sender's role on it) for a record's direction."""
    agent = f"agent {record.agent if record.agent is not None else 0}"
    return {
        CLIENT_IN: (EDITOR, "client"),
        CLIENT_OUT: (EDITOR, "agent"),
        AGENT_OUT: (agent, "client"),
        AGENT_IN: (agent, "agent"),
    }[record.direction]


def _side(link: str, sender: str) -> str:
    peer_sends = (sender == "client") == (link == EDITOR)
    return link if peer_sends else f"relay → {link}"


def _guess_protocol(method: Any) -> Protocol | None:
    """The protocol a method belongs to, when only one has it (a trace starting mid-way)."""
    current, old = method in CURRENT_METHODS, method in legacy.LEGACY_METHODS
    if current != old:
        return Protocol.CURRENT if current else Protocol.LEGACY
    return None


class Checker:
    """Finds the messages of a trace that break a rule (feed items, then :meth:`finish`)."""

    def __init__(self, rules: tuple[Rule, ...] = RULES) -> None:
        self.rules = rules
        self.records = 0
        """How many records (messages and events) were read."""
        self.bad_lines = 0
        self.links: dict[str, Link] = {}
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
            self._event(item)
            return []
        name, sender = _link_of(item)
        link = self.links.get(name)
        if link is None:
            link = self.links[name] = Link(name)
        kind = classify(item.message)
        seen = link.see(item, sender, kind)
        self._learn_protocol(link, seen)
        found = [
            self._finding(rule, flaw, seen.record, _side(name, sender), seen.method)
            for rule in self._applying(link.protocol, sender)
            for flaw in rule.check(seen, link)
        ]
        link.learn(seen)
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
        for name, link in self.links.items():
            for rule in self.rules:
                if rule.at_end is None:
                    continue
                for pending, flaw in rule.at_end(link):
                    # The request is the place; the one who owed its answer is to blame.
                    asked_by_client = pending.record.direction in (CLIENT_IN, AGENT_OUT)
                    side = _side(name, "agent" if asked_by_client else "client")
                    found.append(self._finding(rule, flaw, pending.record, side, pending.method))
        return [f for f in found if not self._echo(f)]

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
            if seen_key == key and finding.line - line <= ECHO_WINDOW and self._passthrough():
                return True
        self._recent.append((key, finding.line))
        return False

    def _passthrough(self) -> bool:
        protocols = {link.protocol for link in self.links.values()}
        return len(self.links) > 1 and len(protocols) == 1

    def _learn_protocol(self, link: Link, seen: Seen) -> None:
        if seen.method == "initialize":
            if seen.kind is Kind.REQUEST:
                link.protocol = client_protocol(seen.message)
            elif seen.kind is Kind.RESPONSE:
                link.protocol = agent_protocol(seen.message) or link.protocol
        elif link.protocol is None:
            link.protocol = _guess_protocol(seen.method)

    def _event(self, event: RelayEvent) -> None:
        kind = event.event.get("type")
        name = f"agent {event.agent if event.agent is not None else 0}"
        if kind in ENDED:
            self.links.pop(name, None)
        elif kind == "dropped_line":
            link = self.links.get(EDITOR if event.event.get("side") == "client" else name)
            if link is not None:
                link.drops += 1


def check_trace(items: list[Item]) -> list[Finding]:
    """Every finding of a whole trace's items (tests and small tools)."""
    checker = Checker()
    found = [finding for item in items for finding in checker.add(item)]
    return found + checker.finish()


def finding_json(finding: Finding) -> str:
    """One JSON line for ``--json``."""
    return json.dumps(finding.to_json(), ensure_ascii=False)


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
