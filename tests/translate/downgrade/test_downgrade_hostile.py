"""A hostile current agent behind a legacy client: whatever it sends, whenever it sends it
(before it answered ``initialize``, between turns, while a turn is cancelled, after the
turn's answer), with whatever it holds (ids of any JSON type, reused ids, huge and
malformed members, ``_meta.acpCompat.legacy`` hints of any shape), the downgrade
translator

* never raises;
* sends the legacy client only schema-valid legacy messages, its requests numbered from 0;
* sends it nothing before its ``initialize`` answer, and nothing of a turn (chunks, tool
  cards, confirmations, plans) outside a running turn: every agent message outside one is
  dropped or refused;
* answers every legacy client request exactly once, and every agent request at most once
  (exactly once when both sides have answered everything still open and the agent lives).
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from acp_compat.jsonrpc.messages import valid_id
from acp_compat.translate.base import ToAgent, ToClient
from acp_compat.translate.downgrade import DowngradeOptions, DowngradeTranslator
from tests.support.schemas import current_errors, legacy_errors

SESSION = "S"
FILE_METHODS = ("readTextFile", "writeTextFile")
"""Legacy requests the agent's fs/* become: not part of a turn, they may come between turns."""

json_scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(2**70), 2**70),
    st.floats(allow_nan=False, allow_infinity=False),
    st.text(max_size=20),
    st.sampled_from(["", "\x00", "\ud800", "a\n```\nb", "x" * 500]),
)
json_values = st.recursive(
    json_scalars,
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=8), inner, max_size=3)
    ),
    max_leaves=8,
)
ids = st.one_of(st.integers(0, 6), st.sampled_from(["0", "a", 1.0, True, None, [1], {"a": 1}]))
"""Request ids of every JSON shape, small integers most often so that they collide."""

tool_ids = st.one_of(st.sampled_from(["a", "b", "c"]), json_values)
hints = st.one_of(
    json_values,
    st.fixed_dictionaries(
        {
            "acpCompat": st.fixed_dictionaries(
                {
                    "legacy": st.fixed_dictionaries(
                        {},
                        optional={
                            "icon": st.one_of(st.sampled_from(["pencil", "bogus"]), json_values),
                            "confirmation": st.one_of(
                                st.sampled_from(
                                    [
                                        {"type": "bogus"},
                                        {"type": "execute", "command": "ls"},
                                        {"type": "execute", "command": "ls", "rootCommand": "ls"},
                                        {"type": "other"},
                                        {"type": "edit", "description": None},
                                        {"type": "fetch", "urls": [1]},
                                    ]
                                ),
                                json_values,
                            ),
                            "path": json_values,
                            "detailsAppended": json_values,
                        },
                    )
                }
            )
        }
    ),
)
tool_calls = st.fixed_dictionaries(
    {"toolCallId": tool_ids},
    optional={
        "title": json_values,
        "kind": st.one_of(st.sampled_from(["edit", "execute", "fetch", "read"]), json_values),
        "status": st.one_of(st.sampled_from(["pending", "in_progress", "completed"]), json_values),
        "content": st.one_of(
            st.just([{"type": "content", "content": {"type": "text", "text": "t"}}]),
            st.just([{"type": "diff", "path": "/w/a", "oldText": None, "newText": "n"}]),
            json_values,
        ),
        "locations": st.one_of(st.just([{"path": "/w/a", "line": -1}]), json_values),
        "rawInput": st.one_of(st.just({"command": ["rm", "-rf", "/"]}), json_values),
        "_meta": hints,
    },
)
updates = st.one_of(
    st.fixed_dictionaries(
        {
            "sessionUpdate": st.sampled_from(["agent_message_chunk", "agent_thought_chunk"]),
            "content": st.one_of(
                st.just({"type": "text", "text": "chunk"}), st.just({"type": "image"}), json_values
            ),
        }
    ),
    tool_calls.map(lambda call: {"sessionUpdate": "tool_call", **call}),
    tool_calls.map(lambda call: {"sessionUpdate": "tool_call_update", **call}),
    st.fixed_dictionaries({"sessionUpdate": st.just("plan"), "entries": json_values}),
    st.fixed_dictionaries({"sessionUpdate": json_values}),
    json_values,
)
options = st.one_of(
    st.just(
        [
            {"optionId": "proceed_once", "name": "Allow", "kind": "allow_once"},
            {"optionId": "proceed_always", "name": "Always", "kind": "allow_always"},
            {"optionId": "cancel", "name": "Reject", "kind": "reject_once"},
        ]
    ),
    json_values,
)


