"""Fixtures shared by several test files."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from acp_compat.jsonrpc import framing

JSON_BACKENDS = ["orjson", "stdlib"]
"""Both JSON paths of :mod:`acp_compat.jsonrpc.framing`; orjson is a test dependency."""


@pytest.fixture(params=JSON_BACKENDS)
def json_backend(request: pytest.FixtureRequest) -> Iterator[str]:
    """Run the test once with each JSON path, restoring the one in use afterwards."""
    previous = framing.json_backend()
    framing.use_json_backend(request.param)
    try:
        yield str(request.param)
    finally:
        framing.use_json_backend(previous)
