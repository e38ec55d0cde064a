# generated from the schemas below by acp_compat.models.codegen: do not edit
#   vectors/schemas/current/acp-v1-schema-1.21.0.schema.json
#   vectors/schemas/current/acp-v1-schema-ts-sdk-2.4.0.schema.json
#   vectors/schemas/current/acp-v1-schema-ts-sdk-2.4.0.unstable.schema.json
"""ACP v1 models: ``session/request_permission``: the agent asks to run a tool call."""

from typing import Any, Literal, TypeAlias

from acp_compat._define import define
from acp_compat.models._base import always, meta_field, tagged_union
from acp_compat.models.current.tools import ToolCallUpdate

PermissionOptionKind: TypeAlias = Literal[
    "allow_once", "allow_always", "reject_once", "reject_always"
]
"""The type of permission option being presented to the user."""


@define(kw_only=True)
class PermissionOption:
    """An option presented to the user when requesting permission."""

    option_id: str
    """Unique identifier for this permission option."""
    name: str
    """Human-readable label to display to the user."""
    kind: PermissionOptionKind
    """Hint about the nature of this permission option."""
    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class RequestPermissionRequest:
    """Request for user permission to execute a tool call."""

    session_id: str
    """The session ID for this request."""
    tool_call: ToolCallUpdate
    """Details about the tool call requiring permission."""
    options: list[PermissionOption]
    """Available permission options for the user to choose from."""
    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class CancelledPermissionOutcome:
    """The prompt turn was cancelled before the user responded."""

    outcome: Literal["cancelled"] = always("cancelled")


@define(kw_only=True)
class SelectedPermissionOutcome:
    """The user selected one of the provided options."""

    outcome: Literal["selected"] = always("selected")
    option_id: str
    """The ID of the option the user selected."""
    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class UnknownRequestPermissionOutcome:
    """A ``RequestPermissionOutcome`` of a kind this schema does not know; ``data`` is the raw
    object, written back verbatim.
    """

    data: dict[str, Any]


RequestPermissionOutcome: TypeAlias = (
    CancelledPermissionOutcome | SelectedPermissionOutcome | UnknownRequestPermissionOutcome
)
"""The outcome of a permission request."""
tagged_union(
    RequestPermissionOutcome,
    tag="outcome",
    members={"cancelled": CancelledPermissionOutcome, "selected": SelectedPermissionOutcome},
    fallback=UnknownRequestPermissionOutcome,
)


@define(kw_only=True)
class RequestPermissionResponse:
    """Response to a permission request."""

    outcome: RequestPermissionOutcome
    """The user's decision on the permission request."""
    meta: dict[str, Any] | None = meta_field()
