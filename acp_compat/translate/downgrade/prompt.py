"""Legacy ``sendUserMessage`` chunks → a current prompt, and what a stop reason tells the user."""

from __future__ import annotations

import ntpath
from pathlib import PurePosixPath, PureWindowsPath
from typing import Any

from acp_compat.translate import paths


class BadChunks(ValueError):
    """The ``chunks`` of a ``sendUserMessage`` are not a list of ``{text}`` / ``{path}``."""


def prompt_blocks(params: Any, cwd: str) -> list[dict[str, Any]]:
    """The ``session/prompt`` content blocks for legacy ``sendUserMessage`` params.

    ``{text}`` → a text block; ``{path}`` → a ``resource_link`` to the file (a relative
    path is resolved against the session cwd, as the legacy agent's own cwd would have).
    """
    chunks = params.get("chunks") if isinstance(params, dict) else None
    if not isinstance(chunks, list):
        raise BadChunks("sendUserMessage needs params.chunks, a list")
    blocks = []
    for index, chunk in enumerate(chunks):
        if isinstance(chunk, dict) and isinstance(chunk.get("text"), str):
            blocks.append({"type": "text", "text": chunk["text"]})
        elif isinstance(chunk, dict) and isinstance(chunk.get("path"), str) and chunk["path"]:
            blocks.append(_file_link(chunk["path"], cwd))
        else:
            raise BadChunks(f"params.chunks[{index}] must be {{text: string}} or {{path: string}}")
    return blocks


def _file_link(path: str, cwd: str) -> dict[str, Any]:
    """A ``resource_link`` block for a local file mentioned by the user (the path's
    flavour, POSIX or Windows, is the session cwd's, whatever the host)."""
    absolute = paths.resolve(cwd, path)
    pure = (
        PureWindowsPath(absolute) if paths.flavour(absolute) is ntpath else PurePosixPath(absolute)
    )
    return {
        "type": "resource_link",
        "uri": pure.as_uri(),
        "name": pure.name or absolute,
    }


_STOP_NOTES = {
    "max_tokens": "The agent stopped: it reached its output token limit.",
    "max_turn_requests": "The agent stopped: it reached its limit of requests for one turn.",
    "refusal": "The agent refused to continue this request.",
}


def stop_note(stop_reason: Any) -> str | None:
    """The short text a legacy user sees for a stop reason their protocol cannot carry."""
    return _STOP_NOTES.get(stop_reason) if isinstance(stop_reason, str) else None
