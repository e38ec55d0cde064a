"""``acp-compat wrap -- CMD ARGS...``: the command users put in their editor's settings."""

from __future__ import annotations

import textwrap
from collections.abc import Callable
from typing import Any, TypeVar

import click

from acp_compat.cli.options import SourceNamedOption, bad_option
from acp_compat.cli.wrap_serve import LOG_LEVELS, serve
from acp_compat.cli.wrap_settings import AGENT_PROTOCOLS, WrapSettings, names_stdout
from acp_compat.io.localfiles import DEFAULT_MAX_READ_BYTES
from acp_compat.jsonrpc.framing import DEFAULT_MAX_LINE_BYTES

_F = TypeVar("_F", bound=Callable[..., Any])


def _given_as(name: str, value: str) -> str:
    """How option ``name`` was given: ``--flag value``, or ``VARIABLE=value``."""
    ctx = click.get_current_context()
    param = next(p for p in ctx.command.params if p.name == name)
    assert isinstance(param, SourceNamedOption)
    variable = param.variable_used(ctx)
    return f"{variable}={value}" if variable else f"{param.opts[0]} {value}"


EXIT_STATUSES: tuple[tuple[str, str], ...] = (
    ("0", "the editor closed stdin (and every agent was closed)"),
    ("1", "the agent answered initialize in neither protocol"),
    (
        "2",
        "usage error: a bad option or environment variable, no COMMAND, or a --trace or"
        " --log-file naming stdout (one that cannot be opened is logged and done without)",
    ),
    (
        "N",
        "the agent's own status: when the one agent of a passthrough or downgrade relay"
        " ends (an upgrade relay runs one agent per session and carries on), or when the"
        " agent fails before answering initialize (a launcher such as npx or env reporting"
        " 127); 128+N when signal N killed it",
    ),
    (
        "127",
        "the agent command cannot be started (not found, not executable); the reason is"
        " logged to stderr and sent as the error answering initialize",
    ),
    ("128+N", "acp-compat received signal N (SIGTERM, SIGINT or SIGHUP) and closed the agents"),
)
"""Every exit status of ``wrap``, as ``wrap --help`` and the README's table show them."""


def _exit_status_epilog() -> str:
    """``EXIT_STATUSES`` as help text (``\\b``: click keeps the layout)."""
    lines = ["\b", "Exit status:"]
    for status, meaning in EXIT_STATUSES:
        wrapped = textwrap.wrap(meaning, width=70)
        lines.append(f"  {status:<7}{wrapped[0]}")
        lines.extend(f"  {'':<7}{line}" for line in wrapped[1:])
    return "\n".join(lines)


def _option(*names: str, **attributes: Any) -> Callable[[_F], _F]:
    """``click.option`` whose errors name the flag or the variable actually used."""
    return click.option(*names, cls=SourceNamedOption, **attributes)


