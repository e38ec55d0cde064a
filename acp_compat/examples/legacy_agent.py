"""A scripted legacy ACP 0.0.9 agent with the quirks of the real ones (Gemini CLI 0.1.x).

Run it as ``python -m acp_compat.examples.legacy_agent [options]``. It speaks the legacy
protocol on stdin/stdout, needs only the standard library, and is the agent of
``acp-compat demo`` and of the relay and interop tests.

Wire behaviour (each line is a quirk seen in the captures of legacy Gemini):

* A banner line, ``Example legacy agent: data collection is disabled.``, is printed on
  stdout at start-up, before any reply (``--no-banner`` leaves it out).
* Every call the agent makes is a request with an integer id counting from 0. It awaits
  the replies of ``pushToolCall``, ``requestToolCallConfirmation``, ``updateToolCall``,
  ``readTextFile``, ``writeTextFile`` and ``updatePlan``, but not those of
  ``streamAssistantMessageChunk`` (their replies are read and dropped).
* ``initialize`` ignores its params and answers ``{protocolVersion: "0.0.9",
  isAuthenticated}`` (``"0.0.10"`` with ``--protocol 0.0.10``).
* ``authenticate`` takes no params and answers ``null``. With ``--require-auth``,
  ``isAuthenticated`` is false until an ``authenticate`` succeeds; the login is saved in
  ``--auth-file`` (default: ``acp-compat-example-agent-<uid>.auth`` in the temp dir), so
  a later process sees it, like a real agent's saved credentials. Without
  ``--require-auth`` the agent is always authenticated and saves nothing. A
  ``sendUserMessage`` before the login fails with ``-32603``
  ``{details: "Not authenticated: call authenticate first"}``.
* Unknown methods: ``-32601`` ``"Method not found"`` with ``data: {details: <method>}``
  (Gemini's vendored library).
* stdin is read while a turn writes (turns run on their own thread), so replies and
  ``cancelSendMessage`` are seen mid-turn. A ``sendUserMessage`` that arrives while a turn
  runs cancels the running turn first, as Gemini did.
* The agent works in its process cwd: ``hello.txt``, ``notes.txt`` and listings are there.

The scripted model. Words are read from the prompt's text chunks (``{path}`` chunks are
ignored), case-insensitively, as whole words (``read`` matches "Read hello.txt" but not
"ready"). The turn always starts with one thought chunk and three text chunks; then the
keywords act in this order, whatever their order in the prompt:

=============  ================================================================================
keyword        what the turn does
=============  ================================================================================
``crash``      writes ``fatal: simulated crash`` to stderr and exits with status 3 (mid-turn:
               the ``sendUserMessage`` is never answered)
``plan``       ``updatePlan`` with three entries (only with ``--protocol 0.0.10``; ignored
               otherwise, like a 0.0.9 agent that has no plans)
``read``       ``pushToolCall {label: "List the working directory", icon: "folder",
               locations: [{path: <cwd>}]}``, then ``updateToolCall`` finished with a markdown
               listing ``Listed N item(s):`` and one ``- name`` line per entry, sorted
``cat``        ``readTextFile {path: "hello.txt"}`` (relative, as sent), then streams the text
               chunks ``"hello.txt holds:\\n"`` and the content received, exactly; an error
               reply becomes the chunk ``"Could not read hello.txt: <message>"``
``edit``       ``requestToolCallConfirmation {label: "Edit hello.txt", icon: "pencil", content:
               {type: "diff", path: "hello.txt" (the BASENAME), oldText: <current text, null if
               missing>, newText: <old text + "Edited by the example legacy agent.\\n">},
               locations: [{path: <cwd>/hello.txt}], confirmation: {type: "edit"}}``. On
               ``allow``/``alwaysAllow*`` it writes newText to the file and sends
               ``updateToolCall`` finished with the same diff (status ``error`` with the OS
               error as markdown if the write fails). On ``reject``/``cancel`` it sends no
               update and streams ``"The edit to hello.txt was not applied."``
``write``      ``writeTextFile {path: "notes.txt", content: "Notes from the example legacy
               agent.\\n"}``, then streams ``"Wrote notes.txt."`` (or ``"Could not write
               notes.txt: <message>"``)
``run``        ``requestToolCallConfirmation {label: "echo hello (Print a greeting)", icon:
               "terminal", content: null, locations: [], confirmation: {type: "execute",
               command: "echo hello", rootCommand: "echo"}}``. On an allow it sends
               ``updateToolCall`` finished with markdown ``"hello\\n"`` (the scripted output of
               the command, which is not really run); on ``reject``/``cancel`` no update and
               the chunk ``"The command was not run."``
``slow``       ``pushToolCall {label: "sleep 30", icon: "terminal", locations: []}``, then waits
               up to 30 s for ``cancelSendMessage``. Cancelled: sends
               ``updateToolCall`` finished with markdown ``"Command cancelled by user."`` and
               ends the turn (see cancel below). Not cancelled: ``updateToolCall`` finished with
               markdown ``"Slept 30 s."``
``flood=N``    streams N text chunks ``"token<i> "`` (i from 0) as fast as it can, flushing once
``fail``       after the rest, the ``sendUserMessage`` answers error ``-32603`` ``"Internal
               error"`` with ``data: {details: "Simulated model failure"}``
=============  ================================================================================

If any of ``read``, ``cat``, ``edit``, ``write``, ``run``, ``slow`` acted, one closing text
chunk ``" All done."`` follows. The turn then answers ``null``.

Cancel. ``cancelSendMessage`` (no params) answers ``null`` at once and stops the running
turn at its next step; the pending ``sendUserMessage`` then resolves ``null`` (the default,
``--cancel-style null``) or, with ``--cancel-style error``, rejects with ``-32603``
``"Internal error"`` ``data: {details: "This operation was aborted"}`` (what legacy Gemini
did when its model call was aborted). With no turn running, ``cancelSendMessage`` answers
``-32603`` ``"Internal error"`` ``data: {details: "Not currently generating"}``.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import re
import sys
import tempfile
import threading
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from acp_compat.examples._wire import Connection, PeerGone
from acp_compat.jsonrpc.messages import (
    METHOD_NOT_FOUND,
    Message,
    RequestError,
    RequestId,
    error,
    result,
)

BANNER = "Example legacy agent: data collection is disabled."
"""The line printed on stdout before the first reply (legacy Gemini printed a similar one)."""

HELLO = "hello.txt"
NOTES = "notes.txt"
EDIT_SUFFIX = "Edited by the example legacy agent.\n"
NOTES_CONTENT = "Notes from the example legacy agent.\n"
RUN_COMMAND = "echo hello"
RUN_OUTPUT = "hello\n"
SLOW_SECONDS = 30.0
CRASH_STATUS = 3

THOUGHT = "**Planning** I read the request and pick the scripted steps it asks for."
INTRO = ("Hello! I am the example", " legacy agent, speaking", " ACP {version}.")
CLOSING = " All done."
ABORTED = "This operation was aborted"
NOT_GENERATING = "Not currently generating"
FAILURE = "Simulated model failure"
NOT_AUTHENTICATED = "Not authenticated: call authenticate first"

PLAN_ENTRIES = (
    {"content": "Read the request", "priority": "high", "status": "completed"},
    {"content": "Do the scripted steps", "priority": "medium", "status": "in_progress"},
    {"content": "Report back", "priority": "low", "status": "pending"},
)

ALLOW_OUTCOMES = frozenset({"allow", "alwaysAllow", "alwaysAllowMcpServer", "alwaysAllowTool"})
"""Confirmation outcomes that let a tool run (``reject`` and ``cancel`` do not)."""

_WORD = re.compile(r"[a-z0-9_]+")
_FLOOD = re.compile(r"(?<![a-z0-9_])flood=(\d+)(?![a-z0-9_])")
TOOL_KEYWORDS = frozenset({"read", "cat", "edit", "write", "run", "slow"})


def default_auth_file(agent: str = "example-agent") -> Path:
    """Where the login is saved unless ``--auth-file`` says otherwise (per user, and per
    ``agent``: the ported agent keeps its own)."""
    uid = os.getuid() if hasattr(os, "getuid") else os.getpid()
    return Path(tempfile.gettempdir()) / f"acp-compat-{agent}-{uid}.auth"


class Script:
    """What a prompt asks for: its keywords and the ``flood=N`` count."""

    def __init__(self, text: str) -> None:
        lowered = text.lower()
        self.words = frozenset(_WORD.findall(lowered))
        floods = _FLOOD.findall(lowered)
        self.flood = int(floods[0]) if floods else 0

    def has(self, keyword: str) -> bool:
        """Whether the prompt holds ``keyword`` as a whole word."""
        return keyword in self.words


def prompt_text(params: Any) -> str:
    """The text chunks of ``sendUserMessage`` params joined with newlines (paths ignored)."""
    chunks = params.get("chunks") if isinstance(params, dict) else None
    if not isinstance(chunks, list):
        return ""
    texts = [c["text"] for c in chunks if isinstance(c, dict) and isinstance(c.get("text"), str)]
    return "\n".join(texts)


def listing(folder: str | Path) -> str:
    """What ``read`` shows of ``folder``: ``Listed N item(s):`` and a ``- name`` line per
    entry, sorted (the in-process and ported examples show the same)."""
    names = sorted(os.listdir(folder))
    return f"Listed {len(names)} item(s):" + "".join(f"\n- {name}" for name in names)


def old_text(path: str | Path) -> str | None:
    """The text ``edit`` starts from, line ends as they are (``None``: there is no such
    file yet)."""
    try:
        with open(path, encoding="utf-8", newline="") as handle:
            return handle.read()
    except FileNotFoundError:
        return None


class Cancelled(Exception):
    """The client cancelled the turn: it stops at its next step."""


class Turn:
    """One ``sendUserMessage`` being worked on, on its own thread."""

    def __init__(self, request_id: RequestId, text: str) -> None:
        self.request_id = request_id
        self.script = Script(text)
        self.cancel = threading.Event()
        self.thread: threading.Thread | None = None

    def check(self) -> None:
        """Stop here if the client cancelled the turn."""
        if self.cancel.is_set():
            raise Cancelled


def _internal(id: RequestId, details: str) -> Message:
    """A ``-32603 "Internal error"`` answer with ``data: {details}``, as Gemini's."""
    return RequestError.internal(details).answer(id)


