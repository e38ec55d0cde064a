"""``acp-compat demo``: watch the bundled legacy agent work through the relay.

The demo plays the editor. It creates a fresh temporary project holding ``hello.txt``,
starts ``acp-compat wrap -- <the example legacy agent>`` there (the very command an
editor would be configured with), and drives it with a small current ACP v1 client:
``initialize``, ``session/new``, then one ``session/prompt`` whose words make the scripted
agent read the directory, edit ``hello.txt`` (after asking permission) and run a command.
What an editor would show is printed as it settles, through the renderer ``acp-compat
trace`` uses (:mod:`acp_compat.trace.render`): the agent's text, its thoughts (dimmed),
tool cards with their statuses, places and content, permission prompts with the option
chosen, and the stop reason. Markdown in the agent's text (bold, code) is shown as styles,
not markers. Colours only on a terminal, and not with ``NO_COLOR`` or ``TERM=dumb``
(``--color``/``--no-color`` decide instead).

The client is one anyio task on the relay's pipe descriptors (no thread per line): it
sends one request at a time and, while waiting for its response, renders notifications
and answers the relay's requests (permissions from ``--permission``, ``fs/*`` served from
the project directory). Exit status 0 when the turn ended with ``end_turn``, 1 otherwise.
"""

from __future__ import annotations

import json
import shutil
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

import anyio
import click

from acp_compat import __version__
from acp_compat.cli.params import Seconds
from acp_compat.cli.terminal import color_option, colour_wanted, paint
from acp_compat.io.process import AgentProcess, to_our_stderr, use_agent
from acp_compat.jsonrpc.framing import DecodeError, DroppedLine, decode, encode
from acp_compat.jsonrpc.messages import (
    AUTHENTICATION_REQUIRED,
    INTERNAL_ERROR,
    METHOD_NOT_FOUND,
    RESOURCE_NOT_FOUND,
    Kind,
    Message,
    RequestError,
    classify,
    error,
    notification,
    request,
    result,
)
from acp_compat.trace.conversation import Conversation, Note
from acp_compat.trace.records import CLIENT_IN, CLIENT_OUT, Record
from acp_compat.trace.render import Printer, note_lines
from acp_compat.translate.exits import describe_status

DEFAULT_PROMPT = "Please read the project, edit hello.txt and run a command."
"""Words the example agent acts on: ``read``, ``edit`` and ``run`` (see its docstring)."""

HELLO_TEXT = "hello world\n"
CLOSE_GRACE = 3.0
DEFAULT_TIMEOUT = 30.0

PERMISSIONS = ("allow", "reject", "cancel")


class DemoError(Exception):
    """The demo cannot go on (the relay died or timed out; an error answer from the relay
    is a :class:`~acp_compat.jsonrpc.messages.RequestError`)."""


def failure(exc: DemoError | RequestError) -> str:
    """Why the demo failed, in one line: an error answer as its method, code, message and
    data."""
    if isinstance(exc, RequestError):
        details = f" {json.dumps(exc.data)}" if exc.data is not None else ""
        return f"{exc.method} failed: {exc.code} {exc.message}{details}"
    return str(exc)


class Screen:
    """What the demo's editor shows: the conversation as it settles, and its own notes.

    Every message the demo sends and gets is a record of a :class:`Conversation` (the
    editor's side of the relay, no times), printed through the one renderer that
    ``acp-compat trace`` uses; the demo's narration (files served, a login) goes between.
    """

    def __init__(self, echo: Callable[[str], None], colour: bool) -> None:
        self._echo = echo
        self._colour = colour
        self.conversation = Conversation()
        self._printer = Printer(self.conversation)
        self._records = 0

    def record(self, direction: str, message: Message) -> None:
        """A message the demo sent to the relay (``CLIENT_IN``) or got from it."""
        self._records += 1
        self.conversation.add(Record(self._records, None, direction, dict(message)))
        self.show()

    def show(self, *, final: bool = False) -> None:
        """Print what has settled (everything, when ``final``: the conversation is over)."""
        for line in self._printer.lines(final=final):
            self._echo(paint(line, self._colour))
        self._printer.release()

    def note(self, text: str) -> None:
        """A line of the demo's own narration (dimmed), after what is settled."""
        self.show()
        for line in note_lines(Note("info", text, None)):
            self._echo(paint(line, self._colour))


