"""The ordered stream of messages to the legacy client, held up only by unknown tool ids.

A legacy client assigns tool-call ids itself, in its answer to ``pushToolCall`` or
``requestToolCallConfirmation``; an ``updateToolCall`` cannot be written before that
answer. Everything bound for the client therefore goes through one FIFO: an item that
needs an id still being assigned holds back itself and everything after it, so nothing is
reordered, and the ``sendUserMessage`` result can never overtake its turn's messages.
Request ids are allocated when an item actually leaves, so they count up in wire order.
"""

from __future__ import annotations

import collections
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import attrs

from acp_compat._define import define
from acp_compat.jsonrpc import messages as rpc
from acp_compat.translate.base import OutboundRequests, Output, ToClient

if TYPE_CHECKING:
    from acp_compat.models.legacy import ToolCallStatus


@define(eq=False)
class ToolCard:
    """A tool call as the legacy client knows it: its id there, and what it last showed."""

    tool_call_id: str
    title: str = "Tool call"
    kind: Any = None
    status: ToolCallStatus = "running"
    """The last legacy status sent (or about to be)."""
    content: dict[str, Any] | None = None
    """The last legacy content value sent (or about to be)."""
    legacy_id: int | None = None
    """Handed out by the client's answer to the card's push or confirmation (every card is
    made with one queued, so a card without it is still waiting for that answer)."""
    abandoned: bool = False
    """The client will never hear of this card again (its push failed, or was cancelled)."""
    earlier: ToolCard | None = None
    """The card the client already shows for the same call when this one is a confirmation
    (legacy makes a new card per confirmation): it gets the same updates, so it does not
    stay running for ever."""

    @property
    def blocks(self) -> bool:
        """Whether a message about this card must still wait for its legacy id."""
        return self.legacy_id is None and not self.abandoned


@define(eq=False)
class ForAgent:
    """The context of a client-bound request standing for a request of the agent's (a
    permission, a file): found by the agent's id when the agent cancels it."""

    agent_request_id: rpc.RequestId
    dropped: bool = attrs.field(default=False, kw_only=True)
    """Answered already (``cancelled``: the turn was cancelled; ``-32800``: the agent
    cancelled it): not sent if still queued, and the client's late answer is dropped."""

    @property
    def key(self) -> tuple[type, rpc.RequestId]:
        """The agent's id as its JSON value (``1`` and ``"1"`` are two ids)."""
        return (type(self.agent_request_id), self.agent_request_id)


Build = Callable[[], "dict[str, Any] | None"]
"""Makes an item's params when it leaves; ``None`` drops the item (its card was abandoned)."""


@define
class _Item:
    method: str | None
    """A request method, or ``None`` for a ready response in ``message``."""
    build: Build | None = None
    context: Any = None
    waits_for: ToolCard | None = None
    message: rpc.Message | None = None


class ClientOutbox:
    """The FIFO of client-bound messages and the legacy hop's request-id space."""

    def __init__(self) -> None:
        self.requests: OutboundRequests[Any] = OutboundRequests(0)
        self._queue: collections.deque[_Item] = collections.deque()
        self._for_agent: dict[tuple[type, rpc.RequestId], ForAgent] = {}
        """The requests that stand for an agent's, queued or sent, by the agent's id."""

    def request(
        self,
        method: str,
        build: Build,
        context: Any,
        waits_for: ToolCard | None = None,
    ) -> None:
        """Queue a request; ``build`` makes its params when it leaves (``{}`` → no params).

        ``waits_for``: the card whose legacy id the params need.
        """
        if isinstance(context, ForAgent):
            self._for_agent[context.key] = context
        self._queue.append(_Item(method, build, context, waits_for))

    def settle(self, request_id: object) -> Any:
        """The context of the client's answer ``request_id`` (``None``: unknown), forgotten."""
        context = self.requests.settle(request_id)
        if isinstance(context, ForAgent):
            self._forget(context)
        return context

    def for_agent(self, agent_request_id: object) -> ForAgent | None:
        """The live request standing for the agent's ``agent_request_id``, if any (the
        same JSON value: ``1`` is not ``1.0`` or ``"1"``)."""
        if not isinstance(agent_request_id, (str, int)) or isinstance(agent_request_id, bool):
            return None
        context = self._for_agent.get((type(agent_request_id), agent_request_id))
        return None if context is None or context.dropped else context

    def _forget(self, context: ForAgent) -> None:
        if self._for_agent.get(context.key) is context:
            del self._for_agent[context.key]

    def respond(self, message: rpc.Message) -> None:
        """Queue a response to one of the client's requests, behind everything queued."""
        self._queue.append(_Item(None, message=message))

    def flush(self) -> list[Output]:
        """Everything that may leave now, in order."""
        out: list[Output] = []
        while self._queue:
            item = self._queue[0]
            if item.waits_for is not None and item.waits_for.blocks:
                break
            self._queue.popleft()
            if item.message is not None:
                out.append(ToClient(item.message))
                continue
            assert item.method is not None and item.build is not None
            params = item.build()
            if params is None:
                if isinstance(item.context, ForAgent):
                    self._forget(item.context)
                continue
            request_id = self.requests.add(item.context)
            # Legacy no-param methods carry no params member at all.
            out.append(ToClient(rpc.request(request_id, item.method, params or None)))
        return out
