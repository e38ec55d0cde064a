"""``session/update``: the agent's stream of session events (``SessionNotification``).

``SessionUpdate`` is tagged by ``sessionUpdate`` with fourteen kinds (the last three,
``notice``, ``compaction_update`` and ``compaction_summary_chunk``, are in the schema the
TypeScript SDK 2.4.0 ships, not yet in 1.21.0); a kind this schema does
not know lands in :class:`UnknownSessionUpdate` and is written back verbatim (clients SHOULD
ignore updates they do not understand, a relay must still pass them on).

``PlanEntryPriority`` / ``PlanEntryStatus`` are closed: unchanged since plans were added,
and the legacy ``updatePlan`` mapping needs every value.
"""

import enum
from typing import Any, Final, Literal, TypeAlias

from acp_compat._define import define
from acp_compat.models._base import always, meta_field, tagged_union
from acp_compat.models.current.content import ContentBlock
from acp_compat.models.current.session import SessionConfigOption
from acp_compat.models.current.tools import ToolCall, ToolCallUpdate

PlanEntryPriority = Literal["high", "medium", "low"]
"""How important a plan entry is."""
PlanEntryStatus = Literal["pending", "in_progress", "completed"]
"""Where a plan entry stands."""


@define(kw_only=True)
class ContentChunk:
    """A streamed piece of a message; chunks with the same ``message_id`` form one message."""

    content: ContentBlock
    message_id: str | None = None
    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class UserMessageChunk(ContentChunk):
    """Part of the user's message (``user_message_chunk``), e.g. replayed by ``session/load``."""

    session_update: Literal["user_message_chunk"] = always("user_message_chunk")


@define(kw_only=True)
class AgentMessageChunk(ContentChunk):
    """Part of the agent's reply (``agent_message_chunk``)."""

    session_update: Literal["agent_message_chunk"] = always("agent_message_chunk")


@define(kw_only=True)
class AgentThoughtChunk(ContentChunk):
    """Part of the agent's reasoning (``agent_thought_chunk``)."""

    session_update: Literal["agent_thought_chunk"] = always("agent_thought_chunk")


@define(kw_only=True)
class ToolCallStart(ToolCall):
    """A new tool call (``tool_call``): every :class:`ToolCall` field plus the tag."""

    session_update: Literal["tool_call"] = always("tool_call")


@define(kw_only=True)
class ToolCallProgress(ToolCallUpdate):
    """Changes to a tool call (``tool_call_update``): :class:`ToolCallUpdate` plus the tag."""

    session_update: Literal["tool_call_update"] = always("tool_call_update")


@define(kw_only=True)
class PlanEntry:
    """One step of the agent's plan."""

    content: str
    priority: PlanEntryPriority
    status: PlanEntryStatus
    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class PlanUpdate:
    """The agent's whole current plan (``plan``); it replaces the previous one."""

    session_update: Literal["plan"] = always("plan")
    entries: list[PlanEntry]
    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class UnstructuredCommandInput:
    """A slash command takes free text; ``hint`` is shown when none is typed yet."""

    hint: str
    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class AvailableCommand:
    """A slash command the agent offers."""

    name: str
    description: str
    input: UnstructuredCommandInput | None = None
    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class AvailableCommandsUpdate:
    """The full list of slash commands now available (``available_commands_update``)."""

    session_update: Literal["available_commands_update"] = always("available_commands_update")
    available_commands: list[AvailableCommand]
    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class CurrentModeUpdate:
    """The session switched mode (``current_mode_update``)."""

    session_update: Literal["current_mode_update"] = always("current_mode_update")
    current_mode_id: str
    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class ConfigOptionUpdate:
    """Every config option as it now stands (``config_option_update``)."""

    session_update: Literal["config_option_update"] = always("config_option_update")
    config_options: list[SessionConfigOption]
    meta: dict[str, Any] | None = meta_field()


class Unchanged(enum.Enum):
    """The type of :data:`UNCHANGED`."""

    UNCHANGED = "unchanged"


