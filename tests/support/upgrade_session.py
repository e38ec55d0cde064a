"""An upgrade translator taken to its first session, for tests that look at how a session
starts (its mode, say) rather than at the messages on the way there."""

from __future__ import annotations

from typing import Any

from acp_compat.translate.base import ToAgent, ToClient, Translator

LEGACY_INITIALIZED = {"protocolVersion": "0.0.9", "isAuthenticated": True}
"""A logged-in legacy agent's ``initialize`` result."""


def first_session(translator: Translator, cwd: str) -> dict[str, Any]:
    """The ``session/new`` result ``translator`` gives a client after ``initialize``
    (answered by agent 0 as :data:`LEGACY_INITIALIZED`, unless the probe already did)."""
    initialize = {"protocolVersion": 1, "clientCapabilities": {}}
    outputs = translator.from_client(
        {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": initialize}
    )
    for output in outputs:
        if isinstance(output, ToAgent):
            reply = {"jsonrpc": "2.0", "id": output.message["id"], "result": LEGACY_INITIALIZED}
            translator.from_agent(0, reply)
    new = {"cwd": cwd, "mcpServers": []}
    [answer] = translator.from_client(
        {"jsonrpc": "2.0", "id": 2, "method": "session/new", "params": new}
    )
    assert isinstance(answer, ToClient)
    result = answer.message["result"]
    assert isinstance(result, dict)
    return result
