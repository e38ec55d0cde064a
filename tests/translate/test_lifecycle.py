"""Every state machine of ``translate/lifecycle.py``: what the tables forbid raises, and
``docs/architecture.md`` shows each table as it is.

Run as a module (``python -m tests.translate.test_lifecycle``) to rewrite the tables in
the page.
"""

from __future__ import annotations

import enum
import itertools
import re
import sys
from collections.abc import Mapping
from typing import Any

import pytest

from acp_compat.translate.lifecycle import (
    CONNECTION_TRANSITIONS,
    PROCESS_TRANSITIONS,
    READER_TRANSITIONS,
    SESSION_TRANSITIONS,
    STARTUP_TRANSITIONS,
    AgentFlow,
    Connection,
    ConnectionEvent,
    ConnectionState,
    FlowEvent,
    LifecycleError,
    ProcessEvent,
    ProcessState,
    ReaderState,
    SessionEvent,
    SessionLifecycle,
    SessionState,
    StartupEvent,
    StartupState,
    allows,
    markdown_table,
    transition,
)
from acp_compat.translate.settings import WrapSettings
from acp_compat.translate.startup import StartupPolicy
from tests.support.paths import ROOT

ARCHITECTURE = ROOT / "docs" / "architecture.md"

Table = Mapping[Any, Mapping[Any, Any]]
MACHINES: dict[str, tuple[Table, type[enum.Enum], type[enum.Enum]]] = {
    "agent process": (PROCESS_TRANSITIONS, ProcessState, ProcessEvent),
    "session": (SESSION_TRANSITIONS, SessionState, SessionEvent),
    "startup": (STARTUP_TRANSITIONS, StartupState, StartupEvent),
    "connection": (CONNECTION_TRANSITIONS, ConnectionState, ConnectionEvent),
    "agent reader": (READER_TRANSITIONS, ReaderState, FlowEvent),
}
"""Each machine by the name its errors give it, with its state and event enums."""

FORBIDDEN = [
    (name, state, event)
    for name, (table, _, events) in MACHINES.items()
    for state, event in itertools.product(table, events)
    if event not in table[state]
]


@pytest.mark.parametrize(
    ("name", "state", "event"),
    FORBIDDEN,
    ids=[f"{name}:{state.value}:{event.value}" for name, state, event in FORBIDDEN],
)
def test_every_pair_not_in_the_table_raises(name: str, state: Any, event: Any) -> None:
    table, _, _ = MACHINES[name]
    assert not allows(table, state, event)
    with pytest.raises(LifecycleError, match=f"^{name}: {event.value} is not allowed when"):
        transition(table, name, state, event)


@pytest.mark.parametrize("name", list(MACHINES))
def test_every_state_has_a_row_and_every_allowed_pair_moves(name: str) -> None:
    table, states, _ = MACHINES[name]
    assert list(table) == list(states)
    for state, row in table.items():
        for event, target in row.items():
            assert transition(table, name, state, event) is target


def _reachable(table: Table, start: Any) -> set[Any]:
    seen, todo = {start}, [start]
    while todo:
        for target in table[todo.pop()].values():
            if target not in seen:
                seen.add(target)
                todo.append(target)
    return seen


def test_startup_reaches_every_state_and_always_ends() -> None:
    start = StartupState.AWAITING_INITIALIZE
    assert _reachable(STARTUP_TRANSITIONS, start) == set(StartupState)
    finals = {s for s, row in STARTUP_TRANSITIONS.items() if not row}
    assert finals == {StartupState.DECIDED, StartupState.FINISHED}
    for state in set(StartupState) - finals:
        # The client can always leave and a stop can always come; both end startup.
        assert STARTUP_TRANSITIONS[state][StartupEvent.CLIENT_CLOSED] is StartupState.FINISHED
        assert STARTUP_TRANSITIONS[state][StartupEvent.STOP] is StartupState.FINISHED
        assert finals & _reachable(STARTUP_TRANSITIONS, state)


