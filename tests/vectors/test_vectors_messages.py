"""Run the message vectors and check every vector file (see vectors/README.md).

* Every ``vectors/**/*.json`` (outside ``schemas/``) has the documented shape.
* Every case of a ``"kind": "message"`` file structures into the typed model, unstructures
  back unchanged and validates against the official schema, or is rejected with ``-32602``
  at the documented path.
* Every message of a ``"kind": "conversation"`` file validates against its side's schema
  (responses paired with their requests by id on the same hop).
* The message vectors cover every method of both protocols and every enum and union tag
  that the schemas define for the mapped shapes (icons, outcomes, update kinds...).
"""

from __future__ import annotations

import importlib
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from acp_compat.codec import CodecError, structure, unstructure
from acp_compat.jsonrpc.messages import INVALID_PARAMS, Kind, classify
from acp_compat.models._base import MethodSpec
from acp_compat.translate.upgrade.modes import Mode
from tests.support.paths import VECTORS
from tests.support.schemas import (
    CURRENT_SCHEMA,
    CURRENT_SCHEMAS,
    LEGACY_SCHEMAS,
    NEWEST_CURRENT_SCHEMA,
    PINNED_SCHEMAS,
    current_errors,
    legacy_errors,
    load_schema,
    schema_problems,
    v2_errors,
)
from tests.support.vector_sides import TRANSLATOR_SIDES, protocol_errors, sides

PROTOCOLS = ("legacy", "current")


# --------------------------------------------------------------------------- loading


class DuplicateKey(ValueError):
    """A vector file names the same member twice in one object (JSON allows it, we don't)."""


def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    keys = [key for key, _ in pairs]
    duplicates = sorted({key for key in keys if keys.count(key) > 1})
    if duplicates:
        raise DuplicateKey(f"duplicate member(s) {duplicates}")
    return dict(pairs)


def load_vector(path: Path) -> Any:
    """A vector file's JSON, strictly: UTF-8, no duplicate members, no NaN."""

    def reject_constant(name: str) -> Any:
        raise ValueError(f"{name} is not JSON")

    text = path.read_text(encoding="utf-8")
    return json.loads(text, object_pairs_hook=_no_duplicates, parse_constant=reject_constant)


def vector_files() -> list[Path]:
    """Every vector file in the repository, in a stable order."""
    schemas = VECTORS / "schemas"
    return sorted(p for p in VECTORS.rglob("*.json") if schemas not in p.parents)


def _rel(path: Path) -> str:
    return str(path.relative_to(VECTORS))


def _loaded_files() -> list[tuple[Path, Any]]:
    out = []
    for path in vector_files():
        try:
            out.append((path, load_vector(path)))
        except ValueError as exc:  # reported by test_vector_file_shape
            out.append((path, exc))
    return out


FILES = _loaded_files()


def message_cases() -> Iterator[tuple[str, dict[str, Any]]]:
    """``(id, case)`` for every case of every message file (well formed enough to run)."""
    for path, doc in FILES:
        if isinstance(doc, dict) and doc.get("kind") == "message":
            for index, case in enumerate(doc.get("cases") or []):
                name = case.get("name", index) if isinstance(case, dict) else index
                yield f"{_rel(path)}::{name}", case


# --------------------------------------------------------------------------- JSON equality


def json_equal(a: Any, b: Any) -> bool:
    """Equal as JSON values: like ``==`` but ``1``, ``1.0`` and ``true`` are all distinct."""
    if type(a) is not type(b):
        return False
    if isinstance(a, dict):
        return a.keys() == b.keys() and all(json_equal(a[k], b[k]) for k in a)
    if isinstance(a, list):
        return len(a) == len(b) and all(json_equal(x, y) for x, y in zip(a, b, strict=True))
    return bool(a == b)


def test_json_equal_is_strict_about_number_types() -> None:
    assert json_equal({"a": [1, "x", None]}, {"a": [1, "x", None]})
    assert not json_equal({"a": 1}, {"a": 1.0})
    assert not json_equal({"a": 1}, {"a": True})
    assert not json_equal({"a": 1}, {"a": 1, "b": 2})
    assert not json_equal([1, 2], [2, 1])


# --------------------------------------------------------------------------- file shape


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _check_members(
    obj: Any, where: str, required: set[str], optional: set[str], problems: list[str]
) -> bool:
    """Append problems for a non-object, missing or unknown members; True if an object."""
    if not isinstance(obj, dict):
        problems.append(f"{where}: expected an object")
        return False
    for key in sorted(required - obj.keys()):
        problems.append(f"{where}: missing {key!r}")
    for key in sorted(obj.keys() - required - optional):
        problems.append(f"{where}: unknown member {key!r}")
    return True


