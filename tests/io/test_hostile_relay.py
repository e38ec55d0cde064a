"""Hostile input and dead peers, through the real ``acp-compat wrap`` process (issue #10).

One test per defect found by trying the relay as an adversary would: none of them may end
the relay, leave a request without its one answer, or let memory or a blocked open run
away. The agent is tests/support/agents/hostile_agent.py, scripted by the prompt's first word.
"""

from __future__ import annotations

import json
import os
import resource
import signal
import stat
import subprocess
import tempfile
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.support.agents.harness import PYTHON, Wrap, agent_command, text_with, wait_gone
from tests.support.agents.hostile_agent import HANGING, PID_LINE

pytestmark = pytest.mark.timeout(60)

CURRENT_INIT = {
    "protocolVersion": 1,
    "clientCapabilities": {"fs": {"readTextFile": False, "writeTextFile": False}},
}
DEEP = 970
"""Nesting that crashed the relay's decoder (Python's recursion limit is 1000)."""


def nested(depth: int) -> str:
    """A JSON array nested ``depth`` levels deep."""
    return "[" * depth + "]" * depth


@pytest.fixture
def wraps() -> Iterator[list[Wrap]]:
    """Relays started by a test, all reaped afterwards."""
    started: list[Wrap] = []
    yield started
    for wrap in started:
        wrap.close()


@pytest.fixture
def start(wraps: list[Wrap], tmp_path: Path) -> Any:
    """Start a relay around the hostile agent in ``tmp_path``."""

    def start(*options: str, command: list[str] | None = None) -> Wrap:
        wrap = Wrap(command or agent_command("hostile_agent"), *options, cwd=str(tmp_path))
        wraps.append(wrap)
        return wrap

    return start


def session(wrap: Wrap, cwd: Path) -> str:
    """initialize (current) and session/new; the session id."""
    assert wrap.request(0, "initialize", CURRENT_INIT)[-1]["result"]["protocolVersion"] == 1
    reply = wrap.request(1, "session/new", {"cwd": str(cwd), "mcpServers": []})[-1]
    session_id: str = reply["result"]["sessionId"]
    return session_id


def prompt(wrap: Wrap, id: int, session_id: str, text: str) -> list[dict[str, Any]]:
    """A prompt and everything up to its answer (the answer last)."""
    return wrap.request(
        id, "session/prompt", {"sessionId": session_id, "prompt": [{"type": "text", "text": text}]}
    )


def chunks(messages: list[dict[str, Any]]) -> list[str]:
    """The agent_message_chunk texts among ``messages``."""
    return [
        m["params"]["update"]["content"]["text"]
        for m in messages
        if m.get("method") == "session/update"
        and m["params"]["update"]["sessionUpdate"] == "agent_message_chunk"
    ]


def still_serving(wrap: Wrap, session_id: str, id: int = 900) -> None:
    """The relay and the session still work: a plain turn ends normally."""
    answer = prompt(wrap, id, session_id, "hello")[-1]
    assert answer["result"] == {"stopReason": "end_turn"}, wrap.stderr()


# -- crashes ---------------------------------------------------------------------------


@pytest.mark.parametrize("when", ["before initialize", "in a session"])
def test_a_deeply_nested_client_line_is_answered(start: Any, tmp_path: Path, when: str) -> None:
    wrap = start()
    line = '{"jsonrpc":"2.0","id":7,"method":"session/prompt","params":' + nested(DEEP) + "}"
    if when == "before initialize":
        wrap.send_raw(line.encode() + b"\n")
        answer = wrap.recv()
        sid = session(wrap, tmp_path)
    else:
        sid = session(wrap, tmp_path)
        wrap.send_raw(line.encode() + b"\n")
        answer = wrap.recv()
    assert answer["id"] == 7
    assert answer["error"]["code"] == -32600
    assert "nested" in answer["error"]["message"].lower()
    wrap.send_raw(nested(DEEP).encode() + b"\n")  # no envelope at all
    assert wrap.recv()["id"] is None
    still_serving(wrap, sid)


