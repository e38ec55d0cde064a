"""Session lifecycle: ``session/new|load|list|resume|delete|close|set_mode|set_config_option``.

First what a session is set up with: the MCP servers a client asks the agent to connect
to (``McpServer``, in ``session/new``, ``load`` and ``resume``), tagged by ``type``
(``http``, ``sse``), where an entry without ``type`` is a stdio server and an unknown
``type`` lands in :class:`UnknownMcpServer` so a newer client's entry is kept; and the
config options (``SessionConfigOption``): selectors an agent offers, e.g. model or mode,
set with ``session/set_config_option``. Their ``category`` is an open ``str``: the schema
itself lists an ``other`` string beside the known values (``mode``, ``model``,
``model_config``, ``thought_level``).
"""

from typing import Any, Literal, TypeAlias

from acp_compat._define import define
from acp_compat.models._base import always, keyed_union, meta_field, tagged_union
from acp_compat.models.current.terminal import EnvVariable

# --------------------------------------------------------------------------- MCP servers


@define(kw_only=True)
class HttpHeader:
    """One HTTP header sent to an HTTP or SSE MCP server."""

    name: str
    value: str
    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class McpServerHttp:
    """An MCP server over streamable HTTP (``type: "http"``, needs ``mcpCapabilities.http``)."""

    type: Literal["http"] = always("http")
    name: str
    url: str
    headers: list[HttpHeader]
    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class McpServerSse:
    """An MCP server over SSE (``type: "sse"``, needs ``mcpCapabilities.sse``)."""

    type: Literal["sse"] = always("sse")
    name: str
    url: str
    headers: list[HttpHeader]
    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class McpServerStdio:
    """An MCP server the agent starts as a process (no ``type`` on the wire)."""

    name: str
    command: str
    args: list[str]
    env: list[EnvVariable]
    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class UnknownMcpServer:
    """An MCP server entry of a type this schema does not know; ``data`` is the raw object."""

    data: dict[str, Any]


McpServer: TypeAlias = McpServerHttp | McpServerSse | McpServerStdio | UnknownMcpServer
"""An MCP server entry: http, sse, stdio (untagged) or unknown."""
tagged_union(
    McpServer,
    tag="type",
    members={"http": McpServerHttp, "sse": McpServerSse},
    fallback=UnknownMcpServer,
    untagged=McpServerStdio,
)

# --------------------------------------------------------------------------- config options


@define(kw_only=True)
class SessionConfigSelectOption:
    """One value of a select option."""

    value: str
    name: str
    description: str | None = None
    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class SessionConfigSelectGroup:
    """A named group of select values."""

    group: str
    name: str
    options: list[SessionConfigSelectOption]
    meta: dict[str, Any] | None = meta_field()


# The schema allows a flat list of values or a list of groups, told apart by their keys; a
# list of this union holds either (writing back what was read keeps it one or the other).
SessionConfigSelectEntry: TypeAlias = SessionConfigSelectOption | SessionConfigSelectGroup
"""One entry of a select option's ``options``: a value, or a group of values."""
keyed_union(
    SessionConfigSelectEntry,
    {"group": SessionConfigSelectGroup, "value": SessionConfigSelectOption},
)


@define(kw_only=True)
class SessionConfigSelect:
    """A config option with one value out of a list (``type: "select"``)."""

    type: Literal["select"] = always("select")
    id: str
    name: str
    current_value: str
    options: list[SessionConfigSelectEntry]
    description: str | None = None
    category: str | None = None
    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class SessionConfigBoolean:
    """An on/off config option (``type: "boolean"``)."""

    type: Literal["boolean"] = always("boolean")
    id: str
    name: str
    current_value: bool
    description: str | None = None
    category: str | None = None
    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class UnknownSessionConfigOption:
    """A config option of a type this schema does not know; ``data`` is the raw object."""

    data: dict[str, Any]


SessionConfigOption: TypeAlias = (
    SessionConfigSelect | SessionConfigBoolean | UnknownSessionConfigOption
)
"""A config option, tagged by ``type``."""
tagged_union(
    SessionConfigOption,
    tag="type",
    members={"select": SessionConfigSelect, "boolean": SessionConfigBoolean},
    fallback=UnknownSessionConfigOption,
)

