"""``wrap`` started as an unlucky machine starts it (issue 20, items 5-7): a standard
descriptor closed, or a working directory that no longer exists. Through the real
command (``python -m acp_compat wrap``), as an editor runs it (cli/launch.py holds the
rules; docs/behaviour.md §6 states them)."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path
from typing import Any

from tests.support.agents.harness import agent_command, reap, start_faulty

INITIALIZE = {
    "jsonrpc": "2.0",
    "id": 0,
    "method": "initialize",
    "params": {"protocolVersion": 1, "clientCapabilities": {}},
}


def _line(message: dict[str, Any]) -> bytes:
    return json.dumps(message).encode() + b"\n"


def _talk(proc: subprocess.Popen[bytes], *messages: dict[str, Any]) -> list[bytes]:
    """Send ``messages``, end the input, and every line the relay wrote to stdout."""
    out, _err = proc.communicate(b"".join(map(_line, messages)), timeout=60)
    return out.splitlines()


def test_stdin_closed_at_start_is_end_of_input(tmp_path: Path) -> None:
    """The duplicate that keeps stdout must not take fd 0: the relay would read its own
    output and never see the end of its input."""
    proc = start_faulty(["-q"], agent_command("legacy_agent"), cwd=tmp_path, closed=(0,))
    try:
        assert proc.wait(30) == 0
        assert proc.stdout is not None and proc.stdout.read() == b""
    finally:
        reap(proc)


def test_stdout_closed_at_start_exits_cleanly(tmp_path: Path) -> None:
    """Nobody can read an answer: exit 0 as when the client closes our stdout, no
    traceback (it was an AttributeError, exit 1)."""
    proc = start_faulty(
        ["-v"], agent_command("legacy_agent"), cwd=tmp_path, closed=(1,), stderr=subprocess.PIPE
    )
    try:
        _out, err = proc.communicate(_line(INITIALIZE), timeout=60)
        assert proc.returncode == 0, err
        assert b"Traceback" not in err
        assert b"stdout was closed at start" in err
    finally:
        reap(proc)


def test_stderr_closed_at_start_keeps_stdout_protocol_only(tmp_path: Path) -> None:
    """With fd 2 closed, the duplicate of stdout took its number, and every log record
    and the agent's stderr went into the protocol stream."""
    proc = start_faulty(["-vv"], agent_command("legacy_agent"), cwd=tmp_path, closed=(2,))
    session_new = {
        "jsonrpc": "2.0",
        "id": 1,
        "method": "session/new",
        "params": {"cwd": str(tmp_path), "mcpServers": []},
    }
    try:
        lines = _talk(proc, INITIALIZE, session_new)
        assert proc.returncode == 0
        messages = [json.loads(line) for line in lines]  # nothing but JSON
        assert all(m.get("jsonrpc") == "2.0" for m in messages), lines
        assert [m.get("id") for m in messages] == [0, 1]
        assert all("result" in m for m in messages), messages
    finally:
        reap(proc)


def test_a_deleted_working_directory_still_answers_initialize(tmp_path: Path) -> None:
    """``cd D && rmdir D && acp-compat wrap ...``: the agent starts in ``/``, the editor's
    initialize is answered, and a session in a directory that exists works."""
    gone = tmp_path / "moved-project"
    gone.mkdir()
    project = tmp_path / "project"
    project.mkdir()
    proc = start_faulty(
        [], agent_command("legacy_agent"), cwd=gone, delete_cwd=True, stderr=subprocess.PIPE
    )
    session_new = {
        "jsonrpc": "2.0",
        "id": 1,
        "method": "session/new",
        "params": {"cwd": str(project), "mcpServers": []},
    }
    try:
        assert proc.stdin is not None and proc.stdout is not None
        messages = []
        for message in (INITIALIZE, session_new):  # each answered before the input ends
            proc.stdin.write(_line(message))
            proc.stdin.flush()
            messages.append(json.loads(proc.stdout.readline()))
        _out, err = proc.communicate(timeout=60)
        assert not gone.exists()
        assert proc.returncode == 0, err
        assert [m.get("id") for m in messages] == [0, 1]
        assert messages[0]["result"]["protocolVersion"] == 1
        assert "sessionId" in messages[1]["result"]
        assert b"working directory no longer exists" in err
        assert b"Traceback" not in err
    finally:
        reap(proc)
