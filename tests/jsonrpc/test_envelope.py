"""The envelope of lines that cannot be decoded whole (acp_compat.jsonrpc.envelope)."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from acp_compat.jsonrpc.envelope import (
    MAX_SKELETON_BYTES,
    Envelope,
    EnvelopeScanner,
    read_envelope,
)
from acp_compat.jsonrpc.messages import Kind, classify

_text = st.text(alphabet=st.sampled_from('ab"\\\n{}[]:,é\x00 '), max_size=12)
_json = st.recursive(
    st.none() | st.booleans() | st.integers() | _text,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(_text, inner, max_size=3),
    max_leaves=12,
)
_ids: st.SearchStrategy[Any] = (
    st.none() | st.integers() | st.text(max_size=5) | st.booleans() | st.just({}) | st.just([])
)


@st.composite
def _messages(draw: Any) -> dict[str, Any]:
    """JSON-RPC-like objects with members in any order and any values."""
    members: list[tuple[str, Any]] = []
    if draw(st.booleans()):
        members.append(("jsonrpc", "2.0"))
    if draw(st.booleans()):
        members.append(("id", draw(_ids)))
    shape = draw(st.sampled_from(["request", "result", "error", "other"]))
    if shape == "request":
        members.append(("method", draw(st.text(max_size=8) | _json)))
        if draw(st.booleans()):
            members.append(("params", draw(_json)))
    elif shape == "result":
        members.append(("result", draw(_json)))
    elif shape == "error":
        members.append(("error", draw(_json)))
    else:
        members += draw(st.lists(st.tuples(_text, _json), max_size=3))
    order = draw(st.permutations(members))
    return dict(order)


@settings(max_examples=300, derandomize=True, deadline=None)
@given(message=_messages(), cuts=st.lists(st.integers(min_value=0), max_size=6))
def test_the_envelope_is_what_a_full_decode_would_say(
    message: dict[str, Any], cuts: list[int]
) -> None:
    line = json.dumps(message, ensure_ascii=bool(len(cuts) % 2)).encode()
    scanner = EnvelopeScanner()
    points = sorted({cut % (len(line) + 1) for cut in cuts})
    start = 0
    for point in [*points, len(line)]:
        scanner.feed(line[start:point])
        start = point
    kind = classify(message)
    expected = Envelope(kind, None if kind is Kind.INVALID else message.get("id"))
    assert scanner.envelope() == expected


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        # params before id, with brackets and quotes inside strings
        (
            b'{"method":"x","params":{"a":["}\\"]",{"b":"\\\\"}]},"id":42}',
            Envelope(Kind.REQUEST, 42),
        ),
        (b'{"jsonrpc":"2.0","id":0123,"method":"x"}', None),  # not JSON
        (b'{"jsonrpc":"2.0","id":"\\q","method":"x"}', None),  # not JSON
        (b'{"id":1e400,"method":"x"}', Envelope(Kind.INVALID, None)),
        (b'{"id":NaN,"method":"x"}', Envelope(Kind.INVALID, None)),
        (
            b'{"id":7,"method":"x","params":' + b"[" * 5000 + b"]" * 5000 + b"}",
            Envelope(Kind.REQUEST, 7),
        ),
        (b"[" * 5000 + b"]" * 5000, Envelope(Kind.INVALID, None)),
        (b'{"id":3,"result":"' + b"x" * 5000 + b'"}', Envelope(Kind.RESPONSE, 3)),
        (b'{"id":"' + b"x" * 5000 + b'","method":"m"}', Envelope(Kind.INVALID, None)),
        (b'{"id":3,"error":"nope"}', Envelope(Kind.ERROR, 3)),
        (b'{"id":3,"result":{}', None),  # cut short
        (b'{"id":3,"result":{}} trailing', None),
        (b'{"id":3,"method":"m"}}', None),
        (b'{"id":3,' + b'"k":1,' * MAX_SKELETON_BYTES + b'"method":"m"}', None),
        (b'{"method":"m","params":"\\\\\\"","id":5}', Envelope(Kind.REQUEST, 5)),
        (b'{"method":"m","params":["\\\\\\\\"],"id":5}', Envelope(Kind.REQUEST, 5)),
        (b'{"method":"m"}', Envelope(Kind.NOTIFICATION, None)),
        (b"\xff\xfe", None),
    ],
)
def test_envelope_of_hard_lines(line: bytes, expected: Envelope | None) -> None:
    assert read_envelope(line) == expected
    # Fed a byte at a time: the same answer.
    scanner = EnvelopeScanner()
    for i in range(len(line)):
        scanner.feed(line[i : i + 1])
    assert scanner.envelope() == expected


def test_the_envelope_names_the_method_when_its_top_level_has_one() -> None:
    deep = b"[" * 200 + b"]" * 200
    lines = (
        b'{"id":1,"method":"fs/x","params":',
        b'{"id":1,"method":7,"params":',
        b'{"id":1,"result":',
    )
    envelopes = [read_envelope(line + deep + b"}") for line in lines]
    assert [e.method if e is not None else "unread" for e in envelopes] == ["fs/x", None, None]
