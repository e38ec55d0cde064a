"""Straight-line structure functions for the common case: input that is valid.

:func:`acp_compat.codec.structure` first tries the function made here for the target type:
every scalar check inlined (``type(v) is str``), nested classes and declared unions called
directly, no error bookkeeping. At the first thing it does not accept it raises, and
``structure`` then runs the detailed cattrs path of :mod:`.converter`, which reports every
problem with its path (or builds the value: the fast path may be stricter than the
detailed one, never looser, e.g. it leaves ``str`` subclasses and unknown union tags to
it). So errors read exactly as before, and a valid message costs a fraction: a legacy
``pushToolCall`` is structured about three times faster.

The code is generated once per class (as cattrs does), from the same attrs metadata and
union declarations the detailed path reads.
"""

from __future__ import annotations

import collections.abc
import types
from collections.abc import Callable
from typing import Any, Literal, Union, get_args, get_origin

import attrs

from acp_compat.models._base import UNIONS, KeyedUnion, TaggedUnion

from .names import wire_name

Structurer = Callable[[Any], Any]


class Miss(Exception):
    """The fast path does not accept the value; the detailed path decides."""


_MISS = Miss()
_cache: dict[Any, Structurer] = {}
_SEQUENCES = (list, collections.abc.Sequence, collections.abc.MutableSequence)
_MAPPINGS = (dict, collections.abc.Mapping, collections.abc.MutableMapping)


def fast_structurer(tp: Any, slow: Callable[[Any], Structurer]) -> Structurer:
    """The fast structure function for ``tp``; ``slow(tp)`` gives the detailed hook as a
    one-argument function, used for the types this module does not inline."""
    fn = _cache.get(tp)
    if fn is None:
        fn = _build(tp, slow)
    return fn


def _declared(tp: Any) -> TaggedUnion | KeyedUnion | None:
    wanted = frozenset(a for a in get_args(tp) if a is not type(None))
    for declared in UNIONS:
        if frozenset(get_args(declared.union)) == wanted:
            return declared
    return None


def _fallbacks() -> set[type]:
    return {d.fallback for d in UNIONS if isinstance(d, TaggedUnion) and d.fallback is not None}


def _build(tp: Any, slow: Callable[[Any], Structurer]) -> Structurer:
    if attrs.has(tp) and tp not in _fallbacks():
        return _build_class(tp, slow)
    if get_origin(tp) in (Union, types.UnionType):
        decl = _declared(tp)
        if decl is not None and type(None) not in get_args(tp):
            return _build_union(tp, decl, slow)
    fn = slow(tp)
    _cache[tp] = fn
    return fn


def _build_union(
    tp: Any, decl: TaggedUnion | KeyedUnion, slow: Callable[[Any], Structurer]
) -> Structurer:
    members: dict[str, Structurer] = {}

    def resolve() -> None:
        for key, member in decl.members.items():
            members[key] = fast_structurer(member, slow)

    if isinstance(decl, TaggedUnion):
        tag = decl.tag

        def structure_tagged(value: Any) -> Any:
            if type(value) is not dict:
                raise _MISS
            if not members:
                resolve()
            tag_value = value.get(tag)
            member = members.get(tag_value) if type(tag_value) is str else None
            if member is None:
                raise _MISS  # unknown, missing: the detailed path knows the fallbacks
            return member(value)

        _cache[tp] = structure_tagged
        return structure_tagged

    def structure_keyed(value: Any) -> Any:
        if type(value) is not dict:
            raise _MISS
        if not members:
            resolve()
        for key, member in members.items():
            if key in value:
                return member(value)
        raise _MISS

    _cache[tp] = structure_keyed
    return structure_keyed


