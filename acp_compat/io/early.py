"""The agent of ``wrap``, started at launch, before the rest of acp-compat is imported.

An editor starts ``acp-compat wrap -- AGENT`` and sends ``initialize`` at once; the answer
can come no sooner than the agent's own. Started only once the relay is imported (about
a hundred milliseconds of imports), the agent would begin its own start-up after that;
started first, the two start side by side. So the ``acp-compat`` command
(:mod:`acp_compat.cli.launch`) calls :func:`start` with the command it found on the
command line, and the relay :func:`claim` s the process as agent 0 instead of starting
another (the startup policy always starts agent 0 in acp-compat's own directory at
once: :meth:`~acp_compat.translate.startup.StartupPolicy.start`).

Nothing may be lost on the way:

* a process nobody claims (the full command line said otherwise, a usage error, a crash
  before the relay ran) is killed with its group and reaped by :func:`discard`, which the
  command runs on every way out;
* ``SIGTERM``, ``SIGINT`` and ``SIGHUP`` that come before the relay has its own handlers
  are held (:func:`handlers_replaced`), and the relay then stops as for any such signal,
  closing the agent; without a process to claim they act as always.

The launch also pauses the cyclic garbage collector until the relay has decided the mode
(:func:`pause_collector`): the imports before the first answer create many objects and
little garbage, and collecting during them cost about a tenth of that wait.

One process holds at most one launch agent: this module keeps it.
"""

from __future__ import annotations

import contextlib
import gc
import logging
import os
import signal
import time
from collections.abc import Sequence
from types import FrameType
from typing import Any

from acp_compat.io.spawn import StartedProcess, start_process

HELD_SIGNALS = (signal.SIGTERM, signal.SIGINT, signal.SIGHUP)
"""The stop signals held while the launch agent waits for the relay."""

_agent: StartedProcess | None = None
_collector_paused = False
_previous_handlers: dict[int, Any] = {}
_pending: list[int] = []


def _hold(signum: int, frame: FrameType | None) -> None:
    """The stop signals' handler until the relay has its own: remember the signal."""
    _pending.append(signum)


def start(argv: Sequence[str]) -> bool:
    """Start ``argv`` now, as the relay would start agent 0; whether it runs.

    A command that cannot start is left to the relay, which starts it again and reports
    why in its usual way.
    """
    global _agent
    if _agent is not None or not argv:
        return False
    for signum in HELD_SIGNALS:
        _previous_handlers[signum] = signal.signal(signum, _hold)
    try:
        _agent = start_process(argv)
    except (OSError, ValueError):
        _restore_handlers()
        return False
    return True


def claim(argv: Sequence[str]) -> StartedProcess | None:
    """The launch agent, if it runs ``argv``: from now on the caller owns it. Any other
    launch agent is discarded (the relay starts its own)."""
    global _agent
    started = _agent
    if started is None:
        return None
    if started.argv != tuple(argv):
        discard()
        return None
    _agent = None
    return started


def handlers_replaced() -> int | None:
    """The relay's own stop-signal handlers are in place (they replaced ours): the first
    stop signal held before, if any, for the relay to act on."""
    _previous_handlers.clear()
    return _pending.pop(0) if _pending else None


def discard() -> None:
    """Close a launch agent nobody claimed as the relay closes an agent (stdin closed, a
    short grace, ``SIGTERM`` to its group, then ``SIGKILL``) and reap it; give the stop
    signals back their handlers, and raise again a signal held meanwhile."""
    global _agent
    started, _agent = _agent, None
    if started is not None:
        _close(started)
    paused = bool(_previous_handlers)
    _restore_handlers()
    if paused and _pending:
        signal.raise_signal(_pending.pop(0))


DISCARD_GRACE = 0.2
"""Seconds an unclaimed launch agent gets after its stdin closed, and after ``SIGTERM``."""


def _close(started: StartedProcess) -> None:
    """Stop an unclaimed launch agent without leaving a member of its group behind."""
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


def _restore_handlers() -> None:
    """Put back the handlers :func:`start` replaced (once)."""
    for signum, handler in _previous_handlers.items():
        signal.signal(signum, handler)
    _previous_handlers.clear()


def pause_collector() -> None:
    """Turn the cyclic garbage collector off for the start-up (:func:`resume_collector`
    turns it back on). The imports before ``initialize`` is answered create many objects
    and little garbage; collecting during them ran about fifty times, a tenth of the
    wait."""
    global _collector_paused
    if gc.isenabled():
        gc.disable()
        _collector_paused = True


def resume_collector() -> None:
    """The start-up is over: the collector runs again (and collects what the start-up
    left, at its own pace). Nothing if it was not paused here."""
    global _collector_paused
    if _collector_paused:
        _collector_paused = False
        gc.enable()
        logging.getLogger("acp_compat.io.early").debug(
            "start-up over: the garbage collector runs again"
        )
