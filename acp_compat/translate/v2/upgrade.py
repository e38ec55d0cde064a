"""The v2 upgrade: one ACP v1 agent behind an ACP v2 (draft) client.

acp-compat is a v2 **agent** toward the client and a v1 **client** toward agent process
``0`` (started by the shell). docs/behaviour.md §7, "v1 and v2", is the contract and
gives the reasons for the choices made here: the agent told the client has neither
``fs`` nor ``terminal`` (and its requests for them refused ``-32601``), what v2 requires
of an agent served by the relay or refused ``-32601`` naming what the v1 agent lacks, a
permission never widened, the agent's end. The sessions and the agent's updates are
:mod:`.upgrade_sessions`, the shapes :mod:`.to_v2` and :mod:`.to_v1`.

The turn: a ``session/prompt`` is answered at once with the id of the user message it
inserts, followed by that ``user_message`` and ``state_update`` ``running``; the v1
prompt's answer becomes ``state_update`` ``idle`` with its stop reason (a failed prompt:
``error``, with the agent's error); an open permission request is ``requires_action``.
A prompt sent while a turn runs is held and inserted (answered) when it ends; a cancel
answers held prompts ``-32800``.
"""

from __future__ import annotations

import logging
from typing import Any, ClassVar

from acp_compat.jsonrpc import messages as rpc
from acp_compat.models.current import wire as v1
from acp_compat.models.v2 import auth as v2_auth
from acp_compat.models.v2 import content as v2_content
from acp_compat.models.v2 import initialize as v2_initialize
from acp_compat.models.v2 import prompt as v2_prompt
from acp_compat.models.v2 import session as v2_session
from acp_compat.models.v2 import wire
from acp_compat.translate.base import Output, ToClient
from acp_compat.translate.lifecycle import SessionEvent, SessionState

from . import cancel, same, to_v2
from .hops import AgentCall, ClientCall, Refused, V2Translator, params_as, refuse
from .options import V2UpgradeOptions
from .upgrade_sessions import HeldPrompt, UpgradeSession, session_update, update_for

log = logging.getLogger("acp_compat.translate.v2")


