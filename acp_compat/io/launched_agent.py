"""The agent of ``wrap``, started at launch, before the rest of acp-compat is imported.

An editor starts ``acp-compat wrap -- AGENT`` and sends ``initialize`` at once; the answer
can come no sooner than the agent's own. Started only once the relay is imported (about
a hundred milliseconds of imports), the agent would begin its own start-up after that;
started first, the two start side by side. So the ``acp-compat`` command
(:mod:`acp_compat.cli.launch`) starts a :class:`LaunchedAgent` with the command it found
on the command line and hands it on (``serve`` → ``run_wrap`` → the relay), and the relay
:meth:`~LaunchedAgent.claim` s the process as agent 0 instead of starting another (the
startup policy always starts agent 0 in acp-compat's own directory at once:
:meth:`~acp_compat.translate.startup.StartupPolicy.start`).

Nothing may be lost on the way:

* a process nobody claims (the full command line said otherwise, a usage error, a crash
  before the relay ran) is killed with its group and reaped by
  :meth:`~LaunchedAgent.discard`, which the command runs on every way out;
* ``SIGTERM``, ``SIGINT`` and ``SIGHUP`` that come before the relay has its own handlers
  are held (:meth:`~LaunchedAgent.handlers_replaced`), and the relay then stops as for
  any such signal, closing the agent; without a process to claim they act as always.
"""

from __future__ import annotations

import contextlib
import os
import signal
import time
from collections.abc import Sequence
from types import FrameType
from typing import Any

from acp_compat.io.spawn import DISCARD_GRACE, StartedProcess, start_process

STOP_SIGNALS = (signal.SIGTERM, signal.SIGINT, signal.SIGHUP)
"""Signals that end the relay cleanly (held while the launched agent waits for it)."""


class LaunchedAgent:
    """``wrap``'s agent process, started at launch, until the relay claims it (or it is
    discarded), and the stop signals held meanwhile."""

    def __init__(self, argv: Sequence[str]) -> None:
        """Start ``argv`` now, as the relay would start agent 0. A command that cannot
        start is left to the relay, which starts it again and reports why in its usual
        way (:attr:`process` is then ``None``)."""
        self.process: StartedProcess | None = None
        self._previous_handlers: dict[int, Any] = {}
        self._pending: list[int] = []
        if not argv:
            return
        for signum in STOP_SIGNALS:
            self._previous_handlers[signum] = signal.signal(signum, self._hold)
        try:
            self.process = start_process(argv)
        except (OSError, ValueError):
            self._restore_handlers()

    def _hold(self, signum: int, frame: FrameType | None) -> None:
        """The stop signals' handler until the relay has its own: remember the signal."""
        self._pending.append(signum)

    def claim(self, argv: Sequence[str]) -> StartedProcess | None:
        """The process, if it runs ``argv``: from now on the caller owns it. A process
        that runs another command is discarded (the relay starts its own)."""
        started = self.process
        if started is None:
            return None
        if started.argv != tuple(argv):
            self.discard()
            return None
        self.process = None
        return started

    def handlers_replaced(self) -> int | None:
        """The relay's own stop-signal handlers are in place (they replaced ours): the
        first stop signal held before, if any, for the relay to act on."""
        self._previous_handlers.clear()
        return self._pending.pop(0) if self._pending else None

    def discard(self) -> None:
        """Close a process nobody claimed as the relay closes an agent (stdin closed, a
        short grace, ``SIGTERM`` to its group, then ``SIGKILL``) and reap it; give the stop
        signals back their handlers, and raise again a signal held meanwhile."""
        started, self.process = self.process, None
        if started is not None:
            _close(started)
        held = bool(self._previous_handlers)
        self._restore_handlers()
        if held and self._pending:
            signal.raise_signal(self._pending.pop(0))

    def _restore_handlers(self) -> None:
        """Put back the handlers the start replaced (once)."""
        for signum, handler in self._previous_handlers.items():
            signal.signal(signum, handler)
        self._previous_handlers.clear()


def _close(started: StartedProcess) -> None:
    """Stop an unclaimed launched agent without leaving a member of its group behind."""
    pid = started.popen.pid
    started.close_pipes()  # stdin closed: an agent that reads it ends by itself
    if not _ends_within(pid, DISCARD_GRACE):
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(pid, signal.SIGTERM)
        _ends_within(pid, DISCARD_GRACE)
    # The rest of its group goes now, before the leader is reaped: until then its pid
    # cannot name another process group.
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(pid, signal.SIGKILL)
    started.popen.wait()


def _ends_within(pid: int, seconds: float) -> bool:
    """Whether process ``pid`` (our child) ends within ``seconds``; it is not reaped."""
    deadline = time.monotonic() + seconds
    while os.waitid(os.P_PID, pid, os.WEXITED | os.WNOWAIT | os.WNOHANG) is None:
        if time.monotonic() >= deadline:
            return False
        time.sleep(0.01)
    return True
