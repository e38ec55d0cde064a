"""ACP 0.0.8-0.0.10 (the legacy "Agent Client Protocol" Gemini CLI 0.1.x speaks), typed.

Every method of the legacy protocol is a JSON-RPC request, and every type here is the
``params`` or ``result`` of one of them (see :data:`LEGACY_METHODS`). Void results are
JSON ``null`` and methods without params send no ``params`` member; both are ``None`` in
the method table. The legacy protocol has no ``_meta`` extension member.

Rust legacy peers add a struct-level ``"type": "<StructName>"`` member to
``PushToolCallResponse``, ``RequestToolCallConfirmationResponse`` and ``ToolCallLocation``;
the codec ignores unknown members, so it is accepted on input and never written.

Every class here is public API (``acp_compat.legacy``): the upgrade translator structures
the agent's requests with them, the in-process shim (:mod:`acp_compat.io.shim`) speaks
them to a Python legacy agent, and a library user types both sides of a legacy
conversation with them (the results, such as :class:`PushToolCallResponse`, are what a
legacy client answers). None is kept for anything else.
"""

from __future__ import annotations

from typing import Literal, TypeAlias

from acp_compat._define import define

from ._base import MethodSpec, always, keyed_union, tagged_union

ToolCallId: TypeAlias = int
"""A tool call id: a JSON integer (u64) handed out by the client."""

Icon: TypeAlias = Literal[
    "fileSearch", "folder", "globe", "hammer", "lightBulb", "pencil", "regex", "terminal"
]
"""The icon of a tool call, a camelCase string."""

ToolCallStatus: TypeAlias = Literal["running", "finished", "error"]
"""The state of a tool call in ``updateToolCall``."""

ToolCallConfirmationOutcome: TypeAlias = Literal[
    "allow", "alwaysAllow", "alwaysAllowMcpServer", "alwaysAllowTool", "reject", "cancel"
]
"""The user's answer to ``requestToolCallConfirmation``.

``allow`` this one call; ``alwaysAllow`` this kind of operation; ``alwaysAllowMcpServer``
any tool of this MCP server; ``alwaysAllowTool`` this tool of this MCP server; ``reject``
this call; ``cancel``: the turn was cancelled before the user answered.
"""

PlanEntryPriority: TypeAlias = Literal["high", "medium", "low"]
"""Priority of a plan entry (0.0.10)."""

PlanEntryStatus: TypeAlias = Literal["pending", "in_progress", "completed"]
"""Progress of a plan entry (0.0.10; snake_case, the same strings as current ACP)."""


# --------------------------------------------------------------------------- initialize


@define(kw_only=True)
class InitializeParams:
    """``initialize`` params: ``{"protocolVersion": "0.0.9"}`` (the client's semver)."""

    protocol_version: str


@define(kw_only=True)
class InitializeResponse:
    """``initialize`` result: ``{"protocolVersion": semver, "isAuthenticated": bool}``."""

    protocol_version: str
    is_authenticated: bool


# --------------------------------------------------------------------------- user message


@define(kw_only=True)
class TextUserChunk:
    """A user message chunk of text: ``{"text": string}``."""

    text: str


@define(kw_only=True)
class PathUserChunk:
    """A file mention in a user message: ``{"path": string}`` (relative or absolute)."""

    path: str


UserMessageChunk: TypeAlias = TextUserChunk | PathUserChunk
"""Untagged on the wire: ``{"text"}`` or ``{"path"}``, told apart by the key present."""
keyed_union(UserMessageChunk, {"text": TextUserChunk, "path": PathUserChunk})


@define(kw_only=True)
class SendUserMessageParams:
    """``sendUserMessage`` params: ``{"chunks": UserMessageChunk[]}``; the result is ``null``
    and arrives when the whole turn is over."""

    chunks: list[UserMessageChunk]


# --------------------------------------------------------------------------- assistant chunks


@define(kw_only=True)
class TextAssistantChunk:
    """Streamed answer text: ``{"text": string}``."""

    text: str


