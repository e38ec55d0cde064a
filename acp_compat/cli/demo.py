"""``acp-compat demo``: watch the bundled legacy agent work through the relay.

The demo plays the editor. It creates a fresh temporary project holding ``hello.txt``,
starts ``acp-compat wrap -- <the example legacy agent>`` there (the very command an
editor would be configured with), and drives it with a small current ACP v1 client:
``initialize``, ``session/new``, then one ``session/prompt`` whose words make the scripted
agent read the directory, edit ``hello.txt`` (after asking permission) and run a command.
What an editor would show is printed as it streams: the agent's text, its thoughts
(dimmed), tool cards and their status changes, permission prompts with the option
chosen, and the stop reason. Markdown in the agent's text (bold, code) is shown as styles,
not markers. Colours only on a terminal, and not with ``NO_COLOR`` or ``TERM=dumb``
(``--color``/``--no-color`` decide instead).

The client is one anyio task on the relay's pipe descriptors (no thread per line): it
sends one request at a time and, while waiting for its response, renders notifications
and answers the relay's requests (permissions from ``--permission``, ``fs/*`` served from
the project directory). Exit status 0 when the turn ended with ``end_turn``, 1 otherwise.
"""

from __future__ import annotations

import difflib
import functools
import json
import shutil
import sys
import tempfile
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import anyio
import click

from acp_compat import __version__
from acp_compat.cli.terminal import InlineMarkdown, Span, colour_wanted
from acp_compat.io.process import AgentProcess, to_our_stderr, use_agent
from acp_compat.jsonrpc.framing import DecodeError, DroppedLine, decode, encode
from acp_compat.jsonrpc.messages import (
    AUTH_REQUIRED,
    METHOD_NOT_FOUND,
    RESOURCE_NOT_FOUND,
    Kind,
    Message,
    classify,
    error,
    notification,
    request,
    result,
)
from acp_compat.translate.exits import describe_status

DEFAULT_PROMPT = "Please read the project, edit hello.txt and run a command."
"""Words the example agent acts on: ``read``, ``edit`` and ``run`` (see its docstring)."""

HELLO_TEXT = "hello world\n"
CLOSE_GRACE = 3.0
DEFAULT_TIMEOUT = 30.0

PERMISSIONS = ("allow", "reject", "cancel")

STATUS_COLOURS = {
    "pending": "yellow",
    "in_progress": "blue",
    "completed": "green",
    "failed": "red",
}


class DemoError(Exception):
    """The demo cannot go on (the relay died, timed out or answered with an error)."""


class RemoteError(DemoError):
    """The relay answered one of the demo's requests with a JSON-RPC error."""

    def __init__(self, method: str, err: Any) -> None:
        obj = err if isinstance(err, dict) else {}
        self.code = obj.get("code")
        self.text = obj.get("message")
        self.data = obj.get("data")
        details = f" {json.dumps(self.data)}" if self.data is not None else ""
        super().__init__(f"{method} failed: {self.code} {self.text}{details}")


def relay_command(agent_options: Sequence[str] = (), wrap_options: Sequence[str] = ()) -> list[str]:
    """``acp-compat wrap [wrap_options] -- <the example legacy agent>``, with this Python."""
    agent = [sys.executable, "-m", "acp_compat.examples.legacy_agent", *agent_options]
    return [sys.executable, "-m", "acp_compat", "wrap", *wrap_options, "--", *agent]


