"""The relay's backpressure as data: whether each agent's stdout is read, and why not.

h11's ``_state.py`` is the model: one state per agent reader, one table of every
transition, and nothing else that decides (the relay only pauses or resumes the reader
when :meth:`AgentFlow.apply` says reading changed). Two independent holds can stop an
agent's stdout from being read (behaviour.md §6, "Bounded buffers"):

* the **client** is behind (more than ``HIGH_WATER`` queued for it): no agent is read
  until it caught up;
* the agent **itself** is behind on its stdin (more than ``AGENT_HIGH_WATER`` queued
  for it): what it sends is not read until it took its replies.

::

    READING --client_behind--> HELD_FOR_CLIENT --agent_behind--> HELD_FOR_BOTH
    READING --agent_behind--> HELD_FOR_ITSELF --client_behind--> HELD_FOR_BOTH
    (each *_caught_up undoes its own hold)       any --stdout_ended--> ENDED

The table is total: an event that changes nothing in a state leads back to it. It is
moved by :func:`acp_compat.translate.lifecycle.transition`, the one lookup every state
table of the package uses.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping

from acp_compat._define import define
from acp_compat.translate.lifecycle import transition


class ReaderState(enum.Enum):
    """Whether an agent's stdout is read, and what holds it."""

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


_R, _E = ReaderState, FlowEvent
READER_TRANSITIONS: Mapping[ReaderState, Mapping[FlowEvent, ReaderState]] = {
    _R.READING: {
        _E.CLIENT_BEHIND: _R.HELD_FOR_CLIENT,
        _E.CLIENT_CAUGHT_UP: _R.READING,
        _E.AGENT_BEHIND: _R.HELD_FOR_ITSELF,
        _E.AGENT_CAUGHT_UP: _R.READING,
        _E.STDOUT_ENDED: _R.ENDED,
    },
    _R.HELD_FOR_CLIENT: {
        _E.CLIENT_BEHIND: _R.HELD_FOR_CLIENT,
        _E.CLIENT_CAUGHT_UP: _R.READING,
        _E.AGENT_BEHIND: _R.HELD_FOR_BOTH,
        _E.AGENT_CAUGHT_UP: _R.HELD_FOR_CLIENT,
        _E.STDOUT_ENDED: _R.ENDED,
    },
    _R.HELD_FOR_ITSELF: {
        _E.CLIENT_BEHIND: _R.HELD_FOR_BOTH,
        _E.CLIENT_CAUGHT_UP: _R.HELD_FOR_ITSELF,
        _E.AGENT_BEHIND: _R.HELD_FOR_ITSELF,
        _E.AGENT_CAUGHT_UP: _R.READING,
        _E.STDOUT_ENDED: _R.ENDED,
    },
    _R.HELD_FOR_BOTH: {
        _E.CLIENT_BEHIND: _R.HELD_FOR_BOTH,
        _E.CLIENT_CAUGHT_UP: _R.HELD_FOR_ITSELF,
        _E.AGENT_BEHIND: _R.HELD_FOR_BOTH,
        _E.AGENT_CAUGHT_UP: _R.HELD_FOR_CLIENT,
        _E.STDOUT_ENDED: _R.ENDED,
    },
    _R.ENDED: {event: _R.ENDED for event in FlowEvent},
}
"""Agent reader: state → event → next state."""

_HELD_FOR_CLIENT = frozenset({_R.HELD_FOR_CLIENT, _R.HELD_FOR_BOTH})
_HELD_FOR_ITSELF = frozenset({_R.HELD_FOR_ITSELF, _R.HELD_FOR_BOTH})


@define
class AgentFlow:
    """The relay's record of one agent's backpressure."""

    state: ReaderState = ReaderState.READING
    lost: bool = False
    """Stopped because it could no longer be talked to (its exit is no surprise then,
    but not expected either: it is reported as a failure)."""

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