UNCHANGED: Final = Unchanged.UNCHANGED
"""A field left out of a partial update; ``None`` there is an explicit ``null`` ("clear")."""


@define(kw_only=True)
class SessionInfoUpdate:
    """New session metadata (``session_info_update``).

    Tri-state fields: :data:`UNCHANGED` (the default) is absent on the wire and keeps the
    old value; ``None`` is ``null`` and clears it; a string sets it.
    """

    session_update: Literal["session_info_update"] = always("session_info_update")
    title: str | Unchanged | None = UNCHANGED
    updated_at: str | Unchanged | None = UNCHANGED
    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class Cost:
    """A session's cumulative cost."""

    amount: float
    currency: str
    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class UsageUpdate:
    """Context window use in tokens, and cost (``usage_update``)."""

    session_update: Literal["usage_update"] = always("usage_update")
    used: int
    size: int
    cost: Cost | None = None
    meta: dict[str, Any] | None = meta_field()


NoticeSeverity: TypeAlias = str
"""``info``, ``warning``, ``error``, or a custom or future severity (kept verbatim)."""

CompactionStatus: TypeAlias = str
"""``in_progress``, ``completed``, ``failed``, ``cancelled``, or a future status."""


@define(kw_only=True)
class Notice:
    """Fire-and-forget information for the user (``notice``), not session history.

    Agents send it only to clients that advertised ``session.notices``.
    """

    session_update: Literal["notice"] = always("notice")
    severity: NoticeSeverity
    title: str
    description: str | None = None
    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class CompactionUpdate:
    """A context compaction, created or patched by id (``compaction_update``).

    ``summary`` and ``error`` are patches: :data:`UNCHANGED` (the default) is absent and
    keeps the stored value, ``None`` is ``null`` and clears it, a value replaces it.
    """

    session_update: Literal["compaction_update"] = always("compaction_update")
    compaction_id: str
    status: CompactionStatus
    summary: list[ContentBlock] | Unchanged | None = UNCHANGED
    error: str | Unchanged | None = UNCHANGED
    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class CompactionSummaryChunk:
    """One content block appended to a compaction's summary (``compaction_summary_chunk``)."""

    session_update: Literal["compaction_summary_chunk"] = always("compaction_summary_chunk")
    compaction_id: str
    content: ContentBlock
    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class UnknownSessionUpdate:
    """A session update of a kind this schema does not know; ``data`` is the raw object."""

    data: dict[str, Any]


SessionUpdate: TypeAlias = (
    UserMessageChunk
    | AgentMessageChunk
    | AgentThoughtChunk
    | ToolCallStart
    | ToolCallProgress
    | PlanUpdate
    | AvailableCommandsUpdate
    | CurrentModeUpdate
    | ConfigOptionUpdate
    | SessionInfoUpdate
    | UsageUpdate
    | Notice
    | CompactionUpdate
    | CompactionSummaryChunk
    | UnknownSessionUpdate
)
"""Any session update, tagged by ``sessionUpdate``."""
tagged_union(
    SessionUpdate,
    tag="sessionUpdate",
    members={
        "user_message_chunk": UserMessageChunk,
        "agent_message_chunk": AgentMessageChunk,
        "agent_thought_chunk": AgentThoughtChunk,
        "tool_call": ToolCallStart,
        "tool_call_update": ToolCallProgress,
        "plan": PlanUpdate,
        "available_commands_update": AvailableCommandsUpdate,
        "current_mode_update": CurrentModeUpdate,
        "config_option_update": ConfigOptionUpdate,
        "session_info_update": SessionInfoUpdate,
        "usage_update": UsageUpdate,
        "notice": Notice,
        "compaction_update": CompactionUpdate,
        "compaction_summary_chunk": CompactionSummaryChunk,
    },
    fallback=UnknownSessionUpdate,
)


@define(kw_only=True)
class SessionNotification:
    """``session/update`` params: one update for one session (a notification)."""

    session_id: str
    update: SessionUpdate
    meta: dict[str, Any] | None = meta_field()
