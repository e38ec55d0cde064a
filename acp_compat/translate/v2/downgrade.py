"""The v2 downgrade: one ACP v2 (draft) agent behind an ACP v1 client.

acp-compat is a v1 **agent** toward the client and a v2 **client** toward agent process
``0``. docs/behaviour.md §7, "v1 and v2", is the contract and gives the reasons for the
choices made here: what v1 cannot show said once in the log (never an error), a
permission's subject as v1's ``toolCall``, the agent's end. The sessions and the agent's
upserts are :mod:`.downgrade_sessions`, the shapes :mod:`.to_v1` and :mod:`.to_v2`.

The turn: a v1 ``session/prompt`` is the v2 one, whose immediate answer (the user
message's id) is kept; the v1 prompt is answered when the agent reports ``idle`` with a
stop reason (``error`` has no v1 stop reason: the prompt gets the agent's error). The
v2 agent's modes are its select option of category ``mode``, which v1 sees as session
modes (``session/set_mode`` sets that option). ``session/load`` is a v2 resume replaying
from the start.
"""

from __future__ import annotations

from functools import partial
from typing import Any, ClassVar, get_args

from acp_compat.jsonrpc import messages as rpc
from acp_compat.models.current import content as v1_content
from acp_compat.models.current import initialize as v1_initialize
from acp_compat.models.current import prompt as v1_prompt
from acp_compat.models.current import session as v1_session
from acp_compat.models.current import wire as v1
from acp_compat.models.v2 import wire
from acp_compat.translate.base import Output, ToClient
from acp_compat.translate.lifecycle import SessionEvent

from . import cancel, same, to_v1
from .downgrade_sessions import DowngradeSession, session_update, updates_for
from .hops import AgentCall, ClientCall, V2Translator, params_as, refuse
from .options import V2DowngradeOptions

V1_STOP_REASONS: frozenset[v1_prompt.StopReason] = frozenset(get_args(v1_prompt.StopReason))
"""The stop reasons a v1 prompt can answer with."""


