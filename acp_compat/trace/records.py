"""A ``--trace`` file read back: its lines as records (sans-IO).

The format is written by :mod:`acp_compat.io.trace` and documented there: one JSON object
a line, a message seen at one of the relay's four points (``dir``) or an event of the
relay's own (``dir`` ``relay``, the types in :data:`EVENTS`). :class:`TraceReader` turns
the file's bytes, fed in any pieces, into :class:`Record` and :class:`RelayEvent` objects
(and :class:`BadLine` for a line that is not a record), keeping a partial last line until
it is complete or the input ends, so a trace cut mid-line or still being written is read
as far as it goes. Reading is linear in a line's length (the relay's own line splitter)
and bounded in depth (the relay's own decoder, one level deeper for the record around a
message), whatever the file holds. Nothing here reads files or clocks.

The events the relay decides are read into their own :class:`RelayEvent` subclasses,
their members typed (a member of the wrong type reads as ``None``): what startup decided
(:class:`ProbeDiscarded`, :class:`TranslationChosen`, :class:`StartupFinished`), a lost
agent (:class:`AgentLost`) and the client closing its end (:class:`ClientClosed`).
Traces written before these records existed read as before.
"""

from __future__ import annotations

import json
import sys
from typing import Any

import attrs

from acp_compat._define import define
from acp_compat.jsonrpc.framing import MAX_DEPTH, DecodeError, LineSplitter, decode

CLIENT_IN = "client->relay"
AGENT_OUT = "relay->agent"
AGENT_IN = "agent->relay"
CLIENT_OUT = "relay->client"
RELAY = "relay"
"""``dir`` of an event record: something the relay saw happen that is not a message."""

DIRECTIONS = (CLIENT_IN, AGENT_OUT, AGENT_IN, CLIENT_OUT)
"""The four ``dir`` values a message record may carry."""

PROBE_DISCARDED = "probe_discarded"
TRANSLATION = "translation"
STARTUP_FINISHED = "startup_finished"
CLIENT_CLOSED = "client_closed"
AGENT_EXITED = "agent_exited"
AGENT_LOST = "agent_lost"
AGENT_START_FAILED = "agent_start_failed"
DROPPED_LINE = "dropped_line"
REFUSED_LINE = "refused_line"

EVENTS: dict[str, str] = {
    AGENT_EXITED: "``agent``'s process exited: ``returncode``, ``stderr`` (its last lines)",
    AGENT_LOST: "the relay gave ``agent`` up (what waited on it was answered): ``reason``; "
    "it may still write",
    AGENT_START_FAILED: "``agent``'s process could not start: ``reason``",
    DROPPED_LINE: "a line over ``--max-line-bytes`` from ``side`` (``client`` or "
    "``agent``) was discarded unread: ``size`` in bytes",
    REFUSED_LINE: "a line from ``side`` that the relay could not decode and so never "
    "traced as a message: ``cause`` (``syntax``: not JSON, ``depth``: nested too deep, "
    "``number``: a number out of range), ``size`` in bytes, ``head`` (its first 200 "
    "bytes as text), and what its top level said when it could be read: ``kind`` "
    "(``request``, ``notification``, ``response``, ``error``), ``id``, ``method``. "
    "Written before the relay's answer to it",
    CLIENT_CLOSED: "the client closed our ``stream``: ``stdin`` (no more requests will "
    "come) or ``stdout`` (no answer reaches it any more)",
    PROBE_DISCARDED: "startup left probe process ``agent`` behind (nothing more of it is "
    "relayed or traced): ``protocol`` of the ``initialize`` it was sent, ``reason`` for "
    "people",
    TRANSLATION: "startup decided (``agent`` 0): ``translation`` (``upgrade``, "
    "``downgrade``, ``passthrough``, ``v2-upgrade``, ``v2-downgrade``, ``legacy-v2``, "
    "``v2-legacy``), ``client_protocol`` and ``agent_protocol`` (``legacy``, ``current``, "
    "``v2``: what each side speaks from here on), ``process`` (the probe process kept: "
    'its records until here carry ``"agent": process``, from here on ``"agent": 0``) '
    "and ``how`` (``auto-detected`` or ``--agent-protocol``)",
    STARTUP_FINISHED: "startup ended without a relay (a refusal, the client gone, a "
    "stop): ``status``, the one ``wrap`` exits with",
}
"""Every event type (``dir`` ``relay``) and its members; ``agent`` is the record's own.
During startup a record's ``agent`` is the probe process (0, then one number per process
started). A reader skips a type it does not know."""


