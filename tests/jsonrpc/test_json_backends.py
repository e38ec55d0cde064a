"""The orjson path of ``decode``/``encode`` behaves exactly like the standard library path.

Every value either path can write comes out as the same bytes; whatever one path rejects,
the other rejects with the same exception type; every line decodes to the same value
(same types: ``1``, ``1.0`` and ``True`` stay apart) or fails with the same reason.
"""

from __future__ import annotations

import contextlib
import dataclasses
import datetime
import enum
import json
import subprocess
import sys
from typing import Any

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from acp_compat.jsonrpc import framing
from acp_compat.jsonrpc.framing import DecodeError, decode, encode


def run_with(backend: str, function: Any, argument: Any) -> tuple[str, Any]:
    """``("ok", result)`` or ``("error", (exception type, text))`` of one call on one path."""
    previous = framing.json_backend()
    framing.use_json_backend(backend)
    try:
        return "ok", function(argument)
    except (TypeError, ValueError) as exc:
        return "error", (type(exc), str(exc))
    finally:
        framing.use_json_backend(previous)


def strict(value: Any) -> str:
    """A form of a decoded value that tells 1, 1.0, True, -0.0 and key order apart."""
    return repr(value)


# Text with everything orjson and json might treat differently: controls, DEL, U+2028,
# non-BMP characters and lone surrogates.
any_text = st.text(
    st.characters(codec=None, exclude_categories=()) | st.sampled_from('\x00\x1f\x7f\u2028é😀\\"')
)
numbers = (
    st.integers()
    | st.integers(min_value=2**62, max_value=2**66)
    | st.integers(min_value=-(2**66), max_value=-(2**62))
    | st.floats()
    | st.sampled_from([1e-5, 1e16, 1e22, 5e-324, -0.0, 1.7976931348623157e308, 0.1])
)
scalars = st.none() | st.booleans() | numbers | any_text
keys = any_text | st.integers() | st.floats(allow_nan=False) | st.booleans() | st.none()
json_like = st.recursive(
    scalars,
    lambda inner: (
        st.lists(inner, max_size=4)
        | st.lists(inner, max_size=3).map(tuple)
        | st.dictionaries(keys, inner, max_size=4)
    ),
    max_leaves=12,
)


class Colour(enum.IntEnum):
    RED = 1


class Name(str):
    pass


@dataclasses.dataclass
class Point:
    x: int


@settings(max_examples=400, deadline=None)
@given(json_like)
@example({"jsonrpc": "2.0", "id": 1, "result": None})
@example({"x": float("nan")})
@example({"x": [float("inf")]})
@example({"x": 2**64})
@example({"x": -(2**63) - 1})
@example({1: "a", None: "b", 1.5: "c", False: "d"})
@example({"t": "\ud800 é"})
@example({"n": Colour.RED, "s": Name("x"), "k": {Name("key"): 1}})
@example({"p": Point(1)})
@example({"d": datetime.date(2020, 1, 1)})
@example([1e-5, 1e16, 0.1, -0.0])
def test_encode_writes_the_same_bytes_on_both_paths(value: Any) -> None:
    assert run_with("orjson", encode, value) == run_with("stdlib", encode, value)


floatless_like = st.recursive(
    st.none() | st.booleans() | st.integers() | any_text,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(any_text, inner, max_size=4),
    max_leaves=12,
)


@settings(max_examples=200, deadline=None)
@given(floatless_like)
@example({"jsonrpc": "2.0", "id": 2**64, "result": None})
@example({"t": "\ud800"})
def test_floatless_hint_changes_no_byte(value: Any) -> None:
    """With the hint, the orjson path skips its float search and writes the same line."""
    hinted = run_with("orjson", lambda v: encode(v, floatless=True), value)
    assert hinted == run_with("stdlib", encode, value)


def test_the_decode_shortcut_stays_below_the_nesting_bound() -> None:
    """A line with few digits and brackets skips the checks for long integers and deep
    nesting: that holds only while its bound is below both."""
    assert framing._FEW <= 19 < framing.MAX_DEPTH


def test_encode_rejects_a_circular_value_on_both_paths() -> None:
    loop: list[Any] = []
    loop.append(loop)
    for backend in ("orjson", "stdlib"):
        kind, (exc_type, _text) = run_with(backend, encode, {"a": loop})
        assert (kind, exc_type) == ("error", ValueError)


def _dumps_variants(value: Any) -> st.SearchStrategy[bytes]:
    """Lines for ``value`` as different writers produce them (spacing, escapes)."""
    try:
        compact = json.dumps(value, ensure_ascii=False, separators=(",", ":"))
        escaped = json.dumps(value, ensure_ascii=True, indent=None)
    except (TypeError, ValueError):
        return st.just(b"[]")
    lines = [escaped.encode("ascii"), f" {escaped}\t".encode("ascii")]
    with contextlib.suppress(UnicodeEncodeError):
        lines.append(compact.encode("utf-8"))
    return st.sampled_from(lines)


