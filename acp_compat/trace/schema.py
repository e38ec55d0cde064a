"""The pinned JSON Schemas of both protocols as a judge: strict where the relay is tolerant.

The relay's models accept what the protocol says a receiver should tolerate (a tool kind
it does not know, a union member of a later version) so that it can relay it; ``trace
--check`` says what the schema says instead. :class:`Schema` compiles the pinned schema
(``schemas.json``, generated from ``vectors/schemas/`` by ``tests/trace/test_schema.py``)
into one checking function per definition, the subset of JSON Schema the ACP schemas use:
``$ref``, ``type``, ``properties`` and ``required``, ``enum`` and ``const``, ``anyOf``,
``oneOf`` and ``allOf`` (a union whose members each fix one member to a constant is read
by that member, the way the protocol tags it), ``not``, ``items``, integer ``format``,
``minimum``, ``maximum`` and ``minLength``. Members the schema does not name are never a
problem (``additionalProperties`` is ``true`` throughout). A check returns the problems
as ``(path, text)``, none for a valid value, at the cost of a few dictionary lookups per
member: cheaper than structuring the message with the models.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from functools import cache
from importlib import resources
from typing import Any

from acp_compat._define import frozen
from acp_compat.translate.probe import Protocol

Problem = tuple[str, str]
"""The wire path of a bad field (``params.update.content.text``) and what is wrong."""

Check = Callable[[Any], list[Problem] | None]
"""A compiled schema: the problems of a value (paths relative to it: ``.text``, ``[0]``),
``None`` when it is valid. A valid value builds no path and no list."""

PYTHON_TYPES: dict[str, tuple[type, ...]] = {
    "object": (dict,),
    "array": (list,),
    "string": (str,),
    "boolean": (bool,),
    "null": (type(None),),
    "integer": (int,),
    "number": (int, float),
}
"""What JSON's types decode to (an integer may also be written ``1.0``)."""

ARTICLES = {"object": "an object", "array": "an array", "integer": "an integer", "null": "null"}

FORMATS: dict[str, tuple[int, int]] = {
    "int8": (-(2**7), 2**7 - 1),
    "uint8": (0, 2**8 - 1),
    "int16": (-(2**15), 2**15 - 1),
    "uint16": (0, 2**16 - 1),
    "int32": (-(2**31), 2**31 - 1),
    "uint32": (0, 2**32 - 1),
    "int64": (-(2**63), 2**63 - 1),
    "uint64": (0, 2**64 - 1),
}
"""The integer formats the schemas use and their ranges (``double`` is any number)."""

READ = frozenset(
    {"$ref", "type", "const", "enum", "format", "minimum", "maximum", "minLength"}
    | {"properties", "required", "items", "allOf", "anyOf", "oneOf", "not"}
)
"""The keywords the checks read; the rest (``x-deserialize-*``, ``x-side``, a ``true``
``additionalProperties``, ``discriminator``, which the members' constants say again) only
describe."""


@frozen
class Method:
    """A method as its protocol's schema defines it."""

    name: str
    handled_by: str
    """``agent``, ``client`` or ``both`` (``$/cancel_request``): who receives it."""
    params: str | None
    """The definition of its ``params`` (``None``: the schema has none)."""
    result: str | None
    """The definition of its answer's ``result`` (``None`` for a notification)."""
    notification: bool


def shown(value: Any) -> str:
    """A value as a problem quotes it: short JSON."""
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= 40 else text[:37] + "..."


