# generated from the schemas below by acp_compat.models.codegen: do not edit
#   vectors/schemas/v2/acp-v2-draft-ts-sdk-2.4.0.schema.json
#   vectors/schemas/v2/acp-v2-draft-ts-sdk-2.4.0.unstable.schema.json
"""ACP v2 (draft) models: ``auth/login``, ``auth/logout``, ``auth/status`` and its update."""

from typing import Any, Final, TypeAlias

from acp_compat._define import define
from acp_compat.models._base import meta_field


@define(kw_only=True)
class LoginAuthResponse:
    """Response to the `auth/login` method."""

    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class LogoutAuthResponse:
    """Response to the `auth/logout` method."""

    meta: dict[str, Any] | None = meta_field()


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
class LoginAuthRequest:
    """Request parameters for the `auth/login` method."""

    method_id: str
    """The ID of the authentication method to use. Must be one of the methods advertised in
    the initialize response.
    """
    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class LogoutAuthRequest:
    """Request parameters for the `auth/logout` method."""

    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class AuthStatusRequest:
    """**UNSTABLE**

    Unstable.
    """

    meta: dict[str, Any] | None = meta_field()
