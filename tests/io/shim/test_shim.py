"""The in-process shim: Python legacy agents served to a current ACP client.

Most tests run the shim and a scripted current client in one event loop, joined by two
pipes; every message the client receives is validated against the v1 schema. The last
test runs ``python -m acp_compat.examples.inprocess_agent`` under the official Python SDK
client (``tests/interop/py_client.py``).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import signal
import subprocess
import sys
from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path
from typing import Any, ClassVar

import anyio
import anyio.abc

from acp_compat.examples.inprocess_agent import EDIT_SUFFIX, FAILURE, ExampleAgent
from acp_compat.io.lines import LineReader, LineWriter
from acp_compat.io.shim import LegacyClient, RequestError, serve_legacy_agent
from acp_compat.io.shim.api import AGENT_METHODS
from acp_compat.jsonrpc.framing import DEFAULT_MAX_LINE_BYTES, encode
from acp_compat.jsonrpc.messages import Message
from acp_compat.models.legacy import (
    LEGACY_METHODS,
    EditConfirmation,
    InitializeParams,
    InitializeResponse,
    RequestToolCallConfirmationParams,
    SendUserMessageParams,
    StreamAssistantMessageChunkParams,
    TextAssistantChunk,
)
from tests.support.paths import ROOT
from tests.support.schemas import assert_current

HANG = 60.0
"""Seconds a wait may take before it is a hang: generous, since the suite shares its cores
with its own other workers and whatever else runs (a flood of 200 schema-checked chunks
took 10 s on a busy 2-core machine). The suite's own timeout is 120 s a test."""

PY_CLIENT = ROOT / "tests" / "interop" / "py_client.py"

PermissionPolicy = Callable[[list[dict[str, Any]]], "dict[str, Any] | None"]
"""Picks the outcome of a permission request from its options (``None``: never answer)."""


def choose(kind: str) -> PermissionPolicy:
    """Answer permission requests with the first option of ``kind``."""

    def pick(options: list[dict[str, Any]]) -> dict[str, Any]:
        option = next(o for o in options if o["kind"] == kind)
        return {"outcome": "selected", "optionId": option["optionId"]}

    return pick


