"""Conformance: suites written outside this project judge the legacy agent behind ``wrap``.

``acplint`` (PyPI, pinned in the ``test`` extra) is a third-party conformance suite for ACP
agents: it starts the agent, speaks to it as a current client and reports PASS, FAIL or
ERROR per check. Here the agent is ``acp-compat wrap`` around the project's legacy 0.0.9
example agent, and the test asserts that no check fails or errs, naming any that does.

acplint 0.1.0 contradicts the ACP v1 schema in a few places. Those checks are excused
below, each with the schema's rule and, where the report alone cannot tell, evidence from
the relay's trace that the cause is acplint's message and not the relay's answer; a FAIL
of the same check for any other reason still fails the test. Besides the report, the test
reads the trace ``wrap`` wrote: every message the relay sent acplint validates against
both pinned v1 schemas, ``trace --check`` finds fault only with acplint's own messages,
and every ``session/list`` answer names exactly the sessions open at that moment.

acplint has no check for embedded context; :func:`test_embedded_context` has the official
SDK clients send an embedded file and a link and checks what reached the legacy agent.

docs/conformance.md has the same suites run by hand against the real gemini-cli 0.1.20.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import uuid
from dataclasses import dataclass
from importlib.metadata import PackageNotFoundError, requires
from importlib.metadata import version as pkg_version
from pathlib import Path
from typing import Any

import pytest

from acp_compat.examples import legacy_agent
from acp_compat.trace.check import check_trace
from acp_compat.trace.records import AGENT_OUT, CLIENT_IN, CLIENT_OUT, Record, TraceReader
from tests.interop.conftest import (
    RUN_MARKER,
    ClientSet,
    V1Client,
    _reap_marked,
    legacy_agent_command,
    require,
    wrap_command,
)
from tests.interop.test_upgrade_interop import HELLO_TEXT, ok, project
from tests.support.schemas import current_errors


def pinned_acplint() -> str:
    """The acplint version the ``test`` extra pins (read from acp-compat's own metadata, so
    that pyproject.toml stays the one place that names it)."""
    for requirement in requires("acp-compat") or ():
        name, _, rest = requirement.partition("==")
        if name.strip() == "acplint":
            return rest.split(";")[0].strip()
    raise AssertionError("pyproject.toml's test extra pins no acplint==VERSION")


CATEGORIES = (
    "initialization",
    "authentication",
    "session_lifecycle",
    "streaming",
    "session_modes",
    "config_options",
    "cancel",
    "stress",
    "schema_validation",
)
"""The acplint categories run here. Left out: ``tool_calls``, ``permissions``,
``file_operations``, ``terminals`` and ``plans``. Each sends one prompt acplint 0.1.0 words
against the schema (see ``PROMPT_WITHOUT_PROMPT``), which never reaches the agent, then
waits 5 to 20 s for tool calls, permission requests or fs calls that cannot come, and
passes whatever it saw: they could only pass, slowly. The official SDK clients of
``test_upgrade_interop.py`` run those turns."""

RUN_TIMEOUT = 90.0
"""Seconds acplint gets for the categories above (they take about 10 s; pytest gives a
test 120)."""


@dataclass(frozen=True)
class Excuse:
    """A check acplint 0.1.0 fails by its own mistake, and how to tell it is that one."""

    why: str
    """The schema's rule that acplint breaks."""
    message: str | None = None
    """Text the FAIL's message must contain to be excused (``None``: the report does not
    say why, the trace does: see :func:`assert_excuses_hold`)."""


VERSION_AS_STRING = Excuse(
    "acplint expects protocolVersion to be the string '1'; the schema's ProtocolVersion "
    "is an integer (uint16), and wrap answers 1",
    message="protocolVersion: Input should be '1' (got 1)",
)
PROMPT_WITHOUT_PROMPT = Excuse(
    "acplint sends session/prompt with its blocks under `content`; the schema's "
    "PromptRequest requires `prompt`, so the prompt is answered -32602 (as an SDK-built "
    "agent answers it) and no turn runs: there is nothing to stream"
)
CONFIG_OPTION_LABEL = Excuse(
    "acplint's SessionConfigOption requires `label`; the schema's has `name` (and no "
    "`label`), which wrap's mode option carries",
    message="configOptions → 0 → label: Field required",
)

