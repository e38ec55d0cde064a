"""JSON-RPC 2.0 envelopes as plain dicts: builders, error codes and classification.

Messages stay ``dict`` objects (what ``json.loads`` returns) on purpose: the relay handles
every streamed token, and building typed objects for envelopes it only rewrites would cost
more than the JSON itself. Typed params live in :mod:`acp_compat.models`.
"""

from __future__ import annotations

import enum
import math
from typing import Any, Final

Message = dict[str, Any]
"""One decoded JSON-RPC message."""

RequestId = int | str | None

# error codes: written by acp_compat.models.codegen from v1's ErrorCode, do not edit
PARSE_ERROR: Final = -32700
"""**Parse error**: Invalid JSON was received by the server. An error occurred on the
server while parsing the JSON text.
"""
INVALID_REQUEST: Final = -32600
"""**Invalid request**: The JSON sent is not a valid Request object."""
METHOD_NOT_FOUND: Final = -32601
"""**Method not found**: The method does not exist or is not available."""
INVALID_PARAMS: Final = -32602
"""**Invalid params**: Invalid method parameter(s)."""
INTERNAL_ERROR: Final = -32603
"""**Internal error**: Internal JSON-RPC error."""
REQUEST_CANCELLED: Final = -32800
"""**Request cancelled**: Execution of the method was aborted either due to a cancellation
request from the caller or because of resource constraints or shutdown.
"""
AUTHENTICATION_REQUIRED: Final = -32000
"""**Authentication required**: Authentication is required before this operation can be
performed.
"""
RESOURCE_NOT_FOUND: Final = -32002
"""**Resource not found**: A given resource, such as a session or file, was not found."""
# end of error codes


class Kind(enum.Enum):
    """What a decoded line is, as far as JSON-RPC can tell."""

    REQUEST = "request"
    NOTIFICATION = "notification"
    RESPONSE = "response"
    ERROR = "error"
    INVALID = "invalid"


_ABSENT: Any = object()
"""A member's stand-in when it is missing (``dict.get`` with it is one lookup, where
``in`` then ``[]`` are two; ``None`` cannot serve, a present ``null`` means something)."""


def valid_id(value: Any) -> bool:
    """Whether ``value`` can be a JSON-RPC id: a string, a finite number or ``null``.

    Objects, arrays and booleans are not ids (JSON-RPC 2.0 §4), nor are the infinities
    and NaN a lenient parser makes of ``1e400`` or ``NaN``: no answer carrying them could
    be written back as JSON.
    """
    kind = type(value)
    if kind is int or kind is str or value is None:  # nearly every id: one type test
        return True
    if isinstance(value, (str, int)) and not isinstance(value, bool):
        return True
    return isinstance(value, float) and math.isfinite(value)


def same_id(a: object, b: object) -> bool:
    """Whether two request ids are the same JSON value: ``1`` is not ``1.0``, ``"1"`` or
    ``true`` (what a peer's ``$/cancel_request`` or answer must name exactly)."""
    return type(a) is type(b) and a == b


class _NoRequestNamed:
    """The type of :data:`NO_REQUEST_NAMED` (a sentinel that prints as what it means)."""

    def __repr__(self) -> str:
        return "<no requestId>"


NO_REQUEST_NAMED: Final = _NoRequestNamed()
"""What :func:`cancelled_id` reads from a ``$/cancel_request`` without ``requestId``: the
same id (:func:`same_id`) as no request's, and no table's key."""


def cancelled_id(params: Any) -> object:
    """The id a ``$/cancel_request``'s ``params`` name: ``requestId`` as sent, ``null``
    included (a request may be sent with id ``null``), or :data:`NO_REQUEST_NAMED` when
    there is none, so that a cancel naming no request cancels none."""
    if isinstance(params, dict) and "requestId" in params:
        return params["requestId"]
    return NO_REQUEST_NAMED


