"""The v2 upgrade: one ACP v1 agent behind an ACP v2 (draft) client.

acp-compat is a v2 **agent** toward the client and a v1 **client** toward agent process
``0`` (started by the shell). docs/behaviour.md, "v1 and v2", is the contract; the
sessions and the agent's updates are :mod:`.upgrade_sessions`, the shapes :mod:`.to_v2`
and :mod:`.to_v1`.

The turn: a ``session/prompt`` is answered at once with the id of the user message it
inserts, followed by that ``user_message`` and ``state_update`` ``running``; the v1
prompt's answer becomes ``state_update`` ``idle`` with its stop reason (a failed prompt:
``error``, with the agent's error); an open permission request is ``requires_action``.
A prompt sent while a turn runs is held and inserted (answered) when it ends; a cancel
answers held prompts ``-32800``.

Choices made here:
* the agent is told the client has neither ``fs`` nor ``terminal`` (v2 removed both; a v1
  agent already works without them, since many v1 clients offer neither): its ``fs/*``
  and ``terminal/*`` requests get ``-32601``;
* what v2 requires of every agent and a v1 agent may lack is served by the relay where it
  can be (``session/list`` of the sessions opened here, ``session/close`` by forgetting
  the session and cancelling its turn, a resume without replay of a session open here,
  or through ``session/load`` with its replay not shown) and refused clearly otherwise
  (``-32601`` naming what the agent lacks: replay without ``loadSession``, logout);
* the agent's own requests the client cannot be asked (``elicitation/create``: the agent
  is told of no such capability) get ``-32601``; extension methods (``_...``) go through
  both ways, their ids mapped;
* a permission request names the tool call's title (v2 requires a title; v1 puts the
  prompt's copy there); an answer the relay cannot read as a selected option is
  ``cancelled``: a permission is never widened;
* once the agent is gone, every waiting and later request gets ``-32603`` naming why, a
  running turn ends ``idle`` with stop reason ``error``, open permission requests are
  withdrawn with ``$/cancel_request``.
"""

from __future__ import annotations

import logging
from typing import Any, ClassVar, TypeVar

from acp_compat.jsonrpc import messages as rpc
from acp_compat.models.current import wire as v1
from acp_compat.models.v2 import auth as v2_auth
from acp_compat.models.v2 import content as v2_content
from acp_compat.models.v2 import initialize as v2_initialize
from acp_compat.models.v2 import prompt as v2_prompt
from acp_compat.models.v2 import session as v2_session
from acp_compat.models.v2 import wire
from acp_compat.translate.base import Output, ToAgent, ToClient
from acp_compat.translate.exits import agent_gone
from acp_compat.translate.lifecycle import SessionEvent, SessionState

from . import cancel, to_v1, to_v2
from .hops import (
    AgentCall,
    ClientCall,
    Hops,
    Refused,
    params_as,
    permission_answer,
    refuse,
    relayed,
)
from .options import V2UpgradeOptions
from .upgrade_sessions import HeldPrompt, UpgradeSession, session_update, update_for

log = logging.getLogger("acp_compat.translate.v2")

CLIENT_PROTOCOL = 2
AGENT_PROTOCOL = 1

T = TypeVar("T")


