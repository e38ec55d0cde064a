"""Upgrade interop: the official ACP v1 client SDKs drive a legacy 0.0.9 agent through the relay.

Each test runs real processes: a client (TypeScript SDK 1.9.0 ``ClientSideConnection``,
TypeScript SDK 2.4.0 ``client()``, Python SDK 0.12.1) → ``acp-compat wrap`` → the project's
scripted legacy agent (``acp_compat.examples.legacy_agent``, whose prompt words choose what a
turn does). The tests assert what the client saw (stop reasons, tool-call statuses, the
permission options offered and the answer given, text) and what happened on disk, and check
every line acp-compat wrote to the client against the ACP v1 schema (:func:`check_wire`).

Every test runs twice (the ``upgrade_relay`` fixture): once as above, once against the
same agent ported to ACP v1 (``acp_compat.examples.ported_agent``, docs/migration.md) run
by the clients directly, as a native current agent. The port must pass the same tests;
:func:`test_legacy_and_ported_turns_match` checks the two give the client the same turns.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from acp_compat.examples import legacy_agent
from tests.interop.conftest import (
    ClientRun,
    ClientSet,
    RelayCommand,
    V1Client,
    legacy_agent_command,
    require,
    wrap_command,
)
from tests.support.schemas import current_errors

HELLO_TEXT = "Hello from the interop test.\n"

EDIT_OPTIONS = [
    {"optionId": "alwaysAllow", "kind": "allow_always", "name": "Always Allow Edits"},
    {"optionId": "allow", "kind": "allow_once", "name": "Allow"},
    {"optionId": "reject", "kind": "reject_once", "name": "Reject"},
]
"""behaviour.md §2: the options offered for a legacy edit confirmation, in order."""

RUN_OPTIONS = [
    {"optionId": "alwaysAllow", "kind": "allow_always", "name": "Always Allow echo"},
    {"optionId": "allow", "kind": "allow_once", "name": "Allow"},
    {"optionId": "reject", "kind": "reject_once", "name": "Reject"},
]
"""behaviour.md §2: the options for an execute confirmation of ``echo hello``."""

ANSWERS = {
    "allow": {"outcome": "selected", "optionId": "allow"},
    "allow-always": {"outcome": "selected", "optionId": "alwaysAllow"},
    "reject": {"outcome": "selected", "optionId": "reject"},
    "cancel": {"outcome": "cancelled"},
}
"""What each ``--permission`` answer sends back, given the options above."""

INTRO = "".join(legacy_agent.INTRO).format(version="0.0.9")


def intro(agent: RelayCommand) -> str:
    """The greeting the agent under test streams (it names the protocol it speaks)."""
    return "".join(legacy_agent.INTRO).format(version=agent.version)


def project(path: Path, hello: str = HELLO_TEXT) -> Path:
    """Make ``path`` a session folder holding ``hello.txt``; return it resolved."""
    path.mkdir(parents=True, exist_ok=True)
    (path / legacy_agent.HELLO).write_text(hello, encoding="utf-8")
    return path.resolve()


def check_wire(run: ClientRun) -> None:
    """Check the transcript of a run: acp-compat's side of the wire must be sound.

    * every line acp-compat wrote is one JSON object that validates against the v1 schema
      (responses against the result schema of the method they answer);
    * every request the client sent got exactly one response;
    * no ``session/update`` of a session arrives between its prompt's response and its
      next prompt (behaviour.md §1).
    """
    assert run.transcript, f"empty transcript\n{run.describe()}"
    sent_methods: dict[Any, str] = {}
    answered: dict[Any, int] = {}
    prompt_sessions: dict[Any, str] = {}
    turn_open: dict[str, bool] = {}
    for number, record in enumerate(run.transcript):
        where = f"transcript line {number} ({record['dir']}): {record['line'][:300]}"
        message = json.loads(record["line"]) if record["dir"] == "send" else None
        if record["dir"] == "send":
            assert isinstance(message, dict), where
            if "method" in message and "id" in message:
                sent_methods[message["id"]] = message["method"]
                if message["method"] == "session/prompt":
                    prompt_sessions[message["id"]] = message["params"]["sessionId"]
                    turn_open[message["params"]["sessionId"]] = True
            continue
        try:
            message = json.loads(record["line"])
        except ValueError:
            raise AssertionError(f"acp-compat wrote a line that is not JSON: {where}") from None
        assert isinstance(message, dict), f"not a JSON object: {where}"
        is_response = "method" not in message
        method = sent_methods.get(message.get("id")) if is_response else None
        if is_response:
            assert message.get("id") in sent_methods, f"response to no request: {where}"
            answered[message["id"]] = answered.get(message["id"], 0) + 1
        problems = current_errors(message, method)
        assert not problems, f"not valid ACP v1: {where}\n" + "\n".join(problems)
        if is_response and message["id"] in prompt_sessions:
            turn_open[prompt_sessions[message["id"]]] = False
        if message.get("method") == "session/update":
            session_id = message["params"]["sessionId"]
            assert turn_open.get(session_id, True), f"update after the prompt response: {where}"
    unanswered = [i for i in sent_methods if i not in answered]
    twice = [i for i, n in answered.items() if n != 1]
    assert not unanswered, f"requests never answered: {unanswered}\n{run.describe()}"
    assert not twice, f"requests answered more than once: {twice}"


def ok(run: ClientRun) -> ClientRun:
    """Assert the run ended cleanly (no client error, the relay exited 0 without a traceback
    on stderr); check the wire."""
    assert run.returncode == 0, run.describe()
    assert run.summary["error"] is None, run.describe()
    assert run.summary["agentExit"] == {"code": 0, "signal": None}, run.describe()
    assert "Traceback" not in run.stderr, run.describe()
    check_wire(run)
    return run


def tool_call(session: dict[str, Any], tool_call_id: str = "1") -> dict[str, Any]:
    """The summary of one tool call of a session (legacy ids are numbered from 1)."""
    calls: dict[str, dict[str, Any]] = session["toolCalls"]
    assert tool_call_id in calls, f"no tool call {tool_call_id!r}: {calls}"
    return calls[tool_call_id]


def content_texts(call: dict[str, Any]) -> list[str]:
    """The texts of a tool call's last ``content`` blocks."""
    return [
        block["content"]["text"]
        for block in call["content"] or []
        if block.get("type") == "content" and block["content"].get("type") == "text"
    ]


