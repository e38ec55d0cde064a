"""The ported example agent (ACP v1) on in-memory streams: what the interop tests do not reach.

The official SDK clients drive it in tests/interop (the same tests as the legacy example
behind ``wrap``); these check its failure paths and the connection's error answers.
"""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

from acp_compat.examples.agent_side import AgentSideConnection
from acp_compat.examples.legacy_agent import FAILURE
from acp_compat.examples.ported_agent import PortedAgent


class Pipe:
    """Collects what the agent writes."""

    def __init__(self) -> None:
        self.lines: list[dict[str, Any]] = []
        self.grew = asyncio.Event()
        """Set at each write (whoever waits for more clears it)."""

    def write(self, data: bytes) -> None:
        self.lines += [json.loads(x) for x in data.decode().splitlines()]
        self.grew.set()

    async def drain(self) -> None:
        pass


def converse(
    tmp_path: Path, *messages: dict[str, Any], cancel_on: str | None = None
) -> list[dict[str, Any]]:
    """Send ``messages``; wait until each request is answered (sending ``session/cancel``
    once an update of kind ``cancel_on`` arrives); what the agent wrote."""

    async def run() -> list[dict[str, Any]]:
        reader = asyncio.StreamReader()
        out = Pipe()
        connection = AgentSideConnection(reader, out)  # type: ignore[arg-type]
        agent = PortedAgent(connection.client, require_auth=False, auth_file=tmp_path / "x")
        serving = asyncio.create_task(connection.serve(agent))
        requests = [m for m in messages if "id" in m]
        for message in messages:
            reader.feed_data(json.dumps({"jsonrpc": "2.0", **message}).encode() + b"\n")

        async def until_answered() -> None:
            cancelled = False
            while len([m for m in out.lines if "method" not in m]) < len(requests):
                if (
                    cancel_on
                    and not cancelled
                    and any(
                        m.get("params", {}).get("update", {}).get("sessionUpdate") == cancel_on
                        for m in out.lines
                    )
                ):
                    cancel = {"method": "session/cancel", "params": {"sessionId": "ported-1"}}
                    reader.feed_data(json.dumps({"jsonrpc": "2.0", **cancel}).encode() + b"\n")
                    cancelled = True
                await out.grew.wait()
                out.grew.clear()

        await asyncio.wait_for(until_answered(), 20)
        reader.feed_eof()
        await serving
        return out.lines

    return asyncio.run(run())


def session(tmp_path: Path) -> list[dict[str, Any]]:
    return [
        {"id": 0, "method": "initialize", "params": {"protocolVersion": 1}},
        {"id": 1, "method": "session/new", "params": {"cwd": str(tmp_path), "mcpServers": []}},
    ]


def prompt(text: str, id: int = 2) -> dict[str, Any]:
    params = {"sessionId": "ported-1", "prompt": [{"type": "text", "text": text}]}
    return {"id": id, "method": "session/prompt", "params": params}


def answer(lines: list[dict[str, Any]], id: int) -> dict[str, Any]:
    [found] = [m for m in lines if "method" not in m and m.get("id") == id]
    return found


def test_a_failing_turn_answers_the_legacy_error(tmp_path: Path) -> None:
    lines = converse(tmp_path, *session(tmp_path), prompt("fail"))
    assert answer(lines, 2)["error"] == {
        "code": -32603,
        "message": "Internal error",
        "data": {"details": FAILURE},
    }


def test_cancel_ends_the_turn_cancelled_with_nothing_after(tmp_path: Path) -> None:
    lines = converse(tmp_path, *session(tmp_path), prompt("slow"), cancel_on="tool_call")
    assert answer(lines, 2)["result"] == {"stopReason": "cancelled"}
    last = max(i for i, m in enumerate(lines) if m.get("method") == "session/update")
    assert last < lines.index(answer(lines, 2))
    [update] = [
        m["params"]["update"]
        for m in lines
        if m.get("params", {}).get("update", {}).get("sessionUpdate") == "tool_call_update"
    ]
    assert update["status"] == "failed"


def test_bad_requests_get_error_answers(tmp_path: Path) -> None:
    lines = converse(
        tmp_path,
        *session(tmp_path),
        {"id": 2, "method": "session/load", "params": {}},
        {"id": 3, "method": "session/prompt", "params": {"sessionId": 5}},
        prompt("hello", id=4) | {"params": {"sessionId": "nope", "prompt": []}},
        {"id": 5, "method": "authenticate", "params": {"methodId": "other"}},
    )
    assert answer(lines, 2)["error"]["code"] == -32601
    assert answer(lines, 3)["error"]["code"] == -32602
    assert answer(lines, 4)["error"]["code"] == -32602
    assert answer(lines, 5)["error"]["code"] == -32602


def test_a_new_prompt_cancels_the_running_turn(tmp_path: Path) -> None:
    lines = converse(tmp_path, *session(tmp_path), prompt("slow"), prompt("hello", id=3))
    assert answer(lines, 2)["result"] == {"stopReason": "cancelled"}
    assert answer(lines, 3)["result"] == {"stopReason": "end_turn"}
