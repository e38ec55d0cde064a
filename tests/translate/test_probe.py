"""The sans-IO protocol detection helpers (acp_compat.translate.probe)."""

from __future__ import annotations

import json

import jsonschema
import pytest

from acp_compat.translate.probe import (
    Protocol,
    agent_protocol,
    as_current_initialize,
    client_protocol,
    probe_request,
    refused_for,
)
from tests.support.paths import VECTORS

SCHEMAS = VECTORS / "schemas"


def _initialize(params: object) -> dict[str, object]:
    message: dict[str, object] = {"jsonrpc": "2.0", "id": 0, "method": "initialize"}
    if params is not None:
        message["params"] = params
    return message


@pytest.mark.parametrize(
    ("params", "expected"),
    [
        ({"protocolVersion": 1, "clientCapabilities": {}}, Protocol.CURRENT),
        ({"protocolVersion": 2}, Protocol.V2),
        ({"protocolVersion": "2"}, Protocol.V2),
        # A newer version than acp-compat knows: negotiation settles on v2, its newest.
        ({"protocolVersion": 3}, Protocol.V2),
        ({"protocolVersion": 0}, Protocol.CURRENT),
        ({"protocolVersion": "0.0.9"}, Protocol.LEGACY),
        ({"protocolVersion": "0.0.10"}, Protocol.LEGACY),
        ({"protocolVersion": "0.0.123"}, Protocol.LEGACY),
        ({"protocolVersion": "1"}, Protocol.CURRENT),
        ({"protocolVersion": "0.0"}, Protocol.CURRENT),
        ({"protocolVersion": "0.0.9 "}, Protocol.CURRENT),
        ({}, Protocol.CURRENT),
        (None, Protocol.CURRENT),
        ({"protocolVersion": None}, Protocol.CURRENT),
        ({"protocolVersion": True}, Protocol.CURRENT),
        ({"protocolVersion": 1.5}, Protocol.CURRENT),
        # Beyond the schema's uint16 is no version: read as 1, as the initialize is.
        ({"protocolVersion": 70000}, Protocol.CURRENT),
        ({"protocolVersion": "70000"}, Protocol.CURRENT),
        ({"protocolVersion": "9" * 5000}, Protocol.CURRENT),
        ({"protocolVersion": 65535}, Protocol.V2),
    ],
)
def test_client_protocol(params: object, expected: Protocol) -> None:
    assert client_protocol(_initialize(params)) is expected


@pytest.mark.parametrize(
    ("params", "version"),
    [
        ({"protocolVersion": "1"}, 1),
        ({"protocolVersion": "2"}, 2),
        ({}, 1),
        (None, 1),
        ({"protocolVersion": None}, 1),
        ({"protocolVersion": "one"}, 1),
        ({"protocolVersion": 1.5}, 1),
        # The schema's ProtocolVersion is a uint16: beyond it is no version it allows.
        ({"protocolVersion": "65535"}, 65535),
        ({"protocolVersion": "65536"}, 1),
        ({"protocolVersion": "99999999999999999999"}, 1),
        ({"protocolVersion": "9" * 5000}, 1),  # past Python's own limit for int()
        ({"protocolVersion": "00001"}, 1),
        ({"protocolVersion": 65536}, 1),
        ({"protocolVersion": -1}, 1),
    ],
)
def test_current_initialize_gets_an_integer_version(params: object, version: int) -> None:
    message = _initialize(params)
    if isinstance(params, dict):
        params["clientCapabilities"] = {"terminal": True}
    read = as_current_initialize(message)
    assert read["params"]["protocolVersion"] == version
    assert read["id"] == 0
    if isinstance(params, dict):
        assert read["params"]["clientCapabilities"] == {"terminal": True}
        assert params.get("protocolVersion") != version  # the client's message is not changed


def test_current_initialize_with_an_integer_is_the_same_message() -> None:
    message = _initialize({"protocolVersion": 1})
    assert as_current_initialize(message) is message


def test_legacy_probe_is_the_legacy_initialize() -> None:
    assert probe_request(Protocol.LEGACY, version="1.2.3") == {
        "jsonrpc": "2.0",
        "id": 0,
        "method": "initialize",
        "params": {"protocolVersion": "0.0.9"},
    }


