"""Every state machine of the sans-IO core, as data (h11's ``_state.py`` is the model).

Two rules, as in h11: everything that decides which state follows which lives in this
file, and nothing here knows what a state change makes the caller send. Each machine is
an enum of states, an enum of events and one table, ``state → event → next state``;
every change of state goes through :func:`transition`, which gives the next state or
raises :class:`LifecycleError` for an event the state does not allow. Nothing is a
combination of flags. Where a peer's message is not allowed in the current state (a
second prompt while one runs), the owner asks :func:`allows` first and answers the peer;
a :class:`LifecycleError` reaching the shell would be a bug in the owner.

The machines:

* an **agent process** as the upgrade translator knows it (:data:`PROCESS_TRANSITIONS`);
* a **session** and its turn, in both translators (:data:`SESSION_TRANSITIONS`): the
  upgrade keeps one per current session, the downgrade one for its legacy client's only
  session. A cancelled turn is ``CANCELLING`` in both;
* ``wrap``'s **startup** (:data:`STARTUP_TRANSITIONS`), the policy of
  :mod:`acp_compat.translate.startup`, with its one record, :class:`StartupRecord`: the
  state and everything the policy keeps between events.

``docs/architecture.md`` shows each table as :func:`markdown_table` renders it (a test
holds the page to it).
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from typing import TYPE_CHECKING, TypeVar

if TYPE_CHECKING:  # annotations only: the policy, which defines these, imports this module
    from acp_compat.jsonrpc.messages import Message
    from acp_compat.translate.probe import Protocol
    from acp_compat.translate.startup.policy import AgentExit, Attempt, Decision


class ProcessState(enum.Enum):
    """Where one legacy agent process stands, as the upgrade translator knows it."""

    UNINITIALIZED = "uninitialized"
    """Running (or being started), no ``initialize`` answered yet."""
    INITIALIZING = "initializing"
    """acp-compat's ``initialize`` is in flight."""
    READY = "ready"
    """Initialized: takes requests."""
    STOPPING = "stopping"
    """Closed by acp-compat (``StopAgent``); its exit is still to come."""
    GONE = "gone"
    """Exited, failed to start or lost; what waited on it was answered."""


class ProcessEvent(enum.Enum):
    """What happens to an agent process."""

    SEND_INITIALIZE = "send_initialize"
    INITIALIZED = "initialized"
    INITIALIZE_FAILED = "initialize_failed"
    STOP = "stop"
    END = "end"
    """Its exit, its failed start, or the shell losing it."""


class SessionState(enum.Enum):
    """Where one session stands."""

    IDLE = "idle"
    """No prompt running."""
    PROMPTING = "prompting"
    """A prompt is running (the upgrade's legacy ``sendUserMessage``, the downgrade's
    ``session/prompt``, is out)."""
    CANCELLING = "cancelling"
    """The running prompt was cancelled; the turn ends ``cancelled`` when the agent answers."""
    ENDED = "ended"
    """Its agent process is gone: every later prompt gets the process's error."""


class SessionEvent(enum.Enum):
    """What happens to a session."""

    PROMPT = "prompt"
    CANCEL = "cancel"
    TURN_END = "turn_end"
    AGENT_GONE = "agent_gone"


class StartupState(enum.Enum):
    """Where ``wrap``'s startup stands (behaviour.md §4 and §6; the policy is
    :mod:`acp_compat.translate.startup`).

    Two probes may be out at once: the **own** probe, the client's own ``initialize``
    with process 0, and the **other** probe, acp-compat's ``initialize`` in the other
    protocol with a later process. Which of them a state waits for is what its row of
    :data:`STARTUP_TRANSITIONS` lets answer (``own_answered``, ``other_answered``): see
    :attr:`StartupRecord.awaits_own` and :attr:`StartupRecord.awaits_other`.
    """

    AWAITING_INITIALIZE = "awaiting_initialize"
    """Process 0 is started; the client's ``initialize`` has not come."""
    START_FAILED = "start_failed"
    """Process 0 could not start; the ``initialize``, once it comes, is answered with why."""
    EXITED_EARLY = "exited_early"
    """Process 0 exited before the client's ``initialize`` came."""
    PROBING_OWN = "probing_own"
    """The own probe is out, alone until the other probe is due."""
    PROBING_BOTH = "probing_both"
    """Both probes are out: process 0 may only be slow to start, so it keeps its
    ``initialize`` while the other protocol is tried beside it; the first answer that
    tells decides."""
    PROBING_OTHER = "probing_other"
    """Only the other probe is out: the own one ended without telling."""
    PROBING_OWN_LAST = "probing_own_last"
    """Only the own probe is out: the other one ended without deciding."""
    DECIDED = "decided"
    """The translation is chosen: a translator takes over."""
    FINISHED = "finished"
    """Startup ended without a relay (a refusal, the client gone, a stop)."""


