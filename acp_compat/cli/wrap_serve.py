"""One ``wrap`` run from its settings: logging, the trace, the relay, the exit status.

Reached from the click command (:mod:`acp_compat.cli.wrap`) with what the launch did
before the imports (:class:`~acp_compat.cli.launch.Launch`).
"""

from __future__ import annotations

import functools
import logging
import os
import sys
from typing import NoReturn

import anyio

from acp_compat.cli.launch import Launch
from acp_compat.cli.wrap_options import LOG_LEVEL_NAMES
from acp_compat.io.runner import reserve_stdout, run_wrap
from acp_compat.io.stderr import PumpHandler, stderr_pump
from acp_compat.io.trace import Tracer, open_private_file
from acp_compat.translate.settings import WrapSettings

LOG_FORMAT = "%(asctime)s acp-compat %(levelname)s %(name)s: %(message)s"

LOG_LEVELS: dict[str, int] = dict(
    zip(
        LOG_LEVEL_NAMES,
        (logging.CRITICAL + 1, logging.ERROR, logging.WARNING, logging.INFO, logging.DEBUG),
        strict=True,
    )
)
"""``--log-level`` names, from least to most detail; ``none`` logs nothing."""


def log_level(name: str, verbose: int, quiet: int) -> int:
    """The ``logging`` level: ``name``, then one step more detail per ``-v`` and one less
    per ``-q`` (``-q`` below ``error`` reaches ``none``)."""
    step = LOG_LEVEL_NAMES.index(name) + verbose - quiet
    return LOG_LEVELS[LOG_LEVEL_NAMES[max(0, min(len(LOG_LEVEL_NAMES) - 1, step))]]


def _configure_logging(level: int, log_file: str | None) -> None:
    """Log records at ``level`` or above go to stderr (or ``log_file``), never to stdout."""
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


def serve(settings: WrapSettings, launch: Launch | None = None) -> NoReturn:
    """Run the relay as ``settings`` say, then exit with its status.

    A trace or log file that cannot be opened safely is reported and done without: the
    relay still serves the editor (exiting here would leave its ``initialize``
    unanswered, and a file planted at a shared path could stop every run).
    """
    level = log_level(settings.log_level, settings.verbose, settings.quiet)
    problems: list[str] = []
    try:
        _configure_logging(level, settings.log_file)
    except OSError as exc:
        _configure_logging(level, None)
        problems.append(
            f"{settings.how_given('log_file')}: {exc.strerror or exc}; logging to stderr"
        )
    tracer: Tracer | None = None
    if settings.trace:
        try:
            tracer = Tracer(settings.trace)
        except OSError as exc:
            problems.append(f"{settings.how_given('trace')}: {exc.strerror or exc}; tracing is off")
    logger = logging.getLogger("acp_compat.cli.wrap")
    for problem in problems:
        logger.error("%s", problem)
    if launch is not None and launch.moved_from_deleted_directory:
        logger.warning(
            "acp-compat's working directory no longer exists (deleted or moved): agents"
            " start in / unless a session names its own directory (--cwd for a legacy"
            " client)"
        )
    if launch is not None and 1 in launch.closed_descriptors:
        # Nobody can ever read an answer: as when the client closes our stdout.
        logger.info("stdout was closed at start: nobody can read the answers; exiting")
        stderr_pump().flush(timeout=1.0)
        sys.exit(0)
    protocol_fd = reserve_stdout()  # the launch made sure 0, 1 and 2 are open
    run = functools.partial(
        run_wrap,
        settings,
        stdin_fd=0,
        stdout_fd=protocol_fd,
        tracer=tracer,
        launched=launch.agent if launch is not None else None,
        when_answered=launch.collector.resume if launch is not None else None,
    )
    status = anyio.run(run)
    # The last records (shutdown, exit statuses) are still in the pump; a reader that
    # keeps up gets them, one that never reads does not hold up our exit.
    stderr_pump().flush(timeout=1.0)
    sys.exit(status)
