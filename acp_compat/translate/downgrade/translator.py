"""The downgrade translator: one current ACP v1 agent behind a legacy 0.0.x client.

acp-compat acts as a legacy **agent** toward the client and as a current **client**
toward agent process ``0`` (started by the shell). behaviour.md §3 is the contract; the
tool-call cards live in :mod:`.tool_calls`, the ordered client stream in :mod:`.outbox`,
session updates are routed by :mod:`.updates`, file requests by :mod:`.file_access`.

behaviour.md §6 ("Downgrade") lists the choices the contract leaves open, made here (one
FIFO toward the client, a ``sendUserMessage`` that waits for the setup or for a cancelled
turn's end, a permission never widened, the plan card, a second card for a confirmation,
the login with no method the agent runs); §3 says what the agent sends outside a turn
becomes. How the code holds them:

* the legacy client's setup with the agent (``initialize``, the login, the session) is
  one state machine, :class:`~acp_compat.translate.lifecycle.Connection`; the session's
  turn another, :class:`~acp_compat.translate.lifecycle.SessionLifecycle`;
* every cancel (``cancelSendMessage``, the agent's ``$/cancel_request``) is :mod:`.cancel`;
* a ``tool_call`` already ``completed``/``failed`` is pushed, then updated; an update
  with neither status nor content sends nothing (title/kind/locations cannot be shown);
* once the agent is gone, waiting and later legacy requests get the ``-32603`` every
  translator answers with (:func:`~acp_compat.translate.exits.agent_gone`).
"""

from __future__ import annotations

import logging
from typing import Any

from acp_compat._define import define
from acp_compat.codec.errors import describe
from acp_compat.jsonrpc import messages as rpc
from acp_compat.models import legacy_wire
from acp_compat.models.current import wire
from acp_compat.models.mapping import CURRENT_PROTOCOL_VERSION
from acp_compat.translate.base import AgentEnds, NoLocalEffects, OutboundRequests, Output, ToAgent
from acp_compat.translate.lifecycle import (
    Connection,
    ConnectionEvent,
    ConnectionState,
    SessionEvent,
    SessionLifecycle,
)
from acp_compat.translate.probe import current_initialize

from . import cancel, file_access
from .content import BadChunks, prompt_blocks, stop_note
from .file_access import FS_METHODS, FsCall
from .mapping import agent_run_method, offered_methods
from .options import DowngradeOptions
from .outbox import ClientOutbox
from .tool_calls import Assign, Confirm, Notice, ToolCallRelay
from .updates import queue_chunk, route_update

log = logging.getLogger("acp_compat.translate.downgrade")

_C = ConnectionState


@define(eq=False)
class AgentCall:
    """Context of a request acp-compat sent the agent on behalf of a legacy request."""

    method: str
    client_id: rpc.RequestId
    purpose: str = ""
    """For ``session/new``: ``"initialize"`` (the auth probe) or ``"authenticate"``."""


