"""Every state machine of the sans-IO core, as data (h11's ``_state.py`` is the model).

Two rules, as in h11: everything that decides which state follows which lives in this
file, and nothing here knows what a state change makes the caller send. Each machine is
an enum of states, an enum of events and one table, ``state → event → next state``;
every change of state goes through :func:`transition`, which gives the next state or
raises :class:`LifecycleError` for an event the state does not allow. Nothing is a
combination of flags. Where a peer's message is not allowed in the current state (a
second prompt while one runs), the owner asks :func:`allows` first and answers the peer;
a :class:`LifecycleError` reaching the shell would be a bug in the owner.

The machines: an agent process (:data:`PROCESS_TRANSITIONS`: each of the upgrade's, the
v2 translators' one); a session
and its turn (:data:`SESSION_TRANSITIONS`), one per current session in the upgrade, the
legacy client's only one in the downgrade, one per session in the v2 translators, one per
session each link of a trace shows in
:mod:`acp_compat.trace.links` (where a move the table does not allow is a peer's mistake
the checker reports, and the state stays); ``wrap``'s startup
(:data:`STARTUP_TRANSITIONS`, the policy of :mod:`acp_compat.translate.startup`, which
is its record, :class:`StartupRecord`); the
downgrade's connection (:data:`CONNECTION_TRANSITIONS`); the relay's agent reader
(:data:`READER_TRANSITIONS`). As in h11, the flags live with their states: each machine's
record here (:class:`ProcessLifecycle`, :class:`SessionLifecycle`, :class:`Connection`,
:class:`AgentFlow`, :class:`StartupRecord`) holds its
state and what each state carries, changed together, so a flag can never disagree with
the state.

``docs/architecture.md`` shows each table as :func:`markdown_table` renders it (a test
holds the page to it).
"""

from __future__ import annotations

import enum
from collections.abc import Iterator, Mapping
from typing import TYPE_CHECKING, Any, ClassVar, Generic, TypeVar

from acp_compat.jsonrpc.messages import Message, RequestId

if TYPE_CHECKING:  # annotations only: the policy, which defines these, imports this module
    from acp_compat.translate.probe import Protocol
    from acp_compat.translate.startup.policy import AgentExit, Attempt, Decision


class ProcessState(enum.Enum):
    """Where one agent process stands, as a translator knows it (the upgrade's legacy
    processes, the v2 translators' agent)."""

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

    LOADING = "loading"
    """``session/load`` or ``session/resume`` is out; the agent replays the history. Only a
    trace shows it: neither translator offers loading, both open sessions idle."""
    IDLE = "idle"
    """No prompt running."""
    PROMPTING = "prompting"
    """A prompt is running (the upgrade's legacy ``sendUserMessage``, the downgrade's
    ``session/prompt``, is out)."""
    CANCELLING = "cancelling"
    """The running prompt was cancelled (current ``session/cancel``; legacy
    ``cancelSendMessage`` answered); the turn ends ``cancelled`` when the agent answers."""
    ENDED = "ended"
    """Its agent process is gone: every later prompt gets the process's error."""


class SessionEvent(enum.Enum):
    """What happens to a session."""

    OPENED = "opened"
    """The ``session/load`` or ``session/resume`` answer."""
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
    the policy's ``awaits_own`` and ``awaits_other``.
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
    _S.LOADING: {_SE.OPENED: _S.IDLE, _SE.AGENT_GONE: _S.ENDED},
    _S.IDLE: {_SE.PROMPT: _S.PROMPTING, _SE.AGENT_GONE: _S.ENDED},
    # a running turn ends before the session does: its prompt is always answered
    _S.PROMPTING: {_SE.CANCEL: _S.CANCELLING, _SE.TURN_END: _S.IDLE},
    _S.CANCELLING: {_SE.TURN_END: _S.IDLE},
    _S.ENDED: {},
}
"""Session: state → event → next state."""

