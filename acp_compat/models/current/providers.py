# generated from the schemas below by acp_compat.models.codegen: do not edit
#   vectors/schemas/current/acp-v1-schema-1.21.0.schema.json
#   vectors/schemas/current/acp-v1-schema-ts-sdk-2.4.0.schema.json
#   vectors/schemas/current/acp-v1-schema-ts-sdk-2.4.0.unstable.schema.json
"""ACP v1 models: ``providers/*``: the model providers an agent can use (unstable)."""

from typing import Any, Final, TypeAlias

from acp_compat._define import define
from acp_compat.models._base import meta_field

LlmProtocol: TypeAlias = str
"""**UNSTABLE**

Known values: ``anthropic``, ``openai``, ``azure``, ``vertex``, ``bedrock``.

Open: any other string is kept.
"""

LLM_PROTOCOL_VALUES: Final = frozenset({"anthropic", "openai", "azure", "vertex", "bedrock"})
"""The values of ``LlmProtocol`` this schema knows."""


@define(kw_only=True)
class ProviderCurrentConfig:
    """**UNSTABLE**

    Unstable.
    """

    api_type: LlmProtocol
    """Protocol currently used by this provider."""
    base_url: str
    """Base URL currently used by this provider."""
    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class ProviderInfo:
    """**UNSTABLE**

    Unstable.
    """

    provider_id: str
    """Provider identifier, for example "main" or "openai"."""
    supported: list[LlmProtocol]
    """Supported protocol types for this provider."""
    required: bool
    """Whether this provider is mandatory and cannot be disabled via `providers/disable`.
    If true, clients must not call `providers/disable` for this provider ID.
    """
    current: ProviderCurrentConfig | None = None
    """Current effective non-secret routing config. Null or omitted means provider is
    disabled.
    """
    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class ListProvidersResponse:
    """**UNSTABLE**

    Unstable.
    """

    providers: list[ProviderInfo]
    """Configurable providers with current routing info suitable for UI display."""
    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class SetProviderResponse:
    """**UNSTABLE**

    Unstable.
    """

    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class DisableProviderResponse:
    """**UNSTABLE**

    Unstable.
    """

    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class ListProvidersRequest:
    """**UNSTABLE**

    Unstable.
    """

    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class SetProviderRequest:
    """**UNSTABLE**

    Unstable.
    """

    provider_id: str
    """Provider ID to configure."""
    api_type: LlmProtocol
    """Protocol type for this provider."""
    base_url: str
    """Base URL for requests sent through this provider."""
    headers: dict[str, str] | None = None
    """Full headers map for this provider. May include authorization, routing, or other
    integration-specific headers.
    """
    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class DisableProviderRequest:
    """**UNSTABLE**

    Unstable.
    """

    provider_id: str
    """Provider ID to disable."""
    meta: dict[str, Any] | None = meta_field()
