"""Round trips through both translators: what one protocol can say survives the other.

* **legacy → current → legacy**: a legacy agent's turn (chunks, pushToolCall,
  requestToolCallConfirmation with every confirmation variant, updateToolCall, updatePlan)
  goes up through the upgrade translator and back down through the downgrade translator
  to a legacy client, which must receive the very same requests (ids aside), thanks to
  ``_meta.acpCompat.legacy``; the agent must receive the outcomes the client chose.
* **current → legacy → current**: a current agent's messages that legacy can express go
  down and back up, and the current client must receive the same updates and permission
  requests (tool call ids and ``_meta`` aside), the agent the options the client chose.

The only messages allowed to differ are the ones the contract adds on purpose: after a
``reject`` / ``cancel`` the upgrade closes the call with ``status: failed``.

Canonical legacy form (what a legacy message comes back as): ``content`` and
``locations`` of a push are left out when absent, never ``null``; ``line`` is left out
rather than ``null``.
"""

from __future__ import annotations

import collections
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from acp_compat.translate.base import ToAgent, ToClient
from acp_compat.translate.downgrade import DowngradeOptions, DowngradeTranslator
from acp_compat.translate.upgrade import UpgradeOptions, UpgradeTranslator
from acp_compat.translate.upgrade.modes import DEFAULT_MODE, new_session_result

CWD = "/work/project"
ICONS = ["fileSearch", "folder", "globe", "hammer", "lightBulb", "pencil", "regex", "terminal"]

# -- a tiny message bus between the two translators ---------------------------------------


class Bus:
    """``outer`` client ↔ ``front`` translator ↔ ``back`` translator ↔ ``outer`` agent.

    ``front`` faces the client, ``back`` faces the agent; ``front``'s agent is ``back``'s
    client. Deliveries are processed in order until nothing moves.
    """

    def __init__(self, front: Any, back: Any) -> None:
        self.front, self.back = front, back
        self.queue: collections.deque[tuple[str, dict[str, Any]]] = collections.deque()
        self.to_client: list[dict[str, Any]] = []
        self.to_agent: list[dict[str, Any]] = []
        self.client_answers: Any = None
        self.agent_answers: Any = None

    def send(self, where: str, message: dict[str, Any]) -> None:
        self.queue.append((where, message))
        while self.queue:
            where, message = self.queue.popleft()
            if where == "front":
                self._front(self.front.from_client(message))
            elif where == "front-agent":
                self._front(self.front.from_agent(0, message))
            elif where == "back":
                self._back(self.back.from_client(message))
            else:
                self._back(self.back.from_agent(0, message))

    def _front(self, outputs: list[Any]) -> None:
        for output in outputs:
            if isinstance(output, ToClient):
                self.to_client.append(output.message)
                answer = self.client_answers(output.message)
                if answer is not None:
                    self.queue.append(("front", answer))
            else:
                assert isinstance(output, ToAgent) and output.agent == 0, output
                self.queue.append(("back", output.message))

    def _back(self, outputs: list[Any]) -> None:
        for output in outputs:
            if isinstance(output, ToClient):
                self.queue.append(("front-agent", output.message))
            else:
                assert isinstance(output, ToAgent) and output.agent == 0, output
                self.to_agent.append(output.message)
                answer = self.agent_answers(output.message)
                if answer is not None:
                    self.queue.append(("back-agent", answer))


def result(id: Any, value: Any) -> dict[str, Any]:
    return {"jsonrpc": "2.0", "id": id, "result": value}


def request(id: Any, method: str, params: Any = None) -> dict[str, Any]:
    message: dict[str, Any] = {"jsonrpc": "2.0", "id": id, "method": method}
    if params is not None:
        message["params"] = params
    return message


# -- legacy → current → legacy --------------------------------------------------------------

