"""Newline-delimited JSON framing, sans-IO: split a byte stream into lines, encode, decode.

Both protocols put one compact JSON object on each ``\\n``-terminated UTF-8 line. The
relay reads 64 KiB chunks in which most lines are a few hundred bytes, but a single line
may carry whole files (diffs, ``fs/write_text_file``) and run to many megabytes.
:class:`LineSplitter` is built for both: short lines come out of one C-level
``bytes.split`` per chunk, and a long line is accumulated in one ``bytearray`` while only
the *new* bytes of each chunk are searched for its newline, so a 20 MiB line arriving in
64 KiB pieces costs linear time, not quadratic.

A line longer than the limit is not buffered: its bytes are counted and discarded up to
the next newline, and a :class:`DroppedLine` record reports it, so one runaway line
neither exhausts memory nor ends the connection. While it streams past, its top level is
read (:class:`~acp_compat.jsonrpc.envelope.EnvelopeScanner`) so that a request can still
be answered and a response still settle its request, whatever the order of its members.

:func:`decode` accepts at most :data:`MAX_DEPTH` levels of nesting and only numbers a
peer can write back: deeper input, ``1e400`` (Infinity) and ``NaN`` are refused cleanly
with a :class:`DecodeError` saying which, never a ``RecursionError``.
"""

from __future__ import annotations

import json
import os
from typing import Any, NoReturn

from acp_compat._define import frozen
from acp_compat.jsonrpc.envelope import Envelope, EnvelopeScanner, read_envelope

DEFAULT_MAX_LINE_BYTES = 64 * 1024 * 1024
"""The default line limit (64 MiB), excluding the line terminator."""

MAX_DEPTH = 128
"""The deepest nesting :func:`decode` accepts: the envelope is level 1, ``params`` 2.

ACP messages use about eight levels; 128 is what serde_json (the Rust SDK) accepts, so no
peer can rely on more, and it keeps every value far from Python's recursion limit both
when it is decoded and when it is written back."""

HEAD_BYTES = 200
"""How many leading bytes of a dropped line are kept for the log."""

_CR = 0x0D


@frozen
class DroppedLine:
    """A line longer than the limit was discarded.

    ``size`` is the number of bytes dropped (the line without its terminator) and
    ``head`` its first :data:`HEAD_BYTES` bytes, so the shell can log what it lost;
    ``envelope`` is what its top level said (``None`` when it could not be read), so the
    request can be answered or the response settle its request.
    """

    size: int
    head: bytes
    envelope: Envelope | None = None


Event = bytes | DroppedLine
"""What :meth:`LineSplitter.feed` yields: a complete line, or the report of a dropped one."""


