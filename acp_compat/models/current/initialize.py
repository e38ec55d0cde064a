# generated from the schemas below by acp_compat.models.codegen: do not edit
#   vectors/schemas/current/acp-v1-schema-1.21.0.schema.json
#   vectors/schemas/current/acp-v1-schema-ts-sdk-2.4.0.schema.json
#   vectors/schemas/current/acp-v1-schema-ts-sdk-2.4.0.unstable.schema.json
"""ACP v1 models: what a client sends to ``initialize``, ``authenticate`` and ``logout``; the
agent's side is in ``initialize_result``, so that a relay answering ``initialize`` for a current
client creates only these classes.
"""

from typing import Any

from acp_compat._define import define
from acp_compat.models._base import meta_field


@define(kw_only=True)
class Implementation:
    """Metadata about the implementation of the client or agent. Describes the name and version
    of an ACP implementation, with an optional title for UI representation.
    """

    name: str
    """Intended for programmatic or logical use, but can be used as a display name fallback
    if title isn't present.
    """
    version: str
    """Version of the implementation. Can be displayed to the user or used for debugging or
    metrics purposes. (e.g. "1.0.0").
    """
    title: str | None = None
    """Intended for UI and end-user contexts and optimized to be human-readable and easily
    understood.
    """
    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class AuthCapabilities:
    """Authentication capabilities supported by the client."""

    terminal: bool | None = None
    """Whether the client supports `terminal` authentication methods."""
    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class CompactionCapabilities:
    """Client support for ID-addressed context compaction updates.

    New in the TypeScript SDK 2.4.0 schema.
    """


@define(kw_only=True)
class NoticeCapabilities:
    """Client support for presenting live notices to the user.

    New in the TypeScript SDK 2.4.0 schema.
    """


@define(kw_only=True)
class BooleanConfigOptionCapabilities:
    """Capabilities for boolean session configuration options."""

    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class SessionConfigOptionsCapabilities:
    """Session configuration option capabilities supported by the client."""

    boolean: BooleanConfigOptionCapabilities | None = None
    """Whether the client supports boolean session configuration options."""
    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class ClientSessionCapabilities:
    """Session-related capabilities supported by the client."""

    compaction: CompactionCapabilities | None = None
    """Support for ID-addressed context compaction updates. Omitted or `null` means
    unsupported. `{}` advertises the complete compaction contract.
    """
    config_options: SessionConfigOptionsCapabilities | None = None
    """Config option capabilities supported by the client."""
    notices: NoticeCapabilities | None = None
    """Support for live user-facing `notice` session updates."""
    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class ElicitationFormCapabilities:
    """Form-based elicitation capabilities."""

    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class ElicitationUrlCapabilities:
    """URL-based elicitation capabilities."""

    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class ElicitationCapabilities:
    """Elicitation capabilities supported by the client."""

    form: ElicitationFormCapabilities | None = None
    """Whether the client supports form-based elicitation."""
    url: ElicitationUrlCapabilities | None = None
    """Whether the client supports URL-based elicitation."""
    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class FileSystemCapabilities:
    """File system capabilities that a client may support."""

    read_text_file: bool | None = None
    """Whether the Client supports `fs/read_text_file` requests."""
    write_text_file: bool | None = None
    """Whether the Client supports `fs/write_text_file` requests."""
    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class PlanCapabilities:
    """**UNSTABLE**

    Unstable.
    """

    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class SubagentCapabilities:
    """**UNSTABLE**

    Unstable.
    """

    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class ClientCapabilities:
    """Capabilities supported by the client."""

    fs: FileSystemCapabilities | None = None
    """File system capabilities supported by the client. Determines which file operations
    the agent can request.
    """
    terminal: bool | None = None
    """Whether the Client support all `terminal/*` methods."""
    session: ClientSessionCapabilities | None = None
    """Session-related capabilities supported by the client."""
    subagents: SubagentCapabilities | None = None
    """**UNSTABLE**"""
    plan: PlanCapabilities | None = None
    """**UNSTABLE**"""
    auth: AuthCapabilities | None = None
    """Authentication capabilities supported by the client. Determines which authentication
    method types the agent may include in its `InitializeResponse`.
    """
    elicitation: ElicitationCapabilities | None = None
    """Elicitation capabilities supported by the client. Determines which elicitation modes
    the agent may use.
    """
    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class InitializeRequest:
    """Request parameters for the initialize method."""

    protocol_version: int
    """The latest protocol version supported by the client."""
    client_capabilities: ClientCapabilities | None = None
    """Capabilities supported by the client."""
    client_info: Implementation | None = None
    """Information about the Client name and version sent to the Agent."""
    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class AuthenticateRequest:
    """Request parameters for the authenticate method."""

    method_id: str
    """The ID of the authentication method to use. Must be one of the methods advertised in
    the initialize response.
    """
    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class LogoutRequest:
    """Request parameters for the logout method."""

    meta: dict[str, Any] | None = meta_field()