def test_a_deeply_nested_agent_line_is_skipped_and_its_request_answered(
    start: Any, tmp_path: Path
) -> None:
    wrap = start()
    sid = session(wrap, tmp_path)
    messages = prompt(wrap, 2, sid, "raw " + nested(DEEP))
    assert messages[-1]["result"] == {"stopReason": "end_turn"}
    request = (
        '{"jsonrpc":"2.0","id":@ID@,"method":"streamAssistantMessageChunk",'
        '"params":{"chunk":{"text":"x"},"deep":' + nested(DEEP) + "}}"
    )
    messages = prompt(wrap, 3, sid, "rawask " + request)
    assert messages[-1]["result"] == {"stopReason": "end_turn"}
    (answer,) = (json.loads(text) for text in chunks(messages))
    assert answer["error"]["code"] == -32600  # the agent's request got its one answer
    still_serving(wrap, sid)


def test_refused_lines_are_traced_before_their_answers_and_check_clean(
    start: Any, tmp_path: Path
) -> None:
    """Lines the relay cannot decode (nested too deep, ``1e400``, not JSON) from either
    side are traced as ``refused_line`` before the relay's answer (issue 28 part 2), so
    the relay's own trace check finds every answer asked."""
    trace = tmp_path / "trace.jsonl"
    wrap = start("--trace", str(trace))
    sid = session(wrap, tmp_path)
    deep = '{"jsonrpc":"2.0","id":7,"method":"x/deep","params":' + nested(DEEP) + "}"
    huge = '{"jsonrpc":"2.0","id":8,"method":"x/huge","params":{"n":1e400}}'
    for line in (deep, huge, "not json"):
        wrap.send_raw(line.encode() + b"\n")
    assert [wrap.recv()["id"] for _ in range(3)] == [7, 8, None]
    request = '{"jsonrpc":"2.0","id":@ID@,"method":"readTextFile","params":{"n":1e400}}'
    assert prompt(wrap, 3, sid, "rawask " + request)[-1]["result"] == {"stopReason": "end_turn"}
    wrap.close_stdin()
    assert wrap.wait() == 0
    records = [json.loads(line) for line in trace.read_text(encoding="utf-8").splitlines()]
    refused = [
        (n, r) for n, r in enumerate(records) if r.get("event", {}).get("type") == "refused_line"
    ]
    told = [
        {k: v for k, v in r["event"].items() if k in ("side", "cause", "kind", "id", "method")}
        for _, r in refused
    ]
    assert told[:3] == [
        {"side": "client", "cause": "depth", "kind": "request", "id": 7, "method": "x/deep"},
        {"side": "client", "cause": "number", "kind": "request", "id": 8, "method": "x/huge"},
        {"side": "client", "cause": "syntax"},
    ]
    assert told[3] == {
        "side": "agent",
        "cause": "number",
        "kind": "request",
        "id": 0,
        "method": "readTextFile",
    }
    assert refused[3][1]["agent"] == 0
    assert refused[0][1]["event"]["size"] == len(deep)
    assert refused[0][1]["event"]["head"] == deep[:200]
    # each before the relay's answer to it
    for (index, record), to in zip(refused, ["relay->client"] * 3 + ["relay->agent"], strict=True):
        answer = next(
            n
            for n, r in enumerate(records)
            if r["dir"] == to
            and "error" in r.get("msg", {})
            and r["msg"].get("id") == record["event"].get("id")
        )
        assert index < answer
    check = subprocess.run(
        [PYTHON, "-m", "acp_compat", "trace", "--check", "--json", str(trace)],
        capture_output=True,
        check=False,
    )
    findings = [json.loads(line) for line in check.stdout.splitlines()]
    # Every answer was asked; the one finding is the editor's line that is not JSON (the
    # others are JSON no peer can relay, not a mistake).
    assert [(f["rule"], f["side"]) for f in findings] == [("valid-message", "editor")]