EXCUSES: dict[str, Excuse] = {
    "initialize_v1": VERSION_AS_STRING,
    "protocol_version_returned": Excuse(VERSION_AS_STRING.why, "Expected protocolVersion='1'"),
    "schema_initialize": VERSION_AS_STRING,
    "session_update_received": PROMPT_WITHOUT_PROMPT,
    "agent_message_chunk_received": PROMPT_WITHOUT_PROMPT,
    "prompt_stop_reason": PROMPT_WITHOUT_PROMPT,
    "new_session": CONFIG_OPTION_LABEL,
    "schema_session_new": CONFIG_OPTION_LABEL,
}
"""acplint check name → why its FAIL is acplint's mistake (docs/conformance.md lists them)."""


def acplint_problem() -> str | None:
    """Why acplint cannot run (``None`` when the pinned version is installed)."""
    pinned = pinned_acplint()
    try:
        found: str | None = pkg_version("acplint")
    except PackageNotFoundError:
        found = None
    if found != pinned:
        return f"acplint is {found or 'not installed'}, need {pinned} (pip install -e '.[test]')"
    return None


@dataclass(frozen=True)
class LintRun:
    """One acplint run: its report and the trace ``wrap`` wrote meanwhile."""

    results: list[dict[str, Any]]
    """acplint's ``results``: ``{name, category, status, message, ...}`` per check."""
    records: list[Record]
    """The trace's message records, in order."""
    findings: list[dict[str, Any]]
    """What ``trace --check`` found in the trace (``Finding.to_json()`` each)."""
    project: Path

    def sent(self, direction: str) -> list[dict[str, Any]]:
        """The messages of one direction of the editor link, in order."""
        return [r.message for r in self.records if r.direction == direction]

    def exchanges(self, method: str) -> list[tuple[dict[str, Any], dict[str, Any]]]:
        """Every ``method`` request acplint sent, with the relay's answer to it."""
        answers = {m["id"]: m for m in self.sent(CLIENT_OUT) if "method" not in m}
        requests = [m for m in self.sent(CLIENT_IN) if m.get("method") == method and "id" in m]
        missing = [r["id"] for r in requests if r["id"] not in answers]
        assert not missing, f"{method} requests never answered: {missing}"
        return [(r, answers[r["id"]]) for r in requests]


def read_trace(trace: Path) -> list[Record]:
    """The message records of a trace ``wrap`` wrote."""
    reader = TraceReader()
    items = reader.feed(trace.read_bytes()) + reader.end()
    return [item for item in items if isinstance(item, Record)]


def run_acplint(work: Path) -> LintRun:
    """Run acplint over :data:`CATEGORIES` against ``wrap`` around the legacy example."""
    project = work / "project"
    project.mkdir(parents=True)
    (project / legacy_agent.HELLO).write_text("Hello from the conformance test.\n", "utf-8")
    trace = work / "trace.jsonl"
    report = work / "acplint.json"
    agent = [sys.executable, "-m", "acp_compat", "wrap", "--trace", str(trace), "--"]
    agent += legacy_agent_command()
    # acplint splits --agent-args on whitespace: a path with a space would be cut in two.
    spaced = [part for part in agent[1:] if any(c.isspace() for c in part)]
    assert not spaced, f"acplint cannot pass these arguments (they hold spaces): {spaced}"
    argv = [sys.executable, "-m", "acplint.cli", "--agent", agent[0]]
    argv += ["--agent-args", " ".join(agent[1:]), "--cwd", str(project)]
    argv += ["--categories", *CATEGORIES, "--output", "json", "--output-file", str(report)]
    marker = uuid.uuid4().hex
    env = {**os.environ, RUN_MARKER: marker}
    try:
        done = subprocess.run(
            argv,
            capture_output=True,
            text=True,
            env=env,
            cwd=work,
            timeout=RUN_TIMEOUT,
            start_new_session=True,
        )
    finally:
        leftovers = _reap_marked(marker)
    assert not leftovers, f"processes outlived acplint: {leftovers}"
    # Exit status 1 or 2 only says some check failed; the report says which.
    assert report.is_file(), f"acplint wrote no report: exit {done.returncode}\n{done.stderr}"
    results = json.loads(report.read_text("utf-8"))["results"]
    reader = TraceReader()
    items = reader.feed(trace.read_bytes()) + reader.end()
    records = [item for item in items if isinstance(item, Record)]
    findings = [finding.to_json() for finding in check_trace(items)]
    return LintRun(results, records, findings, project.resolve())


