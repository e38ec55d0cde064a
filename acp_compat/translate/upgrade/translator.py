"""The upgrade translator: a current ACP agent toward the client, a legacy ACP client
toward one legacy agent process per session. See the package docstring for the choices."""

from __future__ import annotations

import logging
import os
from collections.abc import Callable
from typing import Any, TypeVar

from acp_compat.codec import CodecError, Problem, structure
from acp_compat.jsonrpc.messages import (
    AUTH_REQUIRED,
    INTERNAL_ERROR,
    INVALID_PARAMS,
    INVALID_REQUEST,
    METHOD_NOT_FOUND,
    Kind,
    Message,
    RequestId,
    classify,
    error,
    error_object,
    forwarded_error,
    notification,
    request,
    result,
)
from acp_compat.models.current import (
    AuthenticateRequest,
    CloseSessionRequest,
    InitializeRequest,
    NewSessionRequest,
    PromptRequest,
)
from acp_compat.translate.base import (
    OutboundRequests,
    Output,
    ReadLocalFile,
    StartAgent,
    StopAgent,
    ToAgent,
    ToClient,
    WriteLocalFile,
)
from acp_compat.translate.upgrade import agent_params, tools
from acp_compat.translate.upgrade.options import UpgradeOptions
from acp_compat.translate.upgrade.prompt import prompt_to_chunks
from acp_compat.translate.upgrade.session import (
    AgentContext,
    AgentProcess,
    AuthenticateFor,
    CancelSend,
    ClientContext,
    FileFor,
    InitializeControl,
    InitializeForClient,
    InitializeForSession,
    PermissionFor,
    SendFor,
    Session,
    ToolState,
    Turn,
)

log = logging.getLogger("acp_compat.translate.upgrade")

LEGACY_PROTOCOL_VERSION = "0.0.9"
LOGIN_METHOD_ID = "legacy-login"
UNSUPPORTED_METHODS = frozenset({
    "session/load", "session/set_mode", "session/set_config_option", "session/set_model",
    "session/list", "session/resume",
})
"""Current methods a legacy agent has no counterpart for: ``-32601``."""

ErrorMaker = Callable[[RequestId], Message]


def _same_dir(a: str, b: str) -> bool:
    """Whether two absolute paths name the same directory, without touching the disk."""
    return os.path.normcase(os.path.normpath(a)) == os.path.normcase(os.path.normpath(b))


def _reports_authenticated(legacy_result: Any) -> bool:
    """A legacy ``initialize`` result counts as authenticated unless it says ``false``."""
    return not (isinstance(legacy_result, dict) and legacy_result.get("isAuthenticated") is False)


T = TypeVar("T")


def _structure(params: dict[str, Any], cls: type[T]) -> T:
    """Client params as a typed model; problems' paths start at ``params``."""
    try:
        return structure(params, cls)
    except CodecError as err:
        raise err.prefixed("params") from None


def _invalid_params(request_id: RequestId, err: CodecError) -> Message:
    return error(request_id, INVALID_PARAMS, f"Invalid params: {err}", err.to_data())


def _session_update(session_id: str, update: dict[str, Any]) -> ToClient:
    return ToClient(notification("session/update", {"sessionId": session_id, "update": update}))


