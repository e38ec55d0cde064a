"""Legacy ACP 0.0.8-0.0.10 models: real captures, official schemas, bad input, properties."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import attrs
import jsonschema
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from acp_compat.codec import CodecError, Problem, structure, unstructure
from acp_compat.models import legacy as L
from acp_compat.models import legacy_wire
from tests.models.test_models_current import builder_of
from tests.support.paths import ROOT

CAPTURES = sorted((ROOT / "tests" / "data" / "captures").glob("legacy_*.jsonl"))
SCHEMAS = ROOT / "vectors" / "schemas" / "legacy"


def _validator(version: str, definition: str) -> jsonschema.Draft202012Validator:
    schema = json.loads((SCHEMAS / f"acp-{version}.schema.json").read_text())
    return jsonschema.Draft202012Validator(
        {"$defs": schema["$defs"], "$ref": f"#/$defs/{definition}"},
        format_checker=jsonschema.Draft202012Validator.FORMAT_CHECKER,
    )


def _assert_valid(data: Any, cls: type, versions: tuple[str, ...] = ("0.0.9", "0.0.10")) -> None:
    for version in versions:
        errors = [e.message for e in _validator(version, cls.__name__).iter_errors(data)]
        assert errors == [], f"{cls.__name__} against {version}: {errors}"


# --------------------------------------------------------------------------- captures


def _typed_messages(path: Path) -> list[tuple[str, str, Any, type]]:
    """(method, "params" | "result", JSON, model class) for every typed payload in a capture."""
    pending: dict[tuple[str, int], str] = {}
    out: list[tuple[str, str, Any, type]] = []
    for line in path.read_text().splitlines():
        record = json.loads(line)
        if "msg" not in record:
            continue  # a non-JSON line the agent printed (see the captures' README)
        msg, direction = record["msg"], record["dir"]
        if "method" in msg:
            spec = L.LEGACY_METHODS[msg["method"]]
            # The receiving side is the one that handles it.
            assert direction == ("client->agent" if spec.handled_by == "agent" else "agent->client")
            pending[(direction, msg["id"])] = msg["method"]
            if spec.params is None:
                assert msg.get("params") is None
            else:
                out.append((msg["method"], "params", msg["params"], spec.params))
        else:
            answered = "agent->client" if direction == "client->agent" else "client->agent"
            spec = L.LEGACY_METHODS[pending.pop((answered, msg["id"]))]
            if spec.result is None:
                assert msg["result"] is None
            else:
                out.append((spec.name, "result", msg["result"], spec.result))
    assert not pending, f"unanswered requests in {path.name}: {pending}"
    return out


def test_all_four_legacy_captures_are_present() -> None:
    assert len(CAPTURES) == 4


@pytest.mark.parametrize("path", CAPTURES, ids=lambda p: p.name)
def test_captured_messages_round_trip_and_validate(path: Path) -> None:
    typed = _typed_messages(path)
    assert typed, "a capture without typed payloads tests nothing"
    for _method, _kind, data, cls in typed:
        obj: Any = structure(data, cls)
        assert isinstance(obj, cls)
        assert unstructure(obj) == data
        _assert_valid(unstructure(obj), cls)


def test_captures_cover_the_gemini_methods() -> None:
    seen = {(method, kind) for path in CAPTURES for method, kind, _, _ in _typed_messages(path)}
    assert seen >= {
        ("initialize", "params"),
        ("initialize", "result"),
        ("sendUserMessage", "params"),
        ("streamAssistantMessageChunk", "params"),
        ("pushToolCall", "params"),
        ("pushToolCall", "result"),
        ("requestToolCallConfirmation", "params"),
        ("requestToolCallConfirmation", "result"),
        ("updateToolCall", "params"),
    }


def test_captured_values_land_in_the_right_attributes() -> None:
    full = next(p for p in CAPTURES if p.name.endswith("_full.jsonl"))
    confirmations: list[Any] = [
        structure(data, cls)
        for method, kind, data, cls in _typed_messages(full)
        if method == "requestToolCallConfirmation" and kind == "params"
    ]
    execute = [c for c in confirmations if isinstance(c.confirmation, L.ExecuteConfirmation)]
    assert execute and execute[0].content is None
    assert execute[0].confirmation.root_command == "echo, ls"
    edits = [c for c in confirmations if isinstance(c.content, L.DiffContent)]
    assert edits and edits[0].content.new_text.startswith("hello")


# --------------------------------------------------------------------------- every type


EXAMPLES: list[Any] = [
    L.InitializeParams(protocol_version="0.0.9"),
    L.InitializeResponse(protocol_version="0.0.10", is_authenticated=False),
    L.SendUserMessageParams(chunks=[L.TextUserChunk(text="hi"), L.PathUserChunk(path="a.py")]),
    L.StreamAssistantMessageChunkParams(chunk=L.ThoughtAssistantChunk(thought="hmm")),
    L.StreamAssistantMessageChunkParams(chunk=L.TextAssistantChunk(text="ok")),
    L.PushToolCallParams(
        label="read",
        icon="fileSearch",
        content=L.MarkdownContent(markdown="*x*"),
        locations=[L.ToolCallLocation(path="/a", line=3), L.ToolCallLocation(path="/b")],
    ),
    L.PushToolCallParams(label="bare", icon="globe"),
    L.PushToolCallResponse(id=4),
    *[
        L.RequestToolCallConfirmationParams(label="c", icon="hammer", confirmation=confirmation)
        for confirmation in (
            L.EditConfirmation(),
            L.EditConfirmation(description="why"),
            L.ExecuteConfirmation(command="ls -l", root_command="ls"),
            L.McpConfirmation(server_name="s", tool_name="t", tool_display_name="T"),
            L.FetchConfirmation(urls=["https://example.com"], description="get"),
            L.OtherConfirmation(description="something"),
        )
    ],
    L.RequestToolCallConfirmationResponse(id=2, outcome="alwaysAllowMcpServer"),
    L.UpdateToolCallParams(tool_call_id=1, status="error", content=None),
    L.UpdateToolCallParams(
        tool_call_id=1,
        status="running",
        content=L.DiffContent(path="new.txt", old_text=None, new_text="x"),
    ),
    L.ReadTextFileParams(path="/f", line=1, limit=10),
    L.ReadTextFileParams(path="/f"),
    L.ReadTextFileResponse(content="text"),
    L.WriteTextFileParams(path="/f", content=""),
]


@pytest.mark.parametrize("obj", EXAMPLES, ids=lambda o: type(o).__name__)
def test_every_type_round_trips_and_validates(obj: Any) -> None:
    data = unstructure(obj)
    _assert_valid(data, type(obj))
    assert structure(data, type(obj)) == obj


def _wire_arguments(obj: Any) -> dict[str, Any]:
    """``obj``'s attributes as its builder takes them: nested models as wire objects."""
    arguments = {}
    for field in attrs.fields(type(obj)):
        value = getattr(obj, field.name)
        if field.name == "type":
            continue  # the tag: the builder writes it
        if isinstance(value, list):
            value = [unstructure(v) if attrs.has(type(v)) else v for v in value]
        elif attrs.has(type(value)):
            value = unstructure(value)
        arguments[field.name] = value
    return arguments