def _line(message: dict[str, Any]) -> str:
    return json.dumps({"jsonrpc": "2.0", **message})


GOOD_TURN = [
    {
        "dir": "send",
        "line": _line({"id": 0, "method": "initialize", "params": {"protocolVersion": 1}}),
    },
    {"dir": "recv", "line": _line({"id": 0, "result": {"protocolVersion": 1}})},
    {
        "dir": "send",
        "line": _line(
            {"id": 1, "method": "session/prompt", "params": {"sessionId": "s", "prompt": []}}
        ),
    },
    {
        "dir": "recv",
        "line": _line(
            {
                "method": "session/update",
                "params": {
                    "sessionId": "s",
                    "update": {
                        "sessionUpdate": "agent_message_chunk",
                        "content": {"type": "text", "text": "hi"},
                    },
                },
            }
        ),
    },
    {"dir": "recv", "line": _line({"id": 1, "result": {"stopReason": "end_turn"}})},
]
"""A sound transcript: initialize, then one turn with one update."""


def _transcript(records: list[dict[str, str]]) -> ClientRun:
    return ClientRun(summary={}, transcript=records, returncode=0, stderr="", seconds=0.0)


@pytest.mark.parametrize(
    ("records", "complaint"),
    [
        ([*GOOD_TURN[:2], {"dir": "recv", "line": "Banner: hello"}], "not JSON"),
        ([*GOOD_TURN, GOOD_TURN[3]], "update after the prompt response"),
        (GOOD_TURN[:4], "never answered"),
        ([*GOOD_TURN, GOOD_TURN[4]], "answered more than once"),
        (
            [*GOOD_TURN[:1], {"dir": "recv", "line": _line({"id": 0, "result": {}})}],
            "not valid ACP v1",
        ),
        (
            [*GOOD_TURN[:1], {"dir": "recv", "line": _line({"id": 7, "result": {}})}],
            "response to no request",
        ),
    ],
    ids=["not-json", "late-update", "unanswered", "answered-twice", "invalid", "unknown-id"],
)
def test_check_wire_catches(records: list[dict[str, str]], complaint: str) -> None:
    """The transcript checker passes a sound exchange and rejects each kind of fault."""
    check_wire(_transcript(GOOD_TURN))
    with pytest.raises(AssertionError, match=complaint):
        check_wire(_transcript(records))


