"""The state the two sides of the upgrade translator share, made of named parts, and the
steps both sides take on it: starting, binding and releasing processes, ending turns,
answering what waited on a process that is gone."""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from acp_compat.jsonrpc.messages import (
    Message,
    RequestId,
    error,
    request,
    result,
)
from acp_compat.models import legacy_wire
from acp_compat.models.current import wire
from acp_compat.models.mapping import (
    CURRENT_PROTOCOL_VERSION,
    LEGACY_PROTOCOL_VERSION,
    REJECTING_OUTCOMES,
)
from acp_compat.translate.base import (
    OutboundRequests,
    Output,
    StartAgent,
    StopAgent,
    ToAgent,
    ToClient,
)
from acp_compat.translate.lifecycle import ProcessEvent
from acp_compat.translate.upgrade import cancel, modes
from acp_compat.translate.upgrade.options import UpgradeOptions
from acp_compat.translate.upgrade.records import (
    AgentRecord,
    AgentTable,
    AuthenticateFor,
    ClientContext,
    FileFor,
    InitializeControl,
    InitializeForClient,
    InitializeForSession,
    Role,
    SessionRecord,
)
from acp_compat.translate.upgrade.turn_end import TurnEnds, status_update

if TYPE_CHECKING:
    from acp_compat.models.legacy import ToolCallConfirmationOutcome as Outcome

log = logging.getLogger("acp_compat.translate.upgrade")

LOGIN_METHOD_ID = "legacy-login"

Answer = Callable[[RequestId], Message]
"""Builds the answer (a result or an error) to a client request, given its id."""


def reports_authenticated(legacy_result: Any) -> bool:
    """A legacy ``initialize`` result counts as authenticated unless it says ``false``."""
    return not (isinstance(legacy_result, dict) and legacy_result.get("isAuthenticated") is False)


