"""Reading a protocol's JSON Schemas into the shapes the models are written from.

The schemas are the ones the protocol's authors publish (schemars output for v1 and v2, an
older schemars for 0.0.x). They describe each type with a handful of patterns: an object
with ``properties``; a union as ``oneOf`` / ``anyOf`` whose branches carry a constant tag
and ``allOf: [{"$ref": ...}]``; an object whose own properties are shared by such
branches; string enums as branches of ``const`` (with an ``"other"`` branch when the set is
open). :func:`read` turns every definition into one :class:`Shape`; the writer
(:mod:`.emit`) and the choices (:mod:`.choices`) never look at the JSON again.

Several schema files of one protocol (1.21.0, then the TypeScript SDK's superset, then its
unstable superset) are merged: the newest file gives each definition's shape, the oldest
file that has a definition or a property gives its ``since``.
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
    """A property fixed to one string value (a tag)."""

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
class OneOfScalars:
    """An untagged union of plain JSON types (``str | int | float | bool | list[str]``)."""

    options: tuple[Type, ...]


Type = Ref | Scalar | Const | ListOf | MapOf | Nullable | OneOfScalars


@attrs.frozen
class Property:
    """One member of an object, as the schema says it."""

    wire: str
    type: Type
    required: bool
    description: str
    since: str


@attrs.frozen
class ObjectShape:
    """A plain object: its properties in schema order."""

    properties: tuple[Property, ...]


@attrs.frozen
class Variant:
    """One branch of a union.

    ``tag`` is the branch's constant tag value (``None`` for an untagged branch, told apart
    by ``title``); ``ref`` the definition it takes its members from, ``properties`` the
    members it spells itself (flattened scopes included, as optional members)."""

    tag: str | None
    title: str | None
    ref: str | None
    properties: tuple[Property, ...]
    description: str
    array_of: str | None = None
    """For a union of arrays (``SessionConfigSelectOptions``): the item definition."""


@attrs.frozen
class UnionShape:
    """A union: tagged by ``tag`` (``None``: told apart by the keys present).

    ``base`` are the members every branch shares (an object with its own ``properties``
    beside its ``oneOf``); ``open`` says the schema names an ``other`` branch for any
    tag it does not list."""

    tag: str | None
    variants: tuple[Variant, ...]
    base: tuple[Property, ...]
    open: bool


@attrs.frozen
class EnumShape:
    """String constants; ``open``: the schema also admits any other string."""

    values: tuple[str, ...]
    descriptions: tuple[str, ...]
    open: bool


@attrs.frozen
class IntConstants:
    """Named integer constants (``ErrorCode``): (title, value, description)."""

    values: tuple[tuple[str, int, str], ...]


@attrs.frozen
class AliasShape:
    """A definition that is another type by another name (``SessionId`` is a string)."""

    type: Type


@attrs.frozen
class Unmodelled:
    """A definition no model stands for (a JSON-RPC envelope); ``refs``: what it names."""

    refs: tuple[str, ...] = ()


ShapeKind = ObjectShape | UnionShape | EnumShape | IntConstants | AliasShape | Unmodelled


@attrs.frozen
class Shape:
    """One definition: its name, its shape, its description, where it is a method's
    params or result (``method``, ``side``) and the first schema file that has it."""

    name: str
    kind: ShapeKind
    description: str
    since: str
    method: str | None = None
    side: str | None = None


@attrs.frozen
class Source:
    """One input file and the label its additions are known by (``1.21.0``, ``unstable``)."""

    path: Path
    label: str


class SchemaError(Exception):
    """A definition uses a pattern the reader does not know: extend the reader, or list
    the definition among the protocol's unmodelled ones in :mod:`.choices`."""


# --------------------------------------------------------------------------- reading


def read(sources: Sequence[Source], unmodelled: Mapping[str, str]) -> dict[str, Shape]:
    """Every definition of the newest source as a :class:`Shape`, ``since`` from the oldest
    source that has it; ``unmodelled`` names definitions read as :class:`Unmodelled`."""
    loaded = [(source.label, _definitions(source.path)) for source in sources]
    newest = loaded[-1][1]
    shapes = {}
    for name, definition in newest.items():
        since = next(label for label, defs in loaded if name in defs)
        prop_since = _property_sources(name, loaded)
        if name in unmodelled:
            kind: ShapeKind = Unmodelled(tuple(_mentioned(definition)))
        else:
            kind = _shape(name, definition, prop_since)
        shapes[name] = Shape(
            name=name,
            kind=kind,
            description=_text(definition.get("description")),
            since=since,
            method=definition.get("x-method"),
            side=definition.get("x-side"),
        )
    return shapes


