# generated from the schemas below by acp_compat.models.codegen: do not edit
#   vectors/schemas/current/acp-v1-schema-1.21.0.schema.json
#   vectors/schemas/current/acp-v1-schema-ts-sdk-2.4.0.schema.json
#   vectors/schemas/current/acp-v1-schema-ts-sdk-2.4.0.unstable.schema.json
"""ACP v1 models: ``terminal/*``: commands the client runs for the agent."""

from typing import Any

from acp_compat._define import define
from acp_compat.models._base import meta_field


@define(kw_only=True)
class EnvVariable:
    """An environment variable to set when launching an MCP server."""

    name: str
    """The name of the environment variable."""
    value: str
    """The value to set for the environment variable."""
    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class CreateTerminalRequest:
    """Request to create a new terminal and execute a command."""

    session_id: str
    """The session ID for this request."""
    command: str
    """The command to execute."""
    args: list[str] | None = None
    """Array of command arguments."""
    env: list[EnvVariable] | None = None
    """Environment variables for the command."""
    cwd: str | None = None
    """Working directory for the command. Must be an absolute path."""
    output_byte_limit: int | None = None
    """Maximum number of output bytes to retain."""
    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class TerminalOutputRequest:
    """Request to get the current output and status of a terminal."""

    session_id: str
    """The session ID for this request."""
    terminal_id: str
    """The ID of the terminal to get output from."""
    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class ReleaseTerminalRequest:
    """Request to release a terminal and free its resources."""

    session_id: str
    """The session ID for this request."""
    terminal_id: str
    """The ID of the terminal to release."""
    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class WaitForTerminalExitRequest:
    """Request to wait for a terminal command to exit."""

    session_id: str
    """The session ID for this request."""
    terminal_id: str
    """The ID of the terminal to wait for."""
    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class KillTerminalRequest:
    """Request to kill a terminal without releasing it."""

    session_id: str
    """The session ID for this request."""
    terminal_id: str
    """The ID of the terminal to kill."""
    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class CreateTerminalResponse:
    """Response containing the ID of the created terminal."""

    terminal_id: str
    """The unique identifier for the created terminal."""
    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class TerminalExitStatus:
    """Exit status of a terminal command."""

    exit_code: int | None = None
    """The process exit code (may be null if terminated by signal)."""
    signal: str | None = None
    """The signal that terminated the process (may be null if exited normally)."""
    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class TerminalOutputResponse:
    """Response containing the terminal output and exit status."""

    output: str
    """The terminal output captured so far."""
    truncated: bool
    """Whether the output was truncated due to byte limits."""
    exit_status: TerminalExitStatus | None = None
    """Exit status if the command has completed."""
    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class ReleaseTerminalResponse:
    """Response to terminal/release method"""

    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class WaitForTerminalExitResponse:
    """Response containing the exit status of a terminal command."""

    exit_code: int | None = None
    """The process exit code (may be null if terminated by signal)."""
    signal: str | None = None
    """The signal that terminated the process (may be null if exited normally)."""
    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class KillTerminalResponse:
    """Response to `terminal/kill` method"""

    meta: dict[str, Any] | None = meta_field()
