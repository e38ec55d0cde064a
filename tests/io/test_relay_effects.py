"""The relay's effects with a scripted translator, in process (real pipes, real agents).

The translator here is a fake that records every call and answers client messages
``{"method": <effect>}`` with the effect to test, so each effect of
``acp_compat.translate.base`` is checked against the relay alone.
"""

from __future__ import annotations

import functools
import json
import logging
import sys
from pathlib import Path
from typing import Any

import anyio
import pytest

from acp_compat.io.lines import LineReader, LineWriter
from acp_compat.io.relay import Relay
from acp_compat.jsonrpc.messages import Message
from acp_compat.translate.base import (
    Output,
    ReadLocalFile,
    StartAgent,
    StopAgent,
    ToAgent,
    ToClient,
    WriteLocalFile,
)
from acp_compat.translate.settings import WrapSettings
from tests.support.agents.harness import PipeEditor, agent_command

pytestmark = pytest.mark.timeout(30)


def note(text: str, **more: Any) -> Message:
    """A notification to the client that says what happened."""
    return {"jsonrpc": "2.0", "method": "note", "params": {"text": text, **more}}


class FakeTranslator:
    """Scripted by the client's ``method``; records every call it gets."""

    def __init__(self, tmp: Path) -> None:
        self.tmp = tmp
        self.calls: list[tuple[str, Any]] = []

    def from_client(self, message: Message) -> list[Output]:
        self.calls.append(("client", message))
        method = message.get("method")
        params = message.get("params") or {}
        if method == "start":
            return [StartAgent(params["agent"], params.get("cwd")), ToClient(note("after start"))]
        if method == "init":
            request = {
                "jsonrpc": "2.0",
                "id": 0,
                "method": "initialize",
                "params": {"protocolVersion": 1},
            }
            return [ToAgent(params["agent"], request)]
        if method == "stop":
            return [StopAgent(params["agent"])]
        if method == "read":
            return [ReadLocalFile(7, params["path"], params.get("line"), params.get("limit"))]
        if method == "write":
            return [WriteLocalFile(8, params["path"], params["content"])]
        if method == "boom":
            raise RuntimeError("translator bug")
        if method == "big":
            return [ToClient(note("big", pad="x" * params["size"]))]
        return []

    def from_agent(self, agent: int, message: Message) -> list[Output]:
        self.calls.append(("agent", (agent, message)))
        return [ToClient(note("from agent", agent=agent, message=message))]

    def agent_exited(self, agent: int, returncode: int | None, stderr_tail: str) -> list[Output]:
        self.calls.append(("exited", (agent, returncode)))
        return [ToClient(note("exited", agent=agent, returncode=returncode))]

    def agent_lost(self, agent: int, reason: str) -> list[Output]:
        self.calls.append(("lost", (agent, reason)))
        return [ToClient(note("lost", agent=agent, reason=reason))]

    def agent_start_failed(self, agent: int, reason: str) -> list[Output]:
        self.calls.append(("start_failed", (agent, reason)))
        return [ToClient(note("start failed", agent=agent, reason=reason))]

    def file_done(
        self, token: int, content: str | None = None, error: str | None = None
    ) -> list[Output]:
        self.calls.append(("file_done", (token, content, error)))
        return [ToClient(note("file done", token=token, content=content, error=error))]

    def client_drained(self) -> list[Output]:
        self.calls.append(("client_drained", ()))
        return []


class Client(PipeEditor):
    """The test's end of the relay's pipes, speaking the FakeTranslator's script."""

    def call(self, method: str, **params: Any) -> None:
        """A request whose method names the effect the FakeTranslator returns."""
        self.send({"jsonrpc": "2.0", "id": 1, "method": method, "params": params})


async def _run(
    tmp: Path,
    script: Any,
    *,
    single_agent: bool = False,
    argv: tuple[str, ...] = tuple(agent_command("current_agent")),
) -> tuple[int, FakeTranslator]:
    """Run a relay with a FakeTranslator while ``script(client)`` plays the client."""
    client = Client()
    translator = FakeTranslator(tmp)
    config = WrapSettings(command=argv, max_line_bytes=1 << 20, grace=0.5)
    client_in = LineReader(client.relay_in)
    client_out = LineWriter(client.relay_out, name="client")
    async with anyio.create_task_group() as tg:
        tg.start_soon(client_out.run)
        relay = Relay(tg, config, client_in=client_in, client_out=client_out, stderr_sink=None)

        async def play() -> None:
            await script(client)
            client.end()

        tg.start_soon(play)
        status = await relay.run(translator, single_agent=single_agent)
        tg.cancel_scope.cancel()
    client_in.close()
    client.close()
    return status, translator


