"""What both v1↔v2 translators do the same way (:class:`V2Translator`): the contract's
messages dispatched, extension methods (``_...``) through both ways, the agent's end; the
requests in flight on their two hops, each with its ids and its protocol's builders
(:class:`Hops`); a client request whose params are wrong, answered at once
(:class:`Refused`). ``$/cancel_request`` is :mod:`.cancel`'s.
"""

from __future__ import annotations

import abc
import logging
from typing import Any, ClassVar, Generic, TypeVar

from acp_compat._define import define
from acp_compat.codec import CodecError, Problem, structure
from acp_compat.jsonrpc import messages as rpc
from acp_compat.translate.base import (
    AgentEnds,
    NoLocalEffects,
    OutboundRequests,
    Output,
    ToAgent,
    ToClient,
)
from acp_compat.translate.lifecycle import ProcessEvent, ProcessLifecycle, ProcessState, Recent

from . import cancel, same
from .options import BothOptions
from .same import Builders

log = logging.getLogger("acp_compat.translate.v2")

T = TypeVar("T")
S = TypeVar("S")
Opts = TypeVar("Opts", bound=BothOptions)


@define(eq=False)
class AgentCall:
    """A request acp-compat sent the agent, and what it was for."""

    method: str
    """The method the client called (the agent's may be another: ``auth/login`` is v1
    ``authenticate``)."""
    client_id: rpc.RequestId
    """The client request it was sent for (any JSON id, ``null`` included)."""
    session_id: str | None = None
    extra: Any = None
    """What translating the answer needs (a new session's cwd, the mode a set selects...)."""
    answered: bool = False
    """The client's request was answered already (the v2 upgrade's prompt): nothing the
    client says of it reaches this call, and its end answers nothing."""


@define(eq=False)
class ClientCall:
    """A request acp-compat sent the client on the agent's behalf."""

    method: str
    agent_id: rpc.RequestId
    session_id: str | None = None
    told: bool = False
    """The client was told already that the agent stopped waiting (the agent's own
    ``$/cancel_request``, relayed): it is not told again when the relay stops too."""


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
        raise invalid(id, err) from None


def refuse(id: rpc.RequestId, path: str, problem: str) -> Refused:
    """A :class:`Refused` ``-32602`` naming the member at ``path`` and what is wrong."""
    return invalid(id, CodecError([Problem(path, problem)]))


def invalid(id: rpc.RequestId, err: CodecError) -> Refused:
    """The :class:`Refused` ``-32602`` for ``err``."""
    return Refused(rpc.error(id, rpc.INVALID_PARAMS, f"Invalid params: {err}", err.to_data()))


def relayed(id: rpc.RequestId, message: rpc.Message) -> rpc.Message:
    """A peer's answer to a forwarded request, under the id of the other hop."""
    if message.get("error") is not None:
        return rpc.forwarded_error(id, message["error"])
    return rpc.result(id, message.get("result"))


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
    return cancel.cancelled_permission(target)


RECENT_DROPPED = 1024
"""How many requests no longer waited for a translator remembers, for their late answers
(an answer to an older one is an answer to an unknown request: logged, ignored)."""


class Hops:
    """The requests in flight on both hops of one translator, and each hop's builders
    (``agent_wire``, ``client_wire``: its protocol's)."""

    def __init__(self, agent_first_id: int, agent_wire: Builders, client_wire: Builders) -> None:
        self.agent = OutboundRequests[AgentCall](agent_first_id)
        self.client = OutboundRequests[ClientCall]()
        self.agent_wire = agent_wire
        self.client_wire = client_wire
        self._dropped: Recent[int] = Recent(RECENT_DROPPED)
        """Client ids of requests no longer waited for (:meth:`drop_answer`), the last
        :data:`RECENT_DROPPED`: a client may never answer one."""

    def to_agent(self, call: AgentCall, method: str, params: Any) -> ToAgent:
        """A request to the agent on behalf of ``call``."""
        return ToAgent(0, rpc.request(self.agent.add(call), method, params))

    def to_client(self, call: ClientCall, method: str, params: Any) -> ToClient:
        """A request to the client on behalf of ``call``."""
        return ToClient(rpc.request(self.client.add(call), method, params))

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


