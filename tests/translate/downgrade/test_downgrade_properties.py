"""Properties of the downgrade translator under random interleavings of both peers.

A scripted legacy client and a scripted current agent take turns at random: prompts,
cancels, chunks, tool calls and updates for a small pool of ids (known, unknown, pending),
plans, permission requests, file and terminal requests, answers in any order (some of them
errors), stray responses, and now and then the agent exiting. Whatever happens:

* the translator never raises;
* every message to the legacy client validates against the legacy schema, and its
  requests count up from 0;
* every request of either peer is answered exactly once (once both sides have answered
  everything still open);
* every chunk the agent streams during a turn reaches the client once, before the answer
  to the ``sendUserMessage`` whose turn it belonged to; none it streams outside a turn
  (before a prompt, after its answer) does;
* an ``updateToolCall`` names only ids the client handed out before.
"""

from __future__ import annotations

import logging
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from acp_compat.translate.base import ToAgent, ToClient
from acp_compat.translate.downgrade import DowngradeOptions, DowngradeTranslator
from tests.support.schemas import legacy_errors

SESSION = "S"
TOOL_IDS = ["a", "b", "c"]
STATUSES = ["pending", "in_progress", "completed", "failed"]
CONTENTS: list[list[dict[str, Any]]] = [
    [],
    [{"type": "content", "content": {"type": "text", "text": "out"}}],
    [{"type": "diff", "path": "/w/x.py", "oldText": None, "newText": "x\n"}],
    [
        {"type": "content", "content": {"type": "text", "text": "t"}},
        {"type": "terminal", "terminalId": "t1"},
    ],
]
KINDS = [None, "read", "edit", "execute", "fetch", "other"]
OPTION_SETS = [
    [
        {"optionId": "proceed_always", "name": "Always", "kind": "allow_always"},
        {"optionId": "proceed_once", "name": "Allow", "kind": "allow_once"},
        {"optionId": "cancel", "name": "Reject", "kind": "reject_once"},
    ],
    [{"optionId": "only", "name": "Always", "kind": "allow_always"}],
    [],
]
OUTCOMES = ["allow", "alwaysAllow", "alwaysAllowMcpServer", "alwaysAllowTool", "reject", "cancel"]
STOP_REASONS = ["end_turn", "max_tokens", "max_turn_requests", "refusal", "cancelled"]

ACTIONS = [
    "send", "send", "cancel", "bogus", "answer", "answer", "answer", "stray",
    "chunk", "chunk", "thought", "tool", "tool", "tool_update", "tool_update", "plan",
    "permission", "permission", "fs", "terminal", "end", "end", "dropped", "exit",
]  # fmt: skip