TURN_RUNS: tuple[SessionState, ...] = tuple(
    state for state, row in SESSION_TRANSITIONS.items() if _SE.TURN_END in row
)
"""The states in which a turn runs: those its end leaves. A tuple, read on every chunk: it
is searched by identity, where a dictionary or a set would hash an enum member in Python
(benchmarks/README.md, latest figures)."""

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


StateT = TypeVar("StateT", bound=enum.Enum)
EventT = TypeVar("EventT", bound=enum.Enum)


def transition(
    table: Mapping[StateT, Mapping[EventT, StateT]], what: str, state: StateT, event: EventT
) -> StateT:
    """The state after ``event`` in ``state``; :class:`LifecycleError` when not allowed."""
    next_state = table[state].get(event)
    if next_state is None:
        raise LifecycleError(f"{what}: {event.value} is not allowed when {state.value}")
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
#
# Plain classes with __slots__, not attrs: this module loads before ``wrap`` answers the
# editor's ``initialize`` (the startup table is here), and an attrs class costs some
# millions of instructions to create (benchmarks/README.md, start-up). The records need
# none of what attrs writes: no equality, no repr of note, one constructor each.


class _Record(Generic[StateT, EventT]):
    """A machine's record: its ``state``, moved only through its class's ``TABLE``. Read
    its attributes; change them only through its methods: an event that carries nothing
    is :meth:`apply`'d; one that does is a method of the record, which moves the state
    and stores what the event carries together."""

    __slots__ = ("state",)
    TABLE: ClassVar[Mapping[Any, Mapping[Any, Any]]]
    WHAT: ClassVar[str]
    """The machine's name in a :class:`LifecycleError`."""
    state: StateT

    def allows(self, event: EventT) -> bool:
        """Whether ``event`` may happen now (a second prompt, a cancel with no turn...)."""
        return event in self.TABLE[self.state]

    def apply(self, event: EventT) -> None:
        """Move to the state ``event`` leads to (or raise :class:`LifecycleError`)."""
        self.state = transition(self.TABLE, self.WHAT, self.state, event)


class ProcessLifecycle(_Record[ProcessState, ProcessEvent]):
    """An agent process's state, as a translator knows it, and what its states carry: its
    ``initialize`` result once it is ``READY`` (given at construction when the shell's
    probe already initialized it), the error to answer with once it is ``GONE``
    (:data:`PROCESS_TRANSITIONS`)."""

    __slots__ = ("failure", "initialize_result")
    TABLE, WHAT = PROCESS_TRANSITIONS, "agent process"

    def __init__(self, initialize_result: dict[str, Any] | None = None) -> None:
        initialized = initialize_result is not None
        self.state = ProcessState.READY if initialized else ProcessState.UNINITIALIZED
        self.initialize_result = initialize_result
        self.failure: dict[str, Any] | None = None

    @property
    def alive(self) -> bool:
        """Not ``GONE``: its exit (or start failure) has not been reported yet."""
        return self.state is not ProcessState.GONE

    @property
    def usable(self) -> bool:
        """Alive and not being closed: new requests may be sent to it."""
        return self.state is not ProcessState.GONE and self.state is not ProcessState.STOPPING

    def initialized(self, result: dict[str, Any]) -> None:
        """It answered ``initialize`` with ``result``."""
        self.apply(ProcessEvent.INITIALIZED)
        self.initialize_result = result

    def end(self, failure: dict[str, Any]) -> None:
        """It exited, failed to start or was lost: ``failure`` answers what waits on it."""
        self.apply(ProcessEvent.END)
        self.failure = failure


