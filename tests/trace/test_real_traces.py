"""``trace --check`` on real traffic: third-party agents, as captured (``tests/data/captures``).

gemini-cli 0.1.20 (legacy 0.0.9) and 0.61.0 (ACP v1, under the official TypeScript SDK's
client) keep the protocol: no MUST is broken, whatever the SHOULDs say (gemini-cli 0.61
asks permission for a tool call it reports only afterwards: a SHOULD, a warning). Then
each mistake the checker once missed is put into one of these real sessions, and it is
found at its message. (The interop tests check the traces ``wrap`` writes under the
TypeScript SDK 1.9 and 2.4 clients, the Python SDK client and a legacy client, against
the example agents: they check clean.)

Real v2 traffic too: the traces ``wrap --trace`` wrote in every v2 pairing the interop
harness has (``tests/data/traces``, recorded by ``python -m tests.interop.record_traces``:
the SDK 2.4 experimental v2 client in front of a v1 agent, the legacy example agent and a
v2 agent, the v1 SDK clients in front of that v2 agent) break no MUST, and each v2 rule's
mistake put into one of them is found at its message.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from typing import Any

import pytest

from acp_compat.trace.check import Checker, Finding, check_trace
from acp_compat.trace.records import CLIENT_IN, CLIENT_OUT, Item, Record, TraceReader
from acp_compat.trace.rules import MUST
from acp_compat.translate.probe import Protocol
from tests.support.paths import ROOT

CAPTURES = ROOT / "tests" / "data" / "captures"

Messages = list[tuple[str, dict[str, Any]]]


def capture(name: str) -> Messages:
    """A capture's messages as (direction on the editor's link, message); the agent's
    stray stdout line is left out (the relay skips it, its trace never shows it)."""
    directions = {"client->agent": CLIENT_IN, "agent->client": CLIENT_OUT}
    lines = (CAPTURES / name).read_text("utf-8").splitlines()
    entries = [json.loads(line) for line in lines]
    return [(directions[e["dir"]], e["msg"]) for e in entries if "msg" in e]


def check(messages: Messages) -> list[Finding]:
    records = [Record(n, float(n), d, m) for n, (d, m) in enumerate(messages, 1)]
    return check_trace(list(records))


@pytest.mark.parametrize("name", sorted(p.name for p in CAPTURES.glob("*.jsonl")))
def test_a_real_session_breaks_no_must(name: str) -> None:
    assert [f for f in check(capture(name)) if f.level == MUST] == []


def test_gemini_asking_permission_before_reporting_its_call_is_a_should() -> None:
    found = check(capture("v1_gemini-0.61.0_full_mjs.jsonl"))
    assert {(f.rule, f.level) for f in found} == {("permission-tool-call", "SHOULD")}
    assert [f.line for f in found] == [22, 36, 47]  # its three permission requests


FULL = "v1_gemini-0.61.0_full_mjs.jsonl"
SESSION = "f7c9e2de-1ad5-42be-ba1b-6d8f78002177"


def at(line: int, change: Callable[[dict[str, Any]], None]) -> Callable[[Messages], Messages]:
    """A mutation: message ``line`` (1-based) changed in place."""

    def mutate(messages: Messages) -> Messages:
        changed = copy.deepcopy(messages)
        change(changed[line - 1][1])
        return changed

    return mutate


def insert(line: int, *added: tuple[str, dict[str, Any]]) -> Callable[[Messages], Messages]:
    """A mutation: ``added`` put in before message ``line``, which they push down."""
    return lambda messages: [*messages[: line - 1], *added, *messages[line - 1 :]]


def second_turn(messages: Messages) -> Messages:
    """The session's first tool call again, in a second turn."""
    prompt = {"sessionId": SESSION, "prompt": [{"type": "text", "text": "again"}]}
    return [
        *messages,
        (CLIENT_IN, {"jsonrpc": "2.0", "id": 9, "method": "session/prompt", "params": prompt}),
        copy.deepcopy(messages[11]),  # the tool_call of line 12
        (CLIENT_OUT, {"jsonrpc": "2.0", "id": 9, "result": {"stopReason": "end_turn"}}),
    ]


def relative(message: dict[str, Any]) -> None:
    message["params"]["path"] = "notes.txt"


def unknown_session(message: dict[str, Any]) -> None:
    message["params"]["sessionId"] = "no-such-session"


def not_offered(message: dict[str, Any]) -> None:
    message["result"]["outcome"]["optionId"] = "proceed_forever"


def compile_kind(message: dict[str, Any]) -> None:
    message["params"]["update"]["kind"] = "compile"


def no_jsonrpc(message: dict[str, Any]) -> None:
    del message["jsonrpc"]


CANCEL = (
    CLIENT_IN,
    {"jsonrpc": "2.0", "method": "session/cancel", "params": {"sessionId": SESSION}},
)
EXTENSION = (CLIENT_OUT, {"jsonrpc": "2.0", "method": "gemini/usage", "params": {}})
RESUME = (
    CLIENT_IN,
    {
        "jsonrpc": "2.0",
        "id": 8,
        "method": "session/resume",
        "params": {"sessionId": SESSION, "cwd": "/home/user/project", "mcpServers": []},
    },
)

