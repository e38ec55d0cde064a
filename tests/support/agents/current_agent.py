"""A tiny current ACP (protocol version 1) agent for relay tests.

Rejects a string ``protocolVersion`` with ``-32602`` as the TypeScript SDK does; with
``--lenient`` it answers version 1 instead, as Rust SDK agents before 2026-06 did (a string
version read as 0). A prompt ``initialize?`` is answered with the ``initialize`` params the
agent kept, as JSON text.
``session/prompt`` streams the prompt text back as one ``agent_message_chunk`` and ends
the turn; a prompt ``die`` makes it exit with status 4 instead. ``--slow SECONDS`` waits
that long before reading anything (a launcher downloading the agent).
``--first-start-waits MARKER``: the first start (it creates the file MARKER) reads nothing
until a later start has refused a string ``protocolVersion`` (which creates
``MARKER.refused``), as a launcher whose first start downloads the agent while a second
one finds it cached; at most 30 s.
``--late-writes``: once its stdin ends, it still writes to its last session, as
qwen-code does when the editor has gone: an ``available_commands_update`` and an
``fs/read_text_file`` request for ``<cwd>/late.txt`` (then it exits).
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
        time.sleep(float(sys.argv[sys.argv.index("--slow") + 1]))
    marker = None
    if "--first-start-waits" in sys.argv:
        marker = sys.argv[sys.argv.index("--first-start-waits") + 1]
        if not os.path.exists(marker):
            open(marker, "w").close()
            deadline = time.monotonic() + 30
            while not os.path.exists(marker + ".refused") and time.monotonic() < deadline:
                time.sleep(0.02)
    lenient = "--lenient" in sys.argv
    sessions = 0
    initialized: object = None
    cwd = "/"
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
                if marker is not None:
                    open(marker + ".refused", "w").close()
                continue
            initialized = params
            result: object = {"protocolVersion": 1, "agentCapabilities": {}, "authMethods": []}
        elif method == "session/new":
            sessions += 1
            cwd = params.get("cwd") or cwd
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
    if "--late-writes" in sys.argv and sessions:
        session = f"s{sessions}"
        commands = {"sessionUpdate": "available_commands_update", "availableCommands": []}
        send(
            {
                "jsonrpc": "2.0",
                "method": "session/update",
                "params": {"sessionId": session, "update": commands},
            }
        )
        read = {"sessionId": session, "path": os.path.join(cwd, "late.txt")}
        send({"jsonrpc": "2.0", "id": "late", "method": "fs/read_text_file", "params": read})


if __name__ == "__main__":
    main()
