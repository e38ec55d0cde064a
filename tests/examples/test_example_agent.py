"""The example legacy agent, driven over pipes by a strict legacy client.

Each keyword of the scripted model is checked on the wire: integer ids from 0, requests
only, legacy-schema-valid params, and the quirks copied from legacy Gemini (banner,
basename diff paths, ``content: null`` on execute confirmations, unawaited chunks).
"""

from __future__ import annotations

import contextlib
import json
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from acp_compat.examples import legacy_agent as agent_module
from acp_compat.examples.legacy_agent import (
    BANNER,
    CLOSING,
    EDIT_SUFFIX,
    NOTES_CONTENT,
    PLAN_ENTRIES,
    THOUGHT,
    Script,
)
from tests.support.legacy_driver import ErrorReply, LegacyDriver, agent_command, chunks, methods
from tests.support.paths import CAPTURES

HELLO_TEXT = "hello world\n"


@pytest.fixture
def workdir(tmp_path: Path) -> Path:
    """A project directory holding ``hello.txt``, as the demo creates."""
    project = tmp_path / "project"
    project.mkdir()
    (project / "hello.txt").write_text(HELLO_TEXT, encoding="utf-8")
    return project.resolve()


@pytest.fixture
def auth_file(tmp_path: Path) -> Path:
    """A private login file, so tests never share the default one in the temp dir."""
    return tmp_path / "agent.auth"


@pytest.fixture
def start(workdir: Path, auth_file: Path) -> Iterator[Any]:
    """Start agents in ``workdir``; every one is reaped at teardown."""
    drivers: list[LegacyDriver] = []

    def start_agent(*options: str, banner: bool = True) -> LegacyDriver:
        argv = agent_command("--auth-file", str(auth_file), *options)
        if not banner:
            argv.append("--no-banner")
        driver = LegacyDriver(argv, workdir, banner=banner)
        drivers.append(driver)
        return driver

    yield start_agent
    for driver in drivers:
        driver.close()
        assert driver.proc.returncode is not None


@pytest.fixture
def agent(start: Any) -> LegacyDriver:
    """An initialized agent with default options."""
    driver: LegacyDriver = start()
    driver.initialize()
    return driver


def tool_requests(requests: list[dict[str, Any]], method: str) -> list[dict[str, Any]]:
    return [r for r in requests if r["method"] == method]


# -- the prompt's keywords -------------------------------------------------------------------


def test_script_reads_whole_words_case_insensitively() -> None:
    script = Script("Please READ hello.txt, then edit it; ready? flood=12")
    assert script.has("read") and script.has("edit") and script.has("hello")
    assert not script.has("ready!") and not script.has("run")
    assert script.flood == 12
    assert not Script("already running, overflood=3 flood=x").words & {"read", "run"}
    assert Script("overflood=3 flood=x").flood == 0


# -- handshake and wire quirks ---------------------------------------------------------------


def test_banner_then_initialize(start: Any) -> None:
    driver: LegacyDriver = start()
    result = driver.initialize()
    assert driver.banner == BANNER
    assert result == {"protocolVersion": "0.0.9", "isAuthenticated": True}


def test_no_banner_and_protocol_0_0_10(start: Any) -> None:
    driver: LegacyDriver = start("--protocol", "0.0.10", banner=False)
    # expect_banner is off: any non-JSON line would fail the strict receive.
    assert driver.initialize() == {"protocolVersion": "0.0.10", "isAuthenticated": True}
    assert driver.banner is None


def test_initialize_ignores_its_params(start: Any) -> None:
    driver: LegacyDriver = start()
    reply = driver.call("initialize", {"protocolVersion": 1, "clientCapabilities": {}})
    assert reply["result"] == {"protocolVersion": "0.0.9", "isAuthenticated": True}


def test_unknown_method_is_gemini_style_method_not_found(agent: LegacyDriver) -> None:
    reply = agent.call("session/new", {"cwd": "/", "mcpServers": []})
    assert reply["error"] == {
        "code": -32601,
        "message": "Method not found",
        "data": {"details": "session/new"},
    }


