"""``acp-compat demo``: the example legacy agent through the real relay, shown as an editor would.

The end-to-end tests run the command in-process (click's runner); it starts
``python -m acp_compat wrap -- python -m acp_compat.examples.legacy_agent`` as a real
subprocess. It renders through :mod:`acp_compat.trace.render`, as ``acp-compat trace`` does;
the renderer's own tests are in ``tests/trace/test_trace_view.py``.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from acp_compat.cli.demo import DEFAULT_PROMPT, demo
from acp_compat.examples.legacy_agent import EDIT_SUFFIX

ANSI = re.compile(r"\x1b\[[0-9;]*m")


def run_demo(*args: str) -> Result:
    return CliRunner().invoke(demo, list(args), catch_exceptions=False)


def project_of(output: str) -> Path:
    """The temporary project the demo named on its first line."""
    match = re.search(r"in (/\S+/project)", output)
    assert match, output
    return Path(match.group(1))


def test_default_demo_reads_edits_and_runs(tmp_path: Path) -> None:
    result = run_demo()
    out = result.stdout
    assert result.exit_code == 0, out + result.stderr
    assert not ANSI.search(out)  # not a terminal: no colours
    assert "initialized: protocolVersion 1" in out
    # Named after the agent it runs; logged in, so no login is offered.
    assert "agent 'acp_compat.examples.legacy_agent (legacy ACP via acp-compat)'" in out
    assert "auth methods: none" in out
    assert f"you: {DEFAULT_PROMPT}" in out
    # Markdown shown as a terminal shows it: "**Planning**" is bold "Planning", no markers.
    assert "thinking: Planning I read the request" in out and "**" not in out
    assert "agent: Hello! I am the example legacy agent, speaking ACP 0.0.9." in out
    # The read: a card whose status changes, with the listing.
    assert "[search] List the working directory  completed (in_progress → completed)" in out
    assert "- hello.txt" in out
    # The edit: permission asked with the relay's options, "Allow" chosen, the diff shown
    # with the absolute path (the relay fixed the legacy basename).
    project = project_of(out)
    assert f"diff {project}/hello.txt" in out
    assert "? permission: Edit hello.txt  [Always Allow Edits] [Allow] [Reject]  -> Allow" in out
    assert "+Edited by the example legacy agent." in out
    assert "[edit] Edit hello.txt  completed (pending → in_progress → completed)" in out
    # The command: its text is on the card although legacy sent content null.
    assert "echo hello" in out.split("[execute]", 1)[1]
    statuses = "completed (pending → in_progress → completed)"
    assert f"[execute] echo hello (Print a greeting)  {statuses}" in out
    assert "== end_turn" in out
    assert repr("hello world\n" + EDIT_SUFFIX) in out
    assert not project.parent.exists()  # the temporary directory is removed


def test_reject_leaves_the_file_and_fails_the_cards() -> None:
    result = run_demo("--permission", "reject")
    out = result.stdout
    assert result.exit_code == 0, out + result.stderr
    assert out.count("-> Reject") == 2
    assert "[edit] Edit hello.txt  failed (pending → failed)" in out
    assert "The edit to hello.txt was not applied." in out
    assert "The command was not run." in out
    assert repr("hello world\n") in out


def test_cancel_at_the_permission_ends_the_turn_cancelled() -> None:
    result = run_demo("--permission", "cancel")
    out = result.stdout
    assert result.exit_code == 1
    assert "-> cancelled" in out
    assert "== cancelled" in out
    assert "[execute]" not in out  # the turn stopped at the first prompt


def test_colours_only_when_asked_or_on_a_terminal() -> None:
    coloured = run_demo("--color", "--prompt", "hello")
    assert coloured.exit_code == 0
    assert "\x1b[2m\x1b[3mthinking: " in coloured.stdout  # thoughts dimmed
    plain = run_demo("--no-color", "--prompt", "hello")
    assert plain.exit_code == 0 and not ANSI.search(plain.stdout)
    assert normalise(ANSI.sub("", coloured.stdout)) == normalise(plain.stdout)


def normalise(out: str) -> str:
    """The output with what differs between runs (directory, session id) replaced."""
    out = out.replace(project_of(out).as_posix(), "P")
    return re.sub(r"session \S+", "session S", out)


def test_prompt_option_and_fs_served_by_the_editor() -> None:
    result = run_demo("--prompt", "cat and write")
    out = result.stdout
    assert result.exit_code == 0, out + result.stderr
    assert "you: cat and write" in out
    assert "(editor: served hello.txt to the agent)" in out
    assert "hello.txt holds:\nhello world\n" in out
    assert "(editor: wrote notes.txt for the agent)" in out
    assert "[search]" not in out and "permission" not in out


def test_login_flow() -> None:
    result = run_demo("--login", "--prompt", "hello")
    out = result.stdout
    assert result.exit_code == 0, out + result.stderr
    assert "session/new: authentication required; logging in with 'legacy-login'" in out
    assert "== end_turn" in out


def test_an_agent_error_fails_the_demo() -> None:
    result = run_demo("--prompt", "fail")
    assert result.exit_code == 1
    assert "error: session/prompt failed: -32603" in result.stderr
    assert "Simulated model failure" in result.stderr


def test_an_agent_crash_is_reported() -> None:
    result = run_demo("--prompt", "crash")
    assert result.exit_code == 1
    assert "error: session/prompt failed: -32603" in result.stderr
    assert "simulated crash" in result.stderr


def test_timeout_stops_the_demo_and_keep_keeps_the_project() -> None:
    result = run_demo("--prompt", "slow", "--timeout", "1", "--keep")
    assert result.exit_code == 1
    assert "did not finish within 1 s" in result.stderr
    kept = re.search(r"project kept in (\S+)", result.stderr)
    assert kept
    project = Path(kept.group(1))
    try:
        assert (project / "hello.txt").read_text(encoding="utf-8") == "hello world\n"
    finally:
        import shutil

        shutil.rmtree(project.parent)


@pytest.mark.parametrize("permission", ["maybe"])
def test_bad_permission_is_a_usage_error(permission: str) -> None:
    result = CliRunner().invoke(demo, ["--permission", permission])
    assert result.exit_code == 2
    assert "Invalid value for '--permission'" in result.output
