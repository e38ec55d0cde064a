"""The upgrade translator against real legacy traffic, and its small pure helpers.

The capture tests replay the **agent side** of the legacy Gemini captures verbatim (only
tool call ids are renumbered: the capture's client counted from 0, acp-compat from 1) and
play a current client around them: initialize, session/new, session/prompt, answering each
permission request with the option the capture's client chose, session/cancel where the
capture's client cancelled. Every message the translator sends either way must validate
against its protocol's schema, every tool call must end completed or failed, no update
may follow the prompt's answer, and the stop reason must be the right one.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from acp_compat.models.legacy import (
    EditConfirmation,
    ExecuteConfirmation,
    FetchConfirmation,
    McpConfirmation,
    OtherConfirmation,
    ToolCallConfirmation,
    ToolCallLocation,
)
from acp_compat.translate.base import Output, ToAgent, ToClient
from acp_compat.translate.upgrade import UpgradeOptions, UpgradeTranslator
from acp_compat.translate.upgrade.prompt import file_uri_to_path
from acp_compat.translate.upgrade.tools import (
    fix_diff_path,
    offered_outcomes,
    permission_options,
)
from tests.support.paths import CAPTURES
from tests.support.schemas import current_errors, legacy_errors

PROJECT = "/home/user/project"


class CurrentClient:
    """A current client driving one translator, checking everything that reaches it."""

    def __init__(self, translator: UpgradeTranslator) -> None:
        self.translator = translator
        self.next_id = 1
        self.methods: dict[Any, str] = {}
        self.answers: dict[Any, dict[str, Any]] = {}
        self.tool_status: dict[str, str] = {}
        self.permissions: list[dict[str, Any]] = []
        self.to_agent: list[dict[str, Any]] = []
        self.problems: list[str] = []
        self.prompt_answered = False
        self.session_id = ""

    def request(self, method: str, params: dict[str, Any]) -> Any:
        request_id = self.next_id
        self.next_id += 1
        self.methods[request_id] = method
        self.take(
            self.translator.from_client(
                {"jsonrpc": "2.0", "id": request_id, "method": method, "params": params}
            )
        )
        return request_id

    def send(self, message: dict[str, Any]) -> None:
        self.take(self.translator.from_client(message))

    def take(self, outputs: list[Output]) -> None:
        for output in outputs:
            if isinstance(output, ToAgent):
                self.to_agent.append(output.message)
                for problem in legacy_errors(output.message, self._legacy_method(output.message)):
                    self.problems.append(f"to agent {output.message}: {problem}")
            elif isinstance(output, ToClient):
                self._client_message(output.message)
            else:
                self.problems.append(f"unexpected effect {output!r}")

    legacy_requests: dict[Any, str]

    def _legacy_method(self, message: dict[str, Any]) -> str | None:
        if "method" in message:
            return str(message["method"])
        return self.legacy_requests.get(message.get("id"))

    def _client_message(self, message: dict[str, Any]) -> None:
        method = message.get("method")
        if method is None:
            method = self.methods.get(message.get("id"))
            self.answers[message["id"]] = message
            if method == "session/prompt":
                self.prompt_answered = True
        for problem in current_errors(message, method):
            self.problems.append(f"to client ({method}): {problem}")
        if message.get("method") == "session/update":
            if self.prompt_answered:
                self.problems.append(f"update after the prompt's answer: {message}")
            update = message["params"]["update"]
            if update["sessionUpdate"] in ("tool_call", "tool_call_update") and "status" in update:
                self.tool_status[update["toolCallId"]] = update["status"]
        elif message.get("method") == "session/request_permission":
            self.permissions.append(message)


def _capture(name: str) -> list[dict[str, Any]]:
    lines = (CAPTURES / name).read_text(encoding="utf-8").splitlines()
    return [json.loads(line) for line in lines if line.strip()]


def replay_capture(name: str) -> CurrentClient:
    """Drive a translator with the agent side of a legacy capture, as a client would."""
    translator = UpgradeTranslator(
        UpgradeOptions(
            agent_command=["gemini", "--experimental-acp"], launch_cwd=PROJECT, version="0.0.0-test"
        )
    )
    client = CurrentClient(translator)
    records = _capture(name)
    # What the capture's legacy client sent the agent: its requests by id (so agent
    # responses can be paired), its tool ids and permission outcomes in order.
    client.legacy_requests = {}
    capture_requests = {
        r["msg"]["id"]: r["msg"]["method"]
        for r in records
        if r["dir"] == "client->agent" and "msg" in r and "method" in r["msg"]
    }
    agent_methods = {
        r["msg"]["id"]: r["msg"]["method"]
        for r in records
        if r["dir"] == "agent->client" and "msg" in r and "method" in r["msg"]
    }
    replies = [
        r["msg"]
        for r in records
        if r["dir"] == "client->agent" and "msg" in r and "method" not in r["msg"]
    ]
    tool_ids: dict[int, int] = {}
    outcome_of = {
        r["id"]: r["result"]["outcome"]
        for r in replies
        if agent_methods.get(r["id"]) == "requestToolCallConfirmation"
    }
    client.request(
        "initialize",
        {
            "protocolVersion": 1,
            "clientCapabilities": {
                "fs": {"readTextFile": False, "writeTextFile": False},
                "terminal": False,
            },
        },
    )
    for record in records:
        message = record.get("msg")
        if message is None:
            continue  # the banner line: the framing layer skips it before any translator
        if record["dir"] == "client->agent":
            if message.get("method") == "cancelSendMessage":
                client.send(
                    {
                        "jsonrpc": "2.0",
                        "method": "session/cancel",
                        "params": {"sessionId": client.session_id},
                    }
                )
            continue
        message = json.loads(json.dumps(message))
        if message.get("method") == "updateToolCall":
            message["params"]["toolCallId"] = tool_ids[message["params"]["toolCallId"]]
        if "method" in message:
            client.legacy_requests[message["id"]] = message["method"]
        client.take(translator.from_agent(0, message))
        if message.get("method") in ("pushToolCall", "requestToolCallConfirmation"):
            captured = next(r for r in replies if r["id"] == message["id"])
            if message["method"] == "requestToolCallConfirmation":
                permission = client.permissions[-1]
                option = outcome_of[message["id"]]
                client.send(
                    {
                        "jsonrpc": "2.0",
                        "id": permission["id"],
                        "result": {"outcome": {"outcome": "selected", "optionId": option}},
                    }
                )
            ours = client.to_agent[-1]["result"]["id"]
            tool_ids[captured["result"]["id"]] = ours
        if "result" in message and capture_requests.get(message["id"]) == "initialize":
            new = client.request("session/new", {"cwd": PROJECT, "mcpServers": []})
            client.session_id = client.answers[new]["result"]["sessionId"]
            prompt = next(
                r["msg"]["params"]["chunks"][0]["text"]
                for r in records
                if r.get("msg", {}).get("method") == "sendUserMessage"
            )
            client.request(
                "session/prompt",
                {"sessionId": client.session_id, "prompt": [{"type": "text", "text": prompt}]},
            )
    return client


@pytest.mark.parametrize(
    ("name", "stop_reason", "tools"),
    [
        ("legacy_gemini-0.1.20_full.jsonl", "end_turn", 5),
        ("legacy_gemini-0.1.20_cancel.jsonl", "cancelled", 1),
    ],
)
def test_capture_replay(name: str, stop_reason: str, tools: int) -> None:
    client = replay_capture(name)
    assert not client.problems, "\n".join(client.problems)
    prompt_answer = client.answers[3]
    assert prompt_answer["result"] == {"stopReason": stop_reason}
    assert len(client.tool_status) == tools
    assert all(status in ("completed", "failed") for status in client.tool_status.values()), (
        client.tool_status
    )


def test_capture_replay_answers_every_agent_request() -> None:
    """Every legacy request of the agent got exactly one reply, with its id."""
    client = replay_capture("legacy_gemini-0.1.20_full.jsonl")
    replied = [m["id"] for m in client.to_agent if "method" not in m]
    assert sorted(replied) == sorted(set(replied))
    assert set(replied) == {i for i, m in client.legacy_requests.items() if m}


@pytest.mark.parametrize(
    ("uri", "path"),
    [
        ("file:///home/u/my%20notes/plan.md", "/home/u/my notes/plan.md"),
        ("file:///home/u/a%2Bb%25c.txt", "/home/u/a+b%c.txt"),
        ("file://localhost/etc/hosts", "/etc/hosts"),
        ("FILE:///x", "/x"),
        ("file:///C:/Users/u/x.txt", "C:/Users/u/x.txt"),
        ("file://server/share/x", "//server/share/x"),
        # file: without // (RFC 8089's minimal form), VS Code's escaped drive colon,
        # Windows drives behind localhost or with escaped backslashes.
        ("file:/home/u/a%20b.txt", "/home/u/a b.txt"),
        ("file:///c%3A/Users/u/x.txt", "c:/Users/u/x.txt"),
        ("file://LOCALHOST/C:/x", "C:/x"),
        ("file:/C:/x", "C:/x"),
        ("file:///C:%5CUsers%5Cx", "C:\\Users\\x"),
        ("file:///home/u/x.md#L10", "/home/u/x.md"),
        ("https://example.com/a", None),
        ("untitled:Untitled-1", None),
    ],
)
def test_file_uri_to_path(uri: str, path: str | None) -> None:
    assert file_uri_to_path(uri) == path


@pytest.mark.parametrize(
    ("path", "locations", "expected"),
    [
        ("a.txt", [{"path": "/w/src/a.txt"}], "/w/src/a.txt"),
        ("a.txt", [{"path": "/w/src/b.txt"}], "/cwd/a.txt"),
        ("a.txt", [{"path": "rel/a.txt"}], "/cwd/a.txt"),
        ("sub/../x.py", [], "/cwd/x.py"),
        ("/abs/a.txt", [{"path": "/w/a.txt"}], "/abs/a.txt"),
        ("src/a.txt", [{"path": "/w/lib/a.txt"}, {"path": "/w/src/a.txt"}], "/w/src/a.txt"),
    ],
)
def test_fix_diff_path(path: str, locations: list[dict[str, Any]], expected: str) -> None:
    typed = [ToolCallLocation(path=location["path"]) for location in locations]
    assert fix_diff_path(path, typed, "/cwd") == expected


@pytest.mark.parametrize(
    ("path", "cwd", "expected"),
    [
        # The flavour follows the session cwd the client sent, not the host running us.
        ("src\\a.txt", "C:\\work", "C:\\work\\src\\a.txt"),
        ("a.txt", "C:/work", "C:\\work\\a.txt"),
        ("C:\\x\\a.txt", "/cwd", "C:\\x\\a.txt"),
        ("../a.txt", "/w/p", "/w/a.txt"),
    ],
)
def test_fix_diff_path_either_flavour(path: str, cwd: str, expected: str) -> None:
    assert fix_diff_path(path, [], cwd) == expected


def test_permission_options_order_and_ids() -> None:
    mcp = permission_options(
        McpConfirmation(server_name="gh", tool_name="t", tool_display_name="Tool")
    )
    assert [(o["optionId"], o["name"], o["kind"]) for o in mcp] == [
        ("alwaysAllowMcpServer", "Always Allow gh", "allow_always"),
        ("alwaysAllowTool", "Always Allow Tool", "allow_always"),
        ("allow", "Allow", "allow_once"),
        ("reject", "Reject", "reject_once"),
    ]


def test_options_from_json_defaults_and_session_ids() -> None:
    options = UpgradeOptions.from_json({"launchCwd": "/p", "agentCommand": ["/usr/bin/gemini"]})
    assert options.version == "0.0.0-test"
    assert options.command_name == "gemini"
    assert [options.new_session_id() for _ in range(3)] == ["sess-1", "sess-2", "sess-3"]


def test_default_session_ids_are_unique() -> None:
    options = UpgradeOptions(agent_command=["a"], launch_cwd="/", version="1")
    ids = {options.new_session_id() for _ in range(100)}
    assert len(ids) == 100


def test_invalid_client_message_gets_invalid_request() -> None:
    translator = UpgradeTranslator(UpgradeOptions.from_json({"launchCwd": "/p"}))
    [output] = translator.from_client({"jsonrpc": "2.0", "params": {}})
    assert isinstance(output, ToClient)
    assert output.message == {
        "jsonrpc": "2.0",
        "id": None,
        "error": {"code": -32600, "message": "Invalid Request"},
    }


def _translator_in_a_turn() -> UpgradeTranslator:
    translator = UpgradeTranslator(UpgradeOptions.from_json({"launchCwd": PROJECT}))
    translator.from_client(
        {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"protocolVersion": 1}}
    )
    translator.from_agent(
        0,
        {
            "jsonrpc": "2.0",
            "id": 0,
            "result": {"protocolVersion": "0.0.9", "isAuthenticated": True},
        },
    )
    translator.from_client(
        {
            "jsonrpc": "2.0",
            "id": 2,
            "method": "session/new",
            "params": {"cwd": PROJECT, "mcpServers": []},
        }
    )
    translator.from_client(
        {
            "jsonrpc": "2.0",
            "id": 3,
            "method": "session/prompt",
            "params": {"sessionId": "sess-1", "prompt": [{"type": "text", "text": "go"}]},
        }
    )
    return translator


@pytest.mark.parametrize(
    "chunk",
    [
        {"text": "hello"},
        {"thought": "hmm"},
        {"text": ""},
        {"text": "both", "thought": "ignored"},
        {"text": "x", "type": "Unknown"},
    ],
)
def test_chunk_fast_path_agrees_with_the_checked_path(chunk: dict[str, Any]) -> None:
    """The hot path is an optimisation only: it must say what the model-checked path says."""
    translator = _translator_in_a_turn()
    message = {
        "jsonrpc": "2.0",
        "id": 7,
        "method": "streamAssistantMessageChunk",
        "params": {"chunk": chunk},
    }
    fast = translator._fast_chunk(0, message)
    slow = translator._agent_request(translator.agents[0], message)
    assert fast is not None
    assert fast == slow


@pytest.mark.parametrize("params", [None, {"chunk": "text"}, {"chunk": {"image": "x"}}])
def test_chunk_fast_path_leaves_bad_chunks_to_the_checked_path(params: Any) -> None:
    translator = _translator_in_a_turn()
    message = {"jsonrpc": "2.0", "id": 7, "method": "streamAssistantMessageChunk", "params": params}
    assert translator._fast_chunk(0, message) is None
    [reply] = translator.from_agent(0, message)
    assert isinstance(reply, ToAgent)
    assert reply.message["error"]["code"] == -32602


@pytest.mark.parametrize(
    ("argv", "name"),
    [
        (["gemini", "--experimental-acp"], "gemini"),
        (["/usr/local/bin/gemini"], "gemini"),
        (["C:\\Tools\\gemini.cmd", "--experimental-acp"], "gemini"),
        # An interpreter names the script or module it runs, not itself.
        (["python", "-m", "pkg.mod", "--acp"], "pkg.mod"),
        (["python3.11", "-u", "-X", "utf8", "-m", "legacy_agent"], "legacy_agent"),
        (["/usr/bin/python3", "-mpkg.mod"], "pkg.mod"),
        (["python", "-m", "pkg.__main__"], "pkg"),
        (["python", "agents/my_agent.py"], "my_agent"),
        (["node", "x.js"], "x"),
        (["node", "--require", "ts-node/register", "--no-warnings", "agent.ts"], "agent"),
        (["node", "/opt/tools/gemini-legacy/dist/index.js"], "gemini-legacy"),
        (["C:\\Program Files\\nodejs\\node.exe", "C:\\a\\claude-acp\\cli.mjs"], "claude-acp"),
        # A launcher names the package it runs, without scope or version.
        (["npx", "-y", "@scope/pkg"], "pkg"),
        (["npx", "--yes", "@google/gemini-cli@0.1.20", "--experimental-acp"], "gemini-cli"),
        (["npx", "--", "some-agent@latest"], "some-agent"),
        (["npm", "exec", "--yes", "--", "@scope/pkg"], "pkg"),
        (["pnpm", "dlx", "legacy-agent"], "legacy-agent"),
        (["uvx", "--from", "legacy-agent==1.0", "legacy-acp"], "legacy-acp"),
        (["uvx", "legacy-agent[extra]>=1"], "legacy-agent"),
        (["pipx", "run", "legacy-agent"], "legacy-agent"),
        (["uv", "run", "--with", "x", "python", "-m", "agent.main"], "agent.main"),
        (["env", "DEBUG=1", "node", "x.js"], "x"),
        # Nothing better to show: the interpreter or launcher itself.
        (["python", "-c", "import agent; agent.run()"], "python"),
        (["node"], "node"),
        (["npx"], "npx"),
        ([], "agent"),
    ],
)
def test_agent_name_is_what_the_user_runs(argv: list[str], name: str) -> None:
    options = UpgradeOptions(agent_command=argv, launch_cwd="/", version="1")
    assert options.command_name == name


def _compact(message: Any) -> int:
    return len(json.dumps(message, separators=(",", ":"), ensure_ascii=False).encode())


def test_big_relative_diff_confirmation_is_not_copied_into_meta() -> None:
    """A 1 MiB diff with a relative path reaches the editor as at most 2.05x its legacy
    bytes over the tool_call and the permission request together: the content is sent
    once in each (the dialog needs it), never again in ``_meta``."""
    translator = _translator_in_a_turn()
    new_text = ("x" * 63 + "\n") * (1 << 14)  # 1 MiB
    legacy = {
        "jsonrpc": "2.0",
        "id": 7,
        "method": "requestToolCallConfirmation",
        "params": {
            "label": "Edit util.py",
            "icon": "pencil",
            "content": {"type": "diff", "path": "util.py", "oldText": "a\n", "newText": new_text},
            "locations": [{"path": f"{PROJECT}/src/util.py"}],
            "confirmation": {"type": "edit", "description": None},
        },
    }
    outputs = translator.from_agent(0, legacy)
    sent = [o.message for o in outputs if isinstance(o, ToClient)]
    assert [m["method"] for m in sent] == ["session/update", "session/request_permission"]
    assert sum(_compact(m) for m in sent) <= 2.05 * _compact(legacy)
    for carrier in (sent[0]["params"]["update"], sent[1]["params"]["toolCall"]):
        assert carrier["content"][0]["path"] == f"{PROJECT}/src/util.py"
        assert carrier["_meta"] == {
            "acpCompat": {
                "legacy": {
                    "icon": "pencil",
                    "path": "util.py",
                    "confirmation": {"type": "edit", "description": None},
                }
            }
        }


@pytest.mark.parametrize(
    "confirmation",
    [
        EditConfirmation(),
        ExecuteConfirmation(command="ls", root_command="ls"),
        McpConfirmation(server_name="s", tool_name="t", tool_display_name="T"),
        FetchConfirmation(urls=["https://example.com"]),
        OtherConfirmation(description="d"),
    ],
)
def test_offered_outcomes_are_the_option_ids(confirmation: ToolCallConfirmation) -> None:
    options = permission_options(confirmation)
    assert offered_outcomes(confirmation) == {option["optionId"] for option in options}


@pytest.mark.parametrize("answered", [True, False])
def test_an_agent_lost_with_nothing_waiting_is_not_a_warning(
    answered: bool, caplog: pytest.LogCaptureFixture
) -> None:
    """The shell reports every agent as lost when it shuts down: an idle one loses nothing
    (info), one with a request still out is worth a warning."""
    translator = UpgradeTranslator(UpgradeOptions(agent_command=["a"], launch_cwd="/", version="1"))
    translator.from_client(
        {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"protocolVersion": 1}}
    )
    if answered:
        translator.from_agent(
            0,
            {
                "jsonrpc": "2.0",
                "id": 0,
                "result": {"protocolVersion": "0.0.9", "isAuthenticated": True},
            },
        )
    caplog.set_level("INFO", logger="acp_compat")
    outputs = translator.agent_lost(0, "acp-compat is shutting down (the client closed stdin)")
    [record] = [r for r in caplog.records if "lost" in r.getMessage()]
    assert record.levelname == ("INFO" if answered else "WARNING")
    # the initialize still out is answered either way
    assert len(outputs) == (0 if answered else 1)


def _null_id_turn(
    second: str,
) -> tuple[UpgradeTranslator, CurrentClient, dict[str, Any]]:
    """A session whose turn a ``session/prompt`` with id ``null`` started (the legacy
    agent's next request after it is ``second``): the translator, its client, the prompt."""
    translator = UpgradeTranslator(
        UpgradeOptions(agent_command=["gemini"], launch_cwd=PROJECT, version="0.0.0-test")
    )
    client = CurrentClient(translator)
    client.legacy_requests = {0: "initialize", 1: "sendUserMessage", 2: second}
    client.request("initialize", {"protocolVersion": 1})
    legacy_init = {"protocolVersion": "0.0.9", "isAuthenticated": True}
    client.take(translator.from_agent(0, {"jsonrpc": "2.0", "id": 0, "result": legacy_init}))
    new = client.request("session/new", {"cwd": PROJECT, "mcpServers": []})
    session_id = client.answers[new]["result"]["sessionId"]
    prompt = {"sessionId": session_id, "prompt": [{"type": "text", "text": "hi"}]}
    client.methods[None] = "session/prompt"
    client.send({"jsonrpc": "2.0", "id": None, "method": "session/prompt", "params": prompt})
    return translator, client, prompt


def test_a_prompt_with_a_null_id_runs_its_turn() -> None:
    """JSON-RPC allows ``null`` as a request's id: such a prompt's turn runs as any other
    (its updates shown, its answer given, the next prompt taken), as the session's state
    says, whatever its prompt id is."""
    translator, client, prompt = _null_id_turn("sendUserMessage")
    chunk = {"chunk": {"text": "hello"}}
    shown = translator.from_agent(
        0, {"jsonrpc": "2.0", "id": 5, "method": "streamAssistantMessageChunk", "params": chunk}
    )
    updates = [o.message for o in shown if isinstance(o, ToClient)]
    assert [u["params"]["update"]["content"]["text"] for u in updates] == ["hello"]
    client.take(shown)
    client.take(translator.from_agent(0, {"jsonrpc": "2.0", "id": 1, "result": None}))
    client.take(translator.client_drained())
    assert client.answers[None] == {
        "jsonrpc": "2.0",
        "id": None,
        "result": {"stopReason": "end_turn"},
    }
    assert client.problems == []
    client.prompt_answered = False
    second = client.request("session/prompt", prompt)
    assert second not in client.answers  # a turn runs: answered when it ends
    assert client.to_agent[-1]["method"] == "sendUserMessage"


@pytest.mark.parametrize(
    ("cancel", "cancels"),
    [(None, False), ({}, False), ({"requestId": 0}, False), ({"requestId": None}, True)],
)
def test_a_cancel_request_cancels_a_null_id_prompt_only_when_it_names_null(
    cancel: dict[str, Any] | None, cancels: bool
) -> None:
    """A prompt sent with id ``null`` is cancelled by ``$/cancel_request {requestId:
    null}``; a cancel naming no request (no params, no ``requestId``) cancels nothing."""
    translator, _, _ = _null_id_turn("cancelSendMessage")
    message: dict[str, Any] = {"jsonrpc": "2.0", "method": "$/cancel_request"}
    if cancel is not None:
        message["params"] = cancel
    outputs = translator.from_client(message)
    sent = [o.message.get("method") for o in outputs if isinstance(o, ToAgent)]
    assert sent == (["cancelSendMessage"] if cancels else [])