texts = st.text(max_size=12)
paths = st.sampled_from(["notes.txt", "src/a.py", "/etc/hosts", f"{CWD}/b.md", "../x"])
locations = st.lists(
    st.fixed_dictionaries({"path": paths}, optional={"line": st.integers(0, 500)}), max_size=2
)
legacy_contents = st.one_of(
    st.builds(lambda t: {"type": "markdown", "markdown": t}, texts),
    st.builds(
        lambda p, o, n: {"type": "diff", "path": p, "oldText": o, "newText": n},
        paths,
        st.none() | texts,
        texts,
    ),
)
descriptions = st.none() | texts
confirmations = st.one_of(
    st.fixed_dictionaries({"type": st.just("edit")}, optional={"description": descriptions}),
    st.fixed_dictionaries(
        {"type": st.just("execute"), "command": texts, "rootCommand": texts},
        optional={"description": descriptions},
    ),
    st.fixed_dictionaries(
        {"type": st.just("mcp"), "serverName": texts, "toolName": texts, "toolDisplayName": texts},
        optional={"description": descriptions},
    ),
    st.fixed_dictionaries(
        {"type": st.just("fetch"), "urls": st.lists(texts, max_size=2)},
        optional={"description": descriptions},
    ),
    st.fixed_dictionaries({"type": st.just("other"), "description": texts}),
)
card_fields = st.fixed_dictionaries(
    {"label": texts, "icon": st.sampled_from(ICONS)},
    optional={"content": legacy_contents, "locations": locations},
)
plan_entries = st.lists(
    st.fixed_dictionaries(
        {
            "content": texts,
            "priority": st.sampled_from(["high", "medium", "low"]),
            "status": st.sampled_from(["pending", "in_progress", "completed"]),
        }
    ),
    max_size=3,
)


@st.composite
def legacy_turns(draw: st.DrawFn) -> list[tuple[str, Any]]:
    """A legacy agent's turn: ``(kind, payload)`` steps; tool ids resolved when it runs.

    Every call gets a final ``finished``/``error`` update (or was rejected), so that the
    upgrade has no unfinished call to close at the end of the turn.
    """
    steps: list[tuple[str, Any]] = []
    open_calls = 0
    for _ in range(draw(st.integers(1, 8))):
        kind = draw(st.sampled_from(["chunk", "thought", "push", "confirm", "update", "plan"]))
        if kind in ("chunk", "thought"):
            steps.append(("chunk", {"text" if kind == "chunk" else "thought": draw(texts)}))
        elif kind == "push":
            steps.append(("push", draw(card_fields)))
            open_calls += 1
        elif kind == "confirm":
            confirmation = draw(confirmations)
            # Not "cancel": a legacy client answers it when the generation is cancelled,
            # and the relay takes it as the start of that cancel (vectors/upgrade/
            # cancel_started_by_permission_answer.json), not as one call's answer.
            offered = ["allow", "alwaysAllow", "reject"]
            if confirmation["type"] == "mcp":
                offered = ["allow", "alwaysAllowMcpServer", "alwaysAllowTool", "reject"]
            outcome = draw(st.sampled_from(offered))
            steps.append(
                ("confirm", ({**draw(card_fields), "confirmation": confirmation}, outcome))
            )
            if outcome != "reject":
                open_calls += 1
        elif kind == "update" and open_calls:
            status = draw(st.sampled_from(["running", "finished", "error"]))
            content = draw(st.none() | legacy_contents)
            steps.append(("update", (draw(st.integers(0, open_calls - 1)), status, content)))
            if status != "running":
                open_calls -= 1
        elif kind == "plan":
            steps.append(("plan", {"entries": draw(plan_entries)}))
    steps.append(("finish", None))
    return steps


def _legacy_chain() -> tuple[Bus, collections.deque[str]]:
    """Legacy client → downgrade → upgrade → legacy agent, initialized, a turn started.

    Returns the bus and the queue of outcomes the legacy client answers confirmations with.
    """
    up = UpgradeTranslator(
        UpgradeOptions(agent_command=["legacy-agent"], launch_cwd=CWD, version="0.0.0-test")
    )
    down = DowngradeTranslator(DowngradeOptions(cwd=CWD, client_info_version="0.0.0-test"))
    bus = Bus(down, up)
    tool_ids = iter(range(1, 1000))
    outcomes: collections.deque[str] = collections.deque()

    def legacy_client(message: dict[str, Any]) -> dict[str, Any] | None:
        method = message.get("method")
        if method in ("pushToolCall",):
            return result(message["id"], {"id": next(tool_ids)})
        if method == "requestToolCallConfirmation":
            return result(message["id"], {"id": next(tool_ids), "outcome": outcomes.popleft()})
        if method is not None:
            return result(message["id"], None)
        return None

    def legacy_agent(message: dict[str, Any]) -> dict[str, Any] | None:
        if message.get("method") == "initialize":
            return result(message["id"], {"protocolVersion": "0.0.9", "isAuthenticated": True})
        return None

    bus.client_answers = legacy_client
    bus.agent_answers = legacy_agent
    bus.send("front", request(0, "initialize", {"protocolVersion": "0.0.10"}))
    assert bus.to_client[-1] == result(0, {"protocolVersion": "0.0.10", "isAuthenticated": True})
    bus.send("front", request(1, "sendUserMessage", {"chunks": [{"text": "go"}]}))
    return bus, outcomes