def _definitions(path: Path) -> dict[str, Json]:
    schema = json.loads(path.read_text(encoding="utf-8"))
    found: dict[str, Json] = schema.get("$defs") or schema.get("definitions") or {}
    return found


def _property_sources(name: str, loaded: list[tuple[str, dict[str, Json]]]) -> dict[str, str]:
    """Property wire name → the label of the first source whose definition has it."""
    first: dict[str, str] = {}
    for label, defs in loaded:
        for prop in _all_property_names(defs.get(name, {})):
            first.setdefault(prop, label)
    return first


def _all_property_names(definition: Json) -> Iterator[str]:
    yield from definition.get("properties", {})
    for key in ("oneOf", "anyOf"):
        for branch in definition.get(key, []):
            if isinstance(branch, dict):
                yield from _all_property_names(branch)


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


def _shape(name: str, d: Json, since: Mapping[str, str]) -> ShapeKind:
    branches = d.get("oneOf") or d.get("anyOf")
    if branches is not None:
        if all(_is_string_const(b) or _is_open_string(b) for b in branches):
            return _enum(branches)
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
        if _is_alias_of_types(branches, d):
            return AliasShape(_type(d, name))
        if any(set(b) <= {"title", "description"} for b in branches):
            return AliasShape(Scalar("Any"))  # a branch for anything: the union adds nothing
        return _union(name, d, branches, since)
    if d.get("type") == "string" and "enum" in d:
        values = tuple(str(v) for v in d["enum"])
        return EnumShape(values, tuple("" for _ in values), open=False)
    if d.get("type") == "object" or "properties" in d:
        return ObjectShape(_properties(name, d, since))
    if "allOf" in d and _ref_name(d):
        return AliasShape(Ref(_ref_name(d) or ""))
    return AliasShape(_type(d, name))


def _is_string_const(branch: Json) -> bool:
    return branch.get("type") == "string" and isinstance(branch.get("const"), str)


def _is_open_string(branch: Json) -> bool:
    return (
        branch.get("type") == "string" and "const" not in branch and branch.get("title") == "other"
    )


def _is_alias_of_types(branches: list[Json], d: Json) -> bool:
    """``RequestId``, ``ElicitationContentValue``: a union of plain types, no objects."""
    if "properties" in d:
        return False
    return all(
        "type" in b and b.get("type") != "object" and "$ref" not in b and "allOf" not in b
        for b in branches
    )


def _enum(branches: list[Json]) -> EnumShape:
    consts = [b for b in branches if "const" in b]
    return EnumShape(
        values=tuple(b["const"] for b in consts),
        descriptions=tuple(_text(b.get("description")) for b in consts),
        open=any(_is_open_string(b) for b in branches),
    )


def _properties(owner: str, d: Json, since: Mapping[str, str]) -> tuple[Property, ...]:
    required = set(d.get("required", []))
    return tuple(
        Property(
            wire=wire,
            type=_type(node, f"{owner}.{wire}"),
            required=wire in required,
            description=_text(node.get("description")) if isinstance(node, dict) else "",
            since=since.get(wire, ""),
        )
        for wire, node in _in_order(d.get("properties", {}), d.get("required", []))
    )


def _in_order(properties: Json, required: list[str]) -> list[tuple[str, Any]]:
    """Required members in the order ``required`` lists them, then the others in schema
    order: the declaration order of the protocol's own types (0.0.x's schema sorts its
    properties by name), which is the order problems are reported in."""
    first = [(name, properties[name]) for name in required if name in properties]
    return first + [(k, v) for k, v in properties.items() if k not in required]


def _tag_of(branches: list[Json], d: Json) -> str | None:
    declared = d.get("discriminator", {}).get("propertyName")
    if declared:
        return str(declared)
    for branch in branches:
        for key, node in branch.get("properties", {}).items():
            if isinstance(node, dict) and isinstance(node.get("const"), str):
                return str(key)
    return None


