"""The downgrade translator: one current ACP v1 agent behind a legacy 0.0.x client.

acp-compat acts as a legacy **agent** toward the client and as a current **client**
toward agent process ``0`` (started by the shell). behaviour.md §3 is the contract; the
tool-call cards live in :mod:`.tool_calls`, the ordered client stream in :mod:`.outbox`,
session updates are routed by :mod:`.updates`, file requests by :mod:`.file_access`.

Choices the contract leaves open, made here:
* ordering: everything bound for the client leaves in one FIFO; a message that needs a
  tool id the client has not handed out yet holds back itself and all after it (one
  round trip at most), so nothing is reordered and the ``sendUserMessage`` result is last.
  The one exception is the ``cancelSendMessage`` answer: the contract wants it at once,
  and it closes nothing the queued messages belong to;
* a ``sendUserMessage`` sent while ``initialize``/``authenticate`` is still busy with the
  agent waits for it; one sent during a running turn gets ``-32600``;
* after ``cancelSendMessage``, a ``session/prompt`` that fails still ends the legacy turn
  with ``null`` (older agents reported the abort as an error; the user asked to stop),
  and permission requests arriving after the cancel are answered ``cancelled`` at once;
* an ``allow`` when the agent offers no ``allow_once`` option, an unknown outcome and a
  confirmation the client fails all become ``cancelled``: a permission is never widened;
* a ``tool_call`` already ``completed``/``failed`` is pushed, then updated; an update
  with neither status nor content sends nothing (title/kind/locations cannot be shown);
  tool call ids are per turn (agents reuse them), so a later turn's call gets a new card;
* a ``plan`` for a client older than 0.0.10 becomes a "Plan" card per turn, ``running``
  until every entry is completed or the turn ends, then ``finished``;
* a permission request for a call the client already shows makes a second card there
  (legacy has no other way to ask); the first card gets the same updates from then on;
* a ``cancelSendMessage`` while a ``sendUserMessage`` waits for the setup ends that
  message with ``null`` before it starts;
* ``authenticate`` with no method the agent runs itself: ``-32000`` naming
  ``--auth-method`` and listing the offered methods in ``data.details``;
* once the agent is gone, waiting and later legacy requests get ``-32603`` naming the exit
  code (or the start failure), the stderr tail in ``data.details``.
"""

from __future__ import annotations

import logging
from typing import Any

from acp_compat._define import define
from acp_compat.jsonrpc import messages as rpc
from acp_compat.translate.base import OutboundRequests, Output, ToAgent, ToClient
from acp_compat.translate.cancelled import CancellableRequests
from acp_compat.translate.lifecycle import (
    SESSION_TRANSITIONS,
    SessionEvent,
    SessionState,
    allows,
    transition,
)

from . import file_access
from .content import BadChunks, prompt_blocks, stop_note
from .file_access import FS_METHODS, FsCall
from .mapping import agent_run_method, offered_methods
from .options import DowngradeOptions
from .outbox import ClientOutbox
from .tool_calls import Assign, Confirm, Notice, ToolCallRelay
from .updates import queue_chunk, route_update

log = logging.getLogger("acp_compat.translate.downgrade")

PROTOCOL_VERSION = 1


@define(eq=False)
class _AgentCall:
    """Context of a request acp-compat sent the agent on behalf of a legacy request."""

    method: str
    client_id: rpc.RequestId
    purpose: str = ""
    """For ``session/new``: ``"initialize"`` (the auth probe) or ``"authenticate"``."""