def classify(message: Any) -> Kind:
    """Tell a request, notification, result or error response apart.

    ``jsonrpc`` is not required: legacy peers before 0.0.8 left it out. A response may
    carry neither ``result`` nor ``error`` (legacy Rust peers read that as ``null``). A
    response whose ``error`` is not an object is still an error response, a malformed
    one: its id says which request it settles, so that request fails instead of waiting
    for ever. A message whose id is no valid id (:func:`valid_id`) is invalid.
    """
    if type(message) is not dict and not isinstance(message, dict):
        return Kind.INVALID
    method = message.get("method", _ABSENT)
    request_id = message.get("id", _ABSENT)
    # (Nearly every id is an integer or a string: two type tests, no call.)
    kind = type(request_id)
    if method is not _ABSENT:
        # "method": null is not a response with a missing result: it is malformed.
        if type(method) is not str and not isinstance(method, str):
            return Kind.INVALID
        if request_id is _ABSENT:
            return Kind.NOTIFICATION
        if kind is int or kind is str or valid_id(request_id):
            return Kind.REQUEST
        return Kind.INVALID
    if request_id is _ABSENT or not (kind is int or kind is str or valid_id(request_id)):
        return Kind.INVALID
    if message.get("error") is not None:
        return Kind.ERROR
    return Kind.RESPONSE


def request(id: RequestId, method: str, params: Any = None) -> Message:
    """A request; ``params`` left out when ``None`` (legacy no-param methods need that)."""
    message: Message = {"jsonrpc": "2.0", "id": id, "method": method}
    if params is not None:
        message["params"] = params
    return message


def notification(method: str, params: Any = None) -> Message:
    """A notification (current protocol only: legacy peers have none)."""
    message: Message = {"jsonrpc": "2.0", "method": method}
    if params is not None:
        message["params"] = params
    return message


def result(id: RequestId, value: Any) -> Message:
    """A successful response carrying ``value`` (``{}`` for current void results)."""
    return {"jsonrpc": "2.0", "id": id, "result": value}


def error_object(code: int, message: str, data: Any = None) -> dict[str, Any]:
    """The ``error`` member of a response; ``data`` left out when ``None``. The one builder
    of the error object, in every protocol (the generated builders leave it to this layer:
    ``codegen.write.BUILT_BELOW``; tests/models hold it to each protocol's ``Error``)."""
    error: dict[str, Any] = {"code": code, "message": message}
    if data is not None:
        error["data"] = data
    return error


def error(id: RequestId, code: int, message: str, data: Any = None) -> Message:
    """An error response."""
    return {"jsonrpc": "2.0", "id": id, "error": error_object(code, message, data)}


def forwarded_error(id: RequestId, received: Any) -> Message:
    """An error response carrying a peer's error object on to another hop.

    Keeps ``code``, ``message`` and ``data`` when they are well formed and drops anything
    else, so a malformed legacy error still becomes a valid JSON-RPC error
    (:meth:`RequestError.from_error_object`).
    """
    return RequestError.from_error_object(received).answer(id)


class RequestError(Exception):
    """A JSON-RPC error as a Python exception, in both directions: raised by the code that
    serves a request, it is that request's error answer exactly as given; raised to the
    code that sent one, it is the peer's error answer (the shape of the official SDKs'
    ``RequestError``), and may name the method it answered."""

    def __init__(
        self, code: int, message: str, data: Any = None, *, method: str | None = None
    ) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.data = data
        self.method = method
        """The method of our request that the peer answered with this error, for a caller
        that sends many and says which one failed (never part of the error object)."""

    @classmethod
    def internal(cls, details: str) -> RequestError:
        """``-32603 "Internal error"`` with ``data: {details}``, the libraries' own form."""
        return cls(INTERNAL_ERROR, "Internal error", {"details": details})

    @classmethod
    def auth_required(cls) -> RequestError:
        """``-32000 "Authentication required"`` (ACP's code for a missing login)."""
        return cls(AUTHENTICATION_REQUIRED, "Authentication required")

    @classmethod
    def from_error_object(cls, received: Any, method: str | None = None) -> RequestError:
        """The ``error`` member of a peer's response (to our request ``method``, when
        given); a malformed one still gives an error (a code that is not an integer
        becomes ``-32603``, a message that is not a string "Internal error", and an error
        that is not an object ``data: {received}``)."""
        if not isinstance(received, dict):
            return cls(INTERNAL_ERROR, "Internal error", {"received": received}, method=method)
        code = received.get("code")
        text = received.get("message")
        return cls(
            code if isinstance(code, int) and not isinstance(code, bool) else INTERNAL_ERROR,
            text if isinstance(text, str) else "Internal error",
            received.get("data"),
            method=method,
        )

    def to_error_object(self) -> dict[str, Any]:
        """The ``error`` member of a response carrying this error."""
        return error_object(self.code, self.message, self.data)

    def answer(self, id: RequestId) -> Message:
        """The error response to request ``id``."""
        return error(id, self.code, self.message, self.data)

    def __str__(self) -> str:
        text = f"{self.message} ({self.code})"
        return text if self.method is None else f"{self.method} failed: {text}"
