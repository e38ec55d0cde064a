"""``acp-compat wrap`` end to end: real relay, real agent processes (tests/support/agents)."""

from __future__ import annotations

import json
import os
import signal
import stat
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import click
import pytest

from tests.support.agents.harness import Wrap, agent_command, wait_gone

pytestmark = pytest.mark.timeout(60)

CURRENT_INIT = {
    "protocolVersion": 1,
    "clientCapabilities": {"fs": {"readTextFile": False, "writeTextFile": False}},
}
LEGACY_INIT = {"protocolVersion": "0.0.9"}


@pytest.fixture
def wraps() -> Iterator[list[Wrap]]:
    """Relays started by a test, all reaped afterwards."""
    started: list[Wrap] = []
    yield started
    for wrap in started:
        wrap.close()


@pytest.fixture
def start(wraps: list[Wrap], tmp_path: Path) -> Any:
    """Start a relay in ``tmp_path`` (the launch directory), logging at info (``-v``):
    these tests read what it says it does."""

    def start(command: list[str], *options: str, env: dict[str, str] | None = None) -> Wrap:
        wrap = Wrap(command, "-v", *options, cwd=str(tmp_path), env=env)
        wraps.append(wrap)
        return wrap

    return start


def _upgrade_session(wrap: Wrap, cwd: Path, first_id: int = 1) -> str:
    """initialize (current) and session/new; the session id."""
    if first_id == 1:
        answer = wrap.request(0, "initialize", CURRENT_INIT)[-1]
        assert answer["result"]["protocolVersion"] == 1
    reply = wrap.request(first_id, "session/new", {"cwd": str(cwd), "mcpServers": []})[-1]
    session: str = reply["result"]["sessionId"]
    return session


def _prompt(wrap: Wrap, id: int, session: str, text: str) -> list[dict[str, Any]]:
    return wrap.request(
        id, "session/prompt", {"sessionId": session, "prompt": [{"type": "text", "text": text}]}
    )


def _chunks(messages: list[dict[str, Any]]) -> list[str]:
    """The agent_message_chunk texts among ``messages``."""
    return [
        m["params"]["update"]["content"]["text"]
        for m in messages
        if m.get("method") == "session/update"
        and m["params"]["update"]["sessionUpdate"] == "agent_message_chunk"
    ]


def _read_pids(path: Path) -> list[int]:
    for _ in range(200):
        if path.exists() and path.read_text().endswith("\n"):
            return [int(p) for p in path.read_text().split()]
        time.sleep(0.02)
    raise AssertionError("the launcher never wrote its pids")


def test_missing_command_answers_initialize_and_exits_127(start: Any) -> None:
    wrap = start(["/nonexistent/agent-command", "--acp"])
    answer = wrap.request(0, "initialize", CURRENT_INIT)[-1]
    assert answer["id"] == 0
    assert "/nonexistent/agent-command" in answer["error"]["message"]
    assert "No such file or directory" in answer["error"]["message"]
    assert wrap.wait() == 127


@pytest.mark.parametrize(
    ("how", "status"),
    [("eof", 0), (signal.SIGTERM, 128 + signal.SIGTERM), (signal.SIGINT, 128 + signal.SIGINT)],
)
def test_shutdown_leaves_no_process_of_the_agent_group(
    start: Any, tmp_path: Path, how: object, status: int
) -> None:
    pidfile = tmp_path / "pids"
    wrap = start(agent_command("launcher", str(pidfile), *agent_command("legacy_agent")))
    session = _upgrade_session(wrap, tmp_path)
    assert _chunks(_prompt(wrap, 2, session, "echo ready")) == ["ready"]
    pids = _read_pids(pidfile)
    assert len(pids) == 3
    if how == "eof":
        wrap.close_stdin()
    else:
        assert isinstance(how, signal.Signals)
        wrap.signal(how)
    assert wrap.wait() == status
    left = wait_gone(pids, timeout=3)
    for pid in left:  # keep the machine clean even when the test fails
        os.kill(pid, signal.SIGKILL)
    assert left == []


