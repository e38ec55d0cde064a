# generated from the schemas below by acp_compat.models.codegen: do not edit
#   vectors/schemas/current/acp-v1-schema-1.21.0.schema.json
#   vectors/schemas/current/acp-v1-schema-ts-sdk-2.4.0.schema.json
#   vectors/schemas/current/acp-v1-schema-ts-sdk-2.4.0.unstable.schema.json
"""ACP v1 models: what an agent answers to ``initialize``, ``authenticate`` and ``logout``."""

from typing import Any, Literal, TypeAlias

from acp_compat._define import define
from acp_compat.models._base import always, meta_field, tagged_union
from acp_compat.models.current.initialize import Implementation


@define(kw_only=True)
class AuthStatusCapabilities:
    """**UNSTABLE**

    Unstable.
    """

    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class LogoutCapabilities:
    """Logout capabilities supported by the agent."""

    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class AgentAuthCapabilities:
    """Authentication-related capabilities supported by the agent."""

    status: AuthStatusCapabilities | None = None
    """**UNSTABLE**"""
    logout: LogoutCapabilities | None = None
    """Whether the agent supports the logout method."""
    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class McpCapabilities:
    """MCP capabilities supported by the agent"""

    http: bool | None = None
    """Agent supports `http` MCP servers."""
    sse: bool | None = None
    """Agent supports `sse` MCP servers."""
    acp: bool | None = None
    """**UNSTABLE**"""
    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class PromptCapabilities:
    """Prompt capabilities supported by the agent in `session/prompt` requests."""

    image: bool | None = None
    """Agent supports `image` content blocks."""
    audio: bool | None = None
    """Agent supports `audio` content blocks."""
    embedded_context: bool | None = None
    """Agent supports embedded context in `session/prompt` requests."""
    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class ProvidersCapabilities:
    """**UNSTABLE**

    Unstable.
    """

    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class SessionAdditionalDirectoriesCapabilities:
    """Capabilities for additional session directories support."""

    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class SessionArchiveCapabilities:
    """**UNSTABLE**

    Unstable.
    """

    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class SessionCloseCapabilities:
    """Capabilities for the `session/close` method."""

    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class SessionDeleteCapabilities:
    """Capabilities for the `session/delete` method."""

    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class SessionForkCapabilities:
    """**UNSTABLE**

    Unstable.
    """

    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class SessionListCapabilities:
    """Capabilities for the `session/list` method."""

    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class SessionResumeCapabilities:
    """Capabilities for the `session/resume` method."""

    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class SessionStatusCapabilities:
    """**UNSTABLE**

    Unstable.
    """

    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class SessionSystemPromptOverrideCapabilities:
    """**UNSTABLE**

    Unstable.
    """

    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class SessionSystemPromptModeCapabilities:
    """**UNSTABLE**

    Unstable.
    """

    override: SessionSystemPromptOverrideCapabilities | None = None
    """Whether the agent supports `override` mode."""
    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class SessionSystemPromptCapabilities:
    """**UNSTABLE**

    Unstable.
    """

    mode: SessionSystemPromptModeCapabilities | None = None
    """Delivery modes the agent supports in addition to `append`."""
    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class SessionTitleCapabilities:
    """**UNSTABLE**

    Unstable.
    """

    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class SessionCapabilities:
    """Session capabilities supported by the agent."""

    list: SessionListCapabilities | None = None
    """Whether the agent supports `session/list`."""
    delete: SessionDeleteCapabilities | None = None
    """Whether the agent supports `session/delete`."""
    additional_directories: SessionAdditionalDirectoriesCapabilities | None = None
    """Whether the agent supports `additionalDirectories` on supported session lifecycle
    requests.
    """
    system_prompt: SessionSystemPromptCapabilities | None = None
    """**UNSTABLE**"""
    fork: SessionForkCapabilities | None = None
    """**UNSTABLE**"""
    archive: SessionArchiveCapabilities | None = None
    """**UNSTABLE**"""
    status: SessionStatusCapabilities | None = None
    """**UNSTABLE**"""
    title: SessionTitleCapabilities | None = None
    """**UNSTABLE**"""
    resume: SessionResumeCapabilities | None = None
    """Whether the agent supports `session/resume`."""
    close: SessionCloseCapabilities | None = None
    """Whether the agent supports `session/close`."""
    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class AgentCapabilities:
    """Capabilities supported by the agent."""

    load_session: bool | None = None
    """Whether the agent supports `session/load`."""
    prompt_capabilities: PromptCapabilities | None = None
    """Prompt capabilities supported by the agent."""
    mcp_capabilities: McpCapabilities | None = None
    """MCP capabilities supported by the agent."""
    session_capabilities: SessionCapabilities | None = None
    """Session lifecycle and prompt capabilities advertised by the agent."""
    auth: AgentAuthCapabilities | None = None
    """Authentication-related capabilities supported by the agent."""
    providers: ProvidersCapabilities | None = None
    """**UNSTABLE**"""
    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class AuthMethodAgent:
    """Agent handles authentication itself through `authenticate`."""

    id: str
    """Unique identifier for this authentication method."""
    name: str
    """Human-readable name of the authentication method."""
    description: str | None = None
    """Optional human-readable description of this authentication method."""
    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class AuthMethodTerminal:
    """Terminal-based authentication method."""

    type: Literal["terminal"] = always("terminal")
    id: str
    """Unique identifier for this authentication method."""
    name: str
    """Human-readable name of the authentication method."""
    description: str | None = None
    """Optional human-readable description of this authentication method."""
    args: list[str] | None = None
    """Additional arguments to append to the configured agent invocation for terminal auth."""
    env: dict[str, str] | None = None
    """Additional environment variables to set on the configured agent invocation for
    terminal auth. These values override same-named variables in the base launch
    configuration.
    """
    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class UnknownAuthMethod:
    """A ``AuthMethod`` of a kind this schema does not know; ``data`` is the raw object, written
    back verbatim.
    """

    data: dict[str, Any]


AuthMethod: TypeAlias = AuthMethodTerminal | AuthMethodAgent | UnknownAuthMethod
"""Describes an available authentication method."""
tagged_union(
    AuthMethod,
    tag="type",
    members={"terminal": AuthMethodTerminal},
    fallback=UnknownAuthMethod,
    untagged=AuthMethodAgent,
)


@define(kw_only=True)
class InitializeResponse:
    """Response to the `initialize` method."""

    protocol_version: int
    """The protocol version the client specified if supported by the agent, or the latest
    protocol version supported by the agent.
    """
    agent_capabilities: AgentCapabilities | None = None
    """Capabilities supported by the agent."""
    auth_methods: list[AuthMethod] | None = None
    """Authentication methods supported by the agent."""
    agent_info: Implementation | None = None
    """Information about the Agent name and version sent to the Client."""
    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class AuthenticateResponse:
    """Response to the `authenticate` method."""

    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class LogoutResponse:
    """Response to the `logout` method."""

    meta: dict[str, Any] | None = meta_field()
