"""From shapes to models: the project's rules and :mod:`.choices` applied to a schema.

The result is a :class:`Models`: classes, aliases, union declarations and constants by
topic, and the method table, each item knowing the names it needs, so :mod:`.emit` only
writes text. Anything the rules cannot decide is a :class:`~.schema.SchemaError` naming
the definition.
"""

from __future__ import annotations

import re
import textwrap
from collections import Counter
from collections.abc import Iterable, Iterator
from pathlib import Path

import attrs

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
    OneOfScalars,
    Property,
    Ref,
    Scalar,
    SchemaError,
    Shape,
    Source,
    Type,
    UnionShape,
    Unmodelled,
    Variant,
    camel,
    pascal,
    read,
    snake,
)


@attrs.frozen
class FieldSpec:
    """One attribute: ``default`` ``None`` means required."""

    attr: str
    wire: str
    annotation: str
    default: str | None
    always: bool
    doc: str
    since: str = ""


@attrs.frozen
class ClassSpec:
    """A model class. ``one_of``: groups of wire members of which one group must be
    present (an elicitation's session or request scope); ``definitions``: the schema
    definitions its objects are instances of (its own, its union's)."""

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
    """A union alias and its declaration for the codec (tagged or keyed)."""

    name: str
    doc: str
    members: tuple[str, ...]
    tag: str | None
    keys: tuple[tuple[str, str], ...]
    """Tag value (or, keyed, the wire key) → member class."""
    fallback: str | None
    untagged: str | None


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
    notification: bool
    since: str


@attrs.frozen
class Models:
    """Everything one protocol's modules hold: items by topic (in dependency order) and
    the topic each name is defined in."""

    choices: Choices
    topics: dict[str, list[Item]]
    home: dict[str, str]
    needs: dict[str, set[str]]
    methods: tuple[MethodRow, ...]
    void_results: tuple[str, ...]


def build(choices: Choices, root: Path) -> Models:
    """Read ``choices``' schema files (paths from ``root``) and apply the rules."""
    sources = [Source(root / path, label) for path, label in choices.sources]
    shapes = read(sources, choices.unmodelled)
    return _Builder(choices, shapes).run()


_DROP = re.compile(r"\n*See protocol docs:.*$", re.S)


def summary(description: str, width: int = 88) -> str:
    """A docstring from a schema description: its first paragraph, links dropped."""
    text = _DROP.sub("", description).strip()
    first = text.split("\n\n", 1)[0].replace("\n", " ").strip()
    first = first.replace("\\", "\\\\").replace('"""', "'''")
    return "\n".join(textwrap.wrap(first, width)) if first else ""


