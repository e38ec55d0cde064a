"""The tables between the two protocols' vocabularies, for both directions.

One place for every fixed correspondence the translators use: legacy icon ↔ current tool
kind, legacy ↔ current tool-call statuses, legacy confirmation outcomes ↔ current
permission options, and the protocol versions. (How an agent process ended, in words,
is :mod:`acp_compat.translate.exits`.)
The value sets come from the model types themselves (:data:`acp_compat.models.legacy.Icon`
and friends): :func:`check_tables` compares every table with them, and the test suite runs
it, so a table cannot silently miss or invent a value. It is not run at import: the
translators import these tables at startup, and the model modules it needs cost startup
time before the editor's ``initialize`` is answered (benchmarks/README.md).

behaviour.md §2 (upgrade) and §3 (downgrade) give each row; docs/notes.md §7 the reasoning.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final, get_args

from acp_compat._lazy import lazy_module

if TYPE_CHECKING:
    from acp_compat.models import legacy as _legacy
    from acp_compat.models.current import permission as _permission
    from acp_compat.models.current import tools as _tools
    from acp_compat.models.v2 import tools as _v2_tools
else:
    # For check_tables only: the module docstring says why they are not loaded at import.
    _legacy = lazy_module("acp_compat.models.legacy")
    _permission = lazy_module("acp_compat.models.current.permission")
    _tools = lazy_module("acp_compat.models.current.tools")
    _v2_tools = lazy_module("acp_compat.models.v2.tools")

# --------------------------------------------------------------------------- versions

LEGACY_PROTOCOL_VERSION: Final = "0.0.9"
"""The legacy version acp-compat announces to a legacy agent (and answers a legacy client)."""

CURRENT_PROTOCOL_VERSION: Final = 1
"""The current protocol's version number."""

V2_PROTOCOL_VERSION: Final = 2
"""The v2 draft's version number (the TypeScript SDK 2.4.0's; experimental)."""

# --------------------------------------------------------------------------- icons and kinds

KIND_BY_ICON: Final[dict[str, str]] = {
    "fileSearch": "search",
    "folder": "search",
    "globe": "search",
    "regex": "search",
    "pencil": "edit",
    "terminal": "execute",
    "lightBulb": "think",
    "hammer": "other",
}
"""Upgrade: legacy icon → current tool kind (Zed's fixed table)."""

LEGACY_ICONS: Final = frozenset(KIND_BY_ICON)
"""Every icon a legacy peer knows (:data:`acp_compat.models.legacy.Icon`): the icons
:data:`KIND_BY_ICON` maps, every one."""

ICON_BY_KIND: Final[dict[str, _legacy.Icon]] = {
    "read": "fileSearch",
    "search": "fileSearch",
    "edit": "pencil",
    "delete": "pencil",
    "move": "pencil",
    "execute": "terminal",
    "think": "lightBulb",
    "switch_mode": "lightBulb",
    "fetch": "globe",
    "other": "hammer",
}
"""Downgrade: current tool kind → legacy icon."""

FALLBACK_ICON: Final[_legacy.Icon] = "hammer"
"""Downgrade: the icon of a call with no kind or a kind newer than this table."""

# --------------------------------------------------------------------------- statuses

CURRENT_STATUS: Final[dict[str, _tools.ToolCallStatus]] = {
    "running": "in_progress",
    "finished": "completed",
    "error": "failed",
}
"""Upgrade: legacy ``updateToolCall`` status → current tool-call status."""

LEGACY_STATUS: Final[dict[str, _legacy.ToolCallStatus]] = {
    # Legacy has no "pending": a call the client shows is running until it ends.
    "pending": "running",
    "in_progress": "running",
    "completed": "finished",
    "failed": "error",
}
"""Downgrade: current tool-call status → legacy status."""

FALLBACK_LEGACY_STATUS: Final[_legacy.ToolCallStatus] = "running"
"""Downgrade: an unknown current status counts as still running."""

CURRENT_FINAL_STATUSES: Final = frozenset({"completed", "failed"})
"""Current statuses after which a tool call changes no more."""

V2_FINAL_STATUSES: Final = CURRENT_FINAL_STATUSES | {"cancelled"}
"""v2 statuses after which a tool call has ended (v2 adds ``cancelled``; a later upsert
may still patch it)."""

LEGACY_FINAL_STATUSES: Final = frozenset(LEGACY_STATUS[status] for status in CURRENT_FINAL_STATUSES)
"""Legacy statuses after which a tool call changes no more (``finished``, ``error``): the
legacy names of :data:`CURRENT_FINAL_STATUSES`."""

# --------------------------------------------------------------------------- outcomes and options

