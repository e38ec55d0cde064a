"""Validate protocol messages against the official JSON Schemas copied into ``vectors/schemas``.

Current (v1) messages are checked against both pinned v1 schemas (1.21.0, and the newer
one the official TypeScript SDK 2.4.0 ships). A schema's top-level ``anyOf`` covers whole
messages (Agent, Client and protocol-level requests, responses and notifications), but
each branch also admits extension methods whose params and results are unconstrained, so a
malformed ``session/prompt`` would still pass it. :func:`current_errors` therefore checks both the
whole message against the top-level schema *and* its ``params`` / ``result`` against the
``$defs`` entry annotated with that method (``x-method``).

v2 (draft) messages are checked the same way against the pinned v2 schema (the TypeScript SDK
2.4.0's), or its unstable superset alone for a method only that defines: :func:`v2_errors`.

Legacy (0.0.x) messages: the legacy schemas describe only params and results, so
:func:`legacy_errors` checks the JSON-RPC envelope itself and the params (or result)
against ``<Method>Params`` (``<Method>Response``) of acp-0.0.9, or of acp-0.0.10 for
``updatePlan``, which only 0.0.10 has.
"""

from __future__ import annotations

import functools
import json
from pathlib import Path
from typing import Any

import jsonschema

from tests.support.paths import VECTORS

SCHEMA_DIR = VECTORS / "schemas"
CURRENT_SCHEMA = SCHEMA_DIR / "current" / "acp-v1-schema-1.21.0.schema.json"
NEWEST_CURRENT_SCHEMA = SCHEMA_DIR / "current" / "acp-v1-schema-ts-sdk-2.4.0.schema.json"
"""The newest v1 schema the official TypeScript SDK ships (2.4.0): 1.21.0 plus session
notices, compaction updates and tool-call names."""
CURRENT_SCHEMAS = (CURRENT_SCHEMA, NEWEST_CURRENT_SCHEMA)
"""Every current message must validate against each of these."""
UNSTABLE_CURRENT_SCHEMA = SCHEMA_DIR / "current" / "acp-v1-schema-ts-sdk-2.4.0.unstable.schema.json"
"""The TypeScript SDK 2.4.0's unstable v1 schema: a message of a method only it defines
(``session/fork``, ``providers/list``...) is validated against it alone."""
V2_SCHEMA = SCHEMA_DIR / "v2" / "acp-v2-draft-ts-sdk-2.4.0.schema.json"
"""The v2 draft the TypeScript SDK 2.4.0 ships: every v2 message must validate against it."""
UNSTABLE_V2_SCHEMA = SCHEMA_DIR / "v2" / "acp-v2-draft-ts-sdk-2.4.0.unstable.schema.json"
"""Its unstable superset: a message of a method only it defines is validated against it alone."""
LEGACY_SCHEMAS = {
    "0.0.9": SCHEMA_DIR / "legacy" / "acp-0.0.9.schema.json",
    "0.0.10": SCHEMA_DIR / "legacy" / "acp-0.0.10.schema.json",
}
LEGACY_0_0_10_ONLY = frozenset({"updatePlan"})
"""Legacy methods the 0.0.9 schema lacks."""


class SchemaViolation(AssertionError):
    """A message does not validate; the text lists every problem found."""


@functools.cache
def load_schema(path: Path) -> dict[str, Any]:
    """A schema file, parsed once."""
    with path.open(encoding="utf-8") as handle:
        schema: dict[str, Any] = json.load(handle)
    return schema


PINNED_SCHEMAS = (
    *CURRENT_SCHEMAS,
    UNSTABLE_CURRENT_SCHEMA,
    V2_SCHEMA,
    UNSTABLE_V2_SCHEMA,
    *LEGACY_SCHEMAS.values(),
)
"""Every schema file messages are validated against here."""


def schema_problems(path: Path) -> list[str]:
    """Why ``path`` is no valid JSON Schema of the draft it names (empty: it is one).

    Checked by a test of its own, not by every process that validates a message: against
    the draft's meta-schema it takes about a second a file."""
    schema = load_schema(path)
    try:
        jsonschema.validators.validator_for(schema).check_schema(schema)
    except jsonschema.exceptions.SchemaError as error:
        return [f"{error.json_path}: {error.message}"]
    return []


@functools.cache
def _root_validator(path: Path) -> Any:
    """A validator for the whole schema file (one of :data:`PINNED_SCHEMAS`)."""
    schema = load_schema(path)
    return jsonschema.validators.validator_for(schema)(schema)


@functools.cache
def _validator(path: Path, definition: str | None) -> Any:
    """A validator for the whole schema file, or for one of its ``$defs`` entries."""
    root = _root_validator(path)
    if definition is None:
        return root
    # evolve() keeps the root's resolver, so "#/$defs/..." refs inside resolve as usual.
    return root.evolve(schema={"$ref": f"#/$defs/{definition}"})


