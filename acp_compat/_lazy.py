"""Names bound now, imported on first use: the one way acp-compat imports lazily.

``wrap`` answers the editor's ``initialize`` before any session, prompt or tool call
exists; creating the attrs classes of models it does not need yet would make that answer
wait tens of milliseconds (benchmarks/README.md, startup). Two helpers, one idea:

* :func:`lazy_module`: inside the code, a stand-in for a module, imported (an ordinary
  import) at the first read of one of its names; the stand-in then holds all of the
  module's names, so later reads are plain attribute reads. Type checkers see the real
  module through an import under ``if TYPE_CHECKING:`` beside it.
* :func:`lazy_exports`: a package's face (PEP 562 ``__getattr__`` and ``__dir__``). Its
  export table is the package's own ``if TYPE_CHECKING:`` block, so the names are written
  once and type checkers and the runtime read the same lines: mypy as imports, this module
  as text, once, at the first lookup (a cheap read of a few source files; importing them
  to learn their names would cost what laziness saves). The block holds, one per line
  (the layout ruff's import sorting keeps):

  - ``from MODULE import NAME as NAME``: that name (a submodule too), the explicit
    re-export mypy --strict wants;
  - ``from PACKAGE.TOPIC import *``: every public top-level definition of the package's
    own module ``TOPIC`` (``class``, ``def``, an assignment, ``from M import X as X``):
    the names a star import gives mypy. ``acp_compat.models.current`` is one such line
    per topic, so a model class is named only where it is defined.

Both import with ``__import__``, not :func:`importlib.import_module`: the same import, but
the one ``python -X importtime`` reports (tests/package/test_import_cost.py reads it).
"""

from __future__ import annotations

import os
import re
import sys
from collections.abc import Callable
from types import ModuleType
from typing import Any

# Compiled at the first lookup (re caches them), not at import: `wrap` imports this module.
_BLOCK = r"^if TYPE_CHECKING:[^\n]*\n((?:[ \t]+[^\n]*\n|[ \t]*\n)*)"
_IMPORT = r"from\s+([\w.]+)\s+import\s+(?:(\*)|(\w+)\s+as\s+(\w+))\s*(?:#.*)?"
_DEFINITION = (
    r"^(?:(?:async\s+)?def|class)\s+([A-Za-z]\w*)"  # def f / class C
    r"|^([A-Za-z]\w*)\s*(?::[^=\n]*)?=(?!=)"  # NAME = ... / NAME: T = ...
    r"|^from\s+[\w.]+\s+import\s+(\w+)\s+as\s+\3\b"  # an explicit re-export
)


class _LazyModule(ModuleType):
    """Imports the module it stands for when a name is first missing from it."""

    def __getattr__(self, attribute: str) -> Any:
        module = _import(self.__name__)
        self.__dict__.update(module.__dict__)  # from now on found without this method
        return getattr(module, attribute)


def lazy_module(name: str) -> ModuleType:
    """A stand-in for the module ``name``, which is imported on first use of a name."""
    return _LazyModule(name)


def lazy_exports(package: str, *eager: str) -> tuple[Callable[[str], Any], Callable[[], list[str]]]:
    """``__getattr__`` and ``__dir__`` for ``package`` (its ``__name__``), whose exports are
    its ``if TYPE_CHECKING:`` block; ``eager`` names, defined in the package itself, join
    them in ``__all__``."""
    table: dict[str, str] = {}  # exported name -> the module that has it; read on first use

    def exports() -> dict[str, str]:
        if not table:
            table.update(exports_of(package))
        return table

    def __getattr__(name: str) -> Any:
        if name == "__all__":
            value: Any = sorted({*eager, *exports()})
        elif name.startswith("__") or name not in exports():
            # Dunders are asked for by introspection; they never need the table read.
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        else:
            value = getattr(__import__(table[name], fromlist=[name]), name)
        vars(sys.modules[package])[name] = value  # later reads do not come here
        return value

    def __dir__() -> list[str]:
        return sorted({*vars(sys.modules[package]), *exports()})

    return __getattr__, __dir__


def exports_of(package: str) -> dict[str, str]:
    """Each name ``package`` exports lazily and the module it comes from, read from the
    package's ``if TYPE_CHECKING:`` block (see the module docstring)."""
    init = _source(sys.modules[package].__file__, package)
    block = re.search(_BLOCK, init, re.MULTILINE)
    if block is None:
        raise ImportError(f"{package}: no `if TYPE_CHECKING:` block to read its exports from")
    table: dict[str, str] = {}
    for line in block.group(1).splitlines():
        statement = line.strip()
        if not statement or statement.startswith("#"):
            continue
        found = re.fullmatch(_IMPORT, statement)
        if found is None or found[3] != found[4]:
            raise ImportError(f"{package}: not an export line in its TYPE_CHECKING block: {line}")
        module, star, name = found[1], found[2], found[3]
        names = _definitions(module, package) if star else [name]
        for exported in names:
            if exported in table:
                raise ImportError(f"{package}: {exported} is exported twice")
            table[exported] = module
    return table


def _definitions(module: str, package: str) -> list[str]:
    """The public top-level definitions of ``module``, a module of ``package``'s own."""
    if not module.startswith(f"{package}."):
        raise ImportError(f"{package}: a star export must be one of its own modules: {module}")
    folder = os.path.dirname(sys.modules[package].__file__ or "")
    path = os.path.join(folder, *module[len(package) + 1 :].split(".")) + ".py"
    found = re.findall(_DEFINITION, _source(path, module), re.MULTILINE)
    return list(dict.fromkeys(a or b or c for a, b, c in found))  # a name bound twice is one


def _source(path: str | None, module: str) -> str:
    try:
        with open(path or "", encoding="utf-8") as file:
            return file.read()
    except OSError as exc:
        raise ImportError(f"{module}: its lazy exports are read from its source ({exc})") from exc


def _import(name: str) -> ModuleType:
    __import__(name)
    return sys.modules[name]