class SessionLifecycle(_Record[SessionState, SessionEvent]):
    """A session's state and what its states carry: the running prompt's request id while
    a turn runs (``PROMPTING``, ``CANCELLING``; the client's request to be answered when
    it ends, or in the v2 upgrade, which answers a prompt at once, the one that started
    it), the error object every later request gets once it is ``ENDED``
    (:data:`SESSION_TRANSITIONS`): ``prompt_id`` is kept exactly while a turn runs and
    ``failure`` exactly once it ended. Whether a turn runs is read off the state
    (:attr:`running`), not off ``prompt_id``: a request's id may be ``null``."""

    __slots__ = ("failure", "prompt_id")
    TABLE, WHAT = SESSION_TRANSITIONS, "session"

    def __init__(self) -> None:
        self.state = SessionState.IDLE
        self.prompt_id: RequestId | None = None
        self.failure: dict[str, Any] | None = None

    @property
    def running(self) -> bool:
        """A turn runs (``PROMPTING`` or ``CANCELLING``: its end is an event of the state)."""
        return self.state in TURN_RUNS

    @property
    def cancelling(self) -> bool:
        """The running turn was cancelled: it ends ``cancelled`` whatever ends it."""
        return self.state is SessionState.CANCELLING

    def start_turn(self, prompt_id: RequestId) -> None:
        """A prompt starts a turn."""
        self.apply(SessionEvent.PROMPT)
        self.prompt_id = prompt_id

    def end_turn(self) -> tuple[RequestId, bool]:
        """The running turn ended: its prompt, to be answered, and whether it was cancelled."""
        cancelled = self.state is SessionState.CANCELLING
        self.apply(SessionEvent.TURN_END)
        prompt_id, self.prompt_id = self.prompt_id, None
        return prompt_id, cancelled

    def end(self, failure: dict[str, Any]) -> None:
        """The session's agent is gone (its turn, if any, ended first): ``failure`` is what
        every later request gets."""
        self.apply(SessionEvent.AGENT_GONE)
        self.failure = failure


# ------------------------------------------------------ what a long session remembers

KeyT = TypeVar("KeyT")


class Recent(Generic[KeyT]):
    """The last ``size`` keys added, oldest first: what a translator remembers of a run
    whose length it does not bound (a long session, a peer inventing values), so its
    memory stays bounded; an older key is forgotten, as if never added."""

    __slots__ = ("_keys", "size")

    def __init__(self, size: int) -> None:
        self.size = size
        self._keys: dict[KeyT, None] = {}

    def __contains__(self, key: object) -> bool:
        return key in self._keys

    def __len__(self) -> int:
        return len(self._keys)

    def __iter__(self) -> Iterator[KeyT]:
        return iter(self._keys)

    def add(self, key: KeyT) -> list[KeyT]:
        """Remember ``key`` (one remembered keeps its place); the keys forgotten for it."""
        if key in self._keys:
            return []
        self._keys[key] = None
        forgotten = []
        while len(self._keys) > self.size:
            oldest = next(iter(self._keys))
            del self._keys[oldest]
            forgotten.append(oldest)
        return forgotten

    def discard(self, key: KeyT) -> None:
        """Forget ``key`` now."""
        self._keys.pop(key, None)


RECENT_MESSAGE_IDS = 1024
"""How many message ids a v2 downgrade session remembers showing (a whole-message upsert
of an older one is shown as a new message)."""

RECENT_ENDED_TOOL_CALLS = 64
"""How many ended tool calls a v2 translator's session (the downgrade's turn) keeps, with
what a later update of one needs (an upsert or content may still come after a call's end):
a session that saw many calls holds its open ones and no more than these."""

KeptT = TypeVar("KeptT")
DefaultT = TypeVar("DefaultT")


