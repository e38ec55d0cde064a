"""``session/list``: when ``updatedAt`` is read from the clock the shell gives, and the
title a prompt makes (the vectors fix the clock, so they cannot show it move)."""

from __future__ import annotations

import itertools
from typing import Any

from acp_compat.codec import structure
from acp_compat.models.current.content import ContentBlock
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


def _title(*blocks: dict[str, Any]) -> str | None:
    return prompt_title([structure(block, ContentBlock) for block in blocks])


def _link(uri: str, name: str = "link") -> dict[str, Any]:
    return {"type": "resource_link", "uri": uri, "name": name}


def _embedded(uri: str, text: str) -> dict[str, Any]:
    return {"type": "resource", "resource": {"uri": uri, "text": text}}


def test_titles() -> None:
    assert _title(_link("file:///w/a.py")) is None
    assert _title({"type": "text", "text": " \n "}) is None
    assert _title({"type": "text", "text": "look at"}, _link("file:///C:/w/b.py")) == "look at b.py"
    assert _title({"type": "text", "text": "see"}, _link("https://x.org/a", "The page")) == (
        "see The page"
    )
    long = _title({"type": "text", "text": "word " * 40})
    assert long is not None and len(long) == TITLE_LENGTH and long.endswith("\u2026")


def test_a_title_names_an_embedded_file_never_its_contents() -> None:
    secrets = _embedded("file:///w/.env", "API_KEY=sk-live-0123\nDB_PASSWORD=hunter2\n")
    assert _title({"type": "text", "text": "check"}, secrets) == "check .env"
    assert _title(secrets) is None  # no words of the user's: no title
    remote = _embedded("https://example.com/docs/guide.md?x=1", "# Guide\nsecret")
    assert _title({"type": "text", "text": "read"}, remote) == "read guide.md"


def test_a_title_from_a_huge_prompt_is_cut_from_its_first_words() -> None:
    """A prompt of one 8 MiB word (or 8 MiB of words) makes an 80-character title: only
    what the title shows is read into it."""
    one_word = _title({"type": "text", "text": "x" * (8 << 20)})
    assert one_word == "x" * (TITLE_LENGTH - 1) + "\u2026"
    many = _title({"type": "text", "text": "ab " * (3 << 20)}, _link("file:///w/z.py"))
    assert many is not None and len(many) == TITLE_LENGTH and "z.py" not in many


def test_utc_now_is_iso_8601_utc() -> None:
    now = utc_now()
    assert len(now) == 20 and now[4] == "-" and now[10] == "T" and now.endswith("Z")
