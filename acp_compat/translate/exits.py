"""How an agent's end is worded and which exit status ``wrap`` reports (sans-IO).

One place for the words users read in errors and logs (``exit status 3``, ``killed by
SIGKILL``) and for the statuses ``wrap`` exits with (behaviour.md §5, §6).
"""

from __future__ import annotations

import signal

EXIT_CANNOT_START = 127
"""Exit status when the agent command cannot be started (as a shell says)."""

EXIT_NO_PROTOCOL = 1
"""Exit status when the agent answered no ``initialize`` in either protocol (unless it
exited with a failure status, then that status: a launcher's 127 is passed on)."""


def describe_status(returncode: int | None) -> str:
    """``exit status 3`` / ``killed by SIGKILL`` / ``unknown status``, for messages."""
    if returncode is None:
        return "unknown status"
    if returncode < 0:
        try:
            name = signal.Signals(-returncode).name
        except ValueError:
            name = f"signal {-returncode}"
        return f"killed by {name}"
    return f"exit status {returncode}"


def exit_reason(returncode: int | None) -> str:
    """How an agent process ended, in the upgrade's JSON-RPC error message ("The agent
    process exited (…)", pinned by the vectors): ``exit code 1``, ``killed by signal 9``
    (a negative code), ``killed by a signal`` (unknown)."""
    if returncode is None:
        return "killed by a signal"
    if returncode < 0:
        return f"killed by signal {-returncode}"
    return f"exit code {returncode}"


def shell_status(returncode: int | None) -> int:
    """The exit status a shell would report for ``returncode`` (128+N for signal N)."""
    if returncode is None:
        return 1
    return 128 - returncode if returncode < 0 else returncode


def stop_cause(status: int) -> str:
    """The signal behind a stop request's ``128 + N`` status, for messages."""
    try:
        return signal.Signals(status - 128).name
    except ValueError:
        return f"exit status {status}"
