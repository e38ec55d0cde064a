"""The in-process shim: a legacy ACP 0.0.9 agent written in Python, served to current ACP
clients without a subprocess.

::

    from acp_compat.io.shim import LegacyClient, run_legacy_agent

    class MyAgent:                      # a LegacyAgent
        def __init__(self, client: LegacyClient, cwd: str) -> None: ...
        async def initialize(self, params): ...
        async def authenticate(self): ...
        async def send_user_message(self, params): ...
        async def cancel_send_message(self): ...

    raise SystemExit(run_legacy_agent(MyAgent))

The same :class:`~acp_compat.translate.upgrade.UpgradeTranslator` as ``acp-compat wrap``
runs between the client (this process's stdin/stdout) and the agent; where ``wrap`` starts
one legacy agent process per session, the shim calls ``factory(client, cwd)`` and talks to
the object it returns. Modules: :mod:`.api` (:class:`LegacyAgent`, :class:`LegacyClient`),
:mod:`.server` (the loop); errors in both directions are
:class:`~acp_compat.jsonrpc.messages.RequestError` (the one request-error class, exported
here too).

How instances are made and stopped, concurrency, errors, files, pacing and the exit
status: ``docs/shim.md``, "Behaviour".
"""

from __future__ import annotations

import os

import anyio

from acp_compat import __version__
from acp_compat.io.runner import client_pipes, reserve_stdout, watch_stop_signals  # wrap's own
from acp_compat.io.shim.api import AgentFactory, LegacyAgent, LegacyClient
from acp_compat.io.shim.server import Shim
from acp_compat.jsonrpc.framing import DEFAULT_MAX_LINE_BYTES
from acp_compat.jsonrpc.messages import RequestError
from acp_compat.translate.upgrade import UpgradeOptions, UpgradeTranslator

__all__ = [
    "AgentFactory",
    "LegacyAgent",
    "LegacyClient",
    "RequestError",
    "run_legacy_agent",
    "serve_legacy_agent",
]


async def serve_legacy_agent(
    factory: AgentFactory,
    *,
    stdin_fd: int = 0,
    stdout_fd: int = 1,
    name: str = "python-legacy-agent",
    launch_cwd: str | None = None,
    max_line_bytes: int = DEFAULT_MAX_LINE_BYTES,
) -> None:
    """Serve current ACP on ``stdin_fd``/``stdout_fd`` with agents made by ``factory``.

    Returns once the client has closed ``stdin_fd`` and every instance is stopped.
    ``stdout_fd`` is taken over (closed at the end, which tells the client we are done);
    ``stdin_fd`` is left open. ``name`` names the agent in ``agentInfo.title`` and error
    messages; ``launch_cwd`` (default: the current directory) is agent 0's.
    """
    cwd = os.path.abspath(launch_cwd or os.getcwd())
    translator = UpgradeTranslator(
        UpgradeOptions(agent_command=(name,), launch_cwd=cwd, version=__version__)
    )
    async with client_pipes(stdin_fd, stdout_fd, max_line_bytes) as (tg, client_in, client_out):
        shim = Shim(
            tg,
            translator,
            factory,
            client_in=client_in,
            client_out=client_out,
            launch_cwd=cwd,
            max_line_bytes=max_line_bytes,
        )
        await shim.run()


def run_legacy_agent(factory: AgentFactory, *, name: str = "python-legacy-agent") -> int:
    """Serve current ACP on this process's stdio until the client leaves; the exit status.

    For a script's ``main``: fd 1 is kept for the protocol on a private descriptor and
    pointed at stderr, so a stray ``print`` cannot corrupt the stream.
    """
    return anyio.run(_main, factory, reserve_stdout(), name)


async def _main(factory: AgentFactory, stdout_fd: int, name: str) -> int:
    """:func:`serve_legacy_agent` until the client leaves (0) or a stop signal (128 + N)."""
    status = 0
    async with anyio.create_task_group() as tg:

        def stop(signum: int) -> None:
            nonlocal status
            status = 128 + signum
            tg.cancel_scope.cancel()

        await tg.start(watch_stop_signals, stop)
        await serve_legacy_agent(factory, stdout_fd=stdout_fd, name=name)
        tg.cancel_scope.cancel()
    return status