def _problems(schema: Path, definition: str | None, value: Any, where: str) -> list[str]:
    """Every validation error of ``value`` against ``schema`` (or one of its ``$defs``),
    best match first, as ``where.path: message`` lines."""
    text = _canonical_json(value)
    found = (
        _errors(schema, definition, value) if text is None else _errors_of(schema, definition, text)
    )
    return [f"{where}{path}: {message}" for path, message in found]


CACHED_TEXT_LIMIT = 64 * 1024
"""Values whose canonical JSON is longer are validated every time, not remembered."""


def _canonical_json(value: Any) -> str | None:
    """``value`` as sorted-key JSON when that text stands for exactly this value (it
    parses back equal, and is short enough to remember); else ``None``.

    A value that would change on the way (a tuple, an int key, NaN, an object JSON cannot
    hold) is not given a text, so it is never mistaken for the value the text parses to.
    """
    try:
        text = json.dumps(value, sort_keys=True, allow_nan=False)
    except (TypeError, ValueError):
        return None
    if len(text) > CACHED_TEXT_LIMIT or json.loads(text) != value:
        return None
    return text


@functools.lru_cache(maxsize=8192)
def _errors_of(schema: Path, definition: str | None, text: str) -> tuple[tuple[str, str], ...]:
    """:func:`_errors` of the value ``text`` is the JSON of, remembered: tests validate the
    same messages again and again (the property tests' runs share most of theirs), and
    validation is a pure function of the schema and the value."""
    return _errors(schema, definition, json.loads(text))


def _errors(schema: Path, definition: str | None, value: Any) -> tuple[tuple[str, str], ...]:
    """``(path, message)`` of every validation error, best match first."""
    validator = _validator(schema, definition)
    errors = sorted(validator.iter_errors(value), key=jsonschema.exceptions.relevance)
    return tuple(
        (
            "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in error.absolute_path),
            error.message[:300],
        )
        for error in errors
    )


@functools.cache
def _current_definitions(schema: Path = CURRENT_SCHEMA) -> dict[tuple[str, str], str]:
    """``(method, "params" | "result")`` → ``$defs`` name, from the ``x-method`` annotations."""
    table: dict[tuple[str, str], str] = {}
    for name, definition in load_schema(schema)["$defs"].items():
        method = definition.get("x-method")
        if method is None:
            continue
        role = "result" if name.endswith("Response") else "params"
        table[(method, role)] = name
    return table


def current_methods() -> set[str]:
    """Every method the v1 schema defines params or results for."""
    return {method for method, _ in _current_definitions()}


def current_errors(message: Any, method: str | None = None) -> list[str]:
    """Problems of a current (v1) message against every pinned v1 schema; empty when it
    validates against all of them.

    ``method`` is needed for a response (which does not name its method) to check its
    ``result``; for a request or notification it defaults to the message's own. A method
    the schema does not define (``_vendor/x``, unstable ones) gets the top-level check only.
    """
    problems = []
    name = method if method is not None else _method_of(message)
    unstable = _only_unstable(name, UNSTABLE_CURRENT_SCHEMA, CURRENT_SCHEMAS)
    schemas = (UNSTABLE_CURRENT_SCHEMA,) if unstable else CURRENT_SCHEMAS
    for schema in schemas:
        found = _schema_errors(schema, message, method)
        problems += [f"[{schema.name}] {problem}" for problem in found]
    return problems


def v2_errors(message: Any, method: str | None = None) -> list[str]:
    """Problems of a v2 (draft) message against the pinned v2 schema (or, for a method
    only its unstable superset defines, against that); empty when it validates. As
    :func:`current_errors` for the rest."""
    name = method if method is not None else _method_of(message)
    unstable = _only_unstable(name, UNSTABLE_V2_SCHEMA, (V2_SCHEMA,))
    schema = UNSTABLE_V2_SCHEMA if unstable else V2_SCHEMA
    return [f"[{schema.name}] {p}" for p in _schema_errors(schema, message, method)]


def v2_methods() -> set[str]:
    """Every method the stable v2 schema defines params or results for."""
    return {method for method, _ in _current_definitions(V2_SCHEMA)}


def _only_unstable(method: str | None, unstable: Path, stable: tuple[Path, ...]) -> bool:
    def defines(schema: Path) -> bool:
        return any(name == method for name, _ in _current_definitions(schema))

    return method is not None and defines(unstable) and not any(defines(s) for s in stable)


