"""``acp-compat wrap -- CMD ARGS...``: the command users put in their editor's settings."""

from __future__ import annotations

import logging
import os
import sys

import anyio
import click

from acp_compat import __version__
from acp_compat.io.localfiles import DEFAULT_MAX_READ_BYTES
from acp_compat.io.runner import ModeOptions, WrapOptions, run_wrap
from acp_compat.io.stderr import PumpHandler, stderr_pump
from acp_compat.io.trace import Tracer, open_private_file
from acp_compat.jsonrpc.framing import DEFAULT_MAX_LINE_BYTES

LOG_FORMAT = "%(asctime)s acp-compat %(levelname)s %(name)s: %(message)s"


def _configure_logging(verbose: int, quiet: int, log_file: str | None) -> None:
    """Log records go to stderr (or ``log_file``), never to stdout.

    Default level INFO (the mode choice, agent starts and exits); each ``-v`` one level
    more detail, each ``-q`` one level less.
    """
    levels = [logging.ERROR, logging.WARNING, logging.INFO, logging.DEBUG]
    level = levels[max(0, min(len(levels) - 1, 2 + verbose - quiet))]
    handler: logging.Handler
    if log_file:
        # Opened like the trace (mode 0600, no symlink, no FIFO, our own file): records
        # quote the user's lines. An existing file is appended to.
        stream = os.fdopen(open_private_file(log_file, append=True), "a", encoding="utf-8")
        handler = logging.StreamHandler(stream)
    else:
        # Through the pump: an editor that never reads our stderr must not stall us.
        handler = PumpHandler(stderr_pump())
    handler.setFormatter(logging.Formatter(LOG_FORMAT))
    root = logging.getLogger("acp_compat")
    root.handlers[:] = [handler]
    root.setLevel(level)
    root.propagate = False


def _is_stdout(path: str) -> bool:
    """Whether ``path`` names what our stdout is (``/dev/stdout``, the file it goes to)."""
    try:
        return os.path.samestat(os.stat(path), os.fstat(1))
    except OSError:
        return False


def _reserve_stdout() -> int:
    """Keep a private descriptor for protocol output and point fd 1 at stderr.

    Anything in this process that prints by mistake then lands in stderr instead of
    corrupting the JSON-RPC stream.
    """
    sys.stdout.flush()
    protocol_fd = os.dup(1)
    os.dup2(2, 1)
    return protocol_fd


