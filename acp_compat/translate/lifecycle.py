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
  :mod:`acp_compat.translate.startup`.

``docs/architecture.md`` shows each table as :func:`markdown_table` renders it (a test
holds the page to it).
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from typing import TypeVar


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
    """Where ``wrap``'s startup stands (behaviour.md §4; the steps are the policy's)."""

    AWAITING_INITIALIZE = "awaiting_initialize"
    """Process 0 is started; the client's ``initialize`` has not come."""
    START_FAILED = "start_failed"
    """Process 0 could not start; the ``initialize``, once it comes, is answered with why."""
    EXITED_EARLY = "exited_early"
    """Process 0 exited before the client's ``initialize`` came."""
    PROBING_OWN = "probing_own"
    """Step 1: the client's own ``initialize`` is with process 0."""
    PROBING_OTHER = "probing_other"
    """Step 2: a fresh process has our ``initialize`` in the other protocol."""
    PROBING_OTHER_AFTER_SILENCE = "probing_other_after_silence"
    """Step 2 after step 1 only timed out: an answer that does not tell leads to step 3."""
    PROBING_AGAIN = "probing_again"
    """Step 3: a fresh process has the client's ``initialize`` again, for longer."""
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
    ANSWERED = "answered"
    """The probe's answer names the protocol that decides the translation."""
    CURRENT_FOR_LEGACY = "current_for_legacy"
    """A current answer to a legacy client's own ``initialize``: the agent was told
    neither ``clientCapabilities`` nor ``clientInfo``, so it is asked in its own protocol."""
    UNCLEAR = "unclear"
    """The probe's answer is an error or names no protocol."""
    TIMEOUT = "timeout"
    EXITED = "exited"
    START_FAILED = "start_failed"
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
STARTUP_TRANSITIONS: Mapping[StartupState, Mapping[StartupEvent, StartupState]] = {
    _T.AWAITING_INITIALIZE: {
        _TE.INITIALIZE: _T.PROBING_OWN,
        _TE.INITIALIZE_NAMED: _T.DECIDED,
        _TE.START_FAILED: _T.START_FAILED,
        _TE.EXITED: _T.EXITED_EARLY,
        **_ENDS,
    },
    # the initialize gets the start failure as its answer, whatever was named
    _T.START_FAILED: {_TE.INITIALIZE: _T.FINISHED, _TE.INITIALIZE_NAMED: _T.FINISHED, **_ENDS},
    # probed, the early exit is step 1's outcome at once; named, the translator hears of it
    _T.EXITED_EARLY: {_TE.INITIALIZE: _T.PROBING_OWN, _TE.INITIALIZE_NAMED: _T.DECIDED, **_ENDS},
    _T.PROBING_OWN: {
        _TE.ANSWERED: _T.DECIDED,
        _TE.CURRENT_FOR_LEGACY: _T.PROBING_OTHER,
        _TE.UNCLEAR: _T.PROBING_OTHER,
        _TE.EXITED: _T.PROBING_OTHER,
        # silence may be a slow start: remembered, for step 3
        _TE.TIMEOUT: _T.PROBING_OTHER_AFTER_SILENCE,
        _TE.START_FAILED: _T.FINISHED,
        **_ENDS,
    },
    _T.PROBING_OTHER: {
        _TE.ANSWERED: _T.DECIDED,
        _TE.UNCLEAR: _T.FINISHED,
        _TE.TIMEOUT: _T.FINISHED,
        _TE.EXITED: _T.FINISHED,
        _TE.START_FAILED: _T.FINISHED,
        **_ENDS,
    },
    _T.PROBING_OTHER_AFTER_SILENCE: {
        _TE.ANSWERED: _T.DECIDED,
        # alive but slow to answer step 1 (a launcher downloading the agent)
        _TE.UNCLEAR: _T.PROBING_AGAIN,
        _TE.TIMEOUT: _T.FINISHED,
        _TE.EXITED: _T.FINISHED,
        _TE.START_FAILED: _T.FINISHED,
        **_ENDS,
    },
    _T.PROBING_AGAIN: {
        _TE.ANSWERED: _T.DECIDED,
        # step 2 once more, but a second unclear answer refuses: startup stays bounded
        _TE.CURRENT_FOR_LEGACY: _T.PROBING_OTHER,
        _TE.UNCLEAR: _T.FINISHED,
        _TE.TIMEOUT: _T.FINISHED,
        _TE.EXITED: _T.FINISHED,
        _TE.START_FAILED: _T.FINISHED,
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
