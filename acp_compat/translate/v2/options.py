"""Configuration of the v1↔v2 translators."""

from __future__ import annotations

import itertools
import uuid
from collections.abc import Callable
from typing import Any, ClassVar, TypeVar

from acp_compat._define import frozen

TEST_VERSION = "0.0.0-test"
"""The acp-compat version conversation vectors report, so any implementation can replay them."""

_O = TypeVar("_O", bound="BothOptions")


def _uuid_id() -> str:
    """A fresh, globally unique id."""
    return f"acpc-{uuid.uuid4().hex}"


@frozen(kw_only=True)
class BothOptions:
    """What both translators need to know.

    * ``version``: acp-compat's version, in the agent's ``initialize`` when the client
      named none.
    * ``agent_name``: the agent's name for the client when the agent sent none (v2
      requires one) or an empty one.
    * ``agent0_initialized`` / ``agent0_next_id``: when the shell's probe already
      initialized agent 0 in its protocol, its ``result`` and the next free request id on
      that hop; the client's ``initialize`` is then answered from it.
    """

    version: str
    agent_name: str = "agent"
    agent0_initialized: dict[str, Any] | None = None
    agent0_next_id: int = 0

    _MADE_IDS: ClassVar[tuple[str, str]]
    """The option that makes ids, and the prefix of the ids vectors make."""

    @classmethod
    def from_json(cls: type[_O], obj: dict[str, Any]) -> _O:
        """Options from a conversation vector's ``options`` (``version``, ``agentName``,
        ``agent0Initialized``, ``agent0NextId``); made ids are ``<prefix>-1``,
        ``<prefix>-2``, ... in the order they are made."""
        agent0 = obj.get("agent0Initialized")
        option, prefix = cls._MADE_IDS
        counter = itertools.count(1)
        return cls(
            version=str(obj.get("version", TEST_VERSION)),
            agent_name=str(obj.get("agentName", "agent")),
            agent0_initialized=dict(agent0) if isinstance(agent0, dict) else None,
            agent0_next_id=int(obj.get("agent0NextId", 0)),
            **{option: lambda: f"{prefix}-{next(counter)}"},
        )


@frozen(kw_only=True)
class V2UpgradeOptions(BothOptions):
    """What a :class:`~acp_compat.translate.v2.V2UpgradeTranslator` (a v1 agent behind a
    v2 client) needs to know: those of both translators, and ``new_message_id``, which
    makes the id of a message the agent streamed without one, and of the user message a
    prompt inserts (v2 requires both; v1 has none or an optional one; ``msg-1``, ... in
    a vector)."""

    new_message_id: Callable[[], str] = _uuid_id
    _MADE_IDS = ("new_message_id", "msg")


@frozen(kw_only=True)
class V2DowngradeOptions(BothOptions):
    """What a :class:`~acp_compat.translate.v2.V2DowngradeTranslator` (a v2 agent behind a
    v1 client) needs to know: those of both translators, and ``new_tool_call_id``, which
    makes the tool call id of a permission request whose subject names no tool call (v1
    asks about a tool call, always; ``permission-1``, ... in a vector)."""

    new_tool_call_id: Callable[[], str] = _uuid_id
    _MADE_IDS = ("new_tool_call_id", "permission")
