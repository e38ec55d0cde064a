"""The codec's entry points, :func:`structure` and :func:`unstructure`.

Valid messages are built by the generated fast structurers (:mod:`.fast`); the cattrs
converter (:mod:`.converter`) is imported on the first message that needs it (an invalid
one, a type the fast structurer does not inline, an unstructure). cattrs and the
converter's set-up cost startup time that ``wrap`` would otherwise spend before answering
the editor's ``initialize`` (benchmarks/README.md).
"""

from __future__ import annotations

import importlib
import sys
from types import ModuleType
from typing import Any, TypeVar, overload

from .fast import Structurer, fast_structurer

T = TypeVar("T")

_fast: dict[Any, Structurer] = {}
_converter_module: ModuleType | None = None


def _detailed() -> ModuleType:
    """:mod:`.converter`, imported once (then cached: no import lookup per message)."""
    global _converter_module
    if _converter_module is None:
        # First use: see the module docstring. By its full name: the package's attribute
        # ``converter`` is the converter object, not this module.
        module = importlib.import_module("acp_compat.codec.converter")
        # The import bound the package's ``converter`` to the module: it names the
        # converter object, as it always has.
        sys.modules["acp_compat.codec"].__dict__["converter"] = module.converter
        _converter_module = module
    return _converter_module


def _detailed_hook(tp: Any) -> Structurer:
    hook: Structurer = _detailed().detailed_hook(tp)
    return hook


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
    fast = _fast.get(cls)
    if fast is None:
        fast = fast_structurer(cls, _detailed_hook)
        _fast[cls] = fast
    try:
        return fast(data)
    except Exception:
        pass  # not (obviously) valid: the detailed path reports or builds it
    return _detailed().structure_detailed(data, cls, at)


def unstructure(obj: Any) -> Any:
    """The JSON value (dicts, lists, scalars) of a model object, in wire spelling.

    Optional attributes holding their default are left out unless marked ``always``.
    """
    return _detailed().converter.unstructure(obj)