class World:
    """A legacy client and a hostile agent around one downgrade translator."""

    def __init__(self, client_fs: bool) -> None:
        self.translator = DowngradeTranslator(
            DowngradeOptions(cwd="/w", client_fs=client_fs, client_info_version="0.0.0-test")
        )
        self.problems: list[str] = []
        self.client_next = 0
        self.client_requests: dict[int, str] = {}
        self.client_answers: Counter[int] = Counter()
        self.legacy_next = 0
        self.legacy_pending: dict[int, dict[str, Any]] = {}
        self.initialized = False
        """The legacy client has its initialize answer."""
        self.turn: int | None = None
        """The sendUserMessage whose turn runs (its prompt sent, the message not answered)."""
        self.sends: list[int] = []
        """sendUserMessage requests not answered yet, oldest first."""
        self.agent_alive = True
        self.agent_inbox: list[dict[str, Any]] = []
        self.agent_requests: Counter[Any] = Counter()
        self.agent_answers: Counter[Any] = Counter()
        self.tool_ids = iter(range(1, 1_000_000))

    def _key(self, request_id: Any) -> str:
        return repr((type(request_id).__name__, request_id))

    def deliver(self, outputs: list[Any]) -> None:
        for output in outputs:
            if isinstance(output, ToClient):
                self._to_client(output.message)
            elif isinstance(output, ToAgent):
                self._to_agent(output.message)
            else:
                self.problems.append(f"unexpected effect {output!r}")

    def _to_client(self, message: dict[str, Any]) -> None:
        if "method" in message:
            if not self.initialized:
                self.problems.append(f"before the initialize answer: {message}")
            if self.turn is None and message["method"] not in FILE_METHODS:
                self.problems.append(f"outside a turn: {message}")
            if message.get("id") != self.legacy_next:
                self.problems.append(f"legacy request id out of sequence: {message}")
            self.legacy_next += 1
            self.problems += legacy_errors(message)
            self.legacy_pending[message["id"]] = message
            return
        request_id = message.get("id")
        method = self.client_requests.get(request_id) if isinstance(request_id, int) else None
        if method is None or not isinstance(request_id, int):
            self.problems.append(f"an answer to no legacy request: {message}")
            return
        self.client_answers[request_id] += 1
        if method == "initialize" and "result" in message:
            self.initialized = True
        if request_id == self.turn:
            self.turn = None
        if request_id in self.sends:
            self.sends.remove(request_id)
        self.problems += legacy_errors(message, method)

    def _to_agent(self, message: dict[str, Any]) -> None:
        if "method" in message:
            if message["method"] == "session/prompt":
                # Deferred messages are replayed in order: the oldest unanswered owns it.
                self.turn = next(i for i in self.sends if i != self.turn)
            if "id" in message:
                self.agent_inbox.append(message)
            for problem in current_errors(message, message["method"]):
                self.problems.append(f"to the agent: {problem}")
            return
        self.agent_answers[self._key(message.get("id"))] += 1

    def client(self, method: str, params: Any = None) -> None:
        request_id = self.client_next
        self.client_next += 1
        self.client_requests[request_id] = method
        message: dict[str, Any] = {"jsonrpc": "2.0", "id": request_id, "method": method}
        if params is not None:
            message["params"] = params
        if method == "sendUserMessage":
            self.sends.append(request_id)
        self.deliver(self.translator.from_client(message))

    def agent(self, message: dict[str, Any]) -> None:
        if not self.agent_alive:
            return
        if "method" in message and "id" in message and valid_id(message["id"]):
            self.agent_requests[self._key(message["id"])] += 1
        self.deliver(self.translator.from_agent(0, message))

    def answer_legacy(self, pick: int, outcome: str) -> None:
        if not self.legacy_pending:
            return
        request_id = sorted(self.legacy_pending)[pick % len(self.legacy_pending)]
        method = self.legacy_pending.pop(request_id)["method"]
        result: Any = None
        if method == "pushToolCall":
            result = {"id": next(self.tool_ids)}
        elif method == "requestToolCallConfirmation":
            result = {"id": next(self.tool_ids), "outcome": outcome}
        elif method == "readTextFile":
            result = {"content": "text"}
        self.deliver(
            self.translator.from_client({"jsonrpc": "2.0", "id": request_id, "result": result})
        )

    def answer_agent(self, pick: int, hostile: Any) -> bool:
        if not self.agent_inbox or not self.agent_alive:
            return False
        message = self.agent_inbox.pop(pick % len(self.agent_inbox))
        method = message["method"]
        result: Any
        if method == "initialize":
            result = {"protocolVersion": 1, "authMethods": []}
        elif method == "session/new":
            result = {"sessionId": SESSION}
        elif method == "session/prompt":
            result = {"stopReason": "end_turn"}
        else:
            result = {}
        if hostile is not None:
            result = hostile  # a malformed answer of any shape
        self.agent({"jsonrpc": "2.0", "id": message["id"], "result": result})
        return True