def test_a_non_json_line_is_skipped_and_logged(agent: LegacyDriver) -> None:
    assert agent.proc.stdin is not None
    agent.proc.stdin.write(b"this is not json\n")
    agent.proc.stdin.flush()
    assert agent.call("initialize", {"protocolVersion": "0.0.9"})["result"]["isAuthenticated"]
    agent.wait_stderr("not JSON")


def test_hello_turn_streams_a_thought_then_text_and_ends_null(agent: LegacyDriver) -> None:
    requests, final = agent.turn("hello")
    assert [r["params"]["chunk"] for r in requests[:1]] == [{"thought": THOUGHT}]
    assert "".join(chunks(requests)) == "Hello! I am the example legacy agent, speaking ACP 0.0.9."
    assert len(chunks(requests)) == 3
    assert methods(requests) == []
    assert final == {"jsonrpc": "2.0", "id": 1, "result": None}
    # Agent request ids count from 0 on their own, overlapping the client's.
    assert [r["id"] for r in requests] == [0, 1, 2, 3]


def _shape(message: dict[str, Any]) -> tuple[Any, ...]:
    """What a line looks like, values aside: its keys, method and params' keys."""
    params = message.get("params")
    param_keys = tuple(sorted(params)) if isinstance(params, dict) else None
    chunk = params.get("chunk") if isinstance(params, dict) else None
    chunk_keys = tuple(sorted(chunk)) if isinstance(chunk, dict) else None
    return tuple(sorted(message)), message.get("method"), param_keys, chunk_keys


def test_hello_turn_has_the_shape_of_legacy_gemini(agent: LegacyDriver) -> None:
    captured = [
        json.loads(line)
        for line in (CAPTURES / "legacy_gemini-0.1.20_full.jsonl").read_text().splitlines()
    ]
    gemini = [c["msg"] for c in captured if c["dir"] == "agent->client" and "msg" in c]
    gemini_shapes = {_shape(m) for m in gemini}
    assert any("raw" in c for c in captured)  # Gemini's banner, which ours mirrors
    requests, final = agent.turn("hello")
    for message in [*requests, final]:
        assert _shape(message) in gemini_shapes, message
    gemini_turn = [m.get("method") for m in gemini[1:]]
    ours = [m.get("method") for m in [*requests, final]]
    # Both turns: streamed chunks, then the bare null result that ends the turn.
    assert gemini_turn[0] == ours[0] == "streamAssistantMessageChunk"
    assert gemini_turn[-1] is ours[-1] is None


def test_chunks_are_not_awaited_but_tool_calls_are(agent: LegacyDriver) -> None:
    turn_id = agent.request("sendUserMessage", {"chunks": [{"text": "read"}]})
    # Four chunks and the pushToolCall arrive although no chunk was answered.
    received = [agent.receive() for _ in range(5)]
    assert [m["method"] for m in received[:4]] == ["streamAssistantMessageChunk"] * 4
    push = received[4]
    assert push["method"] == "pushToolCall"
    # The agent now waits for the pushToolCall reply: nothing else may come. Whatever it
    # wrote before reading the reply would be read before the update, and the update
    # carries the id only the reply told it.
    agent.answer(push, {"id": 7, "type": "PushToolCallResponse"})  # Rust peers add "type"
    update = agent.receive()
    assert update["method"] == "updateToolCall" and update["params"]["toolCallId"] == 7
    agent.answer(update, None)
    assert agent.receive()["params"]["chunk"] == {"text": CLOSING}
    assert agent.response(turn_id)["result"] is None


# -- tool keywords ---------------------------------------------------------------------------


def test_read_lists_the_working_directory(agent: LegacyDriver, workdir: Path) -> None:
    (workdir / "b.txt").write_text("b", encoding="utf-8")
    requests, final = agent.turn("Read the project")
    assert methods(requests) == ["pushToolCall", "updateToolCall"]
    push, update = tool_requests(requests, "pushToolCall")[0], requests[-2]
    assert push["params"]["icon"] in {"folder", "fileSearch"}
    assert push["params"]["locations"] == [{"path": str(workdir)}]
    assert update["params"] == {
        "toolCallId": 1,
        "status": "finished",
        "content": {"type": "markdown", "markdown": "Listed 2 item(s):\n- b.txt\n- hello.txt"},
    }
    assert chunks(requests)[-1] == CLOSING
    assert final["result"] is None


