"""``acp-compat trace`` as an attack surface: a trace holds what peers wrote.

Every view prints it for a person (text, ``--wire``, ``--check``) through the one escaping
function, so no control character a peer sent reaches a terminal (or a pipe) raw; ``--json``
is ASCII. A lone surrogate (legal JSON, relayed and traced as such), a line nested far too
deep, a run of unreadable lines, a followed file truncated or replaced: each is read as
far as it goes, never ends the command.
"""

from __future__ import annotations

import copy
import io
import json
import os
import re
import subprocess
import sys
import threading
import unicodedata
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from acp_compat.cli.terminal import terminal_safe
from acp_compat.cli.trace import show
from acp_compat.io.trace import Tracer
from acp_compat.jsonrpc.framing import MAX_DEPTH
from acp_compat.trace.check import check_trace
from acp_compat.trace.conversation import Conversation, Turn, read_trace
from acp_compat.trace.records import BadLine, Record, TraceReader
from acp_compat.trace.render import Printer, plain
from tests.trace.test_check import CASES

HOSTILE = (
    "\x1b]52;c;cHduZWQ=\x07"  # OSC 52: writes the clipboard
    "\x1b]0;pwned\x07"  # OSC 0: the window title
    "\x1b[2J"  # CSI 2J: clears the screen
    "\x9b2J\x9d0;x\x9c"  # the same as C1 controls (U+009B is a one-character CSI)
    "\u202eevil\x00\x7f\r\ud800"  # a right-to-left override, NUL, DEL, CR, a lone surrogate
)
"""What an agent (or an editor) may put in any string of a message."""


BIDI = frozenset({"LRE", "RLE", "LRO", "RLO", "PDF", "LRI", "RLI", "FSI", "PDI"})
"""Unicode's explicit bidirectional formatting classes: they reorder what follows."""


def unsafe(text: str) -> list[str]:
    """The characters of ``text`` that act on a terminal or hide text (a line break and a
    tab excepted): controls, surrogates, line and paragraph separators, bidi controls."""
    return [
        c
        for c in text
        if c not in "\n\t"
        and (
            unicodedata.category(c) in ("Cc", "Cs", "Zl", "Zp")
            or unicodedata.bidirectional(c) in BIDI
            or c in "\u061c\u200e\u200f"  # the bidi marks
        )
    ]


def test_terminal_safe_escapes_every_control_and_nothing_else() -> None:
    shown = terminal_safe(HOSTILE + " plain, tab\tand é ✓")
    assert unsafe(shown) == []
    assert shown.startswith("\\x1b]52;c;cHduZWQ=\\x07")
    assert "\\x9b2J" in shown and "\\u202eevil\\x00\\x7f\\r\\ud800" in shown
    assert shown.endswith(" plain, tab\tand é ✓")
    assert terminal_safe(shown) == shown  # printable as it is: the same again
    for code in range(0x110000):
        char = chr(code)
        # A line break inside a field is escaped too: the renderer breaks lines itself.
        assert (terminal_safe(char) != char) == bool(unsafe(char) or char == "\n"), hex(code)


def message(direction: str, body: dict[str, Any], t: float, **extra: Any) -> dict[str, Any]:
    return {"t": t, "dir": direction, **extra, "msg": {"jsonrpc": "2.0", **body}}


def sent(body: dict[str, Any], t: float = 0.0) -> dict[str, Any]:
    """What the editor sent."""
    return message("client->relay", body, t)


def got(body: dict[str, Any], t: float = 0.0) -> dict[str, Any]:
    """What the editor got."""
    return message("relay->client", body, t)


def update(session: str, **fields: Any) -> dict[str, Any]:
    return {"method": "session/update", "params": {"sessionId": session, "update": fields}}


def chunk(session: str, kind: str, text: str) -> dict[str, Any]:
    return update(session, sessionUpdate=kind, content={"type": "text", "text": text})


def prompt(request: int, session: str, text: str | None = None) -> dict[str, Any]:
    blocks = [] if text is None else [{"type": "text", "text": text}]
    params = {"sessionId": session, "prompt": blocks}
    return {"id": request, "method": "session/prompt", "params": params}


