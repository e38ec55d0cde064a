"""What the v1↔v2 translators keep of a long session is bounded: its open tool calls and
a window of recently ended ones (:data:`~acp_compat.translate.lifecycle.RECENT_ENDED_TOOL_CALLS`),
whatever the number of calls a session saw; what was said once in the log, whatever an
agent invents."""

from __future__ import annotations

import logging
from typing import Any

import pytest

from acp_compat.models.current import wire as v1_wire
from acp_compat.models.v2 import wire as v2_wire
from acp_compat.translate.base import ToClient
from acp_compat.translate.lifecycle import RECENT_ENDED_TOOL_CALLS, RECENT_MESSAGE_IDS
from acp_compat.translate.v2 import (
    V2DowngradeOptions,
    V2DowngradeTranslator,
    V2UpgradeOptions,
    V2UpgradeTranslator,
)
from acp_compat.translate.v2.downgrade_sessions import DowngradeSession
from acp_compat.translate.v2.hops import RECENT_DROPPED, ClientCall, Hops
from acp_compat.translate.v2.same import RECENT_SAID, SAID_LENGTH
from acp_compat.translate.v2.upgrade_sessions import UpgradeSession

CALLS = RECENT_ENDED_TOOL_CALLS * 3


def _downgrade() -> tuple[V2DowngradeTranslator, DowngradeSession]:
    translator = V2DowngradeTranslator(
        V2DowngradeOptions(
            version="0.0.0-test",
            agent0_initialized={"protocolVersion": 2, "info": {"name": "a", "version": "1"}},
        )
    )
    session = translator._sessions["s"] = DowngradeSession("s")
    return translator, session


def _update(update: dict[str, Any]) -> dict[str, Any]:
    params = {"sessionId": "s", "update": update}
    return {"jsonrpc": "2.0", "method": "session/update", "params": params}


def _call(call_id: str, **members: Any) -> dict[str, Any]:
    return _update({"sessionUpdate": "tool_call_update", "toolCallId": call_id, **members})


def _text(text: str) -> dict[str, Any]:
    return {"type": "content", "content": {"type": "text", "text": text}}


def test_many_ended_tool_calls_leave_a_bounded_number_kept() -> None:
    translator, session = _downgrade()
    translator.from_agent(0, _call("open", title="Runs on", status="in_progress"))
    for n in range(CALLS):
        translator.from_agent(0, _call(f"c{n}", title="Read", content=[_text(str(n))]))
        translator.from_agent(0, _call(f"c{n}", status="completed"))
    assert len(session.tool_calls) == RECENT_ENDED_TOOL_CALLS + 1
    # the open call, and the recent ended ones, are still known: their content goes on
    [late] = translator.from_agent(
        0,
        _update(
            {
                "sessionUpdate": "tool_call_content_chunk",
                "toolCallId": f"c{CALLS - 1}",
                "content": _text("late"),
            }
        ),
    )
    assert isinstance(late, ToClient)
    update = late.message["params"]["update"]
    assert update["sessionUpdate"] == "tool_call_update"
    assert [c["content"]["text"] for c in update["content"]] == [str(CALLS - 1), "late"]
    [again] = translator.from_agent(0, _call("open", status="completed"))
    assert isinstance(again, ToClient)
    assert again.message["params"]["update"]["sessionUpdate"] == "tool_call_update"


def test_a_call_that_runs_again_is_not_forgotten_as_ended() -> None:
    translator, _ = _downgrade()
    translator.from_agent(0, _call("back", title="Retried", status="failed"))
    translator.from_agent(0, _call("back", status="in_progress"))  # an upsert may reopen it
    for n in range(CALLS):
        translator.from_agent(0, _call(f"c{n}", title="Read", status="completed"))
    [update] = translator.from_agent(0, _call("back", status="completed"))
    assert isinstance(update, ToClient)
    assert update.message["params"]["update"]["sessionUpdate"] == "tool_call_update"


