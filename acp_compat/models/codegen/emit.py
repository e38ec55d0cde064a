"""Writing :class:`~.build.Models` as Python source text (laid out by ruff in :mod:`.write`).

Two kinds of module: the models (one module a topic; 0.0.x has one module), and the
builders (one function a class, returning the class's wire object).
"""

from __future__ import annotations

import re
import textwrap
from collections.abc import Iterable

from acp_compat.models import _base

from .build import AliasSpec, ClassSpec, ConstSpec, FieldSpec, Item, Models, UnionSpec
from .schema import snake

WIDTH = 100
_BASE = sorted(n for n, v in vars(_base).items() if getattr(v, "__module__", "") == _base.__name__)
"""The names :mod:`acp_compat.models._base` defines (not those it imports)."""


def header(models: Models) -> str:
    """The first lines of every generated file: not to edit it, and what it comes from."""
    sources = "".join(f"#   {path}\n" for path, _ in models.choices.sources)
    return (
        f"# generated from the schemas below by acp_compat.models.codegen: do not edit\n{sources}"
    )


def module(models: Models, topic: str, tail: str = "") -> str:
    """One topic's module (``""``: the protocol's only module); ``tail`` follows the models."""
    items = models.topics[topic]
    body = "\n\n".join([*(_item(item) for item in items), *([tail] if tail else [])])
    # ruff (:func:`.write.generated_files`) drops what a module does not use; the names
    # of _base are picked here, or the import would be too long, and wrapped, before that.
    words = set(re.findall(r"\w+", body))
    lines = [
        "from typing import Any, Final, Literal, TypeAlias\n",
        "from acp_compat._define import define",
        f"from acp_compat.models._base import {', '.join(n for n in _BASE if n in words)}",
    ]
    elsewhere: dict[str, set[str]] = {}
    for item in items:
        for need in models.needs.get(item.name, ()):
            if models.home.get(need, topic) != topic:
                elsewhere.setdefault(models.home[need], set()).add(need)
    for home, names in sorted(elsewhere.items()):
        lines.append(f"from {models.choices.package}.{home} import {', '.join(sorted(names))}")
    choices = models.choices
    docstring = _docstring(f"{choices.title} models: {choices.topic_docs[topic]}", "")
    return f"{header(models)}{docstring}\n" + "\n".join(lines) + "\n\n\n" + body


def _docstring(text: str, indent: str) -> str:
    if not text:
        return ""
    width = WIDTH - len(indent) - 4
    lines = [w for line in text.split("\n") for w in (textwrap.wrap(line, width) or [""])]
    if len(lines) == 1 and len(indent) + len(lines[0]) + 6 <= WIDTH:
        return f'{indent}"""{lines[0]}"""\n'
    inner = "\n".join(f"{indent}{line}" if line else "" for line in lines)
    return f'{indent}"""{inner.lstrip()}\n{indent}"""\n'


def _item(item: Item) -> str:
    if isinstance(item, ClassSpec):
        return _class(item)
    if isinstance(item, UnionSpec):
        return _union(item)
    if isinstance(item, ConstSpec):
        return constant(item)
    text = f"{item.name}: TypeAlias = {item.expr}\n" + _docstring(item.doc, "")
    if item.values:
        values = ", ".join(f'"{v}"' for v in item.values)
        text += f"\n{values_name(item.name)}: Final = frozenset({{{values}}})\n"
        text += _docstring(f"The values of ``{item.name}`` this schema knows.", "")
    return text


def constant(item: ConstSpec) -> str:
    """A named integer (an error code) and its docstring."""
    return f"{item.name}: Final = {item.value}\n" + _docstring(item.doc, "")


def values_name(name: str) -> str:
    """The constant holding an open enum's known values (``ToolKind`` → ``TOOL_KIND_VALUES``)."""
    return builder_name(name).upper() + "_VALUES"