def unexcused(results: list[dict[str, Any]]) -> list[str]:
    """Every FAIL or ERROR that no :data:`EXCUSES` entry covers, as ``name: message``."""
    bad = []
    for result in results:
        if result["status"] not in ("FAIL", "ERROR"):
            continue
        excuse = EXCUSES.get(result["name"])
        message = result.get("message") or ""
        excused = (
            result["status"] == "FAIL"
            and excuse is not None
            and (excuse.message is None or excuse.message in message)
        )
        if not excused:
            bad.append(f"{result['status']} {result['category']}/{result['name']}: {message}")
    return bad


def assert_excuses_hold(run: LintRun) -> None:
    """The causes the excuses name are what the trace shows, so no excuse hides the relay."""
    failed = {r["name"] for r in run.results if r["status"] == "FAIL"}
    for request, answer in run.exchanges("initialize"):
        assert request["params"]["protocolVersion"] == "1", request
        assert answer["result"]["protocolVersion"] == 1, answer
    if failed & {name for name, e in EXCUSES.items() if e is PROMPT_WITHOUT_PROMPT}:
        prompts = run.exchanges("session/prompt")
        assert prompts, "a streaming check failed, yet acplint sent no prompt"
        for request, answer in prompts:
            assert "prompt" not in request["params"], f"a well-formed prompt failed: {request}"
            paths = [e["path"] for e in answer["error"]["data"]["errors"]]
            assert answer["error"]["code"] == -32602 and paths == ["params.prompt"], answer


def assert_relay_messages_valid(run: LintRun) -> None:
    """Every message the relay wrote to acplint validates against both pinned v1 schemas,
    and ``trace --check`` finds fault only with messages acplint sent."""
    methods = {m["id"]: m["method"] for m in run.sent(CLIENT_IN) if "method" in m and "id" in m}
    for message in run.sent(CLIENT_OUT):
        method = methods.get(message.get("id")) if "method" not in message else None
        problems = current_errors(message, method)
        assert not problems, f"{json.dumps(message)[:500]}\n" + "\n".join(problems)
    not_acplint = [f for f in run.findings if f["side"] != "editor"]
    assert not not_acplint, "trace --check:\n" + "\n".join(map(json.dumps, not_acplint))


def assert_session_lists_open_sessions(run: LintRun) -> None:
    """Each ``session/list`` answer names the sessions open then, each in the project folder."""
    requests = {m["id"]: m for m in run.sent(CLIENT_IN) if "method" in m and "id" in m}
    open_sessions: set[str] = set()
    lists = 0
    for message in run.sent(CLIENT_OUT):
        request = requests.get(message.get("id"))
        if request is None or "result" not in message:
            continue
        method = request["method"]
        if method == "session/new":
            open_sessions.add(message["result"]["sessionId"])
        elif method == "session/close":
            open_sessions.discard(request["params"]["sessionId"])
        elif method == "session/list":
            lists += 1
            sessions = message["result"]["sessions"]
            assert {s["sessionId"] for s in sessions} == open_sessions, message
            assert {s["cwd"] for s in sessions} == {str(run.project)}, message
    assert lists, "acplint sent no session/list"


@pytest.fixture(scope="module")
def acplint_run(tmp_path_factory: pytest.TempPathFactory) -> LintRun:
    """acplint's run over :data:`CATEGORIES`, once for the tests of this module."""
    problem = acplint_problem()
    require(problem is None, problem or "")
    return run_acplint(tmp_path_factory.mktemp("acplint"))


