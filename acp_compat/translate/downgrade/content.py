"""Content between the two shapes, both ways.

Current content → legacy content: the one-value merge, block renderings, locations,
plans. A legacy tool call holds a single content value (markdown or one diff); a current
one holds a list. docs/notes.md §7 E4 gives the merge this module implements.

Legacy ``sendUserMessage`` chunks → a current prompt (:func:`prompt_blocks`), and what a
stop reason the legacy protocol cannot carry tells the user (:func:`stop_note`).
"""

from __future__ import annotations

import difflib
import ntpath
from pathlib import PurePosixPath, PureWindowsPath
from typing import TYPE_CHECKING, Any, get_args

from acp_compat._lazy import lazy_module
from acp_compat.models import legacy_wire
from acp_compat.models.current import wire
from acp_compat.translate import paths
from acp_compat.translate.markdown import backticks_for, inline_code, link, one_line

if TYPE_CHECKING:
    from acp_compat.models import legacy as legacy_models
else:
    # Loaded at the first plan, not before ``initialize`` is answered.
    legacy_models = lazy_module("acp_compat.models.legacy")

TERMINAL_NOTE = "(terminal output not available)"


def render_block(block: Any) -> str:
    """A short markdown rendering of a content block the legacy side cannot carry.

    Text is itself; links become markdown links; images and audio become ``[image]`` /
    ``[audio]``; anything else is named by its type.
    """
    if not isinstance(block, dict):
        return "[content]"
    kind = block.get("type")
    if kind == "text":
        text = block.get("text")
        return text if isinstance(text, str) else ""
    if kind == "resource_link":
        uri = _str(block.get("uri"))
        label = _str(block.get("title")) or _str(block.get("name")) or uri
        return link(label, uri)
    if kind == "resource":
        resource = block.get("resource")
        uri = _str(resource.get("uri")) if isinstance(resource, dict) else ""
        return link(uri, uri) if uri else "[resource]"
    if kind in ("image", "audio"):
        return f"[{kind}]"
    return f"[{kind}]" if isinstance(kind, str) and kind else "[content]"


def merge_content(items: Any) -> dict[str, Any] | None:
    """The single legacy ``ToolCallContent`` for a current content list (``None``: no content)."""
    if not isinstance(items, list):
        return None
    items = [item for item in items if isinstance(item, dict)]
    if not items:
        return None
    if len(items) == 1 and items[0].get("type") == "diff":
        return legacy_diff(items[0])
    parts = [_render_item(item) for item in items]
    return legacy_wire.markdown_content(markdown="\n\n".join(parts))


def legacy_diff(item: dict[str, Any]) -> dict[str, Any]:
    """A current diff item as a legacy diff (``oldText`` null for a new file)."""
    old = item.get("oldText")
    return legacy_wire.diff_content(
        path=_str(item.get("path")),
        old_text=old if isinstance(old, str) else None,
        new_text=_str(item.get("newText")),
    )


def _render_item(item: dict[str, Any]) -> str:
    """One item of a mixed content list as markdown."""
    kind = item.get("type")
    if kind == "content":
        return render_block(item.get("content"))
    if kind == "diff":
        return _fenced_diff(legacy_diff(item))
    if kind == "terminal":
        return TERMINAL_NOTE
    return render_block(item)


def _fenced_diff(diff: dict[str, Any]) -> str:
    """A diff as a unified diff in a fenced block headed by its path."""
    old = diff["oldText"] or ""
    lines = difflib.unified_diff(old.splitlines(), diff["newText"].splitlines(), lineterm="", n=3)
    # The first two lines are the ---/+++ file headers; the path heading replaces them.
    body = "\n".join(list(lines)[2:])
    fence = backticks_for(body, 3)
    return f"{inline_code(one_line(diff['path']))}\n{fence}diff\n{body}\n{fence}"


