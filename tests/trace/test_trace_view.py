"""``acp-compat trace``: reading a ``--trace`` back as a conversation.

The traces are written by the real relay: ``acp-compat demo --trace`` (an upgrade: the
demo's current client, ``wrap``, the example legacy agent) and ``wrap --trace`` between the
strict legacy test client and a current agent (a downgrade). Unit tests of the sans-IO
reader use small hand-written records.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import time
import weakref
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner, Result
from hypothesis import given, settings
from hypothesis import strategies as st

from acp_compat.cli.demo import demo
from acp_compat.cli.terminal import colour_wanted
from acp_compat.cli.trace import trace
from acp_compat.trace.conversation import Conversation, Note, Turn, read_trace
from acp_compat.trace.links import RECENT_CLOSED_SESSIONS
from acp_compat.trace.records import REFUSED_LINE, BadLine, Record, RelayEvent, TraceReader
from acp_compat.trace.render import Printer, entry_lines, plain
from tests.support.legacy_driver import LegacyDriver
from tests.support.paths import AGENTS, ROOT
from tests.trace.test_check import RELAY_SCENARIOS, relay_trace, undecided

CURRENT_AGENT = [sys.executable, str(AGENTS / "current_agent.py")]


def run_trace(*args: str) -> Result:
    return CliRunner().invoke(trace, list(args), catch_exceptions=False)


@pytest.fixture(scope="module")
def demo_trace(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The trace of a default ``acp-compat demo`` (read, edit and run, all allowed)."""
    path = tmp_path_factory.mktemp("demo") / "demo.jsonl"
    result = CliRunner().invoke(demo, ["--trace", str(path)], catch_exceptions=False)
    assert result.exit_code == 0, result.stdout + result.stderr
    assert f"acp-compat trace {path}" in result.stderr
    return path


def turns(path: Path) -> list[dict[str, Any]]:
    result = run_trace("--json", str(path))
    assert result.exit_code == 0, result.output
    entries = [json.loads(line) for line in result.stdout.splitlines()]
    return [e for e in entries if e["type"] == "turn"]


def test_demo_trace_shows_every_tool_call_and_the_stop_reason(demo_trace: Path) -> None:
    result = run_trace(str(demo_trace))
    out = result.stdout
    assert result.exit_code == 0, out
    assert "\x1b[" not in out  # not a terminal: no colours
    assert "translation: upgrade (a current editor, a legacy agent)" in out
    assert "you: Please read the project, edit hello.txt and run a command." in out
    assert "thinking: Planning I read the request" in out  # markdown shown as styles
    # Streamed chunks are joined into one line.
    assert "agent: Hello! I am the example legacy agent, speaking ACP 0.0.9." in out
    for line in (
        "[search] List the working directory  completed (in_progress → completed) in ",
        "[edit] Edit hello.txt  completed (pending → in_progress → completed) in ",
        "[execute] echo hello (Print a greeting)  completed"
        " (pending → in_progress → completed) in ",
        "? permission: Edit hello.txt  [Always Allow Edits] [Allow] [Reject]  -> Allow",
        "$ echo hello",
        "== end_turn after ",
    ):
        assert line in out, line
    assert "!!" not in out


def test_json_summary_parses(demo_trace: Path) -> None:
    [turn] = turns(demo_trace)
    assert turn["complete"] is True and turn["stopReason"] == "end_turn"
    assert turn["text"] == "Hello! I am the example legacy agent, speaking ACP 0.0.9. All done."
    calls = {c["toolCallId"]: c for c in turn["toolCalls"]}
    assert {k: (c["kind"], c["status"]) for k, c in calls.items()} == {
        "1": ("search", "completed"),
        "2": ("edit", "completed"),
        "3": ("execute", "completed"),
    }
    assert all(c["seconds"] is not None and c["seconds"] >= 0 for c in calls.values())
    assert [(p["toolCallId"], p["answer"]) for p in turn["permissions"]] == [
        ("2", "Allow"),
        ("3", "Allow"),
    ]
    session = turn["session"]
    assert turns_of_session(demo_trace, session) == [turn]
    assert turns_of_session(demo_trace, "no-such-session") == []


def test_wire_session_shows_the_records_naming_it_or_hinted_for_it(tmp_path: Path) -> None:
    def record(direction: str, message: dict[str, Any], session: str | None = None) -> str:
        line: dict[str, Any] = {"t": 0.0, "dir": direction, "msg": message}
        if session is not None:
            line["session"] = session
        return json.dumps(line)

    update = {"jsonrpc": "2.0", "method": "session/update"}
    path = tmp_path / "two.jsonl"
    lines = [
        record("relay->client", {**update, "params": {"sessionId": "s-1", "n": "named"}}),
        record("relay->client", {**update, "params": {"sessionId": "s-2", "n": "other"}}),
        record("agent->relay", {"jsonrpc": "2.0", "id": 4, "result": {"n": "hinted"}}, "s-1"),
        # A message's own sessionId wins over the record's hint.
        record("relay->client", {**update, "params": {"sessionId": "s-2", "n": "own"}}, "s-1"),
    ]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    result = run_trace("--wire", "--session", "s-1", str(path))
    assert result.exit_code == 0, result.output
    assert "named" in result.stdout and "hinted" in result.stdout
    assert "other" not in result.stdout and "own" not in result.stdout


def turns_of_session(path: Path, session: str) -> list[dict[str, Any]]:
    result = run_trace("--json", "--session", session, str(path))
    return [json.loads(x) for x in result.stdout.splitlines() if json.loads(x)["type"] == "turn"]