@click.command(
    context_settings={"allow_interspersed_args": False, "auto_envvar_prefix": None},
)
@click.option(
    "--agent-protocol",
    type=click.Choice(["auto", "legacy", "current"]),
    default="auto",
    show_default=True,
    envvar="ACP_COMPAT_AGENT_PROTOCOL",
    show_envvar=True,
    help="The protocol the agent speaks; auto probes it with an initialize.",
)
@click.option(
    "--probe-timeout",
    type=click.FloatRange(min=0.1),
    default=5.0,
    show_default=True,
    envvar="ACP_COMPAT_PROBE_TIMEOUT",
    show_envvar=True,
    help="Seconds each auto-detection probe waits for the agent's answer.",
)
@click.option(
    "--max-line-bytes",
    type=click.IntRange(min=1024),
    default=DEFAULT_MAX_LINE_BYTES,
    show_default=True,
    envvar="ACP_COMPAT_MAX_LINE_BYTES",
    show_envvar=True,
    help="Longest accepted line; longer ones are dropped and logged.",
)
@click.option(
    "--max-read-bytes",
    type=click.IntRange(min=1),
    default=DEFAULT_MAX_READ_BYTES,
    show_default=True,
    envvar="ACP_COMPAT_MAX_READ_BYTES",
    show_envvar=True,
    help="Largest file acp-compat reads itself for an agent (when the editor offers no fs).",
)
@click.option(
    "--grace",
    type=click.FloatRange(min=0),
    default=2.0,
    show_default=True,
    envvar="ACP_COMPAT_GRACE",
    show_envvar=True,
    help="Seconds an agent gets to exit after its stdin closed (and again after SIGTERM).",
)
@click.option(
    "--cwd",
    "session_cwd",
    type=click.Path(file_okay=False, resolve_path=True),
    default=None,
    envvar="ACP_COMPAT_CWD",
    show_envvar=True,
    help="Session directory for a current agent behind a legacy client [default: here].",
)
@click.option(
    "--client-fs/--no-client-fs",
    default=False,
    show_default=True,
    envvar="ACP_COMPAT_CLIENT_FS",
    show_envvar=True,
    help="Tell a current agent that the legacy client serves readTextFile/writeTextFile.",
)
@click.option(
    "--auth-method",
    default=None,
    envvar="ACP_COMPAT_AUTH_METHOD",
    show_envvar=True,
    help="authenticate methodId for a current agent behind a legacy client.",
)
@click.option(
    "--trace",
    type=click.Path(dir_okay=False),
    default=None,
    envvar="ACP_COMPAT_TRACE",
    show_envvar=True,
    help="Write every message, before and after translation, to this JSONL file (mode 0600).",
)
@click.option(
    "--log-file",
    type=click.Path(dir_okay=False),
    default=None,
    envvar="ACP_COMPAT_LOG_FILE",
    show_envvar=True,
    help="Write log records here instead of stderr (created with mode 0600).",
)
@click.option(
    "-v",
    "--verbose",
    count=True,
    envvar="ACP_COMPAT_VERBOSE",
    show_envvar=True,
    help="More log detail (repeatable; a number in the environment variable).",
)
@click.option(
    "-q",
    "--quiet",
    count=True,
    envvar="ACP_COMPAT_QUIET",
    show_envvar=True,
    help="Less log detail (repeatable; a number in the environment variable).",
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
    verbose: int,
    quiet: int,
    command: tuple[str, ...],
) -> None:
    """Relay the agent COMMAND to the editor on stdin/stdout, translating if needed.

    \b
    Example:  acp-compat wrap -- gemini --experimental-acp

    A legacy ACP 0.0.x agent behind a current ACP editor is upgraded, a current agent
    behind a legacy client downgraded; same protocols are passed through. Only protocol
    goes to stdout; logs and the agent's stderr go to stderr. Exit status: 0 after the
    editor closed stdin; the agent's status when the agent of a passthrough or downgrade
    relay ends (an upgrade relay runs one agent process per session and carries on); 127
    when the agent cannot be started; 1 when it answers initialize in neither protocol;
    128+N after signal N.
    """
    for path in (trace, log_file):
        if path and _is_stdout(path):
            raise click.FileError(path, hint="it is stdout, which carries only the protocol")
    # A trace or log file that cannot be opened safely is reported and done without:
    # the relay still serves the editor (exiting here would leave its initialize
    # unanswered, and a file planted at a shared path could stop every run).
    problems: list[str] = []
    try:
        _configure_logging(verbose, quiet, log_file)
    except OSError as exc:
        _configure_logging(verbose, quiet, None)
        problems.append(f"--log-file {log_file}: {exc.strerror or exc}; logging to stderr")
    tracer: Tracer | None = None
    if trace:
        try:
            tracer = Tracer(trace)
        except OSError as exc:
            problems.append(f"--trace {trace}: {exc.strerror or exc}; tracing is off")
    for problem in problems:
        logging.getLogger("acp_compat.cli.wrap").error("%s", problem)
    options = WrapOptions(
        mode=ModeOptions(
            argv=command,
            agent_protocol=agent_protocol,
            probe_timeout=probe_timeout,
            cwd=session_cwd,
            client_fs=client_fs,
            auth_method=auth_method,
            version=__version__,
        ),
        max_line_bytes=max_line_bytes,
        grace=grace,
        max_read_bytes=max_read_bytes,
    )
    protocol_fd = _reserve_stdout()
    status = anyio.run(_run, options, protocol_fd, tracer)
    # The last records (shutdown, exit statuses) are still in the pump; a reader that
    # keeps up gets them, one that never reads does not hold up our exit.
    stderr_pump().flush(timeout=1.0)
    sys.exit(status)


async def _run(options: WrapOptions, protocol_fd: int, tracer: Tracer | None) -> int:
    """``anyio.run`` entry point (keyword arguments cannot go through it)."""
    return await run_wrap(options, stdin_fd=0, stdout_fd=protocol_fd, tracer=tracer)