@define(kw_only=True)
class ThoughtAssistantChunk:
    """Streamed model reasoning: ``{"thought": string}``."""

    thought: str


AssistantMessageChunk: TypeAlias = TextAssistantChunk | ThoughtAssistantChunk
"""Untagged on the wire: ``{"text"}`` or ``{"thought"}``, told apart by the key present."""
keyed_union(AssistantMessageChunk, {"text": TextAssistantChunk, "thought": ThoughtAssistantChunk})


@define(kw_only=True)
class StreamAssistantMessageChunkParams:
    """``streamAssistantMessageChunk`` params: ``{"chunk": AssistantMessageChunk}``."""

    chunk: AssistantMessageChunk


# --------------------------------------------------------------------------- tool call content


@define(kw_only=True)
class MarkdownContent:
    """Tool call content as markdown: ``{"type": "markdown", "markdown": string}``."""

    type: Literal["markdown"] = always("markdown")
    markdown: str


@define(kw_only=True)
class DiffContent:
    """A file edit: ``{"type": "diff", "path", "oldText": string | null, "newText"}``.

    ``oldText`` is required but nullable (``null`` for a new file), so it is always written.
    Gemini sends the file's basename as ``path``; the absolute path is in the locations.
    """

    type: Literal["diff"] = always("diff")
    path: str
    old_text: str | None = always()
    new_text: str


ToolCallContent: TypeAlias = MarkdownContent | DiffContent
"""The one content value of a tool call, tagged by ``type``."""
tagged_union(ToolCallContent, "type", {"markdown": MarkdownContent, "diff": DiffContent})


@define(kw_only=True)
class ToolCallLocation:
    """A file a tool call touches: ``{"path": string, "line"?: integer | null}``."""

    path: str
    line: int | None = None


# --------------------------------------------------------------------------- confirmations


@define(kw_only=True)
class EditConfirmation:
    """Confirm a file edit: ``{"type": "edit", "description"?: string | null}``."""

    type: Literal["edit"] = always("edit")
    description: str | None = None


@define(kw_only=True)
class ExecuteConfirmation:
    """Confirm a shell command: ``{"type": "execute", "command", "rootCommand", "description"?}``.

    ``rootCommand`` may list several commands (``"sleep, echo"``).
    """

    type: Literal["execute"] = always("execute")
    command: str
    root_command: str
    description: str | None = None


@define(kw_only=True)
class McpConfirmation:
    """Confirm an MCP tool: ``{"type": "mcp", "serverName", "toolName", "toolDisplayName",
    "description"?}``."""

    type: Literal["mcp"] = always("mcp")
    server_name: str
    tool_name: str
    tool_display_name: str
    description: str | None = None


@define(kw_only=True)
class FetchConfirmation:
    """Confirm fetching URLs: ``{"type": "fetch", "urls": string[], "description"?}``."""

    type: Literal["fetch"] = always("fetch")
    urls: list[str]
    description: str | None = None


@define(kw_only=True)
class OtherConfirmation:
    """Any other confirmation: ``{"type": "other", "description": string}`` (required here)."""

    type: Literal["other"] = always("other")
    description: str


ToolCallConfirmation: TypeAlias = (
    EditConfirmation | ExecuteConfirmation | McpConfirmation | FetchConfirmation | OtherConfirmation
)
"""What the user is asked to confirm, tagged by ``type``.

No fallback: the legacy protocol is frozen, so an unknown ``type`` is a malformed message
(there is nothing a translator could show for it).
"""
tagged_union(
    ToolCallConfirmation,
    "type",
    {
        "edit": EditConfirmation,
        "execute": ExecuteConfirmation,
        "mcp": McpConfirmation,
        "fetch": FetchConfirmation,
        "other": OtherConfirmation,
    },
)


# --------------------------------------------------------------------------- tool calls


@define(kw_only=True)
class PushToolCallParams:
    """``pushToolCall`` params: ``{"label", "icon", "content"?: ToolCallContent | null,
    "locations"?: ToolCallLocation[]}``; a tool call that needs no permission."""

    label: str
    icon: Icon
    content: ToolCallContent | None = None
    locations: list[ToolCallLocation] | None = None


