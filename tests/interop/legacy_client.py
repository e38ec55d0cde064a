"""A strict legacy ACP 0.0.x *client* of our own, driving an agent command over stdio.

It is as demanding as the old Rust client was about the legacy wire: every line it reads
must be one JSON object that is a request or a response (legacy has no notifications),
with an integer id; the agent side's request ids must count up from 0 without gaps; tool
call contents must be one value, not a list; and every message is checked against the
legacy JSON Schema (0.0.9, or 0.0.10 for ``updatePlan``). Any violation is recorded and
:meth:`LegacyClient.assert_clean` fails the test with it.

It answers the agent's requests the way a legacy editor does: chunks and updates
``null``, tool call ids handed out from 1, confirmations by a policy the test sets.
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import queue
import signal
import subprocess
import threading
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from tests.support.schemas import legacy_errors

Policy = Callable[[dict[str, Any]], str]
"""Given a ``requestToolCallConfirmation``'s params, the legacy outcome to answer."""

CLIENT_METHODS = frozenset(
    {
        "streamAssistantMessageChunk",
        "pushToolCall",
        "updateToolCall",
        "requestToolCallConfirmation",
        "updatePlan",
        "readTextFile",
        "writeTextFile",
    }
)


class LegacyClient:
    """One agent process tree and the strict legacy client talking to it."""

    def __init__(self, argv: Sequence[str], cwd: Path, env: dict[str, str] | None = None) -> None:
        self.proc = subprocess.Popen(
            list(argv),
            cwd=cwd,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            env={**os.environ, **(env or {})},
            start_new_session=True,  # a process group of its own, so it can be stopped whole
        )
        self.violations: list[str] = []
        self.received: list[dict[str, Any]] = []
        """Every agent request, in arrival order."""
        self._lines: queue.Queue[bytes | None] = queue.Queue()
        self._stderr = bytearray()
        self._next_id = 0
        self._expected_agent_id = 0
        self._pending: dict[int, str] = {}
        self._tool_ids = iter(range(1, 1_000_000))
        self.policy: Policy = lambda params: "allow"
        self.hold_confirmations = False
        """Leave confirmations unanswered (in :attr:`held`) instead of applying the policy."""
        self.held: list[dict[str, Any]] = []
        self._threads = [
            threading.Thread(target=self._pump_stdout, daemon=True),
            threading.Thread(target=self._pump_stderr, daemon=True),
        ]
        for thread in self._threads:
            thread.start()

    # -- plumbing ----------------------------------------------------------------------

    def _pump_stdout(self) -> None:
        assert self.proc.stdout is not None
        for line in self.proc.stdout:
            self._lines.put(line)
        self._lines.put(None)

    def _pump_stderr(self) -> None:
        assert self.proc.stderr is not None
        stderr = self.proc.stderr
        assert isinstance(stderr, io.BufferedReader)  # PIPE with the default buffering
        for chunk in iter(lambda: stderr.read1(65536), b""):
            self._stderr += chunk

    @property
    def stderr(self) -> str:
        """What the process tree wrote to stderr so far."""
        return self._stderr.decode("utf-8", "replace")

    def _send(self, message: dict[str, Any]) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.write(json.dumps(message).encode() + b"\n")
        self.proc.stdin.flush()

    def _violation(self, text: str) -> None:
        self.violations.append(text)

    # -- the client's requests ---------------------------------------------------------

    def request(self, method: str, params: Any = None) -> int:
        """Send a legacy request (no ``params`` member when ``None``); returns its id."""
        request_id, self._next_id = self._next_id, self._next_id + 1
        message: dict[str, Any] = {"jsonrpc": "2.0", "id": request_id, "method": method}
        if params is not None:
            message["params"] = params
        self._pending[request_id] = method
        self._send(message)
        return request_id

    def wait_for(
        self,
        request_id: int,
        timeout: float = 15.0,
        on_request: Callable[[dict[str, Any]], None] | None = None,
    ) -> dict[str, Any]:
        """Serve the agent until the response to ``request_id`` arrives; return it.

        ``on_request`` sees each agent request after it was answered (or held).
        """
        deadline = time.monotonic() + timeout
        while True:
            message = self.next_message(deadline)
            if "method" in message:
                self._serve(message)
                if on_request is not None:
                    on_request(message)
            elif message.get("id") == request_id:
                return message

    def next_message(self, deadline: float) -> dict[str, Any]:
        """The next well-formed message (responses to others are checked and kept)."""
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise AssertionError(
                    f"timed out waiting for the agent\nstderr: {self.stderr[-3000:]}"
                )
            try:
                line = self._lines.get(timeout=left)
            except queue.Empty:
                continue
            if line is None:
                raise AssertionError(f"the agent closed stdout\nstderr: {self.stderr[-3000:]}")
            message = self._check_line(line)
            if message is not None:
                return message

    def _check_line(self, line: bytes) -> dict[str, Any] | None:
        """Parse and check one line; ``None`` if it is unusable (recorded)."""
        try:
            message = json.loads(line)
        except ValueError:
            self._violation(f"not JSON: {line[:200]!r}")
            return None
        if not isinstance(message, dict):
            self._violation(f"not an object: {line[:200]!r}")
            return None
        request_id = message.get("id")
        if isinstance(request_id, bool) or not isinstance(request_id, int):
            self._violation(f"id is not an integer (or missing): {line[:200]!r}")
            return None
        if "method" in message:
            method = message["method"]
            if method not in CLIENT_METHODS:
                self._violation(f"{method!r} is not a legacy client method")
            if request_id != self._expected_agent_id:
                self._violation(
                    f"agent request id {request_id}, expected {self._expected_agent_id}"
                )
            self._expected_agent_id = request_id + 1
            problems = legacy_errors(message)
            self.received.append(message)
        else:
            method = self._pending.pop(request_id, None)
            if method is None:
                self._violation(f"response to unknown id {request_id}: {line[:200]!r}")
                return None
            problems = legacy_errors(message, method)
        self.violations += [f"{message.get('method') or 'response'}: {p}" for p in problems]
        return message

    # -- the agent's requests ----------------------------------------------------------

    def _serve(self, message: dict[str, Any]) -> None:
        method = message["method"]
        params = message.get("params") or {}
        if method in ("streamAssistantMessageChunk", "updateToolCall", "updatePlan"):
            self.answer(message["id"], None)
        elif method == "pushToolCall":
            self.answer(message["id"], {"id": next(self._tool_ids)})
        elif method == "requestToolCallConfirmation":
            if self.hold_confirmations:
                self.held.append(message)
            else:
                self.confirm(message, self.policy(params))
        else:
            self.answer_error(message["id"], -32601, "Method not found")

    def confirm(self, message: dict[str, Any], outcome: str) -> int:
        """Answer a confirmation with ``outcome``; returns the tool call id handed out."""
        tool_id = next(self._tool_ids)
        self.answer(message["id"], {"id": tool_id, "outcome": outcome})
        return tool_id

    def answer(self, request_id: int, result: Any) -> None:
        """Send a result response."""
        self._send({"jsonrpc": "2.0", "id": request_id, "result": result})

    def answer_error(self, request_id: int, code: int, message: str) -> None:
        """Send an error response."""
        self._send(
            {"jsonrpc": "2.0", "id": request_id, "error": {"code": code, "message": message}}
        )

    # -- the end -----------------------------------------------------------------------

    def close(self, timeout: float = 10.0) -> int:
        """Close stdin (the relay's signal to shut down) and reap the process tree."""
        with contextlib.suppress(OSError):
            assert self.proc.stdin is not None
            self.proc.stdin.close()
        try:
            returncode = self.proc.wait(timeout)
        except subprocess.TimeoutExpired as err:
            with contextlib.suppress(OSError):
                os.killpg(self.proc.pid, signal.SIGKILL)
            self.proc.wait(5)
            raise AssertionError(
                f"the relay did not exit after stdin closed\n{self.stderr[-3000:]}"
            ) from err
        finally:
            for thread in self._threads:
                thread.join(5)
        # Whatever came after the last awaited response must be well formed too.
        while True:
            try:
                line = self._lines.get_nowait()
            except queue.Empty:
                break
            if line is None:
                break
            self._check_line(line)
        return returncode

    def assert_clean(self) -> None:
        """Fail with every violation of the legacy wire seen so far."""
        assert not self.violations, "legacy wire violations:\n  " + "\n  ".join(self.violations)
