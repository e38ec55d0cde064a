"""What ``--trace`` says of the relay's own decisions (``acp_compat.io.trace``), read back
by the trace reader (``acp_compat.trace.records``) as the typed records it documents."""

from __future__ import annotations

import json
from pathlib import Path

from acp_compat.io.trace import Tracer
from acp_compat.trace.records import (
    AgentLost,
    ClientClosed,
    ProbeDiscarded,
    RelayEvent,
    StartupFinished,
    TraceReader,
    TranslationChosen,
)
from acp_compat.translate.probe import Protocol
from acp_compat.translate.startup import Decided, Decision, DiscardProbe, Finish, Translation


def _written(path: Path) -> list[dict[str, object]]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def test_what_startup_decided_is_written_as_documented_and_read_back_typed(
    tmp_path: Path,
) -> None:
    path = tmp_path / "trace.jsonl"
    tracer = Tracer(str(path))
    tracer.startup(DiscardProbe(0, Protocol.CURRENT, "the legacy initialize was answered first"))
    decision = Decision(
        translation=Translation.UPGRADE,
        agent=Protocol.LEGACY,
        client=Protocol.CURRENT,
        process=1,
        how="auto-detected",
    )
    tracer.startup(Decided(decision))
    tracer.event("agent_lost", agent=0, reason="it closed its stdout while still running")
    tracer.client_closed("stdin")
    tracer.startup(Finish(1))
    tracer.close()
    lines = _written(path)
    assert [(line["dir"], line.get("agent"), line["event"]) for line in lines] == [
        (
            "relay",
            0,
            {
                "type": "probe_discarded",
                "protocol": "current",
                "reason": "the legacy initialize was answered first",
            },
        ),
        (
            "relay",
            0,
            {
                "type": "translation",
                "translation": "upgrade",
                "agent_protocol": "legacy",
                "client_protocol": "current",
                "process": 1,
                "how": "auto-detected",
            },
        ),
        (
            "relay",
            0,
            {"type": "agent_lost", "reason": "it closed its stdout while still running"},
        ),
        ("relay", None, {"type": "client_closed", "stream": "stdin"}),
        ("relay", None, {"type": "startup_finished", "status": 1}),
    ]
    reader = TraceReader()
    discarded, chosen, lost, closed, finished = reader.feed(path.read_bytes()) + reader.end()
    assert isinstance(discarded, ProbeDiscarded)
    assert (discarded.agent, discarded.protocol) == (0, "current")
    assert discarded.reason == "the legacy initialize was answered first"
    assert isinstance(chosen, TranslationChosen)
    assert (chosen.agent, chosen.process, chosen.translation) == (0, 1, "upgrade")
    assert (chosen.agent_protocol, chosen.client_protocol) == ("legacy", "current")
    assert chosen.how == "auto-detected"
    assert isinstance(lost, AgentLost) and lost.reason is not None and "stdout" in lost.reason
    assert isinstance(closed, ClientClosed) and closed.stream == "stdin"
    assert isinstance(finished, StartupFinished) and finished.status == 1
    # Still the relay events older readers know: their type is in the event itself.
    assert all(isinstance(item, RelayEvent) for item in (discarded, chosen, lost, closed))
    assert chosen.event["type"] == "translation"