class UpgradeTranslator:
    """Sans-IO translator for a legacy ACP 0.0.x agent behind a current ACP v1 client.

    Implements :class:`acp_compat.translate.base.Translator`; agent process 0 is started
    by the shell in ``options.launch_cwd`` before the client's ``initialize``.
    """

    def __init__(self, options: UpgradeOptions) -> None:
        self._options = options
        agent0 = AgentProcess(
            number=0,
            cwd=options.launch_cwd,
            outbound=OutboundRequests(options.agent0_next_id),
            keep=True,
            initialized=options.agent0_initialized,
        )
        self._agents: dict[int, AgentProcess] = {0: agent0}
        self._next_agent = 1
        self._sessions: dict[str, Session] = {}
        self._client_out: OutboundRequests[ClientContext] = OutboundRequests(0)
        self._local_files: dict[int, FileFor] = {}
        self._next_token = 0
        self._client_reads = False
        self._client_writes = False
        self._client_initialized = False
        self._authenticated = options.agent0_initialized is not None and _reports_authenticated(
            options.agent0_initialized
        )
        self._agent0_decided = False

    # ------------------------------------------------------------------ client side

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
        if not isinstance(params, dict):
            err = CodecError([Problem("params", "expected an object")])
            return [ToClient(_invalid_params(request_id, err))]
        try:
            return _CLIENT_HANDLERS[method](self, request_id, params)
        except CodecError as err:
            return [ToClient(_invalid_params(request_id, err))]

    def _client_notification(self, message: Message) -> list[Output]:
        if message["method"] == "session/cancel":
            params = message.get("params")
            session_id = params.get("sessionId") if isinstance(params, dict) else None
            return self._cancel(session_id)
        # $/cancel_request is hop-scoped and every other unknown notification is ignored.
        log.debug("ignoring client notification %s", message["method"])
        return []

    def _initialize(self, request_id: RequestId, params: dict[str, Any]) -> list[Output]:
        capabilities = _structure(params, InitializeRequest).client_capabilities
        fs = capabilities.fs if capabilities is not None else None
        if fs is not None:
            self._client_reads = fs.read_text_file is True
            self._client_writes = fs.write_text_file is True
        agent0 = self._agents[0]
        if agent0.initialized is not None:
            self._client_initialized = True
            return [ToClient(result(request_id, self._initialize_result()))]
        if agent0.failure is not None:
            return [ToClient(error(request_id, **agent0.failure))]
        agent0.initializing = True
        legacy_id = agent0.outbound.add(InitializeForClient(request_id))
        return [ToAgent(0, self._legacy_initialize(legacy_id))]

    def _legacy_initialize(self, legacy_id: int) -> Message:
        return request(legacy_id, "initialize", {"protocolVersion": LEGACY_PROTOCOL_VERSION})

    def _initialize_result(self) -> dict[str, Any]:
        return {
            "protocolVersion": 1,
            "agentCapabilities": {
                "loadSession": False,
                "promptCapabilities": {"image": False, "audio": False, "embeddedContext": False},
                "mcpCapabilities": {"http": False, "sse": False},
                "sessionCapabilities": {"close": {}},
            },
            "authMethods": [{
                "id": LOGIN_METHOD_ID,
                "name": "Log in",
                "description": f"{self._options.command_name} runs its own login flow"
                " (for example a browser sign-in); acp-compat starts it.",
            }],
            "agentInfo": {
                "name": "acp-compat",
                "version": self._options.version,
                "title": f"{self._options.command_name} (legacy ACP via acp-compat)",
            },
        }

    def _authenticate(self, request_id: RequestId, params: dict[str, Any]) -> list[Output]:
        # Any method id runs the legacy login: the agent has only the one.
        _structure(params, AuthenticateRequest)
        control = self._control_agent()
        if control is None:
            # No live process can run the login: start one where agent 0 was started.
            control, outputs = self._start_agent(self._options.launch_cwd, InitializeControl())
            control.queued_auth.append(request_id)
            return outputs
        if control.initializing:
            control.queued_auth.append(request_id)
            return []
        return [self._send_authenticate(control, request_id)]

    def _control_agent(self) -> AgentProcess | None:
        """A live process to run ``authenticate`` on: agent 0 first, else an unbound one."""
        for proc in self._agents.values():
            if proc.alive and not proc.stopping and (proc.number == 0 or proc.control):
                return proc
        return None

    def _send_authenticate(self, proc: AgentProcess, client_id: RequestId) -> ToAgent:
        legacy_id = proc.outbound.add(AuthenticateFor(client_id))
        return ToAgent(proc.number, request(legacy_id, "authenticate"))

    def _start_agent(
        self, cwd: str, context: InitializeForSession | InitializeControl
    ) -> tuple[AgentProcess, list[Output]]:
        number = self._next_agent
        self._next_agent += 1
        proc = AgentProcess(
            number=number,
            cwd=cwd,
            outbound=OutboundRequests(0),
            initializing=True,
            control=isinstance(context, InitializeControl),
        )
        self._agents[number] = proc
        legacy_id = proc.outbound.add(context)
        return proc, [StartAgent(number, cwd), ToAgent(number, self._legacy_initialize(legacy_id))]

    def _session_new(self, request_id: RequestId, params: dict[str, Any]) -> list[Output]:
        new = _structure(params, NewSessionRequest)
        cwd, servers = new.cwd, new.mcp_servers
        if not os.path.isabs(cwd):
            raise CodecError([Problem("params.cwd", "expected an absolute path")])
        if not self._client_initialized:
            return [ToClient(error(request_id, INVALID_REQUEST, "session/new before initialize"))]
        if not self._authenticated:
            return [ToClient(error(request_id, AUTH_REQUIRED, "Authentication required"))]
        if servers:
            log.warning(
                "a legacy agent cannot take MCP servers from the client; ignoring %d of them",
                len(servers),
            )
        session_id = self._options.new_session_id()
        first = not self._agent0_decided
        self._agent0_decided = True
        agent0 = self._agents[0]
        agent0.keep = False
        if (first and _same_dir(cwd, self._options.launch_cwd) and agent0.alive
                and not agent0.stopping and agent0.session_id is None):
            self._bind(agent0, session_id, cwd)
            return [ToClient(result(request_id, {"sessionId": session_id}))]
        outputs = self._release_if_idle(agent0) if first else []
        _, started = self._start_agent(cwd, InitializeForSession(request_id, session_id, cwd))
        return outputs + started

    def _bind(self, proc: AgentProcess, session_id: str, cwd: str) -> None:
        proc.session_id = session_id
        self._sessions[session_id] = Session(session_id=session_id, agent=proc.number, cwd=cwd)

    def _release_if_idle(self, proc: AgentProcess) -> list[Output]:
        """Stop a process nobody needs any more: no session, nothing pending, not kept."""
        if (not proc.alive or proc.stopping or proc.keep or proc.session_id is not None
                or len(proc.outbound) or proc.queued_auth):
            return []
        proc.stopping = True
        return [StopAgent(proc.number)]

    def _lookup_session(self, session_id: str) -> Session:
        session = self._sessions.get(session_id)
        if session is None:
            raise CodecError([Problem("params.sessionId", f"unknown session {session_id!r}")])
        return session

    def _session_prompt(self, request_id: RequestId, params: dict[str, Any]) -> list[Output]:
        prompt = _structure(params, PromptRequest)
        session = self._lookup_session(prompt.session_id)
        chunks = prompt_to_chunks(prompt.prompt)
        if session.exit_error is not None:
            return [ToClient(error(request_id, **session.exit_error))]
        if session.turn is not None:
            return [ToClient(error(
                request_id, INVALID_REQUEST, "A prompt is already running in this session"
            ))]
        proc = self._agents[session.agent]
        legacy_id = proc.outbound.add(SendFor(session.session_id))
        session.turn = Turn(prompt_id=request_id, send_id=legacy_id)
        return [ToAgent(proc.number, request(legacy_id, "sendUserMessage", {"chunks": chunks}))]

    def _cancel(self, session_id: Any) -> list[Output]:
        session = self._sessions.get(session_id) if isinstance(session_id, str) else None
        if session is None or session.turn is None or session.turn.cancelling:
            log.debug("session/cancel with no running prompt (%r)", session_id)
            return []
        session.turn.cancelling = True
        proc = self._agents[session.agent]
        if not proc.alive:
            return []
        legacy_id = proc.outbound.add(CancelSend(session.session_id))
        return [ToAgent(proc.number, request(legacy_id, "cancelSendMessage"))]

    def _session_close(self, request_id: RequestId, params: dict[str, Any]) -> list[Output]:
        session = self._lookup_session(_structure(params, CloseSessionRequest).session_id)
        proc = self._agents[session.agent]
        stop = proc.alive and not proc.stopping
        # What the client was asked for this process is withdrawn first (as on an exit).
        outputs = self._withdraw_client_requests(proc.number) if stop else []
        if session.turn is not None:
            # The process is going away, so the turn ends as a cancelled one would.
            outputs += self._finish_turn(
                session, lambda prompt_id: result(prompt_id, {"stopReason": "cancelled"})
            )
        del self._sessions[session.session_id]
        proc.session_id = None
        if stop:
            proc.stopping = True
            outputs.append(StopAgent(proc.number))
        outputs.append(ToClient(result(request_id, {})))
        return outputs

    def _finish_turn(self, session: Session, answer: ErrorMaker) -> list[Output]:
        """End the running turn: unfinished tool calls marked failed, then the answer."""
        turn = session.turn
        assert turn is not None
        session.turn = None
        outputs: list[Output] = []
        for tool_id in turn.tool_ids:
            tool = session.tools[tool_id]
            if tool.status not in tools.FINAL_STATUSES:
                tool.status = "failed"
                outputs.append(_session_update(session.session_id, {
                    "sessionUpdate": "tool_call_update",
                    "toolCallId": str(tool_id),
                    "status": "failed",
                }))
        outputs.append(ToClient(answer(turn.prompt_id)))
        return outputs

    def _client_response(self, message: Message, kind: Kind) -> list[Output]:
        context = self._client_out.settle(message.get("id"))
        if context is None:
            log.warning("client answered unknown request id %r", message.get("id"))
            return []
        proc = self._agents[context.agent]
        if isinstance(context, PermissionFor):
            return self._permission_answered(proc, context, message, kind)
        if not proc.alive:
            return []
        if kind is Kind.ERROR:
            return [ToAgent(proc.number, forwarded_error(context.legacy_id, message["error"]))]
        value = message.get("result")
        if not context.read:
            return [ToAgent(proc.number, result(context.legacy_id, None))]
        content = value.get("content") if isinstance(value, dict) else None
        if not isinstance(content, str):
            log.warning("client answered fs/read_text_file without content: %.200r", value)
            return [ToAgent(proc.number, error(
                context.legacy_id, INTERNAL_ERROR, "The client returned no file content"
            ))]
        return [ToAgent(proc.number, result(context.legacy_id, {"content": content}))]

    def _permission_answered(
        self, proc: AgentProcess, context: PermissionFor, message: Message, kind: Kind
    ) -> list[Output]:
        outcome = self._legacy_outcome(context, message, kind)
        if not proc.alive:
            return []
        outputs: list[Output] = []
        session = self._sessions.get(context.session_id)
        tool = session.tools.get(context.tool_id) if session is not None else None
        if (outcome in tools.REJECTING_OUTCOMES and session is not None and tool is not None
                and tool.status not in tools.FINAL_STATUSES):
            # The legacy agent sends nothing more for a refused call; close it for the user.
            tool.status = "failed"
            outputs.append(_session_update(session.session_id, {
                "sessionUpdate": "tool_call_update",
                "toolCallId": str(context.tool_id),
                "status": "failed",
            }))
        reply = {"id": context.tool_id, "outcome": outcome}
        outputs.append(ToAgent(proc.number, result(context.legacy_id, reply)))
        return outputs

    def _legacy_outcome(self, context: PermissionFor, message: Message, kind: Kind) -> str:
        if kind is Kind.ERROR:
            log.warning("client failed session/request_permission (%r); rejecting",
                        message.get("error"))
            return "reject"
        value = message.get("result")
        outcome = value.get("outcome") if isinstance(value, dict) else None
        chosen = outcome.get("outcome") if isinstance(outcome, dict) else None
        if chosen == "cancelled":
            return "cancel"
        if chosen == "selected":
            assert isinstance(outcome, dict)
            option_id = outcome.get("optionId")
            if option_id in context.offered:
                return str(option_id)
            log.warning("client selected option %r, which was not offered; rejecting", option_id)
            return "reject"
        log.warning("malformed session/request_permission answer %.200r; rejecting", value)
        return "reject"

    # ------------------------------------------------------------------ agent side

    def from_agent(self, agent: int, message: Message) -> list[Output]:
        """Handle one message from legacy agent process ``agent``."""
        if message.get("method") == "streamAssistantMessageChunk":
            fast = self._fast_chunk(agent, message)
            if fast is not None:
                return fast
        proc = self._agents.get(agent)
        if proc is None:
            log.warning("message from unknown agent process %d ignored", agent)
            return []
        kind = classify(message)
        if kind is Kind.REQUEST:
            return self._agent_request(proc, message)
        if kind is Kind.RESPONSE or kind is Kind.ERROR:
            return self._agent_response(proc, message, kind)
        log.warning("agent %d sent a message that is not a legacy request or response "
                    "(ignored): %.200r", agent, message)
        return []

    def _fast_chunk(self, agent: int, message: Message) -> list[Output] | None:
        """The hot path: a well-formed chunk during a turn, dict to dict, no checks beyond
        the types it reads. ``None`` sends anything unusual down the slow path."""
        proc = self._agents.get(agent)
        if proc is None or proc.session_id is None or "id" not in message:
            return None
        session = self._sessions.get(proc.session_id)
        if session is None or session.turn is None:
            return None
        params = message.get("params")
        if type(params) is not dict:
            return None
        chunk = params.get("chunk")
        if type(chunk) is not dict:
            return None
        text = chunk.get("text")
        if type(text) is str:
            update_kind = "agent_message_chunk"
        else:
            text = chunk.get("thought")
            if type(text) is not str:
                return None
            update_kind = "agent_thought_chunk"
        return [
            ToClient({"jsonrpc": "2.0", "method": "session/update", "params": {
                "sessionId": session.session_id,
                "update": {"sessionUpdate": update_kind, "content": {"type": "text", "text": text}},
            }}),
            ToAgent(agent, {"jsonrpc": "2.0", "id": message["id"], "result": None}),
        ]

    def _agent_request(self, proc: AgentProcess, message: Message) -> list[Output]:
        method = message["method"]
        request_id = message["id"]
        handler = _AGENT_HANDLERS.get(method)
        if handler is None:
            log.warning("agent %d called unknown method %r", proc.number, method)
            return [ToAgent(proc.number, error(
                request_id, METHOD_NOT_FOUND, "Method not found", {"details": method}
            ))]
        session = self._sessions.get(proc.session_id) if proc.session_id is not None else None
        try:
            return handler(self, proc, session, request_id, message.get("params"))
        except CodecError as err:
            log.warning("agent %d sent invalid %s params: %s", proc.number, method, err)
            return [ToAgent(proc.number, error(
                request_id, INVALID_PARAMS, f"Invalid params: {err}", err.to_data()
            ))]

    def _no_session(self, proc: AgentProcess, request_id: RequestId, method: str) -> list[Output]:
        log.warning("agent %d called %s but serves no session", proc.number, method)
        return [ToAgent(proc.number, error(
            request_id, INTERNAL_ERROR, f"{method}: this agent process serves no session"
        ))]

    def _stream_chunk(
        self, proc: AgentProcess, session: Session | None, request_id: RequestId, params: Any
    ) -> list[Output]:
        chunk = agent_params.chunk(params)
        outputs: list[Output] = []
        if session is not None and session.turn is not None:
            kind, text = (
                ("agent_message_chunk", chunk["text"]) if "text" in chunk
                else ("agent_thought_chunk", chunk["thought"])
            )
            outputs.append(_session_update(session.session_id, {
                "sessionUpdate": kind, "content": {"type": "text", "text": text}
            }))
        else:
            log.debug("agent %d streamed a chunk outside a prompt turn (dropped)", proc.number)
        outputs.append(ToAgent(proc.number, result(request_id, None)))
        return outputs

    def _tool_fields(
        self, session: Session, tool_id: int, params: dict[str, Any], status: str
    ) -> dict[str, Any]:
        """The current ``ToolCall`` fields for a legacy push / confirmation request."""
        locations = params["locations"]
        content, rewritten = tools.map_content(params["content"], locations or [], session.cwd)
        legacy: dict[str, Any] = {"icon": params["icon"]}
        fields: dict[str, Any] = {
            "toolCallId": str(tool_id),
            "title": params["label"],
            "kind": tools.ICON_KIND[params["icon"]],
            "status": status,
        }
        confirmation = params.get("confirmation")
        if confirmation is not None:
            legacy["confirmation"] = confirmation
            details, raw_input = tools.confirmation_details(confirmation, content)
            if details is not None:
                content = [*content, tools.text_item(details)]
                rewritten = True
            if raw_input is not None:
                fields["rawInput"] = raw_input
        if rewritten:
            legacy["content"] = params["content"]
        fields["content"] = content
        if locations is not None:
            fields["locations"] = locations
        fields["_meta"] = tools.legacy_meta(legacy)
        return fields

    def _push_tool_call(
        self, proc: AgentProcess, session: Session | None, request_id: RequestId, params: Any
    ) -> list[Output]:
        checked = agent_params.push_tool_call(params)
        if session is None:
            return self._no_session(proc, request_id, "pushToolCall")
        tool_id = session.new_tool_id()
        session.tools[tool_id] = ToolState("in_progress", checked["locations"] or [])
        outputs: list[Output] = []
        if session.turn is not None:
            session.turn.tool_ids.append(tool_id)
            fields = self._tool_fields(session, tool_id, checked, "in_progress")
            update = {"sessionUpdate": "tool_call", **fields}
            outputs.append(_session_update(session.session_id, update))
        else:
            log.warning("agent %d pushed a tool call outside a prompt turn (not shown)",
                        proc.number)
            session.tools[tool_id].status = "failed"
        outputs.append(ToAgent(proc.number, result(request_id, {"id": tool_id})))
        return outputs

    def _request_confirmation(
        self, proc: AgentProcess, session: Session | None, request_id: RequestId, params: Any
    ) -> list[Output]:
        checked = agent_params.push_tool_call(params, confirmation=True)
        if session is None:
            return self._no_session(proc, request_id, "requestToolCallConfirmation")
        tool_id = session.new_tool_id()
        session.tools[tool_id] = ToolState("pending", checked["locations"] or [])
        if session.turn is None:
            # Nobody could approve it: refuse, the way a cancelled generation would.
            log.warning("agent %d asked for a confirmation outside a prompt turn (cancelled)",
                        proc.number)
            session.tools[tool_id].status = "failed"
            return [ToAgent(proc.number, result(request_id, {"id": tool_id, "outcome": "cancel"}))]
        session.turn.tool_ids.append(tool_id)
        fields = self._tool_fields(session, tool_id, checked, "pending")
        options = tools.permission_options(checked["confirmation"])
        client_id = self._client_out.add(PermissionFor(
            agent=proc.number,
            session_id=session.session_id,
            legacy_id=request_id,
            tool_id=tool_id,
            offered=frozenset(option["optionId"] for option in options),
        ))
        return [
            _session_update(session.session_id, {"sessionUpdate": "tool_call", **fields}),
            ToClient(request(client_id, "session/request_permission", {
                "sessionId": session.session_id, "toolCall": fields, "options": options,
            })),
        ]

    def _update_tool_call(
        self, proc: AgentProcess, session: Session | None, request_id: RequestId, params: Any
    ) -> list[Output]:
        checked = agent_params.update_tool_call(params)
        if session is None:
            return self._no_session(proc, request_id, "updateToolCall")
        tool_id = checked["toolCallId"]
        tool = session.tools.get(tool_id)
        if tool is None:
            raise CodecError([Problem("params.toolCallId", f"unknown tool call id {tool_id}")])
        status = tools.STATUS[checked["status"]]
        outputs: list[Output] = []
        if session.turn is not None:
            tool.status = status
            content, rewritten = tools.map_content(
                checked["content"], tool.locations, session.cwd
            )
            update: dict[str, Any] = {
                "sessionUpdate": "tool_call_update",
                "toolCallId": str(tool_id),
                "status": status,
                "content": content,
            }
            if rewritten:
                update["_meta"] = tools.legacy_meta({"content": checked["content"]})
            outputs.append(_session_update(session.session_id, update))
        else:
            log.debug("agent %d updated tool call %d after its turn (dropped)",
                      proc.number, tool_id)
        outputs.append(ToAgent(proc.number, result(request_id, None)))
        return outputs

    def _update_plan(
        self, proc: AgentProcess, session: Session | None, request_id: RequestId, params: Any
    ) -> list[Output]:
        entries = agent_params.update_plan(params)
        outputs: list[Output] = []
        if session is not None and session.turn is not None:
            outputs.append(_session_update(session.session_id, {
                "sessionUpdate": "plan", "entries": entries
            }))
        outputs.append(ToAgent(proc.number, result(request_id, None)))
        return outputs

    def _read_text_file(
        self, proc: AgentProcess, session: Session | None, request_id: RequestId, params: Any
    ) -> list[Output]:
        checked = agent_params.read_text_file(params)
        if session is None:
            return self._no_session(proc, request_id, "readTextFile")
        path = os.path.normpath(os.path.join(session.cwd, checked["path"]))
        context = FileFor(agent=proc.number, legacy_id=request_id, read=True)
        if self._client_reads:
            fs_params: dict[str, Any] = {"sessionId": session.session_id, "path": path}
            for key in ("line", "limit"):
                if checked[key] is not None:
                    fs_params[key] = checked[key]
            client_id = self._client_out.add(context)
            return [ToClient(request(client_id, "fs/read_text_file", fs_params))]
        token = self._new_token(context)
        return [ReadLocalFile(token, path, checked["line"], checked["limit"])]

    def _write_text_file(
        self, proc: AgentProcess, session: Session | None, request_id: RequestId, params: Any
    ) -> list[Output]:
        checked = agent_params.write_text_file(params)
        if session is None:
            return self._no_session(proc, request_id, "writeTextFile")
        path = os.path.normpath(os.path.join(session.cwd, checked["path"]))
        context = FileFor(agent=proc.number, legacy_id=request_id, read=False)
        if self._client_writes:
            client_id = self._client_out.add(context)
            return [ToClient(request(client_id, "fs/write_text_file", {
                "sessionId": session.session_id, "path": path, "content": checked["content"],
            }))]
        token = self._new_token(context)
        return [WriteLocalFile(token, path, checked["content"])]

    def _new_token(self, context: FileFor) -> int:
        token = self._next_token
        self._next_token += 1
        self._local_files[token] = context
        return token

    def _agent_response(self, proc: AgentProcess, message: Message, kind: Kind) -> list[Output]:
        context = proc.outbound.settle(message.get("id"))
        if context is None:
            log.warning("agent %d answered unknown request id %r", proc.number, message.get("id"))
            return []
        outputs = self._agent_answered(proc, context, message, kind)
        return outputs + self._release_if_idle(proc)

    def _agent_answered(
        self, proc: AgentProcess, context: AgentContext, message: Message, kind: Kind
    ) -> list[Output]:
        failed = kind is Kind.ERROR
        value = message.get("result")
        if isinstance(context, InitializeForClient):
            proc.initializing = False
            if failed:
                return [ToClient(forwarded_error(context.client_id, message["error"]))]
            proc.initialized = value if isinstance(value, dict) else {}
            self._authenticated = self._authenticated or _reports_authenticated(value)
            self._client_initialized = True
            return [ToClient(result(context.client_id, self._initialize_result()))]
        if isinstance(context, InitializeForSession):
            return self._session_process_ready(proc, context, message, failed)
        if isinstance(context, InitializeControl):
            proc.initializing = False
            queued, proc.queued_auth = proc.queued_auth, []
            if failed:
                return [ToClient(forwarded_error(cid, message["error"])) for cid in queued]
            proc.initialized = value if isinstance(value, dict) else {}
            return [self._send_authenticate(proc, cid) for cid in queued]
        if isinstance(context, AuthenticateFor):
            if failed:
                return [ToClient(forwarded_error(context.client_id, message["error"]))]
            self._authenticated = True
            return [ToClient(result(context.client_id, {}))]
        if isinstance(context, SendFor):
            return self._send_ended(context, message, failed)
        # CancelSend: acp-compat's own request; "Not currently generating" is expected.
        log.debug("cancelSendMessage answered: %.200r", message)
        return []

    def _session_process_ready(
        self, proc: AgentProcess, context: InitializeForSession, message: Message, failed: bool
    ) -> list[Output]:
        proc.initializing = False
        if failed:
            proc.stopping = True
            return [ToClient(forwarded_error(context.client_id, message["error"])),
                    StopAgent(proc.number)]
        value = message.get("result")
        proc.initialized = value if isinstance(value, dict) else {}
        if not _reports_authenticated(value):
            log.warning("agent process %d reports it is not authenticated; going on since "
                        "this connection authenticated", proc.number)
        self._bind(proc, context.session_id, context.cwd)
        return [ToClient(result(context.client_id, {"sessionId": context.session_id}))]

    def _send_ended(self, context: SendFor, message: Message, failed: bool) -> list[Output]:
        session = self._sessions.get(context.session_id)
        if session is None or session.turn is None:
            log.debug("sendUserMessage of a finished turn answered (consumed)")
            return []
        if session.turn.cancelling:
            # Cancelled: the turn ends "cancelled" whether the agent resolved or rejected.
            return self._finish_turn(
                session, lambda pid: result(pid, {"stopReason": "cancelled"})
            )
        if failed:
            legacy_error = message["error"]
            return self._finish_turn(session, lambda pid: forwarded_error(pid, legacy_error))
        return self._finish_turn(session, lambda pid: result(pid, {"stopReason": "end_turn"}))

    # ------------------------------------------------------------------ process events

    def agent_exited(self, agent: int, returncode: int | None, stderr_tail: str) -> list[Output]:
        """Agent process ``agent`` is gone: what waited on it gets ``-32603``."""
        if returncode is None:
            how = "killed by a signal"
        elif returncode < 0:
            how = f"killed by signal {-returncode}"
        else:
            how = f"exit code {returncode}"
        failure = error_object(
            INTERNAL_ERROR,
            f"The agent process exited ({how})",
            {"exitCode": returncode, "stderr": stderr_tail},
        )
        proc = self._agents.get(agent)
        if proc is None or not proc.alive:
            return []
        if proc.stopping:
            log.info("agent process %d exited (%s) after being closed", agent, how)
        else:
            log.warning("agent process %d exited (%s)", agent, how)
        return self._agent_gone(proc, failure)

    def agent_start_failed(self, agent: int, reason: str) -> list[Output]:
        """Agent process ``agent`` could not be started: what waited on it gets an error."""
        failure = error_object(
            INTERNAL_ERROR,
            f"Could not start the agent `{self._options.command_line}`: {reason}",
            {"command": list(self._options.agent_command), "reason": reason},
        )
        proc = self._agents.get(agent)
        if proc is None or not proc.alive:
            return []
        log.error("could not start agent process %d: %s", agent, reason)
        return self._agent_gone(proc, failure)

    def _agent_gone(self, proc: AgentProcess, failure: dict[str, Any]) -> list[Output]:
        proc.alive = False
        proc.initializing = False
        proc.failure = failure

        def fail(client_id: RequestId) -> Message:
            return error(client_id, **failure)

        outputs = self._withdraw_client_requests(proc.number)
        for legacy_id, context in proc.outbound.pending().items():
            proc.outbound.settle(legacy_id)
            if isinstance(context, (InitializeForClient, InitializeForSession, AuthenticateFor)):
                outputs.append(ToClient(fail(context.client_id)))
        outputs += [ToClient(fail(client_id)) for client_id in proc.queued_auth]
        proc.queued_auth = []
        session = self._sessions.get(proc.session_id) if proc.session_id is not None else None
        if session is not None:
            session.exit_error = failure
            if session.turn is not None:
                outputs += self._finish_turn(session, fail)
        return outputs

    def _withdraw_client_requests(self, agent: int) -> list[Output]:
        """``$/cancel_request`` for what the client was asked on behalf of a process that
        is going away (a permission dialog can close); the answers are still consumed."""
        return [
            ToClient(notification("$/cancel_request", {"requestId": client_id}))
            for client_id, context in self._client_out.pending().items()
            if context.agent == agent
        ]

    def file_done(
        self, token: int, content: str | None = None, error: str | None = None
    ) -> list[Output]:
        """A local file effect finished: answer the legacy agent's read or write."""
        context = self._local_files.pop(token, None)
        if context is None:
            log.warning("file_done for unknown token %d", token)
            return []
        proc = self._agents[context.agent]
        if not proc.alive:
            return []
        if error is not None or (context.read and content is None):
            text = error if error is not None else "no content was read"
            return [ToAgent(proc.number, _error(context.legacy_id, text))]
        value = {"content": content} if context.read else None
        return [ToAgent(proc.number, result(context.legacy_id, value))]


