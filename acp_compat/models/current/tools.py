"""Tool calls: ``ToolCall``, ``ToolCallUpdate``, their kinds, statuses, content and locations.

Enum choices (the schema lists closed sets for both):

* ``kind`` is an open ``str``. The set has grown (``switch_mode`` came later) and the schema
  marks the field ``x-deserialize-default-on-error``: a receiver must not reject a tool call
  over a kind it does not know. We keep the value verbatim; :data:`TOOL_KINDS` lists the
  known ones and consumers treat any other value like ``other``.
* ``status`` is the closed :data:`ToolCallStatus`: its four values have not changed since the
  first v1 schema and the translators map each one explicitly.
"""

from typing import Any, Final, Literal, TypeAlias

from acp_compat._define import define
from acp_compat.models._base import always, meta_field, tagged_union
from acp_compat.models.current.content import ContentBlock

TOOL_KINDS: Final = frozenset(
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
"""The tool kinds schema 1.21.0 knows; ``kind`` fields accept any string."""

ToolCallStatus = Literal["pending", "in_progress", "completed", "failed"]
"""Where a tool call stands; absent on a new call means ``pending``."""


@define(kw_only=True)
class Content:
    """Tool-call content holding an ordinary content block (``type: "content"``)."""

    type: Literal["content"] = always("content")
    content: ContentBlock
    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class Diff:
    """A file change (``type: "diff"``); ``old_text`` ``None`` means a new file.

    ``oldText`` is always written, ``null`` included: the null is the explicit "new file"
    marker (architecture.md lists it among the meaningful nulls).
    """

    type: Literal["diff"] = always("diff")
    path: str
    new_text: str
    old_text: str | None = always(None)
    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class Terminal:
    """A live terminal made with ``terminal/create``, shown inside the tool call."""

    type: Literal["terminal"] = always("terminal")
    terminal_id: str
    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class UnknownToolCallContent:
    """Tool-call content of a type this schema does not know; ``data`` is the raw object."""

    data: dict[str, Any]


ToolCallContent: TypeAlias = Content | Diff | Terminal | UnknownToolCallContent
"""What a tool call shows, tagged by ``type``."""
tagged_union(
    ToolCallContent,
    tag="type",
    members={"content": Content, "diff": Diff, "terminal": Terminal},
    fallback=UnknownToolCallContent,
)


@define(kw_only=True)
class ToolCallLocation:
    """A file (absolute ``path``, optional 1-based ``line``) the tool call works on."""

    path: str
    line: int | None = None
    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class ToolCall:
    """A new tool call, as announced by a ``tool_call`` session update.

    ``status`` absent means ``pending``. ``raw_input`` / ``raw_output`` are any JSON value;
    ``None`` stands for absent.
    """

    tool_call_id: str
    title: str
    name: str | None = None
    """The tool's programmatic name (schema of the TypeScript SDK 2.4.0)."""
    kind: str | None = None
    status: ToolCallStatus | None = None
    content: list[ToolCallContent] | None = None
    locations: list[ToolCallLocation] | None = None
    raw_input: Any = None
    raw_output: Any = None
    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class ToolCallUpdate:
    """Changed fields of an existing tool call; only ``tool_call_id`` is required.

    ``content`` and ``locations`` *replace* the old collections when present; ``[]`` clears
    them. Absent and ``null`` both mean "unchanged" (the reference SDK reads both as
    ``None``), so both are ``None`` here and ``None`` is written as absent.
    """

    tool_call_id: str
    name: str | None = None
    kind: str | None = None
    status: ToolCallStatus | None = None
    title: str | None = None
    content: list[ToolCallContent] | None = None
    locations: list[ToolCallLocation] | None = None
    raw_input: Any = None
    raw_output: Any = None
    meta: dict[str, Any] | None = meta_field()
