"""File paths the translators handle, the same on every host.

Paths come from the peers, not from this machine: a session ``cwd`` a Windows editor sends
(``C:\\work``) must be read as a Windows path by acp-compat running anywhere, and a POSIX
one as POSIX. So the flavour (:mod:`posixpath` or :mod:`ntpath`) is chosen by the shape of
the path itself, never by :mod:`os.path`, and nothing here touches the disk.
"""

from __future__ import annotations

import ntpath
import posixpath
import re
import string
from types import ModuleType

_WINDOWS_ABSOLUTE = re.compile(r"^(?:[A-Za-z]:[\\/]|\\\\)")
"""``C:\\x``, ``C:/x`` or a UNC path ``\\\\server\\share``."""


def flavour(path: str) -> ModuleType:
    """:mod:`ntpath` for a Windows absolute path, else :mod:`posixpath`."""
    return ntpath if _WINDOWS_ABSOLUTE.match(path) else posixpath


_DRIVE_LETTERS = frozenset(string.ascii_letters)


def is_absolute(path: str) -> bool:
    """Whether ``path`` is absolute as POSIX or as Windows spells it (string tests only:
    this runs for every diff path and location a legacy agent sends)."""
    if path.startswith(("/", "\\\\")):
        return True
    return path[1:3] in (":\\", ":/") and path[:1] in _DRIVE_LETTERS


def resolve(cwd: str, path: str) -> str:
    """``path`` against the absolute directory ``cwd``, normalized (``..`` folded)."""
    module = flavour(cwd)
    return str(module.normpath(module.join(cwd, path)))


def components(path: str) -> list[str]:
    """The normalized components of ``path`` (``/`` or ``\\`` separated), for comparing
    trailing parts of paths of either flavour."""
    normalized = str(flavour(path).normpath(path))
    return [part for part in re.split(r"[\\/]", normalized) if part]


def same_directory(a: str, b: str) -> bool:
    """Whether two absolute paths name the same directory (case-insensitively on Windows)."""
    module = flavour(a)
    return bool(module.normcase(module.normpath(a)) == module.normcase(module.normpath(b)))


def unusable(path: str) -> str | None:
    """Why no process could use ``path``, if a string alone can tell (a problem's text).

    JSON strings can hold a NUL or a lone surrogate; neither can reach the OS as a path
    (a process start would fail with ``ValueError``/``UnicodeEncodeError``, not with a
    clean error naming the path, and an agent given one reads another file or none).
    """
    if "\x00" in path:
        return "expected a path without NUL characters"
    try:
        path.encode("utf-8")
    except UnicodeEncodeError:
        return "expected a path the file system can encode (it holds a lone surrogate)"
    return None
