"""acp-compat: bridges legacy ACP 0.0.x agents and clients with current ACP (protocolVersion 1).

The public API, everything a library user needs, is exported here:

* the translators and their options: :class:`UpgradeTranslator` / :class:`UpgradeOptions`
  (a legacy agent behind a current client), :class:`DowngradeTranslator` /
  :class:`DowngradeOptions` (a current agent behind a legacy client), and the
  :class:`Translator` protocol they implement;
* their outputs: :class:`ToClient`, :class:`ToAgent`, :class:`StartAgent`,
  :class:`StopAgent`, :class:`ReadLocalFile`, :class:`WriteLocalFile` (the union
  :data:`Output`);
* the codec: :func:`structure`, :func:`unstructure`, :class:`CodecError`;
* the typed models of both protocols: the modules :mod:`legacy` and :mod:`current`
  (``acp_compat.legacy.PushToolCallParams``...), and :mod:`mapping`, the tables between
  them.

Everything else (the modules under ``translate``, ``io``, ``cli``...) is internal and may
change between releases. The names are imported on first use (PEP 562), so ``import
acp_compat`` stays cheap: ``wrap`` reads :data:`__version__` at every start.

Layers, each importing only the ones above it in this list:
``models`` (attrs classes) -> ``codec`` (the cattrs converter) -> ``jsonrpc`` (envelopes,
framing) -> ``translate`` (sans-IO translators) -> ``io`` (anyio relay, processes, shim)
-> ``cli`` (click commands).
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

# Written here, not read from the installed metadata: importlib.metadata costs ~45 ms at
# every start, and an editor starts `wrap` for every thread. tests/package/test_import_cost.py
# checks that it matches pyproject.toml.
__version__ = "0.1.0"

_EXPORTS: dict[str, tuple[str, str | None]] = {
    "UpgradeTranslator": ("acp_compat.translate.upgrade", "UpgradeTranslator"),
    "UpgradeOptions": ("acp_compat.translate.upgrade", "UpgradeOptions"),
    "DowngradeTranslator": ("acp_compat.translate.downgrade", "DowngradeTranslator"),
    "DowngradeOptions": ("acp_compat.translate.downgrade", "DowngradeOptions"),
    "Translator": ("acp_compat.translate.base", "Translator"),
    "Output": ("acp_compat.translate.base", "Output"),
    "ToClient": ("acp_compat.translate.base", "ToClient"),
    "ToAgent": ("acp_compat.translate.base", "ToAgent"),
    "StartAgent": ("acp_compat.translate.base", "StartAgent"),
    "StopAgent": ("acp_compat.translate.base", "StopAgent"),
    "ReadLocalFile": ("acp_compat.translate.base", "ReadLocalFile"),
    "WriteLocalFile": ("acp_compat.translate.base", "WriteLocalFile"),
    "structure": ("acp_compat.codec", "structure"),
    "unstructure": ("acp_compat.codec", "unstructure"),
    "CodecError": ("acp_compat.codec", "CodecError"),
    "legacy": ("acp_compat.models.legacy", None),
    "current": ("acp_compat.models.current", None),
    "mapping": ("acp_compat.models.mapping", None),
}
"""Public name → (module, attribute); ``None``: the module itself."""

__all__ = [
    "CodecError",
    "DowngradeOptions",
    "DowngradeTranslator",
    "Output",
    "ReadLocalFile",
    "StartAgent",
    "StopAgent",
    "ToAgent",
    "ToClient",
    "Translator",
    "UpgradeOptions",
    "UpgradeTranslator",
    "WriteLocalFile",
    "__version__",
    "current",
    "legacy",
    "mapping",
    "structure",
    "unstructure",
]


def __getattr__(name: str) -> Any:
    """Import a public name on first use, then keep it in the module's namespace."""
    target = _EXPORTS.get(name)
    if target is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    module = importlib.import_module(target[0])
    value = module if target[1] is None else getattr(module, target[1])
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *_EXPORTS})


if TYPE_CHECKING:  # what the lazy names are, for type checkers and IDEs
    from acp_compat.codec import CodecError, structure, unstructure
    from acp_compat.models import current, legacy, mapping
    from acp_compat.translate.base import (
        Output,
        ReadLocalFile,
        StartAgent,
        StopAgent,
        ToAgent,
        ToClient,
        Translator,
        WriteLocalFile,
    )
    from acp_compat.translate.downgrade import DowngradeOptions, DowngradeTranslator
    from acp_compat.translate.upgrade import UpgradeOptions, UpgradeTranslator