def test_agent_death_mid_turn_fails_that_prompt_only(start: Any, tmp_path: Path) -> None:
    wrap = start(agent_command("legacy_agent"))
    doomed = _upgrade_session(wrap, tmp_path)
    other = _upgrade_session(wrap, tmp_path, first_id=2)
    answer = _prompt(wrap, 3, doomed, "die now")[-1]
    assert answer["error"]["code"] == -32603
    assert "3" in answer["error"]["message"]
    assert answer["error"]["data"]["exitCode"] == 3
    assert "fatal: simulated death" in answer["error"]["data"]["stderr"]
    assert _chunks(_prompt(wrap, 4, other, "echo still here")) == ["still here"]
    wrap.close_stdin()
    assert wrap.wait() == 0


def test_a_client_that_never_reads_our_stderr_does_not_stall_the_relay(tmp_path: Path) -> None:
    # The official Python SDK pipes an agent's stderr and never reads it. 4 MiB of agent
    # stderr (far past a pipe's 64 KiB) must not freeze the relay: it is dropped instead.
    proc = subprocess.Popen(
        [sys.executable, "-m", "acp_compat", "wrap", "-v", "--", *agent_command("legacy_agent")],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,  # never read
        cwd=tmp_path,
        start_new_session=True,
    )
    assert proc.stdin is not None and proc.stdout is not None

    def call(id: int, method: str, params: dict[str, Any]) -> dict[str, Any]:
        assert proc.stdin is not None and proc.stdout is not None
        message = {"jsonrpc": "2.0", "id": id, "method": method, "params": params}
        proc.stdin.write(json.dumps(message).encode() + b"\n")
        proc.stdin.flush()
        while True:
            answer: dict[str, Any] = json.loads(proc.stdout.readline())
            if answer.get("id") == id and "method" not in answer:
                return answer

    try:
        call(0, "initialize", CURRENT_INIT)
        session = call(1, "session/new", {"cwd": str(tmp_path), "mcpServers": []})
        sid = session["result"]["sessionId"]
        prompt = {"sessionId": sid, "prompt": [{"type": "text", "text": "noisy 4194304"}]}
        assert call(2, "session/prompt", prompt)["result"] == {"stopReason": "end_turn"}
        proc.stdin.close()
        assert proc.wait(timeout=20) == 0
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
        for stream in (proc.stdout, proc.stderr):
            if stream is not None:
                stream.close()


def test_20_mib_line_both_directions(start: Any, tmp_path: Path) -> None:
    wrap = start(agent_command("legacy_agent"))
    session = _upgrade_session(wrap, tmp_path)
    text = "mirror " + "é" * (10 * 1024 * 1024)  # 20 MiB of UTF-8
    messages = _prompt(wrap, 2, session, text)
    assert messages[-1]["result"] == {"stopReason": "end_turn"}
    assert _chunks(messages) == [text]


def test_over_limit_lines_are_dropped_and_the_turn_goes_on(start: Any, tmp_path: Path) -> None:
    wrap = start(agent_command("legacy_agent"), "--max-line-bytes", "100000")
    session = _upgrade_session(wrap, tmp_path)
    messages = _prompt(wrap, 2, session, "huge 300000")
    assert _chunks(messages) == ["after huge"]
    assert messages[-1]["result"] == {"stopReason": "end_turn"}
    # A client line over the limit is dropped too; the next request is served.
    wrap.send_raw(b'{"pad":"' + b"x" * 300000 + b'"}\n')
    assert _chunks(_prompt(wrap, 3, session, "echo next")) == ["next"]
    dropped = ("agent 0: dropped a 300010-byte line", "client: dropped a 300010-byte line")
    log = wrap.stderr_with(*dropped)
    assert all(text in log for text in dropped), log


def test_an_over_limit_client_request_is_answered(start: Any, tmp_path: Path) -> None:
    wrap = start(agent_command("legacy_agent"), "--max-line-bytes", "100000")
    session = _upgrade_session(wrap, tmp_path)
    huge = {"sessionId": session, "prompt": [{"type": "text", "text": "x" * 300000}]}
    answer = wrap.request(2, "session/prompt", huge)[-1]
    assert answer["error"]["code"] == -32600
    assert answer["error"]["message"] == "Request too large"
    assert _chunks(_prompt(wrap, 3, session, "echo next")) == ["next"]


def test_agent_lines_that_are_not_json_rpc_are_skipped(start: Any, tmp_path: Path) -> None:
    wrap = start(agent_command("legacy_agent"))
    session = _upgrade_session(wrap, tmp_path)
    messages = _prompt(wrap, 2, session, "junk")
    assert _chunks(messages) == ["after junk"]
    banner = "not JSON: 'Banner: this agent prints log text on stdout'"
    log = wrap.stderr_with(banner, "not JSON-RPC: '[1, 2, 3]'")
    assert banner in log
    assert "not JSON-RPC: '[1, 2, 3]'" in log


