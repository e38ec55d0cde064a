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
change between releases. The names are imported on first use (:mod:`acp_compat._lazy`), so
``import acp_compat`` stays cheap: ``wrap`` reads :data:`__version__` at every start.

Layers, each importing only the ones above it in this list:
``models`` (attrs classes) -> ``codec`` (the cattrs converter) -> ``jsonrpc`` (envelopes,
framing) -> ``translate`` (sans-IO translators) -> ``io`` (anyio relay, processes, shim)
-> ``cli`` (click commands).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from acp_compat import _lazy

# Written here, not read from the installed metadata: importlib.metadata costs ~45 ms at
# every start, and an editor starts `wrap` for every thread. tests/package/test_import_cost.py
# checks that it matches pyproject.toml.
__version__ = "0.1.0"

if TYPE_CHECKING:  # the public names: imports for type checkers, the export table at run time
    from acp_compat.codec import CodecError as CodecError
    from acp_compat.codec import structure as structure
    from acp_compat.codec import unstructure as unstructure
    from acp_compat.models import current as current
    from acp_compat.models import legacy as legacy
    from acp_compat.models import mapping as mapping
    from acp_compat.translate.base import Output as Output
    from acp_compat.translate.base import ReadLocalFile as ReadLocalFile
    from acp_compat.translate.base import StartAgent as StartAgent
    from acp_compat.translate.base import StopAgent as StopAgent
    from acp_compat.translate.base import ToAgent as ToAgent
    from acp_compat.translate.base import ToClient as ToClient
    from acp_compat.translate.base import Translator as Translator
    from acp_compat.translate.base import WriteLocalFile as WriteLocalFile
    from acp_compat.translate.downgrade import DowngradeOptions as DowngradeOptions
    from acp_compat.translate.downgrade import DowngradeTranslator as DowngradeTranslator
    from acp_compat.translate.upgrade import UpgradeOptions as UpgradeOptions
    from acp_compat.translate.upgrade import UpgradeTranslator as UpgradeTranslator
else:
    __getattr__, __dir__ = _lazy.lazy_exports(__name__, "__version__")