class World:
    """Both scripted peers around one translator, and everything the checks need."""

    def __init__(self, client_fs: bool, version: str) -> None:
        self.translator = DowngradeTranslator(
            DowngradeOptions(cwd="/w", client_fs=client_fs, client_info_version="0.0.0-test")
        )
        self.version = version
        self.problems: list[str] = []
        self.step = 0
        # The legacy client.
        self.client_ids = iter(range(1_000_000))
        self.client_requests: dict[int, str] = {}
        self.client_answers: Counter[int] = Counter()
        self.legacy_pending: dict[int, dict[str, Any]] = {}
        self.next_legacy_request = 0
        self.tool_ids = iter(range(1, 1_000_000))
        self.handed_out: set[int] = set()
        self.client_stream: list[dict[str, Any]] = []
        # The agent.
        self.agent_alive = True
        self.agent_ids = iter(range(1_000_000))
        self.agent_requests: set[int] = set()
        self.agent_answers: Counter[int] = Counter()
        self.agent_inbox: list[dict[str, Any]] = []
        self.open_permissions: set[int] = set()
        self.chunks_fed: dict[str, int] = {}
        self.chunks_outside: set[str] = set()
        """Chunks streamed while no prompt of the session was out: never shown."""
        self.turn_ends: dict[int, int] = {}
        """sendUserMessage id → step at which the agent answered its prompt."""
        self.prompts_sent: list[int] = []
        """The ids of the prompts sent during the current step."""
        self.valid_sends: set[int] = set()
        """The sendUserMessage requests whose chunks make a prompt."""
        self.outcomes = iter(OUTCOMES * 1000)

    # -- moving messages ---------------------------------------------------------------

    def deliver(self, outputs: list[Any]) -> None:
        for output in outputs:
            if isinstance(output, ToClient):
                self._to_client(output.message)
            elif isinstance(output, ToAgent):
                self._to_agent(output.message)
            else:
                self.problems.append(f"unexpected effect {output!r}")

    def _to_client(self, message: dict[str, Any]) -> None:
        self.client_stream.append(message)
        if "method" in message:
            if message["id"] != self.next_legacy_request:
                self.problems.append(f"legacy request id {message['id']} out of sequence")
            self.next_legacy_request += 1
            self.problems += legacy_errors(message)
            if message["method"] == "updateToolCall":
                tool_id = message["params"]["toolCallId"]
                if tool_id not in self.handed_out:
                    self.problems.append(f"updateToolCall for id {tool_id} never handed out")
            self.legacy_pending[message["id"]] = message
        else:
            method = self.client_requests.get(message["id"])
            if method is None:
                self.problems.append(f"response to unknown client id {message['id']}")
                return
            self.client_answers[message["id"]] += 1
            self.problems += legacy_errors(message, method)

    def _to_agent(self, message: dict[str, Any]) -> None:
        if "method" in message and "id" in message:
            self.agent_inbox.append(message)
            if message["method"] == "session/prompt":
                self.prompts_sent.append(message["id"])
        elif "method" not in message:
            self.agent_answers[message["id"]] += 1
            if message["id"] not in self.agent_requests:
                self.problems.append(f"answer to an agent request never made: {message}")

    def client(self, method: str, params: Any = None) -> int:
        request_id = next(self.client_ids)
        self.client_requests[request_id] = method
        message: dict[str, Any] = {"jsonrpc": "2.0", "id": request_id, "method": method}
        if params is not None:
            message["params"] = params
        self.deliver(self.translator.from_client(message))
        return request_id

    def agent(self, message: dict[str, Any]) -> None:
        if self.agent_alive:
            if "method" in message and "id" in message:
                self.agent_requests.add(message["id"])
            self.deliver(self.translator.from_agent(0, message))

    def update(self, body: dict[str, Any]) -> None:
        self.agent(
            {"jsonrpc": "2.0", "method": "session/update",
             "params": {"sessionId": SESSION, "update": body}}
        )  # fmt: skip

    def agent_request(self, method: str, params: dict[str, Any]) -> None:
        request_id = next(self.agent_ids)
        request = {"jsonrpc": "2.0", "id": request_id, "method": method}
        if method == "session/request_permission":
            self.open_permissions.add(request_id)
        self.agent({**request, "params": params})

    # -- the scripted peers' answers ---------------------------------------------------

    def answer_legacy(self, pick: int, fail: bool) -> None:
        if not self.legacy_pending:
            return
        request_id = sorted(self.legacy_pending)[pick % len(self.legacy_pending)]
        message = self.legacy_pending.pop(request_id)
        method = message["method"]
        if fail:
            reply: dict[str, Any] = {"error": {"code": -32603, "message": "Internal error"}}
        elif method in ("pushToolCall", "requestToolCallConfirmation"):
            tool_id = next(self.tool_ids)
            self.handed_out.add(tool_id)
            result: dict[str, Any] = {"id": tool_id, "type": "PushToolCallResponse"}
            if method == "requestToolCallConfirmation":
                result = {"id": tool_id, "outcome": next(self.outcomes)}
            reply = {"result": result}
        elif method == "readTextFile":
            reply = {"result": {"content": "text"}}
        else:
            reply = {"result": None if pick % 2 else {}}
        self.deliver(self.translator.from_client({"jsonrpc": "2.0", "id": request_id, **reply}))

    def answer_agent_inbox(self, pick: int, stop: int, fail: bool) -> bool:
        """The agent answers one of acp-compat's requests; ``False`` if none is open."""
        if not self.agent_inbox or not self.agent_alive:
            return False
        message = self.agent_inbox.pop(pick % len(self.agent_inbox))
        method, request_id = message["method"], message["id"]
        if method == "initialize":
            result: Any = {"protocolVersion": 1, "authMethods": [{"id": "m", "name": "M"}]}
        elif method == "session/new":
            result = {"sessionId": SESSION}
        elif method == "authenticate":
            result = {}
        elif method == "session/prompt":
            owner = self.prompt_owner.pop(request_id, None)
            if owner is not None:
                self.turn_ends[owner] = self.step
            result = {"stopReason": STOP_REASONS[stop % len(STOP_REASONS)]}
        else:
            result = None
        reply: dict[str, Any] = {"jsonrpc": "2.0", "id": request_id}
        if fail and method not in ("initialize", "session/new"):
            reply["error"] = {"code": -32603, "message": "Internal error"}
        else:
            reply["result"] = result
        self.agent(reply)
        return True

    prompt_owner: dict[int, int]