class DemoClient:
    """A minimal current ACP client on the relay's pipes (one request in flight at a time)."""

    def __init__(self, agent: AgentProcess, screen: Screen, root: Path, permission: str) -> None:
        self.agent = agent
        self.screen = screen
        self.root = root
        self.permission = permission
        self._next_id = 0

    def send(self, message: Message) -> None:
        """Queue one message for the relay's stdin."""
        self.agent.stdin.write(encode(message))
        self.screen.record(CLIENT_IN, message)

    async def request(self, method: str, params: Any) -> Any:
        """Send a request, handle everything the relay sends meanwhile, return the result
        (an error answer raises :class:`~acp_compat.jsonrpc.messages.RequestError`)."""
        id = self._next_id
        self._next_id += 1
        self.send(request(id, method, params))
        while True:
            events = await self.agent.stdout.read_events()
            if events is None:
                await self.agent.exited.wait()
                raise DemoError(
                    f"the relay ended ({describe_status(self.agent.returncode)}) "
                    f"before answering {method}"
                )
            for index, event in enumerate(events):
                message = self._decode(event)
                if message is None:
                    continue
                self.screen.record(CLIENT_OUT, message)
                kind = classify(message)
                if kind in (Kind.RESPONSE, Kind.ERROR) and message.get("id") == id:
                    self.agent.stdout.unread(list(events[index + 1 :]))
                    if kind is Kind.ERROR:
                        raise RequestError.from_error_object(message["error"], method)
                    return message.get("result")
                self._dispatch(kind, message)

    def _decode(self, event: bytes | DroppedLine) -> Message | None:
        if isinstance(event, DroppedLine):
            self.screen.note(f"(dropped a {event.size}-byte line from the relay)")
            return None
        try:
            message = decode(event)
        except DecodeError as exc:
            # The relay must write only protocol to stdout: say so loudly.
            self.screen.note(f"(not JSON from the relay: {exc.line_head!r})")
            return None
        return message if isinstance(message, dict) else None

    def _dispatch(self, kind: Kind, message: Message) -> None:
        if kind is not Kind.REQUEST:  # updates are on the screen already
            return
        id, method, params = message["id"], message.get("method"), message.get("params")
        if not isinstance(params, dict):
            params = {}
        if method == "session/request_permission":
            self.send(result(id, self._choose(params)))
        elif method in ("fs/read_text_file", "fs/write_text_file"):
            self.send(self._serve_file(id, method, params))
        else:
            self.send(error(id, METHOD_NOT_FOUND, "Method not found", {"method": method}))

    def _choose(self, params: dict[str, Any]) -> dict[str, Any]:
        """Answer a permission request as ``--permission`` says."""
        options = [o for o in params.get("options") or [] if isinstance(o, dict)]
        wanted = {
            "allow": ("allow_once", "allow_always"),
            "reject": ("reject_once", "reject_always"),
        }
        for option_kind in wanted.get(self.permission, ()):
            option = next((o for o in options if o.get("kind") == option_kind), None)
            if option is not None:
                return {"outcome": {"outcome": "selected", "optionId": option.get("optionId")}}
        if self.permission == "cancel":
            # What an editor does when the user stops the turn at the prompt: cancel the
            # turn, then answer the pending permission request "cancelled".
            self.send(notification("session/cancel", {"sessionId": params.get("sessionId")}))
        return {"outcome": {"outcome": "cancelled"}}

    def _serve_file(self, id: Any, method: str, params: dict[str, Any]) -> Message:
        """Answer ``fs/read_text_file`` or ``fs/write_text_file`` from the project folder."""
        path = Path(str(params.get("path", "")))
        path = path if path.is_absolute() else self.root / path
        try:
            if method == "fs/write_text_file":
                path.write_text(str(params.get("content", "")), encoding="utf-8")
                self.screen.note(f"(editor: wrote {path.name} for the agent)")
                return result(id, {})
            text = path.read_text(encoding="utf-8")
        except OSError as exc:
            data = {"path": str(path), "reason": str(exc)}
            if method == "fs/write_text_file":
                return error(id, INTERNAL_ERROR, "Internal error", data)
            return error(id, RESOURCE_NOT_FOUND, "Resource not found", data)
        line, limit = params.get("line"), params.get("limit")
        if isinstance(line, int) or isinstance(limit, int):
            lines = text.splitlines(keepends=True)
            start = max(line - 1, 0) if isinstance(line, int) else 0
            end = start + limit if isinstance(limit, int) else len(lines)
            text = "".join(lines[start:end])
        self.screen.note(f"(editor: served {path.name} to the agent)")
        return result(id, {"content": text})

    async def run(self, prompt: str) -> str:
        """initialize, session/new (logging in if asked to), one prompt; its stop reason."""
        init = await self.request(
            "initialize",
            {
                "protocolVersion": 1,
                "clientCapabilities": {
                    "fs": {"readTextFile": True, "writeTextFile": True},
                    "terminal": False,
                },
                "clientInfo": {
                    "name": "acp-compat-demo",
                    "title": "acp-compat demo",
                    "version": __version__,
                },
            },
        )
        methods = init.get("authMethods") or []
        new_session = {"cwd": str(self.root), "mcpServers": []}
        try:
            session = await self.request("session/new", new_session)
        except RequestError as exc:
            if exc.code != AUTHENTICATION_REQUIRED or not methods:
                raise
            method_id = methods[0].get("id")
            self.screen.note(f"session/new: authentication required; logging in with {method_id!r}")
            await self.request("authenticate", {"methodId": method_id})
            session = await self.request("session/new", new_session)
        answer = await self.request(
            "session/prompt",
            {"sessionId": session.get("sessionId"), "prompt": [{"type": "text", "text": prompt}]},
        )
        return str(answer.get("stopReason")) if isinstance(answer, dict) else repr(answer)


