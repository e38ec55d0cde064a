"""Embed the upgrade in an asyncio program: a legacy agent spoken to in current ACP.

A Python editor or tool that already runs an asyncio loop does not need the ``acp-compat
wrap`` relay process between itself and a legacy agent: it can start the agent itself and
drive :class:`~acp_compat.translate.upgrade.UpgradeTranslator` from the agent's pipes.
:class:`UpgradedAgent` is that, in one screen: :meth:`~UpgradedAgent.send` takes a current
ACP message from the editor, :meth:`~UpgradedAgent.receive` gives the next current ACP
message for it, and everything in between is the translator's list of outputs carried
out in order::

    agent = await UpgradedAgent.start(["gemini", "--experimental-acp"], cwd="/work/project")
    await agent.send({"jsonrpc": "2.0", "id": 0, "method": "initialize",
                      "params": {"protocolVersion": 1}})
    print(await agent.receive())  # the initialize result, in the current protocol
    await agent.close()

The translator is sans-IO, so this is all the I/O there is: start and stop agent
processes (one per session folder, as the translator asks), write lines to them, read
their lines and exits, and serve file reads and writes the editor cannot (with the
relay's own :mod:`acp_compat.io.localfiles`). The relay (:mod:`acp_compat.io.relay`) does
the same with anyio, plus limits, logging and tracing.
"""

from __future__ import annotations

import asyncio
import collections
import contextlib
import os
from collections.abc import Sequence

from acp_compat import __version__
from acp_compat.io import localfiles
from acp_compat.jsonrpc.framing import DecodeError, decode, encode
from acp_compat.jsonrpc.messages import Message
from acp_compat.translate.base import (
    AwaitClientDrain,
    Output,
    ReadLocalFile,
    StartAgent,
    StopAgent,
    ToAgent,
    ToClient,
    WriteLocalFile,
)
from acp_compat.translate.upgrade import UpgradeOptions, UpgradeTranslator

STDERR_LINES = 20
"""Lines of an agent's stderr kept for the error that reports its exit."""


class UpgradedAgent:
    """A legacy ACP agent command behind an in-process :class:`UpgradeTranslator`."""

    def __init__(self, argv: Sequence[str], cwd: str) -> None:
        self.argv = list(argv)
        self.translator = UpgradeTranslator(
            UpgradeOptions(agent_command=self.argv, launch_cwd=cwd, version=__version__)
        )
        self.processes: dict[int, asyncio.subprocess.Process] = {}
        self._to_editor: asyncio.Queue[Message] = asyncio.Queue()
        self._tasks: set[asyncio.Task[None]] = set()
        self._lock = asyncio.Lock()  # one translator call (and its outputs) at a time
        self._drain_asked = False  # the translator waits for the editor to take its messages

    @classmethod
    async def start(cls, argv: Sequence[str], cwd: str) -> UpgradedAgent:
        """Start agent process 0 in ``cwd`` (the translator initializes it)."""
        agent = cls(argv, cwd)
        await agent._start(0, cwd)
        return agent

    async def send(self, message: Message) -> None:
        """One current ACP message from the editor."""
        async with self._lock:
            await self._carry_out(self.translator.from_client(message))

    async def receive(self) -> Message:
        """The next current ACP message for the editor."""
        message = await self._to_editor.get()
        if self._drain_asked and self._to_editor.empty():
            # The editor took all it was sent: what the translator held back for that (a
            # large turn's end goes out a batch at a time) may follow.
            self._drain_asked = False
            async with self._lock:
                await self._carry_out(self.translator.client_drained())
        return message

    async def close(self) -> None:
        """Close every agent's stdin and wait for them (and their readers) to end."""
        for process in list(self.processes.values()):
            await self._stop(process)
        await asyncio.gather(*self._tasks, return_exceptions=True)

    # -- the shell around the translator ----------------------------------------------------

    async def _carry_out(self, outputs: list[Output]) -> None:
        for output in outputs:
            if isinstance(output, ToClient):
                self._to_editor.put_nowait(output.message)
            elif isinstance(output, ToAgent):
                process = self.processes.get(output.agent)
                if process is not None and process.stdin is not None:
                    process.stdin.write(encode(output.message))
                    with contextlib.suppress(ConnectionError):
                        await process.stdin.drain()
            elif isinstance(output, StartAgent):
                await self._start(output.agent, output.cwd)
            elif isinstance(output, StopAgent):
                process = self.processes.get(output.agent)
                if process is not None:
                    await self._stop(process)
            elif isinstance(output, AwaitClientDrain):
                self._drain_asked = True
            elif isinstance(output, ReadLocalFile | WriteLocalFile):
                # The relay's own file effects (regular files only, reads capped), which
                # run on a worker thread: anyio's, on this asyncio loop.
                await self._file_effect(output)

    async def _file_effect(self, effect: ReadLocalFile | WriteLocalFile) -> None:
        done: list[Output] = []
        await localfiles.perform(
            effect, lambda *result: done.extend(self.translator.file_done(*result))
        )
        await self._carry_out(done)

    async def _start(self, number: int, cwd: str | None) -> None:
        try:
            process = await asyncio.create_subprocess_exec(
                *self.argv,
                cwd=cwd,
                stdin=asyncio.subprocess.PIPE,
                stdout=asyncio.subprocess.PIPE,
                stderr=asyncio.subprocess.PIPE,
                limit=2**24,
            )
        except OSError as exc:
            await self._carry_out(self.translator.agent_start_failed(number, str(exc)))
            return
        self.processes[number] = process
        task = asyncio.create_task(self._read_agent(number, process))
        self._tasks.add(task)

    async def _stop(self, process: asyncio.subprocess.Process) -> None:
        if process.stdin is not None and not process.stdin.is_closing():
            process.stdin.close()
            with contextlib.suppress(ConnectionError):
                await process.stdin.wait_closed()

    async def _read_agent(self, number: int, process: asyncio.subprocess.Process) -> None:
        """The agent's lines through the translator, then its exit."""
        assert process.stdout is not None and process.stderr is not None
        stderr: collections.deque[str] = collections.deque(maxlen=STDERR_LINES)

        async def drain_stderr() -> None:
            assert process.stderr is not None
            async for raw in process.stderr:
                stderr.append(raw.decode("utf-8", "replace").rstrip("\n"))

        stderr_task = asyncio.create_task(drain_stderr())
        async for line in process.stdout:
            try:
                message = decode(line)
            except DecodeError:
                continue  # a banner or log line on stdout: not protocol
            if isinstance(message, dict):
                async with self._lock:
                    await self._carry_out(self.translator.from_agent(number, message))
        returncode = await process.wait()
        await stderr_task
        self.processes.pop(number, None)
        async with self._lock:
            tail = os.linesep.join(stderr)
            await self._carry_out(self.translator.agent_exited(number, returncode, tail))
