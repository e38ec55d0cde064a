"""``acp-compat trace --check``: every rule, broken by one small trace and kept by another.

Each case below is a trace (records on the editor's link: what the editor sent and what
it got) that breaks exactly one rule of :data:`acp_compat.trace.rules.RULES`, next
to the same trace put right. The check must find exactly that rule's problem in the one,
and nothing in the other. Real traces of every mode (written by ``wrap``) check clean.
"""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
from pathlib import Path
from typing import Any

import anyio
import attrs
import pytest
from click.testing import CliRunner

from acp_compat.cli.demo import DEFAULT_PROMPT, DemoClient, Screen, demo
from acp_compat.cli.trace import trace
from acp_compat.io.process import AgentProcess, use_agent
from acp_compat.trace.check import Checker, Finding, check_trace
from acp_compat.trace.records import ClientClosed, Item, Record, RelayEvent, TraceReader
from acp_compat.trace.rules import MUST, RULES, RULES_BY_ID, SHOULD, rules_markdown
from tests.support.legacy_driver import LegacyDriver
from tests.support.paths import AGENTS, ROOT

CURRENT_AGENT = [sys.executable, str(AGENTS / "current_agent.py")]
LEGACY_AGENT = [sys.executable, "-m", "acp_compat.examples.legacy_agent"]

SENT = "client->relay"
"""What the editor sent (the client's messages)."""
GOT = "relay->client"
"""What the editor got (the agent's messages, as the relay gave them)."""

Step = tuple[str, dict[str, Any]]

MODES = {"currentModeId": "ask", "availableModes": [{"id": "ask", "name": "Ask"}]}
CONFIG_OPTIONS = [
    {
        "type": "select",
        "id": "mode",
        "name": "Mode",
        "currentValue": "ask",
        "options": [{"value": "ask", "name": "Ask"}],
    }
]
ALL_CLIENT = {"fs": {"readTextFile": True, "writeTextFile": True}, "terminal": True}


def current(
    *steps: Step,
    client: dict[str, Any] = ALL_CLIENT,
    agent: dict[str, Any] | None = None,
    modes: dict[str, Any] | None = MODES,
    options: list[dict[str, Any]] | None = CONFIG_OPTIONS,
) -> list[Step]:
    """An initialized current link with session ``s``, then ``steps``."""
    new: dict[str, Any] = {"sessionId": "s"}
    if modes is not None:
        new["modes"] = modes
    if options is not None:
        new["configOptions"] = options
    init = {"protocolVersion": 1, "clientCapabilities": client}
    return [
        (SENT, {"id": 0, "method": "initialize", "params": init}),
        (GOT, {"id": 0, "result": {"protocolVersion": 1, "agentCapabilities": agent or {}}}),
        (SENT, {"id": 1, "method": "session/new", "params": {"cwd": "/p", "mcpServers": []}}),
        (GOT, {"id": 1, "result": new}),
        *steps,
    ]


def update(which: str, /, **fields: Any) -> Step:
    return (
        GOT,
        {
            "method": "session/update",
            "params": {"sessionId": "s", "update": {"sessionUpdate": which, **fields}},
        },
    )


TEXT = {"type": "text", "text": "hi"}
PROMPT: Step = (
    SENT,
    {"id": 2, "method": "session/prompt", "params": {"sessionId": "s", "prompt": [TEXT]}},
)
END: Step = (GOT, {"id": 2, "result": {"stopReason": "end_turn"}})
CANCELLED: Step = (GOT, {"id": 2, "result": {"stopReason": "cancelled"}})
CANCEL: Step = (SENT, {"method": "session/cancel", "params": {"sessionId": "s"}})
CHUNK = update("agent_message_chunk", content=TEXT)
COMMANDS = update("available_commands_update", availableCommands=[])
CALL = update("tool_call", toolCallId="c1", title="Read a", kind="read", status="pending")
CALL_DONE = update("tool_call_update", toolCallId="c1", status="completed")
ASK: Step = (
    GOT,
    {
        "id": "p1",
        "method": "session/request_permission",
        "params": {
            "sessionId": "s",
            "toolCall": {"toolCallId": "c1"},
            "options": [{"optionId": "ok", "name": "Allow", "kind": "allow_once"}],
        },
    },
)
ALLOW: Step = (SENT, {"id": "p1", "result": {"outcome": {"outcome": "selected", "optionId": "ok"}}})
READ: list[Step] = [
    (
        GOT,
        {"id": "f1", "method": "fs/read_text_file", "params": {"sessionId": "s", "path": "/p/a"}},
    ),
    (SENT, {"id": "f1", "result": {"content": "a"}}),
]
TERMINAL: list[Step] = [
    (GOT, {"id": "t1", "method": "terminal/create", "params": {"sessionId": "s", "command": "ls"}}),
    (SENT, {"id": "t1", "result": {"terminalId": "T"}}),
]
LOAD: list[Step] = [
    (
        SENT,
        {
            "id": 3,
            "method": "session/load",
            "params": {"sessionId": "old", "cwd": "/p", "mcpServers": []},
        },
    ),
    (
        GOT,
        {
            "method": "session/update",
            "params": {
                "sessionId": "old",
                "update": {"sessionUpdate": "user_message_chunk", "content": TEXT},
            },
        },
    ),
    (GOT, {"id": 3, "result": {}}),
]
RESUME: list[Step] = [
    (
        SENT,
        {
            "id": 3,
            "method": "session/resume",
            "params": {"sessionId": "old", "cwd": "/p", "mcpServers": []},
        },
    ),
    (GOT, {"id": 3, "result": {}}),
]
PROMPT_2: Step = (
    SENT,
    {"id": 6, "method": "session/prompt", "params": {"sessionId": "s", "prompt": [TEXT]}},
)
END_2: Step = (GOT, {"id": 6, "result": {"stopReason": "end_turn"}})
CALL_2 = update("tool_call", toolCallId="c2", title="Read b", kind="read", status="pending")
CALL_2_DONE = update("tool_call_update", toolCallId="c2", status="completed")
CANCEL_ANSWER: Step = (SENT, {"id": "p1", "result": {"outcome": {"outcome": "cancelled"}}})
NOT_OFFERED: Step = (
    SENT,
    {"id": "p1", "result": {"outcome": {"outcome": "selected", "optionId": "always"}}},
)
RELATIVE_READ: list[Step] = [
    (
        GOT,
        {"id": "f1", "method": "fs/read_text_file", "params": {"sessionId": "s", "path": "a"}},
    ),
    (SENT, {"id": "f1", "result": {"content": "a"}}),
]
SET_MODE: list[Step] = [
    (SENT, {"id": 4, "method": "session/set_mode", "params": {"sessionId": "s", "modeId": "ask"}}),
    (GOT, {"id": 4, "result": {}}),
]
SET_OPTION: list[Step] = [
    (
        SENT,
        {
            "id": 5,
            "method": "session/set_config_option",
            "params": {"sessionId": "s", "configId": "mode", "value": "ask"},
        },
    ),
    (GOT, {"id": 5, "result": {"configOptions": CONFIG_OPTIONS}}),
]