@pytest.mark.parametrize("depth", [DEEP - 100, 20])
def test_an_agent_error_with_deep_data_still_answers_the_prompt(
    start: Any, tmp_path: Path, depth: int
) -> None:
    wrap = start()
    sid = session(wrap, tmp_path)
    answer_line = (
        '{"jsonrpc":"2.0","id":@ID@,"error":{"code":-32000,"message":"deep","data":'
        + nested(depth)
        + "}}"
    )
    answer = prompt(wrap, 2, sid, "answer " + answer_line)[-1]
    if depth == 20:  # well within the bound: forwarded intact
        assert answer["error"] == {
            "code": -32000,
            "message": "deep",
            "data": json.loads(nested(20)),
        }
    else:
        assert answer["error"]["code"] == -32603
    still_serving(wrap, sid)


@pytest.mark.parametrize("cwd", ["/tmp/a\\u0000b", "/tmp/\\ud800"])
def test_a_session_cwd_no_process_can_take_is_refused(start: Any, tmp_path: Path, cwd: str) -> None:
    wrap = start()
    sid = session(wrap, tmp_path)
    line = (
        '{"jsonrpc":"2.0","id":5,"method":"session/new","params":{"cwd":"'
        + cwd
        + '","mcpServers":[]}}'
    )
    wrap.send_raw(line.encode() + b"\n")
    answer = wrap.recv_until(lambda m: m.get("id") == 5)[-1]
    assert answer["error"]["code"] == -32602
    still_serving(wrap, sid)


def test_a_failing_trace_write_disables_the_trace_and_the_relay_goes_on(tmp_path: Path) -> None:
    trace = tmp_path / "trace.jsonl"
    limit = 2048

    def small_files() -> None:
        # A trace write past this size fails with EFBIG, as on a full disk (Python
        # ignores SIGXFSZ, so the write raises instead of killing the process).
        resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))

    proc = subprocess.Popen(
        [
            PYTHON,
            *("-m", "acp_compat", "wrap", "--grace", "0.5", "--trace", str(trace), "--"),
            *agent_command("hostile_agent"),
        ],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        cwd=str(tmp_path),
        preexec_fn=small_files,
        start_new_session=True,
    )
    stderr: list[bytes] = []
    drain = threading.Thread(target=lambda: stderr.extend(proc.stderr or []), daemon=True)
    drain.start()
    try:
        assert proc.stdin is not None and proc.stdout is not None

        def request(id: int, method: str, params: dict[str, Any]) -> dict[str, Any]:
            assert proc.stdin is not None and proc.stdout is not None
            message = {"jsonrpc": "2.0", "id": id, "method": method, "params": params}
            proc.stdin.write(json.dumps(message).encode() + b"\n")
            proc.stdin.flush()
            while True:
                answer: dict[str, Any] = json.loads(proc.stdout.readline())
                if answer.get("id") == id and "method" not in answer:
                    return answer

        request(0, "initialize", CURRENT_INIT)
        sid = request(1, "session/new", {"cwd": str(tmp_path), "mcpServers": []})["result"]
        for n in range(2, 6):
            text = {"type": "text", "text": "hello " + "x" * 500}
            answer = request(n, "session/prompt", {"sessionId": sid["sessionId"], "prompt": [text]})
            assert answer["result"] == {"stopReason": "end_turn"}
        proc.stdin.close()
        assert proc.wait(20) == 0
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
        proc.wait()
        drain.join(5)
    log = b"".join(stderr).decode(errors="replace")
    assert trace.stat().st_size <= limit
    assert log.count("trace") >= 1
    assert len([line for line in log.splitlines() if "trace disabled" in line]) == 1, log


@pytest.mark.parametrize("id_text", ["0123", '"\\q"'])
def test_an_over_limit_line_with_an_id_that_is_not_json_is_answered(
    start: Any, tmp_path: Path, id_text: str
) -> None:
    wrap = start("--max-line-bytes", "1024")
    sid = session(wrap, tmp_path)
    line = '{"jsonrpc":"2.0","id":' + id_text + ',"method":"x","params":"' + "x" * 2000 + '"}'
    wrap.send_raw(line.encode() + b"\n")
    answer = wrap.recv()
    assert answer["id"] is None
    assert answer["error"]["code"] == -32700
    still_serving(wrap, sid)