json_lines = (
    json_like.flatmap(_dumps_variants)
    | st.binary(max_size=40)
    | st.sampled_from(
        [
            b"18446744073709551615",
            b"18446744073709551616",
            b"-9223372036854775809",
            b"123456789012345678901234567890",
            b"1e400",
            b"-1e400",
            b"1E5",
            b"0.1e1",
            b"-0",
            b"-0.0",
            b'"\\ud800"',
            b'"\\ud83d\\ude00"',
            b'{"a":1,"b":2,"a":3}',
            b'{"a":NaN}',
            b"Infinity",
            b"\xef\xbb\xbf{}",
            b'"\xed\xa0\x80"',
            b'{"text":"step 1. then 2e3"}',
            b"[" * 2000 + b"]" * 2000,
        ]
    )
)


@settings(max_examples=400, deadline=None)
@given(json_lines)
def test_decode_gives_the_same_value_on_both_paths(line: bytes) -> None:
    def attempt(backend: str) -> tuple[str, Any]:
        previous = framing.json_backend()
        framing.use_json_backend(backend)
        try:
            return "ok", strict(decode(line))
        except DecodeError as exc:
            return "error", exc.reason
        except RecursionError:
            return "recursion", None
        finally:
            framing.use_json_backend(previous)

    assert attempt("orjson") == attempt("stdlib")


def test_both_paths_are_really_different_code() -> None:
    """Guards the tests above: the orjson path must not silently be the stdlib one."""
    previous = framing.json_backend()
    try:
        framing.use_json_backend("orjson")
        assert framing.json_backend() == "orjson"
        assert framing._orjson is not None
        framing.use_json_backend("stdlib")
        assert framing.json_backend() == "stdlib"
        assert framing._orjson is None
    finally:
        framing.use_json_backend(previous)


def test_unknown_backend_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown JSON backend"):
        framing.use_json_backend("simdjson")


def test_decode_of_big_numbers_keeps_them_exact(json_backend: str) -> None:
    assert decode(b'{"n":123456789012345678901234567890}') == {"n": 123456789012345678901234567890}
    assert type(decode(b"18446744073709551616")) is int
    # Beyond the double range: refused on both paths, as nothing could write it back.
    for infinite in (b"1e400", b"[-1e999]"):
        with pytest.raises(DecodeError) as refused:
            decode(infinite)
        assert refused.value.cause == "number"
    assert encode(decode(b"[1e-05,1e+16]")) == b"[1e-05,1e+16]\n"


def test_plain_messages_take_the_orjson_path(monkeypatch: pytest.MonkeyPatch) -> None:
    """The fallback is for corners only: a streamed chunk never touches the stdlib coders."""

    class Unusable:
        def encode(self, value: Any) -> str:
            raise AssertionError("stdlib encoder used")

        def decode(self, text: str) -> Any:
            raise AssertionError("stdlib decoder used")

    monkeypatch.setattr(framing, "_ENCODER", Unusable())
    monkeypatch.setattr(framing, "_DECODER", Unusable())
    previous = framing.json_backend()
    framing.use_json_backend("orjson")
    try:
        line = (
            b'{"jsonrpc":"2.0","id":7,"method":"streamAssistantMessageChunk",'
            b'"params":{"chunk":{"text":"h\\u00e9llo \\u2728 world, step 1. null"}}}'
        )
        message = decode(line)
        assert (
            encode(message)
            == line.replace(b"\\u00e9", "é".encode()).replace(b"\\u2728", "✨".encode()) + b"\n"
        )
        assert encode({"jsonrpc": "2.0", "id": 7, "result": None}) == (
            b'{"jsonrpc":"2.0","id":7,"result":null}\n'
        )
    finally:
        framing.use_json_backend(previous)


def test_lines_kept_in_a_queue_take_their_own_size() -> None:
    """A written line owns no spare buffer: a relay queue of 50 000 lines stays ~10 MiB.

    orjson's own result keeps its working buffer's capacity at the allocator (about
    4 KiB per line); the relay holds lines in queues under backpressure.
    """
    code = (
        "import resource\n"
        "from acp_compat.jsonrpc import framing\n"
        "framing.use_json_backend('orjson')\n"
        "update = {'jsonrpc': '2.0', 'method': 'session/update', 'params': {'sessionId': 's',"
        " 'update': {'sessionUpdate': 'agent_message_chunk',"
        " 'content': {'type': 'text', 'text': 'token '}}}}\n"
        "before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss\n"
        "kept = [framing.encode(update) for _ in range(50_000)]\n"
        "after = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss\n"
        "print((after - before) // 1024)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=60
    )
    assert int(done.stdout) < 40, f"{done.stdout.strip()} MiB for 50 000 queued lines"


def test_decode_refuses_nesting_beyond_the_documented_bound(json_backend: str) -> None:
    deepest = b"[" * framing.MAX_DEPTH + b"]" * framing.MAX_DEPTH
    assert encode(decode(deepest)) == deepest + b"\n"  # what is accepted can be written back
    for depth in (framing.MAX_DEPTH + 1, 970, 5000):
        line = b'{"id":1,"params":' + b"[" * (depth - 1) + b"]" * (depth - 1) + b"}"
        with pytest.raises(DecodeError) as refused:
            decode(line)
        assert refused.value.cause == "depth"
    # Brackets inside strings are text, not nesting.
    assert decode(b'{"a":"' + b"[{" * 1000 + b'"}') == {"a": "[{" * 1000}
