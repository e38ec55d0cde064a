"""Colour decisions and styled spans for terminals (``acp_compat.cli.terminal``), inline
markdown (``acp_compat.trace.render``), and
``acp-compat demo`` in a real pseudo-terminal: colour by default, none under ``NO_COLOR``
or ``TERM=dumb``."""

from __future__ import annotations

import io
import os
import pty
import re
import subprocess
import sys

import pytest

from acp_compat.cli.terminal import colour_wanted, paint, paint_span
from acp_compat.trace.render import InlineMarkdown, Span

ESCAPE = re.compile(rb"\x1b")


class _Tty(io.StringIO):
    def isatty(self) -> bool:
        return True


@pytest.mark.parametrize(
    ("choice", "env", "tty", "expected"),
    [
        (None, {}, True, True),
        (None, {}, False, False),
        (None, {"NO_COLOR": "1"}, True, False),
        (None, {"NO_COLOR": ""}, True, True),  # no-color.org: only a non-empty value counts
        (None, {"TERM": "dumb"}, True, False),
        (True, {"NO_COLOR": "1", "TERM": "dumb"}, False, True),  # an explicit --color wins
        (False, {}, True, False),
    ],
)
def test_colour_wanted(
    choice: bool | None,
    env: dict[str, str],
    tty: bool,
    expected: bool,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.delenv("NO_COLOR", raising=False)
    monkeypatch.setenv("TERM", "xterm-256color")
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    stream = _Tty() if tty else io.StringIO()
    assert colour_wanted(choice, stream) is expected


def _render(chunks: list[str]) -> list[Span]:
    markdown = InlineMarkdown()
    spans = [span for chunk in chunks for span in markdown.feed(chunk)]
    return spans + markdown.end()


def _merged(spans: list[Span]) -> list[tuple[str, bool, bool]]:
    """Adjacent spans of the same style joined (chunk boundaries do not matter)."""
    out: list[tuple[str, bool, bool]] = []
    for span in spans:
        if out and out[-1][1:] == (span.bold, span.code):
            out[-1] = (out[-1][0] + span.text, span.bold, span.code)
        else:
            out.append((span.text, span.bold, span.code))
    return out


@pytest.mark.parametrize(
    "chunks",
    [
        ["**Planning** read `a*b.txt`, 2 * 3"],
        ["*", "*Planning*", "* read `a", "*b.txt`, 2 * 3"],
        ["**Plan", "ning** read ", "`a*b.txt`", ", 2 *", " 3"],
    ],
)
def test_inline_markdown_bold_and_code_however_chunked(chunks: list[str]) -> None:
    assert _merged(_render(chunks)) == [
        ("Planning", True, False),
        (" read ", False, False),
        ("a*b.txt", False, True),
        (", 2 * 3", False, False),
    ]


def test_inline_markdown_lone_star_at_the_end_is_kept_and_state_resets() -> None:
    markdown = InlineMarkdown()
    assert markdown.feed("**open") == [Span("open", bold=True)]
    assert markdown.feed(" 5 *") == [Span(" 5 ", bold=True)]
    assert markdown.end() == [Span("*", bold=True)]
    assert markdown.feed("next") == [Span("next")]  # a new message starts plain


def test_span_styles_only_what_it_must() -> None:
    assert paint_span(Span("x")) == "x"
    assert paint_span(Span("x", bold=True)) == "\x1b[1mx\x1b[0m"
    assert paint_span(Span("x", dim=True)) == "\x1b[2mx\x1b[0m"
    assert paint_span(Span("x", code=True)) == "\x1b[36mx\x1b[0m"
    assert paint((Span("a", bold=True), Span("b")), False) == "ab"


def _demo_in_a_pty(env_changes: dict[str, str | None]) -> bytes:
    """Run ``acp-compat demo --prompt hello`` with stdout and stderr on a pseudo-terminal."""
    env = dict(os.environ)
    env.pop("NO_COLOR", None)
    env["TERM"] = "xterm-256color"
    for name, value in env_changes.items():
        if value is None:
            env.pop(name, None)
        else:
            env[name] = value
    leader, follower = pty.openpty()
    try:
        process = subprocess.Popen(
            [sys.executable, "-m", "acp_compat", "demo", "--prompt", "hello"],
            stdin=subprocess.DEVNULL,
            stdout=follower,
            stderr=follower,
            env=env,
        )
    finally:
        os.close(follower)
    output = bytearray()
    try:
        while True:
            try:
                data = os.read(leader, 65536)
            except OSError:  # EIO: every writer of the terminal is gone
                break
            if not data:
                break
            output += data
    finally:
        os.close(leader)
        status = process.wait(timeout=60)
    assert status == 0, output.decode(errors="replace")
    assert b"Hello! I am the example legacy agent" in output
    return bytes(output)


def test_demo_on_a_terminal_is_coloured() -> None:
    # The control: on a terminal, without NO_COLOR, the demo does colour.
    assert ESCAPE.search(_demo_in_a_pty({}))


@pytest.mark.parametrize("env", [{"NO_COLOR": "1"}, {"TERM": "dumb"}])
def test_demo_on_a_terminal_respects_no_color_and_dumb_terminals(env: dict[str, str]) -> None:
    output = _demo_in_a_pty(dict(env))
    assert not ESCAPE.search(output), output[:400]