def test_a_truncated_trace_renders_up_to_the_cut(demo_trace: Path, tmp_path: Path) -> None:
    data = demo_trace.read_bytes()
    lines = data.splitlines(keepends=True)
    full = read_trace(data)
    cut = tmp_path / "cut.jsonl"
    answer_line = next(i for i, x in enumerate(lines) if b'"stopReason"' in x)
    for keep in range(1, len(lines)):
        # Every record boundary, cut again in the middle of the next record.
        head = b"".join(lines[:keep]) + lines[keep][: len(lines[keep]) // 2]
        cut.write_bytes(head)
        result = run_trace(str(cut))
        assert result.exit_code == 0, result.output
        assert f"the trace ends mid-line at line {keep + 1}" in result.stdout
        # What the complete records show is shown, and nothing more: the turn has its
        # stop reason only when the prompt's answer is before the cut.
        partial = read_trace(b"".join(lines[:keep]))
        calls = [c for t in partial.entries if isinstance(t, Turn) for c in t.tool_calls]
        for call in calls:
            assert f"[{call.kind}] {call.title}  {call.status}" in result.stdout
        assert ("== end_turn" in result.stdout) == (keep > answer_line)
        if any(isinstance(t, Turn) for t in partial.entries) and keep <= answer_line:
            assert "== no answer yet (the trace ends here)" in result.stdout
    assert len([t for t in full.entries if isinstance(t, Turn)]) == 1


def test_the_wire_view_puts_each_side_in_its_column(demo_trace: Path) -> None:
    narrow = CliRunner().invoke(trace, ["--wire", str(demo_trace)], env={"COLUMNS": "80"})
    assert narrow.exit_code == 0
    # Long messages wrap inside their column: the divider stays in place on every row.
    rows = [r for r in narrow.stdout.splitlines() if "── relay:" not in r]  # events span both
    assert len({r.index("│") for r in rows}) == 1
    wide = CliRunner().invoke(trace, ["--wire", str(demo_trace)], env={"COLUMNS": "3000"})
    rows = wide.stdout.splitlines()
    assert "agent side" in rows[0] and "editor side" in rows[0]
    agent_rows = [r for r in rows if "  agent → " in r.split("│")[0]]
    editor_rows = [r for r in rows if "│ → editor" in r]
    assert agent_rows and editor_rows
    # What the agent sent, then what the editor got: the legacy push, then the tool_call.
    push = next(i for i, r in enumerate(rows) if '"method":"pushToolCall"' in r)
    card = next(i for i, r in enumerate(rows) if '"sessionUpdate":"tool_call"' in r)
    assert rows[push].index("agent →") < rows[push].index("│")
    assert push < card and "│ → editor" in "".join(rows[push + 1 : card + 1])


def test_colour_follows_the_terminal_and_no_color(monkeypatch: pytest.MonkeyPatch) -> None:
    class Tty:
        def isatty(self) -> bool:
            return True

    monkeypatch.delenv("NO_COLOR", raising=False)
    monkeypatch.setenv("TERM", "xterm")
    assert colour_wanted(None, Tty()) is True  # type: ignore[arg-type]

    class Pipe:
        def isatty(self) -> bool:
            return False

    assert colour_wanted(None, Pipe()) is False  # type: ignore[arg-type]
    monkeypatch.setenv("TERM", "dumb")
    assert colour_wanted(None, Tty()) is False  # type: ignore[arg-type]
    monkeypatch.setenv("TERM", "xterm")
    monkeypatch.setenv("NO_COLOR", "1")
    assert colour_wanted(None, Tty()) is False  # type: ignore[arg-type]
    assert colour_wanted(True, Tty()) is True  # type: ignore[arg-type]


def test_colour_when_asked(demo_trace: Path) -> None:
    out = run_trace("--color", str(demo_trace)).stdout
    assert "\x1b[32m\x1b[1mcompleted" in out
    assert "\x1b[" not in run_trace("--json", "--color", str(demo_trace)).stdout


def test_a_crash_stands_out(tmp_path: Path) -> None:
    path = tmp_path / "crash.jsonl"
    result = CliRunner().invoke(
        demo, ["--trace", str(path), "--prompt", "read, then crash"], catch_exceptions=False
    )
    assert result.exit_code == 1
    records = [json.loads(x) for x in path.read_text(encoding="utf-8").splitlines()]
    exits = [r for r in records if r["dir"] == "relay" and r["event"]["type"] == "agent_exited"]
    [event] = [r["event"] for r in exits if r["agent"] == 0]
    assert event == {"type": "agent_exited", "returncode": 3, "stderr": "fatal: simulated crash"}
    out = run_trace(str(path)).stdout
    assert "!! agent 0 exited (exit status 3): fatal: simulated crash" in out
    assert "== the prompt failed: -32603 The agent process exited (exit status 3)" in out
    wire = run_trace("--wire", str(path)).stdout
    assert "── relay: agent 0 agent_exited returncode=3" in wire
    [turn] = turns(path)
    assert turn["complete"] is True and turn["stopReason"] is None
    assert "fatal: simulated crash" in json.dumps(turn["error"])


def test_a_rejected_permission_and_failed_calls(tmp_path: Path) -> None:
    path = tmp_path / "reject.jsonl"
    CliRunner().invoke(demo, ["--trace", str(path), "--permission", "reject"])
    out = run_trace(str(path)).stdout
    assert "[edit] Edit hello.txt  failed (pending → failed)" in out
    assert out.count("-> Reject") == 2


def test_a_downgrade_trace(tmp_path: Path) -> None:
    """A legacy client, ``wrap``, a current agent: the conversation is read on the agent's
    side, where the current protocol is spoken."""
    path = tmp_path / "down.jsonl"
    argv = [sys.executable, "-m", "acp_compat", "wrap", "--trace", str(path), "--", *CURRENT_AGENT]
    with LegacyDriver(argv, tmp_path, banner=False) as client:
        client.initialize()
        _, answer = client.turn("hello there")
        assert answer["result"] is None
    out = run_trace(str(path)).stdout
    assert "translation: downgrade (a legacy editor, a current agent)" in out
    assert "you: hello there" in out and "agent: hello there" in out
    assert "== end_turn" in out
    assert "legacy initialize probe was refused" in out  # the probe is not a problem
    assert "!!" not in out


def test_a_dropped_line_is_an_event(tmp_path: Path) -> None:
    """An agent line over --max-line-bytes: the trace says so, and the turn goes on."""
    path = tmp_path / "dropped.jsonl"
    agent = [sys.executable, str(AGENTS / "legacy_agent.py")]
    wrap = [sys.executable, "-m", "acp_compat", "wrap", "--trace", str(path)]
    wrap += ["--max-line-bytes", "100000", "--agent-protocol", "legacy", "--", *agent]
    proc = subprocess.Popen(
        wrap, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL
    )
    assert proc.stdin is not None and proc.stdout is not None

    def call(id: int, method: str, params: dict[str, Any]) -> Any:
        assert proc.stdin is not None and proc.stdout is not None
        request = {"jsonrpc": "2.0", "id": id, "method": method, "params": params}
        proc.stdin.write(json.dumps(request).encode() + b"\n")
        proc.stdin.flush()
        while (answer := json.loads(proc.stdout.readline())).get("id") != id:
            pass
        return answer["result"]

    try:
        call(0, "initialize", {"protocolVersion": 1})
        new = call(1, "session/new", {"cwd": str(tmp_path), "mcpServers": []})
        prompt = [{"type": "text", "text": "huge 200000"}]
        call(2, "session/prompt", {"sessionId": new["sessionId"], "prompt": prompt})
    finally:
        proc.stdin.close()
        assert proc.wait(20) == 0
    out = run_trace(str(path)).stdout
    assert re.search(
        r"  !! dropped a 2000\d\d-byte line from agent \d \(over --max-line-bytes\)", out
    )
    assert "agent: after huge" in out and "== end_turn" in out


def test_an_agent_exit_between_turns_stands_out() -> None:
    data = (
        upgrade_records("a", 1, 1.0)
        + json.dumps(
            {
                "t": 2.0,
                "dir": "relay",
                "agent": 0,
                "session": "a",
                "event": {"type": "agent_exited", "returncode": -9, "stderr": ""},
            }
        ).encode()
        + b"\n"
    )
    notes = [e for e in read_trace(data).entries if not isinstance(e, Turn)]
    assert [n.summary() for n in notes] == [
        {"type": "problem", "text": "agent 0 exited (killed by SIGKILL)", "t": 2.0, "session": "a"}
    ]


LOST_AGENT = ROOT / "tests" / "data" / "traces" / "relay" / "current-client_lost-agent.jsonl"
"""A real ``wrap --trace``: the client closes stdin, the relay loses agent 0, which still
writes an update and a read (``python -m tests.trace.record_traces``)."""


def test_a_lost_agents_late_messages_are_shown_on_its_link() -> None:
    """What the agent wrote after the relay lost it is shown, once each, as its own (the
    relay's copies to the editor add nothing), between the loss and its exit."""
    entries = read_trace(LOST_AGENT.read_bytes()).entries
    notes = [e.summary() for e in entries if isinstance(e, Note)]
    assert [(n["text"], n["session"]) for n in notes[-4:]] == [
        ("agent 0 lost: acp-compat is shutting down (the client closed stdin)", "s1"),
        ("after it was lost, agent 0 sent session/update available_commands_update", "s1"),
        ("after it was lost, agent 0 asked fs/read_text_file /home/user/work/late.txt", "s1"),
        ("agent 0 exited (exit status 0)", "s1"),
    ]
    out = run_trace(str(LOST_AGENT)).stdout
    assert (
        out.index("agent 0 lost")
        < out.index("after it was lost, agent 0 asked")
        < out.index("agent 0 exited")
    )


def test_a_lost_agents_late_text_is_no_part_of_the_ended_turn() -> None:
    """A lost agent's late chunk that the relay passed on to nobody (a translating relay
    sends nothing on for it): shown on the agent's link, the turn left as it ended."""
    chunk = {"method": "streamAssistantMessageChunk", "params": {"chunk": {"text": "late"}}}
    lost = {"type": "agent_lost", "reason": "closed"}
    initialize = {"id": 0, "method": "initialize", "params": {"protocolVersion": "0.0.9"}}
    initialized = {"id": 0, "result": {"protocolVersion": "0.0.9", "isAuthenticated": True}}
    data = (
        line("relay->agent", initialize, 0.1, agent=0)
        + line("agent->relay", initialized, 0.2, agent=0)
        + upgrade_records("a", 1, 1.0)
        + json.dumps({"t": 2.0, "dir": "relay", "agent": 0, "event": lost}).encode()
        + b"\n"
        + line("agent->relay", {"id": 9, **chunk}, 2.1, agent=0)
    )
    entries = read_trace(data).entries
    [turn] = [e for e in entries if isinstance(e, Turn)]
    assert "late" not in json.dumps(turn.summary())
    assert [e.text for e in entries if isinstance(e, Note)][-1] == (
        "after it was lost, agent 0 asked streamAssistantMessageChunk"
    )


@pytest.mark.parametrize("name", RELAY_SCENARIOS)
def test_a_trace_without_the_relays_decisions_shows_the_same_conversation(name: str) -> None:
    """Read without its translation record, an auto-detected downgrade's agent 0 is the
    link of the legacy probe the agent refused, now carrying the kept process's current
    messages: the conversation follows its session and tool calls all the same (the
    checker judges that link by the probe's protocol, as it did before such records)."""

    def summaries(items: list[Any]) -> list[dict[str, Any]]:
        conversation = Conversation()
        conversation.add_all(items)
        return [entry.summary() for entry in conversation.entries]

    decided = summaries(relay_trace(name))
    assert summaries(undecided(relay_trace(name))) == decided
    if name == "legacy-client_current-agent_auto":
        [turn] = [entry for entry in decided if entry["type"] == "turn"]
        [call] = turn["toolCalls"]
        assert call["statuses"] == ["pending", "in_progress", "completed"]
        assert turn["permissions"][0]["title"] == "Edit hello.txt"


def test_the_file_holds_no_trace(tmp_path: Path) -> None:
    path = tmp_path / "empty.jsonl"
    path.write_text("not a trace\n", encoding="utf-8")
    result = CliRunner().invoke(trace, [str(path)])
    assert result.exit_code == 1
    assert "no trace records" in result.stderr


def test_a_trace_of_events_alone_is_a_trace(tmp_path: Path) -> None:
    # The agent's banner may be traced before the editor's first message (the demo's is,
    # when the agent prints first): a trace cut after it still renders, as --check reads it.
    path = tmp_path / "events.jsonl"
    event = {"type": REFUSED_LINE, "side": "agent", "cause": "syntax", "size": 6, "head": "banner"}
    path.write_text(json.dumps({"t": 0.1, "dir": "relay", "agent": 0, "event": event}) + "\n")
    assert run_trace(str(path)).exit_code == 0
    assert run_trace("--check", str(path)).exit_code != 2  # (2: not a trace)


# -- the sans-IO reader ---------------------------------------------------------------------


def line(direction: str, message: dict[str, Any], t: float, **extra: Any) -> bytes:
    entry = {"t": t, "dir": direction, **extra, "msg": {"jsonrpc": "2.0", **message}}
    return json.dumps(entry).encode() + b"\n"


def upgrade_records(session: str, prompt_id: int, t: float) -> bytes:
    update = {
        "method": "session/update",
        "params": {
            "sessionId": session,
            "update": {
                "sessionUpdate": "agent_message_chunk",
                "content": {"type": "text", "text": f"hi {session}"},
            },
        },
    }
    return b"".join(
        [
            line(
                "client->relay",
                {
                    "id": prompt_id,
                    "method": "session/prompt",
                    "params": {"sessionId": session, "prompt": [{"type": "text", "text": "go"}]},
                },
                t,
            ),
            line("relay->client", update, t + 0.1),
            line("relay->client", {"id": prompt_id, "result": {"stopReason": "end_turn"}}, t + 0.2),
        ]
    )


def test_the_reader_keeps_a_partial_line_until_it_is_complete() -> None:
    data = upgrade_records("a", 1, 1.0)
    reader = TraceReader()
    seen: list[Record | RelayEvent | BadLine] = []
    for i in range(0, len(data), 7):
        seen += reader.feed(data[i : i + 7])
    seen += reader.end()
    assert [type(x) for x in seen] == [Record, Record, Record]
    assert reader.pending_bytes == 0
    reader = TraceReader()
    assert reader.feed(data[:-5]) and reader.pending_bytes > 0
    [bad] = reader.end()
    assert isinstance(bad, BadLine) and bad.truncated and bad.line == 3


def test_sessions_are_told_apart_and_a_bad_line_is_skipped() -> None:
    data = upgrade_records("a", 1, 1.0) + b"garbage\n" + upgrade_records("b", 2, 2.0)
    conversation = read_trace(data)
    turns = [e for e in conversation.entries if isinstance(e, Turn)]
    assert [(t.session, t.joined("text"), t.stop_reason) for t in turns] == [
        ("a", "hi a", "end_turn"),
        ("b", "hi b", "end_turn"),
    ]
    problems = [
        e.text
        for e in conversation.entries
        if isinstance(e, Note) and getattr(e, "level", "") == "problem"
    ]
    assert problems == ["line 4 of the trace is not JSON (Expecting value); skipped"]


def test_a_dropped_line_stands_out() -> None:
    dropped = {
        "id": 3,
        "error": {
            "code": -32603,
            "message": "Response too large",
            "data": {
                "details": "the agent sent a 9000-byte line, over the 4096-byte limit"
                " of acp-compat (--max-line-bytes)"
            },
        },
    }
    conversation = Conversation()
    conversation.add_all(TraceReader().feed(line("agent->relay", dropped, 1.0, agent=0)))
    [note] = conversation.entries
    assert note.summary()["type"] == "problem"
    assert "dropped line (agent side): -32603 Response too large" in note.summary()["text"]


def _waits_for_more(pid: int, path: Path, size: int) -> bool:
    """Whether process ``pid`` has read ``path`` to ``size`` bytes and sleeps: a follower
    that found the end of what was written and waits for more (a process that stopped
    there has ended instead)."""
    for fd in Path(f"/proc/{pid}/fd").iterdir():
        try:
            if Path(os.readlink(fd)) != path:
                continue
            position = int(Path(f"/proc/{pid}/fdinfo/{fd.name}").read_text().split()[1])
            state = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()[0]
        except OSError:  # closed or ended meanwhile
            return False
        return position == size and state == "S"
    return False


@pytest.mark.skipif(not Path("/proc/self/fdinfo").exists(), reason="needs /proc")
def test_follow_prints_turns_as_the_trace_grows(demo_trace: Path, tmp_path: Path) -> None:
    data = demo_trace.read_bytes()
    live = tmp_path / "live.jsonl"
    live.write_bytes(b"")
    proc = subprocess.Popen(
        [sys.executable, "-m", "acp_compat", "trace", "--follow", "--json", str(live)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    try:
        assert proc.stdout is not None
        stdout = proc.stdout

        def entries_until(last: Callable[[dict[str, Any]], bool]) -> list[dict[str, Any]]:
            got = [json.loads(stdout.readline())]
            while not last(got[-1]):
                got.append(json.loads(stdout.readline()))
            return got

        half = len(data) // 2
        with live.open("ab") as out:
            out.write(data[:half])  # the session starts, and its turn is open
            out.flush()
            # Printed once the follower has read it: the turn is not, being open.
            before = entries_until(lambda e: "started in" in e.get("text", ""))
            # The example agent's stdout banner (skipped), the initialize, the session.
            assert [e["type"] for e in before] == ["info", "info", "info"]
            assert before[0]["text"].startswith("skipped a 50-byte line from agent 0")
            # The rest comes once the follower has found the end and waits for more.
            deadline = time.monotonic() + 20
            while not _waits_for_more(proc.pid, live.resolve(), half):
                assert proc.poll() is None, "the follower stopped at the end of the file"
                assert time.monotonic() < deadline, "the follower never reached the end"
                time.sleep(0.01)  # polling /proc: a process's state wakes no one
            out.write(data[half:])
        got = entries_until(lambda e: e["type"] == "turn")
        [turn] = [g for g in got if g["type"] == "turn"]
        assert turn["stopReason"] == "end_turn" and len(turn["toolCalls"]) == 3
    finally:
        proc.terminate()
        proc.wait(10)


JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=5),
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner, max_size=3)
    ),
    max_leaves=8,
)
METHODS = st.sampled_from(
    [
        "initialize",
        "session/new",
        "session/prompt",
        "session/update",
        "session/cancel",
        "session/request_permission",
        "pushToolCall",
        "other",
    ]
)
FIELDS = st.sampled_from(
    [
        "sessionId",
        "update",
        "sessionUpdate",
        "toolCallId",
        "status",
        "content",
        "prompt",
        "options",
        "outcome",
        "optionId",
        "toolCall",
        "protocolVersion",
        "stopReason",
        "entries",
    ]
)
MESSY = st.recursive(JSON, lambda inner: st.dictionaries(FIELDS, inner, max_size=4), max_leaves=12)


