"""The codec on small purpose-built models: names, defaults, strictness, unions, errors."""

from __future__ import annotations

import enum
import json
from typing import Any, Literal

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from acp_compat.codec import CodecError, Problem, structure, unstructure, wire_name
from acp_compat.models._base import (
    UNCHANGED,
    Unchanged,
    always,
    keyed_union,
    meta_field,
    tagged_union,
    wire,
)


@attrs.define(kw_only=True)
class TextPart:
    """``{"text": ...}``"""

    text: str


@attrs.define(kw_only=True)
class PathPart:
    """``{"path": ...}``"""

    path: str


Part = keyed_union(TextPart | PathPart, {"text": TextPart, "path": PathPart})


@attrs.define(kw_only=True)
class Markdown:
    """Tagged member ``markdown``."""

    type: Literal["markdown"] = always("markdown")
    markdown: str


@attrs.define(kw_only=True)
class Diff:
    """Tagged member ``diff`` with a required-but-nullable field."""

    type: Literal["diff"] = always("diff")
    path: str
    old_text: str | None = always()
    new_text: str


@attrs.define(kw_only=True)
class UnknownBody:
    """Fallback: the raw object."""

    data: dict[str, Any]


Body = tagged_union(
    Markdown | Diff | UnknownBody, "type", {"markdown": Markdown, "diff": Diff}, UnknownBody
)
StrictBody = tagged_union(Markdown | Diff, "type", {"markdown": Markdown, "diff": Diff})


@attrs.define(kw_only=True)
class Plain:
    """Tagged member ``plain``, also the member of an untagged object."""

    type: Literal["plain"] | None = None
    value: str


@attrs.define(kw_only=True)
class Fancy:
    """Tagged member ``fancy``."""

    type: Literal["fancy"] = always("fancy")
    value: str


Defaulted = tagged_union(Plain | Fancy, "type", {"plain": Plain, "fancy": Fancy}, untagged=Plain)


@attrs.define(kw_only=True)
class Message:
    """A container touching every feature."""

    parts: list[TextPart | PathPart]
    tool_call_id: int
    body: Markdown | Diff | UnknownBody | None = None
    strict: Markdown | Diff | None = None
    done: bool = False
    ratio: float = 0.5
    mode: Literal["a", "b"] = "a"
    renamed: str | None = wire("x-Name", default=None)
    content: Markdown | None = always(None)
    choice: Plain | Fancy | None = None
    meta: dict[str, Any] | None = meta_field()


def test_wire_names() -> None:
    assert wire_name(Message, "tool_call_id") == "toolCallId"
    assert wire_name(Message, "renamed") == "x-Name"
    assert wire_name(Message, "meta") == "_meta"
    assert wire_name(Diff, "old_text") == "oldText"


def test_round_trip_with_defaults_omitted_and_always_written() -> None:
    data = {
        "parts": [{"text": "hi"}, {"path": "/a"}],
        "toolCallId": 7,
        "body": {"type": "diff", "path": "p", "oldText": None, "newText": "n"},
        "x-Name": "r",
        "content": None,
        "_meta": {"anything": [1, {"deep": None}]},
    }
    msg = structure(data, Message)
    assert msg.tool_call_id == 7
    assert msg.parts == [TextPart(text="hi"), PathPart(path="/a")]
    assert msg.body == Diff(path="p", old_text=None, new_text="n")
    assert msg.meta == {"anything": [1, {"deep": None}]}
    assert unstructure(msg) == data


def test_unknown_keys_are_ignored() -> None:
    msg = structure({"parts": [], "toolCallId": 1, "novel": {"x": 1}, "content": None}, Message)
    assert unstructure(msg) == {"parts": [], "toolCallId": 1, "content": None}


def test_a_python_str_subclass_is_a_string_but_a_bool_is_no_integer() -> None:
    """Values built in Python (a str enum's member) are taken as their JSON type; only the
    wire's own distinction, a boolean is not an integer, is kept."""

    class Word(str, enum.Enum):
        HELLO = "hello"

    part = structure({"text": Word.HELLO}, TextPart)
    assert part.text == "hello"
    diff = structure(
        {"type": "diff", "path": Word.HELLO, "oldText": Word.HELLO, "newText": "n"}, Diff
    )
    assert (diff.path, diff.old_text) == ("hello", "hello")
    with pytest.raises(CodecError, match="expected an integer, got true"):
        structure({"parts": [], "toolCallId": True}, Message)


def test_fallback_keeps_the_raw_object() -> None:
    raw = {"type": "hologram", "beams": [1, 2], "_meta": {"k": "v"}}
    msg = structure({"parts": [], "toolCallId": 1, "body": raw}, Message)
    assert msg.body == UnknownBody(data=raw)
    assert unstructure(msg)["body"] == raw


def test_untagged_member() -> None:
    msg = structure({"parts": [], "toolCallId": 1, "choice": {"value": "v"}}, Message)
    assert msg.choice == Plain(value="v")
    fancy = structure(
        {"parts": [], "toolCallId": 1, "choice": {"type": "fancy", "value": "v"}}, Message
    )
    assert fancy.choice == Fancy(value="v")


