"""Fuzzing both directions of a running ``acp-compat wrap`` (upgrade mode).

Hypothesis writes lines to the relay as a client (arbitrary bytes, arbitrary JSON,
JSON-RPC envelopes with odd ids, members and params, lines nested too deep, numbers out
of range, lines over ``--max-line-bytes``) and, through tests/support/agents/fuzz_agent.py, as a
legacy agent. After every example the invariants are checked:

* the relay is alive and still serves (a sentinel request is answered, in order);
* every request with a valid id got exactly one answer, the agent's as well as the
  client's, and no answer names an id that was never sent;
* stdout carries only JSON-RPC lines, and every message to the client validates against
  the current schema.

Bounded for CI: a fixed number of examples, derandomized (the same inputs every run),
one relay per test.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import threading
from collections.abc import Iterator
from pathlib import Path
from queue import Empty, Queue
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.support.agents.harness import PYTHON, agent_command, reap, start_faulty
from tests.support.schemas import current_errors

pytestmark = pytest.mark.timeout(300)

LIMIT = 4096
"""The relay's --max-line-bytes here, so over-limit lines stay cheap."""

FUZZ = settings(
    max_examples=60,
    derandomize=True,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)

# -- what to send -------------------------------------------------------------------------

_text = st.text(alphabet=st.sampled_from('ab"\\{}[]:,é\x00\ud800 '), max_size=8)
_json = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(min_value=-(2**70), max_value=2**70)
    | st.floats(allow_nan=False, allow_infinity=False)
    | _text,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(_text, inner, max_size=3),
    max_leaves=10,
)
_bad_ids = st.sampled_from(["{}", "[1]", "true", "false", "1e400", "-1e400", "NaN", "Infinity"])


@st.composite
def _envelope_line(draw: Any, methods: list[str], tag: str) -> tuple[bytes, str | None]:
    """A JSON-RPC-like line and the string id of the request it is (``None``: no request
    needing an answer): members in any order, odd extras, odd params."""
    shape = draw(st.sampled_from(["request", "notification", "response", "error", "badid"]))
    members: list[tuple[str, str]] = []
    request_id = None
    if draw(st.booleans()):
        members.append(("jsonrpc", '"2.0"'))
    if shape in ("request", "notification", "badid"):
        members.append(("method", json.dumps(draw(st.sampled_from(methods)))))
        if draw(st.booleans()):
            members.append(("params", json.dumps(draw(_json))))
    if shape == "request":
        request_id = f"{tag}{draw(st.integers(min_value=0, max_value=10**9))}"
        members.append(("id", json.dumps(request_id)))
    elif shape == "badid":
        members.append(("id", draw(_bad_ids)))
    elif shape == "response":
        members.append(("id", json.dumps(f"nobody-{draw(st.integers(0, 99))}")))
        members.append(("result", json.dumps(draw(_json))))
    elif shape == "error":
        members.append(("id", json.dumps(f"nobody-{draw(st.integers(0, 99))}")))
        members.append(("error", json.dumps(draw(_json))))
    extra = draw(st.sampled_from(["", "deep", "huge", "nonfinite", "broken"]))
    if extra == "deep":
        depth = draw(st.sampled_from([129, 970, 3000]))
        members.append(("x", "[" * depth + "]" * depth))
    elif extra == "huge":
        members.append(("x", json.dumps("y" * (LIMIT + draw(st.integers(1, 3000))))))
    elif extra == "nonfinite":
        members.append(("x", draw(st.sampled_from(["1e400", "NaN", "[-Infinity]"]))))
    elif extra == "broken":
        members.append(("x", "[tru, }"))
    order = draw(st.permutations(members))
    line = "{" + ",".join(f"{json.dumps(k)}:{v}" for k, v in order) + "}"
    return line.encode("utf-8", "surrogatepass"), request_id


@st.composite
def _line(draw: Any, methods: list[str], tag: str) -> tuple[bytes, str | None]:
    kind = draw(st.sampled_from(["envelope", "envelope", "envelope", "bytes", "json"]))
    if kind == "bytes":
        raw = draw(st.binary(max_size=60)).replace(b"\n", b" ")
        return raw, None
    if kind == "json":
        value = draw(_json)
        # Random JSON is never a request (its keys are short nonsense), at most noise.
        return json.dumps(value).encode("utf-8", "surrogatepass"), None
    line: tuple[bytes, str | None] = draw(_envelope_line(methods, tag))
    return line


CLIENT_METHODS = [
    "initialize",
    "authenticate",
    "session/new",
    "session/prompt",
    "session/cancel",
    "session/close",
    "session/load",
    "session/set_mode",
    "$/cancel_request",
    "x/unknown",
]
AGENT_METHODS = [
    "streamAssistantMessageChunk",
    "pushToolCall",
    "updateToolCall",
    "requestToolCallConfirmation",
    "updatePlan",
    "readTextFile",
    "writeTextFile",
    "initialize",
    "x/unknown",
]