def _error(request_id: RequestId, text: str) -> Message:
    """A legacy-style error carrying an OS error text (TS peers read ``data.details``)."""
    return error(request_id, INTERNAL_ERROR, text, {"details": text})


ClientHandler = Callable[[UpgradeTranslator, RequestId, dict[str, Any]], list[Output]]
AgentHandler = Callable[
    [UpgradeTranslator, AgentProcess, "Session | None", RequestId, Any], list[Output]
]

_CLIENT_HANDLERS: dict[str, ClientHandler] = {
    "initialize": UpgradeTranslator._initialize,
    "authenticate": UpgradeTranslator._authenticate,
    "session/new": UpgradeTranslator._session_new,
    "session/prompt": UpgradeTranslator._session_prompt,
    "session/close": UpgradeTranslator._session_close,
}

_AGENT_HANDLERS: dict[str, AgentHandler] = {
    "streamAssistantMessageChunk": UpgradeTranslator._stream_chunk,
    "pushToolCall": UpgradeTranslator._push_tool_call,
    "requestToolCallConfirmation": UpgradeTranslator._request_confirmation,
    "updateToolCall": UpgradeTranslator._update_tool_call,
    "updatePlan": UpgradeTranslator._update_plan,
    "readTextFile": UpgradeTranslator._read_text_file,
    "writeTextFile": UpgradeTranslator._write_text_file,
}
