"""``session/update`` notifications → legacy requests to the client.

Chunks become ``streamAssistantMessageChunk``; tool calls go to :mod:`.tool_calls`;
plans become ``updatePlan`` (clients ≥ 0.0.10) or a "Plan" card; a ``notice`` becomes a
text chunk the user reads; updates legacy has no equivalent for are dropped (logged at
debug), and kinds of the newest schema that a legacy client cannot show (compaction) are
logged once each, at info.
"""

from __future__ import annotations

import logging
import re
from typing import Any

from acp_compat.models import legacy_wire
from acp_compat.models.mapping import notice_text

from .content import plan_entries, render_block
from .outbox import ClientOutbox
from .tool_calls import Notice, ToolCallRelay

log = logging.getLogger("acp_compat.translate.downgrade")

DROPPED_UPDATES = frozenset(
    {
        "user_message_chunk",
        "available_commands_update",
        "current_mode_update",
        "config_option_update",
        "session_info_update",
        "usage_update",
    }
)


UNSHOWN_UPDATES = frozenset({"compaction_update", "compaction_summary_chunk"})
"""Kinds of the newest v1 schema with nothing a legacy client could show for them: a
context compaction is the agent's own bookkeeping, tracked by id and patched in place."""


def has_update_plan(client_version: str | None) -> bool:
    """Whether a legacy client of this version knows ``updatePlan`` (0.0.10 and later)."""
    match = re.match(r"^(\d+)\.(\d+)\.(\d+)", client_version or "")
    return match is not None and (int(match[1]), int(match[2]), int(match[3])) >= (0, 0, 10)


_CHUNK_SENT = Notice("streamAssistantMessageChunk")
"""The context of every chunk request: shared, as chunks are the hot path."""


def queue_chunk(outbox: ClientOutbox, chunk: dict[str, Any]) -> None:
    """Queue one ``streamAssistantMessageChunk`` carrying ``chunk`` (text or thought)."""
    params = legacy_wire.stream_assistant_message_chunk_params(chunk=chunk)
    outbox.request("streamAssistantMessageChunk", lambda: params, _CHUNK_SENT)


def route_update(
    update: dict[str, Any],
    outbox: ClientOutbox,
    tools: ToolCallRelay,
    client_version: str | None,
    logged: set[str],
) -> None:
    """Queue what the legacy client is told about one ``session/update``.

    ``logged`` holds the unshown kinds already logged on this connection (updated here).
    """
    kind = update.get("sessionUpdate")
    if not isinstance(kind, str):
        log.debug("dropping a session update whose kind is %.100r", kind)
    elif kind == "agent_message_chunk":
        queue_chunk(
            outbox, legacy_wire.text_assistant_chunk(text=render_block(update.get("content")))
        )
    elif kind == "agent_thought_chunk":
        thought = render_block(update.get("content"))
        queue_chunk(outbox, legacy_wire.thought_assistant_chunk(thought=thought))
    elif kind == "tool_call":
        tools.on_tool_call(update)
    elif kind == "tool_call_update":
        tools.on_tool_call_update(update)
    elif kind == "plan":
        if has_update_plan(client_version):
            plan = legacy_wire.update_plan_params(entries=plan_entries(update.get("entries")))
            outbox.request("updatePlan", lambda: plan, Notice("updatePlan"))
        else:
            tools.on_plan_card(update.get("entries"))
    elif kind == "notice":
        queue_chunk(outbox, legacy_wire.text_assistant_chunk(text=notice_text(update)))
    elif kind in UNSHOWN_UPDATES:
        if kind not in logged:
            logged.add(kind)
            log.info("dropping %s updates: a legacy client cannot show them", kind)
    elif kind in DROPPED_UPDATES:
        log.debug("dropping a %s update: legacy clients have no equivalent", kind)
    else:
        log.debug("dropping an unknown session update %r", kind)
