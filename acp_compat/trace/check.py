"""``acp-compat trace --check``: each message of a trace held to the rules of its link.

:class:`Checker` takes the items of :class:`acp_compat.trace.records.TraceReader` one at a
time and returns the :class:`Finding` objects they bring; :meth:`Checker.finish` adds what
the end of the trace shows (requests never answered). Each link of the trace (the
editor's, each agent process's) is checked in the protocol it speaks: the one the relay
decided (its ``translation`` record), else the one learnt from the link's own
``initialize`` (:mod:`.links`). On a trace ``wrap`` wrote while translating, the
editor's side and the agent's side are judged apart, and a finding names who sent the
message (the editor, the agent, or the relay itself towards one of them), and the rule's
level: a broken MUST is a fault, a broken SHOULD a warning. A message the relay passes on
unchanged (all of them in passthrough) is the same message on both links: its problems
are reported once, against its sender, never again against the relay's copy (matched by
content, not by wording).
"""

from __future__ import annotations

from collections import deque
from typing import Any, cast

from acp_compat._define import frozen
from acp_compat.jsonrpc.messages import Kind
from acp_compat.trace.links import EDITOR, ENDS, GONE, Links, agent_link
from acp_compat.trace.records import (
    AGENT_IN,
    AGENT_OUT,
    CLIENT_IN,
    PROBE_DISCARDED,
    REFUSED_LINE,
    BadLine,
    Item,
    Record,
    RelayEvent,
    TranslationChosen,
)
from acp_compat.trace.render import Line, Span
from acp_compat.trace.rules import MUST, RULES, RULES_BY_ID, Check, Flaw, Rule
from acp_compat.trace.schema import pinned
from acp_compat.translate.probe import Protocol

ORIGINALS = 64
"""How many received messages with problems are kept to recognise the relay's copies."""

