"""A scripted legacy ACP 0.0.9 agent in Python, served to current ACP clients in process.

Run it as ``python -m acp_compat.examples.inprocess_agent``: it speaks **current** ACP v1 on
stdin/stdout through :mod:`acp_compat.io.shim`, with no subprocess and no legacy wire in
between. It shows the shim's Python API; the tests drive it in process and from the
official Python SDK.

One :class:`ExampleAgent` serves one session in its ``cwd``. A turn always streams one
thought chunk and the text ``"You said: <prompt>"``; then these words of the prompt (case
insensitive, whole words) act, in this order:

========  ====================================================================================
word      what the turn does
========  ====================================================================================
``list``  ``pushToolCall`` "List the working directory" (icon ``folder``), then
          ``updateToolCall`` finished with a markdown listing of the cwd, one ``- name`` line
          per entry, sorted
``read``  ``readTextFile`` of ``<cwd>/hello.txt``, then streams ``"hello.txt holds: <text>"``
          (an error answer streams ``"Could not read hello.txt: <message>"``)
``edit``  ``requestToolCallConfirmation`` "Edit notes.txt" (icon ``pencil``, a diff from the
          current text to it plus ``"Edited in process.\\n"``, confirmation ``edit``). Allowed:
          ``writeTextFile`` the new text, then ``updateToolCall`` finished with the diff.
          Otherwise streams ``"The edit was not applied."`` and sends no update
``slow``  ``pushToolCall`` "Wait" (icon ``terminal``), then waits up to 30 s for a cancel;
          not cancelled, ``updateToolCall`` finished with ``"Waited."``
``plan``  ``updatePlan`` with two entries
``fail``  raises ``RuntimeError("Simulated model failure")``: the turn's answer is
          ``-32603 "Internal error"`` ``data: {details: "Simulated model failure"}``
========  ====================================================================================

``cancelSendMessage`` cancels the running turn, whose ``sendUserMessage`` then answers
``null``; with no turn running it raises ``RequestError`` ``-32603`` "Not currently
generating", as legacy Gemini answered. A new message cancels a running turn first.
"""

from __future__ import annotations

import os

import anyio
import anyio.to_thread

# What the legacy example's script shares with this one: names, texts, the listing, the
# text an edit starts from.
from acp_compat.examples.legacy_agent import (
    ALLOW_OUTCOMES,
    HELLO,
    NOT_GENERATING,
    NOTES,
    SLOW_SECONDS,
    Script,
    listing,
    old_text,
)
from acp_compat.io.shim import LegacyClient, RequestError, run_legacy_agent
from acp_compat.models.legacy import (
    DiffContent,
    EditConfirmation,
    InitializeParams,
    InitializeResponse,
    MarkdownContent,
    PathUserChunk,
    PlanEntry,
    PushToolCallParams,
    ReadTextFileParams,
    RequestToolCallConfirmationParams,
    SendUserMessageParams,
    StreamAssistantMessageChunkParams,
    TextAssistantChunk,
    ThoughtAssistantChunk,
    ToolCallContent,
    ToolCallLocation,
    UpdatePlanParams,
    UpdateToolCallParams,
    WriteTextFileParams,
)

NAME = "inprocess-example-agent"
"""The agent's name in ``agentInfo.title`` and error messages."""

EDIT_SUFFIX = "Edited in process.\n"
FAILURE = "Simulated model failure"


