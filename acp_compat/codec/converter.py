"""The one cattrs converter for both protocols, configured the lsprotocol way.

Every attrs class gets a structure and an unstructure function generated once by
``cattrs.gen`` (no reflection per call; the structure function on the class's first
value), with wire names (camelCase, or a :func:`acp_compat.models._base.wire` override:
``_meta``'s is one) and omit-if-default unstructuring (except for
:func:`acp_compat.models._base.always` fields). Scalars are checked strictly instead of
coerced: ``str(123)`` would silently turn a malformed message into a valid one. Unions
declared in :data:`acp_compat.models._base.UNIONS` get tag / key-presence hooks.

Internally, hooks raise :class:`_Invalid` (relative paths); :func:`structure` turns every
failure into exactly one :class:`CodecError`. Every message is structured here, valid or
not: cattrs is imported with the codec, and its cost before ``wrap`` answers the editor's
``initialize`` is in benchmarks/README.md.
"""

from __future__ import annotations

import types
from collections.abc import Callable
from typing import Any, Literal, TypeVar, Union, get_args, get_origin, overload

import attrs
import cattrs
from cattrs.errors import ClassValidationError
from cattrs.gen import make_dict_structure_fn, make_dict_unstructure_fn, override

from acp_compat.models._base import (
    ALWAYS,
    UNIONS,
    WIRE_NAME,
    KeyedUnion,
    TaggedUnion,
    Unchanged,
    camel_case,
)

from .errors import CodecError, PathSegment, Problem, describe, format_path, join_path

StructureHook = Callable[[Any, Any], Any]
Segments = tuple[PathSegment, ...]
T = TypeVar("T")


def wire_name(cls: type, attribute: str) -> str:
    """The JSON member name of ``cls``'s ``attribute`` (``tool_call_id`` → ``toolCallId``)."""
    field = attrs.fields_dict(cls)[attribute]
    override_name = field.metadata.get(WIRE_NAME)
    if override_name is not None:
        return str(override_name)
    return camel_case(attribute)


converter = cattrs.BaseConverter(detailed_validation=True)
"""The module-level converter; use :func:`structure` / :func:`unstructure` rather than this."""


class _Invalid(Exception):
    """Raised by hooks: problems as (path relative to the value being structured, message)."""

    def __init__(self, problems: list[tuple[Segments, str]]) -> None:
        super().__init__(problems)
        self.problems = problems

    @classmethod
    def at_root(cls, message: str) -> _Invalid:
        """One problem about the value itself."""
        return cls([((), message)])


# --------------------------------------------------------------------------- errors


def _relative_problems(exc: BaseException, prefix: Segments) -> list[tuple[Segments, str]]:
    """Flatten an exception raised by a hook into (path, message) problems. Only our hooks
    structure (every attrs class, list and dict has one), so cattrs' own errors reach
    here only as :class:`ClassValidationError`, which :func:`_attrs_structure_hook`
    unpacks: the rest is ours, a required member's ``KeyError`` or a validator's error."""
    if isinstance(exc, _Invalid):
        return [(prefix + path, message) for path, message in exc.problems]
    if isinstance(exc, KeyError):
        # The generated structure function indexes the dict directly for required fields.
        return [(prefix, "required field missing")]
    return [(prefix, str(exc).strip() or type(exc).__name__)]


# --------------------------------------------------------------------------- scalars


_SCALARS = {str: "a string", int: "an integer", bool: "a boolean", type(None): "null"}
"""The scalars with a hook of their own, and their names in errors."""


def _scalar_hook(kind: type) -> StructureHook:
    expected = _SCALARS[kind]

    def structure_scalar(value: Any, _: Any) -> Any:
        # A subclass is taken (a str enum's member built in Python, say), but a bool is
        # no integer on the wire, whatever Python says.
        if isinstance(value, kind) and (kind is not int or type(value) is not bool):
            return value
        raise _Invalid.at_root(f"expected {expected}, got {describe(value)}")

    return structure_scalar


def _structure_float(value: Any, _: Any) -> float:
    if isinstance(value, int | float) and not isinstance(value, bool):
        return value
    raise _Invalid.at_root(f"expected a number, got {describe(value)}")


def _structure_optional_str(value: Any, _: Any) -> str | None:
    # ``str | None`` is the most common optional member: one call instead of two.
    if value is None or isinstance(value, str):
        return value
    raise _Invalid.at_root(f"expected a string, got {describe(value)}")


def _structure_any(value: Any, _: Any) -> Any:
    # Arbitrary JSON (``_meta``, raw payloads) is kept verbatim, not copied or converted.
    return value


def _literal_hook(tp: Any) -> StructureHook:
    allowed = get_args(tp)
    expected = ", ".join(describe(a) for a in allowed)
    if all(type(a) is str for a in allowed):
        # The common case (icons, statuses, tags): one set lookup instead of a scan.
        strings = frozenset(allowed)

        def structure_str_literal(value: Any, _: Any) -> Any:
            if type(value) is str and value in strings:
                return value
            raise _Invalid.at_root(f"expected one of {expected}, got {describe(value)}")

        return structure_str_literal

    def structure_literal(value: Any, _: Any) -> Any:
        for candidate in allowed:
            # ``True == 1`` in Python, but not on the wire.
            if type(value) is type(candidate) and value == candidate:
                return value
        raise _Invalid.at_root(f"expected one of {expected}, got {describe(value)}")

    return structure_literal