class _Builder:
    def __init__(self, choices: Choices, shapes: dict[str, Shape]) -> None:
        self.choices = choices
        self.shapes = shapes
        self.uses = self._count_uses()
        self.folded: dict[str, tuple[str, Variant, tuple[Property, ...]]] = {}
        self.renamed: dict[str, str] = {}
        self.items: dict[str, Item] = {}
        self.needs: dict[str, set[str]] = {}
        self.source_of: dict[str, str] = {}

    # ------------------------------------------------------------------ the passes

    def run(self) -> Models:
        self._plan_variants()
        # A union with a branch that is itself a union comes after that union.
        for shape in sorted(self.shapes.values(), key=self._nests):
            self._define(shape)
        methods = self._methods()
        topics, home = self._topics(methods)
        return Models(
            choices=self.choices,
            topics=topics,
            home=home,
            needs=self.needs,
            methods=methods,
            void_results=tuple(
                row.result
                for row in methods
                if row.result is not None and self._is_meta_only(row.result)
            ),
        )

    def _nests(self, shape: Shape) -> bool:
        kind = shape.kind
        return isinstance(kind, UnionShape) and any(
            v.ref and self._tagged_union(v.ref) for v in kind.variants
        )

    def _tagged_union(self, name: str) -> bool:
        kind = self.shapes[name].kind
        return isinstance(kind, UnionShape) and bool(kind.tag) and not self._merged(kind)

    def _count_uses(self) -> Counter[str]:
        uses: Counter[str] = Counter()
        for shape in self.shapes.values():
            for ref in _refs_of(shape):
                uses[ref] += 1
        return uses

    def _plan_variants(self) -> None:
        """Decide which branch definitions take their union's tag (fold) and their names."""
        for shape in self.shapes.values():
            kind = shape.kind
            if not isinstance(kind, UnionShape) or self._merged(kind) or kind.tag is None:
                continue
            for variant in kind.variants:
                if variant.ref and self.uses[variant.ref] == 1 and not variant.properties:
                    self.folded[variant.ref] = (shape.name, variant, kind.base)
                    name = self._variant_name(shape.name, variant, variant.ref)
                    if name != variant.ref:
                        self.renamed[variant.ref] = name

    def _variant_name(
        self, union: str, variant: Variant, ref: str | None, key: str | None = None
    ) -> str:
        label = variant.tag or variant.title or key or ""
        override = self.choices.variant_names.get((union, label))
        if override:
            return override
        pattern = self.choices.variant_patterns.get(union)
        if pattern:
            return pattern.format(pascal(label))
        if ref and self.uses[ref] == 1:
            return ref
        if ref:
            return pascal(label)
        return pascal(label) + union

    @staticmethod
    def _merged(kind: UnionShape) -> bool:
        """A union read as one class: an object whose branches only add optional members
        (an elicitation's scopes), or whose tag is one of its own members."""
        if kind.tag is None:
            return bool(kind.base)
        return any(p.wire == kind.tag for p in kind.base)

    # ------------------------------------------------------------------ definitions

    def _define(self, shape: Shape) -> None:
        kind = shape.kind
        name = shape.name
        if isinstance(kind, Unmodelled):
            return
        if name in self.folded:
            union, variant, base = self.folded[name]
            self._class(
                self.renamed.get(name, name),
                shape.description or variant.description,
                self._tag_field(union, variant),
                (*base, *_object_properties(self.shapes, name)),
                name,
                shape.since,
                definitions=(name, union),
            )
        elif isinstance(kind, ObjectShape):
            self._class(
                name, shape.description, (), kind.properties, name, shape.since, definitions=(name,)
            )
        elif isinstance(kind, UnionShape):
            self._union(shape, kind)
        elif isinstance(kind, EnumShape):
            self._enum(shape, kind)
        elif isinstance(kind, IntConstants):
            for title, value, doc in kind.values:
                const = re.sub(r"\W+", "_", title).strip("_").upper()
                self._add(ConstSpec(const, value, summary(doc)), set(), name)
            self._add(AliasSpec(name, "int", summary(shape.description)), set(), name)
        elif isinstance(kind, AliasShape):
            if name in self.choices.list_unions:
                self._list_union(shape, kind)
                return
            if isinstance(kind.type, Scalar):
                return  # an identifier or a version: references name the scalar type
            expr, needs = self._annotation(kind.type)
            self._add(AliasSpec(name, expr, summary(shape.description)), needs, name)

    def _add(self, item: Item, needs: set[str], source: str) -> None:
        if item.name in self.items:
            raise SchemaError(f"{source}: the name {item.name} is taken")
        self.items[item.name] = item
        self.needs[item.name] = needs
        self.source_of[item.name] = source

    def _tag_field(self, union: str, variant: Variant) -> tuple[FieldSpec, ...]:
        kind = self.shapes[union].kind
        assert isinstance(kind, UnionShape)
        if variant.tag is None or kind.tag is None:
            return ()
        literal = f'Literal["{variant.tag}"]'
        return (
            FieldSpec(
                attr=snake(kind.tag),
                wire=kind.tag,
                annotation=literal,
                default=f'always("{variant.tag}")',
                always=True,
                doc="",
            ),
        )

    def _class(
        self,
        name: str,
        description: str,
        tag: tuple[FieldSpec, ...],
        properties: Iterable[Property],
        source: str,
        since: str,
        base: str | None = None,
        definitions: tuple[str, ...] = (),
    ) -> None:
        fields = list(tag)
        needs: set[str] = {base} if base else set()
        meta: list[FieldSpec] = []
        for prop in _expand_scopes(properties, self.shapes):
            field, prop_needs = self._field(source, prop)
            needs |= prop_needs
            (meta if prop.wire == "_meta" else fields).append(field)
        doc = summary(description) or f"``{name}``."
        labels = [label for _, label in self.choices.sources]
        if since and since != labels[0]:
            doc += f"\n\nNew in the {since} schema." if since != "unstable" else "\n\nUnstable."
        one_of = _scope_groups(self.shapes, source)
        spec = ClassSpec(name, doc, (*fields, *meta), base, one_of, definitions)
        self._add(spec, needs, source)

    def _field(self, owner: str, prop: Property) -> tuple[FieldSpec, set[str]]:
        annotation, needs = self._annotation(prop.type)
        attr = snake(prop.wire)
        key = (owner, prop.wire)
        doc = summary(prop.description, 84)
        if key in self.choices.patches:
            inner = annotation.removesuffix(" | None")
            return (
                FieldSpec(attr, prop.wire, f"{inner} | Unchanged | None", "UNCHANGED", False, doc),
                needs | {"Unchanged", "UNCHANGED"},
            )
        always = key in self.choices.always_written
        if prop.wire == "_meta":
            return FieldSpec(attr, prop.wire, "dict[str, Any] | None", "meta_field()", False, ""), {
                "Any",
                "meta_field",
            }
        if prop.required:
            default = None
        else:
            if not annotation.endswith("| None") and annotation != "Any":
                annotation += " | None"
            default = "always(None)" if always else "None"
        if camel(attr) != prop.wire:
            default = (
                f'wire("{prop.wire}")'
                if default is None
                else (f'wire("{prop.wire}", default=None)')
            )
        return FieldSpec(attr, prop.wire, annotation, default, always, doc, prop.since), needs

    def _annotation(self, tp: Type) -> tuple[str, set[str]]:
        if isinstance(tp, Scalar):
            return tp.python, ({"Any"} if tp.python == "Any" else set())
        if isinstance(tp, Const):
            return f'Literal["{tp.value}"]', {"Literal"}
        if isinstance(tp, Nullable):
            inner, needs = self._annotation(tp.inner)
            return (inner if inner == "Any" else f"{inner} | None"), needs
        if isinstance(tp, ListOf):
            inner, needs = self._annotation(tp.item)
            return f"list[{inner}]", needs
        if isinstance(tp, MapOf):
            inner, needs = self._annotation(tp.value)
            return f"dict[str, {inner}]", needs | {"Any"} if inner == "Any" else needs
        if isinstance(tp, OneOfScalars):
            parts = [self._annotation(option) for option in tp.options]
            return " | ".join(p for p, _ in parts), set().union(*(n for _, n in parts))
        name = self._python_name(tp.name)
        return name, {name.split("[")[-1].rstrip("]")}

    def _python_name(self, definition: str) -> str:
        """What a reference to ``definition`` is written as."""
        shape = self.shapes.get(definition)
        if shape is None:
            raise SchemaError(f"a reference to the missing definition {definition}")
        kind = shape.kind
        if isinstance(kind, Unmodelled):
            raise SchemaError(f"{definition} is used by a model but listed as unmodelled")
        if _one_member(kind):
            assert isinstance(kind, UnionShape) and kind.variants[0].ref
            return self._python_name(kind.variants[0].ref)
        if definition in self.choices.list_unions:
            return f"list[{self.choices.list_unions[definition]}]"
        if isinstance(kind, AliasShape) and isinstance(kind.type, Scalar):
            return kind.type.python
        return self.renamed.get(definition, definition)

    def _enum(self, shape: Shape, kind: EnumShape) -> None:
        reason = self.choices.open_enums.get(shape.name)
        doc = summary(shape.description)
        if kind.open or reason:
            values_doc = ", ".join(f"``{v}``" for v in kind.values)
            why = f"\n\nOpen: {reason}." if reason else "\n\nOpen: any other string is kept."
            self._add(
                AliasSpec(
                    shape.name, "str", f"{doc}\n\nKnown values: {values_doc}.{why}", kind.values
                ),
                set(),
                shape.name,
            )
            return
        literal = "Literal[" + ", ".join(f'"{v}"' for v in kind.values) + "]"
        self._add(AliasSpec(shape.name, literal, doc), {"Literal"}, shape.name)

    def _union(self, shape: Shape, kind: UnionShape) -> None:
        name = shape.name
        if self._merged(kind):
            extra: list[Property] = []
            seen = {p.wire for p in kind.base}
            for variant in kind.variants:
                props = list(variant.properties)
                if variant.ref:
                    props += _object_properties(self.shapes, variant.ref)
                for prop in props:
                    if prop.wire not in seen:
                        seen.add(prop.wire)
                        extra.append(attrs.evolve(prop, required=False))
            self._class(
                name,
                shape.description,
                (),
                (*kind.base, *extra),
                name,
                shape.since,
                definitions=(name,),
            )
            return
        if _one_member(kind):
            return  # references name the member
        members: list[tuple[str, str]] = []
        untagged = None
        for variant in kind.variants:
            key = None if kind.tag else self._key_of(name, variant)
            member = self._variant_class(name, kind, variant, key)
            if variant.tag is None and kind.tag is not None:
                untagged = member
            else:
                members.append((variant.tag or key or "", member))
        fallback = None
        if kind.tag and self.choices.fallbacks:
            fallback = self.choices.fallback_names.get(name, f"Unknown{name}")
            self._fallback(fallback, name, name)
        names = [m for _, m in members] + ([untagged] if untagged else [])
        names += [fallback] if fallback else []
        self._add(
            UnionSpec(
                name,
                summary(shape.description),
                tuple(names),
                kind.tag,
                tuple(members),
                fallback,
                untagged,
            ),
            set(names),
            name,
        )

    def _fallback(self, name: str, union: str, source: str) -> None:
        doc = (
            f"A ``{union}`` of a kind this schema does not know; ``data`` is the raw object,"
            " written back verbatim."
        )
        field = FieldSpec("data", "data", "dict[str, Any]", None, False, "")
        self._add(ClassSpec(name, doc, (field,)), {"Any"}, source)

    def _variant_class(
        self, union: str, kind: UnionShape, variant: Variant, key: str | None
    ) -> str:
        if variant.ref and variant.ref in self.folded:
            return self.renamed.get(variant.ref, variant.ref)
        if variant.ref and not kind.tag and not variant.properties:
            return self._python_name(variant.ref)  # a keyed union of definitions
        if variant.ref and self._tagged_union(variant.ref):
            return self._nested_union(union, variant)
        name = self._variant_name(union, variant, variant.ref, key)
        tag = self._tag_field(union, variant)
        if variant.ref and not kind.base and not variant.properties:
            self._class(
                name, variant.description, tag, (), union, "", variant.ref, (union, variant.ref)
            )
            return name
        props = (*kind.base, *variant.properties)
        if variant.ref:
            props += tuple(_object_properties(self.shapes, variant.ref))
        self._class(name, variant.description, tag, props, union, "", definitions=(union,))
        return name

    def _nested_union(self, union: str, variant: Variant) -> str:
        """A branch that is a union of its own (v2's ``state_update``, a ``StateUpdate``):
        each of that union's members gets a subclass carrying this union's tag too, and the
        subclasses form a union this one names as the branch's member."""
        label = variant.tag or ""
        if (union, label) not in self.choices.nested_unions:
            raise SchemaError(f"{union}: branch {label} is a union: name it in nested_unions")
        alias, pattern = self.choices.nested_unions[(union, label)]
        inner = self.items[variant.ref or ""]
        assert isinstance(inner, UnionSpec)
        tag = self._tag_field(union, variant)
        keys = []
        for key, member in inner.keys:
            name = pattern.format(member)
            self._class(name, "", tag, (), union, "", member, (union,))
            keys.append((key, name))
        fallback = f"Unknown{alias}"
        self._fallback(fallback, alias, union)
        names = [m for _, m in keys] + [fallback]
        spec = UnionSpec(alias, inner.doc, tuple(names), inner.tag, tuple(keys), fallback, None)
        self._add(spec, set(names), union)
        return alias

    def _key_of(self, union: str, variant: Variant) -> str:
        """A keyed union member's key: a required member no other branch requires."""
        kind = self.shapes[union].kind
        assert isinstance(kind, UnionShape)
        mine = self._required(variant)
        others = set().union(*(self._required(v) for v in kind.variants if v is not variant))
        unique = sorted(mine - others)
        if not unique:
            raise SchemaError(f"{union}: branch {variant.title} has no key of its own")
        return unique[0]

    def _required(self, variant: Variant) -> set[str]:
        props = list(variant.properties)
        if variant.ref:
            props += _object_properties(self.shapes, variant.ref)
        return {p.wire for p in props if p.required}

    def _list_union(self, shape: Shape, kind: AliasShape) -> None:
        item_name = self.choices.list_unions[shape.name]
        assert isinstance(kind.type, OneOfScalars)
        refs = []
        for option in kind.type.options:
            if not isinstance(option, ListOf) or not isinstance(option.item, Ref):
                raise SchemaError(f"{shape.name}: not a union of arrays of definitions")
            refs.append(option.item.name)
        keys = []
        for ref in refs:
            mine = {p.wire for p in _object_properties(self.shapes, ref) if p.required}
            others = set().union(
                *(
                    {p.wire for p in _object_properties(self.shapes, r) if p.required}
                    for r in refs
                    if r != ref
                )
            )
            keys.append((sorted(mine - others)[0], ref))
        self._add(
            UnionSpec(
                item_name, summary(shape.description), tuple(refs), None, tuple(keys), None, None
            ),
            set(refs),
            shape.name,
        )

    # ------------------------------------------------------------------ methods

    def _methods(self) -> tuple[MethodRow, ...]:
        if self.choices.method_roots:
            return tuple(self._legacy_methods())
        rows: dict[str, dict[str, str]] = {}
        for shape in self.shapes.values():
            if shape.method is None or isinstance(shape.kind, Unmodelled):
                continue
            part = "result" if shape.name.endswith("Response") else "params"
            entry = rows.setdefault(shape.method, {"side": shape.side or "", "since": shape.since})
            entry[part] = shape.name
        result = []
        for method, entry in rows.items():
            params = entry.get("params")
            side = {"agent": "agent", "client": "client", "protocol": "both"}[entry["side"]]
            result.append(
                MethodRow(
                    name=method,
                    handled_by=side,
                    params=self._python_name(params) if params else None,
                    result=self._python_name(entry["result"]) if "result" in entry else None,
                    notification=bool(params and params.endswith("Notification")),
                    since=entry["since"],
                )
            )
        return tuple(result)

    def _legacy_methods(self) -> Iterator[MethodRow]:
        for union, side in self.choices.method_roots:
            kind = self.shapes[union].kind
            assert isinstance(kind, Unmodelled)
            for ref in kind.refs:
                base = ref.removesuffix("Params")
                method = base[:1].lower() + base[1:]
                result = base + "Response"
                yield MethodRow(
                    name=method,
                    handled_by=side,
                    params=None if self._is_null(ref) else ref,
                    result=None if self._is_null(result) else result,
                    notification=False,
                    since=self.shapes[ref].since,
                )

    def _is_null(self, definition: str) -> bool:
        kind = self.shapes[definition].kind
        return isinstance(kind, AliasShape) and kind.type == Scalar("None")

    def _is_meta_only(self, name: str) -> bool:
        item = self.items.get(name)
        return isinstance(item, ClassSpec) and [f.wire for f in item.fields] == ["_meta"]

    # ------------------------------------------------------------------ topics

    def _topics(
        self, methods: tuple[MethodRow, ...]
    ) -> tuple[dict[str, list[Item]], dict[str, str]]:
        """Each item's topic: pinned in the choices, else the one topic whose methods reach it."""
        if not self.choices.method_topics:
            return {"": self._ordered(list(self.items))}, dict.fromkeys(self.items, "")
        pinned = {self._item_name(d): t for d, t in self.choices.topics.items()}
        roots = list(pinned.items())
        for row in methods:
            matches = [
                (p, r) for pre, p, r in self.choices.method_topics if row.name.startswith(pre)
            ]
            if not matches:
                raise SchemaError(f"{row.name}: no topic in the choices' method_topics")
            params_topic, result_topic = matches[0]
            roots += [(row.params, params_topic)] if row.params else []
            roots += [(row.result, result_topic)] if row.result else []
        # What a pinned definition needs goes with it, unless pinned itself.
        for root, topic in list(pinned.items()):
            for name in self._closure(root, pinned):
                pinned.setdefault(name, topic)
        reached: dict[str, set[str]] = {}
        for root, topic in roots:
            for name in self._closure(root, pinned):
                reached.setdefault(name, set()).add(topic)
        home = dict(pinned)
        undecided = []
        for name in list(self.items):
            if name in home:
                continue
            topics = reached.get(name) or {pinned.get(self.source_of[name], "")}
            if topics == {""}:
                # Reached by no method: a branch's scope or an envelope's part, which the
                # models flatten or leave to acp_compat.jsonrpc.
                del self.items[name]
            elif len(topics) != 1:
                undecided.append(f"{name} ({self.source_of[name]}): {sorted(topics)}")
            else:
                home[name] = next(iter(topics))
        if undecided:
            raise SchemaError(
                "used by several topics: pin them, or what uses them, to one in the"
                " choices' topics:\n  " + "\n  ".join(undecided)
            )
        by_topic: dict[str, list[str]] = {}
        for name in self.items:
            by_topic.setdefault(home[name], []).append(name)
        self._check_imports(home)
        return {t: self._ordered(names) for t, names in by_topic.items()}, home

    def _check_imports(self, home: dict[str, str]) -> None:
        """Topic modules import each other for the names they need: no cycle allowed."""
        imports: dict[str, set[str]] = {}
        for name, topic in home.items():
            for need in self.needs.get(name, ()):
                if need in home and home[need] != topic:
                    imports.setdefault(topic, set()).add(home[need])

        def visit(topic: str, path: tuple[str, ...]) -> None:
            if topic in path:
                cycle = " -> ".join((*path[path.index(topic) :], topic))
                raise SchemaError(f"the topics import each other ({cycle}): pin differently")
            for other in sorted(imports.get(topic, ())):
                visit(other, (*path, topic))

        for topic in sorted(imports):
            visit(topic, ())

    def _closure(self, root: str, pinned: dict[str, str]) -> Iterator[str]:
        """``root`` and what it needs, not going past pinned names (``root`` aside)."""
        seen = set()
        todo = [root]
        while todo:
            name = todo.pop()
            if name in seen or name not in self.items:
                continue
            seen.add(name)
            if name in pinned and name != root:
                continue
            yield name
            todo += self.needs[name]

    def _item_name(self, definition: str) -> str:
        return self._python_name(definition).removeprefix("list[").rstrip("]")

    def _ordered(self, names: list[str]) -> list[Item]:
        """``names`` in an order where each item follows what it needs (schema order else)."""
        placed: list[str] = []
        done: set[str] = set()
        visiting: set[str] = set()
        local = set(names)

        def visit(name: str) -> None:
            if name in done:
                return
            if name in visiting:
                raise SchemaError(f"{name} needs itself: the models cannot be recursive")
            visiting.add(name)
            for need in sorted(self.needs.get(name, ())):
                if need in local:
                    visit(need)
            visiting.discard(name)
            done.add(name)
            placed.append(name)

        for name in names:
            visit(name)
        return [self.items[n] for n in placed]


