"""The v2 downgrade's sessions: one record a v1 session, and a v2 agent's upserts as v1
updates.

A v2 ``session/update`` becomes zero or more v1 ones (:func:`updates_for`), as
behaviour.md §7's mapping says: a whole message is its blocks as chunks, the first time
its id is seen, whole or in a chunk (the prompt's own user message, the client's echo, is
not shown again); a tool call's first upsert is a v1 ``tool_call``, its content kept
whole for v1's patches. What v1 cannot show is collected in ``unshown`` and said once in
the log by the translator, never an error; ``state_update`` is the translator's.
"""

from __future__ import annotations

import logging
from typing import Any

import attrs

from acp_compat._define import define
from acp_compat.jsonrpc.messages import Message, notification
from acp_compat.models.current import wire
from acp_compat.models.mapping import CURRENT_FINAL_STATUSES, notice_text
from acp_compat.translate.lifecycle import (
    RECENT_MESSAGE_IDS,
    Recent,
    SessionLifecycle,
    ToolCalls,
)

from . import to_v1
from .same import meta, objects, text

log = logging.getLogger("acp_compat.translate.v2")

CHUNK_BUILDERS = {
    "user_message_chunk": wire.user_message_chunk,
    "agent_message_chunk": wire.agent_message_chunk,
    "agent_thought_chunk": wire.agent_thought_chunk,
}
"""The v1 builder of each message chunk kind."""

WHOLE_MESSAGES = {kind.removesuffix("_chunk"): build for kind, build in CHUNK_BUILDERS.items()}
"""A v2 whole-message upsert → the v1 builder of the chunks its blocks are shown as."""

SAME_IN_BOTH = frozenset({"session_info_update", "usage_update"})
"""v2 update kinds whose v1 shape is the same, in both pinned v1 schemas."""


@define(eq=False)
class DowngradeSession:
    """One session as the v1 client knows it."""

    session_id: str
    lifecycle: SessionLifecycle = attrs.Factory(SessionLifecycle)
    """Its state and turn (:class:`~acp_compat.translate.lifecycle.SessionLifecycle`):
    the turn's prompt is the v1 ``session/prompt`` answered when the agent goes idle."""
    acknowledged: str | None = None
    """The message id the v2 agent answered the prompt with (its user message)."""
    stop: dict[str, Any] | None = None
    """An idle ``state_update`` that came before the prompt's answer: the turn ends
    with it when the answer comes (v2 gives the two no fixed order)."""
    working: bool = False
    """Whether the agent's last ``state_update`` reported foreground work (a state other
    than ``idle``): an idle then ends it, with or without a stop reason."""
    held: bool = False
    """The running prompt was sent while the agent reported work of its own and is not
    inserted yet (no user message, no answer): a v2 agent may hold it until that work
    ends, and the idle that ends it is not the prompt's."""
    tool_calls: ToolCalls[list[dict[str, Any]]] = attrs.Factory(ToolCalls)
    """The calls the client was shown, by id, with their content in v1 shape (v1 replaces
    it whole): the open ones and the recently ended (``lifecycle.ToolCalls``)."""
    shown: Recent[str] = attrs.Factory(lambda: Recent(RECENT_MESSAGE_IDS))
    """The ids of the messages shown, whole or as chunks (a whole-message upsert of one
    of them would replace it in v2; v1 would append it a second time): the last
    :data:`~acp_compat.translate.lifecycle.RECENT_MESSAGE_IDS`."""
    options: list[Any] = attrs.field(factory=list)
    """The agent's config options in v2 shape, as last seen."""

    def replayed(self) -> None:
        """The agent replays the session from its start (a v1 ``session/load``): what the
        client was shown is shown again, as the client asked (its messages once more,
        its tool calls as new ones)."""
        self.shown = Recent(RECENT_MESSAGE_IDS)
        self.tool_calls = ToolCalls()

    def mode(self) -> dict[str, Any] | None:
        """The agent's option that v1 sees as the session's modes."""
        return to_v1.mode_option(self.options)


def session_update(session_id: str, update: dict[str, Any]) -> Message:
    """The v1 ``session/update`` notification carrying ``update``."""
    return notification(
        "session/update", wire.session_notification(session_id=session_id, update=update)
    )