class Schema:
    """One pinned schema, compiled definition by definition on first use."""

    def __init__(self, schema: dict[str, Any]) -> None:
        self._defs: dict[str, Any] = schema["$defs"]
        self._compiled: dict[str, Check] = {}
        self.methods: dict[str, Method] = _methods(self._defs)
        """Every method of the protocol, from the schema itself."""

    def check(self, definition: str, value: Any, at: str) -> list[Problem]:
        """The problems of ``value`` (at wire path ``at``) against ``definition``."""
        return [(at + path, text) for path, text in self._definition(definition)(value) or ()]

    def requires(self, definition: str) -> bool:
        """Whether ``definition`` names a member a value must have."""
        return bool(self._resolved(self._defs[definition]).get("required"))

    def members(self, definition: str) -> frozenset[str]:
        """The members ``definition`` names (those of the objects it is ``allOf`` too)."""
        node = self._resolved(self._defs[definition])
        properties = list(node.get("properties", {}).items())
        self._merged(list(node.get("allOf", [])), properties, [])
        return frozenset(name for name, _ in properties)

    def _definition(self, name: str) -> Check:
        compiled = self._compiled.get(name)
        if compiled is None:
            # While a definition compiles, one that refers to it (itself, a tree) defers.
            self._compiled[name] = lambda value: self._compiled[name](value)
            compiled = self._compiled[name] = self._compile(self._defs[name])
        return compiled

    def _compile(self, node: Any) -> Check:
        read = node.keys() & READ if isinstance(node, dict) else set()
        if not read:
            return _valid
        if read == {"$ref"}:
            return self._definition(node["$ref"].rsplit("/", 1)[-1])
        if read == {"allOf"} and len(node["allOf"]) == 1:
            return self._compile(node["allOf"][0])
        checks: list[Check] = []
        subs = list(node.get("allOf", []))
        if "$ref" in node:
            checks.append(self._definition(node["$ref"].rsplit("/", 1)[-1]))
        if "properties" in node or "required" in node:
            # An object's members (and those of the objects it is allOf) in one pass.
            properties = list(node.get("properties", {}).items())
            required = list(node.get("required", []))
            subs = self._merged(subs, properties, required)
            checks.append(self._object(node, properties, required))
        elif "type" in node:
            checks.append(_type(node["type"]))
        if "const" in node or "enum" in node:
            checks.append(_one_of_values(node.get("enum", [node.get("const")])))
        if node.get("format") in FORMATS:
            checks.append(_range(*FORMATS[node["format"]]))
        if "minimum" in node or "maximum" in node:
            checks.append(_range(node.get("minimum"), node.get("maximum")))
        if "minLength" in node:
            least = node["minLength"]
            checks.append(
                lambda v: (
                    [("", f"at least {least} characters")]
                    if type(v) is str and len(v) < least
                    else None
                )
            )
        if "items" in node:
            checks.append(_items(self._compile(node["items"])))
        checks += [self._compile(sub) for sub in subs]
        checks += [self._union(node[union]) for union in ("anyOf", "oneOf") if union in node]
        if "not" in node:
            refused = self._compile(node["not"])
            checks.append(
                lambda v: [("", "a value this schema reserves")] if refused(v) is None else None
            )
        if len(checks) == 1:
            return checks[0]

        def every(value: Any) -> list[Problem] | None:
            found = None
            for check in checks:
                problems = check(value)
                if problems:
                    found = problems if found is None else found + problems
            return found

        return every

    def _merged(
        self, subs: list[Any], properties: list[tuple[str, Any]], required: list[str]
    ) -> list[Any]:
        """Fold the plain objects among ``subs`` (an ``allOf``) into ``properties`` and
        ``required``; the subs left to check on their own."""
        left = []
        for sub in subs:
            node = self._resolved(sub)
            plain = node.keys() & READ <= {"type", "properties", "required", "allOf"}
            if plain and node.get("type", "object") == "object":
                properties += node.get("properties", {}).items()
                required += node.get("required", [])
                left += self._merged(list(node.get("allOf", [])), properties, required)
            else:
                left.append(sub)
        return left

    def _object(
        self, node: dict[str, Any], properties: list[tuple[str, Any]], required: list[str]
    ) -> Check:
        typed = _type(node["type"]) if "type" in node else None
        members = [(name, f".{name}", self._compile(sub)) for name, sub in properties]
        members = [(name, at, sub) for name, at, sub in members if sub is not _valid]
        needed = tuple(dict.fromkeys(required))

        def check(value: Any) -> list[Problem] | None:
            if type(value) is not dict:
                return typed(value) if typed is not None else None
            found = None
            for name in needed:
                if name not in value:
                    found = (found or []) + [(f".{name}", "a required member is missing")]
            for name, at, sub in members:
                if name in value:
                    problems = sub(value[name])
                    if problems:
                        found = (found or []) + [(at + path, text) for path, text in problems]
            return found

        return check

    def _union(self, members: list[Any]) -> Check:
        resolved = [self._resolved(member) for member in members]
        if all(node.keys() & READ <= {"type", "const"} and "const" in node for node in resolved):
            return _one_of_values([node["const"] for node in resolved])  # an enum, spelt out
        nullable = any(node == {"type": "null"} for node in resolved)
        members = [m for m, node in zip(members, resolved, strict=True) if node != {"type": "null"}]
        tag = self._tag(members)
        compiled = [self._compile(member) for member in members]
        if tag is not None:
            key, values = tag
            by_value = {(type(v), v): check for v, check in zip(values, compiled, strict=True)}
            expected = _expected(values)
            at = f".{key}"

            def tagged(value: Any) -> list[Problem] | None:
                if type(value) is not dict:
                    if value is None and nullable:
                        return None
                    return [("", f"expected an object, got {_kind_of(value)}")]
                found = value.get(key)
                try:
                    member = by_value.get((type(found), found))
                except TypeError:  # an object or an array where a constant belongs
                    member = None
                if member is None:
                    return [(at, f"expected {expected}, got {shown(found)}")]
                return member(value)

            return tagged

        def any_member(value: Any) -> list[Problem] | None:
            if value is None and nullable:
                return None
            best: list[Problem] | None = None
            for member in compiled:
                problems = member(value)
                if problems is None:
                    return None
                if best is None or len(problems) < len(best):
                    best = problems
            return best or [("", "matches none of the shapes the schema allows")]

        if len(compiled) == 1 and nullable:
            only = compiled[0]
            return lambda value: None if value is None else only(value)
        return any_member

    def _tag(self, members: list[Any]) -> tuple[str, list[Any]] | None:
        """The member every union member fixes to its own constant, and the constants
        (``{"type": "text"}`` / ``{"type": "image"}``), or ``None``."""
        fixed: list[dict[str, Any]] = []
        for member in members:
            member = self._resolved(member)
            constants = {
                name: sub["const"]
                for name, sub in member.get("properties", {}).items()
                if isinstance(sub, dict) and "const" in sub and name in member.get("required", [])
            }
            fixed.append(constants)
        keys = set(fixed[0]) if fixed else set()
        for constants in fixed[1:]:
            keys &= set(constants)
        for key in sorted(keys):
            values = [constants[key] for constants in fixed]
            if len(set(map(json.dumps, values))) == len(values):
                return key, values
        return None

    def _resolved(self, node: Any) -> dict[str, Any]:
        """A node with a lone ``$ref`` (or ``allOf`` of one) followed to its definition."""
        while isinstance(node, dict):
            if "$ref" in node and len(node) == 1:
                node = self._defs[node["$ref"].rsplit("/", 1)[-1]]
            elif list(node) == ["allOf"] and len(node["allOf"]) == 1:
                node = node["allOf"][0]
            else:
                return node
        return {}


