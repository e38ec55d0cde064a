"""A legacy 0.0.9 client of our own in front of ``acp-compat wrap`` and a real current agent.

The agent is the scripted example agent shipped in the official TypeScript SDK 1.9.0
(``dist/examples/agent.js``): a v1 agent that streams text, reports a tool call
(pending, then completed) and asks permission for an edit with a ``tool_call`` pending
first. ``wrap`` must detect the current agent behind the legacy client and downgrade.
Under ``CI=true`` a missing ``node`` or ``node_modules`` fails these tests (conftest).
"""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from tests.interop.conftest import (
    RUN_MARKER,
    _reap_marked,
    assert_trace_checks_clean,
    traced,
    wrap_command,
)
from tests.interop.legacy_client import LegacyClient

PROMPT = {"chunks": [{"text": "Please update the config"}, {"path": "config.json"}]}


def _texts(received: list[dict[str, Any]]) -> str:
    return "".join(
        m["params"]["chunk"].get("text", "")
        for m in received
        if m["method"] == "streamAssistantMessageChunk"
    )


def _methods(received: list[dict[str, Any]]) -> list[str]:
    return [m["method"] for m in received]


REUSED = ("tool-call-id-unique", "agent 0")
"""The example agent's own mistake in a second turn of a session: its tool calls are
always ``call_1`` and ``call_2`` (ids are unique within a session), each id reused found
once, at the first message of the turn that announces it again (the permission that
names it after is the same mistake). Found once the auto-detected downgrade's agent side
is judged by the current rules (issue 27)."""

ENDED_NOT_CANCELLED = (("cancel-cancelled", "agent 0"),)
"""The example agent's own mistake when its permission request is answered
``cancelled``: its turn returns early and answers ``end_turn``, not ``cancelled``."""


@contextmanager
def _started(
    ts_example_agent: list[str], tmp_path: Path, *agent_mistakes: tuple[str, str]
) -> Iterator[LegacyClient]:
    """``wrap`` around the example agent, initialized; afterwards closed and checked:
    exit status 0, a clean legacy wire, a trace in which ``trace --check`` finds nothing
    but the agent's own ``agent_mistakes``, and no process of the run left behind."""
    marker = uuid.uuid4().hex
    trace = tmp_path / "trace.jsonl"
    command = traced(wrap_command(ts_example_agent), trace)
    client = LegacyClient(command, tmp_path, {RUN_MARKER: marker})
    try:
        answer = client.wait_for(client.request("initialize", {"protocolVersion": "0.0.9"}))
        assert answer["result"] == {"protocolVersion": "0.0.9", "isAuthenticated": True}, answer
        yield client
    finally:
        returncode = client.close()
        leftovers = _reap_marked(marker)
    assert not leftovers, f"processes outlived the run: {leftovers}"
    assert returncode == 0, client.stderr[-2000:]
    client.assert_clean()
    assert_trace_checks_clean(trace, *agent_mistakes)


def _turn(client: LegacyClient, **kwargs: Any) -> list[dict[str, Any]]:
    before = len(client.received)
    answer = client.wait_for(client.request("sendUserMessage", PROMPT), **kwargs)
    assert answer["result"] is None, answer
    return client.received[before:]


def test_allow_then_reject(ts_example_agent: list[str], tmp_path: Path) -> None:
    # The second turn's call_1 and call_2 (both completed in the first turn).
    with _started(ts_example_agent, tmp_path, REUSED, REUSED) as client:
        client.policy = lambda params: "allow"
        allowed = _turn(client)
        client.policy = lambda params: "reject"
        rejected = _turn(client)

    # The pending read is held back, then pushed once and updated in place (ids from 1).
    assert _methods(allowed) == [
        "streamAssistantMessageChunk",
        "pushToolCall",
        "updateToolCall",
        "streamAssistantMessageChunk",
        "requestToolCallConfirmation",
        "updateToolCall",
        "streamAssistantMessageChunk",
    ]
    push, done = allowed[1]["params"], allowed[2]["params"]
    assert push == {
        "label": "Reading project files",
        "icon": "fileSearch",
        "locations": [{"path": "/project/README.md"}],
    }
    assert done == {
        "toolCallId": 1,
        "status": "finished",
        "content": {"type": "markdown", "markdown": "# My Project\n\nThis is a sample project..."},
    }
    # The pending edit and its permission request became one confirmation card.
    confirmation = allowed[4]["params"]
    assert confirmation["label"] == "Modifying critical configuration file"
    assert confirmation["icon"] == "pencil"
    assert confirmation["confirmation"] == {"type": "edit"}
    # Its later update went to the id this client handed out for the confirmation.
    assert allowed[5]["params"] == {"toolCallId": 2, "status": "finished", "content": None}
    assert "successfully updated the configuration" in _texts(allowed)

    # Rejected: the agent skips the change; no update follows the confirmation.
    assert _methods(rejected)[-2:] == ["requestToolCallConfirmation", "streamAssistantMessageChunk"]
    assert "prefer not to make that change" in _texts(rejected)
    assert "successfully updated" not in _texts(rejected)


def test_cancel_while_a_confirmation_waits(ts_example_agent: list[str], tmp_path: Path) -> None:
    cancel_answer: dict[str, Any] = {}
    # The follow-up turn's call_1 and call_2 (the cancelled turn's call_2 never ended).
    mistakes = (*ENDED_NOT_CANCELLED, REUSED, REUSED)
    with _started(ts_example_agent, tmp_path, *mistakes) as client:
        client.hold_confirmations = True

        def cancel_on_confirmation(message: dict[str, Any]) -> None:
            if message["method"] == "requestToolCallConfirmation" and not cancel_answer:
                cancel_id = client.request("cancelSendMessage")
                # Answered at once, while the turn is still open.
                cancel_answer.update(client.wait_for(cancel_id, timeout=5))

        turn = _turn(client, on_request=cancel_on_confirmation)
        # The user's late answer to the cancelled confirmation is dropped by acp-compat:
        # the agent never hears "allow", so it makes no change.
        [held] = client.held
        client.confirm(held, "allow")
        client.hold_confirmations = False
        follow_up = _turn(client)
    assert cancel_answer["result"] is None
    assert "requestToolCallConfirmation" in _methods(turn)
    assert "successfully updated" not in _texts(turn)
    assert "updateToolCall" not in _methods(
        turn[_methods(turn).index("requestToolCallConfirmation") :]
    )
    # The session goes on: the next turn is a full one.
    assert "requestToolCallConfirmation" in _methods(follow_up)