def legacy(*steps: Step) -> list[Step]:
    """An initialized legacy 0.0.9 link, then ``steps``."""
    return [
        (SENT, {"id": 0, "method": "initialize", "params": {"protocolVersion": "0.0.9"}}),
        (GOT, {"id": 0, "result": {"protocolVersion": "0.0.9", "isAuthenticated": True}}),
        *steps,
    ]


SEND: Step = (SENT, {"id": 1, "method": "sendUserMessage", "params": {"chunks": [{"text": "hi"}]}})
SENT_DONE: Step = (GOT, {"id": 1, "result": None})
STREAM: list[Step] = [
    (
        GOT,
        {"id": "a1", "method": "streamAssistantMessageChunk", "params": {"chunk": {"text": "x"}}},
    ),
    (SENT, {"id": "a1", "result": None}),
]
PUSH: list[Step] = [
    (
        GOT,
        {"id": "a2", "method": "pushToolCall", "params": {"label": "Read", "icon": "fileSearch"}},
    ),
    (SENT, {"id": "a2", "result": {"id": 7}}),
]
UPDATE_TOOL: list[Step] = [
    (
        GOT,
        {
            "id": "a3",
            "method": "updateToolCall",
            "params": {"toolCallId": 7, "status": "finished", "content": None},
        },
    ),
    (SENT, {"id": "a3", "result": None}),
]
CANCEL_SEND: list[Step] = [
    (SENT, {"id": 2, "method": "cancelSendMessage"}),
    (GOT, {"id": 2, "result": None}),
]


def v2(*steps: Step) -> list[Step]:
    """An initialized v2 link with session ``s``, then ``steps``."""
    info = {"name": "t", "version": "1"}
    return [
        (SENT, {"id": 0, "method": "initialize", "params": {"protocolVersion": 2, "info": info}}),
        (GOT, {"id": 0, "result": {"protocolVersion": 2, "info": info, "capabilities": {}}}),
        (SENT, {"id": 1, "method": "session/new", "params": {"cwd": "/p"}}),
        (GOT, {"id": 1, "result": {"sessionId": "s"}}),
        *steps,
    ]


def acknowledged(request: int, message: str) -> Step:
    """The v2 agent accepting prompt ``request`` as user message ``message``."""
    return (GOT, {"id": request, "result": {"messageId": message}})


def state(which: str, **fields: Any) -> Step:
    return update("state_update", state=which, **fields)


USER = update("user_message", messageId="u1", content=[TEXT])
USER_2 = update("user_message", messageId="u2", content=[TEXT])
ACK = acknowledged(2, "u1")
RUNNING = state("running")
NEEDS_ACTION = state("requires_action")
IDLE = state("idle", stopReason="end_turn")
IDLE_CANCELLED = state("idle", stopReason="cancelled")
SAY = update("agent_message_chunk", messageId="a1", content=TEXT)
UPSERT = update("tool_call_update", toolCallId="c1", title="Read a", kind="read", status="pending")
UPSERT_DONE = update("tool_call_update", toolCallId="c1", status="completed")
TOOL_CHUNK = update(
    "tool_call_content_chunk", toolCallId="c1", content={"type": "content", "content": TEXT}
)
V2_ASK: Step = (
    GOT,
    {
        "id": "p1",
        "method": "session/request_permission",
        "params": {
            "sessionId": "s",
            "title": "Read a?",
            "subject": {"type": "tool_call", "toolCall": {"toolCallId": "c1", "title": "Read a"}},
            "options": [{"optionId": "ok", "name": "Allow", "kind": "allow_once"}],
        },
    },
)
TURN: list[Step] = [PROMPT, ACK, USER, RUNNING, SAY, IDLE]
"""A v2 turn as the spec draws it: accepted, its user message, running, output, idle."""

CASES: dict[str, tuple[list[Step], list[Step]]] = {
    "valid-message": (
        current(PROMPT, update("agent_message_chunk", content={"type": "text", "text": 12}), END),
        current(PROMPT, CHUNK, END),
    ),
    "request-answered": (current(PROMPT, CHUNK), current(PROMPT, CHUNK, END)),
    "answer-asked": (current(PROMPT, END, END), current(PROMPT, END)),
    "id-unique": (current(PROMPT, PROMPT, END), current(PROMPT, END)),
    "initialize-version": (
        [
            (SENT, {"id": 0, "method": "initialize", "params": {"protocolVersion": "1"}}),
            *current()[1:],
        ],
        current(),
    ),
    "initialize-body": (
        [current()[0], (GOT, {"id": 0, "result": {"protocolVersion": 1, "isAuthenticated": True}})],
        current()[:2],
    ),
    "extension-prefix": (
        current(PROMPT, (GOT, {"method": "vendor/status", "params": {}}), END),
        current(PROMPT, (GOT, {"method": "_vendor/status", "params": {}}), END),
    ),
    "session-known": (
        [*current()[:3], COMMANDS, current()[3]],
        current(COMMANDS),
    ),
    "tool-call-id-unique": (
        current(PROMPT, CALL, CALL_DONE, END, PROMPT_2, CALL, CALL_DONE, END_2),
        current(PROMPT, CALL, CALL_DONE, END, PROMPT_2, CALL_2, CALL_2_DONE, END_2),
    ),
    "cancel-permission": (
        current(PROMPT, CALL, ASK, CANCEL, ALLOW, CANCELLED),
        current(PROMPT, CALL, ASK, CANCEL, CANCEL_ANSWER, CANCELLED),
    ),
    "option-offered": (
        current(PROMPT, CALL, ASK, NOT_OFFERED, END),
        current(PROMPT, CALL, ASK, ALLOW, END),
    ),
    "path-absolute": (current(PROMPT, *RELATIVE_READ, END), current(PROMPT, *READ, END)),
    "capability-resume": (
        current(*RESUME),
        current(*RESUME, agent={"sessionCapabilities": {"resume": {}}}),
    ),
    "update-in-turn": (current(PROMPT, END, CHUNK), current(PROMPT, CHUNK, END)),
    "tool-call-announced": (current(PROMPT, CALL_DONE, END), current(PROMPT, CALL, CALL_DONE, END)),
    "permission-tool-call": (
        current(PROMPT, ASK, ALLOW, END),
        current(PROMPT, CALL, ASK, ALLOW, END),
    ),
    "cancel-cancelled": (current(PROMPT, CANCEL, END), current(PROMPT, CANCEL, CANCELLED)),
    "capability-fs": (current(PROMPT, *READ, END, client={}), current(PROMPT, *READ, END)),
    "capability-terminal": (
        current(PROMPT, *TERMINAL, END, client={"terminal": False}),
        current(PROMPT, *TERMINAL, END),
    ),
    "capability-load": (current(*LOAD), current(*LOAD, agent={"loadSession": True})),
    "capability-modes": (current(*SET_MODE, modes=None), current(*SET_MODE)),
    "capability-config-options": (current(*SET_OPTION, options=None), current(*SET_OPTION)),
    "v2-prompt-acknowledged": (
        v2(PROMPT, ACK, RUNNING, SAY, IDLE),
        v2(*TURN),
    ),
    "v2-foreground-state": (
        v2(PROMPT, ACK, USER, SAY, IDLE),
        v2(*TURN, IDLE),  # the second idle is a snapshot: it repeats the last stop reason
    ),
    "v2-cancel-idle": (
        v2(PROMPT, ACK, USER, RUNNING, SAY, CANCEL, IDLE),
        v2(PROMPT, ACK, USER, RUNNING, SAY, CANCEL, IDLE_CANCELLED),
    ),
    "v2-upsert-created": (
        v2(PROMPT, ACK, USER, RUNNING, TOOL_CHUNK, IDLE),
        v2(PROMPT, ACK, USER, RUNNING, UPSERT, TOOL_CHUNK, UPSERT_DONE, IDLE),
    ),
    "legacy-tool-call-id": (
        legacy(SEND, *UPDATE_TOOL, SENT_DONE),
        legacy(SEND, *PUSH, *UPDATE_TOOL, SENT_DONE),
    ),
    "legacy-in-turn": (legacy(SEND, SENT_DONE, *STREAM), legacy(SEND, *STREAM, SENT_DONE)),
    "legacy-cancel-ends-turn": (
        legacy(SEND, *CANCEL_SEND, *STREAM, SENT_DONE),
        legacy(SEND, *PUSH, *CANCEL_SEND, *UPDATE_TOOL, SENT_DONE),
    ),
}


