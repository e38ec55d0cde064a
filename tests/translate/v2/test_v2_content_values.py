"""A content block crossing between v1 and v2 (:func:`~acp_compat.translate.v2.same.content_block`):
what the target's schema refuses is left out, and a valid block is the same object."""

from __future__ import annotations

from typing import Any

import pytest

from acp_compat.translate.v2 import same

LINK = {"type": "resource_link", "uri": "file:///a", "name": "a"}


@pytest.mark.parametrize(
    "block",
    [
        {"type": "text", "text": "x"},
        {"type": "text", "text": "x", "annotations": None},
        {"type": "text", "text": "x", "annotations": {"priority": 0, "audience": []}},
        {"type": "text", "text": "x", "annotations": {"priority": 1.0, "audience": ["user"]}},
        {**LINK, "size": 0},
        {**LINK, "size": 10.0},  # an integer to JSON Schema
    ],
)
@pytest.mark.parametrize("target", [same.V1, same.V2])
def test_a_block_valid_in_both_is_unchanged(target: same.Side, block: dict[str, Any]) -> None:
    assert same.content_block(target, block) is block


@pytest.mark.parametrize(
    ("block", "to_v2", "to_v1"),
    [
        (
            {**LINK, "size": -1, "annotations": {"priority": 2}},
            {**LINK, "annotations": {}},
            {**LINK, "size": -1, "annotations": {"priority": 2}},
        ),
        (
            {"type": "text", "text": "x", "annotations": {"priority": True, "audience": ["_a"]}},
            {"type": "text", "text": "x", "annotations": {"audience": ["_a"]}},
            {"type": "text", "text": "x", "annotations": {}},
        ),
        (
            {"type": "text", "text": "x", "annotations": "high"},
            {"type": "text", "text": "x"},
            {"type": "text", "text": "x"},
        ),
        (
            {**LINK, "size": "big"},
            LINK,
            LINK,
        ),
    ],
)
def test_what_the_target_refuses_is_left_out(
    block: dict[str, Any], to_v2: dict[str, Any], to_v1: dict[str, Any]
) -> None:
    assert same.content_block(same.V2, block) == to_v2
    assert same.content_block(same.V1, block) == to_v1
