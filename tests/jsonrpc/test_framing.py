"""NDJSON framing: the line splitter, encode and decode."""

from __future__ import annotations

import itertools
import json
import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from acp_compat.jsonrpc.envelope import read_envelope
from acp_compat.jsonrpc.framing import (
    DEFAULT_MAX_LINE_BYTES,
    HEAD_BYTES,
    DecodeError,
    DroppedLine,
    Event,
    LineSplitter,
    decode,
    encode,
)


def split_all(chunks: list[bytes], max_line_bytes: int = DEFAULT_MAX_LINE_BYTES) -> list[Event]:
    """Feed every chunk, then close; all events in order."""
    splitter = LineSplitter(max_line_bytes)
    events: list[Event] = []
    for chunk in chunks:
        events += splitter.feed(chunk)
    events += splitter.close()
    return events


def reference_split(stream: bytes, max_line_bytes: int) -> list[Event]:
    """The specification, written naively over the whole stream at once."""
    events: list[Event] = []
    for raw in stream.split(b"\n"):
        line = raw[:-1] if raw.endswith(b"\r") else raw
        if len(line) > max_line_bytes:
            # What its top level said, read as a whole (the splitter reads it in pieces).
            envelope = read_envelope(line)
            events.append(DroppedLine(size=len(line), head=line[:HEAD_BYTES], envelope=envelope))
        elif line.strip(b" \t\n\r\x0b\x0c"):
            events.append(line)
    return events


def test_lines_in_one_chunk() -> None:
    assert split_all([b'{"a":1}\n{"b":2}\n']) == [b'{"a":1}', b'{"b":2}']


def test_line_split_across_chunks() -> None:
    splitter = LineSplitter()
    assert splitter.feed(b'{"a":') == []
    assert splitter.buffered == 5
    assert splitter.feed(b'1}\n{"b"') == [b'{"a":1}']
    assert splitter.feed(b":2}\n") == [b'{"b":2}']
    assert splitter.buffered == 0
    assert splitter.close() == []


def test_final_line_without_newline_comes_at_close() -> None:
    splitter = LineSplitter()
    assert splitter.feed(b"one\ntwo") == [b"one"]
    assert splitter.close() == [b"two"]


def test_crlf_strips_one_carriage_return() -> None:
    assert split_all([b"one\r\ntwo\r\r\nthree\r"]) == [b"one", b"two\r", b"three"]


def test_crlf_split_between_chunks() -> None:
    assert split_all([b"one\r", b"\ntwo\r", b"\n"]) == [b"one", b"two"]


def test_blank_and_whitespace_lines_are_skipped() -> None:
    assert split_all([b"\n\n  \n\t\r\nx\n \r\n", b"   "]) == [b"x"]


def test_accepts_bytearray_and_memoryview() -> None:
    splitter = LineSplitter()
    assert splitter.feed(bytearray(b"a\nb")) == [b"a"]
    assert splitter.feed(memoryview(b"c\n")) == [b"bc"]


def test_twenty_mib_line_in_64k_chunks_is_intact_and_fast() -> None:
    body = json.dumps({"content": "x" * (20 * 1024 * 1024)}).encode()
    stream = b'{"first":1}\n' + body + b'\n{"last":2}\n'
    chunks = [stream[i : i + 65536] for i in range(0, len(stream), 65536)]
    started = time.perf_counter()
    events = split_all(chunks)
    elapsed = time.perf_counter() - started
    assert events == [b'{"first":1}', body, b'{"last":2}']
    # Linear work is a few tens of milliseconds; re-scanning the buffer per chunk
    # (quadratic) would take many seconds.
    assert elapsed < 2.0


def test_oversized_line_is_dropped_and_the_next_line_delivered() -> None:
    splitter = LineSplitter(max_line_bytes=1000)
    events: list[Event] = []
    events += splitter.feed(b"ok1\n" + b"a" * 600)
    assert splitter.buffered == 600
    events += splitter.feed(b"b" * 600)
    # Over the limit: nothing more is held while the rest streams past.
    assert splitter.buffered == 0
    for _ in range(10):
        events += splitter.feed(b"c" * 5000)
        assert splitter.buffered == 0
    events += splitter.feed(b"c\r\nok2\n")
    assert events == [
        b"ok1",
        DroppedLine(size=600 + 600 + 50000 + 1, head=b"a" * HEAD_BYTES),
        b"ok2",
    ]