# --------------------------------------------------------------------------- containers


def _list_hook(tp: Any) -> StructureHook:
    args = get_args(tp)
    element = args[0] if args else Any
    element_hook = converter.get_structure_hook(element)

    def structure_list(value: Any, _: Any) -> Any:
        # A string is iterable, so cattrs' default would accept "abc" as ["a", "b", "c"].
        if not isinstance(value, list):
            raise _Invalid.at_root(f"expected a list, got {describe(value)}")
        out: list[Any] = []
        problems: list[tuple[Segments, str]] = []
        for index, item in enumerate(value):
            try:
                out.append(element_hook(item, element))
            except Exception as exc:
                problems += _relative_problems(exc, (index,))
        if problems:
            raise _Invalid(problems)
        return out

    return structure_list


def _dict_hook(tp: Any) -> StructureHook:
    args = get_args(tp)
    value_type = args[1] if len(args) == 2 else Any
    value_hook = None if value_type is Any else converter.get_structure_hook(value_type)

    def structure_dict(value: Any, _: Any) -> Any:
        if not isinstance(value, dict):
            raise _Invalid.at_root(f"expected an object, got {describe(value)}")
        if value_hook is None:
            return value
        out: dict[str, Any] = {}
        problems: list[tuple[Segments, str]] = []
        for key, item in value.items():
            try:
                out[key] = value_hook(item, value_type)
            except Exception as exc:
                problems += _relative_problems(exc, (str(key),))
        if problems:
            raise _Invalid(problems)
        return out

    return structure_dict


# --------------------------------------------------------------------------- unions


def _fallback_classes() -> set[type]:
    return {d.fallback for d in UNIONS if isinstance(d, TaggedUnion) and d.fallback is not None}


class _MemberHooks(dict[type, StructureHook]):
    """A union's member hooks, each resolved on first use (so mutually recursive unions
    cannot loop), then a plain dict lookup."""

    def __missing__(self, cls: type) -> StructureHook:
        hook = self[cls] = converter.get_structure_hook(cls)
        return hook


def _tagged_hook(decl: TaggedUnion, nullable: bool) -> StructureHook:
    tag, members, fallback = decl.tag, dict(decl.members), decl.fallback
    untagged = decl.untagged
    expected = ", ".join(describe(t) for t in members)
    hooks = _MemberHooks()

    def structure_tagged(value: Any, _: Any) -> Any:
        if not isinstance(value, dict):
            if value is None and nullable:
                return None
            raise _Invalid.at_root(f"expected an object, got {describe(value)}")
        tag_value = value.get(tag)
        member = members.get(tag_value) if isinstance(tag_value, str) else None
        if member is not None:
            return hooks[member](value, member)
        if untagged is not None and tag not in value:
            return hooks[untagged](value, untagged)
        if fallback is not None:
            return fallback(data=value)
        if tag not in value:
            raise _Invalid([((tag,), "required field missing")])
        raise _Invalid(
            [((tag,), f"unknown value {describe(tag_value)}, expected one of {expected}")]
        )

    return structure_tagged


def _keyed_hook(decl: KeyedUnion, nullable: bool) -> StructureHook:
    members = dict(decl.members)
    expected = ", ".join(describe(k) for k in members)
    hooks = _MemberHooks()

    def structure_keyed(value: Any, _: Any) -> Any:
        if not isinstance(value, dict):
            if value is None and nullable:
                return None
            raise _Invalid.at_root(f"expected an object, got {describe(value)}")
        # Declaration order decides when a peer sends more than one of the keys.
        for key, member in members.items():
            if key in value:
                return hooks[member](value, member)
        raise _Invalid.at_root(f"expected an object with one of the members {expected}")

    return structure_keyed


def _untagged_hook(options: tuple[Any, ...]) -> StructureHook:
    """An undeclared union (``str | int``, say): the first member that accepts the value wins."""
    hooks = [(option, converter.get_structure_hook(option)) for option in options]

    def structure_first_match(value: Any, _: Any) -> Any:
        for option, hook in hooks:
            try:
                return hook(value, option)
            except Exception:
                pass
        names = ", ".join(getattr(o, "__name__", str(o)) for o in options)
        raise _Invalid.at_root(f"expected one of {names}, got {describe(value)}")

    return structure_first_match


