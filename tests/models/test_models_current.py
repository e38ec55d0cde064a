"""Current ACP v1 models: captures, the method table, the official schema, fallbacks, bad input."""

from __future__ import annotations

import enum
import functools
import importlib
import json
import types
from pathlib import Path
from typing import Any, Literal, Union, get_args, get_origin

import attrs
import jsonschema
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import acp_compat.models.current as C
from acp_compat.codec import CodecError, Problem, structure, unstructure, wire_name
from acp_compat.models._base import ALWAYS, UNCHANGED, UNIONS, KeyedUnion, TaggedUnion
from acp_compat.models.codegen.build import ClassSpec, UnionSpec, build
from acp_compat.models.codegen.choices import CURRENT
from acp_compat.models.codegen.emit import builder_name
from acp_compat.models.codegen.write import BUILT_BELOW
from acp_compat.models.current import wire
from tests.support.paths import ROOT

CAPTURES = sorted((ROOT / "tests" / "data" / "captures").glob("v1_*.jsonl"))
SCHEMA_DIR = ROOT / "vectors" / "schemas" / "current"
# The models follow the newest pinned v1 schema (the one the TypeScript SDK 2.4.0 ships, a
# superset of 1.21.0); what acp-compat sends is validated against both (tests/schemas.py).
SCHEMA_FILE = SCHEMA_DIR / "acp-v1-schema-ts-sdk-2.4.0.unstable.schema.json"
OLDER_SCHEMA_FILE = SCHEMA_DIR / "acp-v1-schema-1.21.0.schema.json"
META_FILE = SCHEMA_DIR / "acp-v1-schema-1.21.0.meta.json"
UNSTABLE_META_FILE = SCHEMA_DIR / "acp-v1-schema-1.21.0.meta.unstable.json"


@functools.cache
def _schema() -> dict[str, Any]:
    schema: dict[str, Any] = json.loads(SCHEMA_FILE.read_text())
    return schema


@functools.cache
def _validator(definition: str) -> jsonschema.Draft202012Validator:
    root = _schema()
    return jsonschema.Draft202012Validator(
        {"$schema": root["$schema"], "$defs": root["$defs"], "$ref": f"#/$defs/{definition}"}
    )


def _schema_errors(data: Any, definition: str) -> list[str]:
    return [
        f"{'/'.join(map(str, e.absolute_path))}: {e.message[:200]}"
        for e in _validator(definition).iter_errors(data)
    ]


# --------------------------------------------------------------------------- captures

# Keys real peers send that schema 1.21.0 does not define. The models ignore them (unknown
# keys are never an error), so they are the only thing a round trip may lose. Gemini CLI
# 0.61.0 answers session/new with the unstable ``models`` selector state.
KNOWN_EXTRA_KEYS = {("session/new", "result", "models")}


def _typed_payloads(path: Path) -> list[tuple[str, str, Any, Any]]:
    """(method, "params" | "result", JSON, model type) of every message in a capture."""
    pending: dict[tuple[str, Any], str] = {}
    out: list[tuple[str, str, Any, Any]] = []
    for line in path.read_text().splitlines():
        record = json.loads(line)
        msg, direction = record["msg"], record["dir"]
        if "method" in msg:
            spec = C.CURRENT_METHODS[msg["method"]]
            assert direction == ("client->agent" if spec.handled_by == "agent" else "agent->client")
            assert ("id" in msg) is not spec.notification, msg
            if "id" in msg:
                # Each direction has its own id space: both sides count from 0.
                pending[(direction, msg["id"])] = msg["method"]
            out.append((msg["method"], "params", msg["params"], spec.params))
        else:
            answered = "agent->client" if direction == "client->agent" else "client->agent"
            spec = C.CURRENT_METHODS[pending.pop((answered, msg["id"]))]
            assert "error" not in msg, msg
            out.append((spec.name, "result", msg["result"], spec.result))
    assert not pending, f"unanswered requests in {path.name}: {pending}"
    return out


def _dropped_keys(original: Any, written: Any, path: tuple[str, ...] = ()) -> set[tuple[str, ...]]:
    """Paths of object keys in ``original`` that ``written`` lacks (recursively)."""
    dropped: set[tuple[str, ...]] = set()
    if isinstance(original, dict) and isinstance(written, dict):
        for key, value in original.items():
            if key not in written:
                dropped.add((*path, key))
            else:
                dropped |= _dropped_keys(value, written[key], (*path, key))
    elif isinstance(original, list) and isinstance(written, list):
        for item, other in zip(original, written, strict=False):
            dropped |= _dropped_keys(item, other, path)
    return dropped