@settings(max_examples=150, deadline=None)
@given(
    st.lists(
        st.tuples(
            st.sampled_from(["client->relay", "relay->agent", "agent->relay", "relay->client"]),
            st.fixed_dictionaries(
                {},
                optional={
                    "id": st.integers(0, 3) | JSON,
                    "method": METHODS,
                    "params": MESSY,
                    "result": MESSY,
                    "error": MESSY,
                },
            ),
        ),
        max_size=25,
    )
)
def test_any_records_read_without_crashing(records: list[tuple[str, dict[str, Any]]]) -> None:
    """Whatever the two sides sent, the reader builds a conversation and summarises it."""
    data = b"".join(
        line(direction, message, float(i)) for i, (direction, message) in enumerate(records)
    )
    conversation = read_trace(data)
    for entry in conversation.entries:
        json.dumps(entry.summary())
    whole = [plain(line) for entry in conversation.entries for line in entry_lines(entry)]
    printer = Printer(conversation)
    assert [plain(line) for line in printer.lines(final=True)] == whole


# -- the renderer (acp-compat trace and acp-compat demo alike) ------------------------------------


def _update(update: dict[str, Any]) -> dict[str, Any]:
    return {"method": "session/update", "params": {"sessionId": "s", "update": update}}


def _chunk(kind: str, text: str) -> dict[str, Any]:
    return _update({"sessionUpdate": kind, "content": {"type": "text", "text": text}})