def checked(steps: list[Step]) -> list[Finding]:
    records = [Record(n, float(n), d, {"jsonrpc": "2.0", **m}) for n, (d, m) in enumerate(steps, 1)]
    return check_trace(list(records))


def test_a_cancelled_legacy_turn_left_unanswered_is_reported_once() -> None:
    found = checked(legacy(SEND, *CANCEL_SEND))
    assert [(f.rule, f.side, f.method, f.text) for f in found] == [
        (
            "legacy-cancel-ends-turn",
            "relay → editor",  # who owed the answer (on this link the relay plays the agent)
            "sendUserMessage",
            "the cancelled sendUserMessage was never answered",
        )
    ]


def asked_about(tool: str, number: int) -> list[Step]:
    """The agent asks permission for ``tool`` (request ``p<number>``), the editor allows."""
    options = [{"optionId": "ok", "name": "Allow", "kind": "allow_once"}]
    params = {"sessionId": "s", "toolCall": {"toolCallId": tool}, "options": options}
    outcome = {"outcome": {"outcome": "selected", "optionId": "ok"}}
    return [
        (GOT, {"id": f"p{number}", "method": "session/request_permission", "params": params}),
        (SENT, {"id": f"p{number}", "result": outcome}),
    ]


PROMPT_3: Step = (SENT, {**PROMPT[1], "id": 7})
END_3: Step = (GOT, {"id": 7, "result": {"stopReason": "end_turn"}})


def test_a_reused_tool_call_id_is_one_finding_per_reuse() -> None:
    """A later turn's tool_call announcing an earlier turn's id is the reuse; the
    permission that names it again in that turn is the same mistake, not another (the
    SDK 1.9 example agent's call_1 in each turn). A reuse in a third turn is another."""
    first = [PROMPT, CALL, *asked_about("c1", 1), CALL_DONE, END]  # lines 5 to 10
    second = [PROMPT_2, CALL, *asked_about("c1", 2), CALL_DONE, END_2]  # 11 to 16
    third = [PROMPT_3, CALL, CALL_DONE, END_3]  # 17 to 20
    assert found(current(*first, *second, *third)) == [
        ("tool-call-id-unique", 12),
        ("tool-call-id-unique", 18),
    ]
    # An earlier turn's call that never ended, announced again twice and asked about.
    running = [PROMPT, CALL, END, PROMPT_2, CALL, CALL, *asked_about("c1", 2), CALL_DONE, END_2]
    assert found(current(*running)) == [("tool-call-id-unique", 9)]
    # Reused, and still running when the next turn asks about it: the one reuse.
    reused = [PROMPT_2, CALL, END_2, PROMPT_3, *asked_about("c1", 3), CALL_DONE, END_3]
    assert found(current(*first, *reused)) == [("tool-call-id-unique", 12)]
    # Each turn its own ids, each asked about: nothing.
    kept = [PROMPT_2, CALL_2, *asked_about("c2", 2), CALL_2_DONE, END_2]
    assert checked(current(*first, *kept)) == []


def test_every_rule_has_a_case() -> None:
    assert sorted(CASES) == sorted(rule.id for rule in RULES)


@pytest.mark.parametrize("rule", list(CASES))
def test_the_check_finds_exactly_the_broken_rule(rule: str) -> None:
    broken, kept = CASES[rule]
    assert [f.rule for f in checked(broken)] == [rule], checked(broken)
    assert checked(kept) == []


# -- v2 links -------------------------------------------------------------------------------------


def found(steps: list[Step]) -> list[tuple[str, int]]:
    return [(f.rule, f.line) for f in checked(steps)]


def test_a_v2_turn_is_what_its_states_say_not_its_prompts_answer() -> None:
    """The answer comes at once; output after it (and background output after idle) is
    no late update, as it would be in v1."""
    assert checked(v2(*TURN, SAY, UPSERT)) == []
    assert checked(v2(PROMPT, USER, ACK, RUNNING, SAY, IDLE)) == []  # reported before


def test_two_prompts_acknowledged_with_one_user_message() -> None:
    prompt_2 = (SENT, {**PROMPT[1], "id": 6})
    steps = v2(*TURN, prompt_2, acknowledged(6, "u1"), RUNNING, SAY, IDLE)
    assert found(steps) == [("v2-prompt-acknowledged", 12)]


