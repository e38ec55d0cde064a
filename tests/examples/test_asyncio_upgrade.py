"""The upgrade embedded in an asyncio program (acp_compat/examples/asyncio_upgrade.py).

A current ACP conversation with the real example legacy agent, started as a subprocess by
:class:`UpgradedAgent` and translated in process: no ``wrap`` relay in between.
"""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path
from typing import Any

from acp_compat.examples.asyncio_upgrade import UpgradedAgent
from acp_compat.examples.legacy_agent import CRASH_STATUS, EDIT_SUFFIX
from acp_compat.translate.upgrade.options import CLOSE_BATCH
from tests.support.paths import AGENTS

LEGACY_AGENT = [sys.executable, "-m", "acp_compat.examples.legacy_agent"]


def request(id: int, method: str, params: dict[str, Any]) -> dict[str, Any]:
    return {"jsonrpc": "2.0", "id": id, "method": method, "params": params}


async def answer_to(
    agent: UpgradedAgent, id: int, seen: list[dict[str, Any]] | None = None
) -> dict[str, Any]:
    """Play the editor until the answer to request ``id``: permissions are allowed."""
    while True:
        message = await asyncio.wait_for(agent.receive(), 20)
        if "method" not in message and message.get("id") == id:
            return message
        if seen is not None:
            seen.append(message)
        if message.get("method") == "session/request_permission":
            outcome = {"outcome": "selected", "optionId": "allow"}
            await agent.send(
                {"jsonrpc": "2.0", "id": message["id"], "result": {"outcome": outcome}}
            )


async def start_session(agent: UpgradedAgent, cwd: Path) -> str:
    init = await agent_call(agent, 0, "initialize", {"protocolVersion": 1})
    assert init["result"]["protocolVersion"] == 1
    new = await agent_call(agent, 1, "session/new", {"cwd": str(cwd), "mcpServers": []})
    session_id: str = new["result"]["sessionId"]
    return session_id


async def agent_call(
    agent: UpgradedAgent, id: int, method: str, params: dict[str, Any]
) -> dict[str, Any]:
    await agent.send(request(id, method, params))
    return await answer_to(agent, id)


def test_a_turn_through_the_embedded_upgrade(tmp_path: Path) -> None:
    (tmp_path / "hello.txt").write_text("hello world\n", encoding="utf-8")

    async def run() -> tuple[dict[str, Any], list[dict[str, Any]], UpgradedAgent]:
        agent = await UpgradedAgent.start(LEGACY_AGENT, str(tmp_path))
        try:
            session_id = await start_session(agent, tmp_path)
            prompt = [{"type": "text", "text": "read, cat and edit"}]
            await agent.send(
                request(2, "session/prompt", {"sessionId": session_id, "prompt": prompt})
            )
            seen: list[dict[str, Any]] = []
            answer = await answer_to(agent, 2, seen)
        finally:
            await agent.close()
        return answer, seen, agent

    answer, seen, agent = asyncio.run(run())
    assert answer["result"] == {"stopReason": "end_turn"}
    updates = [m["params"]["update"] for m in seen if m.get("method") == "session/update"]
    statuses = [(u["toolCallId"], u["status"]) for u in updates if "toolCallId" in u]
    assert statuses == [
        ("1", "in_progress"),
        ("1", "completed"),
        ("2", "pending"),
        ("2", "in_progress"),  # allowed: running now
        ("2", "completed"),
    ]
    text = "".join(
        u["content"]["text"] for u in updates if u["sessionUpdate"] == "agent_message_chunk"
    )
    # The client offered no fs: the translator asked for a local read, the example did it.
    assert "hello.txt holds:\nhello world\n" in text
    assert (tmp_path / "hello.txt").read_text(encoding="utf-8") == "hello world\n" + EDIT_SUFFIX
    assert agent.processes == {}  # every agent process ended and was reaped


def test_an_agent_crash_answers_the_prompt(tmp_path: Path) -> None:
    async def run() -> dict[str, Any]:
        agent = await UpgradedAgent.start(LEGACY_AGENT, str(tmp_path))
        try:
            session_id = await start_session(agent, tmp_path)
            prompt = [{"type": "text", "text": "crash"}]
            await agent.send(
                request(2, "session/prompt", {"sessionId": session_id, "prompt": prompt})
            )
            return await answer_to(agent, 2)
        finally:
            await agent.close()

    error = asyncio.run(run())["error"]
    assert error["code"] == -32603
    assert f"exit status {CRASH_STATUS}" in error["message"]
    assert "fatal: simulated crash" in error["data"]["stderr"]


def test_a_command_that_cannot_start(tmp_path: Path) -> None:
    async def run() -> dict[str, Any]:
        agent = await UpgradedAgent.start([str(tmp_path / "no-such-agent")], str(tmp_path))
        try:
            await agent.send(request(0, "initialize", {"protocolVersion": 1}))
            return await answer_to(agent, 0)
        finally:
            await agent.close()

    error = asyncio.run(run())["error"]
    assert error["code"] == -32603
    assert "no-such-agent" in error["message"]


def test_a_turn_ending_with_more_open_calls_than_one_batch(tmp_path: Path) -> None:
    # The translator sends a large turn's end a batch at a time, asking for the next with
    # AwaitClientDrain; the embedding must answer it (the editor took what it was sent),
    # or the prompt's answer never comes.
    hostile = [sys.executable, str(AGENTS / "hostile_agent.py")]

    async def run() -> tuple[dict[str, Any], list[dict[str, Any]]]:
        agent = await UpgradedAgent.start(hostile, str(tmp_path))
        try:
            session_id = await start_session(agent, tmp_path)
            prompt = [{"type": "text", "text": f"tools {CLOSE_BATCH * 2 + 1} open"}]
            await agent.send(
                request(2, "session/prompt", {"sessionId": session_id, "prompt": prompt})
            )
            seen: list[dict[str, Any]] = []
            return await answer_to(agent, 2, seen), seen
        finally:
            await agent.close()

    answer, seen = asyncio.run(run())
    assert answer["result"] == {"stopReason": "end_turn"}
    updates = [m["params"]["update"] for m in seen if m.get("method") == "session/update"]
    opened = [u["toolCallId"] for u in updates if u["sessionUpdate"] == "tool_call"]
    closed = [u["toolCallId"] for u in updates if u["sessionUpdate"] == "tool_call_update"]
    assert len(opened) == CLOSE_BATCH * 2 + 1
    assert closed == opened
