"""A plain ``wrap`` command line is read without click (cli/wrap_settings.py): whatever
that reader accepts, click reads the same way, to the last setting."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any
from unittest import mock

import attrs
import click
import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from acp_compat.cli import wrap as wrap_module
from acp_compat.cli.wrap import wrap
from acp_compat.cli.wrap_settings import WrapSettings, read_plainly

# Per option: plain valid values, values at its bounds, and values click converts or
# refuses in ways the plain reader must leave to it.
VALUES: dict[str, list[str]] = {
    "--agent-protocol": ["auto", "legacy", "current", "LEGACY", ""],
    "--probe-timeout": ["5", "0.1", "0.05", "0", "1.5", "1e1", " 5", "-1"],
    "--max-line-bytes": ["1024", "1023", "4096", "0", "1_024", "+2048"],
    "--max-read-bytes": ["1", "0", "100", "-5"],
    "--grace": ["0", "2", "0.5", "-0.5", "nan"],
    "--cwd": ["/tmp", "."],
    "--auth-method": ["token", "", "--"],
    "--trace": ["/tmp/acp-compat-test-trace.jsonl", "/tmp", "/dev/stdout", ""],
    "--log-file": ["/tmp/acp-compat-test-log.txt", "/tmp", ""],
    "--log-level": ["none", "error", "warning", "info", "debug", "Debug"],
}
FLAGS = ["--client-fs", "--no-client-fs", "--verbose", "--quiet", "-q", "-qq", "-v", "-vq"]
ODD = ["--help", "-h", "--other", "-x", "--client-fs=1"]


@st.composite
def command_lines(draw: st.DrawFn) -> list[str]:
    args: list[str] = []
    for _ in range(draw(st.integers(0, 4))):
        kind = draw(st.sampled_from(["value", "value", "joined", "flag", "flag", "odd"]))
        if kind in ("value", "joined"):
            option = draw(st.sampled_from(sorted(VALUES)))
            value = draw(st.sampled_from(VALUES[option]))
            args += [option, value] if kind == "value" else [f"{option}={value}"]
        elif kind == "flag":
            args.append(draw(st.sampled_from(FLAGS)))
        else:
            args.append(draw(st.sampled_from(ODD)))
    if draw(st.integers(0, 3)):
        args.append("--")
    args += draw(st.sampled_from([["agent"], ["agent", "--flag"], ["-q", "agent"], []]))
    return args


def strict(read: WrapSettings | None) -> object:
    """Settings compared with their types (``2 == 2.0``, but a grace of 2.0 is no 2)."""
    if read is None:
        return None
    return [(name, type(value), value) for name, value in attrs.asdict(read).items()]


def read_by_click(args: list[str], captured: list[WrapSettings]) -> WrapSettings | None:
    """The settings the click command would serve with (``None``: a usage error)."""
    try:
        context = wrap.make_context("wrap", list(args))
        with context:
            context.invoke(wrap, **context.params)
    except (click.exceptions.Exit, click.UsageError):
        return None
    return captured[-1]


@settings(max_examples=1000, deadline=None)
@given(command_lines())
@example(["--agent-protocol", "legacy", "-qq", "--", "gemini", "--experimental-acp"])
@example(["--trace=/tmp/t.jsonl", "--log-level", "debug", "agent"])
@example(["--grace", "0", "--probe-timeout", "0.1", "--max-read-bytes", "1", "--", "agent"])
def test_what_is_read_without_click_is_what_click_reads(args: list[str]) -> None:
    captured: list[WrapSettings] = []
    plain = read_plainly(args, {})
    if plain is not None:
        with mock.patch.object(wrap_module, "serve", captured.append):
            assert strict(read_by_click(args, captured)) == strict(plain)


def test_a_plain_editor_command_line_is_read_without_click() -> None:
    read = read_plainly(
        ["-qq", "--agent-protocol", "legacy", "--", "gemini", "--experimental-acp"], {}
    )
    assert read == WrapSettings(
        command=("gemini", "--experimental-acp"),
        agent_protocol="legacy",
        quiet=2,
        given_as={"agent_protocol": "--agent-protocol legacy"},
    )


@pytest.mark.parametrize(
    ("args", "environ"),
    [
        (["--", "agent"], {"ACP_COMPAT_GRACE": "1"}),  # variables: click reads them
        (["--cwd", "/tmp", "--", "agent"], {}),  # resolved by click
        (["--grace", "1", "--grace", "2", "--", "agent"], {}),  # given twice
        (["--probe-timeout", "1e1", "--", "agent"], {}),  # a number click converts
        (["--trace", "/dev/stdout", "--", "agent"], {}),  # a usage error click reports
        (["--help"], {}),
        (["--"], {}),
    ],
)
def test_anything_unusual_is_left_to_click(args: list[str], environ: dict[str, Any]) -> None:
    assert read_plainly(args, environ) is None


def test_the_readers_cover_every_setting() -> None:
    fields = {a.name for a in attrs.fields(WrapSettings)} - {"command", "given_as"}
    assert fields == {
        p.name for p in wrap.params if isinstance(p, click.Option) and p.name != "help"
    }


def test_a_plain_trace_names_the_flag(tmp_path: Path) -> None:
    trace = str(tmp_path / "t.jsonl")
    read = read_plainly(["--trace", trace, "--", "agent"], {})
    assert read is not None
    assert read.given_as == {"agent_protocol": "--agent-protocol auto", "trace": f"--trace {trace}"}
    assert os.path.basename(read.trace or "") == "t.jsonl"


def test_settings_built_by_hand_name_their_flags() -> None:
    settings = WrapSettings(command=("agent",), agent_protocol="legacy", trace="/tmp/t")
    assert settings.how_given("agent_protocol") == "--agent-protocol legacy"
    assert settings.how_given("trace") == "--trace /tmp/t"
    given = WrapSettings(command=("a",), given_as={"trace": "ACP_COMPAT_TRACE=/tmp/t"})
    assert given.how_given("trace") == "ACP_COMPAT_TRACE=/tmp/t"


def test_an_unreadable_trace_file_is_read_alike(tmp_path: Path) -> None:
    """An existing file we may not read is no usage error on either path: serve() logs it
    and goes on (a file planted at a shared path must not stop every run)."""
    path = tmp_path / "trace.jsonl"
    path.write_text("")
    args = ["--trace", str(path), "--log-file", str(path), "--", "agent"]
    captured: list[WrapSettings] = []
    with mock.patch.object(os, "access", lambda *_args, **_kwargs: False):
        plain = read_plainly(args, {})
        assert plain is not None
        with mock.patch.object(wrap_module, "serve", captured.append):
            assert strict(read_by_click(args, captured)) == strict(plain)
