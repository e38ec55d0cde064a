"""One ``wrap`` run from start to exit status: stdio, signals, the relay.

behaviour.md §4-§6. The relay runs the startup policy
(:mod:`acp_compat.translate.startup`): agent process 0 is started at once, before the
client's ``initialize`` arrives, so a slow launcher (``npx``) starts while the editor
gets ready; the policy then probes it and picks the translation, or refuses with the exit status
it names. ``SIGTERM``, ``SIGINT`` and ``SIGHUP`` close every agent (stdin, grace period,
group ``SIGTERM``, ``SIGKILL``) and exit with 128 + the signal number; a second one kills
the agents' groups at once.
"""

from __future__ import annotations

import logging
import os
import signal
import sys
from collections.abc import Callable

import anyio
import anyio.abc

from acp_compat.io.launched_agent import STOP_SIGNALS, LaunchedAgent
from acp_compat.io.lines import CLIENT_PIPE_BYTES, LineReader, LineWriter, enlarge_pipe
from acp_compat.io.relay import Relay
from acp_compat.io.spawn import leave_a_deleted_directory
from acp_compat.io.trace import Tracer
from acp_compat.translate.settings import WrapSettings
from acp_compat.translate.startup import StartupPolicy

logger = logging.getLogger("acp_compat.io.runner")


async def run_wrap(
    settings: WrapSettings,
    *,
    stdin_fd: int = 0,
    stdout_fd: int = 1,
    tracer: Tracer | None = None,
    launched: LaunchedAgent | None = None,
    when_answered: Callable[[], None] | None = None,
) -> int:
    """Serve the client on ``stdin_fd``/``stdout_fd`` until the end; the exit status.

    ``stdout_fd`` is taken over (closed at the end); ``stdin_fd`` is left open. The
    ``tracer`` (``--trace``), opened by the caller so a bad path fails before anything
    starts, is closed at the end. ``launched``: the agent started at launch, which the
    relay takes as agent 0 (:mod:`acp_compat.io.launched_agent`); ``when_answered`` is
    called once the client has its first answer (``wrap`` resumes its garbage collector
    then).
    """
    client_in = LineReader(stdin_fd, max_line_bytes=settings.max_line_bytes, owned=False)
    enlarge_pipe(stdout_fd, CLIENT_PIPE_BYTES)
    client_out = LineWriter(stdout_fd, name="client")
    try:
        async with anyio.create_task_group() as tg:
            tg.start_soon(client_out.run)
            relay = Relay(
                tg,
                settings,
                client_in=client_in,
                client_out=client_out,
                tracer=tracer,
                launched=launched,
                when_answered=when_answered,
            )
            # Handlers in place before agent 0 exists: a signal can never orphan it. One
            # that came while the launched agent waited for us stops us now.
            await tg.start(_watch_signals, relay)
            held = launched.handlers_replaced() if launched is not None else None
            if held is not None:
                logger.info("received %s", signal.Signals(held).name)
                relay.request_stop(128 + held)
            # Agent 0 starts in our working directory; one that no longer exists (deleted
            # or moved) is left for ``/``, as the console script does before it starts
            # the agent (acp_compat/cli/launch.py).
            leave_a_deleted_directory()
            status = await relay.serve(StartupPolicy(settings), os.getcwd())
            tg.cancel_scope.cancel()
    finally:
        client_in.close()
        if tracer is not None:
            tracer.close()
    return status


def reserve_stdout() -> int:
    """Keep a private descriptor for protocol output and point fd 1 at stderr; the
    private descriptor.

    Anything in this process that prints by mistake then lands in stderr instead of
    corrupting the JSON-RPC stream. With 0, 1 and 2 open, the duplicate never takes one
    of their numbers.
    """
    if sys.stdout is not None:  # None when fd 1 was closed as Python started
        sys.stdout.flush()
    protocol_fd = os.dup(1)
    os.dup2(2, 1)
    return protocol_fd


async def _watch_signals(
    relay: Relay, *, task_status: anyio.abc.TaskStatus[None] = anyio.TASK_STATUS_IGNORED
) -> None:
    """Turn stop signals into stop requests for the relay."""
    with anyio.open_signal_receiver(*STOP_SIGNALS) as signals:
        task_status.started()
        async for signum in signals:
            logger.info("received %s", signal.Signals(signum).name)
            relay.request_stop(128 + signum)
