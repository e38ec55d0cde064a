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

import contextlib
import logging
import os
import signal
import sys
from collections.abc import AsyncIterator, Callable

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
    try:
        async with client_pipes(stdin_fd, stdout_fd, settings.max_line_bytes) as pipes:
            tg, client_in, client_out = pipes
            relay = Relay(
                tg,
                settings,
                client_in=client_in,
                client_out=client_out,
                tracer=tracer,
                launched=launched,
                when_answered=when_answered,
            )

            def stop(signum: int) -> None:
                logger.info("received %s", signal.Signals(signum).name)
                relay.request_stop(128 + signum)

            # Handlers in place before agent 0 exists: a signal can never orphan it. One
            # that came while the launched agent waited for us stops us now.
            await tg.start(watch_stop_signals, stop)
            held = launched.handlers_replaced() if launched is not None else None
            if held is not None:
                stop(held)
            # Agent 0 starts in our working directory; one that no longer exists (deleted
            # or moved) is left for ``/``, as the console script does before it starts
            # the agent (acp_compat/cli/launch.py).
            leave_a_deleted_directory()
            return await relay.serve(StartupPolicy(settings), os.getcwd())
    finally:
        if tracer is not None:
            tracer.close()


@contextlib.asynccontextmanager
async def client_pipes(
    stdin_fd: int, stdout_fd: int, max_line_bytes: int
) -> AsyncIterator[tuple[anyio.abc.TaskGroup, LineReader, LineWriter]]:
    """The client's side of a run (``wrap``'s and the shim's): a task group, the reader of
    ``stdin_fd`` (left open at the end) and the writer to ``stdout_fd`` (taken over, its
    pipe enlarged), running until the body ends; the body closes the writer once it has
    said everything."""
    client_in = LineReader(stdin_fd, max_line_bytes=max_line_bytes, owned=False)
    enlarge_pipe(stdout_fd, CLIENT_PIPE_BYTES)
    client_out = LineWriter(stdout_fd, name="client")
    client_out.watch_reader()
    try:
        async with anyio.create_task_group() as tg:
            tg.start_soon(client_out.run)
            yield tg, client_in, client_out
            tg.cancel_scope.cancel()
    finally:
        client_in.close()


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


async def watch_stop_signals(
    stop: Callable[[int], None],
    *,
    task_status: anyio.abc.TaskStatus[None] = anyio.TASK_STATUS_IGNORED,
) -> None:
    """Call ``stop`` with the number of each stop signal that arrives (``wrap``'s and the
    shim's: the exit status is 128 + that number)."""
    with anyio.open_signal_receiver(*STOP_SIGNALS) as signals:
        task_status.started()
        async for signum in signals:
            stop(signum)
