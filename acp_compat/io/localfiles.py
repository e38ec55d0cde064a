"""The translators' local file effects (``ReadLocalFile`` / ``WriteLocalFile``).

They are rare (a legacy agent reading a file when the client offers no ``fs``), so they
run on a worker thread rather than in the relay's event loop; the outcome goes back to
the translator through ``file_done`` as text or as an error message.

Only regular files are read or written, and a read is capped at ``max_bytes``
(``--max-read-bytes``, default :data:`DEFAULT_MAX_READ_BYTES`): an agent asking for
``/dev/zero`` or a 10 GB log gets an error, not the relay's memory, and a FIFO never
blocks the worker (files are opened non-blocking, then checked).
"""

from __future__ import annotations

import io
import os
from collections.abc import Callable

import anyio.to_thread

from acp_compat.io.trace import open_regular
from acp_compat.translate.base import ReadLocalFile, WriteLocalFile
from acp_compat.translate.settings import DEFAULT_MAX_READ_BYTES


class _Refused(Exception):
    """A file effect refused before any content moved (the message says why)."""


def _read(path: str, line: int | None, limit: int | None, max_bytes: int) -> str:
    """Read a UTF-8 text file, lines ``line`` (1-based) onward, at most ``limit`` lines."""
    fd = open_regular(path, os.O_RDONLY)
    with open(fd, "rb") as handle:
        size = os.fstat(fd).st_size
        if size > max_bytes:
            raise _Refused(_too_large(path, size, max_bytes))
        # The file may grow while it is read: never take more than the cap.
        data = handle.read(max_bytes + 1)
    if len(data) > max_bytes:
        raise _Refused(_too_large(path, len(data), max_bytes))
    text = data.decode("utf-8")
    if line is None and limit is None:
        return text
    # The same line ends as a text file opened with newline="": \n, \r\n and \r.
    lines = io.StringIO(text, newline="").readlines()
    start = max((line or 1) - 1, 0)
    end = len(lines) if limit is None else start + max(limit, 0)
    return "".join(lines[start:end])


def _too_large(path: str, size: int, max_bytes: int) -> str:
    return (
        f"file too large: {path} has {size} bytes or more, over the {max_bytes}-byte"
        " limit of acp-compat (--max-read-bytes)"
    )


def _write(path: str, content: str) -> None:
    """Create or replace a text file, creating missing parent directories."""
    parent = os.path.dirname(path)
    if parent:
        os.makedirs(parent, exist_ok=True)
    data = content.encode("utf-8")
    # Checked before truncating: a FIFO or device is refused with its content untouched.
    fd = open_regular(path, os.O_WRONLY | os.O_CREAT)
    with open(fd, "wb") as handle:
        handle.truncate(0)
        handle.write(data)


def _describe(exc: Exception, path: str) -> str:
    """A short error for the agent: what failed and on which path."""
    if isinstance(exc, _Refused):
        return str(exc)
    if isinstance(exc, UnicodeDecodeError):
        return f"{path} is not a UTF-8 text file"
    if isinstance(exc, OSError) and exc.strerror:
        return f"{exc.strerror}: {path}"
    return f"{exc}: {path}"


async def perform(
    effect: ReadLocalFile | WriteLocalFile,
    done: Callable[[int, str | None, str | None], None],
    max_bytes: int = DEFAULT_MAX_READ_BYTES,
) -> None:
    """Carry out a file effect, then call ``done(token, content, error)`` (a driver's
    ``file_done``). ``max_bytes`` caps a read (the file's size; a larger file is an
    error)."""
    content = problem = None
    try:
        if isinstance(effect, ReadLocalFile):
            content = await anyio.to_thread.run_sync(
                _read, effect.path, effect.line, effect.limit, max_bytes, abandon_on_cancel=True
            )
        else:
            await anyio.to_thread.run_sync(
                _write, effect.path, effect.content, abandon_on_cancel=True
            )
    except (OSError, UnicodeError, ValueError, _Refused) as exc:
        problem = _describe(exc, effect.path)
    done(effect.token, content, problem)
