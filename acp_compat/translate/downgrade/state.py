"""What the downgrade translator knows, as named parts (the translator and
:mod:`.cancel` work on it)."""

from __future__ import annotations

from typing import Any

from acp_compat._define import define
from acp_compat.jsonrpc import messages as rpc
from acp_compat.translate.base import OutboundRequests, Output, ToAgent
from acp_compat.translate.lifecycle import Connection, SessionLifecycle

from .options import DowngradeOptions
from .outbox import ClientOutbox
from .tool_calls import ToolCallRelay


@define(eq=False)
class AgentCall:
    """Context of a request acp-compat sent the agent on behalf of a legacy request."""

    method: str
    client_id: rpc.RequestId
    purpose: str = ""
    """For ``session/new``: ``"initialize"`` (the auth probe) or ``"authenticate"``."""


class DowngradeState:
    """Everything the downgrade translator knows:

    * :attr:`connection`: the legacy client's setup with the agent, and what it carries
      (:class:`~acp_compat.translate.lifecycle.Connection`: the agent's ``initialize``
      result, the session's id, why the agent is gone);
    * :attr:`turn`: the session's turn (its state and the ``sendUserMessage`` it
      answers: :class:`~acp_compat.translate.lifecycle.SessionLifecycle`);
    * :attr:`outbox`: the ordered stream to the legacy client, and its id space;
    * :attr:`tools`: the tool-call cards, permissions and plan card;
    * :attr:`agent`: the id space of the agent hop, each request with its :class:`AgentCall`;
    * :attr:`deferred`: ``sendUserMessage`` requests that arrived while the setup was busy;
    * the client's version, and the update kinds already logged as unshown.
    """

    def __init__(self, options: DowngradeOptions) -> None:
        self.options = options
        self.connection = Connection(options.agent0_initialized)
        self.turn = SessionLifecycle()
        self.outbox = ClientOutbox()
        self.tools = ToolCallRelay(self.outbox)
        self.agent = OutboundRequests[AgentCall](options.agent0_next_id)
        self.deferred: list[tuple[rpc.RequestId, Any]] = []
        self.client_version: str | None = None
        self.logged_kinds: set[str] = set()
        """Session update kinds a legacy client cannot show, logged once each."""

    def to_agent(self, context: AgentCall, params: dict[str, Any]) -> Output:
        """A request to the agent, its id remembered with ``context``."""
        return ToAgent(0, rpc.request(self.agent.add(context), context.method, params))