class StartupEvent(enum.Enum):
    """What happens during startup, as the policy classifies it."""

    INITIALIZE = "initialize"
    """The client's ``initialize`` came, the protocol to be probed (``auto``)."""
    INITIALIZE_NAMED = "initialize_named"
    """The client's ``initialize`` came, the protocol named (``--agent-protocol``)."""
    OWN_ANSWERED = "own_answered"
    """Process 0's answer names the protocol that decides the translation."""
    OWN_REDIRECTS = "own_redirects"
    """The answer to the client's own ``initialize`` names the protocol the agent must be
    asked in: a current answer to a legacy client's (the agent was told neither
    ``clientCapabilities`` nor ``clientInfo``), or a refusal of the client's version that
    names the one the agent supports (a v2 agent's ``-32022`` to a v1 client)."""
    OWN_UNCLEAR = "own_unclear"
    """Process 0's answer is an error or names no protocol."""
    OWN_EXITED = "own_exited"
    OWN_START_FAILED = "own_start_failed"
    OTHER_DUE = "other_due"
    """The own probe waited alone as long as it does: the other probe starts beside it."""
    OTHER_ANSWERED = "other_answered"
    """The other probe's answer names a protocol other than the client's: translation,
    with its process."""
    OTHER_CLIENT_PROTOCOL = "other_client_protocol"
    """The other probe's answer names the client's protocol: a passthrough, but that
    process has acp-compat's ``initialize``, not the client's."""
    OTHER_UNCLEAR = "other_unclear"
    OTHER_EXITED = "other_exited"
    OTHER_START_FAILED = "other_start_failed"
    TIMEOUT = "timeout"
    """The probe timeout ran out: the agent had all the time it gets."""
    CLIENT_CLOSED = "client_closed"
    STOP = "stop"
    """A stop was requested (a signal)."""


_P, _PE = ProcessState, ProcessEvent
PROCESS_TRANSITIONS: Mapping[ProcessState, Mapping[ProcessEvent, ProcessState]] = {
    _P.UNINITIALIZED: {
        _PE.SEND_INITIALIZE: _P.INITIALIZING,
        _PE.STOP: _P.STOPPING,
        _PE.END: _P.GONE,
    },
    _P.INITIALIZING: {
        # a client that sends ``initialize`` again before the answer: it is sent again
        _PE.SEND_INITIALIZE: _P.INITIALIZING,
        _PE.INITIALIZED: _P.READY,
        # agent 0 may be asked again by a later client ``initialize``
        _PE.INITIALIZE_FAILED: _P.UNINITIALIZED,
        _PE.STOP: _P.STOPPING,
        _PE.END: _P.GONE,
    },
    _P.READY: {_PE.STOP: _P.STOPPING, _PE.END: _P.GONE},
    _P.STOPPING: {_PE.END: _P.GONE},
    _P.GONE: {},
}
"""Agent process: state → event → next state."""

_S, _SE = SessionState, SessionEvent
SESSION_TRANSITIONS: Mapping[SessionState, Mapping[SessionEvent, SessionState]] = {
    _S.IDLE: {_SE.PROMPT: _S.PROMPTING, _SE.AGENT_GONE: _S.ENDED},
    _S.PROMPTING: {
        _SE.CANCEL: _S.CANCELLING,
        _SE.TURN_END: _S.IDLE,
        _SE.AGENT_GONE: _S.ENDED,
    },
    _S.CANCELLING: {_SE.TURN_END: _S.IDLE, _SE.AGENT_GONE: _S.ENDED},
    _S.ENDED: {},
}
"""Session: state → event → next state."""