def event(t: float, name: str, **fields: Any) -> dict[str, Any]:
    return {"t": t, "dir": "relay", "agent": 0, "event": {"type": name, **fields}}


def lines(*records: dict[str, Any]) -> bytes:
    """Records as trace lines, ASCII JSON as the relay's tracer writes them."""
    return b"".join(json.dumps(record).encode() + b"\n" for record in records)


def hostile_trace(path: Path) -> Path:
    """An upgrade trace whose every string a person is shown is :data:`HOSTILE`."""
    h = HOSTILE
    session = f"s{h}"
    diff = {"type": "diff", "path": h, "oldText": h, "newText": f"{h}\n{h}"}
    text = {"type": "content", "content": {"type": "text", "text": h}}
    call = {
        "sessionUpdate": "tool_call",
        "toolCallId": f"c{h}",
        "title": h,
        "kind": h,
        "status": "pending",
        "rawInput": {"command": h},
        "locations": [{"path": h, "line": 1}],
        "content": [diff, text],
    }
    options = [{"optionId": "ok", "name": h, "kind": "allow_once"}]
    ask = {
        "sessionId": session,
        "toolCall": {"toolCallId": f"c{h}", "title": h},
        "options": options,
    }
    error = {"code": -32603, "message": h, "data": {"details": h}}
    init = {"protocolVersion": 1, "agentInfo": {"name": h}, "authMethods": [{"id": h}]}
    legacy = {"protocolVersion": "0.0.9"}
    plan = [{"content": h, "status": h, "priority": "low"}]
    path.write_bytes(
        lines(
            sent({"id": 0, "method": "initialize", "params": {"protocolVersion": 1}}),
            message(
                "relay->agent", {"id": 0, "method": "initialize", "params": legacy}, 0, agent=0
            ),
            message("agent->relay", {"id": 0, "result": legacy}, 0, agent=0),
            got({"id": 0, "result": init}, 1),
            sent({"id": 1, "method": "session/new", "params": {"cwd": h, "mcpServers": []}}, 1),
            got({"id": 1, "result": {"sessionId": session}}, 1),
            sent(prompt(2, session, h), 2),
            got(chunk(session, "agent_thought_chunk", h), 2),
            got(chunk(session, "agent_message_chunk", h), 2),
            got(update(session, **call), 2),
            got(update(session, sessionUpdate="plan", entries=plan), 2),
            got({"id": h, "method": "session/request_permission", "params": ask}, 3),
            sent({"id": h, "result": {"outcome": {"outcome": "selected", "optionId": h}}}, 3),
            got(update(session, sessionUpdate="tool_call_update", toolCallId=f"c{h}", status=h), 3),
            got({"id": f"x{h}", "method": h, "params": {"sessionId": session}}, 3),
            got({"id": f"never{h}", "result": {}}, 3),
            got({"id": 2, "result": {"stopReason": h}}, 4),
            sent(
                {
                    "id": 3,
                    "method": "session/set_mode",
                    "params": {"sessionId": session, "modeId": h},
                },
                5,
            ),
            got({"id": 3, "error": error}, 5),
            event(6, "refused_line", side="agent", cause="depth", size=9, head=h),
            event(6, "agent_lost", reason=h),
            event(7, "agent_exited", returncode=1, stderr=h),
        )
    )
    return path


def run(*args: str) -> subprocess.CompletedProcess[bytes]:
    """The command as a user runs it, its output on a pipe (strict UTF-8)."""
    env = {k: v for k, v in os.environ.items() if k not in ("NO_COLOR", "PYTHONIOENCODING")}
    return subprocess.run(
        [sys.executable, "-m", "acp_compat", "trace", *args],
        capture_output=True,
        env={**env, "COLUMNS": "100"},
        timeout=60,
        check=False,
    )


SGR = re.compile(r"\x1b\[[0-9;]*m")
"""The only escape sequences the command writes itself: colours, with --color."""


