"""The upgrade's sessions: one record a v2 session, and a v1 agent's updates as v2 upserts.

A v1 ``session/update`` becomes at most one v2 ``session/update`` (:func:`update_for`),
as behaviour.md §7's mapping says. A message chunk without a ``messageId`` gets the id of
the message being streamed, which any other update ends (a chunk after a tool call is a
new message: shown in one, its text would move above the call); a v1 ``null`` is "not
given" and left out (in v2 it would clear); a kind this relay does not know goes as it
came (v2's union is open).

The chunks are the hot path: a dict in, a dict out, one lookup of the session.
"""

from __future__ import annotations

import logging
from collections import deque
from typing import Any

import attrs

from acp_compat._define import define
from acp_compat.jsonrpc.messages import Message, RequestId, notification
from acp_compat.models.mapping import CURRENT_FINAL_STATUSES
from acp_compat.models.v2 import wire
from acp_compat.translate.lifecycle import SessionLifecycle, ToolCalls

from . import same, to_v2

log = logging.getLogger("acp_compat.translate.v2")

PLAN_ID = "plan"
"""The id of a v1 session's one plan (v2 plans are keyed; v1 has one a session)."""

CHUNK_BUILDERS = {
    "user_message_chunk": wire.user_message_chunk,
    "agent_message_chunk": wire.agent_message_chunk,
    "agent_thought_chunk": wire.agent_thought_chunk,
}
"""The v2 builder of each message chunk kind (the same kinds in v1)."""


@define(eq=False)
class HeldPrompt:
    """A prompt sent while the session's turn runs: inserted when the turn ends (v2 lets
    a client send one; its answer waits until then)."""

    client_id: RequestId
    prompt: list[Any]
    meta: dict[str, Any] | None = None
    """The request's ``_meta``, for the v1 prompt."""


@define(eq=False)
class UpgradeSession:
    """One session as the v2 client knows it."""

    session_id: str
    cwd: str
    lifecycle: SessionLifecycle = attrs.Factory(SessionLifecycle)
    """Its state and turn (:class:`~acp_compat.translate.lifecycle.SessionLifecycle`)."""
    options: list[dict[str, Any]] = attrs.field(factory=list)
    """The agent's config options, in v2 shape, as the client was last told."""
    mode: dict[str, Any] | None = None
    """The ``mode`` select option made of the agent's v1 modes (when it has modes and no
    option of category ``mode``); changed by ``current_mode_update``."""
    modes: Any = None
    """The agent's v1 modes, as it last sent them."""
    message: tuple[str, str] | None = None
    """The message being streamed: its v1 chunk kind and its v2 id."""
    held: deque[HeldPrompt] = attrs.field(factory=deque)
    permissions: set[int] = attrs.field(factory=set)
    """The client ids of this session's open permission requests."""
    titles: ToolCalls[str] = attrs.Factory(ToolCalls)
    """Tool call id → title, for the title v2 wants on a permission request: the turn's
    open calls and its recently ended ones (``lifecycle.ToolCalls``)."""
    hide_updates: bool = False
    """A ``session/load`` stands in for a resume without replay: what it replays is not
    shown."""

    def config_options(self) -> list[dict[str, Any]]:
        """Every config option of the session in v2 shape (the ``mode`` one last)."""
        return [*self.options, self.mode] if self.mode is not None else list(self.options)

    def set_options(self, options: Any, modes: Any) -> None:
        """The agent's v1 ``configOptions`` and ``modes`` (``None``: unchanged)."""
        if options is not None:
            self.options = to_v2.config_options(options)
        if modes is not None:
            self.modes = modes
            self.mode = to_v2.mode_option(modes)
        if self.mode is not None and any(
            option.get("category") == "mode" or option.get("configId") == to_v2.MODE_CONFIG_ID
            for option in self.options
        ):
            # The agent's own mode option says it all; a second one would contradict it.
            self.mode = None

    def set_mode(self, mode_id: str) -> None:
        """The agent's session mode is now ``mode_id``."""
        if self.mode is not None:
            self.mode = to_v2.mode_option(self.modes, mode_id)

    def state(self) -> dict[str, Any]:
        """The ``state_update`` of the session's turn now (``running``, waiting on a
        permission, or idle) as a v2 update."""
        if not self.lifecycle.running:
            return wire.session_idle_state_update()
        if self.permissions:
            return wire.session_requires_action_state_update()
        return wire.session_running_state_update()