class Client:
    """A scripted current ACP client on two pipes: validates everything it receives,
    serves ``fs`` from the disk, answers permissions with a policy, records updates."""

    def __init__(self, out: LineWriter, inp: LineReader) -> None:
        self.out = out
        self.inp = inp
        self.next_id = 1
        self.methods: dict[int, str] = {}
        self.answers: dict[int, Message] = {}
        self.answered: dict[int, anyio.Event] = {}
        self.updates: dict[str, list[dict[str, Any]]] = {}
        self.received: list[Message] = []
        self.permission: PermissionPolicy = choose("allow_once")
        self.on_update: Callable[[str, dict[str, Any]], Awaitable[None]] | None = None
        self._tg: anyio.abc.TaskGroup | None = None

    def send(self, message: Message) -> None:
        """Queue one message for the shim."""
        self.out.write(encode(message))

    async def call(self, method: str, params: dict[str, Any]) -> Message:
        """Send a request and wait for its response (the whole envelope)."""
        request_id = self.next_id
        self.next_id += 1
        self.methods[request_id] = method
        self.answered[request_id] = anyio.Event()
        self.send({"jsonrpc": "2.0", "id": request_id, "method": method, "params": params})
        with anyio.fail_after(HANG):
            await self.answered[request_id].wait()
        return self.answers.pop(request_id)

    async def initialize(self, *, fs: bool = True) -> Message:
        """``initialize`` as an editor with (or without) ``fs``."""
        caps = {"fs": {"readTextFile": fs, "writeTextFile": fs}, "terminal": False}
        return await self.call("initialize", {"protocolVersion": 1, "clientCapabilities": caps})

    async def new_session(self, cwd: Path) -> str:
        """``session/new`` in ``cwd``; the session id."""
        answer = await self.call("session/new", {"cwd": str(cwd), "mcpServers": []})
        session_id: str = answer["result"]["sessionId"]
        self.updates[session_id] = []
        return session_id

    async def prompt(self, session_id: str, text: str) -> Message:
        """One turn; its response."""
        return await self.call(
            "session/prompt",
            {"sessionId": session_id, "prompt": [{"type": "text", "text": text}]},
        )

    async def read_loop(self) -> None:
        """Receive until the shim closes its output."""
        while (events := await self.inp.read_events()) is not None:
            for line in events:
                assert isinstance(line, bytes)
                await self._receive(json.loads(line))

    async def _receive(self, message: Message) -> None:
        self.received.append(message)
        if "method" in message:
            assert_current(message)
            await self._handle(message)
            return
        if message["id"] is None:  # the answer to a line that was not a message
            assert_current(message)
            return
        method = self.methods.pop(message["id"])
        assert_current(message, method)
        self.answers[message["id"]] = message
        self.answered[message["id"]].set()

    async def _handle(self, message: Message) -> None:
        method, params = message["method"], message.get("params", {})
        if method == "session/update":
            self.updates[params["sessionId"]].append(params["update"])
            if self.on_update is not None:
                await self.on_update(params["sessionId"], params["update"])
            return
        if method == "$/cancel_request":
            return
        if method == "session/request_permission":
            outcome = self.permission(params["options"])
            if outcome is None:
                return
            value: Any = {"outcome": outcome}
        elif method == "fs/read_text_file":
            value = {"content": Path(params["path"]).read_text(encoding="utf-8")}
        elif method == "fs/write_text_file":
            Path(params["path"]).write_text(params["content"], encoding="utf-8")
            value = {}
        else:
            raise AssertionError(f"unexpected request {message}")
        self.send({"jsonrpc": "2.0", "id": message["id"], "result": value})

    def texts(self, session_id: str, kind: str = "agent_message_chunk") -> str:
        """Every text streamed in ``session_id`` as ``kind``, joined."""
        return "".join(
            u["content"]["text"] for u in self.updates[session_id] if u["sessionUpdate"] == kind
        )

    def requests(self, method: str) -> list[Message]:
        """The requests the shim sent the client with ``method``."""
        return [m for m in self.received if m.get("method") == method and "id" in m]


@contextlib.asynccontextmanager
async def shim(
    factory: Callable[[LegacyClient, str], Any],
    launch_cwd: Path,
    max_line_bytes: int = DEFAULT_MAX_LINE_BYTES,
) -> AsyncIterator[Client]:
    """Serve ``factory`` in this loop; yield the client; close stdin and wait for the end."""
    to_shim_r, to_shim_w = os.pipe()
    from_shim_r, from_shim_w = os.pipe()
    client = Client(LineWriter(to_shim_w, name="test client"), LineReader(from_shim_r))
    try:
        async with anyio.create_task_group() as tg:
            tg.start_soon(client.out.run)
            tg.start_soon(client.read_loop)
            tg.start_soon(
                lambda: serve_legacy_agent(
                    factory,
                    stdin_fd=to_shim_r,
                    stdout_fd=from_shim_w,
                    launch_cwd=str(launch_cwd),
                    max_line_bytes=max_line_bytes,
                )
            )
            yield client
            client.out.close()  # the client leaves: the shim must stop and close its output
            with anyio.fail_after(HANG):
                await client.out.done.wait()
    finally:
        client.inp.close()
        os.close(to_shim_r)


class Recorder:
    """Remembers every agent a factory made: ``(cwd, agent)`` in order."""

    def __init__(self) -> None:
        self.made: list[tuple[str, ExampleAgent]] = []

    def __call__(self, client: LegacyClient, cwd: str) -> ExampleAgent:
        agent = ExampleAgent(client, cwd)
        self.made.append((cwd, agent))
        return agent


def tool_statuses(updates: list[dict[str, Any]]) -> list[tuple[str, str | None]]:
    """``(sessionUpdate, status)`` of the tool call updates, in order."""
    return [
        (u["sessionUpdate"], u.get("status"))
        for u in updates
        if u["sessionUpdate"] in ("tool_call", "tool_call_update")
    ]