@pytest.mark.parametrize(
    "view",
    [[], ["--wire"], ["--check"], ["--color"], ["--wire", "--color"], ["--check", "--color"]],
    ids=["text", "wire", "check", "text-color", "wire-color", "check-color"],
)
def test_every_view_shows_what_peers_wrote_escaped(view: list[str], tmp_path: Path) -> None:
    done = run(*view, str(hostile_trace(tmp_path / "hostile.jsonl")))
    assert done.returncode in (0, 1), done.stderr.decode(errors="replace")
    assert b"Traceback" not in done.stderr
    out = done.stdout.decode("utf-8")
    assert unsafe(SGR.sub("", out)) == [], out
    assert "\\x1b]52;c;cHduZWQ=\\x07" in out  # shown, escaped
    assert ("\x1b[" in out) == ("--color" in view)


def test_the_text_view_escapes_each_field(tmp_path: Path) -> None:
    out = run(str(hostile_trace(tmp_path / "hostile.jsonl"))).stdout.decode()
    shown = terminal_safe(HOSTILE)
    for line in (
        f"you: {shown}",
        f"thinking: {shown}",
        f"[{shown}] {shown}",  # the tool call's kind and title
        f"$ {shown}",  # its command
        f"at {shown}:1",  # its place
        f"diff {shown}",
        f"? permission: {shown}  [{shown}]",
        f"== {shown}",  # the stop reason
        f"session/set_mode failed: -32603 {shown} ({shown})",
        # (of its stderr, the last line: HOSTILE's carriage return is a line break)
        f"agent 0 exited (exit status 1): {terminal_safe(HOSTILE.splitlines()[-1])}",
    ):
        assert line in out, line


def test_check_findings_show_hostile_ids_and_methods_escaped(tmp_path: Path) -> None:
    out = run("--check", str(hostile_trace(tmp_path / "hostile.jsonl"))).stdout.decode()
    # A method (a request the editor never answered: it owed the answer).
    assert f"from editor: {terminal_safe(HOSTILE)} at id" in out
    assert "answers request 'never\\x1b]52;c;cHduZWQ=\\x07" in out  # an id


@pytest.mark.parametrize("view", [["--json"], ["--check", "--json"]])
def test_json_is_ascii_and_reads_back_what_was_sent(view: list[str], tmp_path: Path) -> None:
    done = run(*view, str(hostile_trace(tmp_path / "hostile.jsonl")))
    assert done.returncode in (0, 1) and b"Traceback" not in done.stderr
    assert done.stdout.isascii()
    entries = [json.loads(line) for line in done.stdout.splitlines()]
    assert any(HOSTILE in text for text in strings(entries))  # what was sent, unchanged


def strings(value: Any) -> list[str]:
    """Every string in a JSON value."""
    if isinstance(value, str):
        return [value]
    items = value.values() if isinstance(value, dict) else value if isinstance(value, list) else []
    return [text for item in items for text in strings(item)]


def test_json_holds_no_infinity_when_the_times_are_far_apart(tmp_path: Path) -> None:
    """Times at the two ends of a float's range (valid JSON) make durations no float holds:
    each is unknown, so every ``--json`` line is JSON (``Infinity`` is not), and the text
    view says no "inf s"."""
    call = {"sessionUpdate": "tool_call", "toolCallId": "t", "title": "x", "status": "pending"}
    done = {"sessionUpdate": "tool_call_update", "toolCallId": "t", "status": "completed"}
    options = [{"optionId": "a", "name": "Allow", "kind": "allow_once"}]
    ask = {"sessionId": "s", "toolCall": {"toolCallId": "t"}, "options": options}
    path = tmp_path / "far.jsonl"
    path.write_bytes(
        lines(
            sent(prompt(1, "s", "x"), -1.7e308),
            got(update("s", **call), -1.7e308),
            got({"id": 5, "method": "session/request_permission", "params": ask}, -1.7e308),
            sent(
                {"id": 5, "result": {"outcome": {"outcome": "selected", "optionId": "a"}}}, 1.7e308
            ),
            got(update("s", **done), 1.7e308),
            got({"id": 1, "result": {"stopReason": "end_turn"}}, 1.7e308),
        )
    )

    def strict(constant: str) -> None:
        raise ValueError(f"{constant} is not JSON")

    shown = run("--json", str(path)).stdout.decode().splitlines()
    [turn] = [json.loads(line, parse_constant=strict) for line in shown]
    assert (turn["seconds"], turn["toolCalls"][0]["seconds"]) == (None, None)
    assert "inf" not in run(str(path)).stdout.decode()


