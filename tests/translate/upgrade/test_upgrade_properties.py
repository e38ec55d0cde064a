"""Properties of the upgrade translator under random interleavings.

Hypothesis plays a current client (prompts, cancels, permission answers including option
ids that were never offered, fs answers, session/close; with and without client fs, the
shell finishing local file reads) and one or two legacy agent
processes (chunks, thoughts, tool calls, confirmations, updates for known and unknown
ids, plans, file reads, the end of a send with a result or an error, cancelSendMessage
answers, process exits), interleaved at random. After the run every side answers what is
still pending, and then:

* the translator never raised;
* every request it received (from the client or from a live agent) was answered exactly
  once;
* no ``session/update`` of a turn followed that turn's ``session/prompt`` answer;
* every message to the client validates against the v1 schema, and every message to an
  agent against the legacy schema.
"""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.support.upgrade_harness import OTHER, PROJECT, Harness


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    data=st.data(), two_sessions=st.booleans(), client_fs=st.booleans(), steps=st.integers(1, 40)
)
def test_random_interleavings(
    data: st.DataObject, two_sessions: bool, client_fs: bool, steps: int
) -> None:
    harness = Harness()
    harness.setup(two_sessions, client_fs)
    for _ in range(steps):
        harness.step(data)
    harness.drain()
    harness.check()


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data(), authenticated=st.booleans(), steps=st.integers(1, 25))
def test_random_setup_phase(data: st.DataObject, authenticated: bool, steps: int) -> None:
    """initialize, authenticate, session/new in two directories and session/close sent at
    any time (a client that does not wait), against agents that answer, fail, exit or never
    start: every request is still answered exactly once, with valid messages."""
    harness = Harness()
    harness.authenticated = authenticated
    for _ in range(steps):
        actions = ["initialize", "authenticate", "new", "close"]
        if any(k[0] in harness.alive for k in harness.to_agent_requests):
            actions += ["agent_answer"] * 3
        if harness.alive:
            actions.append("exit")
        if harness.fresh:
            actions.append("start_failed")
        action = data.draw(st.sampled_from(actions))
        if action == "initialize":
            harness.client_request("initialize", {"protocolVersion": 1})
        elif action == "authenticate":
            harness.client_request("authenticate", {"methodId": "legacy-login"})
        elif action == "new":
            cwd = data.draw(st.sampled_from([PROJECT, OTHER]))
            harness.client_request("session/new", {"cwd": cwd, "mcpServers": []})
        elif action == "close":
            session = data.draw(st.sampled_from(["sess-1", "sess-2"]))
            harness.client_request("session/close", {"sessionId": session})
        elif action == "agent_answer":
            pending = sorted(k for k in harness.to_agent_requests if k[0] in harness.alive)
            agent, request_id = data.draw(st.sampled_from(pending))
            harness.agent_answer(agent, request_id, fail=data.draw(st.booleans()))
        elif action == "exit":
            harness.exit(data.draw(st.sampled_from(sorted(harness.alive))))
        else:
            agent = data.draw(st.sampled_from(sorted(harness.fresh)))
            harness.alive.discard(agent)
            harness.fresh.discard(agent)
            harness.take(harness.translator.agent_start_failed(agent, "[Errno 2] not found"))
            for key in [k for k in harness.to_agent_requests if k[0] == agent]:
                del harness.to_agent_requests[key]
    harness.drain()
    harness.check()


def test_initialize_after_agent0_failed_and_was_closed_is_answered() -> None:
    """Found by test_random_setup_phase: agent 0 fails its initialize, a session in another
    directory makes it idle and it is closed; a later initialize is answered with an error
    (it raised LifecycleError: nothing may be sent to a process being closed)."""
    harness = Harness()
    harness.authenticated = False
    first = harness.client_request("initialize", {"protocolVersion": 1})
    harness.client_request("initialize", {"protocolVersion": 1})
    harness.agent_answer(0, 0, fail=True)
    harness.client_request("authenticate", {"methodId": "legacy-login"})
    harness.agent_answer(0, 1)
    harness.agent_answer(0, 2)
    harness.client_request("session/new", {"cwd": OTHER, "mcpServers": []})
    again = harness.client_request("initialize", {"protocolVersion": 1})
    assert harness.client_answers[first] == 1
    assert harness.client_answers[again] == 1
    harness.drain()
    harness.check()