def test_many_messages_leave_a_bounded_number_of_ids_kept() -> None:
    translator, session = _downgrade()
    for n in range(RECENT_MESSAGE_IDS * 2):
        chunk = {"type": "text", "text": str(n)}
        translator.from_agent(
            0,
            _update(
                {"sessionUpdate": "agent_message_chunk", "messageId": f"m{n}", "content": chunk}
            ),
        )
    assert len(session.shown) == RECENT_MESSAGE_IDS
    # a recent message sent whole again (v2's replace) is still not appended a second time
    last = f"m{RECENT_MESSAGE_IDS * 2 - 1}"
    whole = {
        "sessionUpdate": "agent_message",
        "messageId": last,
        "content": [{"type": "text", "text": "x"}],
    }
    assert translator.from_agent(0, _update(whole)) == []


def _upgrade() -> V2UpgradeTranslator:
    translator = V2UpgradeTranslator(
        V2UpgradeOptions(version="0.0.0-test", agent0_initialized={"protocolVersion": 1})
    )
    translator._sessions["s"] = UpgradeSession("s", "/p")
    return translator


def _invented(n: int) -> dict[str, Any]:
    return _update({"sessionUpdate": f"invented_{n}_" + "x" * 10_000})


def test_a_long_turn_keeps_a_bounded_number_of_titles() -> None:
    """The v2 upgrade keeps a call's title for a permission request on it (v2 wants one):
    the open calls' and the recently ended ones', however many calls one turn makes."""
    translator = _upgrade()
    session = translator._sessions["s"]
    session.lifecycle.start_turn(1)
    translator.from_agent(
        0, _update({"sessionUpdate": "tool_call", "toolCallId": "open", "title": "Runs on"})
    )
    for n in range(CALLS):
        call = {"sessionUpdate": "tool_call", "toolCallId": f"c{n}", "title": f"Read {n}"}
        translator.from_agent(0, _update(call))
        done = {"sessionUpdate": "tool_call_update", "toolCallId": f"c{n}", "status": "completed"}
        translator.from_agent(0, _update(done))
    assert len(session.titles) == RECENT_ENDED_TOOL_CALLS + 1
    assert session.titles.get("open", "") == "Runs on"
    assert session.titles.get(f"c{CALLS - 1}", "") == f"Read {CALLS - 1}"


@pytest.mark.parametrize("make", [lambda: _downgrade()[0], _upgrade])
def test_what_is_said_once_is_bounded(make: Any, caplog: pytest.LogCaptureFixture) -> None:
    """A hostile agent inventing a new update kind in every message: the log says each
    once lately, and what the translator keeps of them is bounded."""
    translator = make()
    caplog.set_level(logging.INFO, logger="acp_compat.translate.v2")
    for n in range(RECENT_SAID * 3):
        translator.from_agent(0, _invented(n))
    assert len(translator._logged) == RECENT_SAID
    assert sum(map(len, translator._logged)) <= RECENT_SAID * SAID_LENGTH
    assert max(len(r.getMessage()) for r in caplog.records) < SAID_LENGTH + 100
    caplog.clear()
    translator.from_agent(0, _invented(RECENT_SAID * 3 - 1))  # said lately: not again
    assert caplog.records == []
    translator.from_agent(0, _invented(0))  # said long ago: said again
    assert len(caplog.records) == 1


def test_requests_no_longer_waited_for_are_remembered_boundedly() -> None:
    """A client that never answers the requests withdrawn from it (permissions at a turn's
    end, each told by ``$/cancel_request``) leaves a bounded number remembered."""
    hops = Hops(0, v2_wire, v1_wire)
    for n in range(RECENT_DROPPED * 2):
        sent = hops.to_client(ClientCall("session/request_permission", n, "s"), "m", {})
        assert hops.drop_answer(sent.message["id"])
    assert len(hops._dropped) == RECENT_DROPPED
    late = {"jsonrpc": "2.0", "id": RECENT_DROPPED * 2 - 1, "result": {}}
    assert hops.answered_by_client(late) is None