@click.command(
    context_settings={"allow_interspersed_args": False, "auto_envvar_prefix": None},
    epilog=_exit_status_epilog(),
)
@_option(
    "--agent-protocol",
    type=click.Choice(list(AGENT_PROTOCOLS)),
    default="auto",
    show_default=True,
    envvar="ACP_COMPAT_AGENT_PROTOCOL",
    show_envvar=True,
    help="The protocol the agent speaks; auto probes it with an initialize.",
)
@_option(
    "--probe-timeout",
    type=click.FloatRange(min=0.1),
    default=5.0,
    show_default=True,
    envvar="ACP_COMPAT_PROBE_TIMEOUT",
    show_envvar=True,
    help="Seconds each auto-detection probe waits for the agent's answer.",
)
@_option(
    "--max-line-bytes",
    type=click.IntRange(min=1024),
    default=DEFAULT_MAX_LINE_BYTES,
    show_default=True,
    envvar="ACP_COMPAT_MAX_LINE_BYTES",
    show_envvar=True,
    help="Longest accepted line; longer ones are dropped and logged.",
)
@_option(
    "--max-read-bytes",
    type=click.IntRange(min=1),
    default=DEFAULT_MAX_READ_BYTES,
    show_default=True,
    envvar="ACP_COMPAT_MAX_READ_BYTES",
    show_envvar=True,
    help="Largest file acp-compat reads itself for an agent (when the editor offers no fs).",
)
@_option(
    "--grace",
    type=click.FloatRange(min=0),
    default=2.0,
    show_default=True,
    envvar="ACP_COMPAT_GRACE",
    show_envvar=True,
    help="Seconds an agent gets to exit after its stdin closed (and again after SIGTERM).",
)
@_option(
    "--cwd",
    "session_cwd",
    type=click.Path(file_okay=False, resolve_path=True),
    default=None,
    envvar="ACP_COMPAT_CWD",
    show_envvar=True,
    help="Session directory for a current agent behind a legacy client [default: here].",
)
@_option(
    "--client-fs/--no-client-fs",
    default=False,
    show_default=True,
    envvar="ACP_COMPAT_CLIENT_FS",
    show_envvar=True,
    help="Tell a current agent that the legacy client serves readTextFile/writeTextFile.",
)
@_option(
    "--auth-method",
    default=None,
    envvar="ACP_COMPAT_AUTH_METHOD",
    show_envvar=True,
    help="authenticate methodId for a current agent behind a legacy client.",
)
@_option(
    "--trace",
    # Not readable=True (click's default): a file that cannot be used is logged and done
    # without (wrap_serve.serve), never a usage error that would stop every run.
    type=click.Path(dir_okay=False, readable=False),
    default=None,
    envvar="ACP_COMPAT_TRACE",
    show_envvar=True,
    help="Write every message, before and after translation, to this JSONL file (mode 0600).",
)
@_option(
    "--log-file",
    # Not readable=True (click's default): a file that cannot be used is logged and done
    # without (wrap_serve.serve), never a usage error that would stop every run.
    type=click.Path(dir_okay=False, readable=False),
    default=None,
    envvar="ACP_COMPAT_LOG_FILE",
    show_envvar=True,
    help="Write log records here instead of stderr (created with mode 0600).",
)
@_option(
    "--log-level",
    "log_level_name",
    type=click.Choice(list(LOG_LEVELS)),
    default="info",
    show_default=True,
    envvar="ACP_COMPAT_LOG_LEVEL",
    show_envvar=True,
    help="How much to log: info is the mode chosen and agent starts and exits; none, nothing.",
)
@_option(
    "-v",
    "--verbose",
    count=True,
    envvar="ACP_COMPAT_VERBOSE",
    show_envvar=True,
    help="One level more log detail than --log-level (repeatable; a number in the variable).",
)
@_option(
    "-q",
    "--quiet",
    count=True,
    envvar="ACP_COMPAT_QUIET",
    show_envvar=True,
    help="One level less log detail than --log-level (repeatable; a number in the variable).",
)
@click.argument("command", nargs=-1, required=True, type=click.UNPROCESSED)
def wrap(
    agent_protocol: str,
    probe_timeout: float,
    max_line_bytes: int,
    max_read_bytes: int,
    grace: float,
    session_cwd: str | None,
    client_fs: bool,
    auth_method: str | None,
    trace: str | None,
    log_file: str | None,
    log_level_name: str,
    verbose: int,
    quiet: int,
    command: tuple[str, ...],
) -> None:
    """Relay the agent COMMAND to the editor on stdin/stdout, translating if needed.

    \b
    Example:  acp-compat wrap -- gemini --experimental-acp

    A legacy ACP 0.0.x agent behind a current ACP editor is upgraded, a current agent
    behind a legacy client downgraded; same protocols are passed through. Only protocol
    goes to stdout; logs and the agent's stderr go to stderr. Exit statuses: below.
    """
    # A trace or log on stdout would corrupt the protocol: a usage error (2), told before
    # anything starts, never confused with an agent that failed (1, 127).
    for name, path in (("trace", trace), ("log_file", log_file)):
        if path and names_stdout(path):
            bad_option(name, f"{path!r} is stdout, which carries only the protocol")
    named = {"agent_protocol": agent_protocol, "trace": trace, "log_file": log_file}
    serve(
        WrapSettings(
            command=command,
            agent_protocol=agent_protocol,
            probe_timeout=probe_timeout,
            max_line_bytes=max_line_bytes,
            max_read_bytes=max_read_bytes,
            grace=grace,
            session_cwd=session_cwd,
            client_fs=client_fs,
            auth_method=auth_method,
            trace=trace,
            log_file=log_file,
            log_level_name=log_level_name,
            verbose=verbose,
            quiet=quiet,
            given_as={
                name: _given_as(name, value) for name, value in named.items() if value is not None
            },
        )
    )
