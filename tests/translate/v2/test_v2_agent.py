"""The v1↔v2 translators' agent process, a record of ``translate/lifecycle.py``
(``ProcessLifecycle``): ``initialize`` out, answered, failed, and the agent's end."""

from __future__ import annotations

from typing import Any

import pytest

from acp_compat.translate.base import ToAgent, ToClient
from acp_compat.translate.lifecycle import ProcessState
from acp_compat.translate.v2 import (
    V2DowngradeOptions,
    V2DowngradeTranslator,
    V2UpgradeOptions,
    V2UpgradeTranslator,
)

V1_INITIALIZE = {"protocolVersion": 1, "clientCapabilities": {}}
V2_INITIALIZE = {"protocolVersion": 2, "info": {"name": "editor", "version": "1"}}


def _upgrade() -> tuple[Any, dict[str, Any], dict[str, Any]]:
    translator = V2UpgradeTranslator(V2UpgradeOptions(version="0.0.0-test"))
    return translator, V2_INITIALIZE, {"protocolVersion": 1}


def _downgrade() -> tuple[Any, dict[str, Any], dict[str, Any]]:
    translator = V2DowngradeTranslator(V2DowngradeOptions(version="0.0.0-test"))
    info = {"name": "agent", "version": "1"}
    return translator, V1_INITIALIZE, {"protocolVersion": 2, "info": info, "capabilities": {}}


def _request(id: int, method: str, params: Any) -> dict[str, Any]:
    return {"jsonrpc": "2.0", "id": id, "method": method, "params": params}


def _answer(outputs: list[Any]) -> dict[str, Any]:
    [output] = outputs
    assert isinstance(output, ToClient)
    message: dict[str, Any] = output.message
    return message


@pytest.mark.parametrize("make", [_upgrade, _downgrade])
def test_initialize_out_answered_and_failed(make: Any) -> None:
    translator, initialize, answer = make()
    agent = translator._agent
    new = {"cwd": "/p", "mcpServers": []}
    assert _answer(translator.from_client(_request(1, "session/new", new)))["error"] == {
        "code": -32600,
        "message": "Call initialize first",
    }
    [first] = translator.from_client(_request(2, "initialize", initialize))
    [second] = translator.from_client(_request(3, "initialize", initialize))
    assert isinstance(first, ToAgent) and isinstance(second, ToAgent)
    assert agent.state is ProcessState.INITIALIZING
    said = _answer(translator.from_client(_request(4, "session/new", new)))
    assert said["error"]["message"] == "initialize is in progress"
    # one fails; the other is still out
    failed = {"jsonrpc": "2.0", "id": first.message["id"], "error": {"code": -1, "message": "no"}}
    assert _answer(translator.from_agent(0, failed))["error"]["message"] == "no"
    assert agent.state is ProcessState.INITIALIZING
    answered = {"jsonrpc": "2.0", "id": second.message["id"], "result": answer}
    assert _answer(translator.from_agent(0, answered))["id"] == 3
    assert (agent.state, agent.initialize_result) == (ProcessState.READY, answer)
    assert _answer(translator.from_client(_request(5, "initialize", initialize)))["id"] == 5


@pytest.mark.parametrize("make", [_upgrade, _downgrade])
def test_a_failed_initialize_leaves_the_agent_uninitialized(make: Any) -> None:
    translator, initialize, _ = make()
    [sent] = translator.from_client(_request(1, "initialize", initialize))
    failed = {"jsonrpc": "2.0", "id": sent.message["id"], "error": {"code": -1, "message": "no"}}
    translator.from_agent(0, failed)
    assert translator._agent.state is ProcessState.UNINITIALIZED
    said = _answer(translator.from_client(_request(2, "session/list", {})))
    assert said["error"]["message"] == "Call initialize first"


@pytest.mark.parametrize("make", [_upgrade, _downgrade])
def test_the_agents_end_is_its_failure_for_every_later_request(make: Any) -> None:
    translator, initialize, _ = make()
    translator.from_client(_request(1, "initialize", initialize))
    [failed_initialize] = translator.agent_exited(0, 3, "")
    assert failed_initialize.message["id"] == 1
    assert translator._agent.state is ProcessState.GONE
    assert translator.agent_lost(0, "again") == []
    later = _answer(translator.from_client(_request(2, "initialize", initialize)))
    assert later["error"] == translator._agent.failure
    assert later["error"]["message"] == "The agent process exited (exit status 3)"