def _without(data: Any, paths: set[tuple[str, ...]]) -> Any:
    if not isinstance(data, dict):
        return data
    out = {}
    for key, value in data.items():
        if (key,) in paths:
            continue
        inner = {p[1:] for p in paths if len(p) > 1 and p[0] == key}
        out[key] = _without(value, inner) if inner else value
    return out


def _definition_for(method: str, role: str) -> str:
    for name, definition in _schema()["$defs"].items():
        if definition.get("x-method") == method and name.endswith("Response") == (role == "result"):
            return str(name)
    raise AssertionError(f"no {role} definition for {method}")


def test_both_v1_captures_are_present() -> None:
    assert len(CAPTURES) == 2


@pytest.mark.parametrize("path", CAPTURES, ids=lambda p: p.name)
def test_captured_messages_round_trip(path: Path) -> None:
    payloads = _typed_payloads(path)
    assert len(payloads) > 10
    extra_keys: set[tuple[str, ...]] = set()
    for method, role, data, model in payloads:
        obj = structure(data, model, at=role)
        written = unstructure(obj)
        dropped = _dropped_keys(data, written)
        for key_path in dropped:
            # Only top-level keys the schema does not define may be lost.
            assert len(key_path) == 1, (method, role, key_path)
            known = _schema()["$defs"][_definition_for(method, role)].get("properties", {})
            assert key_path[0] not in known, (method, role, key_path)
            extra_keys.add((method, role, *key_path))
        assert written == _without(data, dropped), (method, role)
        assert _schema_errors(written, _definition_for(method, role)) == []
    assert extra_keys == KNOWN_EXTRA_KEYS


def test_captured_typed_content_is_reachable() -> None:
    """Spot checks that the captures structure into the classes a translator reads."""
    payloads = _typed_payloads(
        ROOT / "tests" / "data" / "captures" / "v1_gemini-0.61.0_full_mjs.jsonl"
    )
    typed = [structure(data, model) for _, _, data, model in payloads]
    init = typed[1]
    assert isinstance(init, C.InitializeResponse)
    assert init.agent_capabilities is not None
    assert init.agent_capabilities.load_session is True
    assert init.auth_methods is not None
    assert all(isinstance(m, C.AuthMethodAgent) for m in init.auth_methods)
    second = init.auth_methods[1]
    assert isinstance(second, C.AuthMethodAgent)
    assert second.meta == {"api-key": {"provider": "google"}}
    permission = next(t for t in typed if isinstance(t, C.RequestPermissionRequest))
    assert permission.options[1].kind == "allow_once"
    diff = permission.tool_call.content[0] if permission.tool_call.content else None
    assert isinstance(diff, C.Diff) and diff.old_text == "" and diff.meta == {"kind": "add"}
    selected = next(t for t in typed if isinstance(t, C.RequestPermissionResponse))
    assert selected.outcome == C.SelectedPermissionOutcome(option_id="proceed_once")
    kinds = {type(t.update) for t in typed if isinstance(t, C.SessionNotification)}
    assert {C.AgentMessageChunk, C.ToolCall, C.ToolCallProgress} <= kinds
    assert isinstance(typed[-1], C.PromptResponse) and typed[-1].stop_reason == "end_turn"


# --------------------------------------------------------------------------- method table


def _meta_methods(meta: dict[str, Any]) -> dict[str, str]:
    return {
        **{name: "agent" for name in meta["agentMethods"].values()},
        **{name: "client" for name in meta["clientMethods"].values()},
        **{name: "both" for name in meta["protocolMethods"].values()},
    }


def test_method_table_matches_meta_json() -> None:
    """The stable methods are 1.21.0's; the unstable ones are in its unstable method list
    (which names a few, NES and documents, that no pinned schema defines yet)."""
    stable = _meta_methods(json.loads(META_FILE.read_text()))
    unstable = _meta_methods(json.loads(UNSTABLE_META_FILE.read_text()))
    table = {n: s.handled_by for n, s in C.CURRENT_METHODS.items() if not s.unstable}
    assert table == stable
    newer = {n: s.handled_by for n, s in C.CURRENT_METHODS.items() if s.unstable}
    assert newer and set(newer) - set(stable) == set(newer)
    assert {n for n in newer if unstable.get(n) != newer[n]} == {
        # Newer than 1.21.0's unstable list (the TypeScript SDK 2.4.0's unstable schema).
        n
        for n in newer
        if n not in unstable
    }
    notifications = {n for n, s in C.CURRENT_METHODS.items() if s.notification}
    assert notifications == {
        "session/cancel",
        "session/update",
        "elicitation/complete",
        "$/cancel_request",
        "auth/status_update",
    }
    for name, spec in C.CURRENT_METHODS.items():
        assert spec.name == name
        assert spec.params is not None
        # Notifications have no result; every request has a Response definition.
        has_response = any(
            d.get("x-method") == name and n.endswith("Response")
            for n, d in _schema()["$defs"].items()
        )
        assert has_response is not spec.notification, name
        assert (spec.result is None) is spec.notification, name