def test_no_check_fails(acplint_run: LintRun) -> None:
    """acplint finds no mandatory requirement failing, bar its own mistakes (excused with
    evidence), and every category ran."""
    ran = {r["category"] for r in acplint_run.results}
    assert ran >= set(CATEGORIES), f"categories without a result: {set(CATEGORIES) - ran}"
    bad = unexcused(acplint_run.results)
    assert not bad, "acplint checks failing:\n" + "\n".join(bad)
    assert_excuses_hold(acplint_run)


def test_relay_side_of_the_wire(acplint_run: LintRun) -> None:
    """What acplint's run made the relay say is valid ACP v1, and session/list is right."""
    assert_relay_messages_valid(acplint_run)
    assert_session_lists_open_sessions(acplint_run)


def test_mode_switches_it_does_not_offer_are_invalid_params(acplint_run: LintRun) -> None:
    """The session offers modes and the mode option, and acplint's switches to what it does
    not offer (mode ``code``; ``optionId`` where the schema names ``configId``) are answered
    ``-32602`` naming the field, not ``-32601``: the methods exist."""
    for _, answer in acplint_run.exchanges("session/new"):
        result = answer["result"]
        offered = {mode["id"] for mode in result["modes"]["availableModes"]}
        assert result["modes"]["currentModeId"] in offered, result
        assert [option["category"] for option in result["configOptions"]] == ["mode"], result
    switches = [
        ("session/set_mode", "params.modeId"),
        ("session/set_config_option", "params.configId"),
    ]
    for method, field in switches:
        exchanges = acplint_run.exchanges(method)
        assert exchanges, f"acplint sent no {method}"
        for request, answer in exchanges:
            assert answer.get("error", {}).get("code") == -32602, (request, answer)
            paths = [e["path"] for e in answer["error"]["data"]["errors"]]
            assert field in paths, answer


@pytest.mark.parametrize(
    ("result", "counted"),
    [
        ({"status": "PASS", "name": "new_session", "message": None}, False),
        (
            {
                "status": "FAIL",
                "name": "initialize_v1",
                "message": "protocolVersion: Input should be '1' (got 1)",
            },
            False,
        ),
        ({"status": "FAIL", "name": "initialize_v1", "message": "agentCapabilities: bad"}, True),
        ({"status": "ERROR", "name": "prompt_stop_reason", "message": "timed out"}, True),
        ({"status": "FAIL", "name": "list_sessions", "message": "Expected sessions array"}, True),
    ],
    ids=["pass", "excused", "other-cause", "error", "not-excusable"],
)
def test_excuses_are_narrow(result: dict[str, Any], counted: bool) -> None:
    """Only a FAIL of an excused check, for its known cause, goes uncounted."""
    assert bool(unexcused([{"category": "c", **result}])) is counted


def test_embedded_context(v1_clients: ClientSet) -> None:
    """An embedded text resource and a resource link from the official SDK clients reach the
    legacy agent as the legacy wire carries them (behaviour.md: the resource as text naming
    its URI above its fenced content, the link as a ``{path}`` chunk), the relay having
    advertised ``embeddedContext``; every message valid against both schemas."""

    def scenario(client: V1Client, work: Path) -> None:
        cwd = project(work / "project")
        hello = cwd / legacy_agent.HELLO
        args = ["--prompt", "look", "--embed", hello.name, "--link", hello.name]
        run = ok(client.run(wrap_command(legacy_agent_command()), *args, cwds=[cwd]))
        capabilities = run.summary["initialize"]["agentCapabilities"]["promptCapabilities"]
        assert capabilities["embeddedContext"] is True, run.describe()
        assert run.session()["stopReasons"] == ["end_turn"], run.describe()
        (trace,) = work.glob("trace-*.jsonl")
        prompts = [
            record.message["params"]["chunks"]
            for record in read_trace(trace)
            if record.direction == AGENT_OUT and record.message.get("method") == "sendUserMessage"
        ]
        embedded = {"text": f"{hello.as_uri()}\n```\n{HELLO_TEXT}```"}
        assert prompts == [[{"text": "look"}, embedded, {"path": str(hello)}]]

    v1_clients.each(scenario)
