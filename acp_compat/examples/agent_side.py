"""A small current ACP (v1) agent-side connection on asyncio, shaped like the official SDKs'.

The official SDKs (TypeScript ``AgentSideConnection``, Python ``acp.run_agent``) have the
agent author write one class with a method per client request (``initialize``,
``authenticate``, ``new_session``, ``prompt``, ``cancel``) and give the agent a *client*
object whose methods send the agent's own messages (``session_update``,
``request_permission``, ``read_text_file``, ``write_text_file``). This module is that
shape with the standard library and acp-compat's typed models only, so the ported example
agent runs without the SDK installed; moving to an SDK later is a rename of the imports.

Each request from the client runs in its own task (a turn can wait on a permission answer
while ``session/cancel`` is read); the agent's requests are matched to their responses by
id. A handler that raises :class:`~acp_compat.jsonrpc.messages.RequestError` answers with
that error; any other exception answers ``-32603``.
"""

from __future__ import annotations

import asyncio
import json
import sys
from typing import Any, Protocol, TypeVar

from acp_compat.codec import CodecError, structure, unstructure
from acp_compat.jsonrpc.messages import (
    INTERNAL_ERROR,
    INVALID_PARAMS,
    METHOD_NOT_FOUND,
    PARSE_ERROR,
    Message,
    RequestError,
    RequestId,
    error,
    notification,
    request,
    result,
)
from acp_compat.models.current import (
    AuthenticateRequest,
    AuthenticateResponse,
    CancelNotification,
    InitializeRequest,
    InitializeResponse,
    NewSessionRequest,
    NewSessionResponse,
    PromptRequest,
    PromptResponse,
    ReadTextFileRequest,
    ReadTextFileResponse,
    RequestPermissionRequest,
    RequestPermissionResponse,
    SessionNotification,
    WriteTextFileRequest,
)

T = TypeVar("T")


class Agent(Protocol):
    """What an agent implements: one method per client request or notification."""

    async def initialize(self, params: InitializeRequest) -> InitializeResponse:
        """``initialize``."""

    async def authenticate(self, params: AuthenticateRequest) -> AuthenticateResponse:
        """``authenticate``."""

    async def new_session(self, params: NewSessionRequest) -> NewSessionResponse:
        """``session/new``."""

    async def prompt(self, params: PromptRequest) -> PromptResponse:
        """``session/prompt``: one turn; answers once the turn is over."""

    async def cancel(self, params: CancelNotification) -> None:
        """``session/cancel`` (a notification): stop the session's turn."""


AGENT_METHODS: dict[str, tuple[str, type[Any]]] = {
    "initialize": ("initialize", InitializeRequest),
    "authenticate": ("authenticate", AuthenticateRequest),
    "session/new": ("new_session", NewSessionRequest),
    "session/prompt": ("prompt", PromptRequest),
    "session/cancel": ("cancel", CancelNotification),
}
"""Wire method -> (agent method, params model)."""


class Client:
    """The client as the agent sees it: its methods send the agent's messages."""

    def __init__(self, connection: AgentSideConnection) -> None:
        self._connection = connection

    async def session_update(self, params: SessionNotification) -> None:
        """``session/update`` (a notification): stream text, thoughts, tool calls, plans."""
        self._connection.send(notification("session/update", unstructure(params)))

    async def request_permission(
        self, params: RequestPermissionRequest
    ) -> RequestPermissionResponse:
        """``session/request_permission``: ask the user; the answer names an option."""
        answer = await self._connection.call("session/request_permission", unstructure(params))
        return structure(answer, RequestPermissionResponse)

    async def read_text_file(self, params: ReadTextFileRequest) -> ReadTextFileResponse:
        """``fs/read_text_file``: the editor's view of a file (unsaved edits included)."""
        answer = await self._connection.call("fs/read_text_file", unstructure(params))
        return structure(answer, ReadTextFileResponse)

    async def write_text_file(self, params: WriteTextFileRequest) -> None:
        """``fs/write_text_file``: write through the editor."""
        await self._connection.call("fs/write_text_file", unstructure(params))


class AgentSideConnection:
    """One agent served over a pair of asyncio streams (newline-delimited JSON-RPC)."""

    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self._reader = reader
        self._writer = writer
        self._next_id = 0
        self._waiting: dict[RequestId, asyncio.Future[Any]] = {}
        self._tasks: set[asyncio.Task[None]] = set()
        self.client = Client(self)

    def send(self, message: Message) -> None:
        """Queue one message (a whole line: lines never interleave)."""
        self._writer.write(json.dumps(message, ensure_ascii=False).encode() + b"\n")

    async def call(self, method: str, params: Any) -> Any:
        """Send a request to the client; its result, or :class:`RequestError`."""
        request_id = self._next_id
        self._next_id += 1
        future: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        self._waiting[request_id] = future
        self.send(request(request_id, method, params))
        await self._writer.drain()
        return await future

    async def serve(self, agent: Agent) -> None:
        """Read the client's messages until its end; each request is handled in a task."""
        while line := await self._reader.readline():
            try:
                message = json.loads(line)
            except ValueError:
                self.send(error(None, PARSE_ERROR, "Parse error"))
                continue
            if not isinstance(message, dict):
                continue
            if "method" in message:
                task = asyncio.create_task(self._handle(agent, message))
                self._tasks.add(task)
                task.add_done_callback(self._tasks.discard)
            else:
                self._resolve(message)
        for future in self._waiting.values():
            future.set_exception(RequestError(INTERNAL_ERROR, "The client went away"))
        for task in list(self._tasks):
            task.cancel()

    def _resolve(self, message: Message) -> None:
        future = self._waiting.pop(message.get("id"), None)
        if future is None or future.done():
            return
        if message.get("error") is not None:
            future.set_exception(RequestError.from_error_object(message["error"]))
        else:
            future.set_result(message.get("result"))

    async def _handle(self, agent: Agent, message: Message) -> None:
        request_id = message.get("id")
        is_request = "id" in message
        entry = AGENT_METHODS.get(str(message["method"]))
        if entry is None:
            if is_request:
                self.send(error(request_id, METHOD_NOT_FOUND, "Method not found"))
            return
        name, model = entry
        try:
            params = structure(message.get("params") or {}, model)
            answer = await getattr(agent, name)(params)
        except CodecError as exc:
            reply = error(request_id, INVALID_PARAMS, "Invalid params", exc.to_data())
        except RequestError as exc:
            reply = exc.answer(request_id)
        except Exception as exc:  # one failed turn must not end the agent
            reply = RequestError.internal(str(exc)).answer(request_id)
        else:
            reply = result(request_id, unstructure(answer) if answer is not None else {})
        if is_request:
            self.send(reply)
            await self._writer.drain()


async def run_agent(make_agent: Any) -> None:
    """Serve ``make_agent(client)`` on this process's stdin and stdout (as asyncio streams)
    until stdin ends."""
    loop = asyncio.get_running_loop()
    reader = asyncio.StreamReader(limit=2**26)
    await loop.connect_read_pipe(lambda: asyncio.StreamReaderProtocol(reader), sys.stdin)
    transport, protocol = await loop.connect_write_pipe(
        asyncio.streams.FlowControlMixin, sys.stdout
    )
    writer = asyncio.StreamWriter(transport, protocol, reader, loop)
    connection = AgentSideConnection(reader, writer)
    await connection.serve(make_agent(connection.client))
    await writer.drain()
