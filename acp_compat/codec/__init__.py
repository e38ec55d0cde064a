"""The one cattrs converter for both protocols: :func:`structure`, :func:`unstructure`.

Structuring bad input raises :class:`CodecError` and nothing else; its problems carry
wire-name paths and :meth:`CodecError.to_data` is the ``data`` of a ``-32602`` error.
The converter itself (and cattrs) is imported on first need (:mod:`.structuring`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .errors import CodecError, Problem
from .names import wire_name
from .structuring import _detailed, structure, unstructure

if TYPE_CHECKING:
    from .converter import converter

__all__ = ["CodecError", "Problem", "converter", "structure", "unstructure", "wire_name"]


def __getattr__(name: str) -> Any:
    """``converter``, the cattrs converter, built on first use."""
    if name == "converter":
        return _detailed().converter  # which binds the package's ``converter`` too
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
