"""A stand-in for a module that imports it on the first read of one of its names.

``wrap`` answers the editor's ``initialize`` before any tool call, chunk or prompt exists,
yet the upgrade translator's modules use the legacy and content models. Creating those
attrs classes at import costs tens of milliseconds of startup (benchmarks/README.md). A
module bound with :func:`lazy_module` is imported (an ordinary import) the first time one
of its names is read; the stand-in then holds all its names, so later reads are plain
attribute reads, with no import lookup per message.
"""

from __future__ import annotations

import importlib
from types import ModuleType
from typing import Any


class _LazyModule(ModuleType):
    """Imports the module it stands for when a name is first missing from it."""

    def __getattr__(self, attribute: str) -> Any:
        module = importlib.import_module(self.__name__)
        self.__dict__.update(module.__dict__)  # from now on found without this method
        return getattr(module, attribute)


def lazy_module(name: str) -> ModuleType:
    """A stand-in for the module ``name``, which is imported on first use of a name."""
    return _LazyModule(name)
