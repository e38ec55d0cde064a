# generated from the schemas below by acp_compat.models.codegen: do not edit
#   vectors/schemas/current/acp-v1-schema-1.21.0.schema.json
#   vectors/schemas/current/acp-v1-schema-ts-sdk-2.4.0.schema.json
#   vectors/schemas/current/acp-v1-schema-ts-sdk-2.4.0.unstable.schema.json
"""ACP v1 models: tool calls, their kinds, statuses, content and locations."""

from typing import Any, Final, Literal, TypeAlias

from acp_compat._define import define
from acp_compat.models._base import always, meta_field, tagged_union
from acp_compat.models.current.content import ContentBlock


@define(kw_only=True)
class Content:
    """Standard content block (text, images, resources)."""

    type: Literal["content"] = always("content")
    content: ContentBlock
    """The actual content block."""
    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class Diff:
    """A diff representing file modifications."""

    type: Literal["diff"] = always("diff")
    path: str
    """The absolute file path being modified."""
    new_text: str
    """The new content after modification."""
    old_text: str | None = always(None)
    """The original content (omitted or `null` for new files)."""
    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class Terminal:
    """Embed a terminal created with `terminal/create` by its id."""

    type: Literal["terminal"] = always("terminal")
    terminal_id: str
    """Identifier of the terminal instance to embed in the content stream."""
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
    """Optional 1-based line number within the file."""
    meta: dict[str, Any] | None = meta_field()


ToolCallStatus: TypeAlias = Literal["pending", "in_progress", "completed", "failed"]
"""Execution status of a tool call."""


ToolKind: TypeAlias = str
"""Categories of tools that can be invoked.

Known values: ``read``, ``edit``, ``delete``, ``move``, ``search``, ``execute``, ``think``,
``fetch``, ``switch_mode``, ``other``.

Open: every member of this type is x-deserialize-default-on-error: a relay keeps a kind it does
not know (TOOL_KIND_VALUES lists the known ones).
"""

TOOL_KIND_VALUES: Final = frozenset(
    {
        "read",
        "edit",
        "delete",
        "move",
        "search",
        "execute",
        "think",
        "fetch",
        "switch_mode",
        "other",
    }
)
"""The values of ``ToolKind`` this schema knows."""


@define(kw_only=True)
class ToolCallUpdate:
    """An update to an existing tool call."""

    tool_call_id: str
    """The ID of the tool call being updated."""
    kind: ToolKind | None = None
    """Update the tool kind."""
    status: ToolCallStatus | None = None
    """Update the execution status."""
    title: str | None = None
    """Update the human-readable title."""
    name: str | None = None
    """Update the programmatic name of the tool being invoked."""
    content: list[ToolCallContent] | None = None
    """Replace the content collection."""
    locations: list[ToolCallLocation] | None = None
    """Replace the locations collection."""
    raw_input: Any = None
    """Update the raw input."""
    raw_output: Any = None
    """Update the raw output."""
    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class ToolCall:
    """Represents a tool call that the language model has requested."""

    session_update: Literal["tool_call"] = always("tool_call")
    tool_call_id: str
    """Unique identifier for this tool call within the session."""
    title: str
    """Human-readable title describing what the tool is doing."""
    name: str | None = None
    """Programmatic name of the tool being invoked."""
    kind: ToolKind | None = None
    """The category of tool being invoked. Helps clients choose appropriate icons and UI
    treatment.
    """
    status: ToolCallStatus | None = None
    """Current execution status of the tool call."""
    content: list[ToolCallContent] | None = None
    """Content produced by the tool call."""
    locations: list[ToolCallLocation] | None = None
    """File locations affected by this tool call. Enables "follow-along" features in
    clients.
    """
    raw_input: Any = None
    """Raw input parameters sent to the tool."""
    raw_output: Any = None
    """Raw output returned by the tool."""
    meta: dict[str, Any] | None = meta_field()
