"""A ``--trace`` file read back: its lines as records (sans-IO).

The format is written by :mod:`acp_compat.io.trace` and documented there: one JSON object
a line, a message seen at one of the relay's four points (``dir``) or an event of the
relay's own (``dir`` ``relay``). :class:`TraceReader` turns the file's bytes, fed in any
pieces, into :class:`Record` and :class:`RelayEvent` objects (and :class:`BadLine` for a
line that is not a record), keeping a partial last line until it is complete or the input
ends, so a trace cut mid-line or still being written is read as far as it goes. Nothing
here reads files or clocks.

The events the relay decides are read into their own :class:`RelayEvent` subclasses,
their members typed (a member of the wrong type reads as ``None``): what startup decided
(:class:`ProbeDiscarded`, :class:`TranslationChosen`, :class:`StartupFinished`), a lost
agent (:class:`AgentLost`) and the client closing its end (:class:`ClientClosed`).
Traces written before these records existed read as before.
"""

from __future__ import annotations

import json
from typing import Any

import attrs

from acp_compat._define import define

CLIENT_IN = "client->relay"
AGENT_OUT = "relay->agent"
AGENT_IN = "agent->relay"
CLIENT_OUT = "relay->client"
RELAY = "relay"
"""``dir`` of an event record: something the relay saw happen that is not a message."""

DIRECTIONS = (CLIENT_IN, AGENT_OUT, AGENT_IN, CLIENT_OUT)
"""The four ``dir`` values a message record may carry."""

PROBE_DISCARDED = "probe_discarded"
"""Event type: a probe process left behind; nothing more of it is relayed or traced."""
TRANSLATION = "translation"
"""Event type: startup decided; the probe process kept is agent 0 from here on."""
STARTUP_FINISHED = "startup_finished"
"""Event type: startup ended without a relay (a refusal, the client gone, a stop)."""
AGENT_LOST = "agent_lost"
"""Event type: the relay gave an agent up (it stopped reading, closed its stdout...)."""
CLIENT_CLOSED = "client_closed"
"""Event type: the client closed our stdin or our stdout."""


def request_key(request_id: Any) -> Any:
    """A request id (or any JSON scalar naming one) usable as a dict key: a number by its
    value (``1`` and ``1.0`` are one JSON number), a string as itself, anything else by
    its JSON text, kept apart from strings."""
    if isinstance(request_id, float) and request_id.is_integer():
        return int(request_id)
    if request_id is None or isinstance(request_id, (str, float)) or type(request_id) is int:
        return request_id
    return ("json", json.dumps(request_id, sort_keys=True))


@define(frozen=True)
class Record:
    """One trace line: a message seen at one point of the relay."""

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


@define(frozen=True)
class RelayEvent:
    """An event record: something the relay saw that is not a message (an agent exit...)."""

    line: int
    t: float | None
    event: dict[str, Any]
    """``{"type": ..., ...}`` as :mod:`acp_compat.io.trace` documents it."""
    agent: int | None = None
    session: str | None = None
    time: str | None = None


@define(frozen=True)
class ProbeDiscarded(RelayEvent):
    """Probe process :attr:`agent` was left behind: its link ends here."""

    protocol: str | None = attrs.field(default=None, kw_only=True)
    """``legacy`` or ``current``: the protocol of the ``initialize`` it was sent."""
    reason: str | None = attrs.field(default=None, kw_only=True)


@define(frozen=True)
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


@define(frozen=True)
class StartupFinished(RelayEvent):
    """Startup ended without a relay; ``wrap`` exits with :attr:`status`."""

    status: int | None = attrs.field(default=None, kw_only=True)


@define(frozen=True)
class AgentLost(RelayEvent):
    """The relay gave agent :attr:`agent` up (what waited on it was answered)."""

    reason: str | None = attrs.field(default=None, kw_only=True)


@define(frozen=True)
class ClientClosed(RelayEvent):
    """The client closed our :attr:`stream`: ``stdin`` (no more requests) or ``stdout``
    (no answer reaches it any more)."""

    stream: str | None = attrs.field(default=None, kw_only=True)


def _text(value: Any) -> str | None:
    return value if isinstance(value, str) else None


