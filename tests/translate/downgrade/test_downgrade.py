"""The downgrade translator (current agent, legacy client), row by row of behaviour.md §3."""

from __future__ import annotations

from typing import Any

import pytest

from acp_compat.translate.base import ToAgent, ToClient
from acp_compat.translate.downgrade import DowngradeOptions, DowngradeTranslator
from acp_compat.translate.downgrade.content import merge_content, prompt_blocks
from acp_compat.translate.downgrade.mapping import icon_for_kind, outcome_for
from acp_compat.translate.lifecycle import RECENT_ENDED_TOOL_CALLS
from tests.support.downgrade_harness import (
    CWD,
    SESSION,
    Harness,
    chunk,
    error_response,
    messages,
    request,
    response,
    to_agent,
    to_client,
    update,
)

# -- options -------------------------------------------------------------------------------


def test_options_from_json_reads_camel_case_keys_and_defaults_the_version() -> None:
    options = DowngradeOptions.from_json(
        {
            "cwd": "/p",
            "clientFs": True,
            "authMethod": "key",
            "agent0NextId": 1,
            "agent0Initialized": {"protocolVersion": 1},
            "launchCwd": "/ignored",
        }
    )
    assert options == DowngradeOptions(
        cwd="/p",
        client_fs=True,
        auth_method="key",
        client_info_version="0.0.0-test",
        agent0_initialized={"protocolVersion": 1},
        agent0_next_id=1,
    )


def test_options_reject_a_relative_cwd() -> None:
    with pytest.raises(ValueError, match="absolute"):
        DowngradeOptions(cwd="project", client_info_version="1.0.0")
    with pytest.raises(ValueError, match="cwd"):
        DowngradeOptions.from_json({})


# -- initialize and authentication ---------------------------------------------------------


def test_initialize_asks_the_agent_then_probes_with_session_new() -> None:
    h = Harness(client_info_version="1.2.3")
    out = h.client_request("initialize", {"protocolVersion": "0.0.9"})
    assert messages(out) == [
        request(
            0,
            "initialize",
            {
                "protocolVersion": 1,
                "clientCapabilities": {
                    "fs": {"readTextFile": False, "writeTextFile": False},
                    "terminal": False,
                },
                "clientInfo": {"name": "acp-compat", "version": "1.2.3"},
            },
        )
    ]
    out = h.agent(response(0, {"protocolVersion": 1}))
    assert messages(out) == [request(1, "session/new", {"cwd": CWD, "mcpServers": []})]
    out = h.agent(response(1, {"sessionId": SESSION}))
    assert messages(out) == [response(0, {"protocolVersion": "0.0.9", "isAuthenticated": True})]


def test_client_fs_is_advertised_only_when_opted_in() -> None:
    h = Harness(client_fs=True)
    out = h.client_request("initialize", {"protocolVersion": "0.0.9"})
    caps = to_agent(out)[0]["params"]["clientCapabilities"]
    assert caps == {"fs": {"readTextFile": True, "writeTextFile": True}, "terminal": False}


def test_the_client_version_is_echoed_whatever_it_is() -> None:
    h = Harness()
    h.ready("0.0.10")
    h2 = Harness()
    h2.client_request("initialize", None)
    h2.agent(response(0, {"protocolVersion": 1}))
    assert messages(h2.agent(response(1, {"sessionId": SESSION}))) == [
        response(0, {"isAuthenticated": True})
    ]


def test_auth_required_makes_is_authenticated_false() -> None:
    h = Harness()
    h.client_request("initialize", {"protocolVersion": "0.0.9"})
    h.agent(response(0, {"protocolVersion": 1, "authMethods": [{"id": "login", "name": "L"}]}))
    out = h.agent(error_response(1, -32000, "Authentication required"))
    assert messages(out) == [response(0, {"protocolVersion": "0.0.9", "isAuthenticated": False})]
    # Prompting before logging in is refused with the same code.
    out = h.client_request("sendUserMessage", {"chunks": [{"text": "hi"}]})
    assert messages(out)[0]["error"]["code"] == -32000


def test_other_session_new_errors_fail_the_initialize() -> None:
    h = Harness()
    h.client_request("initialize", {"protocolVersion": "0.0.9"})
    h.agent(response(0, {"protocolVersion": 1}))
    out = h.agent(error_response(1, -32603, "boom", {"details": "x"}))
    assert messages(out) == [error_response(0, -32603, "boom", {"details": "x"})]


def test_initialize_errors_and_foreign_versions_fail_the_initialize() -> None:
    h = Harness()
    h.client_request("initialize", {"protocolVersion": "0.0.9"})
    assert messages(h.agent(error_response(0, -32602, "bad"))) == [error_response(0, -32602, "bad")]
    h = Harness()
    h.client_request("initialize", {"protocolVersion": "0.0.9"})
    out = messages(h.agent(response(0, {"protocolVersion": "0.0.9", "isAuthenticated": True})))
    assert out[0]["error"]["code"] == -32603
    assert "protocolVersion" in out[0]["error"]["message"]


def test_a_probe_result_from_the_shell_skips_the_initialize() -> None:
    h = Harness(agent0_initialized={"protocolVersion": 1, "authMethods": []}, agent0_next_id=1)
    out = h.client_request("initialize", {"protocolVersion": "0.0.9"})
    assert messages(out) == [request(1, "session/new", {"cwd": CWD, "mcpServers": []})]
    out = h.agent(response(1, {"sessionId": SESSION}))
    assert messages(out) == [response(0, {"protocolVersion": "0.0.9", "isAuthenticated": True})]


def _needs_login(methods: list[dict[str, Any]], **options: Any) -> Harness:
    h = Harness(**options)
    h.client_request("initialize", {"protocolVersion": "0.0.9"})
    h.agent(response(0, {"protocolVersion": 1, "authMethods": methods}))
    h.agent(error_response(1, -32000, "Authentication required"))
    return h


def test_authenticate_picks_the_first_method_the_agent_runs_itself() -> None:
    h = _needs_login(
        [
            {"id": "term", "name": "T", "type": "terminal", "args": []},
            {"id": "key", "name": "K", "type": "env_var", "vars": [{"name": "KEY"}]},
            {"id": "later", "name": "L", "type": "some_future_type"},
            {"id": "oauth", "name": "Log in"},
        ]
    )
    out = h.client_request("authenticate")
    assert messages(out) == [request(2, "authenticate", {"methodId": "oauth"})]
    out = h.agent(response(2, {}))
    assert messages(out) == [request(3, "session/new", {"cwd": CWD, "mcpServers": []})]
    out = h.agent(response(3, {"sessionId": SESSION}))
    assert messages(out) == [response(1, None)]


def test_auth_method_option_wins() -> None:
    h = _needs_login([{"id": "oauth", "name": "Log in"}], auth_method="gemini-api-key")
    assert to_agent(h.client_request("authenticate"))[0]["params"] == {"methodId": "gemini-api-key"}


