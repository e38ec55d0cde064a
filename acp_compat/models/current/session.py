# generated from the schemas below by acp_compat.models.codegen: do not edit
#   vectors/schemas/current/acp-v1-schema-1.21.0.schema.json
#   vectors/schemas/current/acp-v1-schema-ts-sdk-2.4.0.schema.json
#   vectors/schemas/current/acp-v1-schema-ts-sdk-2.4.0.unstable.schema.json
"""ACP v1 models: sessions: ``session/new``, ``load``, ``list``, ``resume``, ``close``, modes,
config options, MCP servers.
"""

from typing import Any, Final, Literal, TypeAlias

from acp_compat._define import define
from acp_compat.models._base import always, keyed_union, meta_field, tagged_union
from acp_compat.models.current.content import ContentBlock
from acp_compat.models.current.terminal import EnvVariable

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
    id: str
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

    group: str
    """Unique identifier for this group."""
    name: str
    """Human-readable label for this group."""
    options: list[SessionConfigSelectOption]
    """The set of option values in this group."""
    meta: dict[str, Any] | None = meta_field()


SessionConfigSelectEntry: TypeAlias = SessionConfigSelectOption | SessionConfigSelectGroup
"""Possible values for a session configuration option."""
keyed_union(
    SessionConfigSelectEntry,
    {"value": SessionConfigSelectOption, "group": SessionConfigSelectGroup},
)


@define(kw_only=True)
class SessionConfigSelect:
    """A single-value selector (dropdown) session configuration option payload."""

    type: Literal["select"] = always("select")
    id: str
    """Unique identifier for the configuration option."""
    name: str
    """Human-readable label for the option."""
    description: str | None = None
    """Optional description for the Client to display to the user."""
    category: SessionConfigOptionCategory | None = None
    """Optional semantic category for this option (UX only)."""
    current_value: str
    """The currently selected value."""
    options: list[SessionConfigSelectEntry]
    """The set of selectable options."""
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
class SessionMode:
    """A mode the agent can operate in."""

    id: str
    """Stable identifier used to refer to this protocol object in later messages."""
    name: str
    """Human-readable name shown for this protocol object."""
    description: str | None = None
    """Optional human-readable details shown with this protocol object."""
    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class SessionModeState:
    """The set of modes and the one currently active."""

    current_mode_id: str
    """The current mode the Agent is in."""
    available_modes: list[SessionMode]
    """The set of modes that the Agent can operate in"""
    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class NewSessionResponse:
    """Response from creating a new session."""

    session_id: str
    """Unique identifier for the created session."""
    modes: SessionModeState | None = None
    """Initial mode state if supported by the Agent"""
    config_options: list[SessionConfigOption] | None = None
    """Initial session configuration options if supported by the Agent."""
    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class LoadSessionResponse:
    """Response from loading an existing session."""

    modes: SessionModeState | None = None
    """Initial mode state if supported by the Agent"""
    config_options: list[SessionConfigOption] | None = None
    """Initial session configuration options if supported by the Agent."""
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
    """ISO 8601 timestamp of last activity"""
    archived: bool | None = None
    """**UNSTABLE**"""
    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class ListSessionsResponse:
    """Response from listing sessions."""

    sessions: list[SessionInfo]
    """Array of session information objects"""
    next_cursor: str | None = None
    """Opaque cursor token. If present, pass this in the next request's cursor parameter to
    fetch the next page. If absent, there are no more results.
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
    modes: SessionModeState | None = None
    """Initial mode state if supported by the Agent"""
    config_options: list[SessionConfigOption] | None = None
    """Initial session configuration options if supported by the Agent."""
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
class SessionStatusResponse:
    """**UNSTABLE**

    Unstable.
    """

    status: SessionStatus
    """Whether the Agent has the session in memory."""
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

    modes: SessionModeState | None = None
    """Initial mode state if supported by the Agent"""
    config_options: list[SessionConfigOption] | None = None
    """Initial session configuration options if supported by the Agent."""
    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class CloseSessionResponse:
    """Response from closing a session."""

    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class SetSessionModeResponse:
    """Response to `session/set_mode` method."""

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
    headers: list[HttpHeader]
    """HTTP headers to set when making requests to the MCP server."""
    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class McpServerSse:
    """SSE transport configuration for MCP."""

    type: Literal["sse"] = always("sse")
    name: str
    """Human-readable name identifying this MCP server."""
    url: str
    """URL to the MCP server."""
    headers: list[HttpHeader]
    """HTTP headers to set when making requests to the MCP server."""
    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class McpServerStdio:
    """Stdio transport configuration for MCP."""

    name: str
    """Human-readable name identifying this MCP server."""
    command: str
    """Absolute path to the MCP server executable."""
    args: list[str]
    """Command-line arguments to pass to the MCP server."""
    env: list[EnvVariable]
    """Environment variables to set when launching the MCP server."""
    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class UnknownMcpServer:
    """A ``McpServer`` of a kind this schema does not know; ``data`` is the raw object, written
    back verbatim.
    """

    data: dict[str, Any]


McpServer: TypeAlias = (
    McpServerHttp | McpServerSse | McpServerAcp | McpServerStdio | UnknownMcpServer
)
"""Configuration for connecting to an MCP (Model Context Protocol) server."""
tagged_union(
    McpServer,
    tag="type",
    members={"http": McpServerHttp, "sse": McpServerSse, "acp": McpServerAcp},
    fallback=UnknownMcpServer,
    untagged=McpServerStdio,
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
    mcp_servers: list[McpServer]
    """List of MCP (Model Context Protocol) servers the agent should connect to."""
    additional_directories: list[str] | None = None
    """Additional workspace roots for this session. Each path must be absolute."""
    system_prompt: SystemPrompt | None = None
    """**UNSTABLE**"""
    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class LoadSessionRequest:
    """Request parameters for loading an existing session."""

    mcp_servers: list[McpServer]
    """List of MCP servers to connect to for this session."""
    cwd: str
    """The working directory for this session. Must be an absolute path."""
    session_id: str
    """The ID of the session to load."""
    additional_directories: list[str] | None = None
    """Additional workspace roots to activate for this session. Each path must be absolute."""
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
class SetSessionModeRequest:
    """Request parameters for setting a session mode."""

    session_id: str
    """The ID of the session to set the mode for."""
    mode_id: str
    """The ID of the mode to set."""
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
class SetSessionConfigOptionValueId:
    """A `SessionConfigValueId` string value."""

    session_id: str
    """The ID of the session to set the configuration option for."""
    config_id: str
    """The ID of the configuration option to set."""
    value: str
    """The value ID."""
    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class UnknownSetSessionConfigOptionRequest:
    """A ``SetSessionConfigOptionRequest`` of a kind this schema does not know; ``data`` is the raw
    object, written back verbatim.
    """

    data: dict[str, Any]


SetSessionConfigOptionRequest: TypeAlias = (
    SetSessionConfigOptionBoolean
    | SetSessionConfigOptionValueId
    | UnknownSetSessionConfigOptionRequest
)
"""Request parameters for setting a session configuration option."""
tagged_union(
    SetSessionConfigOptionRequest,
    tag="type",
    members={"boolean": SetSessionConfigOptionBoolean},
    fallback=UnknownSetSessionConfigOptionRequest,
    untagged=SetSessionConfigOptionValueId,
)
