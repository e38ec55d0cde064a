"""What an agent answers to ``initialize`` (capabilities, auth methods, info), ``authenticate``
and ``logout``.

Capability flags are ``bool | None`` as in :mod:`.initialize`: ``None`` is "not sent".

``AuthMethod``: schema 1.21.0 has two variants, ``agent`` (no ``type`` on the wire: the
agent runs the login itself) and ``terminal``. The ``env_var`` variant exists only in the
unstable schema; it (and any later type) lands in :class:`UnknownAuthMethod` with its raw
object, so it is carried but never mistaken for an agent-run method.
"""

from typing import Any, Literal, TypeAlias

from acp_compat._define import define
from acp_compat.models._base import always, meta_field, tagged_union
from acp_compat.models.current.initialize import Implementation


@define(kw_only=True)
class PromptCapabilities:
    """Content block types the agent accepts in prompts beyond text and resource links."""

    image: bool | None = None
    audio: bool | None = None
    embedded_context: bool | None = None
    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class McpCapabilities:
    """MCP transports the agent can connect to beyond stdio."""

    http: bool | None = None
    sse: bool | None = None
    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class SessionListCapabilities:
    """The agent supports ``session/list`` (marker object)."""

    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class SessionDeleteCapabilities:
    """The agent supports ``session/delete`` (marker object)."""

    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class SessionAdditionalDirectoriesCapabilities:
    """The agent accepts ``additionalDirectories`` (marker object)."""

    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class SessionResumeCapabilities:
    """The agent supports ``session/resume`` (marker object)."""

    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class SessionCloseCapabilities:
    """The agent supports ``session/close`` (marker object)."""

    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class SessionCapabilities:
    """Optional session methods the agent supports; a present (even empty) object means yes."""

    delete: SessionDeleteCapabilities | None = None
    additional_directories: SessionAdditionalDirectoriesCapabilities | None = None
    resume: SessionResumeCapabilities | None = None
    close: SessionCloseCapabilities | None = None
    meta: dict[str, Any] | None = meta_field()
    # Last, because the name shadows the builtin ``list`` in the rest of the class body.
    list: SessionListCapabilities | None = None


@define(kw_only=True)
class LogoutCapabilities:
    """The agent supports ``logout`` (marker object)."""

    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class AgentAuthCapabilities:
    """Auth features the agent supports."""

    logout: LogoutCapabilities | None = None
    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class AgentCapabilities:
    """What the agent offers the client."""

    load_session: bool | None = None
    prompt_capabilities: PromptCapabilities | None = None
    mcp_capabilities: McpCapabilities | None = None
    session_capabilities: SessionCapabilities | None = None
    auth: AgentAuthCapabilities | None = None
    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class AuthMethodAgent:
    """An auth method the agent runs itself (no ``type`` on the wire); pass its id to
    ``authenticate``."""

    id: str
    name: str
    description: str | None = None
    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class AuthMethodTerminal:
    """An auth method the client runs as an interactive agent process (``type: "terminal"``).

    The client must not pass it to ``authenticate``.
    """

    type: Literal["terminal"] = always("terminal")
    id: str
    name: str
    description: str | None = None
    args: list[str] | None = None
    env: dict[str, str] | None = None
    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class UnknownAuthMethod:
    """An auth method of a type this schema does not know (e.g. unstable ``env_var``)."""

    data: dict[str, Any]


AuthMethod: TypeAlias = AuthMethodAgent | AuthMethodTerminal | UnknownAuthMethod
"""An advertised auth method: agent-run (untagged), terminal, or unknown."""
tagged_union(
    AuthMethod,
    tag="type",
    members={"terminal": AuthMethodTerminal},
    fallback=UnknownAuthMethod,
    untagged=AuthMethodAgent,
)


@define(kw_only=True)
class InitializeResponse:
    """``initialize`` result: the agreed ``protocol_version``, capabilities, auth methods."""

    protocol_version: int
    agent_capabilities: AgentCapabilities | None = None
    auth_methods: list[AuthMethod] | None = None
    agent_info: Implementation | None = None
    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class AuthenticateResponse:
    """``authenticate`` result (void)."""

    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class LogoutResponse:
    """``logout`` result (void)."""

    meta: dict[str, Any] | None = meta_field()