@pytest.mark.parametrize("outcome", ["allow", "alwaysAllow"])
def test_edit_allowed_writes_the_file(agent: LegacyDriver, workdir: Path, outcome: str) -> None:
    requests, final = agent.turn("edit hello.txt", agent.default_answer(outcome))
    assert methods(requests) == ["requestToolCallConfirmation", "updateToolCall"]
    confirm = tool_requests(requests, "requestToolCallConfirmation")[0]["params"]
    diff = {
        "type": "diff",
        "path": "hello.txt",  # the basename, as legacy Gemini sent it
        "oldText": HELLO_TEXT,
        "newText": HELLO_TEXT + EDIT_SUFFIX,
    }
    assert confirm == {
        "label": "Edit hello.txt",
        "icon": "pencil",
        "content": diff,
        "locations": [{"path": str(workdir / "hello.txt")}],
        "confirmation": {"type": "edit"},
    }
    assert (workdir / "hello.txt").read_text(encoding="utf-8") == HELLO_TEXT + EDIT_SUFFIX
    update = tool_requests(requests, "updateToolCall")[0]["params"]
    assert update == {"toolCallId": 1, "status": "finished", "content": diff}
    assert final["result"] is None


def test_edit_keeps_the_files_line_ends(agent: LegacyDriver, workdir: Path) -> None:
    # The diff shows the file as it is, and the edit changes nothing but the added line.
    crlf = b"hello\r\nworld\r\n"
    (workdir / "hello.txt").write_bytes(crlf)
    requests, _ = agent.turn("edit", agent.default_answer("allow"))
    diff = tool_requests(requests, "requestToolCallConfirmation")[0]["params"]["content"]
    assert diff["oldText"] == crlf.decode()
    assert (workdir / "hello.txt").read_bytes() == crlf + EDIT_SUFFIX.encode()


@pytest.mark.parametrize("outcome", ["reject", "cancel"])
def test_edit_refused_leaves_the_file(agent: LegacyDriver, workdir: Path, outcome: str) -> None:
    requests, final = agent.turn("edit", agent.default_answer(outcome))
    assert methods(requests) == ["requestToolCallConfirmation"]
    assert "The edit to hello.txt was not applied." in chunks(requests)
    assert (workdir / "hello.txt").read_text(encoding="utf-8") == HELLO_TEXT
    assert final["result"] is None


def test_edit_of_a_missing_file_has_null_old_text(agent: LegacyDriver, workdir: Path) -> None:
    (workdir / "hello.txt").unlink()
    requests, _ = agent.turn("edit")
    diff = tool_requests(requests, "requestToolCallConfirmation")[0]["params"]["content"]
    assert diff["oldText"] is None and diff["newText"] == EDIT_SUFFIX
    assert (workdir / "hello.txt").read_text(encoding="utf-8") == EDIT_SUFFIX


def test_run_asks_with_null_content_then_reports_output(agent: LegacyDriver) -> None:
    requests, final = agent.turn("run a command")
    confirm = tool_requests(requests, "requestToolCallConfirmation")[0]["params"]
    assert "content" in confirm and confirm["content"] is None
    assert confirm["icon"] == "terminal"
    assert confirm["confirmation"] == {
        "type": "execute",
        "command": "echo hello",
        "rootCommand": "echo",
    }
    update = tool_requests(requests, "updateToolCall")[0]["params"]
    assert update == {
        "toolCallId": 1,
        "status": "finished",
        "content": {"type": "markdown", "markdown": "hello\n"},
    }
    assert final["result"] is None


def test_run_rejected_sends_no_update(agent: LegacyDriver) -> None:
    requests, final = agent.turn("run", agent.default_answer("reject"))
    assert methods(requests) == ["requestToolCallConfirmation"]
    assert "The command was not run." in chunks(requests)
    assert final["result"] is None


def test_cat_reads_through_the_client_with_a_relative_path(agent: LegacyDriver) -> None:
    served = {"hello.txt": "served by the client\n"}
    requests, final = agent.turn("cat hello.txt", agent.default_answer(files=served))
    read = tool_requests(requests, "readTextFile")[0]["params"]
    assert read == {"path": "hello.txt"}
    assert chunks(requests)[-3:] == ["hello.txt holds:\n", "served by the client\n", CLOSING]
    assert final["result"] is None


