# generated from the schemas below by acp_compat.models.codegen: do not edit
#   vectors/schemas/v2/acp-v2-draft-ts-sdk-2.4.0.schema.json
#   vectors/schemas/v2/acp-v2-draft-ts-sdk-2.4.0.unstable.schema.json
"""ACP v2 (draft) models: ``session/request_permission``: the agent asks to run a tool call."""

from typing import Any, Final, Literal, TypeAlias

from acp_compat._define import define
from acp_compat.models._base import always, meta_field, tagged_union
from acp_compat.models.v2.tools import ToolCallUpdate

PermissionOptionKind: TypeAlias = str
"""The type of permission option being presented to the user.

Known values: ``allow_once``, ``allow_always``, ``reject_once``, ``reject_always``.

Open: any other string is kept.
"""

PERMISSION_OPTION_KIND_VALUES: Final = frozenset(
    {"allow_once", "allow_always", "reject_once", "reject_always"}
)
"""The values of ``PermissionOptionKind`` this schema knows."""


@define(kw_only=True)
class PermissionOption:
    """An option presented to the user when requesting permission."""

    option_id: str
    """Identifier for this permission option. MUST be unique within the request."""
    name: str
    """Human-readable label to display to the user."""
    kind: PermissionOptionKind
    """Hint about the nature of this permission option."""
    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class CommandPermissionSubject:
    """Permission request details for a command."""

    type: Literal["command"] = always("command")
    command: str
    """The command that would be run if permission is granted."""
    cwd: str
    """The absolute working directory for the command."""
    tool_call_id: str | None = None
    """The associated tool call, when known. Omitted and `null` are equivalent."""
    terminal_id: str | None = None
    """The associated terminal, when already known. Omitted and `null` are equivalent."""
    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class ToolCallPermissionSubject:
    """Permission request details for a tool call."""

    type: Literal["tool_call"] = always("tool_call")
    tool_call: ToolCallUpdate
    """Details about the tool call requiring permission."""
    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class UnknownRequestPermissionSubject:
    """A ``RequestPermissionSubject`` of a kind this schema does not know; ``data`` is the raw
    object, written back verbatim.
    """

    data: dict[str, Any]


RequestPermissionSubject: TypeAlias = (
    ToolCallPermissionSubject | CommandPermissionSubject | UnknownRequestPermissionSubject
)
"""The operation requiring permission."""
tagged_union(
    RequestPermissionSubject,
    tag="type",
    members={"tool_call": ToolCallPermissionSubject, "command": CommandPermissionSubject},
    fallback=UnknownRequestPermissionSubject,
)


@define(kw_only=True)
class RequestPermissionRequest:
    """Request for user permission to proceed with an operation."""

    session_id: str
    """The session ID for this request."""
    title: str
    """Human-readable title for the permission prompt."""
    options: list[PermissionOption]
    """Available permission options for the user to choose from. Must contain at least one
    option.
    """
    description: str | None = None
    """Optional human-readable explanation of why permission is needed."""
    subject: RequestPermissionSubject | None = None
    """Optional structured context about the operation requiring permission."""
    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class CancelledPermissionOutcome:
    """The request was not approved and no option was selected."""

    outcome: Literal["cancelled"] = always("cancelled")
    meta: dict[str, Any] | None = meta_field()


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