class Transcript:
    """Renders the conversation as an editor would show it, line by line."""

    def __init__(self, echo: Callable[[str, bool], None]) -> None:
        self._write = echo
        self._at_line_start = True
        self._streaming: str | None = None
        """``text`` or ``thought`` while a streamed message is open on the current line."""
        self._cards: dict[str, dict[str, Any]] = {}
        self._markdown = InlineMarkdown()

    def _line(self, text: str) -> None:
        self.end_stream()
        self._echo(text, True)

    def _echo(self, text: str, newline: bool) -> None:
        self._write(text, newline)
        if newline or text:
            self._at_line_start = newline or text.endswith("\n")

    def end_stream(self) -> None:
        """Finish the streamed message on the current line, if any."""
        if self._streaming is not None:
            self._echo_spans(self._markdown.end())
            if not self._at_line_start:
                self._echo("", True)
            self._streaming = None

    def note(self, text: str) -> None:
        """A line of the demo's own narration (dimmed)."""
        self._line(click.style(text, dim=True))

    def user(self, text: str) -> None:
        """The user's prompt."""
        self._line(click.style("you: ", fg="cyan", bold=True) + text)

    def stream(self, kind: str, text: str) -> None:
        """A chunk of the agent's message (``text``) or thinking (``thought``)."""
        if self._streaming != kind:
            self.end_stream()
            if kind == "thought":
                self._echo(click.style("thinking: ", dim=True, italic=True), False)
            else:
                self._echo(click.style("agent: ", fg="magenta", bold=True), False)
            self._streaming = kind
            text = text.lstrip()
        self._echo_spans(self._markdown.feed(text))

    def _echo_spans(self, spans: list[Span]) -> None:
        """Streamed markdown as a terminal shows it; a thought dimmed and in italics."""
        thought = self._streaming == "thought"
        for span in spans:
            self._echo(span.styled(dim=thought, italic=thought), False)

    def update(self, update: dict[str, Any]) -> None:
        """One ``session/update`` notification."""
        kind = update.get("sessionUpdate")
        content = update.get("content")
        if kind in ("agent_message_chunk", "agent_thought_chunk"):
            text = content.get("text") if isinstance(content, dict) else None
            if not isinstance(text, str):
                text = f"[{content.get('type') if isinstance(content, dict) else 'content'}]"
            self.stream("thought" if kind == "agent_thought_chunk" else "text", text)
        elif kind == "tool_call":
            self.tool_call(update)
        elif kind == "tool_call_update":
            self.tool_call_update(update)
        elif kind == "plan":
            self._line(click.style("plan:", bold=True))
            for entry in update.get("entries") or []:
                mark = {"completed": "[x]", "in_progress": "[~]"}.get(entry.get("status"), "[ ]")
                self._echo(f"  {mark} {entry.get('content')} ({entry.get('priority')})", True)
        else:
            self.note(f"(session/update {kind})")

    def _status(self, status: Any) -> str:
        return click.style(str(status), fg=STATUS_COLOURS.get(str(status)), bold=True)

    def tool_call(self, call: dict[str, Any]) -> None:
        """A new tool card."""
        card = {
            "title": call.get("title", ""),
            "kind": call.get("kind", "other"),
            "status": call.get("status", "pending"),
        }
        self._cards[str(call.get("toolCallId"))] = card
        header = click.style(f"[{card['kind']}] {card['title']}", bold=True)
        self._line(f"  {header}  {self._status(card['status'])}")
        for location in call.get("locations") or []:
            line = f":{location['line']}" if location.get("line") is not None else ""
            self._echo(click.style(f"      at {location.get('path')}{line}", dim=True), True)
        self._content(call.get("content"))
        raw = call.get("rawInput")
        if not call.get("content") and isinstance(raw, dict) and raw.get("command"):
            # The user must see what they are asked to approve.
            self._echo(f"      $ {raw['command']}", True)

    def tool_call_update(self, update: dict[str, Any]) -> None:
        """A status change or new content of a known card."""
        card = self._cards.setdefault(
            str(update.get("toolCallId")), {"title": "", "kind": "other", "status": "pending"}
        )
        old = card["status"]
        for key in ("title", "kind", "status"):
            if update.get(key) is not None:
                card[key] = update[key]
        header = click.style(f"[{card['kind']}] {card['title']}", bold=True)
        change = self._status(card["status"])
        if old != card["status"]:
            change = f"{self._status(old)} -> {change}"
        self._line(f"  {header}  {change}")
        self._content(update.get("content"))

    def _content(self, content: Any) -> None:
        for item in content or []:
            if not isinstance(item, dict):
                continue
            if item.get("type") == "diff":
                self._diff(item)
            elif item.get("type") == "content":
                block = item.get("content") or {}
                text = block.get("text") if isinstance(block, dict) else None
                for line in (text if isinstance(text, str) else "[content]").splitlines():
                    self._echo(f"      {line}", True)
            else:
                self._echo(click.style(f"      [{item.get('type')}]", dim=True), True)

    def _diff(self, diff: dict[str, Any]) -> None:
        self._echo(click.style(f"      diff {diff.get('path')}", dim=True), True)
        old = (diff.get("oldText") or "").splitlines()
        new = (diff.get("newText") or "").splitlines()
        for line in list(difflib.unified_diff(old, new, lineterm="", n=1))[2:]:
            colour = {"-": "red", "+": "green", "@": "cyan"}.get(line[:1])
            self._echo("      " + click.style(line, fg=colour), True)

    def permission(self, params: dict[str, Any], chosen: str) -> None:
        """A permission prompt and the answer given."""
        call = params.get("toolCall") or {}
        title = call.get("title") or self._cards.get(str(call.get("toolCallId")), {}).get("title")
        names = [f"[{o.get('name')}]" for o in params.get("options") or []]
        self._line(
            click.style("  ? permission: ", fg="yellow", bold=True)
            + f"{title}  {' '.join(names)}  -> "
            + click.style(chosen, bold=True)
        )

    def stop(self, reason: str) -> None:
        """The turn's stop reason."""
        colour = "green" if reason == "end_turn" else "red"
        self._line(click.style(f"== turn ended: {reason}", fg=colour, bold=True))


