# generated from the schemas below by acp_compat.models.codegen: do not edit
#   vectors/schemas/current/acp-v1-schema-1.21.0.schema.json
#   vectors/schemas/current/acp-v1-schema-ts-sdk-2.4.0.schema.json
#   vectors/schemas/current/acp-v1-schema-ts-sdk-2.4.0.unstable.schema.json
"""ACP v1 models: ``session/update``, the agent's stream of session events."""

from typing import Any, Final, Literal, TypeAlias

from acp_compat._define import define
from acp_compat.models._base import UNCHANGED, Unchanged, always, meta_field, tagged_union
from acp_compat.models.current.content import ContentBlock
from acp_compat.models.current.prompt import Usage
from acp_compat.models.current.rpc import Error
from acp_compat.models.current.session import SessionConfigOption
from acp_compat.models.current.tools import ToolCall, ToolCallUpdate


@define(kw_only=True)
class ContentChunk:
    """A streamed item of content"""

    content: ContentBlock
    """A single item of content"""
    message_id: str | None = None
    """A unique identifier for the message this chunk belongs to."""
    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class AgentMessageChunk(ContentChunk):
    """A chunk of the agent's response being streamed."""

    session_update: Literal["agent_message_chunk"] = always("agent_message_chunk")


@define(kw_only=True)
class AgentThoughtChunk(ContentChunk):
    """A chunk of the agent's internal reasoning being streamed."""

    session_update: Literal["agent_thought_chunk"] = always("agent_thought_chunk")


@define(kw_only=True)
class UnstructuredCommandInput:
    """All text that was typed after the command name is provided as input."""

    hint: str
    """A hint to display when the input hasn't been provided yet"""
    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class AvailableCommand:
    """Information about a command."""

    name: str
    """Command name (e.g., `create_plan`, `research_codebase`)."""
    description: str
    """Human-readable description of what the command does."""
    input: UnstructuredCommandInput | None = None
    """Input for the command if required"""
    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class AvailableCommandsUpdate:
    """Available commands are ready or have changed"""

    session_update: Literal["available_commands_update"] = always("available_commands_update")
    available_commands: list[AvailableCommand]
    """Commands the agent can execute"""
    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class CompactionSummaryChunk:
    """A content block appended to a compaction's summary. A first-seen ID creates an in-
    progress compaction. Chunks append in receive order. Agents MUST only send this update
    when the Client advertised the `session.compaction` Client capability.

    New in the TypeScript SDK 2.4.0 schema.
    """

    session_update: Literal["compaction_summary_chunk"] = always("compaction_summary_chunk")
    compaction_id: str
    """ID of the compaction whose summary receives this content."""
    content: ContentBlock
    """One content block to append."""
    meta: dict[str, Any] | None = meta_field()


CompactionStatus: TypeAlias = str
"""Lifecycle state of a context compaction.

Known values: ``in_progress``, ``completed``, ``failed``, ``cancelled``.

Open: any other string is kept.
"""

COMPACTION_STATUS_VALUES: Final = frozenset({"in_progress", "completed", "failed", "cancelled"})
"""The values of ``CompactionStatus`` this schema knows."""


@define(kw_only=True)
class CompactionUpdate:
    """A context compaction upsert. The first notification fixes the compaction's timeline
    position. Later updates with the same ID patch that entity in place. Agents MUST only
    send this update when the Client advertised the `session.compaction` Client capability.

    New in the TypeScript SDK 2.4.0 schema.
    """

    session_update: Literal["compaction_update"] = always("compaction_update")
    compaction_id: str
    """The Agent-owned ID of this compaction, unique within the session."""
    status: CompactionStatus
    """Current lifecycle status."""
    summary: list[ContentBlock] | Unchanged | None = UNCHANGED
    """Complete replacement user-displayable summary content for the compaction."""
    error: str | Unchanged | None = UNCHANGED
    """Human-readable error details for the compaction."""
    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class ConfigOptionUpdate:
    """Session configuration options have been updated."""

    session_update: Literal["config_option_update"] = always("config_option_update")
    config_options: list[SessionConfigOption]
    """The full set of configuration options and their current values."""
    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class CurrentModeUpdate:
    """The current mode of the session has changed"""

    session_update: Literal["current_mode_update"] = always("current_mode_update")
    current_mode_id: str
    """The ID of the current mode"""
    meta: dict[str, Any] | None = meta_field()


NoticeSeverity: TypeAlias = str
"""Severity hint for a session notice.

Known values: ``info``, ``warning``, ``error``.

Open: any other string is kept.
"""

NOTICE_SEVERITY_VALUES: Final = frozenset({"info", "warning", "error"})
"""The values of ``NoticeSeverity`` this schema knows."""


@define(kw_only=True)
class Notice:
    """Fire-and-forget information for the user.

    New in the TypeScript SDK 2.4.0 schema.
    """

    session_update: Literal["notice"] = always("notice")
    severity: NoticeSeverity
    """Presentation severity hint."""
    title: str
    """Required non-empty plain-text title that can stand alone."""
    description: str | None = None
    """Optional plain-text detail or guidance."""
    meta: dict[str, Any] | None = meta_field()