def act(world: World, data: st.DataObject) -> None:
    action = data.draw(
        st.sampled_from(
            [
                "send", "cancel", "answer_legacy", "answer_agent", "update", "update",
                "permission", "permission", "cancel_request", "fs", "response", "exit",
                "initialize",
            ]
        )
    )  # fmt: skip
    if action == "send":
        world.client("sendUserMessage", {"chunks": [{"text": "go"}]})
    elif action == "cancel":
        world.client("cancelSendMessage")
    elif action == "initialize":
        world.client("initialize", {"protocolVersion": "0.0.9"})
    elif action == "answer_legacy":
        outcome = data.draw(st.sampled_from(["allow", "alwaysAllow", "reject", "cancel", "bogus"]))
        world.answer_legacy(data.draw(st.integers(0, 5)), outcome)
    elif action == "answer_agent":
        hostile = data.draw(st.one_of(st.none(), st.none(), json_values))
        world.answer_agent(data.draw(st.integers(0, 5)), hostile)
    elif action == "update":
        session = data.draw(st.sampled_from([SESSION, SESSION, "other"]))
        params = {"sessionId": session, "update": data.draw(updates)}
        world.agent({"jsonrpc": "2.0", "method": "session/update", "params": params})
    elif action == "permission":
        params = {
            "sessionId": data.draw(st.sampled_from([SESSION, SESSION, "other"])),
            "toolCall": data.draw(st.one_of(tool_calls, json_values)),
            "options": data.draw(options),
        }
        world.agent(
            {
                "jsonrpc": "2.0",
                "id": data.draw(ids),
                "method": "session/request_permission",
                "params": params,
            }
        )
    elif action == "cancel_request":
        params = {"requestId": data.draw(ids)}
        world.agent({"jsonrpc": "2.0", "method": "$/cancel_request", "params": params})
    elif action == "fs":
        method = data.draw(st.sampled_from(["fs/read_text_file", "fs/write_text_file"]))
        params = {"sessionId": SESSION, "path": data.draw(json_values), "content": "c", "line": 1}
        world.agent({"jsonrpc": "2.0", "id": data.draw(ids), "method": method, "params": params})
    elif action == "response":
        world.agent({"jsonrpc": "2.0", "id": data.draw(ids), "result": data.draw(json_values)})
    elif action == "exit" and data.draw(st.integers(0, 3)) == 0 and world.agent_alive:
        world.agent_alive = False
        world.deliver(world.translator.agent_exited(0, 1, "gone"))


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data(), client_fs=st.booleans(), steps=st.integers(1, 30))
def test_a_hostile_agent_behind_a_legacy_client(
    data: st.DataObject, client_fs: bool, steps: int
) -> None:
    world = World(client_fs)
    world.client("initialize", {"protocolVersion": data.draw(st.sampled_from(["0.0.9", "0.0.10"]))})
    for _ in range(steps):
        act(world, data)
    for _ in range(300):  # both sides answer what is still open
        if world.legacy_pending:
            world.answer_legacy(0, "allow")
        elif not world.answer_agent(0, None):
            break
    assert not world.problems, world.problems
    for request_id, method in world.client_requests.items():
        assert world.client_answers[request_id] == 1, (request_id, method, world.client_answers)
    for key, count in world.agent_answers.items():
        assert count <= world.agent_requests[key], f"agent request {key} answered {count} times"
    if world.agent_alive:
        for key in world.agent_requests:
            assert world.agent_answers[key] >= 1, f"agent request {key} never answered"