def test_a_lone_surrogate_the_relay_traced_reads_back_in_every_view(tmp_path: Path) -> None:
    """The relay's own tracer writes a prompt holding ``"\\ud800"``; no view dies on it."""
    path = tmp_path / "surrogate.jsonl"
    tracer = Tracer(str(path))
    tracer.record("client->relay", {"jsonrpc": "2.0", **prompt(1, "s", "a\ud800b")})
    tracer.record(
        "relay->client", {"jsonrpc": "2.0", "id": 1, "result": {"stopReason": "end_turn"}}
    )
    tracer.close()
    for view in ([], ["--wire"], ["--json"], ["--check"]):
        done = run(*view, str(path))
        assert b"Traceback" not in done.stderr, done.stderr.decode(errors="replace")
        assert done.returncode == 0
        assert b"a\\ud800b" in done.stdout or view == ["--check"], (view, done.stdout)


def nested(depth: int) -> bytes:
    """A record whose message nests ``depth`` levels (the message itself is level 1)."""
    inner = "[" * (depth - 1) + "]" * (depth - 1)
    body = {"jsonrpc": "2.0", "method": "x", "params": "PLACE"}
    line = json.dumps({"t": 0.0, "dir": "client->relay", "msg": body})
    return line.replace('"PLACE"', inner).encode()


def test_a_message_at_the_relays_depth_limit_reads_back_and_a_deeper_line_is_skipped() -> None:
    [kept] = TraceReader().feed(nested(MAX_DEPTH) + b"\n")
    assert isinstance(kept, Record)
    [deeper] = TraceReader().feed(nested(MAX_DEPTH + 1) + b"\n")
    assert isinstance(deeper, BadLine) and deeper.reason == "nested deeper than 129 levels"


END = got({"id": 1, "result": {"stopReason": "end_turn"}}, 1)


@pytest.mark.parametrize("view", [[], ["--check"], ["--wire"], ["--json"]])
def test_a_line_nested_100000_deep_is_skipped_not_fatal(view: list[str], tmp_path: Path) -> None:
    path = tmp_path / "deep.jsonl"
    path.write_bytes(nested(100_000) + b"\n" + lines(sent(prompt(1, "s"))))
    done = run(*view, str(path))
    assert b"Traceback" not in done.stderr and b"RecursionError" not in done.stderr
    assert done.returncode in (0, 1)
    assert b"nested deeper than 129 levels" in done.stdout or view == ["--check"]


def test_a_long_line_fed_in_small_pieces_is_one_record() -> None:
    line = lines(got(chunk("s", "agent_message_chunk", "x" * 3_000_000)))[:-1]
    reader = TraceReader()
    items = [item for i in range(0, len(line), 4096) for item in reader.feed(line[i : i + 4096])]
    assert reader.pending_bytes == len(line)
    [record] = items + reader.feed(b"\n")
    assert isinstance(record, Record) and reader.pending_bytes == 0


def test_a_run_of_unreadable_lines_is_one_note_and_holds_nothing_per_line() -> None:
    """Inside a turn still open (its lines wait for it), ten thousand garbage lines are
    one note: the text view's memory does not grow with them."""
    conversation = read_trace(lines(sent(prompt(1, "s"))) + b"garbage\n" * 10_000)
    turn, note = conversation.entries
    assert isinstance(turn, Turn) and not turn.done
    assert note.summary()["text"] == (
        "10000 lines of the trace from line 2 to line 10001 are not records; skipped"
        " (line 2 is not JSON (Expecting value))"
    )
    printer = Printer(conversation)
    # The open turn's head is shown; the note after it waits for the turn.
    assert [plain(line) for line in printer.lines()][-1] == "you: "
    shown = [plain(line) for line in printer.lines(final=True)]
    assert shown[-1].startswith("!! 10000 lines of the trace")