def _methods(defs: dict[str, Any]) -> dict[str, Method]:
    """The methods a schema defines. A current schema names each body's method and side
    (``x-method``, ``x-side``); a legacy one names them ``PushToolCallParams`` and
    ``PushToolCallResponse`` and lists the requests of each side (``AnyAgentRequest``:
    what an agent receives)."""
    parts: dict[str, dict[str, Any]] = {}
    legacy = not any("x-method" in node for node in defs.values())
    for name, node in defs.items():
        method, side = node.get("x-method"), node.get("x-side")
        suffixes = ("Params", "Response") if legacy else ("Request", "Response", "Notification")
        suffix = next((end for end in suffixes if name.endswith(end)), None)
        if suffix is None or (not legacy and not isinstance(method, str)):
            continue
        if legacy:  # the method is the name, the side the union listing its requests
            stem = name[: -len(suffix)]
            method = stem[:1].lower() + stem[1:]
            requests = ("agent", "client")
            side = next((w for w in requests if _lists(defs, f"Any{w.title()}Request", name)), None)
        entry = parts.setdefault(str(method), {})
        entry["Response" if suffix == "Response" else "body"] = name
        entry["notification"] = suffix == "Notification"
        if side is not None:
            entry["side"] = "both" if side == "protocol" else side
    return {
        method: Method(
            method,
            entry.get("side", "both"),
            entry.get("body"),
            entry.get("Response"),
            entry.get("notification", False),
        )
        for method, entry in parts.items()
        if "body" in entry or "Response" in entry
    }