def test_failed_start_is_reported_before_the_next_output(tmp_path: Path) -> None:
    async def script(client: Client) -> None:
        client.call("start", agent=1, cwd=str(tmp_path / "missing"))
        failed = await client.recv()
        assert failed["params"]["text"] == "start failed"
        # The translator names the command itself: the reason must not repeat it.
        assert "current_agent.py" not in failed["params"]["reason"]
        assert str(tmp_path / "missing") in failed["params"]["reason"]
        assert "No such file or directory" in failed["params"]["reason"]
        assert (await client.recv())["params"]["text"] == "after start"

    status, _ = anyio.run(_run, tmp_path, script)
    assert status == 0


def test_started_agent_talks_and_its_stop_is_reported(tmp_path: Path) -> None:
    async def script(client: Client) -> None:
        client.call("start", agent=3, cwd=str(tmp_path))
        assert (await client.recv())["params"]["text"] == "after start"
        client.call("init", agent=3)
        answer = await client.recv()
        assert answer["params"]["agent"] == 3
        assert answer["params"]["message"]["result"]["protocolVersion"] == 1
        client.call("stop", agent=3)
        exited = await client.recv()
        assert exited["params"] == {"text": "exited", "agent": 3, "returncode": 0}

    status, translator = anyio.run(_run, tmp_path, script)
    assert status == 0
    assert ("exited", (3, 0)) in translator.calls


def test_local_file_effects(tmp_path: Path) -> None:
    source = tmp_path / "source.txt"
    source.write_text("one\ntwo\nthree\n")
    target = tmp_path / "new" / "dir" / "out.txt"

    async def script(client: Client) -> None:
        client.call("read", path=str(source), line=2, limit=1)
        assert (await client.recv())["params"] == {
            "text": "file done",
            "token": 7,
            "content": "two\n",
            "error": None,
        }
        client.call("read", path=str(tmp_path / "absent.txt"))
        missing = (await client.recv())["params"]
        assert missing["content"] is None
        assert missing["error"] == f"No such file or directory: {tmp_path / 'absent.txt'}"
        client.call("write", path=str(target), content="written\r\n")
        assert (await client.recv())["params"]["error"] is None

    anyio.run(_run, tmp_path, script)
    assert target.read_bytes() == b"written\r\n"


def test_translator_bug_on_a_request_is_answered_and_the_relay_goes_on(tmp_path: Path) -> None:
    async def script(client: Client) -> None:
        client.call("boom")
        answer = await client.recv()
        assert answer["id"] == 1 and answer["error"]["code"] == -32603
        client.call("read", path=str(tmp_path))
        assert (await client.recv())["params"]["error"] is not None  # a directory

    anyio.run(_run, tmp_path, script)


def test_single_agent_relay_ends_with_the_agent_status(tmp_path: Path) -> None:
    # The fake current agent exits with status 4 on the prompt "die".
    class Dying(FakeTranslator):
        def from_client(self, message: Message) -> list[Output]:
            if message.get("method") == "init":
                prompt = {
                    "jsonrpc": "2.0",
                    "id": 5,
                    "method": "session/prompt",
                    "params": {"sessionId": "s", "prompt": [{"type": "text", "text": "die"}]},
                }
                return [ToAgent(0, prompt)]
            return super().from_client(message)

    async def run() -> int:
        client = Client()
        translator = Dying(tmp_path)
        config = WrapSettings(
            command=tuple(agent_command("current_agent")), max_line_bytes=1 << 20, grace=0.5
        )
        client_in = LineReader(client.relay_in)
        client_out = LineWriter(client.relay_out, name="client")
        async with anyio.create_task_group() as tg:
            tg.start_soon(client_out.run)
            relay = Relay(tg, config, client_in=client_in, client_out=client_out, stderr_sink=None)
            client.call("start", agent=0, cwd=str(tmp_path))
            client.call("init", agent=0)
            status = await relay.run(translator, single_agent=True)
            exited = [m async for m in _drain(client)]
            tg.cancel_scope.cancel()
        client_in.close()
        client.close()
        assert {"text": "exited", "agent": 0, "returncode": 4} in [m["params"] for m in exited]
        return status

    assert anyio.run(run) == 4


