"""``$/cancel_request`` for a peer's pending requests: answered once, ``-32800``.

A current peer that gives up on a request it sent sends ``$/cancel_request {requestId}``
(ACP v1, stable). The relay cannot withdraw the request from the peer on the far side (a
legacy peer has no such message), so it settles it itself: the canceller gets one
``-32800`` answer at once, and the real answer, when the far side gives it, is dropped
(and logged). The translators keep every other part of their state as it would have
been, since the far side still does the work.

One :class:`CancellableRequests` per translator, for the peer that speaks the current
protocol: the client in the upgrade, the agent in the downgrade. A translator tells it of
each request that peer sends (:meth:`received`) and passes every list of outputs through
:meth:`screen`, which sees the answers go out. While nothing is pending (the usual state
in a turn: a streamed chunk is a notification), :meth:`screen` returns its list untouched.
"""

from __future__ import annotations

import logging

from acp_compat.jsonrpc.messages import REQUEST_CANCELLED, Message, RequestId, error
from acp_compat.translate.base import Output, ToAgent, ToClient

log = logging.getLogger("acp_compat.translate.cancelled")

_Key = tuple[int | None, type, RequestId]
"""A request as its answer names it: the hop (``None`` the client, else the agent
process), then the id's JSON type and value (``1`` and ``1.0``, or ``1`` and ``"1"``,
are different ids)."""


def _key(hop: int | None, request_id: RequestId) -> _Key:
    return (hop, type(request_id), request_id)


def _answer(output: Output) -> tuple[_Key, Message] | None:
    """The request ``output`` answers and its message, if it is a response to a peer."""
    if type(output) is ToClient:
        hop: int | None = None
    elif type(output) is ToAgent:
        hop = output.agent
    else:
        return None
    message = output.message
    if "method" in message or "id" not in message:
        return None
    return _key(hop, message["id"]), message


class CancellableRequests:
    """The requests one peer has waiting on the relay, so that it can cancel them."""

    def __init__(self) -> None:
        self._pending: set[_Key] = set()
        self._cancelled: dict[_Key, Message] = {}
        """Answered ``-32800``: that answer (let through once), the real one dropped."""

    def received(self, hop: int | None, request_id: RequestId) -> None:
        """The peer on ``hop`` sent request ``request_id``; it is pending until answered."""
        self._pending.add(_key(hop, request_id))

    def cancel(self, hop: int | None, request_id: object) -> Message | None:
        """The peer cancelled ``request_id``: the ``-32800`` answer to send it, or ``None``
        when no such request is pending (answered already, or never sent: ignored)."""
        # The ids the relay is sent are strings and integers (RequestId).
        if not isinstance(request_id, (str, int)) or isinstance(request_id, bool):
            log.debug("$/cancel_request with no usable requestId %.100r: ignored", request_id)
            return None
        key = _key(hop, request_id)
        if key not in self._pending:
            log.debug("$/cancel_request for %r, which is not pending: ignored", request_id)
            return None
        self._pending.discard(key)
        answer = error(request_id, REQUEST_CANCELLED, "Request cancelled")
        self._cancelled[key] = answer
        return answer

    def screen(self, outputs: list[Output]) -> list[Output]:
        """``outputs`` as they may go out: an answer settles its pending request, and the
        real answer to a cancelled one is dropped."""
        if not self._pending and not self._cancelled:
            return outputs
        kept: list[Output] = []
        for output in outputs:
            answer = _answer(output)
            if answer is not None:
                key, message = answer
                cancelled = self._cancelled.get(key)
                # The -32800 answer itself goes out; any other answer is the late real one.
                if cancelled is not None and cancelled is not message:
                    del self._cancelled[key]
                    log.info(
                        "dropping the answer to request %r, which its sender cancelled", key[2]
                    )
                    continue
                self._pending.discard(key)
            kept.append(output)
        return kept
