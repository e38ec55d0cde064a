# generated from the schemas below by acp_compat.models.codegen: do not edit
#   vectors/schemas/v2/acp-v2-draft-ts-sdk-2.4.0.schema.json
#   vectors/schemas/v2/acp-v2-draft-ts-sdk-2.4.0.unstable.schema.json
"""ACP v2 (draft) models: sessions: ``session/new``, ``load``, ``list``, ``resume``, ``close``,
modes, config options, MCP servers.
"""

from typing import Any, Final, Literal, TypeAlias

from acp_compat._define import define
from acp_compat.models._base import always, keyed_union, meta_field, tagged_union
from acp_compat.models.v2.content import ContentBlock
from acp_compat.models.v2.initialize import EnvVariable
from acp_compat.models.v2.prompt import Usage
from acp_compat.models.v2.rpc import Error


@define(kw_only=True)
class TextCommandInput:
    """All text that was typed after the command name is provided as input."""

    type: Literal["text"] = always("text")
    hint: str
    """A hint to display when the input hasn't been provided yet"""
    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class UnknownAvailableCommandInput:
    """A ``AvailableCommandInput`` of a kind this schema does not know; ``data`` is the raw object,
    written back verbatim.
    """

    data: dict[str, Any]


AvailableCommandInput: TypeAlias = TextCommandInput | UnknownAvailableCommandInput
"""The input specification for a command."""
tagged_union(
    AvailableCommandInput,
    tag="type",
    members={"text": TextCommandInput},
    fallback=UnknownAvailableCommandInput,
)


@define(kw_only=True)
class Command:
    """A slash command the user can invoke by including it in a prompt."""

    type: Literal["command"] = always("command")
    name: str
    """Command name without the leading `/` (e.g., `create_plan`, `research_codebase`)."""
    description: str
    """Human-readable description of what the command does."""
    input: AvailableCommandInput | None = None
    """Input for the command if required"""
    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class UnknownAvailableCommand:
    """A ``AvailableCommand`` of a kind this schema does not know; ``data`` is the raw object,
    written back verbatim.
    """

    data: dict[str, Any]


AvailableCommand: TypeAlias = Command | UnknownAvailableCommand
"""A command the agent advertises to the client."""
tagged_union(
    AvailableCommand, tag="type", members={"command": Command}, fallback=UnknownAvailableCommand
)


SessionConfigOptionCategory: TypeAlias = str
"""Semantic category for a session configuration option.

Known values: ``mode``, ``model``, ``model_config``, ``thought_level``.

Open: any other string is kept.
"""

SESSION_CONFIG_OPTION_CATEGORY_VALUES: Final = frozenset(
    {"mode", "model", "model_config", "thought_level"}
)
"""The values of ``SessionConfigOptionCategory`` this schema knows."""


@define(kw_only=True)
class SessionConfigBoolean:
    """A boolean on/off toggle session configuration option payload."""

    type: Literal["boolean"] = always("boolean")
    config_id: str
    """Unique identifier for the configuration option."""
    name: str
    """Human-readable label for the option."""
    description: str | None = None
    """Optional description for the Client to display to the user."""
    category: SessionConfigOptionCategory | None = None
    """Optional semantic category for this option (UX only)."""
    current_value: bool
    """The current value of the boolean option."""
    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class SessionConfigSelectOption:
    """A possible value for a session configuration option."""

    value: str
    """Unique identifier for this option value."""
    name: str
    """Human-readable label for this option value."""
    description: str | None = None
    """Optional description for this option value."""
    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class SessionConfigSelectGroup:
    """A group of possible values for a session configuration option."""

    group_id: str
    """Unique identifier for this group."""
    name: str
    """Human-readable label for this group."""
    options: list[SessionConfigSelectOption]
    """The set of option values in this group. MUST contain at least one value."""
    meta: dict[str, Any] | None = meta_field()


SessionConfigSelectEntry: TypeAlias = SessionConfigSelectOption | SessionConfigSelectGroup
"""Possible values for a session configuration option."""
keyed_union(
    SessionConfigSelectEntry,
    {"value": SessionConfigSelectOption, "groupId": SessionConfigSelectGroup},
)


@define(kw_only=True)
class SessionConfigSelect:
    """A single-value selector (dropdown) session configuration option payload."""

    type: Literal["select"] = always("select")
    config_id: str
    """Unique identifier for the configuration option."""
    name: str
    """Human-readable label for the option."""
    description: str | None = None
    """Optional description for the Client to display to the user."""
    category: SessionConfigOptionCategory | None = None
    """Optional semantic category for this option (UX only)."""
    current_value: str
    """The currently selected value. MUST be one of the `value`s in `options`."""
    options: list[SessionConfigSelectEntry]
    """The set of selectable options. MUST contain at least one value, and each `value`
    MUST be unique within the option, including across groups.
    """
    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class UnknownSessionConfigOption:
    """A ``SessionConfigOption`` of a kind this schema does not know; ``data`` is the raw object,
    written back verbatim.
    """

    data: dict[str, Any]