def _one_member(kind: object) -> bool:
    """An untagged union of one definition (``AvailableCommandInput``): that definition."""
    return (
        isinstance(kind, UnionShape)
        and not kind.tag
        and not kind.base
        and len(kind.variants) == 1
        and kind.variants[0].ref is not None
    )


def _refs_of(shape: Shape) -> Iterator[str]:
    yield from _refs_of_kind(shape.kind)


def _refs_of_kind(kind: object) -> Iterator[str]:
    if isinstance(kind, Ref):
        yield kind.name
    elif isinstance(kind, ObjectShape):
        for prop in kind.properties:
            yield from _refs_of_kind(prop.type)
    elif isinstance(kind, UnionShape):
        for prop in kind.base:
            yield from _refs_of_kind(prop.type)
        for variant in kind.variants:
            if variant.ref:
                yield variant.ref
            for prop in variant.properties:
                yield from _refs_of_kind(prop.type)
    elif isinstance(kind, AliasShape):
        yield from _refs_of_kind(kind.type)
    elif isinstance(kind, ListOf):
        yield from _refs_of_kind(kind.item)
    elif isinstance(kind, MapOf):
        yield from _refs_of_kind(kind.value)
    elif isinstance(kind, Nullable):
        yield from _refs_of_kind(kind.inner)
    elif isinstance(kind, OneOfScalars):
        for option in kind.options:
            yield from _refs_of_kind(option)