def test_text_and_thought(v1_clients: ClientSet, upgrade_relay: RelayCommand) -> None:
    """A plain turn: the thought and the text arrive, the turn ends ``end_turn``."""

    def scenario(client: V1Client, work: Path) -> None:
        cwd = project(work / "project")
        run = ok(client.run(upgrade_relay(), "--prompt", "hello", cwds=[cwd]))
        init = run.summary["initialize"]
        assert init["protocolVersion"] == 1
        assert init["agentInfo"]["name"] == upgrade_relay.agent_name
        if upgrade_relay.relayed:
            assert init["agentInfo"]["title"].endswith("(legacy ACP via acp-compat)")
        assert init["authMethods"] == []  # logged in: no login to offer
        assert init["agentCapabilities"]["loadSession"] is False
        session = run.session()
        assert session["stopReasons"] == ["end_turn"]
        assert session["thought"] == legacy_agent.THOUGHT
        assert session["text"] == intro(upgrade_relay)
        assert session["updates"] == {"agent_thought_chunk": 1, "agent_message_chunk": 3}
        assert session["toolCalls"] == {} and session["permissions"] == []

    v1_clients.each(scenario)


@pytest.mark.parametrize("client_fs", [True, False], ids=["client-fs", "no-fs"])
def test_file_tools_over_two_turns(
    v1_clients: ClientSet, upgrade_relay: RelayCommand, client_fs: bool
) -> None:
    """Turn 1: ``read`` lists the session folder in a tool call, ``cat`` reads hello.txt and
    ``write`` creates notes.txt, through the client's fs/* when it offers them, else
    directly. Turn 2 in the same session lists the folder again: a new tool call id, and
    notes.txt is there."""

    def scenario(client: V1Client, work: Path) -> None:
        cwd = project(work / "project")
        (cwd / "only-here.txt").write_text("x", encoding="utf-8")
        args = ["--prompt", "read the folder, cat hello.txt, write notes", "--prompt", "read"]
        args += [] if client_fs else ["--no-fs"]
        run = ok(client.run(upgrade_relay(), *args, cwds=[cwd]))
        session = run.session()
        assert session["stopReasons"] == ["end_turn", "end_turn"]
        assert session["permissions"] == []
        first, second = tool_call(session, "1"), tool_call(session, "2")
        for listing in (first, second):
            assert listing["title"] == "List the working directory"
            assert listing["kind"] == "search"
            assert listing["statuses"] == ["in_progress", "completed"]
        assert content_texts(first) == ["Listed 2 item(s):\n- hello.txt\n- only-here.txt"]
        assert content_texts(second) == [
            "Listed 3 item(s):\n- hello.txt\n- notes.txt\n- only-here.txt"
        ]
        assert f"{legacy_agent.HELLO} holds:\n{HELLO_TEXT}" in session["text"]
        assert f"Wrote {legacy_agent.NOTES}." in session["text"]
        notes = cwd / legacy_agent.NOTES
        assert notes.read_text(encoding="utf-8") == legacy_agent.NOTES_CONTENT
        # Relative legacy paths reach the client resolved against the session folder.
        served = [
            {"op": "read", "path": str(cwd / legacy_agent.HELLO), "bytes": len(HELLO_TEXT)},
            {"op": "write", "path": str(notes), "bytes": len(legacy_agent.NOTES_CONTENT)},
        ]
        assert run.summary["fs"] == (served if client_fs else [])

    v1_clients.each(scenario)