SessionConfigOption: TypeAlias = (
    SessionConfigSelect | SessionConfigBoolean | UnknownSessionConfigOption
)
"""A session configuration option selector and its current state."""
tagged_union(
    SessionConfigOption,
    tag="type",
    members={"select": SessionConfigSelect, "boolean": SessionConfigBoolean},
    fallback=UnknownSessionConfigOption,
)


@define(kw_only=True)
class NewSessionResponse:
    """Response from creating a new session."""

    session_id: str
    """Unique identifier for the created session."""
    config_options: list[SessionConfigOption] | None = None
    """Initial session configuration options."""
    available_commands: list[AvailableCommand] | None = None
    """Initial commands the agent can execute in this session."""
    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class SessionInfo:
    """Information about a session returned by session/list"""

    session_id: str
    """Unique identifier for the session"""
    cwd: str
    """The working directory for this session. Must be an absolute path."""
    additional_directories: list[str] | None = None
    """Additional workspace roots reported for this session. Each path must be absolute."""
    title: str | None = None
    """Human-readable title for the session"""
    updated_at: str | None = None
    """RFC 3339 timestamp of last activity."""
    archived: bool | None = None
    """**UNSTABLE**"""
    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class ListSessionsResponse:
    """Response from listing sessions."""

    sessions: list[SessionInfo]
    """Array of session information objects."""
    next_cursor: str | None = None
    """Opaque cursor token. If present, pass this in the next request's cursor parameter to
    fetch the next page. Omitted and `null` are equivalent and mean there are no more
    results. An empty string is a valid cursor, not the end of results.
    """
    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class DeleteSessionResponse:
    """Response from deleting a session."""

    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class ForkSessionResponse:
    """**UNSTABLE**

    Unstable.
    """

    session_id: str
    """Unique identifier for the newly created forked session."""
    config_options: list[SessionConfigOption] | None = None
    """Initial session configuration options."""
    available_commands: list[AvailableCommand] | None = None
    """Initial commands the agent can execute in this session."""
    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class ArchiveSessionResponse:
    """**UNSTABLE**

    Unstable.
    """

    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class UnarchiveSessionResponse:
    """**UNSTABLE**

    Unstable.
    """

    meta: dict[str, Any] | None = meta_field()


SessionStatus: TypeAlias = str
"""**UNSTABLE**

Known values: ``open``, ``saved``.

Open: any other string is kept.
"""

SESSION_STATUS_VALUES: Final = frozenset({"open", "saved"})
"""The values of ``SessionStatus`` this schema knows."""


@define(kw_only=True)
class BackgroundSubagent:
    """**UNSTABLE**

    Unstable.
    """

    type: Literal["subagent"] = always("subagent")
    session_id: str
    """The ID of the listed session."""
    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class BackgroundTerminal:
    """A listed terminal running in the background."""

    type: Literal["terminal"] = always("terminal")
    terminal_id: str
    """The ID of the listed terminal."""
    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class BackgroundToolCall:
    """A listed tool call whose work continues in the background."""

    type: Literal["tool_call"] = always("tool_call")
    tool_call_id: str
    """The ID of the listed tool call."""
    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class UnknownBackgroundWork:
    """A ``BackgroundWork`` of a kind this schema does not know; ``data`` is the raw object,
    written back verbatim.
    """

    data: dict[str, Any]


BackgroundWork: TypeAlias = (
    BackgroundTerminal | BackgroundToolCall | BackgroundSubagent | UnknownBackgroundWork
)
"""One piece of work running independently of the session's foreground work."""
tagged_union(
    BackgroundWork,
    tag="type",
    members={
        "terminal": BackgroundTerminal,
        "tool_call": BackgroundToolCall,
        "subagent": BackgroundSubagent,
    },
    fallback=UnknownBackgroundWork,
)


@define(kw_only=True)
class IdleStateUpdate:
    """No foreground work is active. Background activity may continue."""

    state: Literal["idle"] = always("idle")
    usage: Usage | None = None
    """**UNSTABLE**"""
    background: list[BackgroundWork] | None = None
    """Work running independently of foreground work, as a complete snapshot."""
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
    """The foreground workflow as a whole is blocked on user action."""

    state: Literal["requires_action"] = always("requires_action")
    background: list[BackgroundWork] | None = None
    """Work running independently of foreground work, as a complete snapshot."""
    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class RunningStateUpdate:
    """Foreground work is in progress."""

    state: Literal["running"] = always("running")
    background: list[BackgroundWork] | None = None
    """Work running independently of foreground work, as a complete snapshot."""
    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class UnknownStateUpdate:
    """**UNSTABLE**

    Unstable.
    """

    state: Literal["unknown"] = always("unknown")
    background: list[BackgroundWork] | None = None
    """Work running independently of foreground work, as a complete snapshot."""
    meta: dict[str, Any] | None = meta_field()