class ToolCalls(Generic[KeptT]):
    """A session's tool calls by id, each with what a later update of it needs: every
    call not ended, and the last :data:`RECENT_ENDED_TOOL_CALLS` that ended (an update of
    an older one is a call not seen before). A call's end is its status (the owner says
    which are final); an upsert may reopen it."""

    __slots__ = ("_ended", "_kept")

    def __init__(self) -> None:
        self._kept: dict[str, KeptT] = {}
        self._ended: Recent[str] = Recent(RECENT_ENDED_TOOL_CALLS)
        """The ids of the kept calls that ended, oldest end first."""

    def __contains__(self, call_id: object) -> bool:
        return call_id in self._kept

    def __len__(self) -> int:
        return len(self._kept)

    def get(self, call_id: str, default: DefaultT) -> KeptT | DefaultT:
        """What is kept of call ``call_id``, else ``default``."""
        return self._kept.get(call_id, default)

    def clear(self) -> None:
        """Forget every call."""
        self._kept.clear()
        self._ended = Recent(RECENT_ENDED_TOOL_CALLS)

    def keep(self, call_id: str, kept: KeptT, ended: bool | None) -> None:
        """Call ``call_id`` now has ``kept``; ``ended``: whether its status now is final
        (``None``: the update gave no status)."""
        self._kept[call_id] = kept
        if ended is None:
            return
        self._ended.discard(call_id)
        if ended:
            for forgotten in self._ended.add(call_id):
                del self._kept[forgotten]


# ------------------------------------------------------------- the downgrade's connection


class ConnectionState(enum.Enum):
    """Where a legacy client's connection through the downgrade stands with its agent."""

    NEW = "new"
    """The agent has not been initialized (or its ``initialize`` failed)."""
    INITIALIZING = "initializing"
    """A legacy ``initialize`` is being served: the agent's ``initialize`` is out."""
    INITIALIZED = "initialized"
    """The agent is initialized and there is no session: it needs a login."""
    AUTHENTICATING = "authenticating"
    """A legacy ``authenticate``: the agent's ``authenticate`` is out."""
    OPENING = "opening"
    """The ``session/new`` that ends a legacy ``initialize`` or ``authenticate`` is out."""
    OPEN = "open"
    """The session exists: the legacy client's turns are prompts in it."""
    REAUTHENTICATING = "reauthenticating"
    """A legacy ``authenticate`` while the session exists: the agent's is out."""
    GONE = "gone"
    """The agent exited, could not start or was lost: every legacy request gets why."""


class ConnectionEvent(enum.Enum):
    """What happens to the downgrade's connection."""

    INITIALIZE = "initialize"
    INITIALIZED = "initialized"
    INITIALIZE_FAILED = "initialize_failed"
    AUTHENTICATE = "authenticate"
    AUTHENTICATED = "authenticated"
    AUTHENTICATE_FAILED = "authenticate_failed"
    OPENED = "opened"
    OPEN_FAILED = "open_failed"
    AGENT_GONE = "agent_gone"


_C, _CE = ConnectionState, ConnectionEvent
CONNECTION_TRANSITIONS: Mapping[ConnectionState, Mapping[ConnectionEvent, ConnectionState]] = {
    _C.NEW: {_CE.INITIALIZE: _C.INITIALIZING, _CE.AGENT_GONE: _C.GONE},
    _C.INITIALIZING: {
        _CE.INITIALIZED: _C.OPENING,
        _CE.INITIALIZE_FAILED: _C.NEW,
        _CE.AGENT_GONE: _C.GONE,
    },
    # a legacy initialize again probes with session/new again (isAuthenticated)
    _C.INITIALIZED: {
        _CE.INITIALIZE: _C.OPENING,
        _CE.AUTHENTICATE: _C.AUTHENTICATING,
        _CE.AGENT_GONE: _C.GONE,
    },
    _C.AUTHENTICATING: {
        _CE.AUTHENTICATED: _C.OPENING,
        _CE.AUTHENTICATE_FAILED: _C.INITIALIZED,
        _CE.AGENT_GONE: _C.GONE,
    },
    _C.OPENING: {_CE.OPENED: _C.OPEN, _CE.OPEN_FAILED: _C.INITIALIZED, _CE.AGENT_GONE: _C.GONE},
    _C.OPEN: {_CE.AUTHENTICATE: _C.REAUTHENTICATING, _CE.AGENT_GONE: _C.GONE},
    _C.REAUTHENTICATING: {
        _CE.AUTHENTICATED: _C.OPEN,
        _CE.AUTHENTICATE_FAILED: _C.OPEN,
        _CE.AGENT_GONE: _C.GONE,
    },
    _C.GONE: {},
}
"""Downgrade connection: state → event → next state."""

