"""What goes to a person's terminal: whether to colour it, and inline markdown as styles.

Colour follows the common conventions, in this order: an explicit ``--color``/``--no-color``
wins; else ``NO_COLOR`` set to anything but the empty string turns it off (no-color.org);
else ``TERM=dumb`` turns it off; else colour only when the stream is a terminal.

Agents write markdown. A terminal shows ``**Planning**`` as bold "Planning" and
```` `hello.txt` ```` as styled "hello.txt", never the markers, so :class:`InlineMarkdown`
turns those two spans into styles while the text streams in, chunk by chunk.
"""

from __future__ import annotations

import os
from typing import TextIO

import click

from acp_compat._define import frozen


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


@frozen
class Span:
    """A piece of text and the inline styles markdown gave it."""

    text: str
    bold: bool = False
    code: bool = False

    def styled(self, **base: bool) -> str:
        """The text with its styles over ``base`` (``dim``, ``italic``...) as ANSI codes."""
        if not self.bold and not self.code and not any(base.values()):
            return self.text
        return click.style(
            self.text, bold=self.bold or None, fg="cyan" if self.code else None, **base
        )


class InlineMarkdown:
    """Streaming renderer of ``**bold**`` and ```` `code` ```` spans (markers dropped).

    Feed it the chunks of one message in order; a marker split across two chunks (``*``
    then ``*Planning``) is held back until the next chunk tells what it is. Inside a code
    span ``*`` is literal. :meth:`end` flushes what was held and resets for the next
    message; an unclosed span simply ends with the message.
    """

    def __init__(self) -> None:
        self._bold = False
        self._code = False
        self._held = ""

    def feed(self, text: str) -> list[Span]:
        """The spans of ``text`` that can be shown now."""
        text = self._held + text
        self._held = ""
        spans: list[Span] = []
        plain: list[str] = []

        def flush() -> None:
            if plain:
                spans.append(Span("".join(plain), self._bold, self._code))
                plain.clear()

        index = 0
        while index < len(text):
            char = text[index]
            if char == "`":
                flush()
                self._code = not self._code
            elif char == "*" and not self._code:
                if index + 1 == len(text):
                    self._held = "*"  # maybe the first half of "**"
                elif text[index + 1] == "*":
                    flush()
                    self._bold = not self._bold
                    index += 1
                else:
                    plain.append(char)
            else:
                plain.append(char)
            index += 1
        flush()
        return spans

    def end(self) -> list[Span]:
        """What is still held (a lone ``*``), then a fresh state for the next message."""
        held = [Span(self._held, self._bold, self._code)] if self._held else []
        self._bold = self._code = False
        self._held = ""
        return held
