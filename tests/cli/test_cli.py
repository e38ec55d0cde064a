"""Command-line conventions: the top-level help lists every command's description whole,
and ``--log-level`` (beside ``-v``/``-q``) decides what ``wrap`` logs."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

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
    """What ``wrap OPTIONS`` logs for one initialize (the agent's own stderr aside)."""
    init = {"jsonrpc": "2.0", "id": 0, "method": "initialize", "params": {"protocolVersion": 1}}
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
        assert process.stdin is not None and process.stdout is not None
        process.stdin.write(json.dumps(init) + "\n")
        process.stdin.flush()
        answer = json.loads(process.stdout.readline())
        # The editor leaves once it has its answer, as one that closes the chat would.
        _, stderr = process.communicate(timeout=30)
    assert process.returncode == 0, stderr
    assert answer["result"]["protocolVersion"] == 1
    return "\n".join(line for line in stderr.splitlines() if " acp-compat " in line)


def test_log_level_none_debug_and_the_default(tmp_path: Path) -> None:
    assert _wrap_log(tmp_path, "--log-level", "none") == ""
    default = _wrap_log(tmp_path)
    assert "INFO" in default and "DEBUG" not in default
    assert "DEBUG" in _wrap_log(tmp_path, "--log-level", "debug")
    quiet = _wrap_log(tmp_path, "--log-level", "debug", "-q", "-q")
    assert "INFO" not in quiet and "DEBUG" not in quiet
