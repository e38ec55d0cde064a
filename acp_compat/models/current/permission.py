"""``session/request_permission``: the agent asks the user to approve a tool call.

``PermissionOptionKind`` is closed: a client must understand an option's kind to pick one
safely (an unknown kind could be an allow), so an unknown kind is an error, not a guess.
"""

from typing import Any, Literal, TypeAlias

from acp_compat._define import define
from acp_compat.models._base import always, meta_field, tagged_union
from acp_compat.models.current.tools import ToolCallUpdate

PermissionOptionKind = Literal["allow_once", "allow_always", "reject_once", "reject_always"]
"""What choosing an option means."""


@define(kw_only=True)
class PermissionOption:
    """One choice offered to the user; ``option_id`` comes back in the selected outcome."""

    option_id: str
    name: str
    kind: PermissionOptionKind
    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class SelectedPermissionOutcome:
    """The user picked ``option_id`` (``outcome: "selected"``)."""

    outcome: Literal["selected"] = always("selected")
    option_id: str
    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class CancelledPermissionOutcome:
    """The prompt turn was cancelled before the user chose (``outcome: "cancelled"``)."""

    outcome: Literal["cancelled"] = always("cancelled")


@define(kw_only=True)
class UnknownPermissionOutcome:
    """An outcome this schema does not know; ``data`` is the raw object.

    Consumers must treat it as a refusal: only ``selected`` grants anything.
    """

    data: dict[str, Any]


RequestPermissionOutcome: TypeAlias = (
    SelectedPermissionOutcome | CancelledPermissionOutcome | UnknownPermissionOutcome
)
"""The user's answer, tagged by ``outcome``."""
tagged_union(
    RequestPermissionOutcome,
    tag="outcome",
    members={"selected": SelectedPermissionOutcome, "cancelled": CancelledPermissionOutcome},
    fallback=UnknownPermissionOutcome,
)


@define(kw_only=True)
class RequestPermissionRequest:
    """``session/request_permission`` params: the tool call and the options to choose from."""

    session_id: str
    tool_call: ToolCallUpdate
    options: list[PermissionOption]
    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class RequestPermissionResponse:
    """``session/request_permission`` result: the outcome."""

    outcome: RequestPermissionOutcome
    meta: dict[str, Any] | None = meta_field()
