"""The one cattrs converter for both protocols: :func:`structure`, :func:`unstructure`.

Structuring bad input raises :class:`CodecError` and nothing else; its problems carry
wire-name paths and :meth:`CodecError.to_data` is the ``data`` of a ``-32602`` error.
"""

from __future__ import annotations

from .converter import converter, structure, unstructure, wire_name
from .errors import CodecError, Problem

__all__ = [
    "CodecError",
    "Problem",
    "converter",
    "structure",
    "unstructure",
    "wire_name",
]