class LineSplitter:
    """Split a byte stream into NDJSON lines, in stream order.

    Feed it chunks of any size with :meth:`feed`; each call returns the events completed by
    that chunk: a ``bytes`` line (without ``\\n`` and without one trailing ``\\r``) or a
    :class:`DroppedLine`. Empty and whitespace-only lines are skipped. At end of stream
    :meth:`close` returns the final line that had no newline, if any. A line over the
    limit is always reported, even a blank one.

    ``max_line_bytes`` limits a line's length without its terminator (``\\n`` or
    ``\\r\\n``). At most ``max_line_bytes + 1`` bytes are ever buffered: the one extra byte
    may be the ``\\r`` of a line exactly at the limit.
    """

    def __init__(self, max_line_bytes: int = DEFAULT_MAX_LINE_BYTES) -> None:
        if isinstance(max_line_bytes, bool) or not isinstance(max_line_bytes, int):
            raise TypeError(f"max_line_bytes must be an int, not {type(max_line_bytes).__name__}")
        if max_line_bytes < 1:
            raise ValueError(f"max_line_bytes must be at least 1, not {max_line_bytes}")
        self.max_line_bytes = max_line_bytes
        # The partial line carried over from earlier chunks (never holds a newline).
        self._partial = bytearray()
        # While discarding an oversized line: bytes counted so far, the kept head and
        # the reader of its top level.
        self._dropping = False
        self._dropped = 0
        self._head = b""
        self._scanner = EnvelopeScanner()
        self._tail_cr = False
        self._closed = False

    @property
    def buffered(self) -> int:
        """How many bytes of an unfinished line are held right now."""
        return len(self._partial)

    def feed(self, data: bytes | bytearray | memoryview) -> list[Event]:
        """Consume one chunk; return the lines (and drop reports) it completes, in order."""
        if self._closed:
            raise RuntimeError("LineSplitter.feed() called after close()")
        chunk = data if isinstance(data, bytes) else bytes(data)
        events: list[Event] = []
        start = 0
        if self._dropping or self._partial:
            # A line is open from earlier chunks. Search only the new bytes for its end:
            # the bytes held so far are known to contain no newline.
            newline = chunk.find(b"\n")
            if newline < 0:
                self._extend(chunk, 0, len(chunk))
                return events
            self._finish_open_line(chunk, newline, events)
            start = newline + 1
        # Hot path: every line that starts and ends inside this chunk, split in C.
        pieces = chunk[start:].split(b"\n") if start else chunk.split(b"\n")
        last = pieces.pop()
        if len(chunk) - start <= self.max_line_bytes:
            # None of them can be too long: _emit's work without a call per line (a blank
            # one, "\r" or not, is all whitespace; the others lose their "\r").
            events += [
                piece[:-1] if piece.endswith(b"\r") else piece
                for piece in pieces
                if piece and not piece.isspace()
            ]
        else:
            for piece in pieces:
                self._emit(piece, events)
        if last:
            self._extend(last, 0, len(last))
        return events

    def close(self) -> list[Event]:
        """End of stream: return the final unterminated line (or its drop report), if any.

        The splitter cannot be fed afterwards.
        """
        if self._closed:
            return []
        self._closed = True
        events: list[Event] = []
        if self._dropping or self._partial:
            self._finish_open_line(b"", 0, events)  # as if a newline came
        return events

    def _emit(self, line: bytes, events: list[Event]) -> None:
        """Append a complete line (already without ``\\n``) unless it is blank or too long."""
        if line.endswith(b"\r"):
            line = line[:-1]
        if len(line) > self.max_line_bytes:
            # Checked before the blank test: the splitter does not know whether a line it
            # discarded while streaming was blank, so an oversized line is always reported.
            events.append(
                DroppedLine(size=len(line), head=line[:HEAD_BYTES], envelope=read_envelope(line))
            )
        elif line and not line.isspace():
            events.append(line)

    def _extend(self, chunk: bytes, start: int, end: int) -> None:
        """The open line continues with ``chunk[start:end]`` (no newline in it)."""
        if end <= start:
            return
        if not self._dropping:
            if len(self._partial) + (end - start) <= self.max_line_bytes + 1:
                self._partial += memoryview(chunk)[start:end]
                return
            # Over the limit (the +1 leaves room for the '\r' of a line exactly at it):
            # drop what is held, keeping only its head, and count the rest as it streams past.
            self._dropping = True
            self._dropped = len(self._partial)
            self._head = bytes(self._partial[:HEAD_BYTES])
            self._scanner = EnvelopeScanner()
            self._scanner.feed(bytes(self._partial))
            self._partial.clear()
        self._dropped += end - start
        self._scanner.feed(chunk[start:end])
        if len(self._head) < HEAD_BYTES:
            self._head += chunk[start : min(end, start + HEAD_BYTES - len(self._head))]
        self._tail_cr = chunk[end - 1] == _CR

    def _finish_open_line(self, chunk: bytes, newline: int, events: list[Event]) -> None:
        """The open line ends at ``chunk[newline]``: deliver it or report its drop."""
        if self._dropping or len(self._partial) + newline > self.max_line_bytes + 1:
            # Already dropping, or too long once joined: count it (switching to dropping
            # if needed) and report it, without ever copying the line together.
            self._extend(chunk, 0, newline)
            # A '\r\n' terminator is not part of the line, as for delivered lines.
            size = self._dropped - 1 if self._tail_cr else self._dropped
            self._dropping = False  # the next drop sets the other fields afresh
            envelope = self._scanner.envelope()
            events.append(DroppedLine(size=size, head=self._head[:size], envelope=envelope))
            return
        self._partial += memoryview(chunk)[:newline]
        line = bytes(self._partial)
        self._partial.clear()
        self._emit(line, events)


