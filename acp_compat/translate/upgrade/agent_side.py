"""The agent side of the upgrade translator: legacy agent requests (the streamed-chunk hot
path first), the agent's answers to acp-compat's requests, and local file results."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from acp_compat._lazy import lazy_module
from acp_compat.codec import CodecError, Problem, structure
from acp_compat.jsonrpc.messages import (
    INTERNAL_ERROR,
    INVALID_PARAMS,
    METHOD_NOT_FOUND,
    Kind,
    Message,
    RequestId,
    classify,
    error,
    forwarded_error,
    notification,
    request,
    result,
)
from acp_compat.models import legacy_wire
from acp_compat.models.current import wire
from acp_compat.models.mapping import CURRENT_STATUS
from acp_compat.translate import paths
from acp_compat.translate.base import (
    Output,
    ReadLocalFile,
    ToAgent,
    ToClient,
    WriteLocalFile,
)
from acp_compat.translate.lifecycle import ProcessEvent, ProcessState
from acp_compat.translate.upgrade import cancel, modes
from acp_compat.translate.upgrade.core import UpgradeState, log, reports_authenticated
from acp_compat.translate.upgrade.records import (
    AgentContext,
    AgentRecord,
    AuthenticateFor,
    FileFor,
    InitializeControl,
    InitializeForClient,
    InitializeForSession,
    PermissionFor,
    SendFor,
    SessionRecord,
)
from acp_compat.translate.upgrade.turn_end import session_update

if TYPE_CHECKING:
    from acp_compat.models import legacy as legacy_models
    from acp_compat.models.legacy import ToolCallConfirmationOutcome as Outcome
    from acp_compat.translate.upgrade import tools
else:
    # Loaded at the first legacy message that needs a model, not before ``initialize`` is
    # answered (acp_compat/_lazy.py says why).
    legacy_models = lazy_module("acp_compat.models.legacy")
    tools = lazy_module("acp_compat.translate.upgrade.tools")  # at the first tool call


def _error(request_id: RequestId, text: str) -> Message:
    """A legacy-style error carrying an OS error text (TS peers read ``data.details``)."""
    return error(request_id, INTERNAL_ERROR, text, {"details": text})


_GENERIC_MESSAGE = "Internal error"


def legacy_agent_error(id: RequestId, received: Any) -> Message:
    """A legacy agent's error, for the client, with its reason where a client shows it: a
    legacy SDK's ``-32603`` "Internal error" gets its ``data.details`` as ``message``, as a
    current agent words it (behaviour.md §2 says why); ``code`` and ``data`` stay."""
    answer = forwarded_error(id, received)
    body = answer["error"]
    data = body.get("data")
    details = data.get("details") if isinstance(data, dict) else None
    generic = body["code"] == INTERNAL_ERROR and body["message"] == _GENERIC_MESSAGE
    if generic and isinstance(details, str) and details.strip():
        body["message"] = details
    return answer


class AgentSide(UpgradeState):
    """Handles what the legacy agent processes send, and the shell's file results (a part
    of the translator)."""

    def from_agent(self, agent: int, message: Message) -> list[Output]:
        """Handle one message from legacy agent process ``agent``."""
        # The hot path, one call deep: every streamed token comes this way.
        if message.get("method") == "streamAssistantMessageChunk":
            fast = self._fast_chunk(agent, message)
            if fast is not None:
                return fast
        return self._agent_message(agent, message)

    def _agent_message(self, agent: int, message: Message) -> list[Output]:
        """Any message from ``agent`` but a chunk the hot path took."""
        method = message.get("method")
        proc = self.agents.get(agent)
        if proc is None:
            log.warning("message from unknown agent process %d ignored", agent)
            return []
        if type(method) is str and "id" in message:
            # A request, as classify() tells it, without the call (every tool call is one).
            return self._agent_request(proc, message)
        kind = classify(message)
        if kind is Kind.REQUEST:
            return self._agent_request(proc, message)
        if kind is Kind.RESPONSE or kind is Kind.ERROR:
            return self._agent_response(proc, message, kind)
        log.warning(
            "agent %d sent a message that is not a legacy request or response (ignored): %.200r",
            agent,
            message,
        )
        return []

    def _fast_chunk(self, agent: int, message: Message) -> list[Output] | None:
        """The hot path: a well-formed chunk during a turn, dict to dict, no checks beyond
        the types it reads. ``None`` sends anything unusual down the slow path."""
        # Subscripts, not get() (cheaper): whatever is missing raises, for the slow path;
        # so does a process that serves no session (its session id is None).
        try:
            session = self.sessions[self._agent_records[agent].session_id]  # type: ignore[index]
            chunk = message["params"]["chunk"]
            request_id = message["id"]
        except (KeyError, TypeError):
            return None
        if not session.lifecycle.running or type(chunk) is not dict:
            return None
        text = chunk.get("text")
        build = wire.agent_message_chunk
        if type(text) is not str:
            text = chunk.get("thought")
            if type(text) is not str:
                return None
            build = wire.agent_thought_chunk
        update = build(content=wire.text_content(text=text))
        params = wire.session_notification(session_id=session.session_id, update=update)
        return [
            ToClient(notification("session/update", params)),
            ToAgent(agent, result(request_id, None)),
        ]

    def _agent_request(self, proc: AgentRecord, message: Message) -> list[Output]:
        method = message["method"]
        request_id = message["id"]
        handler = _AGENT_HANDLERS.get(method)
        if handler is None:
            log.warning("agent %d called unknown method %r", proc.number, method)
            unknown = error(request_id, METHOD_NOT_FOUND, "Method not found", {"details": method})
            return [ToAgent(proc.number, unknown)]
        session = self.sessions.get(proc.session_id)  # type: ignore[arg-type]
        try:
            return handler(self, proc, session, request_id, message.get("params"))
        except CodecError as err:
            log.warning("agent %d sent invalid %s params: %s", proc.number, method, err)
            invalid = error(request_id, INVALID_PARAMS, f"Invalid params: {err}", err.to_data())
            return [ToAgent(proc.number, invalid)]

    def _no_session(self, proc: AgentRecord, request_id: RequestId, method: str) -> list[Output]:
        log.warning("agent %d called %s but serves no session", proc.number, method)
        problem = f"{method}: this agent process serves no session"
        return [ToAgent(proc.number, error(request_id, INTERNAL_ERROR, problem))]

    def _stream_chunk(
        self, proc: AgentRecord, session: SessionRecord | None, request_id: RequestId, params: Any
    ) -> list[Output]:
        chunk = structure(
            params, legacy_models.StreamAssistantMessageChunkParams, at="params"
        ).chunk
        outputs: list[Output] = []
        if session is not None and session.lifecycle.running:
            if isinstance(chunk, legacy_models.TextAssistantChunk):
                update = wire.agent_message_chunk(content=wire.text_content(text=chunk.text))
            else:
                update = wire.agent_thought_chunk(content=wire.text_content(text=chunk.thought))
            outputs.append(session_update(session.session_id, update))
        else:
            log.debug("agent %d streamed a chunk outside a prompt turn (dropped)", proc.number)
        outputs.append(ToAgent(proc.number, result(request_id, None)))
        return outputs

    def _push_tool_call(
        self, proc: AgentRecord, session: SessionRecord | None, request_id: RequestId, params: Any
    ) -> list[Output]:
        call = structure(params, legacy_models.PushToolCallParams, at="params")
        if session is None:
            return self._no_session(proc, request_id, "pushToolCall")
        if not session.lifecycle.running:
            log.warning(
                "agent %d pushed a tool call outside a prompt turn (not shown)", proc.number
            )
            answer = legacy_wire.push_tool_call_response(id=session.tools.add_ended())
            return [ToAgent(proc.number, result(request_id, answer))]
        tool_id = session.tools.add(call.locations or ())
        fields = tools.tool_call(call, str(tool_id), "in_progress", session.cwd)
        return [
            session_update(session.session_id, wire.tool_call(**fields)),
            ToAgent(
                proc.number, result(request_id, legacy_wire.push_tool_call_response(id=tool_id))
            ),
        ]

    def _request_confirmation(
        self, proc: AgentRecord, session: SessionRecord | None, request_id: RequestId, params: Any
    ) -> list[Output]:
        call = structure(params, legacy_models.RequestToolCallConfirmationParams, at="params")
        if session is None:
            return self._no_session(proc, request_id, "requestToolCallConfirmation")
        if not session.lifecycle.running:
            # Nobody could approve it: refuse, the way a cancelled generation would.
            log.warning(
                "agent %d asked for a confirmation outside a prompt turn (cancelled)", proc.number
            )
            refused = legacy_wire.request_tool_call_confirmation_response(
                id=session.tools.add_ended(), outcome="cancel"
            )
            return [ToAgent(proc.number, result(request_id, refused))]
        tool_id = session.tools.add(call.locations or ())
        fields = tools.tool_call(call, str(tool_id), "pending", session.cwd, params["confirmation"])
        decision = modes.decision(session.mode, call.confirmation.type)
        outcome = cancel.confirmation_outcome(session, decision)
        if outcome is not None:
            return self._relay_answers(proc, session, request_id, tool_id, fields, outcome)
        options = tools.permission_options(call.confirmation)
        client_id = self.client_requests.add(
            PermissionFor(
                agent=proc.number,
                session_id=session.session_id,
                legacy_id=request_id,
                tool_id=tool_id,
                offered=tools.offered_outcomes(call.confirmation),
            )
        )
        # The same call twice: the update shows it, the request asks about it.
        permission = wire.request_permission_request(
            session_id=session.session_id,
            tool_call=wire.tool_call_update(**fields),
            options=options,
        )
        return [
            session_update(session.session_id, wire.tool_call(**fields)),
            ToClient(request(client_id, "session/request_permission", permission)),
        ]

    def _relay_answers(
        self,
        proc: AgentRecord,
        session: SessionRecord,
        request_id: RequestId,
        tool_id: int,
        fields: dict[str, Any],
        outcome: Outcome,
    ) -> list[Output]:
        """The session's mode answers the confirmation: the editor still sees the call,
        with ``_meta.acpCompat.permission`` saying who answered and why, and the agent
        gets ``outcome`` at once, the way a user's answer reaches it."""
        mode = session.mode
        fields["meta"]["acpCompat"]["permission"] = modes.relay_answer_meta(mode, outcome)
        log.info(
            "session %s: the relay answered tool call %d %r with %s (mode %s)",
            session.session_id,
            tool_id,
            fields["title"],
            outcome,
            mode.value,
        )
        update = session_update(session.session_id, wire.tool_call(**fields))
        answer = self.answer_confirmation(proc, session.session_id, request_id, tool_id, outcome)
        return [update, *answer]

    def _update_tool_call(
        self, proc: AgentRecord, session: SessionRecord | None, request_id: RequestId, params: Any
    ) -> list[Output]:
        call = structure(params, legacy_models.UpdateToolCallParams, at="params")
        if session is None:
            return self._no_session(proc, request_id, "updateToolCall")
        tool_id = call.tool_call_id
        if not session.tools.made(tool_id):
            raise CodecError([Problem("params.toolCallId", f"unknown tool call id {tool_id}")])
        status = CURRENT_STATUS[call.status]
        outputs: list[Output] = []
        locations = session.tools.locations(tool_id)
        if locations is not None:
            session.tools.update(tool_id, status)
            legacy: dict[str, Any] = {}
            content = tools.map_content(call.content, locations, session.cwd, legacy)
            update = wire.tool_call_progress(
                tool_call_id=str(tool_id),
                status=status,
                content=content,
                meta=tools.legacy_meta(legacy) if legacy else None,
            )
            outputs.append(session_update(session.session_id, update))
        else:
            # It ended: the editor was told how (or never saw it), nothing to show.
            log.debug(
                "agent %d updated tool call %d after it ended (dropped)", proc.number, tool_id
            )
        outputs.append(ToAgent(proc.number, result(request_id, None)))
        return outputs

    def _update_plan(
        self, proc: AgentRecord, session: SessionRecord | None, request_id: RequestId, params: Any
    ) -> list[Output]:
        entries = structure(params, legacy_models.UpdatePlanParams, at="params").entries
        outputs: list[Output] = []
        if session is not None and session.lifecycle.running:
            plan = [
                wire.plan_entry(content=entry.content, priority=entry.priority, status=entry.status)
                for entry in entries
            ]
            outputs.append(session_update(session.session_id, wire.plan(entries=plan)))
        outputs.append(ToAgent(proc.number, result(request_id, None)))
        return outputs

    def _read_text_file(
        self, proc: AgentRecord, session: SessionRecord | None, request_id: RequestId, params: Any
    ) -> list[Output]:
        read = structure(params, legacy_models.ReadTextFileParams, at="params")
        # The legacy schema says u32, and fs/read_text_file must not get a negative number.
        negative = [
            Problem(f"params.{name}", "expected a non-negative integer or null")
            for name, value in (("line", read.line), ("limit", read.limit))
            if value is not None and value < 0
        ]
        if negative:
            raise CodecError(negative)
        if session is None:
            return self._no_session(proc, request_id, "readTextFile")
        path = paths.resolve(session.cwd, read.path)
        context = FileFor(agent=proc.number, legacy_id=request_id, read=True)
        if self.client_reads:
            fs_params = wire.read_text_file_request(
                session_id=session.session_id, path=path, line=read.line, limit=read.limit
            )
            client_id = self.client_requests.add(context)
            return [ToClient(request(client_id, "fs/read_text_file", fs_params))]
        token = self.local_files.add(context)
        return [ReadLocalFile(token, path, read.line, read.limit)]

    def _write_text_file(
        self, proc: AgentRecord, session: SessionRecord | None, request_id: RequestId, params: Any
    ) -> list[Output]:
        write = structure(params, legacy_models.WriteTextFileParams, at="params")
        if session is None:
            return self._no_session(proc, request_id, "writeTextFile")
        path = paths.resolve(session.cwd, write.path)
        context = FileFor(agent=proc.number, legacy_id=request_id, read=False)
        if self.client_writes:
            fs_params = wire.write_text_file_request(
                session_id=session.session_id, path=path, content=write.content
            )
            client_id = self.client_requests.add(context)
            return [ToClient(request(client_id, "fs/write_text_file", fs_params))]
        token = self.local_files.add(context)
        return [WriteLocalFile(token, path, write.content)]

    def _agent_response(self, proc: AgentRecord, message: Message, kind: Kind) -> list[Output]:
        context = proc.outbound.settle(message.get("id"))
        if context is None:
            log.warning("agent %d answered unknown request id %r", proc.number, message.get("id"))
            return []
        outputs = self._agent_answered(proc, context, message, kind)
        return outputs + self.release_if_idle(proc)

    def _agent_answered(
        self, proc: AgentRecord, context: AgentContext, message: Message, kind: Kind
    ) -> list[Output]:
        failed = kind is Kind.ERROR
        value = message.get("result")
        if isinstance(context, InitializeForClient):
            if failed:
                reply = legacy_agent_error(context.client_id, message["error"])
            else:
                self.authenticated = self.authenticated or reports_authenticated(value)
                # A client that cancelled its initialize was never told it is initialized.
                self.client_initialized = self.client_initialized or not context.cancelled
                reply = result(context.client_id, self.initialize_result())
            return cancel.answer_client(context, reply) + self._initialized(proc, message)
        if isinstance(context, InitializeForSession):
            return self._session_process_ready(proc, context, message, failed)
        if isinstance(context, InitializeControl):
            return self._initialized(proc, message)
        if isinstance(context, AuthenticateFor):
            if failed:
                reply = legacy_agent_error(context.client_id, message["error"])
            else:
                self.authenticated = True
                reply = result(context.client_id, wire.authenticate_response())
            return cancel.answer_client(context, reply)
        if isinstance(context, SendFor):
            return self._send_ended(context, message, failed)
        # CancelSend: acp-compat's own request; "Not currently generating" is expected.
        log.debug("cancelSendMessage answered: %.200r", message)
        return []

    def _initialized(self, proc: AgentRecord, message: Message) -> list[Output]:
        """A process answered acp-compat's ``initialize``: run the ``authenticate`` calls
        that waited for it, or answer them with its error."""
        queued, proc.queued_auth = proc.queued_auth, []
        if "error" in message and message["error"] is not None:
            if proc.state is ProcessState.INITIALIZING:
                proc.lifecycle.apply(ProcessEvent.INITIALIZE_FAILED)
            return [ToClient(legacy_agent_error(cid, message["error"])) for cid in queued]
        if proc.state is ProcessState.INITIALIZING:  # not a second answer
            value = message.get("result")
            proc.lifecycle.initialized(value if isinstance(value, dict) else {})
        return [self.send_authenticate(proc, cid) for cid in queued]

    def _session_process_ready(
        self, proc: AgentRecord, context: InitializeForSession, message: Message, failed: bool
    ) -> list[Output]:
        if context.cancelled:
            # The client cancelled its session/new and the process is being closed.
            log.debug("agent process %d answered initialize after its cancel", proc.number)
            return []
        if failed:
            proc.lifecycle.apply(ProcessEvent.INITIALIZE_FAILED)
            return [
                ToClient(legacy_agent_error(context.client_id, message["error"])),
                self.stop(proc),
            ]
        value = message.get("result")
        proc.lifecycle.initialized(value if isinstance(value, dict) else {})
        if not reports_authenticated(value):
            log.warning(
                "agent process %d reports it is not authenticated; going on since "
                "this connection authenticated",
                proc.number,
            )
        return [self.open_session(proc, context.client_id, context.session_id, context.cwd)]

    def _send_ended(self, context: SendFor, message: Message, failed: bool) -> list[Output]:
        session = self.sessions.get(context.session_id)
        if session is None or not session.lifecycle.running:
            log.debug("sendUserMessage of a finished turn answered (consumed)")
            return []
        if failed:
            legacy_error = message["error"]
            return self.finish_turn(session, lambda pid: legacy_agent_error(pid, legacy_error))
        ended = wire.prompt_response(stop_reason="end_turn")
        return self.finish_turn(session, lambda pid: result(pid, ended))

    def file_done(
        self, token: int, content: str | None = None, error: str | None = None
    ) -> list[Output]:
        """A local file effect finished: answer the legacy agent's read or write."""
        context = self.local_files.settle(token)
        if context is None:
            log.warning("file_done for unknown token %d", token)
            return []
        proc = self.agents[context.agent]
        if not proc.lifecycle.alive:
            return []
        if error is not None:
            return [ToAgent(proc.number, _error(context.legacy_id, error))]
        if not context.read:
            return [ToAgent(proc.number, result(context.legacy_id, None))]
        if content is None:
            return [ToAgent(proc.number, _error(context.legacy_id, "no content was read"))]
        answer = legacy_wire.read_text_file_response(content=content)
        return [ToAgent(proc.number, result(context.legacy_id, answer))]


AgentHandler = Callable[
    [AgentSide, AgentRecord, "SessionRecord | None", RequestId, Any], list[Output]
]

_AGENT_HANDLERS: dict[str, AgentHandler] = {
    "streamAssistantMessageChunk": AgentSide._stream_chunk,
    "pushToolCall": AgentSide._push_tool_call,
    "requestToolCallConfirmation": AgentSide._request_confirmation,
    "updateToolCall": AgentSide._update_tool_call,
    "updatePlan": AgentSide._update_plan,
    "readTextFile": AgentSide._read_text_file,
    "writeTextFile": AgentSide._write_text_file,
}
