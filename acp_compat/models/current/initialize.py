"""What a client sends to ``initialize`` (its capabilities and info), ``authenticate``, ``logout``.

The agent's side (its capabilities, auth methods, the results) is in
:mod:`.initialize_result`: a relay for a current client structures only this module's
classes before it answers ``initialize``, and each attrs class costs time to create.

Capability flags are ``bool | None``: ``None`` is "not sent", which the protocol reads as
``false``. Keeping absent apart from an explicit ``false`` writes back exactly what a peer
sent, and lets a translator send the full set some peers require.
"""

from typing import Any

from acp_compat._define import define
from acp_compat.models._base import meta_field


@define(kw_only=True)
class Implementation:
    """Name and version of a client or agent (``clientInfo`` / ``agentInfo``)."""

    name: str
    version: str
    title: str | None = None
    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class FileSystemCapabilities:
    """Which ``fs/*`` methods the client serves."""

    read_text_file: bool | None = None
    write_text_file: bool | None = None
    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class BooleanConfigOptionCapabilities:
    """The client can show boolean config options (marker object)."""

    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class SessionConfigOptionsCapabilities:
    """Config option types the client can show beyond ``select``."""

    boolean: BooleanConfigOptionCapabilities | None = None
    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class CompactionCapabilities:
    """The client shows context compaction updates (an empty marker object)."""


@define(kw_only=True)
class NoticeCapabilities:
    """The client shows ``notice`` session updates to the user (an empty marker object)."""


@define(kw_only=True)
class ClientSessionCapabilities:
    """Session features the client supports (``compaction`` and ``notices``: newest schema)."""

    compaction: CompactionCapabilities | None = None
    config_options: SessionConfigOptionsCapabilities | None = None
    notices: NoticeCapabilities | None = None
    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class AuthCapabilities:
    """Auth features the client supports (``terminal``: it can run terminal auth methods)."""

    terminal: bool | None = None
    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class ElicitationFormCapabilities:
    """The client can show form elicitations (marker object)."""

    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class ElicitationUrlCapabilities:
    """The client can open URL elicitations (marker object)."""

    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class ElicitationCapabilities:
    """Which ``elicitation/create`` modes the client supports."""

    form: ElicitationFormCapabilities | None = None
    url: ElicitationUrlCapabilities | None = None
    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class ClientCapabilities:
    """What the client offers the agent: ``fs``, ``terminal``, sessions, auth, elicitation."""

    fs: FileSystemCapabilities | None = None
    terminal: bool | None = None
    session: ClientSessionCapabilities | None = None
    auth: AuthCapabilities | None = None
    elicitation: ElicitationCapabilities | None = None
    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class InitializeRequest:
    """``initialize`` params: the latest major ``protocol_version`` the client speaks (1)."""

    protocol_version: int
    client_capabilities: ClientCapabilities | None = None
    client_info: Implementation | None = None
    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class AuthenticateRequest:
    """``authenticate`` params: the id of an advertised agent-run auth method."""

    method_id: str
    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class LogoutRequest:
    """``logout`` params (only if ``agentCapabilities.auth.logout``)."""

    meta: dict[str, Any] | None = meta_field()