INCOMING = frozenset({CLIENT_IN, AGENT_IN})
"""Where a message reaches the relay; the other two directions are the relay's output."""


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

    @property
    def level(self) -> str:
        """The rule's level: ``MUST`` (a fault) or ``SHOULD`` (a warning)."""
        return RULES_BY_ID[self.rule].level

    def to_json(self) -> dict[str, Any]:
        """The finding as plain JSON data (``--check --json``)."""
        return {
            "rule": self.rule,
            "level": self.level,
            "message": self.line,
            "t": self.t,
            "time": self.time,
            "side": self.side,
            "method": self.method,
            "path": self.path,
            "problem": self.text,
            "statement": self.statement,
            "spec": RULES_BY_ID[self.rule].spec,
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
        self._names: frozenset[str | None] = frozenset().union(
            *(r.methods for r in rules if r.methods is not None),
            *(r.updates for r in rules if r.updates is not None),
            *(pinned().names(protocol) for protocol in Protocol),
        )
        """The method and update names the rules tell apart (theirs and every protocol's
        methods): any other name is read as ``None``, which keeps :attr:`_applying` small."""
        self._applying: dict[tuple[Any, ...], tuple[tuple[Rule, Check], ...]] = {}
        """(link protocol, sender, kind, method, update kind) -> the rules that judge such
        a message, each with its check made for them: filled as the keys come."""
        self._agent_refusals: dict[str, list[RelayEvent]] = {}
        """Each agent link's lines that were not JSON, until its protocol is known."""
        self._left_behind: list[tuple[str, Protocol | None, list[RelayEvent]]] = []
        """The lines that were not JSON of probes startup left behind (their link, its
        protocol), until the relay says which protocol the agent speaks."""
        self._originals: deque[tuple[dict[str, Any], frozenset[tuple[str, str]]]] = deque(
            maxlen=ORIGINALS
        )

    def add(self, item: Item) -> list[Finding]:
        """The findings one trace item brings."""
        if type(item) is not Record:  # (an exact test: the one record class, per record)
            return self._other(cast(RelayEvent | BadLine, item))
        self.records += 1
        link, seen = self.trace.see(item)
        method = seen.method if seen.method in self._names else None
        update = seen.update_kind if seen.update_kind in self._names else None
        # (Enum members are singletons: their ids key the table without hashing them in
        # Python, which costs more than the rest of the lookup.)
        key = (id(link.protocol), seen.sender, id(seen.kind), method, update)
        rules = self._applying.get(key)
        if rules is None:
            rules = self._applying[key] = tuple(
                (rule, rule.made_for(link.protocol, seen.sender, seen.kind, method))
                for rule in self.rules
                if rule.applies(link.protocol, seen.sender)
                and rule.looks_at(link.protocol, method, update)
                and (rule.kinds is None or seen.kind in rule.kinds)
            )
        found: list[Finding] = []
        for rule, check in rules:
            flaws = check(seen, link)
            if flaws:
                side = _side(link.name, seen.sender)
                found += [_finding(rule, flaw, item, side, seen.method) for flaw in flaws]
        self.trace.learn(link, seen)
        # (An initialize error tells no protocol: only a result settles them.)
        if self._agent_refusals and seen.method == "initialize" and seen.kind is Kind.RESPONSE:
            found += self._settle(link.name)
        return self._first_time(item, found) if found else found

    def _other(self, item: RelayEvent | BadLine) -> list[Finding]:
        """A relay event, or a line that is not a record."""
        if isinstance(item, RelayEvent):
            self.records += 1
            name = agent_link(item.agent)
            kind = item.event.get("type")
            settled: list[Finding] = []
            if name in self._agent_refusals and kind == PROBE_DISCARDED:
                # A probe left behind was the same program as the one kept: its lines are
                # judged by the protocol the relay finds the agent speaks (at the
                # translation), by its own link's if it never says.
                refused = self._agent_refusals.pop(name)
                self._left_behind.append((name, self._protocol(name), refused))
            elif name in self._agent_refusals and (kind in GONE or kind in ENDS):
                settled = self._settle(name)
            self.trace.event(item)
            if type(item) is TranslationChosen:
                settled += self._decided(item)
            return settled + self._refused(item)
        if not item.truncated:
            self.bad_lines += 1
        return []

    def _first_time(self, record: Record, found: list[Finding]) -> list[Finding]:
        """``found`` without what a message received with the same content already
        showed: the relay's unchanged copy is not blamed again."""
        problems = frozenset((f.rule, f.path) for f in found)
        if record.direction in INCOMING:
            self._originals.append((record.message, problems))
            return found
        for message, shown in self._originals:
            if message == record.message:
                return [f for f in found if (f.rule, f.path) not in shown]
        return found

    def finish(self) -> list[Finding]:
        """The trace is over: what it left open that breaks a rule."""
        found: list[tuple[Finding, dict[str, Any]]] = []
        for name, link in self.trace.links.items():
            for rule in self.rules:
                if rule.at_end is None:
                    continue
                for pending, flaw in rule.at_end(link):
                    # The request is the place; the one who owed its answer is to blame.
                    asked_by_client = pending.record.direction in (CLIENT_IN, AGENT_OUT)
                    side = _side(name, "agent" if asked_by_client else "client")
                    finding = _finding(rule, flaw, pending.record, side, pending.method)
                    found.append((finding, pending.record.message))
        # A request the relay passed on unanswered is owed by the one it was passed to.
        unsettled = [f for name in list(self._agent_refusals) for f in self._settle(name)]
        for name, protocol, events in self._left_behind:
            unsettled += self._judge_refusals(name, protocol, events)
        self._left_behind.clear()
        return unsettled + [
            finding
            for finding, message in found
            if not any(
                other.rule == finding.rule and other.line > finding.line and copy == message
                for other, copy in found
            )
        ]

    def _refused(self, event: RelayEvent) -> list[Finding]:
        """A line the relay could not read as JSON: its sender broke JSON-RPC, or the
        transport's rule that stdout holds only messages. (Too deep, a number out of
        range: the relay's limits, not the protocol's; its answer, if any, is traced.)
        An agent's is judged once its link's protocol is known (:meth:`_settle`)."""
        details = event.event
        if details.get("type") != REFUSED_LINE or details.get("cause") != "syntax":
            return []
        if details.get("side") != "client":
            self._agent_refusals.setdefault(agent_link(event.agent), []).append(event)
            return []
        return [self._not_json(event, EDITOR)]

    def _decided(self, item: TranslationChosen) -> list[Finding]:
        """The relay's translation: the kept probe's lines that were not JSON (its link is
        agent 0's now) and those of the probes left behind, judged by the protocol the
        relay decided the agent speaks."""
        kept = agent_link(item.process if item.process is not None else item.agent)
        refused = self._agent_refusals.pop(kept, [])
        found = self._judge_refusals(kept, self._protocol(agent_link(item.agent)), refused)
        decided = self.trace.agent_protocol
        for name, protocol, events in self._left_behind:
            found += self._judge_refusals(name, decided or protocol, events)
        self._left_behind.clear()
        return found

    def _settle(self, name: str) -> list[Finding]:
        """Agent link ``name``'s lines that were not JSON, now that its protocol is known
        (its ``initialize`` answered with a result, or the link ending)."""
        return self._judge_refusals(name, self._protocol(name), self._agent_refusals.pop(name, []))

    def _protocol(self, name: str) -> Protocol | None:
        link = self.trace.links.get(name)
        return link.protocol if link is not None else None

    def _judge_refusals(
        self, side: str, protocol: Protocol | None, events: list[RelayEvent]
    ) -> list[Finding]:
        """An agent's lines that were not JSON, on a link in ``protocol``: a finding
        unless it speaks 0.0.9, which has no transport rule (gemini-cli 0.1.x prints a
        banner on its stdout, and the relay skips it); the current and v2 transports say
        the agent MUST NOT write anything but messages there."""
        if protocol is Protocol.LEGACY:
            return []
        return [self._not_json(event, side) for event in events]

    def _not_json(self, event: RelayEvent, side: str) -> Finding:
        method = event.event.get("method")
        text = f"the line is not JSON: {event.event.get('head')!r}"
        named = method if isinstance(method, str) else None
        return Finding("valid-message", event.line, event.t, event.time, side, named, "", text)


def _finding(rule: Rule, flaw: Flaw, record: Record, side: str, method: str | None) -> Finding:
    return Finding(rule.id, record.line, record.t, record.time, side, method, flaw.path, flaw.text)


def check_trace(items: list[Item]) -> list[Finding]:
    """Every finding of a whole trace's items (tests and small tools)."""
    checker = Checker()
    found = [finding for item in items for finding in checker.add(item)]
    return found + checker.finish()


def finding_lines(finding: Finding) -> list[Line]:
    """A finding as a person reads it: where, what, and the rule it breaks."""
    at = f"t {finding.t:.3f}" if finding.t is not None else "t ?"
    colour = "red" if finding.level == MUST else "yellow"
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
            Span("  !! " if finding.level == MUST else "  ?? ", fg=colour, bold=True),
            Span(finding.text, fg=colour),
            Span(f"  [{finding.rule}, {finding.level}]", dim=True),
        ),
        (Span(f"     rule: {finding.statement}", dim=True),),
    ]


def summary_line(checker: Checker, faults: int, warnings: int) -> Line:
    """The last line: clean, or how many broken MUSTs (faults) and SHOULDs (warnings)."""
    read = f"{checker.records} records"
    if checker.bad_lines:
        read += f" ({checker.bad_lines} lines that are not records skipped)"
    counts = [
        f"{n} {word}{'s' if n != 1 else ''}"
        for n, word in ((faults, "problem"), (warnings, "warning"))
        if n
    ]
    if faults:
        return (Span(f"{' and '.join(counts)} in {read}", fg="red", bold=True),)
    if warnings:
        return (Span(f"{counts[0]} (SHOULD) in {read}, every MUST kept", fg="yellow", bold=True),)
    return (Span(f"clean: {read}, every rule kept", fg="green", bold=True),)