MISTAKES: dict[str, tuple[Callable[[Messages], Messages], str, int]] = {
    # the mistake: (how it is put into the real session, the rule, the message it is at)
    "a tool call id reused in a later turn": (second_turn, "tool-call-id-unique", 57),
    "allow for a permission open at session/cancel": (insert(23, CANCEL), "cancel-permission", 24),
    "a permission for an unknown session": (at(22, unknown_session), "session-known", 22),
    "an fs request for an unknown session": (at(24, unknown_session), "session-known", 24),
    "an optionId that was not offered": (at(23, not_offered), "option-offered", 23),
    "a relative path in fs/*": (at(26, relative), "path-absolute", 26),
    "an extension method without the _ prefix": (insert(30, EXTENSION), "extension-prefix", 30),
    "session/resume without the capability": (insert(56, RESUME), "capability-resume", 56),
    "a tool kind the schema does not know": (at(12, compile_kind), "valid-message", 12),
    "no jsonrpc member on a current link": (at(29, no_jsonrpc), "valid-message", 29),
}  # fmt: skip


@pytest.mark.parametrize("mistake", list(MISTAKES))
def test_each_mistake_is_found_at_its_message(mistake: str) -> None:
    mutate, rule, line = MISTAKES[mistake]
    found = check(mutate(capture(FULL)))
    assert (rule, line, MUST) in {(f.rule, f.line, f.level) for f in found}, found


def test_a_legacy_agent_updating_a_call_it_was_never_given() -> None:
    """gemini-cli 0.1.20's legacy session with one updateToolCall naming an id the client
    never returned."""
    messages = capture("legacy_gemini-0.1.20_full.jsonl")
    line = next(n for n, (_, m) in enumerate(messages, 1) if m.get("method") == "updateToolCall")
    messages[line - 1][1]["params"]["toolCallId"] = 999
    found = check(messages)
    assert ("legacy-tool-call-id", line) in {(f.rule, f.line) for f in found}


# -- real v2 traffic, recorded through wrap --trace ---------------------------------------------

TRACES = ROOT / "tests" / "data" / "traces"


def recorded(name: str) -> list[Item]:
    reader = TraceReader()
    return reader.feed((TRACES / name).read_bytes()) + reader.end()


def judged(items: list[Item]) -> tuple[list[Finding], set[Protocol | None]]:
    """Every finding of ``items``, and the protocols of the links they were judged in."""
    checker = Checker()
    found: list[Finding] = []
    protocols: set[Protocol | None] = set()
    for item in items:
        found += checker.add(item)
        protocols |= {link.protocol for link in checker.trace.links.values()}
    return found + checker.finish(), protocols


@pytest.mark.parametrize("name", sorted(p.name for p in TRACES.glob("*.jsonl")))
def test_real_v2_traffic_breaks_no_must(name: str) -> None:
    found, protocols = judged(recorded(name))
    assert Protocol.V2 in protocols  # (a v2 link was there to be judged)
    assert [f for f in found if f.level == MUST] == []


def changed(items: list[Item], line: int, change: Callable[[dict[str, Any]], None]) -> list[Item]:
    """``items`` with message ``line`` changed, and the relay's copies of it with it (in
    passthrough the agent's mistake is on both links)."""
    original = next(i for i in items if isinstance(i, Record) and i.line == line).message
    out: list[Item] = []
    for item in items:
        if isinstance(item, Record) and item.message == original:
            message = copy.deepcopy(item.message)
            change(message)
            item = Record(item.line, item.t, item.direction, message, item.agent, item.session)
        out.append(item)
    return out


def dropped(items: list[Item], line: int) -> list[Item]:
    """``items`` without message ``line``, the relay's copies of it and the messages the
    same as it (the running that came back after the permission, for the first one's)."""
    original = next(i for i in items if isinstance(i, Record) and i.line == line).message
    return [i for i in items if not (isinstance(i, Record) and i.message == original)]


def acknowledged_as(message_id: str) -> Callable[[dict[str, Any]], None]:
    def change(message: dict[str, Any]) -> None:
        message["result"]["messageId"] = message_id

    return change


def ended(reason: str) -> Callable[[dict[str, Any]], None]:
    def change(message: dict[str, Any]) -> None:
        message["params"]["update"]["stopReason"] = reason

    return change


def content_for(tool: str) -> Callable[[dict[str, Any]], None]:
    def change(message: dict[str, Any]) -> None:
        text = message["params"]["update"]["content"]
        message["params"]["update"] = {
            "sessionUpdate": "tool_call_content_chunk",
            "toolCallId": tool,
            "content": {"type": "content", "content": text},
        }

    return change


V2_FULL = "v2-client_v2-agent_full.jsonl"
V2_CANCEL = "v2-client_v2-agent_cancel.jsonl"

V2_MISTAKES: dict[str, tuple[str, Callable[[list[Item]], list[Item]], str, int]] = {
    # the mistake: (the real trace, how it is put in, the rule, the message it is at)
    "a prompt acknowledged with an id no update reports": (
        V2_FULL, lambda t: changed(t, 11, acknowledged_as("user-9")), "v2-prompt-acknowledged", 47
    ),
    "work ended that was never reported running": (
        V2_FULL, lambda t: dropped(dropped(t, 15), 27), "v2-foreground-state", 39
    ),
    "a cancelled turn ended end_turn": (
        V2_CANCEL, lambda t: changed(t, 35, ended("end_turn")), "v2-cancel-idle", 35
    ),
    "tool call content for a call never created": (
        V2_FULL, lambda t: changed(t, 17, content_for("call_9")), "v2-upsert-created", 17
    ),
}  # fmt: skip


@pytest.mark.parametrize("mistake", list(V2_MISTAKES))
def test_each_v2_mistake_is_found_at_its_message(mistake: str) -> None:
    name, mutate, rule, line = V2_MISTAKES[mistake]
    found, _ = judged(mutate(recorded(name)))
    assert [(f.rule, f.line, f.side) for f in found if f.level == MUST] == [
        (rule, line, "agent 0")
    ], found