# -- the relay ----------------------------------------------------------------------------


class Relay:
    """``wrap`` around the fuzz agent; stdout read by a thread, checked line by line."""

    def __init__(self, cwd: Path) -> None:
        self.proc = subprocess.Popen(
            [
                *(PYTHON, "-m", "acp_compat", "wrap", "-q", "--grace", "0.5"),
                *("--max-line-bytes", str(LIMIT), "--", *agent_command("fuzz_agent")),
            ],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            cwd=str(cwd),
            start_new_session=True,
        )
        self.cwd = cwd
        self.messages: Queue[dict[str, Any] | None] = Queue()
        self.problems: list[str] = []
        self.methods: dict[Any, str] = {}
        self._next = 0
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        assert self.proc.stdout is not None
        for line in self.proc.stdout:
            try:
                message = json.loads(line)
            except ValueError:
                self.problems.append(f"stdout line that is not JSON: {line[:200]!r}")
                continue
            if not isinstance(message, dict) or message.get("jsonrpc") != "2.0":
                self.problems.append(f"stdout line that is not JSON-RPC: {line[:200]!r}")
                continue
            self.messages.put(message)
        self.messages.put(None)

    def write(self, data: bytes) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.write(data)
        self.proc.stdin.flush()

    def request(self, method: str, params: Any) -> str:
        self._next += 1
        request_id = f"t{self._next}"
        self.methods[request_id] = method
        message = {"jsonrpc": "2.0", "id": request_id, "method": method, "params": params}
        self.write(json.dumps(message).encode() + b"\n")
        return request_id

    def collect(self, until: str, timeout: float = 30.0) -> list[dict[str, Any]]:
        """Messages up to the answer to request ``until``; serves the relay's requests
        (permissions cancelled, fs refused) and checks every message's schema."""
        seen: list[dict[str, Any]] = []
        while True:
            try:
                message = self.messages.get(timeout=timeout)
            except Empty:
                raise AssertionError(f"no answer to {until} within {timeout} s") from None
            if message is None:
                raise AssertionError("the relay closed its stdout")
            seen.append(message)
            method = message.get("method")
            if method is None:
                answered = self.methods.get(message.get("id"))
                problems = current_errors(message, answered) if answered else []
            else:
                problems = current_errors(message, method)
            self.problems += [f"{problem}: {message!r:.300}" for problem in problems]
            if method == "session/request_permission":
                self.answer(message["id"], {"outcome": {"outcome": "cancelled"}})
            elif method is not None and "id" in message:
                self.answer_error(message["id"])
            if method is None and message.get("id") == until:
                return seen

    def answer(self, request_id: Any, result: Any) -> None:
        self.write(
            json.dumps({"jsonrpc": "2.0", "id": request_id, "result": result}).encode() + b"\n"
        )

    def answer_error(self, request_id: Any) -> None:
        error = {"code": -32603, "message": "refused by the fuzz client"}
        self.write(
            json.dumps({"jsonrpc": "2.0", "id": request_id, "error": error}).encode() + b"\n"
        )

    def close(self) -> int:
        assert self.proc.stdin is not None
        try:
            self.proc.stdin.close()
            return self.proc.wait(20)
        finally:
            if self.proc.poll() is None:
                os.killpg(self.proc.pid, signal.SIGKILL)
            self.proc.wait()


@pytest.fixture(scope="module")
def relay(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Relay]:
    """One relay for all examples of a test module, initialized with a session."""
    cwd = tmp_path_factory.mktemp("fuzz")
    relay = Relay(cwd)
    try:
        capabilities = {"fs": {"readTextFile": True, "writeTextFile": True}}
        init = relay.request(
            "initialize", {"protocolVersion": 1, "clientCapabilities": capabilities}
        )
        relay.collect(init)
        new = relay.request("session/new", {"cwd": str(cwd), "mcpServers": []})
        relay.session = relay.collect(new)[-1]["result"]["sessionId"]  # type: ignore[attr-defined]
        yield relay
        assert relay.close() == 0
    finally:
        if relay.proc.poll() is None:
            os.killpg(relay.proc.pid, signal.SIGKILL)
            relay.proc.wait()


def _answers(messages: list[dict[str, Any]]) -> dict[Any, int]:
    counts: dict[Any, int] = {}
    for message in messages:
        if "method" not in message:
            counts[message.get("id")] = counts.get(message.get("id"), 0) + 1
    return counts


