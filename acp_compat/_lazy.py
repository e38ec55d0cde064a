"""Names bound now, imported on first use: the one way acp-compat imports lazily.

``wrap`` answers the editor's ``initialize`` before any session, prompt or tool call
exists; creating the attrs classes of models it does not need yet would make that answer
wait tens of milliseconds (benchmarks/README.md, startup). Two helpers, one idea:

* :func:`lazy_module`: inside the code, a stand-in for a module, imported (an ordinary
  import) at the first read of one of its names; the stand-in then holds all of the
  module's names, so later reads are plain attribute reads. Type checkers see the real
  module through an import under ``if TYPE_CHECKING:`` beside it.
* :func:`lazy_exports`: a package's face (PEP 562 ``__getattr__`` and ``__dir__``),
  from the package's ``EXPORTS`` table (exported name → the module that has it). Type
  checkers need the same names as imports, so the package's ``if TYPE_CHECKING:`` block
  is written from that table by :mod:`acp_compat.models.codegen` (which writes the
  model packages' faces whole) and held to it by the test of generated files: the names
  are written once, and nothing reads source at run time.

Both import with ``__import__``, not :func:`importlib.import_module`: the same import, but
the one ``python -X importtime`` reports (tests/package/test_import_cost.py reads it).
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Mapping
from types import ModuleType
from typing import Any


class _LazyModule(ModuleType):
    """Imports the module it stands for when a name is first missing from it."""

    def __getattr__(self, attribute: str) -> Any:
        __import__(self.__name__)
        module = sys.modules[self.__name__]
        self.__dict__.update(module.__dict__)  # from now on found without this method
        return getattr(module, attribute)


def lazy_module(name: str) -> ModuleType:
    """A stand-in for the module ``name``, which is imported on first use of a name."""
    return _LazyModule(name)


def lazy_exports(
    package: str, exports: Mapping[str, str], *eager: str
) -> tuple[Callable[[str], Any], Callable[[], list[str]]]:
    """``__getattr__`` and ``__dir__`` for ``package`` (its ``__name__``), which exports each
    name of ``exports`` from the module beside it; ``eager`` names, defined in the package
    itself, join them in ``__all__``."""

    def __getattr__(name: str) -> Any:
        if name == "__all__":
            value: Any = sorted({*eager, *exports})
        elif name not in exports:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        else:
            value = getattr(__import__(exports[name], fromlist=[name]), name)
        vars(sys.modules[package])[name] = value  # later reads do not come here
        return value

    def __dir__() -> list[str]:
        return sorted({*vars(sys.modules[package]), *exports})

    return __getattr__, __dir__