@define(kw_only=True)
class PushToolCallResponse:
    """``pushToolCall`` result: ``{"id": ToolCallId}``, the id the client assigned."""

    id: ToolCallId


@define(kw_only=True)
class RequestToolCallConfirmationParams:
    """``requestToolCallConfirmation`` params: the ``pushToolCall`` fields plus
    ``"confirmation": ToolCallConfirmation``.

    ``content`` is always written (``null`` for none), as Gemini does: readers treat an
    absent and a null ``content`` alike, and real traffic round-trips unchanged.
    """

    label: str
    icon: Icon
    confirmation: ToolCallConfirmation
    content: ToolCallContent | None = always(None)
    locations: list[ToolCallLocation] | None = None


@define(kw_only=True)
class RequestToolCallConfirmationResponse:
    """``requestToolCallConfirmation`` result: ``{"id": ToolCallId, "outcome": outcome}``."""

    id: ToolCallId
    outcome: ToolCallConfirmationOutcome


@define(kw_only=True)
class UpdateToolCallParams:
    """``updateToolCall`` params: ``{"toolCallId", "status", "content": ToolCallContent | null}``.

    The content replaces what the client shows; ``content`` is always written because the
    TypeScript type requires it and ``null`` means "no content" (Rust reads absent as null).
    """

    tool_call_id: ToolCallId
    status: ToolCallStatus
    content: ToolCallContent | None = always(None)


# --------------------------------------------------------------------------- files and plan


@define(kw_only=True)
class ReadTextFileParams:
    """``readTextFile`` params: ``{"path", "line"?: integer | null, "limit"?: integer | null}``."""

    path: str
    line: int | None = None
    limit: int | None = None


@define(kw_only=True)
class ReadTextFileResponse:
    """``readTextFile`` result: ``{"content": string}``."""

    content: str


@define(kw_only=True)
class WriteTextFileParams:
    """``writeTextFile`` params: ``{"path": string, "content": string}``; result ``null``."""

    path: str
    content: str


@define(kw_only=True)
class PlanEntry:
    """One plan entry (0.0.10): ``{"content", "priority", "status"}``."""

    content: str
    priority: PlanEntryPriority
    status: PlanEntryStatus


@define(kw_only=True)
class UpdatePlanParams:
    """``updatePlan`` params (0.0.10 only): ``{"entries": PlanEntry[]}``; result ``null``."""

    entries: list[PlanEntry]


# --------------------------------------------------------------------------- method table


def _spec(name: str, handled_by: str, params: type | None, result: type | None) -> MethodSpec:
    return MethodSpec(name=name, handled_by=handled_by, params=params, result=result)


LEGACY_METHODS: dict[str, MethodSpec] = {
    spec.name: spec
    for spec in (
        # Client -> agent.
        _spec("initialize", "agent", InitializeParams, InitializeResponse),
        _spec("authenticate", "agent", None, None),
        _spec("sendUserMessage", "agent", SendUserMessageParams, None),
        _spec("cancelSendMessage", "agent", None, None),
        # Agent -> client.
        _spec("streamAssistantMessageChunk", "client", StreamAssistantMessageChunkParams, None),
        _spec("pushToolCall", "client", PushToolCallParams, PushToolCallResponse),
        _spec(
            "requestToolCallConfirmation",
            "client",
            RequestToolCallConfirmationParams,
            RequestToolCallConfirmationResponse,
        ),
        _spec("updateToolCall", "client", UpdateToolCallParams, None),
        _spec("readTextFile", "client", ReadTextFileParams, ReadTextFileResponse),
        _spec("writeTextFile", "client", WriteTextFileParams, None),
        _spec("updatePlan", "client", UpdatePlanParams, None),
    )
}
"""Every legacy method by name. All are requests; ``None`` params / result mean no
``params`` member / a ``null`` result."""
