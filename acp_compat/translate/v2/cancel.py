"""Every way the peers of the v1↔v2 translators cancel (behaviour.md §7).

Both: ``$/cancel_request`` follows the request it names to the hop that has it, and the
client is told of a request the relay stops waiting on. The v2 upgrade's
``session/cancel`` and ``session/close`` end held prompts, open permissions and the
turn; the v2 downgrade's ``session/cancel``, and a ``$/cancel_request`` naming the
running prompt, cancel the turn; either way a cancelled turn ends ``cancelled``,
whatever happens then (an error included).
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

from acp_compat._lazy import lazy_module
from acp_compat.codec import CodecError, structure
from acp_compat.jsonrpc import messages as rpc
from acp_compat.models.current import wire as v1
from acp_compat.models.v2 import wire
from acp_compat.translate.base import Output, ToAgent, ToClient
from acp_compat.translate.lifecycle import SessionEvent

from . import same

if TYPE_CHECKING:
    from acp_compat.models.v2 import prompt as v2_prompt

    from . import upgrade_sessions
    from .downgrade_sessions import DowngradeSession
    from .hops import Hops
    from .same import Builders
    from .upgrade_sessions import UpgradeSession
else:
    # Each translator reads only its own (a relay needs one of the two).
    v2_prompt = lazy_module("acp_compat.models.v2.prompt")
    upgrade_sessions = lazy_module("acp_compat.translate.v2.upgrade_sessions")

log = logging.getLogger("acp_compat.translate.v2")


# -- both translators -------------------------------------------------------------------


def client_cancels(hops: Hops, request_id: Any) -> list[Output]:
    """The client's ``$/cancel_request`` for a request the agent has, to the agent."""
    for agent_id, call in hops.agent.pending().items():
        if not call.answered and rpc.same_id(call.client_id, request_id):
            cancel = hops.agent_wire.cancel_request_notification(request_id=agent_id)
            return [ToAgent(0, rpc.notification("$/cancel_request", cancel))]
    log.debug("$/cancel_request for %r, which is not pending: ignored", request_id)
    return []


def agent_cancels(hops: Hops, request_id: Any) -> list[Output]:
    """The agent's ``$/cancel_request`` for a request the client has, to the client."""
    for client_id, call in hops.client.pending().items():
        if rpc.same_id(call.agent_id, request_id) and not call.told:
            call.told = True
            cancel = hops.client_wire.cancel_request_notification(request_id=client_id)
            return [ToClient(rpc.notification("$/cancel_request", cancel))]
    log.debug("$/cancel_request for %r, which is not pending: ignored", request_id)
    return []


def withdraw(hops: Hops, client_id: int) -> list[Output]:
    """Stop waiting for the client's answer to ``client_id`` (dropped when it comes): the
    ``$/cancel_request`` that tells the client so, unless it was told already (none when
    it was not pending)."""
    call = hops.client.pending().get(client_id)
    if call is None or not hops.drop_answer(client_id) or call.told:
        return []
    cancel = hops.client_wire.cancel_request_notification(request_id=client_id)
    return [ToClient(rpc.notification("$/cancel_request", cancel))]


def cancelled_permission(target: Builders) -> dict[str, Any]:
    """A permission request's answer ``cancelled``, in ``target``'s protocol."""
    return target.request_permission_response(outcome=target.cancelled_permission_outcome())


def refused(hops: Hops, id: rpc.RequestId) -> ToAgent:
    """The answer to the agent's permission request ``id`` that nobody is asked."""
    return ToAgent(0, rpc.result(id, cancelled_permission(hops.agent_wire)))


# -- the v2 upgrade ---------------------------------------------------------------------


def upgrade_cancel(
    hops: Hops, sessions: dict[str, UpgradeSession], params: dict[str, Any]
) -> list[Output]:
    """``session/cancel``: held prompts end ``-32800``, the running turn is cancelled
    (v1 ``session/cancel``; it ends when the agent answers its prompt)."""
    try:
        cancel = structure(params, v2_prompt.CancelSessionNotification, at="params")
    except CodecError as err:
        log.warning("ignoring a session/cancel the client got wrong: %s", err)
        return []
    session = sessions.get(cancel.session_id)
    if session is None:
        log.info("ignoring session/cancel for unknown session %r", cancel.session_id)
        return []
    return stop_turn(hops, session, send_cancel=True, meta=cancel.meta)


def stop_turn(
    hops: Hops, session: UpgradeSession, send_cancel: bool, meta: dict[str, Any] | None = None
) -> list[Output]:
    """End what waits in ``session``: held prompts, open permissions, its turn (the agent
    told with v1 ``session/cancel`` when ``send_cancel``, with the client's ``meta``)."""
    withdrawn = bool(session.permissions)
    out = end_waiting(hops, session)
    if session.lifecycle.allows(SessionEvent.CANCEL):
        session.lifecycle.apply(SessionEvent.CANCEL)
        if send_cancel:
            cancel = v1.cancel_notification(session_id=session.session_id, meta=meta)
            out.append(ToAgent(0, rpc.notification("session/cancel", cancel)))
    if withdrawn and session.lifecycle.cancelling:
        out.append(ToClient(upgrade_sessions.session_update(session.session_id, session.state())))
    return out


