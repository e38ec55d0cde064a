"""What the startup policy returns and records: the mode, its outputs, each step's attempt."""

from __future__ import annotations

import enum
from typing import Any

from acp_compat._define import frozen
from acp_compat.jsonrpc.messages import Message
from acp_compat.translate.base import StartAgent, StopAgent, ToAgent, ToClient
from acp_compat.translate.probe import Protocol


class Mode(enum.Enum):
    """How ``wrap`` relays, from the two protocols."""

    UPGRADE = "upgrade"
    DOWNGRADE = "downgrade"
    PASSTHROUGH = "passthrough"


def mode_for(agent: Protocol, client: Protocol) -> Mode:
    """The mode for an ``agent`` behind a ``client``."""
    if agent is client:
        return Mode.PASSTHROUGH
    return Mode.UPGRADE if agent is Protocol.LEGACY else Mode.DOWNGRADE


@frozen
class ArmTimer:
    """Call :meth:`~acp_compat.translate.startup.StartupPolicy.timer_fired` with ``token``
    after ``seconds`` (this timer replaces any armed before; a stale token is ignored)."""

    token: int
    seconds: float


@frozen
class AgentExit:
    """An exit the policy saw for the kept process (the translator must hear of it)."""

    returncode: int | None
    stderr_tail: str


@frozen(kw_only=True)
class Decision:
    """The mode chosen and what the translator gets first."""

    mode: Mode
    agent: Protocol
    client: Protocol
    process: int
    """The probe process that becomes agent ``0``."""
    how: str
    """``auto-detected`` or ``--agent-protocol``."""
    agent0_initialized: dict[str, Any] | None = None
    """The agent's ``initialize`` result when the kept process was initialized in the
    translator's protocol already (the translator answers the client from it)."""
    agent0_next_id: int = 0
    client_messages: tuple[Message, ...] = ()
    """Client messages for the translator, first (the ``initialize`` unless answered)."""
    agent_messages: tuple[Message, ...] = ()
    """Then these, from the kept process (what it sent before its answer)."""
    agent_exit: AgentExit | None = None
    """Then this exit, when the kept process is already gone."""

    @property
    def description(self) -> str:
        """``upgrade (legacy agent, current client)``: the mode's name for logs."""
        return f"{self.mode.value} ({self.agent.value} agent, {self.client.value} client)"

    @property
    def single_agent(self) -> bool:
        """Whether the relay ends with its one agent process (all but the upgrade)."""
        return self.mode is not Mode.UPGRADE

    @property
    def raw_passthrough(self) -> bool:
        """Whether messages passed on unchanged are written as the bytes they came as."""
        return self.mode is Mode.PASSTHROUGH


@frozen
class Decided:
    """Startup is over: relay as ``decision`` says."""

    decision: Decision


@frozen
class Finish:
    """Startup is over without a relay: end every agent and exit with ``status``."""

    status: int


StartupOutput = ToClient | ToAgent | StartAgent | StopAgent | ArmTimer | Decided | Finish
"""Everything the policy can ask its shell to do."""


@frozen(kw_only=True)
class Attempt:
    """What one probe step saw."""

    protocol: Protocol
    """The protocol of the ``initialize`` sent."""
    outcome: str
    """``answered``, ``error``, ``unrecognised``, ``timeout``, ``exited`` or
    ``start-failed``."""
    account: str
    """The same for people: ``no answer within 5 s``, ``error -32602: ...``."""
    found: Protocol | None = None
    answer: Message | None = None
    returncode: int | None = None
    stderr_tail: str = ""
    process: int = 0

    def to_json(self) -> dict[str, Any]:
        """The attempt as reported in the refusal's ``data``."""
        return {"protocol": self.protocol.value, "result": self.outcome, "outcome": self.account}
