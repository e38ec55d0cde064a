"""A client's cancel, in the downgrade, and the agent's (behaviour.md §3,
``cancelSendMessage`` and ``$/cancel_request``): the legacy ``cancelSendMessage``, a
permission nobody may be asked, a cancelled turn's end, and the agent's ``$/cancel_request``
for a request of its that waits on the legacy client; each function says what it decides.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

from acp_compat.jsonrpc import messages as rpc
from acp_compat.models.current import wire
from acp_compat.translate.base import Output, ToAgent, ToClient
from acp_compat.translate.lifecycle import SessionEvent, SessionLifecycle

from .tool_calls import Confirm

if TYPE_CHECKING:
    from .translator import DowngradeTranslator

log = logging.getLogger("acp_compat.translate.downgrade")


def cancel_send_message(state: DowngradeTranslator, request_id: rpc.RequestId) -> list[Output]:
    """Legacy ``cancelSendMessage``: answered ``null`` at once (the contract wants it so;
    it closes nothing the queued messages belong to), and messages still waiting (for the
    setup, or for a cancelled turn's end) end ``null`` before they began. A running turn
    is ``CANCELLING``: the agent gets ``session/cancel``, and every open permission
    request is answered ``cancelled`` here (the protocol says the client must), the
    legacy client's late answers dropped."""
    out: list[Output] = [ToClient(rpc.result(request_id, None))]
    for client_id, _ in state.deferred:
        state.outbox.respond(rpc.result(client_id, None))
    state.deferred = []
    if not state.turn.allows(SessionEvent.CANCEL):
        return out  # no turn running, or cancelled already
    state.turn.apply(SessionEvent.CANCEL)
    session_id = state.connection.session_id
    assert session_id is not None  # a turn runs
    cancel = wire.cancel_notification(session_id=session_id)
    out.append(ToAgent(0, rpc.notification("session/cancel", cancel)))
    out += [refused(context.agent_request_id) for context in state.tools.drop_permissions()]
    return out


def unaskable(turn: SessionLifecycle) -> bool:
    """Whether a permission request must be answered ``cancelled`` at once: no turn runs
    (nobody could approve it; a misbehaving agent asks before ``initialize`` is answered
    or after its prompt was), or the turn was cancelled."""
    return not turn.running or turn.cancelling


def refused(request_id: rpc.RequestId) -> Output:
    """The answer to a permission request nobody is asked."""
    answer = wire.request_permission_response(outcome=wire.cancelled_permission_outcome())
    return ToAgent(0, rpc.result(request_id, answer))


def turn_answer(cancelled: bool, prompt_id: rpc.RequestId, error: Any) -> rpc.Message:
    """The legacy answer to a turn's ``sendUserMessage`` whose prompt ``error`` ended it
    (an error response's ``error``, or the agent's end): ``null`` once the user cancelled
    the turn (older agents report the abort as an error), else that error."""
    if cancelled:
        return rpc.result(prompt_id, None)
    return rpc.forwarded_error(prompt_id, error)


def cancel_request(state: DowngradeTranslator, request_id: object) -> list[Output]:
    """The agent's ``$/cancel_request {requestId}``: ``-32800`` for its request that waits
    on the legacy client (a permission, an ``fs/*`` call, sent or still queued), and the
    legacy client's late answer dropped (it cannot withdraw the question it shows); any
    other id (answered already, never sent, of another JSON type) is ignored. The request
    is known by its context, not by its id, so the agent may reuse the id at once."""
    context = state.outbox.for_agent(request_id)
    if context is None:
        log.debug("$/cancel_request for %.100r, which is not pending: ignored", request_id)
        return []
    if isinstance(context, Confirm):
        state.tools.drop_permission(context)
    else:
        context.dropped = True
    answer = rpc.error(context.agent_request_id, rpc.REQUEST_CANCELLED, "Request cancelled")
    return [ToAgent(0, answer)]