PROMPT = {"id": 1, "method": "session/prompt", "params": {"sessionId": "s", "prompt": []}}
END_TURN = {"id": 1, "result": {"stopReason": "end_turn"}}


def _shown(*messages: tuple[str, dict[str, Any]]) -> list[str]:
    """The lines a live reader (one record at a time) prints; they equal the whole turn's."""
    conversation = Conversation()
    printer = Printer(conversation)
    shown: list[str] = []
    for number, (direction, message) in enumerate(messages, 1):
        conversation.add(Record(number, None, direction, message))
        shown += [plain(line) for line in printer.lines()]
    shown += [plain(line) for line in printer.lines(final=True)]
    whole = [plain(line) for entry in conversation.entries for line in entry_lines(entry)]
    assert shown == whole
    return shown


def test_streamed_chunks_are_joined_one_line_per_speaker() -> None:
    out = _shown(
        ("client->relay", PROMPT),
        ("relay->client", _chunk("agent_thought_chunk", "hm")),
        ("relay->client", _chunk("agent_message_chunk", " Hi")),
        ("relay->client", _chunk("agent_message_chunk", " there")),
        ("relay->client", END_TURN),
    )
    assert out[-3:] == ["thinking: hm", "agent: Hi there", "== end_turn"]


def test_markdown_split_across_chunks_is_shown_as_styles() -> None:
    chunks = ["Use *", "*bold*", "* and `code`", " * star"]
    conversation = Conversation()
    conversation.add(Record(1, None, "client->relay", PROMPT))
    for number, chunk in enumerate(chunks, 2):
        conversation.add(
            Record(number, None, "relay->client", _chunk("agent_message_chunk", chunk))
        )
    [turn] = conversation.entries
    assert isinstance(turn, Turn)
    [line] = entry_lines(turn)[3:4]
    assert plain(line) == "agent: Use bold and code * star"
    assert [s.text for s in line if s.bold] == ["agent: ", "bold"]
    assert [s.text for s in line if s.code] == ["code"]