def _object_properties(shapes: dict[str, Shape], name: str) -> list[Property]:
    kind = shapes[name].kind
    if isinstance(kind, ObjectShape):
        return list(_expand_scopes(kind.properties, shapes))
    if isinstance(kind, UnionShape) and _Builder._merged(kind):
        props = list(kind.base)
        for variant in kind.variants:
            if variant.ref:
                props += [
                    attrs.evolve(p, required=False) for p in _object_properties(shapes, variant.ref)
                ]
        return props
    raise SchemaError(f"{name} is not an object")


def _scope_groups(shapes: dict[str, Shape], name: str) -> tuple[tuple[str, ...], ...]:
    """The required members of each alternative scope ``name`` flattens, if it has any."""
    shape = shapes.get(name)
    kind = shape.kind if shape else None
    if isinstance(kind, UnionShape) and kind.tag is None and kind.base:
        return tuple(
            tuple(p.wire for p in _object_properties(shapes, v.ref) if p.required)
            for v in kind.variants
            if v.ref
        )
    return ()


def _expand_scopes(properties: Iterable[Property], shapes: dict[str, Shape]) -> Iterator[Property]:
    """A branch's nested alternatives (``+Scope``) as the scope's members, optional."""
    for prop in properties:
        if prop.wire.startswith("+"):
            assert isinstance(prop.type, Ref)
            for inner in _object_properties(shapes, prop.type.name):
                yield attrs.evolve(inner, required=False)
        else:
            yield prop
