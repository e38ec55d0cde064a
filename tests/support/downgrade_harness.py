"""Drive a :class:`DowngradeTranslator` in tests, checking every legacy-bound message.

Every message the translator writes to the legacy client is validated against the
legacy schema (requests by their method, responses by the method of the client request
they answer), and request ids must count up from 0 without gaps, as legacy peers do.
"""

from __future__ import annotations

from typing import Any

from acp_compat.translate.base import Output, ToAgent, ToClient
from acp_compat.translate.downgrade import DowngradeOptions, DowngradeTranslator
from tests.support.schemas import assert_current, assert_legacy

CWD = "/work/project"
SESSION = "S-1"


def update(body: dict[str, Any], session: str = SESSION) -> dict[str, Any]:
    """A ``session/update`` notification from the agent."""
    params = {"sessionId": session, "update": body}
    return {"jsonrpc": "2.0", "method": "session/update", "params": params}


def chunk(text: str) -> dict[str, Any]:
    """An ``agent_message_chunk`` update."""
    return update(
        {"sessionUpdate": "agent_message_chunk", "content": {"type": "text", "text": text}}
    )


def response(id: int, result: Any) -> dict[str, Any]:
    """A result response."""
    return {"jsonrpc": "2.0", "id": id, "result": result}


def error_response(id: int, code: int, message: str, data: Any = None) -> dict[str, Any]:
    """An error response."""
    error: dict[str, Any] = {"code": code, "message": message}
    if data is not None:
        error["data"] = data
    return {"jsonrpc": "2.0", "id": id, "error": error}


def request(id: int, method: str, params: Any = None) -> dict[str, Any]:
    """A request (``params`` left out when ``None``)."""
    message: dict[str, Any] = {"jsonrpc": "2.0", "id": id, "method": method}
    if params is not None:
        message["params"] = params
    return message


class Harness:
    """One translator, the legacy client's id counter and every output seen so far."""

    def __init__(self, **options: Any) -> None:
        options.setdefault("client_info_version", "0.0.0-test")
        self.translator = DowngradeTranslator(DowngradeOptions(cwd=CWD, **options))
        self.client_requests: dict[Any, str] = {}
        self.agent_requests: dict[Any, str] = {}
        self.next_client_id = 0
        self.next_legacy_request = 0
        self.outputs: list[Output] = []

    # -- feeding -------------------------------------------------------------------------

    def client(self, message: dict[str, Any]) -> list[Output]:
        """Feed a message from the legacy client; returns what left."""
        if "method" in message and "id" in message:
            self.client_requests[message["id"]] = message["method"]
        return self._check(self.translator.from_client(message))

    def client_request(self, method: str, params: Any = None) -> list[Output]:
        """Send the next legacy client request (ids from 0)."""
        id, self.next_client_id = self.next_client_id, self.next_client_id + 1
        return self.client(request(id, method, params))

    def agent(self, message: dict[str, Any]) -> list[Output]:
        """Feed a message from agent 0; returns what left."""
        if "method" in message:
            assert_current(message)
            if "id" in message:
                self.agent_requests[message["id"]] = message["method"]
        return self._check(self.translator.from_agent(0, message))

    def _check(self, outputs: list[Output]) -> list[Output]:
        for output in outputs:
            if isinstance(output, ToClient):
                message = output.message
                if "method" in message:
                    assert message["id"] == self.next_legacy_request, message
                    self.next_legacy_request += 1
                    assert_legacy(message)
                else:
                    method = self.client_requests.pop(message["id"])
                    legacy_initialize_without_version = (
                        method == "initialize"
                        and "result" in message
                        and "protocolVersion" not in message["result"]
                    )
                    if not legacy_initialize_without_version:
                        assert_legacy(message, method)
            elif isinstance(output, ToAgent):
                message = output.message
                assert output.agent == 0
                if "method" in message:
                    assert_current(message)
                elif "error" not in message:
                    assert_current(message, self.agent_requests.pop(message["id"]))
        self.outputs += outputs
        return outputs

    # -- common openings -----------------------------------------------------------------

    def ready(self, version: str = "0.0.9") -> None:
        """initialize → agent initialize → session/new → ``isAuthenticated: true``."""
        self.client_request("initialize", {"protocolVersion": version})
        self.agent(response(0, {"protocolVersion": 1, "authMethods": []}))
        out = self.agent(response(1, {"sessionId": SESSION}))
        assert messages(out) == [response(0, {"protocolVersion": version, "isAuthenticated": True})]

    def turn(self, *chunks: dict[str, Any]) -> list[Output]:
        """Start a turn (``sendUserMessage``); the prompt is agent request id 2."""
        return self.client_request("sendUserMessage", {"chunks": list(chunks) or [{"text": "hi"}]})


def messages(outputs: list[Output]) -> list[dict[str, Any]]:
    """The messages of ``outputs`` (to either side), in order."""
    result = []
    for output in outputs:
        assert isinstance(output, (ToClient, ToAgent)), output
        result.append(output.message)
    return result


def to_client(outputs: list[Output]) -> list[dict[str, Any]]:
    """The client-bound messages of ``outputs``."""
    return [o.message for o in outputs if isinstance(o, ToClient)]


def to_agent(outputs: list[Output]) -> list[dict[str, Any]]:
    """The agent-bound messages of ``outputs``."""
    return [o.message for o in outputs if isinstance(o, ToAgent)]
