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

SLOW_START = 20.0
"""How long the slow agents below are silent: four times the 5 s the first probe waits
alone, as a launcher downloading the agent is."""


def _slow(argv: list[str]) -> list[str]:
    """``argv`` behind a wrapper that sleeps :data:`SLOW_START` seconds, then execs it."""
    wrapper = (
        "import os, sys, time; time.sleep(float(sys.argv[1])); os.execv(sys.argv[2], sys.argv[2:])"
    )
    return [sys.executable, "-c", wrapper, str(SLOW_START), *argv]


def _relay_events(trace: Path) -> list[dict[str, Any]]:
    """The event records of a trace, each with its ``agent``."""
    records = [json.loads(line) for line in trace.read_text().splitlines()]
    return [{"agent": r.get("agent"), **r["event"]} for r in records if r["dir"] == "relay"]


@pytest.fixture
def wraps() -> Iterator[list[Wrap]]:
    """Relays started by a test, all reaped afterwards."""
    started: list[Wrap] = []
    yield started
    for wrap in started:
        wrap.close()


LOADED_MACHINE_MARGIN = 5.0
"""Seconds a busy machine may add to a documented bound before a test calls it broken."""


@pytest.mark.parametrize("argv", [SILENT, WRONG_ID], ids=["silent", "wrong-id"])
def test_an_agent_that_never_answers_is_refused_within_the_probe_timeout(
    argv: list[str], wraps: list[Wrap], tmp_path: Path
) -> None:
    timeout = 1.0
    trace = tmp_path / "trace.jsonl"
    # A grace far beyond the bound: a refusal that waited --grace for the silent probe
    # processes (not the moment they get) would take over 30 s, so even with a loaded
    # machine's margin the bound tells the two apart.
    options = ("--grace", "30", "--probe-timeout", str(timeout), "--trace", str(trace))
    wrap = Wrap(argv, *options, cwd=str(tmp_path))
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
    # behaviour.md §6: wrap exits within the probe timeout plus a second.
    bound = timeout + 1.0
    assert elapsed < bound + LOADED_MACHINE_MARGIN, f"refused after {elapsed:.2f} s"
    events = _relay_events(trace)
    assert {"agent": None, "type": "startup_finished", "status": 1} in events


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
    # Long enough for a second Python process to start and answer after half of it.
    wrap = Wrap(argv, "-v", "--probe-timeout", "2", cwd=str(tmp))
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
    result = CliRunner().invoke(detect, ["--json", "--timeout", "2", "--", *argv])
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


@pytest.mark.timeout(120)
def test_agents_slow_to_start_are_detected_with_the_defaults_and_serve_a_session(
    wraps: list[Wrap], tmp_path: Path
) -> None:
    """Legacy and current agents silent for 20 s (both at once: the waits overlap): the
    process that got the editor's initialize is kept and answers it, the other protocol's
    probe started beside it after 5 s is discarded, and a session is served. The trace
    says so."""
    agents = {
        "upgrade": _slow(agent_command("legacy_agent")),
        "passthrough": _slow(agent_command("current_agent")),
    }
    started = {}
    for translation, argv in agents.items():
        trace = tmp_path / f"{translation}.jsonl"
        started[translation] = wrap = Wrap(argv, "--trace", str(trace), cwd=str(tmp_path))
        wraps.append(wrap)
        wrap.send({"jsonrpc": "2.0", "id": 0, "method": "initialize", "params": CURRENT_INIT})
    for translation, wrap in started.items():
        answer = wrap.recv(timeout=SLOW_START + 30)
        assert answer["id"] == 0 and answer["result"]["protocolVersion"] == 1, answer
        new = wrap.request(1, "session/new", {"cwd": str(tmp_path), "mcpServers": []})[-1]
        session = new["result"]["sessionId"]
        prompt = {"sessionId": session, "prompt": [{"type": "text", "text": "echo slow"}]}
        turn = wrap.request(2, "session/prompt", prompt, timeout=20)
        assert turn[-1]["result"]["stopReason"] == "end_turn", turn
        texts = [
            m["params"]["update"]["content"]["text"]
            for m in turn
            if m.get("method") == "session/update"
            and m["params"]["update"]["sessionUpdate"] == "agent_message_chunk"
        ]
        assert "slow" in "".join(texts)
        wrap.close_stdin()
        assert wrap.wait(timeout=20) == 0
        events = _relay_events(tmp_path / f"{translation}.jsonl")
        discarded = [e for e in events if e["type"] == "probe_discarded"]
        assert discarded == [
            {
                "agent": 1,
                "type": "probe_discarded",
                "protocol": "legacy",
                "reason": "the current initialize was answered first",
            }
        ]
        chosen = [e for e in events if e["type"] == "translation"]
        assert chosen == [
            {
                "agent": 0,
                "type": "translation",
                "translation": translation,
                "agent_protocol": "legacy" if translation == "upgrade" else "current",
                "client_protocol": "current",
                "process": 0,
                "how": "auto-detected",
            }
        ]
        assert {"agent": None, "type": "client_closed", "stream": "stdin"} in events
