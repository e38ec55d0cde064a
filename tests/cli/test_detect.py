"""``acp-compat detect``: protocol identification against real processes.

Agents: the example legacy agent (a TypeScript-like legacy agent that answers a current
probe in legacy), a tiny current agent, and a Rust-like legacy agent that never answers
an integer protocol version (so detect must time out and restart in legacy).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from acp_compat.cli.detect import detect, human_report
from acp_compat.examples.legacy_agent import BANNER
from tests.support.agents.harness import wait_gone
from tests.support.paths import AGENTS

LEGACY = [sys.executable, "-m", "acp_compat.examples.legacy_agent"]
CURRENT = [sys.executable, str(AGENTS / "detect_current_agent.py")]
RUST_LEGACY = [sys.executable, str(AGENTS / "rust_legacy_agent.py")]


def run_detect(*args: str) -> tuple[int, str, str]:
    """Run the command in-process; return its exit code, stdout and stderr."""
    result = CliRunner().invoke(detect, list(args), catch_exceptions=False)
    return result.exit_code, result.stdout, result.stderr


def run_json(*args: str) -> tuple[int, dict[str, Any]]:
    code, out, _ = run_detect("--json", *args)
    data: dict[str, Any] = json.loads(out)
    return code, data


def test_example_legacy_agent_is_legacy_0_0_9(tmp_path: Path) -> None:
    code, data = run_json("--", *LEGACY, "--auth-file", str(tmp_path / "auth"))
    assert code == 0
    assert data["identified"] is True
    assert data["protocol"] == "legacy"
    assert data["protocolVersion"] == "0.0.9"
    assert data["authenticated"] is True
    # The legacy agent ignored the current probe's params and answered in its protocol.
    assert [a["probe"] for a in data["attempts"]] == ["current"]
    assert data["attempts"][0]["outcome"] == "answered"
    assert data["stdoutNoise"] == [BANNER]


def test_legacy_login_state_and_version_are_reported(tmp_path: Path) -> None:
    auth = str(tmp_path / "auth")
    code, data = run_json(
        "--", *LEGACY, "--require-auth", "--auth-file", auth, "--protocol", "0.0.10"
    )
    assert code == 0
    assert data["authenticated"] is False
    assert data["protocolVersion"] == "0.0.10"
    code, out, _ = run_detect("--", *LEGACY, "--require-auth", "--auth-file", auth)
    assert code == 0
    assert "legacy ACP 0.0.9" in out
    assert "Authenticated:  no" in out


def test_current_agent_reports_its_advertisements() -> None:
    code, data = run_json("--", *CURRENT)
    assert code == 0
    assert data["protocol"] == "current"
    assert data["protocolVersion"] == 1
    assert data["agentInfo"] == {
        "name": "tiny-current-agent",
        "title": "Tiny current agent",
        "version": "1.0.0",
    }
    assert data["authMethods"] == []
    assert data["authenticated"] is True
    assert data["agentCapabilities"]["promptCapabilities"]["image"] is True
    assert data["stdoutNoise"] == []


def test_current_agent_with_auth_methods_in_human_form() -> None:
    code, out, _ = run_detect("--", *CURRENT, "--auth")
    assert code == 0
    assert "current ACP (protocolVersion 1)" in out
    assert "Agent:          Tiny current agent 1.0.0" in out
    assert "agent-login ('Log in')" in out
    assert "Authenticated:  unknown" in out
    assert "promptCapabilities.image" in out and "promptCapabilities.audio" not in out
    _, data = run_json("--", *CURRENT, "--auth")
    assert data["authenticated"] is None
    assert [m["id"] for m in data["authMethods"]] == ["agent-login"]


def test_a_silent_rust_legacy_agent_is_probed_in_legacy_beside_it() -> None:
    """The Rust legacy agent drops the current initialize without a word: after half the
    timeout a second process gets the legacy probe and answers it; the first, still
    silent, is discarded."""
    code, data = run_json("--timeout", "2", "--", *RUST_LEGACY)
    assert code == 0
    assert data["protocol"] == "legacy"
    assert data["authenticated"] is False
    assert [(a["probe"], a["outcome"]) for a in data["attempts"]] == [
        ("legacy", "answered"),
        ("current", "discarded"),
    ]
    assert data["attempts"][1]["detail"] == "the legacy initialize was answered first"


def test_a_process_that_is_no_agent_is_not_identified() -> None:
    code, data = run_json("--", sys.executable, "-c", "print('hello, I am no agent')")
    assert code == 1
    assert data["identified"] is False and data["protocol"] is None
    assert [(a["probe"], a["outcome"]) for a in data["attempts"]] == [
        ("current", "exited"),
        ("legacy", "exited"),
    ]
    assert data["attempts"][0]["returncode"] == 0
    assert "hello, I am no agent" in data["stdoutNoise"]


def test_an_agent_that_errors_in_both_protocols_is_not_identified() -> None:
    script = (
        "import json, sys\n"
        "for line in sys.stdin:\n"
        "    m = json.loads(line)\n"
        "    print(json.dumps({'jsonrpc': '2.0', 'id': m['id'],"
        " 'error': {'code': -32603, 'message': 'nope'}}), flush=True)\n"
        "    sys.stderr.write('refused\\n')\n"
    )
    code, out, _ = run_detect("--", sys.executable, "-c", script)
    assert code == 1
    assert "not identified" in out
    assert out.count("-> error") == 2 and "-32603 nope" in out
    assert "refused" in out  # the agent's stderr tail is shown


def test_a_request_before_the_answer_is_held_as_wrap_holds_it() -> None:
    """detect runs wrap's driver: an agent's request during the probe waits for the translation,
    unanswered, so an agent that will not answer initialize before it hears back is
    refused by both (an answer from detect would have let it through)."""
    script = (
        "import json, sys\n"
        "first = json.loads(sys.stdin.readline())\n"
        "ask = {'jsonrpc': '2.0', 'id': 99, 'method': 'fs/read_text_file', 'params': {}}\n"
        "print(json.dumps(ask), flush=True)\n"
        "if sys.stdin.readline():\n"
        "    answer = {'protocolVersion': 1, 'agentCapabilities': {}, 'authMethods': []}\n"
        "    print(json.dumps({'jsonrpc': '2.0', 'id': first['id'], 'result': answer}))\n"
    )
    code, data = run_json("--timeout", "0.5", "--", sys.executable, "-c", script)
    assert code == 1
    assert [a["outcome"] for a in data["attempts"]] == ["timeout", "timeout"]
    assert data["wrap"]["translation"] is None and data["wrap"]["exitStatus"] == 1
    assert data["stdoutNoise"] == []


def test_a_missing_command_fails_clearly() -> None:
    code, data = run_json("--", "/nonexistent/agent-command")
    assert code == 1
    assert [a["outcome"] for a in data["attempts"]] == ["start-failed"]
    code, _, err = run_detect("--", "/nonexistent/agent-command")
    assert code == 1
    assert "cannot start '/nonexistent/agent-command'" in err


def test_a_command_is_required() -> None:
    result = CliRunner().invoke(detect, [])
    assert result.exit_code == 2
    assert "Missing argument" in result.output


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="needs /proc")
def test_the_agent_and_its_children_are_gone_afterwards(tmp_path: Path) -> None:
    pids = tmp_path / "pids"
    # A launcher (like npx) that leaves a child behind and then runs the agent.
    launcher = (
        "import os, subprocess, sys\n"
        "child = subprocess.Popen(['sleep', '60'])\n"
        f"open({str(pids)!r}, 'w').write(f'{{os.getpid()}} {{child.pid}}')\n"
        "os.execv(sys.executable, [sys.executable, '-m', 'acp_compat.examples.legacy_agent',"
        f" '--auth-file', {str(tmp_path / 'auth')!r}])\n"
    )
    code, data = run_json("--", sys.executable, "-c", launcher)
    assert code == 0 and data["protocol"] == "legacy"
    assert wait_gone([int(pid) for pid in pids.read_text().split()]) == []


def test_the_relay_around_a_legacy_agent_speaks_current(tmp_path: Path) -> None:
    wrapped = [*LEGACY, "--auth-file", str(tmp_path / "auth")]
    code, data = run_json("--", sys.executable, "-m", "acp_compat", "wrap", "--", *wrapped)
    assert code == 0
    assert data["protocol"] == "current" and data["protocolVersion"] == 1
    # The editor sees the agent's name, and that acp-compat runs it.
    assert data["agentInfo"]["name"] == "acp_compat.examples.legacy_agent"
    assert data["agentInfo"]["title"].endswith("(legacy ACP via acp-compat)")
    # Logged in (the example agent needs no login by default): no login method offered.
    assert data["authMethods"] == [] and data["authenticated"] is True
    assert data["stdoutNoise"] == []  # the relay keeps the agent's banner off stdout


def test_the_relay_offers_a_login_only_when_the_legacy_agent_needs_one(tmp_path: Path) -> None:
    wrapped = [*LEGACY, "--require-auth", "--auth-file", str(tmp_path / "auth")]
    code, data = run_json("--", sys.executable, "-m", "acp_compat", "wrap", "--", *wrapped)
    assert code == 0
    assert [m["id"] for m in data["authMethods"]] == ["legacy-login"]
    assert data["authenticated"] is None  # a current agent with a login method may need it


def test_a_v2_agent_is_named_in_human_form() -> None:
    """The person reading detect's report is told what --json says: v2, its version,
    info and capabilities (it read "not identified")."""
    data = {
        "protocol": "v2",
        "protocolVersion": 2,
        "agentInfo": {"name": "v2-agent", "version": "0.1"},
        "authMethods": [],
        "agentCapabilities": {"session": {"close": {}}},
        "attempts": [],
        "wrap": {"client": "current", "translation": "v2_downgrade", "description": "x"},
        "stdoutNoise": [],
    }
    lines = human_report(data)
    assert lines[:4] == [
        "Protocol:       ACP v2 (draft) (protocolVersion 2)",
        "Agent:          v2-agent 0.1",
        "Authenticated:  yes (no auth methods advertised)",
        "Capabilities:   session.close",
    ]