class UpgradeState:
    """Everything the upgrade translator knows, as named parts:

    * :attr:`agents`: the agent processes (:class:`.records.AgentTable`);
    * :attr:`sessions`: the sessions by id, each with its tool calls;
    * :attr:`client_requests`: the id space of the client hop (permission and ``fs``
      requests acp-compat sends);
    * :attr:`local_files`: the tokens of local file effects, the same kind of table as a
      hop's id space (a token is answered once, like a request);
    * what the client said in ``initialize`` and whether the connection authenticated.
    """

    def __init__(self, options: UpgradeOptions) -> None:
        self.options = options
        self.agents = AgentTable(options.agent0_next_id, options.agent0_initialized)
        self.sessions: dict[str, SessionRecord] = {}
        self._agent_records = self.agents.records  # for the chunk hot path: no call
        self.client_requests: OutboundRequests[ClientContext] = OutboundRequests(0)
        self.local_files: OutboundRequests[FileFor] = OutboundRequests(0)
        self.turn_ends = TurnEnds(options.close_batch)
        self.client_reads = False
        self.client_writes = False
        self.client_initialized = False
        self.authenticated = options.agent0_initialized is not None and reports_authenticated(
            options.agent0_initialized
        )

    # -- initialize and authenticate -------------------------------------------------------

    def send_initialize(
        self,
        proc: AgentRecord,
        context: InitializeForClient | InitializeForSession | InitializeControl,
    ) -> ToAgent:
        """acp-compat's legacy ``initialize`` to ``proc``."""
        proc.lifecycle.apply(ProcessEvent.SEND_INITIALIZE)
        legacy_id = proc.outbound.add(context)
        params = legacy_wire.initialize_params(protocol_version=LEGACY_PROTOCOL_VERSION)
        return ToAgent(proc.number, request(legacy_id, "initialize", params))

    def initialize_result(self) -> dict[str, Any]:
        """The current ``initialize`` result acp-compat answers the client with."""
        # The login method is offered only while the legacy agent says it needs one: an
        # editor (and ``detect``) reads any auth method as "may need a login", so a
        # logged-in agent that advertised one would look logged out. An ``authenticate``
        # is still run whatever was advertised (the legacy agent has only the one login).
        login = wire.auth_method_agent(
            id=LOGIN_METHOD_ID,
            name="Log in",
            description=f"{self.options.command_name} runs its own login flow"
            " (for example a browser sign-in); acp-compat starts it.",
        )
        auth_methods = [] if self.authenticated else [login]
        name = self.options.command_name
        return wire.initialize_response(
            protocol_version=CURRENT_PROTOCOL_VERSION,
            agent_capabilities=wire.agent_capabilities(
                load_session=False,
                prompt_capabilities=wire.prompt_capabilities(
                    image=False, audio=False, embedded_context=True
                ),
                mcp_capabilities=wire.mcp_capabilities(http=False, sse=False),
                session_capabilities=wire.session_capabilities(
                    close=wire.session_close_capabilities(), list=wire.session_list_capabilities()
                ),
            ),
            auth_methods=auth_methods,
            # The editor shows the agent the user configured, and that acp-compat runs it;
            # a legacy agent reports no version of its own, so the version is acp-compat's.
            agent_info=wire.implementation(
                name=name,
                version=self.options.version,
                title=f"{name} (legacy ACP via acp-compat)",
            ),
        )

    def send_authenticate(self, proc: AgentRecord, client_id: RequestId) -> ToAgent:
        """The legacy ``authenticate`` answering the client's ``client_id``."""
        legacy_id = proc.outbound.add(AuthenticateFor(client_id))
        return ToAgent(proc.number, request(legacy_id, "authenticate"))

    # -- processes -------------------------------------------------------------------------

    def start_agent(
        self, cwd: str, context: InitializeForSession | InitializeControl
    ) -> tuple[AgentRecord, list[Output]]:
        """Start a process in ``cwd`` for a session or a login, and initialize it."""
        role = Role.CONTROL if isinstance(context, InitializeControl) else Role.SESSION
        proc = self.agents.new(role)
        return proc, [StartAgent(proc.number, cwd), self.send_initialize(proc, context)]

    def open_session(
        self, proc: AgentRecord, client_id: RequestId, session_id: str, cwd: str
    ) -> ToClient:
        """``proc`` serves the new session ``session_id``: its record, and the answer to
        the client's ``session/new`` ``client_id`` (the one place it is built, whether
        agent 0 took the session at once or a process was started for it)."""
        proc.session_id = session_id
        proc.role = Role.SESSION
        session = SessionRecord(
            session_id=session_id,
            agent=proc.number,
            cwd=cwd,
            updated_at=self.options.now(),
            mode=self.options.default_mode,
        )
        self.sessions[session_id] = session
        return ToClient(result(client_id, modes.new_session_result(session_id, session.mode)))

    def stop(self, proc: AgentRecord) -> StopAgent:
        """Close ``proc`` (its exit is still reported)."""
        proc.lifecycle.apply(ProcessEvent.STOP)
        return StopAgent(proc.number)

    def release_if_idle(self, proc: AgentRecord) -> list[Output]:
        """Stop a process nobody needs any more (see :meth:`.records.AgentTable.idle`)."""
        return [self.stop(proc)] if self.agents.idle(proc) else []

    def agent_gone(self, proc: AgentRecord, failure: dict[str, Any]) -> list[Output]:
        """``proc`` exited, failed to start or was lost: everything that waited on it gets
        ``failure``, its session ends, what the client was asked for it is withdrawn."""
        proc.lifecycle.end(failure)

        def fail(client_id: RequestId) -> Message:
            return error(client_id, **failure)

        outputs = cancel.withdraw(self, lambda context: context.agent == proc.number)
        for legacy_id, context in proc.outbound.pending().items():
            proc.outbound.settle(legacy_id)
            if isinstance(context, (InitializeForClient, InitializeForSession, AuthenticateFor)):
                outputs += cancel.answer_client(context, fail(context.client_id))
        outputs += [ToClient(fail(client_id)) for client_id in proc.queued_auth]
        proc.queued_auth = []
        session = self.sessions.get(proc.session_id)  # type: ignore[arg-type]
        if session is not None:
            if session.lifecycle.running:
                outputs += self.finish_turn(session, fail)
            session.lifecycle.end(failure)
        return outputs

    # -- turns and tool calls --------------------------------------------------------------

    def finish_turn(self, session: SessionRecord, answer: Answer) -> list[Output]:
        """End the running turn: its open permission requests withdrawn, its unfinished
        tool calls marked failed, then its prompt's answer (``answer``, or ``cancelled``
        for a turn the client cancelled: the user stopped it, whatever then ended it), paced by
        :class:`.turn_end.TurnEnds`."""
        prompt_id, cancelled = session.lifecycle.end_turn()
        session.updated_at = self.options.now()
        outputs = cancel.withdraw(self, cancel.permissions_of(session))
        open_ids = session.tools.end_turn()
        reply = (cancel.cancelled_answer if cancelled else answer)(prompt_id)
        return outputs + self.turn_ends.end(session.session_id, open_ids, reply)

    def answer_confirmation(
        self,
        proc: AgentRecord,
        session_id: str,
        legacy_id: RequestId,
        tool_id: int,
        outcome: Outcome,
    ) -> list[Output]:
        """Answer the agent's ``requestToolCallConfirmation`` ``legacy_id`` with the legacy
        ``outcome``, whoever chose it (the user, the session's mode, or the relay for a
        cancelled or ended turn), telling the client first what became of the call: after
        a rejecting outcome the legacy agent sends nothing more for it, so it is closed as
        failed; an allowed one runs now (``in_progress``: a client may hide a call while
        it is ``pending``, and a long command would stay invisible until it ends)."""
        outputs: list[Output] = []
        session = self.sessions.get(session_id)
        if outcome in REJECTING_OUTCOMES and session is not None:
            if session.tools.fail(tool_id):  # unless it ended
                outputs.append(status_update(session.session_id, tool_id))
        elif session is not None and session.tools.locations(tool_id) is not None:
            outputs.append(status_update(session.session_id, tool_id, "in_progress"))
        reply = legacy_wire.request_tool_call_confirmation_response(id=tool_id, outcome=outcome)
        outputs.append(ToAgent(proc.number, result(legacy_id, reply)))
        return outputs