class V2DowngradeTranslator(V2Translator[DowngradeSession, V2DowngradeOptions]):
    """Sans-IO translator: a v1 client in front of one ACP v2 (draft) agent."""

    _CLIENT = same.V1
    _AGENT = same.V2
    _NOT_RELAYED = "{method} is not relayed to the v1 client"

    # -- requests from the client ---------------------------------------------------------

    def _initialize(self, id: rpc.RequestId, params: Any) -> list[Output]:
        """v1 ``initialize`` → v2: ``info`` (required in v2) and no client capabilities
        (v2 has no ``fs`` or ``terminal``; elicitation is not relayed)."""
        initialize = params_as(id, params, v1_initialize.InitializeRequest)
        if self._agent.initialize_result is not None:
            return [ToClient(rpc.result(id, self._initialize_result()))]
        info = same.implementation(
            wire, params.get("clientInfo"), "acp-compat", self.options.version
        )
        request = wire.initialize_request(
            protocol_version=self._AGENT.protocol,
            info=info,
            capabilities=wire.client_capabilities(),
            meta=initialize.meta,
        )
        return self._send_initialize(id, request)

    def _initialize_result(self) -> dict[str, Any]:
        assert self._agent.initialize_result is not None
        result = self._agent.initialize_result
        methods = same.auth_methods(self._AGENT, self._CLIENT, result.get("authMethods"))
        return v1.initialize_response(
            protocol_version=self._CLIENT.protocol,
            agent_capabilities=to_v1.agent_capabilities(result.get("capabilities"), methods),
            auth_methods=methods,
            agent_info=same.implementation(
                v1, result.get("info"), self.options.agent_name, "unknown"
            ),
        )

    def _authenticate(self, id: rpc.RequestId, params: Any) -> list[Output]:
        login = params_as(id, params, v1_initialize.AuthenticateRequest)
        request = wire.login_auth_request(method_id=login.method_id, meta=login.meta)
        return [self._hops.to_agent(AgentCall("authenticate", id), "auth/login", request)]

    def _logout(self, id: rpc.RequestId, params: Any) -> list[Output]:
        logout = params_as(id, params if params is not None else {}, v1_initialize.LogoutRequest)
        request = wire.logout_auth_request(meta=logout.meta)
        return [self._hops.to_agent(AgentCall("logout", id), "auth/logout", request)]

    def _new_session(self, id: rpc.RequestId, params: Any) -> list[Output]:
        new = params_as(id, params, v1_session.NewSessionRequest)
        request = wire.new_session_request(
            cwd=new.cwd,
            additional_directories=new.additional_directories or None,
            mcp_servers=self._mcp_servers(id, params) or None,
            meta=new.meta,
        )
        return [self._hops.to_agent(AgentCall("session/new", id), "session/new", request)]

    def _load(self, id: rpc.RequestId, params: Any) -> list[Output]:
        """``session/load``: a v2 resume replaying the session from its start."""
        load = params_as(id, params, v1_session.LoadSessionRequest)
        return self._resume_as(id, load, "session/load", wire.replay_from_start(), params)

    def _resume(self, id: rpc.RequestId, params: Any) -> list[Output]:
        resume = params_as(id, params, v1_session.ResumeSessionRequest)
        return self._resume_as(id, resume, "session/resume", None, params)

    def _resume_as(
        self, id: rpc.RequestId, given: Any, method: str, replay: Any, params: dict[str, Any]
    ) -> list[Output]:
        sid = given.session_id
        made = sid not in self._sessions
        if made:
            self._sessions[sid] = DowngradeSession(sid)
        elif replay is not None:  # a load of a session open here: all of it is shown again
            self._sessions[sid].replayed()
        request = wire.resume_session_request(
            session_id=sid,
            cwd=given.cwd,
            additional_directories=given.additional_directories or None,
            mcp_servers=self._mcp_servers(id, params) or None,
            replay_from=replay,
            meta=given.meta,
        )
        return [self._hops.to_agent(AgentCall(method, id, sid, made), "session/resume", request)]

    def _prompt(self, id: rpc.RequestId, params: Any) -> list[Output]:
        """``session/prompt``: the v2 one; answered when the agent goes idle."""
        prompt = params_as(id, params, v1_prompt.PromptRequest)
        session = self._session(id, prompt.session_id)
        if not prompt.prompt:  # v2's prompt has at least one block
            problem = "the agent speaks ACP v2, which takes no empty prompt"
            raise refuse(id, "params.prompt", problem)
        for index, block in enumerate(prompt.prompt):
            if isinstance(block, v1_content.UnknownContentBlock):
                kind = block.data.get("type")
                raise refuse(id, f"params.prompt[{index}]", f"unknown content type {kind!r}")
        if not session.lifecycle.allows(SessionEvent.PROMPT):
            return [ToClient(rpc.error(id, rpc.INVALID_REQUEST, "A prompt is already running"))]
        session.lifecycle.start_turn(id)
        session.acknowledged, session.stop, session.held = None, None, session.working
        request = wire.prompt_request(
            session_id=session.session_id,
            prompt=[same.content_block(same.V2, block) for block in params["prompt"]],
            meta=prompt.meta,
        )
        call = AgentCall("session/prompt", id, session.session_id)
        return [self._hops.to_agent(call, "session/prompt", request)]

    def _set_mode(self, id: rpc.RequestId, params: Any) -> list[Output]:
        """``session/set_mode``: v2 ``session/set_config_option`` on the mode option."""
        change = params_as(id, params, v1_session.SetSessionModeRequest)
        session = self._session(id, change.session_id)
        option = session.mode()
        if option is None:
            raise refuse(id, "params.modeId", "the session has no modes")
        request = wire.set_session_config_option_id(
            session_id=session.session_id,
            config_id=option["configId"],
            value=change.mode_id,
            meta=change.meta,
        )
        call = AgentCall("session/set_mode", id, session.session_id)
        return [self._hops.to_agent(call, "session/set_config_option", request)]

    def _set_config_option(self, id: rpc.RequestId, params: Any) -> list[Output]:
        change: Any = params_as(id, params, v1_session.SetSessionConfigOptionRequest)  # type: ignore[arg-type]
        if isinstance(change, v1_session.UnknownSetSessionConfigOptionRequest):
            value = change.data.get("value")
            if not isinstance(value, str):
                raise refuse(id, "params.type", "unknown type with a value that is no value id")
            # Both pinned schemas read an unknown type with a string value as a value id.
            change = v1_session.SetSessionConfigOptionValueId(
                session_id=str(change.data.get("sessionId")),
                config_id=str(change.data.get("configId")),
                value=value,
            )
        session = self._session(id, change.session_id)
        build = (
            wire.set_session_config_option_boolean
            if isinstance(change, v1_session.SetSessionConfigOptionBoolean)
            else wire.set_session_config_option_id
        )
        request = build(
            session_id=session.session_id,
            config_id=change.config_id,
            value=change.value,
            meta=change.meta,
        )
        call = AgentCall("session/set_config_option", id, session.session_id)
        return [self._hops.to_agent(call, "session/set_config_option", request)]

    def _list(self, id: rpc.RequestId, params: Any) -> list[Output]:
        listing = params_as(
            id, params if params is not None else {}, v1_session.ListSessionsRequest
        )
        request = wire.list_sessions_request(
            cwd=listing.cwd, cursor=listing.cursor, meta=listing.meta
        )
        return [self._hops.to_agent(AgentCall("session/list", id), "session/list", request)]

    def _close(self, id: rpc.RequestId, params: Any) -> list[Output]:
        close = params_as(id, params, v1_session.CloseSessionRequest)
        request = wire.close_session_request(session_id=close.session_id, meta=close.meta)
        call = AgentCall("session/close", id, close.session_id)
        return [self._hops.to_agent(call, "session/close", request)]

    def _delete(self, id: rpc.RequestId, params: Any) -> list[Output]:
        delete = params_as(id, params, v1_session.DeleteSessionRequest)
        request = wire.delete_session_request(session_id=delete.session_id, meta=delete.meta)
        call = AgentCall("session/delete", id, delete.session_id)
        return [self._hops.to_agent(call, "session/delete", request)]

    _HANDLERS: ClassVar[dict[str, Any]] = {
        "initialize": _initialize,
        "authenticate": _authenticate,
        "logout": _logout,
        "session/new": _new_session,
        "session/load": _load,
        "session/resume": _resume,
        "session/prompt": _prompt,
        "session/set_mode": _set_mode,
        "session/set_config_option": _set_config_option,
        "session/list": _list,
        "session/close": _close,
        "session/delete": _delete,
    }

    # -- notifications from the client ----------------------------------------------------

    def _cancel(self, params: dict[str, Any]) -> list[Output]:
        return cancel.downgrade_cancel(self._sessions, params)

    def _cancel_request(self, request_id: Any) -> list[Output]:
        return cancel.downgrade_cancel_request(self._hops, self._sessions, request_id)

    # -- the agent ------------------------------------------------------------------------

    def _updated(self, session: DowngradeSession, update: dict[str, Any]) -> list[Output]:
        """One v2 ``session/update``: the hot path."""
        if update.get("sessionUpdate") == "state_update":
            return self._state(session, update)
        unshown: set[str] = set()
        out: list[Output] = [
            ToClient(session_update(session.session_id, u))
            for u in updates_for(session, update, unshown)
        ]
        if unshown:
            self._say_once(unshown)
        return out

    def _state(self, session: DowngradeSession, update: dict[str, Any]) -> list[Output]:
        """A ``state_update``: ``idle`` with a stop reason ends the running turn, and so
        does one without (the schema's SHOULD) that ends the agent's reported work; an
        idle while the agent reported none is a snapshot, and one that ends the agent's
        own work, which holds the prompt, is not the prompt's."""
        working, session.working = session.working, update.get("state") != "idle"
        if session.working or (update.get("stopReason") is None and not working):
            return []
        if not session.lifecycle.running:
            return []  # a snapshot (after a resume), or a repeated idle
        if session.acknowledged is None:
            if session.held:  # the end of the agent's own work, which held the prompt
                session.held = False
                return []
            session.stop = update  # the prompt's answer has not come: it ends the turn
            return []
        return self._turn_ended(session, update)

    def _turn_ended(self, session: DowngradeSession, idle: dict[str, Any]) -> list[Output]:
        """Answer the v1 prompt for the idle update that ended its turn: ``cancelled``
        after a cancel (:func:`.cancel.cancelled_prompt`), else its stop reason (none, or
        one v1 lacks: ``end_turn``), or for ``error`` the agent's error."""
        prompt_id, cancelled = session.lifecycle.end_turn()
        session.stop = None
        reason, error = idle.get("stopReason"), idle.get("error")
        if cancelled:
            answer = cancel.cancelled_prompt(prompt_id)
        elif reason == "error" and isinstance(error, dict):
            answer = rpc.forwarded_error(prompt_id, error)
        elif reason == "error":
            answer = rpc.error(prompt_id, rpc.INTERNAL_ERROR, "The agent stopped with an error")
        else:
            stop: v1_prompt.StopReason = "end_turn"
            if isinstance(reason, str) and reason in V1_STOP_REASONS:
                stop = reason
            elif reason is not None:  # none given: the turn ended, for no reason told
                self._say_once({f"stop reason {reason!r} (answered end_turn)"})
            answer = rpc.result(prompt_id, v1.prompt_response(stop_reason=stop))
        return [ToClient(answer)]

    def _permission(self, id: rpc.RequestId, params: dict[str, Any]) -> list[Output]:
        """v2 ``session/request_permission`` → v1: the subject is the ``toolCall``."""
        session = self._sessions.get(same.text(params, "sessionId") or "")
        options = [
            o
            for option in same.objects(params.get("options"))
            if (o := same.permission_option(v1, option))
        ]
        title = same.text(params, "title")
        if session is None or not options or title is None:
            problem = (
                "unknown session"
                if session is None
                else "params.title and params.options are required"
            )
            return [self._bad_permission(id, problem)]
        if session.lifecycle.cancelling:
            return [cancel.refused(self._hops, id)]
        unshown: set[str] = set()
        if same.text(params, "description"):
            unshown.add("a permission request's description")
        request = v1.request_permission_request(
            session_id=session.session_id,
            tool_call=self._subject(params.get("subject"), title, unshown),
            options=options,
            meta=same.meta(params),
        )
        self._say_once(unshown)
        call = ClientCall("session/request_permission", id, session.session_id)
        return [self._hops.to_client(call, "session/request_permission", request)]

    def _subject(self, subject: Any, title: str, unshown: set[str]) -> dict[str, Any]:
        """A permission's subject as v1's ``toolCall`` (always a tool call in v1)."""
        if isinstance(subject, dict) and subject.get("type") == "tool_call":
            tool_call = subject.get("toolCall")
            if isinstance(tool_call, dict) and (call_id := same.text(tool_call, "toolCallId")):
                fields = to_v1.tool_call_fields(tool_call, unshown)
                fields.setdefault("title", title)
                return v1.tool_call_update(
                    tool_call_id=call_id, meta=same.meta(tool_call), **fields
                )
        if isinstance(subject, dict) and subject.get("type") == "command":
            call_id = same.text(subject, "toolCallId") or self.options.new_tool_call_id()
            command = {"command": subject.get("command"), "cwd": subject.get("cwd")}
            return v1.tool_call_update(
                tool_call_id=call_id, title=title, kind="execute", raw_input=command
            )
        if subject is not None:
            kind = subject.get("type") if isinstance(subject, dict) else subject
            unshown.add(f"permission subject {kind!r}")
        return v1.tool_call_update(tool_call_id=self.options.new_tool_call_id(), title=title)

    def _prompt_answered(self, call: AgentCall, error: Any, result: dict[str, Any]) -> list[Output]:
        """The v2 prompt's answer: accepted (its user message id), or refused (the v1
        prompt gets the error, or ``cancelled`` once the client cancelled it)."""
        session = self._sessions.get(call.session_id or "")
        if (
            session is None
            or not session.lifecycle.running
            or session.lifecycle.prompt_id != call.client_id
        ):
            return []
        if error is not None:
            _, cancelled = session.lifecycle.end_turn()
            if cancelled:  # the user asked to stop: a cancelled turn ends cancelled
                return [ToClient(cancel.cancelled_prompt(call.client_id))]
            return [ToClient(rpc.forwarded_error(call.client_id, error))]
        session.acknowledged = same.text(result, "messageId") or ""
        session.held = False  # inserted: the work it joined ends its turn
        if session.stop is not None:
            return self._turn_ended(session, session.stop)
        return []

    def _session_opened(
        self, call: AgentCall, result: dict[str, Any], unshown: set[str]
    ) -> list[Output]:
        """The agent's answer to ``session/new``, ``load`` or ``resume``: the session's
        modes and options, then its commands (which v1 learns from an update)."""
        if call.method == "session/new":
            session_id = result.get("sessionId")
            if not isinstance(session_id, str):
                text = "The agent returned no sessionId"
                return [ToClient(rpc.error(call.client_id, rpc.INTERNAL_ERROR, text))]
            session = self._sessions[session_id] = DowngradeSession(session_id)
        else:
            sid = call.session_id or ""
            session = self._sessions.setdefault(sid, DowngradeSession(sid))
        if isinstance(result.get("configOptions"), list):
            session.options = same.objects(result["configOptions"])
        if call.method == "session/new":
            build: Any = partial(v1.new_session_response, session_id=session.session_id)
        elif call.method == "session/load":
            build = v1.load_session_response
        else:
            build = v1.resume_session_response
        answer = build(
            modes=to_v1.modes(session.mode()),
            config_options=to_v1.config_options(session.options, unshown) or None,
            meta=same.meta(result),
        )
        out: list[Output] = [ToClient(rpc.result(call.client_id, answer))]
        commands = result.get("availableCommands")
        if isinstance(commands, list):
            update = wire.available_commands_update(available_commands=commands)
            out += [
                ToClient(session_update(session.session_id, u))
                for u in updates_for(session, update, unshown)
            ]
        return out

    def _option_set(
        self, call: AgentCall, result: dict[str, Any], unshown: set[str]
    ) -> list[Output]:
        session = self._sessions.get(call.session_id or "")
        if session is not None:
            session.options = same.objects(result.get("configOptions"))
        if call.method == "session/set_mode":
            return [ToClient(rpc.result(call.client_id, v1.set_session_mode_response()))]
        options = to_v1.config_options(session.options if session is not None else [], unshown)
        answer = v1.set_session_config_option_response(config_options=options)
        return [ToClient(rpc.result(call.client_id, answer))]

    _ANSWERS: ClassVar[dict[str, Any]] = {
        "initialize": V2Translator._initialize_answered,
        "session/new": _session_opened,
        "session/load": _session_opened,
        "session/resume": _session_opened,
        "session/set_mode": _option_set,
        "session/set_config_option": _option_set,
        "session/list": V2Translator._listed,
    }
    _EMPTY_ANSWERS: ClassVar[dict[str, Any]] = {
        "authenticate": v1.authenticate_response,
        "logout": v1.logout_response,
        "session/close": v1.close_session_response,
        "session/delete": v1.delete_session_response,
    }

    def _session_closed(self, session: DowngradeSession) -> list[Output]:
        """A running turn ends with its session: the v1 prompt is answered ``cancelled``
        (the agent cancels the work as ``session/cancel`` would, and what it reports of
        it after its answer names a session that is gone)."""
        if not session.lifecycle.running:
            return []
        prompt_id, _ = session.lifecycle.end_turn()
        return [ToClient(cancel.cancelled_prompt(prompt_id))]

    def _agent_offers(self, transport: str) -> bool:
        """A v2 agent may offer no stdio MCP transport (``session.mcp`` without ``stdio``),
        which v1 cannot say: its clients send stdio servers always. (It was told of the
        others, ``mcpCapabilities``, which a v1 client heeds.)"""
        if transport != "stdio":
            return True
        caps = (self._agent.initialize_result or {}).get("capabilities")
        session = caps.get("session") if isinstance(caps, dict) else None
        mcp = session.get("mcp") if isinstance(session, dict) else None
        return isinstance(mcp, dict) and isinstance(mcp.get("stdio"), dict)

    # -- the agent is gone ----------------------------------------------------------------

    def _sessions_gone(self, failure: dict[str, Any]) -> list[Output]:
        """Running prompts fail, acknowledged or not; one the client cancelled ends
        ``cancelled`` (:func:`.cancel.cancelled_prompt`)."""
        out: list[Output] = []
        for session in self._sessions.values():
            if session.lifecycle.running:
                prompt_id, cancelled = session.lifecycle.end_turn()
                if cancelled:
                    out.append(ToClient(cancel.cancelled_prompt(prompt_id)))
                else:
                    out.append(ToClient(rpc.forwarded_error(prompt_id, failure)))
            session.lifecycle.end(failure)
        return out

    # -- helpers --------------------------------------------------------------------------

    def _session(self, id: rpc.RequestId, session_id: str) -> DowngradeSession:
        session = self._sessions.get(session_id)
        if session is None:
            raise refuse(id, "params.sessionId", f"unknown session {session_id!r}")
        return session
