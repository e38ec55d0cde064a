"""A peer's member of the wrong JSON type where the v1↔v2 translators read a name (a kind,
a stop reason, a content type: an array or an object, which no table holds) is read as
a value they do not know, not an exception: an exception mid-way left a turn ended with
its prompt unanswered."""

from __future__ import annotations

from typing import Any

import pytest

from acp_compat.translate.base import ToAgent, ToClient
from acp_compat.translate.v2 import (
    V2DowngradeOptions,
    V2DowngradeTranslator,
    V2UpgradeOptions,
    V2UpgradeTranslator,
)

WRONG = [["x"], {"type": "x"}]


def _update(update: dict[str, Any]) -> dict[str, Any]:
    params = {"sessionId": "s1", "update": update}
    return {"jsonrpc": "2.0", "method": "session/update", "params": params}


def _downgrade_turn() -> V2DowngradeTranslator:
    """A v2 agent's session ``s1`` behind a v1 client, its prompt ``2`` accepted."""
    initialized = {"protocolVersion": 2, "info": {"name": "a", "version": "1"}, "capabilities": {}}
    translator = V2DowngradeTranslator(
        V2DowngradeOptions(version="0.0.0-test", agent0_initialized=initialized)
    )
    new = {"cwd": "/p", "mcpServers": []}
    translator.from_client({"jsonrpc": "2.0", "id": 1, "method": "session/new", "params": new})
    translator.from_agent(0, {"jsonrpc": "2.0", "id": 0, "result": {"sessionId": "s1"}})
    prompt = {"sessionId": "s1", "prompt": [{"type": "text", "text": "hi"}]}
    translator.from_client(
        {"jsonrpc": "2.0", "id": 2, "method": "session/prompt", "params": prompt}
    )
    translator.from_agent(0, {"jsonrpc": "2.0", "id": 1, "result": {"messageId": "u1"}})
    return translator


@pytest.mark.parametrize("value", WRONG, ids=["array", "object"])
def test_a_stop_reason_of_the_wrong_type_ends_the_turn_end_turn(value: Any) -> None:
    translator = _downgrade_turn()
    idle = {"sessionUpdate": "state_update", "state": "idle", "stopReason": value}
    [answer] = translator.from_agent(0, _update(idle))
    assert isinstance(answer, ToClient)
    assert answer.message == {"jsonrpc": "2.0", "id": 2, "result": {"stopReason": "end_turn"}}


@pytest.mark.parametrize("value", WRONG, ids=["array", "object"])
def test_names_of_the_wrong_type_in_updates_are_unknown_ones(value: Any) -> None:
    translator = _downgrade_turn()
    assert translator.from_agent(0, _update({"sessionUpdate": value})) == []
    chunk = {"sessionUpdate": "agent_message_chunk", "messageId": "m1"}
    assert translator.from_agent(0, _update({**chunk, "content": {"type": value}})) == []
    call = {"sessionUpdate": "tool_call_update", "toolCallId": "c1", "title": "T", "kind": value}
    [shown] = translator.from_agent(0, _update(call))
    assert isinstance(shown, ToClient)
    assert shown.message["params"]["update"]["kind"] == "other"


@pytest.mark.parametrize("value", WRONG, ids=["array", "object"])
def test_a_permission_option_kind_of_the_wrong_type_is_left_out(value: Any) -> None:
    initialized = {"protocolVersion": 1, "agentCapabilities": {}}
    translator = V2UpgradeTranslator(
        V2UpgradeOptions(version="0.0.0-test", agent0_initialized=initialized)
    )
    translator.from_client(
        {"jsonrpc": "2.0", "id": 1, "method": "session/new", "params": {"cwd": "/p"}}
    )
    translator.from_agent(0, {"jsonrpc": "2.0", "id": 0, "result": {"sessionId": "s1"}})
    options = [
        {"optionId": "odd", "name": "Odd", "kind": value},
        {"optionId": "ok", "name": "OK", "kind": "allow_once"},
    ]
    params = {"sessionId": "s1", "toolCall": {"toolCallId": "c1"}, "options": options}
    request = {"jsonrpc": "2.0", "id": 5, "method": "session/request_permission", "params": params}
    [asked] = translator.from_agent(0, request)
    assert isinstance(asked, ToClient) and not isinstance(asked, ToAgent)
    assert [o["optionId"] for o in asked.message["params"]["options"]] == ["ok"]


@pytest.mark.parametrize("value", [*WRONG, 7, True], ids=["array", "object", "number", "bool"])
def test_a_tool_call_name_of_the_wrong_type_is_left_out_both_ways(value: Any) -> None:
    """A tool call's ``title``, ``name``, ``kind`` or ``status`` that is no string is not
    given (as the shapes' readers leave out any member of the wrong type): it went on
    as it came, an invalid message, and a v1 call's title is required (its default)."""
    translator = _downgrade_turn()
    call = {"sessionUpdate": "tool_call_update", "toolCallId": "c1", "title": value}
    [shown] = translator.from_agent(0, _update({**call, "name": value, "status": value}))
    assert isinstance(shown, ToClient)
    update = shown.message["params"]["update"]
    assert (update["title"], "name" in update, "status" in update) == ("Tool call", False, False)
    upgrade = _upgrade_session()
    call = {"sessionUpdate": "tool_call", "toolCallId": "c1", "title": value, "kind": value}
    [shown] = upgrade.from_agent(0, _update({**call, "status": value}))
    assert isinstance(shown, ToClient)
    update = shown.message["params"]["update"]
    assert not {"title", "kind", "status"} & set(update)