def test_the_renderer_forgets_what_it_printed() -> None:
    """Following a long trace holds what is open, not every turn printed so far."""
    conversation = Conversation()
    printer = Printer(conversation)
    for number in range(500):
        conversation.add(Record(2 * number, None, "client->relay", prompt(number, "s")))
        answer = {"id": number, "result": {"stopReason": "end_turn"}}
        conversation.add(Record(2 * number + 1, None, "relay->client", answer))
        assert printer.lines()
        printer.release()
        assert len(conversation.entries) == 0


@pytest.mark.parametrize("mode", ["text", "json", "wire"])
def test_every_view_forgets_the_turns_it_printed(mode: str) -> None:
    """A long trace read in any view (or followed) holds what is open, not every turn:
    the wire view prints records, so it keeps no turn at all."""
    records = []
    for number in range(300):
        answer = {"jsonrpc": "2.0", "id": number, "result": {"stopReason": "end_turn"}}
        records += [sent(prompt(number, "s")), got(answer)]
    shown: list[str] = []
    conversation = show(
        io.BytesIO(lines(*records)),
        echo=shown.append,
        mode=mode,
        session=None,
        follow=False,
        width=100,
    )
    assert shown and conversation.records == 600
    assert conversation.entries == []


def test_a_mode_change_between_turns_is_not_a_late_update() -> None:
    mode = got(update("s", sessionUpdate="current_mode_update", currentModeId="ask"), 2)
    late = got(chunk("s", "agent_message_chunk", "x"), 3)
    [turn] = read_trace(lines(sent(prompt(1, "s")), END, mode, late)).entries
    assert isinstance(turn, Turn)
    assert turn.summary()["problems"] == ["agent_message_chunk arrived after the turn ended"]


WRONG: dict[type, Any] = {str: [], dict: 1, list: 1, int: {}, float: {}, bool: [], type(None): []}
"""A value of another type for each JSON type: unhashable where a name was, not iterable
where a list was, no object where an object was."""


def members(node: Any, at: tuple[Any, ...] = ()) -> Iterator[tuple[tuple[Any, ...], Any]]:
    """Every member (and array item) of ``node``, deep: its path and its value."""
    inner = (
        node.items()
        if isinstance(node, dict)
        else enumerate(node)
        if isinstance(node, list)
        else ()
    )
    for key, value in inner:
        yield (*at, key), value
        yield from members(value, (*at, key))


def test_any_member_of_the_wrong_type_never_ends_a_reading() -> None:
    """Each rule's two traces (every protocol, both roles), each member of each message in
    turn given a value of another type: the check and the conversation read on."""
    for broken, kept in CASES.values():
        for steps in (broken, kept):
            for index, (_, message) in enumerate(steps):
                for path, value in list(members(message)):
                    node = changed = copy.deepcopy(message)
                    for key in path[:-1]:
                        node = node[key]
                    node[path[-1]] = WRONG[type(value)]
                    steps_now = [*steps[:index], (steps[index][0], changed), *steps[index + 1 :]]
                    records = [
                        Record(n, float(n), d, {"jsonrpc": "2.0", **m})
                        for n, (d, m) in enumerate(steps_now, 1)
                    ]
                    check_trace(list(records))
                    Conversation().add_all(records)


def test_a_refused_request_is_asked_and_answered() -> None:
    """A request the relay could not read (nested too deep) is answered by the relay: the
    trace's refused_line record stands for it, so its answer is no stray answer."""
    refused = event(
        0,
        "refused_line",
        side="client",
        cause="depth",
        size=900,
        head='{"id":7',
        kind="request",
        id=7,
        method="session/prompt",
    )
    answer = {"id": 7, "error": {"code": -32600, "message": "Request nested too deeply"}}
    data = lines(refused, got(answer, 0.1))
    reader = TraceReader()
    assert check_trace(reader.feed(data) + reader.end()) == []
    assert [note.summary()["text"] for note in read_trace(data).entries] == [
        "refused a 900-byte line from the editor (nested too deep: '{\"id\":7')",
        "session/prompt failed: -32600 Request nested too deeply",
    ]


