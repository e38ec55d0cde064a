"""``trace --check``'s judge: the pinned schemas, compiled by ``acp_compat/trace/schema.py``.

``acp_compat/trace/schemas.json`` is generated from the pinned schemas (``vectors/schemas/``):
``ACP_COMPAT_REGENERATE=1`` writes it, otherwise this test fails when it differs. The
compiled checks agree with a reference JSON Schema validator (``jsonschema``) on every
message of the vectors and on values made to break them.
"""

from __future__ import annotations

import functools
import json
import os
from typing import Any

import jsonschema
import pytest

from acp_compat.trace.schema import Schema, _Emitter, pinned
from acp_compat.translate.probe import Protocol
from tests.support.paths import ROOT

PINNED = {
    "current": ROOT / "vectors" / "schemas" / "current" / "acp-v1-schema-ts-sdk-2.4.0.schema.json",
    "legacy": ROOT / "vectors" / "schemas" / "legacy" / "acp-0.0.10.schema.json",
    "v2": ROOT / "vectors" / "schemas" / "v2" / "acp-v2-draft-ts-sdk-2.4.0.schema.json",
}
"""The newest pinned schema of each protocol (each a superset of the ones before)."""

DATA = ROOT / "acp_compat" / "trace" / "schemas.json"

WORDS = frozenset({"description", "title", "x-docs-ignore", "default"})
"""What a judge does not read: the schema's prose and its defaults."""


def stripped(node: Any, names: bool = False) -> Any:
    """``node`` without its prose; ``names``: ``node`` maps member names to their schemas
    (a ``properties``), where ``title`` and ``description`` are members to keep."""
    if isinstance(node, dict):
        return {
            k: stripped(v, names=k == "properties" and not names)
            for k, v in node.items()
            if names or k not in WORDS
        }
    if isinstance(node, list):
        return [stripped(v) for v in node]
    return node


METHOD_LISTS = sorted((ROOT / "vectors" / "schemas" / "current").glob("*.meta*.json"))
"""Every pinned list of current method names, unstable ones and older versions' included."""

V2_UNSTABLE = ROOT / "vectors" / "schemas" / "v2" / "acp-v2-draft-ts-sdk-2.4.0.unstable.schema.json"
"""The v2 draft with its unstable methods (v2 has no method lists: its schema names them)."""


def generated() -> str:
    schemas = {name: stripped(json.loads(path.read_text("utf-8"))) for name, path in PINNED.items()}
    origin = [
        str(path.relative_to(ROOT)) for path in [*PINNED.values(), *METHOD_LISTS, V2_UNSTABLE]
    ]
    named = {
        method
        for path in METHOD_LISTS
        for group in json.loads(path.read_text("utf-8")).values()
        if isinstance(group, dict)
        for method in group.values()
    }
    v2_named = {
        node["x-method"]
        for node in json.loads(V2_UNSTABLE.read_text("utf-8"))["$defs"].values()
        if "x-method" in node
    }
    data = {
        "generatedFrom": origin,
        "currentMethodNames": sorted(named),
        "v2MethodNames": sorted(v2_named),
        **schemas,
    }
    return json.dumps(data, sort_keys=True, separators=(",", ":")) + "\n"


def test_the_packaged_schemas_are_generated_from_the_pinned_ones() -> None:
    if os.environ.get("ACP_COMPAT_REGENERATE") == "1":
        DATA.write_text(generated(), encoding="utf-8")
    assert DATA.read_text("utf-8") == generated(), (
        "acp_compat/trace/schemas.json is stale: run "
        "ACP_COMPAT_REGENERATE=1 pytest tests/trace/test_schema.py"
    )


@functools.cache
def reference(protocol: str, name: str) -> jsonschema.Draft202012Validator:
    """The reference validator of ``name`` in ``protocol``'s pinned schema."""
    full = json.loads(PINNED[protocol].read_text("utf-8"))
    return jsonschema.Draft202012Validator({"$ref": f"#/$defs/{name}", "$defs": full["$defs"]})


