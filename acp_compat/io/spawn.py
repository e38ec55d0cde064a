"""Starting an agent command: the operating-system part, with nothing but ``os`` and
``subprocess``, so that it can run before the rest of acp-compat is imported
(:mod:`acp_compat.io.launched_agent`). :class:`~acp_compat.io.process.AgentProcess` wraps what it
returns in the relay's readers and writers."""

from __future__ import annotations

import contextlib
import os
import subprocess
from collections.abc import Sequence

DISCARD_GRACE = 0.2
"""Seconds a process nobody will talk to again (a probe left behind, the agent started at
launch that nobody claimed) gets after its stdin closed, and again after ``SIGTERM``: it
was sent nothing but an ``initialize``, and the editor may be waiting for ``wrap`` to exit
(behaviour.md §6: within the probe timeout and a second)."""


class StartedProcess:
    """An agent command just started: its process and our ends of its three pipes."""

    def __init__(
        self,
        argv: tuple[str, ...],
        popen: subprocess.Popen[bytes],
        stdin_fd: int,
        stdout_fd: int,
        stderr_fd: int,
    ) -> None:
        self.argv = argv
        self.popen = popen
        self.stdin_fd = stdin_fd
        """Our end of the agent's stdin (we write)."""
        self.stdout_fd = stdout_fd
        """Our end of the agent's stdout (we read)."""
        self.stderr_fd = stderr_fd
        """Our end of the agent's stderr (we read)."""

    def close_pipes(self) -> None:
        """Close our three ends (for a process nobody will talk to)."""
        for fd in (self.stdin_fd, self.stdout_fd, self.stderr_fd):
            with contextlib.suppress(OSError):
                os.close(fd)


def leave_a_deleted_directory() -> bool:
    """If our working directory no longer exists, make ``/`` our directory (where agents
    then start: nothing relative can be reached from a deleted one); whether it did not
    exist."""
    try:
        os.getcwd()
    except OSError:
        os.chdir("/")
        return True
    return False


def start_process(argv: Sequence[str], cwd: str | None = None) -> StartedProcess:
    """Start ``argv`` (never through a shell) in ``cwd`` with the inherited environment,
    as the leader of a new process group, on three new pipes.

    Raises ``OSError`` when it cannot be started (missing command, not executable, ``cwd``
    missing) and ``ValueError`` for an empty command.
    """
    if not argv:
        raise ValueError("the agent command is empty")
    pipes: list[int] = []
    try:
        for _ in range(3):
            pipes += os.pipe()
        stdin_r, stdin_w, stdout_r, stdout_w, stderr_r, stderr_w = pipes
        popen = subprocess.Popen(
            list(argv),
            stdin=stdin_r,
            stdout=stdout_w,
            stderr=stderr_w,
            cwd=cwd,
            start_new_session=True,
            close_fds=True,
        )
    except BaseException:
        for fd in pipes:
            os.close(fd)
        raise
    # The child holds its own copies now; ours would keep its stdin from ever ending.
    for fd in (stdin_r, stdout_w, stderr_w):
        os.close(fd)
    return StartedProcess(tuple(argv), popen, stdin_w, stdout_r, stderr_r)
