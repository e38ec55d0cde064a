"""Configuration of one downgrade translator (a current agent behind a legacy client)."""

from __future__ import annotations

import os
from typing import Any

import attrs

from acp_compat._define import frozen

TEST_VERSION = "0.0.0-test"
"""The acp-compat version conversation vectors report, so any implementation can replay them."""


def _absolute(path: str) -> str:
    """The session cwd must be absolute (``session/new`` requires it)."""
    if not os.path.isabs(path):
        raise ValueError(f"DowngradeOptions.cwd must be an absolute path, got {path!r}")
    return path


@frozen(kw_only=True)
class DowngradeOptions:
    """What a :class:`~acp_compat.translate.downgrade.DowngradeTranslator` needs to know.

    * ``cwd``: the session's working directory (absolute), sent in ``session/new`` and
      used to resolve relative ``{path}`` chunks.
    * ``client_fs``: advertise ``fs.readTextFile`` / ``fs.writeTextFile`` to the agent and
      forward its ``fs/*`` calls to the legacy client (``--client-fs``).
    * ``auth_method``: the ``methodId`` for ``authenticate`` (``--auth-method``); ``None``
      picks the first method the agent runs itself.
    * ``client_info_version``: acp-compat's version, reported in ``clientInfo``.
    * ``agent0_initialized`` / ``agent0_next_id``: when the shell's auto-detection probe
      already initialized agent 0 and got a current answer, that ``result`` and the next
      free request id on that hop; the translator then skips its own ``initialize``.
    """

    cwd: str = attrs.field(converter=_absolute)
    client_info_version: str
    client_fs: bool = False
    auth_method: str | None = None
    agent0_initialized: dict[str, Any] | None = None
    agent0_next_id: int = 0

    @classmethod
    def from_json(cls, obj: dict[str, Any]) -> DowngradeOptions:
        """Options from a conversation vector's ``options`` object (camelCase keys).

        Keys: ``cwd`` (required), ``clientFs``, ``authMethod``, ``version`` (default
        ``0.0.0-test``), ``agent0Initialized``, ``agent0NextId``; keys meant for other
        translators are ignored.
        """
        if not isinstance(obj.get("cwd"), str):
            raise ValueError("downgrade options need a string 'cwd'")
        auth_method = obj.get("authMethod")
        agent0 = obj.get("agent0Initialized")
        return cls(
            cwd=obj["cwd"],
            client_fs=bool(obj.get("clientFs", False)),
            auth_method=str(auth_method) if auth_method is not None else None,
            client_info_version=str(obj.get("version", TEST_VERSION)),
            agent0_initialized=dict(agent0) if isinstance(agent0, dict) else None,
            agent0_next_id=int(obj.get("agent0NextId", 0)),
        )
