"""Replay every ``"kind": "conversation"`` vector under ``vectors/`` through its translator.

Each step is fed to the translator named by the file (``upgrade`` or ``downgrade``), and
what leaves is converted to the JSON form of ``vectors/README.md`` and compared exactly
(as JSON text with sorted keys, so ``1``, ``1.0`` and ``true`` stay distinct). Every message
the translator sends is also validated against its side's official schema, paired with
its request by id on the same hop.

Each conversation runs once per JSON path (orjson and the standard library): every message
crosses the wire as the relay would carry it (decoded from a line on the way in, encoded
on the way out), and every line written must read back as the value the standard
library's line holds.
"""

from __future__ import annotations

import importlib
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from acp_compat.jsonrpc.framing import decode, encode
from acp_compat.translate.base import (
    AwaitClientDrain,
    Output,
    ReadLocalFile,
    StartAgent,
    StopAgent,
    ToAgent,
    ToClient,
    WriteLocalFile,
)
from tests.support.paths import VECTORS
from tests.support.vector_sides import protocol_errors, sides

TRANSLATORS: dict[str, tuple[str, str, str]] = {
    "upgrade": ("acp_compat.translate.upgrade", "UpgradeTranslator", "UpgradeOptions"),
    "downgrade": ("acp_compat.translate.downgrade", "DowngradeTranslator", "DowngradeOptions"),
    "v2-upgrade": ("acp_compat.translate.v2", "V2UpgradeTranslator", "V2UpgradeOptions"),
    "v2-downgrade": ("acp_compat.translate.v2", "V2DowngradeTranslator", "V2DowngradeOptions"),
}


def _conversation_files() -> list[Path]:
    files = []
    for path in sorted(VECTORS.rglob("*.json")):
        if "schemas" in path.relative_to(VECTORS).parts:
            continue
        doc = json.loads(path.read_text(encoding="utf-8"))
        if isinstance(doc, dict) and doc.get("kind") == "conversation":
            files.append(path)
    return files


FILES = _conversation_files()


def output_json(output: Output) -> dict[str, Any]:
    """One translator output in the vector format."""
    if isinstance(output, ToClient):
        return {"to": "client", "message": output.message}
    if isinstance(output, ToAgent):
        return {"to": "agent", "agent": output.agent, "message": output.message}
    if isinstance(output, StartAgent):
        return {"effect": "startAgent", "agent": output.agent, "cwd": output.cwd}
    if isinstance(output, StopAgent):
        return {"effect": "stopAgent", "agent": output.agent}
    if isinstance(output, ReadLocalFile):
        return {
            "effect": "readLocalFile",
            "token": output.token,
            "path": output.path,
            "line": output.line,
            "limit": output.limit,
        }
    if isinstance(output, WriteLocalFile):
        return {
            "effect": "writeLocalFile",
            "token": output.token,
            "path": output.path,
            "content": output.content,
        }
    if isinstance(output, AwaitClientDrain):
        return {"effect": "awaitClientDrain"}
    raise AssertionError(f"unknown output {output!r}")


def make_translator(doc: dict[str, Any]) -> Any:
    """The translator a vector names, configured from its ``options``; a list of names is
    a :class:`~acp_compat.translate.chain.Chain` of them, the agent's side first, each
    configured from the same options.

    Imported lazily: a translator that does not exist yet fails only its own files.
    """
    names = doc["translator"]
    links = [
        _link(name, doc.get("options", {}))
        for name in ([names] if isinstance(names, str) else names)
    ]
    if isinstance(names, str):
        return links[0]
    from acp_compat.translate.chain import Chain

    return Chain(links)


def _link(name: str, options_json: dict[str, Any]) -> Any:
    module_name, translator_name, options_name = TRANSLATORS[name]
    module = importlib.import_module(module_name)
    options = getattr(module, options_name).from_json(options_json)
    return getattr(module, translator_name)(options)


