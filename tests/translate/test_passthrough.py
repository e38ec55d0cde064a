"""The passthrough translator: messages unchanged, and every request the agent left
unanswered answered once when it ends, however it ends (its exit, its loss, a failed
start: the three ends every one-agent translator handles alike, ``base.AgentEnds``)."""

from __future__ import annotations

from typing import Any

import pytest

from acp_compat.translate.base import ToAgent, ToClient
from acp_compat.translate.passthrough import PassthroughTranslator

PROMPT = {"jsonrpc": "2.0", "id": 2, "method": "session/prompt", "params": {}}


def test_messages_pass_unchanged() -> None:
    relay = PassthroughTranslator()
    assert relay.from_client(PROMPT) == [ToAgent(0, PROMPT)]
    update = {"jsonrpc": "2.0", "method": "session/update", "params": {}}
    assert relay.from_agent(0, update) == [ToClient(update)]


@pytest.mark.parametrize(
    ("end", "message"),
    [
        (lambda r: r.agent_exited(0, 3, ""), "The agent process exited (exit status 3)"),
        (lambda r: r.agent_lost(0, "stdout closed"), "Lost the agent process: stdout closed"),
        (
            lambda r: r.agent_start_failed(0, "No such file or directory"),
            "Could not start the agent: No such file or directory",
        ),
    ],
)
def test_every_end_answers_what_the_agent_left_unanswered_once(end: Any, message: str) -> None:
    relay = PassthroughTranslator()
    relay.from_client({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {}})
    relay.from_client(PROMPT)
    relay.from_agent(0, {"jsonrpc": "2.0", "id": 1, "result": {}})
    [answer] = end(relay)
    assert isinstance(answer, ToClient)
    assert answer.message["id"] == 2
    assert answer.message["error"]["code"] == -32603
    assert answer.message["error"]["message"] == message
    assert end(relay) == []


def test_requests_with_a_null_or_fractional_id_are_answered_at_the_end_too() -> None:
    # JSON-RPC ids are strings, numbers or null (rpc.valid_id): each such request waiting
    # on the agent gets its one answer when the agent ends.
    relay = PassthroughTranslator()
    for request_id in (None, 2.5, 7):
        relay.from_client({"jsonrpc": "2.0", "id": request_id, "method": "x", "params": {}})
    relay.from_agent(0, {"jsonrpc": "2.0", "id": 7, "result": {}})
    answers = relay.agent_exited(0, 1, "")
    assert [a.message["id"] for a in answers if isinstance(a, ToClient)] == [None, 2.5]
    assert len(answers) == 2
    assert relay.agent_exited(0, 1, "") == []
