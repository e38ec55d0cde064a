"""A strict legacy ACP 0.0.9 client for tests: drives an agent process over pipes.

It checks what a Rust legacy client would insist on: every line the agent writes (after
an optional banner) is a JSON-RPC request or response with an integer id, the agent's own
request ids count up from 0 without gaps, and every request validates against the legacy
schema. Turns are driven with :meth:`LegacyDriver.turn`, which answers the agent's
requests the way a legacy editor does (tool call ids from 1, confirmations by policy).
"""

from __future__ import annotations

import contextlib
import json
import os
import queue
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from tests.support.schemas import assert_legacy

AGENT_MODULE = "acp_compat.examples.legacy_agent"
DEFAULT_TIMEOUT = 10.0

Answer = Callable[[dict[str, Any]], Any]
"""Given an agent request, the ``result`` to send back (or an :class:`ErrorReply`)."""


class ErrorReply:
    """Answer an agent request with a JSON-RPC error instead of a result."""

    def __init__(self, code: int, message: str) -> None:
        self.code = code
        self.message = message


class AgentClosed(AssertionError):
    """The agent's stdout ended while the driver expected a message."""


def agent_command(*options: str) -> list[str]:
    """The argv that starts the example agent with ``options``."""
    return [sys.executable, "-m", AGENT_MODULE, *options]


