"""Checks of what a legacy agent sends, with the legacy models, before it is translated.

Each checker structures the params with :mod:`acp_compat.models.legacy` and returns them
as the plain dicts the translation works on, or raises
:class:`~acp_compat.codec.CodecError` listing every problem with its wire path from
``params``; the translator then answers the agent ``-32602`` and logs it. Unknown members
are ignored, as everywhere in acp-compat. (The hot path, a well-formed
``streamAssistantMessageChunk`` during a turn, never comes here.)
"""

from __future__ import annotations

from typing import Any, TypeVar

from acp_compat.codec import CodecError, Problem, structure, unstructure
from acp_compat.models.legacy import (
    PushToolCallParams,
    ReadTextFileParams,
    RequestToolCallConfirmationParams,
    StreamAssistantMessageChunkParams,
    TextAssistantChunk,
    ToolCallLocation,
    UpdatePlanParams,
    UpdateToolCallParams,
    WriteTextFileParams,
)

T = TypeVar("T")


def _structure(params: Any, cls: type[T]) -> T:
    try:
        return structure(params, cls)
    except CodecError as err:
        raise err.prefixed("params") from None


def _json(value: Any) -> Any:
    """A model value back as JSON (``None`` stays ``None``)."""
    return None if value is None else unstructure(value)


def chunk(params: Any) -> dict[str, str]:
    """``streamAssistantMessageChunk``: ``{"text": ...}`` or ``{"thought": ...}``."""
    value = _structure(params, StreamAssistantMessageChunkParams).chunk
    if isinstance(value, TextAssistantChunk):
        return {"text": value.text}
    return {"thought": value.thought}


MAX_LINE_NUMBER = 2**32 - 1
"""Both schemas declare a location's ``line`` a ``uint32``."""


def _locations(locations: list[ToolCallLocation] | None) -> list[dict[str, Any]] | None:
    """Locations as JSON, each ``line`` outside ``0..2**32-1`` left out.

    A line such as ``-1`` is invalid in both schemas, and current clients (serde ``u32``)
    may refuse the whole update over it; the file it names is still worth showing.
    """
    if locations is None:
        return None
    result: list[dict[str, Any]] = unstructure(locations)
    for location, checked in zip(result, locations, strict=True):
        if checked.line is not None and not 0 <= checked.line <= MAX_LINE_NUMBER:
            del location["line"]
    return result


def push_tool_call(params: Any, *, confirmation: bool = False) -> dict[str, Any]:
    """``pushToolCall`` (or, with ``confirmation``, ``requestToolCallConfirmation``):
    ``{label, icon, content: dict | None, locations: list | None[, confirmation]}``."""
    checked: PushToolCallParams | RequestToolCallConfirmationParams = (
        _structure(params, RequestToolCallConfirmationParams)
        if confirmation
        else _structure(params, PushToolCallParams)
    )
    result: dict[str, Any] = {
        "label": checked.label,
        "icon": checked.icon,
        "content": _json(checked.content),
        "locations": _locations(checked.locations),
    }
    if confirmation:
        # The validated object verbatim (a null description stays null), so the
        # downgrade side can restore the legacy message exactly.
        result["confirmation"] = dict(params["confirmation"])
    return result


def update_tool_call(params: Any) -> dict[str, Any]:
    """``updateToolCall``: ``{toolCallId, status, content: dict | None}``."""
    checked = _structure(params, UpdateToolCallParams)
    return {
        "toolCallId": checked.tool_call_id,
        "status": checked.status,
        "content": _json(checked.content),
    }


def update_plan(params: Any) -> list[dict[str, Any]]:
    """``updatePlan``: the entries, each ``{content, priority, status}``."""
    entries: list[dict[str, Any]] = unstructure(_structure(params, UpdatePlanParams).entries)
    return entries


def read_text_file(params: Any) -> dict[str, Any]:
    """``readTextFile``: ``{path, line, limit}`` (``None`` when not given)."""
    checked = _structure(params, ReadTextFileParams)
    # The legacy schema says u32, and fs/read_text_file must not get a negative number.
    negative = [
        Problem(f"params.{name}", "expected a non-negative integer or null")
        for name, value in (("line", checked.line), ("limit", checked.limit))
        if value is not None and value < 0
    ]
    if negative:
        raise CodecError(negative)
    return {"path": checked.path, "line": checked.line, "limit": checked.limit}


def write_text_file(params: Any) -> dict[str, Any]:
    """``writeTextFile``: ``{path, content}``."""
    checked = _structure(params, WriteTextFileParams)
    return {"path": checked.path, "content": checked.content}
