"""What the relay does with each incoming line before any translator sees it (§1).

A client's bad line is answered (``-32700`` / ``-32600`` with id ``null``); an agent's
bad line (banners, log text on stdout) is logged with its first 200 characters and
skipped. An over-long line, from either side, is logged and dropped. Either way the
stream lives on.
"""

from __future__ import annotations

import logging

from acp_compat.jsonrpc.framing import HEAD_BYTES, DecodeError, DroppedLine, decode
from acp_compat.jsonrpc.messages import (
    INVALID_REQUEST,
    PARSE_ERROR,
    Kind,
    Message,
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
