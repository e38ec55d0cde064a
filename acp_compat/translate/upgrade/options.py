"""Configuration of one upgrade translator: the agent command, where it was launched, ids."""

from __future__ import annotations

import itertools
import time
import uuid
from collections.abc import Callable, Sequence
from typing import Any

import attrs

from acp_compat._define import frozen
from acp_compat.translate.upgrade.agent_name import agent_name
from acp_compat.translate.upgrade.modes import DEFAULT_MODE, Mode, mode_named, offered

CLOSE_BATCH = 256
"""Tool-call closes per batch at a turn's end: about 40 KiB of lines, less than one read
of an agent's output, so pacing them keeps the bound toward the client."""


def _uuid_session_id() -> str:
    """A fresh, globally unique session id."""
    return str(uuid.uuid4())


def utc_now() -> str:
    """The time now, UTC, as ISO 8601 to the second (``2026-12-01T11:05:00Z``)."""
    return time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())


VECTOR_NOW = "2026-01-01T00:00:00Z"
"""The time a conversation vector's translator reads, so its ``updatedAt`` is fixed."""


def _tuple_of_str(value: Sequence[str]) -> tuple[str, ...]:
    """Freeze the agent command so the options cannot change behind the translator's back."""
    return tuple(str(part) for part in value)


def _mode(value: Mode | str) -> Mode:
    """A mode, also given by its id (``acceptEdits``, as the wire and ``wrap
    --session-mode`` name it); an unknown one is refused when the options are made, not at
    the first session."""
    mode = value if isinstance(value, Mode) else mode_named(value)
    if mode is None:
        raise ValueError(f"unknown mode {value!r}; expected one of {offered()}")
    return mode


@frozen(kw_only=True)
class UpgradeOptions:
    """What an :class:`~acp_compat.translate.upgrade.UpgradeTranslator` needs to know.

    * ``agent_command``: the legacy agent's argv; :attr:`command_name` names the agent in
      ``agentInfo`` and error messages quote the whole command.
    * ``launch_cwd``: the working directory of agent process 0 (started by the shell
      before ``initialize``); a ``session/new`` for this directory reuses that process.
    * ``version``: acp-compat's version, reported in ``agentInfo.version``.
    * ``new_session_id``: makes a fresh session id (a uuid4 string by default).
    * ``now``: the time now as ISO 8601 (:func:`utc_now` by default), read when a
      session is made and when its turn starts or ends, for ``session/list``'s
      ``updatedAt``: the translator reads no clock of its own.
    * ``agent0_initialized`` / ``agent0_next_id``: when the shell's auto-detection probe
      already initialized agent 0 (with legacy id 0), its legacy ``result`` and the next
      free legacy id; the translator then answers the client's ``initialize`` from it.
    * ``close_batch``: how many tool calls a turn's end closes at once; the rest follow a
      batch per :meth:`~acp_compat.translate.base.Translator.client_drained`
      (:mod:`.turn_end`).
    * ``default_mode``: the mode a new session starts in, a :class:`~.modes.Mode` or its
      id (``wrap --session-mode``; :mod:`.modes`); the client can switch it.
    """

    agent_command: tuple[str, ...] = attrs.field(converter=_tuple_of_str)
    launch_cwd: str
    version: str
    new_session_id: Callable[[], str] = _uuid_session_id
    now: Callable[[], str] = utc_now
    agent0_initialized: dict[str, Any] | None = None
    agent0_next_id: int = 0
    close_batch: int = CLOSE_BATCH
    default_mode: Mode = attrs.field(default=DEFAULT_MODE, converter=_mode)

    @property
    def command_name(self) -> str:
        """The agent's name for titles and messages: the program, or the script, module
        or package an interpreter or launcher runs (see :mod:`.agent_name`)."""
        return agent_name(self.agent_command)

    @classmethod
    def from_json(cls, obj: dict[str, Any]) -> UpgradeOptions:
        """Options from a conversation vector's ``options`` object.

        Keys: ``launchCwd``, ``agentCommand``, ``version`` (default ``0.0.0-test``),
        ``agent0Initialized``, ``agent0NextId``, ``closeBatch``, ``defaultMode`` (a mode
        id); keys meant for other translators (``clientFs``...) are ignored. Session ids
        are ``sess-1``, ``sess-2``, ... and the clock always reads :data:`VECTOR_NOW`, so a
        vector can be replayed by another implementation.
        """
        counter = itertools.count(1)
        agent0 = obj.get("agent0Initialized")
        return cls(
            agent_command=list(obj.get("agentCommand", ["legacy-agent"])),
            launch_cwd=str(obj.get("launchCwd", "/")),
            version=str(obj.get("version", "0.0.0-test")),
            new_session_id=lambda: f"sess-{next(counter)}",
            now=lambda: VECTOR_NOW,
            agent0_initialized=dict(agent0) if isinstance(agent0, dict) else None,
            agent0_next_id=int(obj.get("agent0NextId", 0)),
            close_batch=int(obj.get("closeBatch", CLOSE_BATCH)),
            default_mode=obj.get("defaultMode", DEFAULT_MODE),
        )
