# generated from the schemas below by acp_compat.models.codegen: do not edit
#   vectors/schemas/v2/acp-v2-draft-ts-sdk-2.4.0.schema.json
#   vectors/schemas/v2/acp-v2-draft-ts-sdk-2.4.0.unstable.schema.json
"""ACP v2 (draft) models: tool calls (created and changed by ``tool_call_update`` upserts), their
content and locations, and ``tool_call/cancel``, ``terminal/cancel``.
"""

from typing import Any, Final, Literal, TypeAlias

from acp_compat._define import define
from acp_compat.models._base import UNCHANGED, Unchanged, always, meta_field, tagged_union
from acp_compat.models.v2.content import ContentBlock


@define(kw_only=True)
class ToolCallCancelCapabilities:
    """Capability to cancel a tool call with `tool_call/cancel`."""

    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class ToolCallCapabilities:
    """Client-initiated controls a tool call currently supports."""

    cancel: ToolCallCancelCapabilities | None = None
    """Permits the Client to cancel this tool call with `tool_call/cancel`."""
    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class Content:
    """Standard content block (text, images, resources)."""

    type: Literal["content"] = always("content")
    content: ContentBlock
    """The actual content block."""
    meta: dict[str, Any] | None = meta_field()


DiffFileType: TypeAlias = str
"""Kind of file content represented by a diff change.

Known values: ``text``, ``binary``, ``directory``, ``symlink``.

Open: any other string is kept.
"""

DIFF_FILE_TYPE_VALUES: Final = frozenset({"text", "binary", "directory", "symlink"})
"""The values of ``DiffFileType`` this schema knows."""


@define(kw_only=True)
class Add:
    """A file was added."""

    operation: Literal["add"] = always("add")
    file_type: DiffFileType | None = None
    """File content kind after the operation (for `delete`, of the deleted file)."""
    mime_type: str | None = None
    """MIME type of the file contents after the operation (for `delete`, of the deleted
    file).
    """
    path: str
    """Absolute path for the operation."""
    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class Copy:
    """A file was copied."""

    operation: Literal["copy"] = always("copy")
    file_type: DiffFileType | None = None
    """File content kind after the operation (for `delete`, of the deleted file)."""
    mime_type: str | None = None
    """MIME type of the file contents after the operation (for `delete`, of the deleted
    file).
    """
    old_path: str
    """Absolute path before the operation."""
    path: str
    """Absolute path after the operation."""
    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class Delete:
    """A file was deleted."""

    operation: Literal["delete"] = always("delete")
    file_type: DiffFileType | None = None
    """File content kind after the operation (for `delete`, of the deleted file)."""
    mime_type: str | None = None
    """MIME type of the file contents after the operation (for `delete`, of the deleted
    file).
    """
    path: str
    """Absolute path for the operation."""
    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class Modify:
    """A file was modified in place."""

    operation: Literal["modify"] = always("modify")
    file_type: DiffFileType | None = None
    """File content kind after the operation (for `delete`, of the deleted file)."""
    mime_type: str | None = None
    """MIME type of the file contents after the operation (for `delete`, of the deleted
    file).
    """
    path: str
    """Absolute path for the operation."""
    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class Move:
    """A file was moved or renamed."""

    operation: Literal["move"] = always("move")
    file_type: DiffFileType | None = None
    """File content kind after the operation (for `delete`, of the deleted file)."""
    mime_type: str | None = None
    """MIME type of the file contents after the operation (for `delete`, of the deleted
    file).
    """
    old_path: str
    """Absolute path before the operation."""
    path: str
    """Absolute path after the operation."""
    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class UnknownDiffChange:
    """A ``DiffChange`` of a kind this schema does not know; ``data`` is the raw object, written
    back verbatim.
    """

    data: dict[str, Any]


DiffChange: TypeAlias = Add | Delete | Modify | Move | Copy | UnknownDiffChange
"""One file-level change described by a `Diff`."""
tagged_union(
    DiffChange,
    tag="operation",
    members={"add": Add, "delete": Delete, "modify": Modify, "move": Move, "copy": Copy},
    fallback=UnknownDiffChange,
)


DiffPatchFormat: TypeAlias = str
"""Text patch format used by `DiffPatch`.

Known values: ``git_patch``.

Open: any other string is kept.
"""

DIFF_PATCH_FORMAT_VALUES: Final = frozenset({"git_patch"})
"""The values of ``DiffPatchFormat`` this schema knows."""