class DowngradeTranslator(AgentEnds, NoLocalEffects):
    """Sans-IO translator: a legacy 0.0.x client in front of one current ACP v1 agent.

    What it knows, as named parts (:mod:`.cancel` works on them too):

    * :attr:`connection`: the legacy client's setup with the agent, and what it carries
      (:class:`~acp_compat.translate.lifecycle.Connection`: the agent's ``initialize``
      result, the session's id, why the agent is gone);
    * :attr:`turn`: the session's turn (its state and the ``sendUserMessage`` it
      answers: :class:`~acp_compat.translate.lifecycle.SessionLifecycle`);
    * :attr:`outbox`: the ordered stream to the legacy client, and its id space;
    * :attr:`tools`: the tool-call cards, permissions and plan card;
    * :attr:`agent`: the id space of the agent hop, each request with its :class:`AgentCall`;
    * :attr:`deferred`: ``sendUserMessage`` requests that arrived while the setup was busy
      or a cancelled turn was ending;
    * the client's version, and the update kinds already logged as unshown.
    """

    _LEGACY_CLIENT = True

    def __init__(self, options: DowngradeOptions) -> None:
        self.options = options
        self.connection = Connection(options.agent0_initialized)
        self.turn = SessionLifecycle()
        self.outbox = ClientOutbox()
        self.tools = ToolCallRelay(self.outbox)
        self.agent = OutboundRequests[AgentCall](options.agent0_next_id)
        self.deferred: list[tuple[rpc.RequestId, Any]] = []
        self.client_version: str | None = None
        self.logged_kinds: set[str] = set()
        """Session update kinds a legacy client cannot show, logged once each."""

    def to_agent(self, context: AgentCall, params: dict[str, Any]) -> Output:
        """A request to the agent, its id remembered with ``context``."""
        return ToAgent(0, rpc.request(self.agent.add(context), context.method, params))

    # -- the contract ---------------------------------------------------------------------

    def from_client(self, message: rpc.Message) -> list[Output]:
        """Handle one message from the legacy client."""
        kind = rpc.classify(message)
        out: list[Output] = []
        if kind is rpc.Kind.REQUEST:
            out += self._client_request(message["id"], message["method"], message.get("params"))
        elif kind in (rpc.Kind.RESPONSE, rpc.Kind.ERROR):
            out += self._client_response(message)
        else:
            log.debug("ignoring a %s from the legacy client", kind.value)
        return out + self.outbox.flush()

    def from_agent(self, agent: int, message: rpc.Message) -> list[Output]:
        """Handle one message from the agent (process ``0``; others do not exist here)."""
        if agent != 0:
            log.warning("ignoring a message from unknown agent process %s", agent)
            return []
        kind = rpc.classify(message)
        params = message.get("params")
        params = params if isinstance(params, dict) else {}
        if not (kind is rpc.Kind.REQUEST and message.get("method") == "session/request_permission"):
            # The session moved on: a held pending tool call is not about to be confirmed.
            self.tools.release_held()
        out: list[Output] = []
        if kind is rpc.Kind.REQUEST:
            out += self._agent_request(message["id"], message["method"], params)
        elif kind is rpc.Kind.NOTIFICATION:
            if message["method"] == "session/update":
                self._session_update(params)
            elif message["method"] == "$/cancel_request":
                out += cancel.cancel_request(self, rpc.cancelled_id(params))
            else:
                log.debug("ignoring agent notification %s", message["method"])
        elif kind in (rpc.Kind.RESPONSE, rpc.Kind.ERROR):
            out += self._agent_response(message)
        else:
            log.warning("ignoring an invalid message from the agent")
        return out + self.outbox.flush()

    # -- requests from the legacy client --------------------------------------------------

    def _client_request(self, id: rpc.RequestId, method: str, params: Any) -> list[Output]:
        """Dispatch one legacy request."""
        if method == "cancelSendMessage":
            return cancel.cancel_send_message(self, id)
        handler = {
            "initialize": self._initialize,
            "authenticate": self._authenticate,
            "sendUserMessage": self._send_user_message,
        }.get(method)
        if handler is None:
            return self._answer(
                rpc.error(id, rpc.METHOD_NOT_FOUND, "Method not found", {"details": method})
            )
        failure = self.connection.failure
        if failure is not None:
            return self._answer(rpc.error(id, **failure))
        return handler(id, params)

    def _initialize(self, id: rpc.RequestId, params: Any) -> list[Output]:
        """Legacy ``initialize``: current ``initialize``, then the ``session/new`` probe."""
        version = params.get("protocolVersion") if isinstance(params, dict) else None
        if (params is not None and not isinstance(params, dict)) or (
            version is not None and not isinstance(version, str)
        ):
            return self._answer(
                rpc.error(id, rpc.INVALID_PARAMS, "initialize: protocolVersion must be a string")
            )
        connection = self.connection
        if connection.busy:
            # Refused: it must not change the version the first initialize is answered.
            return self._busy(id)
        self.client_version = version
        if connection.state is _C.OPEN:
            return self._answer(rpc.result(id, self._initialize_result(True)))
        connection.apply(ConnectionEvent.INITIALIZE)
        if connection.state is _C.OPENING:
            return self._new_session(id, "initialize")
        initialize = current_initialize(self.options.client_info_version, self.options.client_fs)
        return [self.to_agent(AgentCall("initialize", id), initialize)]

    def _initialize_result(self, authenticated: bool) -> dict[str, Any]:
        """The legacy ``initialize`` result: the client's own version echoed back (legacy
        SDK clients accept only their exact own 0.0.x version)."""
        version = self.client_version
        if version is None:
            # A 0.0.7 client, whose protocol had no versions (and no pinned schema).
            return {"isAuthenticated": authenticated}
        return legacy_wire.initialize_response(
            protocol_version=version, is_authenticated=authenticated
        )

    def _authenticate(self, id: rpc.RequestId, params: Any) -> list[Output]:
        """Legacy ``authenticate``: current ``authenticate {methodId}``, then ``session/new``."""
        connection = self.connection
        if connection.busy:
            return self._busy(id)
        if connection.agent_info is None:
            return self._answer(rpc.error(id, rpc.INVALID_REQUEST, "Call initialize first"))
        method_id = self.options.auth_method or agent_run_method(connection.agent_info)
        if method_id is None:
            return self._answer(
                rpc.error(
                    id,
                    rpc.AUTHENTICATION_REQUIRED,
                    "The agent offers no login it runs itself; log in with the agent's own "
                    "tools, or name a method with acp-compat --auth-method",
                    {"details": offered_methods(connection.agent_info)},
                )
            )
        connection.apply(ConnectionEvent.AUTHENTICATE)
        login = wire.authenticate_request(method_id=method_id)
        return [self.to_agent(AgentCall("authenticate", id), login)]

    def _new_session(self, client_id: rpc.RequestId, purpose: str) -> list[Output]:
        """Send ``session/new`` for the legacy request ``client_id`` (the connection is
        ``OPENING``)."""
        call = AgentCall("session/new", client_id, purpose)
        new = wire.new_session_request(cwd=self.options.cwd, mcp_servers=[])
        return [self.to_agent(call, new)]

    def _send_user_message(self, id: rpc.RequestId, params: Any) -> list[Output]:
        """Legacy ``sendUserMessage``: ``session/prompt``; answered when the turn ends.

        One sent while initialize or authenticate is still busy with the agent waits for
        it (a client that does not wait for the answer must not be told to log in), and
        one sent while a cancelled turn is still ending waits for its end (a legacy client
        takes the ``cancelSendMessage`` answer, sent at once, as the turn's end).
        """
        connection = self.connection
        if connection.busy or self.turn.cancelling:
            self.deferred.append((id, params))
            return []
        if connection.state is not _C.OPEN:
            if connection.agent_info is None:
                return self._answer(rpc.error(id, rpc.INVALID_REQUEST, "Call initialize first"))
            return self._answer(
                rpc.error(id, rpc.AUTHENTICATION_REQUIRED, "Authentication required")
            )
        if not self.turn.allows(SessionEvent.PROMPT):
            return self._answer(
                rpc.error(id, rpc.INVALID_REQUEST, "A message is already being processed")
            )
        try:
            blocks = prompt_blocks(params, self.options.cwd)
        except BadChunks as problem:
            return self._answer(rpc.error(id, rpc.INVALID_PARAMS, str(problem)))
        self.turn.start_turn(id)
        self.tools.new_turn()
        call = AgentCall("session/prompt", id)
        assert connection.session_id is not None  # the connection is open
        prompt = wire.prompt_request(session_id=connection.session_id, prompt=blocks)
        return [self.to_agent(call, prompt)]

    def _busy(self, id: rpc.RequestId) -> list[Output]:
        """Refuse a second setup request while one is in flight."""
        return self._answer(
            rpc.error(id, rpc.INVALID_REQUEST, "initialize or authenticate already in progress")
        )

    def _answer(self, message: rpc.Message) -> list[Output]:
        """Queue the answer to a legacy request behind what the client is still to get."""
        self.outbox.respond(message)
        return []

    # -- answers from the legacy client ---------------------------------------------------

    def _client_response(self, message: rpc.Message) -> list[Output]:
        """The client answered one of acp-compat's requests."""
        context = self.outbox.settle(message.get("id"))
        failed = "error" in message and message["error"] is not None
        result = None if failed else message.get("result")
        gone = self.connection.state is _C.GONE
        if context is None:
            log.warning("ignoring a client response to unknown id %r", message.get("id"))
        elif isinstance(context, Assign):
            self.tools.assigned(context, None if failed else result)
        elif isinstance(context, Confirm):
            answer = self.tools.confirmed(context, None if failed else (result or {}))
            if answer is not None and not gone:
                return [ToAgent(0, answer)]
        elif isinstance(context, FsCall):
            return [] if gone else file_access.answer(context, message)
        elif failed and isinstance(context, Notice):
            log.warning("the client failed %s: %r", context.method, message["error"])
        return []

    # -- the agent ------------------------------------------------------------------------

    def _agent_response(self, message: rpc.Message) -> list[Output]:
        """The agent answered one of acp-compat's requests."""
        call = self.agent.settle(message.get("id"))
        if call is None:
            log.warning("ignoring an agent response to unknown id %r", message.get("id"))
            return []
        if self.connection.state is _C.GONE:
            # A lost agent's late answer: the client heard of the loss already.
            log.info("ignoring the answer to %s of an agent that is gone", call.method)
            return []
        error = message.get("error")
        result = message.get("result")
        if call.method == "session/prompt":
            self._prompt_done(error, result)
            return self._send_deferred()
        out = self._setup_answered(call, error, result)
        if not self.connection.busy:
            out += self._send_deferred()
        return out

    def _send_deferred(self) -> list[Output]:
        """The messages the client sent before the setup finished or the cancelled turn
        ended, in their order."""
        deferred, self.deferred = self.deferred, []
        out: list[Output] = []
        for client_id, params in deferred:
            out += self._send_user_message(client_id, params)
        return out

    def _setup_answered(self, call: AgentCall, error: Any, result: Any) -> list[Output]:
        """The agent answered a step of a legacy initialize or authenticate."""
        connection = self.connection
        if call.method == "initialize":
            return self._initialized(call, error, result)
        if call.method == "authenticate":
            if error is not None:
                failure = rpc.forwarded_error(call.client_id, error)
                return self._setup_failed(ConnectionEvent.AUTHENTICATE_FAILED, failure)
            connection.apply(ConnectionEvent.AUTHENTICATED)
            if connection.state is _C.OPEN:
                return self._answer(rpc.result(call.client_id, None))
            return self._new_session(call.client_id, "authenticate")
        return self._session_created(call, error, result)

    def _setup_failed(self, event: ConnectionEvent, answer: rpc.Message) -> list[Output]:
        """A setup step failed (``event``): the legacy request it served gets ``answer``."""
        self.connection.apply(event)
        return self._answer(answer)

    def _initialized(self, call: AgentCall, error: Any, result: Any) -> list[Output]:
        """The agent's ``initialize`` answer: go on with the ``session/new`` probe."""
        failed = ConnectionEvent.INITIALIZE_FAILED
        if error is not None:
            return self._setup_failed(failed, rpc.forwarded_error(call.client_id, error))
        version = result.get("protocolVersion") if isinstance(result, dict) else None
        if version != CURRENT_PROTOCOL_VERSION or isinstance(version, bool):
            problem = f"The agent answered protocolVersion {describe(version)}; acp-compat needs 1"
            return self._setup_failed(
                failed, rpc.error(call.client_id, rpc.INTERNAL_ERROR, problem)
            )
        assert isinstance(result, dict)
        self.connection.initialized(result)
        return self._new_session(call.client_id, "initialize")

    def _session_created(self, call: AgentCall, error: Any, result: Any) -> list[Output]:
        """The agent's ``session/new`` answer ends a legacy initialize or authenticate."""
        failed = ConnectionEvent.OPEN_FAILED
        if error is not None:
            code = error.get("code") if isinstance(error, dict) else None
            if call.purpose == "initialize" and code == rpc.AUTHENTICATION_REQUIRED:
                answer = rpc.result(call.client_id, self._initialize_result(False))
            else:
                answer = rpc.forwarded_error(call.client_id, error)
            return self._setup_failed(failed, answer)
        session_id = result.get("sessionId") if isinstance(result, dict) else None
        if not isinstance(session_id, str):
            problem = "The agent returned no sessionId"
            return self._setup_failed(
                failed, rpc.error(call.client_id, rpc.INTERNAL_ERROR, problem)
            )
        self.connection.opened(session_id)
        opened = self._initialize_result(True) if call.purpose == "initialize" else None
        return self._answer(rpc.result(call.client_id, opened))

    def _prompt_done(self, error: Any, result: Any) -> None:
        """The turn is over: a note for unusual stop reasons, then the legacy ``null``."""
        prompt_id, cancelled = self.turn.end_turn()
        self.tools.end_turn()
        if error is not None:
            self.outbox.respond(cancel.turn_answer(cancelled, prompt_id, error))
            return
        note = stop_note(result.get("stopReason") if isinstance(result, dict) else None)
        if note is not None:
            queue_chunk(self.outbox, legacy_wire.text_assistant_chunk(text=f"\n\n{note}"))
        self.outbox.respond(rpc.result(prompt_id, None))

    def _agent_request(
        self, id: rpc.RequestId, method: str, params: dict[str, Any]
    ) -> list[Output]:
        """A request of the agent: permissions and (opted-in) file access; the rest -32601."""
        if method == "session/request_permission":
            if not self._our_session(params):
                return [ToAgent(0, rpc.error(id, rpc.INVALID_PARAMS, "Unknown session"))]
            tool_call = params.get("toolCall")
            if not (isinstance(tool_call, dict) and isinstance(tool_call.get("toolCallId"), str)):
                # Nobody can be asked about a call nobody can name.
                problem = "session/request_permission: params.toolCall.toolCallId must be a string"
                return [ToAgent(0, rpc.error(id, rpc.INVALID_PARAMS, problem))]
            if cancel.unaskable(self.turn):
                log.info("a permission request with no turn running, or a cancelled one: cancelled")
                return [cancel.refused(id)]
            self.tools.on_permission(id, params)
            return []
        if self.options.client_fs and method in FS_METHODS:
            if self.connection.session_id is None or not self._our_session(params):
                return [ToAgent(0, rpc.error(id, rpc.INVALID_PARAMS, "Unknown session"))]
            return file_access.forward(self.outbox, id, method, params)
        return [ToAgent(0, rpc.error(id, rpc.METHOD_NOT_FOUND, "Method not found"))]

    # -- session updates ------------------------------------------------------------------

    def _our_session(self, params: dict[str, Any]) -> bool:
        """Whether ``params`` belong to the session (before it is known: assume so)."""
        session_id = params.get("sessionId")
        known = self.connection.session_id
        if known is None or session_id == known:
            return True
        log.warning("ignoring a message for unknown session %.100r", session_id)
        return False

    def _session_update(self, params: dict[str, Any]) -> None:
        """One ``session/update``: shown while a turn runs, else dropped."""
        update = params.get("update")
        if not isinstance(update, dict):
            log.warning("ignoring a session/update without an update object")
        elif not self._our_session(params):
            return
        elif not self.turn.running:
            log.debug(
                "dropping a session/update outside a turn: %.100r", update.get("sessionUpdate")
            )
        else:
            route_update(update, self.outbox, self.tools, self.client_version, self.logged_kinds)

    # -- the agent is gone ----------------------------------------------------------------

    def _agent_ended(self, agent: int, failure: dict[str, Any]) -> list[Output]:
        """Remember why the agent is gone (``failure``) and fail the legacy requests
        waiting on it (a cancelled turn still ends ``null``: :func:`.cancel.turn_answer`)."""
        if agent != 0 or self.connection.state is _C.GONE:
            return []
        self.tools.drop_permissions()
        if self.turn.running:
            prompt_id, cancelled = self.turn.end_turn()
            self.tools.end_turn()
            self.outbox.respond(cancel.turn_answer(cancelled, prompt_id, failure))
        waiting = [
            c.client_id for c in self.agent.pending().values() if c.method != "session/prompt"
        ]
        waiting += [client_id for client_id, _ in self.deferred]
        self.deferred = []
        for client_id in waiting:
            self.outbox.respond(rpc.error(client_id, **failure))
        self.connection.gone(failure)
        return self.outbox.flush()
