"""Every row of ``wrap``'s exit-status table, tested on the real command, and the table
itself: the same in ``wrap --help`` and in the README."""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from acp_compat.cli.wrap import EXIT_STATUSES
from tests.support.agents.harness import Wrap, agent_command
from tests.support.paths import ROOT

pytestmark = pytest.mark.timeout(60)

README = ROOT / "README.md"
CURRENT_INIT = {"protocolVersion": 1, "clientCapabilities": {}}
LEGACY_INIT = {"protocolVersion": "0.0.9"}


@pytest.fixture
def start(tmp_path: Path) -> Iterator[Any]:
    """Start ``wrap`` around an agent; every relay is reaped afterwards."""
    started: list[Wrap] = []

    def start(command: list[str], *options: str) -> Wrap:
        wrap = Wrap(command, *options, cwd=str(tmp_path))
        started.append(wrap)
        return wrap

    yield start
    for wrap in started:
        wrap.close()


def _python(code: str) -> list[str]:
    return [sys.executable, "-c", code]


def _readme_rows() -> list[tuple[str, str]]:
    text = README.read_text(encoding="utf-8")
    section = text[text.index("#### Exit status") :]
    section = section[: section.index("\n#", 1)]
    return re.findall(r"^\| `([^`]+)` \| (.+) \|$", section, flags=re.MULTILINE)


def _help_rows() -> list[tuple[str, str]]:
    done = subprocess.run(
        [sys.executable, "-m", "acp_compat", "wrap", "--help"],
        capture_output=True,
        text=True,
        timeout=30,
        check=True,
    )
    table = done.stdout[done.stdout.index("Exit status:") :].splitlines()[1:]
    rows: list[tuple[str, str]] = []
    for line in table:
        status, _, rest = line.strip().partition(" ")
        if line.startswith("    ") and not line.startswith("     " * 2) and status:
            rows.append((status, rest.strip()))
        elif line.strip():
            rows[-1] = (rows[-1][0], f"{rows[-1][1]} {line.strip()}")
    return rows


def test_the_table_is_the_same_in_the_help_and_the_readme() -> None:
    assert _help_rows() == list(EXIT_STATUSES)
    assert _readme_rows() == list(EXIT_STATUSES)


def test_behaviour_md_says_what_the_table_says_of_a_file_that_cannot_be_opened() -> None:
    """behaviour.md §6 words the statuses again in prose: for ``2`` it says, as the table
    and the code do (``tests/io/test_relay.py``), that a ``--trace`` or ``--log-file``
    that cannot be opened is logged and done without, not a usage error."""
    text = (ROOT / "docs" / "behaviour.md").read_text(encoding="utf-8")
    bullet = text[text.index("* Exit status: ") :]
    bullet = " ".join(bullet[: bullet.index("\n* ")].split())
    assert "one that cannot be opened is logged and done without" in dict(EXIT_STATUSES)["2"]
    usage = bullet[bullet.index("`2` for usage errors") :]
    assert usage.startswith(
        "`2` for usage errors, including a `--trace` or `--log-file` naming stdout (one that"
        " cannot be opened is logged and done without"
    )


def test_0_the_editor_closed_stdin(start: Any) -> None:
    wrap = start(agent_command("legacy_agent"))
    assert wrap.request(0, "initialize", CURRENT_INIT)[-1]["result"]["protocolVersion"] == 1
    wrap.close_stdin()
    assert wrap.wait() == 0


@pytest.mark.parametrize(
    "agent",
    [
        # Prints, exits 0 and never answers: not a success.
        _python("print(1)"),
        # Stays alive and never answers: refused once the probes time out.
        _python("import time; print('banner', flush=True); time.sleep(30)"),
    ],
    ids=["exits-0-without-answering", "never-answers"],
)
def test_1_the_agent_answered_initialize_in_neither_protocol(start: Any, agent: list[str]) -> None:
    wrap = start(agent, "--probe-timeout", "0.3")
    answer = wrap.request(0, "initialize", CURRENT_INIT, timeout=20)[-1]
    assert "could not tell which protocol" in answer["error"]["message"]
    assert wrap.wait(20) == 1
    assert "answered initialize in neither protocol" in wrap.stderr()


