"""Command-line conventions: the top-level help lists every command's description whole,
and ``--log-level`` (beside ``-v``/``-q``) decides what ``wrap`` logs."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any, cast

import click
import pytest

from acp_compat.cli.main import COMMANDS, main
from acp_compat.cli.wrap_serve import LOG_LEVELS, log_level
from tests.support.agents.harness import agent_command


def _squash(text: str) -> str:
    return "".join(text.split())


def test_top_level_help_keeps_every_description_whole() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "acp_compat", "--help"],
        capture_output=True,
        text=True,
        timeout=30,
        check=True,
    )
    listing = _squash(done.stdout[done.stdout.index("Commands:") :])
    assert "..." not in listing
    for name, (_module, summary) in COMMANDS.items():
        assert _squash(f"{name}{summary}") in listing, name
    # Every command in the table is a real one, and has a summary that is a sentence.
    for name in COMMANDS:
        assert main.get_command(click.Context(main), name) is not None
        assert COMMANDS[name][1].endswith(".")


@pytest.mark.parametrize(
    ("name", "verbose", "quiet", "expected"),
    [
        ("info", 0, 0, "info"),
        ("info", 1, 0, "debug"),
        ("info", 5, 0, "debug"),
        ("info", 0, 1, "warning"),
        ("info", 0, 3, "none"),
        ("error", 0, 1, "none"),
        ("none", 2, 0, "warning"),
        ("debug", 0, 0, "debug"),
    ],
)
def test_log_level_with_v_and_q(name: str, verbose: int, quiet: int, expected: str) -> None:
    assert log_level(name, verbose, quiet) == LOG_LEVELS[expected]


def _wrap_log(tmp_path: Path, *options: str) -> str:
    """What ``wrap OPTIONS`` logs for a session's turn (the agent's own stderr aside)."""
    environment = {k: v for k, v in os.environ.items() if not k.startswith("ACP_COMPAT_")}
    command = [sys.executable, "-m", "acp_compat", "wrap", *options, "--"]
    with subprocess.Popen(
        [*command, *agent_command("legacy_agent")],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        cwd=tmp_path,
        env=environment,
    ) as process:
        stdin, stdout = process.stdin, process.stdout
        assert stdin is not None and stdout is not None

        def ask(request_id: int, method: str, params: dict[str, Any]) -> dict[str, Any]:
            request = {"jsonrpc": "2.0", "id": request_id, "method": method, "params": params}
            stdin.write(json.dumps(request) + "\n")
            stdin.flush()
            while "id" not in (answer := json.loads(stdout.readline())):
                pass  # the turn's updates
            return cast(dict[str, Any], answer)

        assert ask(0, "initialize", {"protocolVersion": 1})["result"]["protocolVersion"] == 1
        new = ask(1, "session/new", {"cwd": str(tmp_path), "mcpServers": []})
        prompt = [{"type": "text", "text": "echo hi"}]
        turn = ask(2, "session/prompt", {"sessionId": new["result"]["sessionId"], "prompt": prompt})
        assert turn["result"]["stopReason"] == "end_turn"
        # The editor leaves once it has its answer, as one that closes the chat would.
        _, stderr = process.communicate(timeout=30)
    assert process.returncode == 0, stderr
    return "\n".join(line for line in stderr.splitlines() if " acp-compat " in line)


def test_log_level_none_debug_and_the_default(tmp_path: Path) -> None:
    """By default ``wrap`` logs only what needs the user (warnings, errors): editors such
    as agent-shell show every stderr line as a notice, and a session that goes well has
    none. ``-v`` adds what it does (the translation, agents started and ended)."""
    assert _wrap_log(tmp_path, "--log-level", "none") == ""
    assert _wrap_log(tmp_path) == ""
    verbose = _wrap_log(tmp_path, "-v")
    assert "INFO" in verbose and "DEBUG" not in verbose
    assert "translation: upgrade (legacy agent, current client)" in verbose
    assert "DEBUG" in _wrap_log(tmp_path, "--log-level", "debug")
    quiet = _wrap_log(tmp_path, "--log-level", "debug", "-q", "-q")
    assert "INFO" not in quiet and "DEBUG" not in quiet
