"""The v1↔v2 translators' ``$/cancel_request`` across the hop (``translate/v2/cancel.py``):
a request sent with id ``null`` is cancelled by a cancel naming ``null``, and a cancel
naming no request cancels none."""

from __future__ import annotations

from typing import Any

import pytest

from acp_compat.translate.base import ToAgent
from acp_compat.translate.v2 import (
    V2DowngradeOptions,
    V2DowngradeTranslator,
    V2UpgradeOptions,
    V2UpgradeTranslator,
)


def _translators() -> list[Any]:
    return [
        V2UpgradeTranslator(V2UpgradeOptions(version="0.0.0-test")),
        V2DowngradeTranslator(V2DowngradeOptions(version="0.0.0-test")),
    ]


@pytest.mark.parametrize("index", [0, 1], ids=["upgrade", "downgrade"])
@pytest.mark.parametrize(
    ("cancel", "cancels"),
    [(None, False), ({}, False), ({"requestId": 0}, False), ({"requestId": None}, True)],
)
def test_a_null_id_request_is_cancelled_only_by_a_cancel_naming_null(
    index: int, cancel: dict[str, Any] | None, cancels: bool
) -> None:
    translator = _translators()[index]
    [sent] = translator.from_client(
        {"jsonrpc": "2.0", "id": None, "method": "_editor/ask", "params": {}}
    )
    assert isinstance(sent, ToAgent)
    message: dict[str, Any] = {"jsonrpc": "2.0", "method": "$/cancel_request"}
    if cancel is not None:
        message["params"] = cancel
    outputs = translator.from_client(message)
    forwarded = [o.message for o in outputs if isinstance(o, ToAgent)]
    expected = {"requestId": sent.message["id"]}
    assert [m["params"] for m in forwarded] == ([expected] if cancels else [])