NESTED = [
    L.DiffContent(path="a", old_text=None, new_text="b"),
    L.ExecuteConfirmation(command="ls -l", root_command="ls"),
    L.TextUserChunk(text="hi"),
]


@pytest.mark.parametrize("obj", EXAMPLES + NESTED, ids=lambda o: type(o).__name__)
def test_each_builder_writes_what_the_converter_writes(obj: Any) -> None:
    """A legacy model's builder (what translators send with) and the converter agree."""
    builder = builder_of(legacy_wire, type(obj).__name__)
    assert builder(**_wire_arguments(obj)) == unstructure(obj)


def test_every_legacy_model_has_a_builder() -> None:
    classes = [
        v
        for v in vars(L).values()
        if isinstance(v, type) and attrs.has(v) and v.__module__ == L.__name__
    ]
    assert classes and all(callable(builder_of(legacy_wire, c.__name__)) for c in classes)


def test_update_plan_is_0_0_10_only() -> None:
    params = L.UpdatePlanParams(
        entries=[L.PlanEntry(content="step", priority="high", status="in_progress")]
    )
    data = unstructure(params)
    assert data == {"entries": [{"content": "step", "priority": "high", "status": "in_progress"}]}
    _assert_valid(data, L.UpdatePlanParams, versions=("0.0.10",))
    assert structure(data, L.UpdatePlanParams) == params


