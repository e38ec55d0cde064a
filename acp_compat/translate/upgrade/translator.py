"""The upgrade translator: a current ACP agent toward the client, a legacy ACP client
toward one legacy agent process per session. See the package docstring for the choices;
:mod:`.client_side` and :mod:`.agent_side` hold the two directions, this module the
process events."""

from __future__ import annotations

from acp_compat.jsonrpc.messages import Message
from acp_compat.translate.base import Output
from acp_compat.translate.exits import agent_gone, describe_status
from acp_compat.translate.lifecycle import ProcessState
from acp_compat.translate.upgrade.agent_side import AgentSide
from acp_compat.translate.upgrade.client_side import ClientSide
from acp_compat.translate.upgrade.core import UpgradeState, log
from acp_compat.translate.upgrade.options import UpgradeOptions


class UpgradeTranslator:
    """Sans-IO translator for a legacy ACP 0.0.x agent behind a current ACP v1 client.

    Implements :class:`acp_compat.translate.base.Translator`; agent process 0 is started
    by the shell in ``options.launch_cwd`` before the client's ``initialize``. Made of
    parts: the shared :class:`.core.UpgradeState` (processes, sessions, both hops' id
    spaces), :class:`.client_side.ClientSide` (what the client sends) and
    :class:`.agent_side.AgentSide` (what the agents send, and file results).
    """

    def __init__(self, options: UpgradeOptions) -> None:
        self._state = UpgradeState(options)
        self._client_side = ClientSide(self._state)
        self._agent_side = AgentSide(self._state)
        self._fast_chunk = self._agent_side._fast_chunk

    def from_client(self, message: Message) -> list[Output]:
        """Handle one message from the client (requests, notifications, responses)."""
        return self._client_side.from_client(message)

    def from_agent(self, agent: int, message: Message) -> list[Output]:
        """Handle one message from legacy agent process ``agent``."""
        # The hot path, one call deep: every streamed token comes this way.
        if message.get("method") == "streamAssistantMessageChunk":
            fast = self._fast_chunk(agent, message)
            if fast is not None:
                return fast
        return self._agent_side.from_agent(agent, message)

    def file_done(
        self, token: int, content: str | None = None, error: str | None = None
    ) -> list[Output]:
        """A local file effect finished: answer the legacy agent's read or write."""
        return self._agent_side.file_done(token, content, error)

    def client_drained(self) -> list[Output]:
        """The client caught up: the next part of a turn's end (:mod:`.turn_end`)."""
        return self._state.turn_ends.client_drained()

    def agent_exited(self, agent: int, returncode: int | None, stderr_tail: str) -> list[Output]:
        """Agent process ``agent`` is gone: what waited on it gets ``-32603``."""
        how = describe_status(returncode)
        proc = self._state.agents.get(agent)
        if proc is None or not proc.alive:
            return []
        if proc.state is ProcessState.STOPPING:
            log.info("agent process %d exited (%s) after being closed", agent, how)
        elif returncode == 0:
            # A clean exit is what agents do when the relay shuts down and closes their
            # stdin; the client still hears of it through errors for anything pending.
            log.info("agent process %d exited (%s)", agent, how)
        else:
            log.warning("agent process %d exited (%s)", agent, how)
        return self._state.agent_gone(proc, agent_gone(returncode, stderr_tail))

    def agent_lost(self, agent: int, reason: str) -> list[Output]:
        """Agent process ``agent`` is unreachable (``reason``): what waited on it gets
        ``-32603`` naming the reason, as for an exit."""
        proc = self._state.agents.get(agent)
        if proc is None or not proc.alive:
            return []
        # Worth a warning only when something was waiting on it: the shell also reports
        # every agent as lost when it shuts down, and an idle agent then loses nothing.
        expected = proc.state is ProcessState.STOPPING or not proc.outbound
        (log.info if expected else log.warning)("agent process %d lost: %s", agent, reason)
        return self._state.agent_gone(proc, agent_gone(lost=reason))

    def agent_start_failed(self, agent: int, reason: str) -> list[Output]:
        """Agent process ``agent`` could not be started: what waited on it gets an error."""
        proc = self._state.agents.get(agent)
        if proc is None or not proc.alive:
            return []
        log.error("could not start agent process %d: %s", agent, reason)
        failure = agent_gone(not_started=reason, command=self._state.options.agent_command)
        return self._state.agent_gone(proc, failure)