class DowngradeTranslator:
    """Sans-IO translator: a legacy 0.0.x client in front of one current ACP v1 agent."""

    def __init__(self, options: DowngradeOptions) -> None:
        self.options = options
        self._outbox = ClientOutbox()
        self._tools = ToolCallRelay(self._outbox)
        self._agent = OutboundRequests[_AgentCall](options.agent0_next_id)
        self._client_version: str | None = None
        self._agent_info: dict[str, Any] | None = None
        self._setup: _AgentCall | None = None
        """The legacy initialize/authenticate whose agent exchange is in flight."""
        self._session_id: str | None = None
        self._turn = SessionState.IDLE
        """The session's turn; it moves only through :meth:`_apply` (the legacy
        ``sendUserMessage`` being served travels with its prompt call)."""
        self._agent_gone: str | None = None
        self._agent_stderr = ""
        self._deferred: list[tuple[rpc.RequestId, Any]] = []
        """``sendUserMessage`` requests that arrived while the setup was in flight."""
        self._logged_kinds: set[str] = set()
        """Session update kinds a legacy client cannot show, logged once each."""
        self._cancellable = CancellableRequests()
        """The agent's requests waiting on the client, which its ``$/cancel_request``
        settles (:mod:`acp_compat.translate.cancelled`)."""

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
        return self._cancellable.screen(out + self._outbox.flush())

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
            self._tools.release_held()
        out: list[Output] = []
        if kind is rpc.Kind.REQUEST:
            self._cancellable.received(0, message["id"])
            out += self._agent_request(message["id"], message["method"], params)
        elif kind is rpc.Kind.NOTIFICATION:
            if message["method"] == "session/update":
                self._session_update(params)
            elif message["method"] == "$/cancel_request":
                answer = self._cancellable.cancel(0, params.get("requestId"))
                if answer is not None:
                    out.append(ToAgent(0, answer))
            else:
                log.debug("ignoring agent notification %s", message["method"])
        elif kind in (rpc.Kind.RESPONSE, rpc.Kind.ERROR):
            out += self._agent_response(message)
        else:
            log.warning("ignoring an invalid message from the agent")
        return self._cancellable.screen(out + self._outbox.flush())

    def agent_exited(self, agent: int, returncode: int | None, stderr_tail: str) -> list[Output]:
        """The agent is gone: fail what waited on it, and every later legacy request."""
        if agent != 0:
            return []
        self._gone(f"The agent exited (code {returncode})", stderr_tail)
        return self._cancellable.screen(self._outbox.flush())

    def agent_lost(self, agent: int, reason: str) -> list[Output]:
        """The agent is unreachable (``reason``): fail what waited on it, as for an exit."""
        if agent != 0:
            return []
        self._gone(f"Lost the agent: {reason}", "")
        return self._cancellable.screen(self._outbox.flush())

    def agent_start_failed(self, agent: int, reason: str) -> list[Output]:
        """The agent could not be started: fail what waited on it, and every later request."""
        if agent != 0:
            return []
        self._gone(f"The agent could not be started: {reason}", "")
        return self._cancellable.screen(self._outbox.flush())

    def file_done(
        self, token: int, content: str | None = None, error: str | None = None
    ) -> list[Output]:
        """Never expected: this translator asks for no local file effects."""
        log.warning("ignoring a file result for token %s: none was requested", token)
        return []

    def client_drained(self) -> list[Output]:
        """Never expected: this translator holds nothing back for the client."""
        return []

    # -- requests from the legacy client --------------------------------------------------

    def _client_request(self, id: rpc.RequestId, method: str, params: Any) -> list[Output]:
        """Dispatch one legacy request."""
        if method == "cancelSendMessage":
            return self._cancel(id)
        handler = {
            "initialize": self._initialize,
            "authenticate": self._authenticate,
            "sendUserMessage": self._send_user_message,
        }.get(method)
        if handler is None:
            self._outbox.respond(
                rpc.error(id, rpc.METHOD_NOT_FOUND, "Method not found", {"details": method})
            )
            return []
        if self._agent_gone is not None:
            self._outbox.respond(self._gone_error(id))
            return []
        return handler(id, params)

    def _initialize(self, id: rpc.RequestId, params: Any) -> list[Output]:
        """Legacy ``initialize``: current ``initialize``, then the ``session/new`` probe."""
        version = params.get("protocolVersion") if isinstance(params, dict) else None
        if (params is not None and not isinstance(params, dict)) or (
            version is not None and not isinstance(version, str)
        ):
            self._outbox.respond(
                rpc.error(id, rpc.INVALID_PARAMS, "initialize: protocolVersion must be a string")
            )
            return []
        if self._setup is not None:
            # Refused: it must not change the version the first initialize is answered.
            return self._busy(id)
        self._client_version = version
        if self._session_id is not None:
            self._outbox.respond(rpc.result(id, self._initialize_result(True)))
            return []
        if self._agent_info is None and self.options.agent0_initialized is not None:
            self._agent_info = self.options.agent0_initialized
        if self._agent_info is not None:
            return self._new_session(id, "initialize")
        capability = self.options.client_fs
        self._setup = _AgentCall("initialize", id)
        return [
            self._to_agent(
                self._setup,
                {
                    "protocolVersion": PROTOCOL_VERSION,
                    "clientCapabilities": {
                        "fs": {"readTextFile": capability, "writeTextFile": capability},
                        "terminal": False,
                    },
                    "clientInfo": {
                        "name": "acp-compat",
                        "version": self.options.client_info_version,
                    },
                },
            )
        ]

    def _initialize_result(self, authenticated: bool) -> dict[str, Any]:
        """The legacy ``initialize`` result: the client's own version echoed back."""
        result: dict[str, Any] = {"isAuthenticated": authenticated}
        if self._client_version is not None:
            # Legacy SDK clients accept only their exact own 0.0.x version.
            result = {"protocolVersion": self._client_version, **result}
        return result

    def _authenticate(self, id: rpc.RequestId, params: Any) -> list[Output]:
        """Legacy ``authenticate``: current ``authenticate {methodId}``, then ``session/new``."""
        if self._setup is not None:
            return self._busy(id)
        if self._agent_info is None:
            self._outbox.respond(rpc.error(id, rpc.INVALID_REQUEST, "Call initialize first"))
            return []
        method_id = self.options.auth_method or agent_run_method(self._agent_info)
        if method_id is None:
            self._outbox.respond(
                rpc.error(
                    id,
                    rpc.AUTH_REQUIRED,
                    "The agent offers no login it runs itself; log in with the agent's own "
                    "tools, or name a method with acp-compat --auth-method",
                    {"details": offered_methods(self._agent_info)},
                )
            )
            return []
        self._setup = _AgentCall("authenticate", id)
        return [self._to_agent(self._setup, {"methodId": method_id})]

    def _new_session(self, client_id: rpc.RequestId, purpose: str) -> list[Output]:
        """Send ``session/new`` for the legacy request ``client_id``."""
        self._setup = _AgentCall("session/new", client_id, purpose)
        return [self._to_agent(self._setup, {"cwd": self.options.cwd, "mcpServers": []})]

    def _send_user_message(self, id: rpc.RequestId, params: Any) -> list[Output]:
        """Legacy ``sendUserMessage``: ``session/prompt``; answered when the turn ends.

        One sent while initialize or authenticate is still busy with the agent waits for
        it (a client that does not wait for the answer must not be told to log in).
        """
        if self._setup is not None:
            self._deferred.append((id, params))
            return []
        if self._session_id is None:
            if self._agent_info is None:
                self._outbox.respond(rpc.error(id, rpc.INVALID_REQUEST, "Call initialize first"))
            else:
                self._outbox.respond(rpc.error(id, rpc.AUTH_REQUIRED, "Authentication required"))
            return []
        if not allows(SESSION_TRANSITIONS, self._turn, SessionEvent.PROMPT):
            self._outbox.respond(
                rpc.error(id, rpc.INVALID_REQUEST, "A message is already being processed")
            )
            return []
        try:
            blocks = prompt_blocks(params, self.options.cwd)
        except BadChunks as problem:
            self._outbox.respond(rpc.error(id, rpc.INVALID_PARAMS, str(problem)))
            return []
        self._apply(SessionEvent.PROMPT)
        self._tools.new_turn()
        call = _AgentCall("session/prompt", id)
        return [self._to_agent(call, {"sessionId": self._session_id, "prompt": blocks})]

    def _cancel(self, id: rpc.RequestId) -> list[Output]:
        """Legacy ``cancelSendMessage``: ``session/cancel``, answered ``null`` at once.

        Open permission requests are answered ``cancelled`` here (the protocol says the
        client must); the legacy client's later answers to them are dropped. Messages still
        waiting for the setup are stopped before they began: each ends with ``null``.
        """
        out: list[Output] = [ToClient(rpc.result(id, None))]
        for client_id, _ in self._deferred:
            self._outbox.respond(rpc.result(client_id, None))
        self._deferred = []
        if not allows(SESSION_TRANSITIONS, self._turn, SessionEvent.CANCEL):
            return out  # no turn running, cancelled already, or the agent is gone
        self._apply(SessionEvent.CANCEL)
        out.append(ToAgent(0, rpc.notification("session/cancel", {"sessionId": self._session_id})))
        out += [ToAgent(0, answer) for answer in self._tools.cancel_permissions()]
        return out

    def _apply(self, event: SessionEvent) -> None:
        """Move the turn to the state ``event`` leads to (or raise ``LifecycleError``)."""
        self._turn = transition(SESSION_TRANSITIONS, "session", self._turn, event)

    def _busy(self, id: rpc.RequestId) -> list[Output]:
        """Refuse a second setup request while one is in flight."""
        self._outbox.respond(
            rpc.error(id, rpc.INVALID_REQUEST, "initialize or authenticate already in progress")
        )
        return []

    # -- answers from the legacy client ---------------------------------------------------

    def _client_response(self, message: rpc.Message) -> list[Output]:
        """The client answered one of acp-compat's requests."""
        context = self._outbox.requests.settle(message.get("id"))
        failed = "error" in message and message["error"] is not None
        result = None if failed else message.get("result")
        if context is None:
            log.warning("ignoring a client response to unknown id %r", message.get("id"))
        elif isinstance(context, Assign):
            self._tools.assigned(context, None if failed else result)
        elif isinstance(context, Confirm):
            answer = self._tools.confirmed(context, None if failed else (result or {}))
            if answer is not None and self._agent_gone is None:
                return [ToAgent(0, answer)]
        elif isinstance(context, FsCall):
            return [] if self._agent_gone is not None else [file_access.answer(context, message)]
        elif failed and isinstance(context, Notice):
            log.warning("the client failed %s: %r", context.method, message["error"])
        return []

    # -- the agent ------------------------------------------------------------------------

    def _to_agent(self, context: _AgentCall, params: dict[str, Any]) -> Output:
        """A request to the agent, its id remembered with ``context``."""
        return ToAgent(0, rpc.request(self._agent.add(context), context.method, params))

    def _agent_response(self, message: rpc.Message) -> list[Output]:
        """The agent answered one of acp-compat's requests."""
        call = self._agent.settle(message.get("id"))
        if call is None:
            log.warning("ignoring an agent response to unknown id %r", message.get("id"))
            return []
        error = message.get("error")
        result = message.get("result")
        if call.method == "session/prompt":
            self._prompt_done(call, error, result)
            return []
        self._setup = None
        out = self._setup_answered(call, error, result)
        if self._setup is None and self._deferred:
            # Messages the client sent before the setup finished, in their order.
            deferred, self._deferred = self._deferred, []
            for client_id, params in deferred:
                out += self._send_user_message(client_id, params)
        return out

    def _setup_answered(self, call: _AgentCall, error: Any, result: Any) -> list[Output]:
        """The agent answered a step of a legacy initialize or authenticate."""
        if call.method == "initialize":
            return self._initialized(call, error, result)
        if call.method == "authenticate":
            if error is not None:
                self._outbox.respond(rpc.forwarded_error(call.client_id, error))
                return []
            if self._session_id is not None:
                self._outbox.respond(rpc.result(call.client_id, None))
                return []
            return self._new_session(call.client_id, "authenticate")
        self._session_created(call, error, result)
        return []

    def _initialized(self, call: _AgentCall, error: Any, result: Any) -> list[Output]:
        """The agent's ``initialize`` answer: go on with the ``session/new`` probe."""
        if error is not None:
            self._outbox.respond(rpc.forwarded_error(call.client_id, error))
            return []
        version = result.get("protocolVersion") if isinstance(result, dict) else None
        if version != PROTOCOL_VERSION or isinstance(version, bool):
            self._outbox.respond(
                rpc.error(
                    call.client_id,
                    rpc.INTERNAL_ERROR,
                    f"The agent answered protocolVersion {version!r}; acp-compat needs 1",
                )
            )
            return []
        assert isinstance(result, dict)
        self._agent_info = result
        return self._new_session(call.client_id, "initialize")

    def _session_created(self, call: _AgentCall, error: Any, result: Any) -> None:
        """The agent's ``session/new`` answer ends a legacy initialize or authenticate."""
        if error is not None:
            code = error.get("code") if isinstance(error, dict) else None
            if call.purpose == "initialize" and code == rpc.AUTH_REQUIRED:
                self._outbox.respond(rpc.result(call.client_id, self._initialize_result(False)))
            else:
                self._outbox.respond(rpc.forwarded_error(call.client_id, error))
            return
        session_id = result.get("sessionId") if isinstance(result, dict) else None
        if not isinstance(session_id, str):
            self._outbox.respond(
                rpc.error(call.client_id, rpc.INTERNAL_ERROR, "The agent returned no sessionId")
            )
            return
        self._session_id = session_id
        answer = self._initialize_result(True) if call.purpose == "initialize" else None
        self._outbox.respond(rpc.result(call.client_id, answer))

    def _prompt_done(self, call: _AgentCall, error: Any, result: Any) -> None:
        """The turn is over: a note for unusual stop reasons, then the legacy ``null``."""
        if self._turn is SessionState.ENDED:
            # A lost agent's late answer: the client heard of the loss already.
            log.info("ignoring the answer to session/prompt of an agent that is gone")
            return
        cancelled = self._turn is SessionState.CANCELLING
        self._apply(SessionEvent.TURN_END)
        self._tools.end_turn()
        if error is not None and not cancelled:
            self._outbox.respond(rpc.forwarded_error(call.client_id, error))
            return
        note = stop_note(result.get("stopReason") if isinstance(result, dict) else None)
        if note is not None and error is None:
            queue_chunk(self._outbox, {"text": f"\n\n{note}"})
        self._outbox.respond(rpc.result(call.client_id, None))

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
            if self._turn is SessionState.CANCELLING:
                return [ToAgent(0, rpc.result(id, {"outcome": {"outcome": "cancelled"}}))]
            self._tools.on_permission(id, params)
            return []
        if self.options.client_fs and method in FS_METHODS:
            return file_access.forward(self._outbox, id, method, params)
        return [ToAgent(0, rpc.error(id, rpc.METHOD_NOT_FOUND, "Method not found"))]

    # -- session updates ------------------------------------------------------------------

    def _our_session(self, params: dict[str, Any]) -> bool:
        """Whether ``params`` belong to the session (before it is known: assume so)."""
        session_id = params.get("sessionId")
        if self._session_id is None or session_id == self._session_id:
            return True
        log.warning("ignoring a message for unknown session %r", session_id)
        return False

    def _session_update(self, params: dict[str, Any]) -> None:
        """One ``session/update``."""
        update = params.get("update")
        if not isinstance(update, dict):
            log.warning("ignoring a session/update without an update object")
        elif self._our_session(params):
            route_update(
                update, self._outbox, self._tools, self._client_version, self._logged_kinds
            )

    # -- the agent is gone ----------------------------------------------------------------

    def _gone(self, reason: str, stderr_tail: str) -> None:
        """Remember why the agent is gone and fail the legacy requests waiting on it."""
        if self._agent_gone is not None:
            return
        self._agent_gone = reason
        self._agent_stderr = stderr_tail
        self._tools.release_held()
        self._tools.drop_permissions()
        waiting = [call.client_id for call in self._agent.pending().values()]
        waiting += [client_id for client_id, _ in self._deferred]
        self._deferred = []
        for client_id in waiting:
            self._outbox.respond(self._gone_error(client_id))
        self._setup = None
        self._apply(SessionEvent.AGENT_GONE)

    def _gone_error(self, id: rpc.RequestId) -> rpc.Message:
        """The error a legacy request gets once the agent is gone."""
        assert self._agent_gone is not None
        details = self._agent_stderr or self._agent_gone
        return rpc.error(id, rpc.INTERNAL_ERROR, self._agent_gone, {"details": details})