def test_void_results_are_the_meta_only_response_definitions() -> None:
    meta_only = {
        name
        for name, d in _schema()["$defs"].items()
        if d.get("x-method")
        and name.endswith("Response")
        and set(d.get("properties", {"": 0})) == {"_meta"}
        and "anyOf" not in d  # CreateElicitationResponse: its variants add an action
    }
    assert {cls.__name__ for cls in C.VOID_RESULTS} == meta_only
    assert {"WriteTextFileResponse", "CloseSessionResponse"} <= meta_only
    for cls in C.VOID_RESULTS:
        assert unstructure(cls()) == {}
        assert structure({"_meta": {"a": 1}}, cls) == cls(meta={"a": 1})


@pytest.mark.parametrize("name", sorted(C.CURRENT_METHODS))
def test_method_types_are_the_schema_definitions(name: str) -> None:
    """Each params/result type is the x-method definition: same class name, or a declared
    union whose members all validate against it."""
    spec = C.CURRENT_METHODS[name]
    for role, model in (("params", spec.params), ("result", spec.result)):
        if model is None:
            continue
        definition = _definition_for(name, role)
        if isinstance(model, type):
            assert model.__name__ == definition
        else:
            assert UNION_DEFINITIONS[_union_name(model)] == definition
            for member in _members(model):
                if member not in FALLBACKS:
                    for sample in (_full(member), _minimal(member)):
                        assert _schema_errors(unstructure(sample), definition) == []


# --------------------------------------------------------------------------- samples

EXPORTED = {name: getattr(C, name) for name in C.EXPORTS}
MODEL_CLASSES = sorted(
    (cls for cls in EXPORTED.values() if isinstance(cls, type) and attrs.has(cls)),
    key=lambda cls: cls.__name__,
)
FALLBACKS = {d.fallback for d in UNIONS if isinstance(d, TaggedUnion) and d.fallback}

# What the generator knows of each model: the schema definitions its objects are instances
# of (a union's member: its own and its union's). The samples are validated against them
# with jsonschema, independently of the generator.
_GENERATED = build(CURRENT, ROOT)
_SPECS = {item.name: item for items in _GENERATED.topics.values() for item in items}
UNION_DEFINITIONS = {
    name: {"SessionConfigSelectEntry": "SessionConfigSelectOptions"}.get(name, name)
    for name, item in _SPECS.items()
    if isinstance(item, UnionSpec)
}

# Optional fields the schema still needs one of (an elicitation's scope): set in minimal samples.
MINIMAL_EXTRAS: dict[str, dict[str, Any]] = {
    "ElicitationFormRequest": {"session_id": "sess"},
    "ElicitationUrlRequest": {"request_id": 12},
}

# Open ``str`` fields whose schema still lists the known values: sample with a known one.
STR_SAMPLES = {"kind": "edit", "format": "date-time", "category": "model"}


def _union_name(union: Any) -> str:
    """The exported alias of a declared union."""
    return next(n for n, v in EXPORTED.items() if v is union and not isinstance(v, type))


def _exported(union: Any) -> bool:
    return any(v is union for v in EXPORTED.values())


def _members(tp: Any) -> list[Any]:
    return [a for a in get_args(tp) if a is not type(None)]


def _declared(tp: Any) -> bool:
    return any(set(get_args(d.union)) == set(_members(tp)) for d in UNIONS)


def _sample_value(tp: Any, name: str, full: bool, older: bool = False) -> Any:
    origin = get_origin(tp)
    if origin in (Union, types.UnionType):
        options = _members(tp)
        if _declared(tp):
            return _build(options[0], full, older)
        return _sample_value(options[0], name, full, older)
    if origin is Literal:
        return get_args(tp)[0]
    if origin is list:
        return [_sample_value(get_args(tp)[0], name, full, older)]
    if origin is dict:
        return {"key": _sample_value(get_args(tp)[1], name, full, older)}
    if tp is Any:
        return {"raw": [1, "two", None]}
    if isinstance(tp, type) and issubclass(tp, enum.Enum):
        return next(iter(tp))
    if tp is str:
        return STR_SAMPLES.get(name, f"{name}-sample")
    if tp is bool:
        return True
    if tp is int:
        return 7
    if tp is float:
        return 0.5
    if isinstance(tp, type) and attrs.has(tp):
        return _build(tp, full, older)
    raise AssertionError(f"no sample for {tp!r}")