def agree(protocol: str, name: str, value: Any) -> None:
    """The compiled check and the reference validator agree on ``value``."""
    valid = reference(protocol, name).is_valid(value)
    ours = pinned().of(Protocol(protocol)).check(name, value, "params")
    assert (ours == []) == valid, (name, value, ours)


def mutations(value: Any) -> list[Any]:
    """``value`` broken in small ways: each member replaced by a wrong type or dropped."""
    out: list[Any] = []
    if isinstance(value, dict):
        for key in list(value):
            wrong: tuple[Any, ...] = (12, "x", None, [], {}, True)
            for bad in wrong:
                out.append({**value, key: bad})
            out.append({k: v for k, v in value.items() if k != key})
            for inner in mutations(value[key])[:6]:
                out.append({**value, key: inner})
    elif isinstance(value, list) and value:
        for inner in mutations(value[0])[:6]:
            out.append([inner, *value[1:]])
    return out


def current_bodies() -> list[tuple[str, Any]]:
    """Valid current bodies, by their definition: what the checks must accept."""
    text = {"type": "text", "text": "hi"}
    call = {"toolCallId": "c1", "title": "Read", "kind": "read", "status": "pending"}
    diff = {"type": "diff", "path": "/a", "newText": "b", "oldText": None}
    done = {
        "sessionUpdate": "tool_call_update",
        "toolCallId": "c1",
        "status": "completed",
        "content": [{"type": "content", "content": text}, diff],
    }
    entries = [{"content": "x", "priority": "low", "status": "pending"}]
    updates = [
        {"sessionUpdate": "agent_message_chunk", "content": text},
        {"sessionUpdate": "tool_call", **call},
        done,
        {"sessionUpdate": "plan", "entries": entries},
        {"sessionUpdate": "current_mode_update", "currentModeId": "ask"},
    ]
    options = [{"optionId": "ok", "name": "Allow", "kind": "allow_once"}]
    link = {"type": "resource_link", "uri": "file:///a", "name": "a"}
    server = {"name": "m", "command": "c", "args": [], "env": []}
    return [
        *(("SessionNotification", {"sessionId": "s", "update": u}) for u in updates),
        ("PromptRequest", {"sessionId": "s", "prompt": [text, link]}),
        (
            "RequestPermissionRequest",
            {"sessionId": "s", "toolCall": {"toolCallId": "c1"}, "options": options},
        ),
        ("RequestPermissionResponse", {"outcome": {"outcome": "selected", "optionId": "ok"}}),
        ("RequestPermissionResponse", {"outcome": {"outcome": "cancelled"}}),
        ("InitializeRequest", {"protocolVersion": 1, "clientCapabilities": {"fs": {}}}),
        ("InitializeResponse", {"protocolVersion": 1, "agentCapabilities": {"loadSession": True}}),
        ("NewSessionRequest", {"cwd": "/p", "mcpServers": [server]}),
        ("PromptResponse", {"stopReason": "end_turn"}),
        ("ReadTextFileRequest", {"sessionId": "s", "path": "/p/a", "line": 1, "limit": 10}),
    ]


@pytest.mark.parametrize(
    ("name", "body"), current_bodies(), ids=lambda x: x if isinstance(x, str) else ""
)
def test_the_checks_agree_with_a_reference_validator(name: str, body: Any) -> None:
    agree("current", name, body)
    for broken in mutations(body):
        agree("current", name, broken)


