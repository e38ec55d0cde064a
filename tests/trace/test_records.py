"""The trace reader's records (``acp_compat.trace.records``): the relay's decisions read
into their own types, leniently, and traces written before them read as before."""

from __future__ import annotations

import json
from typing import Any

from acp_compat.trace.records import (
    BadLine,
    ClientClosed,
    ProbeDiscarded,
    Record,
    RelayEvent,
    StartupFinished,
    TranslationChosen,
    parse_record,
)


def _parse(entry: dict[str, Any]) -> object:
    return parse_record(1, json.dumps(entry).encode())


def test_a_translation_record_is_typed() -> None:
    event = {
        "type": "translation",
        "translation": "downgrade",
        "agent_protocol": "current",
        "client_protocol": "legacy",
        "process": 2,
        "how": "auto-detected",
    }
    item = _parse({"t": 1.5, "dir": "relay", "agent": 0, "event": event})
    assert item == TranslationChosen(
        line=1,
        t=1.5,
        event=event,
        agent=0,
        translation="downgrade",
        agent_protocol="current",
        client_protocol="legacy",
        process=2,
        how="auto-detected",
    )


def test_members_of_the_wrong_type_read_as_unknown() -> None:
    item = _parse(
        {
            "dir": "relay",
            "agent": 1,
            "event": {"type": "probe_discarded", "protocol": 7, "reason": ["x"]},
        }
    )
    assert isinstance(item, ProbeDiscarded)
    assert (item.agent, item.protocol, item.reason) == (1, None, None)
    finished = _parse({"dir": "relay", "event": {"type": "startup_finished", "status": True}})
    assert isinstance(finished, StartupFinished) and finished.status is None
    closed = _parse({"dir": "relay", "event": {"type": "client_closed"}})
    assert isinstance(closed, ClientClosed) and closed.stream is None


def test_a_time_no_float_can_hold_reads_as_unknown() -> None:
    """A ``t`` that is an integer past a float's range (JSON has no limit) is a time
    unknown, as a ``t`` of another type is, not an OverflowError that ends every view."""
    message = {"jsonrpc": "2.0", "method": "session/cancel", "params": {"sessionId": "s"}}
    for t in (10**400, -(10**400)):
        item = _parse({"t": t, "dir": "client->relay", "msg": message})
        assert isinstance(item, Record) and item.t is None
    event = _parse({"t": 10**400, "dir": "relay", "event": {"type": "client_closed"}})
    assert isinstance(event, ClientClosed) and event.t is None
    exact = _parse({"t": 2**53, "dir": "client->relay", "msg": message})
    assert isinstance(exact, Record) and exact.t == 2.0**53


def test_older_traces_read_as_before() -> None:
    """Records from before these types existed: an exit stays a plain relay event, a
    message a record, a line that is neither a bad line."""
    exited = _parse(
        {"dir": "relay", "agent": 0, "event": {"type": "agent_exited", "returncode": 3}}
    )
    assert type(exited) is RelayEvent and exited.event["returncode"] == 3
    message = _parse({"dir": "agent->relay", "agent": 0, "msg": {"jsonrpc": "2.0", "id": 0}})
    assert isinstance(message, Record) and message.agent == 0
    later = _parse({"dir": "relay", "event": {"type": "from_a_later_version", "x": 1}})
    assert type(later) is RelayEvent
    assert isinstance(_parse({"dir": "relay", "event": {"kind": "no type"}}), BadLine)
