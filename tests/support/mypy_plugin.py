"""mypy: ``acp_compat._define.define`` and ``frozen`` are attrs's ``define`` and ``frozen``.

acp-compat builds its classes with those two (they let attrs write everything but four
shared methods); mypy's attrs plugin reads them as the decorators they stand for, as the
attrs documentation describes for wrappers. Named in ``pyproject.toml``.
"""

from __future__ import annotations

from mypy.plugin import Plugin
from mypy.plugins.attrs import attr_define_makers, attr_frozen_makers

attr_define_makers.add("acp_compat._define.define")
attr_frozen_makers.add("acp_compat._define.frozen")


class _DefinePlugin(Plugin):
    """Nothing of its own: importing this module registered the two decorators."""


def plugin(version: str) -> type[Plugin]:
    """mypy's entry point."""
    return _DefinePlugin