def _check_message_case(case: Any, where: str, problems: list[str], *, counterpart: bool) -> None:
    required = {"protocol", "message"} if counterpart else {"name", "protocol", "message"}
    optional = {"method", "comment"}
    if not counterpart:
        optional |= {"unstructured", "counterpart", "reject"}
    if not _check_members(case, where, required, optional, problems):
        return
    if case.get("protocol") not in PROTOCOLS:
        problems.append(f"{where}.protocol: must be 'legacy' or 'current'")
    if "name" in case and (not isinstance(case["name"], str) or not case["name"]):
        problems.append(f"{where}.name: must be a non-empty string")
    message = case.get("message")
    if not isinstance(message, dict):
        problems.append(f"{where}.message: expected an object")
    elif "method" not in message and "error" not in message and "method" not in case:
        problems.append(f"{where}: a response needs 'method' (the method it answers)")
    if "method" in case:
        if not isinstance(case["method"], str):
            problems.append(f"{where}.method: must be a string")
        elif (
            isinstance(message, dict)
            and "method" in message
            and message["method"] != case["method"]
        ):
            problems.append(f"{where}.method: differs from message.method")
    if "unstructured" in case and not isinstance(case["unstructured"], dict):
        problems.append(f"{where}.unstructured: expected an object")
    if "reject" in case:
        if "unstructured" in case or "counterpart" in case:
            problems.append(f"{where}: 'reject' excludes 'unstructured' and 'counterpart'")
        reject = case["reject"]
        if _check_members(reject, f"{where}.reject", {"code", "path"}, set(), problems):
            if reject.get("code") != INVALID_PARAMS or not _is_int(reject.get("code")):
                problems.append(f"{where}.reject.code: must be {INVALID_PARAMS}")
            if not isinstance(reject.get("path"), str):
                problems.append(f"{where}.reject.path: must be a string")
    if "counterpart" in case:
        other = case["counterpart"]
        _check_message_case(other, f"{where}.counterpart", problems, counterpart=True)
        if isinstance(other, dict) and other.get("protocol") == case.get("protocol"):
            problems.append(f"{where}.counterpart.protocol: must be the other protocol")


def _message_file_problems(doc: dict[str, Any]) -> list[str]:
    problems: list[str] = []
    _check_members(doc, "file", {"kind", "description", "cases"}, set(), problems)
    cases = doc.get("cases")
    if not isinstance(cases, list) or not cases:
        problems.append("cases: must be a non-empty list")
        return problems
    names: set[str] = set()
    for index, case in enumerate(cases):
        _check_message_case(case, f"cases[{index}]", problems, counterpart=False)
        name = case.get("name") if isinstance(case, dict) else None
        if isinstance(name, str):
            if name in names:
                problems.append(f"cases[{index}].name: {name!r} is not unique")
            names.add(name)
    return problems


# option name -> (translators that read it, type check)
OPTIONS: dict[str, tuple[set[str], Any]] = {
    "launchCwd": ({"upgrade"}, lambda v: isinstance(v, str)),
    "agentCommand": (
        {"upgrade"},
        lambda v: isinstance(v, list) and bool(v) and all(isinstance(x, str) for x in v),
    ),
    "cwd": ({"downgrade"}, lambda v: isinstance(v, str) and v.startswith("/")),
    "clientFs": ({"downgrade"}, lambda v: isinstance(v, bool)),
    "authMethod": ({"downgrade"}, lambda v: isinstance(v, str)),
    "version": (set(TRANSLATOR_SIDES), lambda v: isinstance(v, str)),
    "agent0Initialized": (set(TRANSLATOR_SIDES), lambda v: isinstance(v, dict)),
    "agent0NextId": (set(TRANSLATOR_SIDES), _is_int),
    "agentName": ({"v2-upgrade", "v2-downgrade"}, lambda v: isinstance(v, str)),
    "closeBatch": ({"upgrade"}, lambda v: _is_int(v) and v >= 1),
    "defaultMode": ({"upgrade"}, lambda v: v in {mode.value for mode in Mode}),
}

INPUT_EVENTS: dict[str, tuple[set[str], set[str]]] = {
    # event -> (required members besides "event" and "expect", optional members)
    "agentExited": ({"agent", "returncode", "stderrTail"}, set()),
    "agentLost": ({"agent", "reason"}, set()),
    "agentStartFailed": ({"agent", "reason"}, set()),
    "fileDone": ({"token"}, {"content", "error"}),
    "clientDrained": (set(), set()),
}

OUTPUT_EFFECTS: dict[str, set[str]] = {
    "startAgent": {"agent", "cwd"},
    "stopAgent": {"agent"},
    "readLocalFile": {"token", "path", "line", "limit"},
    "writeLocalFile": {"token", "path", "content"},
    "awaitClientDrain": set(),
}