def _build(cls: type, full: bool, older: bool = False) -> Any:
    """An instance of ``cls``: every field set (``full``) or only the required ones;
    ``older``: only the fields schema 1.21.0 has too (what older peers read)."""
    if cls in FALLBACKS:
        return cls(data={"future": True})
    hints = attrs.resolve_types(cls)
    kwargs: dict[str, Any] = {} if full else dict(MINIMAL_EXTRAS.get(cls.__name__, {}))
    newer = _newer_fields(cls) if older else set()
    for field in attrs.fields(hints):
        if field.default is not attrs.NOTHING and (not full or wire_name(cls, field.name) in newer):
            continue
        if field.metadata.get(ALWAYS) and get_origin(field.type) is Literal:
            continue  # a discriminator: its default is the only valid value
        kwargs[field.name] = _sample_value(field.type, field.name, full, older)
    return cls(**kwargs)


def _full(cls: type, older: bool = False) -> Any:
    return _build(cls, full=True, older=older)


@functools.cache
def _older_definitions() -> dict[str, Any]:
    older: dict[str, Any] = json.loads(OLDER_SCHEMA_FILE.read_text())["$defs"]
    return older


def _spec(cls: type) -> ClassSpec:
    spec = _SPECS[cls.__name__]
    assert isinstance(spec, ClassSpec)
    return spec


def _newer_fields(cls: type) -> set[str]:
    """Wire keys of ``cls`` that schema 1.21.0 lacks (as the generator read them)."""
    specs = [_spec(c) for c in cls.__mro__ if c.__name__ in _SPECS and attrs.has(c)]
    return {f.wire for s in specs for f in s.fields if f.since not in ("", "1.21.0")}


def _minimal(cls: type) -> Any:
    return _build(cls, full=False)


def _definitions(cls: type) -> list[str]:
    return list(_spec(cls).definitions)


def test_every_class_is_checked_against_a_definition() -> None:
    unchecked = [c.__name__ for c in MODEL_CLASSES if c not in FALLBACKS and not _definitions(c)]
    assert unchecked == []
    assert len(MODEL_CLASSES) > 180


def _branch_tags(definition: dict[str, Any], tag: str) -> set[str]:
    """The ``tag`` constants of a union definition's branches."""
    tags = set()
    for branch in definition.get("oneOf", []) + definition.get("anyOf", []):
        const = branch.get("properties", {}).get(tag, {}).get("const")
        if isinstance(const, str):
            tags.add(const)
    return tags


@pytest.mark.parametrize("union_name", sorted(UNION_DEFINITIONS))
def test_every_tag_of_a_schema_union_has_its_member(union_name: str) -> None:
    """A new kind of session update (or content, outcome...) must not land in the fallback."""
    union = EXPORTED[union_name]
    declared = next(d for d in UNIONS if set(get_args(d.union)) == set(_members(union)))
    if not isinstance(declared, TaggedUnion):
        return
    definition = _schema()["$defs"][UNION_DEFINITIONS[union_name]]
    assert _branch_tags(definition, declared.tag) <= set(declared.members)


def _schema_members(definition: dict[str, Any]) -> set[str]:
    """Every member a definition names: its own, its branches' and what they refer to."""
    names = set(definition.get("properties", {}))
    for key in ("oneOf", "anyOf", "allOf"):
        for branch in definition.get(key, []):
            if "$ref" in branch:
                names |= _schema_members(_schema()["$defs"][branch["$ref"].rsplit("/", 1)[1]])
            elif branch.get("title") != "other":
                names |= _schema_members(branch)
    return names


@pytest.mark.parametrize(
    "cls", [c for c in MODEL_CLASSES if c not in FALLBACKS], ids=lambda c: c.__name__
)
def test_no_schema_member_is_left_out(cls: type) -> None:
    """Every member of the class's own definition is a wire key of the class (a union's
    branch is checked against the definition it takes its members from)."""
    own = _definitions(cls)[-1] if len(_definitions(cls)) > 1 else _definitions(cls)[0]
    if own in UNION_DEFINITIONS.values():
        own = _definitions(cls)[0]
    if own in UNION_DEFINITIONS.values():
        return  # a branch spelled inside its union: the union's other branches differ
    keys = {wire_name(cls, f.name) for f in attrs.fields(cls)}
    assert _schema_members(_schema()["$defs"][own]) - keys == set()


