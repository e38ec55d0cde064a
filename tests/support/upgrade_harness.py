"""Both peers around one upgrade translator, recording and checking everything it sends:
a current client and legacy agent processes, scripted by the property tests of the
upgrade (tests/translate/upgrade/test_upgrade_properties.py, test_upgrade_hostile.py)."""

from __future__ import annotations

from collections import Counter
from typing import Any

from hypothesis import strategies as st

from acp_compat.translate.base import (
    Output,
    ReadLocalFile,
    StartAgent,
    ToAgent,
    ToClient,
    WriteLocalFile,
)
from acp_compat.translate.upgrade import UpgradeOptions, UpgradeTranslator
from tests.support.schemas import current_errors, legacy_errors

PROJECT = "/home/user/project"
OTHER = "/home/user/other"

CONFIRMATIONS: list[dict[str, Any]] = [
    {"type": "edit"},
    {"type": "execute", "command": "ls -la", "rootCommand": "ls"},
    {"type": "mcp", "serverName": "gh", "toolName": "t", "toolDisplayName": "Tool"},
    {"type": "fetch", "urls": ["https://example.com"], "description": None},
    {"type": "other", "description": "Do it"},
]
CONTENTS: list[dict[str, Any] | None] = [
    None,
    {"type": "markdown", "markdown": "done"},
    {"type": "diff", "path": "a.txt", "oldText": "a", "newText": "b"},
]
SESSION_UPDATES = frozenset({"current_mode_update", "config_option_update"})
"""Updates of a session rather than of a turn."""
OPTION_IDS = ["allow", "alwaysAllow", "alwaysAllowTool", "alwaysAllowMcpServer", "reject", "0"]


