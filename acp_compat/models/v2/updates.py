# generated from the schemas below by acp_compat.models.codegen: do not edit
#   vectors/schemas/v2/acp-v2-draft-ts-sdk-2.4.0.schema.json
#   vectors/schemas/v2/acp-v2-draft-ts-sdk-2.4.0.unstable.schema.json
"""ACP v2 (draft) models: ``session/update``: upserts of messages, tool calls, plans, terminals and
the session's state.
"""

from typing import Any, Final, Literal, TypeAlias

from acp_compat._define import define
from acp_compat.models._base import UNCHANGED, Unchanged, always, meta_field, tagged_union
from acp_compat.models.v2.content import ContentBlock
from acp_compat.models.v2.session import (
    AvailableCommand,
    IdleStateUpdate,
    RequiresActionStateUpdate,
    RunningStateUpdate,
    SessionConfigOption,
    StateUpdate,
    UnknownStateUpdate,
)
from acp_compat.models.v2.tools import ToolCallContent, ToolCallUpdate


@define(kw_only=True)
class AgentMessage:
    """An agent message upsert."""

    session_update: Literal["agent_message"] = always("agent_message")
    message_id: str
    """A unique identifier for the message."""
    content: list[ContentBlock] | None = None
    """Complete replacement content for this message."""
    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class ContentChunk:
    """A streamed item of message content."""

    message_id: str
    """A unique identifier for the message this chunk belongs to."""
    content: ContentBlock
    """A single item of content"""
    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class AgentMessageChunk(ContentChunk):
    """A chunk of the agent's response being streamed."""

    session_update: Literal["agent_message_chunk"] = always("agent_message_chunk")


@define(kw_only=True)
class AgentThought:
    """An agent thought or reasoning message upsert."""

    session_update: Literal["agent_thought"] = always("agent_thought")
    message_id: str
    """A unique identifier for the thought message."""
    content: list[ContentBlock] | None = None
    """Complete replacement content for this thought message."""
    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class AgentThoughtChunk(ContentChunk):
    """A chunk of the agent's internal reasoning being streamed."""

    session_update: Literal["agent_thought_chunk"] = always("agent_thought_chunk")


@define(kw_only=True)
class AvailableCommandsUpdate:
    """Available commands are ready or have changed"""

    session_update: Literal["available_commands_update"] = always("available_commands_update")
    available_commands: list[AvailableCommand]
    """Commands the agent can execute."""
    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class CompactionSummaryChunk:
    """A content block appended to a compaction's summary. A first-seen ID creates an in-
    progress compaction. Chunks append in receive order.
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
    position. Later updates with the same ID patch that entity in place.
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


NoticeSeverity: TypeAlias = str
"""Severity hint for a session notice.

Known values: ``info``, ``warning``, ``error``.

Open: any other string is kept.
"""

NOTICE_SEVERITY_VALUES: Final = frozenset({"info", "warning", "error"})
"""The values of ``NoticeSeverity`` this schema knows."""


@define(kw_only=True)
class Notice:
    """Fire-and-forget information for the user."""

    session_update: Literal["notice"] = always("notice")
    severity: NoticeSeverity
    """Presentation severity hint."""
    title: str
    """Required non-empty plain-text title that can stand alone."""
    description: str | None = None
    """Optional plain-text detail or guidance."""
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


PlanEntryPriority: TypeAlias = str
"""Priority levels for plan entries.

Known values: ``high``, ``medium``, ``low``.

Open: any other string is kept.
"""

PLAN_ENTRY_PRIORITY_VALUES: Final = frozenset({"high", "medium", "low"})
"""The values of ``PlanEntryPriority`` this schema knows."""


PlanEntryStatus: TypeAlias = str
"""Status of a plan entry in the execution flow.

Known values: ``pending``, ``in_progress``, ``completed``, ``cancelled``.

