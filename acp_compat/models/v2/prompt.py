# generated from the schemas below by acp_compat.models.codegen: do not edit
#   vectors/schemas/v2/acp-v2-draft-ts-sdk-2.4.0.schema.json
#   vectors/schemas/v2/acp-v2-draft-ts-sdk-2.4.0.unstable.schema.json
"""ACP v2 (draft) models: the prompt turn: ``session/prompt`` (answered at once with the user
message's id), ``session/cancel``.
"""

from typing import Any

from acp_compat._define import define
from acp_compat.models._base import meta_field
from acp_compat.models.v2.content import ContentBlock


@define(kw_only=True)
class Usage:
    """**UNSTABLE**

    Unstable.
    """

    total_tokens: int
    """Sum of all token types for the completed work."""
    input_tokens: int
    """Input tokens for the completed work."""
    output_tokens: int
    """Output tokens for the completed work."""
    thought_tokens: int | None = None
    """Thought/reasoning tokens for the completed work."""
    cached_read_tokens: int | None = None
    """Cache read tokens for the completed work."""
    cached_write_tokens: int | None = None
    """Cache write tokens for the completed work."""
    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class PromptResponse:
    """Response acknowledging that a user prompt was inserted into the ACP conversation."""

    message_id: str
    """Identifies the user message inserted into the ACP conversation."""
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
class CancelSessionNotification:
    """Notification to cancel a session's foreground work and its prompts not yet inserted."""

    session_id: str
    """The ID of the session to cancel operations for."""
    meta: dict[str, Any] | None = meta_field()
