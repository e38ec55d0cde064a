"""From shapes to models: the project's rules and :mod:`.choices` applied to a schema.

The result is a :class:`Models`: classes, aliases, unions and constants by topic module,
each knowing the names it needs, and the method table, so :mod:`.emit` only writes text.
The rules are in :mod:`.choices`' docstring; anything they cannot decide is a
:class:`~.schema.SchemaError` naming the definition.
"""

from __future__ import annotations

import re
import textwrap
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path

import attrs

from acp_compat.models._base import camel_case

from .choices import Choices
from .schema import (
    AliasShape,
    Const,
    EnumShape,
    IntConstants,
    ListOf,
    MapOf,
    Nullable,
    ObjectShape,
    OneOf,
    Property,
    Ref,
    Scalar,
    SchemaError,
    Shape,
    Type,
    UnionShape,
    Unmodelled,
    Variant,
    pascal,
    read,
    snake,
)


@attrs.frozen
class FieldSpec:
    """One attribute; ``default`` ``None``: required; ``tag``: its value if a union's tag."""

    attr: str
    wire: str
    annotation: str
    default: str | None
    doc: str = ""
    since: str = ""
    tag: str | None = None
    always: bool = False


@attrs.frozen
class ClassSpec:
    """A model class; ``one_of``: groups of wire members one of which must be present;
    ``definitions``: the schema definitions its objects are instances of."""

    name: str
    doc: str
    fields: tuple[FieldSpec, ...]
    base: str | None = None
    one_of: tuple[tuple[str, ...], ...] = ()
    definitions: tuple[str, ...] = ()


@attrs.frozen
class AliasSpec:
    """``name: TypeAlias = expr``; ``values``: an open enum's known values."""

    name: str
    expr: str
    doc: str
    values: tuple[str, ...] = ()


@attrs.frozen
class UnionSpec:
    """A union and its declaration for the codec: tagged by ``tag``, else keyed by the
    member present; ``keys``: tag value (or key) → member."""

    name: str
    doc: str
    tag: str | None
    keys: tuple[tuple[str, str], ...]
    fallback: str | None = None
    untagged: str | None = None

    @property
    def members(self) -> tuple[str, ...]:
        """The keys' members, then the untagged default and the fallback."""
        return tuple(m for m in (*(m for _, m in self.keys), self.untagged, self.fallback) if m)


@attrs.frozen
class ConstSpec:
    name: str
    value: int
    doc: str


Item = ClassSpec | AliasSpec | UnionSpec | ConstSpec


@attrs.frozen
class MethodRow:
    name: str
    handled_by: str
    params: str | None
    result: str | None
    notification: bool = False
    unstable: bool = False


@attrs.frozen
class Models:
    """One protocol's modules: items by topic in dependency order, each name's topic, what
    each item needs, the method table and its void results."""

    choices: Choices
    topics: dict[str, list[Item]]
    home: dict[str, str]
    needs: dict[str, set[str]]
    methods: tuple[MethodRow, ...]
    void_results: tuple[str, ...]


def build(choices: Choices, root: Path) -> Models:
    """Read ``choices``' schema files (paths from ``root``) and apply the rules."""
    shapes = read([(root / path, label) for path, label in choices.sources], choices.unmodelled)
    return _Builder(choices, shapes).run()


_LINKS = re.compile(r"\n*See protocol docs:.*$", re.S)


def summary(description: str, width: int = 88) -> str:
    """A docstring from a schema description: its first paragraph, links dropped."""
    first = _LINKS.sub("", description).strip().split("\n\n", 1)[0].replace("\n", " ").strip()
    first = first.replace("\\", "\\\\").replace('"""', "'''")
    return "\n".join(textwrap.wrap(first, width))


