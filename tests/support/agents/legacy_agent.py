"""A tiny legacy ACP 0.0.9 agent for relay tests, scripted by the prompt's first word.

``echo TEXT`` streams TEXT back; ``size`` streams the prompt's length; ``mirror`` streams
the whole prompt text back (for long lines); ``junk`` prints a banner, a JSON line that
is no JSON-RPC message and then streams "after junk"; ``huge N`` prints an N-byte line
then streams "after huge"; ``noisy N`` writes N bytes to stderr, then
streams "after noise"; ``flood N`` streams N chunks ``.`` without reading stdin
meanwhile (the replies pile up in its stdin pipe); ``die`` writes to stderr and exits
with status 3 mid-turn.
Every turn ends with the ``sendUserMessage`` answered ``null``.

``--rust`` behaves like a Rust legacy agent given an integer ``protocolVersion``: the
params do not parse, so the request is dropped without an answer.
"""

from __future__ import annotations

import json
import sys

_next_id = 0


def send(message: dict[str, object]) -> None:
    """Write one message as a line."""
    sys.stdout.buffer.write(json.dumps(message, ensure_ascii=False).encode() + b"\n")
    sys.stdout.flush()


def chunk(text: str) -> None:
    """Stream one assistant text chunk (a request, as legacy has no notifications)."""
    global _next_id
    send(
        {
            "jsonrpc": "2.0",
            "id": _next_id,
            "method": "streamAssistantMessageChunk",
            "params": {"chunk": {"text": text}},
        }
    )
    _next_id += 1


def turn(text: str) -> None:
    """Act on one prompt."""
    word, _, rest = text.partition(" ")
    if word == "echo":
        chunk(rest)
    elif word == "size":
        chunk(str(len(text)))
    elif word == "mirror":
        chunk(text)
    elif word == "junk":
        sys.stdout.buffer.write(b"Banner: this agent prints log text on stdout\n[1, 2, 3]\n")
        sys.stdout.flush()
        chunk("after junk")
    elif word == "huge":
        sys.stdout.buffer.write(b'{"pad":"' + b"x" * int(rest) + b'"}\n')
        sys.stdout.flush()
        chunk("after huge")
    elif word == "flood":
        for _ in range(int(rest)):  # without reading stdin meanwhile: replies pile up
            chunk(".")
    elif word == "noisy":
        for _ in range(int(rest) // 100):  # stderr nobody may be reading
            sys.stderr.write("x" * 99 + "\n")
        sys.stderr.flush()
        chunk("after noise")
    elif word == "die":
        sys.stderr.write("fatal: simulated death\n")
        sys.stderr.flush()
        sys.exit(3)


def main() -> None:
    """Serve stdin until it ends."""
    for line in sys.stdin.buffer:
        message = json.loads(line)
        method = message.get("method")
        if method is None:
            continue  # a reply to one of our chunks
        if method == "initialize":
            version = (message.get("params") or {}).get("protocolVersion")
            if "--rust" in sys.argv and not isinstance(version, str):
                continue
            result: object = {"protocolVersion": "0.0.9", "isAuthenticated": True}
        elif method == "sendUserMessage":
            texts = [c.get("text", "") for c in message["params"]["chunks"]]
            turn("".join(texts))
            result = None
        elif method in ("authenticate", "cancelSendMessage"):
            result = None
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
