"""An agent that stops reading its stdin, with the relay's bounds made small (in process).

The bounds themselves (8 MiB toward an agent, 30 s without progress) are too big for a
quick test, so they are lowered here; the policy is the same: the agent's stdout stops
being read once its backlog passes the high-water mark, and an agent that then takes
nothing for the stall timeout is lost, with its prompt answered.
"""

from __future__ import annotations

import os
from pathlib import Path

import anyio
import pytest

from acp_compat.io import relay
from acp_compat.io.runner import run_wrap
from acp_compat.translate.settings import WrapSettings
from tests.support.agents.harness import PipeEditor, agent_command

pytestmark = pytest.mark.timeout(60)


def test_an_agent_that_never_reads_is_paused_then_lost(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setattr(relay, "AGENT_HIGH_WATER", 64 * 1024)
    monkeypatch.setattr(relay, "AGENT_LOW_WATER", 16 * 1024)
    monkeypatch.setattr(relay, "STALL_TIMEOUT", 1.0)
    editor = PipeEditor()
    options = WrapSettings(command=tuple(agent_command("hostile_agent")), grace=0.3)
    status = -1
    chunks = 0

    async def play() -> None:
        nonlocal chunks
        editor.send(
            {"jsonrpc": "2.0", "id": 0, "method": "initialize", "params": {"protocolVersion": 1}}
        )
        assert (await editor.recv())["id"] == 0
        params = {"cwd": str(tmp_path), "mcpServers": []}
        editor.send({"jsonrpc": "2.0", "id": 1, "method": "session/new", "params": params})
        session = (await editor.recv())["result"]["sessionId"]
        # 200 000 chunks whose replies (about 8 MB) the agent never reads.
        prompt = [{"type": "text", "text": "deaf 200000"}]
        editor.send(
            {
                "jsonrpc": "2.0",
                "id": 2,
                "method": "session/prompt",
                "params": {"sessionId": session, "prompt": prompt},
            }
        )
        while True:
            message = await editor.recv(timeout=30)
            if message.get("id") == 2:
                break
            chunks += 1
        assert message["error"]["code"] == -32603
        assert "read nothing from its stdin" in message["error"]["message"]
        editor.end()

    async def main() -> None:
        nonlocal status
        async with anyio.create_task_group() as tg:

            async def run() -> None:
                nonlocal status
                status = await run_wrap(
                    options, stdin_fd=editor.relay_in, stdout_fd=editor.relay_out
                )

            tg.start_soon(run)
            await play()

    try:
        anyio.run(main)
    finally:
        editor.close()
        os.close(editor.relay_in)
    assert status == 0
    # Reading stopped well before the flood ended: the backlog stayed near its bound.
    assert 1000 < chunks < 100_000