class V2UpgradeTranslator(V2Translator[UpgradeSession, V2UpgradeOptions]):
    """Sans-IO translator: a v2 client in front of one ACP v1 agent."""

    _CLIENT = same.V2
    _AGENT = same.V1
    # fs/* and terminal/*: the agent was told the client has neither.
    _NOT_RELAYED = (
        "{method} cannot reach the client: it speaks ACP v2, which has no {family}/*"
        " (acp-compat told the agent so in initialize)"
    )

    # -- requests from the client ---------------------------------------------------------

    def _initialize(self, id: rpc.RequestId, params: Any) -> list[Output]:
        """v2 ``initialize``: the agent's v1 ``initialize``, or its answer if it is known."""
        initialize = params_as(id, params, v2_initialize.InitializeRequest)
        if self._agent.initialize_result is not None:
            return [ToClient(rpc.result(id, self._initialize_result()))]
        info = same.implementation(v1, params.get("info"), "acp-compat", self.options.version)
        request = v1.initialize_request(
            protocol_version=self._AGENT.protocol,
            # v2 has neither: the agent works without them (behaviour.md §7).
            client_capabilities=v1.client_capabilities(
                fs=v1.file_system_capabilities(read_text_file=False, write_text_file=False),
                terminal=False,
            ),
            client_info=info,
            meta=initialize.meta,
        )
        return self._send_initialize(id, request)

    def _initialize_result(self) -> dict[str, Any]:
        assert self._agent.initialize_result is not None
        result = self._agent.initialize_result
        methods = result.get("authMethods")
        return wire.initialize_response(
            protocol_version=self._CLIENT.protocol,
            info=same.implementation(
                wire, result.get("agentInfo"), self.options.agent_name, "unknown"
            ),
            capabilities=to_v2.agent_capabilities(result.get("agentCapabilities")),
            auth_methods=same.auth_methods(self._AGENT, self._CLIENT, methods)
            if isinstance(methods, list)
            else None,
        )

    def _login(self, id: rpc.RequestId, params: Any) -> list[Output]:
        """``auth/login`` is v1 ``authenticate``."""
        login = params_as(id, params, v2_auth.LoginAuthRequest)
        request = v1.authenticate_request(method_id=login.method_id, meta=login.meta)
        return [self._hops.to_agent(AgentCall("auth/login", id), "authenticate", request)]

    def _logout(self, id: rpc.RequestId, params: Any) -> list[Output]:
        """``auth/logout`` is v1 ``logout``, where the agent has it."""
        logout = params_as(id, params, v2_auth.LogoutAuthRequest)
        if not self._capability("auth", "logout"):
            return [self._lacks(id, "logout: it offers no auth.logout")]
        request = v1.logout_request(meta=logout.meta)
        return [self._hops.to_agent(AgentCall("auth/logout", id), "logout", request)]

    def _new_session(self, id: rpc.RequestId, params: Any) -> list[Output]:
        """``session/new``: the same in v1, with v1's MCP server shapes."""
        new = params_as(id, params, v2_session.NewSessionRequest)
        request = v1.new_session_request(
            cwd=new.cwd,
            mcp_servers=self._mcp_servers(id, params),
            additional_directories=new.additional_directories or None,
            meta=new.meta,
        )
        return [
            self._hops.to_agent(AgentCall("session/new", id, extra=new.cwd), "session/new", request)
        ]

    def _prompt(self, id: rpc.RequestId, params: Any) -> list[Output]:
        """``session/prompt``: inserted now if the session is idle, else when its turn ends."""
        prompt = params_as(id, params, v2_prompt.PromptRequest)
        session = self._session(id, prompt.session_id)
        for index, block in enumerate(prompt.prompt):
            if isinstance(block, v2_content.UnknownContentBlock):
                problem = (
                    f"the agent speaks ACP v1, which has no content type {block.data.get('type')!r}"
                )
                raise refuse(id, f"params.prompt[{index}]", problem)
        sent = HeldPrompt(id, params["prompt"], prompt.meta)
        if not session.lifecycle.allows(SessionEvent.PROMPT):
            session.held.append(sent)
            return []
        return self._start_turn(session, sent)

    def _start_turn(self, session: UpgradeSession, sent: HeldPrompt) -> list[Output]:
        """Insert a prompt: the answer with its user message, the turn running, the v1 prompt."""
        id, blocks = sent.client_id, sent.prompt
        message_id = self.options.new_message_id()
        session.lifecycle.start_turn(id)
        session.message = None
        sid = session.session_id
        to_agent = [same.content_block(same.V1, block) for block in blocks]
        request = v1.prompt_request(session_id=sid, prompt=to_agent, meta=sent.meta)
        return [
            ToClient(rpc.result(id, wire.prompt_response(message_id=message_id))),
            ToClient(session_update(sid, wire.user_message(message_id=message_id, content=blocks))),
            ToClient(session_update(sid, session.state())),
            self._hops.to_agent(
                AgentCall("session/prompt", id, sid, answered=True), "session/prompt", request
            ),
        ]

    def _set_config_option(self, id: rpc.RequestId, params: Any) -> list[Output]:
        """``session/set_config_option``: the relay's ``mode`` option is v1 ``set_mode``."""
        change: Any = params_as(id, params, v2_session.SetSessionConfigOptionRequest)  # type: ignore[arg-type]
        if isinstance(change, v2_session.UnknownSetSessionConfigOptionRequest):
            # v2's union is open; an agent refuses a value type it lacks with -32602.
            problem = "the agent speaks ACP v1, which takes id and boolean values only"
            raise refuse(id, "params.type", problem)
        session = self._session(id, change.session_id)
        sid = session.session_id
        if session.mode is not None and change.config_id == to_v2.MODE_CONFIG_ID:
            if not isinstance(change, v2_session.SetSessionConfigOptionId):
                problem = "the mode is a select: expected type id and a value id"
                raise refuse(id, "params.type", problem)
            request = v1.set_session_mode_request(
                session_id=sid, mode_id=change.value, meta=change.meta
            )
            call = AgentCall("session/set_config_option", id, sid, change.value)
            return [self._hops.to_agent(call, "session/set_mode", request)]
        build: Any = (
            v1.set_session_config_option_boolean
            if isinstance(change, v2_session.SetSessionConfigOptionBoolean)
            else v1.set_session_config_option_value_id
        )
        request = build(
            session_id=sid, config_id=change.config_id, value=change.value, meta=change.meta
        )
        call = AgentCall("session/set_config_option", id, sid)
        return [self._hops.to_agent(call, "session/set_config_option", request)]

    def _list(self, id: rpc.RequestId, params: Any) -> list[Output]:
        """``session/list``: the agent's, or the sessions opened here when it has none."""
        listing = params_as(id, params, v2_session.ListSessionsRequest)
        if self._capability("sessionCapabilities", "list"):
            request = v1.list_sessions_request(
                cwd=listing.cwd, cursor=listing.cursor, meta=listing.meta
            )
            return [self._hops.to_agent(AgentCall("session/list", id), "session/list", request)]
        if listing.cursor is not None:
            problem = "unknown cursor: the list of sessions opened here is one page"
            raise refuse(id, "params.cursor", problem)
        sessions = [
            wire.session_info(session_id=s.session_id, cwd=s.cwd)
            for s in self._sessions.values()
            if listing.cwd is None or s.cwd == listing.cwd
        ]
        return [ToClient(rpc.result(id, wire.list_sessions_response(sessions=sessions)))]

    def _close(self, id: rpc.RequestId, params: Any) -> list[Output]:
        """``session/close``: the agent's, or the relay forgets the session (its turn
        cancelled) when it has none. Either way held prompts and open permissions end."""
        close = params_as(id, params, v2_session.CloseSessionRequest)
        session = self._session(id, close.session_id)
        agent_closes = self._capability("sessionCapabilities", "close")
        out = cancel.stop_turn(self._hops, session, send_cancel=not agent_closes)
        if agent_closes:
            request = v1.close_session_request(session_id=session.session_id, meta=close.meta)
            call = AgentCall("session/close", id, session.session_id)
            return [*out, self._hops.to_agent(call, "session/close", request)]
        del self._sessions[session.session_id]
        return [*out, ToClient(rpc.result(id, wire.close_session_response()))]

    def _resume(self, id: rpc.RequestId, params: Any) -> list[Output]:
        """``session/resume``: v1 ``session/resume`` (which carries the resume's new
        environment to the agent), else the relay's own answer for a session open here,
        else ``session/load`` (for a replay, or with its replay not shown)."""
        resume = params_as(id, params, v2_session.ResumeSessionRequest)
        replay = resume.replay_from
        if isinstance(replay, v2_session.UnknownReplayFrom):
            problem = f"unknown replay cursor type {replay.data.get('type')!r}"
            raise refuse(id, "params.replayFrom", problem)
        sid = resume.session_id
        open_here = self._sessions.get(sid)
        build: Any
        if replay is None and self._capability("sessionCapabilities", "resume"):
            method, build = "session/resume", v1.resume_session_request
        elif replay is None and open_here is not None:
            return self._resumed(id, open_here)
        elif self._capability("loadSession"):
            method, build = "session/load", v1.load_session_request
        elif replay is not None:
            return [self._lacks(id, "replay: it offers no loadSession")]
        else:
            return [self._lacks(id, "resume: it offers neither session/resume nor loadSession")]
        request = build(
            session_id=sid,
            cwd=resume.cwd,
            mcp_servers=self._mcp_servers(id, params),
            additional_directories=resume.additional_directories or None,
            meta=resume.meta,
        )
        made = open_here is None
        if made:
            self._sessions[sid] = UpgradeSession(sid, resume.cwd)
        # A load stands in for a resume without replay: what it replays is not shown.
        self._sessions[sid].hide_updates = method == "session/load" and replay is None
        return [self._hops.to_agent(AgentCall("session/resume", id, sid, made), method, request)]

    def _resumed(self, id: rpc.RequestId, session: UpgradeSession) -> list[Output]:
        """A resume's answer: the session's state now, then its config options."""
        options = session.config_options() or None
        return [
            ToClient(session_update(session.session_id, session.state())),
            ToClient(rpc.result(id, wire.resume_session_response(config_options=options))),
        ]

    def _delete(self, id: rpc.RequestId, params: Any) -> list[Output]:
        """``session/delete``, where the agent has it (v2 advertises it only then)."""
        delete = params_as(id, params, v2_session.DeleteSessionRequest)
        if not self._capability("sessionCapabilities", "delete"):
            return [self._lacks(id, "session/delete: it offers no sessionCapabilities.delete")]
        request = v1.delete_session_request(session_id=delete.session_id, meta=delete.meta)
        call = AgentCall("session/delete", id, delete.session_id)
        return [self._hops.to_agent(call, "session/delete", request)]

    _HANDLERS: ClassVar[dict[str, Any]] = {
        "initialize": _initialize,
        "auth/login": _login,
        "auth/logout": _logout,
        "session/new": _new_session,
        "session/prompt": _prompt,
        "session/set_config_option": _set_config_option,
        "session/list": _list,
        "session/close": _close,
        "session/resume": _resume,
        "session/delete": _delete,
    }

    # -- notifications and answers from the client ----------------------------------------

    def _cancel(self, params: dict[str, Any]) -> list[Output]:
        return cancel.upgrade_cancel(self._hops, self._sessions, params)

    def _cancel_request(self, request_id: Any) -> list[Output]:
        return cancel.upgrade_cancel_request(self._hops, self._sessions, request_id)

    def _answered(self, call: ClientCall, message: rpc.Message) -> list[Output]:
        """A permission answered: the turn runs on once none is open."""
        client_id = message.get("id")
        session = self._sessions.get(call.session_id or "")
        if session is None or not isinstance(client_id, int):
            return []
        session.permissions.discard(client_id)
        if not session.permissions and session.lifecycle.state is SessionState.PROMPTING:
            return [ToClient(session_update(session.session_id, session.state()))]
        return []

    # -- the agent ------------------------------------------------------------------------

    def _updated(self, session: UpgradeSession, update: dict[str, Any]) -> list[Output]:
        """One v1 ``session/update``: the hot path."""
        if session.hide_updates:
            return []
        shown = update_for(session, update, self.options.new_message_id, self._logged)
        return [] if shown is None else [ToClient(session_update(session.session_id, shown))]

    def _permission(self, id: rpc.RequestId, params: dict[str, Any]) -> list[Output]:
        """v1 ``session/request_permission`` → v2: a title, the tool call as its subject."""
        session = self._sessions.get(same.text(params, "sessionId") or "")
        tool_call = params.get("toolCall")
        options = [
            o
            for option in same.objects(params.get("options"))
            if (o := same.permission_option(wire, option))
        ]
        problem = None
        if session is None:
            problem = "unknown session"
        elif not isinstance(tool_call, dict) or not isinstance(tool_call.get("toolCallId"), str):
            problem = "params.toolCall.toolCallId must be a string"
        elif not options:
            problem = "params.options must hold an option (optionId, name, kind)"
        if problem is not None:
            return [self._bad_permission(id, problem)]
        assert session is not None and isinstance(tool_call, dict)
        if session.lifecycle.cancelling:
            return [cancel.refused(self._hops, id)]
        call_id = tool_call["toolCallId"]
        title = (
            same.text(tool_call, "title")
            or session.titles.get(call_id, "")
            or "Allow this tool call?"
        )
        request = wire.request_permission_request(
            session_id=session.session_id,
            title=title,
            options=options,
            subject=wire.tool_call_permission_subject(
                tool_call=to_v2.tool_call_upsert(tool_call, session_update=False)
            ),
            meta=same.meta(params),
        )
        client_id = self._hops.client.add(
            ClientCall("session/request_permission", id, session.session_id)
        )
        first = not session.permissions
        session.permissions.add(client_id)
        out: list[Output] = []
        if first and session.lifecycle.state is SessionState.PROMPTING:
            out.append(ToClient(session_update(session.session_id, session.state())))
        out.append(ToClient(rpc.request(client_id, "session/request_permission", request)))
        return out

    def _session_made(
        self, call: AgentCall, result: dict[str, Any], unshown: set[str]
    ) -> list[Output]:
        session_id = result.get("sessionId")
        if not isinstance(session_id, str):
            text = "The agent returned no sessionId"
            return [ToClient(rpc.error(call.client_id, rpc.INTERNAL_ERROR, text))]
        session = UpgradeSession(session_id, call.extra)
        session.set_options(result.get("configOptions"), result.get("modes"))
        self._sessions[session_id] = session
        answer = wire.new_session_response(
            session_id=session_id,
            config_options=session.config_options() or None,
            meta=same.meta(result),
        )
        return [ToClient(rpc.result(call.client_id, answer))]

    def _option_set(
        self, call: AgentCall, result: dict[str, Any], unshown: set[str]
    ) -> list[Output]:
        session = self._sessions.get(call.session_id or "")
        if session is not None and call.extra is not None:  # the mode, through set_mode
            session.set_mode(call.extra)
        elif session is not None:
            session.set_options(result.get("configOptions") or [], None)
        options = session.config_options() if session is not None else []
        answer = wire.set_session_config_option_response(config_options=options)
        return [ToClient(rpc.result(call.client_id, answer))]

    def _resume_answered(
        self, call: AgentCall, result: dict[str, Any], unshown: set[str]
    ) -> list[Output]:
        session = self._sessions.get(call.session_id or "")
        if session is None:  # closed meanwhile
            return [ToClient(rpc.result(call.client_id, wire.resume_session_response()))]
        session.hide_updates = False
        session.message = None
        session.set_options(result.get("configOptions"), result.get("modes"))
        return self._resumed(call.client_id, session)

    _ANSWERS: ClassVar[dict[str, Any]] = {
        "initialize": V2Translator._initialize_answered,
        "session/new": _session_made,
        "session/set_config_option": _option_set,
        "session/list": V2Translator._listed,
        "session/resume": _resume_answered,
    }
    _EMPTY_ANSWERS: ClassVar[dict[str, Any]] = {
        "auth/login": wire.login_auth_response,
        "auth/logout": wire.logout_auth_response,
        "session/close": wire.close_session_response,
        "session/delete": wire.delete_session_response,
    }

    def _prompt_answered(self, call: AgentCall, error: Any, result: dict[str, Any]) -> list[Output]:
        """The v1 prompt's answer: the turn ends ``idle`` with its stop reason, and the
        next held prompt, if any, is inserted."""
        session = self._sessions.get(call.session_id or "")
        if session is None or not session.lifecycle.running:
            log.info("ignoring the answer to session/prompt of a session that is gone")
            return []
        _, cancelled = session.lifecycle.end_turn()
        session.message = None
        session.titles.clear()
        out = cancel.withdraw_permissions(self._hops, session)
        idle = cancel.idle(cancelled, error, result.get("stopReason"))
        out.append(ToClient(session_update(session.session_id, idle)))
        if session.held:
            out += self._start_turn(session, session.held.popleft())
        return out

    def _session_closed(self, session: UpgradeSession) -> list[Output]:
        """What waits in a session the agent closed or deleted ends: held prompts
        (``-32800``), open permissions (withdrawn). A close ended them when it was asked
        (:meth:`_close`); a delete leaves the agent its turn."""
        return cancel.end_waiting(self._hops, session)

    # -- the agent is gone ----------------------------------------------------------------

    def _sessions_gone(self, failure: dict[str, Any]) -> list[Output]:
        """Held prompts fail, a running turn ends ``error``, or ``cancelled`` once the
        client cancelled it (:func:`.cancel.idle`; its permissions are withdrawn already)."""
        out: list[Output] = []
        for session in self._sessions.values():
            while session.held:
                out.append(self._failed(session.held.popleft().client_id))
            session.permissions.clear()
            if session.lifecycle.running:  # ends with the agent: cancelled once cancelled
                _, cancelled = session.lifecycle.end_turn()
                idle = cancel.idle(cancelled, failure, None)
                out.append(ToClient(session_update(session.session_id, idle)))
            session.lifecycle.end(failure)
        return out

    # -- helpers --------------------------------------------------------------------------

    def _session(self, id: rpc.RequestId, session_id: str) -> UpgradeSession:
        """The open session ``session_id``; a ``-32002`` answer (v2's unknown session) if none."""
        session = self._sessions.get(session_id)
        if session is None:
            data = wire.session_not_found_error_data(session_id=session_id)
            raise Refused(rpc.error(id, rpc.RESOURCE_NOT_FOUND, "Session not found", data))
        return session

    def _capability(self, *path: str) -> bool:
        """Whether the agent's ``agentCapabilities`` hold a true or object at ``path``."""
        value: Any = (self._agent.initialize_result or {}).get("agentCapabilities")
        for key in path:
            value = value.get(key) if isinstance(value, dict) else None
        return value is True or isinstance(value, dict)

    def _lacks(self, id: rpc.RequestId, what: str) -> ToClient:
        """The answer to a v2 request the v1 agent cannot serve and the relay cannot either."""
        text = f"The agent speaks ACP v1 and cannot do {what}"
        return ToClient(rpc.error(id, rpc.METHOD_NOT_FOUND, text))
