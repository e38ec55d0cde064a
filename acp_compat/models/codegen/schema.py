"""Reading a protocol's JSON Schemas into the shapes the models are written from.

The schemas are the ones the protocol's authors publish (schemars output for v1 and v2, an
older schemars for 0.0.x). They describe each type with a handful of patterns: an object
with ``properties``; a union as ``oneOf`` / ``anyOf`` whose branches carry a constant tag
and ``allOf: [{"$ref": ...}]``, with an ``other`` branch when the set is open; string
enums as branches of ``const``. :func:`read` turns every definition into one
:class:`Shape`, already flattened where the models are flat (an object whose branches only
add members becomes one object), so the rules (:mod:`.build`) never look at the JSON.

Several schema files of one protocol (1.21.0, then the TypeScript SDK's superset, then its
unstable superset) are read together: the newest gives each definition's shape, the oldest
that has a definition or a member gives its ``since``.
"""

from __future__ import annotations

import json
import keyword
import re
from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any

import attrs

Json = dict[str, Any]


@attrs.frozen
class Ref:
    """A reference to another definition."""

    name: str


@attrs.frozen
class Scalar:
    """``str``, ``int``, ``float``, ``bool``, ``None`` or ``Any``."""

    python: str


@attrs.frozen
class Const:
    """A member fixed to one string (a tag)."""

    value: str


@attrs.frozen
class ListOf:
    item: Type


@attrs.frozen
class MapOf:
    value: Type


@attrs.frozen
class Nullable:
    inner: Type


@attrs.frozen
class OneOf:
    """An untagged union of plain types (``str | int | float | bool | list[str]``)."""

    options: tuple[Type, ...]


Type = Ref | Scalar | Const | ListOf | MapOf | Nullable | OneOf


@attrs.frozen
class Property:
    """One member of an object."""

    wire: str
    type: Type
    required: bool
    description: str = ""
    since: str = ""


@attrs.frozen
class ObjectShape:
    """An object: its members (required ones first), and ``one_of``: groups of members of
    which one group must be present (its alternative scopes, flattened into it)."""

    properties: tuple[Property, ...]
    one_of: tuple[tuple[str, ...], ...] = ()


@attrs.frozen
class Variant:
    """One branch of a union: its tag (``None``: the union's untagged default, named by
    ``title``), the definition it takes its members from, and members it adds itself."""

    tag: str | None
    title: str | None
    ref: str | None
    properties: tuple[Property, ...]
    description: str


@attrs.frozen
class UnionShape:
    """A union tagged by ``tag``, or (``None``) told apart by the members present;
    ``base``: members every branch shares."""

    tag: str | None
    variants: tuple[Variant, ...]
    base: tuple[Property, ...]


@attrs.frozen
class EnumShape:
    """String constants; ``open``: the schema also admits any other string."""

    values: tuple[str, ...]
    open: bool


@attrs.frozen
class IntConstants:
    """Named integer constants (``ErrorCode``): (title, value, description)."""

    values: tuple[tuple[str, int, str], ...]


@attrs.frozen
class AliasShape:
    """Another type by another name (``SessionId`` is a string)."""

    type: Type


@attrs.frozen
class Unmodelled:
    """A definition no model stands for (an envelope)."""


ShapeKind = ObjectShape | UnionShape | EnumShape | IntConstants | AliasShape | Unmodelled


@attrs.frozen
class Shape:
    """One definition; ``refs``: every definition it mentions, in order; ``method`` and
    ``side`` where it is a method's params or result."""

    name: str
    kind: ShapeKind
    description: str
    since: str
    refs: tuple[str, ...]
    method: str | None = None
    side: str | None = None


class SchemaError(Exception):
    """A definition the rules cannot decide: the message names it and what to do."""


def read(sources: Sequence[tuple[Path, str]], unmodelled: Mapping[str, str]) -> dict[str, Shape]:
    """Every definition of the newest of ``sources`` (path, label) as a :class:`Shape`;
    ``unmodelled`` names the definitions read as :class:`Unmodelled`."""
    loaded = [(label, _definitions(path)) for path, label in sources]
    defs = loaded[-1][1]
    shapes = {}
    for name, definition in defs.items():
        first: dict[str, str] = {}
        for label, older in loaded:
            for member in _member_names(older.get(name, {})):
                first.setdefault(member, label)
        reader = _Reader(defs, name, first)
        shapes[name] = Shape(
            name=name,
            kind=Unmodelled() if name in unmodelled else reader.shape(definition),
            description=_text(definition.get("description")),
            since=next(label for label, older in loaded if name in older),
            refs=tuple(_mentioned(definition)),
            method=definition.get("x-method"),
            side=definition.get("x-side"),
        )
    return shapes


