"""Read a JSON-RPC envelope (kind and id) from a line that cannot be decoded whole.

A line may be over the length limit (discarded as it streams past), nested deeper than
:data:`~acp_compat.jsonrpc.framing.MAX_DEPTH`, hold a number no JSON-RPC peer can
write back (``1e400``), or be broken somewhere inside its ``params``. Whoever sent it
may still wait for an answer, and the envelope says who: a request is answered with an
error carrying its id, a response fails the request it settles.

:class:`EnvelopeScanner` reads the line's bytes in any number of pieces and keeps only
the *top level* of the object: its members, with every nested object or array replaced
by ``{}`` / ``[]`` and every long string by ``{}``. That skeleton is a few hundred bytes
however long the line is, and it is parsed as JSON at the end, so the id is read by the
JSON parser, never guessed by a pattern: ``"id":0123`` or ``"id":"\\q"`` make the
skeleton invalid (the line is not JSON), and ``params`` before ``id`` is read like any
other order. Nothing nested is validated: the scanner only tracks strings and brackets.

It never recurses and costs time linear in the line: C-speed searches jump from one
quote or bracket to the next, and long runs deep inside nested values are counted in
bulk.
"""

from __future__ import annotations

import json
import re
from typing import Any

import attrs

from acp_compat._define import frozen
from acp_compat.jsonrpc.messages import Kind, RequestId, classify

MAX_SKELETON_BYTES = 16 * 1024
"""The top level kept at most; a line whose top level is longer is not read."""

MAX_TOP_STRING_BYTES = 1024
"""A top-level string longer than this is kept as ``{}``: no method name or id is that
long, and a ``{}`` id is invalid rather than a wrong guess."""

_STRUCTURE = re.compile(rb'[{}\[\]"]')
_QUOTE = 0x22
_BACKSLASH = 0x5C
_OPENERS = (0x7B, 0x5B)  # { [
_PLACEHOLDER = {0x7B: b"{}", 0x5B: b"[]"}


@frozen
class Envelope:
    """What a line's top level says: its :class:`Kind` and its id (``None`` when it has
    none or the id is invalid, which makes the kind :attr:`Kind.INVALID`), and its
    method when it names one."""

    kind: Kind
    id: RequestId
    method: str | None = attrs.field(default=None, eq=False)
    """Told for a person (a trace's ``refused_line``); what answers the line is its kind
    and id alone, and envelopes compare by those."""


class EnvelopeScanner:
    """Feed a line's bytes in order with :meth:`feed`; :meth:`envelope` reads the result."""

    def __init__(self) -> None:
        self._skeleton = bytearray()
        self._overflow = False
        self._depth = 0
        self._in_string = False
        # The string content so far ends with an odd run of backslashes: the next byte
        # is escaped (it may arrive in the next piece).
        self._escaped = False
        self._string = bytearray()  # a top-level string's content, while it is read
        self._string_long = False

    def feed(self, data: bytes) -> None:
        """Scan the next piece of the line."""
        pos, end = 0, len(data)
        while pos < end:
            if self._in_string:
                pos = self._scan_string(data, pos, end)
            elif self._depth >= 2:
                pos = self._skip_nested(data, pos, end)
            else:
                pos = self._scan_top(data, pos, end)

    def envelope(self) -> Envelope | None:
        """The envelope of the whole line fed, or ``None`` when its top level cannot be
        read (not one complete JSON value, or longer than :data:`MAX_SKELETON_BYTES`)."""
        if self._overflow or self._in_string or self._depth != 0:
            return None
        try:
            # The standard parser with its defaults: NaN and 1e400 become floats, which
            # classify() then refuses as ids, so they are answered with id null.
            value: Any = json.loads(bytes(self._skeleton).decode("utf-8"))
        except (ValueError, RecursionError):
            return None
        kind = classify(value)
        if kind is Kind.INVALID:
            return Envelope(Kind.INVALID, None)
        method = value.get("method")
        return Envelope(kind, value.get("id"), method if type(method) is str else None)

    # -- the three states ---------------------------------------------------------------

    def _keep(self, data: bytes) -> None:
        """Append to the skeleton (the top level, nested values as placeholders)."""
        if len(self._skeleton) + len(data) > MAX_SKELETON_BYTES:
            self._overflow = True
        elif not self._overflow:
            self._skeleton += data

    def _scan_top(self, data: bytes, pos: int, end: int) -> int:
        """At depth 0 or 1: keep everything up to the next string or bracket."""
        found = _STRUCTURE.search(data, pos, end)
        if found is None:
            self._keep(data[pos:end])
            return end
        at = found.start()
        self._keep(data[pos:at])
        byte = data[at]
        if byte == _QUOTE:
            self._in_string = True
            self._string_long = False  # (the last top-level string left _string empty)
        elif byte in _OPENERS:
            self._keep(_PLACEHOLDER[byte] if self._depth else data[at : at + 1])
            self._depth += 1
        else:  # a closer (an unbalanced one at depth 0: the skeleton will not parse)
            self._keep(data[at : at + 1])
            self._depth = 0
        return at + 1

    def _scan_string(self, data: bytes, pos: int, end: int) -> int:
        """Inside a string: find its closing quote (an escaped one does not count)."""
        while pos < end:
            if self._escaped:
                # The byte after a backslash ends no string, whatever it is.
                self._string_part(data[pos : pos + 1])
                self._escaped = False
                pos += 1
                continue
            quote = data.find(b'"', pos, end)
            stop = end if quote < 0 else quote
            self._string_part(data[pos:stop])
            if _trailing_backslashes(data, pos, stop) % 2 == 1:
                self._escaped = True  # the quote, or the next piece's first byte
                pos = stop
                continue
            if quote < 0:
                return end
            self._in_string = False
            if self._depth < 2:  # a top-level string goes into the skeleton (a long one as {})
                self._keep(b"{}" if self._string_long else b'"' + bytes(self._string) + b'"')
                self._string.clear()
            return quote + 1
        return end

    def _skip_nested(self, data: bytes, pos: int, end: int) -> int:
        """Depth 2 or more: only strings and brackets matter, until back at depth 1."""
        quote = data.find(b'"', pos, end)
        stop = end if quote < 0 else quote
        closes = data.count(b"}", pos, stop) + data.count(b"]", pos, stop)
        if self._depth - closes >= 2:
            # Even if every closer came first the top level is not reached: count in bulk.
            self._depth += data.count(b"{", pos, stop) + data.count(b"[", pos, stop) - closes
        else:  # the top level may be reached in this run: walk it bracket by bracket
            for found in _STRUCTURE.finditer(data, pos, stop):
                self._depth += 1 if data[found.start()] in _OPENERS else -1
                if self._depth < 2:
                    return found.end()
        if quote < 0:
            return end
        self._in_string = True
        return quote + 1

    # -- strings ------------------------------------------------------------------------

    def _string_part(self, data: bytes) -> None:
        """More of the current string's content (kept only for a top-level string)."""
        if self._depth >= 2 or self._string_long:
            return
        if len(self._string) + len(data) > MAX_TOP_STRING_BYTES:
            self._string_long = True
            self._string.clear()
        else:
            self._string += data


def _trailing_backslashes(data: bytes, start: int, stop: int) -> int:
    """How many backslashes end ``data[start:stop]``."""
    count = 0
    while stop - count > start and data[stop - count - 1] == _BACKSLASH:
        count += 1
    return count


def read_envelope(line: bytes) -> Envelope | None:
    """The envelope of one whole line (see :class:`EnvelopeScanner`)."""
    scanner = EnvelopeScanner()
    scanner.feed(line)
    return scanner.envelope()
