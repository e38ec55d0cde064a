"""The prompt turn: ``session/prompt``, its stop reasons, and the ``session/cancel`` notification.

``StopReason`` is closed: its five values are unchanged since the first v1 schema, the
schema gives no default for it, and both translators act on each value.
"""

from typing import Any, Literal

from acp_compat._define import define
from acp_compat.models._base import meta_field
from acp_compat.models.current.content import ContentBlock

StopReason = Literal["end_turn", "max_tokens", "max_turn_requests", "refusal", "cancelled"]
"""Why a prompt turn ended."""


@define(kw_only=True)
class PromptRequest:
    """``session/prompt`` params: the user's message as content blocks."""

    session_id: str
    prompt: list[ContentBlock]
    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class PromptResponse:
    """``session/prompt`` result: why the turn ended."""

    stop_reason: StopReason
    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class CancelNotification:
    """``session/cancel`` params: stop the session's running turn (a notification)."""

    session_id: str
    meta: dict[str, Any] | None = meta_field()