def _check_step(step: Any, where: str, problems: list[str]) -> None:
    if not isinstance(step, dict):
        problems.append(f"{where}: expected an object")
        return
    common = {"comment", "expect"}
    if "from" in step:
        sender = step["from"]
        required = {"from", "message", "expect"} | ({"agent"} if sender == "agent" else set())
        _check_members(step, where, required, common | {"offSchema"}, problems)
        if sender not in ("client", "agent"):
            problems.append(f"{where}.from: must be 'client' or 'agent'")
        if not isinstance(step.get("message"), dict):
            problems.append(f"{where}.message: expected an object")
        if "offSchema" in step and (
            not isinstance(step["offSchema"], str) or not step["offSchema"]
        ):
            problems.append(f"{where}.offSchema: must say why (a non-empty string)")
    elif "event" in step:
        event = step["event"]
        if event not in INPUT_EVENTS:
            problems.append(f"{where}.event: unknown event {event!r}")
            return
        required, optional = INPUT_EVENTS[event]
        _check_members(step, where, required | {"event", "expect"}, common | optional, problems)
        if event == "agentExited" and not (
            step.get("returncode") is None or _is_int(step.get("returncode"))
        ):
            problems.append(f"{where}.returncode: must be an integer or null")
        if event == "agentExited" and not isinstance(step.get("stderrTail"), str):
            problems.append(f"{where}.stderrTail: must be a string")
        if event in ("agentLost", "agentStartFailed") and not isinstance(step.get("reason"), str):
            problems.append(f"{where}.reason: must be a string")
        if event == "fileDone":
            if not _is_int(step.get("token")):
                problems.append(f"{where}.token: must be an integer")
            if "content" in step and "error" in step:
                problems.append(f"{where}: a fileDone has 'content' or 'error', not both")
            for key in ("content", "error"):
                if key in step and not isinstance(step[key], str):
                    problems.append(f"{where}.{key}: must be a string")
    else:
        problems.append(f"{where}: a step needs 'from' or 'event'")
        return
    if "agent" in step and not (_is_int(step["agent"]) and step["agent"] >= 0):
        problems.append(f"{where}.agent: must be a non-negative integer")
    expect = step.get("expect")
    if not isinstance(expect, list):
        problems.append(f"{where}.expect: must be a list")
        return
    for index, output in enumerate(expect):
        _check_output(output, f"{where}.expect[{index}]", problems)


def _check_output(output: Any, where: str, problems: list[str]) -> None:
    if not isinstance(output, dict):
        problems.append(f"{where}: expected an object")
        return
    if "to" in output:
        target = output["to"]
        required = {"to", "message"} | ({"agent"} if target == "agent" else set())
        _check_members(output, where, required, set(), problems)
        if target not in ("client", "agent"):
            problems.append(f"{where}.to: must be 'client' or 'agent'")
        if not isinstance(output.get("message"), dict):
            problems.append(f"{where}.message: expected an object")
    elif output.get("effect") in OUTPUT_EFFECTS:
        effect = output["effect"]
        _check_members(output, where, OUTPUT_EFFECTS[effect] | {"effect"}, set(), problems)
        if effect == "startAgent" and not (
            output.get("cwd") is None or isinstance(output.get("cwd"), str)
        ):
            problems.append(f"{where}.cwd: must be a string or null")
        if "token" in output and not _is_int(output["token"]):
            problems.append(f"{where}.token: must be an integer")
        for key in ("line", "limit"):
            if key in output and not (output[key] is None or _is_int(output[key])):
                problems.append(f"{where}.{key}: must be an integer or null")
        for key in ("path", "content"):
            if key in output and not isinstance(output[key], str):
                problems.append(f"{where}.{key}: must be a string")
    else:
        problems.append(f"{where}: an output needs 'to' or a known 'effect'")
        return
    if "agent" in output and not (_is_int(output["agent"]) and output["agent"] >= 0):
        problems.append(f"{where}.agent: must be a non-negative integer")


def _conversation_file_problems(doc: dict[str, Any]) -> list[str]:
    problems: list[str] = []
    _check_members(
        doc,
        "file",
        {"kind", "translator", "description", "steps"},
        {"options", "comment"},
        problems,
    )
    translator = doc.get("translator")
    names = translator if isinstance(translator, list) else [translator]
    if not names or any(not isinstance(n, str) or n not in TRANSLATOR_SIDES for n in names):
        problems.append(f"translator: must be one of {sorted(TRANSLATOR_SIDES)} or a list of them")
    options = doc.get("options", {})
    if not isinstance(options, dict):
        problems.append("options: expected an object")
        options = {}
    for key, value in options.items():
        if key not in OPTIONS:
            problems.append(f"options.{key}: unknown option (document it in vectors/README.md)")
        elif not OPTIONS[key][1](value):
            problems.append(f"options.{key}: wrong type or value {value!r}")
    if "downgrade" in names and "cwd" not in options:
        problems.append("options: a downgrade conversation needs 'cwd'")
    steps = doc.get("steps")
    if not isinstance(steps, list) or not steps:
        problems.append("steps: must be a non-empty list")
        return problems
    for index, step in enumerate(steps):
        _check_step(step, f"steps[{index}]", problems)
    return problems


