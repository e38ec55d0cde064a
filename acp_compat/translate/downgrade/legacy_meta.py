"""Reading ``_meta.acpCompat.legacy``: what the upgrade translator kept of a legacy message.

The upgrade translator (a legacy agent behind a current client) puts what the current
shape cannot hold into ``_meta.acpCompat.legacy`` of the ``tool_call`` /
``tool_call_update`` it emits and of a permission request's ``toolCall``
(:mod:`acp_compat.translate.upgrade` documents the members). When such a message comes
back down to a legacy client, these values win over anything derived from the current
fields, so the legacy message is restored exactly:

* ``icon``: the legacy icon, verbatim;
* ``confirmation``: the legacy confirmation object, verbatim (with its ``description``);
* ``diffPath``: the legacy diff path, where the current diff holds an absolute path;
* ``detailsAt``: the index of the content item the upgrade added to show confirmation
  details; it is not the agent's content and is left out again.
"""

from __future__ import annotations

import logging
from typing import Any

import attrs

from .mapping import LEGACY_ICONS

log = logging.getLogger("acp_compat.translate.downgrade")


@attrs.frozen
class LegacyHints:
    """The legacy details of one tool call; ``None`` where nothing was kept."""

    icon: str | None = None
    confirmation: dict[str, Any] | None = None
    diff_path: str | None = None
    details_at: int | None = None


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
    if icon is not None and icon not in LEGACY_ICONS:
        log.warning("ignoring _meta.acpCompat.legacy.icon %r: not a legacy icon", icon)
        icon = None
    confirmation = legacy.get("confirmation")
    if confirmation is not None and not (
        isinstance(confirmation, dict) and isinstance(confirmation.get("type"), str)
    ):
        log.warning("ignoring malformed _meta.acpCompat.legacy.confirmation %r", confirmation)
        confirmation = None
    diff_path = legacy.get("diffPath")
    details_at = legacy.get("detailsAt")
    return LegacyHints(
        icon=icon,
        confirmation=dict(confirmation) if confirmation is not None else None,
        diff_path=diff_path if isinstance(diff_path, str) else None,
        details_at=details_at
        if isinstance(details_at, int) and not isinstance(details_at, bool)
        else None,
    )
