"""The upgrade translator's lifecycle tables (translate/lifecycle.py)."""

from __future__ import annotations

from collections.abc import Mapping

import pytest

from acp_compat.translate.lifecycle import (
    PROCESS_TRANSITIONS,
    SESSION_TRANSITIONS,
    LifecycleError,
    ProcessEvent,
    ProcessState,
    SessionEvent,
    SessionState,
    allows,
    transition,
)
from acp_compat.translate.upgrade import UpgradeOptions, UpgradeTranslator
from acp_compat.translate.upgrade.records import AgentRecord, AgentTable, Role


def _reachable(table: Mapping[ProcessState, Mapping[ProcessEvent, ProcessState]]) -> set[object]:
    seen: set[object] = {ProcessState.UNINITIALIZED}
    todo = [ProcessState.UNINITIALIZED]
    while todo:
        for target in table[todo.pop()].values():
            if target not in seen:
                seen.add(target)
                todo.append(target)
    return seen


def test_every_state_has_a_row_and_only_the_last_ones_are_final() -> None:
    assert set(PROCESS_TRANSITIONS) == set(ProcessState)
    assert set(SESSION_TRANSITIONS) == set(SessionState)
    assert [s for s, row in PROCESS_TRANSITIONS.items() if not row] == [ProcessState.GONE]
    assert [s for s, row in SESSION_TRANSITIONS.items() if not row] == [SessionState.ENDED]
    assert _reachable(PROCESS_TRANSITIONS) == set(ProcessState)


def test_a_process_can_always_end_until_it_is_gone() -> None:
    for state, row in PROCESS_TRANSITIONS.items():
        assert (ProcessEvent.END in row) == (state is not ProcessState.GONE)
        if state is not ProcessState.GONE:
            assert row[ProcessEvent.END] is ProcessState.GONE


@pytest.mark.parametrize(
    ("state", "event"),
    [
        (ProcessState.GONE, ProcessEvent.STOP),
        (ProcessState.STOPPING, ProcessEvent.SEND_INITIALIZE),
        (ProcessState.READY, ProcessEvent.INITIALIZED),
    ],
)
def test_a_process_event_the_state_does_not_allow_is_an_error(
    state: ProcessState, event: ProcessEvent
) -> None:
    assert not allows(PROCESS_TRANSITIONS, state, event)
    with pytest.raises(LifecycleError, match=f"{event.value} is not allowed when {state.value}"):
        transition(PROCESS_TRANSITIONS, "agent process", state, event)


def test_a_second_prompt_while_one_runs_is_not_allowed() -> None:
    assert not allows(SESSION_TRANSITIONS, SessionState.PROMPTING, SessionEvent.PROMPT)
    assert not allows(SESSION_TRANSITIONS, SessionState.CANCELLING, SessionEvent.CANCEL)


def test_agent_zero_starts_uninitialized_or_ready_after_the_probe() -> None:
    assert AgentTable(0, None)[0].state is ProcessState.UNINITIALIZED
    probed = AgentTable(1, {"protocolVersion": "0.0.9", "isAuthenticated": True})[0]
    assert probed.state is ProcessState.READY
    assert probed.role is Role.LAUNCH


def _state(record: AgentRecord) -> ProcessState:
    """Read afresh (the translator changes it between the asserts)."""
    return record.state


def test_the_translator_walks_agent_zero_through_its_states() -> None:
    translator = UpgradeTranslator(UpgradeOptions.from_json({"launchCwd": "/p"}))
    agent0 = translator.agents[0]
    translator.from_client(
        {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"protocolVersion": 1}}
    )
    assert _state(agent0) is ProcessState.INITIALIZING
    translator.from_agent(0, {"jsonrpc": "2.0", "id": 0, "result": {"protocolVersion": "0.0.9"}})
    assert _state(agent0) is ProcessState.READY
    translator.from_client(
        {
            "jsonrpc": "2.0",
            "id": 2,
            "method": "session/new",
            "params": {"cwd": "/elsewhere", "mcpServers": []},
        }
    )
    # The first session is elsewhere: agent 0 is closed, a process starts for it.
    assert _state(agent0) is ProcessState.STOPPING
    assert translator.agents[1].state is ProcessState.INITIALIZING
    translator.agent_exited(0, 0, "")
    assert _state(agent0) is ProcessState.GONE