@pytest.mark.parametrize("answer", ["allow", "allow-always", "reject", "cancel"])
def test_edit(v1_clients: ClientSet, upgrade_relay: RelayCommand, answer: str) -> None:
    """``edit`` asks permission with the edit options; an allow changes hello.txt in the
    session folder and completes the call; a reject or cancel leaves the file alone and
    fails the call. Behind the relay a cancelled answer is the start of a cancel (clients
    answer a cancelled turn's dialog so): the legacy agent is told to stop, and the turn
    ends ``cancelled``; the native port takes it as a refusal and finishes its turn."""

    def scenario(client: V1Client, work: Path) -> None:
        cwd = project(work / "project")
        hello = cwd / legacy_agent.HELLO
        args = ["--prompt", "edit", "--permission", answer]
        run = ok(client.run(upgrade_relay(), *args, cwds=[cwd]))
        session = run.session()
        cancelled = answer == "cancel" and upgrade_relay.relayed
        assert session["stopReasons"] == ["cancelled" if cancelled else "end_turn"]
        assert session["permissions"] == [
            {"toolCallId": "1", "options": EDIT_OPTIONS, "answer": ANSWERS[answer]}
        ]
        call = tool_call(session)
        assert call["kind"] == "edit"
        assert call["title"] == f"Edit {legacy_agent.HELLO}"
        if answer.startswith("allow"):
            assert hello.read_text(encoding="utf-8") == HELLO_TEXT + legacy_agent.EDIT_SUFFIX
            assert call["statuses"] == ["pending", "in_progress", "completed"]
            # The legacy diff names only the basename; the client must get the full path.
            diffs = [c for c in call["content"] if c["type"] == "diff"]
            assert diffs == [
                {
                    "type": "diff",
                    "path": str(hello),
                    "oldText": HELLO_TEXT,
                    "newText": HELLO_TEXT + legacy_agent.EDIT_SUFFIX,
                }
            ]
        else:
            assert hello.read_text(encoding="utf-8") == HELLO_TEXT
            assert call["statuses"] == ["pending", "failed"]
            refused = f"The edit to {legacy_agent.HELLO} was not applied."
            assert (refused in session["text"]) == (not cancelled)

    v1_clients.each(scenario)


@pytest.mark.parametrize("answer", ["allow", "reject"])
def test_run(v1_clients: ClientSet, upgrade_relay: RelayCommand, answer: str) -> None:
    """``run`` asks to execute ``echo hello``: the command is shown once (the title, which
    every client shows) and is the call's rawInput, the execute options are offered, and
    the call runs (``in_progress``) and completes, or fails, with the answer."""

    def scenario(client: V1Client, work: Path) -> None:
        cwd = project(work / "project")
        args = ["--prompt", "run", "--permission", answer]
        run = ok(client.run(upgrade_relay(), *args, cwds=[cwd]))
        session = run.session()
        assert session["stopReasons"] == ["end_turn"]
        assert session["permissions"] == [
            {"toolCallId": "1", "options": RUN_OPTIONS, "answer": ANSWERS[answer]}
        ]
        call = tool_call(session)
        assert call["kind"] == "execute"
        assert call["rawInput"] == {"command": "echo hello", "rootCommand": "echo"}
        assert "echo hello" in call["title"]
        if answer == "allow":
            assert call["statuses"] == ["pending", "in_progress", "completed"]
            assert content_texts(call) == [legacy_agent.RUN_OUTPUT]
        else:
            assert call["statuses"] == ["pending", "failed"]
            assert not any("echo hello" in text for text in content_texts(call)), call
            assert "The command was not run." in session["text"]

    v1_clients.each(scenario)


