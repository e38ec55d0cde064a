"""``wrap``'s startup policy end to end: refusal in bounded time, and ``detect`` agreeing.

The policy itself is pinned by ``vectors/startup/``; these run the real ``wrap`` and
``detect`` commands around real processes.
"""

from __future__ import annotations

import json
import re
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from acp_compat.cli.detect import detect
from tests.support.agents.harness import Wrap, agent_command

pytestmark = pytest.mark.timeout(60)

CURRENT_INIT = {
    "protocolVersion": 1,
    "clientCapabilities": {"fs": {"readTextFile": False, "writeTextFile": False}},
}

SILENT = [sys.executable, "-c", "import time; time.sleep(60)"]
"""Alive, reads nothing, answers nothing, ignores the end of its stdin."""

WRONG_ID = [
    sys.executable,
    "-c",
    "import json, sys\n"
    "for line in sys.stdin:\n"
    "    print(json.dumps({'jsonrpc': '2.0', 'id': 'nope', 'result': {}}), flush=True)\n",
]
"""Answers every request, but with an id nobody asked for."""


@pytest.fixture
def wraps() -> Iterator[list[Wrap]]:
    """Relays started by a test, all reaped afterwards."""
    started: list[Wrap] = []
    yield started
    for wrap in started:
        wrap.close()


@pytest.mark.parametrize("argv", [SILENT, WRONG_ID], ids=["silent", "wrong-id"])
def test_an_agent_that_never_answers_is_refused_within_two_probe_timeouts(
    argv: list[str], wraps: list[Wrap], tmp_path: Path
) -> None:
    timeout = 1.0
    # The default grace: the refusal must not wait the normal close of a silent agent.
    wrap = Wrap(argv, "--grace", "2", "--probe-timeout", str(timeout), cwd=str(tmp_path))
    wraps.append(wrap)
    # Timed from the moment wrap reads its stdin (a request before initialize is
    # answered at once), not from the Python interpreter's start.
    early = wrap.request(9, "session/new", {"cwd": str(tmp_path), "mcpServers": []}, timeout=20)
    assert early[-1]["error"]["code"] == -32600
    started = time.monotonic()
    answer = wrap.request(0, "initialize", CURRENT_INIT, timeout=20)[-1]
    status = wrap.wait(timeout=20)
    elapsed = time.monotonic() - started
    assert status == 1
    problem = answer["error"]
    assert problem["code"] == -32603
    assert "no answer within 1 s" in problem["message"]
    assert "--experimental-acp" in problem["message"]
    assert [a["result"] for a in problem["data"]["attempts"]] == ["timeout", "timeout"]
    assert elapsed < 2 * timeout + 1.0, f"refused after {elapsed:.2f} s"


def _legacy(tmp: Path) -> list[str]:
    return [sys.executable, "-m", "acp_compat.examples.legacy_agent", "--auth-file", str(tmp / "a")]


AGENTS: dict[str, Any] = {
    "legacy": _legacy,
    "current": lambda tmp: agent_command("current_agent"),
    "second-probe": lambda tmp: agent_command("rust_legacy_agent"),
    "silent": lambda tmp: SILENT,
    "missing": lambda tmp: ["/nonexistent/agent-command"],
}


def _what_wrap_does(argv: list[str], tmp: Path, wraps: list[Wrap]) -> dict[str, Any]:
    """Run ``wrap`` behind a current editor: its translation, or its refusal's status."""
    wrap = Wrap(argv, "--probe-timeout", "0.5", cwd=str(tmp))
    wraps.append(wrap)
    answer = wrap.request(0, "initialize", CURRENT_INIT, timeout=20)[-1]
    if "error" in answer:
        return {"translation": None, "exitStatus": wrap.wait(timeout=20)}
    wrap.close_stdin()
    assert wrap.wait(timeout=20) == 0
    found = re.search(r"translation: (\w+) \(", wrap.stderr())
    assert found is not None, wrap.stderr()
    return {"translation": found.group(1)}


@pytest.mark.parametrize("name", list(AGENTS))
def test_wrap_and_detect_agree(name: str, wraps: list[Wrap], tmp_path: Path) -> None:
    argv = AGENTS[name](tmp_path)
    result = CliRunner().invoke(detect, ["--json", "--timeout", "0.5", "--", *argv])
    said = json.loads(result.stdout)["wrap"]
    did = _what_wrap_does(argv, tmp_path, wraps)
    assert said["client"] == "current"
    assert said["translation"] == did["translation"]
    if did["translation"] is None:
        assert said["exitStatus"] == did["exitStatus"]
    expected = {
        "legacy": "upgrade",
        "current": "passthrough",
        "second-probe": "upgrade",
        "silent": None,
        "missing": None,
    }
    assert did["translation"] == expected[name]
    assert did.get("exitStatus") in (None, 1 if name == "silent" else 127)