@settings(max_examples=150, deadline=None)
@given(turn=legacy_turns())
def test_legacy_turn_survives_up_and_down(turn: list[tuple[str, Any]]) -> None:
    bus, outcomes = _legacy_chain()
    agent_inbox = bus.to_agent
    [prompt] = [m for m in agent_inbox if m.get("method") == "sendUserMessage"]
    assert prompt["params"] == {"chunks": [{"text": "go"}]}
    expected: list[tuple[str, Any]] = []  # what the legacy client must receive
    calls: list[int] = []  # tool ids the legacy agent got, for calls still open
    next_id = iter(range(1000))
    before = len(bus.to_client)

    def agent_says(method: str, params: Any) -> dict[str, Any]:
        request_id = next(next_id)
        bus.send("back-agent", request(request_id, method, params))
        [answer] = [m for m in agent_inbox if m.get("id") == request_id and "method" not in m]
        return answer

    for kind, payload in turn:
        if kind == "chunk":
            agent_says("streamAssistantMessageChunk", {"chunk": payload})
            expected.append(("streamAssistantMessageChunk", {"chunk": payload}))
        elif kind == "push":
            answer = agent_says("pushToolCall", payload)
            calls.append(answer["result"]["id"])
            expected.append(("pushToolCall", payload))
        elif kind == "confirm":
            params, outcome = payload
            outcomes.append(outcome)
            answer = agent_says("requestToolCallConfirmation", params)
            tool_id = answer["result"]["id"]
            assert answer["result"] == {"id": tool_id, "outcome": outcome}
            expected.append(("requestToolCallConfirmation", params))
            if outcome == "reject":
                # The upgrade closes a refused call; it comes down as an error update.
                closed = {
                    "toolCallId": tool_id,
                    "status": "error",
                    "content": params.get("content"),
                }
                expected.append(("updateToolCall", closed))
            else:
                # The upgrade reports an allowed call running; it comes down as running.
                running = {
                    "toolCallId": tool_id,
                    "status": "running",
                    "content": params.get("content"),
                }
                expected.append(("updateToolCall", running))
                calls.append(tool_id)
        elif kind == "update":
            index, status, content = payload
            params = {"toolCallId": calls[index], "status": status, "content": content}
            agent_says("updateToolCall", params)
            expected.append(("updateToolCall", params))
            if status != "running":
                calls.pop(index)
        elif kind == "plan":
            agent_says("updatePlan", payload)
            expected.append(("updatePlan", payload))
        else:
            for tool_id in calls:
                params = {"toolCallId": tool_id, "status": "finished", "content": None}
                agent_says("updateToolCall", params)
                expected.append(("updateToolCall", params))
    bus.send("back-agent", result(prompt["id"], None))

    received = bus.to_client[before:]
    assert received[-1] == result(1, None), "the turn must end with the legacy null, last"
    got = [(m["method"], m.get("params")) for m in received[:-1]]
    assert got == expected


# -- current → legacy → current --------------------------------------------------------------

