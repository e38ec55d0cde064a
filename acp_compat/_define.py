"""``attrs.define`` and ``attrs.frozen`` for every class in acp-compat, built five times faster.

attrs writes and compiles ``__eq__``, ``__repr__`` and (for slotted classes) the pickling
methods of each class as it is created: about 0.4 ms a class, which for the fifty classes
``wrap`` creates before it can answer the editor's ``initialize`` was a sixth of that
wait. These decorators let attrs build everything else (``__init__``, slots, fields,
validators, ``__match_args__``) and give each class the same four methods, written once
below, which read the field names the decorator records on the class. They behave as
attrs's own: equality compares the fields of two instances of the exact same class (a
field with ``eq=False`` aside); a frozen class hashes by them and a mutable one is not
hashable; ``repr`` shows every field (``...`` for a value that contains itself); copies
and pickles restore the fields even of frozen classes. ``eq=False`` keeps identity, and
a method the class defines itself is kept.

Type checkers see attrs's own decorators (``tests/support/mypy_plugin.py`` tells mypy).
"""

from __future__ import annotations

import reprlib
from collections.abc import Callable
from typing import Any, TypeVar, overload

import attrs

_C = TypeVar("_C", bound=type)


def _compared(instance: Any) -> tuple[Any, ...]:
    return tuple(getattr(instance, name) for name in instance.__acp_compat_eq__)


def _eq(self: Any, other: Any) -> bool:
    if other.__class__ is not self.__class__:
        return NotImplemented  # type: ignore[no-any-return]
    return _compared(self) == _compared(other)


def _hash(self: Any) -> int:
    return hash((self.__class__, _compared(self)))


@reprlib.recursive_repr()
def _repr(self: Any) -> str:
    cls = self.__class__
    shown = ", ".join(f"{name}={getattr(self, name)!r}" for name in cls.__acp_compat_repr__)
    return f"{cls.__qualname__.rsplit('>.', 1)[-1]}({shown})"


def _getstate(self: Any) -> dict[str, Any]:
    return {name: getattr(self, name) for name in self.__acp_compat_fields__}


def _setstate(self: Any, state: dict[str, Any]) -> None:
    for name, value in state.items():
        object.__setattr__(self, name, value)  # frozen classes too, as attrs does


def _finish(cls: _C, *, eq: bool, frozen: bool) -> _C:
    """Give a class attrs just built the shared methods it did not write itself."""
    own = cls.__dict__
    fields = attrs.fields(cls)
    methods: dict[str, Any] = {}
    if any(f.eq_key is not None or callable(f.repr) for f in fields):
        raise TypeError(f"{cls.__qualname__}: a field's eq or repr function needs attrs.define")
    if eq and "__eq__" not in own:
        methods["__acp_compat_eq__"] = tuple(f.name for f in fields if f.eq)
        methods["__eq__"] = _eq
        if "__hash__" not in own:
            methods["__hash__"] = _hash if frozen else None
    if "__repr__" not in own:
        methods["__acp_compat_repr__"] = tuple(f.name for f in fields if f.repr)
        methods["__repr__"] = _repr
    if "__slots__" in own and "__getstate__" not in own:
        methods["__acp_compat_fields__"] = tuple(f.name for f in fields)
        methods.update(__getstate__=_getstate, __setstate__=_setstate)
    for name, value in methods.items():
        setattr(cls, name, value)
    return cls


_ATTRS_ONLY = frozenset(
    {"order", "repr", "str", "hash", "unsafe_hash", "cache_hash", "getstate_setstate", "auto_exc"}
)
"""Options that choose generated methods: a class that needs them uses attrs.define."""


@overload
def define(maybe_cls: _C, **options: Any) -> _C: ...


@overload
def define(maybe_cls: None = None, **options: Any) -> Callable[[_C], _C]: ...


def define(maybe_cls: _C | None = None, **options: Any) -> _C | Callable[[_C], _C]:
    """:func:`attrs.define` (same options, but those of :data:`_ATTRS_ONLY`), with the
    shared methods. Exceptions are left to attrs (they compare by identity there)."""
    refused = _ATTRS_ONLY & options.keys()
    if refused:
        raise TypeError(f"acp_compat._define does not take {sorted(refused)}: use attrs.define")
    eq = options.pop("eq", True)
    frozen = options.get("frozen", False)

    def build(cls: _C) -> _C:
        if issubclass(cls, BaseException):
            raise TypeError(f"{cls.__qualname__}: an exception class needs attrs.define")
        built = attrs.define(cls, eq=False, repr=False, getstate_setstate=False, **options)
        return _finish(built, eq=eq, frozen=frozen)

    return build if maybe_cls is None else build(maybe_cls)


@overload
def frozen(maybe_cls: _C, **options: Any) -> _C: ...


@overload
def frozen(maybe_cls: None = None, **options: Any) -> Callable[[_C], _C]: ...


def frozen(maybe_cls: _C | None = None, **options: Any) -> _C | Callable[[_C], _C]:
    """:func:`attrs.frozen` (same options), with the shared methods."""
    return define(maybe_cls, frozen=True, **options)