def test_agent_method_table_covers_the_legacy_client_to_agent_methods() -> None:
    assert set(AGENT_METHODS) == {
        name for name, spec in LEGACY_METHODS.items() if spec.handled_by == "agent"
    }


def test_full_turn_with_tools_files_plan_and_an_allowed_edit(tmp_path: Path) -> None:
    (tmp_path / "hello.txt").write_text("hi there\n", encoding="utf-8")
    (tmp_path / "notes.txt").write_text("old\n", encoding="utf-8")
    recorder = Recorder()

    async def main() -> None:
        async with shim(recorder, tmp_path) as client:
            init = await client.initialize()
            assert init["result"]["protocolVersion"] == 1
            session = await client.new_session(tmp_path)
            answer = await client.prompt(session, "Please list read edit plan")
            assert answer["result"] == {"stopReason": "end_turn"}
            updates = client.updates[session]
            assert client.texts(session, "agent_thought_chunk") == ("The user wrote 26 characters.")
            assert client.texts(session) == (
                "You said: Please list read edit planhello.txt holds: hi there\n"
            )
            assert tool_statuses(updates) == [
                ("tool_call", "in_progress"),
                ("tool_call_update", "completed"),
                ("tool_call", "pending"),
                ("tool_call_update", "in_progress"),  # allowed: running now
                ("tool_call_update", "completed"),
            ]
            listing = next(u for u in updates if u.get("status") == "completed")
            assert listing["content"][0]["content"]["text"] == (
                "Listed 2 item(s):\n- hello.txt\n- notes.txt"
            )
            plans = [u for u in updates if u["sessionUpdate"] == "plan"]
            assert [e["content"] for e in plans[0]["entries"]] == ["Read the prompt", "Answer it"]
            [read] = client.requests("fs/read_text_file")
            assert read["params"]["path"] == str(tmp_path / "hello.txt")
            [permission] = client.requests("session/request_permission")
            assert permission["params"]["toolCall"]["title"] == "Edit notes.txt"
            assert len(client.requests("fs/write_text_file")) == 1

    anyio.run(main)
    # Agent 0 served the session: it was made in the launch directory, and only it.
    assert [cwd for cwd, _ in recorder.made] == [str(tmp_path)]
    assert (tmp_path / "notes.txt").read_text(encoding="utf-8") == "old\n" + EDIT_SUFFIX


def test_rejected_edit_is_not_applied_and_its_card_fails(tmp_path: Path) -> None:
    async def main() -> None:
        async with shim(ExampleAgent, tmp_path) as client:
            client.permission = choose("reject_once")
            await client.initialize()
            session = await client.new_session(tmp_path)
            answer = await client.prompt(session, "edit")
            assert answer["result"] == {"stopReason": "end_turn"}
            assert client.texts(session).endswith("The edit was not applied.")
            # The legacy agent sends no update for a refused call; the turn's end fails it.
            assert tool_statuses(client.updates[session]) == [
                ("tool_call", "pending"),
                ("tool_call_update", "failed"),
            ]
            assert client.requests("fs/write_text_file") == []

    anyio.run(main)
    assert not (tmp_path / "notes.txt").exists()


def test_cancel_mid_turn_ends_it_cancelled(tmp_path: Path) -> None:
    async def main() -> None:
        async with shim(ExampleAgent, tmp_path) as client:
            await client.initialize()
            session = await client.new_session(tmp_path)

            async def cancel_on_tool(session_id: str, update: dict[str, Any]) -> None:
                if update["sessionUpdate"] == "tool_call":
                    client.send(
                        {
                            "jsonrpc": "2.0",
                            "method": "session/cancel",
                            "params": {"sessionId": session_id},
                        }
                    )

            client.on_update = cancel_on_tool
            # The scripted wait is 30 s: only the cancel ends it before call() gives up.
            answer = await client.prompt(session, "slow")
            assert answer["result"] == {"stopReason": "cancelled"}
            assert tool_statuses(client.updates[session]) == [
                ("tool_call", "in_progress"),
                ("tool_call_update", "failed"),
            ]
            # The instance lives on: the next turn works.
            client.on_update = None
            answer = await client.prompt(session, "again")
            assert answer["result"] == {"stopReason": "end_turn"}

    anyio.run(main)