def _problems(data: Any, cls: type = Message, at: str = "") -> list[Problem]:
    with pytest.raises(CodecError) as info:
        structure(data, cls, at=at)
    return info.value.problems


@attrs.define(kw_only=True)
class Patch:
    """A partial update: an absent member is ``UNCHANGED``, ``null`` clears it."""

    parts: list[TextPart] | Unchanged | None = UNCHANGED
    mode: Literal["a", "b"] | Unchanged | None = UNCHANGED


def test_a_patch_member_is_absent_null_or_a_value_never_the_word_unchanged() -> None:
    """``UNCHANGED`` stands for an absent member; the string ``"unchanged"`` is no list."""
    assert structure({}, Patch) == Patch()
    assert structure({"parts": None}, Patch) == Patch(parts=None)
    assert unstructure(Patch(mode="b")) == {"mode": "b"}
    assert _problems({"parts": "unchanged", "mode": "unchanged"}, Patch) == [
        Problem("parts", 'expected a list, got "unchanged"'),
        Problem("mode", 'expected one of "a", "b", got "unchanged"'),
    ]


@pytest.mark.parametrize(
    ("data", "path", "message"),
    [
        ({"parts": [{"text": 12}], "toolCallId": 1}, "parts[0].text", "expected a string, got 12"),
        ({"parts": [], "toolCallId": "1"}, "toolCallId", 'expected an integer, got "1"'),
        ({"parts": [], "toolCallId": True}, "toolCallId", "expected an integer, got true"),
        ({"parts": [], "toolCallId": 1.0}, "toolCallId", "expected an integer, got 1.0"),
        ({"parts": [], "toolCallId": 1, "done": 1}, "done", "expected a boolean, got 1"),
        ({"parts": [], "toolCallId": 1, "ratio": False}, "ratio", "expected a number, got false"),
        ({"parts": [], "toolCallId": 1, "mode": "c"}, "mode", 'expected one of "a", "b", got "c"'),
        ({"parts": "ab", "toolCallId": 1}, "parts", 'expected a list, got "ab"'),
        ({"parts": [], "toolCallId": 1, "x-Name": 3}, "x-Name", "expected a string, got 3"),
        ({"parts": [[]], "toolCallId": 1}, "parts[0]", "expected an object, got a list"),
        ({"toolCallId": 1}, "parts", "required field missing"),
        ({"parts": [], "toolCallId": 1, "_meta": []}, "_meta", "expected an object, got a list"),
        (
            {"parts": [{"other": 1}], "toolCallId": 1},
            "parts[0]",
            'expected an object with one of the members "text", "path"',
        ),
        (
            {"parts": [], "toolCallId": 1, "strict": {"type": "pdf"}},
            "strict.type",
            'unknown value "pdf", expected one of "markdown", "diff"',
        ),
        ({"parts": [], "toolCallId": 1, "strict": {}}, "strict.type", "required field missing"),
        (
            {"parts": [], "toolCallId": 1, "body": {"type": "diff", "path": "p", "newText": "n"}},
            "body.oldText",
            "required field missing",
        ),
        ("text", "", 'expected an object, got "text"'),
        (None, "", "expected an object, got null"),
    ],
)
def test_bad_input_names_the_path(data: Any, path: str, message: str) -> None:
    assert _problems(data) == [Problem(path, message)]


def test_every_problem_is_reported_and_rendered() -> None:
    err_problems = _problems({"parts": [{"text": 1}, {"path": 2}], "toolCallId": None}, at="params")
    assert [p.path for p in err_problems] == [
        "params.parts[0].text",
        "params.parts[1].path",
        "params.toolCallId",
    ]
    with pytest.raises(CodecError) as info:
        structure({"parts": [{"text": 1}], "toolCallId": 1}, Message)
    err = info.value
    assert isinstance(err, ValueError)
    assert str(err) == "parts[0].text: expected a string, got 1"
    data = err.to_data()
    assert data == {"errors": [{"path": "parts[0].text", "message": "expected a string, got 1"}]}
    assert json.loads(json.dumps(data)) == data


def test_root_prefix_on_a_list_index() -> None:
    assert _problems([1], list[TextPart], at="params") == [
        Problem("params[0]", "expected an object, got 1")
    ]


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=5),
    lambda inner: (
        st.lists(inner, max_size=4)
        | st.dictionaries(
            st.sampled_from(["parts", "toolCallId", "text", "path", "type", "body", "strict", "x"]),
            inner,
            max_size=4,
        )
    ),
    max_leaves=12,
)


@settings(max_examples=300, deadline=None)
@given(json_values)
def test_arbitrary_json_raises_only_codec_error(data: Any) -> None:
    try:
        msg = structure(data, Message)
    except CodecError as err:
        assert err.problems
        return
    assert isinstance(msg, Message)
