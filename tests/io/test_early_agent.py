"""``wrap``'s agent starts at launch (acp_compat/io/launched_agent.py, acp_compat/cli/launch.py).

The command line is read for the agent command before click is imported; the relay then
takes that process as agent 0. Whatever happens instead (a usage error, a different
command, a signal before the relay runs), no process is left behind and no signal lost.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import uuid
from pathlib import Path

import click
import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from acp_compat.cli.wrap import wrap
from acp_compat.cli.wrap_options import agent_command as launch_command
from tests.support.agents.harness import PYTHON, Wrap, agent_command

TOKENS = st.sampled_from(
    [
        "--",
        "-q",
        "-qq",
        "-vq",
        "-x",
        "-",
        "--help",
        "-h",
        "--verbose",
        "--client-fs",
        "--no-client-fs",
        "--client-fs=1",
        "--agent-protocol",
        "--agent-protocol=legacy",
        "--grace",
        "--grace=1",
        "--trace",
        "--unknown",
        "legacy",
        "1",
        "agent",
        "--experimental-acp",
    ]
)


def click_command(args: list[str]) -> list[str] | None:
    """The COMMAND click reads from ``args``, or ``None`` for a usage error or help."""
    try:
        context = wrap.make_context("wrap", list(args), resilient_parsing=False)
    except (click.exceptions.Exit, click.UsageError, click.exceptions.Abort):
        return None
    return list(context.params["command"])


@settings(max_examples=400, deadline=None)
@given(st.lists(TOKENS, max_size=7))
@example(["--", "gemini", "--experimental-acp"])
@example(["-qq", "--agent-protocol", "legacy", "--", "agent"])
@example(["--trace", "--", "agent"])
@example(["agent", "--", "-q"])
def test_a_command_found_at_launch_is_the_one_click_reads(args: list[str]) -> None:
    """Whenever the launch reader starts a command, click reads the same command (or
    refuses the command line, and the launched agent is discarded)."""
    command = launch_command(args)
    if command is not None:
        assert click_command(args) in (command, None)


def _stray(marker: str) -> list[int]:
    """Processes whose command line holds ``marker``."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                if marker.encode() in (entry / "cmdline").read_bytes():
                    found.append(int(entry.name))
            except OSError:
                continue
    return found


def test_the_launch_agent_is_the_relays_agent_0(tmp_path: Path) -> None:
    starts = tmp_path / "starts"
    command = ["sh", "-c", f'echo $$ >> {starts}; exec "$@"', "sh", *agent_command("legacy_agent")]
    relay = Wrap(command, "--agent-protocol", "legacy")
    try:
        relay.send(
            {"jsonrpc": "2.0", "id": 0, "method": "initialize", "params": {"protocolVersion": 1}}
        )
        assert "result" in relay.recv()
    finally:
        relay.close()
    # Started once: the relay took the launch agent instead of starting another.
    assert len(starts.read_text().split()) == 1


@pytest.mark.parametrize(
    ("options", "env"),
    [
        (["--probe-timeout", "0"], {}),  # below its minimum
        ([], {"ACP_COMPAT_GRACE": "soon"}),  # not a number
    ],
)
def test_a_usage_error_leaves_no_agent_behind(options: list[str], env: dict[str, str]) -> None:
    marker = f"acp-compat-test-{uuid.uuid4()}"
    done = subprocess.run(
        [PYTHON, "-m", "acp_compat", "wrap", *options, "--", "sh", "-c", "sleep 30", marker],
        stdin=subprocess.DEVNULL,
        capture_output=True,
        env={**os.environ, **env},
        timeout=60,
    )
    assert done.returncode == 2, done.stderr
    assert _stray(marker) == []


HELD_SIGNAL = """
import signal, sys
from acp_compat.io.launched_agent import LaunchedAgent
launched = LaunchedAgent(["sh", "-c", "sleep 30", sys.argv[1]])
assert launched.process is not None
# Held, not fatal, while the launched agent waits (its handler has run on return).
signal.raise_signal(signal.SIGTERM)
if sys.argv[2] == "relay":
    print(launched.handlers_replaced(), flush=True)  # the relay's handlers took over
    launched.discard()
    print("alive", flush=True)
else:
    launched.discard()  # nobody took the agent: it goes, and the signal acts as always
    print("not reached", flush=True)
"""


@pytest.mark.parametrize("taken_over", [True, False])
def test_a_signal_before_the_relay_runs_is_held_not_lost(taken_over: bool) -> None:
    marker = f"acp-compat-test-{uuid.uuid4()}"
    done = subprocess.run(
        [sys.executable, "-c", HELD_SIGNAL, marker, "relay" if taken_over else "exit"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    if taken_over:
        assert done.stdout.split() == [str(int(signal.SIGTERM)), "alive"]
        assert done.returncode == 0
    else:
        assert done.stdout == ""
        assert done.returncode == -signal.SIGTERM
    assert _stray(marker) == []


def test_the_collector_is_paused_only_for_the_start_up() -> None:
    """wrap turns the garbage collector off at launch and on once the editor has its answer."""
    relay = Wrap(agent_command("legacy_agent"), "-vv", "--agent-protocol", "legacy")
    try:
        relay.send(
            {"jsonrpc": "2.0", "id": 0, "method": "initialize", "params": {"protocolVersion": 1}}
        )
        assert "result" in relay.recv()
        resumed = "the garbage collector runs again"
        assert resumed in relay.stderr_with(resumed)
    finally:
        relay.close()


COLLECTOR = """
import gc
from acp_compat.cli.launch import CollectorPause
pause = CollectorPause()
print(gc.isenabled())
pause.resume()
print(gc.isenabled())
gc.disable()  # paused by someone else: not ours to resume
CollectorPause().resume()
print(gc.isenabled())
"""


def test_the_collector_is_resumed_only_if_the_launch_paused_it() -> None:
    done = subprocess.run(
        [sys.executable, "-c", COLLECTOR], capture_output=True, text=True, timeout=60, check=True
    )
    assert done.stdout.split() == ["False", "True", "False"]
