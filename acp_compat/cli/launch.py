"""The ``acp-compat`` command's first steps: standard descriptors, a usable directory, and
for ``wrap`` the agent started before anything else is imported.

The console script and ``python -m acp_compat`` run :func:`main`. In order:

1. a closed standard descriptor (0, 1 or 2) is opened on ``/dev/null``
   (:func:`open_standard_descriptors`), before anything else opens a file: otherwise the
   next descriptor opened (a pipe to the agent, the duplicate that keeps our stdout for
   the protocol) would take its number, and the relay would read its own output or write
   its log into the protocol stream;
2. a working directory that no longer exists (the editor's project folder was moved or
   deleted) is left for ``/`` (:func:`~acp_compat.io.spawn.leave_a_deleted_directory`):
   nothing relative can be reached from it, and ``os.getcwd()`` would fail wherever it is
   asked;
3. for ``wrap``: the cyclic garbage collector is paused until the editor has its first
   answer (:class:`CollectorPause`), the agent command is found on the command line
   (:func:`~acp_compat.cli.wrap_options.agent_command`) and started
   (:class:`~acp_compat.io.launched_agent.LaunchedAgent`); then click (imported now,
   while the agent starts) reads the command line, and ``serve`` gets the :class:`Launch`.
"""

from __future__ import annotations

import gc
import os
import sys
from typing import NamedTuple

from acp_compat.cli.wrap_options import agent_command
from acp_compat.io.launched_agent import LaunchedAgent
from acp_compat.io.spawn import leave_a_deleted_directory


def open_standard_descriptors() -> frozenset[int]:
    """Open each closed descriptor of 0, 1 and 2 on ``/dev/null``; the ones that were
    closed. (``os.open`` returns the lowest free number, so they fill up in order.)"""
    closed = set()
    for fd in (0, 1, 2):
        try:
            os.fstat(fd)
        except OSError:
            closed.add(fd)
    for fd in sorted(closed):
        opened = os.open(os.devnull, os.O_RDWR)
        if opened != fd:  # only if a lower one was free after all
            os.dup2(opened, fd)
            os.close(opened)
    return frozenset(closed)


class CollectorPause:
    """The cyclic garbage collector off from launch until the editor has ``wrap``'s first
    answer (its ``initialize``'s, as a rule).

    The imports before the first answer create many objects and little garbage;
    collecting during them cost about a tenth of that wait, and the first collection
    after them walks every one of those objects. So the relay calls :meth:`resume` once
    the batch that answers the client is written (with ``--agent-protocol``, the
    translation is decided at the editor's ``initialize``, before the agent's answer:
    resuming then put that walk on the editor's wait); if nothing is ever answered, the
    process ends without it. A collector someone else turned off is left off.
    """

    def __init__(self) -> None:
        self.paused = gc.isenabled()
        if self.paused:
            gc.disable()

    def resume(self) -> None:
        """The start-up is over: the collector runs again (and collects what the start-up
        left, at its own pace)."""
        if self.paused:
            self.paused = False
            gc.enable()
            import logging

            logging.getLogger("acp_compat.cli.launch").debug(
                "start-up over: the garbage collector runs again"
            )


class Launch(NamedTuple):
    """What the launch did for ``wrap`` before the imports, handed to ``serve``."""

    agent: LaunchedAgent | None
    """The agent started at launch, for the relay to claim (``None``: none started)."""
    collector: CollectorPause
    closed_descriptors: frozenset[int]
    """The standard descriptors that were closed at start (now on ``/dev/null``)."""
    moved_from_deleted_directory: bool
    """Whether the working directory no longer existed (we work in ``/`` instead)."""


def main() -> None:
    """Run ``acp-compat`` with ``sys.argv``; ``wrap``'s agent starts first."""
    closed = open_standard_descriptors()
    moved = leave_a_deleted_directory()
    args = sys.argv[1:]
    if args[:1] != ["wrap"]:
        _run_click(None)
        return
    collector = CollectorPause()
    command = agent_command(args[1:])
    launched = LaunchedAgent(command) if command is not None else None
    try:
        _run_click(Launch(launched, collector, closed, moved))
    finally:
        # Unless the relay claimed it, the agent is not wanted (a usage error, --help...).
        if launched is not None:
            launched.discard()


def _run_click(launch: Launch | None) -> None:
    """The click command group, with ``launch`` as the context's object."""
    from acp_compat.cli.main import main as command_group

    command_group(obj=launch)