def events_markdown() -> str:
    """:data:`EVENTS` as a markdown list: the source of the one in ``docs/behaviour.md``."""
    return "".join(f"* `{name}`: {words.replace('``', '`')}.\n" for name, words in EVENTS.items())


REFUSALS = {
    "syntax": "not JSON",
    "depth": "nested too deep",
    "number": "a number out of range",
}
"""A ``refused_line``'s ``cause``, in words."""


def request_key(request_id: Any) -> Any:
    """A request id (or any JSON scalar naming one) usable as a dict key: a number by its
    value (``1`` and ``1.0`` are one JSON number), a string as itself, anything else by
    its JSON text, kept apart from strings."""
    if isinstance(request_id, float) and request_id.is_integer():
        return int(request_id)
    if request_id is None or isinstance(request_id, (str, float)) or type(request_id) is int:
        return request_id
    return ("json", json.dumps(request_id, sort_keys=True))


@define
class Record:
    """One trace line: a message seen at one point of the relay. (Not frozen, as no record
    of the trace room is: a frozen attrs class costs twice as much to build, per line.)"""

    line: int
    """1-based line number in the trace file."""
    t: float | None
    """Seconds since the relay started (``None`` when the record lacks it)."""
    direction: str
    """``client->relay``, ``relay->agent``, ``agent->relay`` or ``relay->client``."""
    message: dict[str, Any]
    agent: int | None = None
    session: str | None = None
    time: str | None = None
    """Wall-clock ISO-8601 UTC time of the record."""


@define
class RelayEvent:
    """An event record: something the relay saw that is not a message (an agent exit...)."""

    line: int
    t: float | None
    event: dict[str, Any]
    """``{"type": ..., ...}`` as :mod:`acp_compat.io.trace` documents it."""
    agent: int | None = None
    session: str | None = None
    time: str | None = None


@define
class ProbeDiscarded(RelayEvent):
    """Probe process :attr:`agent` was left behind: its link ends here."""

    protocol: str | None = attrs.field(default=None, kw_only=True)
    """``legacy`` or ``current``: the protocol of the ``initialize`` it was sent."""
    reason: str | None = attrs.field(default=None, kw_only=True)


@define
class TranslationChosen(RelayEvent):
    """Startup decided: probe process :attr:`process` is agent 0 (:attr:`agent`) from here
    on, and each side speaks the protocol named."""

    translation: str | None = attrs.field(default=None, kw_only=True)
    """``upgrade``, ``downgrade`` or ``passthrough``."""
    agent_protocol: str | None = attrs.field(default=None, kw_only=True)
    client_protocol: str | None = attrs.field(default=None, kw_only=True)
    process: int | None = attrs.field(default=None, kw_only=True)
    """The probe process kept: the ``agent`` of its records before this one."""
    how: str | None = attrs.field(default=None, kw_only=True)
    """``auto-detected`` or ``--agent-protocol``."""


@define
class StartupFinished(RelayEvent):
    """Startup ended without a relay; ``wrap`` exits with :attr:`status`."""

    status: int | None = attrs.field(default=None, kw_only=True)


@define
class AgentLost(RelayEvent):
    """The relay gave agent :attr:`agent` up (what waited on it was answered)."""

    reason: str | None = attrs.field(default=None, kw_only=True)


@define
class ClientClosed(RelayEvent):
    """The client closed our :attr:`stream`: ``stdin`` (no more requests) or ``stdout``
    (no answer reaches it any more)."""

    stream: str | None = attrs.field(default=None, kw_only=True)


def _text(value: Any) -> str | None:
    return value if isinstance(value, str) else None


def _number(value: Any) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


_TYPED_EVENTS: dict[str, type[RelayEvent]] = {
    PROBE_DISCARDED: ProbeDiscarded,
    TRANSLATION: TranslationChosen,
    STARTUP_FINISHED: StartupFinished,
    AGENT_LOST: AgentLost,
    CLIENT_CLOSED: ClientClosed,
}
"""The event types read into their own class."""