_BUSY: frozenset[ConnectionState] = frozenset(
    {_C.INITIALIZING, _C.AUTHENTICATING, _C.OPENING, _C.REAUTHENTICATING}
)


class Connection(_Record[ConnectionState, ConnectionEvent]):
    """The downgrade's connection and what its states carry: the agent's ``initialize``
    result from ``INITIALIZED`` on (given at construction when the shell's probe already
    initialized it), the session's id from ``OPEN`` on, and the error every legacy request
    gets once it is ``GONE`` (:data:`CONNECTION_TRANSITIONS`)."""

    __slots__ = ("agent_info", "failure", "session_id")
    TABLE, WHAT = CONNECTION_TRANSITIONS, "connection"

    def __init__(self, agent_info: dict[str, Any] | None = None) -> None:
        initialized = agent_info is not None
        self.state = ConnectionState.INITIALIZED if initialized else ConnectionState.NEW
        self.agent_info = agent_info
        self.session_id: str | None = None
        self.failure: dict[str, Any] | None = None

    @property
    def busy(self) -> bool:
        """A setup exchange with the agent is out (``initialize``, ``authenticate``,
        ``session/new``): another must wait or be refused."""
        return self.state in _BUSY

    def initialized(self, agent_info: dict[str, Any]) -> None:
        """The agent answered ``initialize`` (protocol version 1)."""
        self.apply(ConnectionEvent.INITIALIZED)
        self.agent_info = agent_info

    def opened(self, session_id: str) -> None:
        """The agent answered ``session/new`` with ``session_id``."""
        self.apply(ConnectionEvent.OPENED)
        self.session_id = session_id

    def gone(self, failure: dict[str, Any]) -> None:
        """The agent is gone; ``failure`` is the error every legacy request gets."""
        self.apply(ConnectionEvent.AGENT_GONE)
        self.failure = failure


# --------------------------------------------------------------- the relay's agent reader


class ReaderState(enum.Enum):
    """Whether the relay reads an agent's stdout, and what holds it (behaviour.md §6,
    "Bounded buffers"): the **client** is behind (more than the relay's high-water mark
    queued for it: no agent is read until it caught up), or the agent **itself** is behind
    on its stdin (what it sends is not read until it took its replies)::

        READING --client_behind--> HELD_FOR_CLIENT --agent_behind--> HELD_FOR_BOTH
        READING --agent_behind--> HELD_FOR_ITSELF --client_behind--> HELD_FOR_BOTH
        (each *_caught_up undoes its own hold)       any --stdout_ended--> ENDED
    """

    READING = "reading"
    HELD_FOR_CLIENT = "held_for_client"
    HELD_FOR_ITSELF = "held_for_itself"
    HELD_FOR_BOTH = "held_for_both"
    ENDED = "ended"
    """Its stdout was read to its end (or given up): nothing holds it any more."""


class FlowEvent(enum.Enum):
    """What changes a hold."""

    CLIENT_BEHIND = "client_behind"
    CLIENT_CAUGHT_UP = "client_caught_up"
    AGENT_BEHIND = "agent_behind"
    AGENT_CAUGHT_UP = "agent_caught_up"
    STDOUT_ENDED = "stdout_ended"