def test_no_usable_method_is_a_clear_error() -> None:
    h = _needs_login([{"id": "term", "name": "T", "type": "terminal"}])
    [answer] = messages(h.client_request("authenticate"))
    assert answer["id"] == 1
    assert "--auth-method" in answer["error"]["message"]


def test_authenticate_errors_are_forwarded() -> None:
    h = _needs_login([{"id": "oauth", "name": "Log in"}])
    h.client_request("authenticate")
    out = h.agent(error_response(2, -32603, "login failed", {"details": "denied"}))
    assert messages(out) == [error_response(1, -32603, "login failed", {"details": "denied"})]


# -- prompts -------------------------------------------------------------------------------


def test_send_user_message_becomes_a_prompt_with_file_links() -> None:
    h = Harness()
    h.ready()
    out = h.turn({"text": "explain "}, {"path": "src/my lib.rs"}, {"path": "/etc/hosts"})
    assert messages(out) == [
        request(
            2,
            "session/prompt",
            {
                "sessionId": SESSION,
                "prompt": [
                    {"type": "text", "text": "explain "},
                    {
                        "type": "resource_link",
                        "uri": "file:///work/project/src/my%20lib.rs",
                        "name": "my lib.rs",
                    },
                    {"type": "resource_link", "uri": "file:///etc/hosts", "name": "hosts"},
                ],
            },
        )
    ]


@pytest.mark.parametrize("chunks", [None, "x", [{"image": "y"}], [{"text": 3}]])
def test_bad_chunks_are_invalid_params(chunks: Any) -> None:
    h = Harness()
    h.ready()
    [answer] = messages(h.client_request("sendUserMessage", {"chunks": chunks}))
    assert answer["error"]["code"] == -32602


@pytest.mark.parametrize("reason", ["end_turn", "cancelled"])
def test_ordinary_stop_reasons_end_the_turn_with_null(reason: str) -> None:
    h = Harness()
    h.ready()
    h.turn()
    assert messages(h.agent(response(2, {"stopReason": reason}))) == [response(1, None)]


@pytest.mark.parametrize("reason", ["max_tokens", "max_turn_requests", "refusal"])
def test_unusual_stop_reasons_say_why_first(reason: str) -> None:
    h = Harness()
    h.ready()
    h.turn()
    out = messages(h.agent(response(2, {"stopReason": reason})))
    assert [m.get("method") for m in out] == ["streamAssistantMessageChunk", None]
    assert (
        "stop" in out[0]["params"]["chunk"]["text"]
        or "refused" in out[0]["params"]["chunk"]["text"]
    )
    assert out[1] == response(1, None)


def test_prompt_errors_are_forwarded() -> None:
    h = Harness()
    h.ready()
    h.turn()
    out = h.agent(error_response(2, 429, "Rate limit exceeded"))
    assert messages(out) == [error_response(1, 429, "Rate limit exceeded")]


def test_a_second_message_during_a_turn_is_refused() -> None:
    h = Harness()
    h.ready()
    h.turn()
    [answer] = messages(h.client_request("sendUserMessage", {"chunks": []}))
    assert answer["error"]["code"] == -32600


def test_unknown_client_methods_are_method_not_found() -> None:
    h = Harness()
    [answer] = messages(h.client(request(7, "frobnicate", {})))
    assert answer["id"] == 7 and answer["error"]["code"] == -32601


# -- cancel --------------------------------------------------------------------------------


def _permission(
    id: int, tool_call: dict[str, Any], options: list[dict[str, Any]] | None = None
) -> dict[str, Any]:
    options = (
        options
        if options is not None
        else [
            {"optionId": "proceed_always", "name": "Always", "kind": "allow_always"},
            {"optionId": "proceed_once", "name": "Allow", "kind": "allow_once"},
            {"optionId": "cancel", "name": "Reject", "kind": "reject_once"},
        ]
    )
    return request(
        id,
        "session/request_permission",
        {"sessionId": SESSION, "toolCall": tool_call, "options": options},
    )


def test_cancel_answers_null_at_once_and_cancels_open_permissions() -> None:
    h = Harness()
    h.ready()
    h.turn()
    h.agent(_permission(0, {"toolCallId": "t", "title": "rm -rf", "kind": "execute"}))
    out = h.client_request("cancelSendMessage")
    assert messages(out) == [
        response(2, None),
        {"jsonrpc": "2.0", "method": "session/cancel", "params": {"sessionId": SESSION}},
        response(0, {"outcome": {"outcome": "cancelled"}}),
    ]
    # The legacy client's late answer is dropped, not sent to the agent a second time.
    assert h.client(response(0, {"id": 1, "outcome": "allow"})) == []
    # Updates for the cancelled card are dropped; the turn ends with null.
    h.agent(update({"sessionUpdate": "tool_call_update", "toolCallId": "t", "status": "failed"}))
    assert messages(h.agent(response(2, {"stopReason": "cancelled"}))) == [response(1, None)]


def test_cancel_with_nothing_running_is_still_null() -> None:
    h = Harness()
    h.ready()
    assert messages(h.client_request("cancelSendMessage")) == [response(1, None)]


def test_an_error_after_cancel_still_ends_the_turn_with_null() -> None:
    h = Harness()
    h.ready()
    h.turn()
    h.client_request("cancelSendMessage")
    out = h.agent(error_response(2, -32603, "Internal error", {"details": "aborted"}))
    assert messages(out) == [response(1, None)]


def test_permission_requests_after_cancel_are_cancelled_without_asking() -> None:
    h = Harness()
    h.ready()
    h.turn()
    h.client_request("cancelSendMessage")
    out = h.agent(_permission(4, {"toolCallId": "t", "title": "x"}))
    assert messages(out) == [response(4, {"outcome": {"outcome": "cancelled"}})]


def test_a_lost_agent_s_late_answer_does_not_end_the_turn_twice() -> None:
    """Lost mid-turn, the agent still answers the prompt while it is being stopped: the
    legacy client got the loss as the answer already, and gets nothing more."""
    h = Harness()
    h.ready()
    h.turn()
    [lost] = to_client(h.translator.agent_lost(0, "it stopped reading its stdin"))
    assert lost["id"] == 1 and lost["error"]["code"] == -32603
    assert h.agent(response(2, {"stopReason": "end_turn"})) == []
    assert messages(h.client_request("cancelSendMessage")) == [response(2, None)]


