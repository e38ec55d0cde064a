"""A legacy ACP 0.0.9 agent that misbehaves on request, for the hostile-input tests.

Scripted by the prompt's first word (the rest of the prompt is its argument):

* ``raw LINE``: print LINE on stdout as it is (after replacing ``@ID@`` by the next
  request id this agent would use), then end the turn normally;
* ``answer LINE``: answer the ``sendUserMessage`` with LINE instead of a result, after
  replacing ``@ID@`` by that request's id (a malformed or unusual answer);
* ``confirm``: ask ``requestToolCallConfirmation``, stream the outcome received as a
  chunk, then end the turn;
* ``read PATH``: ``readTextFile`` PATH, stream how many characters (or the error
  message) came back, then end the turn;
* ``rawask LINE``: like ``raw``, but LINE is a request: wait for its answer and stream
  that answer back as a chunk (JSON text);
* ``closeout``: write ``hostile agent pid N`` to stderr, close its stdout and keep running, reading
  nothing (only a signal ends it);
* ``closein``: write ``hostile agent pid N`` to stderr, close its stdin, end the turn and keep
  running (it hears nothing more; only a signal ends it);
* ``tools N``: push N tool calls, each followed by an ``updateToolCall`` that finishes
  it, then end the turn; ``tools N open``: push N and end the turn with all of them
  still open (the relay closes them);
* ``hang``: write ``hostile agent hangs`` to stderr, read stdin until it ends, then
  exit with status 0 without answering;
* ``deaf N``: stream N chunks without ever reading stdin again, then sleep.

Anything else ends the turn at once.
"""

from __future__ import annotations

import json
import os
import sys
import time

_next_id = 0

PID_LINE = "hostile agent pid "
"""How ``closeout`` and ``closein`` start the stderr line that gives the agent's pid."""
HANGING = "hostile agent hangs"
"""The stderr line ``hang`` writes once it has the prompt."""


def write_line(data: bytes) -> None:
    """Write one line on stdout."""
    sys.stdout.buffer.write(data + b"\n")
    sys.stdout.flush()


def send(message: dict[str, object]) -> None:
    """Write one message as a line."""
    write_line(json.dumps(message, ensure_ascii=False).encode())


def ask(method: str, params: dict[str, object]) -> object:
    """Send a request and wait for its answer (the only thing in flight: a turn is serial)."""
    global _next_id
    request_id = _next_id
    _next_id += 1
    send({"jsonrpc": "2.0", "id": request_id, "method": method, "params": params})
    for line in sys.stdin.buffer:
        message = json.loads(line)
        if message.get("id") == request_id and "method" not in message:
            return message.get("result", message.get("error"))
    raise SystemExit(0)


def chunk(text: str) -> None:
    """Stream one assistant text chunk."""
    ask("streamAssistantMessageChunk", {"chunk": {"text": text}})


def turn(request_id: object, text: str) -> bool:
    """Act on one prompt; whether the ``sendUserMessage`` still needs its answer."""
    global _next_id
    word, _, rest = text.partition(" ")
    if word == "raw":
        write_line(rest.replace("@ID@", str(_next_id)).encode())
    elif word == "rawask":
        request_id = _next_id
        _next_id += 1
        write_line(rest.replace("@ID@", str(request_id)).encode())
        for line in sys.stdin.buffer:
            message = json.loads(line)
            if message.get("id") == request_id and "method" not in message:
                chunk(json.dumps(message))
                break
    elif word == "hang":
        sys.stderr.write(HANGING + "\n")
        sys.stderr.flush()
        for _ in sys.stdin.buffer:
            pass
        raise SystemExit(0)
    elif word == "answer":
        write_line(rest.replace("@ID@", json.dumps(request_id)).encode())
        return False
    elif word == "confirm":
        outcome = ask(
            "requestToolCallConfirmation",
            {
                "label": "Edit file",
                "icon": "pencil",
                "confirmation": {"type": "edit"},
            },
        )
        chunk(json.dumps(outcome))
    elif word == "read":
        answer = ask("readTextFile", {"path": rest})
        if isinstance(answer, dict) and isinstance(answer.get("content"), str):
            chunk(f"read {len(answer['content'])}")
        else:
            chunk(f"failed {json.dumps(answer)}")
    elif word == "closeout":
        sys.stderr.write(f"{PID_LINE}{os.getpid()}\n")
        sys.stderr.flush()
        os.close(1)
        while True:
            time.sleep(60)
    elif word == "tools":
        count, _, mode = rest.partition(" ")
        for n in range(int(count)):
            pushed = ask("pushToolCall", {"label": f"Read {n}", "icon": "fileSearch"})
            if mode != "open" and isinstance(pushed, dict):
                ask(
                    "updateToolCall",
                    {"toolCallId": pushed["id"], "status": "finished", "content": None},
                )
    elif word == "closein":
        sys.stderr.write(f"{PID_LINE}{os.getpid()}\n")
        sys.stderr.flush()
        os.close(0)
        send({"jsonrpc": "2.0", "id": request_id, "result": None})
        while True:
            time.sleep(60)
    elif word == "deaf":
        for _ in range(int(rest)):
            send(
                {
                    "jsonrpc": "2.0",
                    "id": _next_id,
                    "method": "streamAssistantMessageChunk",
                    "params": {"chunk": {"text": "."}},
                }
            )
            _next_id += 1
        while True:
            time.sleep(60)
    return True


def main() -> None:
    """Serve stdin until it ends."""
    for line in sys.stdin.buffer:
        message = json.loads(line)
        method = message.get("method")
        if method is None:
            continue
        result: object = None
        if method == "initialize":
            result = {"protocolVersion": "0.0.9", "isAuthenticated": True}
        elif method == "sendUserMessage":
            texts = [c.get("text", "") for c in message["params"]["chunks"]]
            if not turn(message["id"], "".join(texts)):
                continue
        send({"jsonrpc": "2.0", "id": message["id"], "result": result})


if __name__ == "__main__":
    main()
