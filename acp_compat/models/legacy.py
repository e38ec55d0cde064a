# generated from the schemas below by acp_compat.models.codegen: do not edit
#   vectors/schemas/legacy/acp-0.0.9.schema.json
#   vectors/schemas/legacy/acp-0.0.10.schema.json
"""ACP 0.0.9/0.0.10 models: the protocol Gemini CLI 0.1.x speaks with ``--experimental-acp``. Every
method is a JSON-RPC request; the table is :data:`LEGACY_METHODS`.
"""

from typing import Any, Final, Literal, TypeAlias

from acp_compat._define import define
from acp_compat.models._base import MethodSpec, always, keyed_union, tagged_union


@define(kw_only=True)
class TextAssistantChunk:
    """``TextAssistantChunk``."""

    text: str


@define(kw_only=True)
class ThoughtAssistantChunk:
    """``ThoughtAssistantChunk``."""

    thought: str


AssistantMessageChunk: TypeAlias = TextAssistantChunk | ThoughtAssistantChunk
keyed_union(AssistantMessageChunk, {"text": TextAssistantChunk, "thought": ThoughtAssistantChunk})


@define(kw_only=True)
class Error:
    """``Error``."""

    code: int
    message: str
    data: Any = None


Icon: TypeAlias = Literal[
    "fileSearch", "folder", "globe", "hammer", "lightBulb", "pencil", "regex", "terminal"
]


@define(kw_only=True)
class InitializeParams:
    """Initialize sets up the agent's state. It should be called before any other method, and
    no other methods should be called until it has completed.
    """

    protocol_version: str
    """The version of the protocol that the client supports. This should be the latest
    version supported by the client.
    """


@define(kw_only=True)
class InitializeResponse:
    """``InitializeResponse``."""

    protocol_version: str
    """The version of the protocol that the agent supports. If the agent supports the
    requested version, it should respond with the same version. Otherwise, the agent
    should respond with the latest version it supports.
    """
    is_authenticated: bool
    """Indicates whether the agent is authenticated and ready to handle requests."""


PlanEntryPriority: TypeAlias = Literal["high", "medium", "low"]
"""Priority levels for plan entries."""


PlanEntryStatus: TypeAlias = Literal["pending", "in_progress", "completed"]
"""Status of a plan entry in the execution flow."""


@define(kw_only=True)
class PlanEntry:
    """A single entry in the execution plan.

    New in the 0.0.10 schema.
    """

    content: str
    """Description of what this task aims to accomplish"""
    priority: PlanEntryPriority
    """Relative importance of this task"""
    status: PlanEntryStatus
    """Current progress of this task"""


@define(kw_only=True)
class DiffContent:
    """``DiffContent``."""

    type: Literal["diff"] = always("diff")
    path: str
    old_text: str | None
    new_text: str


@define(kw_only=True)
class MarkdownContent:
    """``MarkdownContent``."""

    type: Literal["markdown"] = always("markdown")
    markdown: str


ToolCallContent: TypeAlias = MarkdownContent | DiffContent
tagged_union(
    ToolCallContent, tag="type", members={"markdown": MarkdownContent, "diff": DiffContent}
)


@define(kw_only=True)
class ToolCallLocation:
    """``ToolCallLocation``."""

    path: str
    line: int | None = None


@define(kw_only=True)
class PushToolCallParams:
    """pushToolCall allows the agent to start a tool call when it does not need to request
    permission to do so.
    """

    label: str
    icon: Icon
    content: ToolCallContent | None = None
    locations: list[ToolCallLocation] | None = None


@define(kw_only=True)
class PushToolCallResponse:
    """``PushToolCallResponse``."""

    id: int


@define(kw_only=True)
class ReadTextFileParams:
    """``ReadTextFileParams``."""

    path: str
    limit: int | None = None
    line: int | None = None


@define(kw_only=True)
class ReadTextFileResponse:
    """``ReadTextFileResponse``."""

    content: str


@define(kw_only=True)
class EditConfirmation:
    """``EditConfirmation``."""

    type: Literal["edit"] = always("edit")
    description: str | None = None


@define(kw_only=True)
class ExecuteConfirmation:
    """``ExecuteConfirmation``."""

    type: Literal["execute"] = always("execute")
    command: str
    root_command: str
    description: str | None = None


@define(kw_only=True)
class FetchConfirmation:
    """``FetchConfirmation``."""

    type: Literal["fetch"] = always("fetch")
    urls: list[str]
    description: str | None = None