def _definitions(path: Path) -> dict[str, Json]:
    schema = json.loads(path.read_text(encoding="utf-8"))
    found: dict[str, Json] = schema.get("$defs") or schema.get("definitions") or {}
    return found


def _member_names(definition: Json) -> Iterator[str]:
    yield from definition.get("properties", {})
    for branch in definition.get("oneOf", []) + definition.get("anyOf", []):
        if isinstance(branch, dict):
            yield from _member_names(branch)


def _mentioned(node: Any) -> Iterator[str]:
    """Every definition a node refers to, in order."""
    if isinstance(node, dict):
        if "$ref" in node:
            yield str(node["$ref"]).rsplit("/", 1)[-1]
        for value in node.values():
            yield from _mentioned(value)
    elif isinstance(node, list):
        for value in node:
            yield from _mentioned(value)


def _text(value: Any) -> str:
    return value.strip() if isinstance(value, str) else ""


def _ref_name(node: Json) -> str | None:
    """The definition a node stands for: ``{"$ref"}`` or ``{"allOf": [{"$ref"}]}``."""
    if "$ref" in node:
        return str(node["$ref"]).rsplit("/", 1)[-1]
    all_of = node.get("allOf")
    if isinstance(all_of, list) and len(all_of) == 1 and "$ref" in all_of[0]:
        return str(all_of[0]["$ref"]).rsplit("/", 1)[-1]
    return None


def _is_other(branch: Json) -> bool:
    """The branch an open set adds for values it does not list."""
    return branch.get("title") == "other" and "const" not in branch


