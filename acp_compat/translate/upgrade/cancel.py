"""A client's cancel, in the upgrade: every way a current client stops what it asked for
(``session/cancel``, ``$/cancel_request``, a permission answered ``cancelled``), and what
the relay withdraws when a turn or a process ends. behaviour.md §2 ("session/cancel" and
"$/cancel_request") is the contract; each function below says what it decides, and why.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import TYPE_CHECKING, cast

from acp_compat.jsonrpc.messages import (
    REQUEST_CANCELLED,
    Message,
    RequestId,
    error,
    notification,
    request,
    result,
    same_id,
)
from acp_compat.models.current import wire
from acp_compat.translate.base import Output, ToAgent, ToClient
from acp_compat.translate.lifecycle import SessionEvent
from acp_compat.translate.upgrade import modes
from acp_compat.translate.upgrade.records import (
    AgentRecord,
    CancelSend,
    ClientContext,
    ClientRequestContext,
    InitializeForClient,
    InitializeForSession,
    PermissionFor,
    SessionRecord,
)

if TYPE_CHECKING:
    from acp_compat.models.legacy import ToolCallConfirmationOutcome as Outcome
    from acp_compat.translate.upgrade.core import UpgradeState

log = logging.getLogger("acp_compat.translate.upgrade")


def cancelled_answer(prompt_id: RequestId) -> Message:
    """The answer of a cancelled turn's ``session/prompt``."""
    return result(prompt_id, wire.prompt_response(stop_reason="cancelled"))


def confirmation_outcome(session: SessionRecord, decision: modes.Decision) -> Outcome | None:
    """The legacy outcome the relay answers a confirmation with itself, or ``None`` when
    the user is asked: ``cancel`` once the turn is cancelled (nothing more in it may run),
    else what the session's mode decided."""
    if session.lifecycle.cancelling:
        return "cancel"
    # A decision's value is the legacy outcome it answers with (modes.Decision).
    return None if decision is modes.Decision.ASK_USER else cast("Outcome", decision.value)


def cancel_turn(state: UpgradeState, session: SessionRecord) -> list[Output]:
    """The client cancelled ``session``'s turn (``session/cancel``, or ``$/cancel_request``
    naming its prompt): ``cancelSendMessage`` to its legacy agent, then every permission
    request of the turn withdrawn, so a client that never answers the dialog of a
    cancelled turn (Toad) does not leave the legacy agent waiting on it. Nothing for a
    session with no turn running, or one cancelled already."""
    if not session.lifecycle.allows(SessionEvent.CANCEL):
        log.debug("session/cancel with no running prompt (%s)", session.session_id)
        return []
    return _start_cancel(state, session, [])


def _start_cancel(
    state: UpgradeState, session: SessionRecord, answer: list[Output]
) -> list[Output]:
    """Cancel ``session``'s turn: ``cancelSendMessage`` first (the agent stops before it
    reads ``answer``, the outputs that started the cancel), then the turn's permission
    requests withdrawn."""
    session.lifecycle.apply(SessionEvent.CANCEL)
    proc = state.agents[session.agent]
    legacy_id = proc.outbound.add(CancelSend(session.session_id))
    start: list[Output] = [ToAgent(proc.number, request(legacy_id, "cancelSendMessage"))]
    return start + answer + withdraw(state, permissions_of(session))


def session_cancel(state: UpgradeState, session_id: object) -> list[Output]:
    """``session/cancel {sessionId}`` (a notification: an unknown session is ignored)."""
    session = state.sessions.get(session_id) if isinstance(session_id, str) else None
    if session is None:
        log.debug("session/cancel for unknown session %.100r", session_id)
        return []
    return cancel_turn(state, session)


def permission_cancelled(
    state: UpgradeState, proc: AgentRecord, context: PermissionFor
) -> list[Output]:
    """The client answered permission request ``context`` ``cancelled``: the legacy agent
    gets ``cancel``; while the turn runs, that answer starts the cancel of the turn, so
    ``cancelSendMessage`` goes first (the agent stops before it reads the refusal).
    Clients answer open permissions ``cancelled`` when they cancel the turn, some a moment
    before their ``session/cancel`` (agent-shell), and a legacy agent takes a lone
    ``cancel`` as a refusal and finishes its turn."""
    answer = state.answer_confirmation(
        proc, context.session_id, context.legacy_id, context.tool_id, "cancel"
    )
    session = state.sessions.get(context.session_id)
    if session is None or not session.lifecycle.allows(SessionEvent.CANCEL):
        return answer
    return _start_cancel(state, session, answer)


