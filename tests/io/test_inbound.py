"""The relay's checks on incoming lines: answering what a line that cannot be decoded
whole leaves open (over-long, too deep, out-of-range numbers, broken inside)."""

from __future__ import annotations

import pytest

from acp_compat.io.inbound import StandIn, decode_line, handle_dropped
from acp_compat.jsonrpc.envelope import Envelope
from acp_compat.jsonrpc.framing import DroppedLine, LineSplitter
from acp_compat.jsonrpc.messages import Kind


def _dropped(line: bytes, limit: int = 100) -> DroppedLine:
    """The drop report a splitter with ``limit`` makes of ``line`` fed in small pieces."""
    splitter = LineSplitter(limit)
    events = []
    for i in range(0, len(line) + 1, 7):
        events += splitter.feed(line[i : i + 7])
    events += splitter.feed(b"\n")
    (event,) = events
    assert isinstance(event, DroppedLine)
    return event


def test_a_dropped_request_is_answered_and_a_dropped_response_fails_its_request() -> None:
    request = _dropped(
        b'{"jsonrpc":"2.0","id":1,"method":"m","params":{"x":"' + b"y" * 900 + b'"}}'
    )
    stand_in, answer = handle_dropped(request, 100, "client")
    assert stand_in is None
    assert answer == {
        "jsonrpc": "2.0",
        "id": 1,
        "error": {
            "code": -32600,
            "message": "Request too large",
            "data": {
                "details": f"the client sent a {request.size}-byte line, over the 100-byte"
                " limit of acp-compat (--max-line-bytes)"
            },
        },
    }
    response = _dropped(b'{"jsonrpc":"2.0","result":{"content":"' + b"y" * 900 + b'"},"id":2}')
    stand_in, answer = handle_dropped(response, 100, "agent 1")
    assert answer is None
    assert isinstance(stand_in, StandIn)
    assert stand_in["id"] == 2 and stand_in["error"]["code"] == -32603


@pytest.mark.parametrize(
    ("line", "envelope"),
    [
        # The id after a huge params is still read, whatever the order of the members.
        (b'{"method":"m","params":{"id":5,"t":"' + b"x" * 900 + b'"},"id":6}', (Kind.REQUEST, 6)),
        (
            b'{"jsonrpc":"2.0","method":"session/update","params":{"id":5,"x":"'
            + b"x" * 900
            + b'"}}',
            (Kind.NOTIFICATION, None),
        ),
        (b'{"pad":"' + b"x" * 900 + b'"}', (Kind.INVALID, None)),
        (b'{"id":0123,"method":"m","params":"' + b"x" * 900 + b'"}', None),
        (b"x" * 900, None),
    ],
)
def test_the_envelope_of_a_dropped_line(line: bytes, envelope: tuple[Kind, object] | None) -> None:
    expected = None if envelope is None else Envelope(*envelope)  # type: ignore[arg-type]
    assert _dropped(line).envelope == expected


def test_a_dropped_client_line_that_is_not_json_gets_a_parse_error() -> None:
    stand_in, answer = handle_dropped(
        _dropped(b'{"id":"\\q","method":"m","params":"' + b"x" * 900 + b'"}'),
        100,
        "client",
    )
    assert stand_in is None
    assert answer is not None and answer["id"] is None and answer["error"]["code"] == -32700


@pytest.mark.parametrize(
    ("line", "code", "title"),
    [
        (b'{"id":3,"method":"m","params":' + b"[" * 200 + b"]" * 200 + b"}", -32600, "nested"),
        (b'{"id":3,"method":"m","params":[1e400]}', -32600, "out of range"),
        (b'{"id":3,"method":"m","params":[NaN]}', -32700, "Parse error"),
        (b'{"id":3,"method":"m","params":[tru]}', -32700, "Parse error"),
    ],
)
def test_an_undecodable_request_is_answered_with_its_id(line: bytes, code: int, title: str) -> None:
    for message, reply in (decode_line(line, "client"), decode_line(line, "agent 1")):
        assert message is None
        assert reply is not None and reply["id"] == 3
        assert reply["error"]["code"] == code
        assert title.lower() in reply["error"]["message"].lower()


def test_an_undecodable_response_fails_its_request_and_junk_is_skipped() -> None:
    message, reply = decode_line(b'{"id":4,"error":{"code":1,"message":"m","data":NaN}}', "agent 1")
    assert reply is None and isinstance(message, StandIn) and message["id"] == 4
    assert decode_line(b"Banner: hello", "agent 1") == (None, None)
    assert decode_line(b"[" * 2000 + b"]" * 2000, "agent 1") == (None, None)
    message, reply = decode_line(b"[" * 2000 + b"]" * 2000, "client")
    assert message is None and reply is not None
    assert reply["id"] is None and reply["error"]["code"] == -32600