class DecodeError(ValueError):
    """A line that :func:`decode` refuses; ``cause`` says why:

    * ``"syntax"``: not a JSON text (bad UTF-8, bad syntax, ``NaN``/``Infinity``);
    * ``"depth"``: nested deeper than :data:`MAX_DEPTH`;
    * ``"number"``: a number beyond the double range (``1e400``), which no JSON writer
      can write back.

    The shells answer or fail such a line by its envelope (``acp_compat.io.inbound``).
    ``line_head`` holds the line's first :data:`HEAD_BYTES` bytes for the log.
    """

    def __init__(self, reason: str, line: bytes, cause: str = "syntax") -> None:
        super().__init__(f"not a JSON line: {reason}")
        self.reason = reason
        self.cause = cause
        self.line_head = bytes(line[:HEAD_BYTES])


def _reject_constant(name: str) -> NoReturn:
    """``json`` hook: NaN and Infinity are Python extensions, not JSON."""
    raise ValueError(f"{name} is not valid JSON")


class _OutOfRange(ValueError):
    """A number that decodes to an infinity."""


def _finite_float(text: str) -> float:
    """``json`` hook: ``1e400`` is valid JSON syntax, but Python reads it as Infinity,
    which no message can carry on (orjson refuses it too)."""
    value = float(text)
    if value in (_INFINITY, -_INFINITY):
        raise _OutOfRange(f"the number {text[:40]} is out of range")
    return value


_INFINITY = float("inf")


def _deeper_than(value: Any, limit: int) -> bool:
    """Whether ``value`` nests more than ``limit`` levels (itself being level 1).

    Iterative and visiting only containers: a big message is mostly strings.
    """
    stack: list[tuple[Any, int]] = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if depth > limit:
            return True
        children = item.values() if type(item) is dict else item
        for child in children:
            if type(child) is dict or type(child) is list:
                stack.append((child, depth + 1))
    return False


def _check_depth(value: Any, line: bytes, limit: int = MAX_DEPTH) -> Any:
    """``value`` if it nests at most ``limit`` levels, else :class:`DecodeError`.

    Two C-speed counts clear nearly every line: nesting cannot exceed the number of
    opening brackets (brackets inside strings only make the count larger).
    """
    if line.count(b"{") + line.count(b"[") > limit and (
        (type(value) is dict or type(value) is list) and _deeper_than(value, limit)
    ):
        raise DecodeError(f"nested deeper than {limit} levels", line, "depth")
    return value


# -- JSON text <-> values --------------------------------------------------------------------
#
# Two interchangeable paths read and write the same values: orjson when it is installed
# (the ``fast`` extra; several times cheaper per message) and the standard library
# otherwise. Not always the same bytes: orjson spells some floats its own way (``1e-05``
# as ``0.00001``), which a JSON reader reads as the same number.
# Where orjson would change a value, or refuses one, that message goes to ``json``:
#
# * NaN and the infinities: orjson writes them as ``null`` where ``json`` refuses them
#   (JSON has no such numbers). Only a line holding ``null`` can hide one, and only such a
#   line is searched for them.
# * integers beyond 64 bits: orjson reads them as floats (and refuses to write them). A
#   line with a 19-digit run is searched for floats; it is decoded by ``json`` if it has.
# * what orjson refuses (non-string keys, lone surrogates, deep nesting, any invalid line)
#   and what it would write its own way (subclasses of builtins, dataclasses, datetimes)
#   goes to ``json``, which writes or rejects it. (orjson writes ``uuid.UUID`` and
#   ``enum.Enum`` members that ``json`` rejects; messages decoded from JSON never hold them.)