def test_nulls_that_mean_something_are_written() -> None:
    assert unstructure(L.UpdateToolCallParams(tool_call_id=0, status="finished", content=None)) == {
        "toolCallId": 0,
        "status": "finished",
        "content": None,
    }
    assert unstructure(L.DiffContent(path="p", old_text=None, new_text="n"))["oldText"] is None
    # Optional members without a meaning for null are left out.
    assert unstructure(L.PushToolCallParams(label="l", icon="regex")) == {
        "label": "l",
        "icon": "regex",
    }


def test_rust_struct_type_member_is_ignored() -> None:
    location = structure({"type": "ToolCallLocation", "path": "/a"}, L.ToolCallLocation)
    assert location == L.ToolCallLocation(path="/a")
    result = structure({"type": "PushToolCallResponse", "id": 1}, L.PushToolCallResponse)
    assert unstructure(result) == {"id": 1}


def test_method_table() -> None:
    table = L.LEGACY_METHODS
    assert {n for n, s in table.items() if s.handled_by == "agent"} == {
        "initialize",
        "authenticate",
        "sendUserMessage",
        "cancelSendMessage",
    }
    assert {n for n, s in table.items() if s.handled_by == "client"} == {
        "streamAssistantMessageChunk",
        "pushToolCall",
        "requestToolCallConfirmation",
        "updateToolCall",
        "readTextFile",
        "writeTextFile",
        "updatePlan",
    }
    defs = json.loads((SCHEMAS / "acp-0.0.10.schema.json").read_text())["$defs"]
    for name, spec in table.items():
        assert spec.name == name
        assert not spec.notification
        stem = name[0].upper() + name[1:]
        for model, suffix in ((spec.params, "Params"), (spec.result, "Response")):
            if model is None:
                assert defs[stem + suffix]["type"] == "null"
            else:
                assert model.__name__ == stem + suffix


# --------------------------------------------------------------------------- bad input


@pytest.mark.parametrize(
    ("data", "cls", "problem"),
    [
        ({}, L.InitializeParams, Problem("protocolVersion", "required field missing")),
        (
            {"chunks": [{"text": "a"}, {"text": 5}]},
            L.SendUserMessageParams,
            Problem("chunks[1].text", "expected a string, got 5"),
        ),
        (
            {"chunks": [{"image": "x"}]},
            L.SendUserMessageParams,
            Problem("chunks[0]", 'expected an object with one of the members "text", "path"'),
        ),
        (
            {"toolCallId": "1", "status": "finished", "content": None},
            L.UpdateToolCallParams,
            Problem("toolCallId", 'expected an integer, got "1"'),
        ),
        (
            {"toolCallId": 1, "status": "done", "content": None},
            L.UpdateToolCallParams,
            Problem("status", 'expected one of "running", "finished", "error", got "done"'),
        ),
        (
            {"toolCallId": 1, "status": "finished", "content": {"type": "image"}},
            L.UpdateToolCallParams,
            Problem("content.type", 'unknown value "image", expected one of "markdown", "diff"'),
        ),
        (
            {"label": "l", "icon": "pencil", "confirmation": {"type": "mcp", "serverName": "s"}},
            L.RequestToolCallConfirmationParams,
            Problem("confirmation.toolName", "required field missing"),
        ),
        (
            {"label": "l", "icon": "pencil", "locations": {"path": "/a"}},
            L.PushToolCallParams,
            Problem("locations", "expected a list, got an object"),
        ),
        ("chunks", L.SendUserMessageParams, Problem("", 'expected an object, got "chunks"')),
        (
            {"chunk": []},
            L.StreamAssistantMessageChunkParams,
            Problem("chunk", "expected an object, got a list"),
        ),
    ],
)
def test_bad_input_is_a_codec_error_naming_the_path(data: Any, cls: type, problem: Problem) -> None:
    with pytest.raises(CodecError) as info:
        structure(data, cls)
    assert problem in info.value.problems