def test_a_session_closed_before_its_prompts_user_message_was_reported() -> None:
    close = (SENT, {"id": 7, "method": "session/close", "params": {"sessionId": "s"}})
    closed = (GOT, {"id": 7, "result": {}})
    [finding] = checked(v2(PROMPT, ACK, RUNNING, SAY, IDLE, close, closed))
    assert (finding.rule, finding.line, finding.method) == (
        "v2-prompt-acknowledged",
        11,
        "session/close",
    )
    assert "whose prompt (message 5) was acknowledged with messageId 'u1'" in finding.text
    assert checked(v2(*TURN, close, closed)) == []


def test_a_prompt_queued_behind_running_work_joins_it() -> None:
    """v2 takes a prompt while work runs: one foreground state, one idle at the end."""
    prompt_2 = (SENT, {**PROMPT[1], "id": 6})
    steps = v2(PROMPT, ACK, USER, RUNNING, prompt_2, acknowledged(6, "u2"), USER_2, SAY, IDLE)
    assert checked(steps) == []


def test_permission_and_requires_action() -> None:
    """Blocked on the user, then running again; the permission's subject creates its call
    (the first upsert of an id), which content then streams into."""
    asked = v2(PROMPT, ACK, USER, RUNNING, V2_ASK, NEEDS_ACTION, ALLOW, RUNNING)
    assert checked([*asked, TOOL_CHUNK, UPSERT_DONE, IDLE]) == []
    started_blocked = v2(PROMPT, ACK, USER, V2_ASK, NEEDS_ACTION, ALLOW, IDLE)
    assert checked(started_blocked) == []


def test_a_v2_permission_open_at_the_cancel_is_answered_cancelled() -> None:
    open_at_cancel = v2(PROMPT, ACK, USER, RUNNING, V2_ASK, NEEDS_ACTION, CANCEL)
    assert found([*open_at_cancel, ALLOW, IDLE_CANCELLED]) == [("cancel-permission", 12)]
    assert checked([*open_at_cancel, CANCEL_ANSWER, IDLE_CANCELLED]) == []


def test_the_relays_idle_for_an_agent_that_exited_after_the_cancel() -> None:
    gone = {"code": -32603, "message": "The agent process ended", "data": {"exitCode": 1}}
    error_idle = state("idle", stopReason="error", error=gone)
    assert checked(v2(PROMPT, ACK, USER, RUNNING, CANCEL, error_idle)) == []
    without_reason = state("idle")
    assert found(v2(PROMPT, ACK, USER, RUNNING, CANCEL, without_reason)) == [("v2-cancel-idle", 10)]


def test_background_work_lists_what_was_created() -> None:
    terminal = update("terminal_update", terminalId="t1", command="make")
    listed = state(
        "idle",
        stopReason="end_turn",
        background=[
            {"type": "tool_call", "toolCallId": "c1"},
            {"type": "terminal", "terminalId": "t1"},
        ],
    )
    assert checked(v2(PROMPT, ACK, USER, RUNNING, UPSERT, terminal, listed)) == []
    assert [f.path for f in checked(v2(PROMPT, ACK, USER, RUNNING, listed))] == [
        "params.update.background[0]",
        "params.update.background[1]",
    ]


RESUME_V2: Step = (
    SENT,
    {"id": 3, "method": "session/resume", "params": {"sessionId": "s", "cwd": "/p"}},
)


def test_a_resumed_session_opens_in_the_state_its_snapshot_reported() -> None:
    resumed = (GOT, {"id": 3, "result": {}})
    into_work = v2(RESUME_V2, RUNNING, resumed, SAY, IDLE)
    assert checked(into_work) == []
    # history replayed, then the snapshot repeating its last stop reason
    replayed = v2(RESUME_V2, USER, RUNNING, SAY, IDLE, IDLE, resumed, IDLE)
    assert checked(replayed) == []


def test_a_v2_link_judges_its_own_methods_and_initialize_body() -> None:
    """fs/* is gone from v2: on a v2 link it is no method of the protocol; a v1 body named
    v2 lacks info and carries v1's clientCapabilities."""
    read = (
        GOT,
        {"id": "f1", "method": "fs/read_text_file", "params": {"sessionId": "s", "path": "/p/a"}},
    )
    answer = (SENT, {"id": "f1", "result": {"content": "a"}})
    assert found(v2(*TURN[:4], read, answer, IDLE)) == [("extension-prefix", 9)]
    v1_body = {"protocolVersion": 2, "clientCapabilities": {}}
    steps = [(SENT, {"id": 0, "method": "initialize", "params": v1_body}), *v2()[1:]]
    assert {(f.rule, f.path) for f in checked(steps)} == {
        ("initialize-body", "params.clientCapabilities"),
        ("initialize-body", "params.info"),
    }


# -- both sides of a translating relay ----------------------------------------------------------

EDITOR_IN, EDITOR_OUT, AGENT_OUT, AGENT_IN = SENT, GOT, "relay->agent", "agent->relay"


def test_each_side_is_checked_in_its_own_protocol() -> None:
    """An upgrade: the editor's link speaks current ACP, the agent's legacy 0.0.9. A legacy
    mistake of the agent is the agent's; a current one of the editor is the editor's."""
    agent_link: list[Step] = [
        (AGENT_OUT if d == SENT else AGENT_IN, m) for d, m in legacy(SEND, *UPDATE_TOOL, SENT_DONE)
    ]
    editor_link = current(PROMPT, *LOAD, END)  # session/load, never offered
    steps = editor_link[:2] + agent_link + editor_link[2:]
    found = [(f.rule, f.side, f.method) for f in checked(steps)]
    assert found == [
        ("legacy-tool-call-id", "agent 0", "updateToolCall"),
        ("capability-load", "editor", "session/load"),
    ]


def test_a_passthrough_relay_passing_a_mistake_on_is_not_blamed_twice() -> None:
    """Both links speak current ACP and carry the same messages: the agent's bad update
    is reported once, against the agent, not again when the relay passes it on."""
    steps = current(PROMPT, CALL_DONE, END)
    both: list[Step] = []
    for direction, message in steps:
        if direction == SENT:
            both += [(EDITOR_IN, message), (AGENT_OUT, message)]
        else:
            both += [(AGENT_IN, message), (EDITOR_OUT, message)]
    assert [(f.rule, f.side) for f in checked(both)] == [("tool-call-announced", "agent 0")]


def passed_through(steps: list[Step]) -> list[Step]:
    """``steps`` as a passthrough relay's trace shows them: each message on both links."""
    both: list[Step] = []
    for direction, message in steps:
        if direction == SENT:
            both += [(EDITOR_IN, message), (AGENT_OUT, message)]
        else:
            both += [(AGENT_IN, message), (EDITOR_OUT, message)]
    return both


