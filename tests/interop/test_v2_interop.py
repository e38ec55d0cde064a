"""v1 and v2 interop: the official TypeScript SDK 2.4.0's experimental v2 API on one side.

Real processes, as the other interop tests run them:

* the SDK's experimental v2 **client** (``client_v2.mjs``) → ``acp-compat wrap`` → a v1
  agent (the SDK 1.9 example agent) or the bundled legacy example agent: a full turn with
  a tool call and a permission, and a cancelled turn; every line the relay writes to the
  client validates against the pinned v2 schema (:func:`check_v2_wire`);
* a v2 **agent** written on the SDK's experimental v2 API (``v2_agent.mjs``) behind
  ``wrap`` and the v1 TypeScript SDK clients (``client.mjs --sdk 1`` and ``--sdk 2``): a
  full turn ends ``end_turn`` with its tool calls shown; every line validates against both
  pinned v1 schemas (:func:`~tests.interop.test_upgrade_interop.check_wire`);
* v2 on both sides: ``wrap`` passes everything through unchanged (its trace shows it).

Every ``wrap`` run writes a ``--trace`` that ``trace --check`` must find clean, and every
process is reaped (the harness's :class:`~tests.interop.conftest.V1Client` runner).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from acp_compat.examples import legacy_agent
from acp_compat.trace.records import (
    AGENT_IN,
    AGENT_OUT,
    CLIENT_IN,
    CLIENT_OUT,
    Record,
    TraceReader,
)
from tests.interop.conftest import (
    HARNESS,
    ClientRun,
    V1Client,
    legacy_agent_command,
    wrap_command,
)
from tests.interop.test_upgrade_interop import HELLO_TEXT, check_wire, project
from tests.support.schemas import v2_errors

V2_AGENT = HARNESS / "v2_agent.mjs"


def v2_client(node: str, work: Path) -> V1Client:
    """The SDK's experimental v2 client driver, run in ``work``."""
    work.mkdir(parents=True, exist_ok=True)
    return V1Client("ts-sdk2-v2", (node, str(HARNESS / "client_v2.mjs")), work)


def v1_client(node: str, sdk: str, work: Path) -> V1Client:
    """The v1 TypeScript SDK client driver (``client.mjs --sdk sdk``), run in ``work``."""
    work.mkdir(parents=True, exist_ok=True)
    return V1Client(f"ts-sdk{sdk}", (node, str(HARNESS / "client.mjs"), "--sdk", sdk), work)


def check_v2_wire(run: ClientRun) -> None:
    """Every line acp-compat wrote to the v2 client is one JSON object valid against the
    pinned v2 schema (an answer against the result of the method it answers), and every
    request of the client got exactly one answer."""
    assert run.transcript, f"empty transcript\n{run.describe()}"
    sent: dict[Any, str] = {}
    answered: dict[Any, int] = {}
    for number, record in enumerate(run.transcript):
        message = json.loads(record["line"])
        where = f"transcript line {number} ({record['dir']}): {record['line'][:300]}"
        assert isinstance(message, dict), where
        if record["dir"] == "send":
            if "method" in message and "id" in message:
                sent[json.dumps(message["id"])] = message["method"]
            continue
        method = None
        if "method" not in message:
            key = json.dumps(message.get("id"))
            assert key in sent, f"an answer to no request: {where}"
            answered[key] = answered.get(key, 0) + 1
            method = sent[key]
        problems = v2_errors(message, method)
        assert not problems, f"not valid ACP v2: {where}\n" + "\n".join(problems)
    unanswered = [key for key in sent if key not in answered]
    twice = [key for key, count in answered.items() if count != 1]
    assert not unanswered, f"requests never answered: {unanswered}\n{run.describe()}"
    assert not twice, f"requests answered more than once: {twice}"


def ok(run: ClientRun) -> ClientRun:
    """The run ended cleanly: no client error, the relay exited 0 without a traceback."""
    assert run.returncode == 0, run.describe()
    assert run.summary["error"] is None, run.describe()
    assert run.summary["agentExit"] == {"code": 0, "signal": None}, run.describe()
    assert "Traceback" not in run.stderr, run.describe()
    return run


def a_turn_was_shown(session: dict[str, Any]) -> None:
    """A v2 turn as the client saw it: its prompt acknowledged with the id of the user
    message that followed, running, idle at the end."""
    assert session["acks"] and session["acks"] == session["userMessages"], session
    assert session["states"][0] == "running", session
    assert session["states"][-1] == "idle", session


