"""The lifecycles of the upgrade translator, as data (h11's ``_state.py`` is the model).

Two state machines, each an enum of states and a transition table: an **agent process**
(as the translator knows it) and a **session**. Every change of state goes through
:func:`transition`, which gives the next state for an event or raises
:class:`LifecycleError` for an event the state does not allow; nothing is a combination of
flags. Where a peer's message is not allowed in the current state (a second prompt while
one runs), the translator answers the peer; a :class:`LifecycleError` reaching the shell
would be a bug in the translator.

Agent process::

    UNINITIALIZED --send_initialize--> INITIALIZING --initialized--> READY
          ^                                 |  ^
          +------initialize_failed----------+  +--send_initialize (again)
    UNINITIALIZED / INITIALIZING / READY --stop--> STOPPING
    any but GONE --end (exit, start failure, lost)--> GONE

Session::

    IDLE --prompt--> PROMPTING --cancel--> CANCELLING
    PROMPTING / CANCELLING --turn_end--> IDLE
    IDLE / PROMPTING / CANCELLING --agent_gone--> ENDED   (its process is gone)

A closed session leaves the registry, so it needs no state of its own.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from typing import TypeVar


class ProcessState(enum.Enum):
    """Where one legacy agent process stands, as the translator knows it."""

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


class SessionState(enum.Enum):
    """Where one session stands."""

    IDLE = "idle"
    """No prompt running."""
    PROMPTING = "prompting"
    """A ``session/prompt`` is running (its legacy ``sendUserMessage`` is out)."""
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
