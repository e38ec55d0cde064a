"""Hostile input and dead peers, through the real ``acp-compat wrap`` process (issue #10).

One test per defect found by trying the relay as an adversary would: none of them may end
the relay, leave a request without its one answer, or let memory or a blocked open run
away. The agent is tests/agents/hostile_agent.py, scripted by the prompt's first word.
"""

from __future__ import annotations

import json
import signal
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from agents.harness import Wrap, agent_command

pytestmark = pytest.mark.timeout(60)

CURRENT_INIT = {
    "protocolVersion": 1,
    "clientCapabilities": {"fs": {"readTextFile": False, "writeTextFile": False}},
}
DEEP = 970
"""Nesting that crashed the relay's decoder (Python's recursion limit is 1000)."""


def nested(depth: int) -> str:
    """A JSON array nested ``depth`` levels deep."""
    return "[" * depth + "]" * depth


@pytest.fixture
def wraps() -> Iterator[list[Wrap]]:
    """Relays started by a test, all reaped afterwards."""
    started: list[Wrap] = []
    yield started
    for wrap in started:
        wrap.close()


@pytest.fixture
def start(wraps: list[Wrap], tmp_path: Path) -> Any:
    """Start a relay around the hostile agent in ``tmp_path``."""

    def start(*options: str, command: list[str] | None = None) -> Wrap:
        wrap = Wrap(command or agent_command("hostile_agent"), *options, cwd=str(tmp_path))
        wraps.append(wrap)
        return wrap

    return start


def session(wrap: Wrap, cwd: Path) -> str:
    """initialize (current) and session/new; the session id."""
    assert wrap.request(0, "initialize", CURRENT_INIT)[-1]["result"]["protocolVersion"] == 1
    reply = wrap.request(1, "session/new", {"cwd": str(cwd), "mcpServers": []})[-1]
    session_id: str = reply["result"]["sessionId"]
    return session_id


def prompt(wrap: Wrap, id: int, session_id: str, text: str) -> list[dict[str, Any]]:
    """A prompt and everything up to its answer (the answer last)."""
    return wrap.request(
        id, "session/prompt", {"sessionId": session_id, "prompt": [{"type": "text", "text": text}]}
    )


def chunks(messages: list[dict[str, Any]]) -> list[str]:
    """The agent_message_chunk texts among ``messages``."""
    return [
        m["params"]["update"]["content"]["text"]
        for m in messages
        if m.get("method") == "session/update"
        and m["params"]["update"]["sessionUpdate"] == "agent_message_chunk"
    ]


def still_serving(wrap: Wrap, session_id: str, id: int = 900) -> None:
    """The relay and the session still work: a plain turn ends normally."""
    answer = prompt(wrap, id, session_id, "hello")[-1]
    assert answer["result"] == {"stopReason": "end_turn"}, wrap.stderr()


# -- crashes ---------------------------------------------------------------------------


@pytest.mark.parametrize("cwd", ["/tmp/a\\u0000b", "/tmp/\\ud800"])
def test_a_session_cwd_no_process_can_take_is_refused(start: Any, tmp_path: Path, cwd: str) -> None:
    wrap = start()
    sid = session(wrap, tmp_path)
    line = (
        '{"jsonrpc":"2.0","id":5,"method":"session/new","params":{"cwd":"'
        + cwd
        + '","mcpServers":[]}}'
    )
    wrap.send_raw(line.encode() + b"\n")
    answer = wrap.recv_until(lambda m: m.get("id") == 5)[-1]
    assert answer["error"]["code"] == -32602
    still_serving(wrap, sid)


# -- requests never answered -----------------------------------------------------------


def test_a_permission_answer_with_a_malformed_error_is_a_reject(start: Any, tmp_path: Path) -> None:
    wrap = start()
    sid = session(wrap, tmp_path)
    wrap.send(
        {
            "jsonrpc": "2.0",
            "id": 2,
            "method": "session/prompt",
            "params": {"sessionId": sid, "prompt": [{"type": "text", "text": "confirm"}]},
        }
    )
    ask = wrap.recv_until(lambda m: m.get("method") == "session/request_permission")[-1]
    wrap.send({"jsonrpc": "2.0", "id": ask["id"], "error": "nope"})
    messages = wrap.recv_until(lambda m: m.get("id") == 2 and "method" not in m)
    assert messages[-1]["result"] == {"stopReason": "end_turn"}
    assert [json.loads(text)["outcome"] for text in chunks(messages)] == ["reject"]
    assert not [m for m in messages if "error" in m]  # a response is never answered
    still_serving(wrap, sid)


@pytest.mark.parametrize("id_text", ["1e400", "-1e400", "{}", "[1]", "true", "false"])
def test_an_invalid_client_request_id_gets_invalid_request_with_id_null(
    start: Any, tmp_path: Path, id_text: str
) -> None:
    wrap = start()
    sid = session(wrap, tmp_path)
    line = '{"jsonrpc":"2.0","id":' + id_text + ',"method":"session/new","params":{}}'
    wrap.send_raw(line.encode() + b"\n")
    answer = wrap.recv()
    assert answer == {
        "jsonrpc": "2.0",
        "id": None,
        "error": answer["error"],
    }
    assert answer["error"]["code"] == -32600
    still_serving(wrap, sid)


# -- smaller -----------------------------------------------------------------------------


def test_a_start_failure_names_the_command_once(start: Any, tmp_path: Path) -> None:
    wrap = start(command=["/nonexistent/agent-command", "--acp"])
    answer = wrap.request(0, "initialize", CURRENT_INIT)[-1]
    assert answer["error"]["message"].count("/nonexistent/agent-command") == 1
    assert "No such file or directory" in answer["error"]["message"]
    assert wrap.wait() == 127


def test_a_session_in_a_missing_directory_names_the_directory_once(
    start: Any, tmp_path: Path
) -> None:
    wrap = start()
    session(wrap, tmp_path)
    missing = tmp_path / "missing"
    answer = wrap.request(3, "session/new", {"cwd": str(missing), "mcpServers": []})[-1]
    message = answer["error"]["message"]
    assert message.count(str(missing)) == 1, message
    assert "No such file or directory" in message


def test_after_sigterm_a_pending_prompt_names_the_shutdown(start: Any, tmp_path: Path) -> None:
    wrap = start()
    sid = session(wrap, tmp_path)
    wrap.send(
        {
            "jsonrpc": "2.0",
            "id": 2,
            "method": "session/prompt",
            "params": {"sessionId": sid, "prompt": [{"type": "text", "text": "hang"}]},
        }
    )
    time.sleep(0.3)  # the prompt reached the agent
    wrap.signal(signal.SIGTERM)
    answer = wrap.recv_until(lambda m: m.get("id") == 2)[-1]
    assert "exit code 0" not in answer["error"]["message"]
    assert "SIGTERM" in answer["error"]["message"]
    assert wrap.wait() == 128 + signal.SIGTERM