def test_oversized_line_inside_one_chunk() -> None:
    line = b"x" * 50
    assert split_all([b"a\n" + line + b"\nb\n"], max_line_bytes=10) == [
        b"a",
        DroppedLine(size=50, head=line),
        b"b",
    ]


def test_oversized_final_line_is_reported_at_close() -> None:
    splitter = LineSplitter(max_line_bytes=10)
    assert splitter.feed(b"y" * 30) == []
    assert splitter.close() == [DroppedLine(size=30, head=b"y" * 30)]


def test_limit_exactly_at_the_boundary() -> None:
    at_limit = b"z" * 100
    over = b"z" * 101
    stream = at_limit + b"\n" + over + b"\n" + at_limit + b"\r\n" + over + b"\r\n" + at_limit
    expected: list[Event] = [
        at_limit,
        DroppedLine(size=101, head=over[:HEAD_BYTES]),
        at_limit,
        DroppedLine(size=101, head=over[:HEAD_BYTES]),
        at_limit,
    ]
    assert split_all([stream], max_line_bytes=100) == expected
    # Byte by byte exercises the buffered path, including a '\r' held at limit + 1.
    assert split_all([bytes([b]) for b in stream], max_line_bytes=100) == expected


def test_buffer_never_exceeds_limit_plus_one() -> None:
    splitter = LineSplitter(max_line_bytes=64)
    for _ in range(200):
        splitter.feed(b"q" * 7)
        assert splitter.buffered <= 65


def test_feed_after_close_is_an_error() -> None:
    splitter = LineSplitter()
    splitter.close()
    with pytest.raises(RuntimeError):
        splitter.feed(b"x\n")
    assert splitter.close() == []


@pytest.mark.parametrize("bad", [0, -1, True, 1.5])
def test_invalid_limit_is_rejected(bad: object) -> None:
    with pytest.raises((TypeError, ValueError)):
        LineSplitter(bad)  # type: ignore[arg-type]


line_bytes = st.sampled_from([b"a", b"{}", b"\r", b" ", b"\n", b"\r\n", b"xyz", b"\xc3\xa9"])


@settings(max_examples=300, deadline=None)
@given(
    pieces=st.lists(line_bytes, max_size=80),
    cuts=st.lists(st.integers(min_value=0, max_value=400), max_size=20),
    limit=st.integers(min_value=1, max_value=12),
)
def test_any_chunking_yields_the_same_events(
    pieces: list[bytes], cuts: list[int], limit: int
) -> None:
    stream = b"".join(pieces)
    bounds = sorted({min(c, len(stream)) for c in cuts} | {0, len(stream)})
    chunks = [stream[a:b] for a, b in itertools.pairwise(bounds)]
    assert split_all(chunks, limit) == reference_split(stream, limit)


def test_encode_is_compact_utf8_with_newline() -> None:
    message = {"jsonrpc": "2.0", "id": 1, "params": {"text": "héllo ✓ 日本", "n": None}}
    data = encode(message)
    assert data == '{"jsonrpc":"2.0","id":1,"params":{"text":"héllo ✓ 日本","n":null}}\n'.encode()
    assert data.count(b"\n") == 1
    assert decode(data[:-1]) == message


def test_encode_escapes_embedded_newlines() -> None:
    data = encode({"text": "a\nb\r\nc"})
    assert data.count(b"\n") == 1
    assert decode(data.rstrip(b"\n")) == {"text": "a\nb\r\nc"}


def test_encode_keeps_a_lone_surrogate() -> None:
    message = decode(b'{"text":"\\ud800 and \\u00e9"}')
    data = encode(message)
    assert data.endswith(b"\n")
    assert decode(data[:-1]) == message


def test_encode_rejects_nan() -> None:
    with pytest.raises(ValueError):
        encode({"x": float("nan")})


@pytest.mark.parametrize(
    "line",
    [b"Data collection is disabled.", b'{"a":', b"\xff\xfe{}", b'{"a":NaN}', b"[1,]", b""],
)
def test_decode_rejects_non_json(line: bytes) -> None:
    with pytest.raises(DecodeError) as info:
        decode(line)
    assert info.value.line_head == line[:HEAD_BYTES]
    assert "not a JSON line" in str(info.value)


def test_decode_error_keeps_only_the_head() -> None:
    with pytest.raises(DecodeError) as info:
        decode(b"x" * 10_000)
    assert info.value.line_head == b"x" * HEAD_BYTES


def test_decode_returns_any_json_value() -> None:
    assert decode(b"[1, 2]") == [1, 2]
    assert decode(b'  {"id": 0, "result": null}  ') == {"id": 0, "result": None}