def end_waiting(hops: Hops, session: UpgradeSession) -> list[Output]:
    """End the client's requests that wait in ``session``: its held prompts (``-32800``)
    and the agent's open permissions (:func:`withdraw_permissions`)."""
    out: list[Output] = []
    while session.held:
        held = session.held.popleft()
        text = "Prompt cancelled before it was inserted"
        out.append(ToClient(rpc.error(held.client_id, rpc.REQUEST_CANCELLED, text)))
    return out + withdraw_permissions(hops, session)


def withdraw_permissions(hops: Hops, session: UpgradeSession) -> list[Output]:
    """Answer the agent's open permission requests ``cancelled`` (a v1 client must, on
    cancel) and withdraw them from the client with ``$/cancel_request``."""
    out: list[Output] = []
    for client_id in sorted(session.permissions):
        call = hops.client.pending().get(client_id)
        if call is not None:
            out += [refused(hops, call.agent_id), *withdraw(hops, client_id)]
    session.permissions.clear()
    return out


def upgrade_cancel_request(
    hops: Hops, sessions: dict[str, UpgradeSession], request_id: Any
) -> list[Output]:
    """``$/cancel_request`` from the client: a held prompt ends ``-32800`` here; a
    request the agent has is cancelled there (v1 has ``$/cancel_request`` too)."""
    for session in sessions.values():
        for held in session.held:
            if rpc.same_id(held.client_id, request_id):
                session.held.remove(held)
                text = "Request cancelled"
                return [ToClient(rpc.error(held.client_id, rpc.REQUEST_CANCELLED, text))]
    return client_cancels(hops, request_id)


def idle(cancelled: bool, error: Any, stop: Any) -> dict[str, Any]:
    """The v2 ``idle`` a v1 prompt's answer ends its turn with: ``cancelled`` after a
    cancel, whatever the answer (the user asked to stop, and v2 confirms a cancel so);
    else its stop reason (``end_turn`` when it gave none), or ``error`` with the agent's
    ``error``."""
    if cancelled:
        return wire.session_idle_state_update(stop_reason="cancelled")
    if error is None:
        reason = stop if isinstance(stop, str) else "end_turn"
        return wire.session_idle_state_update(stop_reason=reason)
    given = rpc.RequestError.from_error_object(error).to_error_object()
    return wire.session_idle_state_update(stop_reason="error", error=given)


# -- the v2 downgrade -------------------------------------------------------------------


def downgrade_cancel(sessions: dict[str, DowngradeSession], params: dict[str, Any]) -> list[Output]:
    """v1 ``session/cancel`` with a turn running: the turn is cancelled (v2
    ``session/cancel``; it ends when the agent goes idle). The v1 client answers its open
    permissions ``cancelled`` itself, relayed as any answer."""
    session = sessions.get(same.text(params, "sessionId") or "")
    if session is None or not session.lifecycle.allows(SessionEvent.CANCEL):
        log.info("ignoring session/cancel with no turn running in %.100r", params.get("sessionId"))
        return []
    meta = params.get("_meta")
    return _cancel_turn(session, meta if isinstance(meta, dict) else None)


def _cancel_turn(session: DowngradeSession, meta: dict[str, Any] | None = None) -> list[Output]:
    """Cancel ``session``'s running turn: v2 ``session/cancel`` (with the client's ``meta``)."""
    session.lifecycle.apply(SessionEvent.CANCEL)
    cancel = wire.cancel_session_notification(session_id=session.session_id, meta=meta)
    return [ToAgent(0, rpc.notification("session/cancel", cancel))]


def downgrade_cancel_request(
    hops: Hops, sessions: dict[str, DowngradeSession], request_id: Any
) -> list[Output]:
    """``$/cancel_request`` from the v1 client: a request the agent has is cancelled
    there; naming a running prompt, it cancels the turn as ``session/cancel`` does. The
    v2 agent answers a prompt as soon as it accepts it, so the turn is all that is left
    to cancel once it did (the prompt's own v2 request is cancelled too while it waits)."""
    out = client_cancels(hops, request_id)
    for session in sessions.values():
        if session.lifecycle.allows(SessionEvent.CANCEL) and rpc.same_id(
            session.lifecycle.prompt_id, request_id
        ):
            return out + _cancel_turn(session)
    return out


def cancelled_prompt(prompt_id: rpc.RequestId) -> rpc.Message:
    """The answer to the v1 prompt ``prompt_id`` whose turn the user cancelled:
    ``cancelled``, whatever the agent's stop reason, or its end."""
    return rpc.result(prompt_id, v1.prompt_response(stop_reason="cancelled"))