def test_a_tool_call_shows_its_places_and_its_last_content() -> None:
    diff = {"type": "diff", "path": "/p/a.txt", "oldText": "a\n", "newText": "b\n"}
    note = {"type": "content", "content": {"type": "text", "text": "not applied"}}
    call = {
        "sessionUpdate": "tool_call",
        "toolCallId": "1",
        "title": "Edit a.txt",
        "kind": "edit",
        "status": "pending",
        "locations": [{"path": "/p/a.txt", "line": 3}],
        "content": [diff],
    }
    plan = {"sessionUpdate": "plan", "entries": [{"content": "x", "status": "completed"}]}
    out = _shown(
        ("client->relay", PROMPT),
        ("relay->client", _update(call)),
        ("relay->client", _update({"sessionUpdate": "plan", **plan})),
        ("relay->client", _update({"sessionUpdate": "tool_call_update", "toolCallId": "1"})),
        ("relay->client", END_TURN),
    )
    assert "  [edit] Edit a.txt  pending  never finished  #1" in out
    assert "      at /p/a.txt:3" in out and "      -a" in out and "      +b" in out
    assert "  plan:" in out and "    [x] x" in out
    failed = {"sessionUpdate": "tool_call_update", "toolCallId": "1", "status": "failed"}
    out = _shown(
        ("client->relay", PROMPT),
        ("relay->client", _update(call)),
        ("relay->client", _update({**failed, "content": [note]})),
        ("relay->client", END_TURN),
    )
    assert "  [edit] Edit a.txt  failed (pending → failed)  #1" in out
    assert "      not applied" in out and "      +b" not in out  # the update replaced it


def test_a_confirmation_the_relays_mode_answered_shows_who_answered() -> None:
    """The upgrade's ``_meta.acpCompat.permission`` (no question reached the editor) is
    shown as a permission line answered by the relay, in its mode."""
    permission = {"answeredBy": "relay", "mode": "readOnly", "outcome": "reject"}
    call = {
        "sessionUpdate": "tool_call",
        "toolCallId": "1",
        "title": "Edit a.txt",
        "kind": "edit",
        "status": "pending",
        "_meta": {"acpCompat": {"permission": permission}},
    }
    failed = {"sessionUpdate": "tool_call_update", "toolCallId": "1", "status": "failed"}
    messages = [PROMPT, _update(call), _update(failed), END_TURN]
    directions = ["client->relay", "relay->client", "relay->client", "relay->client"]
    out = _shown(*zip(directions, messages, strict=True))
    assert "  ? permission: Edit a.txt  -> reject (by the relay, in mode readOnly)" in out
    conversation = Conversation()
    for number, (direction, message) in enumerate(zip(directions, messages, strict=True), 1):
        conversation.add(Record(number, None, direction, message))
    [turn] = conversation.entries
    assert isinstance(turn, Turn)
    [asked] = turn.summary()["permissions"]
    assert asked == {
        "toolCallId": "1",
        "title": "Edit a.txt",
        "options": [],
        "answer": "reject",
        "error": None,
        "answeredBy": "relay, in mode readOnly",
    }


def _view_record(direction: str, message: dict[str, Any], t: float, **extra: Any) -> bytes:
    return json.dumps({"t": t, "dir": direction, "msg": message, **extra}).encode() + b"\n"


def _view_update(update: dict[str, Any], session: str | None = "s1") -> dict[str, Any]:
    params: dict[str, Any] = {"update": update}
    if session is not None:
        params["sessionId"] = session
    return {"jsonrpc": "2.0", "method": "session/update", "params": params}


_CALL = {"sessionUpdate": "tool_call", "toolCallId": "t1", "title": "Read", "status": "pending"}
_DONE = {"sessionUpdate": "tool_call_update", "toolCallId": "t1", "status": "completed"}
_CLOSE = {"jsonrpc": "2.0", "id": 3, "method": "session/close", "params": {"sessionId": "s1"}}


