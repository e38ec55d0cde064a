"""Current tool calls, permission requests and plans → legacy tool-call cards.

A legacy client shows one card per ``pushToolCall`` / ``requestToolCallConfirmation`` and
hands out its id; every later ``updateToolCall`` must carry that id and, because legacy
replaces both, the full status and content. :class:`ToolCallRelay` keeps one
:class:`~.outbox.ToolCard` per current ``toolCallId`` for that.

A ``tool_call`` in status ``pending`` usually announces a permission request for the same
call (native Gemini and the TypeScript SDK's example agent do that). It is held back until
the session's next message, so the two become one ``requestToolCallConfirmation`` card
instead of a running card plus a second confirmation card.
"""

from __future__ import annotations

import logging
from typing import Any

import attrs

from acp_compat._define import define, frozen
from acp_compat.jsonrpc import messages as rpc
from acp_compat.models import legacy_wire
from acp_compat.models.current import wire
from acp_compat.models.mapping import CURRENT_FINAL_STATUSES
from acp_compat.translate.lifecycle import ToolCalls

from .content import legacy_locations, merge_content, plan_checklist, plan_entries
from .legacy_meta import LegacyHints, legacy_hints
from .mapping import (
    confirmation_for,
    icon_for_kind,
    legacy_status,
    outcome_for,
    well_formed_options,
)
from .outbox import ClientOutbox, ForAgent, ToolCard

log = logging.getLogger("acp_compat.translate.downgrade")


@frozen
class Notice:
    """Context of a client-bound request whose answer only needs checking (immutable, so
    one instance may serve many requests)."""

    method: str


@define(eq=False)
class Assign:
    """Context of a ``pushToolCall``: its answer carries the card's legacy id."""

    card: ToolCard


@define(eq=False)
class Confirm(ForAgent):
    """Context of a ``requestToolCallConfirmation`` made for an agent permission request."""

    card: ToolCard = attrs.field(kw_only=True)
    options: list[dict[str, Any]] = attrs.field(kw_only=True)


def _given(fields: dict[str, Any]) -> dict[str, Any]:
    """The members a tool call or update sets: v1's are optional and nullable (only the
    changed ones are sent), so a ``null`` one changes nothing, as if left out."""
    return {key: value for key, value in fields.items() if value is not None}


def _title(fields: dict[str, Any]) -> str:
    """A card label: the call's title, or a generic one when it has none."""
    title = fields.get("title")
    return title if isinstance(title, str) else "Tool call"