def _lists(defs: dict[str, Any], union: str, name: str) -> bool:
    return any(m.get("$ref", "").endswith(f"/{name}") for m in defs.get(union, {}).get("anyOf", []))


def _valid(value: Any) -> None:
    return None


def _kind_of(value: Any) -> str:
    for name in ("object", "array", "string", "boolean", "null"):
        if type(value) in PYTHON_TYPES[name]:
            return ARTICLES.get(name, f"a {name}")
    return "a number"


def _type(names: Any) -> Check:
    kinds = [names] if isinstance(names, str) else list(names)
    allowed = frozenset(t for kind in kinds for t in PYTHON_TYPES[kind])
    integral = "integer" in kinds and "number" not in kinds
    wanted = " or ".join(ARTICLES.get(kind, f"a {kind}") for kind in kinds)

    def check(value: Any) -> list[Problem] | None:
        if type(value) in allowed or (integral and type(value) is float and value.is_integer()):
            return None
        return [("", f"expected {wanted}, got {_kind_of(value)}")]

    return check


def _items(item: Check) -> Check:
    def check(value: Any) -> list[Problem] | None:
        if type(value) is not list:
            return None
        found = None
        for index, element in enumerate(value):
            problems = item(element)
            if problems:
                found = (found or []) + [(f"[{index}]{path}", text) for path, text in problems]
        return found

    return check


def _expected(values: list[Any]) -> str:
    return "one of " + ", ".join(shown(v) for v in values) if len(values) > 1 else shown(values[0])


def _one_of_values(values: list[Any]) -> Check:
    allowed = {(type(v), v) for v in values}  # the schemas' constants are scalars
    expected = _expected(values)

    def check(value: Any) -> list[Problem] | None:
        try:
            if (type(value), value) in allowed:
                return None
        except TypeError:  # an object or an array where a constant belongs
            pass
        return [("", f"expected {expected}, got {shown(value)}")]

    return check


def _range(low: Any, high: Any) -> Check:
    def check(value: Any) -> list[Problem] | None:
        if type(value) not in (int, float):
            return None
        if (low is not None and value < low) or (high is not None and value > high):
            return [("", f"{value} is out of range")]
        return None

    return check


class Pinned:
    """The pinned schema of each protocol, and every current method name ever pinned."""

    def __init__(self, data: dict[str, Any]) -> None:
        self.current = Schema(data["current"])
        self.legacy = Schema(data["legacy"])
        self.current_names: frozenset[str] = frozenset(data["currentMethodNames"])
        """Methods of the current protocol, unstable and earlier versions' included (the
        pinned method lists): not extensions, though the schema may not define them."""

    def of(self, protocol: Protocol) -> Schema:
        """The schema of ``protocol``."""
        return self.legacy if protocol is Protocol.LEGACY else self.current


@cache
def pinned() -> Pinned:
    """The pinned schemas (``schemas.json``), compiled definition by definition as used."""
    return Pinned(json.loads(resources.files(__package__).joinpath("schemas.json").read_bytes()))