async def _drain(client: Client) -> Any:
    """Every message the relay wrote before it closed its stdout."""
    while True:
        events = await client.reader.read_events()
        if events is None:
            return
        for event in events:
            assert isinstance(event, bytes)
            yield json.loads(event)


def test_a_dying_agent_s_last_lines_come_before_its_exit_even_to_a_slow_client(
    tmp_path: Path,
) -> None:
    # The client is over 1 MiB behind, so the relay stops reading the agent; the agent
    # prints its last lines (they fit in the pipe) and exits. Those lines must still be
    # read and translated before the exit is reported, however long the client dawdles.
    code = (
        "import json, sys\n"
        "for n in range(3):\n"
        "    print(json.dumps({'jsonrpc': '2.0', 'method': 'last', 'params': {'n': n}}))\n"
    )

    settled = anyio.Event()

    class Settled(logging.Handler):
        """Sets ``settled`` once the relay is done with the agent's exit for as long as we
        do not read: it reported it (having read the last lines first), or it holds the
        lines in the pipe and has let a grace period go by (it waits for us)."""

        def emit(self, record: logging.LogRecord) -> None:
            text = record.getMessage()
            if text.startswith("agent 1 ended:") or "its last output waits for the client" in text:
                settled.set()

    async def script(client: Client) -> None:
        client.call("big", size=2 * 1024 * 1024)
        client.call("start", agent=1, cwd=str(tmp_path))
        # Whichever it is, the lines come before the exit when we read at last.
        with anyio.fail_after(20):
            await settled.wait()
        texts: list[Any] = []
        while not texts or texts[-1] != "exited":
            message = await client.recv()
            params = message["params"]
            texts.append(
                params["message"]["params"]["n"] if "message" in params else params["text"]
            )
        assert texts == ["big", "after start", 0, 1, 2, "exited"]

    relay_log = logging.getLogger("acp_compat.io")  # the relay's and its supervisor's
    handler, level = Settled(), relay_log.level
    relay_log.addHandler(handler)
    relay_log.setLevel(logging.DEBUG)
    try:
        anyio.run(functools.partial(_run, tmp_path, script, argv=(sys.executable, "-c", code)))
    finally:
        relay_log.removeHandler(handler)
        relay_log.setLevel(level)


def test_an_agent_started_while_the_client_is_behind_is_held_like_the_others(
    tmp_path: Path,
) -> None:
    # The client is over 1 MiB behind when the translator starts agent 1: its reader must
    # be held from its first line, as every agent's is while the client is behind (it was
    # started after the hold, by a task of its own, and read anyway).
    client = Client()
    translator = FakeTranslator(tmp_path)
    config = WrapSettings(
        command=tuple(agent_command("current_agent")), max_line_bytes=1 << 20, grace=0.5
    )
    held: list[bool] = []

    async def main() -> None:
        client_in = LineReader(client.relay_in)
        client_out = LineWriter(client.relay_out, name="client")
        async with anyio.create_task_group() as tg:
            tg.start_soon(client_out.run)
            relay = Relay(tg, config, client_in=client_in, client_out=client_out, stderr_sink=None)

            async def play() -> None:
                client.call("big", size=2 * 1024 * 1024)
                client.call("start", agent=1, cwd=str(tmp_path))
                with anyio.fail_after(20):
                    while 1 not in relay._supervisor.running:
                        await anyio.sleep(0.01)  # the relay's own loop: nothing to wait on
                agent = relay._supervisor.running[1]
                for _ in range(5):  # the supervising task has run by now, bug or not
                    await anyio.sleep(0)
                held.append(agent.stdout.paused)
                while (await client.recv())["params"]["text"] != "after start":
                    pass
                client.end()

            tg.start_soon(play)
            await relay.run(translator, single_agent=False)
            tg.cancel_scope.cancel()
        client_in.close()

    try:
        anyio.run(main)
    finally:
        client.close()
    assert held == [True]
