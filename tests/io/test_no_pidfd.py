"""``wrap`` where the OS has no pidfd (macOS, Linux before 5.3): agent exits are then
noticed by polling. The relay runs with ``os.pidfd_open`` removed, so this path is tested
on every platform, not only where it is the only one."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from tests.support.agents.harness import agent_command

pytestmark = pytest.mark.timeout(60)

# Runs `acp-compat wrap ARGS...` in a Python where pidfd_open does not exist.
WITHOUT_PIDFD = (
    "import os, sys\n"
    "os.__dict__.pop('pidfd_open', None)\n"
    "assert not hasattr(os, 'pidfd_open')\n"
    "from acp_compat.cli.main import main\n"
    "sys.argv = ['acp-compat', 'wrap', *sys.argv[1:]]\n"
    "main()\n"
)


def _converse(
    command: list[str], messages: list[dict[str, Any]], cwd: Path
) -> tuple[int, list[Any]]:
    """Send ``messages``, read until every request is answered, then close stdin; the
    relay's exit status and everything it wrote."""
    process = subprocess.Popen(
        [sys.executable, "-c", WITHOUT_PIDFD, "--grace", "0.5", "--", *command],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
        cwd=cwd,
    )
    assert process.stdin is not None and process.stdout is not None
    out: list[Any] = []
    try:
        process.stdin.write("".join(json.dumps(m) + "\n" for m in messages))
        process.stdin.flush()
        waiting = {m["id"] for m in messages}
        while waiting:
            line = process.stdout.readline()
            if not line:
                break
            out.append(json.loads(line))
            waiting.discard(out[-1].get("id"))
        process.stdin.close()
        out += [json.loads(line) for line in process.stdout.read().splitlines()]
        status = process.wait(timeout=45)
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
        if not process.stdin.closed:
            process.stdin.close()
        process.stdout.close()
    return status, out


def _request(id: int, method: str, params: dict[str, Any]) -> dict[str, Any]:
    return {"jsonrpc": "2.0", "id": id, "method": method, "params": params}


def test_the_platform_had_pidfd_to_remove() -> None:
    # Where there is no pidfd at all, the other tests already run the polling path.
    if sys.platform.startswith("linux"):
        assert hasattr(os, "pidfd_open")


def test_a_full_upgrade_turn_without_pidfd(tmp_path: Path) -> None:
    status, out = _converse(
        agent_command("legacy_agent"),
        [
            _request(0, "initialize", {"protocolVersion": 1, "clientCapabilities": {}}),
            _request(1, "session/new", {"cwd": str(tmp_path), "mcpServers": []}),
        ],
        tmp_path,
    )
    assert status == 0
    assert out[0]["result"]["protocolVersion"] == 1
    assert "sessionId" in out[1]["result"]


def test_an_agent_exit_is_noticed_without_pidfd(tmp_path: Path) -> None:
    # Passthrough: the agent's exit ends the relay with its status, seen by polling.
    status, out = _converse(
        agent_command("current_agent"),
        [
            _request(0, "initialize", {"protocolVersion": 1, "clientCapabilities": {}}),
            _request(1, "session/new", {"cwd": str(tmp_path), "mcpServers": []}),
            _request(
                2,
                "session/prompt",
                {"sessionId": "s1", "prompt": [{"type": "text", "text": "die"}]},
            ),
        ],
        tmp_path,
    )
    assert out[0]["result"]["protocolVersion"] == 1
    assert status == 4