# -- requests never answered -----------------------------------------------------------


def test_a_permission_answer_with_a_malformed_error_is_a_reject(start: Any, tmp_path: Path) -> None:
    wrap = start()
    sid = session(wrap, tmp_path)
    wrap.send(
        {
            "jsonrpc": "2.0",
            "id": 2,
            "method": "session/prompt",
            "params": {"sessionId": sid, "prompt": [{"type": "text", "text": "confirm"}]},
        }
    )
    ask = wrap.recv_until(lambda m: m.get("method") == "session/request_permission")[-1]
    wrap.send({"jsonrpc": "2.0", "id": ask["id"], "error": "nope"})
    messages = wrap.recv_until(lambda m: m.get("id") == 2 and "method" not in m)
    assert messages[-1]["result"] == {"stopReason": "end_turn"}
    assert [json.loads(text)["outcome"] for text in chunks(messages)] == ["reject"]
    assert not [m for m in messages if "error" in m]  # a response is never answered
    still_serving(wrap, sid)


def test_an_editor_that_cancels_and_closes_with_a_dialog_open_gets_cancelled(
    start: Any, tmp_path: Path
) -> None:
    """Toad sends session/cancel while a permission dialog is open, never answers it, and
    may close: the relay withdraws the dialog and answers the legacy confirmation cancel
    itself (the legacy agent waits for that answer and ignores cancelSendMessage), and the
    prompt is answered cancelled, not "Lost the agent process", before wrap exits."""
    wrap = start()
    sid = session(wrap, tmp_path)
    wrap.send(
        {
            "jsonrpc": "2.0",
            "id": 2,
            "method": "session/prompt",
            "params": {"sessionId": sid, "prompt": [{"type": "text", "text": "confirm"}]},
        }
    )
    ask = wrap.recv_until(lambda m: m.get("method") == "session/request_permission")[-1]
    wrap.send({"jsonrpc": "2.0", "method": "session/cancel", "params": {"sessionId": sid}})
    wrap.close_stdin()
    messages = wrap.recv_until(lambda m: m.get("id") == 2 and "method" not in m)
    assert messages[-1]["result"] == {"stopReason": "cancelled"}
    withdrawn = [m for m in messages if m.get("method") == "$/cancel_request"]
    assert [m["params"] for m in withdrawn] == [{"requestId": ask["id"]}]
    # Whether the agent's turn ends before the relay shuts it down is the machine's timing;
    # either way the cancelled prompt ends cancelled.
    assert wrap.wait() == 0


@pytest.mark.parametrize(
    "id_text", ["1e400", "-1e400", "NaN", "Infinity", "{}", "[1]", "true", "false"]
)
def test_an_invalid_client_request_id_gets_invalid_request_with_id_null(
    start: Any, tmp_path: Path, id_text: str
) -> None:
    wrap = start()
    sid = session(wrap, tmp_path)
    line = '{"jsonrpc":"2.0","id":' + id_text + ',"method":"session/new","params":{}}'
    wrap.send_raw(line.encode() + b"\n")
    answer = wrap.recv()
    assert answer == {
        "jsonrpc": "2.0",
        "id": None,
        "error": answer["error"],
    }
    assert answer["error"]["code"] == -32600
    still_serving(wrap, sid)


@pytest.mark.parametrize(
    "answer_line",
    [
        '{"jsonrpc":"2.0","id":@ID@,"result":{"x":1e400}}',
        '{"jsonrpc":"2.0","id":@ID@,"error":{"code":-32000,"message":"x","data":NaN}}',
        '{"jsonrpc":"2.0","id":@ID@,"error":{"code":-32000,"message":"x","data":-1e999}}',
    ],
)
def test_an_agent_answer_holding_a_non_finite_number_still_answers_the_prompt(
    start: Any, tmp_path: Path, answer_line: str
) -> None:
    wrap = start()
    sid = session(wrap, tmp_path)
    answer = prompt(wrap, 2, sid, "answer " + answer_line)[-1]
    assert answer["error"]["code"] == -32603
    still_serving(wrap, sid)


