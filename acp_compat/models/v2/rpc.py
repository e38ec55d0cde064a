# generated from the schemas below by acp_compat.models.codegen: do not edit
#   vectors/schemas/v2/acp-v2-draft-ts-sdk-2.4.0.schema.json
#   vectors/schemas/v2/acp-v2-draft-ts-sdk-2.4.0.unstable.schema.json
"""ACP v2 (draft) models: JSON-RPC level types: request ids, the error object and its codes,
``$/cancel_request``.
"""

from typing import Any, Final, TypeAlias

from acp_compat._define import define
from acp_compat.models._base import meta_field

RequestId: TypeAlias = int | str
"""A JSON-RPC request ID: a string or an integer. Unlike base JSON-RPC, it MUST NOT be
`null`.
"""


ErrorCode: TypeAlias = int
"""Predefined error codes for common JSON-RPC and ACP-specific errors."""


@define(kw_only=True)
class Error:
    """JSON-RPC error object."""

    code: ErrorCode
    """A number indicating the error type that occurred. This must be an integer as defined
    in the JSON-RPC specification.
    """
    message: str
    """A string providing a short description of the error. The message should be limited
    to a concise single sentence.
    """
    data: Any = None
    """Optional primitive or structured value that contains additional information about
    the error. This may include debugging information or context-specific details.
    """


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
"""**Resource not found**: A given resource, such as a session, was not found."""


UNSUPPORTED_PROTOCOL_VERSION: Final = -32022
"""**Unsupported protocol version**: No protocol version supported by the Agent is at or
below the requested version. The error data is an
[`UnsupportedProtocolVersionErrorData`].
"""


@define(kw_only=True)
class UnsupportedProtocolVersionErrorData:
    """Data for the `-32022` (Unsupported protocol version) error."""

    requested: int
    """The protocol version the Client requested."""
    supported: list[int]
    """The protocol versions the Agent supports."""
    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class SessionNotFoundErrorData:
    """Data for the `-32002` (Resource not found) error when a session-scoped request names a
    session that does not exist or is not active.
    """

    session_id: str
    """The session ID from the request."""
    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class CancelRequestNotification:
    """Notification to cancel an ongoing request."""

    request_id: RequestId
    """The ID of the request to cancel: a request that the sender of this notification
    issued. Receivers match it only against requests they received from that sender.
    """
    meta: dict[str, Any] | None = meta_field()