@pytest.mark.parametrize(
    "cls", [c for c in MODEL_CLASSES if c not in FALLBACKS], ids=lambda c: c.__name__
)
def test_samples_validate_and_round_trip(cls: type) -> None:
    for sample in (_full(cls), _minimal(cls)):
        data = unstructure(sample)
        for definition in _definitions(cls):
            assert _schema_errors(data, definition) == [], definition
        assert structure(data, cls) == sample
        # Through the JSON text too: nothing in a model is left that JSON cannot carry.
        assert json.loads(json.dumps(data)) == data


def test_minimal_samples_write_only_required_keys_and_tags() -> None:
    assert unstructure(_minimal(C.ToolCallUpdate)) == {"toolCallId": "tool_call_id-sample"}
    assert unstructure(C.TextContent(text="hi")) == {"type": "text", "text": "hi"}
    assert unstructure(C.Diff(path="/a", new_text="b")) == {
        "type": "diff",
        "path": "/a",
        "newText": "b",
        "oldText": None,
    }
    assert unstructure(C.CancelledPermissionOutcome()) == {"outcome": "cancelled"}
    assert unstructure(C.WriteTextFileResponse()) == {}


@pytest.mark.parametrize("union_name", sorted(UNION_DEFINITIONS))
def test_union_members_structure_through_the_union(union_name: str) -> None:
    union = EXPORTED[union_name]
    for member in _members(union):
        if member in FALLBACKS:
            continue
        sample = _full(member)
        assert structure(unstructure(sample), union) == sample


# --------------------------------------------------------------------------- forward compat

FALLBACK_CASES = [
    ("ContentBlock", {"type": "video", "uri": "file:///v.mp4"}),
    ("ToolCallContent", {"type": "canvas", "id": "c1", "_meta": {"x": 1}}),
    ("SessionUpdate", {"sessionUpdate": "turn_summary", "text": "done"}),
    ("RequestPermissionOutcome", {"outcome": "deferred", "until": 5}),
    ("AuthMethod", {"type": "env_var", "id": "k", "name": "Key", "vars": [{"name": "K"}]}),
    ("McpServer", {"type": "websocket", "name": "m", "url": "ws://x"}),
    ("StateUpdate", {"state": "sleeping", "since": 3}),
    ("PlanUpdateContent", {"type": "gantt", "rows": []}),
    ("SessionConfigOption", {"type": "slider", "id": "t", "name": "Temp", "currentValue": 1}),
    ("SetSessionConfigOptionRequest", {"type": "number", "sessionId": "s", "configId": "c"}),
    ("CreateElicitationRequest", {"mode": "oauth", "message": "m", "sessionId": "s"}),
    ("CreateElicitationResponse", {"action": "later"}),
    ("ElicitationPropertySchema", {"type": "file", "title": "Upload"}),
    ("MultiSelectItems", {"type": "number", "enum": [1, 2]}),
]


def _fallback_of(union: Any) -> type:
    return next(
        d.fallback
        for d in UNIONS
        if isinstance(d, TaggedUnion)
        and d.fallback
        and set(get_args(d.union)) == set(_members(union))
    )


def test_every_tagged_union_with_a_fallback_is_exercised() -> None:
    with_fallback = {
        _union_name(d.union)
        for d in UNIONS
        if isinstance(d, TaggedUnion) and d.fallback and _exported(d.union)
    }
    assert with_fallback == {name for name, _ in FALLBACK_CASES}


@pytest.mark.parametrize("union_name, raw", FALLBACK_CASES, ids=[n for n, _ in FALLBACK_CASES])
def test_unknown_tags_land_in_the_fallback_and_round_trip(union_name: str, raw: Any) -> None:
    union = EXPORTED[union_name]
    obj: Any = structure(raw, union)
    assert obj.data == raw
    assert type(obj) is _fallback_of(union)
    assert unstructure(obj) == raw


def test_unknown_tags_round_trip_inside_messages() -> None:
    notification = {
        "sessionId": "s",
        "update": {
            "sessionUpdate": "tool_call",
            "toolCallId": "t",
            "title": "T",
            "content": [
                {"type": "content", "content": {"type": "hologram", "beam": 3}},
                {"type": "sculpture"},
            ],
        },
    }
    obj = structure(notification, C.SessionNotification)
    assert isinstance(obj.update, C.ToolCall)
    assert obj.update.content is not None
    first, second = obj.update.content
    assert isinstance(first, C.Content) and isinstance(first.content, C.UnknownContentBlock)
    assert isinstance(second, C.UnknownToolCallContent)
    assert unstructure(obj) == notification