def test_agent_exception_reaches_the_client_as_a_legacy_internal_error(tmp_path: Path) -> None:
    async def main() -> None:
        async with shim(ExampleAgent, tmp_path) as client:
            await client.initialize()
            session = await client.new_session(tmp_path)
            answer = await client.prompt(session, "fail")
            assert answer["error"]["code"] == -32603
            assert answer["error"]["data"] == {"details": FAILURE}
            assert client.texts(session) == "You said: fail"

    anyio.run(main)


class PickyAgent:
    """Refuses to initialize with a chosen legacy error."""

    def __init__(self, client: LegacyClient, cwd: str) -> None:
        self.client = client

    async def initialize(self, params: InitializeParams) -> InitializeResponse:
        raise RequestError(-32099, "No licence", {"details": "buy one"})

    async def authenticate(self) -> None:
        """Nothing to log in to."""

    async def send_user_message(self, params: SendUserMessageParams) -> None:
        await self.client.stream_assistant_message_chunk(
            StreamAssistantMessageChunkParams(chunk=TextAssistantChunk(text="x"))
        )

    async def cancel_send_message(self) -> None:
        """Nothing to cancel."""


def test_legacy_request_error_is_sent_as_given(tmp_path: Path) -> None:
    async def main() -> None:
        async with shim(PickyAgent, tmp_path) as client:
            answer = await client.initialize()
            assert answer["error"]["code"] == -32099
            assert answer["error"]["message"] == "No licence"
            assert answer["error"]["data"] == {"details": "buy one"}

    anyio.run(main)


def test_two_sessions_get_two_instances_in_their_cwds(tmp_path: Path) -> None:
    one, two = tmp_path / "one", tmp_path / "two"
    for folder in (one, two):
        folder.mkdir()
        (folder / f"{folder.name}.txt").write_text("", encoding="utf-8")
    recorder = Recorder()

    async def main() -> None:
        async with shim(recorder, tmp_path) as client:
            await client.initialize()
            first = await client.new_session(one)
            second = await client.new_session(two)
            async with anyio.create_task_group() as tg:
                tg.start_soon(client.prompt, first, "list")
                tg.start_soon(client.prompt, second, "list")
            for session, name in ((first, "one.txt"), (second, "two.txt")):
                done = [u for u in client.updates[session] if u.get("status") == "completed"]
                assert done[0]["content"][0]["content"]["text"] == f"Listed 1 item(s):\n- {name}"

    anyio.run(main)
    assert [cwd for cwd, _ in recorder.made] == [str(tmp_path), str(one), str(two)]


def test_session_close_cancels_the_instance_in_flight(tmp_path: Path) -> None:
    async def main() -> None:
        async with shim(ExampleAgent, tmp_path) as client:
            await client.initialize()
            session = await client.new_session(tmp_path)
            closed = anyio.Event()

            async def close_on_tool(session_id: str, update: dict[str, Any]) -> None:
                if update["sessionUpdate"] == "tool_call":
                    closed.set()

            client.on_update = close_on_tool
            answers: list[Message] = []
            async with anyio.create_task_group() as tg:

                async def turn() -> None:
                    answers.append(await client.prompt(session, "slow"))

                tg.start_soon(turn)
                await closed.wait()
                answer = await client.call("session/close", {"sessionId": session})
                assert answer["result"] == {}
            assert answers[0]["result"] == {"stopReason": "cancelled"}
            after = await client.prompt(session, "hello")
            assert after["error"]["code"] == -32602

    anyio.run(main)


