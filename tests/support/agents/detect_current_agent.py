"""A tiny current ACP (protocolVersion 1) agent for tests: stdlib only, one session at a time.

``python tests/support/agents/detect_current_agent.py [--auth]``: the detect tests' current agent,
which advertises agent info, capabilities and (with ``--auth``) an auth method.

* ``initialize`` with an integer ``protocolVersion`` answers version 1 with capabilities,
  agent info and (with ``--auth``) one auth method; a string version (a legacy client) gets
  ``-32602`` as the TypeScript SDK answers it.
* ``authenticate`` answers ``{}``; with ``--auth``, ``session/new`` before it fails with
  ``-32000`` "Authentication required".
* ``session/new`` answers ``{sessionId: "sess-<n>"}``; ``session/prompt`` streams one
  ``agent_message_chunk`` echoing the prompt's text and ends with ``end_turn``.
* Notifications (``session/cancel``) are ignored; other requests get ``-32601``.
"""

from __future__ import annotations

import json
import sys
from typing import Any

AGENT_INFO = {"name": "tiny-current-agent", "title": "Tiny current agent", "version": "1.0.0"}
AUTH_METHOD = {"id": "agent-login", "name": "Log in", "description": "The agent logs you in."}


def send(message: dict[str, Any]) -> None:
    sys.stdout.write(json.dumps(message, separators=(",", ":")) + "\n")
    sys.stdout.flush()


def reply(id: Any, result: Any) -> None:
    send({"jsonrpc": "2.0", "id": id, "result": result})


def fail(id: Any, code: int, message: str) -> None:
    send({"jsonrpc": "2.0", "id": id, "error": {"code": code, "message": message}})


def main() -> None:
    needs_auth = "--auth" in sys.argv[1:]
    authenticated = not needs_auth
    sessions = 0
    for line in sys.stdin:
        if not line.strip():
            continue
        message = json.loads(line)
        method, id, params = message.get("method"), message.get("id"), message.get("params") or {}
        if method is None or "id" not in message:
            continue  # responses and notifications
        if method == "initialize":
            version = params.get("protocolVersion")
            if not isinstance(version, int) or isinstance(version, bool):
                fail(id, -32602, "initialize.protocolVersion must be a valid ACP protocol version")
                continue
            reply(
                id,
                {
                    "protocolVersion": 1,
                    "agentCapabilities": {
                        "loadSession": False,
                        "promptCapabilities": {
                            "image": True,
                            "audio": False,
                            "embeddedContext": True,
                        },
                    },
                    "authMethods": [AUTH_METHOD] if needs_auth else [],
                    "agentInfo": AGENT_INFO,
                },
            )
        elif method == "authenticate":
            authenticated = True
            reply(id, {})
        elif method == "session/new":
            if not authenticated:
                fail(id, -32000, "Authentication required")
                continue
            sessions += 1
            reply(id, {"sessionId": f"sess-{sessions}"})
        elif method == "session/prompt":
            text = " ".join(
                b.get("text", "") for b in params.get("prompt", []) if b.get("type") == "text"
            )
            send(
                {
                    "jsonrpc": "2.0",
                    "method": "session/update",
                    "params": {
                        "sessionId": params.get("sessionId"),
                        "update": {
                            "sessionUpdate": "agent_message_chunk",
                            "content": {"type": "text", "text": f"You said: {text}"},
                        },
                    },
                }
            )
            reply(id, {"stopReason": "end_turn"})
        else:
            fail(id, -32601, f"Method not found: {method}")


if __name__ == "__main__":
    main()
