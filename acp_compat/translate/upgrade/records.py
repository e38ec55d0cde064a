"""What the upgrade translator records: the context of every request in flight on either
hop, and the parts of its state (agent processes, sessions, tool calls), each a small
object with its lifecycle in :mod:`acp_compat.translate.lifecycle`."""

from __future__ import annotations

import enum
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import attrs

from acp_compat._define import define, frozen
from acp_compat.jsonrpc.messages import RequestId
from acp_compat.models.mapping import CURRENT_FINAL_STATUSES
from acp_compat.translate.base import OutboundRequests
from acp_compat.translate.lifecycle import (
    ProcessLifecycle,
    ProcessState,
    SessionLifecycle,
)
from acp_compat.translate.upgrade.modes import DEFAULT_MODE, Mode

if TYPE_CHECKING:  # annotations only: the legacy models load at the first tool call
    from acp_compat.models.legacy import ToolCallConfirmationOutcome as Outcome
    from acp_compat.models.legacy import ToolCallLocation

# --- what each request acp-compat sent to an agent process was for -----------------------


@define
class InitializeForClient:
    """Legacy ``initialize`` of agent 0 answering the client's ``initialize``."""

    client_id: RequestId
    cancelled: bool = False
    """The client cancelled its request (``$/cancel_request``, :mod:`.cancel`): it had
    its ``-32800``, so the answer this would give is never sent."""


@define
class InitializeForSession:
    """Legacy ``initialize`` of a process started for a ``session/new``."""

    client_id: RequestId
    session_id: str
    cwd: str
    cancelled: bool = False
    """The client cancelled its ``session/new`` (:mod:`.cancel`): the process is stopped
    and nothing is answered."""


@frozen
class InitializeControl:
    """Legacy ``initialize`` of a control process started to run ``authenticate``."""


@define
class AuthenticateFor:
    """Legacy ``authenticate`` answering the client's ``authenticate``."""

    client_id: RequestId
    cancelled: bool = False
    """The client cancelled its request (:mod:`.cancel`): the login still runs (a legacy
    agent cannot be stopped), and counts, but nothing is answered."""


@frozen
class SendFor:
    """Legacy ``sendUserMessage`` of a session's prompt turn."""

    session_id: str


@frozen
class CancelSend:
    """Legacy ``cancelSendMessage``: acp-compat's own request, its answer is consumed."""

    session_id: str


ClientRequestContext = InitializeForClient | InitializeForSession | AuthenticateFor
"""The contexts that stand for a client request waiting on a legacy process."""

AgentContext = (
    InitializeForClient
    | InitializeForSession
    | InitializeControl
    | AuthenticateFor
    | SendFor
    | CancelSend
)

# --- what each request acp-compat sent to the client (or the shell) was for --------------


@define
class PermissionFor:
    """``session/request_permission`` standing for a legacy ``requestToolCallConfirmation``."""

    agent: int
    session_id: str
    legacy_id: RequestId
    tool_id: int
    offered: frozenset[Outcome]
    withdrawn: bool = False
    """Withdrawn from the client (``$/cancel_request``): its turn or its process ended, the
    agent was answered ``cancel`` if it still runs, and a late answer is dropped."""


@frozen
class FileFor:
    """A legacy ``readTextFile`` / ``writeTextFile`` served by the client or the shell."""

    agent: int
    legacy_id: RequestId
    read: bool


ClientContext = PermissionFor | FileFor

# --- live state --------------------------------------------------------------------------


class ToolCallTable:
    """A session's tool calls by legacy id; the ids are handed out here, from 1 (legacy
    Gemini skips updates for id 0).

    Only the running turn's open calls are kept, each with what a later
    ``updateToolCall`` needs: the locations the agent gave (a diff path is resolved
    against them). A call that ended (``completed`` or ``failed``, or its turn ended, or
    made outside a turn) is known by its id alone: the editor was told how it ended, so
    an update for it is answered and not shown, and a session that saw many calls holds
    no more than a fresh one.
    """

    def __init__(self) -> None:
        self._open: dict[int, Sequence[ToolCallLocation]] = {}
        self._next_id = 1

    def add(self, locations: Sequence[ToolCallLocation]) -> int:
        """A new open call of the running turn; its id."""
        tool_id = self.add_ended()
        self._open[tool_id] = locations
        return tool_id

    def add_ended(self) -> int:
        """A new call that is over as it is made (outside a turn); its id."""
        tool_id = self._next_id
        self._next_id += 1
        return tool_id

    def made(self, tool_id: int) -> bool:
        """Whether the agent was given ``tool_id`` (open or not)."""
        return 1 <= tool_id < self._next_id

    def locations(self, tool_id: int) -> Sequence[ToolCallLocation] | None:
        """The locations of open call ``tool_id``; ``None`` if it is not open."""
        return self._open.get(tool_id)

    def update(self, tool_id: int, status: str) -> None:
        """Open call ``tool_id`` is now in ``status``: forgotten once that is final."""
        if status in CURRENT_FINAL_STATUSES:
            del self._open[tool_id]

    def fail(self, tool_id: int) -> bool:
        """End an open call as ``failed``; whether it was open."""
        return self._open.pop(tool_id, None) is not None

    def end_turn(self) -> list[int]:
        """The turn ended: forget its calls; the ids of those still open, in order."""
        open_ids = list(self._open)
        self._open = {}
        return open_ids