StateUpdate: TypeAlias = (
    RunningStateUpdate
    | IdleStateUpdate
    | RequiresActionStateUpdate
    | UnknownStateUpdate
    | OtherStateUpdate
)
"""A snapshot of the session's aggregate foreground activity."""
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
class SessionStatusResponse:
    """**UNSTABLE**

    Unstable.
    """

    status: SessionStatus
    """Whether the Agent has the session in memory."""
    state: StateUpdate | None = None
    """The session's current foreground state, as the same snapshot the Agent sends in
    `state_update` notifications.
    """
    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class SetSessionTitleResponse:
    """**UNSTABLE**

    Unstable.
    """

    title: str
    """The title the Agent stored."""
    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class ResumeSessionResponse:
    """Response from resuming an existing session."""

    config_options: list[SessionConfigOption] | None = None
    """Initial session configuration options."""
    available_commands: list[AvailableCommand] | None = None
    """Initial commands the agent can execute in this session."""
    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class CloseSessionResponse:
    """Response from closing a session."""

    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class SetSessionConfigOptionResponse:
    """Response to `session/set_config_option` method."""

    config_options: list[SessionConfigOption]
    """The full set of configuration options and their current values."""
    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class McpServerAcp:
    """**UNSTABLE**

    Unstable.
    """

    type: Literal["acp"] = always("acp")
    name: str
    """Human-readable name identifying this MCP server."""
    server_id: str
    """Unique identifier for this MCP server, generated by the component providing it."""
    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class HttpHeader:
    """An HTTP header to set when making requests to the MCP server."""

    name: str
    """The name of the HTTP header."""
    value: str
    """The value to set for the HTTP header."""
    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class McpServerHttp:
    """HTTP transport configuration for MCP."""

    type: Literal["http"] = always("http")
    name: str
    """Human-readable name identifying this MCP server."""
    url: str
    """URL to the MCP server."""
    headers: list[HttpHeader] | None = None
    """HTTP headers to set when making requests to the MCP server. Headers the MCP
    transport defines are owned by the transport, and Agents use the transport's values
    for them.
    """
    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class McpServerStdio:
    """Stdio transport configuration for MCP."""

    type: Literal["stdio"] = always("stdio")
    name: str
    """Human-readable name identifying this MCP server."""
    command: str
    """Absolute path to the MCP server executable."""
    args: list[str] | None = None
    """Command-line arguments to pass to the MCP server."""
    env: list[EnvVariable] | None = None
    """Environment variables to set when launching the MCP server. Names SHOULD be unique.
    Agents MAY reject duplicates with `-32602`, and otherwise the last entry wins.
    """
    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class UnknownMcpServer:
    """A ``McpServer`` of a kind this schema does not know; ``data`` is the raw object, written
    back verbatim.
    """

    data: dict[str, Any]


McpServer: TypeAlias = McpServerHttp | McpServerAcp | McpServerStdio | UnknownMcpServer
"""Configuration for connecting to an MCP (Model Context Protocol) server."""
tagged_union(
    McpServer,
    tag="type",
    members={"http": McpServerHttp, "acp": McpServerAcp, "stdio": McpServerStdio},
    fallback=UnknownMcpServer,
)


SystemPromptMode: TypeAlias = str
"""**UNSTABLE**

Known values: ``append``, ``override``.

Open: any other string is kept.
"""

SYSTEM_PROMPT_MODE_VALUES: Final = frozenset({"append", "override"})
"""The values of ``SystemPromptMode`` this schema knows."""


@define(kw_only=True)
class SystemPrompt:
    """**UNSTABLE**

    Unstable.
    """

    mode: SystemPromptMode
    """How the Agent combines `content` with its own instructions."""
    content: list[ContentBlock]
    """The system prompt content."""
    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class NewSessionRequest:
    """Request parameters for creating a new session."""

    cwd: str
    """The working directory for this session. Must be an absolute path."""
    additional_directories: list[str] | None = None
    """Additional workspace roots for this session. Each path must be absolute."""
    mcp_servers: list[McpServer] | None = None
    """List of MCP (Model Context Protocol) servers the agent should connect to."""
    system_prompt: SystemPrompt | None = None
    """**UNSTABLE**"""
    meta: dict[str, Any] | None = meta_field()