@pytest.mark.parametrize("cancel_style", ["null", "error"])
def test_cancel_mid_tool(
    v1_clients: ClientSet, upgrade_relay: RelayCommand, cancel_style: str
) -> None:
    """``slow`` starts a 30 s tool; session/cancel on its tool_call ends the turn
    ``cancelled`` at once, whether the legacy turn then returns null or an abort error, and
    nothing of the turn arrives after the prompt response (the client lingers to see). A
    turn that waited for the tool would outlast the client's own timeout, which fails it."""

    def scenario(client: V1Client, work: Path) -> None:
        cwd = project(work / "project")
        agent = upgrade_relay("--cancel-style", cancel_style)
        args = ["--prompt", "slow", "--cancel-on-tool", "--linger", "300"]
        run = ok(client.run(agent, *args, cwds=[cwd]))
        session = run.session()
        assert session["stopReasons"] == ["cancelled"]
        assert session["lateUpdates"] == 0
        call = tool_call(session)
        assert call["kind"] == "execute"
        assert call["statuses"][0] == "in_progress"

    v1_clients.each(scenario)


def test_a_permission_open_at_cancel_is_answered_cancelled(
    v1_clients: ClientSet, upgrade_relay: RelayCommand
) -> None:
    """``edit`` asks permission; the client cancels the turn on the edit's tool call, so the
    permission, open at the cancel, is answered ``cancelled`` (the client asks to allow:
    a client that cancels a turn must answer its open permissions so): the turn ends
    ``cancelled``, hello.txt is untouched, the call failed, and nothing of the turn arrives
    after the prompt response."""

    def scenario(client: V1Client, work: Path) -> None:
        cwd = project(work / "project")
        args = ["--prompt", "edit", "--permission", "allow", "--cancel-on-tool"]
        run = ok(client.run(upgrade_relay(), *args, "--linger", "300", cwds=[cwd]))
        session = run.session()
        assert session["stopReasons"] == ["cancelled"]
        assert session["lateUpdates"] == 0
        assert session["permissions"] == [
            {"toolCallId": "1", "options": EDIT_OPTIONS, "answer": ANSWERS["cancel"]}
        ]
        assert (cwd / legacy_agent.HELLO).read_text(encoding="utf-8") == HELLO_TEXT
        assert tool_call(session)["statuses"] == ["pending", "failed"]

    v1_clients.each(scenario)


def test_auth_required_then_authenticate(
    v1_clients: ClientSet, upgrade_relay: RelayCommand
) -> None:
    """A legacy agent that is not logged in: session/new fails -32000 until the client
    calls authenticate with the advertised method; then the turn runs."""

    def scenario(client: V1Client, work: Path) -> None:
        cwd = project(work / "project")
        auth_file = work / "login.auth"
        agent = upgrade_relay("--require-auth", "--auth-file", str(auth_file))

        refused = client.run(agent, "--prompt", "hello", cwds=[cwd])
        assert refused.returncode == 1, refused.describe()
        assert refused.summary["error"]["code"] == -32000, refused.describe()
        assert refused.summary["sessions"] == []
        assert not auth_file.exists()
        check_wire(refused)

        run = ok(client.run(agent, "--prompt", "hello", "--auth", cwds=[cwd]))
        assert run.summary["auth"] == {"required": True, "methodId": upgrade_relay.login_method}
        assert run.session()["stopReasons"] == ["end_turn"]
        assert run.session()["text"] == intro(upgrade_relay)
        assert auth_file.exists()

    v1_clients.each(scenario)


