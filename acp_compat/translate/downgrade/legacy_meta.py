"""Reading ``_meta.acpCompat.legacy``: what the upgrade translator kept of a legacy message.

The upgrade translator (a legacy agent behind a current client) puts what the current
shape cannot hold into ``_meta.acpCompat.legacy`` of the tool call it emits. When such a
message comes back down to a legacy client, these values win over anything derived from
the current fields, so the legacy message is restored exactly.
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
    has_content: bool = False
    content: Any = None


NO_HINTS = LegacyHints()


def legacy_hints(*carriers: Any) -> LegacyHints:
    """The hints of the first carrier (a tool call object) holding ``_meta.acpCompat.legacy``.

    Malformed hints are ignored member by member (logged), never an error: a current
    agent may put anything into ``_meta``.
    """
    for carrier in carriers:
        if not isinstance(carrier, dict):
            continue
        meta = carrier.get("_meta")
        compat = meta.get("acpCompat") if isinstance(meta, dict) else None
        legacy = compat.get("legacy") if isinstance(compat, dict) else None
        if isinstance(legacy, dict):
            return _parse(legacy)
    return NO_HINTS


def _parse(legacy: dict[str, Any]) -> LegacyHints:
    """Keep the members that have a legacy-valid shape."""
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
    return LegacyHints(
        icon=icon,
        confirmation=dict(confirmation) if confirmation is not None else None,
        has_content="content" in legacy,
        content=legacy.get("content"),
    )