def test_v1_agent_behind_a_v2_client(
    node: str, ts_example_agent: list[str], tmp_path: Path
) -> None:
    """The SDK 1.9 example agent's turn, as v2: its tool calls created by their first
    tool_call_update, its permission request titled and asked about call_2 (the turn
    requires action meanwhile), the turn idle with end_turn; session/list and
    session/close (which the agent lacks) answered by the relay."""
    run = ok(v2_client(node, tmp_path).run(wrap_command(ts_example_agent), "--lifecycle"))
    check_v2_wire(run)
    session = run.session()
    a_turn_was_shown(session)
    assert session["stopReasons"] == ["end_turn"]
    assert session["states"] == ["running", "requires_action", "running", "idle"]
    assert session["toolCalls"]["call_1"]["statuses"] == ["pending", "completed"]
    assert session["toolCalls"]["call_2"]["kind"] == "edit"
    assert session["toolCalls"]["call_2"]["statuses"] == ["pending", "completed"]
    [permission] = session["permissions"]
    assert permission["title"] == "Modifying critical configuration file"
    assert permission["toolCallId"] == "call_2"
    assert permission["answer"] == {"outcome": "selected", "optionId": "allow"}
    assert session["listed"]["sessions"] == [
        {"sessionId": session["sessionId"], "cwd": session["cwd"]}
    ]
    assert session["closed"] == {}


@pytest.mark.parametrize("answer", ["allow", "reject"])
def test_legacy_agent_behind_a_v2_client(
    node: str, node_modules: Path, tmp_path: Path, answer: str
) -> None:
    """The bundled legacy agent's edit, through the chain (the upgrade, then the v2
    upgrade): the permission for tool call 1 titled as the legacy confirmation was, the
    file edited only when allowed (in progress once allowed), the turn idle with end_turn."""
    cwd = project(tmp_path / "project")
    client = v2_client(node, tmp_path / "client")
    args = ["--prompt", "edit", "--permission", answer]
    run = ok(client.run(wrap_command(legacy_agent_command()), *args, cwds=[cwd]))
    check_v2_wire(run)
    session = run.session()
    a_turn_was_shown(session)
    assert session["stopReasons"] == ["end_turn"]
    assert "requires_action" in session["states"]
    [permission] = session["permissions"]
    assert permission["toolCallId"] == "1"
    assert permission["title"] == f"Edit {legacy_agent.HELLO}"
    call = session["toolCalls"]["1"]
    assert call["kind"] == "edit"
    hello = (cwd / legacy_agent.HELLO).read_text(encoding="utf-8")
    if answer == "allow":
        # an allowed call is in progress from the answer on, before the agent reports it
        assert call["statuses"] == ["pending", "in_progress", "completed"]
        assert hello == HELLO_TEXT + legacy_agent.EDIT_SUFFIX
    else:
        assert call["statuses"] == ["pending", "failed"]
        assert hello == HELLO_TEXT


@pytest.mark.parametrize("agent", ["v1", "legacy"])
def test_a_cancelled_turn_ends_cancelled(
    node: str, ts_example_agent: list[str], tmp_path: Path, agent: str
) -> None:
    """session/cancel on the turn's first tool call: the turn ends idle with stop reason
    cancelled, for a v1 agent and for the legacy agent (its 30 s tool cut short: a turn
    that waited for it would outlast the client's own timeout, which fails it)."""
    cwd = project(tmp_path / "project")
    command = ts_example_agent if agent == "v1" else legacy_agent_command()
    prompt = "hello" if agent == "v1" else "slow"
    client = v2_client(node, tmp_path / "client")
    run = ok(client.run(wrap_command(command), "--prompt", prompt, "--cancel-on-tool", cwds=[cwd]))
    check_v2_wire(run)
    session = run.session()
    a_turn_was_shown(session)
    assert session["stopReasons"] == ["cancelled"]


def test_a_permission_open_at_cancel_is_answered_cancelled(
    node: str, node_modules: Path, tmp_path: Path
) -> None:
    """The legacy agent's edit through the chain, cancelled on its tool call: the
    permission, open at the cancel, is answered ``cancelled`` though the client would
    allow (a client that cancels a turn must answer its open permissions so), the file
    is untouched, the call failed, and the turn ends idle with stop reason cancelled."""
    cwd = project(tmp_path / "project")
    client = v2_client(node, tmp_path / "client")
    args = ["--prompt", "edit", "--permission", "allow", "--cancel-on-tool"]
    run = ok(client.run(wrap_command(legacy_agent_command()), *args, cwds=[cwd]))
    check_v2_wire(run)
    session = run.session()
    a_turn_was_shown(session)
    assert session["stopReasons"] == ["cancelled"]
    [permission] = session["permissions"]
    assert permission["toolCallId"] == "1"
    assert permission["answer"] == {"outcome": "cancelled"}
    assert session["toolCalls"]["1"]["statuses"] == ["pending", "failed"]
    assert (cwd / legacy_agent.HELLO).read_text(encoding="utf-8") == HELLO_TEXT


