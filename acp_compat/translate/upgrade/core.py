"""The state every part of the upgrade translator shares, and the steps they share:
binding sessions to processes, starting and releasing processes, ending turns."""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

from acp_compat.codec import CodecError, Problem
from acp_compat.jsonrpc.messages import (
    Message,
    RequestId,
    notification,
    request,
)
from acp_compat.models.mapping import FINAL_STATUSES, LEGACY_PROTOCOL_VERSION
from acp_compat.translate.base import (
    OutboundRequests,
    Output,
    StartAgent,
    StopAgent,
    ToAgent,
    ToClient,
)
from acp_compat.translate.upgrade.options import UpgradeOptions
from acp_compat.translate.upgrade.session import (
    AgentProcess,
    AuthenticateFor,
    ClientContext,
    FileFor,
    InitializeControl,
    InitializeForSession,
    Session,
)

log = logging.getLogger("acp_compat.translate.upgrade")

LOGIN_METHOD_ID = "legacy-login"

ErrorMaker = Callable[[RequestId], Message]
"""Builds the answer to a client request, given its id."""


def reports_authenticated(legacy_result: Any) -> bool:
    """A legacy ``initialize`` result counts as authenticated unless it says ``false``."""
    return not (isinstance(legacy_result, dict) and legacy_result.get("isAuthenticated") is False)


def session_update(session_id: str, update: dict[str, Any]) -> ToClient:
    """A ``session/update`` notification to the client."""
    params = {"sessionId": session_id, "update": update}
    return ToClient({"jsonrpc": "2.0", "method": "session/update", "params": params})


class TranslatorCore:
    """Agent processes, sessions, both hops' id spaces, and the steps both sides use."""

    def __init__(self, options: UpgradeOptions) -> None:
        self._options = options
        agent0 = AgentProcess(
            number=0,
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
        self._authenticated = options.agent0_initialized is not None and reports_authenticated(
            options.agent0_initialized
        )

    def _legacy_initialize(self, legacy_id: int) -> Message:
        return request(legacy_id, "initialize", {"protocolVersion": LEGACY_PROTOCOL_VERSION})

    def _initialize_result(self) -> dict[str, Any]:
        # The login method is offered only while the legacy agent says it needs one: an
        # editor (and ``detect``) reads any auth method as "may need a login", so a
        # logged-in agent that advertised one would look logged out. An ``authenticate``
        # is still run whatever was advertised (the legacy agent has only the one login).
        auth_methods = [] if self._authenticated else [self._login_method()]
        name = self._options.command_name
        return {
            "protocolVersion": 1,
            "agentCapabilities": {
                "loadSession": False,
                "promptCapabilities": {"image": False, "audio": False, "embeddedContext": False},
                "mcpCapabilities": {"http": False, "sse": False},
                "sessionCapabilities": {"close": {}},
            },
            "authMethods": auth_methods,
            # The editor shows the agent the user configured, and that acp-compat runs it;
            # a legacy agent reports no version of its own, so the version is acp-compat's.
            "agentInfo": {
                "name": name,
                "version": self._options.version,
                "title": f"{name} (legacy ACP via acp-compat)",
            },
        }

    def _login_method(self) -> dict[str, Any]:
        return {
            "id": LOGIN_METHOD_ID,
            "name": "Log in",
            "description": f"{self._options.command_name} runs its own login flow"
            " (for example a browser sign-in); acp-compat starts it.",
        }

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
            outbound=OutboundRequests(0),
            initializing=True,
            control=isinstance(context, InitializeControl),
        )
        self._agents[number] = proc
        legacy_id = proc.outbound.add(context)
        return proc, [StartAgent(number, cwd), ToAgent(number, self._legacy_initialize(legacy_id))]

    def _bind(self, proc: AgentProcess, session_id: str, cwd: str) -> None:
        proc.session_id = session_id
        self._sessions[session_id] = Session(session_id=session_id, agent=proc.number, cwd=cwd)

    def _release_if_idle(self, proc: AgentProcess) -> list[Output]:
        """Stop a process nobody needs any more: no session, nothing pending, not kept."""
        if (
            not proc.alive
            or proc.stopping
            or proc.keep
            or proc.session_id is not None
            or len(proc.outbound)
            or proc.queued_auth
        ):
            return []
        proc.stopping = True
        return [StopAgent(proc.number)]

    def _lookup_session(self, session_id: str) -> Session:
        session = self._sessions.get(session_id)
        if session is None:
            raise CodecError([Problem("params.sessionId", f"unknown session {session_id!r}")])
        return session

    def _finish_turn(self, session: Session, answer: ErrorMaker) -> list[Output]:
        """End the running turn: unfinished tool calls marked failed, then the answer."""
        turn = session.turn
        assert turn is not None
        session.turn = None
        outputs: list[Output] = []
        for tool_id in turn.tool_ids:
            outputs += self._fail_tool(session, tool_id)
        outputs.append(ToClient(answer(turn.prompt_id)))
        return outputs

    def _fail_tool(self, session: Session, tool_id: int) -> list[Output]:
        """Mark a tool call ``failed`` for the client, unless it already ended."""
        tool = session.tools[tool_id]
        if tool.status in FINAL_STATUSES:
            return []
        tool.status = "failed"
        return [
            session_update(
                session.session_id,
                {
                    "sessionUpdate": "tool_call_update",
                    "toolCallId": str(tool_id),
                    "status": "failed",
                },
            )
        ]

    def _withdraw_client_requests(self, agent: int) -> list[Output]:
        """``$/cancel_request`` for what the client was asked on behalf of a process that
        is going away (a permission dialog can close); the answers are still consumed."""
        return [
            ToClient(notification("$/cancel_request", {"requestId": client_id}))
            for client_id, context in self._client_out.pending().items()
            if context.agent == agent
        ]