def file_problems(doc: Any) -> list[str]:
    """Everything wrong with a vector file's shape (empty when it is well formed)."""
    if not isinstance(doc, dict):
        return ["file: expected a JSON object"]
    description = doc.get("description")
    problems = []
    if not isinstance(description, str) or not description.strip():
        problems.append("description: must be a non-empty string")
    kind = doc.get("kind")
    if kind == "message":
        return problems + _message_file_problems(doc)
    if kind == "conversation":
        return problems + _conversation_file_problems(doc)
    if kind == "startup":
        # Replayed through the startup policy by test_vectors_startup.py, which checks
        # every step and output.
        steps = doc.get("steps")
        if not isinstance(steps, list) or not steps:
            problems.append("steps: must be a non-empty list")
        return problems
    return [*problems, f"kind: must be 'message', 'conversation' or 'startup', not {kind!r}"]


def test_there_are_vector_files() -> None:
    assert any(isinstance(d, dict) and d.get("kind") == "message" for _, d in FILES)


@pytest.mark.parametrize(("path", "doc"), FILES, ids=[_rel(p) for p, _ in FILES])
def test_vector_file_shape(path: Path, doc: Any) -> None:
    assert not isinstance(doc, Exception), f"{_rel(path)}: not strict JSON: {doc}"
    problems = file_problems(doc)
    assert not problems, f"{_rel(path)}:\n  " + "\n  ".join(problems)


def test_shape_checker_reports_mistakes() -> None:
    good_case = {"name": "a", "protocol": "legacy", "message": {"id": 0, "method": "authenticate"}}
    assert file_problems({"kind": "message", "description": "d", "cases": [good_case]}) == []
    bad = {
        "kind": "message",
        "description": "d",
        "cases": [
            {**good_case, "protcol": "x"},
            {"name": "a", "protocol": "nope", "message": {"id": 1, "result": None}},
            {**good_case, "name": "r", "reject": {"code": -32600, "path": 1}},
        ],
    }
    problems = "\n".join(file_problems(bad))
    for fragment in (
        "unknown member 'protcol'",
        "cases[1].protocol",
        "needs 'method'",
        "not unique",
        "reject.code",
        "reject.path",
    ):
        assert fragment in problems
    conversation = {
        "kind": "conversation",
        "translator": "downgrade",
        "description": "d",
        "options": {"bogus": 1},
        "steps": [
            {"from": "agent", "message": {}, "expect": [{"effect": "startAgent", "agent": 0}]},
            {"event": "fileDone", "token": 0, "content": "x", "error": "y", "expect": []},
        ],
    }
    problems = "\n".join(file_problems(conversation))
    for fragment in (
        "options.bogus",
        "needs 'cwd'",
        "steps[0]: missing 'agent'",
        "expect[0]: missing 'cwd'",
        "not both",
    ):
        assert fragment in problems


# --------------------------------------------------------------------------- method tables


def method_table(protocol: str) -> dict[str, MethodSpec]:
    """The typed method table of a protocol (imported lazily: the models land separately)."""
    if protocol == "legacy":
        table: dict[str, MethodSpec] = importlib.import_module(
            "acp_compat.models.legacy"
        ).LEGACY_METHODS
    else:
        table = importlib.import_module("acp_compat.models.current").CURRENT_METHODS
    return table


schema_errors = protocol_errors
"""Schema problems of one message of ``protocol``."""


def _role(message: dict[str, Any]) -> str | None:
    """Which member is structured: ``params``, ``result``, or none for an error response."""
    kind = classify(message)
    if kind in (Kind.REQUEST, Kind.NOTIFICATION):
        return "params"
    if kind is Kind.RESPONSE:
        return "result"
    if kind is Kind.ERROR:
        return None
    raise AssertionError(f"not a JSON-RPC message: {json.dumps(message)[:200]}")


