"""The relay's checks on incoming lines: answering what an over-long line leaves open."""

from __future__ import annotations

import pytest

from acp_compat.io.inbound import dropped_line_answer, sniff_dropped
from acp_compat.jsonrpc.framing import DroppedLine
from acp_compat.jsonrpc.messages import Kind


@pytest.mark.parametrize(
    ("head", "expected"),
    [
        (b'{"jsonrpc":"2.0","id":7,"method":"session/prompt","params":{"x', (Kind.REQUEST, 7)),
        (b'{"jsonrpc": "2.0", "id": "a\\"b", "method": "x", "params": [1', (Kind.REQUEST, 'a"b')),
        (b'  {"id":-3,"result":{"content":"xxxx', (Kind.RESPONSE, -3)),
        (b'{"jsonrpc":"2.0","id":4,"error":{"code":1', (Kind.RESPONSE, 4)),
        (b'{"jsonrpc":"2.0","id":null,"result":"xx', (Kind.RESPONSE, None)),
    ],
)
def test_sniffs_kind_and_id_from_the_top_level(head: bytes, expected: object) -> None:
    assert sniff_dropped(head) == expected


@pytest.mark.parametrize(
    "head",
    [
        b'{"pad":"xxxxxxxx',  # not an envelope
        b'{"jsonrpc":"2.0","method":"session/update","params":{"id":5',  # a notification
        b'{"params":{"id":5},"id":6,"method":"x"}',  # id only after a nested object
        b'{"id":5,"params":{"huge',  # neither method nor result/error seen: unsure
        b"xxxxxxxx",
    ],
)
def test_does_not_guess(head: bytes) -> None:
    assert sniff_dropped(head) is None


def test_a_dropped_request_is_answered_and_a_dropped_response_fails_its_request() -> None:
    request = DroppedLine(size=900, head=b'{"jsonrpc":"2.0","id":1,"method":"m","params":{')
    kind, answer = dropped_line_answer(request, 100, "the client") or (None, None)
    assert kind is Kind.REQUEST
    assert answer == {
        "jsonrpc": "2.0",
        "id": 1,
        "error": {
            "code": -32600,
            "message": "Request too large",
            "data": {
                "details": "the client sent a 900-byte line, over the 100-byte limit of"
                " acp-compat (--max-line-bytes)"
            },
        },
    }
    response = DroppedLine(size=900, head=b'{"jsonrpc":"2.0","id":2,"result":{"content":"')
    kind, answer = dropped_line_answer(response, 100, "the agent") or (None, None)
    assert kind is Kind.RESPONSE
    assert answer is not None and answer["id"] == 2 and answer["error"]["code"] == -32603