_T, _TE = StartupState, StartupEvent
_ENDS = {_TE.CLIENT_CLOSED: _T.FINISHED, _TE.STOP: _T.FINISHED}
"""Every state before the end: nobody left to answer, or told to stop."""
_OWN_ENDS = {
    _TE.OWN_ANSWERED: _T.DECIDED,
    _TE.OWN_REDIRECTS: _T.PROBING_OTHER,
    _TE.OWN_UNCLEAR: _T.PROBING_OTHER,
    _TE.OWN_EXITED: _T.PROBING_OTHER,
}
"""How the own probe ends while the other one is still to come or out."""
_OTHER_ENDS = {
    _TE.OTHER_ANSWERED: _T.DECIDED,
    # the own probe, still out, is the client's initialize to a process of that protocol
    _TE.OTHER_CLIENT_PROTOCOL: _T.PROBING_OWN_LAST,
    _TE.OTHER_UNCLEAR: _T.PROBING_OWN_LAST,
    _TE.OTHER_EXITED: _T.PROBING_OWN_LAST,
    _TE.OTHER_START_FAILED: _T.PROBING_OWN_LAST,
}
"""How the other probe ends while the own one is still out."""
STARTUP_TRANSITIONS: Mapping[StartupState, Mapping[StartupEvent, StartupState]] = {
    _T.AWAITING_INITIALIZE: {
        _TE.INITIALIZE: _T.PROBING_OWN,
        _TE.INITIALIZE_NAMED: _T.DECIDED,
        _TE.OWN_START_FAILED: _T.START_FAILED,
        _TE.OWN_EXITED: _T.EXITED_EARLY,
        **_ENDS,
    },
    # the initialize gets the start failure as its answer, whatever was named
    _T.START_FAILED: {_TE.INITIALIZE: _T.FINISHED, _TE.INITIALIZE_NAMED: _T.FINISHED, **_ENDS},
    # probed, the early exit is the own probe's end at once; named, the translator hears it
    _T.EXITED_EARLY: {_TE.INITIALIZE: _T.PROBING_OWN, _TE.INITIALIZE_NAMED: _T.DECIDED, **_ENDS},
    _T.PROBING_OWN: {
        **_OWN_ENDS,
        # silence may be a slow start: process 0 keeps waiting, the other protocol is tried
        _TE.OTHER_DUE: _T.PROBING_BOTH,
        _TE.TIMEOUT: _T.FINISHED,
        **_ENDS,
    },
    _T.PROBING_BOTH: {**_OWN_ENDS, **_OTHER_ENDS, _TE.TIMEOUT: _T.FINISHED, **_ENDS},
    _T.PROBING_OTHER: {
        _TE.OTHER_ANSWERED: _T.DECIDED,
        # a fresh process gets the client's initialize, passed through
        _TE.OTHER_CLIENT_PROTOCOL: _T.DECIDED,
        _TE.OTHER_UNCLEAR: _T.FINISHED,
        _TE.OTHER_EXITED: _T.FINISHED,
        _TE.OTHER_START_FAILED: _T.FINISHED,
        _TE.TIMEOUT: _T.FINISHED,
        **_ENDS,
    },
    _T.PROBING_OWN_LAST: {
        _TE.OWN_ANSWERED: _T.DECIDED,
        # the other probe once more, with a fresh process: the last one (no cycle)
        _TE.OWN_REDIRECTS: _T.PROBING_OTHER,
        _TE.OWN_UNCLEAR: _T.FINISHED,
        _TE.OWN_EXITED: _T.FINISHED,
        _TE.TIMEOUT: _T.FINISHED,
        **_ENDS,
    },
    _T.DECIDED: {},
    _T.FINISHED: {},
}
"""Startup: state → event → next state."""


class LifecycleError(Exception):
    """An event the current state does not allow."""

    def __init__(self, what: str, state: enum.Enum, event: enum.Enum) -> None:
        super().__init__(f"{what}: {event.value} is not allowed when {state.value}")
        self.state = state
        self.event = event