def _union(name: str, d: Json, branches: list[Json], since: Mapping[str, str]) -> UnionShape:
    tag = _tag_of(branches, d)
    variants = []
    open_union = False
    for branch in branches:
        if branch.get("title") == "other" and "not" in branch:
            open_union = True
            continue
        props = branch.get("properties", {})
        tag_value = props.get(tag, {}).get("const") if tag else None
        own = {k: v for k, v in props.items() if k != tag or tag_value is None}
        flattened = dict(_in_order(own, branch.get("required", [])))
        # A branch's own untagged alternatives (an elicitation's session or request scope)
        # become optional members of the branch.
        for scope in branch.get("anyOf", []) + branch.get("oneOf", []):
            scope_ref = _ref_name(scope)
            if scope_ref is None:
                raise SchemaError(f"{name}: a nested alternative without a $ref")
            flattened[f"+{scope_ref}"] = {"$scope": scope_ref}
        required = set(branch.get("required", [])) - {tag}
        properties = []
        for wire, node in flattened.items():
            if wire.startswith("+"):
                properties.append(
                    Property(
                        wire=wire,
                        type=Ref(node["$scope"]),
                        required=False,
                        description="",
                        since="",
                    )
                )
                continue
            properties.append(
                Property(
                    wire=wire,
                    type=_type(node, f"{name}.{wire}"),
                    required=wire in required,
                    description=_text(node.get("description")),
                    since=since.get(wire, ""),
                )
            )
        array_of = None
        if branch.get("type") == "array":
            array_of = _ref_name(branch.get("items", {}))
        variants.append(
            Variant(
                tag=tag_value,
                title=branch.get("title"),
                ref=_ref_name(branch),
                properties=tuple(properties),
                description=_text(branch.get("description")),
                array_of=array_of,
            )
        )
    base = _properties(name, d, since) if "properties" in d else ()
    return UnionShape(tag=tag, variants=tuple(variants), base=base, open=open_union)


_SCALARS = {"string": "str", "integer": "int", "number": "float", "boolean": "bool", "null": "None"}


def _type(node: Any, where: str) -> Type:
    """The type of a property (or an alias) node."""
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
            nullable = len(options) < len(node[key])
            if len(options) == 1:
                inner = _type(options[0], where)
            else:
                inner = OneOfScalars(tuple(_type(o, where) for o in options))
            return Nullable(inner) if nullable else inner
    kind = node.get("type")
    if isinstance(kind, list):
        rest = [k for k in kind if k != "null"]
        if len(rest) != 1:
            raise SchemaError(f"{where}: type {kind!r}")
        inner = _type({**node, "type": rest[0]}, where)
        return Nullable(inner) if "null" in kind else inner
    if kind == "array":
        return ListOf(_type(node.get("items", {}), where))
    if kind == "object":
        extra = node.get("additionalProperties")
        if isinstance(extra, dict) and extra:
            return MapOf(_type(extra, where))
        return MapOf(Scalar("Any"))
    if kind in _SCALARS:
        return Scalar(_SCALARS[kind])
    if kind is None:
        return Scalar("Any")
    raise SchemaError(f"{where}: type {kind!r}")


# --------------------------------------------------------------------------- names


def snake(wire: str) -> str:
    """The attribute name of a wire member (``toolCallId`` → ``tool_call_id``)."""
    if wire == "_meta":
        return "meta"
    name = re.sub(r"(?<=[a-z0-9])([A-Z])", r"_\1", wire).replace("-", "_").lower()
    return f"{name}_" if keyword.iskeyword(name) else name


def camel(name: str) -> str:
    """The wire name the converter derives from an attribute name (codec's rule)."""
    head, *rest = name.split("_")
    return head + "".join(part[:1].upper() + part[1:] for part in rest)


def pascal(value: str) -> str:
    """A class-name part from a tag or title (``tool_call_update`` → ``ToolCallUpdate``)."""
    parts = re.split(r"[^0-9A-Za-z]+", value)
    return "".join(p[:1].upper() + p[1:] for p in parts if p)
