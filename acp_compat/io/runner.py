"""One ``wrap`` run from start to exit status: stdio, signals, agent 0, mode, relay.

behaviour.md §5. Agent process 0 is started at once, before the client's ``initialize``
arrives, so a slow launcher (``npx``) starts while the editor gets ready. If it cannot be
started, that ``initialize`` is answered with an error naming the command and the OS
error, and the exit status is 127. ``SIGTERM``, ``SIGINT`` and ``SIGHUP`` close every
agent (stdin, grace period, group ``SIGTERM``, ``SIGKILL``) and exit with 128 + the
signal number; a second one kills the agents' groups at once.
"""

from __future__ import annotations

import logging
import signal

import anyio
import anyio.abc
import attrs

from acp_compat.io.lines import LineReader, LineWriter
from acp_compat.io.modes import (
    EXIT_CANNOT_START,
    ModeOptions,
    Refusal,
    choose_mode,
    read_first_initialize,
)
from acp_compat.io.relay import Relay, RelayConfig, start_failure_reason
from acp_compat.io.trace import Tracer
from acp_compat.jsonrpc.framing import DEFAULT_MAX_LINE_BYTES
from acp_compat.jsonrpc.messages import INTERNAL_ERROR, error

logger = logging.getLogger("acp_compat.io.runner")

STOP_SIGNALS = (signal.SIGTERM, signal.SIGINT, signal.SIGHUP)
"""Signals that end the relay cleanly."""


@attrs.frozen(kw_only=True)
class WrapOptions:
    """Everything ``acp-compat wrap`` was told."""

    mode: ModeOptions
    max_line_bytes: int = DEFAULT_MAX_LINE_BYTES
    grace: float = 2.0


async def run_wrap(
    options: WrapOptions,
    *,
    stdin_fd: int = 0,
    stdout_fd: int = 1,
    tracer: Tracer | None = None,
) -> int:
    """Serve the client on ``stdin_fd``/``stdout_fd`` until the end; the exit status.

    ``stdout_fd`` is taken over (closed at the end); ``stdin_fd`` is left open. The
    ``tracer`` (``--trace``), opened by the caller so a bad path fails before anything
    starts, is closed at the end.
    """
    client_in = LineReader(stdin_fd, max_line_bytes=options.max_line_bytes, owned=False)
    client_out = LineWriter(stdout_fd, name="client")
    config = RelayConfig(
        argv=options.mode.argv, max_line_bytes=options.max_line_bytes, grace=options.grace
    )
    try:
        async with anyio.create_task_group() as tg:
            tg.start_soon(client_out.run)
            relay = Relay(tg, config, client_in=client_in, client_out=client_out, tracer=tracer)
            # Handlers in place before agent 0 exists: a signal can never orphan it.
            await tg.start(_watch_signals, relay)
            status = await _serve(relay, options)
            tg.cancel_scope.cancel()
    finally:
        client_in.close()
        if tracer is not None:
            tracer.close()
    return status


async def _serve(relay: Relay, options: WrapOptions) -> int:
    """Start agent 0, read the client's initialize, choose the mode, relay."""
    argv = options.mode.argv
    start_error: OSError | None = None
    try:
        agent0 = relay.spawn(0)
        logger.info("agent 0 started (pid %d): %s", agent0.pid, " ".join(argv))
    except OSError as exc:
        start_error = exc
    first = await read_first_initialize(relay)
    if first is None:
        logger.info("the client left before initialize")
        status = relay.stop_status
        if status is None:
            status = EXIT_CANNOT_START if start_error is not None else 0
        return await _finish(relay, status)
    initialize, raw = first
    if start_error is not None:
        reason = start_failure_reason(argv, None, start_error)
        logger.error("%s", reason)
        relay.write_client(
            error(
                initialize.get("id"),
                INTERNAL_ERROR,
                reason,
                {"command": list(argv), "reason": str(start_error)},
            ),
            None,
            None,
        )
        return await _finish(relay, EXIT_CANNOT_START)
    plan = await choose_mode(relay, options.mode, initialize, raw)
    if plan is None:
        # Stopped during the probe: the initialize still gets its one answer.
        status = relay.stop_status or 0
        relay.write_client(
            error(
                initialize.get("id"),
                INTERNAL_ERROR,
                f"acp-compat was stopped ({_stop_cause(status)}) before the agent answered"
                " initialize",
            ),
            None,
            None,
        )
        return await _finish(relay, status)
    if isinstance(plan, Refusal):
        relay.write_client(plan.reply, None, None)
        return await _finish(relay, plan.status)
    return await relay.run(
        plan.translator,
        single_agent=plan.single_agent,
        raw_passthrough=plan.raw_passthrough,
        first_messages=plan.first_messages,
    )


def _stop_cause(status: int) -> str:
    """The signal behind a stop request's ``128 + N`` status, for messages."""
    try:
        return signal.Signals(status - 128).name
    except ValueError:
        return f"exit status {status}"


async def _finish(relay: Relay, status: int) -> int:
    """End without the relay loop: close every agent, flush the client, ``status``."""
    await relay.close_all()
    await relay.finish_client()
    return status


async def _watch_signals(
    relay: Relay, *, task_status: anyio.abc.TaskStatus[None] = anyio.TASK_STATUS_IGNORED
) -> None:
    """Turn stop signals into stop requests for the relay."""
    with anyio.open_signal_receiver(*STOP_SIGNALS) as signals:
        task_status.started()
        async for signum in signals:
            logger.info("received %s", signal.Signals(signum).name)
            relay.request_stop(128 + signum)