def test_client_garbage_is_answered_and_the_relay_keeps_serving(start: Any, tmp_path: Path) -> None:
    wrap = start(agent_command("legacy_agent"))
    session = _upgrade_session(wrap, tmp_path)
    wrap.send_raw(b"this is not json\n")
    assert wrap.recv()["error"]["code"] == -32700
    wrap.send_raw(b"[1, 2]\n")
    invalid = wrap.recv()
    assert invalid["id"] is None and invalid["error"]["code"] == -32600
    wrap.send_raw(b'{"jsonrpc": "2.0", "id": \xff}\n')
    assert wrap.recv()["error"]["code"] == -32700
    assert _chunks(_prompt(wrap, 2, session, "echo fine")) == ["fine"]


def test_passthrough_current_to_current_copies_lines(start: Any, tmp_path: Path) -> None:
    wrap = start(agent_command("current_agent"))
    answer = wrap.request(0, "initialize", CURRENT_INIT)[-1]
    assert answer["result"]["protocolVersion"] == 1
    # The agent writes json.dumps' default ", " separators; a relay that re-encoded
    # would write compact JSON instead.
    assert wrap.raw_stdout[-1] == json.dumps(answer).encode() + b"\n"
    session = wrap.request(1, "session/new", {"cwd": str(tmp_path), "mcpServers": []})[-1]
    assert session["result"] == {"sessionId": "s1"}
    messages = _prompt(wrap, 2, "s1", "hello")
    assert _chunks(messages) == ["hello"]
    assert messages[-1]["result"] == {"stopReason": "end_turn"}
    line = "translation: passthrough (current agent, current client)"
    assert line in wrap.stderr_with(line)
    wrap.close_stdin()
    assert wrap.wait() == 0


def test_passthrough_legacy_to_legacy(start: Any) -> None:
    wrap = start(agent_command("legacy_agent"))
    answer = wrap.request(0, "initialize", LEGACY_INIT)[-1]
    assert answer["result"] == {"protocolVersion": "0.0.9", "isAuthenticated": True}
    wrap.send(
        {
            "jsonrpc": "2.0",
            "id": 1,
            "method": "sendUserMessage",
            "params": {"chunks": [{"text": "echo old times"}]},
        }
    )
    chunk = wrap.recv()
    assert chunk["method"] == "streamAssistantMessageChunk"
    assert chunk["params"] == {"chunk": {"text": "old times"}}
    wrap.send({"jsonrpc": "2.0", "id": chunk["id"], "result": None})
    assert wrap.recv() == {"jsonrpc": "2.0", "id": 1, "result": None}
    line = "translation: passthrough (legacy agent, legacy client)"
    assert line in wrap.stderr_with(line)


def test_passthrough_agent_death_answers_and_exits_with_its_status(start: Any) -> None:
    wrap = start(agent_command("current_agent"))
    wrap.request(0, "initialize", CURRENT_INIT)
    wrap.request(1, "session/new", {"cwd": "/", "mcpServers": []})
    answer = _prompt(wrap, 2, "s1", "die")[-1]
    assert answer["error"]["code"] == -32603
    assert answer["error"]["data"]["exitCode"] == 4
    assert wrap.wait() == 4


def test_downgrade_is_detected_after_a_rejected_legacy_probe(start: Any) -> None:
    wrap = start(agent_command("current_agent"))
    answer = wrap.request(0, "initialize", LEGACY_INIT)[-1]
    assert answer["result"]["protocolVersion"] == "0.0.9"
    assert answer["result"]["isAuthenticated"] is True
    line = "translation: downgrade (current agent, legacy client), auto-detected"
    assert line in wrap.stderr_with(line)