@pytest.mark.parametrize(
    "middle",
    [
        [  # an id that is a number, not a string
            ("relay->client", _view_update({**_CALL, "toolCallId": 7}), {}),
            ("relay->client", _view_update({**_DONE, "toolCallId": 7}), {}),
        ],
        [  # an id that is null, or missing
            ("relay->client", _view_update({**_CALL, "toolCallId": None}), {}),
            ("relay->client", _view_update({**_DONE, "toolCallId": None}), {}),
        ],
        [  # an id that is no string, number or null
            ("relay->client", _view_update({**_CALL, "toolCallId": True}), {}),
            ("relay->client", _view_update({**_DONE, "toolCallId": True}), {}),
        ],
        [  # updates naming no session, in the one their records name
            ("relay->client", _view_update(_CALL, None), {"session": "s1"}),
            ("relay->client", _view_update(_DONE, None), {"session": "s1"}),
        ],
        [  # the call's last update after its session was closed
            ("relay->client", _view_update(_CALL), {}),
            ("client->relay", _CLOSE, {}),
            ("relay->client", {"jsonrpc": "2.0", "id": 3, "result": {}}, {}),
            ("relay->client", _view_update(_DONE), {}),
        ],
    ],
    ids=["numeric-id", "null-id", "boolean-id", "record-session", "after-close"],
)
def test_a_call_the_checker_would_not_follow_is_still_one_call_in_the_view(
    middle: list[tuple[str, dict[str, Any], dict[str, Any]]],
) -> None:
    """The view reads its links leniently: a tool call with a numeric id, updates whose
    session only their record names, and a call updated after its session was closed are
    each one call (its announcement and its final status), not two."""
    new = {"jsonrpc": "2.0", "id": 1, "method": "session/new", "params": {"cwd": "/w"}}
    prompt = {"sessionId": "s1", "prompt": [{"type": "text", "text": "go"}]}
    lines = [
        ("client->relay", new, {}),
        ("relay->client", {"jsonrpc": "2.0", "id": 1, "result": {"sessionId": "s1"}}, {}),
        (
            "client->relay",
            {"jsonrpc": "2.0", "id": 2, "method": "session/prompt", "params": prompt},
            {},
        ),
        *middle,
        ("relay->client", {"jsonrpc": "2.0", "id": 2, "result": {"stopReason": "end_turn"}}, {}),
    ]
    data = b"".join(_view_record(d, m, 1.0 + i / 10, **x) for i, (d, m, x) in enumerate(lines))
    turns = [e for e in read_trace(data).entries if isinstance(e, Turn)]
    calls = [(c.title, c.status) for turn in turns for c in turn.tool_calls]
    assert calls == [("Read", "completed")]


@pytest.mark.parametrize("method", ["session/load", "session/resume"])
def test_a_session_opened_again_keeps_its_calls_in_the_view(method: str) -> None:
    """A call announced before its session is loaded or resumed again, and finished in a
    later turn, is one call (read leniently, the session keeps its calls)."""
    new = {"jsonrpc": "2.0", "id": 1, "method": "session/new", "params": {"cwd": "/w"}}
    again = {"jsonrpc": "2.0", "id": 3, "method": method, "params": {"sessionId": "s1"}}

    def prompt(id: int) -> dict[str, Any]:
        params = {"sessionId": "s1", "prompt": [{"type": "text", "text": "go"}]}
        return {"jsonrpc": "2.0", "id": id, "method": "session/prompt", "params": params}

    def ended(id: int) -> dict[str, Any]:
        return {"jsonrpc": "2.0", "id": id, "result": {"stopReason": "end_turn"}}

    lines = [
        ("client->relay", new),
        ("relay->client", {"jsonrpc": "2.0", "id": 1, "result": {"sessionId": "s1"}}),
        ("client->relay", prompt(2)),
        ("relay->client", _view_update(_CALL)),
        ("relay->client", ended(2)),
        ("client->relay", again),
        ("relay->client", {"jsonrpc": "2.0", "id": 3, "result": {}}),
        ("client->relay", prompt(4)),
        ("relay->client", _view_update(_DONE)),
        ("relay->client", ended(4)),
    ]
    data = b"".join(_view_record(d, m, 1.0 + i / 10) for i, (d, m) in enumerate(lines))
    turns = [e for e in read_trace(data).entries if isinstance(e, Turn)]
    calls = [(c.title, c.status) for turn in turns for c in turn.tool_calls]
    assert calls == [("Read", "completed")]


def test_following_sessions_that_open_and_close_holds_a_bounded_window_of_them() -> None:
    """Following an editor's long day, session after session opened, prompted and
    closed: the view keeps what is open and the last RECENT_CLOSED_SESSIONS closed (a
    late update of one still finds its call), not every session and its last turn."""
    conversation = Conversation()
    printer = Printer(conversation)
    for n in range(3 * RECENT_CLOSED_SESSIONS):
        session, ids = f"s{n}", 10 * n
        prompt = {"sessionId": session, "prompt": [{"type": "text", "text": "go"}]}
        messages = [
            ("client->relay", {"id": ids, "method": "session/new", "params": {"cwd": "/w"}}),
            ("relay->client", {"id": ids, "result": {"sessionId": session}}),
            ("client->relay", {"id": ids + 1, "method": "session/prompt", "params": prompt}),
            ("relay->client", _view_update(_CALL, session)),
            ("relay->client", {"id": ids + 1, "result": {"stopReason": "end_turn"}}),
            ("client->relay", {"id": ids + 2, "method": "session/close", "params": prompt}),
            ("relay->client", {"id": ids + 2, "result": {}}),
            ("relay->client", _view_update(_DONE, session)),  # late, after the close
        ]
        for line, (direction, message) in enumerate(messages, 10 * n):
            conversation.add(Record(line, None, direction, {"jsonrpc": "2.0", **message}))
        if n == 0:
            [turn] = [e for e in conversation.entries if isinstance(e, Turn)]
            first_turn = weakref.ref(turn)
        shown = [plain(line) for line in printer.lines()]
        assert [line for line in shown if "#t1" in line] == [
            "  [other] Read  completed (pending → completed)  #t1"
        ]
        printer.release()
    editor = conversation.links.links["editor"]
    assert len(editor.sessions) == RECENT_CLOSED_SESSIONS
    del turn
    assert first_turn() is None  # the first session's last turn is not held any more