KINDS_LEGACY_CAN_SAY = ["edit", "execute", "think", "search", "other"]
"""Kinds whose legacy icon maps back to the same kind."""
EDIT_OPTIONS = [
    {"optionId": "alwaysAllow", "name": "Always Allow Edits", "kind": "allow_always"},
    {"optionId": "allow", "name": "Allow", "kind": "allow_once"},
    {"optionId": "reject", "name": "Reject", "kind": "reject_once"},
]
current_contents = st.lists(
    st.one_of(
        st.builds(lambda t: {"type": "content", "content": {"type": "text", "text": t}}, texts),
        st.builds(
            lambda p, o, n: {"type": "diff", "path": p, "oldText": o, "newText": n},
            st.sampled_from([f"{CWD}/a.py", "/etc/hosts"]),
            st.none() | texts,
            texts,
        ),
    ),
    max_size=1,
)
current_locations = st.lists(
    st.fixed_dictionaries(
        {"path": st.sampled_from([f"{CWD}/a.py", "/tmp/x"])}, optional={"line": st.integers(1, 99)}
    ),
    max_size=2,
)
current_calls = st.fixed_dictionaries(
    {
        "title": texts,
        "kind": st.sampled_from(KINDS_LEGACY_CAN_SAY),
        "content": current_contents,
    },
    optional={"locations": current_locations},
)


@st.composite
def current_turns(draw: st.DrawFn) -> list[tuple[str, Any]]:
    """A current agent's turn of things legacy can say; every call ends completed/failed."""
    steps: list[tuple[str, Any]] = []
    open_calls: list[str] = []
    for n in range(draw(st.integers(1, 8))):
        kind = draw(st.sampled_from(["chunk", "thought", "call", "permission", "update"]))
        if kind in ("chunk", "thought"):
            steps.append(
                (f"agent_{'message' if kind == 'chunk' else 'thought'}_chunk", draw(texts))
            )
        elif kind == "call":
            steps.append(("call", {"toolCallId": f"c{n}", **draw(current_calls)}))
            open_calls.append(f"c{n}")
        elif kind == "permission":
            fields = {"toolCallId": f"p{n}", **draw(current_calls), "kind": "edit"}
            # Not cancelled: a client answers that when it cancels the turn, and the relay
            # takes it as the start of that cancel (vectors/upgrade/
            # cancel_started_by_permission_answer.json), not as one call's answer.
            choice = draw(st.sampled_from(["alwaysAllow", "allow", "reject"]))
            steps.append(("permission", (fields, choice)))
            if choice in ("alwaysAllow", "allow"):
                open_calls.append(f"p{n}")
        elif kind == "update" and open_calls:
            tool_call_id = draw(st.sampled_from(open_calls))
            status = draw(st.sampled_from(["in_progress", "completed", "failed"]))
            steps.append(("update", (tool_call_id, status, draw(current_contents))))
            if status != "in_progress":
                open_calls.remove(tool_call_id)
    for tool_call_id in open_calls:
        steps.append(("update", (tool_call_id, "completed", [])))
    return steps


def _strip(update: dict[str, Any], ids: dict[str, str]) -> dict[str, Any]:
    """An update with its tool call id mapped to the original's and ``_meta`` left out."""
    update = {k: v for k, v in update.items() if k != "_meta"}
    if "toolCallId" in update:
        update["toolCallId"] = ids.get(update["toolCallId"], update["toolCallId"])
    return update