def test_a_current_agent_that_answers_the_legacy_probe_is_initialized_as_current(
    start: Any,
) -> None:
    # A Rust SDK agent before 2026-06 reads "0.0.9" as version 0 and answers 1. The legacy
    # initialize it answered carries no clientCapabilities and no clientInfo, so keeping
    # that process would never tell it about --client-fs: it must get the downgrade's own
    # current initialize instead.
    wrap = start(agent_command("current_agent", "--lenient"), "--client-fs")
    answer = wrap.request(0, "initialize", LEGACY_INIT)[-1]
    assert answer["result"] == {"protocolVersion": "0.0.9", "isAuthenticated": True}
    messages = wrap.request(1, "sendUserMessage", {"chunks": [{"text": "initialize?"}]})
    chunks = [m["params"]["chunk"]["text"] for m in messages if m.get("method")]
    kept = json.loads("".join(chunks))
    assert kept["protocolVersion"] == 1
    assert kept["clientCapabilities"]["fs"] == {"readTextFile": True, "writeTextFile": True}
    assert kept["clientInfo"]["name"] == "acp-compat"
    line = "translation: downgrade (current agent, legacy client), auto-detected"
    assert line in wrap.stderr_with(line)


def test_a_silent_legacy_agent_is_probed_in_legacy_beside_it(start: Any, tmp_path: Path) -> None:
    # A Rust legacy agent drops the current initialize: after half the probe timeout a
    # second process gets the legacy probe, answers it and serves; the first is dropped.
    trace = tmp_path / "trace.jsonl"
    argv = agent_command("legacy_agent", "--rust")
    wrap = start(argv, "--probe-timeout", "2", "--trace", str(trace))
    session = _upgrade_session(wrap, tmp_path)
    assert _chunks(_prompt(wrap, 2, session, "echo rusty")) == ["rusty"]
    told_us = (
        "probe (legacy initialize): legacy protocol",
        "probe (current initialize): the legacy initialize was answered first",
        "translation: upgrade (legacy agent, current client), auto-detected",
    )
    log = wrap.stderr_with(*told_us)
    assert all(line in log for line in told_us)
    # The trace says which process was left behind and which one agent 0 is from then on.
    records = [json.loads(line) for line in trace.read_text().splitlines()]
    told = [i for i, r in enumerate(records) if r["dir"] == "relay"]
    discarded, chosen = (records[i] for i in told[:2])
    assert (discarded["agent"], discarded["event"]["type"]) == (0, "probe_discarded")
    assert discarded["event"]["protocol"] == "current"
    assert chosen["agent"] == 0 and chosen["event"]["type"] == "translation"
    assert (chosen["event"]["process"], chosen["event"]["agent_protocol"]) == (1, "legacy")
    to_agents = [(i, r["agent"]) for i, r in enumerate(records) if r["dir"] == "relay->agent"]
    assert [agent for i, agent in to_agents if i < told[0]] == [0, 1]  # the two probes
    assert {agent for i, agent in to_agents if i > told[1]} == {0}  # process 1, as agent 0


def test_explicit_agent_protocol_skips_the_probe(start: Any, tmp_path: Path) -> None:
    wrap = start(agent_command("legacy_agent", "--rust"), "--agent-protocol", "legacy")
    session = _upgrade_session(wrap, tmp_path)
    assert _chunks(_prompt(wrap, 2, session, "echo direct")) == ["direct"]
    wrap.close_stdin()
    assert wrap.wait() == 0
    log = wrap.stderr()  # all of it: what is not there never will be
    assert "probing" not in log
    assert "translation: upgrade (legacy agent, current client), --agent-protocol" in log


def test_trace_file_mode_0600_and_both_sides_recorded(start: Any, tmp_path: Path) -> None:
    trace = tmp_path / "trace.jsonl"
    wrap = start(agent_command("legacy_agent"), "--trace", str(trace))
    session = _upgrade_session(wrap, tmp_path)
    _prompt(wrap, 2, session, "echo traced")
    wrap.close_stdin()
    assert wrap.wait() == 0
    assert stat.S_IMODE(trace.stat().st_mode) == 0o600
    records = [json.loads(line) for line in trace.read_text().splitlines()]
    directions = {r["dir"] for r in records}
    assert directions == {"client->relay", "relay->agent", "agent->relay", "relay->client", "relay"}
    # The agent's exit at shutdown is an event record (no message says it).
    events = [r["event"] for r in records if r["dir"] == "relay"]
    assert {"type": "agent_exited", "returncode": 0, "stderr": ""} in events
    legacy_chunk = next(
        r
        for r in records
        if r["dir"] == "agent->relay" and r["msg"].get("method") == "streamAssistantMessageChunk"
    )
    assert legacy_chunk["agent"] == 0 and legacy_chunk["session"] == session
    assert all("time" in r and "t" in r for r in records)