def test_copies_are_matched_by_content_not_by_wording() -> None:
    """Two different bad updates with the same wording, and three identical late chunks:
    each message the agent sent is reported once, none of the relay's copies."""
    other_done = update("tool_call_update", toolCallId="c9", status="completed")
    steps = current(PROMPT, CALL_DONE, other_done, END, CHUNK, CHUNK, CHUNK)
    found = [(f.rule, f.side, f.line) for f in checked(passed_through(steps))]
    assert [(rule, side) for rule, side, _ in found] == [
        ("tool-call-announced", "agent 0"),
        ("tool-call-announced", "agent 0"),
        ("update-in-turn", "agent 0"),
        ("update-in-turn", "agent 0"),
        ("update-in-turn", "agent 0"),
    ]
    assert len({line for _, _, line in found}) == 5  # five messages, each at its own line


def test_a_request_the_relay_passed_on_is_owed_by_who_it_was_passed_to() -> None:
    [finding] = checked(passed_through(current(PROMPT, CHUNK)))
    assert (finding.rule, finding.side, finding.method) == (
        "request-answered",
        "agent 0",
        "session/prompt",
    )


def test_an_unknown_tool_kind_is_judged_by_the_schema() -> None:
    """The relay's models take any kind (to relay a later version's); the check does not."""
    compiled = update("tool_call", toolCallId="c1", title="Build", kind="compile", status="pending")
    [finding] = checked(current(PROMPT, compiled, END))
    assert (finding.rule, finding.path) == ("valid-message", "params.update.kind")
    assert finding.text.endswith('got "compile"')


def test_jsonrpc_is_required_on_current_links_only() -> None:
    records = [
        Record(n, None, d, {**m, "jsonrpc": "1.0"} if n == 5 else {"jsonrpc": "2.0", **m})
        for n, (d, m) in enumerate(current(PROMPT, END), 1)
    ]
    [finding] = check_trace(list(records))
    assert (finding.rule, finding.path, finding.line) == ("valid-message", "jsonrpc", 5)
    bare = [Record(n, None, d, m) for n, (d, m) in enumerate(legacy(SEND, *STREAM, SENT_DONE), 1)]
    assert check_trace(list(bare)) == []  # legacy peers before 0.0.8 left it out


def test_a_permission_or_file_request_for_an_unknown_session() -> None:
    ask = json.loads(json.dumps(ASK))
    ask[1]["params"]["sessionId"] = "nope"
    read = json.loads(json.dumps(READ[0]))
    read[1]["params"]["sessionId"] = "nope"
    found = checked(current(PROMPT, ask, ALLOW, read, READ[1], END))
    assert [(f.rule, f.method, f.text) for f in found] == [
        (
            "session-known",
            method,
            "session nope is not open on this link (no session/new, session/load or"
            " session/resume answer named it)",
        )
        for method in ("session/request_permission", "fs/read_text_file")
    ]


def test_only_a_permission_open_at_the_cancel_must_be_answered_cancelled() -> None:
    """The spec's words: the pending requests at session/cancel; one asked later is not."""
    assert checked(current(PROMPT, CALL, CANCEL, ASK, ALLOW, CANCELLED)) == []


def test_a_failed_load_leaves_no_live_session() -> None:
    failed = (GOT, {"id": 3, "error": {"code": -32002, "message": "Resource not found"}})
    chunk = {"sessionUpdate": "agent_message_chunk", "content": TEXT}
    late = (GOT, {"method": "session/update", "params": {"sessionId": "old", "update": chunk}})
    steps = current(LOAD[0], failed, late, agent={"loadSession": True})
    assert [f.rule for f in checked(steps)] == ["session-known"]


def test_a_refused_resume_of_an_open_session_leaves_it_open() -> None:
    """A resume the agent refuses (or the relay: a replay a v1 agent cannot give) says
    nothing of the session it named when that one was open already: its later updates
    are still its own."""
    refused = (GOT, {"id": 3, "error": {"code": -32601, "message": "Method not found"}})
    assert checked(v2(RESUME_V2, refused, PROMPT, ACK, USER, RUNNING, SAY, IDLE)) == []
    params = {**LOAD[0][1]["params"], "sessionId": "s"}
    load = (SENT, {"id": 3, "method": "session/load", "params": params})
    steps = current(load, refused, PROMPT, CHUNK, END, agent={"loadSession": True})
    assert checked(steps) == []


def test_a_lost_agents_late_messages_are_its_own() -> None:
    """After agent_lost the agent may still write: its late request lands on its own link
    (which knows the client's capabilities), and nothing open there is owed."""
    agent_link: list[Step] = [(AGENT_OUT if d == SENT else AGENT_IN, m) for d, m in current(PROMPT)]
    records: list[Any] = [
        Record(n, None, d, {"jsonrpc": "2.0", **m}, agent=0)
        for n, (d, m) in enumerate(agent_link, 1)
    ]
    lost = RelayEvent(len(records) + 1, None, {"type": "agent_lost", "reason": "closed"}, agent=0)
    late_read = Record(len(records) + 2, None, AGENT_IN, {"jsonrpc": "2.0", **READ[0][1]}, agent=0)
    assert check_trace([*records, lost, late_read]) == []


# -- what the relay decided, in its own records ------------------------------------------------

RELAY_TRACES = ROOT / "tests" / "data" / "traces" / "relay"
"""Real startups and shutdowns, recorded by ``python -m tests.trace.record_traces``."""

DECISIONS = frozenset({"probe_discarded", "translation", "startup_finished", "client_closed"})
"""The relay's records that traces written before issue 28 lack."""


def relay_trace(name: str) -> list[Item]:
    reader = TraceReader()
    return reader.feed((RELAY_TRACES / f"{name}.jsonl").read_bytes()) + reader.end()


def undecided(items: list[Item]) -> list[Item]:
    """``items`` as a trace written before the relay recorded what it decided."""
    return [i for i in items if not (isinstance(i, RelayEvent) and i.event["type"] in DECISIONS)]


def blamed(items: list[Item]) -> list[tuple[str, str, str | None]]:
    return [(f.rule, f.side, f.method) for f in check_trace(items)]


def line_of(items: list[Item], direction: str, method: str, agent: int | None = None) -> int:
    """The line of the first ``direction`` record of ``method`` (of agent ``agent``)."""
    return next(
        i.line
        for i in items
        if isinstance(i, Record)
        and i.direction == direction
        and i.message.get("method") == method
        and (agent is None or i.agent == agent)
    )


def answer_line(items: list[Item], direction: str, request_id: Any, agent: int) -> int:
    """The line of the first ``direction`` answer to ``request_id`` of agent ``agent``."""
    return next(
        i.line
        for i in items
        if isinstance(i, Record)
        and i.direction == direction
        and i.agent == agent
        and "method" not in i.message
        and i.message.get("id") == request_id
    )


