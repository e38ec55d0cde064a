"""A tiny current ACP (protocol version 1) agent for relay tests.

Rejects a string ``protocolVersion`` with ``-32602`` as the TypeScript SDK does; with
``--lenient`` it answers version 1 instead, as Rust SDK agents before 2026-06 did (a string
version read as 0). A prompt ``initialize?`` is answered with the ``initialize`` params the
agent kept, as JSON text.
``session/prompt`` streams the prompt text back as one ``agent_message_chunk`` and ends
the turn; a prompt ``die`` makes it exit with status 4 instead. ``--slow SECONDS`` waits
that long before reading anything (a launcher downloading the agent); with
``--slow-once MARKER`` only the first start waits (it creates the file MARKER), as a
launcher's second start finds the download cached.
"""

from __future__ import annotations

import json
import os
import sys
import time


def send(message: dict[str, object]) -> None:
    """Write one message as a line."""
    sys.stdout.write(json.dumps(message) + "\n")
    sys.stdout.flush()


def main() -> None:
    """Serve stdin until it ends."""
    if "--slow" in sys.argv:
        marker = sys.argv[sys.argv.index("--slow-once") + 1] if "--slow-once" in sys.argv else None
        if marker is None or not os.path.exists(marker):
            if marker is not None:
                open(marker, "w").close()
            time.sleep(float(sys.argv[sys.argv.index("--slow") + 1]))
    lenient = "--lenient" in sys.argv
    sessions = 0
    initialized: object = None
    for line in sys.stdin:
        message = json.loads(line)
        method = message.get("method")
        if method is None or "id" not in message:
            continue
        params = message.get("params") or {}
        if method == "initialize":
            if not isinstance(params.get("protocolVersion"), int) and not lenient:
                send(
                    {
                        "jsonrpc": "2.0",
                        "id": message["id"],
                        "error": {
                            "code": -32602,
                            "message": "initialize.protocolVersion must be a valid ACP version",
                        },
                    }
                )
                continue
            initialized = params
            result: object = {"protocolVersion": 1, "agentCapabilities": {}, "authMethods": []}
        elif method == "session/new":
            sessions += 1
            result = {"sessionId": f"s{sessions}"}
        elif method == "session/prompt":
            text = "".join(b.get("text", "") for b in params["prompt"])
            if text == "die":
                sys.exit(4)
            if text == "initialize?":
                text = json.dumps(initialized, sort_keys=True)
            send(
                {
                    "jsonrpc": "2.0",
                    "method": "session/update",
                    "params": {
                        "sessionId": params["sessionId"],
                        "update": {
                            "sessionUpdate": "agent_message_chunk",
                            "content": {"type": "text", "text": text},
                        },
                    },
                }
            )
            result = {"stopReason": "end_turn"}
        else:
            send(
                {
                    "jsonrpc": "2.0",
                    "id": message["id"],
                    "error": {"code": -32601, "message": "Method not found"},
                }
            )
            continue
        send({"jsonrpc": "2.0", "id": message["id"], "result": result})


if __name__ == "__main__":
    main()
