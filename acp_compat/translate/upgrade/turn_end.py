"""The end of a turn toward the client, paced by the client (behaviour.md §6, "Bounded
buffers").

A turn that ends closes every tool call of it the agent left open, one
``tool_call_update`` (failed) each, before the ``session/prompt`` answer. A legacy agent
may leave tens of thousands open, and that one line of its would become megabytes queued
toward an editor that is not reading: more than the relay ever holds for the agents' own
lines. So the closes go out :attr:`~.options.UpgradeOptions.close_batch` at a time: the
first batch at once, each next one when the shell reports that the client took what it
was sent (:meth:`TurnEnds.client_drained`, asked for with
:class:`~acp_compat.translate.base.AwaitClientDrain`), and the answer after the last.
Every call still ends in the editor, in order; only the time they take is the client's.
"""

from __future__ import annotations

from collections import deque
from typing import TYPE_CHECKING, Any

from acp_compat._define import define
from acp_compat.jsonrpc.messages import Message, notification
from acp_compat.models.current import wire
from acp_compat.translate.base import AwaitClientDrain, Output, ToClient

if TYPE_CHECKING:
    from acp_compat.models.current.tools import ToolCallStatus


def session_update(session_id: str, update: dict[str, Any]) -> ToClient:
    """A ``session/update`` notification to the client."""
    params = wire.session_notification(session_id=session_id, update=update)
    return ToClient(notification("session/update", params))


def status_update(session_id: str, tool_id: int, status: ToolCallStatus = "failed") -> ToClient:
    """The ``tool_call_update`` telling the client call ``tool_id`` is now in ``status``
    (``failed``: a turn's end closes it; ``in_progress``: it was allowed)."""
    return session_update(
        session_id, wire.tool_call_progress(tool_call_id=str(tool_id), status=status)
    )


@define
class _Ending:
    """A turn's end still going out: the calls left to close, then the answer."""

    session_id: str
    open_ids: deque[int]
    answer: Message


class TurnEnds:
    """The turn ends still going out to the client, oldest first."""

    def __init__(self, batch: int) -> None:
        self._batch = batch
        self._pending: deque[_Ending] = deque()

    def end(self, session_id: str, open_ids: list[int], answer: Message) -> list[Output]:
        """A turn of ``session_id`` ended: close ``open_ids``, then send ``answer``. A
        small end goes out at once; a large one starts (or waits behind the ones going
        out: the client is already being paced)."""
        if len(open_ids) <= self._batch:
            outputs: list[Output] = [status_update(session_id, tool_id) for tool_id in open_ids]
            outputs.append(ToClient(answer))
            return outputs
        waiting = bool(self._pending)
        self._pending.append(_Ending(session_id, deque(open_ids), answer))
        return [] if waiting else self.client_drained()

    def client_drained(self) -> list[Output]:
        """The client took what it was sent: the next batch, and another
        :class:`AwaitClientDrain` while more is left."""
        outputs: list[Output] = []
        room = self._batch
        pending = self._pending
        while pending and room:
            ending = pending[0]
            open_ids = ending.open_ids
            while open_ids and room:
                outputs.append(status_update(ending.session_id, open_ids.popleft()))
                room -= 1
            if not open_ids:
                outputs.append(ToClient(ending.answer))
                pending.popleft()
        if pending:
            outputs.append(AwaitClientDrain())
        return outputs

    def cut_short(self, session_id: str) -> list[Output]:
        """``session_id`` is closed: its answer goes out now, its remaining closes are
        dropped (the editor closed the session, and its tool calls with it)."""
        for ending in self._pending:
            if ending.session_id == session_id:
                self._pending.remove(ending)
                return [ToClient(ending.answer)]
        return []