# -- chunks --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("block", "text"),
    [
        ({"type": "text", "text": "hi"}, "hi"),
        (
            {"type": "resource_link", "uri": "file:///a/b.py", "name": "b.py"},
            "[b.py](file:///a/b.py)",
        ),
        (
            {"type": "resource", "resource": {"uri": "file:///a", "text": "x"}},
            "[file:///a](file:///a)",
        ),
        ({"type": "image", "data": "AA==", "mimeType": "image/png"}, "[image]"),
        ({"type": "audio", "data": "AA==", "mimeType": "audio/wav"}, "[audio]"),
    ],
)
def test_message_chunks_and_non_text_blocks(block: dict[str, Any], text: str) -> None:
    h = Harness()
    h.ready()
    h.turn()
    out = h.agent(update({"sessionUpdate": "agent_message_chunk", "content": block}))
    assert messages(out) == [request(0, "streamAssistantMessageChunk", {"chunk": {"text": text}})]
    out = h.agent(update({"sessionUpdate": "agent_thought_chunk", "content": block}))
    assert messages(out) == [
        request(1, "streamAssistantMessageChunk", {"chunk": {"thought": text}})
    ]


@pytest.mark.parametrize(
    "body",
    [
        {"sessionUpdate": "user_message_chunk", "content": {"type": "text", "text": "x"}},
        {"sessionUpdate": "available_commands_update", "availableCommands": []},
        {"sessionUpdate": "current_mode_update", "currentModeId": "default"},
        {"sessionUpdate": "config_option_update", "configOptions": []},
        {"sessionUpdate": "session_info_update", "title": "t"},
        {"sessionUpdate": "usage_update", "used": 1, "size": 2},
    ],
)
def test_updates_without_a_legacy_equivalent_are_dropped(body: dict[str, Any]) -> None:
    h = Harness()
    h.ready()
    assert h.translator.from_agent(0, update(body)) == []


def test_updates_for_another_session_are_ignored() -> None:
    h = Harness()
    h.ready()
    assert (
        h.agent(
            update(
                {"sessionUpdate": "agent_message_chunk", "content": {"type": "text", "text": "x"}},
                "other",
            )
        )
        == []
    )


def test_chunks_go_out_without_waiting_for_replies() -> None:
    h = Harness()
    h.ready()
    h.turn()
    ids = [to_client(h.agent(chunk(str(n))))[0]["id"] for n in range(3)]
    assert ids == [0, 1, 2]
    # The turn's result follows them, although no chunk was answered yet.
    assert messages(h.agent(response(2, {"stopReason": "end_turn"}))) == [response(1, None)]


# -- tool calls ----------------------------------------------------------------------------


def test_tool_call_is_pushed_and_updates_wait_for_the_client_id() -> None:
    h = Harness()
    h.ready()
    h.turn()
    out = h.agent(
        update(
            {
                "sessionUpdate": "tool_call",
                "toolCallId": "r1",
                "title": "Read a",
                "kind": "read",
                "status": "in_progress",
                "locations": [{"path": "/w/a", "line": 3}],
            }
        )
    )
    assert messages(out) == [
        request(
            0,
            "pushToolCall",
            {"label": "Read a", "icon": "fileSearch", "locations": [{"path": "/w/a", "line": 3}]},
        )
    ]
    # Until the client hands out the id, the update and everything after it wait.
    assert (
        h.agent(
            update({"sessionUpdate": "tool_call_update", "toolCallId": "r1", "status": "completed"})
        )
        == []
    )
    assert h.agent(chunk("done")) == []
    assert h.agent(response(2, {"stopReason": "end_turn"})) == []
    out = h.client(response(0, {"id": 7, "type": "PushToolCallResponse"}))
    assert messages(out) == [
        request(1, "updateToolCall", {"toolCallId": 7, "status": "finished", "content": None}),
        request(2, "streamAssistantMessageChunk", {"chunk": {"text": "done"}}),
        response(1, None),
    ]


def _pushed(h: Harness, tool: dict[str, Any], legacy_id: int) -> None:
    out = to_client(h.agent(update({"sessionUpdate": "tool_call", **tool})))
    assert out[0]["method"] == "pushToolCall"
    h.client(response(out[0]["id"], {"id": legacy_id}))


def test_updates_fill_in_the_last_status_and_content() -> None:
    h = Harness()
    h.ready()
    h.turn()
    text = [{"type": "content", "content": {"type": "text", "text": "partial"}}]
    _pushed(
        h,
        {
            "toolCallId": "x",
            "title": "Run",
            "kind": "execute",
            "status": "in_progress",
            "content": text,
        },
        4,
    )
    out = h.agent(
        update({"sessionUpdate": "tool_call_update", "toolCallId": "x", "status": "completed"})
    )
    md = {"type": "markdown", "markdown": "partial"}
    assert to_client(out)[0]["params"] == {"toolCallId": 4, "status": "finished", "content": md}
    out = h.agent(update({"sessionUpdate": "tool_call_update", "toolCallId": "x", "content": []}))
    assert to_client(out)[0]["params"] == {"toolCallId": 4, "status": "finished", "content": None}
    # A title-only change cannot be shown: nothing is sent.
    assert (
        h.agent(update({"sessionUpdate": "tool_call_update", "toolCallId": "x", "title": "Ran"}))
        == []
    )


@pytest.mark.parametrize(
    ("status", "legacy"),
    [
        ("pending", "running"),
        ("in_progress", "running"),
        ("completed", "finished"),
        ("failed", "error"),
    ],
)
def test_status_mapping(status: str, legacy: str) -> None:
    h = Harness()
    h.ready()
    h.turn()
    _pushed(h, {"toolCallId": "x", "title": "T", "status": "in_progress"}, 1)
    out = h.agent(
        update({"sessionUpdate": "tool_call_update", "toolCallId": "x", "status": status})
    )
    assert to_client(out)[0]["params"]["status"] == legacy


def test_a_finished_tool_call_is_pushed_then_updated() -> None:
    h = Harness()
    h.ready()
    h.turn()
    out = h.agent(
        update({"sessionUpdate": "tool_call", "toolCallId": "x", "title": "T", "status": "failed"})
    )
    assert [m["method"] for m in to_client(out)] == ["pushToolCall"]
    out = h.client(response(0, {"id": 1}))
    assert to_client(out) == [
        request(1, "updateToolCall", {"toolCallId": 1, "status": "error", "content": None})
    ]


def test_an_update_for_an_unknown_call_pushes_it_first() -> None:
    h = Harness()
    h.ready()
    h.turn()
    out = h.agent(
        update(
            {
                "sessionUpdate": "tool_call_update",
                "toolCallId": "ghost",
                "status": "completed",
                "kind": "fetch",
            }
        )
    )
    assert messages(out) == [request(0, "pushToolCall", {"label": "Tool call", "icon": "globe"})]
    out = h.client(response(0, {"id": 3}))
    assert messages(out) == [
        request(1, "updateToolCall", {"toolCallId": 3, "status": "finished", "content": None})
    ]