class LegacyAgent:
    """The agent: answers the client's requests and runs scripted turns."""

    def __init__(
        self,
        conn: Connection,
        *,
        protocol: str = "0.0.9",
        require_auth: bool = False,
        auth_file: Path | None = None,
        cancel_style: str = "null",
    ) -> None:
        self.conn = conn
        self.protocol = protocol
        self.require_auth = require_auth
        self.auth_file = auth_file if auth_file is not None else default_auth_file()
        self.cancel_style = cancel_style
        self.cwd = Path.cwd()
        self._lock = threading.Lock()
        self._turn: Turn | None = None

    # -- the client's requests (called on the stdin reader's thread) -----------------------

    @property
    def authenticated(self) -> bool:
        """True unless ``--require-auth`` and no login was saved yet."""
        return not self.require_auth or self.auth_file.exists()

    def handle(self, message: Message) -> None:
        """Answer one request from the client, or start a turn for ``sendUserMessage``."""
        method = message["method"]
        id = message.get("id")
        answer: Message | None
        if method == "initialize":
            answer = result(
                id, {"protocolVersion": self.protocol, "isAuthenticated": self.authenticated}
            )
        elif method == "authenticate":
            answer = self._authenticate(id)
        elif method == "sendUserMessage":
            answer = self._start_turn(id, message.get("params"))
        elif method == "cancelSendMessage":
            with self._lock:
                turn = self._turn
            if turn is not None:
                turn.cancel.set()
            answer = _internal(id, NOT_GENERATING) if turn is None else result(id, None)
        else:
            answer = error(id, METHOD_NOT_FOUND, "Method not found", {"details": method})
        if answer is not None:
            self.conn.send(answer)

    def _authenticate(self, id: RequestId) -> Message:
        """Save the login (only when one is required) and answer ``null``."""
        if self.require_auth:
            try:
                self.auth_file.write_text("logged in\n", encoding="utf-8")
            except OSError as exc:
                return _internal(id, str(exc))
        return result(id, None)

    def _start_turn(self, id: RequestId, params: Any) -> Message | None:
        """Run the turn on a new thread (it answers); a running turn is cancelled and
        awaited first."""
        if not self.authenticated:
            return _internal(id, NOT_AUTHENTICATED)
        turn = Turn(id, prompt_text(params))
        with self._lock:
            previous = self._turn
            self._turn = turn
        if previous is not None:
            previous.cancel.set()
        turn.thread = threading.Thread(
            target=self._run_turn, args=(turn, previous), name="turn", daemon=True
        )
        turn.thread.start()
        return None

    # -- a turn (on its own thread) ----------------------------------------------------------

    def _run_turn(self, turn: Turn, previous: Turn | None) -> None:
        """Play the script, then answer the ``sendUserMessage`` exactly once."""
        if previous is not None and previous.thread is not None:
            previous.thread.join()
        id = turn.request_id
        answer: Message | None = result(id, None)
        try:
            self._play(turn)
        except Cancelled:
            pass
        except RequestError as exc:
            # The turn's own error is its answer; the client's error answer to one of the
            # turn's calls fails the turn as an internal error naming that call.
            answer = exc.answer(id) if exc.method is None else _internal(id, str(exc))
        except (PeerGone, OSError):
            answer = None  # the client is gone (EOF or a broken pipe): nobody to answer
        # The turn is over: a later ``cancelSendMessage`` finds nothing to cancel.
        with self._lock:
            if self._turn is turn:
                self._turn = None
        if answer is not None and turn.cancel.is_set():
            answer = _internal(id, ABORTED) if self.cancel_style == "error" else result(id, None)
        if answer is not None:
            with contextlib.suppress(OSError):
                self.conn.send(answer)

    def _chunk(self, turn: Turn, kind: str, text: str) -> None:
        turn.check()
        self.conn.call_unawaited("streamAssistantMessageChunk", [{"chunk": {kind: text}}])

    def _play(self, turn: Turn) -> None:
        """The scripted model: the fixed opening, then each keyword in the table's order."""
        script = turn.script
        self._chunk(turn, "thought", THOUGHT)
        for text in INTRO:
            self._chunk(turn, "text", text.format(version=self.protocol))
        if script.has("crash"):
            sys.stderr.write("fatal: simulated crash\n")
            sys.stderr.flush()
            os._exit(CRASH_STATUS)
        if script.has("plan") and self.protocol != "0.0.9":
            turn.check()
            self.conn.call("updatePlan", {"entries": [dict(e) for e in PLAN_ENTRIES]})
        steps = (self._read, self._cat, self._edit, self._write, self._run, self._slow)
        for keyword, step in zip(
            ("read", "cat", "edit", "write", "run", "slow"), steps, strict=True
        ):
            if script.has(keyword):
                step(turn)
        if script.flood:
            turn.check()
            self.conn.call_unawaited(
                "streamAssistantMessageChunk",
                ({"chunk": {"text": f"token{i} "}} for i in range(script.flood)),
            )
        if script.words & TOOL_KEYWORDS:
            self._chunk(turn, "text", CLOSING)
        turn.check()
        if script.has("fail"):
            raise RequestError.internal(FAILURE)

    def _tool_call(self, turn: Turn, method: str, params: dict[str, Any]) -> tuple[int, Any]:
        """``pushToolCall`` or ``requestToolCallConfirmation``: the numeric tool call id the
        client handed out (extra keys ignored), and the answer."""
        turn.check()
        answer = self.conn.call(method, params)
        value = answer.get("id") if isinstance(answer, dict) else None
        if isinstance(value, bool) or not isinstance(value, int):
            raise RequestError.internal(f"{method} returned no numeric id: {answer!r}")
        return value, answer

    def _confirm(self, turn: Turn, params: dict[str, Any]) -> tuple[int, bool]:
        """``requestToolCallConfirmation``; returns the id and whether the tool may run."""
        tool_call_id, answer = self._tool_call(turn, "requestToolCallConfirmation", params)
        return tool_call_id, answer.get("outcome") in ALLOW_OUTCOMES

    def _update(self, tool_call_id: int, status: str, content: Any) -> None:
        self.conn.call(
            "updateToolCall", {"toolCallId": tool_call_id, "status": status, "content": content}
        )

    def _finished(self, tool_call_id: int, markdown: str) -> None:
        self._update(tool_call_id, "finished", {"type": "markdown", "markdown": markdown})

    def _read(self, turn: Turn) -> None:
        params = {
            "label": "List the working directory",
            "icon": "folder",
            "locations": [{"path": str(self.cwd)}],
        }
        tool_call_id, _ = self._tool_call(turn, "pushToolCall", params)
        self._finished(tool_call_id, listing(self.cwd))

    def _cat(self, turn: Turn) -> None:
        turn.check()
        try:
            answer = self.conn.call("readTextFile", {"path": HELLO})
        except RequestError as exc:
            self._chunk(turn, "text", f"Could not read {HELLO}: {exc.message}")
            return
        content = answer.get("content") if isinstance(answer, dict) else None
        if not isinstance(content, str):
            raise RequestError.internal(f"readTextFile returned no content: {answer!r}")
        self._chunk(turn, "text", f"{HELLO} holds:\n")
        self._chunk(turn, "text", content)

    def _edit(self, turn: Turn) -> None:
        path = self.cwd / HELLO
        old = old_text(path)
        new = (old or "") + EDIT_SUFFIX
        # Legacy Gemini put the file's basename in the diff and the full path in locations.
        diff = {"type": "diff", "path": HELLO, "oldText": old, "newText": new}
        tool_call_id, allowed = self._confirm(
            turn,
            {
                "label": f"Edit {HELLO}",
                "icon": "pencil",
                "content": diff,
                "locations": [{"path": str(path)}],
                "confirmation": {"type": "edit"},
            },
        )
        if not allowed:
            self._chunk(turn, "text", f"The edit to {HELLO} was not applied.")
            return
        try:
            path.write_text(new, encoding="utf-8", newline="")
        except OSError as exc:
            self._update(tool_call_id, "error", {"type": "markdown", "markdown": str(exc)})
            return
        self._update(tool_call_id, "finished", diff)

    def _write(self, turn: Turn) -> None:
        turn.check()
        try:
            self.conn.call("writeTextFile", {"path": NOTES, "content": NOTES_CONTENT})
        except RequestError as exc:
            self._chunk(turn, "text", f"Could not write {NOTES}: {exc.message}")
            return
        self._chunk(turn, "text", f"Wrote {NOTES}.")

    def _run(self, turn: Turn) -> None:
        # Legacy Gemini sent execute confirmations with content null: the command is only
        # in the confirmation.
        tool_call_id, allowed = self._confirm(
            turn,
            {
                "label": f"{RUN_COMMAND} (Print a greeting)",
                "icon": "terminal",
                "content": None,
                "locations": [],
                "confirmation": {
                    "type": "execute",
                    "command": RUN_COMMAND,
                    "rootCommand": RUN_COMMAND.split()[0],
                },
            },
        )
        if not allowed:
            self._chunk(turn, "text", "The command was not run.")
            return
        self._finished(tool_call_id, RUN_OUTPUT)

    def _slow(self, turn: Turn) -> None:
        params = {"label": "sleep 30", "icon": "terminal", "locations": []}
        tool_call_id, _ = self._tool_call(turn, "pushToolCall", params)
        # Woken at once by a cancel (the turn's event), else after SLOW_SECONDS.
        if turn.cancel.wait(SLOW_SECONDS):
            self._finished(tool_call_id, "Command cancelled by user.")
            raise Cancelled
        self._finished(tool_call_id, "Slept 30 s.")