class _Code:
    """The source of one generated function and the names it refers to."""

    def __init__(self) -> None:
        self.lines: list[str] = []
        self.names: dict[str, Any] = {"MISS": _MISS}
        self.later: dict[str, Any] = {}
        """Nested structurers, bound once the function itself is cached (recursion)."""

    def name(self, value: Any, hint: str) -> str:
        key = f"{hint}_{len(self.names)}"
        self.names[key] = value
        return key

    def value(self, tp: Any, var: str, indent: str) -> str:
        """Emit checks of ``var`` against ``tp``; return the expression of its value."""
        args = get_args(tp)
        origin = get_origin(tp)
        if tp is str or tp is int or tp is bool:
            self.lines.append(f"{indent}if type({var}) is not {tp.__name__}: raise MISS")
            return var
        if tp is float:
            self.lines.append(
                f"{indent}if type({var}) is not float and type({var}) is not int: raise MISS"
            )
            return var
        if tp is Any or tp is object:
            return var
        if origin is Literal and all(type(a) is str for a in args):
            allowed = self.name(frozenset(args), "allowed")
            self.lines.append(
                f"{indent}if type({var}) is not str or {var} not in {allowed}: raise MISS"
            )
            return var
        if (tp in _MAPPINGS or origin in _MAPPINGS) and (len(args) < 2 or args[1] is Any):
            self.lines.append(f"{indent}if type({var}) is not dict: raise MISS")
            return var
        if origin in (Union, types.UnionType) and type(None) in args:
            rest = tuple(a for a in args if a is not type(None))
            inner = rest[0] if len(rest) == 1 else Union[rest]  # noqa: UP007
            nested = _Code()
            nested.names = self.names
            nested.later = self.later
            expr = nested.value(inner, var, indent + "    ")
            if nested.lines:
                self.lines.append(f"{indent}if {var} is not None:")
                self.lines += nested.lines
            return expr if expr == var else f"(None if {var} is None else {expr})"
        if (tp in _SEQUENCES or origin in _SEQUENCES) and len(args) <= 1:
            element = args[0] if args else Any
            self.lines.append(f"{indent}if type({var}) is not list: raise MISS")
            if element is str:
                self.lines.append(
                    f"{indent}for item in {var}:\n{indent}    if type(item) is not str: raise MISS"
                )
                return f"list({var})"
            if element is Any:
                return f"list({var})"
            fn = self.name(None, "nested")
            self.later[fn] = element
            return f"[{fn}(item) for item in {var}]"
        fn = self.name(None, "nested")
        self.later[fn] = tp
        return f"{fn}({var})"


def _plain_init(cls: type) -> bool:
    """Whether ``cls.__init__`` only assigns its arguments: attrs-generated, slotted, not
    frozen, no validators, converters, setattr hooks or pre/post-init. Objects of such a
    class can be made by assigning the attributes directly, which is measurably cheaper
    than a keyword-argument call (every legacy tool call makes a few)."""
    return (
        "__slots__" in cls.__dict__
        and getattr(cls, "__setattr__") is object.__setattr__  # noqa: B009
        and not hasattr(cls, "__attrs_pre_init__")
        and not hasattr(cls, "__attrs_post_init__")
        and all(
            field.validator is None and field.converter is None and field.on_setattr is None
            for field in attrs.fields(cls)
        )
        and all(field.init for field in attrs.fields(cls))
    )


def _build_class(cls: type, slow: Callable[[Any], Structurer]) -> Structurer:
    attrs.resolve_types(cls)
    code = _Code()
    cls_name = code.name(cls, "cls")
    body = code.lines
    body.append("    if type(o) is not dict: raise MISS")
    direct = _plain_init(cls)
    assigned: list[tuple[str, str, str]] = []  # (attribute, init argument, local)
    needs_kw = False
    for field in attrs.fields(cls):
        if not field.init:
            continue
        key = wire_name(cls, field.name)
        local = f"a_{len(assigned)}"
        if field.default is attrs.NOTHING:
            body.append(f"    v = o[{key!r}]")
            expr = code.value(field.type, "v", "    ")
            body.append(f"    {local} = {expr}")
            assigned.append((field.name, field.alias, local))
        elif isinstance(field.default, attrs.Factory) and not direct:  # type: ignore[arg-type]
            # A fresh default per object: only passed when the member is present.
            if not needs_kw:
                body.append("    kw = {}")
                needs_kw = True
            body.append(f"    if {key!r} in o:")
            body.append(f"        v = o[{key!r}]")
            expr = code.value(field.type, "v", "        ")
            body.append(f"        kw[{field.alias!r}] = {expr}")
        else:
            if isinstance(field.default, attrs.Factory):  # type: ignore[arg-type]
                default = code.name(field.default.factory, "factory") + "()"
            else:
                default = code.name(field.default, "default")
            body.append(f"    if {key!r} in o:")
            body.append(f"        v = o[{key!r}]")
            expr = code.value(field.type, "v", "        ")
            body.append(f"        {local} = {expr}")
            body.append(f"    else:\n        {local} = {default}")
            assigned.append((field.name, field.alias, local))
    if direct:
        # What the attrs-generated __init__ would do, minus the keyword-argument call.
        new = code.name(object.__new__, "new")
        body.append(f"    obj = {new}({cls_name})")
        body += [f"    obj.{name} = {local}" for name, _, local in assigned]
        body.append("    return obj")
    else:
        args = [f"{alias}={local}" for _, alias, local in assigned]
        if needs_kw:
            args.append("**kw")
        body.append(f"    return {cls_name}({', '.join(args)})")
    source = f"def fast_{cls.__name__}(o):\n" + "\n".join(body) + "\n"
    namespace = dict(code.names)
    exec(compile(source, f"<acp_compat fast structure {cls.__qualname__}>", "exec"), namespace)
    fn: Structurer = namespace[f"fast_{cls.__name__}"]
    _cache[cls] = fn
    # Bound only now, so a type that contains itself finds its own function cached.
    for name, nested in code.later.items():
        namespace[name] = fast_structurer(nested, slow)
    return fn
