"""The model generator (acp_compat/models/codegen): its files are current, its rules hold.

The first test is the one that matters day to day: a hand edit of a generated module, a
choice changed without regenerating, or a new schema file without a run of
``python -m acp_compat.models.codegen`` fails here, naming the file. The others run the
generator on small made-up schemas: what each rule writes, and that what it cannot decide
is an error naming the definition, never a guess.
"""

from __future__ import annotations

import functools
import json
from pathlib import Path
from typing import Any

import pytest

from acp_compat.models.codegen.build import ClassSpec, Models, UnionSpec, build
from acp_compat.models.codegen.choices import Choices
from acp_compat.models.codegen.schema import SchemaError
from acp_compat.models.codegen.write import CODES_FILE, HAND_FACES, TAGS_FILE, generated_files
from tests.support.paths import ROOT


@functools.cache
def _generated() -> dict[Path, str]:
    return generated_files(ROOT)


def test_the_generated_files_are_what_the_generator_writes() -> None:
    stale = [
        str(path.relative_to(ROOT))
        for path, text in _generated().items()
        if not path.exists() or path.read_text(encoding="utf-8") != text
    ]
    assert stale == [], "run: python -m acp_compat.models.codegen"


def test_every_generated_module_says_so_in_its_first_line() -> None:
    hand = {ROOT / face for face in (*HAND_FACES, CODES_FILE, TAGS_FILE)}
    for path in _generated():
        if path in hand:
            continue  # hand-written: only its TYPE_CHECKING block or a table is written
        first = path.read_text(encoding="utf-8").splitlines()[0]
        assert first.startswith("# generated from") and first.endswith("do not edit"), path


def _models(tmp_path: Path, defs: dict[str, Any], **choices: Any) -> Models:
    schema = tmp_path / "schema.json"
    schema.write_text(json.dumps({"$defs": defs}), encoding="utf-8")
    options: dict[str, Any] = {
        "package": "made_up",
        "title": "Made up",
        "methods_table": "MADE_UP_METHODS",
        "sources": (("schema.json", "1"),),
        "unmodelled": {},
        "method_topics": (("", "all", "all"),),
    }
    return build(Choices(**{**options, **choices}), tmp_path)


def _items(models: Models) -> dict[str, Any]:
    return {item.name: item for items in models.topics.values() for item in items}


def _request(name: str, properties: dict[str, Any], required: list[str]) -> dict[str, Any]:
    return {
        "type": "object",
        "properties": properties,
        "required": required,
        "x-method": "made/up",
        "x-side": "agent",
    }


def _ref(name: str) -> dict[str, Any]:
    return {"allOf": [{"$ref": f"#/$defs/{name}"}]}


def _branch(tag: str, value: str, ref: str) -> dict[str, Any]:
    return {
        "type": "object",
        "properties": {tag: {"type": "string", "const": value}},
        "required": [tag],
        **_ref(ref),
    }


def test_a_branch_definition_used_once_takes_the_tag_and_a_shared_one_is_subclassed(
    tmp_path: Path,
) -> None:
    defs = {
        "MadeUpRequest": _request("MadeUpRequest", {"shape": _ref("Shape")}, ["shape"]),
        "Shape": {
            "oneOf": [
                _branch("kind", "circle", "Circle"),
                _branch("kind", "big_chunk", "Chunk"),
                _branch("kind", "small_chunk", "Chunk"),
            ]
        },
        "Circle": {"type": "object", "properties": {"r": {"type": "number"}}, "required": ["r"]},
        "Chunk": {"type": "object", "properties": {"text": {"type": "string"}}},
    }
    items = _items(_models(tmp_path, defs))
    circle = items["Circle"]
    assert isinstance(circle, ClassSpec) and [f.wire for f in circle.fields] == ["kind", "r"]
    assert circle.fields[0].default == 'always("circle")'
    big = items["BigChunk"]
    assert isinstance(big, ClassSpec) and big.base == "Chunk"
    union = items["Shape"]
    assert isinstance(union, UnionSpec) and union.fallback == "UnknownShape"
    assert dict(union.keys) == {
        "circle": "Circle",
        "big_chunk": "BigChunk",
        "small_chunk": "SmallChunk",
    }


