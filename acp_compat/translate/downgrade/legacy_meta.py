"""Reading ``_meta.acpCompat.legacy``: what the upgrade translator kept of a legacy message
(:mod:`acp_compat.translate.upgrade` documents the members), so that a legacy message
coming back down to a legacy client is rebuilt exactly from the current fields plus these.
A member is used only when well formed (a ``confirmation`` is checked against the legacy
model): a current agent may put anything into ``_meta``, and it would reach the legacy
client as is.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

from acp_compat._define import frozen
from acp_compat._lazy import lazy_module
from acp_compat.codec import CodecError, structure
from acp_compat.models import legacy_wire
from acp_compat.models.mapping import LEGACY_ICONS

if TYPE_CHECKING:
    from acp_compat.models import legacy as legacy_models
else:
    # Loaded at the first hint to check, not before ``initialize`` is answered.
    legacy_models = lazy_module("acp_compat.models.legacy")

log = logging.getLogger("acp_compat.translate.downgrade")


@frozen
class LegacyHints:
    """The legacy details of one tool call; ``None`` / ``False`` where nothing was kept."""

    icon: str | None = None
    confirmation: dict[str, Any] | None = None
    path: str | None = None
    """The legacy diff path, when the current one was made absolute."""
    details_appended: bool = False
    """Whether the last content item was added by the upgrade (not the agent's)."""

    def agent_items(self, items: Any) -> Any:
        """The content items the agent itself sent (the appended details item dropped)."""
        if self.details_appended and isinstance(items, list) and items:
            return items[:-1]
        return items

    def restore_path(self, content: dict[str, Any] | None) -> dict[str, Any] | None:
        """The legacy content with the diff's original path put back."""
        if self.path is not None and content is not None and content.get("type") == "diff":
            return legacy_wire.diff_content(
                path=self.path, old_text=content["oldText"], new_text=content["newText"]
            )
        return content


NO_HINTS = LegacyHints()


def legacy_hints(carrier: Any) -> LegacyHints:
    """The hints a tool call object carries in ``_meta.acpCompat.legacy`` (if any).

    Malformed members are ignored one by one (logged), never an error: a current agent
    may put anything into ``_meta``.
    """
    meta = carrier.get("_meta") if isinstance(carrier, dict) else None
    compat = meta.get("acpCompat") if isinstance(meta, dict) else None
    legacy = compat.get("legacy") if isinstance(compat, dict) else None
    if not isinstance(legacy, dict):
        return NO_HINTS
    icon = legacy.get("icon")
    if icon is not None and not (isinstance(icon, str) and icon in LEGACY_ICONS):
        log.warning("ignoring _meta.acpCompat.legacy.icon %r: not a legacy icon", icon)
        icon = None
    confirmation = legacy.get("confirmation")
    if confirmation is not None and not _legacy_confirmation(confirmation):
        log.warning("ignoring malformed _meta.acpCompat.legacy.confirmation %.200r", confirmation)
        confirmation = None
    path = legacy.get("path")
    if path is not None and not isinstance(path, str):
        log.warning("ignoring malformed _meta.acpCompat.legacy.path %r", path)
        path = None
    appended = legacy.get("detailsAppended") is True
    return LegacyHints(
        icon=icon,
        confirmation=dict(confirmation) if confirmation is not None else None,
        path=path,
        details_appended=appended,
    )


def _legacy_confirmation(value: Any) -> bool:
    """Whether ``value`` is a legacy ``ToolCallConfirmation`` (it is sent on verbatim, so
    a legacy client must be able to read it: a known ``type`` with its members)."""
    if not isinstance(value, dict):
        return False
    try:
        structure(value, legacy_models.ToolCallConfirmation)
    except CodecError:
        return False
    return True
