"""How an agent's end and a stop request are worded, and which exit status ``wrap``
reports (sans-IO).

The one place for the words users read in errors, logs and traces (``exit status 3``,
``killed by SIGKILL``, ``received SIGTERM``) and for the statuses ``wrap`` exits with
(behaviour.md §5, §6).
"""

from __future__ import annotations

import signal
from collections.abc import Sequence
from typing import Any

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
    if returncode < 0:
        return f"killed by {_signal_name(-returncode)}"
    return f"exit status {returncode}"


def exit_data(returncode: int | None, stderr_tail: str) -> dict[str, Any]:
    """The ``data`` of the error that answers what waited on an agent that exited: its
    exit code, and the end of its stderr when it wrote any (the relay's own shape)."""
    data: dict[str, Any] = {"exitCode": returncode}
    if stderr_tail:
        data["stderr"] = stderr_tail
    return data


def start_failure_data(argv: Sequence[str], reason: str) -> dict[str, Any]:
    """The ``data`` of the error that answers what waited on an agent that could not be
    started: its command line, and the OS's reason (the relay's own shape)."""
    return {"command": list(argv), "reason": reason}


def _signal_name(number: int) -> str:
    try:
        return signal.Signals(number).name
    except ValueError:
        return f"signal {number}"


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