StateT = TypeVar("StateT", bound=enum.Enum)
EventT = TypeVar("EventT", bound=enum.Enum)


def transition(
    table: Mapping[StateT, Mapping[EventT, StateT]], what: str, state: StateT, event: EventT
) -> StateT:
    """The state after ``event`` in ``state``; :class:`LifecycleError` when not allowed."""
    next_state = table[state].get(event)
    if next_state is None:
        raise LifecycleError(what, state, event)
    return next_state


def allows(table: Mapping[StateT, Mapping[EventT, StateT]], state: StateT, event: EventT) -> bool:
    """Whether ``event`` is allowed in ``state``."""
    return event in table[state]


def markdown_table(table: Mapping[StateT, Mapping[EventT, StateT]]) -> str:
    """``table`` as a Markdown table, one row per state: each allowed event and where it
    leads (what ``docs/architecture.md`` shows)."""
    lines = ["| state | event → next state |", "|---|---|"]
    for state, row in table.items():
        moves = ", ".join(f"`{event.value}` → `{target.value}`" for event, target in row.items())
        lines.append(f"| `{state.value}` | {moves or '(final)'} |")
    return "\n".join(lines)


# --------------------------------------------------------------------------- records


class StartupRecord:
    """Everything ``wrap``'s startup keeps between events: its state, and what the states
    hold (h11 keeps a connection's flags beside its states the same way).

    The policy (:class:`~acp_compat.translate.startup.StartupPolicy`) reads and fills it;
    only :meth:`apply` moves the state. Which probes are out is read off the state's row
    of :data:`STARTUP_TRANSITIONS`, never kept beside it. A plain class: one is made per
    run and never compared, and an attrs class would have its methods generated at import,
    before ``wrap``'s first answer (about half a millisecond).
    """

    __slots__ = (
        "attempts",
        "client",
        "decision",
        "early_exit",
        "held_agent",
        "held_client",
        "initialize",
        "other",
        "process",
        "start_failure",
        "state",
    )

    def __init__(self) -> None:
        self.state = StartupState.AWAITING_INITIALIZE
        self.client: Protocol | None = None
        """The client's protocol, from its ``initialize``."""
        self.other: Protocol | None = None
        """The protocol the other probe asks in: the client's ``other``, or the one the
        agent named in its answer to the client's ``initialize``."""
        self.initialize: Message | None = None
        """The client's first ``initialize`` (a current one with the integer version it
        means): the own probe, sent to process 0."""
        self.process = 0
        """The newest probe process: 0, then the other probe's (each start takes the next
        number)."""
        self.start_failure = ""
        """Why process 0 could not start (``START_FAILED``)."""
        self.early_exit: AgentExit | None = None
        """How process 0 ended before the client's ``initialize`` came (``EXITED_EARLY``),
        until the own probe takes it as its end or the decision hands it on."""
        self.attempts: list[Attempt] = []
        """What each probe saw, in the order they ended."""
        self.held_client: list[Message] = []
        """Client messages after its ``initialize``: for the translator, or each an error."""
        self.held_agent: dict[int, list[Message]] = {}
        """Each probe process's messages before its answer: the kept one's are for the
        translator."""
        self.decision: Decision | None = None
        """What was decided (``DECIDED``)."""

    @property
    def done(self) -> bool:
        """Whether startup is over (decided or finished: a state with no way out)."""
        return not STARTUP_TRANSITIONS[self.state]

    @property
    def awaits_own(self) -> bool:
        """Whether the own probe is out (its answer is an event of this state)."""
        return StartupEvent.OWN_ANSWERED in STARTUP_TRANSITIONS[self.state]

    @property
    def awaits_other(self) -> bool:
        """Whether the other probe is out."""
        return StartupEvent.OTHER_ANSWERED in STARTUP_TRANSITIONS[self.state]

    def apply(self, event: StartupEvent) -> StartupState:
        """Move to the state ``event`` leads to (:class:`LifecycleError` when the table
        does not allow it); the state left."""
        left = self.state
        self.state = transition(STARTUP_TRANSITIONS, "startup", left, event)
        return left