V2_TRACES = ROOT / "tests" / "data" / "traces"


CANCELLED = ["the editor cancelled the turn"]


@pytest.mark.parametrize(
    ("name", "prompt", "stop_reason", "problems"),
    [
        ("v2-client_v2-agent_full.jsonl", "hello", "end_turn", []),
        ("v2-client_v2-agent_cancel.jsonl", "hello", "cancelled", CANCELLED),
        ("v2-client_v1-agent_full.jsonl", "hello", "end_turn", []),
        ("v2-client_v1-agent_cancel.jsonl", "hello", "cancelled", CANCELLED),
        ("v2-client_legacy-agent_allow.jsonl", "edit", "end_turn", []),
        ("v2-client_legacy-agent_cancel.jsonl", "slow", "cancelled", CANCELLED),
    ],
)
def test_a_v2_prompt_is_a_turn_that_ends_at_idle(
    name: str, prompt: str, stop_reason: str, problems: list[str]
) -> None:
    """A v2 editor's prompt is a turn as a v1 one is: its prompt, then what the agent did,
    ended by the idle state_update and its stop reason (the prompt's answer only accepts
    it), not the session's updates as one turn that never ends."""
    [turn] = turns(V2_TRACES / name)
    assert (turn["index"], turn["prompt"], turn["stopReason"]) == (0, prompt, stop_reason)
    assert turn["complete"] and turn["problems"] == problems, turn


def test_a_v2_permission_shows_its_title() -> None:
    [turn] = turns(V2_TRACES / "v2-client_v2-agent_full.jsonl")
    [asked] = turn["permissions"]
    assert (asked["toolCallId"], asked["title"]) == ("call_2", "Modify config.json?")


def _streamed(data: bytes) -> list[str]:
    """What a follower prints of ``data`` before the trace ends (nothing final)."""
    conversation = Conversation()
    printer = Printer(conversation)
    reader = TraceReader()
    shown: list[str] = []
    for line in data.splitlines(keepends=True):
        conversation.add_all(reader.feed(line))
        shown += [plain(printed) for printed in printer.lines()]
        printer.release()
    return shown


def test_following_a_v2_trace_prints_each_turn_when_it_ends() -> None:
    shown = _streamed((V2_TRACES / "v2-client_v2-agent_full.jsonl").read_bytes())
    assert "== end_turn after 196 ms" in shown
    assert shown[-1].endswith("agent 0 exited (exit status 0)")


def test_following_prints_the_turns_after_updates_outside_a_turn() -> None:
    """A session loaded (its history replayed as updates outside a turn), then prompted:
    a follower shows each turn as it ends, not nothing after the replay."""
    load = {"sessionId": "s1", "cwd": "/w", "mcpServers": []}
    lines = [
        ("client->relay", {"jsonrpc": "2.0", "id": 1, "method": "session/load", "params": load}),
        ("relay->client", _view_update(_CALL)),
        ("relay->client", {"jsonrpc": "2.0", "id": 1, "result": {}}),
    ]
    for n in (2, 3):
        prompt = {"sessionId": "s1", "prompt": [{"type": "text", "text": f"go {n}"}]}
        lines += [
            (
                "client->relay",
                {"jsonrpc": "2.0", "id": n, "method": "session/prompt", "params": prompt},
            ),
            ("relay->client", {"jsonrpc": "2.0", "id": n, "result": {"stopReason": "end_turn"}}),
        ]
    shown = _streamed(b"".join(_view_record(d, m, 1.0 + i) for i, (d, m) in enumerate(lines)))
    assert [line for line in shown if line.startswith(("you:", "=="))] == [
        "you: go 2",
        "== end_turn after 1.0 s",
        "you: go 3",
        "== end_turn after 1.0 s",
    ]


def _v2_state(state: str, stop_reason: str | None = None) -> dict[str, Any]:
    update: dict[str, Any] = {"sessionUpdate": "state_update", "state": state}
    if stop_reason is not None:
        update["stopReason"] = stop_reason
    return _view_update(update)


def _v2_prompt(id: int, text: str) -> dict[str, Any]:
    params = {"sessionId": "s1", "prompt": [{"type": "text", "text": text}]}
    return {"jsonrpc": "2.0", "id": id, "method": "session/prompt", "params": params}


def _v2_text(text: str) -> dict[str, Any]:
    chunk = {"sessionUpdate": "agent_message_chunk", "content": {"type": "text", "text": text}}
    return _view_update(chunk)


_V2_START = [
    (
        "client->relay",
        {"jsonrpc": "2.0", "id": 0, "method": "initialize", "params": {"protocolVersion": 2}},
    ),
    ("relay->client", {"jsonrpc": "2.0", "id": 0, "result": {"protocolVersion": 2}}),
    ("client->relay", {"jsonrpc": "2.0", "id": 1, "method": "session/new", "params": {}}),
    ("relay->client", {"jsonrpc": "2.0", "id": 1, "result": {"sessionId": "s1"}}),
    ("client->relay", _v2_prompt(2, "first")),
    ("relay->client", {"jsonrpc": "2.0", "id": 2, "result": {"messageId": "m2"}}),
    ("relay->client", _v2_state("running")),
    ("relay->client", _v2_text("one")),
    ("client->relay", _v2_prompt(3, "second")),  # sent while the work runs
]


@pytest.mark.parametrize(
    ("rest", "shown"),
    [
        (  # held until the work ends, then accepted: the next turn
            [
                ("relay->client", _v2_state("idle", "end_turn")),
                ("relay->client", {"jsonrpc": "2.0", "id": 3, "result": {"messageId": "m3"}}),
                ("relay->client", _v2_state("running")),
                ("relay->client", _v2_text("two")),
                ("relay->client", _v2_state("idle", "end_turn")),
            ],
            [
                "── turn 1  session s1",
                "you: first",
                "agent: one",
                "== end_turn",
                "── turn 2  session s1",
                "you: second",
                "agent: two",
                "== end_turn",
            ],
        ),
        (  # accepted into the work under way: part of its turn
            [
                ("relay->client", {"jsonrpc": "2.0", "id": 3, "result": {"messageId": "m3"}}),
                ("relay->client", _v2_text("two")),
                ("relay->client", _v2_state("idle", "end_turn")),
            ],
            [
                "── turn 1  session s1",
                "you: first",
                "agent: one",
                "you: second",
                "agent: two",
                "== end_turn",
            ],
        ),
    ],
    ids=["held", "joined"],
)
def test_a_v2_prompt_sent_while_work_runs_is_shown_where_it_was_accepted(
    rest: list[tuple[str, dict[str, Any]]], shown: list[str]
) -> None:
    """A v2 prompt sent while work runs joins that work when it is accepted then, or begins
    the next turn when it is held until the work ends (v2 prompt-lifecycle)."""
    lines = _V2_START + rest
    data = b"".join(_view_record(d, m, 1.0 + i) for i, (d, m) in enumerate(lines))
    printed = [re.sub(r"^ *[0-9.]+  | after .*", "", line) for line in _streamed(data)]
    assert [line for line in printed if line and "initialized" not in line][1:] == shown


