"""Same protocol on both sides: messages go through unchanged, one agent process.

The shell still frames, checks, logs and traces every line, and writes each message as
the very bytes it arrived as (the driver's ``raw_passthrough``). The only state kept is
which client requests the agent has not answered yet, so that if the agent dies they
still get exactly one response, an error naming its exit status.
"""

from __future__ import annotations

from typing import Any

from acp_compat.jsonrpc.messages import Message, RequestId, error, valid_id
from acp_compat.translate.base import AgentEnds, NoLocalEffects, Output, ToAgent, ToClient

AGENT = 0
"""The one agent process of a passthrough relay."""


class PassthroughTranslator(AgentEnds, NoLocalEffects):
    """A :class:`~acp_compat.translate.base.Translator` that forwards everything as is."""

    def __init__(self) -> None:
        self._pending: dict[RequestId, None] = {}
        """The requests the agent has not answered, in the order they came, by id: any
        JSON-RPC id (a string, a number, ``null``), a number by its value (an agent in
        JavaScript answers ``1.0`` as ``1``)."""

    def from_client(self, message: Message) -> list[Output]:
        """Forward a client message to the agent, remembering requests."""
        request_id = message.get("id")
        if "method" in message and "id" in message and valid_id(request_id):
            self._pending[request_id] = None
        return [ToAgent(AGENT, message)]

    def from_agent(self, agent: int, message: Message) -> list[Output]:
        """Forward an agent message to the client, settling answered requests."""
        if "method" not in message:
            request_id = message.get("id")
            if valid_id(request_id):
                self._pending.pop(request_id, None)
        return [ToClient(message)]

    def _agent_ended(self, agent: int, failure: dict[str, Any]) -> list[Output]:
        """Answer every request the agent left unanswered with ``failure``."""
        outputs: list[Output] = [
            ToClient(error(request_id, **failure)) for request_id in self._pending
        ]
        self._pending.clear()
        return outputs
