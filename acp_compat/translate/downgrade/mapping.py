"""Enum tables of the downgrade: kind → icon, status, confirmation and outcome → option.

behaviour.md §3; notes.md §7 (E1b, E2b, E3b) has the reasoning behind each row.
"""

from __future__ import annotations

import logging
from typing import Any

log = logging.getLogger("acp_compat.translate.downgrade")

LEGACY_ICONS = frozenset(
    {"fileSearch", "folder", "globe", "hammer", "lightBulb", "pencil", "regex", "terminal"}
)
"""Every icon a 0.0.x client knows."""

_ICON_BY_KIND = {
    "read": "fileSearch",
    "search": "fileSearch",
    "edit": "pencil",
    "delete": "pencil",
    "move": "pencil",
    "execute": "terminal",
    "think": "lightBulb",
    "switch_mode": "lightBulb",
    "fetch": "globe",
}

_LEGACY_STATUS = {
    # Legacy has no "pending": a call the client shows is running until it ends.
    "pending": "running",
    "in_progress": "running",
    "completed": "finished",
    "failed": "error",
}


def icon_for_kind(kind: Any) -> str:
    """The legacy icon for a current tool kind; ``other``, none or unknown → ``hammer``."""
    return _ICON_BY_KIND.get(kind, "hammer") if isinstance(kind, str) else "hammer"


def legacy_status(status: Any) -> str:
    """The legacy status for a current one; anything unknown counts as still running."""
    return _LEGACY_STATUS.get(status, "running") if isinstance(status, str) else "running"


def confirmation_for(kind: Any, title: str, raw_input: Any) -> dict[str, Any]:
    """The legacy confirmation variant for a permission request, from its kind and rawInput."""
    raw = raw_input if isinstance(raw_input, dict) else {}
    if kind == "execute":
        command = _command(raw.get("command")) or title
        root = raw.get("rootCommand")
        if not isinstance(root, str):
            words = command.split()
            root = words[0] if words else ""
        return {"type": "execute", "command": command, "rootCommand": root}
    if kind in ("edit", "delete", "move"):
        return {"type": "edit"}
    if kind == "fetch":
        return {"type": "fetch", "urls": _urls(raw)}
    return {"type": "other", "description": title}


def _command(value: Any) -> str | None:
    """A command from rawInput: a string, or an argv list joined with spaces."""
    if isinstance(value, str) and value:
        return value
    if isinstance(value, list) and value and all(isinstance(part, str) for part in value):
        return " ".join(value)
    return None


def _urls(raw: dict[str, Any]) -> list[str]:
    """The URLs a fetch is about: rawInput ``urls`` (a list) or ``url`` (one string)."""
    urls = raw.get("urls")
    if isinstance(urls, list):
        return [url for url in urls if isinstance(url, str)]
    url = raw.get("url")
    return [url] if isinstance(url, str) else []


# Option ids that mean a given "always" outcome: the legacy name (what the upgrade
# translator offers) and Gemini's native ToolConfirmationOutcome value.
_ALWAYS_IDS = {
    "alwaysAllow": ("alwaysAllow", "proceed_always"),
    "alwaysAllowMcpServer": ("alwaysAllowMcpServer", "proceed_always_server"),
    "alwaysAllowTool": ("alwaysAllowTool", "proceed_always_tool"),
}

CANCELLED: dict[str, Any] = {"outcome": "cancelled"}


def outcome_for(legacy_outcome: Any, options: list[dict[str, Any]]) -> dict[str, Any]:
    """The ``RequestPermissionOutcome`` for the legacy client's answer.

    Never widens what the user granted: an ``allow`` with no ``allow_once`` on offer,
    or an unknown outcome, becomes ``cancelled`` rather than an always-allow.
    """
    if legacy_outcome == "allow":
        chosen = _first(options, "allow_once")
    elif legacy_outcome in _ALWAYS_IDS:
        ids = _ALWAYS_IDS[legacy_outcome]
        chosen = next(
            (o for o in options if o.get("kind") == "allow_always" and o.get("optionId") in ids),
            None,
        )
        chosen = chosen or _first(options, "allow_always") or _first(options, "allow_once")
    elif legacy_outcome == "reject":
        chosen = _first(options, "reject_once") or _first(options, "reject_always")
    elif legacy_outcome == "cancel":
        chosen = None
    else:
        log.warning("unknown legacy confirmation outcome %r: answering cancelled", legacy_outcome)
        chosen = None
    if chosen is None:
        if legacy_outcome == "allow":
            log.warning("the agent offered no allow_once option; answering cancelled")
        return dict(CANCELLED)
    return {"outcome": "selected", "optionId": chosen["optionId"]}


def _first(options: list[dict[str, Any]], kind: str) -> dict[str, Any] | None:
    """The first option of ``kind``."""
    return next((o for o in options if o.get("kind") == kind), None)


def well_formed_options(options: Any) -> list[dict[str, Any]]:
    """The permission options that have a string ``optionId`` (others cannot be chosen)."""
    if not isinstance(options, list):
        return []
    return [o for o in options if isinstance(o, dict) and isinstance(o.get("optionId"), str)]