def test_untagged_members_are_the_schema_defaults() -> None:
    agent = structure({"id": "login", "name": "Log in"}, C.AuthMethod)
    assert agent == C.AuthMethodAgent(id="login", name="Log in")
    assert unstructure(agent) == {"id": "login", "name": "Log in"}
    terminal = structure(
        {"type": "terminal", "id": "t", "name": "TUI", "args": ["--login"]}, C.AuthMethod
    )
    assert terminal == C.AuthMethodTerminal(id="t", name="TUI", args=["--login"])
    stdio = {"name": "fs", "command": "mcp-fs", "args": [], "env": [{"name": "A", "value": "1"}]}
    assert structure(stdio, C.McpServer) == C.McpServerStdio(
        name="fs", command="mcp-fs", args=[], env=[C.EnvVariable(name="A", value="1")]
    )
    value_id = {"sessionId": "s", "configId": "model", "value": "fast"}
    assert isinstance(
        structure(value_id, C.SetSessionConfigOptionRequest), C.SetSessionConfigOptionValueId
    )
    boolean = {"sessionId": "s", "configId": "think", "type": "boolean", "value": True}
    assert structure(boolean, C.SetSessionConfigOptionRequest) == C.SetSessionConfigOptionBoolean(
        session_id="s", config_id="think", value=True
    )


def test_open_string_enums_keep_unknown_values() -> None:
    update = {"toolCallId": "t", "kind": "teleport"}
    assert unstructure(structure(update, C.ToolCallUpdate)) == update
    assert "teleport" not in C.TOOL_KIND_VALUES and "switch_mode" in C.TOOL_KIND_VALUES


# --------------------------------------------------------------------------- nulls


def test_session_info_update_tells_null_from_absent() -> None:
    cleared = {"sessionUpdate": "session_info_update", "title": None}
    obj = structure(cleared, C.SessionUpdate)
    assert isinstance(obj, C.SessionInfoUpdate)
    assert obj.title is None and obj.updated_at is UNCHANGED
    assert unstructure(obj) == cleared
    untouched = {"sessionUpdate": "session_info_update", "updatedAt": "2026-01-01T00:00:00Z"}
    obj = structure(untouched, C.SessionUpdate)
    assert isinstance(obj, C.SessionInfoUpdate) and obj.title is UNCHANGED
    assert unstructure(obj) == untouched


@pytest.mark.parametrize(
    "member", ["title", "description", "capabilities", "state", "cwd", "additionalDirectories"]
)
def test_a_subagent_update_tells_null_from_absent(member: str) -> None:
    """The unstable ``subagent_update`` is a patch: ``null`` clears a member, which the
    relay must pass on (it was read as absent and dropped)."""
    cleared = {"sessionUpdate": "subagent_update", "sessionId": "child", member: None}
    obj = structure(cleared, C.SessionUpdate)
    assert isinstance(obj, C.SubagentUpdate)
    assert unstructure(obj) == cleared
    untouched = {"sessionUpdate": "subagent_update", "sessionId": "child"}
    assert unstructure(structure(untouched, C.SessionUpdate)) == untouched


def test_diff_old_text_null_is_kept_and_tool_call_update_null_means_unchanged() -> None:
    new_file = {"type": "diff", "path": "/p", "oldText": None, "newText": "x"}
    assert unstructure(structure(new_file, C.ToolCallContent)) == new_file
    update = structure({"toolCallId": "t", "content": None, "locations": []}, C.ToolCallUpdate)
    assert update.content is None and update.locations == []
    # ``null`` and absent both mean "unchanged" (see ToolCallUpdate); ``[]`` clears.
    assert unstructure(update) == {"toolCallId": "t", "locations": []}


def test_cancel_request_keeps_a_null_request_id() -> None:
    for request_id in (None, 3, "abc"):
        data = {"requestId": request_id}
        assert unstructure(structure(data, C.CancelRequestNotification)) == data


# --------------------------------------------------------------------------- bad input

