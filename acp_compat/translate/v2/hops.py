"""What both v1↔v2 translators do the same way: their two hops, and refusing a request.

Each translator sends requests on two hops, the agent's (for the client's requests) and
the client's (for the agent's), each with its own ids, what each request was for and the
builders of its protocol (:class:`Hops`). Extension methods (``_...``) go through both
ways under the other hop's ids (``$/cancel_request`` is :mod:`.cancel`'s). A client
request whose params are wrong is answered at once (:class:`Refused`).
"""

from __future__ import annotations

import logging
from typing import Any, Protocol, TypeVar

from acp_compat._define import define
from acp_compat.codec import CodecError, Problem, structure
from acp_compat.jsonrpc import messages as rpc
from acp_compat.translate.base import OutboundRequests, ToAgent, ToClient

log = logging.getLogger("acp_compat.translate.v2")

T = TypeVar("T")


@define(eq=False)
class AgentCall:
    """A request acp-compat sent the agent, and what it was for."""

    method: str
    """The method the client called (the agent's may be another: ``auth/login`` is v1
    ``authenticate``)."""
    client_id: rpc.RequestId
    """The client request it answers; ``None`` for one answered already (a prompt)."""
    session_id: str | None = None
    extra: Any = None
    """What translating the answer needs (a new session's cwd, the mode a set selects...)."""


@define(eq=False)
class ClientCall:
    """A request acp-compat sent the client on the agent's behalf."""

    method: str
    agent_id: rpc.RequestId
    session_id: str | None = None


class Refused(Exception):
    """A client request answered with an error at once: :attr:`answer`."""

    def __init__(self, answer: rpc.Message) -> None:
        super().__init__(answer["error"]["message"])
        self.answer = answer


def params_as(id: rpc.RequestId, params: Any, cls: type[T]) -> T:
    """A client request's params as their model; :class:`Refused` (``-32602``) if they are not."""
    try:
        if not isinstance(params, dict):
            raise CodecError([Problem("params", "expected an object")])
        return structure(params, cls, at="params")
    except CodecError as err:
        raise Refused(invalid(id, err)) from None


def invalid(id: rpc.RequestId, err: CodecError) -> rpc.Message:
    """The ``-32602`` answer for ``err``."""
    return rpc.error(id, rpc.INVALID_PARAMS, f"Invalid params: {err}", err.to_data())


def refuse(id: rpc.RequestId, path: str, problem: str) -> Refused:
    """A :class:`Refused` ``-32602`` naming the member at ``path`` and what is wrong."""
    return Refused(invalid(id, CodecError([Problem(path, problem)])))


def relayed(id: rpc.RequestId, message: rpc.Message) -> rpc.Message:
    """A peer's answer to a forwarded request, under the id of the other hop."""
    if message.get("error") is not None:
        return rpc.forwarded_error(id, message["error"])
    return rpc.result(id, message.get("result"))


class Builders(Protocol):
    """The builders v1 and v2 have alike (:mod:`acp_compat.models.current.wire` and
    :mod:`acp_compat.models.v2.wire` both are one), by which shared code writes either."""

    def cancel_request_notification(self, request_id: int | str) -> dict[str, Any]: ...

    def cancelled_permission_outcome(self) -> dict[str, Any]: ...

    def selected_permission_outcome(self, option_id: str) -> dict[str, Any]: ...

    def request_permission_response(self, outcome: dict[str, Any]) -> dict[str, Any]: ...


def cancelled_permission(target: Builders) -> dict[str, Any]:
    """A permission request's answer ``cancelled``, in ``target``'s protocol."""
    return target.request_permission_response(outcome=target.cancelled_permission_outcome())


def permission_answer(message: rpc.Message, target: Builders) -> dict[str, Any]:
    """A client's answer to a permission request, as the agent's in ``target``'s protocol
    (both have the same outcomes): the option it selected, or ``cancelled`` for anything
    else (an error, an outcome the relay does not know): a permission is never widened."""
    result = message.get("result")
    outcome = result.get("outcome") if isinstance(result, dict) else None
    if isinstance(outcome, dict) and outcome.get("outcome") == "selected":
        option_id = outcome.get("optionId")
        if isinstance(option_id, str):
            selected = target.selected_permission_outcome(option_id=option_id)
            return target.request_permission_response(outcome=selected)
    return cancelled_permission(target)


class Hops:
    """The requests in flight on both hops of one translator, and each hop's builders
    (``agent_wire``, ``client_wire``: its protocol's)."""

    def __init__(self, agent_first_id: int, agent_wire: Builders, client_wire: Builders) -> None:
        self.agent = OutboundRequests[AgentCall](agent_first_id)
        self.client = OutboundRequests[ClientCall]()
        self.agent_wire = agent_wire
        self.client_wire = client_wire
        self._dropped: set[int] = set()
        """Client ids of requests no longer waited for (:meth:`drop_answer`)."""

    def to_agent(self, call: AgentCall, method: str, params: Any) -> ToAgent:
        """A request to the agent on behalf of ``call``."""
        return ToAgent(0, rpc.request(self.agent.add(call), method, params))

    def to_client(self, call: ClientCall, method: str, params: Any) -> ToClient:
        """A request to the client on behalf of ``call``."""
        return ToClient(rpc.request(self.client.add(call), method, params))

    def extension_from_client(self, id: rpc.RequestId, method: str, params: Any) -> ToAgent:
        """The client's extension request, to the agent."""
        return self.to_agent(AgentCall(method, id), method, params)

    def extension_from_agent(self, id: rpc.RequestId, method: str, params: Any) -> ToClient:
        """The agent's extension request, to the client."""
        return self.to_client(ClientCall(method, id), method, params)

    def drop_answer(self, client_id: int) -> bool:
        """Stop waiting for the client's answer to ``client_id``: dropped when it comes
        (``False``: it was not pending)."""
        if self.client.settle(client_id) is None:
            return False
        self._dropped.add(client_id)
        return True

    def answered_by_client(self, message: rpc.Message) -> ClientCall | None:
        """The request the client's answer ``message`` settles (``None``: dropped, or
        unknown, which is logged)."""
        client_id = message.get("id")
        if isinstance(client_id, int) and client_id in self._dropped:
            self._dropped.discard(client_id)
            return None
        call = self.client.settle(client_id)
        if call is None:
            log.warning("ignoring a client response to unknown id %r", client_id)
        return call

    def answered_by_agent(self, message: rpc.Message) -> AgentCall | None:
        """The request the agent's answer ``message`` settles (``None``: unknown, logged)."""
        call = self.agent.settle(message.get("id"))
        if call is None:
            log.warning("ignoring an agent response to unknown id %r", message.get("id"))
        return call
