"""JSON-RPC envelopes: classification and builders (acp_compat.jsonrpc.messages)."""

from __future__ import annotations

from typing import Any

import pytest

from acp_compat.jsonrpc import messages as rpc
from acp_compat.jsonrpc.messages import Kind, classify


@pytest.mark.parametrize(
    ("message", "kind"),
    [
        ({"jsonrpc": "2.0", "id": 0, "method": "initialize", "params": {}}, Kind.REQUEST),
        # Legacy peers before 0.0.8 left out "jsonrpc"; that is still a request.
        ({"id": 3, "method": "pushToolCall", "params": {}}, Kind.REQUEST),
        # A null id is still an id: a request, not a notification.
        ({"id": None, "method": "x"}, Kind.REQUEST),
        ({"id": "s-1", "method": "session/prompt"}, Kind.REQUEST),
        ({"jsonrpc": "2.0", "method": "session/update", "params": {}}, Kind.NOTIFICATION),
        ({"jsonrpc": "2.0", "id": 1, "result": None}, Kind.RESPONSE),
        ({"jsonrpc": "2.0", "id": 1, "result": {}}, Kind.RESPONSE),
        # Legacy Rust peers may answer void methods with neither result nor error.
        ({"jsonrpc": "2.0", "id": 1}, Kind.RESPONSE),
        ({"jsonrpc": "2.0", "id": 1, "error": None, "result": 5}, Kind.RESPONSE),
        ({"jsonrpc": "2.0", "id": 1, "error": {"code": -1, "message": "x"}}, Kind.ERROR),
        ({"jsonrpc": "2.0", "id": None, "error": {"code": -32700, "message": "x"}}, Kind.ERROR),
        # A malformed error still settles the request it answers (issue #10).
        ({"jsonrpc": "2.0", "id": 1, "error": "boom"}, Kind.ERROR),
        ({"jsonrpc": "2.0", "id": 1, "error": []}, Kind.ERROR),
        # Ids that are no JSON-RPC ids.
        ({"jsonrpc": "2.0", "id": {}, "method": "x"}, Kind.INVALID),
        ({"jsonrpc": "2.0", "id": [1], "method": "x"}, Kind.INVALID),
        ({"jsonrpc": "2.0", "id": True, "method": "x"}, Kind.INVALID),
        ({"jsonrpc": "2.0", "id": float("inf"), "method": "x"}, Kind.INVALID),
        ({"jsonrpc": "2.0", "id": float("nan"), "result": 1}, Kind.INVALID),
        ({"jsonrpc": "2.0", "id": False, "result": 1}, Kind.INVALID),
        ({"jsonrpc": "2.0", "id": {"a": 1}, "error": {"code": 1, "message": "m"}}, Kind.INVALID),
        ({"jsonrpc": "2.0", "id": 1.5, "method": "x"}, Kind.REQUEST),
        ({"jsonrpc": "2.0", "id": None, "result": 1}, Kind.RESPONSE),
        ({"jsonrpc": "2.0", "method": 5}, Kind.INVALID),
        # A null method must not pass for a response to request 1 with a missing result.
        ({"jsonrpc": "2.0", "id": 1, "method": None}, Kind.INVALID),
        ({"jsonrpc": "2.0", "result": 1}, Kind.INVALID),
        ({}, Kind.INVALID),
        ([{"id": 1, "method": "x"}], Kind.INVALID),
        ("text", Kind.INVALID),
        (None, Kind.INVALID),
        (3, Kind.INVALID),
    ],
)
def test_classify(message: Any, kind: Kind) -> None:
    assert classify(message) is kind


@pytest.mark.parametrize(
    ("a", "b", "same"),
    [
        (1, 1, True),
        ("1", "1", True),
        (None, None, True),
        (1, "1", False),
        (1, 1.0, False),
        (1, True, False),
        (0, False, False),
        ("a", "b", False),
    ],
)
def test_same_id_is_the_same_json_value(a: Any, b: Any, same: bool) -> None:
    assert rpc.same_id(a, b) is same
    assert rpc.same_id(b, a) is same


@pytest.mark.parametrize(
    ("params", "named"),
    [({"requestId": 3}, 3), ({"requestId": None}, None), ({"requestId": "a"}, "a")],
)
def test_a_cancel_names_its_request_id_as_sent_null_included(params: Any, named: Any) -> None:
    assert rpc.same_id(rpc.cancelled_id(params), named)