class V2UpgradeTranslator:
    """Sans-IO translator: a v2 client in front of one ACP v1 agent."""

    def __init__(self, options: V2UpgradeOptions) -> None:
        self.options = options
        self._hops = Hops(options.agent0_next_id, v1, wire)
        self._initialized: dict[str, Any] | None = options.agent0_initialized
        """The agent's v1 ``initialize`` result."""
        self._sessions: dict[str, UpgradeSession] = {}
        self._gone: rpc.Message | None = None
        """Once the agent is gone: the error object every request gets."""
        self._logged: set[str] = set()

    # -- the contract ---------------------------------------------------------------------

    def from_client(self, message: rpc.Message) -> list[Output]:
        """Handle one message from the v2 client."""
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
        method = message.get("method")
        if method == "session/update" and "id" not in message:
            return self._agent_update(message.get("params"))
        kind = rpc.classify(message)
        params = message.get("params")
        params = params if isinstance(params, dict) else {}
        if kind is rpc.Kind.REQUEST:
            return self._agent_request(message["id"], message["method"], params)
        if kind is rpc.Kind.NOTIFICATION:
            return self._agent_notification(message["method"], params)
        if kind in (rpc.Kind.RESPONSE, rpc.Kind.ERROR):
            return self._agent_response(message)
        log.warning("ignoring an invalid message from the agent")
        return []

    def agent_exited(self, agent: int, returncode: int | None, stderr_tail: str) -> list[Output]:
        """The agent is gone: answer what waited on it; every later request fails."""
        return self._lose(agent, agent_gone(returncode, stderr_tail))

    def agent_lost(self, agent: int, reason: str) -> list[Output]:
        """The agent is unreachable (``reason``): as for an exit."""
        return self._lose(agent, agent_gone(lost=reason))

    def agent_start_failed(self, agent: int, reason: str) -> list[Output]:
        """The agent could not be started: as for an exit."""
        return self._lose(agent, agent_gone(not_started=reason))

    def file_done(
        self, token: int, content: str | None = None, error: str | None = None
    ) -> list[Output]:
        """Never expected: this translator asks for no local file effects."""
        log.warning("ignoring a file result for token %s: none was requested", token)
        return []

    def client_drained(self) -> list[Output]:
        """Never expected: this translator holds nothing back for the client."""
        return []

    # -- requests from the client ---------------------------------------------------------

    def _client_request(self, id: rpc.RequestId, method: str, params: Any) -> list[Output]:
        """Dispatch one v2 request."""
        if method.startswith("_"):
            if self._gone is not None:
                return [ToClient(rpc.error(id, **self._gone))]
            return [self._hops.extension_from_client(id, method, params)]
        handler = self._HANDLERS.get(method)
        if handler is None:
            return [
                ToClient(
                    rpc.error(id, rpc.METHOD_NOT_FOUND, "Method not found", {"method": method})
                )
            ]
        if self._gone is not None:
            return [ToClient(rpc.error(id, **self._gone))]
        if self._initialized is None and method != "initialize":
            if any(call.method == "initialize" for call in self._hops.agent.pending().values()):
                return [ToClient(rpc.error(id, rpc.INVALID_REQUEST, "initialize is in progress"))]
            return [ToClient(rpc.error(id, rpc.INVALID_REQUEST, "Call initialize first"))]
        outputs: list[Output] = handler(self, id, params)
        return outputs

    def _initialize(self, id: rpc.RequestId, params: Any) -> list[Output]:
        """v2 ``initialize``: the agent's v1 ``initialize``, or its answer if it is known."""
        params_as(id, params, v2_initialize.InitializeRequest)
        if self._initialized is not None:
            return [ToClient(rpc.result(id, self._initialize_result()))]
        info = to_v1.implementation(params.get("info"), "acp-compat", self.options.version)
        request = v1.initialize_request(
            protocol_version=AGENT_PROTOCOL,
            # v2 has neither: the agent works without them (see the module docstring).
            client_capabilities=v1.client_capabilities(
                fs=v1.file_system_capabilities(read_text_file=False, write_text_file=False),
                terminal=False,
            ),
            client_info=info,
        )
        return [self._hops.to_agent(AgentCall("initialize", id), "initialize", request)]

    def _initialize_result(self) -> dict[str, Any]:
        assert self._initialized is not None
        result = self._initialized
        methods = result.get("authMethods")
        return wire.initialize_response(
            protocol_version=CLIENT_PROTOCOL,
            info=to_v2.implementation(result.get("agentInfo"), self.options.agent_name, "unknown"),
            capabilities=to_v2.agent_capabilities(result.get("agentCapabilities")),
            auth_methods=to_v2.auth_methods(methods) if isinstance(methods, list) else None,
        )

    def _login(self, id: rpc.RequestId, params: Any) -> list[Output]:
        """``auth/login`` is v1 ``authenticate``."""
        login = params_as(id, params, v2_auth.LoginAuthRequest)
        request = v1.authenticate_request(method_id=login.method_id, meta=login.meta)
        return [self._hops.to_agent(AgentCall("auth/login", id), "authenticate", request)]

    def _logout(self, id: rpc.RequestId, params: Any) -> list[Output]:
        """``auth/logout`` is v1 ``logout``, where the agent has it."""
        params_as(id, params, v2_auth.LogoutAuthRequest)
        if not self._capability("auth", "logout"):
            return [ToClient(self._lacks(id, "logout: it offers no auth.logout"))]
        return [self._hops.to_agent(AgentCall("auth/logout", id), "logout", v1.logout_request())]

    def _new_session(self, id: rpc.RequestId, params: Any) -> list[Output]:
        """``session/new``: the same in v1, with v1's MCP server shapes."""
        new = params_as(id, params, v2_session.NewSessionRequest)
        request = v1.new_session_request(
            cwd=new.cwd,
            mcp_servers=_mcp_servers(id, params),
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
        blocks = params["prompt"]
        if session.turn is not SessionState.IDLE:
            session.held.append(HeldPrompt(id, blocks))
            return []
        return self._start_turn(session, id, blocks)

    def _start_turn(
        self, session: UpgradeSession, id: rpc.RequestId, blocks: list[Any]
    ) -> list[Output]:
        """Insert a prompt: the answer with its user message, the turn running, the v1 prompt."""
        message_id = self.options.new_message_id()
        session.apply(SessionEvent.PROMPT)
        session.message = None
        sid = session.session_id
        request = v1.prompt_request(session_id=sid, prompt=blocks)
        return [
            ToClient(rpc.result(id, wire.prompt_response(message_id=message_id))),
            ToClient(session_update(sid, wire.user_message(message_id=message_id, content=blocks))),
            ToClient(session_update(sid, session.state())),
            self._hops.to_agent(AgentCall("session/prompt", None, sid), "session/prompt", request),
        ]

    def _set_config_option(self, id: rpc.RequestId, params: Any) -> list[Output]:
        """``session/set_config_option``: the relay's ``mode`` option is v1 ``set_mode``."""
        change: Any = params_as(id, params, v2_session.SetSessionConfigOptionRequest)  # type: ignore[arg-type]
        session = self._session(id, change.session_id)
        sid = session.session_id
        if session.mode is not None and change.config_id == to_v2.MODE_CONFIG_ID:
            if not isinstance(change, v2_session.SetSessionConfigOptionId):
                problem = "the mode is a select: expected type id and a value id"
                raise refuse(id, "params.type", problem)
            request = v1.set_session_mode_request(session_id=sid, mode_id=change.value)
            call = AgentCall("session/set_config_option", id, sid, change.value)
            return [self._hops.to_agent(call, "session/set_mode", request)]
        if isinstance(change, v2_session.SetSessionConfigOptionBoolean):
            request = v1.set_session_config_option_boolean(
                session_id=sid, config_id=change.config_id, value=change.value, meta=change.meta
            )
        elif isinstance(change, v2_session.SetSessionConfigOptionId):
            request = v1.set_session_config_option_value_id(
                session_id=sid, config_id=change.config_id, value=change.value, meta=change.meta
            )
        else:
            problem = "the agent speaks ACP v1, which takes id and boolean values only"
            raise refuse(id, "params.type", problem)
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
        """``session/resume``: v1 ``session/resume``, or ``session/load`` (for a replay, or
        with its replay not shown), or the relay's own answer for a session open here."""
        resume = params_as(id, params, v2_session.ResumeSessionRequest)
        replay = resume.replay_from
        if isinstance(replay, v2_session.UnknownReplayFrom):
            problem = f"unknown replay cursor type {replay.data.get('type')!r}"
            raise refuse(id, "params.replayFrom", problem)
        sid = resume.session_id
        open_here = self._sessions.get(sid)
        if replay is None and open_here is not None:
            return self._resumed(id, open_here)
        can_load = self._capability("loadSession")
        if replay is None and self._capability("sessionCapabilities", "resume"):
            method = "session/resume"
            request = v1.resume_session_request(
                session_id=sid,
                cwd=resume.cwd,
                mcp_servers=_mcp_servers(id, params),
                additional_directories=resume.additional_directories or None,
                meta=resume.meta,
            )
        elif can_load:
            method = "session/load"
            request = v1.load_session_request(
                session_id=sid,
                cwd=resume.cwd,
                mcp_servers=_mcp_servers(id, params),
                additional_directories=resume.additional_directories or None,
                meta=resume.meta,
            )
        elif replay is not None:
            return [ToClient(self._lacks(id, "replay: it offers no loadSession"))]
        else:
            return [
                ToClient(
                    self._lacks(id, "resume: it offers neither session/resume nor loadSession")
                )
            ]
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
            return [
                ToClient(self._lacks(id, "session/delete: it offers no sessionCapabilities.delete"))
            ]
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

    def _client_notification(self, method: str, params: Any) -> list[Output]:
        params = params if isinstance(params, dict) else {}
        if method == "session/cancel":
            return cancel.upgrade_cancel(self._hops, self._sessions, params)
        if method == "$/cancel_request":
            return cancel.upgrade_cancel_request(
                self._hops, self._sessions, params.get("requestId")
            )
        if method.startswith("_"):
            return [ToAgent(0, rpc.notification(method, params or None))]
        log.debug("ignoring client notification %s", method)
        return []

    def _client_response(self, message: rpc.Message) -> list[Output]:
        """The client answered a request acp-compat sent it."""
        call = self._hops.answered_by_client(message)
        if call is None or self._gone is not None:
            return []
        if call.method != "session/request_permission":
            return [ToAgent(0, relayed(call.agent_id, message))]
        client_id = message.get("id")
        out: list[Output] = [ToAgent(0, rpc.result(call.agent_id, permission_answer(message, v1)))]
        session = self._sessions.get(call.session_id or "")
        if session is not None and isinstance(client_id, int):
            session.permissions.discard(client_id)
            if not session.permissions and session.turn is SessionState.PROMPTING:
                out.append(ToClient(session_update(session.session_id, session.state())))
        return out

    # -- the agent ------------------------------------------------------------------------

    def _agent_update(self, params: Any) -> list[Output]:
        """One v1 ``session/update``: the hot path."""
        if not isinstance(params, dict) or not isinstance(params.get("update"), dict):
            log.warning("ignoring a session/update without an update object")
            return []
        session = self._sessions.get(params.get("sessionId"))  # type: ignore[arg-type]
        if session is None:
            log.debug(
                "ignoring a session/update for unknown session %.100r", params.get("sessionId")
            )
            return []
        if session.hide_updates:
            return []
        update = update_for(session, params["update"], self.options.new_message_id, self._logged)
        return [] if update is None else [ToClient(session_update(session.session_id, update))]

    def _agent_notification(self, method: str, params: dict[str, Any]) -> list[Output]:
        if method == "$/cancel_request":
            return cancel.agent_cancels(self._hops, params.get("requestId"))
        if method.startswith("_"):
            return [ToClient(rpc.notification(method, params or None))]
        log.debug("ignoring agent notification %s", method)
        return []

    def _agent_request(
        self, id: rpc.RequestId, method: str, params: dict[str, Any]
    ) -> list[Output]:
        """A request of the agent's: permissions and extension methods reach the client."""
        if method == "session/request_permission":
            return self._permission(id, params)
        if method.startswith("_"):
            return [self._hops.extension_from_agent(id, method, params or None)]
        # fs/* and terminal/*: the agent was told the client has neither.
        problem = (
            f"{method} cannot reach the client: it speaks ACP v2, which has no"
            f" {method.split('/')[0]}/* (acp-compat told the agent so in initialize)"
        )
        return [
            ToAgent(
                0, rpc.error(id, rpc.METHOD_NOT_FOUND, "Method not found", {"details": problem})
            )
        ]

    def _permission(self, id: rpc.RequestId, params: dict[str, Any]) -> list[Output]:
        """v1 ``session/request_permission`` → v2: a title, the tool call as its subject."""
        session = self._sessions.get(params.get("sessionId"))  # type: ignore[arg-type]
        tool_call = params.get("toolCall")
        options = [o for o in to_v2.objects(params.get("options")) if to_v2.permission_option(o)]
        problem = None
        if session is None:
            problem = "unknown session"
        elif not isinstance(tool_call, dict) or not isinstance(tool_call.get("toolCallId"), str):
            problem = "params.toolCall.toolCallId must be a string"
        elif not options:
            problem = "params.options must hold an option (optionId, name, kind)"
        if problem is not None:
            return [
                ToAgent(
                    0, rpc.error(id, rpc.INVALID_PARAMS, f"session/request_permission: {problem}")
                )
            ]
        assert session is not None and isinstance(tool_call, dict)
        if session.turn is SessionState.CANCELLING:
            return [cancel.refused(self._hops, id)]
        call_id = tool_call["toolCallId"]
        title = (
            to_v2.text(tool_call, "title") or session.titles.get(call_id) or "Allow this tool call?"
        )
        request = wire.request_permission_request(
            session_id=session.session_id,
            title=title,
            options=[o for option in options if (o := to_v2.permission_option(option))],
            subject=wire.tool_call_permission_subject(
                tool_call=to_v2.tool_call_upsert(tool_call, session_update=False)
            ),
            meta=to_v2.meta(params),
        )
        client_id = self._hops.client.add(
            ClientCall("session/request_permission", id, session.session_id)
        )
        first = not session.permissions
        session.permissions.add(client_id)
        out: list[Output] = []
        if first and session.turn is SessionState.PROMPTING:
            out.append(ToClient(session_update(session.session_id, session.state())))
        out.append(ToClient(rpc.request(client_id, "session/request_permission", request)))
        return out

    def _agent_response(self, message: rpc.Message) -> list[Output]:
        """The agent answered a request acp-compat sent it."""
        call = self._hops.answered_by_agent(message)
        if call is None:
            return []
        error = message.get("error")
        result = message.get("result")
        result = result if isinstance(result, dict) else {}
        if call.method == "session/prompt":
            return self._turn_ended(call, error, result)
        if error is not None:
            if call.method == "session/resume" and call.extra:
                self._sessions.pop(call.session_id or "", None)
            return [ToClient(rpc.forwarded_error(call.client_id, error))]
        answer = self._ANSWERS.get(call.method)
        if answer is None:  # an extension method's answer
            return [ToClient(relayed(call.client_id, message))]
        outputs: list[Output] = answer(self, call, result)
        return outputs

    def _initialize_answered(self, call: AgentCall, result: dict[str, Any]) -> list[Output]:
        version = result.get("protocolVersion")
        if version != AGENT_PROTOCOL or isinstance(version, bool):
            text = f"The agent answered protocolVersion {version!r}; acp-compat needs 1"
            return [ToClient(rpc.error(call.client_id, rpc.INTERNAL_ERROR, text))]
        self._initialized = result
        return [ToClient(rpc.result(call.client_id, self._initialize_result()))]

    def _session_made(self, call: AgentCall, result: dict[str, Any]) -> list[Output]:
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
            meta=to_v2.meta(result),
        )
        return [ToClient(rpc.result(call.client_id, answer))]

    def _option_set(self, call: AgentCall, result: dict[str, Any]) -> list[Output]:
        session = self._sessions.get(call.session_id or "")
        if session is None:
            return [
                ToClient(
                    rpc.result(
                        call.client_id, wire.set_session_config_option_response(config_options=[])
                    )
                )
            ]
        if call.extra is not None:  # the mode, through set_mode
            session.set_mode(call.extra)
        else:
            session.set_options(result.get("configOptions") or [], None)
        answer = wire.set_session_config_option_response(config_options=session.config_options())
        return [ToClient(rpc.result(call.client_id, answer))]

    def _listed(self, call: AgentCall, result: dict[str, Any]) -> list[Output]:
        sessions = [
            s for info in to_v2.objects(result.get("sessions")) if (s := to_v2.session_info(info))
        ]
        cursor = to_v2.text(result, "nextCursor")
        answer = wire.list_sessions_response(
            sessions=sessions, next_cursor=cursor, meta=to_v2.meta(result)
        )
        return [ToClient(rpc.result(call.client_id, answer))]

    def _closed(self, call: AgentCall, result: dict[str, Any]) -> list[Output]:
        self._sessions.pop(call.session_id or "", None)
        return [ToClient(rpc.result(call.client_id, wire.close_session_response()))]

    def _deleted(self, call: AgentCall, result: dict[str, Any]) -> list[Output]:
        self._sessions.pop(call.session_id or "", None)
        return [ToClient(rpc.result(call.client_id, wire.delete_session_response()))]

    def _resume_answered(self, call: AgentCall, result: dict[str, Any]) -> list[Output]:
        session = self._sessions.get(call.session_id or "")
        if session is None:  # closed meanwhile
            return [ToClient(rpc.result(call.client_id, wire.resume_session_response()))]
        session.hide_updates = False
        session.message = None
        session.set_options(result.get("configOptions"), result.get("modes"))
        return self._resumed(call.client_id, session)

    def _void(self, call: AgentCall, result: dict[str, Any]) -> list[Output]:
        builder = (
            wire.login_auth_response if call.method == "auth/login" else wire.logout_auth_response
        )
        return [ToClient(rpc.result(call.client_id, builder()))]

    _ANSWERS: ClassVar[dict[str, Any]] = {
        "initialize": _initialize_answered,
        "auth/login": _void,
        "auth/logout": _void,
        "session/new": _session_made,
        "session/set_config_option": _option_set,
        "session/list": _listed,
        "session/close": _closed,
        "session/resume": _resume_answered,
        "session/delete": _deleted,
    }

    def _turn_ended(self, call: AgentCall, error: Any, result: dict[str, Any]) -> list[Output]:
        """The v1 prompt's answer: the turn ends ``idle`` with its stop reason, and the
        next held prompt, if any, is inserted."""
        session = self._sessions.get(call.session_id or "")
        if session is None or session.turn not in (SessionState.PROMPTING, SessionState.CANCELLING):
            log.info("ignoring the answer to session/prompt of a session that is gone")
            return []
        cancelled = session.turn is SessionState.CANCELLING
        session.apply(SessionEvent.TURN_END)
        session.message = None
        session.titles.clear()
        out = cancel.withdraw_permissions(self._hops, session)
        idle = cancel.idle(cancelled, error, result.get("stopReason"))
        out.append(ToClient(session_update(session.session_id, idle)))
        if session.held:
            held = session.held.popleft()
            out += self._start_turn(session, held.client_id, held.prompt)
        return out

    # -- the agent is gone ----------------------------------------------------------------

    def _lose(self, agent: int, failure: dict[str, Any]) -> list[Output]:
        """Answer everything that waited on the agent with ``failure``; fail every later
        request."""
        if agent != 0 or self._gone is not None:
            return []
        self._gone = failure
        out: list[Output] = []
        for call in self._hops.agent.pending().values():
            if call.client_id is not None:
                out.append(ToClient(rpc.error(call.client_id, **self._gone)))
        for session in self._sessions.values():
            running = session.turn in (SessionState.PROMPTING, SessionState.CANCELLING)
            while session.held:
                held = session.held.popleft()
                out.append(ToClient(rpc.error(held.client_id, **self._gone)))
            out += [w for c in sorted(session.permissions) if (w := cancel.withdraw(self._hops, c))]
            session.permissions.clear()
            session.end()
            if running:
                idle = wire.session_idle_state_update(
                    stop_reason="error", error=wire.error(**self._gone)
                )
                out.append(ToClient(session_update(session.session_id, idle)))
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
        value: Any = (self._initialized or {}).get("agentCapabilities")
        for key in path:
            value = value.get(key) if isinstance(value, dict) else None
        return value is True or isinstance(value, dict)

    def _lacks(self, id: rpc.RequestId, what: str) -> rpc.Message:
        """The answer to a v2 request the v1 agent cannot serve and the relay cannot either."""
        text = f"The agent speaks ACP v1 and cannot do {what}"
        return rpc.error(id, rpc.METHOD_NOT_FOUND, text)


def _mcp_servers(id: rpc.RequestId, params: dict[str, Any]) -> list[dict[str, Any]]:
    """A validated request's MCP servers in v1 shape; a ``-32602`` answer for one v1 lacks."""
    servers = []
    for index, server in enumerate(params.get("mcpServers") or []):
        converted = to_v1.mcp_server(server)
        if converted is None:
            problem = f"the agent speaks ACP v1, which has no MCP transport {server.get('type')!r}"
            raise refuse(id, f"params.mcpServers[{index}]", problem)
        servers.append(converted)
    return servers
