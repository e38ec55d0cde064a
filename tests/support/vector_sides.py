"""Which protocol each side of a conversation vector speaks, by its ``translator``.

One table for the runners (tests/vectors): a name is one translator, a list of names a
chain of them, the agent's side first (vectors/README.md).
"""

from __future__ import annotations

from typing import Any

from tests.support.schemas import current_errors, legacy_errors, v2_errors

TRANSLATOR_SIDES: dict[str, tuple[str, str]] = {
    "upgrade": ("current", "legacy"),
    "downgrade": ("legacy", "current"),
    "v2-upgrade": ("v2", "current"),
    "v2-downgrade": ("current", "v2"),
}
"""Translator name → (the client's protocol, the agent's protocol)."""


def sides(translator: Any) -> tuple[str, str]:
    """(the client's protocol, the agent's protocol) of a vector's ``translator``."""
    if isinstance(translator, list):
        return TRANSLATOR_SIDES[translator[-1]][0], TRANSLATOR_SIDES[translator[0]][1]
    return TRANSLATOR_SIDES[translator]


def protocol_errors(protocol: str, message: Any, method: str | None) -> list[str]:
    """Schema problems of one message of ``protocol`` (``legacy``, ``current``, ``v2``)."""
    if protocol == "legacy":
        return legacy_errors(message, method)
    if protocol == "v2":
        return v2_errors(message, method)
    return current_errors(message, method)
