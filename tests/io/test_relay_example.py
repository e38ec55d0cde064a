"""``wrap`` around the bundled example legacy agent: whole turns, end to end.

The editor side is played by the test; the agent is ``python -m
acp_compat.examples.legacy_agent`` (scripted by words in the prompt), so these turns go
through the real upgrade translator, the relay's effects and real processes.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.support.agents.harness import Wrap

pytestmark = pytest.mark.timeout(60)

EXAMPLE = [sys.executable, "-m", "acp_compat.examples.legacy_agent", "--no-banner"]
NO_FS = {
    "protocolVersion": 1,
    "clientCapabilities": {"fs": {"readTextFile": False, "writeTextFile": False}},
}


@pytest.fixture
def wrap(tmp_path: Path) -> Iterator[Wrap]:
    (tmp_path / "hello.txt").write_text("Hello from the test.\n")
    relay = Wrap(EXAMPLE, cwd=str(tmp_path))
    yield relay
    relay.close()


def _session(wrap: Wrap, cwd: Path, new_id: int) -> str:
    if new_id == 1:
        assert wrap.request(0, "initialize", NO_FS)[-1]["result"]["protocolVersion"] == 1
    answer = wrap.request(new_id, "session/new", {"cwd": str(cwd), "mcpServers": []})[-1]
    session: str = answer["result"]["sessionId"]
    return session


def _send_prompt(wrap: Wrap, id: int, session: str, text: str) -> None:
    wrap.send(
        {
            "jsonrpc": "2.0",
            "id": id,
            "method": "session/prompt",
            "params": {"sessionId": session, "prompt": [{"type": "text", "text": text}]},
        }
    )


def _texts(messages: list[dict[str, Any]]) -> str:
    return "".join(
        m["params"]["update"]["content"]["text"]
        for m in messages
        if m.get("method") == "session/update"
        and m["params"]["update"]["sessionUpdate"] == "agent_message_chunk"
    )


def _is_answer(id: int) -> Any:
    return lambda m: m.get("id") == id and "method" not in m


def test_local_files_serve_an_agent_when_the_client_has_no_fs(wrap: Wrap, tmp_path: Path) -> None:
    session = _session(wrap, tmp_path, 1)
    _send_prompt(wrap, 2, session, "cat the file, then write notes")
    messages = wrap.recv_until(_is_answer(2))
    assert messages[-1]["result"] == {"stopReason": "end_turn"}
    text = _texts(messages)
    assert "hello.txt holds:\nHello from the test.\n" in text
    assert "Wrote notes.txt." in text
    assert (tmp_path / "notes.txt").read_text() == "Notes from the example legacy agent.\n"


def test_permission_round_trip_edits_the_file(wrap: Wrap, tmp_path: Path) -> None:
    session = _session(wrap, tmp_path, 1)
    _send_prompt(wrap, 2, session, "edit hello")
    permission = wrap.recv_until(lambda m: m.get("method") == "session/request_permission")[-1]
    options = [o["optionId"] for o in permission["params"]["options"]]
    assert "allow" in options
    wrap.send(
        {
            "jsonrpc": "2.0",
            "id": permission["id"],
            "result": {"outcome": {"outcome": "selected", "optionId": "allow"}},
        }
    )
    messages = wrap.recv_until(_is_answer(2))
    assert messages[-1]["result"] == {"stopReason": "end_turn"}
    assert (tmp_path / "hello.txt").read_text() == (
        "Hello from the test.\nEdited by the example legacy agent.\n"
    )


def test_crash_fails_one_session_and_cancel_ends_another(wrap: Wrap, tmp_path: Path) -> None:
    doomed = _session(wrap, tmp_path, 1)
    other = _session(wrap, tmp_path, 2)
    _send_prompt(wrap, 3, doomed, "crash")
    crashed = wrap.recv_until(_is_answer(3))[-1]
    assert crashed["error"]["data"]["exitCode"] == 3
    assert "fatal: simulated crash" in crashed["error"]["data"]["stderr"]
    _send_prompt(wrap, 4, other, "slow")
    wrap.recv_until(
        lambda m: (
            m.get("method") == "session/update"
            and m["params"]["update"]["sessionUpdate"] == "tool_call"
        )
    )
    wrap.send({"jsonrpc": "2.0", "method": "session/cancel", "params": {"sessionId": other}})
    assert wrap.recv_until(_is_answer(4))[-1]["result"] == {"stopReason": "cancelled"}
    wrap.close_stdin()
    assert wrap.wait() == 0


def test_an_over_limit_client_response_fails_the_agent_request(tmp_path: Path) -> None:
    # The client serves fs, but its answer to fs/read_text_file is over the line limit:
    # the legacy agent's readTextFile must fail rather than wait forever.
    (tmp_path / "hello.txt").write_text("short\n")
    relay = Wrap(EXAMPLE, "--max-line-bytes", "100000", cwd=str(tmp_path))
    try:
        fs = {"protocolVersion": 1, "clientCapabilities": {"fs": {"readTextFile": True}}}
        assert relay.request(0, "initialize", fs)[-1]["result"]["protocolVersion"] == 1
        session = _session(relay, tmp_path, 2)
        _send_prompt(relay, 3, session, "cat")
        read = relay.recv_until(lambda m: m.get("method") == "fs/read_text_file")[-1]
        assert read["params"]["path"] == str(tmp_path / "hello.txt")
        result = json.dumps({"content": "y" * 300000})
        relay.send_raw(
            f'{{"jsonrpc":"2.0","id":{json.dumps(read["id"])},"result":{result}}}\n'.encode()
        )
        messages = relay.recv_until(_is_answer(3))
        assert messages[-1]["result"] == {"stopReason": "end_turn"}
        assert "Could not read hello.txt: Response too large" in _texts(messages)
    finally:
        relay.close()