# Built once: json.loads/json.dumps with options build a new coder on every call, which
# costs about as much as decoding a streamed chunk itself. check_circular is off: decoded
# messages cannot be circular, and the check costs a dict operation per container (a
# circular value still fails, as a RecursionError turned into ValueError below).
_DECODER = json.JSONDecoder(parse_constant=_reject_constant, parse_float=_finite_float)
_ENCODER = json.JSONEncoder(
    ensure_ascii=False, separators=(",", ":"), allow_nan=False, check_circular=False
)
_ASCII_ENCODER = json.JSONEncoder(
    ensure_ascii=True, separators=(",", ":"), allow_nan=False, check_circular=False
)

# Reading a line with orjson, the check for integers beyond 64 bits: most lines have fewer
# than 19 digits in all, which one C-level translate tells (a regex costs more than
# orjson's whole parse).
_DIGITS_AND_OPENERS = b"0123456789[{"
_FEW = 19
"""Fewer digits than this hold no integer beyond 64 bits; fewer opening brackets nest
less than :data:`MAX_DEPTH` (a test keeps it larger)."""
_TALLY = bytes.maketrans(b"123456789[", b"000000000{")
"""Every digit to ``0`` (a run of them is an integer's length) and every opening bracket to
``{`` (one count of them bounds the nesting): a line's two questions in one pass."""
_LONG_INTEGER = b"0" * 19  # |n| >= 10**18: may be beyond 64 bits

_BACKEND_ENV = "ACP_COMPAT_JSON"
"""Environment variable: ``stdlib`` forces the standard library path even with orjson."""

try:
    import orjson as _orjson_module
except ImportError:  # the `fast` extra is not installed
    _orjson_module = None  # type: ignore[assignment]
else:
    # No OPT_APPEND_NEWLINE: encode copies the text into a new exact-size bytes when it
    # adds the newline. orjson's own result keeps the capacity of its working buffer
    # (about 4 KiB at the allocator for a 200-byte line), so lines waiting in the relay's
    # queues under backpressure would take 20 times their size.
    _ORJSON_OPTIONS = (
        _orjson_module.OPT_PASSTHROUGH_SUBCLASS
        | _orjson_module.OPT_PASSTHROUGH_DATACLASS
        | _orjson_module.OPT_PASSTHROUGH_DATETIME
    )

_orjson: Any = None if os.environ.get(_BACKEND_ENV) == "stdlib" else _orjson_module


def json_backend() -> str:
    """Which path :func:`decode` and :func:`encode` take: ``"orjson"`` or ``"stdlib"``.

    ``orjson`` whenever it is installed (``pip install 'acp-compat[fast]'``) unless the
    environment sets ``ACP_COMPAT_JSON=stdlib``; both read and write the same values.
    """
    return "stdlib" if _orjson is None else "orjson"


def use_json_backend(name: str) -> None:
    """Switch :func:`decode` and :func:`encode` to ``"orjson"`` or ``"stdlib"`` (tests, benchmarks).

    Raises ``ValueError`` for another name and ``ImportError`` for ``"orjson"`` when it is
    not installed.
    """
    global _orjson
    if name == "stdlib":
        _orjson = None
    elif name == "orjson":
        if _orjson_module is None:
            raise ImportError("orjson is not installed (pip install 'acp-compat[fast]')")
        _orjson = _orjson_module
    else:
        raise ValueError(f"unknown JSON backend {name!r} (orjson or stdlib)")


def _holds_float(value: Any) -> bool:
    """Whether a float sits anywhere in a value orjson decoded (any depth, up to 1024)."""
    stack = [value]
    while stack:
        item = stack.pop()
        kind = type(item)
        if kind is dict:
            stack.extend(item.values())
        elif kind is list or kind is tuple:
            stack.extend(item)
        elif kind is float:
            return True
    return False