def permissions_of(session: SessionRecord) -> Callable[[ClientContext], bool]:
    """Selects the permission requests of ``session`` (for :func:`withdraw`)."""

    def which(context: ClientContext) -> bool:
        return isinstance(context, PermissionFor) and context.session_id == session.session_id

    return which


def withdraw(state: UpgradeState, which: Callable[[ClientContext], bool]) -> list[Output]:
    """``$/cancel_request`` for what the client was asked and ``which`` selects (a
    permission dialog can close): for a cancelled or ended turn, or a process going away.
    A permission request is settled at once: the legacy agent, if it still runs, gets
    ``cancel`` (the call is closed as failed first), and the client's late answer is
    dropped. The answers to ``fs`` requests are still consumed."""
    outputs: list[Output] = []
    for client_id, context in state.client_requests.pending().items():
        if not which(context) or (isinstance(context, PermissionFor) and context.withdrawn):
            continue
        cancel = wire.cancel_request_notification(request_id=client_id)
        outputs.append(ToClient(notification("$/cancel_request", cancel)))
        if isinstance(context, PermissionFor):
            context.withdrawn = True
            proc = state.agents[context.agent]
            if proc.lifecycle.alive:
                outputs += state.answer_confirmation(
                    proc, context.session_id, context.legacy_id, context.tool_id, "cancel"
                )
    return outputs


def cancel_request(state: UpgradeState, request_id: object) -> list[Output]:
    """``$/cancel_request {requestId}`` from the client: a running ``session/prompt`` is
    cancelled as its turn; a request waiting on a legacy process is answered ``-32800`` at
    once; any other id (answered already, never sent, of another JSON type) is ignored."""
    for session in state.sessions.values():
        if session.lifecycle.running and same_id(session.lifecycle.prompt_id, request_id):
            return cancel_turn(state, session)
    if not isinstance(request_id, (str, int)) or isinstance(request_id, bool):
        log.debug("$/cancel_request with no usable requestId %.100r: ignored", request_id)
        return []
    for proc in state.agents.records.values():
        outputs = _cancel_waiting(state, proc, request_id)
        if outputs is not None:
            return [ToClient(error(request_id, REQUEST_CANCELLED, "Request cancelled")), *outputs]
    log.debug("$/cancel_request for %.100r, which is not pending: ignored", request_id)
    return []


def _cancel_waiting(
    state: UpgradeState, proc: AgentRecord, request_id: RequestId
) -> list[Output] | None:
    """Cancel the client's request ``request_id`` if it waits on ``proc``: what that takes
    (``None``: it does not wait there)."""
    if not proc.lifecycle.alive:
        return None
    for queued in proc.queued_auth:
        if same_id(queued, request_id):
            proc.queued_auth.remove(queued)
            log.info("authenticate %r cancelled before it was sent", request_id)
            return []
    for context in proc.outbound.pending().values():
        if (
            isinstance(context, ClientRequestContext)
            and not context.cancelled
            and same_id(context.client_id, request_id)
        ):
            context.cancelled = True
            if isinstance(context, InitializeForSession):
                log.info("session/new %r cancelled: closing its agent process", request_id)
                return [state.stop(proc)] if proc.lifecycle.usable else []
            what = "initialize" if isinstance(context, InitializeForClient) else "authenticate"
            log.info("%s %r cancelled; the legacy agent still answers it", what, request_id)
            return []
    return None


def answer_client(context: ClientRequestContext, message: Message) -> list[Output]:
    """The answer to the client request ``context`` stands for; nothing once the client
    cancelled it (it had its ``-32800``)."""
    if context.cancelled:
        log.info("dropping the answer to request %r, which its sender cancelled", message["id"])
        return []
    return [ToClient(message)]