@settings(max_examples=150, deadline=None)
@given(turn=current_turns())
def test_current_turn_survives_down_and_up(turn: list[tuple[str, Any]]) -> None:
    down = DowngradeTranslator(DowngradeOptions(cwd=CWD, client_info_version="0.0.0-test"))
    up = UpgradeTranslator(
        UpgradeOptions(
            agent_command=["legacy-agent"],
            launch_cwd=CWD,
            version="0.0.0-test",
            new_session_id=lambda: "sess-1",
        )
    )
    bus = Bus(up, down)
    choices: collections.deque[str] = collections.deque()
    agent_ids = iter(range(1000))

    def current_client(message: dict[str, Any]) -> dict[str, Any] | None:
        if message.get("method") == "session/request_permission":
            outcome = {"outcome": "selected", "optionId": choices.popleft()}
            return result(message["id"], {"outcome": outcome})
        return None

    def current_agent(message: dict[str, Any]) -> dict[str, Any] | None:
        method = message.get("method")
        if method == "initialize":
            return result(message["id"], {"protocolVersion": 1})
        if method == "session/new":
            return result(message["id"], {"sessionId": "agent-session"})
        return None

    bus.client_answers = current_client
    bus.agent_answers = current_agent
    bus.send("front", request(0, "initialize", {"protocolVersion": 1}))
    bus.send("front", request(1, "session/new", {"cwd": CWD, "mcpServers": []}))
    assert bus.to_client[-1] == result(1, new_session_result("sess-1", DEFAULT_MODE))
    bus.send(
        "front",
        request(
            2, "session/prompt", {"sessionId": "sess-1", "prompt": [{"type": "text", "text": "go"}]}
        ),
    )
    [prompt] = [m for m in bus.to_agent if m.get("method") == "session/prompt"]
    assert prompt["params"]["prompt"] == [{"type": "text", "text": "go"}]
    before = len(bus.to_client)

    expected: list[dict[str, Any]] = []  # updates and permission toolCalls, in order
    agent_got: list[tuple[Any, Any]] = []

    def notify(update: dict[str, Any]) -> None:
        params = {"sessionId": "agent-session", "update": update}
        bus.send("back-agent", {"jsonrpc": "2.0", "method": "session/update", "params": params})

    for kind, payload in turn:
        if kind.endswith("_chunk"):
            update = {"sessionUpdate": kind, "content": {"type": "text", "text": payload}}
            notify(update)
            expected.append(update)
        elif kind == "call":
            update = {"sessionUpdate": "tool_call", **payload, "status": "in_progress"}
            notify(update)
            expected.append(update)
        elif kind == "permission":
            fields, choice = payload
            pending = {"sessionUpdate": "tool_call", **fields, "status": "pending"}
            notify(pending)
            choices.append(choice)
            request_id = next(agent_ids)
            tool_call = {**fields, "status": "pending"}
            params = {"sessionId": "agent-session", "toolCall": tool_call, "options": EDIT_OPTIONS}
            bus.send("back-agent", request(request_id, "session/request_permission", params))
            expected += [pending, {"permission": tool_call, "options": EDIT_OPTIONS}]
            [answer] = [m for m in bus.to_agent if m.get("id") == request_id and "method" not in m]
            agent_got.append((answer["result"]["outcome"], choice))
            if choice == "reject":
                # The upgrade closes a refused call.
                expected.append(
                    {
                        "sessionUpdate": "tool_call_update",
                        "toolCallId": fields["toolCallId"],
                        "status": "failed",
                    }
                )
            else:
                # The upgrade reports an allowed call running.
                expected.append(
                    {
                        "sessionUpdate": "tool_call_update",
                        "toolCallId": fields["toolCallId"],
                        "status": "in_progress",
                    }
                )
        else:
            tool_call_id, status, content = payload
            update = {
                "sessionUpdate": "tool_call_update",
                "toolCallId": tool_call_id,
                "status": status,
                "content": content,
            }
            notify(update)
            expected.append(update)
    bus.send("back-agent", result(prompt["id"], {"stopReason": "end_turn"}))

    received = bus.to_client[before:]
    assert received[-1] == result(2, {"stopReason": "end_turn"})
    ids: dict[str, str] = {}
    got: list[dict[str, Any]] = []
    originals = iter(
        e.get("toolCallId") or e.get("permission", {}).get("toolCallId") for e in expected
    )
    for message in received[:-1]:
        original_id = next(originals, None)
        if message["method"] == "session/update":
            update = message["params"]["update"]
            if update["sessionUpdate"] in ("tool_call", "tool_call_update") and original_id:
                ids.setdefault(update["toolCallId"], original_id)
            got.append(_strip(update, ids))
        else:
            tool_call = _strip(message["params"]["toolCall"], ids)
            got.append({"permission": tool_call, "options": message["params"]["options"]})
    for item in expected:
        if item.get("status") == "failed" and "content" not in item:
            # The upgrade's closing update carries the call's content: compare without it.
            for other in got:
                if (
                    other.get("sessionUpdate") == "tool_call_update"
                    and other.get("toolCallId") == item["toolCallId"]
                    and other.get("status") == "failed"
                ):
                    other.pop("content", None)
    assert got == expected
    for outcome, choice in agent_got:
        assert outcome == {"outcome": "selected", "optionId": choice}