@FUZZ
@given(lines=st.lists(_line(CLIENT_METHODS, "c"), min_size=1, max_size=8))
def test_client_lines_never_break_the_relay(
    relay: Relay, lines: list[tuple[bytes, str | None]]
) -> None:
    # A session/prompt the fuzz sends to a real session would run an agent turn; it gets
    # its answer like any request. Requests are tracked by their (unique) string ids.
    expected = {request_id for _, request_id in lines if request_id is not None}
    ids = iter(range(10**6))
    for raw, request_id in lines:
        if request_id is not None:  # make the id unique across examples
            unique = f"c{next(ids)}-{relay._next}"
            raw = raw.replace(json.dumps(request_id).encode(), json.dumps(unique).encode(), 1)
            expected.discard(request_id)
            expected.add(unique)
            relay.methods[unique] = "?"
        relay.write(raw + b"\n")
    sentinel = relay.request("x/sentinel", {})
    seen = relay.collect(sentinel)
    # Prompts may still run: wait for the answers of everything sent.
    counts = _answers(seen)
    missing = [i for i in expected if i not in counts]
    while missing:
        seen += relay.collect(missing[0])
        counts = _answers(seen)
        missing = [i for i in expected if i not in counts]
    assert not relay.problems, relay.problems
    for request_id in expected:
        assert counts.get(request_id) == 1, (request_id, counts)
    strays = [i for i in counts if i is not None and i not in relay.methods]
    assert not strays, f"answers to ids never sent: {strays}"


@FUZZ
@given(lines=st.lists(_line(AGENT_METHODS, "a"), min_size=1, max_size=8))
def test_agent_lines_never_break_the_relay(
    relay: Relay, lines: list[tuple[bytes, str | None]]
) -> None:
    expected = sorted({request_id for _, request_id in lines if request_id is not None})
    task = {"lines": [raw.hex() for raw, _ in lines], "expect": expected}
    encoded = json.dumps(task).encode().hex()
    session = relay.session  # type: ignore[attr-defined]
    prompt = relay.request(
        "session/prompt",
        {"sessionId": session, "prompt": [{"type": "text", "text": f"fuzz {encoded}"}]},
    )
    seen = relay.collect(prompt)
    assert "result" in seen[-1] or "error" in seen[-1]
    assert not relay.problems, relay.problems
    reports = [
        m["params"]["update"]["content"]["text"]
        for m in seen
        if m.get("method") == "session/update"
        and m["params"]["update"].get("sessionUpdate") == "agent_message_chunk"
    ]
    if "error" in seen[-1]:
        # The turn failed (say, the fuzz settled the prompt's own request with an error):
        # the relay answered the prompt, which is what matters; the session goes on.
        return
    assert reports, seen
    counts = json.loads(reports[-1])
    assert {i: counts.get(i) for i in expected} == {i: 1 for i in expected}
    assert all(value == 1 for value in counts.values()), counts


# -- start-up faults ------------------------------------------------------------------------

STARTS = settings(max_examples=12, derandomize=True, deadline=None)


@STARTS
@given(
    closed=st.sets(st.sampled_from([0, 1, 2])),
    delete_cwd=st.booleans(),
    options=st.sampled_from([[], ["-vv"], ["--agent-protocol", "legacy"]]),
    lines=st.lists(_line(CLIENT_METHODS, "c"), max_size=3),
)
def test_a_faulty_start_never_breaks_the_rules(
    tmp_path_factory: pytest.TempPathFactory,
    closed: set[int],
    delete_cwd: bool,
    options: list[str],
    lines: list[tuple[bytes, str | None]],
) -> None:
    """Closed standard descriptors and a deleted working directory, with any first lines:
    ``wrap`` ends once its input does (exit 0), writes only JSON-RPC to stdout, and
    answers the editor's ``initialize`` once whenever it can hear and be heard."""
    cwd = tmp_path_factory.mktemp("start")
    proc = start_faulty(
        [*options, "--grace", "0.5"],
        agent_command("legacy_agent"),
        cwd=cwd,
        closed=tuple(sorted(closed)),
        delete_cwd=delete_cwd,
    )
    initialize = {
        "jsonrpc": "2.0",
        "id": "init",
        "method": "initialize",
        "params": {"protocolVersion": 1, "clientCapabilities": {}},
    }
    data = json.dumps(initialize).encode() + b"\n" + b"".join(raw + b"\n" for raw, _ in lines)
    try:
        try:
            out, _ = proc.communicate(data, timeout=60)
        except BrokenPipeError:  # stdin closed at start: it read nothing
            out, _ = proc.communicate(timeout=60)
        assert proc.returncode == 0
        messages = [json.loads(line) for line in out.splitlines()]
        assert all(isinstance(m, dict) and m.get("jsonrpc") == "2.0" for m in messages), out
        answers = [m for m in messages if m.get("id") == "init" and "method" not in m]
        heard = not closed & {0, 1}
        assert len(answers) == (1 if heard else 0), messages
    finally:
        reap(proc)
