"""JSON-RPC level types of the current protocol: ids, the error object, ``$/cancel_request``."""

from typing import Any, Final

from acp_compat._define import define
from acp_compat.models._base import meta_field

RequestId = int | str | None
"""A JSON-RPC request id: an integer, a string, or ``null``."""

PARSE_ERROR: Final = -32700
INVALID_REQUEST: Final = -32600
METHOD_NOT_FOUND: Final = -32601
INVALID_PARAMS: Final = -32602
INTERNAL_ERROR: Final = -32603
REQUEST_CANCELLED: Final = -32800
"""The receiver gave up on a request after ``$/cancel_request``."""
AUTH_REQUIRED: Final = -32000
"""The agent needs ``authenticate`` first; editors show their login UI."""
RESOURCE_NOT_FOUND: Final = -32002


@define(kw_only=True)
class Error:
    """A JSON-RPC error object. ``code`` is any integer (the schema lists well-known ones
    and allows others); ``data`` is any JSON value, ``None`` meaning absent."""

    code: int
    message: str
    data: Any = None


@define(kw_only=True)
class CancelRequestNotification:
    """``$/cancel_request`` params: the sender no longer needs the answer to ``request_id``.

    Hop-scoped and either direction; the receiver must still answer the request (normally or
    with :data:`REQUEST_CANCELLED`). ``request_id`` is required and may be ``null``, so it
    is always written.
    """

    request_id: RequestId
    meta: dict[str, Any] | None = meta_field()