def test_startup_probes_at_most_three_times() -> None:
    """The probing states form no cycle: the own probe, the other one, and the other one
    once more at most (the path through all four probing states)."""
    probing = {
        state for state in StartupState if StartupEvent.TIMEOUT in STARTUP_TRANSITIONS[state]
    }
    assert probing == {
        StartupState.PROBING_OWN,
        StartupState.PROBING_BOTH,
        StartupState.PROBING_OTHER,
        StartupState.PROBING_OWN_LAST,
    }

    def longest(state: StartupState, path: tuple[StartupState, ...]) -> int:
        assert state not in path, f"a probing cycle: {[s.value for s in (*path, state)]}"
        nexts = [t for t in STARTUP_TRANSITIONS[state].values() if t in probing]
        return 1 + max((longest(t, (*path, state)) for t in nexts), default=0)

    assert longest(StartupState.PROBING_OWN, ()) == 4


def test_every_probing_state_ends_at_the_probe_timeout() -> None:
    """Whatever is out, the probe timeout refuses: a silent agent is bounded by it."""
    for state, row in STARTUP_TRANSITIONS.items():
        probing = StartupEvent.OWN_ANSWERED in row or StartupEvent.OTHER_ANSWERED in row
        assert (StartupEvent.TIMEOUT in row) == probing, state
        if probing:
            assert row[StartupEvent.TIMEOUT] is StartupState.FINISHED


def test_the_policy_ignores_events_once_it_is_over() -> None:
    """A final state has no row: the policy drops what comes after (it never raises)."""
    policy = StartupPolicy(WrapSettings(command=("agent",)))
    policy.start()
    policy.from_client({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {}})
    policy.client_closed()
    assert policy.state is StartupState.FINISHED and policy.done
    assert policy.from_agent(0, {"jsonrpc": "2.0", "id": 1, "result": {}}) == []
    assert policy.agent_exited(0, 0, "") == []
    assert policy.timer_fired(1) == []
    assert policy.stopped(143) == []


def test_the_policy_raises_for_an_event_its_state_does_not_allow() -> None:
    """A shell that reports a start failure for a process that already exited has a bug:
    the policy's table refuses the event instead of guessing."""
    policy = StartupPolicy(WrapSettings(command=("agent",)))
    policy.start()
    assert policy.agent_exited(0, 1, "gone") == []
    assert policy.state is StartupState.EXITED_EARLY
    with pytest.raises(
        LifecycleError, match="startup: own_start_failed is not allowed when exited_early"
    ):
        policy.agent_start_failed(0, "cannot start")


# -- the records: a state and what it carries, changed together ---------------------------


def test_a_session_carries_its_prompt_exactly_while_a_turn_runs() -> None:
    session = SessionLifecycle()
    assert (session.state, session.prompt_id) == (SessionState.IDLE, None)
    session.start_turn("p1")
    assert (session.state, session.prompt_id) == (SessionState.PROMPTING, "p1")
    session.apply(SessionEvent.CANCEL)
    assert (session.state, session.prompt_id, session.cancelling) == (
        SessionState.CANCELLING,
        "p1",
        True,
    )
    assert session.end_turn() == ("p1", True)
    assert (session.state, session.prompt_id) == (SessionState.IDLE, None)
    session.start_turn(2)
    assert session.end_turn() == (2, False)
    session.end({"code": -32603, "message": "gone"})
    assert (session.state, session.failure) == (
        SessionState.ENDED,
        {"code": -32603, "message": "gone"},
    )
    with pytest.raises(LifecycleError, match="session: prompt is not allowed when ended"):
        session.start_turn(3)
    assert session.prompt_id is None


def test_whether_a_turn_runs_is_read_off_the_state_not_the_prompt_id() -> None:
    """A request's id may be ``null``: a turn started by such a prompt runs all the same."""
    session = SessionLifecycle()
    assert not session.running
    session.start_turn(None)
    assert (session.state, session.prompt_id, session.running) == (
        SessionState.PROMPTING,
        None,
        True,
    )
    session.apply(SessionEvent.CANCEL)
    assert session.running
    assert session.end_turn() == (None, True)
    assert not session.running
    session.end({"code": -32603, "message": "gone"})
    assert not session.running