def test_cat_reports_a_read_error_and_goes_on(agent: LegacyDriver) -> None:
    requests, final = agent.turn("cat", agent.default_answer(files={}))
    assert "Could not read hello.txt: Resource not found: hello.txt" in chunks(requests)
    assert final["result"] is None


def test_write_sends_write_text_file(agent: LegacyDriver) -> None:
    served: dict[str, str] = {}
    requests, final = agent.turn("write notes", agent.default_answer(files=served))
    assert tool_requests(requests, "writeTextFile")[0]["params"] == {
        "path": "notes.txt",
        "content": NOTES_CONTENT,
    }
    assert served == {"notes.txt": NOTES_CONTENT}
    assert "Wrote notes.txt." in chunks(requests)
    assert final["result"] is None


def test_write_error_is_reported_in_a_chunk(agent: LegacyDriver) -> None:
    def refuse(message: dict[str, Any]) -> Any:
        if message["method"] == "writeTextFile":
            return ErrorReply(-32603, "disk full")
        return None

    requests, final = agent.turn("write", refuse)
    assert "Could not write notes.txt: disk full" in chunks(requests)
    assert final["result"] is None


def test_plan_needs_protocol_0_0_10(start: Any) -> None:
    old: LegacyDriver = start()
    old.initialize()
    requests, _ = old.turn("plan")
    assert methods(requests) == []

    new: LegacyDriver = start("--protocol", "0.0.10")
    new.initialize()
    requests, final = new.turn("plan")
    assert methods(requests) == ["updatePlan"]
    plan = tool_requests(requests, "updatePlan")[0]["params"]
    assert plan == {"entries": [dict(e) for e in PLAN_ENTRIES]} and len(plan["entries"]) == 3
    assert final["result"] is None


def test_keywords_act_in_the_documented_order(agent: LegacyDriver) -> None:
    requests, _ = agent.turn("run, edit, then read")
    assert methods(requests) == [
        "pushToolCall",
        "updateToolCall",
        "requestToolCallConfirmation",
        "updateToolCall",
        "requestToolCallConfirmation",
        "updateToolCall",
    ]
    assert [r["params"]["toolCallId"] for r in tool_requests(requests, "updateToolCall")] == [
        1,
        2,
        3,
    ]


def test_flood_streams_n_chunks(agent: LegacyDriver) -> None:
    requests, final = agent.turn("flood=500")
    tokens = [c for c in chunks(requests) if c.startswith("token")]
    assert tokens == [f"token{i} " for i in range(500)]
    assert [r["id"] for r in requests] == list(range(len(requests)))
    assert final["result"] is None


# -- failures ----------------------------------------------------------------------------------


def test_fail_answers_an_internal_error(agent: LegacyDriver) -> None:
    requests, final = agent.turn("fail please")
    assert chunks(requests)  # the turn streamed before failing
    assert final["error"] == {
        "code": -32603,
        "message": "Internal error",
        "data": {"details": "Simulated model failure"},
    }
    # The connection lives on: the next turn works.
    assert agent.turn("hello")[1]["result"] is None


def test_crash_exits_3_mid_turn(agent: LegacyDriver) -> None:
    agent.request("sendUserMessage", {"chunks": [{"text": "crash now"}]})
    received = []
    with pytest.raises(AssertionError, match="closed stdout"):
        while True:
            received.append(agent.receive())
    assert received and all("method" in m for m in received)  # no sendUserMessage reply
    assert agent.wait_exit() == 3
    agent.wait_stderr("fatal: simulated crash")


def test_stdin_eof_while_waiting_for_a_reply_exits_0(agent: LegacyDriver) -> None:
    agent.request("sendUserMessage", {"chunks": [{"text": "read"}]})
    while agent.receive()["method"] != "pushToolCall":
        pass
    assert agent.close(timeout=5) == 0


# -- cancel ----------------------------------------------------------------------------------


