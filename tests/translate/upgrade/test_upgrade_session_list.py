"""``session/list``: when ``updatedAt`` is read from the clock the shell gives, and the
title a prompt makes (the vectors fix the clock, so they cannot show it move)."""

from __future__ import annotations

import itertools
from typing import Any

from acp_compat.translate.base import ToClient
from acp_compat.translate.upgrade import UpgradeOptions, UpgradeTranslator
from acp_compat.translate.upgrade.options import utc_now
from acp_compat.translate.upgrade.prompt import TITLE_LENGTH, prompt_title

PROJECT = "/home/user/project"


def _listed(translator: UpgradeTranslator, request_id: int) -> list[dict[str, Any]]:
    request = {"jsonrpc": "2.0", "id": request_id, "method": "session/list", "params": {}}
    [answer] = translator.from_client(request)
    assert isinstance(answer, ToClient)
    sessions: list[dict[str, Any]] = answer.message["result"]["sessions"]
    return sessions


def test_updated_at_follows_creation_and_each_turns_start_and_end() -> None:
    ticks = itertools.count(1)
    options = UpgradeOptions(
        agent_command=["legacy"],
        launch_cwd=PROJECT,
        version="0",
        new_session_id=lambda: "s",
        now=lambda: f"t{next(ticks)}",
        agent0_initialized={"protocolVersion": "0.0.9", "isAuthenticated": True},
        agent0_next_id=1,
    )
    translator = UpgradeTranslator(options)
    translator.from_client(
        {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"protocolVersion": 1}}
    )
    new = {"cwd": PROJECT, "mcpServers": []}
    translator.from_client({"jsonrpc": "2.0", "id": 2, "method": "session/new", "params": new})
    assert _listed(translator, 3) == [{"sessionId": "s", "cwd": PROJECT, "updatedAt": "t1"}]
    prompt = {"sessionId": "s", "prompt": [{"type": "text", "text": "hello there"}]}
    [send] = translator.from_client(
        {"jsonrpc": "2.0", "id": 4, "method": "session/prompt", "params": prompt}
    )
    assert _listed(translator, 5)[0]["updatedAt"] == "t2"
    legacy_id = send.message["id"]  # type: ignore[union-attr]
    translator.from_agent(0, {"jsonrpc": "2.0", "id": legacy_id, "result": None})
    [listed] = _listed(translator, 6)
    assert listed == {"sessionId": "s", "cwd": PROJECT, "title": "hello there", "updatedAt": "t3"}
    # A list reads no clock.
    assert _listed(translator, 7)[0]["updatedAt"] == "t3"


def test_titles() -> None:
    assert prompt_title([{"path": "/w/a.py"}]) is None
    assert prompt_title([{"text": " \n "}]) is None
    assert prompt_title([{"text": "look at"}, {"path": "C:\\w\\b.py"}]) == "look at b.py"
    long = prompt_title([{"text": "word " * 40}])
    assert long is not None and len(long) == TITLE_LENGTH and long.endswith("\u2026")


def test_utc_now_is_iso_8601_utc() -> None:
    now = utc_now()
    assert len(now) == 20 and now[4] == "-" and now[10] == "T" and now.endswith("Z")