_R, _FE = ReaderState, FlowEvent
READER_TRANSITIONS: Mapping[ReaderState, Mapping[FlowEvent, ReaderState]] = {
    _R.READING: {
        _FE.CLIENT_BEHIND: _R.HELD_FOR_CLIENT,
        _FE.CLIENT_CAUGHT_UP: _R.READING,
        _FE.AGENT_BEHIND: _R.HELD_FOR_ITSELF,
        _FE.AGENT_CAUGHT_UP: _R.READING,
        _FE.STDOUT_ENDED: _R.ENDED,
    },
    _R.HELD_FOR_CLIENT: {
        _FE.CLIENT_BEHIND: _R.HELD_FOR_CLIENT,
        _FE.CLIENT_CAUGHT_UP: _R.READING,
        _FE.AGENT_BEHIND: _R.HELD_FOR_BOTH,
        _FE.AGENT_CAUGHT_UP: _R.HELD_FOR_CLIENT,
        _FE.STDOUT_ENDED: _R.ENDED,
    },
    _R.HELD_FOR_ITSELF: {
        _FE.CLIENT_BEHIND: _R.HELD_FOR_BOTH,
        _FE.CLIENT_CAUGHT_UP: _R.HELD_FOR_ITSELF,
        _FE.AGENT_BEHIND: _R.HELD_FOR_ITSELF,
        _FE.AGENT_CAUGHT_UP: _R.READING,
        _FE.STDOUT_ENDED: _R.ENDED,
    },
    _R.HELD_FOR_BOTH: {
        _FE.CLIENT_BEHIND: _R.HELD_FOR_BOTH,
        _FE.CLIENT_CAUGHT_UP: _R.HELD_FOR_ITSELF,
        _FE.AGENT_BEHIND: _R.HELD_FOR_BOTH,
        _FE.AGENT_CAUGHT_UP: _R.HELD_FOR_CLIENT,
        _FE.STDOUT_ENDED: _R.ENDED,
    },
    _R.ENDED: {event: _R.ENDED for event in FlowEvent},
}
"""Agent reader: state → event → next state. Total: an event that changes nothing in a
state leads back to it (the relay reports every change of the client's queue to every
reader)."""

_HELD_FOR_CLIENT = frozenset({_R.HELD_FOR_CLIENT, _R.HELD_FOR_BOTH})
_HELD_FOR_ITSELF = frozenset({_R.HELD_FOR_ITSELF, _R.HELD_FOR_BOTH})


class AgentFlow:
    """The relay's record of one agent's backpressure: the relay only pauses or resumes
    the agent's reader when :meth:`apply` says reading changed. ``lost``: stopped because
    it could no longer be talked to (its exit is no surprise then, but not expected
    either: it is reported as a failure)."""

    __slots__ = ("lost", "state")

    def __init__(self, state: ReaderState = ReaderState.READING, lost: bool = False) -> None:
        self.state = state
        self.lost = lost

    def apply(self, event: FlowEvent) -> bool:
        """Move on ``event``; whether the reader must be paused or resumed for it (never
        for :attr:`ReaderState.ENDED`: an ended reader is closed, not paused)."""
        before = self.state
        self.state = transition(READER_TRANSITIONS, "agent reader", before, event)
        return self.state is not ReaderState.ENDED and self.reading != (
            before is ReaderState.READING
        )

    @property
    def reading(self) -> bool:
        """Nothing holds its stdout."""
        return self.state is ReaderState.READING

    @property
    def held_for_client(self) -> bool:
        """Not read while the client catches up."""
        return self.state in _HELD_FOR_CLIENT

    @property
    def held_for_itself(self) -> bool:
        """Not read while it takes the replies queued for it."""
        return self.state in _HELD_FOR_ITSELF


# --------------------------------------------------------------------- wrap's startup


class StartupRecord(_Record[StartupState, StartupEvent]):
    """Everything ``wrap``'s startup keeps between events: its state and what the states
    hold. The policy (:class:`~acp_compat.translate.startup.StartupPolicy`) is this record
    with its decisions; which probes are out is read off the state's row of
    :data:`STARTUP_TRANSITIONS`, never kept beside it."""

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
    )
    TABLE, WHAT = STARTUP_TRANSITIONS, "startup"

    def __init__(self) -> None:
        self.state = StartupState.AWAITING_INITIALIZE
        self.client: Protocol | None = None
        """The client's protocol, once its ``initialize`` came."""
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
        """What was decided, once it was."""

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

    @property
    def awaiting_answer(self) -> bool:
        """Whether a probe is out (the shell may stop reading the client meanwhile)."""
        return self.awaits_own or self.awaits_other