SessionArchiveFilter: TypeAlias = str
"""**UNSTABLE**

Known values: ``exclude``, ``include``, ``only``.

Open: any other string is kept.
"""

SESSION_ARCHIVE_FILTER_VALUES: Final = frozenset({"exclude", "include", "only"})
"""The values of ``SessionArchiveFilter`` this schema knows."""


@define(kw_only=True)
class ListSessionsRequest:
    """Request parameters for listing existing sessions."""

    cwd: str | None = None
    """Filter sessions by working directory. Must be an absolute path."""
    cursor: str | None = None
    """Opaque cursor token from a previous response's nextCursor field for cursor-based
    pagination
    """
    archived: SessionArchiveFilter | None = None
    """**UNSTABLE**"""
    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class DeleteSessionRequest:
    """Request parameters for deleting an existing session from `session/list`."""

    session_id: str
    """The ID of the session to delete."""
    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class ForkSessionRequest:
    """**UNSTABLE**

    Unstable.
    """

    session_id: str
    """The ID of the session to fork."""
    cwd: str
    """The working directory for this session. Must be an absolute path."""
    additional_directories: list[str] | None = None
    """Additional workspace roots to activate for this session. Each path must be absolute."""
    mcp_servers: list[McpServer] | None = None
    """List of MCP servers to connect to for this session."""
    system_prompt: SystemPrompt | None = None
    """**UNSTABLE**"""
    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class ArchiveSessionRequest:
    """**UNSTABLE**

    Unstable.
    """

    session_id: str
    """The ID of the session to archive."""
    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class UnarchiveSessionRequest:
    """**UNSTABLE**

    Unstable.
    """

    session_id: str
    """The ID of the session to unarchive."""
    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class SessionStatusRequest:
    """**UNSTABLE**

    Unstable.
    """

    session_id: str
    """The ID of the session to check."""
    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class SetSessionTitleRequest:
    """**UNSTABLE**

    Unstable.
    """

    session_id: str
    """The ID of the session to retitle."""
    title: str
    """The new title for the session."""
    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class ReplayFromStart:
    """Inclusive replay cursor requesting replay from the start of retained conversation
    history.
    """

    type: Literal["start"] = always("start")
    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class UnknownReplayFrom:
    """A ``ReplayFrom`` of a kind this schema does not know; ``data`` is the raw object, written
    back verbatim.
    """

    data: dict[str, Any]


ReplayFrom: TypeAlias = ReplayFromStart | UnknownReplayFrom
"""Inclusive cursor describing where replayed session history should begin."""
tagged_union(ReplayFrom, tag="type", members={"start": ReplayFromStart}, fallback=UnknownReplayFrom)


@define(kw_only=True)
class ResumeSessionRequest:
    """Request parameters for resuming an existing session."""

    session_id: str
    """The ID of the session to resume."""
    cwd: str
    """The working directory for this session. Must be an absolute path."""
    additional_directories: list[str] | None = None
    """Additional workspace roots to activate for this session. Each path must be absolute."""
    mcp_servers: list[McpServer] | None = None
    """List of MCP servers to connect to for this session."""
    replay_from: ReplayFrom | None = None
    """Inclusive cursor describing where conversation replay should begin."""
    system_prompt: SystemPrompt | None = None
    """**UNSTABLE**"""
    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class CloseSessionRequest:
    """Request parameters for closing an active session."""

    session_id: str
    """The ID of the session to close."""
    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class SetSessionConfigOptionId:
    """A `SessionConfigValueId` string value (`type: "id"`)."""

    type: Literal["id"] = always("id")
    session_id: str
    """The ID of the session to set the configuration option for."""
    config_id: str
    """The ID of the configuration option to set."""
    value: str
    """The value ID."""
    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class SetSessionConfigOptionBoolean:
    """A boolean value (`type: "boolean"`)."""

    type: Literal["boolean"] = always("boolean")
    session_id: str
    """The ID of the session to set the configuration option for."""
    config_id: str
    """The ID of the configuration option to set."""
    value: bool
    """The boolean value."""
    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class UnknownSetSessionConfigOptionRequest:
    """A ``SetSessionConfigOptionRequest`` of a kind this schema does not know; ``data`` is the raw
    object, written back verbatim.
    """

    data: dict[str, Any]


SetSessionConfigOptionRequest: TypeAlias = (
    SetSessionConfigOptionId | SetSessionConfigOptionBoolean | UnknownSetSessionConfigOptionRequest
)
"""Request parameters for setting a session configuration option."""
tagged_union(
    SetSessionConfigOptionRequest,
    tag="type",
    members={"id": SetSessionConfigOptionId, "boolean": SetSessionConfigOptionBoolean},
    fallback=UnknownSetSessionConfigOptionRequest,
)