BAD_INPUT = [
    ({"sessionId": "s"}, C.PromptRequest, Problem("params.prompt", "required field missing")),
    (
        {"sessionId": "s", "prompt": [{"type": "text"}]},
        C.PromptRequest,
        Problem("params.prompt[0].text", "required field missing"),
    ),
    (
        {"sessionId": 5, "prompt": []},
        C.PromptRequest,
        Problem("params.sessionId", "expected a string, got 5"),
    ),
    (
        {"protocolVersion": "1"},
        C.InitializeRequest,
        Problem("params.protocolVersion", 'expected an integer, got "1"'),
    ),
    (
        {"sessionId": "s", "update": {"sessionUpdate": "tool_call", "title": "T"}},
        C.SessionNotification,
        Problem("params.update.toolCallId", "required field missing"),
    ),
    (
        {
            "sessionId": "s",
            "update": {
                "sessionUpdate": "plan",
                "entries": [{"content": "a", "priority": "urgent", "status": "pending"}],
            },
        },
        C.SessionNotification,
        Problem(
            "params.update.entries[0].priority",
            'expected one of "high", "medium", "low", got "urgent"',
        ),
    ),
    (
        {
            "sessionId": "s",
            "toolCall": {"toolCallId": "t"},
            "options": [{"optionId": "o", "name": "O", "kind": "allow_maybe"}],
        },
        C.RequestPermissionRequest,
        Problem(
            "params.options[0].kind",
            'expected one of "allow_once", "allow_always", "reject_once", "reject_always", '
            'got "allow_maybe"',
        ),
    ),
    (
        {"outcome": {"outcome": "selected"}},
        C.RequestPermissionResponse,
        Problem("params.outcome.optionId", "required field missing"),
    ),
    (
        {"cwd": "/p", "mcpServers": {}},
        C.NewSessionRequest,
        Problem("params.mcpServers", "expected a list, got an object"),
    ),
    (
        {"output": "o", "truncated": "no"},
        C.TerminalOutputResponse,
        Problem("params.truncated", 'expected a boolean, got "no"'),
    ),
    (
        {"sessionId": "s", "prompt": [{"type": "resource", "resource": {"uri": "u"}}]},
        C.PromptRequest,
        Problem(
            "params.prompt[0].resource", 'expected an object with one of the members "text", "blob"'
        ),
    ),
    (None, C.WriteTextFileResponse, Problem("params", "expected an object, got null")),
    (
        {"mode": "form", "message": "m", "requestedSchema": {}},
        C.CreateElicitationRequest,
        Problem("params", "either sessionId or requestId is required"),
    ),
]


@pytest.mark.parametrize("data, cls, problem", BAD_INPUT, ids=lambda v: getattr(v, "path", None))
def test_bad_input_is_a_codec_error_naming_the_path(data: Any, cls: type, problem: Problem) -> None:
    with pytest.raises(CodecError) as info:
        structure(data, cls, at="params")
    assert info.value.problems == [problem]


def test_every_problem_is_reported_at_once() -> None:
    with pytest.raises(CodecError) as info:
        structure({"toolCallId": 1, "title": None, "status": "done"}, C.ToolCall)
    assert {p.path for p in info.value.problems} == {"toolCallId", "title", "status"}


def test_select_entries_form_either_kind_of_options_list() -> None:
    # The schema's SessionConfigSelectOptions is a list of options or a list of groups; our
    # per-entry union must produce each.
    for member in _members(C.SessionConfigSelectEntry):
        for sample in (_full(member), _minimal(member)):
            data = [unstructure(sample)]
            assert _schema_errors(data, "SessionConfigSelectOptions") == []
            assert structure(data, list[C.SessionConfigSelectEntry]) == [sample]


def test_keyed_union_declarations_are_exported() -> None:
    keyed = {
        _union_name(d.union) for d in UNIONS if isinstance(d, KeyedUnion) and _exported(d.union)
    }
    assert keyed == {"EmbeddedResourceResource", "SessionConfigSelectEntry"}


JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=5),
    lambda inner: (
        st.lists(inner, max_size=3)
        | st.dictionaries(
            st.sampled_from(["type", "sessionUpdate", "outcome", "text", "sessionId", "content"])
            | st.text(max_size=4),
            inner,
            max_size=4,
        )
    ),
    max_leaves=12,
)
PAYLOAD_TYPES = sorted(
    {
        (name, role, model)
        for name, spec in C.CURRENT_METHODS.items()
        for role, model in (("params", spec.params), ("result", spec.result))
        if model is not None
    },
    key=lambda row: (row[0], row[1]),
)


@settings(max_examples=300, deadline=None)
@given(row=st.sampled_from(PAYLOAD_TYPES), data=JSON)
def test_arbitrary_json_gives_a_model_or_a_codec_error(
    row: tuple[str, str, Any], data: Any
) -> None:
    _name, _role, model = row
    try:
        obj = structure(data, model)
    except CodecError as err:
        assert err.problems
        return
    # Whatever was accepted is written back in a form that reads the same again.
    assert structure(unstructure(obj), model) == obj