class ToolCallRelay:
    """Tool-call cards, the held pending call, permission requests and the plan card."""

    def __init__(self, outbox: ClientOutbox) -> None:
        self._outbox = outbox
        self._cards: ToolCalls[ToolCard] = ToolCalls()
        """The turn's cards by current id: its open calls and its recently ended ones (a
        long turn's older ended calls are forgotten: an update of one pushes a new card)."""
        self._held: dict[str, Any] | None = None
        self._plan_card: ToolCard | None = None
        self._permissions: list[Confirm] = []
        """Confirmations asked for and not answered yet, in order."""

    # -- tool_call / tool_call_update ------------------------------------------------------

    def on_tool_call(self, update: dict[str, Any]) -> None:
        """A ``tool_call`` session update."""
        update = _given(update)
        tool_call_id = update.get("toolCallId")
        if not isinstance(tool_call_id, str):
            log.warning("dropping a tool_call without a string toolCallId")
            return
        if update.get("status") == "pending":
            self.release_held()
            self._held = update
            return
        self._show(update)

    def _show(self, tool_call: dict[str, Any]) -> None:
        """Push a ``tool_call`` new to the client, or update the card it restates."""
        card = self._cards.get(tool_call["toolCallId"], None)
        if card is None or card.abandoned:
            card = self._push(tool_call)
            status = tool_call.get("status")
            if isinstance(status, str) and status in CURRENT_FINAL_STATUSES:
                self._update(card, tool_call)
        else:
            # A repeated tool_call for a known id of this turn restates the call.
            self._update(card, tool_call)

    def on_tool_call_update(self, update: dict[str, Any]) -> None:
        """A ``tool_call_update`` session update."""
        update = _given(update)
        tool_call_id = update.get("toolCallId")
        if not isinstance(tool_call_id, str):
            log.warning("dropping a tool_call_update without a string toolCallId")
            return
        if self._held is not None and self._held.get("toolCallId") == tool_call_id:
            self.release_held()
        card = self._cards.get(tool_call_id, None)
        if card is None:
            # The legacy client has never seen this call: show it, then its state.
            card = self._push(update)
            self._update(card, update)
        elif card.abandoned:
            log.debug("dropping an update for tool call %s, whose card is gone", tool_call_id)
        elif "status" not in update and "content" not in update:
            log.debug("tool call %s: title/kind/locations changes cannot be shown", tool_call_id)
        else:
            self._update(card, update)

    def release_held(self) -> None:
        """Push the held pending call, if any: the next message was not its permission."""
        held, self._held = self._held, None
        if held is not None:
            self._show(held)

    def _push(self, fields: dict[str, Any]) -> ToolCard:
        """Queue a ``pushToolCall`` for a call new to the client, and track its card."""
        hints = legacy_hints(fields)
        card = self._new_card(fields, hints)
        params = self._card_params(card, fields, hints)
        pushed = legacy_wire.push_tool_call_params(**params)
        self._outbox.request("pushToolCall", lambda: pushed, Assign(card))
        return card

    def _new_card(
        self, fields: dict[str, Any], hints: LegacyHints, earlier: ToolCard | None = None
    ) -> ToolCard:
        """Track a card the client is about to be shown for the call ``fields`` describe."""
        card = ToolCard(
            str(fields["toolCallId"]),
            title=_title(fields),
            kind=fields.get("kind"),
            content=_content(fields, hints),
            earlier=earlier,
        )
        self._cards.keep(card.tool_call_id, card, ended=False)
        return card

    def _update(self, card: ToolCard, update: dict[str, Any]) -> None:
        """Queue an ``updateToolCall`` with the last status and content filled in."""
        if "status" in update:
            card.status = legacy_status(update.get("status"))
        if "content" in update:
            card.content = _content(update, legacy_hints(update))
        self._cards.keep(card.tool_call_id, card, ended=card.status != "running")
        self._queue_update(card)
        earlier = card.earlier
        while earlier is not None:
            earlier.status, earlier.content = card.status, card.content
            self._queue_update(earlier)
            earlier = earlier.earlier

    def _queue_update(self, card: ToolCard) -> None:
        """Queue an ``updateToolCall`` carrying the card's current state."""
        status, content = card.status, card.content

        def build() -> dict[str, Any] | None:
            if card.abandoned or card.legacy_id is None:
                log.debug("dropping an update for tool call %s: no legacy id", card.tool_call_id)
                return None
            return legacy_wire.update_tool_call_params(
                tool_call_id=card.legacy_id, status=status, content=content
            )

        self._outbox.request("updateToolCall", build, Notice("updateToolCall"), waits_for=card)

    @staticmethod
    def _card_params(card: ToolCard, fields: dict[str, Any], hints: LegacyHints) -> dict[str, Any]:
        """The arguments of a push or confirmation's builder: label, icon, content,
        locations (present, even empty, when the agent sent them, as legacy agents did)."""
        locations = fields.get("locations")
        return dict(
            label=card.title,
            icon=hints.icon or icon_for_kind(card.kind),
            content=card.content,
            locations=legacy_locations(locations) if isinstance(locations, list) else None,
        )

    # -- answers from the client -----------------------------------------------------------

    def assigned(self, context: Assign | Confirm, result: Any) -> None:
        """The client answered the ``pushToolCall`` or ``requestToolCallConfirmation`` of
        ``context.card`` (``result`` ``None`` for an error): the card's legacy id."""
        legacy_id = result.get("id") if isinstance(result, dict) else None
        if isinstance(legacy_id, int) and not isinstance(legacy_id, bool):
            context.card.legacy_id = legacy_id
            return
        if isinstance(context, Assign):
            log.warning(
                "the client gave tool call %s no id (%r); its updates are dropped",
                context.card.tool_call_id,
                result,
            )
        self._abandon(context.card)

    def _abandon(self, card: ToolCard) -> None:
        """The client will never hear of ``card`` again: later updates of its call go to
        the card it superseded, if that one is still shown."""
        card.abandoned = True
        if self._cards.get(card.tool_call_id, None) is card and card.earlier is not None:
            self._cards.keep(card.tool_call_id, card.earlier, ended=None)

    # -- permission requests ---------------------------------------------------------------

    def on_permission(self, request_id: rpc.RequestId, params: dict[str, Any]) -> None:
        """A ``session/request_permission`` (its ``toolCall.toolCallId`` checked): queue
        one ``requestToolCallConfirmation``."""
        tool_call: dict[str, Any] = params["toolCall"]  # checked by the caller
        tool_call_id: str = tool_call["toolCallId"]
        base: dict[str, Any] = {}
        earlier: ToolCard | None = None
        if self._held is not None and self._held.get("toolCallId") == tool_call_id:
            base, self._held = self._held, None
        else:
            self.release_held()
            known = self._cards.get(tool_call_id, None)
            if known is not None and not known.abandoned:
                base = wire.tool_call_update(
                    tool_call_id=tool_call_id, title=known.title, kind=known.kind
                )
                earlier = known
        fields = {**base, **_given(tool_call)}
        fields["toolCallId"] = tool_call_id
        hints = legacy_hints(fields)
        # A confirmation makes a new card on the legacy side: later updates go to it.
        card = self._new_card(fields, hints, earlier)
        params_out = legacy_wire.request_tool_call_confirmation_params(
            **self._card_params(card, fields, hints),
            confirmation=hints.confirmation
            or confirmation_for(card.kind, card.title, fields.get("rawInput")),
        )
        if card.content is None:
            # Left out, as in a push: the builder writes null, as Gemini sends it.
            del params_out["content"]
        context = Confirm(request_id, card=card, options=well_formed_options(params.get("options")))
        self._permissions.append(context)

        def build() -> dict[str, Any] | None:
            if context.dropped:
                # Answered before it was even sent: the card will never get an id.
                return None
            return params_out

        self._outbox.request("requestToolCallConfirmation", build, context)

    def confirmed(self, context: Confirm, result: Any) -> rpc.Message | None:
        """The client answered a confirmation (``result`` ``None`` for an error).

        Returns the answer for the agent, or ``None`` when it was already answered.
        """
        if context in self._permissions:
            self._permissions.remove(context)  # Confirm compares by identity
        if context.dropped:
            log.debug("dropping the late answer to a cancelled confirmation: %r", result)
            return None
        self.assigned(context, result)
        if result is None:
            log.warning("the client failed a confirmation; answering the agent cancelled")
            outcome = wire.cancelled_permission_outcome()
        else:
            outcome = outcome_for(
                result.get("outcome") if isinstance(result, dict) else None, context.options
            )
        return rpc.result(
            context.agent_request_id, wire.request_permission_response(outcome=outcome)
        )

    def drop_permissions(self) -> list[Confirm]:
        """Forget open permission requests without answering them (returned).

        Their cards never get a legacy id (the client's late answers are dropped).
        """
        dropped = list(self._permissions)
        for context in dropped:
            self.drop_permission(context)
        return dropped

    def drop_permission(self, context: Confirm) -> None:
        """Forget one open permission request (answered already, or cancelled by the
        agent): the client's late answer is dropped, and the card is not sent if it is
        still queued."""
        if context in self._permissions:
            self._permissions.remove(context)  # Confirm compares by identity
        context.dropped = True
        self._abandon(context.card)

    # -- plans -----------------------------------------------------------------------------

    def new_turn(self) -> None:
        """A new turn starts: its calls and its plan get cards of their own.

        Agents may reuse tool call ids from turn to turn (the TypeScript SDK's example
        agent does); a new turn's call must not update a card of an earlier turn.
        """
        self._plan_card = None
        self._cards.clear()

    def end_turn(self) -> None:
        """The turn is over: a held pending call is shown (its card belongs to the turn,
        before the turn's answer), and a plan card still running is finished (its
        checklist shows what got done), so the legacy client is not left with a spinner
        for ever."""
        self.release_held()
        card = self._plan_card
        if card is not None and not card.abandoned and card.status == "running":
            card.status = "finished"
            self._queue_update(card)

    def on_plan_card(self, entries: Any) -> None:
        """A ``plan`` for a client without ``updatePlan``: a "Plan" card, updated in place."""
        legacy_entries = plan_entries(entries)
        content = legacy_wire.markdown_content(markdown=plan_checklist(legacy_entries))
        done = bool(legacy_entries) and all(e["status"] == "completed" for e in legacy_entries)
        card = self._plan_card
        if card is None or card.abandoned:
            card = ToolCard("plan", title="Plan", kind="think", content=content)
            self._plan_card = card
            params = legacy_wire.push_tool_call_params(
                label="Plan", icon="lightBulb", content=content
            )
            self._outbox.request("pushToolCall", lambda: params, Assign(card))
            if not done:
                return
        card.content = content
        card.status = "finished" if done else "running"
        self._queue_update(card)


def _content(fields: dict[str, Any], hints: LegacyHints) -> dict[str, Any] | None:
    """The legacy content of a call: the current content list merged into one value,
    without what the upgrade added and with the diff path it changed put back."""
    return hints.restore_path(merge_content(hints.agent_items(fields.get("content"))))