def _cancel_slow_turn(driver: LegacyDriver) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    def cancel_on_push(message: dict[str, Any]) -> None:
        if message["method"] == "pushToolCall":
            driver.request("cancelSendMessage")

    # Only the cancel ends the 30 s command early, with this text (and the driver's 10 s
    # wait for each message would give up before the command's own end).
    requests, final = driver.turn("slow", on_request=cancel_on_push)
    assert [r["result"] for r in driver.other_responses] == [None]  # the cancel's reply
    update = tool_requests(requests, "updateToolCall")[0]["params"]
    assert update["content"] == {"type": "markdown", "markdown": "Command cancelled by user."}
    push = tool_requests(requests, "pushToolCall")[0]["params"]
    assert push == {"label": "sleep 30", "icon": "terminal", "locations": []}
    return requests, final


def test_cancel_resolves_null_by_default(agent: LegacyDriver) -> None:
    _, final = _cancel_slow_turn(agent)
    assert final["result"] is None
    # Cancel has no params on the wire.
    cancel = [
        m for d, m in agent.log if d == "client->agent" and m.get("method") == "cancelSendMessage"
    ]
    assert "params" not in cancel[0]


def test_cancel_style_error_rejects_like_gemini(start: Any) -> None:
    driver: LegacyDriver = start("--cancel-style", "error")
    driver.initialize()
    _, final = _cancel_slow_turn(driver)
    assert final["error"] == {
        "code": -32603,
        "message": "Internal error",
        "data": {"details": "This operation was aborted"},
    }


def test_cancel_with_no_turn_is_not_currently_generating(agent: LegacyDriver) -> None:
    reply = agent.call("cancelSendMessage")
    assert reply["error"] == {
        "code": -32603,
        "message": "Internal error",
        "data": {"details": "Not currently generating"},
    }
    agent.turn("hello")
    assert agent.call("cancelSendMessage")["error"]["data"]["details"] == "Not currently generating"


def test_a_second_message_cancels_the_running_turn(agent: LegacyDriver) -> None:
    first = agent.request("sendUserMessage", {"chunks": [{"text": "slow"}]})
    while (push := agent.receive())["method"] != "pushToolCall":
        pass
    agent.answer(push, {"id": 1})
    requests, final = agent.turn("hello")
    assert [r["result"] for r in agent.other_responses] == [None]
    assert agent.other_responses[0]["id"] == first
    assert tool_requests(requests, "updateToolCall")[0]["params"]["content"]["markdown"] == (
        "Command cancelled by user."
    )
    assert final["result"] is None


# -- authentication ------------------------------------------------------------------------------


def test_require_auth_flow_and_saved_login(start: Any, auth_file: Path) -> None:
    driver: LegacyDriver = start("--require-auth")
    assert driver.initialize() == {"protocolVersion": "0.0.9", "isAuthenticated": False}
    refused = driver.call("sendUserMessage", {"chunks": [{"text": "hello"}]})
    assert refused["error"]["code"] == -32603
    assert "authenticate" in refused["error"]["data"]["details"]

    reply = driver.call("authenticate")
    assert reply == {"jsonrpc": "2.0", "id": reply["id"], "result": None}
    assert "params" not in driver.log[-2][1]  # authenticate went out without params
    assert auth_file.exists()
    assert driver.initialize()["isAuthenticated"] is True
    assert driver.turn("hello")[1]["result"] is None

    # A second process sees the saved login, like a real agent's credentials.
    second: LegacyDriver = start("--require-auth")
    assert second.initialize()["isAuthenticated"] is True


def test_without_require_auth_nothing_is_saved(agent: LegacyDriver, auth_file: Path) -> None:
    assert agent.call("authenticate")["result"] is None
    assert not auth_file.exists()


def test_default_auth_file_is_per_user() -> None:
    path = agent_module.default_auth_file()
    assert path.parent.is_dir() and path.name.startswith("acp-compat-example-agent-")


def test_a_closed_stdout_ends_the_agent_quietly(workdir: Path, auth_file: Path) -> None:
    proc = subprocess.Popen(
        agent_command("--auth-file", str(auth_file)),
        cwd=workdir,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    try:
        assert proc.stdout is not None and proc.stdin is not None
        assert proc.stdout.readline().decode().strip() == BANNER
        proc.stdout.close()
        with contextlib.suppress(BrokenPipeError):
            proc.stdin.write(b'{"jsonrpc":"2.0","id":0,"method":"initialize"}\n')
            proc.stdin.flush()
        _, err = proc.communicate(timeout=10)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    assert proc.returncode == 0
    assert err == b""