def _structure_member(protocol: str, message: dict[str, Any], method: str) -> Any:
    """Structure the params or result of ``message`` with the method table's type.

    Returns the unstructured value (the round trip), or raises :class:`CodecError`.
    """
    table = method_table(protocol)
    assert method in table, f"{protocol} method {method!r} is not in the method table"
    spec = table[method]
    role = _role(message)
    if role is None:
        return None
    kind = classify(message)
    if role == "params":
        expected_kind = Kind.NOTIFICATION if spec.notification else Kind.REQUEST
        assert kind is expected_kind, f"{method} must be sent as a {expected_kind.value}"
        model = spec.params
    else:
        assert not spec.notification, f"{method} is a notification: it has no response"
        model = spec.result
    value = message.get(role)
    if model is None:
        # No params / a void result: legacy null (or absent); current {} or null.
        allowed: list[Any] = [None] if protocol == "legacy" or role == "params" else [None, {}]
        assert any(json_equal(value, a) for a in allowed), (
            f"{method} has no {role}; got {json.dumps(value)[:200]}"
        )
        return value
    return unstructure(structure(value, model, at=role))


def _run_accepted(
    protocol: str, message: dict[str, Any], method: str, expected: dict[str, Any]
) -> None:
    role = _role(message)
    back = _structure_member(protocol, message, method)
    if role is not None:
        want = expected.get(role)
        assert json_equal(back, want), (
            f"round trip changed {role}:\n  got      {json.dumps(back, sort_keys=True)}"
            f"\n  expected {json.dumps(want, sort_keys=True)}"
        )
    for candidate in (message, expected):
        problems = schema_errors(protocol, candidate, method)
        assert not problems, f"not valid {protocol}:\n  " + "\n  ".join(problems)


CASES = list(message_cases())


@pytest.mark.parametrize("case", [c for _, c in CASES], ids=[i for i, _ in CASES])
def test_message_case(case: dict[str, Any]) -> None:
    protocol, message = case["protocol"], case["message"]
    method = case.get("method") or message.get("method")
    if "reject" in case:
        reject = case["reject"]
        with pytest.raises(CodecError) as info:
            _structure_member(protocol, message, method)
        paths = [problem.path for problem in info.value.problems]
        assert reject["path"] in paths, f"rejected at {paths}, expected {reject['path']!r}"
        assert schema_errors(protocol, message, method), (
            "the official schema accepts this message: the vector should not be a reject"
        )
        return
    _run_accepted(protocol, message, method, case.get("unstructured", message))
    if "counterpart" in case:
        other = case["counterpart"]
        other_method = other.get("method") or other["message"].get("method")
        _run_accepted(other["protocol"], other["message"], other_method, other["message"])


# --------------------------------------------------------------------------- conversations


def conversation_messages(
    doc: dict[str, Any],
) -> Iterator[tuple[str, str, dict[str, Any], str | None]]:
    """``(where, protocol, message, method)`` for every schema-checked conversation message.

    Responses get the method of the request with the same id on the same hop, sent the
    other way; off-schema inputs are skipped (but still pair later responses).
    """
    client_protocol, agent_protocol = sides(doc["translator"])
    pending: dict[tuple[Any, str, Any], str] = {}

    def visit(
        where: str, hop: Any, direction: str, message: dict[str, Any], skip: bool
    ) -> Iterator[tuple[str, str, dict[str, Any], str | None]]:
        protocol = client_protocol if hop == "client" else agent_protocol
        method = message.get("method")
        if isinstance(method, str):
            if "id" in message:
                pending[(hop, direction, json.dumps(message["id"]))] = method
        elif "id" in message:
            opposite = "out" if direction == "in" else "in"
            method = pending.pop((hop, opposite, json.dumps(message["id"])), None)
        else:
            method = None
        if not skip:
            yield where, protocol, message, method

    for index, step in enumerate(doc["steps"]):
        if "from" in step:
            hop = "client" if step["from"] == "client" else ("agent", step["agent"])
            yield from visit(f"steps[{index}]", hop, "in", step["message"], "offSchema" in step)
        for number, output in enumerate(step["expect"]):
            if "to" in output:
                hop = "client" if output["to"] == "client" else ("agent", output["agent"])
                where = f"steps[{index}].expect[{number}]"
                yield from visit(where, hop, "out", output["message"], False)


CONVERSATIONS = [
    (path, doc)
    for path, doc in FILES
    if isinstance(doc, dict) and doc.get("kind") == "conversation" and not file_problems(doc)
]


@pytest.mark.parametrize(("path", "doc"), CONVERSATIONS, ids=[_rel(p) for p, _ in CONVERSATIONS])
def test_conversation_messages_validate(path: Path, doc: dict[str, Any]) -> None:
    problems = []
    for where, protocol, message, method in conversation_messages(doc):
        for problem in schema_errors(protocol, message, method):
            problems.append(f"{where} ({protocol} {method or '?'}): {problem}")
    assert not problems, f"{_rel(path)}:\n  " + "\n  ".join(problems)


