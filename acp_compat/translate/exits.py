"""How an agent's end and a stop request are worded, and which exit status ``wrap``
reports (sans-IO).

The one place for the words users read in errors, logs and traces (``exit status 3``,
``killed by SIGKILL``, ``received SIGTERM``), for the error every translator answers a
request with once its agent is gone (:func:`agent_gone`), and for the statuses ``wrap``
exits with (behaviour.md §5, §6).
"""

from __future__ import annotations

import signal
from collections.abc import Sequence
from typing import Any

from acp_compat.jsonrpc.messages import INTERNAL_ERROR, error_object

EXIT_CANNOT_START = 127
"""Exit status when the agent command cannot be started (as a shell says)."""

EXIT_NO_PROTOCOL = 1
"""Exit status when the agent answered no ``initialize`` in either protocol (unless it
exited with a failure status, then that status: a launcher's 127 is passed on)."""


def describe_status(returncode: int | None) -> str:
    """How a process ended, for messages: ``exit status 3``, ``killed by SIGKILL`` (a
    negative code; ``killed by signal 77`` when the number has no name here), ``killed by
    a signal`` (``None``: the vectors' ``null``, no status known)."""
    if returncode is None:
        return "killed by a signal"
    if returncode >= 0:
        return f"exit status {returncode}"
    try:
        return f"killed by {signal.Signals(-returncode).name}"
    except ValueError:
        return f"killed by signal {-returncode}"


def start_failure_data(argv: Sequence[str], reason: str) -> dict[str, Any]:
    """The ``data`` of the error that answers what waited on an agent that could not be
    started: its command line, and the OS's reason (the relay's own shape)."""
    return {"command": list(argv), "reason": reason}


def agent_gone(
    returncode: int | None = None,
    stderr_tail: str = "",
    *,
    lost: str | None = None,
    not_started: str | None = None,
    command: Sequence[str] = (),
    legacy: bool = False,
) -> dict[str, Any]:
    """The ``-32603`` error object that answers what waited on an agent that is gone, and
    every later request to it, in every translator: the agent exited (``returncode`` and
    the end of its stderr, ``stderr_tail``), was ``lost`` (why), or was ``not_started``
    (the OS's reason; its ``command`` named when the translator knows it).

    ``legacy``: for a 0.0.x client, whose SDK's errors carry ``data: {details: string}``
    (what Gemini CLI sends, and what a legacy client shows): the stderr, the reason, or
    else the message, as ``details``."""
    if not_started is not None:
        named = f" `{' '.join(command)}`" if command else ""
        why: dict[str, Any] = (
            start_failure_data(command, not_started) if command else {"reason": not_started}
        )
        message = f"Could not start the agent{named}: {not_started}"
        details = message
    elif lost is not None:
        message, why, details = f"Lost the agent process: {lost}", {"reason": lost}, lost
    else:
        message = f"The agent process exited ({describe_status(returncode)})"
        why = {"exitCode": returncode}
        if stderr_tail:
            why["stderr"] = stderr_tail
        details = stderr_tail or message
    return error_object(INTERNAL_ERROR, message, {"details": details} if legacy else why)


def shell_status(returncode: int | None) -> int:
    """The exit status a shell would report for ``returncode`` (128+N for signal N)."""
    if returncode is None:
        return 1
    return 128 - returncode if returncode < 0 else returncode


def stop_cause(status: int) -> str:
    """Why a stop was requested, from its exit status: ``received SIGTERM`` for ``128 + N``
    after signal N, else ``exit status N``."""
    try:
        return f"received {signal.Signals(status - 128).name}"
    except ValueError:
        return f"exit status {status}"
