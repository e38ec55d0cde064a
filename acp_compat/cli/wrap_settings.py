"""What ``acp-compat wrap`` was told, and a reader of plain command lines that needs no click.

An editor starts ``wrap`` for every thread and waits for its ``initialize`` answer; click
is a tenth of what ``wrap`` imports before that answer. The click command
(:mod:`acp_compat.cli.wrap`) stays the definition of the options, their help and their
errors, and reads any command line. :func:`read_plainly` reads the plain ones an editor
sends (known options with plain valid values, none twice, no ``ACP_COMPAT_*`` variable of
``wrap`` set) without click, and leaves everything else to click by returning ``None``.
Tests keep the two in agreement: whatever this reads, click reads the same.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Mapping
from typing import Any

import attrs

from acp_compat._define import frozen
from acp_compat.cli.wrap_line import FLAGS, VALUE_OPTIONS, VARIABLES, split_command_line
from acp_compat.io.localfiles import DEFAULT_MAX_READ_BYTES
from acp_compat.jsonrpc.framing import DEFAULT_MAX_LINE_BYTES

AGENT_PROTOCOLS = ("auto", "legacy", "current")
LOG_LEVEL_NAMES = ("none", "error", "warning", "info", "debug")
"""``--log-level`` names, from least to most detail; ``none`` logs nothing."""

NAMED_IN_MESSAGES = ("agent_protocol", "trace", "log_file")
"""The settings whose messages say how they were given."""

_FLAG_OF = {field: flag for flag, field in VALUE_OPTIONS.items()}


@frozen(kw_only=True)
class WrapSettings:
    """Every option of ``wrap``, read and checked, and the agent command."""

    command: tuple[str, ...]
    agent_protocol: str = "auto"
    probe_timeout: float = 5.0
    max_line_bytes: int = DEFAULT_MAX_LINE_BYTES
    max_read_bytes: int = DEFAULT_MAX_READ_BYTES
    grace: float = 2.0
    session_cwd: str | None = None
    client_fs: bool = False
    auth_method: str | None = None
    trace: str | None = None
    log_file: str | None = None
    log_level_name: str = "info"
    verbose: int = 0
    quiet: int = 0
    given_as: Mapping[str, str] = attrs.field(factory=dict)
    """How each of :data:`NAMED_IN_MESSAGES` that is set was given (``--trace x``, or
    ``ACP_COMPAT_TRACE=x``), for the messages that name it."""

    def how_given(self, name: str) -> str:
        """How setting ``name`` was given, as its messages name it (its flag, when
        :attr:`given_as` does not say)."""
        return self.given_as.get(name) or f"{_FLAG_OF[name]} {getattr(self, name)}"


def names_stdout(path: str) -> bool:
    """Whether ``path`` names what our stdout is (``/dev/stdout``, the file it goes to)."""
    try:
        return os.path.samestat(os.stat(path), os.fstat(1))
    except OSError:
        return False


_NUMBER = re.compile(r"[0-9]{1,12}(\.[0-9]{1,9})?")
_INTEGER = re.compile(r"[0-9]{1,18}")


def _choice(names: tuple[str, ...]) -> Callable[[str], Any]:
    return lambda value: value if value in names else None


def _at_least(minimum: float, pattern: re.Pattern[str], kind: type) -> Callable[[str], Any]:
    def read(value: str) -> Any:
        if pattern.fullmatch(value) is None:
            return None
        number = kind(value)
        return number if number >= minimum else None

    return read


def _file_path(value: str) -> str | None:
    # click's Path(dir_okay=False) refuses a directory; stdout is refused by the command.
    if not value or os.path.isdir(value) or names_stdout(value):
        return None
    return value


_READERS: dict[str, Callable[[str], Any]] = {
    "agent_protocol": _choice(AGENT_PROTOCOLS),
    "probe_timeout": _at_least(0.1, _NUMBER, float),
    "max_line_bytes": _at_least(1024, _INTEGER, int),
    "max_read_bytes": _at_least(1, _INTEGER, int),
    "grace": _at_least(0, _NUMBER, float),
    "session_cwd": lambda value: None,  # resolved against the filesystem by click
    "auth_method": lambda value: value,
    "trace": _file_path,
    "log_file": _file_path,
    "log_level_name": _choice(LOG_LEVEL_NAMES),
}
"""How a plain value of each setting looks and what it becomes (``None``: for click)."""


def read_plainly(args: list[str], environ: Mapping[str, str]) -> WrapSettings | None:
    """``wrap``'s settings from its arguments ``args``, or ``None`` for click to read them."""
    if not VARIABLES.isdisjoint(environ):
        return None
    split = split_command_line(args)
    if split is None:
        return None
    options, command = split
    values: dict[str, Any] = {}
    for flag, text in options:
        if text is None:
            field, state = FLAGS[flag]
            if state is None:
                values[field] = values.get(field, 0) + 1
                continue
            value: Any = state
        else:
            field = VALUE_OPTIONS[flag]
            value = _READERS[field](text)
            if value is None:
                return None
        if field in values:
            return None
        values[field] = value
    settings = WrapSettings(command=tuple(command), **values)
    given_as = {
        name: f"{_FLAG_OF[name]} {getattr(settings, name)}"
        for name in NAMED_IN_MESSAGES
        if getattr(settings, name) is not None
    }
    return attrs.evolve(settings, given_as=given_as)
