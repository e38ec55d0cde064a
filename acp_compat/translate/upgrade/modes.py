"""The modes a wrapped legacy agent's sessions offer, kept by the relay (behaviour.md §2,
"Modes, kept by the relay", says what each does and why).

A legacy agent has no modes: it asks ``requestToolCallConfirmation`` before each action
that needs approval. Each session has a :class:`Mode` (a field of its record, first
:attr:`.options.UpgradeOptions.default_mode`), and :data:`DECISIONS`, one table, says what
each mode does with each kind of confirmation: ask the user, or answer the agent itself.
Both forms the modes are offered in (``modes`` and a select config option of category
``mode``) are built here from :data:`MODES`, so they list the same modes in the same order.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from typing import Any, Final

from acp_compat._define import frozen
from acp_compat.models.current import wire


class Mode(enum.Enum):
    """A session's mode; the value is its id on the wire (camelCase, as the protocol's own)."""

    ASK = "ask"
    ACCEPT_EDITS = "acceptEdits"
    ACCEPT_ALL = "acceptAll"
    READ_ONLY = "readOnly"


DEFAULT_MODE: Final = Mode.ASK
"""A new session's mode: every confirmation goes to the user, as without modes."""


class Decision(enum.Enum):
    """What the relay does with one confirmation; the value of an answer is the legacy
    outcome it sends the agent."""

    ASK_USER = "askUser"
    ALLOW = "allow"
    REJECT = "reject"


# confirmation types: written by acp_compat.models.codegen, do not edit
CONFIRMATION_TYPES: Final = ("edit", "execute", "mcp", "fetch", "other")
"""The legacy ``ToolCallConfirmation`` types (its ``type`` tags)."""
# end of confirmation types

_ASK, _ALLOW, _REJECT = Decision.ASK_USER, Decision.ALLOW, Decision.REJECT

DECISIONS: Final[Mapping[Mode, Mapping[str, Decision]]] = {
    Mode.ASK: dict.fromkeys(CONFIRMATION_TYPES, _ASK),
    Mode.ACCEPT_EDITS: {**dict.fromkeys(CONFIRMATION_TYPES, _ASK), "edit": _ALLOW},
    Mode.ACCEPT_ALL: dict.fromkeys(CONFIRMATION_TYPES, _ALLOW),
    Mode.READ_ONLY: dict.fromkeys(CONFIRMATION_TYPES, _REJECT),
}
"""Mode → confirmation type → what the relay does: the whole behaviour of the modes."""


@frozen
class ModeInfo:
    """What a user reads about a mode in the editor's picker."""

    name: str
    description: str


MODES: Final[Mapping[Mode, ModeInfo]] = {
    Mode.ASK: ModeInfo("Ask", "Asks you before every edit, command, fetch or tool"),
    Mode.ACCEPT_EDITS: ModeInfo(
        "Accept edits", "Makes file edits without asking; asks before commands and other tools"
    ),
    Mode.ACCEPT_ALL: ModeInfo("Accept all", "Runs every edit, command, fetch and tool unasked"),
    Mode.READ_ONLY: ModeInfo(
        "Read only", "Refuses every edit, command, fetch or tool that would need your approval"
    ),
}
"""Every mode, in the order the picker lists them."""

MODE_CONFIG_ID: Final = "mode"
"""The id of the config option that stands for the mode."""

_BY_ID: Final = {mode.value: mode for mode in Mode}


def decision(mode: Mode, confirmation_type: str) -> Decision:
    """What a session in ``mode`` does with a confirmation of ``confirmation_type``."""
    return DECISIONS[mode][confirmation_type]


def mode_named(mode_id: object) -> Mode | None:
    """The mode whose id is ``mode_id``, if any."""
    return _BY_ID.get(mode_id) if isinstance(mode_id, str) else None


def offered() -> str:
    """The mode ids, for an error message naming what a session offers."""
    return ", ".join(mode.value for mode in MODES)


def mode_state(current: Mode) -> dict[str, Any]:
    """The ``SessionModeState`` of a session in mode ``current``."""
    available = [
        wire.session_mode(id=mode.value, name=info.name, description=info.description)
        for mode, info in MODES.items()
    ]
    return wire.session_mode_state(current_mode_id=current.value, available_modes=available)


def config_options(current: Mode) -> list[dict[str, Any]]:
    """Every config option of a session in mode ``current``: the mode, as a select."""
    values = [
        wire.session_config_select_option(
            value=mode.value, name=info.name, description=info.description
        )
        for mode, info in MODES.items()
    ]
    mode_option = wire.session_config_select(
        id=MODE_CONFIG_ID,
        name="Mode",
        description="How much the agent asks before it acts",
        category="mode",
        current_value=current.value,
        options=values,
    )
    return [mode_option]


def new_session_result(session_id: str, current: Mode) -> dict[str, Any]:
    """The ``session/new`` result: the session's id, and its modes offered both ways."""
    return wire.new_session_response(
        session_id=session_id, modes=mode_state(current), config_options=config_options(current)
    )


def mode_updates(current: Mode) -> tuple[dict[str, Any], dict[str, Any]]:
    """The two ``session/update`` objects saying a session is now in mode ``current``:
    ``current_mode_update`` and ``config_option_update``, so a client following either
    form stays in step."""
    return (
        wire.current_mode_update(current_mode_id=current.value),
        wire.config_option_update(config_options=config_options(current)),
    )


def relay_answer_meta(current: Mode, outcome: str) -> dict[str, str]:
    """``_meta.acpCompat.permission`` of a tool call whose confirmation the relay answered
    with the legacy ``outcome`` (``cancel`` when the turn was cancelled)."""
    return {"answeredBy": "relay", "mode": current.value, "outcome": outcome}