OPTION_KIND_BY_OUTCOME: Final[dict[str, _permission.PermissionOptionKind]] = {
    "allow": "allow_once",
    "alwaysAllow": "allow_always",
    "alwaysAllowMcpServer": "allow_always",
    "alwaysAllowTool": "allow_always",
    "reject": "reject_once",
}
"""Upgrade: the kind of the permission option standing for a legacy outcome (its
``optionId`` is the outcome itself); ``cancel`` is the ``cancelled`` outcome, not an option."""

OPTION_NAME_BY_OUTCOME: Final[dict[str, str]] = {
    "allow": "Allow",
    "reject": "Reject",
}
"""Upgrade: the fixed option names (the "always" options name what they allow)."""

OPTION_IDS_BY_ALWAYS_OUTCOME: Final[dict[str, tuple[str, ...]]] = {
    "alwaysAllow": ("alwaysAllow", "proceed_always"),
    "alwaysAllowMcpServer": ("alwaysAllowMcpServer", "proceed_always_server"),
    "alwaysAllowTool": ("alwaysAllowTool", "proceed_always_tool"),
}
"""Downgrade: option ids that mean a given "always" outcome: the legacy name (what the
upgrade translator offers) and Gemini's native ``ToolConfirmationOutcome`` value."""

REJECTING_OUTCOMES: Final = frozenset({"reject", "cancel"})
"""Legacy outcomes after which a legacy agent sends nothing more for the call."""

# --------------------------------------------------------------------------- notices

NOTICE_WORDS: Final = {"info": "Note", "warning": "Warning", "error": "Error"}
"""A session notice's severity → the word its text starts with (``Notice`` otherwise)."""


def notice_text(update: dict[str, Any]) -> str:
    """A ``notice`` session update (newer v1, v2) as a markdown paragraph of its own, for
    a client that cannot show notices (legacy, older v1): severity, title, description."""
    severity = update.get("severity")
    word = NOTICE_WORDS.get(severity, "Notice") if isinstance(severity, str) else "Notice"
    title = update.get("title")
    description = update.get("description")
    text = f"**{word}:** {title if isinstance(title, str) else ''}".rstrip()
    if isinstance(description, str) and description:
        text += f"\n\n{description}"
    return f"\n\n{text}\n\n"


# --------------------------------------------------------------------------- checks


def check_tables() -> None:
    """Raise :class:`AssertionError` unless every table covers exactly the values of the
    model types it maps."""
    icons = set(get_args(_legacy.Icon))
    legacy_statuses = set(get_args(_legacy.ToolCallStatus))
    current_statuses = set(get_args(_tools.ToolCallStatus))
    outcomes = set(get_args(_legacy.ToolCallConfirmationOutcome))
    checks = [
        (frozenset(KIND_BY_ICON), icons, "KIND_BY_ICON keys"),
        (set(KIND_BY_ICON.values()) | set(ICON_BY_KIND), _tools.TOOL_KIND_VALUES, "tool kinds"),
        (set(ICON_BY_KIND.values()) | icons, icons, "ICON_BY_KIND values"),
        ({FALLBACK_ICON} | icons, icons, "FALLBACK_ICON"),
        (set(CURRENT_STATUS), legacy_statuses, "CURRENT_STATUS keys"),
        (set(CURRENT_STATUS.values()) | {"pending"}, current_statuses, "CURRENT_STATUS values"),
        (set(LEGACY_STATUS), current_statuses, "LEGACY_STATUS keys"),
        (set(LEGACY_STATUS.values()), legacy_statuses, "LEGACY_STATUS values"),
        (CURRENT_FINAL_STATUSES | current_statuses, current_statuses, "CURRENT_FINAL_STATUSES"),
        (
            V2_FINAL_STATUSES | _v2_tools.TOOL_CALL_STATUS_VALUES,
            _v2_tools.TOOL_CALL_STATUS_VALUES,
            "V2_FINAL_STATUSES",
        ),
        (
            {CURRENT_STATUS[status] for status in LEGACY_FINAL_STATUSES},
            set(CURRENT_FINAL_STATUSES),
            "LEGACY_FINAL_STATUSES",
        ),
        (set(OPTION_KIND_BY_OUTCOME) | {"cancel"}, outcomes, "OPTION_KIND_BY_OUTCOME keys"),
        (
            set(OPTION_KIND_BY_OUTCOME.values()) | {"reject_always"},
            set(get_args(_permission.PermissionOptionKind)),
            "option kinds",
        ),
    ]
    for found, expected, what in checks:
        if found != expected:
            raise AssertionError(f"{what}: {sorted(found)} != {sorted(expected)}")
