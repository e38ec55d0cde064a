"""The translators' local file effects (``ReadLocalFile`` / ``WriteLocalFile``).

They are rare (a legacy agent reading a file when the client offers no ``fs``), so they
run on a worker thread rather than in the relay's event loop; the outcome goes back to
the translator through ``file_done`` as text or as an error message.
"""

from __future__ import annotations

import os

import anyio.to_thread

from acp_compat.translate.base import ReadLocalFile, WriteLocalFile


def _read(path: str, line: int | None, limit: int | None) -> str:
    """Read a UTF-8 text file, lines ``line`` (1-based) onward, at most ``limit`` lines."""
    with open(path, encoding="utf-8", newline="") as handle:
        if line is None and limit is None:
            return handle.read()
        lines = handle.readlines()
    start = max((line or 1) - 1, 0)
    end = len(lines) if limit is None else start + max(limit, 0)
    return "".join(lines[start:end])


def _write(path: str, content: str) -> None:
    """Create or replace a text file, creating missing parent directories."""
    parent = os.path.dirname(path)
    if parent:
        os.makedirs(parent, exist_ok=True)
    with open(path, "w", encoding="utf-8", newline="") as handle:
        handle.write(content)


def _describe(exc: Exception, path: str) -> str:
    """A short error for the agent: what failed and on which path."""
    if isinstance(exc, UnicodeDecodeError):
        return f"{path} is not a UTF-8 text file"
    if isinstance(exc, OSError) and exc.strerror:
        return f"{exc.strerror}: {path}"
    return f"{exc}: {path}"


async def perform(effect: ReadLocalFile | WriteLocalFile) -> tuple[str | None, str | None]:
    """Carry out a file effect; returns ``(content, error)`` for ``file_done``."""
    try:
        if isinstance(effect, ReadLocalFile):
            content = await anyio.to_thread.run_sync(
                _read, effect.path, effect.line, effect.limit, abandon_on_cancel=True
            )
            return content, None
        await anyio.to_thread.run_sync(_write, effect.path, effect.content, abandon_on_cancel=True)
        return None, None
    except (OSError, UnicodeError, ValueError) as exc:
        return None, _describe(exc, effect.path)
