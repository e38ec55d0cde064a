"""ACP v2 (draft) models: generated from the TypeScript SDK 2.4.0's v2 schemas.

The same checks as the v1 models' (tests/models/test_models_current.py, whose samplers are
used here) against the v2 draft schema, and what v2 adds: upserts that tell ``null``
(clear) from absent (unchanged), and ``state_update``, a session update that is a union
of its own.
"""

from __future__ import annotations

import functools
import json
from typing import Any, get_args

import attrs
import jsonschema
import pytest

import acp_compat.models.v2 as V
from acp_compat.codec import structure, unstructure
from acp_compat.models._base import UNCHANGED, UNIONS, TaggedUnion
from acp_compat.models.codegen.build import ClassSpec, UnionSpec, build
from acp_compat.models.codegen.choices import V2
from acp_compat.models.v2 import wire
from tests.models.test_models_current import _as_wire, _full, _members, _minimal, builder_of
from tests.support.paths import ROOT

SCHEMA_FILE = ROOT / "vectors" / "schemas" / "v2" / "acp-v2-draft-ts-sdk-2.4.0.unstable.schema.json"

_GENERATED = build(V2, ROOT)
_SPECS = {item.name: item for items in _GENERATED.topics.values() for item in items}
_FALLBACKS = {i.fallback for i in _SPECS.values() if isinstance(i, UnionSpec)}
CLASSES = sorted(
    (
        getattr(V, name)
        for name, item in _SPECS.items()
        if isinstance(item, ClassSpec) and name not in _FALLBACKS
    ),
    key=lambda cls: cls.__name__,
)


@functools.cache
def _schema() -> dict[str, Any]:
    loaded: dict[str, Any] = json.loads(SCHEMA_FILE.read_text(encoding="utf-8"))
    return loaded


def _errors(data: Any, definition: str) -> list[str]:
    root = _schema()
    validator = jsonschema.Draft202012Validator(
        {"$schema": root["$schema"], "$defs": root["$defs"], "$ref": f"#/$defs/{definition}"}
    )
    return [f"{list(e.absolute_path)}: {e.message[:200]}" for e in validator.iter_errors(data)]


def test_the_v2_package_has_the_draft_s_methods() -> None:
    expected = {
        (d["x-method"], d["x-side"])
        for name, d in _schema()["$defs"].items()
        if d.get("x-method") and d["x-side"] != "proxy" and "Mcp" not in name
    }
    sides = {"agent": "agent", "client": "client", "both": "protocol"}
    assert {(n, sides[s.handled_by]) for n, s in V.V2_METHODS.items()} == expected
    assert {"fs/read_text_file", "session/set_mode", "session/load"} & set(V.V2_METHODS) == set()


@pytest.mark.parametrize("cls", CLASSES, ids=lambda c: c.__name__)
def test_samples_validate_round_trip_and_builders_agree(cls: type) -> None:
    spec = _SPECS[cls.__name__]
    assert isinstance(spec, ClassSpec) and spec.definitions
    builder = builder_of(wire, cls.__name__)
    full = _full(cls)
    for group in spec.one_of[1:]:
        # v2 scopes are exclusive (oneOf): a full sample keeps the first scope only.
        attribute = {f.wire: f.attr for f in spec.fields}
        full = attrs.evolve(full, **{attribute[w]: None for w in group})
    for sample in (full, _minimal(cls)):
        data = unstructure(sample)
        for definition in spec.definitions:
            assert _errors(data, definition) == [], definition
        assert structure(data, cls) == sample
        arguments = {
            f.name: _as_wire(getattr(sample, f.name))
            for f in attrs.fields(cls)
            if getattr(sample, f.name) is not f.default and not _is_tag(cls, f.name)
        }
        assert builder(**arguments) == data


def _is_tag(cls: type, attribute: str) -> bool:
    spec = _SPECS[cls.__name__]
    assert isinstance(spec, ClassSpec)
    chain = [spec]
    while chain[-1].base:
        base = _SPECS[chain[-1].base]
        assert isinstance(base, ClassSpec)
        chain.append(base)
    return any(
        f.attr == attribute and (f.default or "").startswith('always("')
        for s in chain
        for f in s.fields
    )


@pytest.mark.parametrize(
    "union_name", sorted(n for n, i in _SPECS.items() if isinstance(i, UnionSpec) and i.tag)
)
def test_every_tag_of_a_schema_union_has_its_member(union_name: str) -> None:
    union = getattr(V, union_name)
    declared = next(d for d in UNIONS if set(get_args(d.union)) == set(_members(union)))
    assert isinstance(declared, TaggedUnion)
    definition = _schema()["$defs"].get(union_name)
    if definition is None:
        return  # a union of a branch's members (SessionStateUpdate): checked below
    tags = {
        branch.get("properties", {}).get(declared.tag, {}).get("const")
        for branch in definition.get("oneOf", []) + definition.get("anyOf", [])
    } - {None}
    assert tags <= set(declared.members)


def test_a_state_update_is_a_session_update_of_its_own_kinds() -> None:
    idle = {"sessionUpdate": "state_update", "state": "idle", "stopReason": "end_turn"}
    update = structure(idle, V.SessionUpdate)
    assert isinstance(update, V.SessionIdleStateUpdate) and update.stop_reason == "end_turn"
    assert unstructure(update) == idle
    assert _errors({"sessionId": "s", "update": idle}, "UpdateSessionNotification") == []
    future = {"sessionUpdate": "state_update", "state": "dreaming"}
    assert isinstance(structure(future, V.SessionUpdate), V.UnknownSessionStateUpdate)
    assert unstructure(structure(future, V.SessionUpdate)) == future
    assert wire.session_idle_state_update(stop_reason="cancelled") == {
        "sessionUpdate": "state_update",
        "state": "idle",
        "stopReason": "cancelled",
    }


def test_a_tool_call_upsert_tells_null_from_absent() -> None:
    cleared = {"sessionUpdate": "tool_call_update", "toolCallId": "t", "title": None}
    update = structure(cleared, V.SessionUpdate)
    assert isinstance(update, V.ToolCallProgress)
    assert update.title is None and update.status is UNCHANGED and update.content is UNCHANGED
    assert unstructure(update) == cleared
    assert wire.tool_call_progress(tool_call_id="t", status="completed") == {
        "sessionUpdate": "tool_call_update",
        "toolCallId": "t",
        "status": "completed",
    }
