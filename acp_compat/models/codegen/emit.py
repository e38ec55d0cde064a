"""Writing :class:`~.build.Models` as Python source, formatted as ``ruff format`` would.

The output is plain text: one module a topic (or one module for 0.0.x), a method table
module and the package's face. Each file's first line says it is generated and from what.
"""

from __future__ import annotations

import textwrap
from collections.abc import Iterable, Iterator

from .build import AliasSpec, ClassSpec, ConstSpec, FieldSpec, Item, Models, UnionSpec

WIDTH = 100
_TYPING = ("Any", "Final", "Literal", "TypeAlias")
_BASE = (
    "UNCHANGED",
    "MethodSpec",
    "Unchanged",
    "always",
    "keyed_union",
    "meta_field",
    "tagged_union",
    "wire",
    "Wire",
)


def header(models: Models) -> str:
    """The first lines of every generated file: what it comes from, and not to edit it."""
    sources = "".join(f"#   {path}\n" for path, _ in models.choices.sources)
    return (
        f"# generated from the schemas below by acp_compat.models.codegen: do not edit\n{sources}"
    )


def topic_module(models: Models, topic: str, docstring: str, tail: str = "") -> str:
    """One topic's module (``topic`` ``""``: the protocol's only module); ``tail`` is
    written after the models (0.0.x's method table)."""
    items = models.topics[topic]
    body = "\n\n".join([*(_item(item) for item in items), *([tail] if tail else [])])
    doc = "\n".join(textwrap.wrap(docstring, WIDTH - 4))
    text = (
        f'{header(models)}"""{doc}\n"""\n\n' if "\n" in doc else f'{header(models)}"""{doc}"""\n\n'
    )
    text += _imports(models, topic, items, body)
    return text + "\n\n" + body


def _imports(models: Models, topic: str, items: list[Item], body: str) -> str:
    words = set(_words(body))
    lines = []
    typing = [name for name in _TYPING if name in words]
    if typing:
        lines.append(f"from typing import {', '.join(typing)}")
    lines.append("")
    if any(isinstance(i, ClassSpec) for i in items):
        lines.append("from acp_compat._define import define")
    base = [name for name in _BASE if name in words]
    if base:
        lines.append(_from_import("acp_compat.models._base", base))
    here = {item.name for item in items}
    elsewhere: dict[str, set[str]] = {}
    for item in items:
        for need in models.needs.get(item.name, ()):
            home = models.home.get(need)
            if home is not None and need not in here and home != topic:
                elsewhere.setdefault(home, set()).add(need)
    for home in sorted(elsewhere):
        lines.append(_from_import(f"{models.choices.package}.{home}", sorted(elsewhere[home])))
    return "\n".join(lines) + "\n"


def _from_import(module: str, names: list[str]) -> str:
    line = f"from {module} import {', '.join(names)}"
    if len(line) <= WIDTH:
        return line
    inner = "".join(f"    {name},\n" for name in names)
    return f"from {module} import (\n{inner})"


def _words(text: str) -> Iterator[str]:
    word = []
    for char in text + " ":
        if char.isalnum() or char == "_":
            word.append(char)
        elif word:
            yield "".join(word)
            word = []


def _docstring(text: str, indent: str) -> str:
    if not text:
        return ""
    width = WIDTH - len(indent) - 4
    lines = [
        wrapped
        for paragraph in text.split("\n")
        for wrapped in (textwrap.wrap(paragraph, width) or [""])
    ]
    text = "\n".join(lines)
    if len(lines) == 1 and len(indent) + len(text) + 6 <= WIDTH:
        return f'{indent}"""{text}"""\n'
    inner = "\n".join(f"{indent}{line}" if line else "" for line in lines)
    return f'{indent}"""{inner.lstrip()}\n{indent}"""\n'


def _item(item: Item) -> str:
    if isinstance(item, ClassSpec):
        return _class(item)
    if isinstance(item, UnionSpec):
        return _union(item)
    if isinstance(item, AliasSpec):
        text = _assign(f"{item.name}: TypeAlias", item.expr) + _docstring(item.doc, "")
        if item.values:
            constant = values_name(item.name)
            values = ", ".join(f'"{v}"' for v in item.values)
            text += "\n" + _assign(f"{constant}: Final", f"frozenset({{{values}}})")
            text += _docstring(f"The values of ``{item.name}`` this schema knows.", "")
        return text
    assert isinstance(item, ConstSpec)
    return f"{item.name}: Final = {item.value}\n" + _docstring(item.doc, "")


def values_name(name: str) -> str:
    """The constant holding an open enum's known values (``ToolKind`` → ``TOOL_KIND_VALUES``)."""
    out = []
    for i, char in enumerate(name):
        if char.isupper() and i and (not name[i - 1].isupper()):
            out.append("_")
        out.append(char.upper())
    return "".join(out) + "_VALUES"


def _assign(target: str, expr: str) -> str:
    return f"{target} = {expr}\n"