def inserted(items: list[Item], after: int, *added: Item) -> list[Item]:
    """``items`` with ``added`` put in after line ``after`` (the lines renumbered)."""
    head = [i for i in items if i.line <= after]
    tail = [attrs.evolve(i, line=i.line + len(added)) for i in items if i.line > after]
    return [*head, *(attrs.evolve(new, line=after + n) for n, new in enumerate(added, 1)), *tail]


RELAY_SCENARIOS = [
    "legacy-client_current-agent_auto",
    "legacy-client_current-agent_forced",
    "legacy-client_slow-current-agent",
    "current-client_silent-legacy-agent",
    "current-client_lost-agent",
]


@pytest.mark.parametrize("name", RELAY_SCENARIOS)
def test_real_startups_and_shutdowns_check_clean(name: str) -> None:
    """Every link judged in the protocol the relay decided, for its whole life: the
    probes left behind, the kept one as agent 0, an agent still writing once lost."""
    assert check_trace(relay_trace(name)) == []


INFERRED = {
    "legacy-client_current-agent_auto": [],
    "legacy-client_current-agent_forced": [],
    # The discarded probe's initialize (id 1) still open on "agent 0" when the kept
    # process, renumbered 0, got the downgrade's first request (id 1 too).
    "legacy-client_slow-current-agent": [("id-unique", "relay → agent 0", "session/new")],
    # The kept legacy process, renumbered 0, read on its discarded current probe's link.
    "current-client_silent-legacy-agent": [
        ("extension-prefix", "relay → agent 0", "sendUserMessage"),
        ("extension-prefix", "agent 0", "streamAssistantMessageChunk"),
    ],
    # The editor owing what it was sent after it had closed its stdin.
    "current-client_lost-agent": [("request-answered", "editor", "fs/read_text_file")],
}


@pytest.mark.parametrize("name", RELAY_SCENARIOS)
def test_a_trace_without_the_relays_decisions_is_checked_by_inference(name: str) -> None:
    """A trace written before the relay recorded what it decided: each link's protocol
    from its own initialize, as before, with the false alarms that gave."""
    assert blamed(undecided(relay_trace(name))) == INFERRED[name]


@pytest.mark.parametrize("how", ["auto", "forced"])
def test_a_downgrades_agent_side_is_judged_by_the_current_rules(how: str) -> None:
    """Auto-detected (the legacy probe refused, a fresh process kept) or named with
    --agent-protocol current: the agent's turn content after its prompt's answer is
    found. Before the relay said so, the auto-detected link took the protocol of the
    legacy probe's initialize and judged nothing of current ACP."""
    items = relay_trace(f"legacy-client_current-agent_{how}")
    prompt = next(
        i for i in items if isinstance(i, Record) and i.message.get("method") == "session/prompt"
    )
    session = prompt.message["params"]["sessionId"]
    chunk = {"sessionUpdate": "agent_message_chunk", "content": TEXT}
    late = Record(
        0,
        None,
        AGENT_IN,
        {
            "jsonrpc": "2.0",
            "method": "session/update",
            "params": {"sessionId": session, "update": chunk},
        },
        agent=0,
    )
    mistaken = inserted(items, answer_line(items, AGENT_IN, prompt.message["id"], 0), late)
    found = [("update-in-turn", "agent 0", "session/update")]
    assert blamed(mistaken) == found
    assert blamed(undecided(mistaken)) == ([] if how == "auto" else found)


def test_the_kept_process_keeps_its_own_request_ids() -> None:
    """The discarded probe's open initialize is no request of the kept process; a
    request id the relay really gave twice to the kept one is still found."""
    items = relay_trace("legacy-client_slow-current-agent")
    new = next(
        i for i in items if isinstance(i, Record) and i.message.get("method") == "session/new"
    )
    assert blamed(inserted(items, new.line, new)) == [
        ("id-unique", "relay → agent 0", "session/new")
    ]


@pytest.mark.parametrize("agent", [0, 1])
def test_the_kept_probe_and_a_later_process_speak_what_the_relay_decided(agent: int) -> None:
    """A silent legacy agent: the second probe kept (agent 0 from the translation on) and
    a process started after for a session in another folder (agent 1, a fresh link)
    both speak 0.0.9: an updateToolCall naming a call never pushed is found on each."""
    items = relay_trace("current-client_silent-legacy-agent")
    chunk = line_of(items, AGENT_IN, "streamAssistantMessageChunk", agent)
    params = {"toolCallId": 99, "status": "finished", "content": None}
    update = {"jsonrpc": "2.0", "id": 50, "method": "updateToolCall", "params": params}
    mistaken = inserted(items, chunk, Record(0, None, AGENT_IN, update, agent=agent))
    assert blamed(mistaken) == [("legacy-tool-call-id", f"agent {agent}", "updateToolCall")]


def test_a_request_the_editor_got_before_it_closed_is_still_owed() -> None:
    """The lost agent's late read, forwarded before the client closed its stdin: the
    editor had it, and never answered it."""
    items = relay_trace("current-client_lost-agent")
    closed = next(i for i in items if isinstance(i, ClientClosed))
    forwarded = line_of(items, EDITOR_OUT, "fs/read_text_file")
    moved = inserted([i for i in items if i is not closed], forwarded, closed)
    assert blamed(moved) == [("request-answered", "editor", "fs/read_text_file")]


def test_a_lost_agents_late_read_is_judged_on_its_own_link() -> None:
    """The same lost agent in front of an editor that offered no fs: its late read
    breaks capability-fs on its own link (which knows the editor's initialize), once."""

    def no_fs(item: Item) -> Item:
        if isinstance(item, Record) and item.message.get("method") == "initialize":
            params = {**item.message["params"], "clientCapabilities": {}}
            return attrs.evolve(item, message={**item.message, "params": params})
        return item

    items = [no_fs(i) for i in relay_trace("current-client_lost-agent")]
    assert blamed(items) == [("capability-fs", "agent 0", "fs/read_text_file")]


def trace_items(*entries: dict[str, Any]) -> list[Item]:
    """Trace lines (records without their clocks) as the reader reads them."""
    reader = TraceReader()
    return reader.feed(b"".join(json.dumps(e).encode() + b"\n" for e in entries)) + reader.end()


