"""The client side of the upgrade translator: current ACP requests, notifications and the
client's answers to what acp-compat asked it."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from acp_compat._lazy import lazy_module
from acp_compat.codec import CodecError, Problem, structure
from acp_compat.codec.errors import describe
from acp_compat.jsonrpc.messages import (
    AUTHENTICATION_REQUIRED,
    INTERNAL_ERROR,
    INVALID_PARAMS,
    INVALID_REQUEST,
    METHOD_NOT_FOUND,
    Kind,
    Message,
    RequestId,
    cancelled_id,
    classify,
    error,
    error_object,
    forwarded_error,
    request,
    result,
)
from acp_compat.models import legacy_wire
from acp_compat.models.current import wire
from acp_compat.models.current.initialize import AuthenticateRequest, InitializeRequest
from acp_compat.translate import paths
from acp_compat.translate.base import (
    Output,
    ToAgent,
    ToClient,
)
from acp_compat.translate.lifecycle import ProcessState, SessionEvent, SessionState
from acp_compat.translate.probe import current_initialize_params
from acp_compat.translate.upgrade import cancel, modes
from acp_compat.translate.upgrade.core import UpgradeState, log
from acp_compat.translate.upgrade.modes import Mode
from acp_compat.translate.upgrade.records import (
    AgentRecord,
    InitializeControl,
    InitializeForClient,
    InitializeForSession,
    PermissionFor,
    Role,
    SendFor,
    SessionRecord,
)
from acp_compat.translate.upgrade.turn_end import session_update

if TYPE_CHECKING:
    from acp_compat.models.current import prompt as prompt_models
    from acp_compat.models.current import session as session_models
    from acp_compat.models.legacy import ToolCallConfirmationOutcome as Outcome
    from acp_compat.translate.upgrade import prompt as prompts
else:
    # Loaded at the first prompt, not before ``initialize`` is answered (acp_compat/_lazy.py).
    prompt_models = lazy_module("acp_compat.models.current.prompt")
    prompts = lazy_module("acp_compat.translate.upgrade.prompt")
    # At session/new: the session models (MCP servers, config options: some 45 attrs
    # classes) are not needed before it.
    session_models = lazy_module("acp_compat.models.current.session")

_AGENT0_CLOSED: dict[str, Any] = error_object(
    INTERNAL_ERROR,
    "The agent's initialize failed and its process has been closed; restart the agent to try again",
)
"""The answer to an ``initialize`` that arrives after agent process 0 was closed unready."""

UNSUPPORTED_METHODS = frozenset({"session/load", "session/set_model", "session/resume"})
"""Current methods a legacy agent has no counterpart for: ``-32601``."""

_MODE_VALUE_EXPECTED = (
    f"config option {modes.MODE_CONFIG_ID!r} is a select: expected a value id string "
    f"(no type), one of {modes.offered()}"
)
"""Why a ``session/set_config_option`` value of another type cannot set the mode."""


class ClientSide(UpgradeState):
    """Handles what the current client sends (a part of the translator)."""

    def from_client(self, message: Message) -> list[Output]:
        """Handle one message from the client (requests, notifications, responses)."""
        kind = classify(message)
        if kind is Kind.REQUEST:
            return self._client_request(message)
        if kind is Kind.NOTIFICATION:
            return self._client_notification(message)
        if kind is Kind.RESPONSE or kind is Kind.ERROR:
            return self._client_response(message, kind)
        log.warning("client sent an invalid JSON-RPC message: %.200r", message)
        return [ToClient(error(None, INVALID_REQUEST, "Invalid Request"))]

    def _client_request(self, message: Message) -> list[Output]:
        request_id = message["id"]
        method = message["method"]
        params = message.get("params")
        if method in UNSUPPORTED_METHODS or method not in _CLIENT_HANDLERS:
            return [ToClient(error(request_id, METHOD_NOT_FOUND, f"Method not found: {method}"))]
        if params is None:
            params = {}
        try:
            if not isinstance(params, dict):
                raise CodecError([Problem("params", "expected an object")])
            return _CLIENT_HANDLERS[method](self, request_id, params)
        except CodecError as err:
            problem = error(request_id, INVALID_PARAMS, f"Invalid params: {err}", err.to_data())
            return [ToClient(problem)]

    def _session(self, session_id: str) -> SessionRecord:
        """The session ``session_id`` names (a client request's): ``-32602`` naming
        ``params.sessionId`` if there is none (never created, or closed)."""
        session = self.sessions.get(session_id)
        if session is None:
            problem = f"unknown session {describe(session_id)}"
            raise CodecError([Problem("params.sessionId", problem)])
        return session

    def _client_notification(self, message: Message) -> list[Output]:
        method = message["method"]
        params = message.get("params")
        if method == "session/cancel":
            session_id = params.get("sessionId") if isinstance(params, dict) else None
            return cancel.session_cancel(self, session_id)
        if method == "$/cancel_request":
            return cancel.cancel_request(self, cancelled_id(params))
        log.debug("ignoring client notification %s", method)
        return []

    def _initialize(self, request_id: RequestId, params: dict[str, Any]) -> list[Output]:
        params = current_initialize_params(params)
        capabilities = structure(params, InitializeRequest, at="params").client_capabilities
        fs = capabilities.fs if capabilities is not None else None
        if fs is not None:
            self.client_reads = fs.read_text_file is True
            self.client_writes = fs.write_text_file is True
        agent0 = self.agents[0]
        if agent0.lifecycle.initialize_result is not None:
            self.client_initialized = True
            return [ToClient(result(request_id, self.initialize_result()))]
        failure = agent0.lifecycle.failure
        if failure is not None:
            return [ToClient(error(request_id, **failure))]
        if not agent0.lifecycle.usable:
            # Agent 0 failed its initialize and was then closed as idle (a session was
            # made in another directory): nothing can answer, so the client learns it now
            # instead of waiting for an answer from a process that is going away.
            return [ToClient(error(request_id, **_AGENT0_CLOSED))]
        return [self.send_initialize(agent0, InitializeForClient(request_id))]

    def _authenticate(self, request_id: RequestId, params: dict[str, Any]) -> list[Output]:
        # Any method id runs the legacy login: the agent has only the one.
        structure(params, AuthenticateRequest, at="params")
        control = self.agents.login_process()
        if control is None:
            # No live process can run the login: start one where agent 0 was started.
            launch_cwd = self.options.launch_cwd
            control, outputs = self.start_agent(launch_cwd, InitializeControl())
            control.queued_auth.append(request_id)
            return outputs
        if control.state is ProcessState.INITIALIZING:
            control.queued_auth.append(request_id)
            return []
        return [self.send_authenticate(control, request_id)]

    def _session_new(self, request_id: RequestId, params: dict[str, Any]) -> list[Output]:
        new = structure(params, session_models.NewSessionRequest, at="params")
        cwd, servers = new.cwd, new.mcp_servers
        if not paths.is_absolute(cwd):
            raise CodecError([Problem("params.cwd", "expected an absolute path")])
        problem = paths.unusable(cwd)
        if problem is not None:
            raise CodecError([Problem("params.cwd", problem)])
        if not self.client_initialized:
            return [ToClient(error(request_id, INVALID_REQUEST, "session/new before initialize"))]
        if not self.authenticated:
            return [ToClient(error(request_id, AUTHENTICATION_REQUIRED, "Authentication required"))]
        if servers:
            log.warning(
                "a legacy agent cannot take MCP servers from the client; ignoring %d of them",
                len(servers),
            )
        session_id = self.options.new_session_id()
        agent0 = self.agents[0]
        first = agent0.role is Role.LAUNCH
        if first:
            # The first session decides: agent 0 serves it, or is closed once idle (it
            # still runs logins until then).
            agent0.role = Role.CONTROL
            if agent0.lifecycle.usable and paths.same_directory(cwd, self.options.launch_cwd):
                return [self.open_session(agent0, request_id, session_id, cwd)]
        outputs = self.release_if_idle(agent0) if first else []
        _, started = self.start_agent(cwd, InitializeForSession(request_id, session_id, cwd))
        return outputs + started

    def _session_prompt(self, request_id: RequestId, params: dict[str, Any]) -> list[Output]:
        prompt = structure(params, prompt_models.PromptRequest, at="params")
        session = self._session(prompt.session_id)
        chunks = prompts.prompt_to_chunks(prompt.prompt)
        if session.lifecycle.failure is not None:
            return [ToClient(error(request_id, **session.lifecycle.failure))]
        if not session.lifecycle.allows(SessionEvent.PROMPT):
            busy = "A prompt is already running in this session"
            return [ToClient(error(request_id, INVALID_REQUEST, busy))]
        proc = self.agents[session.agent]
        legacy_id = proc.outbound.add(SendFor(session.session_id))
        session.lifecycle.start_turn(request_id)
        session.updated_at = self.options.now()
        if session.title is None:
            session.title = prompts.prompt_title(prompt.prompt)
        message = legacy_wire.send_user_message_params(chunks=chunks)
        return [ToAgent(proc.number, request(legacy_id, "sendUserMessage", message))]

    def _session_list(self, request_id: RequestId, params: dict[str, Any]) -> list[Output]:
        """The sessions this relay has open (not those whose process is gone), in the order
        they were made, in one page: there is never a next cursor to pass back."""
        listing = structure(params, session_models.ListSessionsRequest, at="params")
        cwd = listing.cwd
        if cwd is not None and not paths.is_absolute(cwd):
            raise CodecError([Problem("params.cwd", "expected an absolute path")])
        if listing.cursor is not None:
            raise CodecError([Problem("params.cursor", "unknown cursor: every list is one page")])
        sessions = []
        for session in self.sessions.values():
            if session.lifecycle.state is SessionState.ENDED:
                continue
            if cwd is not None and not paths.same_directory(session.cwd, cwd):
                continue
            info = wire.session_info(
                session_id=session.session_id,
                cwd=session.cwd,
                title=session.title,
                updated_at=session.updated_at,
            )
            sessions.append(info)
        return [ToClient(result(request_id, wire.list_sessions_response(sessions=sessions)))]

    def _session_close(self, request_id: RequestId, params: dict[str, Any]) -> list[Output]:
        closing = structure(params, session_models.CloseSessionRequest, at="params")
        session = self._session(closing.session_id)
        proc = self.agents[session.agent]
        stop = proc.lifecycle.usable
        # What the client was asked for this process is withdrawn first (as on an exit).
        outputs = (
            cancel.withdraw(self, lambda context: context.agent == proc.number) if stop else []
        )
        if session.lifecycle.running:
            # The process is going away, so the turn ends as a cancelled one would.
            outputs += self.finish_turn(session, cancel.cancelled_answer)
        else:
            outputs += self.turn_ends.cut_short(session.session_id)
        del self.sessions[session.session_id]
        proc.session_id = None
        if stop:
            outputs.append(self.stop(proc))
        outputs.append(ToClient(result(request_id, wire.close_session_response())))
        return outputs

    def _set_mode(self, request_id: RequestId, params: dict[str, Any]) -> list[Output]:
        change = structure(params, session_models.SetSessionModeRequest, at="params")
        session = self._session(change.session_id)
        mode = modes.mode_named(change.mode_id)
        if mode is None:
            problem = (
                f"unknown mode {describe(change.mode_id)}; this session offers {modes.offered()}"
            )
            raise CodecError([Problem("params.modeId", problem)])
        return self._switch(session, mode, request_id, wire.set_session_mode_response())

    def _set_config_option(self, request_id: RequestId, params: dict[str, Any]) -> list[Output]:
        change: session_models.SetSessionConfigOptionRequest = structure(
            params, session_models.SetSessionConfigOptionRequest, at="params"
        )
        if isinstance(change, session_models.UnknownSetSessionConfigOptionRequest):
            if not isinstance(change.data.get("value"), str):
                raise CodecError([Problem("params.type", _MODE_VALUE_EXPECTED)])
            # The schema reads an unknown type with a string value as a value id.
            untyped = {key: value for key, value in change.data.items() if key != "type"}
            change = structure(untyped, session_models.SetSessionConfigOptionValueId, at="params")
        session = self._session(change.session_id)
        if change.config_id != modes.MODE_CONFIG_ID:
            problem = (
                f"unknown config option {describe(change.config_id)}; this session offers "
                f"{modes.MODE_CONFIG_ID!r}"
            )
            raise CodecError([Problem("params.configId", problem)])
        if isinstance(change, session_models.SetSessionConfigOptionBoolean):
            raise CodecError([Problem("params.value", _MODE_VALUE_EXPECTED)])
        mode = modes.mode_named(change.value)
        if mode is None:
            problem = f"unknown value {describe(change.value)}; expected one of {modes.offered()}"
            raise CodecError([Problem("params.value", problem)])
        answer = wire.set_session_config_option_response(config_options=modes.config_options(mode))
        return self._switch(session, mode, request_id, answer)

    def _switch(
        self, session: SessionRecord, mode: Mode, request_id: RequestId, answer: dict[str, Any]
    ) -> list[Output]:
        """Put ``session`` in ``mode`` (from its next confirmation on: a permission request
        already at the client stays the user's) and say so both ways, before the result
        ``answer``, so a client that reads the mode once its request is answered reads the
        new one."""
        failure = session.lifecycle.failure
        if failure is not None:
            # Its process is gone, so it is no longer open (session/list leaves it out):
            # the switch gets the error its prompts get, and nothing says it changed.
            return [ToClient(error(request_id, **failure))]
        if session.mode is not mode:
            log.info("session %s: mode %s", session.session_id, mode.value)
        session.mode = mode
        current, options = modes.mode_updates(mode)
        return [
            session_update(session.session_id, current),
            session_update(session.session_id, options),
            ToClient(result(request_id, answer)),
        ]

    def _client_response(self, message: Message, kind: Kind) -> list[Output]:
        context = self.client_requests.settle(message.get("id"))
        if context is None:
            log.warning("client answered unknown request id %r", message.get("id"))
            return []
        proc = self.agents[context.agent]
        if isinstance(context, PermissionFor):
            return self._permission_answered(proc, context, message, kind)
        if not proc.lifecycle.alive:
            return []
        if kind is Kind.ERROR:
            return [ToAgent(proc.number, forwarded_error(context.legacy_id, message["error"]))]
        value = message.get("result")
        if not context.read:
            return [ToAgent(proc.number, result(context.legacy_id, None))]
        content = value.get("content") if isinstance(value, dict) else None
        if not isinstance(content, str):
            log.warning("client answered fs/read_text_file without content: %.200r", value)
            missing = "The client returned no file content"
            return [ToAgent(proc.number, error(context.legacy_id, INTERNAL_ERROR, missing))]
        answer = legacy_wire.read_text_file_response(content=content)
        return [ToAgent(proc.number, result(context.legacy_id, answer))]

    def _permission_answered(
        self, proc: AgentRecord, context: PermissionFor, message: Message, kind: Kind
    ) -> list[Output]:
        if context.withdrawn:
            log.info(
                "client answered withdrawn session/request_permission %r (dropped)",
                message.get("id"),
            )
            return []
        outcome = self._legacy_outcome(context, message, kind)
        if not proc.lifecycle.alive:
            return []
        if outcome == "cancel":
            return cancel.permission_cancelled(self, proc, context)
        return self.answer_confirmation(
            proc, context.session_id, context.legacy_id, context.tool_id, outcome
        )

    def _legacy_outcome(self, context: PermissionFor, message: Message, kind: Kind) -> Outcome:
        if kind is Kind.ERROR:
            log.warning(
                "client failed session/request_permission (%r); rejecting", message.get("error")
            )
            return "reject"
        value = message.get("result")
        outcome = value.get("outcome") if isinstance(value, dict) else None
        chosen = outcome.get("outcome") if isinstance(outcome, dict) else None
        if chosen == "cancelled":
            return "cancel"
        if chosen == "selected":
            assert isinstance(outcome, dict)
            option_id = outcome.get("optionId")
            # Only a string can name an offered option (a list would not even hash).
            if isinstance(option_id, str) and option_id in context.offered:
                return option_id
            log.warning("client selected option %r, which was not offered; rejecting", option_id)
            return "reject"
        log.warning("malformed session/request_permission answer %.200r; rejecting", value)
        return "reject"


ClientHandler = Callable[[ClientSide, RequestId, dict[str, Any]], list[Output]]

_CLIENT_HANDLERS: dict[str, ClientHandler] = {
    "initialize": ClientSide._initialize,
    "authenticate": ClientSide._authenticate,
    "session/new": ClientSide._session_new,
    "session/prompt": ClientSide._session_prompt,
    "session/close": ClientSide._session_close,
    "session/list": ClientSide._session_list,
    "session/set_mode": ClientSide._set_mode,
    "session/set_config_option": ClientSide._set_config_option,
}
