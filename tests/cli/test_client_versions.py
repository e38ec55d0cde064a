"""Clients in the field that are not tidy about ``protocolVersion``, through ``wrap``.

A ``"1"`` string or no version at all is the current protocol (issue 18, item 6): each
gets a current session in front of a legacy agent, instead of being taken for a legacy
client whose ``session/new`` the legacy agent answers with "method not found".
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.support.agents.harness import Wrap, agent_command

pytestmark = pytest.mark.timeout(60)


@pytest.fixture
def wrap(tmp_path: Path) -> Iterator[Wrap]:
    """``wrap`` around the scripted legacy agent (auto-detected), reaped afterwards."""
    relay = Wrap(agent_command("legacy_agent"), cwd=str(tmp_path))
    yield relay
    relay.close()


@pytest.mark.parametrize(
    "params",
    [
        {"protocolVersion": "1", "clientCapabilities": {}},
        {"clientCapabilities": {"fs": {"readTextFile": False, "writeTextFile": False}}},
        {},
    ],
    ids=["string", "missing", "bare"],
)
def test_an_untidy_current_client_gets_a_current_session(
    wrap: Wrap, tmp_path: Path, params: dict[str, Any]
) -> None:
    initialized = wrap.request(0, "initialize", params)[-1]
    assert initialized["result"]["protocolVersion"] == 1, wrap.stderr()
    created = wrap.request(1, "session/new", {"cwd": str(tmp_path), "mcpServers": []})[-1]
    session_id = created["result"]["sessionId"]
    turn = wrap.request(
        2,
        "session/prompt",
        {"sessionId": session_id, "prompt": [{"type": "text", "text": "echo hi"}]},
    )
    assert turn[-1]["result"] == {"stopReason": "end_turn"}
    texts = [
        m["params"]["update"]["content"]["text"]
        for m in turn
        if m.get("method") == "session/update"
        and m["params"]["update"]["sessionUpdate"] == "agent_message_chunk"
    ]
    assert "".join(texts) == "hi"
    if "protocolVersion" not in params:
        assert "initialize with no protocolVersion, read as 1" in wrap.stderr_with("read as 1")


def test_a_legacy_client_is_still_one(wrap: Wrap) -> None:
    answer = wrap.request(0, "initialize", {"protocolVersion": "0.0.9"})[-1]
    assert answer["result"]["protocolVersion"] == "0.0.9"