def _number(value: Any) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


_TYPED_EVENTS: dict[str, tuple[type[RelayEvent], dict[str, Any]]] = {
    PROBE_DISCARDED: (ProbeDiscarded, {"protocol": _text, "reason": _text}),
    TRANSLATION: (
        TranslationChosen,
        {
            "translation": _text,
            "agent_protocol": _text,
            "client_protocol": _text,
            "process": _number,
            "how": _text,
        },
    ),
    STARTUP_FINISHED: (StartupFinished, {"status": _number}),
    AGENT_LOST: (AgentLost, {"reason": _text}),
    CLIENT_CLOSED: (ClientClosed, {"stream": _text}),
}
"""The event types read into their own class: the class, and each member's reader."""


def _relay_event(event: dict[str, Any], common: dict[str, Any]) -> RelayEvent:
    """An event record, typed when its type is one of :data:`_TYPED_EVENTS`."""
    typed = _TYPED_EVENTS.get(event["type"])
    if typed is None:
        return RelayEvent(event=event, **common)
    cls, members = typed
    values = {name: read(event.get(name)) for name, read in members.items()}
    return cls(event=event, **common, **values)


@define(frozen=True)
class BadLine:
    """A trace line that is not a record (a cut line, or something else in the file)."""

    line: int
    size: int
    reason: str
    truncated: bool = False
    """Whether this is the file's unterminated last line (a cut or a trace being written)."""


Item = Record | RelayEvent | BadLine
"""What one trace line is."""


def parse_record(line_number: int, data: bytes) -> Item:
    """One line of a trace file as a :class:`Record` or :class:`RelayEvent`, or a
    :class:`BadLine` saying why it is neither."""
    try:
        entry = json.loads(data)
    except json.JSONDecodeError as exc:
        return BadLine(line_number, len(data), f"not JSON ({exc.msg})")
    except ValueError:  # bytes that are not UTF-8
        return BadLine(line_number, len(data), "not UTF-8 text")
    if not isinstance(entry, dict):
        return BadLine(line_number, len(data), "not a JSON object")
    direction = entry.get("dir")
    t = entry.get("t")
    agent = entry.get("agent")
    session = entry.get("session")
    when = entry.get("time")
    common: dict[str, Any] = {
        "line": line_number,
        "t": float(t) if isinstance(t, (int, float)) and not isinstance(t, bool) else None,
        "agent": agent if isinstance(agent, int) and not isinstance(agent, bool) else None,
        "session": session if isinstance(session, str) else None,
        "time": when if isinstance(when, str) else None,
    }
    event = entry.get("event")
    if direction == RELAY and isinstance(event, dict) and isinstance(event.get("type"), str):
        return _relay_event(event, common)
    message = entry.get("msg")
    if direction not in DIRECTIONS or not isinstance(message, dict):
        return BadLine(line_number, len(data), "not a trace record (no dir or msg)")
    return Record(direction=direction, message=message, **common)


class TraceReader:
    """Splits trace bytes into records; feed it pieces, then :meth:`end` it."""

    def __init__(self) -> None:
        self._partial = b""
        self._line = 0

    @property
    def pending_bytes(self) -> int:
        """Bytes of an incomplete last line held back until more arrive."""
        return len(self._partial)

    def feed(self, data: bytes) -> list[Item]:
        """The complete lines in ``data`` (after what was held back), parsed."""
        if not data:
            return []
        lines = (self._partial + data).split(b"\n")
        self._partial = lines.pop()
        return [self._parse(line) for line in lines if line.strip()]

    def end(self) -> list[Item]:
        """The input is over: the unterminated last line, read as far as it goes."""
        data, self._partial = self._partial, b""
        if not data.strip():
            return []
        parsed = self._parse(data)
        if isinstance(parsed, BadLine):
            # A trace is written line by line and flushed: an unterminated line that is
            # not a record was cut (a full disk, a killed relay, a copy made mid-write).
            return [BadLine(parsed.line, parsed.size, "cut mid-line", truncated=True)]
        return [parsed]

    def _parse(self, data: bytes) -> Item:
        self._line += 1
        return parse_record(self._line, data)
