"""The relay's backpressure table (acp_compat/io/backpressure.py): each event sets or
clears its own hold and leaves the other alone; reading means no hold; an ended reader
stays ended."""

from __future__ import annotations

import itertools

import pytest

from acp_compat.io.backpressure import READER_TRANSITIONS, AgentFlow, FlowEvent, ReaderState

E = FlowEvent
LIVE = [state for state in ReaderState if state is not ReaderState.ENDED]


@pytest.mark.parametrize(("state", "event"), list(itertools.product(LIVE, FlowEvent)))
def test_an_event_moves_only_its_own_hold(state: ReaderState, event: FlowEvent) -> None:
    flow = AgentFlow(state)
    client, itself = flow.held_for_client, flow.held_for_itself
    was_reading = flow.reading
    changed = flow.apply(event)
    if event is E.STDOUT_ENDED:
        assert flow.state is ReaderState.ENDED and not changed
        return
    expected_client = {E.CLIENT_BEHIND: True, E.CLIENT_CAUGHT_UP: False}.get(event, client)
    expected_itself = {E.AGENT_BEHIND: True, E.AGENT_CAUGHT_UP: False}.get(event, itself)
    assert (flow.held_for_client, flow.held_for_itself) == (expected_client, expected_itself)
    assert flow.reading == (not expected_client and not expected_itself)
    assert changed == (flow.reading != was_reading)


@pytest.mark.parametrize("event", list(FlowEvent))
def test_an_ended_reader_is_never_paused_or_resumed(event: FlowEvent) -> None:
    flow = AgentFlow(ReaderState.ENDED)
    assert not flow.apply(event)
    assert flow.state is ReaderState.ENDED and not flow.reading


def test_the_table_is_total() -> None:
    assert set(READER_TRANSITIONS) == set(ReaderState)
    assert all(set(row) == set(FlowEvent) for row in READER_TRANSITIONS.values())