def test_a_pending_call_is_held_and_pushed_when_something_else_comes() -> None:
    h = Harness()
    h.ready()
    h.turn()
    pending = {
        "sessionUpdate": "tool_call",
        "toolCallId": "p",
        "title": "Read",
        "kind": "read",
        "status": "pending",
        "locations": [],
    }
    assert h.agent(update(pending)) == []
    out = h.agent(chunk("meanwhile"))
    assert messages(out) == [
        request(0, "pushToolCall", {"label": "Read", "icon": "fileSearch", "locations": []}),
        request(1, "streamAssistantMessageChunk", {"chunk": {"text": "meanwhile"}}),
    ]


def test_a_pending_call_and_its_permission_make_one_confirmation() -> None:
    h = Harness()
    h.ready()
    h.turn()
    diff = {"type": "diff", "path": "/w/a.txt", "oldText": "a", "newText": "b"}
    assert (
        h.agent(
            update(
                {
                    "sessionUpdate": "tool_call",
                    "toolCallId": "e",
                    "title": "Edit a.txt",
                    "kind": "edit",
                    "status": "pending",
                    "content": [diff],
                    "locations": [{"path": "/w/a.txt"}],
                }
            )
        )
        == []
    )
    out = h.agent(_permission(5, {"toolCallId": "e", "status": "pending"}))
    assert messages(out) == [
        request(
            0,
            "requestToolCallConfirmation",
            {
                "label": "Edit a.txt",
                "icon": "pencil",
                "content": diff,
                "locations": [{"path": "/w/a.txt"}],
                "confirmation": {"type": "edit"},
            },
        )
    ]
    out = h.client(response(0, {"id": 9, "outcome": "alwaysAllow"}))
    assert messages(out) == [
        response(5, {"outcome": {"outcome": "selected", "optionId": "proceed_always"}})
    ]
    out = h.agent(
        update({"sessionUpdate": "tool_call_update", "toolCallId": "e", "status": "completed"})
    )
    assert to_client(out) == [
        request(1, "updateToolCall", {"toolCallId": 9, "status": "finished", "content": diff})
    ]


def test_a_permission_without_a_pending_call() -> None:
    h = Harness()
    h.ready()
    h.turn()
    out = h.agent(
        _permission(
            0,
            {
                "toolCallId": "sh",
                "title": "echo hi && ls",
                "kind": "execute",
                "rawInput": {"command": "echo hi && ls"},
            },
        )
    )
    assert to_client(out)[0]["params"] == {
        "label": "echo hi && ls",
        "icon": "terminal",
        "confirmation": {"type": "execute", "command": "echo hi && ls", "rootCommand": "echo"},
    }
    out = h.client(response(0, {"id": 2, "outcome": "reject"}))
    assert messages(out) == [
        response(0, {"outcome": {"outcome": "selected", "optionId": "cancel"}})
    ]


@pytest.mark.parametrize(
    ("kind", "raw", "confirmation"),
    [
        ("execute", None, {"type": "execute", "command": "T t", "rootCommand": "T"}),
        (
            "execute",
            {"command": ["git", "push"]},
            {"type": "execute", "command": "git push", "rootCommand": "git"},
        ),
        (
            "execute",
            {"command": "sudo make install", "rootCommand": "make"},
            {"type": "execute", "command": "sudo make install", "rootCommand": "make"},
        ),
        ("execute", {"command": ""}, {"type": "execute", "command": "T t", "rootCommand": "T"}),
        ("edit", None, {"type": "edit"}),
        ("delete", None, {"type": "edit"}),
        ("move", None, {"type": "edit"}),
        ("fetch", {"url": "https://x"}, {"type": "fetch", "urls": ["https://x"]}),
        (
            "fetch",
            {"urls": ["https://a", "https://b"]},
            {"type": "fetch", "urls": ["https://a", "https://b"]},
        ),
        ("fetch", None, {"type": "fetch", "urls": []}),
        ("read", None, {"type": "other", "description": "T t"}),
        (None, None, {"type": "other", "description": "T t"}),
    ],
)
def test_confirmation_variants(kind: str | None, raw: Any, confirmation: dict[str, Any]) -> None:
    h = Harness()
    h.ready()
    h.turn()
    tool: dict[str, Any] = {"toolCallId": "c", "title": "T t"}
    if kind is not None:
        tool["kind"] = kind
    if raw is not None:
        tool["rawInput"] = raw
    out = h.agent(_permission(0, tool))
    assert to_client(out)[0]["params"]["confirmation"] == confirmation


GEMINI = [
    {"optionId": "proceed_always_server", "name": "Always server", "kind": "allow_always"},
    {"optionId": "proceed_always_tool", "name": "Always tool", "kind": "allow_always"},
    {"optionId": "proceed_once", "name": "Allow", "kind": "allow_once"},
    {"optionId": "cancel", "name": "Reject", "kind": "reject_once"},
]
UPGRADED = [
    {"optionId": "alwaysAllowMcpServer", "name": "Always server", "kind": "allow_always"},
    {"optionId": "alwaysAllowTool", "name": "Always tool", "kind": "allow_always"},
    {"optionId": "allow", "name": "Allow", "kind": "allow_once"},
    {"optionId": "reject", "name": "Reject", "kind": "reject_once"},
]
PLAIN = [
    {"optionId": "a1", "name": "Yes", "kind": "allow_once"},
    {"optionId": "n", "name": "Never", "kind": "reject_always"},
]
ONLY_ALWAYS = [{"optionId": "aa", "name": "Always", "kind": "allow_always"}]


@pytest.mark.parametrize(
    ("outcome", "options", "chosen"),
    [
        ("allow", GEMINI, "proceed_once"),
        ("alwaysAllowMcpServer", GEMINI, "proceed_always_server"),
        ("alwaysAllowTool", GEMINI, "proceed_always_tool"),
        ("alwaysAllow", GEMINI, "proceed_always_server"),
        ("reject", GEMINI, "cancel"),
        ("cancel", GEMINI, None),
        ("alwaysAllowTool", UPGRADED, "alwaysAllowTool"),
        ("alwaysAllowMcpServer", UPGRADED, "alwaysAllowMcpServer"),
        ("allow", UPGRADED, "allow"),
        ("reject", UPGRADED, "reject"),
        ("alwaysAllow", PLAIN, "a1"),
        ("reject", PLAIN, "n"),
        ("reject", ONLY_ALWAYS, None),
        ("allow", ONLY_ALWAYS, None),
        ("alwaysAllow", ONLY_ALWAYS, "aa"),
        ("surprise", GEMINI, None),
    ],
)
def test_outcome_to_option(outcome: str, options: list[dict[str, Any]], chosen: str | None) -> None:
    expected = (
        {"outcome": "selected", "optionId": chosen}
        if chosen is not None
        else {"outcome": "cancelled"}
    )
    assert outcome_for(outcome, options) == expected


