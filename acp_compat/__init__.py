"""acp-compat: bridges the Agent Client Protocol's generations: 0.0.x, v1 and the v2 draft.

The public API, everything a library user needs, is exported here:

* the translators and their options: :class:`UpgradeTranslator` / :class:`UpgradeOptions`
  (a legacy agent behind a current client), :class:`DowngradeTranslator` /
  :class:`DowngradeOptions` (a current agent behind a legacy client),
  :class:`V2UpgradeTranslator` / :class:`V2UpgradeOptions` (a v1 agent behind a v2 draft
  client), :class:`V2DowngradeTranslator` / :class:`V2DowngradeOptions` (a v2 agent behind
  a v1 client), :class:`Chain` (translators in a row: the upgrade and the v2 upgrade put a
  legacy agent behind a v2 client), and the :class:`Translator` protocol they implement;
* their outputs: :class:`ToClient`, :class:`ToAgent`, :class:`StartAgent`,
  :class:`StopAgent`, :class:`ReadLocalFile`, :class:`WriteLocalFile` (the union
  :data:`Output`);
* the codec: :func:`structure`, :func:`unstructure`, :class:`CodecError`;
* the typed models, generated from the protocol's schemas: the modules :mod:`legacy`,
  :mod:`current` and :mod:`v2` (the v2 draft) (``acp_compat.legacy.PushToolCallParams``...),
  and :mod:`mapping`, the tables between them.

Everything else (the modules under ``translate``, ``io``, ``cli``...) is internal and may
change between releases. The names are imported on first use (:mod:`acp_compat._lazy`), so
``import acp_compat`` stays cheap: ``wrap`` reads :data:`__version__` at every start.

Layers, each importing only the ones above it in this list:
``models`` (attrs classes) -> ``codec`` (the cattrs converter) -> ``jsonrpc`` (envelopes,
framing) -> ``translate`` (sans-IO translators) -> ``io`` (anyio relay, processes, shim)
-> ``cli`` (click commands).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from acp_compat import _lazy

# Written here, not read from the installed metadata: importlib.metadata costs ~45 ms at
# every start, and an editor starts `wrap` for every thread. tests/package/test_import_cost.py
# checks that it matches pyproject.toml.
__version__ = "0.1.0"

EXPORTS: Final = {
    "CodecError": "acp_compat.codec",
    "structure": "acp_compat.codec",
    "unstructure": "acp_compat.codec",
    "current": "acp_compat.models",
    "legacy": "acp_compat.models",
    "mapping": "acp_compat.models",
    "v2": "acp_compat.models",
    "Output": "acp_compat.translate.base",
    "ReadLocalFile": "acp_compat.translate.base",
    "StartAgent": "acp_compat.translate.base",
    "StopAgent": "acp_compat.translate.base",
    "ToAgent": "acp_compat.translate.base",
    "ToClient": "acp_compat.translate.base",
    "Translator": "acp_compat.translate.base",
    "WriteLocalFile": "acp_compat.translate.base",
    "DowngradeOptions": "acp_compat.translate.downgrade",
    "DowngradeTranslator": "acp_compat.translate.downgrade",
    "UpgradeOptions": "acp_compat.translate.upgrade",
    "UpgradeTranslator": "acp_compat.translate.upgrade",
    "V2DowngradeOptions": "acp_compat.translate.v2",
    "V2DowngradeTranslator": "acp_compat.translate.v2",
    "V2UpgradeOptions": "acp_compat.translate.v2",
    "V2UpgradeTranslator": "acp_compat.translate.v2",
    "Chain": "acp_compat.translate.chain",
}
"""The public names and the module each comes from (imported on first use)."""

# The same names for type checkers: written from EXPORTS by acp_compat.models.codegen.
if TYPE_CHECKING:
    from acp_compat.codec import CodecError as CodecError
    from acp_compat.codec import structure as structure
    from acp_compat.codec import unstructure as unstructure
    from acp_compat.models import current as current
    from acp_compat.models import legacy as legacy
    from acp_compat.models import mapping as mapping
    from acp_compat.models import v2 as v2
    from acp_compat.translate.base import Output as Output
    from acp_compat.translate.base import ReadLocalFile as ReadLocalFile
    from acp_compat.translate.base import StartAgent as StartAgent
    from acp_compat.translate.base import StopAgent as StopAgent
    from acp_compat.translate.base import ToAgent as ToAgent
    from acp_compat.translate.base import ToClient as ToClient
    from acp_compat.translate.base import Translator as Translator
    from acp_compat.translate.base import WriteLocalFile as WriteLocalFile
    from acp_compat.translate.chain import Chain as Chain
    from acp_compat.translate.downgrade import DowngradeOptions as DowngradeOptions
    from acp_compat.translate.downgrade import DowngradeTranslator as DowngradeTranslator
    from acp_compat.translate.upgrade import UpgradeOptions as UpgradeOptions
    from acp_compat.translate.upgrade import UpgradeTranslator as UpgradeTranslator
    from acp_compat.translate.v2 import V2DowngradeOptions as V2DowngradeOptions
    from acp_compat.translate.v2 import V2DowngradeTranslator as V2DowngradeTranslator
    from acp_compat.translate.v2 import V2UpgradeOptions as V2UpgradeOptions
    from acp_compat.translate.v2 import V2UpgradeTranslator as V2UpgradeTranslator
else:
    __getattr__, __dir__ = _lazy.lazy_exports(__name__, EXPORTS, "__version__")