def _schema_errors(schema: Path, message: Any, method: str | None) -> list[str]:
    problems = _problems(schema, None, message, "message")
    if not isinstance(message, dict):
        return problems or ["message: not an object"]
    if "method" in message:
        if method is not None and method != message["method"]:
            problems.append(f"message.method: {message['method']!r}, expected {method!r}")
        method, role = message["method"], "params"
    elif "error" in message:
        return problems
    else:
        role = "result"
    if method is None:
        return problems
    definition = _current_definitions(schema).get((method, role))
    if definition is None:
        # Not a v1 method: the top-level schema admits it as an extension (or unstable)
        # method with any params; whether it is known is the method table's business.
        return problems
    value = message.get(role)
    return problems + _problems(schema, definition, value, f"message.{role}")


def legacy_version_for(method: str | None) -> str:
    """The legacy schema a method is validated against: 0.0.9, or 0.0.10 for ``updatePlan``."""
    return "0.0.10" if method in LEGACY_0_0_10_ONLY else "0.0.9"


@functools.cache
def legacy_methods(version: str = "0.0.10") -> set[str]:
    """The legacy method names (camelCase) whose params the given schema defines."""
    names = load_schema(LEGACY_SCHEMAS[version])["$defs"]
    return {n[0].lower() + n[1 : -len("Params")] for n in names if n.endswith("Params")}


def _legacy_envelope_errors(message: dict[str, Any]) -> list[str]:
    """The JSON-RPC envelope as legacy peers write and read it."""
    problems = []
    if message.get("jsonrpc", "2.0") != "2.0":
        problems.append(f"message.jsonrpc: {message['jsonrpc']!r} is not '2.0'")
    if "method" in message:
        allowed = {"jsonrpc", "id", "method", "params"}
    elif "error" in message:
        allowed = {"jsonrpc", "id", "error"}
    else:
        allowed = {"jsonrpc", "id", "result"}
    for key in sorted(set(message) - allowed):
        problems.append(f"message.{key}: not a member of this kind of message")
    request_id = message.get("id")
    if "id" not in message:
        # Legacy has no notifications: every message carries an id.
        problems.append("message: missing 'id' (legacy has no notifications)")
    elif isinstance(request_id, bool) or not isinstance(request_id, int):
        # Rust peers parse ids as i32 and drop anything else; only a parse-error reply
        # may carry a null id.
        if not (request_id is None and "error" in message):
            problems.append(f"message.id: {request_id!r} is not an integer")
    elif not -(2**31) <= request_id < 2**31:
        problems.append(f"message.id: {request_id} does not fit an i32")
    return problems


def legacy_errors(message: Any, method: str | None = None, version: str | None = None) -> list[str]:
    """Problems of a legacy (0.0.x) message; empty when it validates.

    ``method`` is needed for a response to check its ``result``. ``version`` defaults to
    :func:`legacy_version_for` the method.
    """
    if not isinstance(message, dict):
        return ["message: not an object"]
    problems = _legacy_envelope_errors(message)
    if "method" in message:
        if method is not None and method != message["method"]:
            problems.append(f"message.method: {message['method']!r}, expected {method!r}")
        method, role, suffix = message["method"], "params", "Params"
    elif "error" in message:
        error = message["error"]
        return problems + _problems(LEGACY_SCHEMAS["0.0.9"], "Error", error, "message.error")
    else:
        role, suffix = "result", "Response"
    if method is None:
        return problems
    if not isinstance(method, str) or not method:
        return [*problems, f"message.method: {method!r} is not a method name"]
    version = version or legacy_version_for(method)
    definition = method[0].upper() + method[1:] + suffix
    if definition not in load_schema(LEGACY_SCHEMAS[version])["$defs"]:
        return [*problems, f"message: no {role} schema for {method!r} in acp-{version}"]
    # An absent params/result is read as null by legacy peers (no-param methods omit it).
    value = message.get(role)
    return problems + _problems(LEGACY_SCHEMAS[version], definition, value, f"message.{role}")


def assert_current(message: Any, method: str | None = None) -> None:
    """Raise :class:`SchemaViolation` unless ``message`` is a valid current message."""
    problems = current_errors(message, method)
    if problems:
        raise SchemaViolation("not valid ACP v1:\n  " + "\n  ".join(problems))


def assert_v2(message: Any, method: str | None = None) -> None:
    """Raise :class:`SchemaViolation` unless ``message`` is a valid v2 (draft) message."""
    problems = v2_errors(message, method)
    if problems:
        raise SchemaViolation("not valid ACP v2 (draft):\n  " + "\n  ".join(problems))


def assert_legacy(message: Any, method: str | None = None, version: str | None = None) -> None:
    """Raise :class:`SchemaViolation` unless ``message`` is a valid legacy message."""
    problems = legacy_errors(message, method, version)
    if problems:
        version = version or legacy_version_for(method or _method_of(message))
        raise SchemaViolation(f"not valid legacy acp-{version}:\n  " + "\n  ".join(problems))


def _method_of(message: Any) -> str | None:
    method = message.get("method") if isinstance(message, dict) else None
    return method if isinstance(method, str) else None