PlanEntryPriority: TypeAlias = Literal["high", "medium", "low"]
"""Priority levels for plan entries."""


PlanEntryStatus: TypeAlias = Literal["pending", "in_progress", "completed"]
"""Status of a plan entry in the execution flow."""


@define(kw_only=True)
class PlanEntry:
    """A single entry in the execution plan."""

    content: str
    """Human-readable description of what this task aims to accomplish."""
    priority: PlanEntryPriority
    """The relative importance of this task. Used to indicate which tasks are most critical
    to the overall goal.
    """
    status: PlanEntryStatus
    """Current execution status of this task."""
    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class Plan:
    """An execution plan for accomplishing complex tasks."""

    session_update: Literal["plan"] = always("plan")
    entries: list[PlanEntry]
    """The list of tasks to be accomplished."""
    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class PlanRemoved:
    """**UNSTABLE**

    Unstable.
    """

    session_update: Literal["plan_removed"] = always("plan_removed")
    plan_id: str
    """The plan ID to remove."""
    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class PlanFile:
    """**UNSTABLE**

    Unstable.
    """

    type: Literal["file"] = always("file")
    plan_id: str
    """The plan ID to update."""
    uri: str
    """The URI of the file containing the plan."""
    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class PlanItems:
    """**UNSTABLE**

    Unstable.
    """

    type: Literal["items"] = always("items")
    plan_id: str
    """The plan ID to update."""
    entries: list[PlanEntry]
    """The list of tasks to be accomplished."""
    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class PlanMarkdown:
    """**UNSTABLE**

    Unstable.
    """

    type: Literal["markdown"] = always("markdown")
    plan_id: str
    """The plan ID to update."""
    content: str
    """Markdown content for the plan."""
    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class UnknownPlanUpdateContent:
    """A ``PlanUpdateContent`` of a kind this schema does not know; ``data`` is the raw object,
    written back verbatim.
    """

    data: dict[str, Any]


PlanUpdateContent: TypeAlias = PlanItems | PlanFile | PlanMarkdown | UnknownPlanUpdateContent
"""**UNSTABLE**"""
tagged_union(
    PlanUpdateContent,
    tag="type",
    members={"items": PlanItems, "file": PlanFile, "markdown": PlanMarkdown},
    fallback=UnknownPlanUpdateContent,
)


@define(kw_only=True)
class PlanUpdate:
    """**UNSTABLE**

    Unstable.
    """

    session_update: Literal["plan_update"] = always("plan_update")
    plan: PlanUpdateContent
    """The updated plan content."""
    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class SessionInfoUpdate:
    """Update to session metadata. All fields are optional to support partial updates."""

    session_update: Literal["session_info_update"] = always("session_info_update")
    title: str | Unchanged | None = UNCHANGED
    """Human-readable title for the session. Set to null to clear."""
    updated_at: str | Unchanged | None = UNCHANGED
    """ISO 8601 timestamp of last activity. Set to null to clear."""
    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class SessionMessage:
    """**UNSTABLE**

    Unstable.
    """

    session_update: Literal["session_message"] = always("session_message")
    message_id: str
    """Identifier of this message within the enclosing session's transcript."""
    sender_session_id: str | None = None
    """The sending session."""
    recipient_session_id: str | None = None
    """The receiving session."""
    sender_message_id: str | None = None
    """On an incoming view, the `messageId` of the same message's outgoing view in the
    sender's transcript.
    """
    recipient_message_id: str | None = None
    """On an outgoing view, the `messageId` of the same message's incoming view in the
    recipient's transcript.
    """
    content: list[ContentBlock] | None = None
    """Omitted leaves content unchanged. `null` or `[]` clears it. A non-empty array
    replaces all content.
    """
    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class SessionMessageChunk:
    """**UNSTABLE**

    Unstable.
    """

    session_update: Literal["session_message_chunk"] = always("session_message_chunk")
    message_id: str
    """Identifier of this message within the enclosing session's transcript."""
    content: ContentBlock
    """A single content block appended to the message."""
    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class IdleStateUpdate:
    """The child is ready to process another prompt.

    Unstable.
    """

    state: Literal["idle"] = always("idle")
    usage: Usage | None = None
    """**UNSTABLE** Token usage for completed foreground work."""
    stop_reason: str | None = None
    """Why foreground work stopped. The value selects one of this type's variants, which
    may add fields of their own.
    """
    error: Error | None = None
    """The failure, as a JSON-RPC error object."""
    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class OtherStateUpdate:
    """A ``StateUpdate`` of a kind this schema does not know; ``data`` is the raw object, written
    back verbatim.
    """

    data: dict[str, Any]


@define(kw_only=True)
class RequiresActionStateUpdate:
    """Foreground work is blocked on user action.

    Unstable.
    """

    state: Literal["requires_action"] = always("requires_action")
    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class RunningStateUpdate:
    """Foreground work is in progress.

    Unstable.
    """

    state: Literal["running"] = always("running")
    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class UnknownStateUpdate:
    """**UNSTABLE**

    Unstable.
    """

    state: Literal["unknown"] = always("unknown")
    meta: dict[str, Any] | None = meta_field()


