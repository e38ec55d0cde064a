"""A peer's ``sessionId`` of the wrong JSON type (an array, an object: no table's key) is
an unknown session to the v1↔v2 translators, as any unknown id is, not an exception:
an update is dropped, a permission request answered ``-32602``, a cancel ignored."""

from __future__ import annotations

from typing import Any

import pytest

from acp_compat.translate.base import ToAgent
from acp_compat.translate.v2 import (
    V2DowngradeOptions,
    V2DowngradeTranslator,
    V2UpgradeOptions,
    V2UpgradeTranslator,
)

AGENT_INITIALIZED = {
    "upgrade": {"protocolVersion": 1, "agentCapabilities": {}},
    "downgrade": {"protocolVersion": 2, "info": {"name": "a", "version": "1"}, "capabilities": {}},
}
OPTIONS: dict[str, dict[str, Any]] = {
    "upgrade": {"title": "Run?", "toolCall": {"toolCallId": "c1"}},
    "downgrade": {"title": "Run?"},
}
BAD_IDS = [["s1"], {"id": "s1"}]


def _translator(name: str) -> Any:
    initialized = AGENT_INITIALIZED[name]
    if name == "upgrade":
        return V2UpgradeTranslator(
            V2UpgradeOptions(version="0.0.0-test", agent0_initialized=initialized)
        )
    return V2DowngradeTranslator(
        V2DowngradeOptions(version="0.0.0-test", agent0_initialized=initialized)
    )


@pytest.mark.parametrize("name", ["upgrade", "downgrade"])
@pytest.mark.parametrize("session_id", BAD_IDS, ids=["array", "object"])
def test_a_session_id_of_the_wrong_type_is_an_unknown_session(name: str, session_id: Any) -> None:
    translator = _translator(name)
    update = {"sessionUpdate": "agent_message_chunk", "content": {"type": "text", "text": "x"}}
    notification = {"sessionId": session_id, "update": update}
    assert (
        translator.from_agent(
            0, {"jsonrpc": "2.0", "method": "session/update", "params": notification}
        )
        == []
    )
    options = [{"optionId": "ok", "name": "OK", "kind": "allow_once"}]
    params = {"sessionId": session_id, "options": options, **OPTIONS[name]}
    request = {"jsonrpc": "2.0", "id": 7, "method": "session/request_permission", "params": params}
    [answer] = translator.from_agent(0, request)
    assert isinstance(answer, ToAgent)
    assert answer.message["id"] == 7
    assert answer.message["error"]["code"] == -32602
    cancel = {"jsonrpc": "2.0", "method": "session/cancel", "params": {"sessionId": session_id}}
    assert translator.from_client(cancel) == []
