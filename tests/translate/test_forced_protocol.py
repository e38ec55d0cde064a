"""A protocol forced with ``--agent-protocol`` (or its variable) that the agent refuses:
the error the editor gets says so, naming what was used; nothing else changes."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from acp_compat.translate.base import Output, StopAgent, ToAgent, ToClient
from acp_compat.translate.forced import ForcedProtocol, forced_protocol_hint
from tests.support.agents.harness import agent_command

HINT = forced_protocol_hint("legacy", "--agent-protocol legacy")


class Scripted:
    """A translator that returns what it was given to return."""

    def __init__(self, outputs: list[Output]) -> None:
        self.outputs = outputs

    def from_client(self, message: Any) -> list[Output]:
        return [ToAgent(0, message)]

    def from_agent(self, agent: int, message: Any) -> list[Output]:
        return self.outputs

    def agent_exited(self, agent: int, returncode: int | None, stderr_tail: str) -> list[Output]:
        return self.outputs

    def agent_lost(self, agent: int, reason: str) -> list[Output]:
        return self.outputs

    def agent_start_failed(self, agent: int, reason: str) -> list[Output]:
        return self.outputs

    def file_done(
        self, token: int, content: str | None = None, error: str | None = None
    ) -> list[Output]:
        return self.outputs

    def client_drained(self) -> list[Output]:
        return self.outputs


def _error(id: Any, data: Any = None) -> dict[str, Any]:
    error: dict[str, Any] = {"code": -32602, "message": "bad protocolVersion"}
    if data is not None:
        error["data"] = data
    return {"jsonrpc": "2.0", "id": id, "error": error}


def test_the_error_answering_initialize_gets_the_hint_once() -> None:
    failed = _error(7, {"details": "x"})
    forced = ForcedProtocol(Scripted([StopAgent(0), ToClient(failed)]), 7, HINT)
    (stop, answer) = forced.from_agent(0, {})
    assert stop == StopAgent(0)
    assert isinstance(answer, ToClient)
    error = answer.message["error"]
    assert error["code"] == -32602
    assert error["message"] == f"bad protocolVersion ({HINT})"
    assert error["data"] == {"details": "x", "hint": HINT}
    assert failed["error"]["message"] == "bad protocolVersion"  # the input is not changed
    # Only the initialize answer, only once.
    assert forced.from_agent(0, {}) == [StopAgent(0), ToClient(failed)]


def test_other_messages_and_a_successful_initialize_pass_unchanged() -> None:
    success = {"jsonrpc": "2.0", "id": 7, "result": {"protocolVersion": 1}}
    other = _error(8)
    inner = Scripted([ToClient(other), ToClient(success)])
    forced = ForcedProtocol(inner, 7, HINT)
    outputs = forced.from_agent(0, {})
    assert outputs[0].message is other and outputs[1].message is success  # type: ignore[union-attr]
    # The initialize was answered: a later error with the same id is not touched (from
    # now on the messages go straight to the wrapped translator).
    inner.outputs = [ToClient(_error(7))]
    assert forced.from_agent(0, {}) == [ToClient(_error(7))]
    assert forced.from_agent == inner.from_agent


@pytest.mark.parametrize("event", ["exited", "lost"])
def test_the_hint_is_added_when_the_agent_exits_or_is_lost_instead(event: str) -> None:
    forced = ForcedProtocol(Scripted([ToClient(_error(7))]), 7, HINT)
    if event == "exited":
        (answer,) = forced.agent_exited(0, 1, "")
    else:
        (answer,) = forced.agent_lost(0, "it closed its stdout")
    assert isinstance(answer, ToClient)
    assert answer.message["error"]["data"] == {"hint": HINT}


@pytest.mark.parametrize(
    ("args", "env", "named"),
    [
        (["--agent-protocol", "legacy"], {}, "because of --agent-protocol legacy"),
        (
            [],
            {"ACP_COMPAT_AGENT_PROTOCOL": "legacy"},
            "because of ACP_COMPAT_AGENT_PROTOCOL=legacy",
        ),
    ],
    ids=["flag", "variable"],
)
def test_wrap_tells_the_editor_about_the_forced_protocol(
    args: list[str], env: dict[str, str], named: str, tmp_path: Path
) -> None:
    init = {"jsonrpc": "2.0", "id": 3, "method": "initialize", "params": {"protocolVersion": 1}}
    environment = {k: v for k, v in os.environ.items() if not k.startswith("ACP_COMPAT_")}
    command = [sys.executable, "-m", "acp_compat", "wrap", "-q", *args, "--"]
    with subprocess.Popen(
        [*command, *agent_command("current_agent")],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
        cwd=tmp_path,
        env={**environment, **env},
    ) as process:
        assert process.stdin is not None and process.stdout is not None
        process.stdin.write(json.dumps(init) + "\n")
        process.stdin.flush()
        # stdin stays open until the answer: an editor that left would be answered instead.
        answer = json.loads(process.stdout.readline())
        process.communicate(timeout=30)
    assert answer["id"] == 3
    assert answer["error"]["code"] == -32602  # the agent's own refusal, kept
    assert named in answer["error"]["message"]
    assert "auto" in answer["error"]["data"]["hint"]