def updates_for(
    session: DowngradeSession, update: dict[str, Any], unshown: set[str]
) -> list[dict[str, Any]]:
    """The v1 updates for a v2 agent's ``update`` in ``session`` (``state_update`` is the
    translator's). What v1 cannot show is added to ``unshown``."""
    kind = update.get("sessionUpdate")
    if not isinstance(kind, str):
        unshown.add("a session update whose kind is not a string")
        return []
    build = CHUNK_BUILDERS.get(kind)
    if build is not None:
        given = update.get("content")
        if not isinstance(given, dict) or (content := to_v1.shown_block(given, unshown)) is None:
            return []
        message_id = text(update, "messageId")
        if kind == "user_message_chunk" and _echo(session, message_id):
            return []
        if message_id is not None:
            session.shown.add(message_id)
        chunk: dict[str, Any] = build(content=content, message_id=message_id, meta=meta(update))
        return [chunk]
    if kind in WHOLE_MESSAGES:
        return _whole_message(session, kind, update, unshown)
    if kind == "tool_call_update" or kind == "tool_call_content_chunk":
        return _tool_call(session, kind, update, unshown)
    if kind == "plan_update":
        plan = update.get("plan")
        if not isinstance(plan, dict) or plan.get("type") != "items":
            unshown.add("plans other than a list of items")
            return []
        return [wire.plan(entries=to_v1.plan_entries(plan), meta=meta(update))]
    if kind == "config_option_update":
        return _config_options(session, update.get("configOptions"), meta(update), unshown)
    if kind == "available_commands_update":
        entries = objects(update.get("availableCommands"))
        commands = [c for e in entries if (c := to_v1.command(e, unshown))]
        return [wire.available_commands_update(available_commands=commands, meta=meta(update))]
    if kind == "notice":
        block = wire.text_content(text=notice_text(update).strip() + "\n\n")
        return [wire.agent_message_chunk(content=block)]
    if kind in SAME_IN_BOTH:
        return [update]
    unshown.add(f"session update {kind!r}")
    return []


def _echo(session: DowngradeSession, message_id: str | None) -> bool:
    """Whether a user message is the echo of the running prompt (the client sent it):
    then the prompt is inserted, no longer :attr:`~DowngradeSession.held`."""
    if not session.lifecycle.running:
        return False
    echo = session.acknowledged is None or message_id == session.acknowledged
    if echo:
        session.held = False
    return echo


def _whole_message(
    session: DowngradeSession, kind: str, update: dict[str, Any], unshown: set[str]
) -> list[dict[str, Any]]:
    """A v2 message upsert: its blocks as v1 chunks, the first time its id is seen."""
    message_id = text(update, "messageId")
    if message_id is None:
        return []
    if kind == "user_message" and _echo(session, message_id):
        session.shown.add(message_id)
        return []
    content = update.get("content")
    if message_id in session.shown:
        if "content" in update:
            unshown.add("a message replaced or cleared (v1 only appends)")
        return []
    if not isinstance(content, list):
        return []
    session.shown.add(message_id)
    build = WHOLE_MESSAGES[kind]
    return [
        build(content=shown, message_id=message_id)
        for block in objects(content)
        if (shown := to_v1.shown_block(block, unshown)) is not None
    ]


def _tool_call(
    session: DowngradeSession, kind: str, update: dict[str, Any], unshown: set[str]
) -> list[dict[str, Any]]:
    """A v2 tool call upsert or content chunk → v1 ``tool_call`` (the first of an id) or
    ``tool_call_update``."""
    call_id = text(update, "toolCallId")
    if call_id is None:
        return []
    if kind == "tool_call_content_chunk":
        item = update.get("content")
        added = to_v1.tool_call_content([item], unshown) if isinstance(item, dict) else []
        fields = to_v1.ToolCallFields(content=[*session.tool_calls.get(call_id, []), *added])
    else:
        fields = to_v1.tool_call_fields(update, unshown)
    known = call_id in session.tool_calls
    status = fields.get("status")
    ended = None if status is None else status in CURRENT_FINAL_STATUSES
    session.tool_calls.keep(
        call_id, fields.get("content", session.tool_calls.get(call_id, [])), ended
    )
    if known:
        return [wire.tool_call_progress(tool_call_id=call_id, meta=meta(update), **fields)]
    fields["title"] = fields.get("title") or fields.get("name") or "Tool call"
    return [wire.tool_call(tool_call_id=call_id, meta=meta(update), **fields)]


def _config_options(
    session: DowngradeSession, options: Any, extra_meta: dict[str, Any] | None, unshown: set[str]
) -> list[dict[str, Any]]:
    """v2 config options → v1 ``config_option_update``, and ``current_mode_update`` when
    the mode option changed value."""
    before = session.mode()
    session.options = objects(options)
    after = session.mode()
    out = [
        wire.config_option_update(
            config_options=to_v1.config_options(session.options, unshown), meta=extra_meta
        )
    ]
    current = text(after, "currentValue") if after is not None else None
    if current is not None and (before is None or text(before, "currentValue") != current):
        out.append(wire.current_mode_update(current_mode_id=current))
    return out
