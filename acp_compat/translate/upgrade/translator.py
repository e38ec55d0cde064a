"""The upgrade translator: a current ACP agent toward the client, a legacy ACP client
toward one legacy agent process per session. See the package docstring for the choices;
:mod:`.client_side` and :mod:`.agent_side` hold the two directions, this module the
process events."""

from __future__ import annotations

from acp_compat.translate.base import Output
from acp_compat.translate.exits import agent_gone, describe_status
from acp_compat.translate.lifecycle import ProcessState
from acp_compat.translate.upgrade.agent_side import AgentSide
from acp_compat.translate.upgrade.client_side import ClientSide
from acp_compat.translate.upgrade.core import log


class UpgradeTranslator(ClientSide, AgentSide):
    """Sans-IO translator for a legacy ACP 0.0.x agent behind a current ACP v1 client.

    Implements :class:`acp_compat.translate.base.Translator`; agent process 0 is started
    by the shell in ``options.launch_cwd`` before the client's ``initialize``. Made of
    parts over the shared :class:`.core.UpgradeState` (processes, sessions, both hops' id
    spaces): :class:`.client_side.ClientSide` (what the client sends) and
    :class:`.agent_side.AgentSide` (what the agents send, and file results).
    """

    def client_drained(self) -> list[Output]:
        """The client caught up: the next part of a turn's end (:mod:`.turn_end`)."""
        return self.turn_ends.client_drained()

    def agent_exited(self, agent: int, returncode: int | None, stderr_tail: str) -> list[Output]:
        """Agent process ``agent`` is gone: what waited on it gets ``-32603``."""
        how = describe_status(returncode)
        proc = self.agents.get(agent)
        if proc is None or not proc.lifecycle.alive:
            return []
        if proc.state is ProcessState.STOPPING:
            log.info("agent process %d exited (%s) after being closed", agent, how)
        elif returncode == 0:
            # A clean exit is what agents do when the relay shuts down and closes their
            # stdin; the client still hears of it through errors for anything pending.
            log.info("agent process %d exited (%s)", agent, how)
        else:
            log.warning("agent process %d exited (%s)", agent, how)
        return self.agent_gone(proc, agent_gone(returncode, stderr_tail))

    def agent_lost(self, agent: int, reason: str) -> list[Output]:
        """Agent process ``agent`` is unreachable (``reason``): what waited on it gets
        ``-32603`` naming the reason, as for an exit."""
        proc = self.agents.get(agent)
        if proc is None or not proc.lifecycle.alive:
            return []
        # Worth a warning only when something was waiting on it: the shell also reports
        # every agent as lost when it shuts down, and an idle agent then loses nothing.
        expected = proc.state is ProcessState.STOPPING or not proc.outbound
        (log.info if expected else log.warning)("agent process %d lost: %s", agent, reason)
        return self.agent_gone(proc, agent_gone(lost=reason))

    def agent_start_failed(self, agent: int, reason: str) -> list[Output]:
        """Agent process ``agent`` could not be started: what waited on it gets an error."""
        proc = self.agents.get(agent)
        if proc is None or not proc.lifecycle.alive:
            return []
        log.error("could not start agent process %d: %s", agent, reason)
        failure = agent_gone(not_started=reason, command=self.options.agent_command)
        return self.agent_gone(proc, failure)