def test_two_sessions_two_folders(v1_clients: ClientSet, upgrade_relay: RelayCommand) -> None:
    """Two sessions with different cwds run turns at the same time; each has its own legacy
    agent process working in its own folder (listing and edit land there)."""

    def scenario(client: V1Client, work: Path) -> None:
        first = project(work / "first", hello="first\n")
        second = project(work / "second", hello="second\n")
        (first / "a.txt").write_text("a", encoding="utf-8")
        (second / "b.txt").write_text("b", encoding="utf-8")
        args = ["--prompt", "read, then edit"]
        run = ok(client.run(upgrade_relay(), *args, cwds=[first, second]))
        one, two = run.session(0), run.session(1)
        assert one["sessionId"] != two["sessionId"]
        for session, folder, own, hello in (
            (one, first, "a.txt", "first\n"),
            (two, second, "b.txt", "second\n"),
        ):
            assert session["cwd"] == str(folder)
            assert session["stopReasons"] == ["end_turn"]
            # Tool call ids are per session: both sessions start at 1.
            listing = content_texts(tool_call(session, "1"))
            assert listing == [f"Listed 2 item(s):\n- {own}\n- hello.txt"]
            assert tool_call(session, "2")["statuses"] == ["pending", "in_progress", "completed"]
            assert [p["toolCallId"] for p in session["permissions"]] == ["2"]
            edited = (folder / legacy_agent.HELLO).read_text(encoding="utf-8")
            assert edited == hello + legacy_agent.EDIT_SUFFIX

    v1_clients.each(scenario)


def test_agent_crash_mid_turn(v1_clients: ClientSet, upgrade_relay: RelayCommand) -> None:
    """The agent dies mid-turn. Behind the relay, the prompt gets a -32603 error naming the
    exit status with the agent's last stderr lines, which the SDKs hand to the client intact;
    a current agent run directly leaves the client a closed connection."""

    def scenario(client: V1Client, work: Path) -> None:
        cwd = project(work / "project")
        run = client.run(upgrade_relay(), "--prompt", "crash", cwds=[cwd])
        assert run.returncode == 1, run.describe()
        error = run.summary["error"]
        assert run.session()["stopReasons"] == []
        if not upgrade_relay.relayed:
            # Talking to the agent directly, the SDK only sees its connection close.
            assert error is not None and "closed" in error["message"], run.describe()
            assert run.summary["agentExit"]["code"] == legacy_agent.CRASH_STATUS
            # No check_wire: nobody is left to answer the prompt, which is the point.
            return
        assert error["code"] == -32603, run.describe()
        assert f"exit status {legacy_agent.CRASH_STATUS}" in error["message"]
        assert "fatal: simulated crash" in json.dumps(error["data"])
        assert "Traceback" not in run.stderr, run.describe()
        check_wire(run)

    v1_clients.each(scenario)


def _normalized(run: ClientRun, project: Path) -> dict[str, Any]:
    """What a client saw of a run, with what differs by nature made equal: the session id,
    the project folder, and the protocol version the greeting names."""
    text = json.dumps({"sessions": run.summary["sessions"], "fs": run.summary["fs"]})
    text = text.replace(str(project), "<project>")
    data: dict[str, Any] = json.loads(text.replace("ACP 0.0.10.", "ACP 1."))
    for session in data["sessions"]:
        session.pop("sessionId")
        # The relay's modes (behaviour.md §2, "Modes") are its own: the port has none.
        session.pop("modes", None)
        session.pop("configOptions", None)
    return data


