"""Current prompt content blocks → legacy ``sendUserMessage`` chunks, and a session's title.

behaviour.md §2 ("session/prompt") is the mapping, block by block. The shape of it: a
legacy chunk holds text or a path, so a ``file:`` link or blob becomes a ``{path}`` (a
path the agent reads itself; a raw URI would be resolved as a relative file name), other
links and embedded text become markdown, a binary resource elsewhere a text saying it could
not be carried, and anything else (``image``, ``audio``, unknown types) a
:class:`~acp_compat.codec.CodecError` naming the block.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any
from urllib.parse import unquote, urlsplit

from acp_compat._lazy import lazy_module
from acp_compat.codec import CodecError, Problem
from acp_compat.codec.errors import join_path
from acp_compat.models import legacy_wire
from acp_compat.translate import paths
from acp_compat.translate.markdown import fenced, link, one_line

if TYPE_CHECKING:
    from acp_compat.models.current import content
else:
    # Loaded at the first prompt, not before ``initialize`` is answered (acp_compat/_lazy.py).
    content = lazy_module("acp_compat.models.current.content")

_WINDOWS_DRIVE = re.compile(r"^/[A-Za-z]:[/\\]")


def file_uri_to_path(uri: str) -> str | None:
    """The local path a ``file:`` URI names, percent-decoded; ``None`` for other schemes."""
    parts = urlsplit(uri)
    if parts.scheme.lower() != "file":
        return None
    path = unquote(parts.path)
    if parts.netloc and parts.netloc.lower() != "localhost":
        # file://server/share/x is a UNC path; keep the host so the path stays meaningful.
        return f"//{parts.netloc}{path}"
    if _WINDOWS_DRIVE.match(path):
        # file:///C:/x → C:/x
        return path[1:]
    return path


def _unsupported(block: content.ContentBlock) -> str:
    """How an unsupported block is named in the error."""
    if isinstance(block, content.ImageContent):
        return '"image"'
    if isinstance(block, content.AudioContent):
        return '"audio"'
    if isinstance(block, content.UnknownContentBlock):
        return f'"{block.data.get("type")}"'
    return f'"{type(block).__name__}"'


def block_to_chunk(block: content.ContentBlock, at: str = "") -> dict[str, Any] | None:
    """The legacy chunk for one block; ``None`` when a legacy agent cannot take it.
    Raises ``CodecError`` (paths from ``at``, the block's path) for a ``file:`` URI naming
    no usable path."""
    if isinstance(block, content.TextContent):
        return legacy_wire.text_user_chunk(text=block.text)
    if isinstance(block, content.ResourceLink):
        path = _file_path(block.uri, join_path(at, "uri"))
        if path is None:
            return legacy_wire.text_user_chunk(text=link(block.name, block.uri))
        return legacy_wire.path_user_chunk(path=path)
    if isinstance(block, content.EmbeddedResource):
        resource = block.resource
        if isinstance(resource, content.TextResourceContents):
            return legacy_wire.text_user_chunk(text=fenced(resource.uri, resource.text))
        path = _file_path(resource.uri, join_path(at, "resource.uri"))
        if path is None:
            return legacy_wire.text_user_chunk(text=not_carried(resource))
        return legacy_wire.path_user_chunk(path=path)
    return None


def _file_path(uri: str, where: str) -> str | None:
    """The path a ``file:`` URI names (``None`` for other schemes); ``CodecError`` at
    ``where`` when it names no path a file can have."""
    path = file_uri_to_path(uri)
    if path == "":
        # An empty path chunk would be resolved as the agent's cwd: refuse it instead.
        raise CodecError([Problem(where, "a file: URI must name a file")])
    problem = paths.unusable(path) if path is not None else None
    if problem is not None:
        raise CodecError([Problem(where, f"a file: URI must name a file: {problem}")])
    return path


def not_carried(resource: content.BlobResourceContents) -> str:
    """The text standing for a binary resource a legacy agent cannot be given."""
    kind = resource.mime_type or "binary data"
    return (
        f"[The attached resource {one_line(resource.uri)} ({one_line(kind)}) could not be "
        "passed on: this agent takes text and file paths only]"
    )


TITLE_LENGTH = 80
"""The longest session title ``session/list`` shows, in characters."""


_WORD = re.compile(r"\S+")


def prompt_title(prompt: list[content.ContentBlock]) -> str | None:
    """A session title from a prompt: its words on one line, a mentioned or embedded file
    by its name (never its contents), cut to :data:`TITLE_LENGTH` with an ellipsis;
    ``None`` for a prompt with no text (a bare mention says nothing about the session).
    Only the words the title shows are read: a prompt may hold megabytes."""
    words: list[str] = []
    length = -1
    has_text = False
    for word, is_text in _title_words(prompt):
        has_text = has_text or is_text
        if length <= TITLE_LENGTH:
            words.append(word)
            length += len(word) + 1
        elif has_text:
            break
    if not has_text:
        return None
    title = " ".join(words)
    if len(title) > TITLE_LENGTH:
        return title[: TITLE_LENGTH - 1].rstrip() + "\u2026"
    return title


def _title_words(prompt: list[content.ContentBlock]) -> Iterator[tuple[str, bool]]:
    """The words a title is made of, in order, each with whether it is the user's text
    (cut to the title's length: a word may be megabytes long)."""
    for block in prompt:
        if isinstance(block, content.TextContent):
            text = block.text
            for match in _WORD.finditer(text):
                start = match.start()
                yield text[start : min(match.end(), start + TITLE_LENGTH + 1)], True
        else:
            name = _mentioned_name(block)
            if name is not None:
                yield from ((word[: TITLE_LENGTH + 1], False) for word in name.split())


def _mentioned_name(block: content.ContentBlock) -> str | None:
    """The name a title gives a linked or embedded resource: a file's name (the last part
    of its path), else a link's name or the last part of the URI; never its contents."""
    if isinstance(block, content.ResourceLink):
        uri, fallback = block.uri, block.name
    elif isinstance(block, content.EmbeddedResource):
        uri = block.resource.uri
        fallback = _file_name(urlsplit(uri).path) or uri
    else:
        return None
    path = file_uri_to_path(uri)
    return _file_name(path) if path else fallback


def _file_name(path: str) -> str:
    """The last part of a POSIX or Windows path."""
    return path.replace("\\", "/").rstrip("/").rsplit("/", 1)[-1]


def prompt_to_chunks(prompt: list[content.ContentBlock]) -> list[dict[str, Any]]:
    """The legacy chunks for a structured ``session/prompt``'s blocks; raises
    ``CodecError`` (paths ``params.prompt[i]``) naming each block type it cannot send."""
    chunks: list[dict[str, Any]] = []
    problems: list[Problem] = []
    for index, block in enumerate(prompt):
        try:
            chunk = block_to_chunk(block, f"params.prompt[{index}]")
        except CodecError as err:
            problems += err.problems
            continue
        if chunk is None:
            problems.append(
                Problem(
                    f"params.prompt[{index}]",
                    f"{_unsupported(block)} content is not supported by this legacy agent",
                )
            )
        else:
            chunks.append(chunk)
    if problems:
        raise CodecError(problems)
    return chunks
