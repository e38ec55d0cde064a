# generated from the schemas below by acp_compat.models.codegen: do not edit
#   vectors/schemas/v2/acp-v2-draft-ts-sdk-2.4.0.schema.json
#   vectors/schemas/v2/acp-v2-draft-ts-sdk-2.4.0.unstable.schema.json
"""ACP v2 (draft) models: what an agent answers to ``initialize``."""

from typing import Any, Literal, TypeAlias

from acp_compat._define import define
from acp_compat.models._base import always, meta_field, tagged_union
from acp_compat.models.v2.initialize import EnvVariable, Implementation


@define(kw_only=True)
class AuthStatusCapabilities:
    """**UNSTABLE**

    Unstable.
    """

    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class AgentAuthCapabilities:
    """Authentication-related extension capabilities supported by the agent."""

    status: AuthStatusCapabilities | None = None
    """**UNSTABLE**"""
    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class ProvidersCapabilities:
    """**UNSTABLE**

    Unstable.
    """

    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class McpAcpCapabilities:
    """**UNSTABLE**

    Unstable.
    """

    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class McpHttpCapabilities:
    """Capabilities for HTTP MCP server transports."""

    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class McpStdioCapabilities:
    """Capabilities for stdio MCP server transports."""

    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class McpCapabilities:
    """MCP capabilities supported by the agent for session lifecycle requests."""

    stdio: McpStdioCapabilities | None = None
    """Agent supports `stdio` MCP servers."""
    http: McpHttpCapabilities | None = None
    """Agent supports `http` MCP servers."""
    acp: McpAcpCapabilities | None = None
    """**UNSTABLE**"""
    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class PromptAudioCapabilities:
    """Capabilities for audio content in prompt requests."""

    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class PromptEmbeddedContextCapabilities:
    """Capabilities for embedded context in prompt requests."""

    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class PromptImageCapabilities:
    """Capabilities for image content in prompt requests."""

    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class PromptCapabilities:
    """Prompt capabilities supported by the agent in `session/prompt` requests."""

    image: PromptImageCapabilities | None = None
    """Agent supports `image` content blocks."""
    audio: PromptAudioCapabilities | None = None
    """Agent supports `audio` content blocks."""
    embedded_context: PromptEmbeddedContextCapabilities | None = None
    """Agent supports embedded context in `session/prompt` requests."""
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

    prompt: PromptCapabilities | None = None
    """Prompt capabilities supported by the agent in `session/prompt` requests."""
    mcp: McpCapabilities | None = None
    """MCP capabilities supported by the agent for session lifecycle requests."""
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
    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class AgentCapabilities:
    """Capabilities supported by the agent."""

    session: SessionCapabilities | None = None
    """Session capabilities supported by the agent."""
    auth: AgentAuthCapabilities | None = None
    """Authentication-related extension capabilities supported by the agent."""
    providers: ProvidersCapabilities | None = None
    """**UNSTABLE**"""
    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class AuthMethodAgent:
    """Agent handles authentication itself through `auth/login`."""

    type: Literal["agent"] = always("agent")
    method_id: str
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
    method_id: str
    """Unique identifier for this authentication method."""
    name: str
    """Human-readable name of the authentication method."""
    description: str | None = None
    """Optional human-readable description of this authentication method."""
    args: list[str] | None = None
    """Additional arguments to append to the configured agent invocation for terminal auth."""
    env: list[EnvVariable] | None = None
    """Additional environment variables to set on the configured agent invocation for
    terminal auth. Names MUST be unique. These values override same-named variables in
    the base launch configuration.
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
    members={"terminal": AuthMethodTerminal, "agent": AuthMethodAgent},
    fallback=UnknownAuthMethod,
)


@define(kw_only=True)
class InitializeResponse:
    """Response to the `initialize` method."""

    protocol_version: int
    """The highest protocol version supported by the agent that is at or below the version
    requested by the client. If no such version exists, initialization fails with error
    code -32022.
    """
    info: Implementation
    """Information about the implementation sending this initialize response."""
    capabilities: AgentCapabilities | None = None
    """Capabilities supported by the agent."""
    auth_methods: list[AuthMethod] | None = None
    """Authentication methods supported by the agent."""
    meta: dict[str, Any] | None = meta_field()