def test_an_agent_that_closes_its_stdout_but_runs_on_is_treated_as_gone(
    start: Any, tmp_path: Path
) -> None:
    wrap = start()
    sid = session(wrap, tmp_path)
    wrap.send(
        {
            "jsonrpc": "2.0",
            "id": 2,
            "method": "session/prompt",
            "params": {"sessionId": sid, "prompt": [{"type": "text", "text": "closeout"}]},
        }
    )
    pids = agent_pids(wrap)
    try:
        assert len(pids) == 1
        answer = wrap.recv_until(lambda m: m.get("id") == 2)[-1]
        assert answer["error"]["code"] == -32603
        assert "stdout" in answer["error"]["message"]
        assert wait_gone(pids, timeout=10) == []  # stopped after the grace period
    finally:
        for pid in wait_gone(pids, timeout=0):  # never leave it running, whatever failed
            os.kill(pid, signal.SIGKILL)
    # A new session gets a new process.
    reply = wrap.request(3, "session/new", {"cwd": str(tmp_path), "mcpServers": []})[-1]
    still_serving(wrap, reply["result"]["sessionId"])


def agent_pids(wrap: Wrap) -> list[int]:
    """The pids the hostile agent wrote to stderr before it misbehaved."""
    text = wrap.stderr_with(PID_LINE)
    return [int(line[len(PID_LINE) :]) for line in text.splitlines() if line.startswith(PID_LINE)]


def test_an_agent_that_closes_its_stdin_but_runs_on_is_lost_at_the_next_write(
    start: Any, tmp_path: Path
) -> None:
    wrap = start()
    sid = session(wrap, tmp_path)
    # The agent ends this turn normally, then hears nothing more but keeps running.
    assert prompt(wrap, 2, sid, "closein")[-1]["result"] == {"stopReason": "end_turn"}
    pids = agent_pids(wrap)
    try:
        assert len(pids) == 1
        # The next prompt cannot be written: answered at once, not when the agent exits.
        answer = prompt(wrap, 3, sid, "hello")[-1]
        assert answer["error"]["code"] == -32603, answer
        assert "stdin" in answer["error"]["message"]
        assert wait_gone(pids, timeout=10) == []  # stopped after the grace period
        assert "closed its stdin" in wrap.stderr_with("closed its stdin")  # the log saying why
    finally:
        for pid in wait_gone(pids, timeout=0):
            os.kill(pid, signal.SIGKILL)
    reply = wrap.request(4, "session/new", {"cwd": str(tmp_path), "mcpServers": []})[-1]
    still_serving(wrap, reply["result"]["sessionId"])


def test_an_over_limit_request_whose_params_come_before_its_id_is_answered(
    start: Any, tmp_path: Path
) -> None:
    wrap = start("--max-line-bytes", "1024")
    sid = session(wrap, tmp_path)
    params = {"sessionId": sid, "prompt": [{"type": "text", "text": "x" * 5000}]}
    line = '{"jsonrpc":"2.0","method":"session/prompt","params":' + json.dumps(params)
    wrap.send_raw(line.encode() + b',"id":42}\n')
    answer = wrap.recv()
    assert answer["id"] == 42
    assert answer["error"]["code"] == -32600
    still_serving(wrap, sid)


# -- resources -------------------------------------------------------------------------


def test_local_reads_are_capped_and_only_regular_files(start: Any, tmp_path: Path) -> None:
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    small = tmp_path / "small.txt"
    small.write_text("hello\n")
    big = tmp_path / "big.txt"
    big.write_text("y" * 5000)
    wrap = start("--max-read-bytes", "4096")
    sid = session(wrap, tmp_path)
    assert chunks(prompt(wrap, 2, sid, f"read {small}")) == ["read 6"]
    # An endless file, a FIFO nobody writes and one over the cap: each read is refused.
    # Reading /dev/zero to its end or opening the FIFO would never finish, and the
    # prompt's answer would not come.
    for n, path in enumerate(["/dev/zero", str(fifo), str(big)], start=3):
        (text,) = chunks(prompt(wrap, n, sid, f"read {path}"))
        assert text.startswith("failed"), text
    still_serving(wrap, sid)