def session_update(session_id: str, update: dict[str, Any]) -> Message:
    """The v2 ``session/update`` notification carrying ``update``."""
    return notification(
        "session/update", wire.update_session_notification(session_id=session_id, update=update)
    )


def update_for(
    session: UpgradeSession, update: dict[str, Any], new_id: Any, logged: same.Said
) -> dict[str, Any] | None:
    """The v2 update for a v1 agent's ``update`` in ``session`` (``None``: nothing to
    show). ``new_id()`` makes a message id; ``logged`` holds what was logged once lately."""
    kind = update.get("sessionUpdate")
    build = CHUNK_BUILDERS.get(kind) if isinstance(kind, str) else None
    if build is not None and isinstance(kind, str):
        return _chunk(session, kind, update, new_id, build)
    session.message = None
    if kind == "tool_call" or kind == "tool_call_update":
        if not isinstance(update.get("toolCallId"), str):
            log.warning("ignoring a %s without a toolCallId", kind)
            return None
        call_id, title, status = update["toolCallId"], update.get("title"), update.get("status")
        title = title if isinstance(title, str) else session.titles.get(call_id, "")
        ended = status in CURRENT_FINAL_STATUSES if isinstance(status, str) else None
        if title:
            session.titles.keep(call_id, title, ended)
        return to_v2.tool_call_upsert(update, session_update=True)
    if kind == "plan":
        return to_v2.plan_update(update, PLAN_ID)
    if kind == "current_mode_update":
        mode_id = update.get("currentModeId")
        if session.mode is None or not isinstance(mode_id, str):
            return None  # its config option update says it (or it names nothing)
        session.set_mode(mode_id)
        return wire.config_option_update(config_options=session.config_options())
    if kind == "config_option_update":
        session.set_options(update.get("configOptions") or [], None)
        return wire.config_option_update(
            config_options=session.config_options(), meta=same.meta(update)
        )
    if kind == "available_commands_update":
        commands = [
            c for e in same.objects(update.get("availableCommands")) if (c := to_v2.command(e))
        ]
        return wire.available_commands_update(available_commands=commands, meta=same.meta(update))
    if not isinstance(kind, str):
        log.warning("ignoring a session/update whose sessionUpdate is not a string")
        return None
    if kind in _COMPACTION_CONTENT:
        return _compaction(kind, update)
    if kind not in _SAME_IN_BOTH:
        for said in logged.fresh([f"session update kind {kind!r}"]):
            log.info("passing on %s as it came (a v1 kind v2 may not know)", said)
    return update


_SAME_IN_BOTH = frozenset(
    {
        "session_info_update",
        "usage_update",
        "notice",
        "compaction_update",
        "compaction_summary_chunk",
    }
)
"""v1 update kinds whose v2 shape is the same."""

_COMPACTION_CONTENT = {"compaction_summary_chunk": "content", "compaction_update": "summary"}
"""The compaction updates (the same in v2) and their member of content blocks, one or a
list, which are v2's (:func:`.same.content_block`)."""


def _compaction(kind: str, update: dict[str, Any]) -> dict[str, Any]:
    """A compaction update, its content blocks as v2 takes them."""
    member = _COMPACTION_CONTENT[kind]
    given = update.get(member)
    if isinstance(given, dict):
        blocks: Any = same.content_block(same.V2, given)
    elif isinstance(given, list):
        blocks = [same.content_block(same.V2, b) if isinstance(b, dict) else b for b in given]
    else:
        return update
    return update if blocks == given else {**update, member: blocks}


def _chunk(
    session: UpgradeSession, kind: str, update: dict[str, Any], new_id: Any, build: Any
) -> dict[str, Any] | None:
    """A message chunk with the ``messageId`` of its message."""
    content = update.get("content")
    if not isinstance(content, dict) or not isinstance(content.get("type"), str):
        log.warning("ignoring a %s without a content block", kind)  # v2's blocks are typed
        return None
    message_id = update.get("messageId")
    current = session.message
    if not isinstance(message_id, str):
        continued = current is not None and current[0] == kind
        message_id = current[1] if continued and current is not None else new_id()
    if current is None or current[1] != message_id:
        session.message = (kind, message_id)
    result: dict[str, Any] = build(
        message_id=message_id, content=same.content_block(same.V2, content), meta=same.meta(update)
    )
    return result