class DemoClient:
    """A minimal current ACP client on the relay's pipes (one request in flight at a time)."""

    def __init__(
        self, agent: AgentProcess, transcript: Transcript, root: Path, permission: str
    ) -> None:
        self.agent = agent
        self.transcript = transcript
        self.root = root
        self.permission = permission
        self.session_id: str | None = None
        self._next_id = 0

    def send(self, message: Message) -> None:
        """Queue one message for the relay's stdin."""
        self.agent.stdin.write(encode(message))

    async def request(self, method: str, params: Any) -> Any:
        """Send a request, handle everything the relay sends meanwhile, return the result."""
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
                kind = classify(message)
                if kind in (Kind.RESPONSE, Kind.ERROR) and message.get("id") == id:
                    self.agent.stdout.unread(list(events[index + 1 :]))
                    if kind is Kind.ERROR:
                        raise RemoteError(method, message["error"])
                    return message.get("result")
                self._dispatch(kind, message)

    def _decode(self, event: bytes | DroppedLine) -> Message | None:
        if isinstance(event, DroppedLine):
            self.transcript.note(f"(dropped a {event.size}-byte line from the relay)")
            return None
        try:
            message = decode(event)
        except DecodeError as exc:
            # The relay must write only protocol to stdout: say so loudly.
            self.transcript.note(f"(not JSON from the relay: {exc.line_head!r})")
            return None
        return message if isinstance(message, dict) else None

    def _dispatch(self, kind: Kind, message: Message) -> None:
        method = message.get("method")
        raw_params = message.get("params")
        params: dict[str, Any] = raw_params if isinstance(raw_params, dict) else {}
        if kind is Kind.NOTIFICATION:
            if method == "session/update" and isinstance(params.get("update"), dict):
                self.transcript.update(params["update"])
            return
        if kind is not Kind.REQUEST:
            return
        id = message["id"]
        if method == "session/request_permission":
            self.send(result(id, self._choose(params)))
        elif method == "fs/read_text_file":
            self.send(self._read_file(id, params))
        elif method == "fs/write_text_file":
            self.send(self._write_file(id, params))
        else:
            self.send(error(id, METHOD_NOT_FOUND, "Method not found", {"method": method}))

    def _choose(self, params: dict[str, Any]) -> dict[str, Any]:
        """Answer a permission request as ``--permission`` says, and show it."""
        options = [o for o in params.get("options") or [] if isinstance(o, dict)]
        wanted = {
            "allow": ("allow_once", "allow_always"),
            "reject": ("reject_once", "reject_always"),
        }
        for option_kind in wanted.get(self.permission, ()):
            option = next((o for o in options if o.get("kind") == option_kind), None)
            if option is not None:
                self.transcript.permission(params, str(option.get("name")))
                return {"outcome": {"outcome": "selected", "optionId": option.get("optionId")}}
        if self.permission == "cancel":
            # What an editor does when the user stops the turn at the prompt: cancel the
            # turn, then answer the pending permission request "cancelled".
            self.send(notification("session/cancel", {"sessionId": params.get("sessionId")}))
        self.transcript.permission(params, "cancelled")
        return {"outcome": {"outcome": "cancelled"}}

    def _path(self, params: dict[str, Any]) -> Path:
        path = Path(str(params.get("path", "")))
        return path if path.is_absolute() else self.root / path

    def _read_file(self, id: Any, params: dict[str, Any]) -> Message:
        path = self._path(params)
        try:
            text = path.read_text(encoding="utf-8")
        except OSError as exc:
            return error(
                id,
                RESOURCE_NOT_FOUND,
                "Resource not found",
                {"path": str(path), "reason": str(exc)},
            )
        line, limit = params.get("line"), params.get("limit")
        if isinstance(line, int) or isinstance(limit, int):
            lines = text.splitlines(keepends=True)
            start = max(line - 1, 0) if isinstance(line, int) else 0
            end = start + limit if isinstance(limit, int) else len(lines)
            text = "".join(lines[start:end])
        self.transcript.note(f"(editor: served {path.name} to the agent)")
        return result(id, {"content": text})

    def _write_file(self, id: Any, params: dict[str, Any]) -> Message:
        path = self._path(params)
        try:
            path.write_text(str(params.get("content", "")), encoding="utf-8")
        except OSError as exc:
            return error(id, -32603, "Internal error", {"path": str(path), "reason": str(exc)})
        self.transcript.note(f"(editor: wrote {path.name} for the agent)")
        return result(id, {})

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
        info = init.get("agentInfo") or {}
        methods = init.get("authMethods") or []
        self.transcript.note(
            f"initialize: protocolVersion {init.get('protocolVersion')}, agent "
            f"{info.get('title') or info.get('name')!r}, "
            f"auth methods: {', '.join(str(m.get('id')) for m in methods) or 'none'}"
        )
        new_session = {"cwd": str(self.root), "mcpServers": []}
        try:
            session = await self.request("session/new", new_session)
        except RemoteError as exc:
            if exc.code != AUTH_REQUIRED or not methods:
                raise
            method_id = methods[0].get("id")
            self.transcript.note(
                f"session/new: authentication required; logging in with {method_id!r}"
            )
            await self.request("authenticate", {"methodId": method_id})
            session = await self.request("session/new", new_session)
        self.session_id = session.get("sessionId")
        self.transcript.note(f"session/new: {self.session_id} in {self.root}")
        self.transcript.user(prompt)
        answer = await self.request(
            "session/prompt",
            {"sessionId": self.session_id, "prompt": [{"type": "text", "text": prompt}]},
        )
        reason = str(answer.get("stopReason")) if isinstance(answer, dict) else repr(answer)
        self.transcript.stop(reason)
        return reason


