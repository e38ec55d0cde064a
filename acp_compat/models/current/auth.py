# generated from the schemas below by acp_compat.models.codegen: do not edit
#   vectors/schemas/current/acp-v1-schema-1.21.0.schema.json
#   vectors/schemas/current/acp-v1-schema-ts-sdk-2.4.0.schema.json
#   vectors/schemas/current/acp-v1-schema-ts-sdk-2.4.0.unstable.schema.json
"""ACP v1 models: ``auth/status`` and its update (unstable)."""

from typing import Any, Final, TypeAlias

from acp_compat._define import define
from acp_compat.models._base import meta_field


@define(kw_only=True)
class AuthAccount:
    """**UNSTABLE**

    Unstable.
    """

    label: str
    """Human-readable name for the account, suitable for display on its own, for example
    `Claude Max`, `OpenAI API key`, or `Vertex AI`.
    """
    active: bool | None = None
    """Whether the agent currently uses this account by default."""
    name: str | None = None
    """Display name of the user, such as a username or full name."""
    email: str | None = None
    """Email address of the user."""
    organization: str | None = None
    """Display name of the organization, team, or workspace the account is using."""
    meta: dict[str, Any] | None = meta_field()


AuthState: TypeAlias = str
"""**UNSTABLE**

Known values: ``authenticated``, ``unauthenticated``, ``not_required``, ``unknown``.

Open: any other string is kept.
"""

AUTH_STATE_VALUES: Final = frozenset(
    {"authenticated", "unauthenticated", "not_required", "unknown"}
)
"""The values of ``AuthState`` this schema knows."""


@define(kw_only=True)
class AuthStatusResponse:
    """**UNSTABLE**

    Unstable.
    """

    state: AuthState
    """Whether the agent can start sessions without the user signing in first."""
    accounts: list[AuthAccount] | None = None
    """The accounts the agent has configured, for display."""
    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class AuthStatusUpdateNotification:
    """**UNSTABLE**

    Unstable.
    """

    state: AuthState
    """Whether the agent can start sessions without the user signing in first."""
    accounts: list[AuthAccount] | None = None
    """The accounts the agent has configured, for display."""
    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class AuthStatusRequest:
    """**UNSTABLE**

    Unstable.
    """

    meta: dict[str, Any] | None = meta_field()
