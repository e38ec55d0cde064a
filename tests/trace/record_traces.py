"""Record the ``wrap --trace`` traces of what the relay decides that ``tests/trace`` checks.

Real startups and shutdowns, each run by ``acp-compat wrap --trace`` in front of a test
agent: an auto-detected downgrade (the legacy probe refused, a fresh process kept, as
agent 0, in current ACP) and the same session with ``--agent-protocol current``; a slow
start (the first process silent, a fresh one kept: the discarded one's ``initialize`` is
still open, with the id the kept one's first request gets); a silent legacy agent (the
second probe kept, serving the first session; one more process for a session in
another folder); an agent that still writes once
the editor has closed its stdin and the relay has given it up (qwen-code does). The
traces go to ``tests/data/traces/relay/`` with the run's temporary folders rewritten to
``/home/user/...`` (the captures' convention); ``tests/trace/test_check.py`` checks them.
Run from the project root::

    python -m tests.trace.record_traces [NAME]...

(A run overwrites the files; the traces differ from one run to the next only in times,
the session ids the agents make up, and the order of what crossed the relay at once.)
"""

from __future__ import annotations

import shutil
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

from tests.support.agents.harness import Wrap, agent_command
from tests.support.legacy_driver import LegacyDriver
from tests.support.paths import ROOT

TRACES = ROOT / "tests" / "data" / "traces" / "relay"
"""Where the recorded traces go (beside the v2 traffic of ``tests.interop.record_traces``)."""

WRAP = [sys.executable, "-m", "acp_compat", "wrap"]
PORTED_AGENT = [sys.executable, "-m", "acp_compat.examples.ported_agent"]
"""The example agent ported to current ACP: tool calls, a permission, a plan."""

CLIENT_FS = {"fs": {"readTextFile": True, "writeTextFile": True}}


def downgrade(*options: str) -> Callable[[Path, Path], None]:
    """A strict legacy client in front of the ported example agent: a turn that edits a
    file (a tool call and its permission, allowed)."""

    def run(work: Path, trace: Path) -> None:
        argv = [*WRAP, "--trace", str(trace), *options, "--", *PORTED_AGENT]
        with LegacyDriver(argv, work, banner=False) as client:
            client.initialize()
            client.turn("edit")

    return run


def slow_start(work: Path, trace: Path) -> None:
    """A legacy client whose ids start at 1 in front of a current agent whose first start
    reads nothing: after half the probe timeout a fresh process gets the current probe,
    answers it and is kept; the first, its ``initialize`` (id 1) unanswered, is left
    behind. The downgrade's first request to the kept process has id 1 too."""
    agent = agent_command("current_agent", "--first-start-waits", str(work / "downloaded"))
    argv = [*WRAP, "--trace", str(trace), "--probe-timeout", "2", "--", *agent]
    with LegacyDriver(argv, work, banner=False, first_id=1) as client:
        client.initialize()
        client.turn("hello")


def current_client(
    agent: list[str], *options: str, folders: tuple[str, ...] = (".",)
) -> Callable[[Path, Path], None]:
    """A current client that offers fs: a session in each of ``folders`` (under the run's
    folder, where the agent is started), a prompt in each, then it closes its stdin (what
    the agent sends after that is read, never answered)."""

    def run(work: Path, trace: Path) -> None:
        wrap = Wrap(agent, "--trace", str(trace), *options, cwd=str(work))
        try:
            init = {"protocolVersion": 1, "clientCapabilities": CLIENT_FS}
            wrap.request(0, "initialize", init, timeout=30)
            for number, folder in enumerate(folders):
                cwd = work / folder
                cwd.mkdir(exist_ok=True)
                ask = 1 + 2 * number
                new = wrap.request(ask, "session/new", {"cwd": str(cwd), "mcpServers": []})
                session = new[-1]["result"]["sessionId"]
                text = [{"type": "text", "text": "echo hi"}]
                wrap.request(ask + 1, "session/prompt", {"sessionId": session, "prompt": text})
            wrap.close_stdin()
            if wrap.wait(20) != 0:
                raise SystemExit(f"wrap failed\n{wrap.stderr()}")
        finally:
            wrap.close()

    return run


SCENARIOS: dict[str, Callable[[Path, Path], None]] = {
    "legacy-client_current-agent_auto": downgrade(),
    "legacy-client_current-agent_forced": downgrade("--agent-protocol", "current"),
    "legacy-client_slow-current-agent": slow_start,
    "current-client_silent-legacy-agent": current_client(
        agent_command("legacy_agent", "--rust"),
        "--probe-timeout",
        "2",
        folders=(".", "second"),
    ),
    "current-client_lost-agent": current_client(agent_command("current_agent", "--late-writes")),
}
"""Each recorded trace's name and how it is run (in its folder, to its trace file)."""


def record(name: str, scratch: Path) -> Path:
    """Run scenario ``name`` in ``scratch``; its trace, rewritten, in :data:`TRACES`."""
    work = scratch / name
    work.mkdir(parents=True)
    trace = scratch / f"{name}.jsonl"
    SCENARIOS[name](work, trace)
    text = trace.read_text(encoding="utf-8")
    for folder, alias in ((work, "/home/user/work"), (ROOT, "/home/user/acp-compat")):
        text = text.replace(str(folder), alias)
    text = text.replace(sys.executable, "/usr/bin/python3")
    target = TRACES / f"{name}.jsonl"
    target.write_text(text, encoding="utf-8")
    return target


def main() -> None:
    """Record every scenario (or those named on the command line)."""
    TRACES.mkdir(parents=True, exist_ok=True)
    scratch = Path(tempfile.mkdtemp(prefix="acp-compat-traces-"))
    try:
        for name in sys.argv[1:] or list(SCENARIOS):
            print(record(name, scratch).relative_to(ROOT))
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


if __name__ == "__main__":
    main()
