"""ACP v1 and the ACP v2 draft, both ways (docs/behaviour.md §7, "v1 and v2").

* :class:`V2UpgradeTranslator` (:mod:`.upgrade`): a v1 agent behind a v2 client;
* :class:`V2DowngradeTranslator` (:mod:`.downgrade`): a v2 agent behind a v1 client.

The shapes between the two are :mod:`.to_v2` and :mod:`.to_v1`, one module a direction,
and :mod:`.same`, the shapes alike in both, which both translators use; :mod:`.hops` is
what they do alike, :mod:`.cancel` every way their peers cancel, :mod:`.options`
configures them. The v2 surface is the draft the TypeScript SDK 2.4.0 ships
(``vectors/schemas/v2``): experimental, and it may change.
"""

from typing import TYPE_CHECKING, Final

from acp_compat import _lazy

# Imported on first use: a relay needs one of the two translators, not both.
EXPORTS: Final = {
    "V2DowngradeOptions": "acp_compat.translate.v2.options",
    "V2DowngradeTranslator": "acp_compat.translate.v2.downgrade",
    "V2UpgradeOptions": "acp_compat.translate.v2.options",
    "V2UpgradeTranslator": "acp_compat.translate.v2.upgrade",
}
"""The package's names and the module each comes from."""

# The same names for type checkers: written from EXPORTS by acp_compat.models.codegen.
if TYPE_CHECKING:
    from acp_compat.translate.v2.downgrade import V2DowngradeTranslator as V2DowngradeTranslator
    from acp_compat.translate.v2.options import V2DowngradeOptions as V2DowngradeOptions
    from acp_compat.translate.v2.options import V2UpgradeOptions as V2UpgradeOptions
    from acp_compat.translate.v2.upgrade import V2UpgradeTranslator as V2UpgradeTranslator
else:
    __getattr__, __dir__ = _lazy.lazy_exports(__name__, EXPORTS)