@pytest.mark.parametrize(
    ("args", "env", "named", "not_named"),
    [
        ([], {}, "Missing argument 'COMMAND...'", None),
        (["--probe-timeout", "0", "--", "true"], {}, "'--probe-timeout'", "ACP_COMPAT_"),
        (
            ["--", "true"],
            {"ACP_COMPAT_PROBE_TIMEOUT": "0"},
            "environment variable 'ACP_COMPAT_PROBE_TIMEOUT'",
            "--probe-timeout",
        ),
        (
            ["--", "true"],
            {"ACP_COMPAT_LOG_FILE": "/dev/stdout"},
            "environment variable 'ACP_COMPAT_LOG_FILE'",
            "--log-file",
        ),
        (["--log-level", "loud", "--", "true"], {}, "'--log-level'", "ACP_COMPAT_"),
        (["--trace", "/dev/stdout", "--", "true"], {}, "stdout, which carries only", None),
    ],
    ids=["no-command", "flag", "variable", "log-file-variable", "log-level", "stdout"],
)
def test_2_usage_errors_name_the_flag_or_the_variable_used(
    args: list[str], env: dict[str, str], named: str, not_named: str | None, tmp_path: Path
) -> None:
    missing = str(tmp_path / "missing-dir" / "file")
    environment = {k: v for k, v in os.environ.items() if not k.startswith("ACP_COMPAT_")}
    environment.update({k: v.format(missing=missing) for k, v in env.items()})
    done = subprocess.run(
        [sys.executable, "-m", "acp_compat", "wrap", *[a.format(missing=missing) for a in args]],
        capture_output=True,
        text=True,
        timeout=30,
        stdin=subprocess.DEVNULL,
        env=environment,
    )
    assert done.returncode == 2, done.stderr
    assert done.stdout == ""
    assert named in done.stderr
    if not_named is not None:
        assert not_named not in done.stderr


@pytest.mark.parametrize(
    ("args", "env", "named"),
    [
        (["--trace", "{missing}"], {}, "--trace {missing}:"),
        ([], {"ACP_COMPAT_LOG_FILE": "{missing}"}, "ACP_COMPAT_LOG_FILE={missing}:"),
    ],
    ids=["trace-flag", "log-file-variable"],
)
def test_0_a_file_that_cannot_be_opened_is_logged_naming_what_was_used(
    args: list[str], env: dict[str, str], named: str, tmp_path: Path
) -> None:
    # Not a usage error: the editor keeps its agent (the relay serves without the file).
    missing = str(tmp_path / "missing-dir" / "file")
    environment = {k: v for k, v in os.environ.items() if not k.startswith("ACP_COMPAT_")}
    environment.update({k: v.format(missing=missing) for k, v in env.items()})
    command = [
        sys.executable,
        "-m",
        "acp_compat",
        "wrap",
        *[a.format(missing=missing) for a in args],
    ]
    with subprocess.Popen(
        [*command, "--", *agent_command("legacy_agent")],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        cwd=tmp_path,
        env=environment,
    ) as process:
        assert process.stdin is not None and process.stdout is not None
        init = {"jsonrpc": "2.0", "id": 0, "method": "initialize", "params": CURRENT_INIT}
        process.stdin.write(json.dumps(init) + "\n")
        process.stdin.flush()
        assert json.loads(process.stdout.readline())["result"]["protocolVersion"] == 1
        _, stderr = process.communicate(timeout=30)
    assert process.returncode == 0
    assert named.format(missing=missing) in stderr
    assert "No such file or directory" in stderr


