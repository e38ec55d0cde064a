"""Reading ``_meta.acpCompat.legacy``: what the upgrade translator kept of a legacy message.

The upgrade translator (a legacy agent behind a current client) puts what the current
shape cannot hold into ``_meta.acpCompat.legacy`` of the ``tool_call`` /
``tool_call_update`` it emits and of a permission request's ``toolCall``
(:mod:`acp_compat.translate.upgrade` documents the members). When such a message comes
back down to a legacy client, these values win over anything derived from the current
fields, so the legacy message is restored exactly:

* ``icon``: the legacy icon, verbatim;
* ``confirmation``: the legacy confirmation object, verbatim (with its ``description``);
* ``content``: the legacy content value verbatim (or ``null``), present when the current
  content cannot be read back as it was (a diff path made absolute, a text item added to
  show the confirmation's details).
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
    """Whether ``content`` holds the legacy content (``None`` then means ``null``)."""
    content: dict[str, Any] | None = None


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
    has_content = "content" in legacy
    content = legacy.get("content")
    if content is not None and not _legacy_content(content):
        log.warning("ignoring malformed _meta.acpCompat.legacy.content %r", content)
        has_content, content = False, None
    return LegacyHints(
        icon=icon,
        confirmation=dict(confirmation) if confirmation is not None else None,
        has_content=has_content,
        content=dict(content) if content is not None else None,
    )


def _legacy_content(value: Any) -> bool:
    """Whether ``value`` has the shape of a legacy ``ToolCallContent``."""
    if not isinstance(value, dict):
        return False
    if value.get("type") == "markdown":
        return isinstance(value.get("markdown"), str)
    return (
        value.get("type") == "diff"
        and isinstance(value.get("path"), str)
        and isinstance(value.get("newText"), str)
        and (value.get("oldText") is None or isinstance(value.get("oldText"), str))
    )