@pytest.mark.parametrize("answer", ["allow", "reject"])
def test_legacy_and_ported_turns_match(v1_clients: ClientSet, answer: str) -> None:
    """The legacy example behind ``wrap`` and its port give a current client the same turns:
    text, thoughts, tool calls (ids, titles, kinds, statuses, content), permission
    questions and answers, plans, file operations and stop reasons, over two turns."""
    from tests.interop.conftest import SUBJECTS

    prompts = ["--prompt", "read, cat, edit, write, run, plan", "--prompt", "read"]

    def scenario(client: V1Client, work: Path) -> None:
        seen = []
        for subject in SUBJECTS.values():
            cwd = project(work / subject.name / "project")
            args = [*prompts, "--permission", answer]
            # 0.0.10: the legacy version that has plans (the port ignores the option).
            command = subject("--protocol", "0.0.10")
            seen.append(_normalized(ok(client.run(command, *args, cwds=[cwd])), cwd))
        legacy, ported = seen
        assert legacy == ported
        calls = legacy["sessions"][0]["toolCalls"]
        assert len(calls) == 4 and legacy["sessions"][0]["stopReasons"] == ["end_turn"] * 2

    v1_clients.each(scenario)


# -- the modes the relay keeps (behaviour.md §2, "Modes") ----------------------------------------

MODE_IDS = ["ask", "acceptEdits", "acceptAll", "readOnly"]
"""The modes a wrapped legacy agent's sessions offer, in the picker's order."""

SWITCHES = {"set-mode": "--mode", "config-option": "--config-mode"}
"""How a test switches the mode: ``client.mjs``'s option for each of the two forms."""


def typescript(clients: ClientSet) -> ClientSet:
    """The official TypeScript SDK clients of ``clients`` (``client.mjs`` switches modes
    through each SDK's own API: ``setSessionMode`` / ``setSessionConfigOption`` in 1.9,
    ``session.setMode`` / ``session.setConfigOption`` of ``client()`` in 2.4)."""
    chosen = tuple(client for client in clients.clients if client.name.startswith("ts-"))
    missing = {name: why for name, why in clients.missing.items() if name.startswith("ts-")}
    if not chosen:
        require(False, "no TypeScript SDK client can run: " + "; ".join(missing.values()))
    return ClientSet(chosen, missing)


def received(run: ClientRun) -> list[dict[str, Any]]:
    """Every message acp-compat wrote to the client, in order."""
    return [json.loads(record["line"]) for record in run.transcript if record["dir"] == "recv"]


def relay_answers(run: ClientRun) -> list[dict[str, Any]]:
    """``_meta.acpCompat.permission`` of every ``tool_call`` the relay answered itself."""
    answers = []
    for message in received(run):
        update = message.get("params", {}).get("update", {})
        if message.get("method") == "session/update" and update.get("sessionUpdate") == "tool_call":
            permission = update.get("_meta", {}).get("acpCompat", {}).get("permission")
            if permission is not None:
                answers.append(permission)
    return answers


def assert_switched(session: dict[str, Any], how: str, mode: str) -> None:
    """The session was offered the four modes both ways, switched to ``mode`` the way
    ``how`` names, and both updates said so."""
    assert [m["id"] for m in session["modes"]["availableModes"]] == MODE_IDS
    assert session["modes"]["currentModeId"] == "ask"
    [option] = session["configOptions"]
    assert (option["category"], option["type"], option["currentValue"]) == ("mode", "select", "ask")
    assert [value["value"] for value in option["options"]] == MODE_IDS
    assert session["currentModeId"] == mode and session["modeValue"] == mode
    result = session["switched"]["result"]
    if how == "set-mode":
        assert result == {}, session["switched"]
    else:
        assert [o["currentValue"] for o in result["configOptions"]] == [mode], result


