"""A tiny threaded legacy ACP 0.0.x connection for the example agent (stdlib only).

Legacy peers have no notifications: every call is a request with an integer id counting
from 0, and each side answers the other's requests. :class:`Connection` writes requests
and responses under one lock (so a turn thread and the stdin reader never interleave
half lines) and matches incoming responses to the calls waiting for them. Responses to
calls nobody waits for (streamed chunks, like Gemini) are read and dropped.
"""

from __future__ import annotations

import json
import sys
import threading
from collections.abc import Callable, Iterable
from typing import Any, BinaryIO

from acp_compat.jsonrpc.messages import Message, RequestId, error, request, result


class PeerGone(Exception):
    """The client closed its end (stdin reached EOF) while a call waited for its reply."""


class RemoteError(Exception):
    """The client answered a call with a JSON-RPC error."""

    def __init__(self, method: str, error_object: Any) -> None:
        obj = error_object if isinstance(error_object, dict) else {}
        code = obj.get("code")
        text = obj.get("message")
        self.code: int | None = code if isinstance(code, int) else None
        self.text: str = text if isinstance(text, str) else repr(error_object)
        self.data: Any = obj.get("data")
        super().__init__(f"{method} failed: {self.text} ({self.code})")


class _Waiter:
    """One call awaiting its response: an event and the response once it arrives."""

    __slots__ = ("event", "method", "response")

    def __init__(self, method: str) -> None:
        self.method = method
        self.event = threading.Event()
        self.response: Message | None = None


def encode_line(message: Message) -> bytes:
    """One message as a compact JSON line (non-ASCII written as itself)."""
    return json.dumps(message, ensure_ascii=False, separators=(",", ":")).encode("utf-8") + b"\n"


def log(text: str) -> None:
    """Write one diagnostic line to stderr (stdout carries only protocol, and the banner)."""
    sys.stderr.write(f"example legacy agent: {text}\n")
    sys.stderr.flush()


class Connection:
    """Both directions of one legacy connection over a pair of binary streams."""

    def __init__(self, reader: BinaryIO, writer: BinaryIO) -> None:
        self._reader = reader
        self._writer = writer
        self._lock = threading.Lock()
        self._next_id = 0
        self._waiting: dict[int, _Waiter] = {}
        self._closed = False

    # -- writing ---------------------------------------------------------------------------

    def write_raw(self, data: bytes) -> None:
        """Write bytes as they are (the banner) and flush."""
        with self._lock:
            self._writer.write(data)
            self._writer.flush()

    def _send(self, message: Message) -> None:
        data = encode_line(message)
        with self._lock:
            self._writer.write(data)
            self._writer.flush()

    def respond(self, id: RequestId, value: Any) -> None:
        """Answer one of the client's requests with a result."""
        self._send(result(id, value))

    def respond_error(self, id: RequestId, code: int, message: str, data: Any = None) -> None:
        """Answer one of the client's requests with an error."""
        self._send(error(id, code, message, data))

    def _allocate(self, method: str, wait: bool) -> tuple[int, _Waiter | None]:
        """The next request id (caller holds the lock), registering a waiter if asked."""
        if self._closed:
            raise PeerGone(f"cannot call {method}: the client has gone")
        id = self._next_id
        self._next_id += 1
        waiter = _Waiter(method) if wait else None
        if waiter is not None:
            self._waiting[id] = waiter
        return id, waiter

    def call(self, method: str, params: Any = None) -> Any:
        """Send a request and block until its response; return the result.

        Raises :class:`RemoteError` for an error response and :class:`PeerGone` when the
        client goes away first.
        """
        with self._lock:
            id, waiter = self._allocate(method, wait=True)
            self._writer.write(encode_line(request(id, method, params)))
            self._writer.flush()
        assert waiter is not None
        waiter.event.wait()
        response = waiter.response
        if response is None:
            raise PeerGone(f"the client went away while {method} waited for its reply")
        if response.get("error") is not None:
            raise RemoteError(method, response["error"])
        return response.get("result")

    def call_unawaited(self, method: str, params: Any = None) -> None:
        """Send a request whose reply is not awaited (streamed chunks, as Gemini does)."""
        self.call_many_unawaited(method, [params])

    def call_many_unawaited(self, method: str, params_list: Iterable[Any]) -> None:
        """Send many unawaited requests with one flush (the flood keyword's fast path)."""
        with self._lock:
            for params in params_list:
                id, _ = self._allocate(method, wait=False)
                self._writer.write(encode_line(request(id, method, params)))
            self._writer.flush()

    # -- reading ---------------------------------------------------------------------------

    def serve(self, on_request: Callable[[Message], None]) -> None:
        """Read stdin until EOF: hand requests to ``on_request``, match responses.

        Runs on its own thread of control while turn threads write, so the client's
        replies and ``cancelSendMessage`` are seen while a turn is busy.
        """
        while True:
            line = self._reader.readline()
            if not line:
                break
            if not line.strip():
                continue
            try:
                message = json.loads(line)
            except ValueError:
                log(f"ignoring a line that is not JSON: {line[:200]!r}")
                continue
            if not isinstance(message, dict):
                log(f"ignoring a JSON line that is not an object: {line[:200]!r}")
                continue
            if isinstance(message.get("method"), str):
                on_request(message)
            else:
                self._resolve(message)
        self._close()

    def _resolve(self, message: Message) -> None:
        """Deliver a response to the call awaiting it; drop replies nobody awaits."""
        id = message.get("id")
        with self._lock:
            waiter = self._waiting.pop(id, None) if isinstance(id, int) else None
        if waiter is not None:
            waiter.response = message
            waiter.event.set()

    def _close(self) -> None:
        """EOF: wake every waiting call so its turn ends with :class:`PeerGone`."""
        with self._lock:
            self._closed = True
            waiters = list(self._waiting.values())
            self._waiting.clear()
        for waiter in waiters:
            waiter.event.set()