def test_conversation_pairing_finds_response_methods() -> None:
    doc = {
        "translator": "upgrade",
        "steps": [
            {
                "from": "client",
                "message": {"id": 1, "method": "session/new"},
                "expect": [
                    {"to": "agent", "agent": 2, "message": {"id": 1, "method": "initialize"}},
                    {"to": "client", "message": {"id": 1, "result": {}}},
                ],
            },
            {"from": "agent", "agent": 2, "message": {"id": 1, "result": None}, "expect": []},
            {"from": "agent", "agent": 0, "message": {"id": 1, "result": None}, "expect": []},
        ],
    }
    found = [(p, m) for _, p, _, m in conversation_messages(doc)]
    assert found == [
        ("current", "session/new"),
        ("legacy", "initialize"),
        ("current", "session/new"),
        ("legacy", "initialize"),
        ("legacy", None),
    ]


# --------------------------------------------------------------------------- coverage


def _values(defs: dict[str, Any], name: str, field: str | None = None) -> set[str]:
    """The strings a schema enum allows, or the tag values (``field``) of a tagged union;
    for an untagged union (``field`` ``None`` on objects), each branch's required key."""
    definition = defs[name]
    if "enum" in definition:
        return set(definition["enum"])
    out = set()
    for branch in definition.get("oneOf") or definition.get("anyOf") or []:
        if "const" in branch:
            out.add(branch["const"])
        elif field is not None:
            out.add(branch["properties"][field]["const"])
        else:
            out.add(branch["required"][0])
    return out


def _accepted(protocol: str) -> Iterator[tuple[str, str, dict[str, Any]]]:
    """``(method, role, message)`` of every accepted message vector of ``protocol``."""
    for _, case in CASES:
        if "reject" in case or not isinstance(case.get("message"), dict):
            continue
        candidates = [case]
        if isinstance(case.get("counterpart"), dict):
            candidates.append(case["counterpart"])
        for item in candidates:
            message = item.get("message")
            if item.get("protocol") != protocol or not isinstance(message, dict):
                continue
            method = item.get("method") or message.get("method")
            if not isinstance(method, str):
                continue
            role = "params" if "method" in message else "error" if "error" in message else "result"
            yield method, role, message


def _walk(value: Any, path: tuple[str, ...]) -> Iterator[Any]:
    """Values at ``path`` under ``value``; ``*`` steps into every list item."""
    if not path:
        yield value
        return
    head, rest = path[0], path[1:]
    if head == "*":
        if isinstance(value, list):
            for item in value:
                yield from _walk(item, rest)
    elif isinstance(value, dict) and head in value:
        yield from _walk(value[head], rest)


def _seen(protocol: str, methods: set[str], *paths: str) -> set[Any]:
    out: set[Any] = set()
    for method, _, message in _accepted(protocol):
        if method in methods:
            for path in paths:
                for found in _walk(message, tuple(path.split("."))):
                    if isinstance(found, str):
                        out.add(found)
                    elif isinstance(found, dict):
                        out.update(found.keys())
    return out


def test_every_method_has_request_and_result_vectors() -> None:
    missing = []
    for protocol in PROTOCOLS:
        seen = {(method, role) for method, role, _ in _accepted(protocol)}
        for name, spec in method_table(protocol).items():
            if (name, "params") not in seen:
                missing.append(f"{protocol} {name}: no request vector")
            if not spec.notification and (name, "result") not in seen:
                missing.append(f"{protocol} {name}: no result vector")
    assert not missing, "\n".join(missing)


def test_every_reject_kind_is_covered() -> None:
    paths = {case["reject"]["path"] for _, case in CASES if "reject" in case}
    assert "params" in paths, "no non-object params reject"
    assert len(paths) >= 4


LEGACY = load_schema(LEGACY_SCHEMAS["0.0.10"])["$defs"]
CURRENT = load_schema(CURRENT_SCHEMA)["$defs"]
TOOL_METHODS = {"pushToolCall", "requestToolCallConfirmation"}
CONTENT_METHODS = TOOL_METHODS | {"updateToolCall"}
UPDATE = {"session/update"}
PERMISSION = {"session/request_permission"}
# Where ContentBlocks and ToolCallContent appear in current messages.
BLOCK_PATHS = (
    "params.prompt.*.type",
    "params.update.content.type",
    "params.update.content.*.content.type",
    "params.toolCall.content.*.content.type",
)
TOOL_CONTENT_PATHS = ("params.update.content.*.type", "params.toolCall.content.*.type")

