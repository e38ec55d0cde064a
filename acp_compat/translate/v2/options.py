"""Configuration of the v1↔v2 translators."""

from __future__ import annotations

import itertools
import uuid
from collections.abc import Callable
from typing import Any

from acp_compat._define import frozen

TEST_VERSION = "0.0.0-test"
"""The acp-compat version conversation vectors report, so any implementation can replay them."""


def _uuid_message_id() -> str:
    """A fresh, globally unique message id."""
    return f"acpc-{uuid.uuid4().hex}"


def _vector_ids(prefix: str) -> Callable[[], str]:
    counter = itertools.count(1)
    return lambda: f"{prefix}-{next(counter)}"


@frozen(kw_only=True)
class V2UpgradeOptions:
    """What a :class:`~acp_compat.translate.v2.V2UpgradeTranslator` (a v1 agent behind a
    v2 client) needs to know.

    * ``version``: acp-compat's version, in ``clientInfo`` when the client named none.
    * ``agent_name``: the agent's name in ``info`` when it sent no ``agentInfo`` (v2
      requires one).
    * ``new_message_id``: makes the id of a message the agent streamed without one, and
      of the user message a prompt inserts (v2 requires both; v1 has none or an optional
      one).
    * ``agent0_initialized`` / ``agent0_next_id``: when the shell's probe already
      initialized agent 0 in v1, its ``result`` and the next free request id on that hop;
      the client's ``initialize`` is then answered from it.
    """

    version: str
    agent_name: str = "agent"
    new_message_id: Callable[[], str] = _uuid_message_id
    agent0_initialized: dict[str, Any] | None = None
    agent0_next_id: int = 0

    @classmethod
    def from_json(cls, obj: dict[str, Any]) -> V2UpgradeOptions:
        """Options from a conversation vector's ``options`` (``version``, ``agentName``,
        ``agent0Initialized``, ``agent0NextId``); message ids are ``msg-1``, ``msg-2``, ...
        in the order they are made."""
        agent0 = obj.get("agent0Initialized")
        return cls(
            version=str(obj.get("version", TEST_VERSION)),
            agent_name=str(obj.get("agentName", "agent")),
            new_message_id=_vector_ids("msg"),
            agent0_initialized=dict(agent0) if isinstance(agent0, dict) else None,
            agent0_next_id=int(obj.get("agent0NextId", 0)),
        )


@frozen(kw_only=True)
class V2DowngradeOptions:
    """What a :class:`~acp_compat.translate.v2.V2DowngradeTranslator` (a v2 agent behind a
    v1 client) needs to know.

    * ``version``: acp-compat's version, in ``info`` when the client named none.
    * ``agent_name``: the agent's name in ``agentInfo`` when it sent an empty one.
    * ``new_tool_call_id``: makes the tool call id of a permission request whose subject
      names no tool call (v1 asks about a tool call, always).
    * ``agent0_initialized`` / ``agent0_next_id``: as for the upgrade, in v2.
    """

    version: str
    agent_name: str = "agent"
    new_tool_call_id: Callable[[], str] = _uuid_message_id
    agent0_initialized: dict[str, Any] | None = None
    agent0_next_id: int = 0

    @classmethod
    def from_json(cls, obj: dict[str, Any]) -> V2DowngradeOptions:
        """Options from a conversation vector's ``options``, as for the upgrade; made
        tool call ids are ``permission-1``, ``permission-2``, ..."""
        agent0 = obj.get("agent0Initialized")
        return cls(
            version=str(obj.get("version", TEST_VERSION)),
            agent_name=str(obj.get("agentName", "agent")),
            new_tool_call_id=_vector_ids("permission"),
            agent0_initialized=dict(agent0) if isinstance(agent0, dict) else None,
            agent0_next_id=int(obj.get("agent0NextId", 0)),
        )