# --------------------------------------------------------------------------- sessions


@define(kw_only=True)
class SessionMode:
    """One mode an agent can run in (e.g. "ask", "code")."""

    id: str
    name: str
    description: str | None = None
    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class SessionModeState:
    """The modes a session offers and the one it is in."""

    current_mode_id: str
    available_modes: list[SessionMode]
    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class NewSessionRequest:
    """``session/new`` params: an absolute ``cwd`` and the MCP servers (required, may be ``[]``)."""

    cwd: str
    mcp_servers: list[McpServer]
    additional_directories: list[str] | None = None
    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class NewSessionResponse:
    """``session/new`` result: the new session's id, its modes and config options."""

    session_id: str
    modes: SessionModeState | None = None
    config_options: list[SessionConfigOption] | None = None
    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class LoadSessionRequest:
    """``session/load`` params (only if ``agentCapabilities.loadSession``); history is replayed."""

    session_id: str
    cwd: str
    mcp_servers: list[McpServer]
    additional_directories: list[str] | None = None
    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class LoadSessionResponse:
    """``session/load`` result, sent after the replayed updates."""

    modes: SessionModeState | None = None
    config_options: list[SessionConfigOption] | None = None
    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class ListSessionsRequest:
    """``session/list`` params: optional ``cwd`` filter and pagination ``cursor``."""

    cwd: str | None = None
    cursor: str | None = None
    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class SessionInfo:
    """One listed session."""

    session_id: str
    cwd: str
    additional_directories: list[str] | None = None
    title: str | None = None
    updated_at: str | None = None
    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class ListSessionsResponse:
    """``session/list`` result: a page of sessions and the cursor of the next page."""

    sessions: list[SessionInfo]
    next_cursor: str | None = None
    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class DeleteSessionRequest:
    """``session/delete`` params."""

    session_id: str
    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class DeleteSessionResponse:
    """``session/delete`` result (void)."""

    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class ResumeSessionRequest:
    """``session/resume`` params: continue a session without replaying its history."""

    session_id: str
    cwd: str
    additional_directories: list[str] | None = None
    mcp_servers: list[McpServer] | None = None
    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class ResumeSessionResponse:
    """``session/resume`` result."""

    modes: SessionModeState | None = None
    config_options: list[SessionConfigOption] | None = None
    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class CloseSessionRequest:
    """``session/close`` params (only if ``sessionCapabilities.close``)."""

    session_id: str
    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class CloseSessionResponse:
    """``session/close`` result (void)."""

    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class SetSessionModeRequest:
    """``session/set_mode`` params."""

    session_id: str
    mode_id: str
    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class SetSessionModeResponse:
    """``session/set_mode`` result (void)."""

    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class SetSessionConfigOptionValueId:
    """``session/set_config_option`` params choosing a select value (no ``type`` on the wire)."""

    session_id: str
    config_id: str
    value: str
    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class SetSessionConfigOptionBoolean:
    """``session/set_config_option`` params setting a boolean option (``type: "boolean"``)."""

    type: Literal["boolean"] = always("boolean")
    session_id: str
    config_id: str
    value: bool
    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class UnknownSetSessionConfigOption:
    """``session/set_config_option`` params of a value type this schema does not know."""

    data: dict[str, Any]


# One request, two shapes: the schema tags the boolean form and leaves the value-id form
# untagged, so the value's JSON type always matches the declared one.
SetSessionConfigOptionRequest: TypeAlias = (
    SetSessionConfigOptionValueId | SetSessionConfigOptionBoolean | UnknownSetSessionConfigOption
)
"""``session/set_config_option`` params: a value id (untagged) or a boolean."""
tagged_union(
    SetSessionConfigOptionRequest,
    tag="type",
    members={"boolean": SetSessionConfigOptionBoolean},
    fallback=UnknownSetSessionConfigOption,
    untagged=SetSessionConfigOptionValueId,
)


@define(kw_only=True)
class SetSessionConfigOptionResponse:
    """``session/set_config_option`` result: every config option, as they now stand."""

    config_options: list[SessionConfigOption]
    meta: dict[str, Any] | None = meta_field()