async def run_demo(
    transcript: Transcript,
    *,
    prompt: str,
    permission: str,
    root: Path,
    timeout: float,
    login: bool,
    verbose: bool,
    trace: str | None = None,
) -> str:
    """Start the relay in ``root``, run the conversation, close the relay; the stop reason."""
    # The saved login lives beside the project, not in it (the agent lists the project).
    options = ["--auth-file", str(root.parent / "login")]
    if login:
        options.append("--require-auth")
    argv = relay_command(options, ["--trace", trace] if trace is not None else [])
    try:
        agent = AgentProcess.spawn(
            0, argv, str(root), stderr_sink=to_our_stderr if verbose else None
        )
    except OSError as exc:
        raise DemoError(f"cannot start the relay {argv}: {exc}") from exc
    client = DemoClient(agent, transcript, root, permission)

    async def converse(agent: AgentProcess) -> str:
        try:
            with anyio.fail_after(timeout):
                return await client.run(prompt)
        except TimeoutError:
            raise DemoError(f"the demo did not finish within {timeout:g} s") from None
        finally:
            transcript.end_stream()

    try:
        reason = await use_agent(agent, CLOSE_GRACE, converse)
    except DemoError:
        if not verbose and agent.stderr_tail():
            transcript.note("relay stderr (last lines):")
            for line in agent.stderr_tail().splitlines():
                transcript.note("  " + line)
        raise
    if agent.returncode != 0:
        transcript.note(f"(the relay ended with {describe_status(agent.returncode)})")
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
@click.option(
    "--color/--no-color",
    default=None,
    help="Colour the output [default: on a terminal, unless NO_COLOR is set or TERM=dumb].",
)
@click.option("--login", is_flag=True, help="Start the agent logged out, to show the login.")
@click.option(
    "--timeout",
    type=click.FloatRange(min=0, min_open=True),
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
    transcript = Transcript(lambda text, nl: click.echo(text, nl=nl, color=colour))
    transcript.note(
        f"acp-compat demo: the example legacy agent behind `acp-compat wrap`, in {root}"
    )
    try:
        reason = anyio.run(
            functools.partial(
                run_demo,
                transcript,
                prompt=prompt,
                permission=permission,
                root=root,
                timeout=timeout,
                login=login,
                verbose=verbose,
                trace=trace,
            )
        )
        hello = root / "hello.txt"
        if hello.exists():
            transcript.note(f"hello.txt now holds: {hello.read_text(encoding='utf-8')!r}")
    except DemoError as exc:
        click.echo(f"error: {exc}", err=True)
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