@pytest.mark.parametrize("how", list(SWITCHES))
def test_accept_edits_runs_an_edit_unasked(v1_clients: ClientSet, how: str) -> None:
    """Switched to accept edits, the legacy agent's edit runs without a
    ``session/request_permission`` reaching the client: the call still reaches it (pending,
    then in progress, then completed, with the relay's answer in ``_meta``) and hello.txt
    changes; the command that follows is still asked about."""

    def scenario(client: V1Client, work: Path) -> None:
        cwd = project(work / "project")
        hello = cwd / legacy_agent.HELLO
        agent = wrap_command(legacy_agent_command())
        args = ["--prompt", "edit, then run", SWITCHES[how], "acceptEdits"]
        run = ok(client.run(agent, *args, cwds=[cwd]))
        session = run.session()
        assert_switched(session, how, "acceptEdits")
        assert session["stopReasons"] == ["end_turn"]
        edit, command = tool_call(session, "1"), tool_call(session, "2")
        assert edit["kind"] == "edit"
        assert edit["statuses"] == ["pending", "in_progress", "completed"]
        assert hello.read_text(encoding="utf-8") == HELLO_TEXT + legacy_agent.EDIT_SUFFIX
        assert session["permissions"] == [
            {"toolCallId": "2", "options": RUN_OPTIONS, "answer": ANSWERS["allow"]}
        ]
        assert command["statuses"] == ["pending", "in_progress", "completed"]
        asked = [m for m in received(run) if m.get("method") == "session/request_permission"]
        assert [m["params"]["toolCall"]["toolCallId"] for m in asked] == ["2"]
        assert relay_answers(run) == [
            {"answeredBy": "relay", "mode": "acceptEdits", "outcome": "allow"}
        ]

    typescript(v1_clients).each(scenario)


@pytest.mark.parametrize("how", list(SWITCHES))
def test_read_only_rejects_an_edit_unasked(v1_clients: ClientSet, how: str) -> None:
    """Switched to read-only, the edit is refused by the relay: no permission request
    reaches the client, hello.txt stays as it was, and the call ends failed."""

    def scenario(client: V1Client, work: Path) -> None:
        cwd = project(work / "project")
        hello = cwd / legacy_agent.HELLO
        agent = wrap_command(legacy_agent_command())
        run = ok(client.run(agent, "--prompt", "edit", SWITCHES[how], "readOnly", cwds=[cwd]))
        session = run.session()
        assert_switched(session, how, "readOnly")
        assert session["stopReasons"] == ["end_turn"]
        assert session["permissions"] == []
        assert not [m for m in received(run) if m.get("method") == "session/request_permission"]
        call = tool_call(session)
        assert call["kind"] == "edit" and call["statuses"] == ["pending", "failed"]
        assert hello.read_text(encoding="utf-8") == HELLO_TEXT
        assert f"The edit to {legacy_agent.HELLO} was not applied." in session["text"]
        assert relay_answers(run) == [
            {"answeredBy": "relay", "mode": "readOnly", "outcome": "reject"}
        ]

    typescript(v1_clients).each(scenario)


def test_the_mode_given_to_wrap_is_where_sessions_start(v1_clients: ClientSet) -> None:
    """``wrap --session-mode acceptEdits``: a client that never switches modes gets its
    session in accept edits, offered as the current mode both ways, and the edit runs
    unasked."""

    def scenario(client: V1Client, work: Path) -> None:
        cwd = project(work / "project")
        hello = cwd / legacy_agent.HELLO
        agent = wrap_command(legacy_agent_command(), "--session-mode", "acceptEdits")
        run = ok(client.run(agent, "--prompt", "edit", cwds=[cwd]))
        session = run.session()
        assert session["modes"]["currentModeId"] == "acceptEdits"
        [option] = session["configOptions"]
        assert (option["category"], option["currentValue"]) == ("mode", "acceptEdits")
        assert session["stopReasons"] == ["end_turn"]
        assert session["permissions"] == []
        assert hello.read_text(encoding="utf-8") == HELLO_TEXT + legacy_agent.EDIT_SUFFIX
        assert relay_answers(run) == [
            {"answeredBy": "relay", "mode": "acceptEdits", "outcome": "allow"}
        ]

    typescript(v1_clients).each(scenario)