@attrs.frozen
class _Reader:
    """Reads one definition (``name``); ``since``: member → the first label that has it."""

    defs: dict[str, Json]
    name: str
    since: dict[str, str]

    def shape(self, d: Json) -> ShapeKind:
        branches = d.get("oneOf") or d.get("anyOf")
        if branches is None:
            if d.get("type") == "string" and "enum" in d:
                return EnumShape(tuple(map(str, d["enum"])), open=False)
            if d.get("type") == "object" or "properties" in d:
                return ObjectShape(self.properties(d))
            return AliasShape(self.type(d, self.name))
        if all(b.get("type") == "string" and ("const" in b or _is_other(b)) for b in branches):
            consts = tuple(b["const"] for b in branches if "const" in b)
            return EnumShape(consts, open=len(consts) < len(branches))
        if all(b.get("type") == "integer" for b in branches) and any(
            "const" in b for b in branches
        ):
            return IntConstants(
                tuple(
                    (b.get("title", ""), b["const"], _text(b.get("description")))
                    for b in branches
                    if isinstance(b.get("const"), int)
                )
            )
        if "properties" not in d and all(
            "type" in b and b["type"] != "object" and not _ref_name(b) for b in branches
        ):
            return AliasShape(self.type(d, self.name))  # RequestId: int | str | None
        if any(set(b) <= {"title", "description"} for b in branches):
            return AliasShape(Scalar("Any"))  # a branch for anything: the union adds nothing
        tag = self.tag(branches)
        declared = d.get("discriminator", {}).get("propertyName")
        if declared is not None and declared != tag:
            # A schema whose branches lead with another constant: the tag must be read anew.
            raise SchemaError(f"{self.name}: the discriminator is {declared!r}, not {tag!r}")
        if "properties" in d and (tag is None or tag in d["properties"]):
            return self.flattened(d, branches)
        return self.union(d, branches, tag)

    def tag(self, branches: list[Json]) -> str | None:
        """The member whose constant tells the branches apart (``None``: there is none)."""
        for branch in branches:
            for key, node in branch.get("properties", {}).items():
                if isinstance(node, dict) and isinstance(node.get("const"), str):
                    return str(key)
        return None

    def flattened(self, d: Json, branches: list[Json]) -> ObjectShape:
        """An object whose branches only add members: one object with all of them, the
        branches' own optional. Alternative scopes (an elicitation's session or request)
        say which members must come together (``one_of``)."""
        properties = list(self.properties(d))
        one_of = []
        for branch in branches:
            ref = _ref_name(branch)
            added = self.properties(self.defs[ref]) if ref else self.properties(branch)
            if ref and "const" not in str(branch.get("properties", {})):
                one_of.append(tuple(p.wire for p in added if p.required))
            known = {p.wire for p in properties}
            properties += [attrs.evolve(p, required=False) for p in added if p.wire not in known]
        return ObjectShape(tuple(properties), tuple(one_of))

    def union(self, d: Json, branches: list[Json], tag: str | None) -> UnionShape:
        variants = []
        for branch in branches:
            if _is_other(branch):
                continue  # the fallback member stands for it
            value = branch.get("properties", {}).get(tag, {}).get("const") if tag else None
            own = {k: v for k, v in branch.get("properties", {}).items() if k != tag}
            variants.append(
                Variant(
                    tag=value,
                    title=branch.get("title"),
                    ref=_ref_name(branch),
                    properties=self.properties({**branch, "properties": own}),
                    description=_text(branch.get("description")),
                )
            )
        return UnionShape(tag, tuple(variants), self.properties(d))

    def properties(self, d: Json) -> tuple[Property, ...]:
        """``d``'s members: the required ones in the order ``required`` lists them, then the
        others in schema order (0.0.x's schema sorts members by name; ``required`` keeps
        the protocol's declaration order, which is the order problems are reported in)."""
        members = d.get("properties", {})
        required = [name for name in d.get("required", []) if name in members]
        order = required + [name for name in members if name not in required]
        return tuple(
            Property(
                wire=wire,
                type=self.type(members[wire], f"{self.name}.{wire}"),
                required=wire in required,
                description=_text(members[wire].get("description"))
                if isinstance(members[wire], dict)
                else "",
                since=self.since.get(wire, ""),
            )
            for wire in order
        )

    def type(self, node: Any, where: str) -> Type:
        """The type of a member (or an alias) node."""
        if node is True or node == {}:
            return Scalar("Any")
        if not isinstance(node, dict):
            raise SchemaError(f"{where}: cannot read {node!r}")
        ref = _ref_name(node)
        if ref is not None:
            return Ref(ref)
        if isinstance(node.get("const"), str):
            return Const(node["const"])
        for key in ("anyOf", "oneOf"):
            if key in node:
                options = [o for o in node[key] if o.get("type") != "null"]
                inner = (
                    self.type(options[0], where)
                    if len(options) == 1
                    else OneOf(tuple(self.type(o, where) for o in options))
                )
                return Nullable(inner) if len(options) < len(node[key]) else inner
        kind = node.get("type")
        if isinstance(kind, list):
            rest = [k for k in kind if k != "null"]
            if len(rest) != 1:
                raise SchemaError(f"{where}: type {kind!r}")
            inner = self.type({**node, "type": rest[0]}, where)
            return Nullable(inner) if "null" in kind else inner
        if kind == "array":
            return ListOf(self.type(node.get("items", {}), where))
        if kind == "object":
            return MapOf(self.type(node.get("additionalProperties", True), where))
        if kind is None:
            return Scalar("Any")
        if kind in _SCALARS:
            return Scalar(_SCALARS[kind])
        raise SchemaError(f"{where}: type {kind!r}")


_SCALARS = {"string": "str", "integer": "int", "number": "float", "boolean": "bool", "null": "None"}


def snake(wire: str) -> str:
    """The attribute name of a wire member (``toolCallId`` → ``tool_call_id``)."""
    if wire == "_meta":
        return "meta"
    name = re.sub(r"(?<=[a-z0-9])([A-Z])", r"_\1", wire).replace("-", "_").lower()
    return f"{name}_" if keyword.iskeyword(name) else name


def pascal(value: str) -> str:
    """A class-name part from a tag or title (``tool_call_update`` → ``ToolCallUpdate``)."""
    return "".join(p[:1].upper() + p[1:] for p in re.split(r"[^0-9A-Za-z]+", value) if p)
