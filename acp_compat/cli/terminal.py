"""What goes to a person's terminal: made safe, whether to colour it, spans as colours.

Everything ``acp-compat trace`` (every view, ``--check`` included) and ``acp-compat demo``
print for a person goes through :func:`paint`, and so through :func:`terminal_safe`: the
text in a trace is what peers wrote, and a terminal acts on control characters (an OSC 52
sequence writes the clipboard, OSC 0 the window title, CSI 2J clears the screen), so every
one of them is shown escaped, whether the output is a terminal or a pipe.

Colour follows the common conventions, in this order: an explicit ``--color``/``--no-color``
wins; else ``NO_COLOR`` set to anything but the empty string turns it off (no-color.org);
else ``TERM=dumb`` turns it off; else colour only when the stream is a terminal.

The lines themselves come from :mod:`acp_compat.trace.render` as spans of text with a
style; :func:`paint` writes one as ANSI codes (markdown's inline code in cyan).
"""

from __future__ import annotations

import os
import re
from typing import TextIO

import click

from acp_compat.trace.render import Line, Span

_UNSAFE = re.compile(
    "[\x00-\x08\x0a-\x1f\x7f-\x9f"  # C0 but tab, DEL, C1 (U+009B is a one-character CSI)
    "\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069"  # bidirectional controls: hide text
    "\u2028\u2029"  # line and paragraph separators
    "\ud800-\udfff]"  # lone surrogates (legal JSON, no UTF-8 can carry them)
)
"""The characters a terminal may act on or that hide what follows. A tab is kept: it only
moves to the next stop, and agents' code is full of them."""

_NAMED = {"\n": "\\n", "\r": "\\r"}


def _escaped(match: re.Match[str]) -> str:
    char = match.group()
    code = ord(char)
    return _NAMED.get(char) or (f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}")


def terminal_safe(text: str) -> str:
    """``text`` with every control character shown escaped (``\\x1b``, ``\\x9b``,
    ``\\u202e``, ``\\ud800``, ``\\n``), so what a peer wrote cannot act on the terminal.
    What it returns is printable as it is, and the same again through it."""
    if text.isprintable() or _UNSAFE.search(text) is None:  # (the first a C-speed pass)
        return text
    return _UNSAFE.sub(_escaped, text)


def colour_wanted(choice: bool | None, stream: TextIO) -> bool:
    """Whether to colour ``stream``: ``choice`` if given, else the environment and a tty."""
    if choice is not None:
        return choice
    if os.environ.get("NO_COLOR") or os.environ.get("TERM") == "dumb":
        return False
    try:
        return stream.isatty()
    except (AttributeError, ValueError):  # a closed or replaced stream
        return False


color_option = click.option(
    "--color/--no-color",
    default=None,
    help="Colour the output [default: on a terminal, unless NO_COLOR is set or TERM=dumb].",
)
"""The ``--color``/``--no-color`` option of a command that prints for a person: its value is
:func:`colour_wanted`'s ``choice``."""


def paint_span(span: Span) -> str:
    """A span's text, made safe, with its style as ANSI codes (none when it has no style)."""
    text = terminal_safe(span.text)
    fg = span.fg or ("cyan" if span.code else None)
    if not (fg or span.bold or span.dim or span.italic):
        return text
    return click.style(
        text, fg=fg, bold=span.bold or None, dim=span.dim or None, italic=span.italic or None
    )


def paint(line: Line, colour: bool) -> str:
    """A line as a terminal shows it, made safe: coloured, or its plain text."""
    if not colour:
        return terminal_safe("".join(span.text for span in line))
    return "".join(paint_span(span) for span in line)
