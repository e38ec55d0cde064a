"""Every ``:mod:`` reference in the package's docstrings and comments names a module that
exists: merging or renaming modules leaves no pointer to one that is gone."""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path

from tests.support.paths import PACKAGE

_REFERENCE = re.compile(r":mod:`~?([\w.]+)`")


def _module(path: Path) -> str:
    return ".".join(path.relative_to(PACKAGE.parent).with_suffix("").parts)


def _resolved(name: str, path: Path) -> str:
    """The absolute module name ``name`` stands for in ``path`` (``.x``: beside it, or in
    the package an ``__init__`` is)."""
    if not name.startswith("."):
        return name
    module = _module(path)
    package = module.removesuffix(".__init__") if path.name == "__init__.py" else module
    base = package.split(".") if path.name == "__init__.py" else package.split(".")[:-1]
    dots = len(name) - len(name.lstrip("."))
    return ".".join([*base[: len(base) - (dots - 1)], name.lstrip(".")])


def _exists(module: str) -> bool:
    try:
        return importlib.util.find_spec(module) is not None
    except ModuleNotFoundError:  # a package on the way is missing
        return False


def test_every_module_reference_names_a_module() -> None:
    missing = []
    for path in sorted(PACKAGE.rglob("*.py")):
        for match in _REFERENCE.finditer(path.read_text(encoding="utf-8")):
            target = _resolved(match.group(1), path)
            if target.startswith("acp_compat") and not _exists(target):
                missing.append(f"{path.relative_to(PACKAGE.parent)}: {match.group(1)}")
    assert not missing, "references to modules that do not exist:\n" + "\n".join(missing)
