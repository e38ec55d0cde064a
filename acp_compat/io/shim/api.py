"""What a Python legacy agent sees of the shim: :class:`LegacyAgent`, :class:`LegacyClient`.

An agent is written as a legacy ACP 0.0.9 agent would be in TypeScript: it answers the
four client→agent requests, and calls back the client for the seven agent→client ones,
awaiting each answer. Params and results are the typed models of
:mod:`acp_compat.models.legacy`; the shim turns them into legacy JSON-RPC messages with
:mod:`acp_compat.codec`, so nothing here knows about the current protocol.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any, Protocol, TypeVar

from acp_compat.codec import structure, unstructure
from acp_compat.jsonrpc.messages import Message, RequestError
from acp_compat.models.legacy import (
    InitializeParams,
    InitializeResponse,
    PushToolCallParams,
    PushToolCallResponse,
    ReadTextFileParams,
    ReadTextFileResponse,
    RequestToolCallConfirmationParams,
    RequestToolCallConfirmationResponse,
    SendUserMessageParams,
    StreamAssistantMessageChunkParams,
    UpdatePlanParams,
    UpdateToolCallParams,
    WriteTextFileParams,
)

T = TypeVar("T")


class LegacyAgent(Protocol):
    """A legacy ACP 0.0.9 agent: the client→agent half of the protocol.

    One instance serves one session, in the working directory it was made for (the
    factory's ``cwd``). Each request runs as its own task, so ``cancel_send_message``
    arrives while ``send_user_message`` is still awaiting the client.
    """

    async def initialize(self, params: InitializeParams) -> InitializeResponse:
        """Answer the client's ``initialize`` (``protocolVersion`` ``"0.0.9"``)."""
        ...

    async def authenticate(self) -> None:
        """Run the agent's login; raise to report a failed login."""
        ...

    async def send_user_message(self, params: SendUserMessageParams) -> None:
        """One turn: stream chunks and tool calls through the client, return when done."""
        ...

    async def cancel_send_message(self) -> None:
        """Stop the running turn (its ``send_user_message`` then returns or raises)."""
        ...


AgentFactory = Callable[["LegacyClient", str], LegacyAgent]
"""Makes the agent for one session: ``factory(client, cwd)``."""

Caller = Callable[[str, "dict[str, Any] | None"], Awaitable[Message]]
"""Sends one legacy request (method, unstructured params) and returns its response."""


class LegacyClient:
    """The client as a legacy agent calls it: one method per agent→client request.

    Each call sends a legacy request through the upgrade translator and returns the typed
    result once the answer is back; an error answer raises :class:`RequestError`.
    """

    def __init__(self, call: Caller) -> None:
        self._call = call

    async def _request(self, method: str, params: object, result_type: type[T]) -> T:
        """Send ``method`` with ``params``; the result structured as ``result_type``."""
        value = await self._send(method, params)
        return structure(value, result_type)

    async def _send(self, method: str, params: object) -> Any:
        """Send ``method`` with ``params``; the raw ``result`` (raises on an error)."""
        payload = unstructure(params) if params is not None else None
        response = await self._call(method, payload)
        if response.get("error") is not None:
            raise RequestError.from_error_object(response["error"])
        return response.get("result")

    async def stream_assistant_message_chunk(
        self, params: StreamAssistantMessageChunkParams
    ) -> None:
        """Stream a piece of the answer or of the agent's thoughts."""
        await self._send("streamAssistantMessageChunk", params)

    async def push_tool_call(self, params: PushToolCallParams) -> PushToolCallResponse:
        """Show a tool call that needs no permission; the result holds its id."""
        return await self._request("pushToolCall", params, PushToolCallResponse)

    async def request_tool_call_confirmation(
        self, params: RequestToolCallConfirmationParams
    ) -> RequestToolCallConfirmationResponse:
        """Ask the user to allow a tool call; the result holds its id and the outcome."""
        return await self._request(
            "requestToolCallConfirmation", params, RequestToolCallConfirmationResponse
        )

    async def update_tool_call(self, params: UpdateToolCallParams) -> None:
        """Report a tool call's status and content."""
        await self._send("updateToolCall", params)

    async def read_text_file(self, params: ReadTextFileParams) -> ReadTextFileResponse:
        """Read a text file (through the editor, or locally when it offers no ``fs``)."""
        return await self._request("readTextFile", params, ReadTextFileResponse)

    async def write_text_file(self, params: WriteTextFileParams) -> None:
        """Write a text file (through the editor, or locally when it offers no ``fs``)."""
        await self._send("writeTextFile", params)

    async def update_plan(self, params: UpdatePlanParams) -> None:
        """Show the agent's plan (a 0.0.10 request)."""
        await self._send("updatePlan", params)


AGENT_METHODS: dict[str, str] = {
    "initialize": "initialize",
    "authenticate": "authenticate",
    "sendUserMessage": "send_user_message",
    "cancelSendMessage": "cancel_send_message",
}
"""Legacy client→agent method name → :class:`LegacyAgent` attribute."""