COVERAGE = [
    ("legacy", "icons", TOOL_METHODS, ("params.icon",), _values(LEGACY, "Icon")),
    (
        "legacy",
        "confirmations",
        {"requestToolCallConfirmation"},
        ("params.confirmation.type",),
        _values(LEGACY, "ToolCallConfirmation", "type"),
    ),
    (
        "legacy",
        "outcomes",
        {"requestToolCallConfirmation"},
        ("result.outcome",),
        _values(LEGACY, "ToolCallConfirmationOutcome"),
    ),
    (
        "legacy",
        "content kinds",
        CONTENT_METHODS,
        ("params.content.type",),
        _values(LEGACY, "ToolCallContent", "type"),
    ),
    (
        "legacy",
        "statuses",
        {"updateToolCall"},
        ("params.status",),
        _values(LEGACY, "ToolCallStatus"),
    ),
    (
        "legacy",
        "assistant chunks",
        {"streamAssistantMessageChunk"},
        ("params.chunk",),
        _values(LEGACY, "AssistantMessageChunk"),
    ),
    (
        "legacy",
        "user chunks",
        {"sendUserMessage"},
        ("params.chunks.*",),
        _values(LEGACY, "UserMessageChunk"),
    ),
    ("legacy", "locations", TOOL_METHODS, ("params.locations.*",), {"path", "line"}),
    (
        "legacy",
        "plan priorities",
        {"updatePlan"},
        ("params.entries.*.priority",),
        _values(LEGACY, "PlanEntryPriority"),
    ),
    (
        "legacy",
        "plan statuses",
        {"updatePlan"},
        ("params.entries.*.status",),
        _values(LEGACY, "PlanEntryStatus"),
    ),
    (
        "current",
        "session updates",
        UPDATE,
        ("params.update.sessionUpdate",),
        _values(CURRENT, "SessionUpdate", "sessionUpdate"),
    ),
    (
        "current",
        "content blocks",
        {"session/prompt", "session/update", "session/request_permission"},
        BLOCK_PATHS,
        _values(CURRENT, "ContentBlock", "type"),
    ),
    (
        "current",
        "tool call content",
        UPDATE | PERMISSION,
        TOOL_CONTENT_PATHS,
        _values(CURRENT, "ToolCallContent", "type"),
    ),
    (
        "current",
        "tool kinds",
        UPDATE | PERMISSION,
        ("params.update.kind", "params.toolCall.kind"),
        _values(CURRENT, "ToolKind"),
    ),
    (
        "current",
        "tool statuses",
        UPDATE | PERMISSION,
        ("params.update.status", "params.toolCall.status"),
        _values(CURRENT, "ToolCallStatus"),
    ),
    (
        "current",
        "permission outcomes",
        PERMISSION,
        ("result.outcome.outcome",),
        _values(CURRENT, "RequestPermissionOutcome", "outcome"),
    ),
    (
        "current",
        "permission option kinds",
        PERMISSION,
        ("params.options.*.kind",),
        _values(CURRENT, "PermissionOptionKind"),
    ),
    (
        "current",
        "stop reasons",
        {"session/prompt"},
        ("result.stopReason",),
        _values(CURRENT, "StopReason"),
    ),
]


@pytest.mark.parametrize(
    ("protocol", "what", "methods", "paths", "expected"),
    COVERAGE,
    ids=[f"{c[0]} {c[1]}" for c in COVERAGE],
)
def test_message_vectors_cover(
    protocol: str, what: str, methods: set[str], paths: tuple[str, ...], expected: set[str]
) -> None:
    assert expected, f"no {what} found in the schema"
    missing = expected - _seen(protocol, methods, *paths)
    assert not missing, f"no {protocol} message vector shows {what} {sorted(missing)}"


# --------------------------------------------------------------------------- the runner itself


def test_runner_detects_a_changed_round_trip() -> None:
    message = {
        "jsonrpc": "2.0",
        "id": 0,
        "method": "initialize",
        "params": {"protocolVersion": "0.0.9"},
    }
    _run_accepted("legacy", message, "initialize", message)
    other = {**message, "params": {"protocolVersion": "0.0.10"}}
    with pytest.raises(AssertionError, match="round trip changed params"):
        _run_accepted("legacy", message, "initialize", other)


def test_runner_detects_a_schema_violation_the_model_accepts() -> None:
    # A negative tool call id structures (the model types it as int) but the schema says uint64.
    message = {
        "jsonrpc": "2.0",
        "id": 0,
        "method": "updateToolCall",
        "params": {"toolCallId": -1, "status": "running", "content": None},
    }
    with pytest.raises(AssertionError, match="not valid legacy"):
        _run_accepted("legacy", message, "updateToolCall", message)