# --------------------------------------------------------------------------- official SDK


def _sdk_cases() -> list[tuple[str, Any]]:
    """(schema definition, JSON) pairs: every class-typed method payload, and every member of
    the main unions carried inside one, as of schema 1.21.0 (the SDK's)."""
    cases: list[tuple[str, Any]] = []
    for name, spec in sorted(C.CURRENT_METHODS.items()):
        for role, model in (("params", spec.params), ("result", spec.result)):
            if isinstance(model, type) and not spec.unstable:
                for sample in (_full(model, older=True), _minimal(model)):
                    cases.append((_definition_for(name, role), unstructure(sample)))

    def members(union: Any) -> list[Any]:
        return [
            _full(m, older=True)
            for m in _members(union)
            if m not in FALLBACKS
            and _definitions(m)[0] in _older_definitions()
            and not _newer_fields(m)
        ]

    for update in members(C.SessionUpdate):
        message = C.SessionNotification(session_id="s", update=update)
        cases.append(("SessionNotification", unstructure(message)))
    for block in members(C.ContentBlock):
        cases.append(
            ("PromptRequest", unstructure(C.PromptRequest(session_id="s", prompt=[block])))
        )
    tool_call = C.ToolCallUpdate(tool_call_id="t", content=members(C.ToolCallContent))
    options = [C.PermissionOption(option_id="o", name="O", kind="reject_always")]
    request = C.RequestPermissionRequest(session_id="s", tool_call=tool_call, options=options)
    cases.append(("RequestPermissionRequest", unstructure(request)))
    for outcome in members(C.RequestPermissionOutcome):
        cases.append(
            ("RequestPermissionResponse", unstructure(C.RequestPermissionResponse(outcome=outcome)))
        )
    auth = C.InitializeResponse(protocol_version=1, auth_methods=members(C.AuthMethod))
    cases.append(("InitializeResponse", unstructure(auth)))
    servers = C.NewSessionRequest(cwd="/p", mcp_servers=members(C.McpServer))
    cases.append(("NewSessionRequest", unstructure(servers)))
    config = C.SetSessionConfigOptionResponse(config_options=members(C.SessionConfigOption))
    cases.append(("SetSessionConfigOptionResponse", unstructure(config)))
    return cases


SDK_CASES = _sdk_cases()


@pytest.mark.parametrize(("definition", "data"), SDK_CASES, ids=[d for d, _ in SDK_CASES])
def test_payloads_round_trip_through_the_official_python_sdk(definition: str, data: Any) -> None:
    """What we write, agent-client-protocol 0.12.1 reads, and writes back the same (that SDK
    follows schema 1.21.0, so the cases hold nothing newer)."""
    schema_module = importlib.import_module("acp.schema")  # a test dependency: never skipped
    model = getattr(schema_module, definition)
    parsed = model.model_validate(data)
    assert parsed.model_dump(by_alias=True, exclude_unset=True, mode="json") == data


# --------------------------------------------------------------------------- builders


def _as_wire(value: Any) -> Any:
    """An attribute's value as a builder takes it: a model as its wire object."""
    if attrs.has(type(value)):
        return unstructure(value)
    if isinstance(value, list):
        return [_as_wire(item) for item in value]
    if isinstance(value, dict):
        return {key: _as_wire(item) for key, item in value.items()}
    return value


def builder_of(module: types.ModuleType, cls: str) -> Any:
    """The builder of class ``cls``: in its ``wire`` module, or the JSON-RPC layer's for a
    class it builds (``write.BUILT_BELOW``), held to the models the same way."""
    if cls in BUILT_BELOW:
        where, name = BUILT_BELOW[cls].rsplit(".", 1)
        return getattr(importlib.import_module(where), name)
    return getattr(module, builder_name(cls))


@pytest.mark.parametrize(
    "cls", [c for c in MODEL_CLASSES if c not in FALLBACKS], ids=lambda c: c.__name__
)
def test_each_builder_writes_what_the_converter_writes(cls: type) -> None:
    """The two generated ways to a wire object agree: the class through the converter, and
    its builder in ``wire`` (what translators send with)."""
    builder = builder_of(wire, cls.__name__)
    for sample in (_full(cls), _minimal(cls)):
        arguments = {
            f.name: _as_wire(getattr(sample, f.name))
            for f in attrs.fields(cls)
            if not (f.metadata.get(ALWAYS) and get_origin(f.type) is Literal)
            and getattr(sample, f.name) is not f.default
        }
        assert builder(**arguments) == unstructure(sample)
