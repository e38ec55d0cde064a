"""What the relay does with each incoming line before any handler sees it (§1).

A line that decodes to a JSON-RPC message goes on. Any other line is either answered,
failed or logged, so nobody waits for ever on a line that never arrives:

* a line that cannot be decoded whole (not JSON, nested deeper than
  :data:`~acp_compat.jsonrpc.framing.MAX_DEPTH`, a number such as ``1e400`` no peer can
  write back, or longer than ``--max-line-bytes`` and discarded as it streamed past) is
  read once more for its envelope alone (:mod:`acp_compat.jsonrpc.envelope`). A
  **request** is answered with an error carrying its id; a **response** is replaced by
  a stand-in error response, which fails the request it answered; a notification is
  only logged;
* a line whose envelope cannot be read, or is no JSON-RPC message: a client's gets
  ``-32700`` / ``-32600`` with id ``null`` as JSON-RPC says; an agent's (banners, log
  text on stdout) is logged with its first 200 characters and skipped.

Either way the stream lives on.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

from acp_compat.jsonrpc.envelope import Envelope, read_envelope
from acp_compat.jsonrpc.framing import (
    HEAD_BYTES,
    MAX_DEPTH,
    DecodeError,
    DroppedLine,
    decode,
)
from acp_compat.jsonrpc.messages import (
    INTERNAL_ERROR,
    INVALID_REQUEST,
    PARSE_ERROR,
    Kind,
    Message,
    classify,
    error,
)

logger = logging.getLogger("acp_compat.io.inbound")

RefusalSink = Callable[[dict[str, Any]], None]
"""Told of each complete line refused undecoded, before it is answered: the members of
its ``refused_line`` trace event (:data:`acp_compat.trace.records.EVENTS`)."""


class StandIn(dict):  # type: ignore[type-arg]
    """An error response acp-compat made up in place of a response it could not read.

    Handled like the response it stands for, but never written as the bytes that came
    (a relay passing lines through checks ``type(message) is dict``).
    """


_ANSWERS: dict[str, tuple[int, str, str]] = {
    # cause -> (code for a request, message for a request, message for a response)
    "syntax": (PARSE_ERROR, "Parse error", "Response is not valid JSON"),
    "depth": (INVALID_REQUEST, "Request nested too deeply", "Response nested too deeply"),
    "number": (INVALID_REQUEST, "Number out of range", "Response holds a number out of range"),
    "size": (INVALID_REQUEST, "Request too large", "Response too large"),
}
"""How a line that cannot be decoded whole is answered, by what is wrong with it."""


def _head(data: bytes) -> str:
    """The first characters of a line, printable in a log record."""
    return data[:HEAD_BYTES].decode("utf-8", errors="replace")


def _sender(source: str) -> str:
    """Who sent a line from ``source`` (``client`` or ``agent N``), for error details."""
    return "the client" if source == "client" else "the agent"


def _answer(
    envelope: Envelope | None, cause: str, details: str, *, from_client: bool
) -> tuple[Message | None, Message | None]:
    """``(stand-in for the handler, reply to the sender)`` for a line that could not be
    decoded whole, from what its envelope says (at most one of them is set).

    ``cause`` is a key of :data:`_ANSWERS`; ``details`` goes into the error's ``data``. A
    request gets the error under its own id; a response is replaced by an error response
    with its id (a ``-32603`` that fails the request it answered); a notification gets
    nothing. A line whose envelope cannot be read or is invalid is answered with id
    ``null`` only toward a client.
    """
    code, request_message, response_message = _ANSWERS[cause]
    data = {"details": details}
    if envelope is None or envelope.kind is Kind.INVALID:
        if not from_client:
            return None, None
        if envelope is None:
            return None, error(None, PARSE_ERROR, "Parse error", data)
        return None, error(None, INVALID_REQUEST, "Invalid Request", data)
    if envelope.kind is Kind.REQUEST:
        return None, error(envelope.id, code, request_message, data)
    if envelope.kind is Kind.NOTIFICATION:
        return None, None
    return StandIn(error(envelope.id, INTERNAL_ERROR, response_message, data)), None


def _undecodable(
    line: bytes, exc: DecodeError, source: str, refused: RefusalSink | None
) -> tuple[Message | None, Message | None]:
    """A complete line :func:`decode` refused: answer or fail by its envelope, logged."""
    envelope = read_envelope(line)
    from_client = source == "client"
    if refused is not None:
        refused(_refusal(line, exc.cause, envelope, "client" if from_client else "agent"))
    if exc.cause == "depth":
        details = (
            f"{_sender(source)} sent a line nested deeper than acp-compat's limit of {MAX_DEPTH}"
        )
    else:
        details = exc.reason
    stand_in, reply = _answer(envelope, exc.cause, details, from_client=from_client)
    done = "answered" if reply is not None else "failed" if stand_in is not None else "skipped"
    problem = {
        "syntax": "is not JSON",
        "depth": f"is nested deeper than {MAX_DEPTH} levels",
        "number": "holds a number out of range",
    }[exc.cause]
    log = logger.warning if from_client or stand_in is not None else logger.info
    log("%s: %s a line that %s: %r (%s)", source, done, problem, _head(line), exc.reason)
    return stand_in, reply


def _refusal(line: bytes, cause: str, envelope: Envelope | None, side: str) -> dict[str, Any]:
    """A refused line's ``refused_line`` members: why, how long, its head, and what its
    top level said when it could be read."""
    members: dict[str, Any] = {"side": side, "cause": cause, "size": len(line), "head": _head(line)}
    if envelope is not None and envelope.kind is not Kind.INVALID:
        members["kind"] = envelope.kind.value
        members["id"] = envelope.id
        if envelope.method is not None:
            members["method"] = envelope.method
    return members


def decode_line(
    line: bytes, source: str, refused: RefusalSink | None = None
) -> tuple[Message | None, Message | None]:
    """A line from ``source`` (``client`` or ``agent N``) as ``(message for the handler,
    reply to its sender)``: ``(message, None)`` when it decodes, else what stands for it
    and what answers it (see :func:`_answer`); ``refused`` is told of a line that cannot
    be decoded. A client's line that is no JSON-RPC message is answered, an agent's (a
    banner, log text on stdout) skipped."""
    try:
        value = decode(line)
    except DecodeError as exc:
        return _undecodable(line, exc, source, refused)
    if classify(value) is not Kind.INVALID:
        message: Message = value
        return message, None
    if source != "client":
        logger.info("%s: skipped a stdout line that is not JSON-RPC: %r", source, _head(line))
        return None, None
    logger.warning("client: answered a line that is not a JSON-RPC message: %r", _head(line))
    return None, error(
        None,
        INVALID_REQUEST,
        "Invalid Request",
        {
            "details": "expected one JSON-RPC 2.0 request, notification or response"
            " object with a string, number or null id"
        },
    )


def handle_dropped(
    dropped: DroppedLine, max_line_bytes: int, source: str
) -> tuple[Message | None, Message | None]:
    """Log a line from ``source`` dropped for being over ``max_line_bytes``; ``(stand-in
    for the handler, reply to its sender)``.

    At most one is set: a dropped request gets a reply, a dropped response a stand-in
    error that fails the request it answered (the envelope was read while the line
    streamed past, whatever the order of its members).
    """
    logger.warning(
        "%s: dropped a %d-byte line (over the %d-byte limit; --max-line-bytes): %r",
        source,
        dropped.size,
        max_line_bytes,
        _head(dropped.head),
    )
    details = (
        f"{_sender(source)} sent a {dropped.size}-byte line, over the {max_line_bytes}-byte"
        " limit of acp-compat (--max-line-bytes)"
    )
    return _answer(dropped.envelope, "size", details, from_client=source == "client")
