"""Markdown acp-compat writes around a peer's text, for both translators: code fences and
spans no text inside can close, link labels and targets that end where they should, and
a one-line heading a peer's string cannot break out of.

A peer's strings (file contents, paths, URIs, names) go into text the other peer reads
as markdown (a legacy agent's prompt, a legacy client's card). Each helper here keeps
that text from being read as markup of acp-compat's own: a fenced block headed by a URI
holding a newline and a fence must not end early, nor open a block of its own.
"""

from __future__ import annotations

import re

_BACKTICK_RUN = re.compile(r"`+")
_CONTROLS = "\x00-\x1f\x7f-\x9f\u2028\u2029"
"""Characters that end a line for some reader (C0 and C1 controls, the Unicode line and
paragraph separators), or are no text at all."""
_LINE_BREAKING = re.compile(f"[{_CONTROLS}]")
_UNSAFE_IN_LINK = re.compile(f"[\\s<>{_CONTROLS}]")
_UNSAFE_IN_HEADING = re.compile(f"[`~{_CONTROLS}]")
"""What may not stand in a fence's heading line: a line break, or a fence marker."""


def _percent(match: re.Match[str]) -> str:
    """The matched character percent-encoded (``~`` too, which ``quote`` keeps)."""
    return "".join(f"%{byte:02X}" for byte in match.group().encode("utf-8"))


def backticks_for(text: str, least: int) -> str:
    """A backtick run longer than any in ``text`` (and at least ``least`` long): as a fence
    or code span delimiter it cannot be closed early by the text inside."""
    longest = max(
        (match.end() - match.start() for match in _BACKTICK_RUN.finditer(text)), default=0
    )
    return "`" * max(least, longest + 1)


def inline_code(text: str) -> str:
    """``text`` as a markdown code span, whatever backticks it holds."""
    ticks = backticks_for(text, 1)
    if ticks == "`":
        return f"`{text}`"
    # CommonMark strips one space on each side of a padded span.
    return f"{ticks} {text} {ticks}"


def link(label: str, uri: str) -> str:
    """A markdown link that ends where it should: brackets in the label escaped, a URI with
    whitespace or angle brackets percent-encoded, one with parentheses in ``<>``."""
    label = re.sub(r"([\\\[\]])", r"\\\1", one_line(label))
    uri = _UNSAFE_IN_LINK.sub(_percent, uri)
    if "(" in uri or ")" in uri:
        uri = f"<{uri}>"
    return f"[{label}]({uri})"


def one_line(text: str) -> str:
    """``text`` on one line: every character that could end it (controls, line and
    paragraph separators) percent-encoded, as a URI holds them anyway."""
    return _LINE_BREAKING.sub(_percent, text)


def fenced(heading: str, text: str) -> str:
    """``text`` in a fenced block under ``heading`` (a URI), built in one copy of ``text``
    (an embedded file may be tens of megabytes). The heading is one line with its line
    breaks and fence markers (backticks, tildes) percent-encoded, so it can neither end
    the block early nor open one; the fence is longer than any backtick run inside."""
    fence = backticks_for(text, 3)
    newline = "" if text.endswith("\n") or not text else "\n"
    heading = _UNSAFE_IN_HEADING.sub(_percent, heading)
    return "".join((heading, "\n", fence, "\n", text, newline, fence))