def feed(translator: Any, step: dict[str, Any]) -> list[Output]:
    """Give one step's input to the translator."""
    if step.get("from") == "client":
        outputs: list[Output] = translator.from_client(step["message"])
    elif step.get("from") == "agent":
        outputs = translator.from_agent(step["agent"], step["message"])
    elif step.get("event") == "agentExited":
        outputs = translator.agent_exited(step["agent"], step["returncode"], step["stderrTail"])
    elif step.get("event") == "agentLost":
        outputs = translator.agent_lost(step["agent"], step["reason"])
    elif step.get("event") == "agentStartFailed":
        outputs = translator.agent_start_failed(step["agent"], step["reason"])
    elif step.get("event") == "fileDone":
        outputs = translator.file_done(step["token"], step.get("content"), step.get("error"))
    elif step.get("event") == "clientDrained":
        outputs = translator.client_drained()
    else:
        raise AssertionError(f"unknown step {step!r}")
    return outputs


def stdlib_line(message: Any) -> bytes:
    """The reference line for a message: compact ``json.dumps``, lone surrogates escaped."""
    try:
        text = json.dumps(message, ensure_ascii=False, separators=(",", ":"), allow_nan=False)
        return text.encode("utf-8") + b"\n"
    except UnicodeEncodeError:
        return json.dumps(message, separators=(",", ":"), allow_nan=False).encode() + b"\n"


def over_the_wire(step: dict[str, Any]) -> dict[str, Any]:
    """The step with its message as the relay would hand it over: decoded from a line."""
    if "message" not in step:
        return step
    return {**step, "message": decode(stdlib_line(step["message"])[:-1])}


def _canonical(value: Any) -> str:
    return json.dumps(value, sort_keys=True, ensure_ascii=False)


class _Pairing:
    """Method names of requests in flight per hop and direction, to check responses."""

    def __init__(self) -> None:
        self._pending: dict[tuple[str, str, str], str] = {}

    def method_for(self, hop: str, direction: str, message: dict[str, Any]) -> str | None:
        key_id = _canonical(message.get("id"))
        if isinstance(message.get("method"), str):
            if "id" in message:
                self._pending[(hop, direction, key_id)] = message["method"]
            return str(message["method"])
        opposite = "out" if direction == "in" else "in"
        return self._pending.pop((hop, opposite, key_id), None)


def _validator(doc: dict[str, Any], hop: str) -> Callable[[dict[str, Any], str | None], list[str]]:
    client, agent = sides(doc["translator"])
    protocol = client if hop == "client" else agent
    return lambda message, method: protocol_errors(protocol, message, method)


def replay(doc: dict[str, Any]) -> list[str]:
    """Run a conversation; the list of mismatches and schema problems (empty: it passed)."""
    translator = make_translator(doc)
    pairing = _Pairing()
    problems: list[str] = []
    for index, step in enumerate(doc["steps"]):
        if "from" in step:
            hop = "client" if step["from"] == "client" else f"agent{step['agent']}"
            pairing.method_for(hop, "in", step["message"])
        outputs = feed(translator, over_the_wire(step))
        for number, output in enumerate(outputs):
            if isinstance(output, ToClient | ToAgent):
                line = encode(output.message)
                if _canonical(json.loads(line)) != _canonical(
                    json.loads(stdlib_line(output.message))
                ):
                    problems.append(f"steps[{index}] output {number} written as {line!r}")
        actual = [output_json(output) for output in outputs]
        if _canonical(actual) != _canonical(step["expect"]):
            problems.append(
                f"steps[{index}]: expected\n    {_canonical(step['expect'])}\n"
                f"  got\n    {_canonical(actual)}"
            )
        for number, sent in enumerate(actual):
            if "to" not in sent:
                continue
            hop = "client" if sent["to"] == "client" else f"agent{sent['agent']}"
            method = pairing.method_for(hop, "out", sent["message"])
            for problem in _validator(doc, hop)(sent["message"], method):
                problems.append(f"steps[{index}] output {number} ({method}): {problem}")
    return problems


@pytest.mark.parametrize("path", FILES, ids=[str(p.relative_to(VECTORS)) for p in FILES])
def test_conversation(path: Path, json_backend: str) -> None:
    doc = json.loads(path.read_text(encoding="utf-8"))
    problems = replay(doc)
    assert not problems, f"{path.relative_to(VECTORS)}:\n" + "\n".join(problems)


def test_upgrade_vectors_exist() -> None:
    """The upgrade translator's contract is pinned by vectors (guards against a lost glob)."""
    upgrade = [p for p in FILES if p.parent.name == "upgrade"]
    assert len(upgrade) >= 20