class ExampleAgent:
    """One session's agent: a :class:`~acp_compat.io.shim.LegacyAgent` working in ``cwd``."""

    def __init__(self, client: LegacyClient, cwd: str) -> None:
        self.client = client
        self.cwd = cwd
        self._turn: anyio.CancelScope | None = None

    async def initialize(self, params: InitializeParams) -> InitializeResponse:
        """Speak 0.0.9, already logged in."""
        return InitializeResponse(protocol_version="0.0.9", is_authenticated=True)

    async def authenticate(self) -> None:
        """Nothing to log in to."""

    async def send_user_message(self, params: SendUserMessageParams) -> None:
        """Run one scripted turn; a cancel ends it early (the answer is still ``null``)."""
        if self._turn is not None:
            self._turn.cancel()
        text = " ".join(
            c.text if not isinstance(c, PathUserChunk) else c.path for c in params.chunks
        )
        with anyio.CancelScope() as scope:
            self._turn = scope
            try:
                await self._run(text, Script(text).words)
            finally:
                if self._turn is scope:
                    self._turn = None

    async def cancel_send_message(self) -> None:
        """Cancel the running turn (an error when there is none, as Gemini answered)."""
        if self._turn is None:
            raise RequestError.internal(NOT_GENERATING)
        self._turn.cancel()

    # -- the scripted turn -------------------------------------------------------------------

    async def _run(self, text: str, words: frozenset[str]) -> None:
        """The steps the prompt's words ask for, in the documented order."""
        await self._say(ThoughtAssistantChunk(thought=f"The user wrote {len(text)} characters."))
        await self._say(f"You said: {text}")
        if "list" in words:
            await self._list()
        if "read" in words:
            await self._read()
        if "edit" in words:
            await self._edit()
        if "slow" in words:
            await self._slow()
        if "plan" in words:
            await self.client.update_plan(
                UpdatePlanParams(
                    entries=[
                        PlanEntry(content="Read the prompt", priority="high", status="completed"),
                        PlanEntry(content="Answer it", priority="medium", status="in_progress"),
                    ]
                )
            )
        if "fail" in words:
            raise RuntimeError(FAILURE)

    async def _say(self, chunk: str | ThoughtAssistantChunk) -> None:
        """Stream one chunk: text, or a thought."""
        text = TextAssistantChunk(text=chunk) if isinstance(chunk, str) else chunk
        await self.client.stream_assistant_message_chunk(
            StreamAssistantMessageChunkParams(chunk=text)
        )

    async def _finish(self, tool_id: int, content: ToolCallContent) -> None:
        """Mark a tool call finished with ``content``."""
        await self.client.update_tool_call(
            UpdateToolCallParams(tool_call_id=tool_id, status="finished", content=content)
        )

    async def _list(self) -> None:
        """A tool call that needs no permission: list the working directory."""
        call = await self.client.push_tool_call(
            PushToolCallParams(
                label="List the working directory",
                icon="folder",
                locations=[ToolCallLocation(path=self.cwd)],
            )
        )
        markdown = await anyio.to_thread.run_sync(listing, self.cwd)
        await self._finish(call.id, MarkdownContent(markdown=markdown))

    async def _read(self) -> None:
        """Read ``hello.txt`` through the client (or locally when it has no ``fs``)."""
        try:
            answer = await self.client.read_text_file(
                ReadTextFileParams(path=os.path.join(self.cwd, HELLO))
            )
        except RequestError as exc:
            await self._say(f"Could not read {HELLO}: {exc.message}")
            return
        await self._say(f"{HELLO} holds: {answer.content}")

    async def _edit(self) -> None:
        """A tool call the user must allow: append a line to ``notes.txt``."""
        path = os.path.join(self.cwd, NOTES)
        old = await anyio.to_thread.run_sync(old_text, path)
        diff = DiffContent(path=path, old_text=old, new_text=(old or "") + EDIT_SUFFIX)
        answer = await self.client.request_tool_call_confirmation(
            RequestToolCallConfirmationParams(
                label=f"Edit {NOTES}",
                icon="pencil",
                confirmation=EditConfirmation(),
                content=diff,
                locations=[ToolCallLocation(path=path)],
            )
        )
        if answer.outcome not in ALLOW_OUTCOMES:
            await self._say("The edit was not applied.")
            return
        await self.client.write_text_file(WriteTextFileParams(path=path, content=diff.new_text))
        await self._finish(answer.id, diff)

    async def _slow(self) -> None:
        """A long tool call, for cancelling mid-turn."""
        call = await self.client.push_tool_call(
            PushToolCallParams(label="Wait", icon="terminal", locations=[])
        )
        await anyio.sleep(SLOW_SECONDS)
        await self._finish(call.id, MarkdownContent(markdown="Waited."))


def main() -> int:
    """Serve :class:`ExampleAgent` on stdio; the exit status."""
    return run_legacy_agent(ExampleAgent, name=NAME)


if __name__ == "__main__":
    raise SystemExit(main())