def v2_bodies() -> list[tuple[str, Any]]:
    """Valid v2 bodies: v2's unions are open (a tag none of its members has is the open
    member's), which the checks dispatch by the tag as they do the closed ones."""
    text = {"type": "text", "text": "hi"}
    blob = {"uri": "file:///a", "blob": "aGk="}
    background = [
        {"type": "tool_call", "toolCallId": "c1"},
        {"type": "terminal", "terminalId": "t"},
    ]
    updates = [
        {"sessionUpdate": "agent_message_chunk", "messageId": "m", "content": text},
        {"sessionUpdate": "user_message", "messageId": "u", "content": [text]},
        {"sessionUpdate": "state_update", "state": "running", "background": background},
        {"sessionUpdate": "state_update", "state": "idle", "stopReason": "end_turn"},
        {"sessionUpdate": "state_update", "state": "idle"},
        {"sessionUpdate": "state_update", "state": "_paused"},
        {
            "sessionUpdate": "tool_call_update",
            "toolCallId": "c1",
            "status": None,
            "content": [{"type": "content", "content": text}, {"type": "_widget"}],
        },
        {"sessionUpdate": "_vendor_update", "anything": 1},
        {"sessionUpdate": "tool_call_update", "toolCallId": "c2", "kind": "_compile"},
        {
            "sessionUpdate": "tool_call_update",
            "toolCallId": "c3",
            "content": [
                {"type": "content", "content": {"type": "resource", "resource": blob}},
            ],
        },
    ]
    subject = {"type": "tool_call", "toolCall": {"toolCallId": "c1"}}
    options = [{"optionId": "ok", "name": "Allow", "kind": "allow_once"}]
    return [
        *(("UpdateSessionNotification", {"sessionId": "s", "update": u}) for u in updates),
        (
            "RequestPermissionRequest",
            {"sessionId": "s", "title": "Read?", "subject": subject, "options": options},
        ),
        ("PromptResponse", {"messageId": "u"}),
    ]


@pytest.mark.parametrize(
    ("name", "body"), v2_bodies(), ids=lambda x: x if isinstance(x, str) else ""
)
def test_the_v2_checks_agree_with_a_reference_validator(name: str, body: Any) -> None:
    agree("v2", name, body)
    for broken in mutations(body):
        agree("v2", name, broken)


def legacy_bodies() -> list[tuple[str, Any]]:
    """Valid 0.0.9 bodies: its unions are told by a member of their own (``text`` or
    ``thought``, ``text`` or ``path``), which the checks look at first."""
    return [
        ("StreamAssistantMessageChunkParams", {"chunk": {"text": "x"}}),
        ("StreamAssistantMessageChunkParams", {"chunk": {"thought": "t"}}),
        ("StreamAssistantMessageChunkParams", {"chunk": {"text": 1, "thought": "t"}}),
        ("SendUserMessageParams", {"chunks": [{"text": "hi"}, {"path": "/a"}]}),
    ]


@pytest.mark.parametrize(
    ("name", "body"), legacy_bodies(), ids=lambda x: x if isinstance(x, str) else ""
)
def test_the_legacy_checks_agree_with_a_reference_validator(name: str, body: Any) -> None:
    agree("legacy", name, body)
    for broken in mutations(body):
        agree("legacy", name, broken)


def test_an_unknown_tool_kind_is_no_kind_of_the_schema() -> None:
    """The models relay it (on purpose); the judge says what the schema says."""
    update = {"sessionUpdate": "tool_call", "toolCallId": "c1", "title": "Build", "kind": "compile"}
    body = {"sessionId": "s", "update": update}
    [(path, text)] = pinned().current.check("SessionNotification", body, "params")
    kinds = '"read", "edit", "delete", "move", "search", "execute", "think", "fetch"'
    assert (path, text) == (
        "params.update.kind",
        f'expected one of {kinds}, "switch_mode", "other", got "compile"',
    )


def test_a_check_asked_for_while_it_is_being_compiled_is_whole(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The schemas are shared by the process: a thread may ask for a check while another
    compiles it. Asked for here from inside that compile, once its first function exists
    and before the functions it calls do (where a thread switch would let it in), the
    check is whole: it judges a value that needs those functions, as it does afterwards."""
    schema = Schema(json.loads(DATA.read_bytes())["current"])
    body = {
        "sessionId": "s",
        "configOptions": [
            {"id": "mode", "name": "Mode", "type": "select", "currentValue": 7, "options": []}
        ],
    }
    emit = _Emitter.function
    meanwhile: list[Any] = []
    asked = False

    def function(emitter: _Emitter, name: str, node: Any) -> Any:
        nonlocal asked
        if name != "d_NewSessionResponse" and not asked:
            asked = True
            meanwhile.append(schema.checker("NewSessionResponse")(body))
        return emit(emitter, name, node)

    monkeypatch.setattr(_Emitter, "function", function)
    after = schema.checker("NewSessionResponse")(body)
    assert meanwhile == [after]
    assert after, "the body breaks the schema: the callees judged it"