class LegacyDriver:
    """One agent process and the strict legacy client driving it."""

    def __init__(
        self, argv: Sequence[str], cwd: Path, *, banner: bool = True, first_id: int = 0
    ) -> None:
        """Start ``argv`` in ``cwd``; ``banner``: one non-JSON line may come first;
        ``first_id``: the id of the client's first request (editors start at 0 or 1)."""
        self.proc = subprocess.Popen(
            list(argv),
            cwd=cwd,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            env={**os.environ, "PYTHONUNBUFFERED": "1"},
        )
        self.banner: str | None = None
        self.expect_banner = banner
        self._lines: queue.Queue[bytes | None] = queue.Queue()
        self._stderr: list[bytes] = []
        self._next_id = first_id
        self._agent_next_id = 0
        self._threads = [
            threading.Thread(target=self._pump_stdout, daemon=True),
            threading.Thread(target=self._pump_stderr, daemon=True),
        ]
        for thread in self._threads:
            thread.start()
        self.tool_call_ids = iter(range(1, 1_000_000))
        self.log: list[tuple[str, dict[str, Any]]] = []
        self.other_responses: list[dict[str, Any]] = []

    # -- process plumbing ------------------------------------------------------------------

    def _pump_stdout(self) -> None:
        assert self.proc.stdout is not None
        for line in self.proc.stdout:
            self._lines.put(line)
        self._lines.put(None)

    def _pump_stderr(self) -> None:
        assert self.proc.stderr is not None
        for line in self.proc.stderr:
            self._stderr.append(line)

    @property
    def stderr(self) -> str:
        """What the agent wrote to stderr so far."""
        return b"".join(self._stderr).decode("utf-8", "replace")

    def wait_stderr(self, text: str, timeout: float = DEFAULT_TIMEOUT) -> str:
        """Wait until ``text`` appears on the agent's stderr; return all of it."""
        deadline = time.monotonic() + timeout
        while text not in self.stderr:
            assert time.monotonic() < deadline, f"{text!r} not on stderr: {self.stderr!r}"
            time.sleep(0.01)
        return self.stderr

    def close(self, timeout: float = DEFAULT_TIMEOUT) -> int:
        """Close the agent's stdin and reap it (killed if it does not exit); its status."""
        if self.proc.stdin is not None and not self.proc.stdin.closed:
            with contextlib.suppress(BrokenPipeError):
                self.proc.stdin.close()
        try:
            self.proc.wait(timeout)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
        for thread in self._threads:
            thread.join(timeout)
        return self.proc.returncode

    def wait_exit(self, timeout: float = DEFAULT_TIMEOUT) -> int:
        """Wait for the agent to exit on its own (stdin left open); its status."""
        returncode = self.proc.wait(timeout)
        for thread in self._threads:
            thread.join(timeout)
        return returncode

    def __enter__(self) -> LegacyDriver:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- the wire ----------------------------------------------------------------------------

    def send(self, message: dict[str, Any]) -> None:
        """Write one message as a compact JSON line."""
        assert self.proc.stdin is not None
        self.log.append(("client->agent", message))
        self.proc.stdin.write(json.dumps(message, separators=(",", ":")).encode() + b"\n")
        self.proc.stdin.flush()

    def request(self, method: str, params: Any = None) -> int:
        """Send a request (``params`` left out when ``None``); return its id."""
        id = self._next_id
        self._next_id += 1
        message: dict[str, Any] = {"jsonrpc": "2.0", "id": id, "method": method}
        if params is not None:
            message["params"] = params
        self.send(message)
        return id

    def receive(self, timeout: float = DEFAULT_TIMEOUT) -> dict[str, Any]:
        """The agent's next message, checked strictly; the banner is taken aside once."""
        while True:
            try:
                line = self._lines.get(timeout=timeout)
            except queue.Empty:
                raise AssertionError(
                    f"no message from the agent within {timeout} s; stderr: {self.stderr}"
                ) from None
            if line is None:
                raise AgentClosed(f"the agent closed stdout; stderr: {self.stderr}")
            try:
                message: dict[str, Any] = json.loads(line)
            except ValueError:
                text = line.decode("utf-8", "replace").rstrip("\n")
                assert self.expect_banner and self.banner is None and not self.log_from_agent, (
                    f"unexpected non-JSON line: {text!r}"
                )
                self.banner = text
                continue
            self._check(message)
            self.log.append(("agent->client", message))
            return message

    @property
    def log_from_agent(self) -> list[dict[str, Any]]:
        """Every message the agent sent, in order."""
        return [m for direction, m in self.log if direction == "agent->client"]

    def _check(self, message: Any) -> None:
        assert isinstance(message, dict), message
        assert message.get("jsonrpc") == "2.0", message
        if "method" in message:
            assert message.get("id") == self._agent_next_id, (
                f"agent request id {message.get('id')!r}, expected {self._agent_next_id}"
            )
            self._agent_next_id += 1
            assert_legacy(message)
        else:
            assert isinstance(message.get("id"), int), message
            assert ("result" in message) != ("error" in message), message

    def response(self, id: int, timeout: float = DEFAULT_TIMEOUT) -> dict[str, Any]:
        """The agent's response to our request ``id`` (it must be the next message)."""
        message = self.receive(timeout)
        assert "method" not in message and message["id"] == id, message
        return message

    def call(self, method: str, params: Any = None) -> dict[str, Any]:
        """A request whose response must come straight back."""
        return self.response(self.request(method, params))

    def answer(self, message: dict[str, Any], value: Any) -> None:
        """Answer one of the agent's requests."""
        if isinstance(value, ErrorReply):
            error = {"code": value.code, "message": value.message}
            self.send({"jsonrpc": "2.0", "id": message["id"], "error": error})
        else:
            self.send({"jsonrpc": "2.0", "id": message["id"], "result": value})

    def initialize(self) -> dict[str, Any]:
        """``initialize {protocolVersion: "0.0.9"}``; returns the result."""
        reply = self.call("initialize", {"protocolVersion": "0.0.9"})
        assert_legacy(reply, "initialize")
        result: dict[str, Any] = reply["result"]
        return result

    # -- turns -----------------------------------------------------------------------------------

    def default_answer(self, outcome: str = "allow", files: dict[str, str] | None = None) -> Answer:
        """Answers as a legacy editor: chunks null, tool ids from 1, confirmations ``outcome``."""
        served = files if files is not None else {}

        def answer(message: dict[str, Any]) -> Any:
            method = message["method"]
            params = message.get("params") or {}
            if method == "pushToolCall":
                return {"id": next(self.tool_call_ids)}
            if method == "requestToolCallConfirmation":
                return {"id": next(self.tool_call_ids), "outcome": outcome}
            if method == "readTextFile":
                path = params["path"]
                if path in served:
                    return {"content": served[path]}
                return ErrorReply(-32002, f"Resource not found: {path}")
            if method == "writeTextFile":
                served[params["path"]] = params["content"]
            return None

        return answer

    def turn(
        self,
        text: str,
        answer: Answer | None = None,
        *,
        timeout: float = DEFAULT_TIMEOUT,
        on_request: Callable[[dict[str, Any]], None] | None = None,
    ) -> tuple[list[dict[str, Any]], dict[str, Any]]:
        """Send ``sendUserMessage`` and answer the agent until the turn's response.

        Returns the agent's requests of the turn and the ``sendUserMessage`` response.
        ``on_request`` sees each agent request before it is answered (to cancel mid-turn).
        Responses to other requests of ours (e.g. ``cancelSendMessage``) are kept in
        :attr:`other_responses`.
        """
        answer = answer or self.default_answer()
        id = self.request("sendUserMessage", {"chunks": [{"text": text}]})
        requests: list[dict[str, Any]] = []
        self.other_responses = []
        while True:
            message = self.receive(timeout)
            if "method" not in message:
                if message["id"] == id:
                    return requests, message
                self.other_responses.append(message)
                continue
            requests.append(message)
            if on_request is not None:
                on_request(message)
            self.answer(message, answer(message))


def chunks(requests: list[dict[str, Any]], kind: str = "text") -> list[str]:
    """The ``text`` (or ``thought``) of each streamed chunk, in order."""
    return [
        r["params"]["chunk"][kind]
        for r in requests
        if r["method"] == "streamAssistantMessageChunk" and kind in r["params"]["chunk"]
    ]


def methods(requests: list[dict[str, Any]]) -> list[str]:
    """The method of each agent request, in order, chunks left out."""
    return [r["method"] for r in requests if r["method"] != "streamAssistantMessageChunk"]
