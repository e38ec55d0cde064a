"""The downgrade's lookups: kind → icon, status, confirmation and outcome → option, and
the ``authenticate`` method for a legacy client's argument-less login.

The tables themselves are :mod:`acp_compat.models.mapping` (shared with the upgrade);
this module applies them to what a current agent sends, which may hold anything, and
picks only among what it offered (permission options, auth methods).
behaviour.md §3; docs/notes.md §7 (E1b, E2b, E3b) has the reasoning behind each row.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

from acp_compat.models import legacy_wire
from acp_compat.models.current import wire
from acp_compat.models.mapping import (
    FALLBACK_ICON,
    FALLBACK_LEGACY_STATUS,
    ICON_BY_KIND,
    LEGACY_STATUS,
    OPTION_IDS_BY_ALWAYS_OUTCOME,
)

if TYPE_CHECKING:
    from acp_compat.models.legacy import Icon, ToolCallStatus

log = logging.getLogger("acp_compat.translate.downgrade")


def icon_for_kind(kind: Any) -> Icon:
    """The legacy icon for a current tool kind; none or an unknown one → ``hammer``."""
    return ICON_BY_KIND.get(kind, FALLBACK_ICON) if isinstance(kind, str) else FALLBACK_ICON


def legacy_status(status: Any) -> ToolCallStatus:
    """The legacy status for a current one; anything unknown counts as still running."""
    if isinstance(status, str):
        return LEGACY_STATUS.get(status, FALLBACK_LEGACY_STATUS)
    return FALLBACK_LEGACY_STATUS


def confirmation_for(kind: Any, title: str, raw_input: Any) -> dict[str, Any]:
    """The legacy confirmation variant for a permission request, from its kind and rawInput."""
    raw = raw_input if isinstance(raw_input, dict) else {}
    if kind == "execute":
        command = _command(raw.get("command")) or title
        root = raw.get("rootCommand")
        if not isinstance(root, str):
            words = command.split()
            root = words[0] if words else ""
        return legacy_wire.execute_confirmation(command=command, root_command=root)
    if kind in ("edit", "delete", "move"):
        return legacy_wire.edit_confirmation()
    if kind == "fetch":
        return legacy_wire.fetch_confirmation(urls=_urls(raw))
    return legacy_wire.other_confirmation(description=title)


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


def outcome_for(legacy_outcome: Any, options: list[dict[str, Any]]) -> dict[str, Any]:
    """The ``RequestPermissionOutcome`` for the legacy client's answer.

    Never widens what the user granted: an ``allow`` with no ``allow_once`` on offer,
    or an unknown outcome, becomes ``cancelled`` rather than an always-allow.
    """
    if not isinstance(legacy_outcome, str):
        log.warning("legacy confirmation outcome %.100r: answering cancelled", legacy_outcome)
        return wire.cancelled_permission_outcome()
    if legacy_outcome == "allow":
        chosen = _first(options, "allow_once")
    elif legacy_outcome in OPTION_IDS_BY_ALWAYS_OUTCOME:
        ids = OPTION_IDS_BY_ALWAYS_OUTCOME[legacy_outcome]
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
        return wire.cancelled_permission_outcome()
    return wire.selected_permission_outcome(option_id=chosen["optionId"])


def _first(options: list[dict[str, Any]], kind: str) -> dict[str, Any] | None:
    """The first option of ``kind``."""
    return next((o for o in options if o.get("kind") == kind), None)


def well_formed_options(options: Any) -> list[dict[str, Any]]:
    """The permission options that have a string ``optionId`` (others cannot be chosen)."""
    if not isinstance(options, list):
        return []
    return [o for o in options if isinstance(o, dict) and isinstance(o.get("optionId"), str)]


def agent_run_method(agent_info: dict[str, Any]) -> str | None:
    """The first advertised method the agent runs itself.

    ``terminal`` methods need an interactive terminal and ``env_var`` methods a variable
    the user must set: neither can be started from a legacy client's login button. A
    ``type`` this code does not know is skipped too: nothing says the agent runs it
    (``--auth-method`` can still name it).
    """
    methods = agent_info.get("authMethods")
    for method in methods if isinstance(methods, list) else []:
        if (
            isinstance(method, dict)
            and isinstance(method.get("id"), str)
            and method.get("type", "agent") == "agent"
        ):
            return str(method["id"])
    return None


def offered_methods(agent_info: dict[str, Any]) -> str:
    """The advertised auth methods as ``id (type)``, for an error message."""
    methods = agent_info.get("authMethods")
    listed = [
        f"{method.get('id')} ({method.get('type', 'agent')})"
        for method in (methods if isinstance(methods, list) else [])
        if isinstance(method, dict)
    ]
    return "offered: " + (", ".join(listed) if listed else "none")
