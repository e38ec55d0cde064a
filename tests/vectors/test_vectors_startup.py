"""Replay every ``"kind": "startup"`` vector under ``vectors/`` through the startup policy.

Each step is fed to a :class:`~acp_compat.translate.startup.StartupPolicy` configured from
the file's ``options``; what it returns is converted to the JSON form of
``vectors/README.md`` and compared exactly (as JSON text with sorted keys).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from acp_compat.translate.base import StartAgent, ToAgent, ToClient
from acp_compat.translate.settings import DEFAULT_PROBE_TIMEOUT, WrapSettings
from acp_compat.translate.startup import (
    ArmTimer,
    Decided,
    DiscardProbe,
    Finish,
    StartupOutput,
    StartupPolicy,
)
from tests.support.paths import VECTORS

FILES = sorted(
    path
    for path in VECTORS.rglob("*.json")
    if json.loads(path.read_text(encoding="utf-8")).get("kind") == "startup"
)


def options_from(obj: dict[str, Any]) -> WrapSettings:
    """A vector's ``options``: ``agentCommand``, ``agentProtocol`` (``auto``),
    ``probeTimeout`` (wrap's default), ``version`` (``0.0.0-test``), ``clientFs`` (false)."""
    return WrapSettings(
        command=tuple(obj["agentCommand"]),
        agent_protocol=obj.get("agentProtocol", "auto"),
        probe_timeout=float(obj.get("probeTimeout", DEFAULT_PROBE_TIMEOUT)),
        version=obj.get("version", "0.0.0-test"),
        client_fs=bool(obj.get("clientFs", False)),
    )


def output_json(output: StartupOutput) -> dict[str, Any]:
    """One policy output in the vector format."""
    if isinstance(output, ToClient):
        return {"to": "client", "message": output.message}
    if isinstance(output, ToAgent):
        return {"to": "agent", "agent": output.agent, "message": output.message}
    if isinstance(output, StartAgent):
        return {"effect": "startAgent", "agent": output.agent, "cwd": output.cwd}
    if isinstance(output, DiscardProbe):
        return {
            "effect": "discardProbe",
            "agent": output.agent,
            "protocol": output.protocol.value,
            "reason": output.reason,
        }
    if isinstance(output, ArmTimer):
        return {"effect": "armTimer", "token": output.token, "seconds": output.seconds}
    if isinstance(output, Finish):
        return {"effect": "finish", "status": output.status}
    if isinstance(output, Decided):
        decision = output.decision
        exit_ = decision.agent_exit
        return {
            "effect": "decide",
            "translation": decision.translation.value,
            "agentProtocol": decision.agent.value,
            "clientProtocol": decision.client.value,
            "agent": decision.process,
            "how": decision.how,
            "agent0Initialized": decision.agent0_initialized,
            "agent0NextId": decision.agent0_next_id,
            "clientMessages": list(decision.client_messages),
            "agentMessages": list(decision.agent_messages),
            "agentExit": None
            if exit_ is None
            else {"returncode": exit_.returncode, "stderrTail": exit_.stderr_tail},
        }
    raise AssertionError(f"unknown output {output!r}")


def feed(policy: StartupPolicy, step: dict[str, Any]) -> list[StartupOutput]:
    """Give one step's input to the policy."""
    event = step.get("event")
    if step.get("from") == "client":
        return policy.from_client(step["message"])
    if step.get("from") == "agent":
        return policy.from_agent(step["agent"], step["message"])
    if event == "start":
        return policy.start()
    if event == "agentExited":
        return policy.agent_exited(step["agent"], step["returncode"], step["stderrTail"])
    if event == "agentStartFailed":
        return policy.agent_start_failed(step["agent"], step["reason"])
    if event == "timerFired":
        return policy.timer_fired(step["token"])
    if event == "clientClosed":
        return policy.client_closed()
    if event == "stopped":
        return policy.stopped(step["status"])
    raise AssertionError(f"unknown step {step!r}")


def _canonical(value: Any) -> str:
    return json.dumps(value, sort_keys=True, ensure_ascii=False)


@pytest.mark.parametrize("path", FILES, ids=[str(p.relative_to(VECTORS)) for p in FILES])
def test_startup_vector(path: Path) -> None:
    doc = json.loads(path.read_text(encoding="utf-8"))
    assert set(doc) == {"kind", "description", "options", "steps"}
    policy = StartupPolicy(options_from(doc["options"]))
    problems = []
    for index, step in enumerate(doc["steps"]):
        actual = [output_json(output) for output in feed(policy, step)]
        if _canonical(actual) != _canonical(step["expect"]):
            problems.append(
                f"steps[{index}]: expected\n    {_canonical(step['expect'])}\n"
                f"  got\n    {_canonical(actual)}"
            )
    assert not problems, f"{path.relative_to(VECTORS)}:\n" + "\n".join(problems)


def test_startup_vectors_cover_the_five_agents() -> None:
    """Legacy, current, second-probe, silent and missing agents are all pinned."""
    names = {path.stem for path in FILES}
    assert {
        "legacy_agent_current_client",
        "current_agent_current_client",
        "second_probe_silent_legacy",
        "silent_agent",
        "missing_command",
    } <= names