def main(argv: Sequence[str] | None = None) -> int:
    """Serve one legacy connection on stdin/stdout until stdin closes; return 0."""
    # argparse: the agent must start fast and import no click.
    parser = argparse.ArgumentParser(
        prog="python -m acp_compat.examples.legacy_agent",
        description="A scripted legacy ACP 0.0.9 agent (see the module docstring for the script).",
    )
    parser.add_argument("--protocol", choices=("0.0.9", "0.0.10"), default="0.0.9")
    parser.add_argument("--require-auth", action="store_true")
    parser.add_argument("--auth-file", type=Path, default=None)
    parser.add_argument("--cancel-style", choices=("null", "error"), default="null")
    parser.add_argument("--no-banner", action="store_true")
    args = parser.parse_args(argv)
    conn = Connection(sys.stdin.buffer, sys.stdout.buffer)
    agent = LegacyAgent(
        conn,
        protocol=args.protocol,
        require_auth=args.require_auth,
        auth_file=args.auth_file,
        cancel_style=args.cancel_style,
    )
    try:
        if not args.no_banner:
            conn.write(BANNER.encode() + b"\n")
        conn.serve(agent.handle)
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        # The client closed our stdout: nobody is left to answer. Point stdout at
        # /dev/null so the interpreter's final flush does not fail a second time.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    return 0


if __name__ == "__main__":
    sys.exit(main())