def test_all_problems_are_collected_with_prefix() -> None:
    with pytest.raises(CodecError) as info:
        structure(
            {"label": 1, "icon": "nope", "confirmation": {"type": "other"}},
            L.RequestToolCallConfirmationParams,
            at="params",
        )
    assert {p.path for p in info.value.problems} == {
        "params.label",
        "params.icon",
        "params.confirmation.description",
    }
    assert info.value.to_data()["errors"][0]["path"].startswith("params.")


# --------------------------------------------------------------------------- properties

PARAMS_TYPES = sorted(
    {s.params for s in L.LEGACY_METHODS.values() if s.params is not None}, key=lambda c: c.__name__
)
KEYS = [
    "chunks",
    "chunk",
    "text",
    "path",
    "thought",
    "type",
    "label",
    "icon",
    "content",
    "confirmation",
    "locations",
    "toolCallId",
    "status",
    "entries",
    "protocolVersion",
    "markdown",
    "oldText",
    "newText",
    "line",
    "limit",
    "urls",
    "command",
    "rootCommand",
]

json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats(allow_nan=False)
    | st.sampled_from(["edit", "diff", "markdown", "pencil", "finished", "x"]),
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.sampled_from(KEYS), inner, max_size=5)
    ),
    max_leaves=15,
)


@settings(max_examples=400, deadline=None)
@given(st.sampled_from(PARAMS_TYPES), json_values)
def test_arbitrary_json_raises_nothing_but_codec_error(cls: type, data: Any) -> None:
    try:
        obj: Any = structure(data, cls)
    except CodecError as err:
        assert err.problems and str(err)
        json.dumps(err.to_data())
    else:
        assert isinstance(obj, cls)


texts = st.text(max_size=8)
contents = (
    st.none()
    | st.builds(L.MarkdownContent, markdown=texts)
    | st.builds(L.DiffContent, path=texts, old_text=st.none() | texts, new_text=texts)
)
locations = st.none() | st.lists(
    st.builds(L.ToolCallLocation, path=texts, line=st.none() | st.integers(0, 2**32 - 1)),
    max_size=3,
)
icons = st.sampled_from(
    ["fileSearch", "folder", "globe", "hammer", "lightBulb", "pencil", "regex", "terminal"]
)
confirmations = st.one_of(
    st.builds(L.EditConfirmation, description=st.none() | texts),
    st.builds(L.ExecuteConfirmation, command=texts, root_command=texts),
    st.builds(L.McpConfirmation, server_name=texts, tool_name=texts, tool_display_name=texts),
    st.builds(L.FetchConfirmation, urls=st.lists(texts, max_size=2)),
    st.builds(L.OtherConfirmation, description=texts),
)
instances = st.one_of(
    st.builds(
        L.UpdateToolCallParams,
        tool_call_id=st.integers(0, 2**63),
        status=st.sampled_from(["running", "finished", "error"]),
        content=contents,
    ),
    st.builds(
        L.RequestToolCallConfirmationParams,
        label=texts,
        icon=icons,
        confirmation=confirmations,
        content=contents,
        locations=locations,
    ),
    st.builds(L.PushToolCallParams, label=texts, icon=icons, content=contents, locations=locations),
    st.builds(
        L.SendUserMessageParams,
        chunks=st.lists(
            st.builds(L.TextUserChunk, text=texts) | st.builds(L.PathUserChunk, path=texts),
            max_size=3,
        ),
    ),
)


@settings(max_examples=200, deadline=None)
@given(instances)
def test_round_trip_property(obj: Any) -> None:
    data = unstructure(obj)
    assert json.loads(json.dumps(data)) == data
    assert structure(data, type(obj)) == obj
    _assert_valid(data, type(obj))