def test_failing_factory_is_a_failed_start(tmp_path: Path) -> None:
    other = tmp_path / "other"
    other.mkdir()

    def factory(client: LegacyClient, cwd: str) -> ExampleAgent:
        if cwd == str(other):
            raise OSError("no GPU in this directory")
        return ExampleAgent(client, cwd)

    async def main() -> None:
        async with shim(factory, tmp_path) as client:
            await client.initialize()
            answer = await client.call("session/new", {"cwd": str(other), "mcpServers": []})
            assert answer["error"]["code"] == -32603
            assert "no GPU in this directory" in answer["error"]["message"]
            # The shim goes on: a session where the factory works.
            session = await client.new_session(tmp_path)
            assert (await client.prompt(session, "hi"))["result"] == {"stopReason": "end_turn"}

    anyio.run(main)


def test_local_files_without_client_fs(tmp_path: Path) -> None:
    (tmp_path / "hello.txt").write_text("local text", encoding="utf-8")

    async def main() -> None:
        async with shim(ExampleAgent, tmp_path) as client:
            await client.initialize(fs=False)
            session = await client.new_session(tmp_path)
            answer = await client.prompt(session, "read edit")
            assert answer["result"] == {"stopReason": "end_turn"}
            assert "hello.txt holds: local text" in client.texts(session)
            assert client.requests("fs/read_text_file") == []
            assert client.requests("fs/write_text_file") == []

    anyio.run(main)
    assert (tmp_path / "notes.txt").read_text(encoding="utf-8") == EDIT_SUFFIX


def test_bad_client_line_is_answered_and_the_shim_goes_on(tmp_path: Path) -> None:
    async def main() -> None:
        async with shim(ExampleAgent, tmp_path) as client:
            client.out.write(b"this is not json\n")
            init = await client.initialize()
            assert "result" in init
            parse_errors = [m for m in client.received if m.get("error", {}).get("code") == -32700]
            assert len(parse_errors) == 1 and parse_errors[0]["id"] is None

    anyio.run(main)


def test_an_over_limit_request_is_answered_and_the_shim_goes_on(tmp_path: Path) -> None:
    async def main() -> None:
        async with shim(ExampleAgent, tmp_path, max_line_bytes=100_000) as client:
            huge = await client.call("initialize", {"protocolVersion": 1, "pad": "x" * 200_000})
            assert huge["error"]["code"] == -32600
            assert huge["error"]["message"] == "Request too large"
            assert "result" in await client.initialize()

    anyio.run(main)


def test_factory_failing_for_agent_0_answers_initialize_with_the_reason(tmp_path: Path) -> None:
    def factory(client: LegacyClient, cwd: str) -> ExampleAgent:
        raise RuntimeError("model weights missing")

    async def main() -> None:
        async with shim(factory, tmp_path) as client:
            answer = await client.initialize()
            assert answer["error"]["code"] == -32603
            assert answer["error"]["data"]["reason"] == "RuntimeError: model weights missing"

    anyio.run(main)


class FloodAgent(PickyAgent):
    """Streams :data:`FLOOD` numbered chunks as fast as the shim takes them."""

    async def initialize(self, params: InitializeParams) -> InitializeResponse:
        return InitializeResponse(protocol_version="0.0.9", is_authenticated=True)

    async def send_user_message(self, params: SendUserMessageParams) -> None:
        for i in range(FLOOD):
            await self.client.stream_assistant_message_chunk(
                StreamAssistantMessageChunkParams(chunk=TextAssistantChunk(text=f"{i} "))
            )


FLOOD = 200


def test_streamed_chunks_arrive_complete_and_in_order(tmp_path: Path) -> None:
    async def main() -> None:
        async with shim(FloodAgent, tmp_path) as client:
            await client.initialize()
            session = await client.new_session(tmp_path)
            answer = await client.prompt(session, "go")
            assert answer["result"] == {"stopReason": "end_turn"}
            assert client.texts(session) == "".join(f"{i} " for i in range(FLOOD))

    anyio.run(main)


