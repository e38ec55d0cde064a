"""Legacy tool calls → current tool calls, permission options and outcomes.

Pure functions over plain dicts: the legacy params have been checked (and
turned back into JSON) by :mod:`.agent_params` before they get here.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from typing import Any

ICON_KIND: dict[str, str] = {
    "fileSearch": "search",
    "folder": "search",
    "globe": "search",
    "regex": "search",
    "pencil": "edit",
    "terminal": "execute",
    "lightBulb": "think",
    "hammer": "other",
}
"""Legacy icon → current ``ToolKind`` (Zed's fixed table, every legacy icon)."""

STATUS: dict[str, str] = {"running": "in_progress", "finished": "completed", "error": "failed"}
"""Legacy ``ToolCallStatus`` → current ``ToolCallStatus``."""

FINAL_STATUSES = frozenset({"completed", "failed"})

REJECTING_OUTCOMES = frozenset({"reject", "cancel"})
"""Legacy outcomes after which the agent sends nothing more for the call."""


def legacy_meta(legacy: dict[str, Any]) -> dict[str, Any]:
    """The ``_meta`` object carrying what the current shape cannot hold."""
    return {"acpCompat": {"legacy": legacy}}


def fix_diff_path(path: str, locations: Sequence[dict[str, Any]], cwd: str) -> str:
    """An absolute diff path: as is when absolute, else an absolute location ending with
    the same components (for a bare basename, as legacy Gemini sends: the same basename),
    else joined to the session's cwd. Matching whole trailing components, not only the
    basename, keeps ``src/util.py`` from becoming a location's ``lib/util.py``."""
    if os.path.isabs(path):
        return path
    tail = os.path.normpath(path).split(os.sep)
    for location in locations:
        candidate = location.get("path")
        if (
            isinstance(candidate, str)
            and os.path.isabs(candidate)
            and os.path.normpath(candidate).split(os.sep)[-len(tail) :] == tail
        ):
            return candidate
    return os.path.normpath(os.path.join(cwd, path))


def map_content(
    content: dict[str, Any] | None, locations: Sequence[dict[str, Any]], cwd: str
) -> tuple[list[dict[str, Any]], bool]:
    """Current content for one legacy content value, and whether a diff path was changed
    (the legacy value then cannot be read back from the current one)."""
    if content is None:
        return [], False
    if content["type"] == "markdown":
        return [text_item(content["markdown"])], False
    path = content["path"]
    absolute = fix_diff_path(path, locations, cwd)
    diff = {
        "type": "diff",
        "path": absolute,
        "oldText": content.get("oldText"),
        "newText": content["newText"],
    }
    return [diff], absolute != path


def text_item(text: str) -> dict[str, Any]:
    """A current ``content`` tool call item holding a text block."""
    return {"type": "content", "content": {"type": "text", "text": text}}


def _content_texts(content: Sequence[dict[str, Any]]) -> str:
    """Everything the user already sees in the content, to tell whether a detail is shown."""
    parts: list[str] = []
    for item in content:
        if item.get("type") == "content":
            parts.append(str(item["content"].get("text", "")))
        elif item.get("type") == "diff":
            parts.extend((str(item.get("path")), str(item.get("newText"))))
    return "\n".join(parts)


def confirmation_details(
    confirmation: dict[str, Any], content: Sequence[dict[str, Any]]
) -> tuple[str | None, dict[str, Any] | None]:
    """What the user must see to approve: markdown to append to the content (``None`` when
    the content already shows it) and the ``rawInput`` for the call (``None`` if none)."""
    kind = confirmation["type"]
    shown = _content_texts(content)
    lines: list[str] = []
    raw_input: dict[str, Any] | None = None
    if kind == "execute":
        command = confirmation["command"]
        raw_input = {"command": command, "rootCommand": confirmation["rootCommand"]}
        if command not in shown:
            lines.append(f"```sh\n{command}\n```")
    elif kind == "fetch":
        urls = list(confirmation["urls"])
        raw_input = {"urls": urls}
        missing = [url for url in urls if url not in shown]
        if missing:
            lines.append("Fetch:\n" + "\n".join(f"- {url}" for url in missing))
    elif kind == "mcp":
        keys = ("serverName", "toolName", "toolDisplayName")
        raw_input = {key: confirmation[key] for key in keys}
        if confirmation["toolName"] not in shown or confirmation["serverName"] not in shown:
            lines.append(
                f"MCP tool `{confirmation['toolDisplayName']}` (`{confirmation['toolName']}`)"
                f" from server `{confirmation['serverName']}`"
            )
    description = confirmation.get("description")
    if isinstance(description, str) and description and description not in shown:
        lines.append(description)
    return ("\n\n".join(lines) if lines else None), raw_input


def permission_options(confirmation: dict[str, Any]) -> list[dict[str, str]]:
    """The options for one confirmation, in the contract's order; ``optionId`` is the
    legacy outcome each stands for."""
    kind = confirmation["type"]
    if kind == "edit":
        always = [("alwaysAllow", "Always Allow Edits")]
    elif kind == "execute":
        always = [("alwaysAllow", f"Always Allow {confirmation['rootCommand']}")]
    elif kind == "mcp":
        always = [
            ("alwaysAllowMcpServer", f"Always Allow {confirmation['serverName']}"),
            ("alwaysAllowTool", f"Always Allow {confirmation['toolDisplayName']}"),
        ]
    else:
        always = [("alwaysAllow", "Always Allow")]
    options = [{"optionId": oid, "name": name, "kind": "allow_always"} for oid, name in always]
    options.append({"optionId": "allow", "name": "Allow", "kind": "allow_once"})
    options.append({"optionId": "reject", "name": "Reject", "kind": "reject_once"})
    return options