def _class(spec: ClassSpec) -> str:
    base = f"({spec.base})" if spec.base else ""
    text = f"@define(kw_only=True)\nclass {spec.name}{base}:\n"
    text += _docstring(spec.doc, "    ")
    if spec.fields:
        text += "\n" + "".join(_field(f) for f in spec.fields)
    if spec.one_of:
        attr = {f.wire: f.attr for f in spec.fields}
        missing = " and ".join(
            "(" + " or ".join(f"self.{attr[w]} is None" for w in group) + ")"
            for group in spec.one_of
        )
        named = " or ".join(" and ".join(group) for group in spec.one_of)
        text += (
            "\n    def __attrs_post_init__(self) -> None:\n"
            f'        """The schema requires one of its scopes: {named}."""\n'
            f"        if {missing}:\n"
            f'            raise ValueError("either {named} is required")\n'
        )
    return text


def _field(spec: FieldSpec) -> str:
    default = "" if spec.default is None else f" = {spec.default}"
    return f"    {spec.attr}: {spec.annotation}{default}\n" + _docstring(spec.doc, "    ")


def _union(spec: UnionSpec) -> str:
    text = _assign(f"{spec.name}: TypeAlias", " | ".join(spec.members))
    text += _docstring(spec.doc, "")
    if spec.tag is None:
        return text + f"keyed_union({spec.name}, {{{_pairs(spec.keys)}}})\n"
    extras = "".join(
        f", {key}={value}"
        for key, value in (("fallback", spec.fallback), ("untagged", spec.untagged))
        if value
    )
    return text + (
        f'tagged_union({spec.name}, tag="{spec.tag}", members={{{_pairs(spec.keys)}}}{extras})\n'
    )


def _pairs(keys: Iterable[tuple[str, str]]) -> str:
    return ", ".join(f'"{key}": {cls}' for key, cls in keys)


def builder_name(cls: str) -> str:
    """A class's builder (``ToolCallUpdate`` → ``tool_call_update``)."""
    return values_name(cls).removesuffix("_VALUES").lower()


def builders(models: Models, classes: list[ClassSpec], types_from: str) -> str:
    """A builder function for each class: keyword arguments in, the wire object out (the
    object the converter would write for the class, built without creating it)."""
    by_name = {c.name: c for c in classes}
    return "\n\n".join(_builder(c, by_name, models, types_from) for c in classes)


def _builder(
    spec: ClassSpec, by_name: dict[str, ClassSpec], models: Models, types_from: str
) -> str:
    fields = _all_fields(spec, by_name)
    tags = [f for f in fields if f.always and f.default and f.default.startswith('always("')]
    rest = [f for f in fields if f not in tags]
    params = []
    for field in sorted(rest, key=lambda f: f.default is not None):
        annotation = _wire_annotation(field.annotation, models)
        default = (
            ""
            if field.default is None
            else (" = UNCHANGED" if field.default == "UNCHANGED" else " = None")
        )
        params.append(f"{field.attr}: {annotation}{default}")
    signature = f"*, {', '.join(params)}" if params else ""
    literal = ", ".join(f'"{f.wire}": "{f.default[8:-2]}"' for f in tags if f.default)
    required = [f for f in rest if f.default is None or f.always]
    literal = ", ".join(
        [*([literal] if literal else []), *(f'"{f.wire}": {f.attr}' for f in required)]
    )
    body = [f"    out: Wire = {{{literal}}}"]
    for field in rest:
        if field in required:
            continue
        test = "is not UNCHANGED" if field.default == "UNCHANGED" else "is not None"
        body.append(f'    if {field.attr} {test}:\n        out["{field.wire}"] = {field.attr}')
    doc = f'    """A ``{spec.name}``, as its wire object."""'
    return (
        f"def {builder_name(spec.name)}({signature}) -> Wire:\n{doc}\n"
        + "\n".join(body)
        + "\n    return out\n"
    )


def _all_fields(spec: ClassSpec, by_name: dict[str, ClassSpec]) -> list[FieldSpec]:
    base = _all_fields(by_name[spec.base], by_name) if spec.base else []
    own = list(spec.fields)
    tags = [f for f in own if f.default and f.default.startswith('always("')]
    return (
        tags
        + [f for f in base if f.attr != "meta"]
        + [f for f in own if f not in tags]
        + [f for f in base if f.attr == "meta"]
    )


def _wire_annotation(annotation: str, models: Models) -> str:
    """A model annotation as a builder takes it: a model class or union is ``Wire``, an
    alias is spelled out (so the builders need none of the model modules)."""
    out = []
    for word in _words_and_rest(annotation):
        item = next((i for items in models.topics.values() for i in items if i.name == word), None)
        if isinstance(item, ClassSpec | UnionSpec):
            out.append("Wire")
        elif isinstance(item, AliasSpec):
            out.append(_wire_annotation(item.expr, models))
        else:
            out.append(word)
    return "".join(out)


def _words_and_rest(text: str) -> Iterator[str]:
    word = []
    for char in text:
        if char.isalnum() or char == "_":
            word.append(char)
            continue
        if word:
            yield "".join(word)
            word = []
        yield char
    if word:
        yield "".join(word)
