"""ACP v1 and the ACP v2 draft, both ways (docs/behaviour.md, "v1 and v2").

* :class:`V2UpgradeTranslator` (:mod:`.upgrade`): a v1 agent behind a v2 client;
* :class:`V2DowngradeTranslator` (:mod:`.downgrade`): a v2 agent behind a v1 client.

The shapes between the two are :mod:`.to_v2` and :mod:`.to_v1`, one module a direction,
which both translators use; :mod:`.options` configures them. The v2 surface is the draft
the TypeScript SDK 2.4.0 ships (``vectors/schemas/v2``): experimental, and it may change.
"""

from .downgrade import V2DowngradeTranslator
from .options import V2DowngradeOptions, V2UpgradeOptions
from .upgrade import V2UpgradeTranslator

__all__ = [
    "V2DowngradeOptions",
    "V2DowngradeTranslator",
    "V2UpgradeOptions",
    "V2UpgradeTranslator",
]