def run(world: World, actions: list[tuple[str, int, int]]) -> None:
    world.prompt_owner = {}
    world.client("initialize", {"protocolVersion": world.version})
    while world.answer_agent_inbox(0, 0, False):
        pass
    for world.step, (action, a, b) in enumerate(actions, start=1):
        world.prompts_sent = []
        waiting = [request_id for request_id, _ in world.translator.deferred]
        perform(world, action, a, b)
        for prompt_id in world.prompts_sent:
            # Messages that waited for a cancelled turn's end are sent at that end, in
            # their order: the first whose chunks make a prompt is its owner.
            if prompt_id not in world.prompt_owner:
                owner = next(i for i in waiting if i in world.valid_sends)
                world.prompt_owner[prompt_id] = owner
    # Both sides answer whatever is still open, until nothing is.
    world.step = len(actions) + 1
    for _ in range(500):
        if world.legacy_pending:
            world.answer_legacy(0, False)
        elif not world.answer_agent_inbox(0, 0, False):
            break


def perform(world: World, action: str, a: int, b: int) -> None:
    tool_id = TOOL_IDS[a % len(TOOL_IDS)]
    if action == "send":
        chunks: Any = [{"text": f"t{a}"}, {"path": "f.py"}] if b else [{"bad": 1}]
        before = len(world.agent_inbox)
        request_id = world.client("sendUserMessage", {"chunks": chunks})
        for message in world.agent_inbox[before:]:
            if message["method"] == "session/prompt":
                world.prompt_owner[message["id"]] = request_id
        if b:
            world.valid_sends.add(request_id)
    elif action == "cancel":
        world.client("cancelSendMessage")
        if world.prompt_owner and world.agent_alive:
            # The client must answer open permission requests itself, at once.
            still_open = world.open_permissions - set(world.agent_answers)
            if still_open:
                world.problems.append(f"permissions left open by a cancel: {still_open}")
    elif action == "bogus":
        world.client("frobnicate", {"x": a})
    elif action == "answer":
        world.answer_legacy(a, fail=b == 0)
    elif action == "stray":
        world.deliver(
            world.translator.from_client({"jsonrpc": "2.0", "id": 10_000 + a, "result": None})
        )
    elif action in ("chunk", "thought"):
        text = f"chunk-{world.step}"
        if world.agent_alive and world.prompt_owner:
            world.chunks_fed[text] = world.step
        elif world.agent_alive:
            world.chunks_outside.add(text)
        kind = "agent_message_chunk" if action == "chunk" else "agent_thought_chunk"
        world.update({"sessionUpdate": kind, "content": {"type": "text", "text": text}})
    elif action == "tool":
        world.update({
            "sessionUpdate": "tool_call", "toolCallId": tool_id, "title": f"T{a}",
            "kind": KINDS[b % len(KINDS)], "status": STATUSES[b % len(STATUSES)],
            "content": CONTENTS[a % len(CONTENTS)], "locations": [{"path": "/w/x.py", "line": b}],
        })  # fmt: skip
    elif action == "tool_update":
        body: dict[str, Any] = {"sessionUpdate": "tool_call_update", "toolCallId": tool_id}
        if b % 3 != 0:
            body["status"] = STATUSES[b % len(STATUSES)]
        if b % 2 == 0:
            body["content"] = CONTENTS[(a + b) % len(CONTENTS)]
        world.update(body)
    elif action == "plan":
        plan_statuses = ["pending", "in_progress", "completed"]
        entries = [
            {"content": f"e{n}", "priority": "low", "status": plan_statuses[(n + b) % 3]}
            for n in range(a % 4)
        ]
        world.update({"sessionUpdate": "plan", "entries": entries})
    elif action == "permission":
        tool = {"toolCallId": tool_id, "title": f"P{a}", "kind": KINDS[b % len(KINDS)],
                "rawInput": {"command": "ls -l", "url": "https://x"}}  # fmt: skip
        params = {"sessionId": SESSION, "toolCall": tool, "options": OPTION_SETS[b % 3]}
        world.agent_request("session/request_permission", params)
    elif action == "fs":
        if b % 2:
            world.agent_request("fs/read_text_file", {"sessionId": SESSION, "path": "/w/a"})
        else:
            params = {"sessionId": SESSION, "path": "/w/a", "content": "c"}
            world.agent_request("fs/write_text_file", params)
    elif action == "terminal":
        world.agent_request("terminal/create", {"sessionId": SESSION, "command": "ls"})
    elif action == "end":
        world.answer_agent_inbox(a, b, fail=b == 7)
    elif action == "dropped":
        world.update({"sessionUpdate": "current_mode_update", "currentModeId": "x"})
    elif action == "exit" and a == 0 and b == 0 and world.agent_alive:
        world.agent_alive = False
        world.deliver(world.translator.agent_exited(0, 1, "gone"))


