"""The example legacy agent, ported to the current ACP (protocol version 1).

Run it as ``python -m acp_compat.examples.ported_agent [--require-auth] [--auth-file F]``.
It is :mod:`acp_compat.examples.legacy_agent` rewritten for the current protocol, the way
the official SDKs model an agent (one class, one method per request, a ``client`` object
for the agent's own messages: see :mod:`acp_compat.examples.agent_side`), following
docs/migration.md step by step. A current editor sees the same turns from it as from the
legacy agent behind ``acp-compat wrap``; only the protocol version in the greeting and
the login method's id differ.

What changed from the legacy agent (no banner, sessions, updates as notifications, tool
call ids chosen here, permission with explicit options, ``fs`` only when the editor offers
it, ``session/cancel`` and ``stopReason``) is docs/migration.md's section 2, each with why.

The script (prompt words, whole and case-insensitive, acting in this order): ``crash``,
``plan``, ``read``, ``cat``, ``edit``, ``write``, ``run``, ``slow``, ``flood=N``, ``fail``,
exactly as the legacy agent's docstring describes them.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from acp_compat.examples.agent_side import Client, run_agent

# The script is the legacy example's, taken from it rather than copied: the port must
# show an editor the same turn (tests/interop compares the two), so the texts cannot drift.
from acp_compat.examples.legacy_agent import (
    CLOSING,
    CRASH_STATUS,
    EDIT_SUFFIX,
    FAILURE,
    HELLO,
    INTRO,
    NOTES,
    NOTES_CONTENT,
    RUN_COMMAND,
    RUN_OUTPUT,
    SLOW_SECONDS,
    THOUGHT,
    TOOL_KEYWORDS,
    Cancelled,
    Script,
    default_auth_file,
    listing,
    old_text,
)
from acp_compat.jsonrpc.messages import RequestError
from acp_compat.models.current import (
    AgentCapabilities,
    AgentMessageChunk,
    AgentThoughtChunk,
    AuthenticateRequest,
    AuthenticateResponse,
    AuthMethodAgent,
    CancelNotification,
    ClientCapabilities,
    Content,
    Diff,
    Implementation,
    InitializeRequest,
    InitializeResponse,
    NewSessionRequest,
    NewSessionResponse,
    PermissionOption,
    Plan,
    PlanEntry,
    PromptCapabilities,
    PromptRequest,
    PromptResponse,
    ReadTextFileRequest,
    RequestPermissionRequest,
    SelectedPermissionOutcome,
    SessionNotification,
    TextContent,
    ToolCall,
    ToolCallContent,
    ToolCallLocation,
    ToolCallProgress,
    ToolCallStatus,
    ToolCallUpdate,
    ToolKind,
    WriteTextFileRequest,
)

NAME = "ported-example-agent"
LOGIN_METHOD = "example-login"

PLAN_ENTRIES = (
    PlanEntry(content="Read the request", priority="high", status="completed"),
    PlanEntry(content="Do the scripted steps", priority="medium", status="in_progress"),
    PlanEntry(content="Report back", priority="low", status="pending"),
)


def _options(always: str) -> tuple[PermissionOption, ...]:
    """What a legacy confirmation offered, now spelled out by the agent."""
    return (
        PermissionOption(option_id="alwaysAllow", name=always, kind="allow_always"),
        PermissionOption(option_id="allow", name="Allow", kind="allow_once"),
        PermissionOption(option_id="reject", name="Reject", kind="reject_once"),
    )


EDIT_OPTIONS = _options("Always Allow Edits")
RUN_OPTIONS = _options("Always Allow echo")


class Session:
    """One editor session: its folder, its tool call numbering, its running turn."""

    def __init__(self, session_id: str, cwd: Path) -> None:
        self.id = session_id
        self.cwd = cwd
        self.next_tool = 1
        self.turn: asyncio.Task[PromptResponse] | None = None
        self.cancelled = asyncio.Event()

    def tool_call_id(self) -> str:
        """A new tool call id: any string unique in the session (here "1", "2", ...)."""
        tool_id, self.next_tool = str(self.next_tool), self.next_tool + 1
        return tool_id


class PortedAgent:
    """The agent: the SDK shape (``initialize``, ``new_session``, ``prompt``, ``cancel``)."""

    def __init__(self, client: Client, *, require_auth: bool, auth_file: Path) -> None:
        self.client = client
        self.require_auth = require_auth
        self.auth_file = auth_file
        self.capabilities = ClientCapabilities()
        self.sessions: dict[str, Session] = {}

    @property
    def logged_in(self) -> bool:
        """Always, unless ``--require-auth`` and no saved login."""
        return not self.require_auth or self.auth_file.exists()

    async def initialize(self, params: InitializeRequest) -> InitializeResponse:
        """Version 1, what the agent can do, who it is, how to log in."""
        self.capabilities = params.client_capabilities or ClientCapabilities()
        return InitializeResponse(
            protocol_version=1,
            agent_capabilities=AgentCapabilities(
                load_session=False, prompt_capabilities=PromptCapabilities()
            ),
            # Offered while a login is needed, so a logged-in agent does not look logged out.
            auth_methods=[]
            if self.logged_in
            else [
                AuthMethodAgent(
                    id=LOGIN_METHOD, name="Log in", description="Saves a login for this user"
                )
            ],
            agent_info=Implementation(name=NAME, title="Ported example agent", version="1.0.0"),
        )

    async def authenticate(self, params: AuthenticateRequest) -> AuthenticateResponse:
        """Save the login (the legacy ``authenticate`` took no params; now a method id)."""
        if params.method_id != LOGIN_METHOD:
            raise RequestError(-32602, "Invalid params", {"methodId": params.method_id})
        if self.require_auth:
            self.auth_file.write_text("logged in\n", encoding="utf-8")
        return AuthenticateResponse()

    async def new_session(self, params: NewSessionRequest) -> NewSessionResponse:
        """A session in the editor's folder (``-32000`` until logged in)."""
        if not self.logged_in:
            raise RequestError.auth_required()
        session = Session(f"ported-{len(self.sessions) + 1}", Path(params.cwd))
        self.sessions[session.id] = session
        return NewSessionResponse(session_id=session.id)

    async def cancel(self, params: CancelNotification) -> None:
        """Stop the session's turn at its next step (no answer: a notification)."""
        session = self.sessions.get(params.session_id)
        if session is not None:
            session.cancelled.set()

    async def prompt(self, params: PromptRequest) -> PromptResponse:
        """Run one turn; a new prompt cancels the session's running turn first."""
        session = self.sessions.get(params.session_id)
        if session is None:
            raise RequestError(-32602, "Invalid params", {"sessionId": "unknown session"})
        if session.turn is not None and not session.turn.done():
            session.cancelled.set()
            await asyncio.wait([session.turn])
        session.cancelled = asyncio.Event()
        text = "\n".join(b.text for b in params.prompt if isinstance(b, TextContent))
        session.turn = asyncio.create_task(Turn(self, session, text).run())
        return await session.turn