# -- trace and log files ---------------------------------------------------------------


@pytest.mark.parametrize("option", ["--trace", "--log-file"])
def test_trace_and_log_files_never_follow_a_symlink(
    start: Any, tmp_path: Path, option: str
) -> None:
    target = tmp_path / "victim"
    target.write_text("precious\n")
    link = tmp_path / "link"
    link.symlink_to(target)
    wrap = start(option, str(link))
    sid = session(wrap, tmp_path)
    still_serving(wrap, sid)
    wrap.close_stdin()
    assert wrap.wait() == 0
    assert target.read_text() == "precious\n"
    assert "symbolic link" in wrap.stderr()


@pytest.mark.parametrize("option", ["--trace", "--log-file"])
def test_a_fifo_as_trace_or_log_file_never_blocks(start: Any, tmp_path: Path, option: str) -> None:
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    wrap = start(option, str(fifo))
    sid = session(wrap, tmp_path)  # would hang in open() with no reader
    still_serving(wrap, sid)
    wrap.close_stdin()
    assert wrap.wait() == 0
    assert "not a regular file" in wrap.stderr()


@pytest.mark.skipif(os.geteuid() != 0, reason="making another user's file needs root")
@pytest.mark.parametrize("option", ["--trace", "--log-file"])
def test_a_trace_or_log_file_owned_by_another_user_is_left_alone(
    start: Any, tmp_path: Path, option: str
) -> None:
    planted = tmp_path / "planted"
    planted.write_text("")
    planted.chmod(0o666)
    os.chown(planted, 65534, 65534)
    wrap = start(option, str(planted))
    sid = session(wrap, tmp_path)
    still_serving(wrap, sid)
    wrap.close_stdin()
    assert wrap.wait() == 0
    assert planted.read_text() == ""
    assert "owned by" in wrap.stderr()
    assert stat.S_IMODE(planted.stat().st_mode) == 0o666


# -- smaller -----------------------------------------------------------------------------


def test_a_start_failure_names_the_command_once(start: Any, tmp_path: Path) -> None:
    wrap = start(command=["/nonexistent/agent-command", "--acp"])
    answer = wrap.request(0, "initialize", CURRENT_INIT)[-1]
    assert answer["error"]["message"].count("/nonexistent/agent-command") == 1
    assert "No such file or directory" in answer["error"]["message"]
    assert wrap.wait() == 127


def test_a_session_in_a_missing_directory_names_the_directory_once(
    start: Any, tmp_path: Path
) -> None:
    wrap = start()
    session(wrap, tmp_path)
    missing = tmp_path / "missing"
    answer = wrap.request(3, "session/new", {"cwd": str(missing), "mcpServers": []})[-1]
    message = answer["error"]["message"]
    assert message.count(str(missing)) == 1, message
    assert "No such file or directory" in message


def test_after_sigterm_a_pending_prompt_names_the_shutdown(start: Any, tmp_path: Path) -> None:
    wrap = start()
    sid = session(wrap, tmp_path)
    wrap.send(
        {
            "jsonrpc": "2.0",
            "id": 2,
            "method": "session/prompt",
            "params": {"sessionId": sid, "prompt": [{"type": "text", "text": "hang"}]},
        }
    )
    wrap.stderr_with(HANGING)  # the prompt reached the agent
    wrap.signal(signal.SIGTERM)
    answer = wrap.recv_until(lambda m: m.get("id") == 2)[-1]
    assert "exit status 0" not in answer["error"]["message"]
    assert "SIGTERM" in answer["error"]["message"]
    assert wrap.wait() == 128 + signal.SIGTERM


# -- bounded buffers -------------------------------------------------------------------