def test_runner_rejects_a_wrong_kind_of_message() -> None:
    notification = {"jsonrpc": "2.0", "method": "initialize", "params": {"protocolVersion": 1}}
    with pytest.raises(AssertionError, match="must be sent as a request"):
        _structure_member("current", notification, "initialize")
    with pytest.raises(AssertionError, match="no params"):
        _structure_member(
            "legacy", {"id": 1, "method": "authenticate", "params": {}}, "authenticate"
        )


# --------------------------------------------------------------------------- the schema helper


@pytest.mark.parametrize("path", PINNED_SCHEMAS, ids=lambda path: path.name)
def test_every_pinned_schema_is_a_json_schema(path: Path) -> None:
    assert schema_problems(path) == []


def test_current_check_goes_beyond_the_top_level_anyof() -> None:
    prompt = {"jsonrpc": "2.0", "id": 1, "method": "session/prompt", "params": {"sessionId": "s"}}
    # The top-level anyOf admits it (as an extension request); the method's own def does not.
    assert current_errors(prompt) == [
        f"[{schema.name}] message.params: 'prompt' is a required property"
        for schema in CURRENT_SCHEMAS
    ]
    assert current_errors({"jsonrpc": "2.0", "id": 1, "result": {}}, "session/prompt")
    assert current_errors({"jsonrpc": "2.0", "id": 1, "result": {}}, "authenticate") == []
    # Without "jsonrpc" no top-level branch matches.
    assert current_errors({"id": 1, "result": {}}, "authenticate")
    # A message only the newer schema knows (a notice) fails the older one alone.
    notice = {
        "jsonrpc": "2.0",
        "method": "session/update",
        "params": {"sessionId": "s", "update": {"sessionUpdate": "notice", "severity": "info"}},
    }
    assert any(p.startswith(f"[{NEWEST_CURRENT_SCHEMA.name}]") for p in current_errors(notice))
    # Extension methods: top-level check only.
    assert current_errors({"jsonrpc": "2.0", "method": "_x/y", "params": [1]}) == []


def test_v2_check_is_the_drafts_own() -> None:
    ack = {"jsonrpc": "2.0", "id": 1, "result": {"messageId": "m"}}
    assert v2_errors(ack, "session/prompt") == []
    # A v1 prompt answer is no v2 one: v2 acknowledges with the user message's id.
    assert v2_errors(
        {"jsonrpc": "2.0", "id": 1, "result": {"stopReason": "end_turn"}}, "session/prompt"
    )
    # A v1 chunk has no message id, which v2 requires. (v2's union of update kinds is
    # open: a kind it does not know, such as v1's tool_call, validates as another kind.)
    chunk = {"sessionUpdate": "agent_message_chunk", "content": {"type": "text", "text": "x"}}
    update = {
        "jsonrpc": "2.0",
        "method": "session/update",
        "params": {"sessionId": "s", "update": chunk},
    }
    assert current_errors(update) == []
    assert v2_errors(update)
    # v1's boolean capability markers are objects in v2.
    init = {
        "protocolVersion": 2,
        "info": {"name": "a", "version": "1"},
        "capabilities": {"session": {"prompt": {"image": True}}},
    }
    assert v2_errors({"jsonrpc": "2.0", "id": 0, "result": init}, "initialize")


def test_legacy_check_covers_the_envelope() -> None:
    chunk = {"chunk": {"text": "x"}}
    ok = {"jsonrpc": "2.0", "id": 0, "method": "streamAssistantMessageChunk", "params": chunk}
    assert legacy_errors(ok) == []
    assert legacy_errors({k: v for k, v in ok.items() if k != "jsonrpc"}) == []
    assert legacy_errors({**ok, "id": "0"}) == ["message.id: '0' is not an integer"]
    assert legacy_errors({**ok, "id": 2**31}) == [f"message.id: {2**31} does not fit an i32"]
    assert (
        "legacy has no notifications"
        in legacy_errors({k: v for k, v in ok.items() if k != "id"})[0]
    )
    assert legacy_errors({**ok, "extra": 1}) == [
        "message.extra: not a member of this kind of message"
    ]
    assert (
        legacy_errors({"jsonrpc": "2.0", "id": None, "error": {"code": -32700, "message": "x"}})
        == []
    )
    assert legacy_errors({"jsonrpc": "2.0", "id": 1, "error": {"code": "x", "message": "m"}})
    plan = {"jsonrpc": "2.0", "id": 1, "method": "updatePlan", "params": {"entries": []}}
    assert legacy_errors(plan) == []
    assert legacy_errors(plan, version="0.0.9") == [
        "message: no params schema for 'updatePlan' in acp-0.0.9"
    ]
    void = {"jsonrpc": "2.0", "id": 1, "result": None}
    assert legacy_errors(void, "writeTextFile") == []
    assert legacy_errors({**void, "result": {}}, "writeTextFile") == [
        "message.result: {} is not of type 'null'"
    ]