def test_n_the_agent_of_a_passthrough_relay_ends_with_its_own_status(start: Any) -> None:
    wrap = start(agent_command("current_agent"))
    assert wrap.request(0, "initialize", CURRENT_INIT)[-1]["result"]["protocolVersion"] == 1
    session = wrap.request(1, "session/new", {"cwd": "/", "mcpServers": []})[-1]["result"]
    wrap.send(
        {
            "jsonrpc": "2.0",
            "id": 2,
            "method": "session/prompt",
            "params": {
                "sessionId": session["sessionId"],
                "prompt": [{"type": "text", "text": "die"}],
            },
        }
    )
    assert wrap.wait(20) == 4


def test_n_the_agent_of_a_downgrade_relay_ends_with_its_own_status(start: Any) -> None:
    wrap = start(agent_command("current_agent"))
    assert wrap.request(0, "initialize", LEGACY_INIT)[-1]["result"]["isAuthenticated"] is True
    wrap.send(
        {
            "jsonrpc": "2.0",
            "id": 1,
            "method": "sendUserMessage",
            "params": {"chunks": [{"text": "die"}]},
        }
    )
    assert wrap.wait(20) == 4


@pytest.mark.parametrize(
    ("agent", "status"),
    [
        (_python("import sys; sys.exit(3)"), 3),
        (["/usr/bin/env", "no-such-agent-command-anywhere"], 127),  # a launcher's own 127
        (_python("import os, signal; os.kill(os.getpid(), signal.SIGKILL)"), 128 + 9),
    ],
    ids=["status-3", "launcher-127", "killed-by-sigkill"],
)
def test_n_an_agent_that_fails_before_answering_passes_its_status_on(
    start: Any, agent: list[str], status: int
) -> None:
    wrap = start(agent, "--probe-timeout", "2")
    answer = wrap.request(0, "initialize", CURRENT_INIT, timeout=20)[-1]
    assert answer["error"]["code"] == -32603
    assert wrap.wait(20) == status


def test_127_the_agent_cannot_be_started_and_says_why(start: Any) -> None:
    wrap = start(["/nonexistent/agent-command", "--acp"])
    answer = wrap.request(0, "initialize", CURRENT_INIT)[-1]
    assert "/nonexistent/agent-command" in answer["error"]["message"]
    assert wrap.wait() == 127
    assert "No such file or directory" in wrap.stderr()


def test_127_says_why_on_stderr_even_when_no_initialize_comes(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "acp_compat", "wrap", "--", "no-such-agent-command-anywhere"],
        capture_output=True,
        text=True,
        timeout=30,
        stdin=subprocess.DEVNULL,
        cwd=tmp_path,
    )
    assert done.returncode == 127
    assert "no-such-agent-command-anywhere" in done.stderr
    assert "No such file or directory" in done.stderr


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGINT, signal.SIGHUP])
def test_128_plus_n_after_a_signal(start: Any, sig: signal.Signals) -> None:
    wrap = start(agent_command("legacy_agent"))
    assert wrap.request(0, "initialize", CURRENT_INIT)[-1]["result"]["protocolVersion"] == 1
    wrap.signal(sig)
    assert wrap.wait(20) == 128 + sig


def test_128_plus_n_after_a_signal_while_the_probe_waits(start: Any) -> None:
    """A stop during startup answers the initialize and ends cleanly: the startup policy,
    which has no agents to be told about, is not treated as a translator."""
    wrap = start([sys.executable, "-c", "import time; time.sleep(30)"], "-v")
    wrap.send({"jsonrpc": "2.0", "id": 0, "method": "initialize", "params": CURRENT_INIT})
    assert "probing" in wrap.stderr_with("probing")
    wrap.signal(signal.SIGTERM)
    answer = wrap.recv(20)
    assert answer["id"] == 0 and answer["error"]["code"] == -32603
    assert wrap.wait(20) == 128 + signal.SIGTERM
    text = wrap.stderr()
    assert "internal error" not in text and "Traceback" not in text, text