@pytest.mark.parametrize("sdk", ["1", "2"])
def test_v2_agent_behind_a_v1_client(
    node: str, node_modules: Path, tmp_path: Path, sdk: str
) -> None:
    """The v2 agent's turn, as v1 (``--agent-protocol v2``): the prompt answered end_turn
    when the agent went idle,
    each tool call shown by a v1 tool_call (its first tool_call_update) and completed, the
    permission asked about call_2; every line valid against both pinned v1 schemas."""
    client = v1_client(node, sdk, tmp_path)
    # Named, not probed: a probe's second process is traced as agent 1 and then relayed
    # as agent 0, which trace --check cannot follow yet (the startup branch's translation
    # record says which process it is). The probe itself is pinned by
    # vectors/startup/v1_client_v2_agent.json, with this SDK agent's very refusal.
    run = ok(client.run(wrap_command([node, str(V2_AGENT)], "--agent-protocol", "v2")))
    check_wire(run)
    session = run.session()
    assert session["stopReasons"] == ["end_turn"]
    assert session["updates"]["tool_call"] == 2
    assert session["toolCalls"]["call_1"]["statuses"] == ["pending", "completed"]
    assert session["toolCalls"]["call_2"]["statuses"] == ["pending", "completed"]
    [permission] = session["permissions"]
    assert permission["toolCallId"] == "call_2"
    assert "the configuration is updated" in session["text"]


@pytest.mark.parametrize("sdk", ["1", "2"])
def test_a_session_closed_mid_turn_answers_its_prompt(
    node: str, node_modules: Path, tmp_path: Path, sdk: str
) -> None:
    """A v1 client closes its session at the v2 agent's first tool call: the agent answers
    the close and reports its cancelled turn, and the v1 prompt is answered ``cancelled``
    (its turn ends with its session, whichever the agent sends first)."""
    client = v1_client(node, sdk, tmp_path)
    command = wrap_command([node, str(V2_AGENT)], "--agent-protocol", "v2")
    run = ok(client.run(command, "--close-on-tool", "--timeout", "8"))
    check_wire(run)
    session = run.session()
    assert session["closed"] == {"result": {}}, run.describe()
    assert session["stopReasons"] == ["cancelled"], run.describe()


@pytest.mark.parametrize("sdk", ["1", "2"])
def test_a_v1_client_cancels_a_v2_agents_turn(
    node: str, node_modules: Path, tmp_path: Path, sdk: str
) -> None:
    """A v1 client sends session/cancel at the v2 agent's first tool call: the agent's
    turn ends idle cancelled, and the v1 prompt is answered ``cancelled``."""
    client = v1_client(node, sdk, tmp_path)
    command = wrap_command([node, str(V2_AGENT)], "--agent-protocol", "v2")
    run = ok(client.run(command, "--cancel-on-tool"))
    check_wire(run)
    assert run.session()["stopReasons"] == ["cancelled"], run.describe()


def test_a_prompt_request_cancelled_ends_its_turn(
    node: str, node_modules: Path, tmp_path: Path
) -> None:
    """The v1 SDK 2.4 client aborts its prompt at the v2 agent's first tool call (the
    prompt's ``cancellationSignal``: ``$/cancel_request`` naming the prompt, which the v2
    agent answered already): the turn is cancelled, and the prompt is answered
    ``cancelled``."""
    client = v1_client(node, "2", tmp_path)
    command = wrap_command([node, str(V2_AGENT)], "--agent-protocol", "v2")
    run = ok(client.run(command, "--abort-on-tool"))
    check_wire(run)
    session = run.session()
    assert session["stopReasons"] == ["cancelled"], run.describe()
    assert not session["permissions"], run.describe()


def test_v2_on_both_sides_passes_through(node: str, node_modules: Path, tmp_path: Path) -> None:
    """A v2 client and a v2 agent: wrap relays every message unchanged, both ways (its
    trace holds the same messages on both sides, in order)."""
    run = ok(v2_client(node, tmp_path).run(wrap_command([node, str(V2_AGENT)]), "--lifecycle"))
    check_v2_wire(run)
    session = run.session()
    a_turn_was_shown(session)
    assert session["stopReasons"] == ["end_turn"]
    [trace] = tmp_path.glob("trace-*.jsonl")
    reader = TraceReader()
    items = reader.feed(trace.read_bytes()) + reader.end()
    records = [item for item in items if isinstance(item, Record)]
    by_direction = {
        direction: [r.message for r in records if r.direction == direction]
        for direction in (CLIENT_IN, AGENT_OUT, AGENT_IN, CLIENT_OUT)
    }
    assert by_direction[CLIENT_IN] and by_direction[CLIENT_IN] == by_direction[AGENT_OUT]
    assert by_direction[AGENT_IN] and by_direction[AGENT_IN] == by_direction[CLIENT_OUT]