def _upgrade_session() -> V2UpgradeTranslator:
    """A v1 agent's session ``s1`` behind a v2 client."""
    initialized = {"protocolVersion": 1, "agentCapabilities": {}}
    translator = V2UpgradeTranslator(
        V2UpgradeOptions(version="0.0.0-test", agent0_initialized=initialized)
    )
    new = {"cwd": "/p"}
    translator.from_client({"jsonrpc": "2.0", "id": 1, "method": "session/new", "params": new})
    translator.from_agent(0, {"jsonrpc": "2.0", "id": 0, "result": {"sessionId": "s1"}})
    return translator


@pytest.mark.parametrize("block", [{}, {"text": "x"}, {"type": 7, "text": "x"}])
def test_a_v1_chunk_whose_block_has_no_type_is_not_relayed(block: dict[str, Any]) -> None:
    """A content block without a string ``type`` is no block (every v2 block is typed):
    it went on as an invalid v2 update."""
    upgrade = _upgrade_session()
    chunk = {"sessionUpdate": "agent_message_chunk", "content": block}
    assert upgrade.from_agent(0, _update(chunk)) == []


@pytest.mark.parametrize("value", [5, True, "abc", {"a": "b"}])
def test_a_list_of_the_wrong_type_in_an_agents_answer_is_none(value: Any) -> None:
    """A terminal login's ``args`` or a listed session's ``additionalDirectories`` that is
    no list is not given: it raised, and the client's request was never answered."""
    for make, init in [
        (_downgrade_agent, {"protocolVersion": 2, "info": {"name": "a", "version": "1"}}),
        (_upgrade_agent, {"protocolVersion": 1, "agentCapabilities": LISTS}),
    ]:
        translator, login_id = make()
        method = {"methodId": "t", "id": "t", "name": "T", "type": "terminal", "args": value}
        answer = {**init, "authMethods": [method]}
        [out] = translator.from_agent(0, {"jsonrpc": "2.0", "id": 0, "result": answer})
        assert isinstance(out, ToClient) and out.message["id"] == login_id
        [method] = out.message["result"]["authMethods"]
        assert "args" not in method
        translator.from_client({"jsonrpc": "2.0", "id": 7, "method": "session/list", "params": {}})
        info = {"sessionId": "s9", "cwd": "/p", "additionalDirectories": value}
        listed = {"jsonrpc": "2.0", "id": 1, "result": {"sessions": [info]}}
        [out] = translator.from_agent(0, listed)
        assert isinstance(out, ToClient) and out.message["id"] == 7
        assert out.message["result"]["sessions"] == [{"sessionId": "s9", "cwd": "/p"}]


LISTS: dict[str, Any] = {"sessionCapabilities": {"list": {}}}
"""A v1 agent's capabilities with ``session/list`` (else the relay answers it)."""


def _downgrade_agent() -> tuple[Any, int]:
    translator = V2DowngradeTranslator(V2DowngradeOptions(version="0.0.0-test"))
    initialize = {"protocolVersion": 1, "clientCapabilities": {}}
    translator.from_client(
        {"jsonrpc": "2.0", "id": 3, "method": "initialize", "params": initialize}
    )
    return translator, 3


def _upgrade_agent() -> tuple[Any, int]:
    translator = V2UpgradeTranslator(V2UpgradeOptions(version="0.0.0-test"))
    initialize = {"protocolVersion": 2, "info": {"name": "z", "version": "1"}}
    translator.from_client(
        {"jsonrpc": "2.0", "id": 3, "method": "initialize", "params": initialize}
    )
    return translator, 3


@pytest.mark.parametrize("value", [None, 5, [], {}])
def test_a_v1_config_option_without_a_string_type_is_left_out(value: Any) -> None:
    """v2 keeps an option of a type it does not know as it came, but a type that is no
    string is none (it went on as an invalid v2 answer)."""
    upgrade, _ = _upgrade_agent()
    upgrade.from_agent(0, {"jsonrpc": "2.0", "id": 0, "result": {"protocolVersion": 1}})
    upgrade.from_client(
        {"jsonrpc": "2.0", "id": 4, "method": "session/new", "params": {"cwd": "/p"}}
    )
    option = {"id": "b", "name": "B", "type": value, "currentValue": True}
    answer = {"sessionId": "s1", "configOptions": [option]}
    [out] = upgrade.from_agent(0, {"jsonrpc": "2.0", "id": 1, "result": answer})
    assert isinstance(out, ToClient)
    assert "configOptions" not in out.message["result"]


@pytest.mark.parametrize("line", [-1, 2**32, "3", 1.5, True, [1]])
def test_a_v2_location_v1_cannot_hold_is_left_out_or_loses_its_line(line: Any) -> None:
    """v2 → v1 tool call locations are read as v1 → v2 ones are (one reader over both
    sides): without a path, left out; a line v1 cannot hold, left out, the location kept.
    They went on as they came, an invalid v1 update."""
    translator = _downgrade_turn()
    locations = [{"path": "/a", "line": line}, {"line": 3}, {"path": 5}]
    call = {"sessionUpdate": "tool_call_update", "toolCallId": "c1", "title": "T"}
    [shown] = translator.from_agent(0, _update({**call, "locations": locations}))
    assert isinstance(shown, ToClient)
    assert shown.message["params"]["update"]["locations"] == [{"path": "/a"}]
