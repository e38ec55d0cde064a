"""What the relay does with each incoming line before any translator sees it (§1).

A client's bad line is answered (``-32700`` / ``-32600`` with id ``null``); an agent's
bad line (banners, log text on stdout) is logged with its first 200 characters and
skipped. An over-long line, from either side, is logged and dropped; when its first
bytes show it was a request or a response, it is answered or failed (see
:func:`dropped_line_answer`), so the peer waiting on it is not left hanging. Either way the
stream lives on.
"""

from __future__ import annotations

import json
import logging
import re
from typing import cast

from acp_compat.jsonrpc.framing import HEAD_BYTES, DecodeError, DroppedLine, Event, decode
from acp_compat.jsonrpc.messages import (
    INTERNAL_ERROR,
    INVALID_REQUEST,
    PARSE_ERROR,
    Kind,
    Message,
    RequestId,
    classify,
    error,
)

logger = logging.getLogger("acp_compat.io.inbound")


def _head(data: bytes) -> str:
    """The first characters of a line, printable in a log record."""
    return data[:HEAD_BYTES].decode("utf-8", errors="replace")


def log_dropped(source: str, dropped: DroppedLine, max_line_bytes: int) -> None:
    """Log a line discarded for being longer than the limit."""
    logger.warning(
        "%s: dropped a %d-byte line (over the %d-byte limit; --max-line-bytes): %r",
        source,
        dropped.size,
        max_line_bytes,
        _head(dropped.head),
    )


def decode_client(line: bytes) -> tuple[Message | None, Message | None]:
    """A client line as ``(message, None)``, or ``(None, error response to send back)``."""
    try:
        value = decode(line)
    except DecodeError as exc:
        logger.warning(
            "client: answered a line that is not JSON (%s): %r", exc.reason, _head(exc.line_head)
        )
        return None, error(None, PARSE_ERROR, "Parse error", {"details": exc.reason})
    if classify(value) is Kind.INVALID:
        logger.warning("client: answered a line that is not a JSON-RPC message: %r", _head(line))
        return None, error(
            None,
            INVALID_REQUEST,
            "Invalid Request",
            {"details": "expected one JSON-RPC 2.0 request, notification or response object"},
        )
    message: Message = value
    return message, None


def decode_agent(line: bytes, source: str) -> Message | None:
    """An agent line as a message, or ``None`` (logged) when it is not one."""
    try:
        value = decode(line)
    except DecodeError:
        logger.info("%s: skipped a stdout line that is not JSON: %r", source, _head(line))
        return None
    if classify(value) is Kind.INVALID:
        logger.info("%s: skipped a stdout line that is not JSON-RPC: %r", source, _head(line))
        return None
    message: Message = value
    return message


# The top-level "id" of an envelope, as JSON: an integer, a string or null.
_ID_MEMBER = re.compile(rb'"id"\s*:\s*(-?\d+|"(?:[^"\\]|\\.)*"|null)')


def sniff_dropped(head: bytes) -> tuple[Kind, RequestId] | None:
    """Best effort: whether a dropped line was a request or a response, and its id.

    Only the top level before the first nested object or array is read (JSON-RPC peers
    write ``jsonrpc``, ``id`` and ``method`` before ``params``, and ``id`` before
    ``result``), so an ``"id"`` inside params is never mistaken for the envelope's. A
    response counts only when its ``result`` or ``error`` member is seen: guessing wrong
    would settle an unrelated request.
    """
    start = head.find(b"{")
    if start < 0:
        return None
    top = head[start + 1 :]
    nested = [i for i in (top.find(b"{"), top.find(b"[")) if i >= 0]
    if nested:
        top = top[: min(nested)]
    found = _ID_MEMBER.search(top)
    if found is None:
        return None
    request_id: RequestId = json.loads(found.group(1))
    if b'"method"' in top:
        return Kind.REQUEST, request_id
    if b'"result"' in top or b'"error"' in top:
        return Kind.RESPONSE, request_id
    return None


def dropped_line_answer(
    dropped: DroppedLine, max_line_bytes: int, source: str
) -> tuple[Kind, Message] | None:
    """What to do about a dropped line so nobody waits forever on it.

    ``(Kind.REQUEST, error response)``: send this back to whoever sent the request.
    ``(Kind.RESPONSE, error response)``: hand this to the translator *in place of* the
    dropped response, so the request it answered fails instead of waiting.
    ``None``: the line's kind or id could not be read (a notification, or an unusual
    member order); it is only logged.
    """
    sniffed = sniff_dropped(dropped.head)
    if sniffed is None:
        return None
    kind, request_id = sniffed
    details = {
        "details": f"{source} sent a {dropped.size}-byte line, over the {max_line_bytes}-byte"
        " limit of acp-compat (--max-line-bytes)"
    }
    if kind is Kind.REQUEST:
        return kind, error(request_id, INVALID_REQUEST, "Request too large", details)
    return kind, error(request_id, INTERNAL_ERROR, "Response too large", details)


def handle_dropped(
    dropped: DroppedLine, max_line_bytes: int, source: str, sender: str
) -> tuple[Message | None, Message | None]:
    """Log an over-long line; ``(stand-in for the translator, reply to its sender)``.

    At most one is set: a dropped request gets a reply, a dropped response a stand-in
    error that fails the request it answered (see :func:`dropped_line_answer`).
    """
    log_dropped(source, dropped, max_line_bytes)
    answer = dropped_line_answer(dropped, max_line_bytes, sender)
    if answer is None:
        return None, None
    kind, message = answer
    return (None, message) if kind is Kind.REQUEST else (message, None)


def decode_client_event(event: Event, max_line_bytes: int) -> tuple[Message | None, Message | None]:
    """One client line event as ``(message for the translator, reply to the client)``."""
    if type(event) is bytes:
        return decode_client(event)
    return handle_dropped(cast(DroppedLine, event), max_line_bytes, "client", "the client")