def test_a_failed_confirmation_is_never_an_allow() -> None:
    h = Harness()
    h.ready()
    h.turn()
    h.agent(_permission(3, {"toolCallId": "c", "title": "T"}))
    out = h.client(error_response(0, -32603, "Internal error"))
    assert messages(out) == [response(3, {"outcome": {"outcome": "cancelled"}})]


@pytest.mark.parametrize(
    ("kind", "icon"),
    [
        ("read", "fileSearch"),
        ("search", "fileSearch"),
        ("edit", "pencil"),
        ("delete", "pencil"),
        ("move", "pencil"),
        ("execute", "terminal"),
        ("think", "lightBulb"),
        ("switch_mode", "lightBulb"),
        ("fetch", "globe"),
        ("other", "hammer"),
        (None, "hammer"),
        ("teleport", "hammer"),
    ],
)
def test_kind_to_icon(kind: str | None, icon: str) -> None:
    assert icon_for_kind(kind) == icon


def test_legacy_meta_restores_icon_confirmation_and_content() -> None:
    h = Harness()
    h.ready()
    h.turn()
    legacy_confirmation = {
        "type": "mcp",
        "serverName": "srv",
        "toolName": "t",
        "toolDisplayName": "T",
        "description": "why",
    }
    legacy_content = {"type": "diff", "path": "a.txt", "oldText": None, "newText": "n"}
    tool = {
        "toolCallId": "1",
        "title": "Call T",
        "kind": "other",
        "status": "pending",
        "content": [
            {"type": "diff", "path": "/work/project/a.txt", "oldText": None, "newText": "n"},
            {"type": "content", "content": {"type": "text", "text": "MCP tool `T`"}},
        ],
        "rawInput": {"serverName": "srv", "toolName": "t", "toolDisplayName": "T"},
        "_meta": {
            "acpCompat": {
                "legacy": {
                    "icon": "regex",
                    "confirmation": legacy_confirmation,
                    "path": "a.txt",
                    "detailsAppended": True,
                }
            }
        },
    }
    h.agent(update({"sessionUpdate": "tool_call", **tool}))
    out = h.agent(_permission(0, {k: v for k, v in tool.items() if k != "status"}, UPGRADED))
    assert to_client(out)[0]["params"] == {
        "label": "Call T",
        "icon": "regex",
        "content": legacy_content,
        "confirmation": legacy_confirmation,
    }
    # The kept path applies to an update's diff; nothing was appended to it.
    h.client(response(0, {"id": 4, "outcome": "allow"}))
    shown = [{"type": "diff", "path": "/work/project/a.txt", "oldText": "n", "newText": "m"}]
    meta = {"acpCompat": {"legacy": {"path": "a.txt"}}}
    out = h.agent(
        update(
            {
                "sessionUpdate": "tool_call_update",
                "toolCallId": "1",
                "status": "completed",
                "content": shown,
                "_meta": meta,
            }
        )
    )
    assert to_client(out)[0]["params"] == {
        "toolCallId": 4,
        "status": "finished",
        "content": {"type": "diff", "path": "a.txt", "oldText": "n", "newText": "m"},
    }


@pytest.mark.parametrize(
    "body",
    [
        {"sessionUpdate": ["tool_call"]},
        {"sessionUpdate": {"kind": "plan"}},
        {"sessionUpdate": "tool_call", "toolCallId": "x", "status": ["completed"]},
        {
            "sessionUpdate": "tool_call",
            "toolCallId": "x",
            "_meta": {"acpCompat": {"legacy": {"icon": {"name": "pencil"}}}},
        },
        {"sessionUpdate": "plan", "entries": [{"content": "c", "status": ["done"]}]},
    ],
    ids=["kind-list", "kind-object", "status-list", "icon-object", "plan-status-list"],
)
def test_unhashable_values_where_a_name_belongs_are_ignored(body: dict[str, Any]) -> None:
    """Found by test_downgrade_hostile: a list or object where a kind, status or icon
    belongs raised TypeError (unhashable) in a set or table lookup."""
    h = Harness()
    h.ready()
    h.turn()
    # Not h.agent: it holds the agent's messages to the schema, and these break it.
    for output in h.translator.from_agent(0, update(body)):
        assert isinstance(output, (ToClient, ToAgent))


def test_an_unhashable_legacy_outcome_is_cancelled() -> None:
    options = [{"optionId": "allow", "name": "Allow", "kind": "allow_once"}]
    assert outcome_for(["allow"], options) == {"outcome": "cancelled"}
    assert outcome_for({"allow": True}, options) == {"outcome": "cancelled"}


def test_malformed_legacy_meta_is_ignored() -> None:
    h = Harness()
    h.ready()
    h.turn()
    meta = {
        "acpCompat": {
            "legacy": {"icon": "rocket", "confirmation": "x", "path": [1], "detailsAppended": 1}
        }
    }
    out = h.agent(
        update(
            {
                "sessionUpdate": "tool_call",
                "toolCallId": "x",
                "title": "T",
                "kind": "edit",
                "status": "in_progress",
                "_meta": meta,
                "content": [{"type": "content", "content": {"type": "text", "text": "c"}}],
            }
        )
    )
    assert to_client(out)[0]["params"] == {
        "label": "T",
        "icon": "pencil",
        "content": {"type": "markdown", "markdown": "c"},
    }


# -- content merge -------------------------------------------------------------------------


def _text(text: str) -> dict[str, Any]:
    return {"type": "content", "content": {"type": "text", "text": text}}


def test_content_merge() -> None:
    diff = {"type": "diff", "path": "/a.py", "oldText": "x = 1\n", "newText": "x = 2\n"}
    assert merge_content([]) is None
    assert merge_content(None) is None
    assert merge_content([diff]) == {
        "type": "diff",
        "path": "/a.py",
        "oldText": "x = 1\n",
        "newText": "x = 2\n",
    }
    assert merge_content([{**diff, "oldText": None, "_meta": {"kind": "add"}}])["oldText"] is None  # type: ignore[index]
    assert merge_content([_text("a"), _text("b")]) == {"type": "markdown", "markdown": "a\n\nb"}
    mixed = merge_content(
        [
            _text("see"),
            diff,
            {"type": "terminal", "terminalId": "t"},
            {
                "type": "content",
                "content": {"type": "resource_link", "uri": "https://x", "name": "x"},
            },
        ]
    )
    assert mixed == {
        "type": "markdown",
        "markdown": (
            "see\n\n`/a.py`\n```diff\n@@ -1 +1 @@\n-x = 1\n+x = 2\n```\n\n"
            "(terminal output not available)\n\n[x](https://x)"
        ),
    }


def test_a_fenced_diff_is_not_closed_by_backticks_inside_it() -> None:
    diff = {"type": "diff", "path": "/r.md", "oldText": "", "newText": "```py\nx\n```\n"}
    merged = merge_content([_text("t"), diff])
    assert merged is not None and "\n````diff\n" in merged["markdown"]
    assert merged["markdown"].endswith("\n````")