@pytest.mark.parametrize(("decided", "found"), [("legacy", []), ("current", ["valid-message"])])
def test_a_discarded_probes_stdout_banner_is_judged_by_what_the_agent_speaks(
    decided: str, found: list[str]
) -> None:
    """A banner on the stdout of the first probe, which got the editor's current
    initialize and refused it: the program turns out (the second probe) to speak the
    protocol the relay decided, which says whether a banner breaks its transport."""
    current_init = {"protocolVersion": 1, "clientCapabilities": {}}
    legacy_answer = {"protocolVersion": "0.0.9", "isAuthenticated": True}
    refusal = {"code": -32602, "message": "Invalid params"}
    banner = {"type": "refused_line", "side": "agent", "cause": "syntax", "head": "Welcome"}
    kept = {
        "type": "translation",
        "translation": "upgrade",
        "agent_protocol": decided,
        "client_protocol": "current",
        "process": 1,
        "how": "auto-detected",
    }
    items = trace_items(
        {"dir": "relay", "agent": 0, "event": banner},
        {
            "dir": AGENT_OUT,
            "agent": 0,
            "msg": {"jsonrpc": "2.0", "id": 0, "method": "initialize", "params": current_init},
        },
        {"dir": AGENT_IN, "agent": 0, "msg": {"jsonrpc": "2.0", "id": 0, "error": refusal}},
        {"dir": "relay", "agent": 0, "event": {"type": "probe_discarded", "protocol": "current"}},
        {
            "dir": AGENT_OUT,
            "agent": 1,
            "msg": {
                "jsonrpc": "2.0",
                "id": 0,
                "method": "initialize",
                "params": {"protocolVersion": "0.0.9"},
            },
        },
        {"dir": AGENT_IN, "agent": 1, "msg": {"jsonrpc": "2.0", "id": 0, "result": legacy_answer}},
        {"dir": "relay", "agent": 0, "event": kept},
    )
    findings = check_trace(items)
    assert [f.rule for f in findings] == found
    assert all((f.line, f.side) == (1, "agent 0") for f in findings)


@pytest.mark.parametrize("stream", ["stdin", "stdout"])
def test_what_the_editor_is_asked_after_it_closed_is_not_owed(stream: str) -> None:
    """Once the client closed its input (or stopped reading), a request forwarded to it
    is not its fault; one it had before is."""
    steps = current(PROMPT, READ[0], END)
    records: list[Item] = [
        Record(n, None, d, {"jsonrpc": "2.0", **m}) for n, (d, m) in enumerate(steps, 1)
    ]
    event = {"type": "client_closed", "stream": stream}
    closed = ClientClosed(len(records) + 1, None, event, stream=stream)
    before = inserted(records, len(records), closed)
    after = inserted(records, len(records) - 2, closed)  # before the read
    assert blamed(before) == [("request-answered", "editor", "fs/read_text_file")]
    assert blamed(after) == []


@pytest.mark.parametrize(("protocol", "found"), [("legacy", []), ("current", ["valid-message"])])
def test_an_agents_stdout_banner_breaks_the_transport_rule_but_in_0_0_9(
    protocol: str, found: list[str]
) -> None:
    """A line that is not JSON on an agent's stdout, before its initialize answer (as
    gemini-cli 0.1.x prints one): the current transport says MUST NOT, 0.0.9 says
    nothing, and the link's protocol is known only from the answer that follows."""
    steps = legacy() if protocol == "legacy" else current()
    ask, answer = steps[:2]
    banner = {"type": "refused_line", "side": "agent", "cause": "syntax", "head": "Hello"}
    items: list[Any] = [
        Record(1, None, AGENT_OUT, {"jsonrpc": "2.0", **ask[1]}, agent=0),
        RelayEvent(2, None, banner, agent=0),
        Record(3, None, AGENT_IN, {"jsonrpc": "2.0", **answer[1]}, agent=0),
    ]
    findings = check_trace(items)
    assert [f.rule for f in findings] == found
    assert all((f.line, f.side) == (2, "agent 0") for f in findings)


def test_what_is_open_stays_bounded() -> None:
    """A long session keeps only what is open: one session, this turn's tool calls."""
    checker = Checker()
    number = 0

    def feed(steps: list[Step]) -> None:
        nonlocal number
        for direction, message in steps:
            number += 1
            record = Record(number, None, direction, {"jsonrpc": "2.0", **message})
            assert checker.add(record) == []

    feed(current())
    for turn in range(200):
        call = update("tool_call", toolCallId=f"c{turn}", title="t", kind="read", status="pending")
        done = update("tool_call_update", toolCallId=f"c{turn}", status="completed")
        prompt = json.loads(json.dumps(PROMPT[1]))
        prompt["id"] = 100 + turn
        feed(
            [
                (SENT, prompt),
                call,
                done,
                (GOT, {"id": 100 + turn, "result": {"stopReason": "end_turn"}}),
            ]
        )
    [link] = checker.trace.links.values()
    assert not link.pending and len(link.sessions) == 1
    assert len(link.sessions["s"].tools) == 1  # only the last turn's call
    assert len(link.answered) <= 256


# -- real traces of every mode, written by wrap --------------------------------------------------


def check_file(path: Path) -> list[Finding]:
    reader = TraceReader()
    items = reader.feed(path.read_bytes()) + reader.end()
    assert items, f"{path} is empty"
    return check_trace(items)


def run_check(*args: str) -> Any:
    return CliRunner().invoke(trace, ["--check", *args], catch_exceptions=False)


@pytest.mark.parametrize(
    "options",
    [
        [],
        ["--permission", "reject"],
        ["--permission", "cancel"],
        ["--login", "--prompt", "hello"],
        ["--prompt", "crash"],
    ],
    ids=["allow", "reject", "cancel", "login", "crash"],
)
def test_upgrade_traces_check_clean(options: list[str], tmp_path: Path) -> None:
    """``acp-compat demo --trace``: a current editor, wrap, the legacy example agent."""
    path = tmp_path / "up.jsonl"
    CliRunner().invoke(demo, ["--trace", str(path), *options], catch_exceptions=False)
    assert check_file(path) == []


@pytest.mark.parametrize("agent", ["current", "legacy"])
def test_downgrade_and_legacy_passthrough_traces_check_clean(agent: str, tmp_path: Path) -> None:
    """A legacy editor (the strict test client) in front of a current agent (a downgrade)
    or the legacy example agent (passthrough)."""
    command = CURRENT_AGENT if agent == "current" else LEGACY_AGENT
    path = tmp_path / "trace.jsonl"
    argv = [sys.executable, "-m", "acp_compat", "wrap", "--trace", str(path), "--", *command]
    with LegacyDriver(argv, tmp_path, banner=False) as client:
        client.initialize()
        client.turn("hello there")
    assert check_file(path) == []


