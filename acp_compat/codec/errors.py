"""The one exception structuring raises, and the problem list it carries.

Paths use wire names (``chunks[0].text``), because the reader of an error is the peer that
sent the JSON, not someone who knows our attribute names.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from typing import Any

from acp_compat._define import frozen

PathSegment = str | int


def format_path(segments: Sequence[PathSegment]) -> str:
    """Render path segments as ``a.b[0].c`` (an empty path is the empty string)."""
    path = "".join(f"[{s}]" if isinstance(s, int) else f".{s}" for s in segments)
    return path.removeprefix(".")


def join_path(prefix: str, path: str) -> str:
    """Join an outer path (``params``) and an inner one (``chunks[0]``) into one path."""
    if not prefix:
        return path
    if not path:
        return prefix
    return prefix + path if path.startswith("[") else f"{prefix}.{path}"


def describe(value: Any) -> str:
    """A short, readable rendering of an offending JSON value for error messages."""
    if value is None:
        return "null"
    if isinstance(value, dict):
        return "an object"
    if isinstance(value, list | tuple):
        return "a list"
    try:
        text = json.dumps(value)
    except (TypeError, ValueError):
        # Not JSON at all (a Python object handed in by mistake): name its type instead.
        return f"a {type(value).__name__}"
    return text if len(text) <= 40 else text[:37] + "..."


@frozen
class Problem:
    """One field-level problem: where (a wire-name path, ``""`` for the root) and what."""

    path: str
    message: str

    def __str__(self) -> str:
        return f"{self.path}: {self.message}" if self.path else self.message

    def to_data(self) -> dict[str, str]:
        """The JSON form: ``{"path": ..., "message": ...}``."""
        return {"path": self.path, "message": self.message}


class CodecError(ValueError):
    """Structuring failed; :attr:`problems` lists every field-level problem found.

    ``str(err)`` is readable (``chunks[0].text: expected a string, got 12``) and
    :meth:`to_data` is the ``data`` of a JSON-RPC ``-32602`` error.
    """

    def __init__(self, problems: Iterable[Problem]) -> None:
        self.problems: list[Problem] = list(problems) or [Problem("", "invalid value")]
        super().__init__("; ".join(str(p) for p in self.problems))

    def to_data(self) -> dict[str, Any]:
        """``{"errors": [{"path": ..., "message": ...}, ...]}``, ready to send as JSON."""
        return {"errors": [p.to_data() for p in self.problems]}