# -- plans ---------------------------------------------------------------------------------

ENTRIES = [
    {"content": "Read", "priority": "high", "status": "completed"},
    {"content": "Write", "priority": "medium", "status": "in_progress"},
    {"content": "Test", "priority": "low", "status": "pending"},
]


def test_plan_to_a_0_0_10_client_is_update_plan() -> None:
    h = Harness()
    h.ready("0.0.10")
    h.turn()
    out = h.agent(update({"sessionUpdate": "plan", "entries": ENTRIES}))
    assert messages(out) == [request(0, "updatePlan", {"entries": ENTRIES})]


def test_plan_to_a_0_0_9_client_is_a_card_updated_in_place() -> None:
    h = Harness()
    h.ready("0.0.9")
    h.turn()
    out = h.agent(update({"sessionUpdate": "plan", "entries": ENTRIES}))
    checklist = "- [x] Read\n- [ ] Write _(in progress)_\n- [ ] Test"
    assert messages(out) == [
        request(
            0,
            "pushToolCall",
            {
                "label": "Plan",
                "icon": "lightBulb",
                "content": {"type": "markdown", "markdown": checklist},
            },
        )
    ]
    h.client(response(0, {"id": 1}))
    done = [{**e, "status": "completed"} for e in ENTRIES]
    out = h.agent(update({"sessionUpdate": "plan", "entries": done}))
    assert messages(out) == [
        request(
            1,
            "updateToolCall",
            {
                "toolCallId": 1,
                "status": "finished",
                "content": {"type": "markdown", "markdown": "- [x] Read\n- [x] Write\n- [x] Test"},
            },
        )
    ]


# -- agent requests ------------------------------------------------------------------------


def test_fs_is_forwarded_only_with_client_fs() -> None:
    h = Harness(client_fs=True)
    h.ready()
    out = h.agent(
        request(
            0, "fs/read_text_file", {"sessionId": SESSION, "path": "/w/a", "line": 2, "limit": 5}
        )
    )
    assert messages(out) == [request(0, "readTextFile", {"path": "/w/a", "line": 2, "limit": 5})]
    assert messages(h.client(response(0, {"content": "x"}))) == [response(0, {"content": "x"})]
    out = h.agent(
        request(1, "fs/write_text_file", {"sessionId": SESSION, "path": "/w/a", "content": "y"})
    )
    assert messages(out) == [request(1, "writeTextFile", {"path": "/w/a", "content": "y"})]
    assert messages(h.client(response(1, None))) == [response(1, {})]
    h.agent(request(2, "fs/read_text_file", {"sessionId": SESSION, "path": "/nope"}))
    out = h.client(error_response(2, -32603, "Internal error", {"details": "ENOENT"}))
    assert messages(out) == [error_response(2, -32603, "Internal error", {"details": "ENOENT"})]

    h = Harness()
    h.ready()
    out = h.agent(request(0, "fs/read_text_file", {"sessionId": SESSION, "path": "/w/a"}))
    assert messages(out)[0]["error"]["code"] == -32601


@pytest.mark.parametrize("method", ["terminal/create", "elicitation/create", "_x/y"])
def test_other_agent_requests_are_method_not_found(method: str) -> None:
    h = Harness()
    h.ready()
    translator = h.translator
    [out] = translator.from_agent(0, request(9, method, {"sessionId": SESSION}))
    assert isinstance(out, ToAgent) and out.message["error"]["code"] == -32601


# -- the agent goes away -------------------------------------------------------------------


def test_agent_exit_fails_the_waiting_turn_and_later_requests() -> None:
    h = Harness()
    h.ready()
    h.turn()
    out = h.translator.agent_exited(0, 3, "Traceback: boom")
    assert [o.message for o in out if isinstance(o, ToClient)] == [
        {
            "jsonrpc": "2.0",
            "id": 1,
            "error": {
                "code": -32603,
                "message": "The agent process exited (exit status 3)",
                "data": {"details": "Traceback: boom"},
            },
        }
    ]
    [answer] = messages(h.client_request("sendUserMessage", {"chunks": [{"text": "again"}]}))
    assert answer["error"]["code"] == -32603


def test_agent_start_failure_fails_the_initialize() -> None:
    translator = DowngradeTranslator(DowngradeOptions(cwd=CWD, client_info_version="0.0.0-test"))
    translator.from_client(request(0, "initialize", {"protocolVersion": "0.0.9"}))
    [out] = translator.agent_start_failed(0, "gemini: No such file or directory")
    assert isinstance(out, ToClient)
    assert "No such file" in out.message["error"]["message"]


def test_a_message_sent_before_initialize_finished_waits_for_it() -> None:
    h = Harness()
    h.client_request("initialize", {"protocolVersion": "0.0.9"})
    assert h.client_request("sendUserMessage", {"chunks": [{"text": "eager"}]}) == []
    h.agent(response(0, {"protocolVersion": 1}))
    out = h.agent(response(1, {"sessionId": SESSION}))
    assert to_client(out) == [response(0, {"protocolVersion": "0.0.9", "isAuthenticated": True})]
    prompt = {"sessionId": SESSION, "prompt": [{"type": "text", "text": "eager"}]}
    assert to_agent(out) == [request(2, "session/prompt", prompt)]


def test_a_waiting_message_fails_when_the_agent_exits() -> None:
    h = Harness()
    h.client_request("initialize", {"protocolVersion": "0.0.9"})
    h.client_request("sendUserMessage", {"chunks": [{"text": "eager"}]})
    out = to_client(h.translator.agent_exited(0, 1, ""))
    assert sorted(m["id"] for m in out) == [0, 1]
    assert all(m["error"]["code"] == -32603 for m in out)


def test_tool_call_ids_reused_in_a_later_turn_get_new_cards() -> None:
    h = Harness()
    h.ready()
    h.turn()
    _pushed(h, {"toolCallId": "call_1", "title": "Read", "status": "in_progress"}, 1)
    h.agent(response(2, {"stopReason": "end_turn"}))
    h.turn()
    out = h.agent(
        update(
            {
                "sessionUpdate": "tool_call",
                "toolCallId": "call_1",
                "title": "Read",
                "status": "in_progress",
            }
        )
    )
    assert [m["method"] for m in to_client(out)] == ["pushToolCall"]


def test_a_tool_call_for_an_abandoned_card_is_pushed_afresh() -> None:
    h = Harness()
    h.ready()
    h.turn()
    h.agent(
        update(
            {"sessionUpdate": "tool_call", "toolCallId": "x", "title": "T", "status": "in_progress"}
        )
    )
    h.client(error_response(0, -32603, "Internal error"))  # the client refused the push
    out = h.agent(
        update(
            {"sessionUpdate": "tool_call", "toolCallId": "x", "title": "T", "status": "in_progress"}
        )
    )
    assert [m["method"] for m in to_client(out)] == ["pushToolCall"]