@define
class SessionRecord:
    """One current session, served by one legacy agent process working in ``cwd``.

    Its state, the running turn's prompt and the error once its process is gone are one
    :class:`~acp_compat.translate.lifecycle.SessionLifecycle` (the turn's tool calls are
    in :attr:`tools`; each is closed for the user when it ends).
    """

    session_id: str
    agent: int
    cwd: str
    lifecycle: SessionLifecycle = attrs.Factory(SessionLifecycle)
    tools: ToolCallTable = attrs.Factory(ToolCallTable)
    title: str | None = None
    """For ``session/list``: from the first prompt with text."""
    updated_at: str | None = None
    """For ``session/list``: when it was made, or a turn last started or ended."""
    mode: Mode = DEFAULT_MODE
    """What the relay does with the agent's confirmations (:mod:`.modes`); switched by
    ``session/set_mode`` and ``session/set_config_option``."""


class Role(enum.Enum):
    """Why acp-compat keeps an agent process."""

    LAUNCH = "launch"
    """Agent 0, until the first ``session/new`` decides whether it serves that session:
    kept alive while idle until then."""
    SESSION = "session"
    """Serves (or is starting for) one session."""
    CONTROL = "control"
    """Runs ``authenticate``: a process started for a login, or agent 0 once the first
    session did not take it; closed as soon as nothing is pending on it."""


@define
class AgentRecord:
    """The translator's record of one legacy agent process (the shell's own handle on the
    process is :class:`acp_compat.io.process.AgentProcess`): its lifecycle state, role,
    id space, and what waits on it.

    Its state machine is :attr:`lifecycle`
    (:class:`~acp_compat.translate.lifecycle.ProcessLifecycle`).
    """

    number: int
    outbound: OutboundRequests[AgentContext]
    role: Role
    lifecycle: ProcessLifecycle = attrs.Factory(ProcessLifecycle)
    """Its state, its ``initialize`` result once ``READY``, its failure once ``GONE``."""
    session_id: str | None = None
    """The session it serves, once bound."""
    queued_auth: list[RequestId] = attrs.Factory(list)
    """Client ``authenticate`` ids waiting for its ``initialize`` (one the client cancels
    is taken out: it is never sent)."""

    @property
    def state(self) -> ProcessState:
        """Where it stands (:attr:`lifecycle`'s)."""
        return self.lifecycle.state


class AgentTable:
    """The agent processes by number; ``0`` is the one the shell starts before
    ``initialize``, the others are numbered here as they are started."""

    def __init__(self, agent0_next_id: int, agent0_initialized: dict[str, Any] | None) -> None:
        agent0 = AgentRecord(
            number=0,
            outbound=OutboundRequests(agent0_next_id),
            role=Role.LAUNCH,
            lifecycle=ProcessLifecycle(agent0_initialized),  # READY if the probe initialized it
        )
        self.records: dict[int, AgentRecord] = {0: agent0}
        """The records by number (the chunk hot path reads it: one lookup, no call)."""
        self._next = 1

    def get(self, number: int) -> AgentRecord | None:
        """The record of process ``number``, if the translator made it."""
        return self.records.get(number)

    def __getitem__(self, number: int) -> AgentRecord:
        return self.records[number]

    def new(self, role: Role) -> AgentRecord:
        """A record for a process about to be started."""
        number = self._next
        self._next += 1
        record = self.records[number] = AgentRecord(
            number=number, outbound=OutboundRequests(0), role=role
        )
        return record

    def login_process(self) -> AgentRecord | None:
        """A live process to run ``authenticate`` on: agent 0 first, else a control one."""
        for record in self.records.values():
            if record.lifecycle.usable and (record.number == 0 or record.role is Role.CONTROL):
                return record
        return None

    def idle(self, record: AgentRecord) -> bool:
        """Whether nobody needs ``record`` any more: usable, no session, nothing pending,
        not agent 0 waiting for the first session."""
        return (
            record.lifecycle.usable
            and record.role is not Role.LAUNCH
            and record.session_id is None
            and not record.outbound
            and not record.queued_auth
        )
