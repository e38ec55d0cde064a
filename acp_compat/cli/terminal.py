"""What goes to a person's terminal: whether to colour it, and styled spans as colours.

Colour follows the common conventions, in this order: an explicit ``--color``/``--no-color``
wins; else ``NO_COLOR`` set to anything but the empty string turns it off (no-color.org);
else ``TERM=dumb`` turns it off; else colour only when the stream is a terminal.

The lines themselves come from :mod:`acp_compat.trace.render` as spans of text with a
style; :func:`paint` writes one as ANSI codes (markdown's inline code in cyan).
"""

from __future__ import annotations

import os
from typing import TextIO

import click

from acp_compat.trace.render import Line, Span


def colour_wanted(choice: bool | None, stream: TextIO) -> bool:
    """Whether to colour ``stream``: ``choice`` if given, else the environment and a tty."""
    if choice is not None:
        return choice
    if os.environ.get("NO_COLOR"):
        return False
    if os.environ.get("TERM") == "dumb":
        return False
    try:
        return stream.isatty()
    except (AttributeError, ValueError):  # a closed or replaced stream
        return False


def paint_span(span: Span) -> str:
    """A span's text with its style as ANSI codes (none when it has no style)."""
    fg = span.fg or ("cyan" if span.code else None)
    if not (fg or span.bold or span.dim or span.italic):
        return span.text
    return click.style(
        span.text, fg=fg, bold=span.bold or None, dim=span.dim or None, italic=span.italic or None
    )


def paint(line: Line, colour: bool) -> str:
    """A line as a terminal shows it: coloured, or its plain text."""
    if not colour:
        return "".join(span.text for span in line)
    return "".join(paint_span(span) for span in line)