async def run_demo(
    screen: Screen,
    root: Path,
    prompt: str,
    permission: str,
    timeout: float,
    login: bool,
    verbose: bool,
    trace: str | None,
) -> str:
    """Start the relay in ``root``, run the conversation, close the relay; the stop reason."""
    # ``acp-compat wrap -- <the example legacy agent>``, with this Python. The saved login
    # lives beside the project, not in it (the agent lists the project).
    argv = [sys.executable, "-m", "acp_compat", "wrap"]
    argv += ["--trace", trace] if trace is not None else []
    argv += ["--", sys.executable, "-m", "acp_compat.examples.legacy_agent"]
    argv += ["--auth-file", str(root.parent / "login")]
    argv += ["--require-auth"] if login else []
    try:
        agent = AgentProcess(0, argv, str(root), stderr_sink=to_our_stderr if verbose else None)
    except OSError as exc:
        raise DemoError(f"cannot start the relay {argv}: {exc}") from exc
    client = DemoClient(agent, screen, root, permission)

    async def converse(agent: AgentProcess) -> str:
        try:
            with anyio.fail_after(timeout):
                return await client.run(prompt)
        except TimeoutError:
            raise DemoError(f"the demo did not finish within {timeout:g} s") from None
        finally:
            screen.show(final=True)

    try:
        reason = await use_agent(agent, CLOSE_GRACE, converse)
    except (DemoError, RequestError):
        if not verbose and agent.stderr_tail():
            screen.note("relay stderr (last lines):")
            for line in agent.stderr_tail().splitlines():
                screen.note("  " + line)
        raise
    if agent.returncode != 0:
        screen.note(f"(the relay ended with {describe_status(agent.returncode)})")
    return reason


@click.command()
@click.option("--prompt", default=DEFAULT_PROMPT, show_default=True, help="What to ask the agent.")
@click.option(
    "--permission",
    type=click.Choice(PERMISSIONS),
    default="allow",
    show_default=True,
    help="How to answer permission requests (cancel: stop the turn at the first one).",
)
@color_option
@click.option("--login", is_flag=True, help="Start the agent logged out, to show the login.")
@click.option(
    "--timeout",
    type=Seconds(0, above=True),
    default=DEFAULT_TIMEOUT,
    show_default=True,
    help="Seconds the whole conversation may take.",
)
@click.option("--keep", is_flag=True, help="Keep the temporary project directory.")
@click.option(
    "--trace",
    type=click.Path(dir_okay=False, writable=True, resolve_path=True),
    default=None,
    help="Have the relay write its --trace here (read it with `acp-compat trace FILE`).",
)
@click.option("-v", "--verbose", is_flag=True, help="Show the relay's own log (stderr).")
def demo(
    prompt: str,
    permission: str,
    color: bool | None,
    login: bool,
    timeout: float,
    keep: bool,
    verbose: bool,
    trace: str | None,
) -> None:
    """Watch the bundled legacy ACP 0.0.9 agent work in a current ACP "editor".

    Runs `acp-compat wrap` around the example legacy agent in a fresh temporary
    directory holding hello.txt, and shows the conversation an editor would display.
    Exits 0 when the turn ended with end_turn.
    """
    base = Path(tempfile.mkdtemp(prefix="acp-compat-demo-")).resolve()
    root = base / "project"
    root.mkdir()
    (root / "hello.txt").write_text(HELLO_TEXT, encoding="utf-8")
    colour = colour_wanted(color, sys.stdout)
    screen = Screen(lambda line: click.echo(line, color=colour), colour)
    screen.note(f"acp-compat demo: the example legacy agent behind `acp-compat wrap`, in {root}")
    try:
        reason = anyio.run(
            run_demo, screen, root, prompt, permission, timeout, login, verbose, trace
        )
        hello = root / "hello.txt"
        if hello.exists():
            screen.note(f"hello.txt now holds: {hello.read_text(encoding='utf-8')!r}")
    except (DemoError, RequestError) as exc:
        click.echo(f"error: {failure(exc)}", err=True)
        sys.exit(1)
    finally:
        if trace is not None:
            click.echo(
                f"trace written to {trace}: read it with `acp-compat trace {trace}`", err=True
            )
        if keep:
            click.echo(f"project kept in {root}", err=True)
        else:
            shutil.rmtree(base, ignore_errors=True)
    sys.exit(0 if reason == "end_turn" else 1)