def _union_hook(tp: Any) -> StructureHook:
    args = get_args(tp)
    # A patch member's ``Unchanged`` stands for its absence: no JSON value is one.
    options = tuple(a for a in args if a is not type(None) and a is not Unchanged)
    nullable = type(None) in args
    wanted = frozenset(options)
    decl = next((d for d in UNIONS if frozenset(get_args(d.union)) == wanted), None)
    if decl is not None:
        # The declared unions take ``null`` themselves: one call less per optional member.
        if isinstance(decl, TaggedUnion):
            return _tagged_hook(decl, nullable)
        return _keyed_hook(decl, nullable)
    if nullable and options == (str,):
        return _structure_optional_str
    if len(options) == 1:
        inner = converter.get_structure_hook(options[0])
    else:
        inner = _untagged_hook(options)
    if not nullable:
        return inner
    inner_type = options[0] if len(options) == 1 else Union[options]  # noqa: UP007

    def structure_optional(value: Any, _: Any) -> Any:
        return None if value is None else inner(value, inner_type)

    return structure_optional


# --------------------------------------------------------------------------- attrs classes


def _attrs_structure_hook(cls: type) -> StructureHook:
    if cls in _fallback_classes():

        def structure_fallback(value: Any, _: Any) -> Any:
            if not isinstance(value, dict):
                raise _Invalid.at_root(f"expected an object, got {describe(value)}")
            return cls(data=value)

        return structure_fallback

    names = {a.name: wire_name(cls, a.name) for a in attrs.fields(cls)}
    # Typed as Any: the ``**overrides`` keyword form confuses the stubs' positional flags.
    renames: dict[str, Any] = {name: override(rename=wire) for name, wire in names.items()}
    generated: StructureHook | None = None

    def structure_object(value: Any, _: Any) -> Any:
        # Checked first: with only optional fields the generated code would run
        # ``"text" in value`` on a string and accept it.
        if not isinstance(value, dict):
            raise _Invalid.at_root(f"expected an object, got {describe(value)}")
        nonlocal generated
        if generated is None:
            # Generated (and compiled) on the first value of this class, not when a class
            # that may hold one is: a message compiles only the classes it uses, which
            # is most of the codec's cost before ``wrap`` answers ``initialize``.
            generated = make_dict_structure_fn(
                cls, converter, _cattrs_detailed_validation=True, **renames
            )
        try:
            return generated(value, cls)
        except ClassValidationError as exc:
            problems: list[tuple[Segments, str]] = []
            with_notes, others = exc.group_exceptions()
            for sub, note in with_notes:
                problems += _relative_problems(sub, (names.get(note.name, note.name),))
            for sub in others:
                problems += _relative_problems(sub, ())
            raise _Invalid(problems) from None

    return structure_object


def _attrs_unstructure_hook(cls: type) -> Callable[[Any], Any]:
    if cls in _fallback_classes():
        # The raw object is written back exactly as it came in.
        return lambda obj: obj.data
    overrides: dict[str, Any] = {}
    for field in attrs.fields(cls):
        overrides[field.name] = override(
            rename=wire_name(cls, field.name),
            omit_if_default=not field.metadata.get(ALWAYS, False),
        )
    return make_dict_unstructure_fn(cls, converter, **overrides)


# --------------------------------------------------------------------------- registration


converter.register_structure_hook_factory(attrs.has, _attrs_structure_hook)
converter.register_unstructure_hook_factory(attrs.has, _attrs_unstructure_hook)
_FACTORIES: tuple[tuple[Callable[[Any], bool], Callable[[Any], StructureHook]], ...] = (
    (lambda tp: get_origin(tp) in (Union, types.UnionType), _union_hook),
    (lambda tp: tp is list or get_origin(tp) is list, _list_hook),
    (lambda tp: tp is dict or get_origin(tp) is dict, _dict_hook),
    (lambda tp: get_origin(tp) is Literal, _literal_hook),
)
for _applies, _factory in _FACTORIES:
    converter.register_structure_hook_factory(_applies, _factory)
converter.register_structure_hook_func(lambda tp: tp is Any or tp is object, _structure_any)
for _scalar in _SCALARS:
    converter.register_structure_hook(_scalar, _scalar_hook(_scalar))
converter.register_structure_hook(float, _structure_float)


# --------------------------------------------------------------------------- entry points


@overload
def structure(data: Any, cls: type[T], *, at: str = "") -> T: ...


@overload
def structure(data: Any, cls: Any, *, at: str = "") -> Any: ...


def structure(data: Any, cls: Any, *, at: str = "") -> Any:
    """Build a ``cls`` from JSON ``data``; every failure raises :class:`CodecError`.

    ``cls`` is a model class or a declared union alias (``ContentBlock``, ``SessionUpdate``;
    typed ``Any`` then, since a ``Union`` is not a ``type`` to a type checker).

    ``at`` is put in front of every error path (``params`` gives ``params.chunks[0].text``).
    Unknown members are ignored; ``_meta`` and other ``Any`` values are kept verbatim.
    """
    try:
        return converter.structure(data, cls)
    except Exception as exc:
        problems = _relative_problems(exc, ())
        raise CodecError(
            Problem(join_path(at, format_path(path)), message) for path, message in problems
        ) from None


def unstructure(obj: Any) -> Any:
    """The JSON value (dicts, lists, scalars) of a model object, in wire spelling.

    Optional attributes holding their default are left out unless marked ``always``.
    """
    return converter.unstructure(obj)
