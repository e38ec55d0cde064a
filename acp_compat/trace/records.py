"""A ``--trace`` file read back: its lines as records (sans-IO).

The format is written by :mod:`acp_compat.io.trace` and documented there: one JSON object
a line, a message seen at one of the relay's four points (``dir``) or an event of the
relay's own (``dir`` ``relay``). :class:`TraceReader` turns the file's bytes, fed in any
pieces, into :class:`Record` and :class:`RelayEvent` objects (and :class:`BadLine` for a
line that is not a record), keeping a partial last line until it is complete or the input
ends, so a trace cut mid-line or still being written is read as far as it goes. Nothing
here reads files or clocks.
"""

from __future__ import annotations

import json
from typing import Any

from acp_compat._define import define

CLIENT_IN = "client->relay"
AGENT_OUT = "relay->agent"
AGENT_IN = "agent->relay"
CLIENT_OUT = "relay->client"
RELAY = "relay"
"""``dir`` of an event record: something the relay saw happen that is not a message."""

DIRECTIONS = (CLIENT_IN, AGENT_OUT, AGENT_IN, CLIENT_OUT)
"""The four ``dir`` values a message record may carry."""


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
        return RelayEvent(event=event, **common)
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