def test_nothing_but_protocol_on_stdout(start: Any, tmp_path: Path) -> None:
    wrap = start(agent_command("legacy_agent"), "-vv")
    session = _upgrade_session(wrap, tmp_path)
    _prompt(wrap, 2, session, "junk")
    wrap.send_raw(b"garbage\n")
    wrap.recv()
    wrap.close_stdin()
    assert wrap.wait() == 0
    log = wrap.stderr()
    wrap.close()  # joins the stdout reader: raw_stdout is complete
    assert wrap.raw_stdout
    for line in wrap.raw_stdout:
        message = json.loads(line)
        assert message["jsonrpc"] == "2.0"
    assert "DEBUG" in log


def test_an_agent_that_does_not_read_while_it_floods_cannot_wedge_the_relay(
    start: Any, tmp_path: Path
) -> None:
    # 30 000 chunks get 30 000 replies (~1.2 MB), far more than a pipe holds, while the
    # agent reads nothing until its turn ends: a relay blocking on that write would hang.
    wrap = start(agent_command("legacy_agent"))
    session = _upgrade_session(wrap, tmp_path)
    messages = _prompt(
        wrap,
        2,
        session,
        "flood 30000",
    )
    assert _chunks(messages) == ["."] * 30000
    assert messages[-1]["result"] == {"stopReason": "end_turn"}
    assert _chunks(_prompt(wrap, 3, session, "echo after")) == ["after"]


def test_options_from_the_environment(wraps: list[Wrap], tmp_path: Path) -> None:
    trace = tmp_path / "env-trace.jsonl"
    env = {
        "ACP_COMPAT_AGENT_PROTOCOL": "legacy",
        "ACP_COMPAT_TRACE": str(trace),
        "ACP_COMPAT_VERBOSE": "2",  # warning, then info, then debug
        "ACP_COMPAT_MAX_LINE_BYTES": "100000",
    }
    wrap = Wrap(agent_command("legacy_agent", "--rust"), cwd=str(tmp_path), env=env)
    wraps.append(wrap)
    session = _upgrade_session(wrap, tmp_path)
    assert _chunks(_prompt(wrap, 2, session, "huge 200000")) == ["after huge"]
    # Log records reach stderr through a background pump, which may trail stdout: read
    # them once wrap has exited (it flushes the pump on the way out).
    wrap.close_stdin()
    assert wrap.wait() == 0
    log = wrap.stderr()
    assert "translation: upgrade (legacy agent, current client), --agent-protocol" in log
    assert "DEBUG" in log
    assert "over the 100000-byte limit" in log
    assert trace.exists()