def test_a_running_turn_ends_before_its_session_does() -> None:
    """The table has no way from a running turn to ``ended``: the owner answers the prompt
    (``end_turn``) first, so no prompt is left unanswered when a session ends."""
    session = SessionLifecycle()
    session.start_turn(1)
    assert not session.allows(SessionEvent.AGENT_GONE)
    with pytest.raises(LifecycleError):
        session.end({"code": -32603, "message": "gone"})
    assert (session.state, session.prompt_id, session.failure) == (
        SessionState.PROMPTING,
        1,
        None,
    )


def test_a_connection_carries_what_the_agent_answered() -> None:
    link = Connection()
    assert (link.state, link.agent_info, link.busy) == (ConnectionState.NEW, None, False)
    link.apply(ConnectionEvent.INITIALIZE)
    assert link.busy
    link.initialized({"protocolVersion": 1})
    assert (link.state, link.agent_info) == (ConnectionState.OPENING, {"protocolVersion": 1})
    link.apply(ConnectionEvent.OPEN_FAILED)
    assert (link.state, link.session_id, link.busy) == (ConnectionState.INITIALIZED, None, False)
    link.apply(ConnectionEvent.AUTHENTICATE)
    link.apply(ConnectionEvent.AUTHENTICATED)
    link.opened("s1")
    assert (link.state, link.session_id) == (ConnectionState.OPEN, "s1")
    link.gone({"code": -32603, "message": "gone"})
    assert (link.state, link.failure) == (
        ConnectionState.GONE,
        {"code": -32603, "message": "gone"},
    )
    probed = Connection({"protocolVersion": 1})
    assert (probed.state, probed.agent_info) == (
        ConnectionState.INITIALIZED,
        {"protocolVersion": 1},
    )


def test_every_connection_state_but_the_last_can_lose_its_agent() -> None:
    for state, row in CONNECTION_TRANSITIONS.items():
        assert (ConnectionEvent.AGENT_GONE in row) == (state is not ConnectionState.GONE)


# -- the agent reader (the relay's backpressure) ------------------------------------------

E = FlowEvent
LIVE = [state for state in ReaderState if state is not ReaderState.ENDED]


@pytest.mark.parametrize(("state", "event"), list(itertools.product(LIVE, FlowEvent)))
def test_a_reader_event_moves_only_its_own_hold(state: ReaderState, event: FlowEvent) -> None:
    """Each event sets or clears its own hold and leaves the other alone; reading means
    no hold."""
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


def test_the_reader_table_is_total() -> None:
    assert set(READER_TRANSITIONS) == set(ReaderState)
    assert all(set(row) == set(FlowEvent) for row in READER_TRANSITIONS.values())


def _generated_sections() -> dict[str, str]:
    return {name: markdown_table(table) for name, (table, _, _) in MACHINES.items()}


_SECTION = re.compile(
    r"(?P<head><!-- table: (?P<name>[a-z ]+) \(generated from translate/lifecycle\.py\) -->\n)"
    r"(?P<body>(?:(?!<!--).*\n)*)"
    r"(?P<tail><!-- end of table -->)"
)
"""A generated table in the page: a line naming it, its lines, a closing line."""


def _rewritten(text: str) -> str:
    generated = _generated_sections()
    return _SECTION.sub(lambda m: m["head"] + generated[m["name"]] + "\n" + m["tail"], text)


def test_the_architecture_page_shows_the_tables_as_they_are() -> None:
    text = ARCHITECTURE.read_text(encoding="utf-8")
    assert {m.group("name") for m in _SECTION.finditer(text)} == {
        "startup",
        "session",
        "connection",
    }
    assert _rewritten(text) == text, "run: python -m tests.translate.test_lifecycle"


if __name__ == "__main__":
    ARCHITECTURE.write_text(_rewritten(ARCHITECTURE.read_text(encoding="utf-8")))
    sys.exit(0)
