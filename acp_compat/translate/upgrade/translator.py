"""The upgrade translator: a current ACP agent toward the client, a legacy ACP client
toward one legacy agent process per session. See the package docstring for the choices;
:mod:`.client_side` and :mod:`.agent_side` hold the two directions, this module the
process events."""

from __future__ import annotations

from typing import Any

from acp_compat.jsonrpc.messages import (
    INTERNAL_ERROR,
    Message,
    RequestId,
    error,
    error_object,
)
from acp_compat.translate.base import (
    Output,
    ToClient,
)
from acp_compat.translate.exits import exit_reason
from acp_compat.translate.upgrade.agent_side import AgentSide
from acp_compat.translate.upgrade.client_side import ClientSide
from acp_compat.translate.upgrade.core import log
from acp_compat.translate.upgrade.session import (
    AgentProcess,
    AuthenticateFor,
    InitializeForClient,
    InitializeForSession,
)


class UpgradeTranslator(ClientSide, AgentSide):
    """Sans-IO translator for a legacy ACP 0.0.x agent behind a current ACP v1 client.

    Implements :class:`acp_compat.translate.base.Translator`; agent process 0 is started
    by the shell in ``options.launch_cwd`` before the client's ``initialize``.
    """

    def agent_exited(self, agent: int, returncode: int | None, stderr_tail: str) -> list[Output]:
        """Agent process ``agent`` is gone: what waited on it gets ``-32603``."""
        how = exit_reason(returncode)
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
        elif returncode == 0:
            # A clean exit is what agents do when the relay shuts down and closes their
            # stdin; the client still hears of it through errors for anything pending.
            log.info("agent process %d exited (%s)", agent, how)
        else:
            log.warning("agent process %d exited (%s)", agent, how)
        return self._agent_gone(proc, failure)

    def agent_lost(self, agent: int, reason: str) -> list[Output]:
        """Agent process ``agent`` is unreachable (``reason``): what waited on it gets
        ``-32603`` naming the reason, as for an exit."""
        proc = self._agents.get(agent)
        if proc is None or not proc.alive:
            return []
        (log.info if proc.stopping else log.warning)("agent process %d lost: %s", agent, reason)
        failure = error_object(
            INTERNAL_ERROR, f"Lost the agent process: {reason}", {"reason": reason}
        )
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
