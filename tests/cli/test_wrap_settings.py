"""``wrap``'s command line: the click command generated from the option table
(cli/wrap_options.py) builds the one settings record (translate/settings.py), and a bad
number is a usage error naming the flag or variable used."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path
from typing import Any
from unittest import mock

import attrs
import click
import pytest

from acp_compat.cli import wrap as wrap_module
from acp_compat.cli.wrap import wrap
from acp_compat.cli.wrap_options import OPTIONS
from acp_compat.translate.probe import Protocol
from acp_compat.translate.settings import WrapSettings
from acp_compat.translate.startup.factory import make_translator
from acp_compat.translate.startup.policy import Decision, Translation
from acp_compat.translate.upgrade import UpgradeTranslator
from acp_compat.translate.upgrade.modes import DEFAULT_MODE
from acp_compat.translate.upgrade.modes import Mode as SessionMode
from tests.support.agents.harness import PYTHON
from tests.support.upgrade_session import first_session


def read_by_click(args: list[str], env: dict[str, str] | None = None) -> WrapSettings:
    """The settings the click command would serve with."""
    captured: list[WrapSettings] = []
    with (
        mock.patch.object(
            wrap_module, "serve", lambda settings, _launch: captured.append(settings)
        ),
        mock.patch.dict(os.environ, env or {}),
    ):
        context = wrap.make_context("wrap", list(args))
        with context:
            wrap.invoke(context)
    return captured[-1]


def test_every_setting_is_an_option_and_every_option_a_setting() -> None:
    settings = {field.name for field in attrs.fields(WrapSettings)}
    options = {option.name for option in OPTIONS}
    assert settings - options == {"command", "version", "given_as"}
    assert options <= settings
    generated = {p.name: p for p in wrap.params if isinstance(p, click.Option)}
    assert set(generated) == options
    for option in OPTIONS:
        assert generated[option.name].envvar == option.variable
        assert option.variable == "ACP_COMPAT_" + option.long_flag[2:].replace("-", "_").upper()


def test_an_editor_command_line_becomes_the_record() -> None:
    read = read_by_click(
        ["-qq", "--agent-protocol", "legacy", "--grace=0.5", "--", "gemini", "--experimental-acp"]
    )
    assert read == WrapSettings(
        command=("gemini", "--experimental-acp"),
        agent_protocol="legacy",
        grace=0.5,
        quiet=2,
        version=read.version,
        given_as={"agent_protocol": "--agent-protocol legacy", "grace": "--grace 0.5"},
    )


def wrap_usage(options: list[str], env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    """The real ``wrap`` with ``options`` and ``env`` around an agent that does nothing."""
    return subprocess.run(
        [PYTHON, "-m", "acp_compat", "wrap", *options, "--", PYTHON, "-c", "pass"],
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        env={**os.environ, **env},
        timeout=60,
    )


def test_a_setting_from_its_variable_is_named_by_it(tmp_path: Path) -> None:
    trace = str(tmp_path / "t.jsonl")
    read = read_by_click(["--", "agent"], {"ACP_COMPAT_TRACE": trace, "ACP_COMPAT_CLIENT_FS": "1"})
    assert read.client_fs is True
    assert read.how_given("trace") == f"ACP_COMPAT_TRACE={trace}"
    assert read.how_given("agent_protocol") == "--agent-protocol auto"  # the default


def test_settings_built_by_hand_name_their_flags() -> None:
    settings = WrapSettings(command=("agent",), agent_protocol="legacy", trace="/tmp/t")
    assert settings.how_given("agent_protocol") == "--agent-protocol legacy"
    assert settings.how_given("trace") == "--trace /tmp/t"
    given = WrapSettings(command=("a",), given_as={"trace": "ACP_COMPAT_TRACE=/tmp/t"})
    assert given.how_given("trace") == "ACP_COMPAT_TRACE=/tmp/t"


def test_an_unreadable_trace_file_is_no_usage_error(tmp_path: Path) -> None:
    """An existing file we may not read is logged by serve() and done without (a file
    planted at a shared path must not stop every run)."""
    path = tmp_path / "trace.jsonl"
    path.write_text("")
    with mock.patch.object(os, "access", lambda *_args, **_kwargs: False):
        read = read_by_click(["--trace", str(path), "--log-file", str(path), "--", "agent"])
    assert read.trace == read.log_file == str(path)


@pytest.mark.parametrize(
    ("options", "env", "named"),
    [
        (["--probe-timeout", "nan"], {}, "'--probe-timeout'"),
        (["--grace", "NaN"], {}, "'--grace'"),
        (["--grace=inf"], {}, "'--grace'"),
        (["--probe-timeout", "-Infinity"], {}, "'--probe-timeout'"),
        (
            [],
            {"ACP_COMPAT_PROBE_TIMEOUT": "nan"},
            "environment variable 'ACP_COMPAT_PROBE_TIMEOUT'",
        ),
        ([], {"ACP_COMPAT_GRACE": "inf"}, "environment variable 'ACP_COMPAT_GRACE'"),
    ],
)
def test_a_number_option_refuses_nan_and_infinity(
    options: list[str], env: dict[str, Any], named: str
) -> None:
    """Through the real command: a usage error (2) naming the flag or the variable, not a
    relay that crashes at its first timer (exit 1)."""
    done = wrap_usage(options, env)
    assert done.returncode == 2, done.stderr
    assert named in done.stderr
    assert "not a finite number of seconds" in done.stderr
    assert done.stdout == ""


def test_the_mode_new_sessions_start_in_reaches_the_upgrade_translator() -> None:
    """``--session-mode`` (or its variable) is the mode of a legacy agent's new sessions: its
    choices are the translator's own modes, and the translator is built with it."""
    generated = {p.name: p for p in wrap.params if isinstance(p, click.Option)}
    assert isinstance(generated["session_mode"].type, click.Choice)
    assert list(generated["session_mode"].type.choices) == [mode.value for mode in SessionMode]
    assert read_by_click(["--", "agent"]).session_mode == DEFAULT_MODE.value
    given = read_by_click(["--session-mode", "acceptEdits", "--", "agent"])
    assert given.session_mode == "acceptEdits"
    settings = read_by_click(["--", "agent"], {"ACP_COMPAT_SESSION_MODE": "readOnly"})
    assert settings.session_mode == "readOnly"
    decision = Decision(
        translation=Translation.UPGRADE,
        agent=Protocol.LEGACY,
        client=Protocol.CURRENT,
        process=0,
        how="auto-detected",
        agent0_initialized={"protocolVersion": "0.0.9", "isAuthenticated": True},
        agent0_next_id=1,
    )
    translator = make_translator(decision, settings, "/tmp")
    assert isinstance(translator, UpgradeTranslator)
    session = first_session(translator, "/tmp")
    assert session["modes"]["currentModeId"] == SessionMode.READ_ONLY.value


def test_an_unknown_mode_is_a_usage_error_naming_the_variable() -> None:
    done = wrap_usage([], {"ACP_COMPAT_SESSION_MODE": "yolo"})
    assert done.returncode == 2, done.stderr
    assert "environment variable 'ACP_COMPAT_SESSION_MODE'" in done.stderr
    assert "'yolo' is not one of 'ask', 'acceptEdits', 'acceptAll', 'readOnly'" in done.stderr
    assert done.stdout == ""