def test_stray_prints_go_to_stderr_protocol_to_the_private_descriptor() -> None:
    code = (
        "import os\n"
        "from acp_compat.io.runner import reserve_stdout\n"
        "fd = reserve_stdout()\n"
        "print('stray print', flush=True)\n"
        "os.write(1, b'stray write\\n')\n"
        "os.write(fd, b'protocol\\n')\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, timeout=30, check=True)
    assert done.stdout == b"protocol\n"
    assert b"stray print\n" in done.stderr and b"stray write\n" in done.stderr


def test_a_launcher_that_fails_passes_its_status_on(start: Any) -> None:
    wrap = start(["/usr/bin/env", "no-such-agent-command-anywhere"])
    answer = wrap.request(0, "initialize", CURRENT_INIT)[-1]
    assert answer["error"]["code"] == -32603
    attempts = answer["error"]["data"]["attempts"]
    assert [a["protocol"] for a in attempts] == ["current", "legacy"]
    assert "exit status 127" in attempts[-1]["outcome"]
    assert "no-such-agent-command-anywhere" in attempts[-1]["outcome"]
    assert wrap.wait() == 127


def test_a_slow_current_agent_keeps_its_initialize_while_the_legacy_probe_is_refused(
    start: Any, tmp_path: Path
) -> None:
    # Slow at its first start, as a launcher that downloads the agent once: the second
    # process, started beside it after half the probe timeout, finds it cached and
    # refuses the legacy probe; only then does the first one answer the editor's own
    # initialize, which is relayed as it is.
    marker = str(tmp_path / "downloaded")
    argv = agent_command("current_agent", "--first-start-waits", marker)
    wrap = start(argv, "--probe-timeout", "6")
    answer = wrap.request(0, "initialize", CURRENT_INIT, timeout=20)[-1]
    assert answer["result"]["protocolVersion"] == 1
    chosen = "translation: passthrough (current agent, current client), auto-detected"
    log = wrap.stderr_with(chosen)
    assert "probe (legacy initialize): error -32602" in log
    assert "agent 0 started" in log and "agent 2 started" not in log


@pytest.mark.parametrize("option", ["--trace", "--log-file"])
def test_unwritable_trace_or_log_file_is_a_clear_error_and_the_relay_goes_on(
    option: str, start: Any, tmp_path: Path
) -> None:
    # A diagnostic file must not cost the editor its agent (issue #10): the relay
    # serves on without it, after one clear error record.
    target = str(tmp_path / "missing-dir" / "file")
    wrap = start(agent_command("legacy_agent"), option, target)
    session = _upgrade_session(wrap, tmp_path)
    assert _chunks(_prompt(wrap, 2, session, "echo still here")) == ["still here"]
    wrap.close_stdin()
    assert wrap.wait() == 0
    assert f"{option} {target}: No such file or directory" in wrap.stderr()


def test_log_file_takes_the_records_with_mode_0600_and_quiet_drops_info(
    start: Any, tmp_path: Path
) -> None:
    log = tmp_path / "wrap.log"
    wrap = start(agent_command("legacy_agent"), "--log-file", str(log))
    answer = wrap.request(0, "initialize", CURRENT_INIT)[-1]
    assert answer["result"]["protocolVersion"] == 1
    wrap.close_stdin()
    assert wrap.wait() == 0
    assert stat.S_IMODE(log.stat().st_mode) == 0o600  # records quote the user's lines
    assert "translation: upgrade (legacy agent, current client)" in log.read_text()
    assert "acp-compat" not in wrap.stderr()

    quiet_log = tmp_path / "quiet.log"
    quiet = start(agent_command("legacy_agent"), "-q", "--log-file", str(quiet_log))
    quiet.request(0, "initialize", CURRENT_INIT)
    quiet.send_raw(b"not json\n")
    quiet.recv()
    quiet.close_stdin()
    assert quiet.wait() == 0
    text = quiet_log.read_text()
    assert "WARNING" in text and "INFO" not in text


def test_a_trace_file_that_exists_with_a_wider_mode_is_narrowed(start: Any, tmp_path: Path) -> None:
    trace = tmp_path / "old-trace.jsonl"
    trace.write_text("old content\n")
    trace.chmod(0o644)
    wrap = start(agent_command("legacy_agent"), "--trace", str(trace))
    wrap.request(0, "initialize", CURRENT_INIT)
    wrap.close_stdin()
    assert wrap.wait() == 0
    assert stat.S_IMODE(trace.stat().st_mode) == 0o600
    assert "old content" not in trace.read_text()


def test_every_wrap_option_can_be_set_from_the_environment() -> None:
    from acp_compat.cli.wrap import wrap

    options = [p for p in wrap.params if isinstance(p, click.Option)]
    assert len(options) >= 11
    for option in options:
        assert isinstance(option.envvar, str), option.name
        assert (
            option.envvar == "ACP_COMPAT_" + option.opts[-1].lstrip("-").replace("-", "_").upper()
        )


@pytest.mark.parametrize("sends", ["initialize", "nothing"])
def test_a_client_that_closed_our_stdout_ends_the_relay(tmp_path: Path, sends: str) -> None:
    # EPIPE on stdout (the editor went away but our stdin is still open): nobody is left
    # to serve, so the relay closes its agent and exits 0 instead of serving nobody. An
    # editor that sends nothing makes no write fail: the pipe's closed reader is seen.
    pidfile = tmp_path / "pids"
    command = agent_command("launcher", str(pidfile), *agent_command("legacy_agent"))
    log = tmp_path / "stderr"
    with log.open("wb") as stderr:
        proc = subprocess.Popen(
            [sys.executable, "-m", "acp_compat", "wrap", "-v", "--grace", "0.3", "--", *command],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=stderr,
            cwd=tmp_path,
        )
    assert proc.stdin is not None and proc.stdout is not None
    try:
        proc.stdout.close()
        if sends == "initialize":
            request = {"jsonrpc": "2.0", "id": 0, "method": "initialize", "params": CURRENT_INIT}
            proc.stdin.write(json.dumps(request).encode() + b"\n")
            proc.stdin.flush()
        assert proc.wait(timeout=20) == 0  # our end of its stdin is still open
        assert "the client closed our stdout" in log.read_text()
        left = wait_gone(_read_pids(pidfile), timeout=3)
        for pid in left:
            os.kill(pid, signal.SIGKILL)
        assert left == []
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
        proc.stdin.close()


def test_an_over_limit_request_before_initialize_is_answered(start: Any) -> None:
    wrap = start(agent_command("legacy_agent"), "--max-line-bytes", "1024")
    padded = {**CURRENT_INIT, "pad": "x" * 2000}
    answer = wrap.request(0, "initialize", padded)[-1]
    assert answer["error"]["code"] == -32600
    assert answer["error"]["message"] == "Request too large"
    assert wrap.request(1, "initialize", CURRENT_INIT)[-1]["result"]["protocolVersion"] == 1


def test_a_second_signal_kills_the_agent_group_at_once(start: Any, tmp_path: Path) -> None:
    # The launcher's helper ignores SIGTERM and the grace period is long: the first
    # SIGTERM would take two grace periods; the second one must not wait.
    pidfile = tmp_path / "pids"
    command = agent_command("launcher", str(pidfile), *agent_command("legacy_agent"))
    wrap = start(command, "--grace", "30")
    _upgrade_session(wrap, tmp_path)
    pids = _read_pids(pidfile)
    wrap.signal(signal.SIGTERM)
    # The first one is being acted on (two at once could arrive as one signal).
    wrap.stderr_with("shutting down (received SIGTERM)")
    wrap.signal(signal.SIGTERM)
    # At once: the first stop alone would wait out two 30 s grace periods.
    assert wrap.wait(timeout=5) == 128 + signal.SIGTERM
    assert "second stop request: killing the agents now" in wrap.stderr()
    left = wait_gone(pids, timeout=3)
    for pid in left:
        os.kill(pid, signal.SIGKILL)
    assert left == []


@pytest.mark.parametrize("option", ["--trace", "--log-file"])
def test_trace_or_log_file_on_our_stdout_is_refused(option: str) -> None:
    # /dev/stdout is the protocol stream: records there would corrupt it.
    done = subprocess.run(
        [sys.executable, "-m", "acp_compat", "wrap", option, "/dev/stdout", "--", "true"],
        capture_output=True,
        timeout=30,
        stdin=subprocess.DEVNULL,
    )
    assert done.returncode == 2  # a usage error
    assert done.stdout == b""
    assert f"'{option}': '/dev/stdout' is stdout" in done.stderr.decode()


@pytest.mark.skipif(not hasattr(__import__("fcntl"), "F_GETPIPE_SZ"), reason="Linux pipes only")
def test_the_pipe_to_the_client_is_enlarged(tmp_path: Path) -> None:
    """wrap asks for a 256 KiB pipe to the client (io/lines.py says why)."""
    import fcntl

    from acp_compat.io.lines import CLIENT_PIPE_BYTES, enlarge_pipe

    read_end, write_end = os.pipe()
    try:
        assert fcntl.fcntl(read_end, fcntl.F_GETPIPE_SZ) < CLIENT_PIPE_BYTES
        enlarge_pipe(write_end, CLIENT_PIPE_BYTES)
        assert fcntl.fcntl(read_end, fcntl.F_GETPIPE_SZ) == CLIENT_PIPE_BYTES
    finally:
        os.close(read_end)
        os.close(write_end)
    with open(tmp_path / "file", "wb") as file:
        enlarge_pipe(file.fileno(), CLIENT_PIPE_BYTES)  # not a pipe: left as it is
    read_end, write_end = os.pipe()
    try:  # a pipe made larger by the editor is not shrunk
        fcntl.fcntl(write_end, fcntl.F_SETPIPE_SZ, 4 * CLIENT_PIPE_BYTES)
        enlarge_pipe(write_end, CLIENT_PIPE_BYTES)
        assert fcntl.fcntl(read_end, fcntl.F_GETPIPE_SZ) == 4 * CLIENT_PIPE_BYTES
    finally:
        os.close(read_end)
        os.close(write_end)
    relay = Wrap(agent_command("legacy_agent"))
    try:
        relay.send(
            {"jsonrpc": "2.0", "id": 0, "method": "initialize", "params": {"protocolVersion": 1}}
        )
        assert "result" in relay.recv()
        assert relay.proc.stdout is not None
        assert fcntl.fcntl(relay.proc.stdout.fileno(), fcntl.F_GETPIPE_SZ) == CLIENT_PIPE_BYTES
    finally:
        relay.close()
