"""Everything ``acp-compat wrap`` was told, as one record from its command line down to the
translators.

The command line builds it (:mod:`acp_compat.cli.wrap`, generated from the option table in
:mod:`acp_compat.cli.wrap_options`); the runner, the relay and the startup policy read it;
the translators' own options (:class:`~acp_compat.translate.upgrade.UpgradeOptions`,
:class:`~acp_compat.translate.downgrade.DowngradeOptions`, the library API) are built from
it in one place, :func:`acp_compat.translate.startup.make_translator`. It lives here, below
the relay, so that the sans-IO startup policy can take it.

Each setting is named after its long flag (``--probe-timeout`` sets ``probe_timeout``) and
its variable after the setting (``ACP_COMPAT_PROBE_TIMEOUT``); its default is the one
written here, which ``wrap --help`` shows.
"""

from __future__ import annotations

from collections.abc import Mapping

import attrs

from acp_compat._define import frozen
from acp_compat.jsonrpc.framing import DEFAULT_MAX_LINE_BYTES
from acp_compat.translate.probe import Protocol
from acp_compat.translate.upgrade.modes import DEFAULT_MODE

DEFAULT_MAX_READ_BYTES = 64 * 1024 * 1024
"""The default cap on a local file read (64 MiB: far above any source file)."""

DEFAULT_PROBE_TIMEOUT = 60.0
"""How long auto-detection gives the agent by default: a launcher downloading the agent
(``npx``, ``uvx``) is silent for tens of seconds the first time."""


@frozen(kw_only=True)
class WrapSettings:
    """Every setting of ``wrap``, read and checked, and the agent command."""

    command: tuple[str, ...]
    """The agent command (argv; never run through a shell)."""
    agent_protocol: str = "auto"
    """``auto`` (probe the agent), ``legacy``, ``current`` or ``v2``."""
    probe_timeout: float = DEFAULT_PROBE_TIMEOUT
    """Seconds auto-detection gives the agent to answer ``initialize`` in either protocol
    (the other protocol's probe starts beside the first after 5 s, or half this if less):
    long enough for a launcher downloading the agent, bounded for one that never answers."""
    max_line_bytes: int = DEFAULT_MAX_LINE_BYTES
    max_read_bytes: int = DEFAULT_MAX_READ_BYTES
    """The cap on a local file read for an agent."""
    grace: float = 2.0
    """Seconds an agent gets to exit after its stdin closed (and again after SIGTERM)."""
    cwd: str | None = None
    """The session directory (absolute) for a current agent behind a legacy client;
    ``None``: acp-compat's own."""
    client_fs: bool = False
    auth_method: str | None = None
    session_mode: str = DEFAULT_MODE.value
    """The mode a legacy agent's new sessions start in (a :class:`~.upgrade.modes.Mode`
    id; a current agent keeps its own modes)."""
    trace: str | None = None
    log_file: str | None = None
    log_level: str = "warning"
    verbose: int = 0
    quiet: int = 0
    version: str = "0.0.0"
    """acp-compat's version, reported in ``clientInfo`` and ``agentInfo``."""
    given_as: Mapping[str, str] = attrs.field(factory=dict)
    """How a setting was given, by name, for the messages that name it: ``--trace x``, or
    ``ACP_COMPAT_TRACE=x`` (a setting missing here is named by its flag)."""

    @property
    def named_protocol(self) -> Protocol | None:
        """The protocol the user named (``--agent-protocol``); ``None``: probe (``auto``)."""
        return None if self.agent_protocol == "auto" else Protocol(self.agent_protocol)

    def how_given(self, name: str) -> str:
        """How setting ``name`` was given, as its messages name it: from :attr:`given_as`,
        else its flag and value (the flag is the setting's name, dashed)."""
        flag = "--" + name.replace("_", "-")
        return self.given_as.get(name) or f"{flag} {getattr(self, name)}"
