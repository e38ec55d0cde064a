"""One ``wrap`` run from start to exit status: stdio, signals, the relay.

behaviour.md §4-§6. The relay runs the startup policy
(:mod:`acp_compat.translate.startup`): agent process 0 is started at once, before the
client's ``initialize`` arrives, so a slow launcher (``npx``) starts while the editor
gets ready; the policy then probes it and picks the mode, or refuses with the exit status
it names. ``SIGTERM``, ``SIGINT`` and ``SIGHUP`` close every agent (stdin, grace period,
group ``SIGTERM``, ``SIGKILL``) and exit with 128 + the signal number; a second one kills
the agents' groups at once.
"""

from __future__ import annotations

import logging
import os
import signal

import anyio
import anyio.abc

from acp_compat._define import frozen
from acp_compat.io import early
from acp_compat.io.lines import CLIENT_PIPE_BYTES, LineReader, LineWriter, enlarge_pipe
from acp_compat.io.localfiles import DEFAULT_MAX_READ_BYTES
from acp_compat.io.relay import Relay, RelayConfig
from acp_compat.io.trace import Tracer
from acp_compat.jsonrpc.framing import DEFAULT_MAX_LINE_BYTES
from acp_compat.translate.probe import Protocol
from acp_compat.translate.startup import StartupOptions, StartupPolicy, TranslatorOptions

logger = logging.getLogger("acp_compat.io.runner")

STOP_SIGNALS = (signal.SIGTERM, signal.SIGINT, signal.SIGHUP)
"""Signals that end the relay cleanly."""


@frozen(kw_only=True)
class ModeOptions:
    """What the startup policy and the translators need from the command line."""

    argv: tuple[str, ...]
    agent_protocol: str = "auto"
    """``auto``, ``legacy`` or ``current``."""
    probe_timeout: float = 5.0
    cwd: str | None = None
    """The session cwd for a current agent behind a legacy client (default: ours)."""
    client_fs: bool = False
    auth_method: str | None = None
    version: str = "0.0.0"
    agent_protocol_given_as: str = ""
    """How a named protocol was given (``--agent-protocol legacy``, or its variable), for
    the error an agent that refuses it gets."""

    def startup(self) -> StartupOptions:
        """The startup policy's options."""
        named = None if self.agent_protocol == "auto" else Protocol(self.agent_protocol)
        return StartupOptions(
            argv=self.argv,
            agent_protocol=named,
            probe_timeout=self.probe_timeout,
            version=self.version,
            client_fs=self.client_fs,
        )

    def translators(self) -> TranslatorOptions:
        """The translators' options (directories made absolute here, in the shell)."""
        here = os.getcwd()
        return TranslatorOptions(
            argv=self.argv,
            launch_cwd=here,
            session_cwd=os.path.abspath(self.cwd or here),
            client_fs=self.client_fs,
            auth_method=self.auth_method,
            version=self.version,
            agent_protocol_given_as=self.agent_protocol_given_as,
        )


@frozen(kw_only=True)
class WrapOptions:
    """Everything ``acp-compat wrap`` was told."""

    mode: ModeOptions
    max_line_bytes: int = DEFAULT_MAX_LINE_BYTES
    grace: float = 2.0
    max_read_bytes: int = DEFAULT_MAX_READ_BYTES
    """The cap on a local file read for an agent (``--max-read-bytes``)."""


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
    enlarge_pipe(stdout_fd, CLIENT_PIPE_BYTES)
    client_out = LineWriter(stdout_fd, name="client")
    config = RelayConfig(
        argv=options.mode.argv,
        max_line_bytes=options.max_line_bytes,
        grace=options.grace,
        max_read_bytes=options.max_read_bytes,
    )
    try:
        async with anyio.create_task_group() as tg:
            tg.start_soon(client_out.run)
            relay = Relay(tg, config, client_in=client_in, client_out=client_out, tracer=tracer)
            # Handlers in place before agent 0 exists: a signal can never orphan it. One
            # that came while the launch agent waited for us (io/early.py) stops us now.
            await tg.start(_watch_signals, relay)
            held = early.handlers_replaced()
            if held is not None:
                logger.info("received %s", signal.Signals(held).name)
                relay.request_stop(128 + held)
            policy = StartupPolicy(options.mode.startup())
            status = await relay.serve(policy, options.mode.translators())
            tg.cancel_scope.cancel()
    finally:
        early.resume_collector()  # if startup never decided
        client_in.close()
        if tracer is not None:
            tracer.close()
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