class DetachedCallAgent(FloodAgent):
    """Asks for a confirmation from a task of its own, outside the shim's request tasks."""

    outcomes: ClassVar[list[BaseException | str]] = []
    settled: ClassVar[anyio.Event]
    """Set once the call has its outcome (made by the test, in its event loop)."""

    async def send_user_message(self, params: SendUserMessageParams) -> None:
        asyncio.get_running_loop().create_task(self._ask())
        await anyio.sleep_forever()

    async def _ask(self) -> None:
        confirmation = RequestToolCallConfirmationParams(
            label="Delete everything", icon="hammer", confirmation=EditConfirmation()
        )
        try:
            answer = await self.client.request_tool_call_confirmation(confirmation)
        except RequestError as exc:
            self.outcomes.append(exc)
        else:
            self.outcomes.append(answer.outcome)
        self.settled.set()


def test_a_stopped_instance_s_detached_call_is_not_left_waiting(tmp_path: Path) -> None:
    DetachedCallAgent.outcomes.clear()

    async def main() -> None:
        DetachedCallAgent.settled = anyio.Event()
        async with shim(DetachedCallAgent, tmp_path) as client:
            asked = anyio.Event()

            def never_answer(options: list[dict[str, Any]]) -> None:
                asked.set()

            client.permission = never_answer
            await client.initialize()
            session = await client.new_session(tmp_path)
            answers: list[Message] = []

            async def turn() -> None:
                answers.append(await client.prompt(session, "go"))

            async with anyio.create_task_group() as tg:
                tg.start_soon(turn)
                await asked.wait()
                await client.call("session/close", {"sessionId": session})
            assert answers[0]["result"] == {"stopReason": "cancelled"}
            with anyio.fail_after(HANG):
                await DetachedCallAgent.settled.wait()
            [outcome] = DetachedCallAgent.outcomes
            assert isinstance(outcome, RequestError)
            assert outcome.data == {"details": "the session was closed"}
            # The dialog the client still shows was withdrawn.
            assert [m["method"] for m in client.received if m.get("method") == "$/cancel_request"]

    anyio.run(main)


def test_stop_signal_ends_the_process_with_128_plus_n(tmp_path: Path) -> None:
    agent = subprocess.Popen(
        [sys.executable, "-m", "acp_compat.examples.inprocess_agent"],
        cwd=tmp_path,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
    )
    try:
        assert agent.stdin is not None and agent.stdout is not None
        agent.stdin.write(
            encode(
                {
                    "jsonrpc": "2.0",
                    "id": 1,
                    "method": "initialize",
                    "params": {"protocolVersion": 1},
                }
            )
        )
        agent.stdin.flush()
        assert json.loads(agent.stdout.readline())["id"] == 1
        agent.send_signal(signal.SIGTERM)
        assert agent.wait(10) == 128 + signal.SIGTERM
    finally:
        if agent.poll() is None:
            agent.kill()
            agent.wait()
        for stream in (agent.stdin, agent.stdout):
            if stream is not None:
                stream.close()


def test_official_python_sdk_client_against_the_example_agent(tmp_path: Path) -> None:
    (tmp_path / "hello.txt").write_text("sdk text", encoding="utf-8")
    command = [
        sys.executable,
        str(PY_CLIENT),
        "--cwd",
        str(tmp_path),
        "--prompt",
        "list read edit",
        "--permission",
        "allow",
        "--linger",
        "100",
        "--timeout",
        "15",
        "--",
        sys.executable,
        "-m",
        "acp_compat.examples.inprocess_agent",
    ]
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run(
        command, cwd=tmp_path, capture_output=True, text=True, timeout=25, env=env
    )
    assert done.returncode == 0, done.stderr
    summary = json.loads(done.stdout.strip().splitlines()[-1])
    assert summary["error"] is None
    assert summary["agentExit"] == {"code": 0, "signal": None}
    [session] = summary["sessions"]
    assert session["stopReasons"] == ["end_turn"]
    assert session["text"] == "You said: list read edithello.txt holds: sdk text"
    assert [c["status"] for c in session["toolCalls"].values()] == ["completed", "completed"]
    assert session["lateUpdates"] == 0
    assert [op["op"] for op in summary["fs"]] == ["read", "write"]
    assert (tmp_path / "notes.txt").read_text(encoding="utf-8") == EDIT_SUFFIX