@define(kw_only=True)
class DiffPatch:
    """Renderable patch text and its format."""

    format: DiffPatchFormat
    """Patch format. The only ACP-defined value is `git_patch`."""
    text: str
    """Patch text in the format named by `format`."""
    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class Diff:
    """File changes produced by a tool call."""

    type: Literal["diff"] = always("diff")
    changes: list[DiffChange]
    """Structured file changes described by this diff."""
    patch: DiffPatch | None = None
    """Renderable patch text for some or all of the structured changes."""
    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class Terminal:
    """A display-only reference to an agent-owned terminal."""

    type: Literal["terminal"] = always("terminal")
    terminal_id: str
    """The ID of the terminal to display."""
    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class UnknownToolCallContent:
    """A ``ToolCallContent`` of a kind this schema does not know; ``data`` is the raw object,
    written back verbatim.
    """

    data: dict[str, Any]


ToolCallContent: TypeAlias = Content | Diff | Terminal | UnknownToolCallContent
"""Content produced by a tool call."""
tagged_union(
    ToolCallContent,
    tag="type",
    members={"content": Content, "diff": Diff, "terminal": Terminal},
    fallback=UnknownToolCallContent,
)


@define(kw_only=True)
class ToolCallLocation:
    """A file location being accessed or modified by a tool."""

    path: str
    """The absolute file path being accessed or modified."""
    line: int | None = None
    """Optional 1-based line number within the file. Omitted and `null` are equivalent and
    mean no specific line. `0` is invalid.
    """
    meta: dict[str, Any] | None = meta_field()


ToolCallStatus: TypeAlias = str
"""Execution status of a tool call.

Known values: ``pending``, ``in_progress``, ``paused``, ``completed``, ``failed``,
``cancelled``.

Open: any other string is kept.
"""

TOOL_CALL_STATUS_VALUES: Final = frozenset(
    {"pending", "in_progress", "paused", "completed", "failed", "cancelled"}
)
"""The values of ``ToolCallStatus`` this schema knows."""


ToolKind: TypeAlias = (
    Literal["read"]
    | Literal["edit"]
    | Literal["delete"]
    | Literal["move"]
    | Literal["search"]
    | Literal["execute"]
    | Literal["think"]
    | Literal["fetch"]
    | Literal["switch_mode"]
    | Literal["other"]
    | str
)
"""Categories of tools that can be invoked."""


@define(kw_only=True)
class ToolCallUpdate:
    """Represents an upsert for a tool call that the language model has requested."""

    tool_call_id: str
    """Unique identifier for this tool call within the session."""
    name: str | Unchanged | None = UNCHANGED
    """Programmatic name of the tool being invoked."""
    title: str | Unchanged | None = UNCHANGED
    """Human-readable title describing what the tool is doing."""
    kind: ToolKind | Unchanged | None = UNCHANGED
    """The category of tool being invoked. Helps clients choose appropriate icons and UI
    treatment.
    """
    status: ToolCallStatus | Unchanged | None = UNCHANGED
    """Current execution status of the tool call."""
    content: list[ToolCallContent] | Unchanged | None = UNCHANGED
    """Content produced by the tool call."""
    locations: list[ToolCallLocation] | Unchanged | None = UNCHANGED
    """File locations affected by this tool call. Enables "follow-along" features in
    clients.
    """
    raw_input: Any | Unchanged | None = UNCHANGED
    """Raw input parameters sent to the tool."""
    raw_output: Any | Unchanged | None = UNCHANGED
    """Raw output returned by the tool."""
    capabilities: ToolCallCapabilities | Unchanged | None = UNCHANGED
    """Client-initiated controls this tool call currently supports, such as cancellation."""
    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class CancelToolCallResponse:
    """Response from cancelling a tool call."""

    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class CancelTerminalResponse:
    """Response from cancelling a terminal."""

    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class CancelToolCallRequest:
    """Request parameters for cancelling one tool call."""

    session_id: str
    """The ID of the session that owns the tool call."""
    tool_call_id: str
    """The ID of the tool call to cancel."""
    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class CancelTerminalRequest:
    """Request parameters for cancelling one terminal."""

    session_id: str
    """The ID of the session that owns the terminal."""
    terminal_id: str
    """The ID of the terminal to cancel."""
    meta: dict[str, Any] | None = meta_field()