Open: any other string is kept.
"""

PLAN_ENTRY_STATUS_VALUES: Final = frozenset({"pending", "in_progress", "completed", "cancelled"})
"""The values of ``PlanEntryStatus`` this schema knows."""


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
class PlanItems:
    """A plan represented as structured entries."""

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
"""Updated content for a plan."""
tagged_union(
    PlanUpdateContent,
    tag="type",
    members={"items": PlanItems, "file": PlanFile, "markdown": PlanMarkdown},
    fallback=UnknownPlanUpdateContent,
)


@define(kw_only=True)
class PlanUpdate:
    """A content update for a plan identified by ID."""

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
    """RFC 3339 timestamp of last activity. Set to null to clear."""
    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class SessionMessage:
    """**UNSTABLE**

    Unstable.
    """

    session_update: Literal["session_message"] = always("session_message")
    message_id: str
    """Identifier of this message within the enclosing session's transcript."""
    sender_session_id: str | Unchanged | None = UNCHANGED
    """The sending session."""
    recipient_session_id: str | Unchanged | None = UNCHANGED
    """The receiving session."""
    sender_message_id: str | Unchanged | None = UNCHANGED
    """On an incoming view, the `messageId` of the same message's outgoing view in the
    sender's transcript.
    """
    recipient_message_id: str | Unchanged | None = UNCHANGED
    """On an outgoing view, the `messageId` of the same message's incoming view in the
    recipient's transcript.
    """
    content: list[ContentBlock] | Unchanged | None = UNCHANGED
    """Omitted leaves content unchanged. `null` clears it. A concrete array replaces the
    whole content collection.
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
class SessionIdleStateUpdate(IdleStateUpdate):
    """``SessionIdleStateUpdate``."""

    session_update: Literal["state_update"] = always("state_update")


@define(kw_only=True)
class SessionRequiresActionStateUpdate(RequiresActionStateUpdate):
    """``SessionRequiresActionStateUpdate``."""

    session_update: Literal["state_update"] = always("state_update")


@define(kw_only=True)
class SessionRunningStateUpdate(RunningStateUpdate):
    """``SessionRunningStateUpdate``."""

    session_update: Literal["state_update"] = always("state_update")


@define(kw_only=True)
class SessionUnknownStateUpdate(UnknownStateUpdate):
    """``SessionUnknownStateUpdate``."""

    session_update: Literal["state_update"] = always("state_update")


@define(kw_only=True)
class UnknownSessionStateUpdate:
    """A ``SessionStateUpdate`` of a kind this schema does not know; ``data`` is the raw object,
    written back verbatim.
    """

    data: dict[str, Any]


SessionStateUpdate: TypeAlias = (
    SessionRunningStateUpdate
    | SessionIdleStateUpdate
    | SessionRequiresActionStateUpdate
    | SessionUnknownStateUpdate
    | UnknownSessionStateUpdate
)
"""A snapshot of the session's aggregate foreground activity."""
tagged_union(
    SessionStateUpdate,
    tag="state",
    members={
        "running": SessionRunningStateUpdate,
        "idle": SessionIdleStateUpdate,
        "requires_action": SessionRequiresActionStateUpdate,
        "unknown": SessionUnknownStateUpdate,
    },
    fallback=UnknownSessionStateUpdate,
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
    Omitted and `null` are equivalent and mean unsupported. An object (including `{}`)
    means supported.
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
    """The child's current foreground state, mirrored onto its parent association."""
    cwd: str | Unchanged | None = UNCHANGED
    """The child's working directory. Must be an absolute path."""
    additional_directories: list[str] | Unchanged | None = UNCHANGED
    """Additional workspace roots for the child. Each path must be absolute."""
    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class TerminalOutputChunk:
    """A chunk of bytes appended to an agent-owned terminal's output."""

    session_update: Literal["terminal_output_chunk"] = always("terminal_output_chunk")
    terminal_id: str
    """The terminal receiving these bytes."""
    data: str
    """Independently base64-encoded terminal output bytes."""
    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class TerminalCancelCapabilities:
    """Capability to cancel a terminal with `terminal/cancel`."""

    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class TerminalCapabilities:
    """Client-initiated controls a terminal currently supports."""

    cancel: TerminalCancelCapabilities | None = None
    """Permits the Client to cancel this terminal with `terminal/cancel`."""
    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class TerminalExitStatus:
    """Exit information for an agent-owned terminal."""

    exit_code: int | None = None
    """Process exit code as the platform reports it, when known. Negative values are
    allowed, for example signed Windows exit codes. Omitted and `null` are equivalent.
    """
    signal: str | None = None
    """Signal that terminated the process, when known."""
    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class TerminalOutput:
    """An authoritative replacement snapshot of terminal output bytes."""

    data: str
    """Base64-encoded replacement terminal output bytes."""
    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class TerminalSize:
    """The size of an agent-owned terminal in character cells."""

    cols: int
    """Number of columns."""
    rows: int
    """Number of rows."""
    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class TerminalUpdate:
    """An upsert for the stored state of an agent-owned terminal."""

    session_update: Literal["terminal_update"] = always("terminal_update")
    terminal_id: str
    """Unique identifier for this terminal within the session."""
    command: str | None = None
    """The command being run."""
    cwd: str | None = None
    """The absolute working directory of the command."""
    output: TerminalOutput | None = None
    """An authoritative replacement snapshot of terminal output bytes."""
    exit_status: TerminalExitStatus | None = None
    """Exit information. A concrete object marks the terminal as exited."""
    size: TerminalSize | None = None
    """The terminal size the command runs with, when known."""
    capabilities: TerminalCapabilities | Unchanged | None = UNCHANGED
    """Client-initiated controls this terminal currently supports, such as cancellation."""
    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class ToolCallContentChunk:
    """A streamed item of tool-call content."""

    session_update: Literal["tool_call_content_chunk"] = always("tool_call_content_chunk")
    tool_call_id: str
    """The ID of the tool call this content belongs to."""
    content: ToolCallContent
    """A single item of content produced by the tool call."""
    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class ToolCallProgress(ToolCallUpdate):
    """A tool call has been created or updated."""

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
    cost: Cost | Unchanged | None = UNCHANGED
    """Cumulative session cost."""
    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class UserMessage:
    """A user message upsert."""

    session_update: Literal["user_message"] = always("user_message")
    message_id: str
    """A unique identifier for the message."""
    content: list[ContentBlock] | None = None
    """Complete replacement content for this message."""
    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class UserMessageChunk(ContentChunk):
    """A chunk of the user's message being streamed."""

    session_update: Literal["user_message_chunk"] = always("user_message_chunk")


SessionUpdate: TypeAlias = (
    UserMessageChunk
    | UserMessage
    | AgentMessageChunk
    | AgentMessage
    | AgentThoughtChunk
    | AgentThought
    | SessionStateUpdate
    | ToolCallContentChunk
    | ToolCallProgress
    | TerminalUpdate
    | TerminalOutputChunk
    | PlanUpdate
    | PlanRemoved
    | AvailableCommandsUpdate
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
"""Different types of updates that can be sent while a session exists."""
tagged_union(
    SessionUpdate,
    tag="sessionUpdate",
    members={
        "user_message_chunk": UserMessageChunk,
        "user_message": UserMessage,
        "agent_message_chunk": AgentMessageChunk,
        "agent_message": AgentMessage,
        "agent_thought_chunk": AgentThoughtChunk,
        "agent_thought": AgentThought,
        "state_update": SessionStateUpdate,
        "tool_call_content_chunk": ToolCallContentChunk,
        "tool_call_update": ToolCallProgress,
        "terminal_update": TerminalUpdate,
        "terminal_output_chunk": TerminalOutputChunk,
        "plan_update": PlanUpdate,
        "plan_removed": PlanRemoved,
        "available_commands_update": AvailableCommandsUpdate,
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
class UpdateSessionNotification:
    """Notification containing a session update from the agent."""

    session_id: str
    """The ID of the session this update pertains to."""
    update: SessionUpdate
    """The actual update content."""
    meta: dict[str, Any] | None = meta_field()