_MEMBERS = {
    name: {
        f.name: _number if f.type == "int | None" else _text for f in attrs.fields(cls) if f.kw_only
    }
    for name, cls in _TYPED_EVENTS.items()
}
"""Each typed event's own members (its keyword-only fields) and their readers: a member of
another type reads as ``None``."""


@define
class BadLine:
    """A trace line that is not a record (a cut line, or something else in the file)."""

    line: int
    size: int
    reason: str
    truncated: bool = False
    """Whether this is the file's unterminated last line (a cut or a trace being written)."""


Item = Record | RelayEvent | BadLine
"""What one trace line is."""


RECORD_DEPTH = MAX_DEPTH + 1
"""The deepest record read: a message at the relay's own limit, inside its record."""


def parse_record(line_number: int, data: bytes) -> Item:
    """One line of a trace file as a :class:`Record` or :class:`RelayEvent`, or a
    :class:`BadLine` saying why it is neither."""
    try:
        entry = decode(data, max_depth=RECORD_DEPTH, many_digits=True)
    except DecodeError as exc:
        return BadLine(line_number, len(data), _why(exc))
    if type(entry) is not dict:
        return BadLine(line_number, len(data), "not a JSON object")
    # Once per record: exact type tests (a bool is no number, no agent number).
    direction, message, t = entry.get("dir"), entry.get("msg"), entry.get("t")
    agent, session, when = entry.get("agent"), entry.get("session"), entry.get("time")
    if type(t) is not float:
        t = _seconds(t)
    agent = agent if type(agent) is int else None
    session = session if type(session) is str else None
    when = when if type(when) is str else None
    if type(message) is dict and direction in DIRECTIONS:
        return Record(line_number, t, direction, message, agent, session, when)
    event = entry.get("event")
    if direction == RELAY and type(event) is dict and type(event.get("type")) is str:
        cls = _TYPED_EVENTS.get(event["type"], RelayEvent)
        members = _MEMBERS.get(event["type"], {})
        values = {name: read(event.get(name)) for name, read in members.items()}
        return cls(line_number, t, event, agent, session, when, **values)
    return BadLine(line_number, len(data), "not a trace record (no dir or msg)")


def _seconds(value: Any) -> float | None:
    """A record's ``t`` that is no float: an integer as one (``None`` past a float's range:
    JSON numbers have none), anything else ``None``."""
    if type(value) is not int:
        return None
    try:
        return float(value)
    except OverflowError:
        return None


def _why(exc: DecodeError) -> str:
    """Why a line is not JSON, in the reader's words."""
    if exc.cause != "syntax":
        return exc.reason  # nested too deep, a number out of range
    if isinstance(exc.__cause__, json.JSONDecodeError):
        return f"not JSON ({exc.__cause__.msg})"
    return "not UTF-8 text" if "UTF-8" in exc.reason else f"not JSON ({exc.reason})"


class TraceReader:
    """Splits trace bytes into records; feed it pieces, then :meth:`end` it."""

    def __init__(self) -> None:
        # No line limit: a record is a message the relay took (up to its own limit) and
        # more; the line is held to be read whole, as the relay holds its lines.
        self._lines = LineSplitter(sys.maxsize)
        self._line = 0

    @property
    def pending_bytes(self) -> int:
        """Bytes of an incomplete last line held back until more arrive."""
        return self._lines.buffered

    def feed(self, data: bytes) -> list[Item]:
        """The complete lines in ``data`` (after what was held back), parsed."""
        return self._parse([line for line in self._lines.feed(data) if type(line) is bytes])

    def end(self) -> list[Item]:
        """The input is over: the unterminated last line, read as far as it goes."""
        items = self._parse([line for line in self._lines.close() if type(line) is bytes])
        return [
            # A trace is written line by line and flushed: an unterminated line that is
            # not a record was cut (a full disk, a killed relay, a copy made mid-write).
            BadLine(item.line, item.size, "cut mid-line", truncated=True)
            if isinstance(item, BadLine)
            else item
            for item in items
        ]

    def _parse(self, lines: list[bytes]) -> list[Item]:
        """``lines``, numbered on from the last line read, parsed."""
        first = self._line + 1
        self._line += len(lines)
        return [parse_record(number, line) for number, line in enumerate(lines, first)]