class Harness:
    """Both peers around one translator, recording and checking everything it sends."""

    def __init__(self) -> None:
        self.translator = UpgradeTranslator(
            UpgradeOptions.from_json({"launchCwd": PROJECT, "agentCommand": ["gemini"]})
        )
        self.problems: list[str] = []
        # client side
        self.client_next = 1
        self.client_methods: dict[int, str] = {}
        self.client_answers: Counter[int] = Counter()
        self.to_client_requests: dict[Any, str] = {}  # translator → client, unanswered
        self.turn_open: dict[str, bool] = {}
        self.prompt_session: dict[int, str] = {}
        self.started_turns: set[int] = set()  # prompts not answered at once: a turn ran
        self.sessions: list[str] = []
        # agent side, per process
        self.alive: set[int] = {0}
        self.agent_next: dict[int, int] = {}
        self.agent_requests: dict[tuple[int, int], str] = {}
        self.agent_replies: Counter[tuple[int, int]] = Counter()
        self.to_agent_requests: dict[tuple[int, Any], str] = {}  # translator → agent
        self.tool_ids: dict[int, list[int]] = {}
        self.file_tokens: list[int] = []  # local file effects the shell has not finished
        self.fresh: set[int] = set()  # started, nothing heard from it yet: may fail to start
        self.authenticated = True  # what agents answer to initialize

    # ---------------------------------------------------------------- plumbing

    def take(self, outputs: list[Output]) -> None:
        for output in outputs:
            if isinstance(output, ToClient):
                self._to_client(output.message)
            elif isinstance(output, ToAgent):
                self._to_agent(output.agent, output.message)
            elif isinstance(output, (ReadLocalFile, WriteLocalFile)):
                self.file_tokens.append(output.token)
            elif isinstance(output, StartAgent):
                self.alive.add(output.agent)
                self.fresh.add(output.agent)

    def _to_client(self, message: dict[str, Any]) -> None:
        method = message.get("method")
        if method is None:
            request_id: int = message["id"]
            method = self.client_methods.get(request_id)
            self.client_answers[request_id] += 1
            if request_id in self.started_turns:
                self.turn_open[self.prompt_session[request_id]] = False
        elif "id" in message:
            self.to_client_requests[message["id"]] = method
        for problem in current_errors(message, method):
            self.problems.append(f"to client ({method}): {problem}")
        if message.get("method") == "session/update":
            session_id = message["params"]["sessionId"]
            kind = message["params"]["update"]["sessionUpdate"]
            # A mode switch is the session's, not a turn's: it may come between turns.
            if not self.turn_open.get(session_id) and kind not in SESSION_UPDATES:
                self.problems.append(f"update outside a turn: {message}")

    def _to_agent(self, agent: int, message: dict[str, Any]) -> None:
        method = message.get("method")
        if method is None:
            key = (agent, message.get("id"))
            method = self.agent_requests.get(key)  # type: ignore[arg-type]
            self.agent_replies[key] += 1  # type: ignore[index]
            if method == "pushToolCall" or method == "requestToolCallConfirmation":
                result = message.get("result")
                if isinstance(result, dict):
                    self.tool_ids.setdefault(agent, []).append(result["id"])
        else:
            self.to_agent_requests[(agent, message["id"])] = method
        for problem in legacy_errors(message, method):
            self.problems.append(f"to agent {agent} ({method}): {problem}")

    def client_request(self, method: str, params: dict[str, Any]) -> int:
        request_id = self.client_next
        self.client_next += 1
        self.client_methods[request_id] = method
        if method == "session/prompt":
            self.prompt_session[request_id] = params["sessionId"]
        self.take(
            self.translator.from_client(
                {"jsonrpc": "2.0", "id": request_id, "method": method, "params": params}
            )
        )
        return request_id

    def agent_request(self, agent: int, method: str, params: dict[str, Any]) -> None:
        request_id = self.agent_next.get(agent, 0)
        self.agent_next[agent] = request_id + 1
        self.agent_requests[(agent, request_id)] = method
        self.take(
            self.translator.from_agent(
                agent, {"jsonrpc": "2.0", "id": request_id, "method": method, "params": params}
            )
        )

    def agent_answer(self, agent: int, request_id: Any, *, fail: bool = False) -> None:
        method = self.to_agent_requests.pop((agent, request_id))
        if fail:
            message: dict[str, Any] = {
                "jsonrpc": "2.0",
                "id": request_id,
                "error": {"code": -32603, "message": "Internal error", "data": {"details": "nope"}},
            }
        elif method == "initialize":
            message = {
                "jsonrpc": "2.0",
                "id": request_id,
                "result": {"protocolVersion": "0.0.9", "isAuthenticated": self.authenticated},
            }
        else:
            message = {"jsonrpc": "2.0", "id": request_id, "result": None}
        self.fresh.discard(agent)
        self.take(self.translator.from_agent(agent, message))

    def client_answer(self, request_id: Any, choice: str) -> None:
        method = self.to_client_requests.pop(request_id)
        if method == "session/request_permission":
            outcome = (
                {"outcome": "cancelled"}
                if choice == "cancelled"
                else {"outcome": "selected", "optionId": choice}
            )
            message: dict[str, Any] = {
                "jsonrpc": "2.0",
                "id": request_id,
                "result": {"outcome": outcome},
            }
        elif method == "fs/read_text_file":
            message = {"jsonrpc": "2.0", "id": request_id, "result": {"content": "x"}}
        else:
            message = {"jsonrpc": "2.0", "id": request_id, "result": {}}
        self.take(self.translator.from_client(message))

    def exit(self, agent: int) -> None:
        self.alive.discard(agent)
        self.fresh.discard(agent)
        self.take(self.translator.agent_exited(agent, 1, "boom"))
        for key in [k for k in self.to_agent_requests if k[0] == agent]:
            del self.to_agent_requests[key]

    # ---------------------------------------------------------------- the run

    def file_done(self, token: int, fail: bool) -> None:
        self.file_tokens.remove(token)
        if fail:
            self.take(self.translator.file_done(token, error="[Errno 2] No such file"))
        else:
            self.take(self.translator.file_done(token, content="x"))

    def setup(self, two_sessions: bool, client_fs: bool) -> None:
        self.client_request(
            "initialize",
            {
                "protocolVersion": 1,
                "clientCapabilities": {"fs": {"readTextFile": client_fs, "writeTextFile": False}},
            },
        )
        self.agent_answer(0, 0)
        for cwd in [PROJECT, OTHER] if two_sessions else [PROJECT]:
            new = self.client_request("session/new", {"cwd": cwd, "mcpServers": []})
            for agent, request_id in list(self.to_agent_requests):
                self.alive.add(agent)
                self.agent_answer(agent, request_id)
            assert self.client_answers[new] == 1
        self.sessions = [f"sess-{n}" for n in range(1, 3 if two_sessions else 2)]

    def step(self, data: st.DataObject) -> None:
        agents = sorted(self.alive)
        actions = ["prompt", "cancel", "close"]
        if self.to_client_requests:
            actions.append("client_answer")
        if self.file_tokens:
            actions.append("file_done")
        if agents:
            actions += ["chunk", "push", "confirm", "update", "plan", "read", "exit"]
        if any(k[0] in self.alive for k in self.to_agent_requests):
            actions += ["agent_answer", "agent_answer"]
        action = data.draw(st.sampled_from(actions))
        session = data.draw(st.sampled_from(self.sessions))
        agent = data.draw(st.sampled_from(agents)) if agents else 0
        if action == "prompt":
            request_id = self.client_request(
                "session/prompt", {"sessionId": session, "prompt": [{"type": "text", "text": "hi"}]}
            )
            if self.client_answers[request_id] == 0:
                self.started_turns.add(request_id)
                self.turn_open[session] = True
        elif action == "cancel":
            self.take(
                self.translator.from_client(
                    {"jsonrpc": "2.0", "method": "session/cancel", "params": {"sessionId": session}}
                )
            )
        elif action == "close":
            self.client_request("session/close", {"sessionId": session})
        elif action == "client_answer":
            request_id = data.draw(st.sampled_from(sorted(self.to_client_requests)))
            self.client_answer(request_id, data.draw(st.sampled_from([*OPTION_IDS, "cancelled"])))
        elif action == "chunk":
            chunk = data.draw(st.sampled_from([{"text": "t"}, {"thought": "th"}]))
            self.agent_request(agent, "streamAssistantMessageChunk", {"chunk": chunk})
        elif action == "push":
            self.agent_request(
                agent,
                "pushToolCall",
                {"label": "L", "icon": "pencil", "content": data.draw(st.sampled_from(CONTENTS))},
            )
        elif action == "confirm":
            self.agent_request(
                agent,
                "requestToolCallConfirmation",
                {
                    "label": "C",
                    "icon": "terminal",
                    "content": data.draw(st.sampled_from(CONTENTS)),
                    "confirmation": data.draw(st.sampled_from(CONFIRMATIONS)),
                },
            )
        elif action == "update":
            known = self.tool_ids.get(agent, [])
            tool_id = data.draw(st.sampled_from([*known, 99]))
            self.agent_request(
                agent,
                "updateToolCall",
                {
                    "toolCallId": tool_id,
                    "status": data.draw(st.sampled_from(["running", "finished", "error"])),
                    "content": data.draw(st.sampled_from(CONTENTS)),
                },
            )
        elif action == "plan":
            self.agent_request(
                agent,
                "updatePlan",
                {"entries": [{"content": "p", "priority": "high", "status": "pending"}]},
            )
        elif action == "read":
            self.agent_request(agent, "readTextFile", {"path": "a.txt"})
        elif action == "file_done":
            token = data.draw(st.sampled_from(self.file_tokens))
            self.file_done(token, data.draw(st.booleans()))
        elif action == "exit":
            self.exit(agent)
        elif action == "agent_answer":
            pending = sorted(k for k in self.to_agent_requests if k[0] in self.alive)
            target, request_id = data.draw(st.sampled_from(pending))
            self.agent_answer(target, request_id, fail=data.draw(st.booleans()))

    def drain(self) -> None:
        """Both sides answer everything still pending, until nothing is left."""
        for _ in range(50):
            if (
                not self.to_client_requests
                and not self.file_tokens
                and not any(k[0] in self.alive for k in self.to_agent_requests)
            ):
                return
            for token in list(self.file_tokens):
                self.file_done(token, fail=False)
            for request_id in sorted(self.to_client_requests):
                self.client_answer(request_id, "cancelled")
            for agent, request_id in sorted(self.to_agent_requests):
                if agent in self.alive:
                    self.agent_answer(agent, request_id)
        raise AssertionError("the conversation never settled")

    def check(self) -> None:
        assert not self.problems, "\n".join(self.problems)
        for request_id in self.client_methods:
            assert self.client_answers[request_id] == 1, (
                f"client request {request_id} ({self.client_methods[request_id]}) answered "
                f"{self.client_answers[request_id]} times"
            )
        for (agent, request_id), method in self.agent_requests.items():
            count = self.agent_replies[(agent, request_id)]
            limit = (1,) if agent in self.alive else (0, 1)
            assert count in limit, f"agent {agent} request {request_id} ({method}) got {count}"