def _class(spec: ClassSpec) -> str:
    base = f"({spec.base})" if spec.base else ""
    text = f"@define(kw_only=True)\nclass {spec.name}{base}:\n" + _docstring(spec.doc, "    ")
    if spec.fields:
        text += "\n"
    for field in spec.fields:
        default = "" if field.default is None else f" = {field.default}"
        text += f"    {field.attr}: {field.annotation}{default}\n" + _docstring(field.doc, "    ")
    if spec.one_of:
        attribute = {f.wire: f.attr for f in spec.fields}
        missing = " and ".join(
            "(" + " or ".join(f"self.{attribute[w]} is None" for w in group) + ")"
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


def _union(spec: UnionSpec) -> str:
    text = f"{spec.name}: TypeAlias = {' | '.join(spec.members)}\n" + _docstring(spec.doc, "")
    pairs = ", ".join(f'"{key}": {cls}' for key, cls in spec.keys)
    if spec.tag is None:
        return text + f"keyed_union({spec.name}, {{{pairs}}})\n"
    extras = "".join(
        f", {key}={value}"
        for key, value in (("fallback", spec.fallback), ("untagged", spec.untagged))
        if value
    )
    return text + f'tagged_union({spec.name}, tag="{spec.tag}", members={{{pairs}}}{extras})\n'


def builder_name(cls: str) -> str:
    """A class's builder (``ToolCallUpdate`` → ``tool_call_update``)."""
    return snake(cls)


def builders(models: Models, classes: Iterable[ClassSpec]) -> str:
    """A function for each class: its attributes as keyword arguments in, the object the
    converter would write for it out, built as a dict without creating the object."""
    by_name = {item.name: item for items in models.topics.values() for item in items}
    return "\n\n".join(_builder(spec, by_name) for spec in classes)


def _builder(spec: ClassSpec, items: dict[str, Item]) -> str:
    """One builder. Its parameters are positional-or-keyword, not keyword-only, for speed
    alone: CPython 3.11 looks each omitted keyword-only default up in a dict at every
    call, four times per streamed chunk; callers still pass every argument by keyword
    (tests/translate/test_no_wire_literals.py holds the translators to it)."""
    fields = _all_fields(spec, items)
    tags = [f for f in fields if f.tag]
    rest = [f for f in fields if not f.tag]
    written = [f for f in rest if f.default is None or f.always]
    params = [
        f"{f.attr}: {_builder_type(f.annotation, items)}"
        + ("" if f.default is None else " = UNCHANGED" if f.default == "UNCHANGED" else " = None")
        for f in sorted(rest, key=lambda f: f.default is not None)
    ]
    members = [f'"{f.wire}": "{f.tag}"' for f in tags]
    members += [f'"{f.wire}": {f.attr}' for f in written]
    optional = [f for f in rest if f not in written]
    lines = [
        f"def {builder_name(spec.name)}({', '.join(params)}) -> Wire:",
        f'    """A ``{spec.name}``, as its wire object."""',
    ]
    if not optional:
        return "\n".join([*lines, f"    return {{{', '.join(members)}}}"]) + "\n"
    lines.append(f"    out: Wire = {{{', '.join(members)}}}")
    for f in optional:
        absent = "UNCHANGED" if f.default == "UNCHANGED" else "None"
        lines.append(f'    if {f.attr} is not {absent}:\n        out["{f.wire}"] = {f.attr}')
    return "\n".join([*lines, "    return out"]) + "\n"


def _all_fields(spec: ClassSpec, items: dict[str, Item]) -> list[FieldSpec]:
    """A class's fields with its bases': tags first, ``_meta`` last."""
    base = items.get(spec.base or "")
    inherited = _all_fields(base, items) if isinstance(base, ClassSpec) else []
    fields = [*inherited, *spec.fields]
    return sorted(fields, key=lambda f: (not f.tag, f.wire == "_meta"))


def _builder_type(annotation: str, items: dict[str, Item]) -> str:
    """A model annotation as a builder takes it: a model class or union is ``Wire``, an
    alias is spelled out (so importing the builders loads no model module)."""

    def replace(found: re.Match[str]) -> str:
        item = items.get(found.group())
        if isinstance(item, ClassSpec | UnionSpec):
            return "Wire"
        return _builder_type(item.expr, items) if isinstance(item, AliasSpec) else found.group()

    return re.sub(r"\w+", replace, annotation)