StateUpdate: TypeAlias = (
    RunningStateUpdate
    | IdleStateUpdate
    | RequiresActionStateUpdate
    | UnknownStateUpdate
    | OtherStateUpdate
)
"""**UNSTABLE**"""
tagged_union(
    StateUpdate,
    tag="state",
    members={
        "running": RunningStateUpdate,
        "idle": IdleStateUpdate,
        "requires_action": RequiresActionStateUpdate,
        "unknown": UnknownStateUpdate,
    },
    fallback=OtherStateUpdate,
)


@define(kw_only=True)
class SessionCancelCapabilities:
    """**UNSTABLE**

    Unstable.
    """

    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class SubagentSessionCapabilities:
    """**UNSTABLE**

    Unstable.
    """

    cancel: SessionCancelCapabilities | None = None
    """Permits the client to cancel this child's current work without ending the session.
    Omitted or `null` means unsupported. An object (including `{}`) means supported.
    """
    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class SubagentUpdate:
    """**UNSTABLE**

    Unstable.
    """

    session_update: Literal["subagent_update"] = always("subagent_update")
    session_id: str
    """The opaque session ID identifying the child in all ACP messages."""
    title: str | Unchanged | None = UNCHANGED
    """The parent's human-readable display title for this child. It need not be unique."""
    description: str | Unchanged | None = UNCHANGED
    """The parent's human-readable description of the child's role or purpose."""
    capabilities: SubagentSessionCapabilities | Unchanged | None = UNCHANGED
    """Client-initiated session mutations permitted for this subagent session."""
    state: StateUpdate | Unchanged | None = UNCHANGED
    """Current state snapshot for the child session."""
    cwd: str | Unchanged | None = UNCHANGED
    """The child's working directory. Must be an absolute path."""
    additional_directories: list[str] | Unchanged | None = UNCHANGED
    """Additional workspace roots for the child. Each path must be absolute."""
    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class ToolCallProgress(ToolCallUpdate):
    """Update on the status or results of a tool call."""

    session_update: Literal["tool_call_update"] = always("tool_call_update")


@define(kw_only=True)
class UnknownSessionUpdate:
    """A ``SessionUpdate`` of a kind this schema does not know; ``data`` is the raw object, written
    back verbatim.
    """

    data: dict[str, Any]


@define(kw_only=True)
class Cost:
    """Cost information for a session."""

    amount: float
    """Total cumulative cost for session."""
    currency: str
    """Unit of `amount`: an ISO 4217 currency code (e.g., "USD", "EUR") for money, or
    another unit such as "credits".
    """
    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class UsageUpdate:
    """Context window and cost update for a session."""

    session_update: Literal["usage_update"] = always("usage_update")
    used: int
    """Tokens currently in context."""
    size: int
    """Total context window size in tokens."""
    cost: Cost | None = None
    """Cumulative session cost (optional)."""
    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class UserMessageChunk(ContentChunk):
    """A chunk of the user's message being streamed."""

    session_update: Literal["user_message_chunk"] = always("user_message_chunk")


SessionUpdate: TypeAlias = (
    UserMessageChunk
    | AgentMessageChunk
    | AgentThoughtChunk
    | ToolCall
    | ToolCallProgress
    | Plan
    | PlanUpdate
    | PlanRemoved
    | AvailableCommandsUpdate
    | CurrentModeUpdate
    | ConfigOptionUpdate
    | SessionInfoUpdate
    | UsageUpdate
    | Notice
    | CompactionUpdate
    | CompactionSummaryChunk
    | SubagentUpdate
    | SessionMessage
    | SessionMessageChunk
    | UnknownSessionUpdate
)
"""Different types of updates that can be sent during session processing."""
tagged_union(
    SessionUpdate,
    tag="sessionUpdate",
    members={
        "user_message_chunk": UserMessageChunk,
        "agent_message_chunk": AgentMessageChunk,
        "agent_thought_chunk": AgentThoughtChunk,
        "tool_call": ToolCall,
        "tool_call_update": ToolCallProgress,
        "plan": Plan,
        "plan_update": PlanUpdate,
        "plan_removed": PlanRemoved,
        "available_commands_update": AvailableCommandsUpdate,
        "current_mode_update": CurrentModeUpdate,
        "config_option_update": ConfigOptionUpdate,
        "session_info_update": SessionInfoUpdate,
        "usage_update": UsageUpdate,
        "notice": Notice,
        "compaction_update": CompactionUpdate,
        "compaction_summary_chunk": CompactionSummaryChunk,
        "subagent_update": SubagentUpdate,
        "session_message": SessionMessage,
        "session_message_chunk": SessionMessageChunk,
    },
    fallback=UnknownSessionUpdate,
)


@define(kw_only=True)
class SessionNotification:
    """Notification containing a session update from the agent."""

    session_id: str
    """The ID of the session this update pertains to."""
    update: SessionUpdate
    """The actual update content."""
    meta: dict[str, Any] | None = meta_field()