@pytest.mark.parametrize("params", [None, {}, {"id": 3}, [3], "3"])
def test_a_cancel_without_request_id_names_no_request(params: Any) -> None:
    named = rpc.cancelled_id(params)
    assert named is rpc.NO_REQUEST_NAMED
    assert not any(rpc.same_id(named, id) for id in (None, 0, "", 3))
    assert repr(named) == "<no requestId>"


def test_request_leaves_out_absent_params() -> None:
    assert rpc.request(0, "authenticate") == {"jsonrpc": "2.0", "id": 0, "method": "authenticate"}
    assert rpc.request(1, "m", {}) == {"jsonrpc": "2.0", "id": 1, "method": "m", "params": {}}
    assert classify(rpc.request(0, "authenticate")) is Kind.REQUEST


def test_notification() -> None:
    assert rpc.notification("session/cancel", {"sessionId": "s"}) == {
        "jsonrpc": "2.0",
        "method": "session/cancel",
        "params": {"sessionId": "s"},
    }
    assert rpc.notification("x") == {"jsonrpc": "2.0", "method": "x"}
    assert classify(rpc.notification("x")) is Kind.NOTIFICATION


def test_result_keeps_null_and_empty_object() -> None:
    assert rpc.result(2, None) == {"jsonrpc": "2.0", "id": 2, "result": None}
    assert rpc.result("a", {}) == {"jsonrpc": "2.0", "id": "a", "result": {}}
    assert classify(rpc.result(2, None)) is Kind.RESPONSE


def test_error_with_and_without_data() -> None:
    assert rpc.error(None, rpc.PARSE_ERROR, "Parse error") == {
        "jsonrpc": "2.0",
        "id": None,
        "error": {"code": -32700, "message": "Parse error"},
    }
    assert rpc.error(4, rpc.INVALID_PARAMS, "Invalid params", {"path": "params.x"})["error"] == {
        "code": -32602,
        "message": "Invalid params",
        "data": {"path": "params.x"},
    }
    assert classify(rpc.error(4, -1, "x")) is Kind.ERROR


def test_error_codes_match_json_rpc_and_acp() -> None:
    assert (rpc.PARSE_ERROR, rpc.INVALID_REQUEST, rpc.METHOD_NOT_FOUND) == (-32700, -32600, -32601)
    assert (rpc.INVALID_PARAMS, rpc.INTERNAL_ERROR) == (-32602, -32603)
    assert (rpc.AUTHENTICATION_REQUIRED, rpc.RESOURCE_NOT_FOUND, rpc.REQUEST_CANCELLED) == (
        -32000,
        -32002,
        -32800,
    )


def test_forwarded_error_keeps_a_well_formed_error() -> None:
    received = {"code": -32603, "message": "Internal error", "data": {"details": "aborted"}}
    assert rpc.forwarded_error(7, received) == {"jsonrpc": "2.0", "id": 7, "error": received}
    # Gemini's non-JSON-RPC rate limit code is an int, so it travels on unchanged.
    assert rpc.forwarded_error(7, {"code": 429, "message": "Rate limit"})["error"] == {
        "code": 429,
        "message": "Rate limit",
    }


def test_forwarded_error_repairs_a_malformed_error() -> None:
    assert rpc.forwarded_error(1, {"code": "bad", "message": 5, "extra": 1})["error"] == {
        "code": -32603,
        "message": "Internal error",
    }
    # A boolean is not an error code even though bool is an int in Python.
    assert rpc.forwarded_error(1, {"code": True, "message": "m"})["error"]["code"] == -32603
    assert rpc.forwarded_error(1, "boom")["error"] == {
        "code": -32603,
        "message": "Internal error",
        "data": {"received": "boom"},
    }


def test_a_peers_error_answer_names_the_request_it_answered() -> None:
    received = {"code": -32603, "message": "Internal error", "data": {"details": "x"}}
    answered = rpc.RequestError.from_error_object(received, "updatePlan")
    assert answered.method == "updatePlan"
    assert str(answered) == "updatePlan failed: Internal error (-32603)"
    # The method is ours to know: the error object it carries on is the peer's, unchanged.
    assert answered.to_error_object() == received
    assert answered.answer(3) == {"jsonrpc": "2.0", "id": 3, "error": received}
    raised = rpc.RequestError.from_error_object(received)
    assert (raised.method, str(raised)) == (None, "Internal error (-32603)")