def test_a_confirmation_dropped_before_it_was_sent_does_not_stall_the_client_stream() -> None:
    h = Harness()
    h.ready()
    h.turn()
    # A push whose id is still being assigned holds back what follows it ...
    h.agent(update({"sessionUpdate": "tool_call_update", "toolCallId": "a", "content": []}))
    h.agent(_permission(0, {"toolCallId": "a", "title": "T"}))
    h.agent(
        update(
            {"sessionUpdate": "tool_call", "toolCallId": "a", "title": "T", "status": "in_progress"}
        )
    )
    # ... including a confirmation, which the agent's exit drops before it is sent.
    h.translator.agent_exited(0, 1, "")
    assert h.client_request("sendUserMessage", {"chunks": [{"text": "x"}]}) == []
    # Once the client hands out the push's id, nothing waits on the dropped confirmation.
    # The pushed card gets its own update and, as the card the confirmation would have
    # superseded, the restated call's.
    out = to_client(h.client(response(0, {"id": 1})))
    assert [m.get("method") for m in out] == ["updateToolCall", "updateToolCall", None, None]
    assert [m["params"]["toolCallId"] for m in out[:2]] == [1, 1]
    assert [m["id"] for m in out[2:]] == [1, 2]
    assert all(m["error"]["code"] == -32603 for m in out[2:])


@pytest.mark.parametrize("tool_call", [None, "x", {}, {"toolCallId": 3}])
def test_a_permission_request_without_a_tool_call_id_is_invalid_params(tool_call: Any) -> None:
    h = Harness()
    h.ready()
    h.turn()
    params = {"sessionId": SESSION, "toolCall": tool_call, "options": []}
    [answer] = h.translator.from_agent(0, request(4, "session/request_permission", params))
    assert isinstance(answer, ToAgent)
    assert answer.message["id"] == 4 and answer.message["error"]["code"] == -32602


# -- found in review -----------------------------------------------------------------------


def test_a_second_initialize_while_busy_does_not_change_the_echoed_version() -> None:
    # Legacy SDK clients accept only their own exact version: the refused second
    # initialize must not change what the first one is answered.
    h = Harness()
    h.client_request("initialize", {"protocolVersion": "0.0.9"})
    [busy] = messages(h.client_request("initialize", {"protocolVersion": "0.0.10"}))
    assert busy["error"]["code"] == -32600
    h.agent(response(0, {"protocolVersion": 1}))
    out = h.agent(response(1, {"sessionId": SESSION}))
    assert messages(out) == [response(0, {"protocolVersion": "0.0.9", "isAuthenticated": True})]


def test_explicit_null_initialize_params_get_the_0_0_7_answer() -> None:
    h = Harness()
    h.client({"jsonrpc": "2.0", "id": 0, "method": "initialize", "params": None})
    h.agent(response(0, {"protocolVersion": 1}))
    out = h.agent(response(1, {"sessionId": SESSION}))
    assert messages(out) == [response(0, {"isAuthenticated": True})]


def test_cancel_ends_a_message_still_waiting_for_the_setup_with_null() -> None:
    # The user stopped it before it began: it must not start a turn afterwards.
    h = Harness()
    h.client_request("initialize", {"protocolVersion": "0.0.9"})
    h.client_request("sendUserMessage", {"chunks": [{"text": "eager"}]})
    assert messages(h.client_request("cancelSendMessage")) == [response(2, None), response(1, None)]
    h.agent(response(0, {"protocolVersion": 1}))
    out = h.agent(response(1, {"sessionId": SESSION}))
    assert messages(out) == [response(0, {"protocolVersion": "0.0.9", "isAuthenticated": True})]
    # The session is idle: a new message starts a turn.
    assert [m["method"] for m in to_agent(h.turn())] == ["session/prompt"]


def test_a_held_pending_restatement_of_a_known_call_updates_its_card() -> None:
    h = Harness()
    h.ready()
    h.turn()
    _pushed(h, {"toolCallId": "a", "title": "A", "status": "in_progress"}, 1)
    again = {"sessionUpdate": "tool_call", "toolCallId": "a", "title": "A", "status": "pending"}
    assert h.agent(update(again)) == []
    out = h.agent(chunk("x"))
    assert to_client(out) == [
        request(1, "updateToolCall", {"toolCallId": 1, "status": "running", "content": None}),
        request(2, "streamAssistantMessageChunk", {"chunk": {"text": "x"}}),
    ]


def test_a_confirmation_for_a_call_already_shown_keeps_the_first_card_in_step() -> None:
    # A confirmation is a new card on the legacy side; the card pushed before it must not
    # stay "running" for ever, so it gets the call's updates too.
    h = Harness()
    h.ready()
    h.turn()
    _pushed(h, {"toolCallId": "b", "title": "B", "status": "in_progress"}, 1)
    out = h.agent(_permission(7, {"toolCallId": "b"}))
    assert [m["method"] for m in to_client(out)] == ["requestToolCallConfirmation"]
    assert to_client(out)[0]["params"]["label"] == "B"
    h.client(response(1, {"id": 2, "outcome": "allow"}))
    done = {"sessionUpdate": "tool_call_update", "toolCallId": "b", "status": "completed"}
    assert to_client(h.agent(update(done))) == [
        request(2, "updateToolCall", {"toolCallId": 2, "status": "finished", "content": None}),
        request(3, "updateToolCall", {"toolCallId": 1, "status": "finished", "content": None}),
    ]


def test_after_a_cancelled_confirmation_the_call_s_first_card_gets_its_updates() -> None:
    h = Harness()
    h.ready()
    h.turn()
    _pushed(h, {"toolCallId": "b", "title": "B", "status": "in_progress"}, 1)
    h.agent(_permission(7, {"toolCallId": "b"}))
    h.client_request("cancelSendMessage")
    assert h.client(response(1, {"id": 2, "outcome": "allow"})) == []  # the late answer
    failed = {"sessionUpdate": "tool_call_update", "toolCallId": "b", "status": "failed"}
    assert to_client(h.agent(update(failed))) == [
        request(2, "updateToolCall", {"toolCallId": 1, "status": "error", "content": None}),
    ]


@pytest.mark.parametrize(
    ("path", "uri", "name"),
    [
        ("100% done.txt", "file:///work/project/100%25%20done.txt", "100% done.txt"),
        ("notes#1.md", "file:///work/project/notes%231.md", "notes#1.md"),
        ("naïve ñ.py", "file:///work/project/na%C3%AFve%20%C3%B1.py", "naïve ñ.py"),
        ("./src/../a?.py", "file:///work/project/a%3F.py", "a?.py"),
        ("/abs/x y", "file:///abs/x%20y", "x y"),
    ],
)
def test_path_chunks_become_percent_encoded_file_uris(path: str, uri: str, name: str) -> None:
    h = Harness()
    h.ready()
    [prompt] = to_agent(h.turn({"path": path}))
    assert prompt["params"]["prompt"] == [{"type": "resource_link", "uri": uri, "name": name}]