def test_a_client_that_stops_reading_is_not_buffered_for_and_gets_every_answer(
    tmp_path: Path,
) -> None:
    # The client writes requests the relay answers itself and reads nothing meanwhile.
    # The relay stops reading it once 1 MiB of answers waits, so the client's writes
    # block (its pipe fills) instead of the relay's memory growing; once it reads again
    # every request gets its one answer.
    log = tempfile.TemporaryFile()  # noqa: SIM115 (closed below, after the process)
    proc = subprocess.Popen(
        [
            PYTHON,
            "-m",
            "acp_compat",
            "wrap",
            "-vv",  # the pause is told at debug level
            "--grace",
            "0.5",
            "--",
            *agent_command("hostile_agent"),
        ],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=log,
        cwd=str(tmp_path),
        start_new_session=True,
    )
    total = 100_000
    written = [0]
    try:
        assert proc.stdin is not None and proc.stdout is not None
        stdin, stdout = proc.stdin, proc.stdout
        message = {"jsonrpc": "2.0", "id": 0, "method": "initialize", "params": CURRENT_INIT}
        stdin.write(json.dumps(message).encode() + b"\n")
        stdin.flush()
        assert json.loads(stdout.readline())["id"] == 0

        def flood() -> None:
            for n in range(1, total + 1):
                line = {"jsonrpc": "2.0", "id": n, "method": "x/unknown"}
                stdin.write(json.dumps(line).encode() + b"\n")
                stdin.flush()
                written[0] = n

        writer = threading.Thread(target=flood, daemon=True)
        writer.start()
        # Once it says so, the relay reads nothing more of ours: what we write after
        # that only fills our pipe (64 KiB, about 1,500 requests), then blocks.
        pause = "bytes behind: not reading it (or the agents)"
        assert pause in text_with(log, pause, timeout=30), "the relay never paused"
        assert written[0] < total // 2, f"the relay took {written[0]} requests, unread"
        seen = [json.loads(stdout.readline())["id"] for _ in range(total)]
        writer.join(30)
        assert sorted(seen) == list(range(1, total + 1))  # each answered exactly once
        stdin.close()
        assert proc.wait(20) == 0
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
        proc.wait()
        log.close()


def test_a_turn_ending_with_thousands_of_open_calls_closes_each_before_the_answer(
    start: Any, tmp_path: Path
) -> None:
    # More than one batch of closes: the rest go out as the client drains (the relay's
    # when_client_drained), and every call still ends before the prompt's answer.
    wrap = start()
    sid = session(wrap, tmp_path)
    messages = prompt(wrap, 2, sid, "tools 1000 open")
    assert messages[-1]["result"] == {"stopReason": "end_turn"}
    updates = [m["params"]["update"] for m in messages if m.get("method") == "session/update"]
    opened = [u["toolCallId"] for u in updates if u["sessionUpdate"] == "tool_call"]
    closed = [u["toolCallId"] for u in updates if u["sessionUpdate"] == "tool_call_update"]
    assert len(opened) == 1000
    assert closed == opened
    assert all(u["status"] == "failed" for u in updates if u["sessionUpdate"] == "tool_call_update")
    still_serving(wrap, sid)


def test_a_stop_while_a_turns_end_is_going_out_still_sends_all_of_it(
    start: Any, tmp_path: Path
) -> None:
    # SIGTERM right after the last tool call was shown: the closes still held back by
    # the translator go out as the client drains while the relay ends, then the answer.
    wrap = start()
    sid = session(wrap, tmp_path)
    wrap.send(
        {
            "jsonrpc": "2.0",
            "id": 2,
            "method": "session/prompt",
            "params": {"sessionId": sid, "prompt": [{"type": "text", "text": "tools 5000 open"}]},
        }
    )
    shown = 0

    def last_call_shown(message: dict[str, Any]) -> bool:
        nonlocal shown
        if message.get("params", {}).get("update", {}).get("sessionUpdate") == "tool_call":
            shown += 1
        return shown == 5000

    wrap.recv_until(last_call_shown, timeout=60)
    wrap.signal(signal.SIGTERM)
    rest = wrap.recv_until(lambda m: m.get("id") == 2)
    closes = [
        m
        for m in rest
        if m.get("params", {}).get("update", {}).get("sessionUpdate") == "tool_call_update"
    ]
    assert len(closes) == 5000
    assert rest[-1]["result"] == {"stopReason": "end_turn"}
    assert wrap.wait() == 128 + signal.SIGTERM