def test_a_refused_line_that_is_not_json_breaks_json_rpc() -> None:
    refused = event(1, "refused_line", side="agent", cause="syntax", size=5, head="hello")
    [finding] = check_trace(TraceReader().feed(lines(refused)))
    assert (finding.rule, finding.side, finding.text) == (
        "valid-message",
        "agent 0",
        "the line is not JSON: 'hello'",
    )


def follow(path: Path) -> subprocess.Popen[bytes]:
    return subprocess.Popen(
        [sys.executable, "-m", "acp_compat", "trace", "--follow", "--json", str(path)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )


def one_turn(text: str) -> bytes:
    return lines(sent(prompt(1, "s", text)), END)


def next_turn(proc: subprocess.Popen[bytes]) -> dict[str, Any]:
    """The next turn the follower prints (each line waited for, never a sleep)."""
    assert proc.stdout is not None
    while True:
        line = proc.stdout.readline()
        assert line, proc.stderr.read() if proc.stderr else b""
        entry = json.loads(line)
        if entry["type"] == "turn":
            return dict(entry)


def start_over(path: Path, how: str, text: str) -> None:
    """The trace at ``path`` starts over with one turn of ``text``: ``truncated`` in place
    (a restarted ``wrap --trace``) or ``replaced`` by a new file (a rotation)."""
    if how == "truncated":
        with path.open("r+b") as out:
            out.truncate(0)
            out.write(one_turn(text))
    else:
        fresh = path.with_name("fresh.jsonl")
        fresh.write_bytes(one_turn(text))
        fresh.replace(path)


def test_follow_ends_at_the_end_of_a_pipe() -> None:
    """A trace followed through a pipe ends with it: once its writer has closed it,
    nothing more can come (as ``tail -f`` does on a pipe), so the follower stops and
    prints what it holds, where it waited for ever."""
    done = subprocess.run(
        [sys.executable, "-m", "acp_compat", "trace", "--follow", "--json", "-"],
        input=lines(sent(prompt(1, "s", "piped"))),
        capture_output=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    [turn] = [json.loads(line) for line in done.stdout.splitlines()]
    assert (turn["prompt"], turn["complete"]) == ("piped", False)


def test_follow_reads_a_trace_that_started_over_and_grew_past_where_it_was(
    tmp_path: Path,
) -> None:
    """A restarted ``wrap --trace`` truncates the file and writes on: by the follower's
    next look the new trace may be longer than the old one was. It is read from its start
    all the same (its first bytes are not the old trace's), not from the old offset."""
    path = tmp_path / "live.jsonl"
    path.write_bytes(one_turn("first"))
    proc = follow(path)
    stop = threading.Timer(30, proc.terminate)  # a follower that missed it waits for ever
    stop.start()
    try:
        assert next_turn(proc)["prompt"] == "first"
        start_over(path, "truncated", "second, " + "a prompt longer than the first run " * 4)
        assert next_turn(proc)["prompt"].startswith("second, ")
    finally:
        stop.cancel()
        proc.terminate()
        proc.communicate(timeout=20)


@pytest.mark.parametrize(
    "restarts", [["truncated"], ["replaced"], ["replaced", "truncated"], ["replaced", "replaced"]]
)
def test_follow_reads_a_trace_that_started_over(restarts: list[str], tmp_path: Path) -> None:
    """Each time the file starts over, the follower reads the new one from its start
    (a replaced file that is then truncated is read again too, not closed)."""
    path = tmp_path / "live.jsonl"
    path.write_bytes(one_turn("first run, a long prompt to make the file longer"))
    proc = follow(path)
    try:
        assert next_turn(proc)["prompt"] == "first run, a long prompt to make the file longer"
        for number, how in enumerate(restarts):
            text = f"run {number + 2}" + (" padding" if number == 0 else "")
            start_over(path, how, text)
            assert next_turn(proc)["prompt"] == text
    finally:
        proc.terminate()
        proc.communicate(timeout=20)