@pytest.mark.parametrize(
    ("version", "update_plan"),
    [("0.0.9", False), ("0.0.8", False), ("0.0.10", True), ("0.0.11", True), ("0.0.100", True)],
)
def test_update_plan_needs_a_client_of_0_0_10_or_later_compared_numerically(
    version: str, update_plan: bool
) -> None:
    h = Harness()
    h.ready(version)
    h.turn()
    out = to_client(h.agent(update({"sessionUpdate": "plan", "entries": ENTRIES})))
    assert [m["method"] for m in out] == ["updatePlan" if update_plan else "pushToolCall"]


def test_a_0_0_7_client_without_a_version_gets_the_plan_card() -> None:
    h = Harness()
    h.client_request("initialize")
    h.agent(response(0, {"protocolVersion": 1}))
    h.agent(response(1, {"sessionId": SESSION}))
    h.turn()
    out = to_client(h.agent(update({"sessionUpdate": "plan", "entries": ENTRIES})))
    assert [m["method"] for m in out] == ["pushToolCall"]


def test_a_diff_heading_holds_a_path_with_backticks() -> None:
    # The path is shown as inline code: a backtick in it must not end the code span.
    diff = {"type": "diff", "path": "/w/`odd`.md", "oldText": "a", "newText": "b"}
    merged = merge_content([_text("t"), diff])
    assert merged is not None
    assert "\n\n`` /w/`odd`.md ``\n```diff\n" in merged["markdown"]


def test_a_plan_card_still_running_is_finished_when_the_turn_ends() -> None:
    h = Harness()
    h.ready("0.0.9")
    h.turn()
    h.agent(update({"sessionUpdate": "plan", "entries": ENTRIES}))
    h.client(response(0, {"id": 1}))
    out = to_client(h.agent(response(2, {"stopReason": "cancelled"})))
    checklist = "- [x] Read\n- [ ] Write _(in progress)_\n- [ ] Test"
    content = {"type": "markdown", "markdown": checklist}
    assert out == [
        request(1, "updateToolCall", {"toolCallId": 1, "status": "finished", "content": content}),
        response(1, None),
    ]


@pytest.mark.parametrize(
    ("block", "text"),
    [
        (
            {"type": "resource_link", "uri": "file:///w/x y(1).md", "name": "[draft] x"},
            r"[\[draft\] x](<file:///w/x%20y(1).md>)",
        ),
        (
            {"type": "resource", "resource": {"uri": "https://h/a_(b)", "text": "x"}},
            "[https://h/a_(b)](<https://h/a_(b)>)",
        ),
    ],
)
def test_links_stay_links_whatever_their_label_and_uri_hold(
    block: dict[str, Any], text: str
) -> None:
    # A "]" in the label or a space or parenthesis in the URI would end the link early.
    h = Harness()
    h.ready()
    h.turn()
    update_body = {"sessionUpdate": "agent_message_chunk", "content": block}
    [out] = to_client(h.agent(update(update_body)))
    assert out["params"]["chunk"]["text"] == text


@pytest.mark.parametrize(
    ("path", "cwd", "uri", "name"),
    [
        ("notes/a b.md", "/work/p", "file:///work/p/notes/a%20b.md", "a b.md"),
        # A Windows editor's session: read as Windows paths on any host.
        ("src\\a.txt", "C:\\work", "file:///C:/work/src/a.txt", "a.txt"),
        ("/etc/hosts", "/work/p", "file:///etc/hosts", "hosts"),
    ],
)
def test_path_chunks_become_file_links_by_the_cwd_flavour(
    path: str, cwd: str, uri: str, name: str
) -> None:
    [block] = prompt_blocks({"chunks": [{"path": path}]}, cwd)
    assert block == {"type": "resource_link", "uri": uri, "name": name}


def test_compaction_updates_are_logged_once_per_kind(caplog: pytest.LogCaptureFixture) -> None:
    # Fed to the translator directly: these kinds are newer than schema 1.21.0, which the
    # harness holds every agent message to.
    h = Harness()
    h.ready()
    h.turn()
    caplog.set_level("INFO", logger="acp_compat.translate.downgrade")
    kinds: list[dict[str, Any]] = [
        {"sessionUpdate": "compaction_update", "compactionId": "c", "status": "in_progress"},
        {"sessionUpdate": "compaction_summary_chunk", "compactionId": "c", "content": {}},
        {"sessionUpdate": "compaction_update", "compactionId": "c", "status": "completed"},
        {"sessionUpdate": "compaction_summary_chunk", "compactionId": "c", "content": {}},
    ]
    for body in kinds:
        assert h.translator.from_agent(0, update(body)) == []
    logged = [r.getMessage() for r in caplog.records if "cannot show" in r.getMessage()]
    assert logged == [
        "dropping compaction_update updates: a legacy client cannot show them",
        "dropping compaction_summary_chunk updates: a legacy client cannot show them",
    ]


def test_a_long_turn_keeps_its_open_calls_and_a_window_of_ended_ones() -> None:
    # An agent may run hundreds of calls in one turn: what is kept of them (each with its
    # last content, a diff or a command's output) is bounded, as in the v2 translators.
    h = Harness()
    h.ready()
    h.turn()
    _pushed(h, {"toolCallId": "open", "title": "Runs on", "status": "in_progress"}, 0)
    calls = RECENT_ENDED_TOOL_CALLS + 8
    text = [{"type": "content", "content": {"type": "text", "text": "out"}}]
    for n in range(1, calls + 1):
        _pushed(h, {"toolCallId": f"c{n}", "title": "Read", "status": "in_progress"}, n)
        ended = update(
            {
                "sessionUpdate": "tool_call_update",
                "toolCallId": f"c{n}",
                "status": "completed",
                "content": text,
            }
        )
        [sent] = to_client(h.agent(ended))
        h.client(response(sent["id"], None))
    assert len(h.translator.tools._cards) == RECENT_ENDED_TOOL_CALLS + 1
    # The open call and the recently ended ones still update their cards.
    out = {"type": "markdown", "markdown": "out"}
    for call_id, legacy_id, content in (("open", 0, None), (f"c{calls}", calls, out)):
        body = {"sessionUpdate": "tool_call_update", "toolCallId": call_id, "status": "failed"}
        [sent] = to_client(h.agent(update(body)))
        assert sent["method"] == "updateToolCall"
        assert sent["params"] == {"toolCallId": legacy_id, "status": "error", "content": content}
        h.client(response(sent["id"], None))
