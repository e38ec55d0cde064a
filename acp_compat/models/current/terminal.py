"""``terminal/*``: agent-to-client command runs, gated by ``clientCapabilities.terminal``."""

from typing import Any

from acp_compat._define import define
from acp_compat.models._base import meta_field


@define(kw_only=True)
class EnvVariable:
    """One environment variable (``{name, value}``), for terminals and stdio MCP servers."""

    name: str
    value: str
    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class CreateTerminalRequest:
    """``terminal/create`` params: run ``command`` with ``args`` in ``cwd``."""

    session_id: str
    command: str
    args: list[str] | None = None
    env: list[EnvVariable] | None = None
    cwd: str | None = None
    output_byte_limit: int | None = None
    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class CreateTerminalResponse:
    """``terminal/create`` result: the id the agent uses for the other terminal methods."""

    terminal_id: str
    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class TerminalOutputRequest:
    """``terminal/output`` params."""

    session_id: str
    terminal_id: str
    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class TerminalExitStatus:
    """How a terminal's command ended: an exit code or the signal that killed it."""

    exit_code: int | None = None
    signal: str | None = None
    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class TerminalOutputResponse:
    """``terminal/output`` result: output so far, whether it was cut, the exit if any."""

    output: str
    truncated: bool
    exit_status: TerminalExitStatus | None = None
    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class ReleaseTerminalRequest:
    """``terminal/release`` params: the agent is done with the terminal."""

    session_id: str
    terminal_id: str
    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class ReleaseTerminalResponse:
    """``terminal/release`` result (void)."""

    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class WaitForTerminalExitRequest:
    """``terminal/wait_for_exit`` params."""

    session_id: str
    terminal_id: str
    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class WaitForTerminalExitResponse:
    """``terminal/wait_for_exit`` result: the exit code or signal."""

    exit_code: int | None = None
    signal: str | None = None
    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class KillTerminalRequest:
    """``terminal/kill`` params: stop the command, keep the terminal until released."""

    session_id: str
    terminal_id: str
    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class KillTerminalResponse:
    """``terminal/kill`` result (void)."""

    meta: dict[str, Any] | None = meta_field()