def test_current_passthrough_trace_checks_clean(tmp_path: Path) -> None:
    """The demo's v1 client, wrap, the example agent ported to v1: both links current."""
    path = tmp_path / "pass.jsonl"
    (tmp_path / "hello.txt").write_text("hello world\n", encoding="utf-8")
    argv = [
        sys.executable,
        "-m",
        "acp_compat",
        "wrap",
        "--trace",
        str(path),
        "--",
        sys.executable,
        "-m",
        "acp_compat.examples.ported_agent",
    ]
    screen = Screen(lambda line: None, colour=False)

    async def converse() -> str:
        agent = AgentProcess(0, argv, str(tmp_path))
        client = DemoClient(agent, screen, tmp_path, "allow")
        return await use_agent(agent, 3.0, lambda _: client.run(DEFAULT_PROMPT))

    assert anyio.run(converse) == "end_turn"
    assert check_file(path) == []


# -- the command ----------------------------------------------------------------------------------


def write_trace(path: Path, steps: list[Step]) -> Path:
    with path.open("w", encoding="utf-8") as out:
        for number, (direction, message) in enumerate(steps):
            entry = {"time": f"2026-01-01T00:00:{number:02d}.000+00:00", "t": float(number)}
            body = {"jsonrpc": "2.0", **message}
            out.write(json.dumps({**entry, "dir": direction, "msg": body}) + "\n")
    return path


def test_check_exit_status_and_report(tmp_path: Path) -> None:
    clean = run_check(str(write_trace(tmp_path / "clean.jsonl", current(PROMPT, CHUNK, END))))
    assert clean.exit_code == 0 and "clean: 7 records" in clean.stdout
    broken = write_trace(tmp_path / "broken.jsonl", CASES["update-in-turn"][0])
    result = run_check(str(broken))
    assert result.exit_code == 1
    assert "\x1b[" not in result.stdout  # not a terminal
    assert (
        "message 7 (t 6.000) from relay → editor: session/update at params.update.sessionUpdate"
        in result.stdout
    )
    assert (
        "  !! agent_message_chunk after the session/prompt answer, before another prompt"
        "  [update-in-turn, MUST]" in result.stdout
    )
    assert "rule: No turn content (text, thoughts, tool calls, plans) after" in result.stdout
    assert "1 problem in 7 records" in result.stdout
    assert "\x1b[31m" in run_check("--color", str(broken)).stdout
    [line] = run_check("--json", str(broken)).stdout.splitlines()
    assert json.loads(line) == {
        "rule": "update-in-turn",
        "level": "MUST",
        "message": 7,
        "t": 6.0,
        "time": "2026-01-01T00:00:06.000+00:00",
        "side": "relay → editor",
        "method": "session/update",
        "path": "params.update.sessionUpdate",
        "problem": "agent_message_chunk after the session/prompt answer, before another prompt",
        "statement": RULES_BY_ID["update-in-turn"].statement,
        "spec": RULES_BY_ID["update-in-turn"].spec,
    }


def test_a_broken_should_is_a_warning_unless_strict(tmp_path: Path) -> None:
    """The spec says an agent SHOULD report a tool call before it updates it: a warning,
    exit status 0; --strict makes it count."""
    broken = str(write_trace(tmp_path / "should.jsonl", CASES["tool-call-announced"][0]))
    result = run_check(broken)
    assert result.exit_code == 0
    assert (
        "  ?? tool call 'c1' was never announced (a tool_call) in session s"
        "  [tool-call-announced, SHOULD]" in result.stdout
    )
    assert "1 warning (SHOULD) in 7 records, every MUST kept" in result.stdout
    assert run_check("--strict", broken).exit_code == 1
    [line] = run_check("--json", broken).stdout.splitlines()
    assert json.loads(line)["level"] == "SHOULD"
    usage = CliRunner().invoke(trace, ["--strict", broken])
    assert usage.exit_code == 2 and "--strict" in usage.stderr


def test_every_rule_has_its_level_and_where_the_spec_says_so() -> None:
    for rule in RULES:
        assert rule.level in (MUST, SHOULD), rule.id
        assert rule.spec, rule.id


def test_a_file_that_is_not_a_trace_exits_2(tmp_path: Path) -> None:
    path = tmp_path / "notes.txt"
    path.write_text("hello\nworld\n", encoding="utf-8")
    result = run_check(str(path))
    assert result.exit_code == 2 and "not a trace" in result.stderr


def test_check_follows_a_live_trace(tmp_path: Path) -> None:
    """Problems are reported as the trace grows; what is still open is not one."""
    live = tmp_path / "live.jsonl"
    steps = CASES["update-in-turn"][0]
    write_trace(live, steps[:-1])
    command = [
        sys.executable,
        "-m",
        "acp_compat",
        "trace",
        "--check",
        "--follow",
        "--json",
        str(live),
    ]
    # Ctrl-C as a terminal sends it: a test run started in the background by a shell
    # ignores SIGINT, and an ignored signal stays ignored across exec (the follower never
    # stopped). A handled one is reset to the default there, and Python hears it.
    ignored = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        proc = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    finally:
        signal.signal(signal.SIGINT, ignored)
    try:
        whole = write_trace(tmp_path / "whole.jsonl", steps).read_text(encoding="utf-8")
        with live.open("a", encoding="utf-8") as out:
            out.write(whole.splitlines(keepends=True)[-1])
        assert proc.stdout is not None
        finding = json.loads(proc.stdout.readline())
        assert finding["rule"] == "update-in-turn" and finding["message"] == len(steps)
    finally:
        proc.send_signal(signal.SIGINT)
        try:
            rest, _ = proc.communicate(timeout=20)
        finally:
            proc.kill()  # (nothing once it has ended; reaped either way)
            proc.wait()
    assert proc.returncode == 1 and rest == b""


# -- the docs ------------------------------------------------------------------------------------

DOCS = ROOT / "docs" / "trace-check.md"
TABLE = re.compile(
    r"(<!-- rules: generated from acp_compat/trace/rules.py, do not edit by hand -->\n)"
    r"(.*?)(<!-- end of rules -->)",
    re.DOTALL,
)


def test_the_docs_rule_table_is_generated_from_the_rules() -> None:
    """``ACP_COMPAT_REGENERATE=1`` writes the table; otherwise it must be what it would write."""
    text = DOCS.read_text(encoding="utf-8")
    match = TABLE.search(text)
    assert match, f"{DOCS} lost its rule table markers"
    if os.environ.get("ACP_COMPAT_REGENERATE") == "1":
        new = text[: match.start(2)] + "\n" + rules_markdown() + "\n" + text[match.end(2) :]
        DOCS.write_text(new, encoding="utf-8")
        return
    assert match.group(2) == "\n" + rules_markdown() + "\n", (
        "docs/trace-check.md's rule table is stale: run "
        "ACP_COMPAT_REGENERATE=1 pytest tests/trace/test_check.py -k docs"
    )