def test_a_turn_whose_session_is_closed_ends_there() -> None:
    """Closing a session cancels its work (v2 session-setup): no idle need follow, and a
    follower shows the turn as ended there and what comes after it."""
    close = {"jsonrpc": "2.0", "id": 3, "method": "session/close", "params": {"sessionId": "s1"}}
    lines = [
        *_V2_START[:-1],
        ("client->relay", close),
        ("relay->client", {"jsonrpc": "2.0", "id": 3, "result": {}}),
        ("client->relay", {"jsonrpc": "2.0", "id": 4, "method": "session/new", "params": {}}),
        ("relay->client", {"jsonrpc": "2.0", "id": 4, "result": {"sessionId": "s2"}}),
    ]
    data = b"".join(_view_record(d, m, 1.0 + i) for i, (d, m) in enumerate(lines))
    printed = [re.sub(r"^ *[0-9.]+  ", "", line) for line in _streamed(data)]
    assert printed[-2:] == ["== the session was closed", "session s2 started"]


def test_a_v2_prompt_after_a_resumed_sessions_history_is_its_own_turn() -> None:
    """The history a v2 resume replays is updates outside a turn; the next prompt, sent
    while nothing runs, is a turn of its own, not part of that history."""
    resume = {"sessionId": "s1", "cwd": "/w"}
    lines = [
        *_V2_START[:2],
        (
            "client->relay",
            {"jsonrpc": "2.0", "id": 1, "method": "session/resume", "params": resume},
        ),
        ("relay->client", _v2_text("old answer")),
        ("relay->client", {"jsonrpc": "2.0", "id": 1, "result": {}}),
        ("client->relay", _v2_prompt(2, "new question")),
        ("relay->client", {"jsonrpc": "2.0", "id": 2, "result": {"messageId": "m2"}}),
        ("relay->client", _v2_state("running")),
        ("relay->client", _v2_text("new answer")),
        ("relay->client", _v2_state("idle", "end_turn")),
    ]
    data = b"".join(_view_record(d, m, 1.0 + i) for i, (d, m) in enumerate(lines))
    printed = [re.sub(r"^ *[0-9.]+  | after .*", "", line) for line in _streamed(data)]
    assert [line for line in printed if line and "initialized" not in line] == [
        "── updates outside a turn  session s1",
        "agent: old answer",
        "── turn 1  session s1",
        "you: new question",
        "agent: new answer",
        "== end_turn",
    ]


def test_v2_work_between_prompts_is_updates_outside_a_turn() -> None:
    """Work the agent starts itself (running with no prompt) is updates outside a turn,
    and the turns after it go on counting; background activity after idle (v2 allows it)
    is no late update."""
    lines = [
        *_V2_START[:-1],
        ("relay->client", _v2_state("idle", "end_turn")),
        ("relay->client", _view_update(_CALL)),  # background activity while idle
        ("relay->client", _v2_state("running")),  # work no prompt started
        ("relay->client", _v2_text("on my own")),
        ("relay->client", _v2_state("idle", "end_turn")),
        ("client->relay", _v2_prompt(3, "again")),
        ("relay->client", {"jsonrpc": "2.0", "id": 3, "result": {"messageId": "m3"}}),
        ("relay->client", _v2_state("running")),
        ("relay->client", _v2_state("idle", "end_turn")),
    ]
    data = b"".join(_view_record(d, m, 1.0 + i) for i, (d, m) in enumerate(lines))
    printed = [re.sub(r"^ *[0-9.]+  | after .*", "", line) for line in _streamed(data)]
    turns = [entry for entry in read_trace(data).entries if isinstance(entry, Turn)]
    assert [turn.summary()["problems"] for turn in turns] == [[], [], []]
    assert [line for line in printed if line.startswith(("──", "you", "agent", "=="))] == [
        "── turn 1  session s1",
        "you: first",
        "agent: one",
        "== end_turn",
        "── updates outside a turn  session s1",
        "agent: on my own",
        "== end_turn",
        "── turn 2  session s1",
        "you: again",
        "== end_turn",
    ]


def test_a_loaded_sessions_history_does_not_hold_back_what_follows() -> None:
    """A session loaded (its history replayed, then the load answered) and never prompted:
    a follower shows the other sessions' turns after it, not nothing for the rest of the
    day (the replay ends with the load's answer)."""
    load = {"sessionId": "old", "cwd": "/w", "mcpServers": []}
    prompt = {"sessionId": "s1", "prompt": [{"type": "text", "text": "go"}]}
    lines = [
        ("client->relay", {"jsonrpc": "2.0", "id": 1, "method": "session/load", "params": load}),
        ("relay->client", _view_update(_CALL, "old")),
        ("relay->client", {"jsonrpc": "2.0", "id": 1, "result": {}}),
        ("client->relay", {"jsonrpc": "2.0", "id": 2, "method": "session/new", "params": {}}),
        ("relay->client", {"jsonrpc": "2.0", "id": 2, "result": {"sessionId": "s1"}}),
        (
            "client->relay",
            {"jsonrpc": "2.0", "id": 3, "method": "session/prompt", "params": prompt},
        ),
        ("relay->client", {"jsonrpc": "2.0", "id": 3, "result": {"stopReason": "end_turn"}}),
    ]
    data = b"".join(_view_record(d, m, 1.0 + i) for i, (d, m) in enumerate(lines))
    printed = [re.sub(r"^ *[0-9.]+  | after .*", "", line) for line in _streamed(data)]
    assert [line for line in printed if line.startswith(("──", "you", "==", "session"))] == [
        "── updates outside a turn  session old",
        "session s1 started",
        "── turn 1  session s1",
        "you: go",
        "== end_turn",
    ]