class _Builder:
    def __init__(self, choices: Choices, shapes: dict[str, Shape]) -> None:
        self.choices = choices
        self.shapes = shapes
        self.uses = Counter(
            ref
            for shape in shapes.values()
            if not isinstance(shape.kind, Unmodelled)
            for ref in shape.refs
        )
        # A branch's definition nothing else uses takes the branch's tag: name → union, branch.
        self.folded: dict[str, tuple[str, Variant]] = {}
        self.items: dict[str, Item] = {}
        self.needs: dict[str, set[str]] = {}
        self.source: dict[str, str] = {}

    def run(self) -> Models:
        for shape in self.shapes.values():
            kind = shape.kind
            if isinstance(kind, UnionShape) and kind.tag:
                for variant in kind.variants:
                    if variant.ref and self.uses[variant.ref] == 1 and not variant.properties:
                        self.folded[variant.ref] = (shape.name, variant)
        # A union with a branch that is a union itself comes after that union.
        for shape in sorted(self.shapes.values(), key=self._nests):
            self._define(shape)
        methods = self._methods()
        topics, home = self._topics(methods)
        voids = tuple(r.result for r in methods if r.result and self._meta_only(r.result))
        return Models(self.choices, topics, home, self.needs, methods, voids)

    # ------------------------------------------------------------------ names

    def _python_name(self, definition: str) -> str:
        """What a reference to ``definition`` is written as."""
        shape = self.shapes.get(definition)
        if shape is None:
            raise SchemaError(f"a reference to the missing definition {definition}")
        kind = shape.kind
        if isinstance(kind, Unmodelled):
            raise SchemaError(f"{definition} is used by a model but listed as unmodelled")
        if isinstance(kind, UnionShape) and not kind.tag and len(kind.variants) == 1:
            return self._python_name(kind.variants[0].ref or "")  # AvailableCommandInput
        if definition in self.choices.list_unions:
            return f"list[{self.choices.list_unions[definition]}]"
        if isinstance(kind, AliasShape) and isinstance(kind.type, Scalar):
            return kind.type.python  # an id or a version: the scalar itself
        if definition in self.folded:
            union, variant = self.folded[definition]
            return self._variant_name(union, variant)
        return definition

    def _variant_name(self, union: str, variant: Variant, key: str | None = None) -> str:
        label = variant.tag or variant.title or key or ""
        override = self.choices.variant_names.get((union, label))
        pattern = self.choices.variant_patterns.get(union)
        if override or pattern:
            return override or (pattern or "").format(pascal(label))
        if variant.ref:
            return variant.ref if variant.ref in self.folded else pascal(label)
        return pascal(label) + union

    def _nests(self, shape: Shape) -> bool:
        kind = shape.kind
        return isinstance(kind, UnionShape) and any(self._tagged(v.ref) for v in kind.variants)

    def _tagged(self, name: str | None) -> bool:
        kind = self.shapes[name].kind if name else None
        return isinstance(kind, UnionShape) and kind.tag is not None

    # ------------------------------------------------------------------ definitions

    def _define(self, shape: Shape) -> None:
        kind, name = shape.kind, shape.name
        if isinstance(kind, ObjectShape):  # a folded branch's definition is one too
            doc, definitions = shape.description, [name]
            tag: tuple[FieldSpec, ...] = ()
            base: tuple[Property, ...] = ()
            if name in self.folded:
                union, variant = self.folded[name]
                doc, tag = doc or variant.description, self._tag(union, variant)
                base, definitions = self._union_kind(union).base, [name, union]
            self._class(
                self._python_name(name),
                doc,
                tag,
                (*base, *kind.properties),
                name,
                since=shape.since,
                one_of=kind.one_of,
                definitions=tuple(definitions),
            )
        elif isinstance(kind, UnionShape):
            self._union(shape, kind)
        elif isinstance(kind, EnumShape):
            self._enum(shape, kind)
        elif isinstance(kind, IntConstants):
            for title, value, doc in kind.values:
                constant = re.sub(r"\W+", "_", title).strip("_").upper()
                self._add(ConstSpec(constant, value, summary(doc)), set(), name)
            self._add(AliasSpec(name, "int", summary(shape.description)), set(), name)
        elif isinstance(kind, AliasShape) and name in self.choices.list_unions:
            self._list_union(shape, kind)
        elif isinstance(kind, AliasShape) and not isinstance(kind.type, Scalar):
            expr, needs = self._annotation(kind.type)
            self._add(AliasSpec(name, expr, summary(shape.description)), needs, name)

    def _add(self, item: Item, needs: set[str], source: str) -> None:
        if item.name in self.items:
            raise SchemaError(f"{source}: the name {item.name} is taken")
        self.items[item.name] = item
        self.needs[item.name] = needs
        self.source[item.name] = source

    def _union_kind(self, union: str) -> UnionShape:
        kind = self.shapes[union].kind
        assert isinstance(kind, UnionShape)
        return kind

    def _tag(self, union: str, variant: Variant) -> tuple[FieldSpec, ...]:
        tag = self._union_kind(union).tag
        if variant.tag is None or tag is None:
            return ()
        value = variant.tag
        return (FieldSpec(snake(tag), tag, f'Literal["{value}"]', f'always("{value}")', tag=value),)

    def _class(
        self,
        name: str,
        description: str,
        tag: tuple[FieldSpec, ...],
        properties: Iterable[Property],
        source: str,
        since: str = "",
        base: str | None = None,
        one_of: tuple[tuple[str, ...], ...] = (),
        definitions: tuple[str, ...] = (),
    ) -> None:
        fields, meta = list(tag), list[FieldSpec]()
        needs = {base} if base else set()
        for prop in properties:
            field = self._field(source, prop)
            needs |= set(_words(field.annotation))
            (meta if prop.wire == "_meta" else fields).append(field)
        doc = summary(description) or f"``{name}``."
        if since and since != self.choices.sources[0][1]:
            doc += "\n\nUnstable." if since == "unstable" else f"\n\nNew in the {since} schema."
        self._add(ClassSpec(name, doc, (*fields, *meta), base, one_of, definitions), needs, source)

    def _field(self, owner: str, prop: Property) -> FieldSpec:
        annotation = self._annotation(prop.type)[0]
        attr, key = snake(prop.wire), (owner, prop.wire)
        doc = summary(prop.description, 84)
        if prop.wire == "_meta":
            return FieldSpec(attr, prop.wire, "dict[str, Any] | None", "meta_field()")
        if key in self.choices.patches:
            patch = f"{annotation.removesuffix(' | None')} | Unchanged | None"
            return FieldSpec(attr, prop.wire, patch, "UNCHANGED", doc, prop.since)
        always = key in self.choices.always_written
        default = None
        if not prop.required:
            if not annotation.endswith("| None") and annotation != "Any":
                annotation += " | None"
            default = "always(None)" if always else "None"
        if camel_case(attr) != prop.wire:
            default = f'wire("{prop.wire}"{"" if default is None else ", default=None"})'
        return FieldSpec(attr, prop.wire, annotation, default, doc, prop.since, always=always)

    def _annotation(self, tp: Type) -> tuple[str, set[str]]:
        if isinstance(tp, Scalar):
            return tp.python, set()
        if isinstance(tp, Const):
            return f'Literal["{tp.value}"]', set()
        if isinstance(tp, Nullable):
            inner, needs = self._annotation(tp.inner)
            return (inner if inner == "Any" else f"{inner} | None"), needs
        if isinstance(tp, ListOf):
            inner, needs = self._annotation(tp.item)
            return f"list[{inner}]", needs
        if isinstance(tp, MapOf):
            inner, needs = self._annotation(tp.value)
            return f"dict[str, {inner}]", needs
        if isinstance(tp, OneOf):
            parts = [self._annotation(option) for option in tp.options]
            return " | ".join(p for p, _ in parts), set().union(*(n for _, n in parts))
        name = self._python_name(tp.name)
        return name, set(_words(name))

    def _enum(self, shape: Shape, kind: EnumShape) -> None:
        reason = self.choices.open_enums.get(shape.name)
        doc = summary(shape.description)
        if kind.open or reason:
            known = ", ".join(f"``{v}``" for v in kind.values)
            doc += f"\n\nKnown values: {known}.\n\nOpen: {reason or 'any other string is kept'}."
            self._add(AliasSpec(shape.name, "str", doc, kind.values), set(), shape.name)
        else:
            literal = "Literal[" + ", ".join(f'"{v}"' for v in kind.values) + "]"
            self._add(AliasSpec(shape.name, literal, doc), set(), shape.name)

    def _union(self, shape: Shape, kind: UnionShape) -> None:
        name = shape.name
        if not kind.tag and len(kind.variants) == 1:
            return  # references name the member
        keys, untagged = [], None
        for variant in kind.variants:
            key = variant.tag or (None if kind.tag else self._key(name, variant))
            member = self._member(name, kind, variant, key)
            if key is None:
                untagged = member
            else:
                keys.append((key, member))
        fallback = None
        if kind.tag and self.choices.fallbacks:
            fallback = self.choices.fallback_names.get(name, f"Unknown{name}")
        doc = summary(shape.description)
        self._add_union(UnionSpec(name, doc, kind.tag, tuple(keys), fallback, untagged), name)

    def _add_union(self, spec: UnionSpec, source: str) -> None:
        """Add ``spec``, after the class of its fallback if it names one."""
        if spec.fallback:
            doc = (
                f"A ``{spec.name}`` of a kind this schema does not know; ``data`` is the raw"
                " object, written back verbatim."
            )
            field = FieldSpec("data", "data", "dict[str, Any]", None)
            self._add(ClassSpec(spec.fallback, doc, (field,)), set(), spec.name)
        self._add(spec, set(spec.members), source)

    def _member(self, union: str, kind: UnionShape, variant: Variant, key: str | None) -> str:
        """The class (or nested union) that stands for one branch."""
        ref = variant.ref
        if ref in self.folded or (ref and not kind.tag and not variant.properties):
            return self._python_name(ref or "")  # folded, or a keyed union of definitions
        if self._tagged(ref):
            return self._nested(union, variant)
        name = self._variant_name(union, variant, key)
        # A branch that only tags a definition several branches share: a subclass of it.
        base = ref if ref and not kind.base and not variant.properties else None
        shape = self.shapes[ref].kind if ref and not base else ObjectShape(())
        assert isinstance(shape, ObjectShape)
        self._class(
            name,
            variant.description,
            self._tag(union, variant),
            (*kind.base, *variant.properties, *shape.properties),
            union,
            base=base,
            one_of=shape.one_of,
            definitions=(union, base) if base else (union,),
        )
        return name

    def _nested(self, union: str, variant: Variant) -> str:
        """A branch that is a union of its own (v2's ``state_update`` is a ``StateUpdate``):
        a subclass of each of its members carries this union's tag too, and they form a
        union this one names as the branch's member."""
        named = self.choices.nested_unions.get((union, variant.tag or ""))
        if named is None:
            raise SchemaError(f"{union}: branch {variant.tag} is a union: name it in nested_unions")
        alias, pattern = named
        inner = self.items[variant.ref or ""]
        assert isinstance(inner, UnionSpec)
        keys = []
        for key, member in inner.keys:
            name = pattern.format(member)
            self._class(
                name, "", self._tag(union, variant), (), union, base=member, definitions=(union,)
            )
            keys.append((key, name))
        self._add_union(
            UnionSpec(alias, inner.doc, inner.tag, tuple(keys), f"Unknown{alias}"), union
        )
        return alias

    def _required(self, variant: Variant) -> set[str]:
        shape = self.shapes[variant.ref].kind if variant.ref else ObjectShape(())
        assert isinstance(shape, ObjectShape)
        return {p.wire for p in (*variant.properties, *shape.properties) if p.required}

    def _key(self, union: str, variant: Variant, variants: Iterable[Variant] = ()) -> str:
        """A keyed union member's key: a required member no other branch requires."""
        siblings = variants or self._union_kind(union).variants
        others = [self._required(v) for v in siblings if v is not variant]
        unique = sorted(self._required(variant).difference(*others))
        if not unique:
            raise SchemaError(f"{union}: branch {variant.title} has no key of its own")
        return unique[0]

    def _list_union(self, shape: Shape, kind: AliasShape) -> None:
        """A union of arrays (all options or all groups) read as an array of either."""
        assert isinstance(kind.type, OneOf)
        refs = [
            o.item.name
            for o in kind.type.options
            if isinstance(o, ListOf) and isinstance(o.item, Ref)
        ]
        variants = [Variant(None, ref, ref, (), "") for ref in refs]
        keys = tuple((self._key(shape.name, v, variants), v.ref or "") for v in variants)
        name = self.choices.list_unions[shape.name]
        self._add_union(UnionSpec(name, summary(shape.description), None, keys), shape.name)

    # ------------------------------------------------------------------ methods

    def _methods(self) -> tuple[MethodRow, ...]:
        if self.choices.method_roots:
            return tuple(self._legacy_methods())
        rows: dict[str, dict[str, str]] = {}
        for shape in self.shapes.values():
            if shape.method and not isinstance(shape.kind, Unmodelled):
                part = "result" if shape.name.endswith("Response") else "params"
                row = rows.setdefault(
                    shape.method, {"side": shape.side or "", "since": shape.since}
                )
                row[part] = shape.name
        sides = {"agent": "agent", "client": "client", "protocol": "both"}
        return tuple(
            MethodRow(
                name=method,
                handled_by=sides[row["side"]],
                params=self._python_name(row["params"]),
                result=self._python_name(row["result"]) if "result" in row else None,
                notification=row["params"].endswith("Notification"),
                unstable=row["since"] == "unstable",
            )
            for method, row in rows.items()
        )

    def _legacy_methods(self) -> Iterator[MethodRow]:
        """0.0.x: each side's union of params names ``<Method>Params`` / ``<Method>Response``;
        a ``null`` type is no params / a void result."""
        for union, side in self.choices.method_roots:
            for params in self.shapes[union].refs:
                base = params.removesuffix("Params")
                result = f"{base}Response"
                yield MethodRow(
                    name=base[:1].lower() + base[1:],
                    handled_by=side,
                    params=None if self._null(params) else params,
                    result=None if self._null(result) else result,
                )

    def _null(self, definition: str) -> bool:
        kind = self.shapes[definition].kind
        return isinstance(kind, AliasShape) and kind.type == Scalar("None")

    def _meta_only(self, name: str) -> bool:
        item = self.items.get(name)
        return isinstance(item, ClassSpec) and [f.wire for f in item.fields] == ["_meta"]

    # ------------------------------------------------------------------ topics

    def _topics(
        self, methods: tuple[MethodRow, ...]
    ) -> tuple[dict[str, list[Item]], dict[str, str]]:
        """Each item's topic: pinned in the choices (with what it needs), else the one topic
        whose methods reach it. An item no method reaches (a scope flattened into its
        object, an envelope's part) is not written."""
        if not self.choices.method_topics:
            return {"": self._ordered(list(self.items))}, dict.fromkeys(self.items, "")
        home: dict[str, str] = {}
        for definition, topic in self.choices.topics.items():
            pinned = self._python_name(definition).removeprefix("list[").rstrip("]")
            home.update(dict.fromkeys(self._closure(pinned, home), topic))
        reached: dict[str, set[str]] = {}
        for row in methods:
            topics = [
                (p, r) for pre, p, r in self.choices.method_topics if row.name.startswith(pre)
            ]
            if not topics:
                raise SchemaError(f"{row.name}: no topic in the choices' method_topics")
            for root, topic in ((row.params, topics[0][0]), (row.result, topics[0][1])):
                for name in self._closure(root, home) if root else ():
                    reached.setdefault(name, set()).add(topic)
        shared = [f"{n} ({self.source[n]}): {sorted(t)}" for n, t in reached.items() if len(t) > 1]
        if shared:
            raise SchemaError(
                "used by several topics: pin them, or what uses them, to one in the choices'"
                " topics:\n  " + "\n  ".join(shared)
            )
        home.update((name, topics.pop()) for name, topics in reached.items() if name not in home)
        for name in [n for n in self.items if n not in home and home.get(self.source[n]) is None]:
            del self.items[name]
        home.update((n, home[self.source[n]]) for n in self.items if n not in home)
        self._check_imports(home)
        by_topic: dict[str, list[str]] = {}
        for name in self.items:
            by_topic.setdefault(home[name], []).append(name)
        return {topic: self._ordered(names) for topic, names in by_topic.items()}, home

    def _closure(self, root: str, home: dict[str, str]) -> Iterator[str]:
        """``root`` and what it needs, not through names that already have a topic."""
        seen, todo = set(), [root]
        while todo:
            name = todo.pop()
            if name in seen or name not in self.items or (name in home and name != root):
                continue
            seen.add(name)
            yield name
            todo += self.needs[name]

    def _check_imports(self, home: dict[str, str]) -> None:
        """The topic modules import each other for the names they need: no cycle."""
        imports: dict[str, set[str]] = {}
        for name, topic in home.items():
            for need in self.needs.get(name, ()):
                if home.get(need, topic) != topic:
                    imports.setdefault(topic, set()).add(home[need])
        cycle = "the topics import each other ({}): pin differently"
        _in_order(sorted(imports), lambda topic: imports.get(topic, ()), cycle)

    def _ordered(self, names: list[str]) -> list[Item]:
        """``names`` with each item after what it needs (in schema order otherwise)."""
        local = set(names)
        cycle = "the models cannot be recursive ({})"
        return [self.items[n] for n in _in_order(names, lambda n: self.needs[n] & local, cycle)]


def _in_order(names: Iterable[str], needs: Callable[[str], Iterable[str]], cycle: str) -> list[str]:
    """``names`` each after what it ``needs``; a cycle is a :class:`SchemaError`, ``cycle``
    its message (``{}``: the names around it)."""
    placed: dict[str, None] = {}

    def visit(name: str, path: tuple[str, ...]) -> None:
        if name in path:
            raise SchemaError(cycle.format(" -> ".join((*path[path.index(name) :], name))))
        for need in sorted(needs(name)):
            if need not in placed:
                visit(need, (*path, name))
        placed[name] = None

    for name in names:
        if name not in placed:
            visit(name, ())
    return list(placed)


def _words(text: str) -> Iterator[str]:
    yield from re.findall(r"[A-Za-z_]\w*", text)