@settings(max_examples=400, deadline=None)
@given(
    actions=st.lists(
        st.tuples(st.sampled_from(ACTIONS), st.integers(0, 7), st.integers(0, 7)),
        min_size=10,
        max_size=60,
    ),
    client_fs=st.booleans(),
    version=st.sampled_from(["0.0.9", "0.0.10"]),
)
def test_random_interleavings(
    actions: list[tuple[str, int, int]], client_fs: bool, version: str
) -> None:
    world = World(client_fs, version)
    run(world, actions)
    assert not world.problems, world.problems

    # Every client request answered exactly once.
    unanswered = set(world.client_requests) - set(world.client_answers)
    assert not unanswered, f"client requests never answered: {unanswered}"
    assert all(n == 1 for n in world.client_answers.values()), world.client_answers
    # Every agent request answered exactly once (unless the agent died waiting).
    assert all(n == 1 for n in world.agent_answers.values()), world.agent_answers
    if world.agent_alive:
        assert set(world.agent_answers) == world.agent_requests

    # Every chunk reaches the client once, before the end of the turn it belonged to.
    position: dict[str, int] = {}
    for index, message in enumerate(world.client_stream):
        if message.get("method") == "streamAssistantMessageChunk":
            chunk = message["params"]["chunk"]
            text = chunk.get("text", chunk.get("thought"))
            assert text not in position or not text.startswith("chunk-"), f"{text} sent twice"
            position[text] = index
    assert set(world.chunks_fed) <= set(position), "some chunks never reached the client"
    assert not world.chunks_outside & set(position), "a chunk outside a turn was shown"
    for index, message in enumerate(world.client_stream):
        turn_end = world.turn_ends.get(message.get("id", -1))
        if "method" in message or turn_end is None:
            continue
        if world.client_requests.get(message["id"]) != "sendUserMessage":
            continue
        for text, fed in world.chunks_fed.items():
            if fed < turn_end:
                assert position[text] < index, f"{text} arrived after its turn's answer"


class _Records(logging.Handler):
    """Collects the translator's log records."""

    def __init__(self) -> None:
        super().__init__(logging.DEBUG)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)


@contextmanager
def translator_log() -> Iterator[_Records]:
    """The downgrade translator's log records (DEBUG and up) while the block runs."""
    logger = logging.getLogger("acp_compat.translate.downgrade")
    handler, level = _Records(), logger.level
    logger.addHandler(handler)
    logger.setLevel(logging.DEBUG)
    try:
        yield handler
    finally:
        logger.removeHandler(handler)
        logger.setLevel(level)


CALM_ACTIONS = ["send", "answer", "chunk", "tool", "tool_update", "plan", "permission", "end"]


@settings(max_examples=100, deadline=None)
@given(
    actions=st.lists(
        st.tuples(st.sampled_from(CALM_ACTIONS), st.integers(0, 7), st.integers(1, 6)),
        min_size=10,
        max_size=60,
    ),
    version=st.sampled_from(["0.0.9", "0.0.10"]),
)
def test_nothing_is_lost_when_nothing_fails(
    actions: list[tuple[str, int, int]], version: str
) -> None:
    """No errors, cancels or exits: no tool-call update may be dropped for want of an id
    (every one waits for the client's answer instead)."""
    world = World(False, version)
    with translator_log() as log:
        run(world, actions)
    assert not world.problems, world.problems
    dropped = [r.getMessage() for r in log.records if "dropping an update" in r.msg]
    assert not dropped, dropped
