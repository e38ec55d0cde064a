"""A scripted stand-in for the Gemini API on localhost, for running real gemini-cli by hand.

gemini-cli 0.1.x reaches the model through ``@google/genai``, which takes its base URL
from ``GOOGLE_GEMINI_BASE_URL``; pointed here (with any ``GEMINI_API_KEY``), the real
agent runs whole turns without a network or a key. docs/conformance.md uses it::

    python tests/support/fake_gemini_api.py 18765 &
    GOOGLE_GEMINI_BASE_URL=http://127.0.0.1:18765 GEMINI_API_KEY=dummy gemini --experimental-acp

The script, by the last user turn of a ``streamGenerateContent`` request (its text
lowercased; a tool result is a ``functionResponse`` part):

* a ``functionResponse``: the text ``Done.``, then the turn ends;
* ``apierror``: HTTP 400 with the API's error body (an invalid key), as a model API error;
* ``read``: the text ``Reading it.``, then a ``read_file`` call of ``hello.txt``;
* ``write``: the text ``I will write the file.``, then a ``write_file`` call creating
  ``notes.txt`` (both in the folder given by ``--project``, default the server's cwd);
* anything else: ``hello`` in two chunks.

``generateContent`` (gemini-cli's "who speaks next" check) answers that the user does;
``countTokens`` answers 10. Each request's path and last user turn go to stderr.
"""

from __future__ import annotations

import argparse
import json
import sys
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

Part = dict[str, Any]


def candidate(parts: list[Part], finish: str | None = None) -> dict[str, Any]:
    """One streamed response chunk holding ``parts`` (the last one names its finish)."""
    content: dict[str, Any] = {"content": {"role": "model", "parts": parts}, "index": 0}
    if finish is not None:
        content["finishReason"] = finish
    usage = {"promptTokenCount": 5, "candidatesTokenCount": 2, "totalTokenCount": 7}
    return {"candidates": [content], "usageMetadata": usage}


INVALID_KEY = {
    "error": {
        "code": 400,
        "message": "API key not valid. Please pass a valid API key.",
        "status": "INVALID_ARGUMENT",
    }
}
"""The body the real API answers a bad key with."""


def turn(last: list[Part], project: Path) -> list[dict[str, Any]] | None:
    """The chunks that answer a user turn (``None``: answer with :data:`INVALID_KEY`)."""
    text = " ".join(str(part.get("text", "")) for part in last).lower()
    if any("functionResponse" in part for part in last):
        return [candidate([{"text": "Done."}], "STOP")]
    if "apierror" in text:
        return None
    if "read" in text:
        call = {"name": "read_file", "args": {"absolute_path": str(project / "hello.txt")}}
        return [candidate([{"text": "Reading it."}]), candidate([{"functionCall": call}], "STOP")]
    if "write" in text:
        args = {"file_path": str(project / "notes.txt"), "content": "Written by the fake model.\n"}
        call = {"name": "write_file", "args": args}
        return [
            candidate([{"text": "I will write the file."}]),
            candidate([{"functionCall": call}], "STOP"),
        ]
    return [candidate([{"text": "hel"}]), candidate([{"text": "lo"}], "STOP")]


class Handler(BaseHTTPRequestHandler):
    """Answers the three calls gemini-cli makes."""

    protocol_version = "HTTP/1.1"
    project = Path.cwd()

    def log_message(self, format: str, *args: Any) -> None:
        """Quiet: each request is logged once, by :meth:`do_POST`."""

    def _json(self, status: int, body: dict[str, Any]) -> None:
        data = json.dumps(body).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def do_POST(self) -> None:
        """One API call."""
        body = json.loads(self.rfile.read(int(self.headers.get("Content-Length", 0))) or b"{}")
        contents = body.get("contents") or [{"parts": []}]
        last: list[Part] = contents[-1].get("parts", [])
        print(self.path, json.dumps(last)[:300], file=sys.stderr, flush=True)
        if ":countTokens" in self.path:
            return self._json(200, {"totalTokens": 10})
        if ":generateContent" in self.path:
            verdict = json.dumps({"reasoning": "the model finished", "next_speaker": "user"})
            return self._json(200, candidate([{"text": verdict}], "STOP"))
        chunks = turn(last, self.project)
        if chunks is None:
            return self._json(400, INVALID_KEY)
        self.send_response(200)
        self.send_header("Content-Type", "text/event-stream")
        self.send_header("Connection", "close")
        self.end_headers()
        for chunk in chunks:
            self.wfile.write(b"data: " + json.dumps(chunk).encode() + b"\r\n\r\n")
            self.wfile.flush()
        self.close_connection = True


def main() -> None:
    """Serve on 127.0.0.1:PORT until interrupted."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("port", type=int)
    parser.add_argument("--project", type=Path, default=Path.cwd())
    args = parser.parse_args()
    Handler.project = args.project.resolve()
    server = ThreadingHTTPServer(("127.0.0.1", args.port), Handler)
    print(f"fake Gemini API on http://127.0.0.1:{args.port}", file=sys.stderr, flush=True)
    server.serve_forever()


if __name__ == "__main__":
    main()