class Turn:
    """One prompt's scripted work in one session."""

    def __init__(self, agent: PortedAgent, session: Session, text: str) -> None:
        self.agent = agent
        self.client = agent.client
        self.session = session
        self.script = Script(text)

    def check(self) -> None:
        """Stop here if the editor cancelled the turn."""
        if self.session.cancelled.is_set():
            raise Cancelled

    async def run(self) -> PromptResponse:
        """The script; ``cancelled`` when the editor cancelled it."""
        try:
            await self.play()
        except Cancelled:
            return PromptResponse(stop_reason="cancelled")
        return PromptResponse(stop_reason="end_turn")

    async def send(
        self, update: AgentMessageChunk | AgentThoughtChunk | Plan | ToolCall | ToolCallProgress
    ) -> None:
        await self.client.session_update(
            SessionNotification(session_id=self.session.id, update=update)
        )

    async def say(self, text: str) -> None:
        """Stream one text chunk."""
        self.check()
        await self.send(AgentMessageChunk(content=TextContent(text=text)))

    async def play(self) -> None:
        """The fixed opening, then each keyword in the legacy agent's order."""
        self.check()
        await self.send(AgentThoughtChunk(content=TextContent(text=THOUGHT)))
        for text in INTRO:
            await self.say(text.format(version=1))
        words = self.script.words
        if "crash" in words:
            sys.stderr.write("fatal: simulated crash\n")
            sys.stderr.flush()
            os._exit(CRASH_STATUS)
        if "plan" in words:
            self.check()
            await self.send(Plan(entries=list(PLAN_ENTRIES)))
        for keyword, step in (
            ("read", self.read),
            ("cat", self.cat),
            ("edit", self.edit),
            ("write", self.write),
            ("run", self.run_command),
            ("slow", self.slow),
        ):
            if keyword in words:
                await step()
        if self.script.flood:
            self.check()
            for i in range(self.script.flood):
                await self.send(AgentMessageChunk(content=TextContent(text=f"token{i} ")))
        if words & TOOL_KEYWORDS:
            await self.say(CLOSING)
        self.check()
        if "fail" in words:
            raise RequestError.internal(FAILURE)

    async def start_tool(
        self, title: str, kind: ToolKind, status: ToolCallStatus, **fields: Any
    ) -> str:
        """Show a new tool call (``fields``: its content, locations, raw input); its id."""
        self.check()
        tool_id = self.session.tool_call_id()
        await self.send(
            ToolCall(tool_call_id=tool_id, title=title, kind=kind, status=status, **fields)
        )
        return tool_id

    async def finish(
        self, tool_id: str, status: ToolCallStatus, content: list[ToolCallContent] | None = None
    ) -> None:
        """A tool call's final status; ``content`` replaces what it showed (``None``: keep it,
        so a refused edit still shows the diff that was refused)."""
        await self.send(ToolCallProgress(tool_call_id=tool_id, status=status, content=content))

    async def allowed(self, tool_id: str, options: Sequence[PermissionOption]) -> bool:
        """Ask permission for a tool call the editor already shows (pending); an allowed
        one is reported ``in_progress`` (a client may hide a pending call)."""
        self.check()
        answer = await self.client.request_permission(
            RequestPermissionRequest(
                session_id=self.session.id,
                tool_call=ToolCallUpdate(tool_call_id=tool_id),
                options=list(options),
            )
        )
        outcome = answer.outcome
        chosen = outcome.option_id if isinstance(outcome, SelectedPermissionOutcome) else None
        if chosen not in ("allow", "alwaysAllow"):
            return False
        await self.send(ToolCallProgress(tool_call_id=tool_id, status="in_progress"))
        return True

    async def read(self) -> None:
        """List the session folder in a tool call that needs no permission."""
        cwd = self.session.cwd
        tool_id = await self.start_tool(
            "List the working directory",
            "search",
            "in_progress",
            locations=[ToolCallLocation(path=str(cwd))],
        )
        await self.finish(tool_id, "completed", [text_content(listing(cwd))])

    async def cat(self) -> None:
        """Read hello.txt through the editor when it offers fs, else from disk."""
        self.check()
        path = self.session.cwd / HELLO
        try:
            if self.agent.capabilities.fs and self.agent.capabilities.fs.read_text_file:
                answer = await self.client.read_text_file(
                    ReadTextFileRequest(session_id=self.session.id, path=str(path))
                )
                content = answer.content
            else:
                content = path.read_text(encoding="utf-8")
        except (RequestError, OSError) as exc:
            await self.say(f"Could not read {HELLO}: {_reason(exc)}")
            return
        await self.say(f"{HELLO} holds:\n")
        await self.say(content)

    async def edit(self) -> None:
        """Propose an edit of hello.txt (a pending tool call), ask, then apply or not."""
        self.check()
        path = self.session.cwd / HELLO
        old = old_text(path)
        new = (old or "") + EDIT_SUFFIX
        diff = Diff(path=str(path), old_text=old, new_text=new)
        tool_id = await self.start_tool(
            f"Edit {HELLO}",
            "edit",
            "pending",
            content=[diff],
            locations=[ToolCallLocation(path=str(path))],
        )
        if not await self.allowed(tool_id, EDIT_OPTIONS):
            await self.finish(tool_id, "failed")
            await self.say(f"The edit to {HELLO} was not applied.")
            return
        try:
            path.write_text(new, encoding="utf-8", newline="")
        except OSError as exc:
            await self.finish(tool_id, "failed", [text_content(str(exc))])
            return
        await self.finish(tool_id, "completed", [diff])

    async def write(self) -> None:
        """Write notes.txt through the editor when it offers fs, else to disk."""
        self.check()
        path = self.session.cwd / NOTES
        try:
            if self.agent.capabilities.fs and self.agent.capabilities.fs.write_text_file:
                await self.client.write_text_file(
                    WriteTextFileRequest(
                        session_id=self.session.id, path=str(path), content=NOTES_CONTENT
                    )
                )
            else:
                path.write_text(NOTES_CONTENT, encoding="utf-8")
        except (RequestError, OSError) as exc:
            await self.say(f"Could not write {NOTES}: {_reason(exc)}")
            return
        await self.say(f"Wrote {NOTES}.")

    async def run_command(self) -> None:
        """Ask to run ``echo hello``; the command is in the title and in rawInput (not in
        the content too: a client that shows both would show it twice)."""
        tool_id = await self.start_tool(
            f"{RUN_COMMAND} (Print a greeting)",
            "execute",
            "pending",
            content=[],
            locations=[],
            raw_input={"command": RUN_COMMAND, "rootCommand": RUN_COMMAND.split()[0]},
        )
        if not await self.allowed(tool_id, RUN_OPTIONS):
            await self.finish(tool_id, "failed")
            await self.say("The command was not run.")
            return
        await self.finish(tool_id, "completed", [text_content(RUN_OUTPUT)])

    async def slow(self) -> None:
        """A 30 s tool that a cancel stops at once."""
        tool_id = await self.start_tool("sleep 30", "execute", "in_progress", locations=[])
        try:
            await asyncio.wait_for(self.session.cancelled.wait(), SLOW_SECONDS)
        except asyncio.TimeoutError:
            await self.finish(tool_id, "completed", [text_content("Slept 30 s.")])
            return
        # Before the prompt's answer: nothing of a turn may follow its stopReason.
        await self.finish(tool_id, "failed", [text_content("Command cancelled by user.")])
        raise Cancelled


def _reason(exc: RequestError | OSError) -> str:
    """Why a file could not be read or written, as the turn tells it."""
    return exc.message if isinstance(exc, RequestError) else str(exc)


def text_content(text: str) -> Content:
    """Tool call content holding one text block."""
    return Content(content=TextContent(text=text))


def main(argv: Sequence[str] | None = None) -> int:
    """Serve one client on stdin/stdout until stdin closes; return 0."""
    parser = argparse.ArgumentParser(
        prog="python -m acp_compat.examples.ported_agent",
        description="The example legacy agent ported to ACP v1 (see docs/migration.md).",
    )
    parser.add_argument("--require-auth", action="store_true")
    parser.add_argument("--auth-file", type=Path, default=None)
    args = parser.parse_args(argv)
    auth_file = args.auth_file or default_auth_file("ported-agent")

    def make_agent(client: Client) -> PortedAgent:
        return PortedAgent(client, require_auth=args.require_auth, auth_file=auth_file)

    try:
        asyncio.run(run_agent(make_agent))
    except KeyboardInterrupt:
        return 130
    return 0


if __name__ == "__main__":
    sys.exit(main())