def legacy_locations(locations: Any) -> list[dict[str, Any]]:
    """Current ``ToolCallLocation`` list → legacy ``{path, line?}`` list (line unchanged)."""
    if not isinstance(locations, list):
        return []
    result: list[dict[str, Any]] = []
    for location in locations:
        if not isinstance(location, dict) or not isinstance(location.get("path"), str):
            continue
        line = location.get("line")
        usable = isinstance(line, int) and not isinstance(line, bool) and line >= 0
        result.append(
            legacy_wire.tool_call_location(path=location["path"], line=line if usable else None)
        )
    return result


_PLAN_MARK = {"completed": "- [x] ", "in_progress": "- [ ] ", "pending": "- [ ] "}


def plan_entries(entries: Any) -> list[dict[str, Any]]:
    """Plan entries reduced to the legacy ``PlanEntry`` members (well-formed ones only)."""
    if not isinstance(entries, list):
        return []
    result = []
    for entry in entries:
        if not isinstance(entry, dict) or not isinstance(entry.get("content"), str):
            continue
        priority: Any = entry.get("priority")  # either is checked below
        status: Any = entry.get("status")
        result.append(
            legacy_wire.plan_entry(
                content=entry["content"],
                priority=priority
                if priority in get_args(legacy_models.PlanEntryPriority)
                else "medium",
                status=status if status in get_args(legacy_models.PlanEntryStatus) else "pending",
            )
        )
    return result


def plan_checklist(entries: list[dict[str, Any]]) -> str:
    """A plan as a markdown checklist; the entry in progress is marked as such."""
    if not entries:
        return "(empty plan)"
    lines = []
    for entry in entries:
        suffix = " _(in progress)_" if entry["status"] == "in_progress" else ""
        lines.append(f"{_PLAN_MARK[entry['status']]}{entry['content']}{suffix}")
    return "\n".join(lines)


def _str(value: Any) -> str:
    """``value`` if it is a string, else the empty string."""
    return value if isinstance(value, str) else ""


# --------------------------------------------------------------------------- prompts


class BadChunks(ValueError):
    """The ``chunks`` of a ``sendUserMessage`` are not a list of ``{text}`` / ``{path}``."""


def prompt_blocks(params: Any, cwd: str) -> list[dict[str, Any]]:
    """The ``session/prompt`` content blocks for legacy ``sendUserMessage`` params.

    ``{text}`` → a text block; ``{path}`` → a ``resource_link`` to the file (a relative
    path is resolved against the session cwd, as the legacy agent's own cwd would have).
    """
    chunks = params.get("chunks") if isinstance(params, dict) else None
    if not isinstance(chunks, list):
        raise BadChunks("sendUserMessage needs params.chunks, a list")
    blocks = []
    for index, chunk in enumerate(chunks):
        if isinstance(chunk, dict) and isinstance(chunk.get("text"), str):
            blocks.append(wire.text_content(text=chunk["text"]))
        elif isinstance(chunk, dict) and isinstance(chunk.get("path"), str) and chunk["path"]:
            blocks.append(_filelink(chunk["path"], cwd))
        else:
            raise BadChunks(f"params.chunks[{index}] must be {{text: string}} or {{path: string}}")
    return blocks


def _filelink(path: str, cwd: str) -> dict[str, Any]:
    """A ``resource_link`` block for a local file mentioned by the user (the path's
    flavour, POSIX or Windows, is the session cwd's, whatever the host)."""
    absolute = paths.resolve(cwd, path)
    pure = (
        PureWindowsPath(absolute) if paths.flavour(absolute) is ntpath else PurePosixPath(absolute)
    )
    return wire.resource_link(uri=pure.as_uri(), name=pure.name or absolute)


_STOP_NOTES = {
    "max_tokens": "The agent stopped: it reached its output token limit.",
    "max_turn_requests": "The agent stopped: it reached its limit of requests for one turn.",
    "refusal": "The agent refused to continue this request.",
}


def stop_note(stop_reason: Any) -> str | None:
    """The short text a legacy user sees for a stop reason their protocol cannot carry."""
    return _STOP_NOTES.get(stop_reason) if isinstance(stop_reason, str) else None