class V2Translator(AgentEnds, NoLocalEffects, Generic[S, Opts], abc.ABC):
    """What both v1↔v2 translators are alike, around sessions of type ``S``, configured
    by options of type ``Opts``. Each says what is its own in the methods marked so below
    and in its tables: ``_HANDLERS`` (client requests: ``(self, id, params)``),
    ``_ANSWERS`` (the agent's answers, by the client's method: ``(self, call, result,
    unshown)``), its protocols' :class:`~.same.Side`, and ``_NOT_RELAYED`` (why an agent
    request cannot reach the client, of ``{method}`` and its ``{family}``)."""

    _HANDLERS: ClassVar[dict[str, Any]]
    _ANSWERS: ClassVar[dict[str, Any]]
    _EMPTY_ANSWERS: ClassVar[dict[str, Any]]
    """The client's methods answered with no members, each with its builder (a session
    closed or deleted is forgotten)."""
    _CLIENT: ClassVar[same.Side]
    _AGENT: ClassVar[same.Side]
    _NOT_RELAYED: ClassVar[str]

    def __init__(self, options: Opts) -> None:
        self.options = options
        self._hops = Hops(options.agent0_next_id, self._AGENT.wire, self._CLIENT.wire)
        self._agent = ProcessLifecycle(options.agent0_initialized)
        """Agent process 0: its ``initialize`` result once ``READY``, the error object
        every request gets once ``GONE``."""
        self._sessions: dict[str, S] = {}
        self._logged = same.Said()
        """What was said once in the log lately."""

    # -- the contract ---------------------------------------------------------------------

    def from_client(self, message: rpc.Message) -> list[Output]:
        """Handle one message from the client."""
        kind = rpc.classify(message)
        if kind is rpc.Kind.REQUEST:
            try:
                return self._client_request(message["id"], message["method"], message.get("params"))
            except Refused as refused:
                return [ToClient(refused.answer)]
        if kind is rpc.Kind.NOTIFICATION:
            return self._client_notification(message["method"], message.get("params"))
        if kind in (rpc.Kind.RESPONSE, rpc.Kind.ERROR):
            return self._client_response(message)
        log.debug("ignoring an invalid message from the client")
        return []

    def from_agent(self, agent: int, message: rpc.Message) -> list[Output]:
        """Handle one message from the agent (process ``0``; no other exists here)."""
        if agent != 0:
            log.warning("ignoring a message from unknown agent process %s", agent)
            return []
        if not self._agent.alive:
            # A lost agent may keep its stdout open: what it still says is dropped, its
            # requests answered by nobody (the client heard of the end already).
            log.debug("ignoring a message from the agent, which is gone: %.100r", message)
            return []
        params = message.get("params")
        if message.get("method") == "session/update" and "id" not in message:
            # The hot path: one call from here to the translator's own.
            if not isinstance(params, dict) or not isinstance(params.get("update"), dict):
                log.warning("ignoring a session/update without an update object")
                return []
            sid = params.get("sessionId")
            session = self._sessions.get(sid) if isinstance(sid, str) else None
            if session is None:
                log.debug("ignoring a session/update for unknown session %.100r", sid)
                return []
            return self._updated(session, params["update"])
        kind = rpc.classify(message)
        params = params if isinstance(params, dict) else {}
        if kind is rpc.Kind.REQUEST:
            return self._agent_request(message["id"], message["method"], params)
        if kind is rpc.Kind.NOTIFICATION:
            method = message["method"]
            if method == "$/cancel_request":
                return cancel.agent_cancels(self._hops, rpc.cancelled_id(params))
            if method.startswith("_"):
                return [ToClient(rpc.notification(method, params or None))]
            log.debug("ignoring agent notification %s", method)
            return []
        if kind in (rpc.Kind.RESPONSE, rpc.Kind.ERROR):
            return self._agent_response(message)
        log.warning("ignoring an invalid message from the agent")
        return []

    # -- the client -----------------------------------------------------------------------

    def _client_request(self, id: rpc.RequestId, method: str, params: Any) -> list[Output]:
        """Dispatch one client request (``_HANDLERS``)."""
        if method.startswith("_"):
            if not self._agent.alive:
                return [self._failed(id)]
            return [self._hops.to_agent(AgentCall(method, id), method, params)]
        handler = self._HANDLERS.get(method)
        if handler is None:
            data = {"method": method}
            return [ToClient(rpc.error(id, rpc.METHOD_NOT_FOUND, "Method not found", data))]
        if not self._agent.alive:
            return [self._failed(id)]
        if self._agent.initialize_result is None and method != "initialize":
            if self._agent.state is ProcessState.INITIALIZING:
                return [ToClient(rpc.error(id, rpc.INVALID_REQUEST, "initialize is in progress"))]
            return [ToClient(rpc.error(id, rpc.INVALID_REQUEST, "Call initialize first"))]
        outputs: list[Output] = handler(self, id, params)
        return outputs

    def _client_notification(self, method: str, params: Any) -> list[Output]:
        params = params if isinstance(params, dict) else {}
        if method == "session/cancel":
            return self._cancel(params)
        if method == "$/cancel_request":
            return self._cancel_request(rpc.cancelled_id(params))
        if method.startswith("_"):
            return [ToAgent(0, rpc.notification(method, params or None))]
        log.debug("ignoring client notification %s", method)
        return []

    def _cancel_request(self, request_id: Any) -> list[Output]:
        """The client's ``$/cancel_request``: to the agent, for a request it has."""
        return cancel.client_cancels(self._hops, request_id)

    def _client_response(self, message: rpc.Message) -> list[Output]:
        """The client answered a request acp-compat sent it."""
        call = self._hops.answered_by_client(message)
        if call is None or not self._agent.alive:
            return []
        if call.method != "session/request_permission":
            return [ToAgent(0, relayed(call.agent_id, message))]
        answer = permission_answer(message, self._hops.agent_wire)
        return [ToAgent(0, rpc.result(call.agent_id, answer)), *self._answered(call, message)]

    def _answered(self, call: ClientCall, message: rpc.Message) -> list[Output]:
        """What else the client's answer to a permission request changes: nothing."""
        return []

    # -- the agent ------------------------------------------------------------------------

    def _agent_request(
        self, id: rpc.RequestId, method: str, params: dict[str, Any]
    ) -> list[Output]:
        """A request of the agent's: permissions and extension methods reach the client."""
        if method == "session/request_permission":
            return self._permission(id, params)
        if method.startswith("_"):
            return [self._hops.to_client(ClientCall(method, id), method, params or None)]
        problem = self._NOT_RELAYED.format(method=method, family=method.split("/")[0])
        data = {"details": problem}
        return [ToAgent(0, rpc.error(id, rpc.METHOD_NOT_FOUND, "Method not found", data))]

    def _bad_permission(self, id: rpc.RequestId, problem: str) -> ToAgent:
        """The answer to the agent's permission request ``id`` whose params are wrong."""
        return ToAgent(
            0, rpc.error(id, rpc.INVALID_PARAMS, f"session/request_permission: {problem}")
        )

    def _agent_response(self, message: rpc.Message) -> list[Output]:
        """The agent answered a request acp-compat sent it (``_ANSWERS``)."""
        call = self._hops.agent.settle(message.get("id"))
        if call is None:
            log.warning("ignoring an agent response to unknown id %r", message.get("id"))
            return []
        error = message.get("error")
        result = message.get("result")
        result = result if isinstance(result, dict) else {}
        if call.method == "session/prompt":
            return self._prompt_answered(call, error, result)
        if error is not None:
            if call.method == "initialize":
                self._initialize_failed()
            if call.method in ("session/load", "session/resume") and call.extra:
                self._sessions.pop(call.session_id or "", None)  # made for it
            return [ToClient(rpc.forwarded_error(call.client_id, error))]
        empty = self._EMPTY_ANSWERS.get(call.method)
        if empty is not None:
            out: list[Output] = []
            if call.method in ("session/close", "session/delete"):
                gone = self._sessions.pop(call.session_id or "", None)
                out = self._session_closed(gone) if gone is not None else []
            return [*out, ToClient(rpc.result(call.client_id, empty()))]
        answer = self._ANSWERS.get(call.method)
        if answer is None:  # an extension method's answer
            return [ToClient(relayed(call.client_id, message))]
        unshown: set[str] = set()
        outputs: list[Output] = answer(self, call, result, unshown)
        self._say_once(unshown)
        return outputs

    def _send_initialize(self, id: rpc.RequestId, request: dict[str, Any]) -> list[Output]:
        """The agent's ``initialize`` for the client's ``id`` (another may be out already)."""
        self._agent.apply(ProcessEvent.SEND_INITIALIZE)
        return [self._hops.to_agent(AgentCall("initialize", id), "initialize", request)]

    def _initialize_answered(
        self, call: AgentCall, result: dict[str, Any], unshown: set[str]
    ) -> list[Output]:
        version = result.get("protocolVersion")
        if version != self._AGENT.protocol or isinstance(version, bool):
            self._initialize_failed()
            text = (
                f"The agent answered protocolVersion {version!r};"
                f" acp-compat needs {self._AGENT.protocol}"
            )
            return [ToClient(rpc.error(call.client_id, rpc.INTERNAL_ERROR, text))]
        if self._agent.state is ProcessState.INITIALIZING:  # not a second answer
            self._agent.initialized(result)
        return [ToClient(rpc.result(call.client_id, self._initialize_result()))]

    def _initialize_failed(self) -> None:
        """An ``initialize`` failed: the agent is uninitialized again, once no other is out."""
        out = any(call.method == "initialize" for call in self._hops.agent.pending().values())
        if self._agent.state is ProcessState.INITIALIZING and not out:
            self._agent.apply(ProcessEvent.INITIALIZE_FAILED)

    def _mcp_servers(self, id: rpc.RequestId, params: dict[str, Any]) -> list[dict[str, Any]]:
        """A validated request's MCP servers in the agent's protocol; a ``-32602`` answer
        for one its protocol has no transport for. One of a transport the agent does not
        offer (:meth:`_agent_offers`) is left out, with a warning."""
        servers = []
        for index, server in enumerate(params.get("mcpServers") or []):
            converted = same.mcp_server(self._CLIENT, self._AGENT, server)
            if converted is None:
                kind, protocol = server.get("type"), self._AGENT.protocol
                problem = f"the agent speaks ACP v{protocol}, which has no MCP transport {kind!r}"
                raise refuse(id, f"params.mcpServers[{index}]", problem)
            kind = converted.get("type", "stdio")
            if not self._agent_offers(kind):
                log.warning(
                    "leaving out MCP server %.100r: the agent offers no %s transport",
                    server.get("name"),
                    kind,
                )
                continue
            servers.append(converted)
        return servers

    def _agent_offers(self, transport: str) -> bool:
        """Whether the agent takes MCP servers of ``transport`` (what the client was told
        says so, but for what its protocol cannot say): yes, unless the translator knows."""
        return True

    def _listed(self, call: AgentCall, result: dict[str, Any], unshown: set[str]) -> list[Output]:
        """The agent's ``session/list`` answer, for the client (the same shape in both)."""
        target = self._hops.client_wire
        sessions = same.objects(result.get("sessions"))
        answer = target.list_sessions_response(
            sessions=[s for info in sessions if (s := same.session_info(target, info))],
            next_cursor=same.text(result, "nextCursor"),
            meta=same.meta(result),
        )
        return [ToClient(rpc.result(call.client_id, answer))]

    # -- the agent is gone ----------------------------------------------------------------

    def _agent_ended(self, agent: int, failure: dict[str, Any]) -> list[Output]:
        """Withdraw what the client was asked for the agent (``$/cancel_request``, its
        late answer dropped), answer everything that waited on the agent with
        ``failure`` (a prompt as its turn ends: :meth:`_sessions_gone`); fail every later
        request; drop whatever the agent still sends (:meth:`from_agent`)."""
        if agent != 0 or not self._agent.alive:
            return []
        self._agent.end(failure)
        hops = self._hops
        out: list[Output] = [
            w
            for client_id in sorted(hops.client.pending())
            for w in cancel.withdraw(hops, client_id)
        ]
        out += [
            self._failed(call.client_id)
            for call in hops.agent.pending().values()
            if not call.answered and call.method != "session/prompt"
        ]
        return out + self._sessions_gone(failure)

    def _session_closed(self, session: S) -> list[Output]:
        """The agent closed or deleted ``session``, which is forgotten: what that ends
        (before the answer), nothing unless the translator says so."""
        return []

    def _failed(self, id: rpc.RequestId) -> ToClient:
        """The answer to request ``id`` once the agent is gone (its failure)."""
        return ToClient(rpc.forwarded_error(id, self._agent.failure))

    # -- helpers --------------------------------------------------------------------------

    def _say_once(self, unshown: set[str]) -> None:
        """Log, once each lately, what the client cannot be shown."""
        for what in self._logged.fresh(unshown):
            log.info(
                "the v%d client cannot be shown %s; it is left out", self._CLIENT.protocol, what
            )

    # -- each translator's own -----------------------------------------------------------

    @abc.abstractmethod
    def _initialize_result(self) -> dict[str, Any]:
        """The answer to the client's ``initialize``, from the agent's."""

    @abc.abstractmethod
    def _updated(self, session: S, update: dict[str, Any]) -> list[Output]:
        """The agent's ``session/update`` of ``session``: the hot path."""

    @abc.abstractmethod
    def _permission(self, id: rpc.RequestId, params: dict[str, Any]) -> list[Output]:
        """The agent's permission request ``id``."""

    @abc.abstractmethod
    def _prompt_answered(self, call: AgentCall, error: Any, result: dict[str, Any]) -> list[Output]:
        """The agent's answer to a prompt (``error``, else ``result``)."""

    @abc.abstractmethod
    def _cancel(self, params: dict[str, Any]) -> list[Output]:
        """The client's ``session/cancel``."""

    @abc.abstractmethod
    def _sessions_gone(self, failure: dict[str, Any]) -> list[Output]:
        """The agent is gone (``failure``): what that ends in the sessions, the answers to
        their running prompts among it."""