def test_enums_are_literals_unless_the_schema_or_the_choices_leave_them_open(
    tmp_path: Path,
) -> None:
    closed = {"oneOf": [{"type": "string", "const": "a"}, {"type": "string", "const": "b"}]}
    opened = {"anyOf": [*closed["oneOf"], {"title": "other", "type": "string"}]}
    defs = {
        "MadeUpRequest": _request(
            "MadeUpRequest",
            {"x": _ref("Closed"), "y": _ref("Opened"), "z": _ref("Chosen")},
            [],
        ),
        "Closed": closed,
        "Opened": opened,
        "Chosen": closed,
    }
    items = _items(_models(tmp_path, defs, open_enums={"Chosen": "peers send more"}))
    assert items["Closed"].expr == 'Literal["a", "b"]'
    assert (items["Opened"].expr, items["Opened"].values) == ("str", ("a", "b"))
    assert items["Chosen"].expr == "str" and "peers send more" in items["Chosen"].doc


def test_a_definition_two_topics_use_must_be_pinned(tmp_path: Path) -> None:
    defs = {
        "ARequest": {**_request("ARequest", {"s": _ref("Shared")}, []), "x-method": "a/go"},
        "BRequest": {**_request("BRequest", {"s": _ref("Shared")}, []), "x-method": "b/go"},
        "Shared": {"type": "object", "properties": {"n": {"type": "integer"}}},
    }
    topics = (("a/", "a", "a"), ("b/", "b", "b"))
    with pytest.raises(SchemaError, match=r"Shared \(Shared\): \['a', 'b'\]"):
        _models(tmp_path, defs, method_topics=topics)
    pinned = _models(tmp_path, defs, method_topics=topics, topics={"Shared": "a"})
    assert pinned.home["Shared"] == "a"
    assert pinned.needs["BRequest"] >= {"Shared"}


def test_a_method_no_topic_covers_is_an_error(tmp_path: Path) -> None:
    defs = {"MadeUpRequest": _request("MadeUpRequest", {}, [])}
    with pytest.raises(SchemaError, match="made/up: no topic"):
        _models(tmp_path, defs, method_topics=(("other/", "o", "o"),))


def test_a_pattern_the_reader_does_not_know_names_its_definition(tmp_path: Path) -> None:
    defs = {
        "MadeUpRequest": _request(
            "MadeUpRequest", {"when": {"type": ["string", "integer"]}}, ["when"]
        )
    }
    with pytest.raises(SchemaError, match=r"MadeUpRequest\.when: type"):
        _models(tmp_path, defs)


def test_a_declared_discriminator_other_than_the_branches_constant_is_an_error(
    tmp_path: Path,
) -> None:
    """The tag is read from the branches' constants; a schema that declares another one
    stops the generator instead of tagging the union by the wrong member."""

    def branch(kind: str, type: str) -> dict[str, Any]:
        properties = {"kind": {"const": kind}, "type": {"const": type}}
        return {"type": "object", "properties": properties, "required": ["kind", "type"]}

    defs = {
        "MadeUpRequest": _request("MadeUpRequest", {"pick": _ref("Pick")}, ["pick"]),
        "Pick": {
            "discriminator": {"propertyName": "type"},
            "oneOf": [branch("x", "a"), branch("y", "b")],
        },
    }
    with pytest.raises(SchemaError, match="Pick: the discriminator is 'type', not 'kind'"):
        _models(tmp_path, defs)
    defs["Pick"]["discriminator"] = {"propertyName": "kind"}
    assert "Pick" in _items(_models(tmp_path, defs))