@pytest.mark.parametrize("client_fs", [False, True])
def test_current_probe_validates_and_states_fs(client_fs: bool) -> None:
    probe = probe_request(Protocol.CURRENT, version="1.2.3", client_fs=client_fs)
    assert probe["id"] == 0
    params = probe["params"]
    assert params["protocolVersion"] == 1
    assert params["clientCapabilities"] == {
        "fs": {"readTextFile": client_fs, "writeTextFile": client_fs},
        "terminal": False,
    }
    assert params["clientInfo"]["version"] == "1.2.3"
    schema = json.loads((SCHEMAS / "current" / "acp-v1-schema-1.21.0.schema.json").read_text())
    definition = {"$ref": "#/$defs/InitializeRequest", "$defs": schema["$defs"]}
    jsonschema.validate(params, definition)


def test_v2_probe_validates_and_has_no_client_capabilities() -> None:
    probe = probe_request(Protocol.V2, version="1.2.3", client_fs=True)
    params = probe["params"]
    # v2 has neither fs nor terminal: the v2 downgrade relays a v2 agent without them.
    assert params == {
        "protocolVersion": 2,
        "info": {"name": "acp-compat", "title": "acp-compat", "version": "1.2.3"},
        "capabilities": {},
    }
    schema = json.loads((SCHEMAS / "v2" / "acp-v2-draft-ts-sdk-2.4.0.schema.json").read_text())
    definition = {"$ref": "#/$defs/InitializeRequest", "$defs": schema["$defs"]}
    jsonschema.validate(params, definition)


def test_probe_request_id() -> None:
    assert probe_request(Protocol.CURRENT, version="x", request_id=7)["id"] == 7


@pytest.mark.parametrize(
    ("response", "expected"),
    [
        ({"id": 0, "result": {"protocolVersion": 1, "agentCapabilities": {}}}, Protocol.CURRENT),
        ({"id": 0, "result": {"protocolVersion": 2, "capabilities": {}}}, Protocol.V2),
        (
            {"id": 0, "result": {"protocolVersion": "0.0.9", "isAuthenticated": True}},
            Protocol.LEGACY,
        ),
        ({"id": 0, "result": {"isAuthenticated": False}}, Protocol.LEGACY),
        ({"id": 0, "result": {"protocolVersion": "0.0.10"}}, Protocol.LEGACY),
        ({"id": 0, "error": {"code": -32602, "message": "bad version"}}, None),
        ({"id": 0, "result": None}, None),
        ({"id": 0, "result": {}}, None),
        ({"id": 0, "result": {"protocolVersion": False}}, None),
        ({"id": 0, "result": "0.0.9"}, None),
    ],
)
def test_agent_protocol(response: dict[str, object], expected: Protocol | None) -> None:
    assert agent_protocol(response) is expected


def test_other() -> None:
    assert Protocol.LEGACY.other is Protocol.CURRENT
    assert Protocol.CURRENT.other is Protocol.LEGACY
    # An agent of either integer version answers the other's initialize (or refuses it
    # naming its own): what a v2 client's agent may be besides is legacy.
    assert Protocol.V2.other is Protocol.LEGACY


@pytest.mark.parametrize(
    ("response", "expected"),
    [
        # The TypeScript SDK 2.4.0's v2 agent, asked for v1.
        (
            {
                "id": 0,
                "error": {
                    "code": -32022,
                    "message": "Unsupported protocol version",
                    "data": {"requested": 1, "supported": [2]},
                },
            },
            Protocol.V2,
        ),
        (
            {"id": 0, "error": {"code": -32022, "message": "x", "data": {"supported": [1, 2]}}},
            Protocol.V2,
        ),
        (
            {"id": 0, "error": {"code": -32022, "message": "x", "data": {"supported": [1]}}},
            Protocol.CURRENT,
        ),
        ({"id": 0, "error": {"code": -32022, "message": "x", "data": {"supported": []}}}, None),
        ({"id": 0, "error": {"code": -32022, "message": "x", "data": {"supported": ["2"]}}}, None),
        ({"id": 0, "error": {"code": -32022, "message": "x"}}, None),
        ({"id": 0, "error": {"code": -32602, "message": "x", "data": {"supported": [2]}}}, None),
        ({"id": 0, "result": {"protocolVersion": 2}}, None),
    ],
)
def test_refused_for(response: dict[str, object], expected: Protocol | None) -> None:
    assert refused_for(response) is expected
