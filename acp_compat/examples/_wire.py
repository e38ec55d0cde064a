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
from concurrent.futures import Future
from typing import Any, BinaryIO

from acp_compat.jsonrpc.messages import Message, RequestError, request


class PeerGone(Exception):
    """The client closed its end (stdin reached EOF) while a call waited for its reply."""


def encode_line(message: Message) -> bytes:
    """One message as a compact JSON line (non-ASCII written as itself), as
    :func:`acp_compat.jsonrpc.framing.encode` writes it; not imported from there, as this
    agent starts on the standard library alone (framing brings attrs, and orjson)."""
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
        self._waiting: dict[int, Future[Message | None]] = {}
        self._closed = False

    def write(self, data: bytes) -> None:
        """Write bytes as they are (the banner, a whole message line) and flush."""
        with self._lock:
            self._writer.write(data)
            self._writer.flush()

    def send(self, message: Message) -> None:
        """Write one message (an answer to one of the client's requests)."""
        self.write(encode_line(message))

    def _requests(self, method: str, params_list: Iterable[Any]) -> int:
        """Write a request per params with one flush (caller holds the lock); the first
        one's id."""
        if self._closed:
            raise PeerGone(f"cannot call {method}: the client has gone")
        first = self._next_id
        for params in params_list:
            self._writer.write(encode_line(request(self._next_id, method, params)))
            self._next_id += 1
        self._writer.flush()
        return first

    def call(self, method: str, params: Any = None) -> Any:
        """Send a request and block until its response; return the result.

        Raises :class:`~acp_compat.jsonrpc.messages.RequestError` (naming ``method``) for
        an error response and :class:`PeerGone` when the client goes away first.
        """
        waiter: Future[Message | None] = Future()
        with self._lock:
            id = self._requests(method, [params])
            self._waiting[id] = waiter
        response = waiter.result()
        if response is None:
            raise PeerGone(f"the client went away while {method} waited for its reply")
        if response.get("error") is not None:
            raise RequestError.from_error_object(response["error"], method)
        return response.get("result")

    def call_unawaited(self, method: str, params_list: Iterable[Any]) -> None:
        """Send a request per params whose replies are not awaited (streamed chunks, as
        Gemini does), with one flush."""
        with self._lock:
            self._requests(method, params_list)

    def serve(self, on_request: Callable[[Message], None]) -> None:
        """Read stdin until EOF: hand requests to ``on_request``, match responses.

        Runs on its own thread of control while turn threads write, so the client's
        replies and ``cancelSendMessage`` are seen while a turn is busy. At EOF every
        waiting call wakes, to end its turn with :class:`PeerGone`.
        """
        while line := self._reader.readline():
            if not line.strip():
                continue
            try:
                message = json.loads(line)
            except ValueError:
                log(f"ignoring a line that is not JSON: {line[:200]!r}")
                continue
            if not isinstance(message, dict):
                log(f"ignoring a JSON line that is not an object: {line[:200]!r}")
            elif isinstance(message.get("method"), str):
                on_request(message)
            else:  # a response: to the call awaiting it (replies nobody awaits are dropped)
                id = message.get("id")
                with self._lock:
                    waiter = self._waiting.pop(id, None) if isinstance(id, int) else None
                if waiter is not None:
                    waiter.set_result(message)
        with self._lock:
            self._closed = True
            waiters, self._waiting = list(self._waiting.values()), {}
        for waiter in waiters:
            waiter.set_result(None)