def _non_finite_in(value: Any) -> bool:
    """Whether NaN or an infinity sits anywhere in a value orjson just wrote.

    Recursive and skipping strings first: orjson wrote the value, so it nests less than
    255 deep and holds only exact dicts, lists, tuples and scalars.
    """
    kind = type(value)
    if kind is float:
        return value != value or value in (_INFINITY, -_INFINITY)
    if kind is dict:
        items = value.values()
    elif kind is list or kind is tuple:
        items = value
    else:
        return False
    for item in items:
        kind = type(item)
        if kind is str or item is None or kind is int or kind is bool:
            continue
        if _non_finite_in(item):
            return True
    return False


def _refuse(value: Any) -> NoReturn:
    """orjson's ``default``: whatever it passes through is left to the standard library."""
    raise TypeError


def decode(line: bytes, *, max_depth: int = MAX_DEPTH, many_digits: bool = False) -> Any:
    """Parse one line as UTF-8 JSON and return the value; :class:`DecodeError` otherwise.

    Any JSON value is returned (an array, a number...): telling a JSON-RPC envelope from
    other JSON is :func:`acp_compat.jsonrpc.messages.classify`'s job (``-32600``).
    ``max_depth`` (at least :data:`MAX_DEPTH`) and ``many_digits`` are for a reader of lines
    that wrap messages: a ``--trace`` record holds a message one level down, and its
    clocks are more digits than a line of few digits has (no use looking for those).
    """
    if _orjson is not None:
        try:
            value = _orjson.loads(line)
        except _orjson.JSONDecodeError:
            pass  # the standard library decides: its error, or a lone surrogate's value
        else:
            # orjson reads a 65-bit integer as a float: such lines are read by json. Most
            # lines have fewer than 19 digits and opening brackets in all, which one
            # translate tells: then no integer is that long and the nesting is shallow.
            # Otherwise (a trace record's clocks have more digits than that) no run of
            # 19 digits says the same of the integers, in one more translate.
            if (
                not many_digits
                and len(line) - len(line.translate(None, _DIGITS_AND_OPENERS)) < _FEW
            ):
                return value
            zeroed = line.translate(_TALLY)
            if _LONG_INTEGER not in zeroed or not _holds_float(value):
                if zeroed.count(b"{") <= max_depth:
                    return value  # (every trace record: no walk of the value)
                return _check_depth(value, line, max_depth)
    try:
        text = line.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise DecodeError(f"invalid UTF-8 at byte {exc.start}", line) from exc
    try:
        value = _DECODER.decode(text)
    except _OutOfRange as exc:
        raise DecodeError(str(exc), line, "number") from exc
    except ValueError as exc:
        raise DecodeError(str(exc), line) from exc
    except RecursionError as exc:
        # Python's own limit (about 1000 levels, less on a deep stack): still too deep.
        raise DecodeError(f"nested deeper than {max_depth} levels", line, "depth") from exc
    return _check_depth(value, line, max_depth)


def encode(message: Any) -> bytes:
    """One message as a compact UTF-8 JSON line ending in ``\\n``.

    Non-ASCII text is written as itself. A string holding a lone surrogate (JSON allows
    ``"\\ud800"``, UTF-8 cannot carry it) is written with ASCII escapes instead, so a
    message received can always be sent on unchanged. Raises ``ValueError`` for NaN,
    Infinity or a circular value and ``TypeError`` for values JSON cannot hold.
    """
    if _orjson is not None:
        try:
            data: bytes = _orjson.dumps(message, default=_refuse, option=_ORJSON_OPTIONS)
        except TypeError:
            pass  # written (or rejected) by the standard library below
        else:
            # NaN and the infinities come out as null: json refuses them below.
            if b"null" not in data or not _non_finite_in(message):
                return data + b"\n"
    try:
        text = _ENCODER.encode(message)
    except RecursionError as exc:
        raise ValueError("circular or too deeply nested value") from exc
    try:
        data = text.encode("utf-8")
    except UnicodeEncodeError:
        data = _ASCII_ENCODER.encode(message).encode("ascii")
    return data + b"\n"
