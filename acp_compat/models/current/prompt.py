# generated from the schemas below by acp_compat.models.codegen: do not edit
#   vectors/schemas/current/acp-v1-schema-1.21.0.schema.json
#   vectors/schemas/current/acp-v1-schema-ts-sdk-2.4.0.schema.json
#   vectors/schemas/current/acp-v1-schema-ts-sdk-2.4.0.unstable.schema.json
"""ACP v1 models: the prompt turn: ``session/prompt``, its stop reasons, ``session/cancel``."""

from typing import Any, Literal, TypeAlias

from acp_compat._define import define
from acp_compat.models._base import meta_field
from acp_compat.models.current.content import ContentBlock

StopReason: TypeAlias = Literal[
    "end_turn", "max_tokens", "max_turn_requests", "refusal", "cancelled"
]
"""Reasons why an agent stops processing a prompt turn."""


@define(kw_only=True)
class Usage:
    """**UNSTABLE**

    Unstable.
    """

    total_tokens: int
    """Sum of all token types across session."""
    input_tokens: int
    """Total input tokens across all turns."""
    output_tokens: int
    """Total output tokens across all turns."""
    thought_tokens: int | None = None
    """Total thought/reasoning tokens"""
    cached_read_tokens: int | None = None
    """Total cache read tokens."""
    cached_write_tokens: int | None = None
    """Total cache write tokens."""
    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class PromptResponse:
    """Response from processing a user prompt."""

    stop_reason: StopReason
    """Indicates why the agent stopped processing the turn."""
    usage: Usage | None = None
    """**UNSTABLE**"""
    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class PromptRequest:
    """Request parameters for sending a user prompt to the agent."""

    session_id: str
    """The ID of the session to send this user message to"""
    prompt: list[ContentBlock]
    """The blocks of content that compose the user's message."""
    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class CancelNotification:
    """Notification to cancel ongoing operations for a session."""

    session_id: str
    """The ID of the session to cancel operations for."""
    meta: dict[str, Any] | None = meta_field()
