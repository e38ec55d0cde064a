"""A legacy ACP 0.0.9 agent that prints what the test tells it to, for the fuzz suite.

A prompt ``fuzz HEX`` (HEX: the hex of a JSON object ``{"lines": [hex of each line],
"expect": [ids]}``) makes it write the lines to its stdout, exactly as given, then wait
until every id in ``expect`` has been answered, and stream one chunk: a JSON object
mapping each string id answered so far to how many answers it got (``{"a1": 1}``). Then
it ends the turn. Any other prompt ends the turn at once.
"""

from __future__ import annotations

import json
import sys

WAIT_LIMIT = 10_000
"""Lines read while waiting for answers before giving up (a relay that never answers)."""


def send(message: dict[str, object]) -> None:
    """Write one message as a line."""
    sys.stdout.buffer.write(json.dumps(message).encode() + b"\n")
    sys.stdout.flush()


def fuzz(lines: list[bytes], waiting: list[str], counts: dict[str, int]) -> None:
    """Print ``lines``, then collect the answers to their requests."""
    for line in lines:
        sys.stdout.buffer.write(line + b"\n")
    sys.stdout.flush()
    for _ in range(WAIT_LIMIT):
        if all(counts.get(i, 0) for i in waiting):
            break
        line = sys.stdin.buffer.readline()
        if not line:
            raise SystemExit(0)
        count(json.loads(line), counts)


def count(message: object, counts: dict[str, int]) -> None:
    """Count an answer to one of the fuzz requests."""
    if isinstance(message, dict) and "method" not in message:
        answered = message.get("id")
        if isinstance(answered, str):
            counts[answered] = counts.get(answered, 0) + 1


def main() -> None:
    """Serve stdin until it ends."""
    counts: dict[str, int] = {}
    next_id = 0
    for line in sys.stdin.buffer:
        message = json.loads(line)
        count(message, counts)
        method = message.get("method")
        if method is None:
            continue
        result: object = None
        if method == "initialize":
            result = {"protocolVersion": "0.0.9", "isAuthenticated": True}
        elif method == "sendUserMessage":
            text = "".join(c.get("text", "") for c in message["params"]["chunks"])
            word, _, rest = text.partition(" ")
            if word == "fuzz":
                task = json.loads(bytes.fromhex(rest))
                lines = [bytes.fromhex(item) for item in task["lines"]]
                counts.clear()
                fuzz(lines, task["expect"], counts)
                report = json.dumps(counts, sort_keys=True)
                send(
                    {
                        "jsonrpc": "2.0",
                        "id": 10**9 + next_id,
                        "method": "streamAssistantMessageChunk",
                        "params": {"chunk": {"text": report}},
                    }
                )
                next_id += 1
                # The chunk's own reply is read with the next messages (and not counted).
        send({"jsonrpc": "2.0", "id": message["id"], "result": result})


if __name__ == "__main__":
    main()
