# generated from the schemas below by acp_compat.models.codegen: do not edit
#   vectors/schemas/v2/acp-v2-draft-ts-sdk-2.4.0.schema.json
#   vectors/schemas/v2/acp-v2-draft-ts-sdk-2.4.0.unstable.schema.json
"""ACP v2 (draft) models: what a client sends to ``initialize`` (its ``info`` and capabilities);
the agent's side is in ``initialize_result``.
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
class EnvVariable:
    """An environment variable to set when launching a process."""

    name: str
    """The name of the environment variable."""
    value: str
    """The value to set for the environment variable."""
    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class TerminalAuthCapabilities:
    """Capabilities for terminal authentication methods."""

    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class ClientAuthCapabilities:
    """Authentication capabilities supported by the client."""

    terminal: TerminalAuthCapabilities | None = None
    """Whether the client supports `terminal` authentication methods."""
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
class ClientCapabilities:
    """Capabilities supported by the client."""

    auth: ClientAuthCapabilities | None = None
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
    info: Implementation
    """Information about the implementation sending this initialize request."""
    capabilities: ClientCapabilities | None = None
    """Capabilities supported by the client."""
    meta: dict[str, Any] | None = meta_field()
