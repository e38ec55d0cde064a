"""Checks of what a legacy agent sends, before it is translated.

Each checker returns the params as a plain dict, or raises
:class:`~acp_compat.codec.errors.CodecError` listing every problem with its wire path;
the translator then answers the agent with ``-32602`` and logs it. Unknown members are
ignored, as everywhere in acp-compat.
"""

from __future__ import annotations

from typing import Any

from acp_compat.codec import CodecError, Problem

LEGACY_STATUSES = frozenset({"running", "finished", "error"})
PLAN_PRIORITIES = frozenset({"high", "medium", "low"})
PLAN_STATUSES = frozenset({"pending", "in_progress", "completed"})


class _Checker:
    """Collects problems while reading a params object, so all of them are reported."""

    def __init__(self, params: Any) -> None:
        self.problems: list[Problem] = []
        if not isinstance(params, dict):
            self.problems.append(Problem("params", "expected an object"))
            params = {}
        self.params: dict[str, Any] = params

    def fail(self, path: str, message: str) -> None:
        self.problems.append(Problem(path, message))

    def string(self, obj: dict[str, Any], key: str, path: str) -> str:
        value = obj.get(key)
        if not isinstance(value, str):
            self.fail(f"{path}.{key}", "expected a string")
            return ""
        return value

    def optional_int(self, obj: dict[str, Any], key: str, path: str) -> int | None:
        value = obj.get(key)
        if value is None:
            return None
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            self.fail(f"{path}.{key}", "expected a non-negative integer or null")
            return None
        return value

    def one_of(self, obj: dict[str, Any], key: str, path: str, allowed: frozenset[str]) -> str:
        value = obj.get(key)
        if value not in allowed:
            self.fail(f"{path}.{key}", f"expected one of {', '.join(sorted(allowed))}")
            return ""
        return str(value)

    def done(self) -> None:
        if self.problems:
            raise CodecError(self.problems)


def _content(check: _Checker, value: Any, path: str) -> dict[str, Any] | None:
    if value is None:
        return None
    if not isinstance(value, dict):
        check.fail(path, "expected an object or null")
        return None
    kind = value.get("type")
    if kind == "markdown":
        return {"type": "markdown", "markdown": check.string(value, "markdown", path)}
    if kind == "diff":
        old = value.get("oldText")
        if old is not None and not isinstance(old, str):
            check.fail(f"{path}.oldText", "expected a string or null")
        return {
            "type": "diff",
            "path": check.string(value, "path", path),
            "oldText": old if isinstance(old, str) else None,
            "newText": check.string(value, "newText", path),
        }
    check.fail(f"{path}.type", 'expected "markdown" or "diff"')
    return None


def _locations(check: _Checker, value: Any, path: str) -> list[dict[str, Any]] | None:
    if value is None:
        return None
    if not isinstance(value, list):
        check.fail(path, "expected a list")
        return None
    out: list[dict[str, Any]] = []
    for index, item in enumerate(value):
        where = f"{path}[{index}]"
        if not isinstance(item, dict):
            check.fail(where, "expected an object")
            continue
        location: dict[str, Any] = {"path": check.string(item, "path", where)}
        if item.get("line") is not None:
            location["line"] = check.optional_int(item, "line", where)
        out.append(location)
    return out


def chunk(params: Any) -> dict[str, str]:
    """``streamAssistantMessageChunk``: ``{"text": ...}`` or ``{"thought": ...}``."""
    check = _Checker(params)
    value = check.params.get("chunk")
    result: dict[str, str] = {}
    if isinstance(value, dict) and isinstance(value.get("text"), str):
        result = {"text": value["text"]}
    elif isinstance(value, dict) and isinstance(value.get("thought"), str):
        result = {"thought": value["thought"]}
    else:
        check.fail("params.chunk", "expected {text} or {thought}")
    check.done()
    return result


def push_tool_call(params: Any, *, confirmation: bool = False) -> dict[str, Any]:
    """``pushToolCall`` (or, with ``confirmation``, ``requestToolCallConfirmation``)."""
    check = _Checker(params)
    p = check.params
    result: dict[str, Any] = {
        "label": check.string(p, "label", "params"),
        # Any icon string is accepted (an unknown one becomes kind "other"): refusing
        # a tool call over its picture would break the agent's turn.
        "icon": check.string(p, "icon", "params"),
        "content": _content(check, p.get("content"), "params.content"),
        "locations": _locations(check, p.get("locations"), "params.locations"),
    }
    if confirmation:
        result["confirmation"] = _confirmation(check, p.get("confirmation"))
    check.done()
    return result


def _confirmation(check: _Checker, value: Any) -> dict[str, Any]:
    path = "params.confirmation"
    if not isinstance(value, dict):
        check.fail(path, "expected an object")
        return {}
    kind = value.get("type")
    required: dict[str, tuple[str, ...]] = {
        "edit": (),
        "execute": ("command", "rootCommand"),
        "mcp": ("serverName", "toolName", "toolDisplayName"),
        "fetch": (),
        "other": ("description",),
    }
    if kind not in required:
        check.fail(f"{path}.type", "expected one of edit, execute, fetch, mcp, other")
        return {}
    for key in required[str(kind)]:
        check.string(value, key, path)
    if kind == "fetch":
        urls = value.get("urls")
        if not isinstance(urls, list) or not all(isinstance(u, str) for u in urls):
            check.fail(f"{path}.urls", "expected a list of strings")
    description = value.get("description")
    if description is not None and not isinstance(description, str):
        check.fail(f"{path}.description", "expected a string or null")
    # Kept verbatim: the downgrade side restores the legacy message from it.
    return dict(value)


def update_tool_call(params: Any) -> dict[str, Any]:
    """``updateToolCall``: ``{toolCallId, status, content}``."""
    check = _Checker(params)
    p = check.params
    tool_id = p.get("toolCallId")
    if isinstance(tool_id, bool) or not isinstance(tool_id, int):
        check.fail("params.toolCallId", "expected an integer")
    result = {
        "toolCallId": tool_id,
        "status": check.one_of(p, "status", "params", LEGACY_STATUSES),
        "content": _content(check, p.get("content"), "params.content"),
    }
    check.done()
    return result


def update_plan(params: Any) -> list[dict[str, Any]]:
    """``updatePlan``: the entries, each ``{content, priority, status}``."""
    check = _Checker(params)
    entries = check.params.get("entries")
    out: list[dict[str, Any]] = []
    if not isinstance(entries, list):
        check.fail("params.entries", "expected a list")
        entries = []
    for index, entry in enumerate(entries):
        where = f"params.entries[{index}]"
        if not isinstance(entry, dict):
            check.fail(where, "expected an object")
            continue
        out.append({
            "content": check.string(entry, "content", where),
            "priority": check.one_of(entry, "priority", where, PLAN_PRIORITIES),
            "status": check.one_of(entry, "status", where, PLAN_STATUSES),
        })
    check.done()
    return out


def read_text_file(params: Any) -> dict[str, Any]:
    """``readTextFile``: ``{path, line?, limit?}``."""
    check = _Checker(params)
    p = check.params
    result = {
        "path": check.string(p, "path", "params"),
        "line": check.optional_int(p, "line", "params"),
        "limit": check.optional_int(p, "limit", "params"),
    }
    check.done()
    return result


def write_text_file(params: Any) -> dict[str, Any]:
    """``writeTextFile``: ``{path, content}``."""
    check = _Checker(params)
    p = check.params
    result = {"path": check.string(p, "path", "params"),
              "content": check.string(p, "content", "params")}
    check.done()
    return result