@define(kw_only=True)
class McpConfirmation:
    """``McpConfirmation``."""

    type: Literal["mcp"] = always("mcp")
    server_name: str
    tool_name: str
    tool_display_name: str
    description: str | None = None


@define(kw_only=True)
class OtherConfirmation:
    """``OtherConfirmation``."""

    type: Literal["other"] = always("other")
    description: str


ToolCallConfirmation: TypeAlias = (
    EditConfirmation | ExecuteConfirmation | McpConfirmation | FetchConfirmation | OtherConfirmation
)
tagged_union(
    ToolCallConfirmation,
    tag="type",
    members={
        "edit": EditConfirmation,
        "execute": ExecuteConfirmation,
        "mcp": McpConfirmation,
        "fetch": FetchConfirmation,
        "other": OtherConfirmation,
    },
)


@define(kw_only=True)
class RequestToolCallConfirmationParams:
    """Request confirmation before running a tool"""

    label: str
    icon: Icon
    confirmation: ToolCallConfirmation
    content: ToolCallContent | None = always(None)
    locations: list[ToolCallLocation] | None = None


ToolCallConfirmationOutcome: TypeAlias = Literal[
    "allow", "alwaysAllow", "alwaysAllowMcpServer", "alwaysAllowTool", "reject", "cancel"
]


@define(kw_only=True)
class RequestToolCallConfirmationResponse:
    """``RequestToolCallConfirmationResponse``."""

    id: int
    outcome: ToolCallConfirmationOutcome


@define(kw_only=True)
class PathUserChunk:
    """A file path mention in a user message"""

    path: str


@define(kw_only=True)
class TextUserChunk:
    """A chunk of text in user message"""

    text: str


UserMessageChunk: TypeAlias = TextUserChunk | PathUserChunk
"""A part in a user message"""
keyed_union(UserMessageChunk, {"text": TextUserChunk, "path": PathUserChunk})


@define(kw_only=True)
class SendUserMessageParams:
    """sendUserMessage allows the user to send a message to the agent. This method should
    complete after the agent is finished, during which time the agent may update the client
    by calling streamAssistantMessageChunk and other methods.
    """

    chunks: list[UserMessageChunk]


@define(kw_only=True)
class StreamAssistantMessageChunkParams:
    """Streams part of an assistant response to the client"""

    chunk: AssistantMessageChunk


ToolCallStatus: TypeAlias = Literal["running", "finished", "error"]


@define(kw_only=True)
class UpdatePlanParams:
    """Parameters for updating the current execution plan.

    New in the 0.0.10 schema.
    """

    entries: list[PlanEntry]
    """The list of plan entries representing the current execution plan."""


@define(kw_only=True)
class UpdateToolCallParams:
    """updateToolCall allows the agent to update the content and status of the tool call."""

    tool_call_id: int
    status: ToolCallStatus
    content: ToolCallContent | None


@define(kw_only=True)
class WriteTextFileParams:
    """``WriteTextFileParams``."""

    path: str
    content: str


LEGACY_METHODS: Final[dict[str, MethodSpec]] = {
    "initialize": MethodSpec("initialize", "agent", InitializeParams, InitializeResponse),
    "authenticate": MethodSpec("authenticate", "agent", None, None),
    "sendUserMessage": MethodSpec("sendUserMessage", "agent", SendUserMessageParams, None),
    "cancelSendMessage": MethodSpec("cancelSendMessage", "agent", None, None),
    "streamAssistantMessageChunk": MethodSpec(
        "streamAssistantMessageChunk", "client", StreamAssistantMessageChunkParams, None
    ),
    "requestToolCallConfirmation": MethodSpec(
        "requestToolCallConfirmation",
        "client",
        RequestToolCallConfirmationParams,
        RequestToolCallConfirmationResponse,
    ),
    "pushToolCall": MethodSpec("pushToolCall", "client", PushToolCallParams, PushToolCallResponse),
    "updateToolCall": MethodSpec("updateToolCall", "client", UpdateToolCallParams, None),
    "updatePlan": MethodSpec("updatePlan", "client", UpdatePlanParams, None),
    "writeTextFile": MethodSpec("writeTextFile", "client", WriteTextFileParams, None),
    "readTextFile": MethodSpec("readTextFile", "client", ReadTextFileParams, ReadTextFileResponse),
}
"""Method name → :class:`~acp_compat.models._base.MethodSpec`: ``handled_by`` the
side that receives it ("both": ``$/cancel_request``); ``None`` params: none sent,
``None`` result: a void result (0.0.x) or a notification."""
