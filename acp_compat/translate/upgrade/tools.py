"""Legacy tool calls → current tool calls, permission options and ``_meta``.

Pure functions from the validated legacy models (:mod:`acp_compat.models.legacy`) to the
current JSON the client gets: each legacy request is structured once, and translated from
that object (never turned back into JSON first).

``_meta.acpCompat.legacy`` carries only what the current message cannot express, never a
second copy of content (the package docstring lists the members); the downgrade rebuilds
the legacy message from the current fields plus these.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from acp_compat._lazy import lazy_module
from acp_compat.models.current import wire
from acp_compat.models.mapping import (
    KIND_BY_ICON,
    OPTION_KIND_BY_OUTCOME,
    OPTION_NAME_BY_OUTCOME,
)
from acp_compat.translate import paths

if TYPE_CHECKING:
    from acp_compat.models import legacy as legacy_models
    from acp_compat.models.current.tools import ToolCallStatus
    from acp_compat.models.legacy import ToolCallConfirmationOutcome as Outcome
else:
    # Loaded at the first tool call, not before ``initialize`` is answered (acp_compat/_lazy.py).
    legacy_models = lazy_module("acp_compat.models.legacy")

MAX_LINE_NUMBER = 2**32 - 1
"""Both schemas declare a location's ``line`` a ``uint32``."""


def legacy_meta(legacy: dict[str, Any]) -> dict[str, Any]:
    """The ``_meta`` object carrying what the current shape cannot hold."""
    return {"acpCompat": {"legacy": legacy}}


def fix_diff_path(path: str, locations: Sequence[legacy_models.ToolCallLocation], cwd: str) -> str:
    """An absolute diff path: as is when absolute, else an absolute location ending with
    the same components (for a bare basename, as legacy Gemini sends: the same basename),
    else joined to the session's cwd. Matching whole trailing components, not only the
    basename, keeps ``src/util.py`` from becoming a location's ``lib/util.py``."""
    if paths.is_absolute(path):
        return path
    # A single path component (``util.py``): no separator, not ``.`` or ``..``.
    name = "/" not in path and "\\" not in path and path not in (".", "..", "")
    tail = None if name else paths.components(path)
    last = path if tail is None else (tail[-1] if tail else None)
    for location in locations:
        candidate = location.path
        # Cheap string tests first: a location that cannot end with the path is skipped
        # without normalizing it (this runs for every diff a legacy agent sends).
        if last is None or last not in candidate or not paths.is_absolute(candidate):
            continue
        if name and candidate.endswith(("/" + path, "\\" + path)):
            return candidate
        wanted = tail or [path]
        if paths.components(candidate)[-len(wanted) :] == wanted:
            return candidate
    return paths.resolve(cwd, path)


def tool_call(
    call: legacy_models.PushToolCallParams | legacy_models.RequestToolCallConfirmationParams,
    tool_call_id: str,
    status: ToolCallStatus,
    cwd: str,
    confirmation: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """The current tool call for a legacy push / confirmation request, as the arguments
    of its builders (``wire.tool_call`` for the update that shows it,
    ``wire.tool_call_update`` for the permission request that asks about it): its id,
    title, kind, status, content, locations and raw input, and in ``meta`` what they
    cannot express. ``confirmation`` is the agent's own (validated) confirmation object,
    kept verbatim: a null ``description`` stays null, so the downgrade restores the
    request exactly."""
    legacy: dict[str, Any] = {"icon": call.icon}
    locations = call.locations
    content = map_content(call.content, locations or (), cwd, legacy)
    fields: dict[str, Any] = dict(
        tool_call_id=tool_call_id,
        title=call.label,
        kind=KIND_BY_ICON[call.icon],
        status=status,
        content=content,
    )
    if confirmation is not None:
        assert isinstance(call, legacy_models.RequestToolCallConfirmationParams)
        legacy["confirmation"] = confirmation
        details, fields["raw_input"] = confirmation_details(call.confirmation, call.label, content)
        if details is not None:
            fields["content"] = [*content, text_item(details)]
            legacy["detailsAppended"] = True
    if locations is not None:
        # A line outside 0..2**32-1 (``-1``) is invalid in both schemas, and current
        # clients (serde ``u32``) may refuse the whole update over it: it is left out, the
        # file is still worth showing.
        fields["locations"] = [
            wire.tool_call_location(
                path=location.path,
                line=location.line
                if location.line is not None and 0 <= location.line <= MAX_LINE_NUMBER
                else None,
            )
            for location in locations
        ]
    fields["meta"] = legacy_meta(legacy)
    return fields


def text_item(text: str) -> dict[str, Any]:
    """A current ``content`` tool call item holding a text block."""
    return wire.content(content=wire.text_content(text=text))


def map_content(
    content: legacy_models.ToolCallContent | None,
    locations: Sequence[legacy_models.ToolCallLocation],
    cwd: str,
    legacy: dict[str, Any],
) -> list[dict[str, Any]]:
    """The current content list for one legacy content value. A relative diff path is made
    absolute, and the original path goes into ``legacy`` (the ``_meta`` members)."""
    if content is None:
        return []
    if content.type == "markdown":
        return [text_item(content.markdown)]
    path = content.path
    absolute = path if path.startswith("/") else fix_diff_path(path, locations, cwd)
    if absolute != path:
        legacy["path"] = path
    return [wire.diff(path=absolute, old_text=content.old_text, new_text=content.new_text)]


class _Shown:
    """Everything the user already sees of a call (its title, which every client shows,
    and its content), to tell whether a detail is shown; joined only when a detail is
    asked about (a diff may be megabytes long)."""

    def __init__(self, title: str, content: Sequence[dict[str, Any]]) -> None:
        self._title = title
        self._content = content
        self._text: str | None = None

    def __contains__(self, detail: str) -> bool:
        if detail in self._title:
            return True
        if self._text is None:
            parts: list[str] = []
            for item in self._content:
                if item.get("type") == "content":
                    parts.append(str(item["content"].get("text", "")))
                elif item.get("type") == "diff":
                    parts.extend((str(item.get("path")), str(item.get("newText"))))
            self._text = "\n".join(parts)
        return detail in self._text


def confirmation_details(
    confirmation: legacy_models.ToolCallConfirmation,
    title: str,
    content: Sequence[dict[str, Any]],
) -> tuple[str | None, dict[str, Any] | None]:
    """What the user must see to approve: markdown to append to the content (``None`` when
    the title or the content already shows it) and the ``rawInput`` for the call (``None``
    if none). The input goes in ``rawInput`` whatever is shown: a client that shows both
    the content and ``rawInput`` (agent-shell) would show a command twice, and one that
    shows only the title and content (Zed, CodeCompanion) still sees it in the title."""
    description = confirmation.description
    if confirmation.type == "edit" and not description:
        return None, None  # the usual Gemini edit: the diff says it all
    lines: list[str] = []
    raw_input: dict[str, Any] | None = None
    shown = _Shown(title, content)
    if isinstance(confirmation, legacy_models.ExecuteConfirmation):
        command = confirmation.command
        raw_input = {"command": command, "rootCommand": confirmation.root_command}
        if command not in shown:
            lines.append(f"```sh\n{command}\n```")
    elif isinstance(confirmation, legacy_models.FetchConfirmation):
        urls = list(confirmation.urls)
        raw_input = {"urls": urls}
        missing = [url for url in urls if url not in shown]
        if missing:
            lines.append("Fetch:\n" + "\n".join(f"- {url}" for url in missing))
    elif isinstance(confirmation, legacy_models.McpConfirmation):
        raw_input = {
            "serverName": confirmation.server_name,
            "toolName": confirmation.tool_name,
            "toolDisplayName": confirmation.tool_display_name,
        }
        if confirmation.tool_name not in shown or confirmation.server_name not in shown:
            lines.append(
                f"MCP tool `{confirmation.tool_display_name}` (`{confirmation.tool_name}`)"
                f" from server `{confirmation.server_name}`"
            )
    if description and description not in shown:
        lines.append(description)
    return ("\n\n".join(lines) if lines else None), raw_input


def _option(outcome: str, name: str | None = None) -> dict[str, Any]:
    """The permission option standing for the legacy ``outcome`` (its ``optionId``)."""
    return wire.permission_option(
        option_id=outcome,
        name=name or OPTION_NAME_BY_OUTCOME[outcome],
        kind=OPTION_KIND_BY_OUTCOME[outcome],
    )


_OFFERED: frozenset[Outcome] = frozenset({"alwaysAllow", "allow", "reject"})
_OFFERED_MCP: frozenset[Outcome] = frozenset(
    {"alwaysAllowMcpServer", "alwaysAllowTool", "allow", "reject"}
)


def permission_options(confirmation: legacy_models.ToolCallConfirmation) -> list[dict[str, Any]]:
    """The options for one confirmation, in the contract's order; ``optionId`` is the
    legacy outcome each stands for (the option kinds come from the mapping table)."""
    if isinstance(confirmation, legacy_models.ExecuteConfirmation):
        always = [_option("alwaysAllow", f"Always Allow {confirmation.root_command}")]
    elif isinstance(confirmation, legacy_models.McpConfirmation):
        always = [
            _option("alwaysAllowMcpServer", f"Always Allow {confirmation.server_name}"),
            _option("alwaysAllowTool", f"Always Allow {confirmation.tool_display_name}"),
        ]
    else:
        edits = confirmation.type == "edit"
        always = [_option("alwaysAllow", "Always Allow Edits" if edits else "Always Allow")]
    return [*always, _option("allow"), _option("reject")]


def offered_outcomes(confirmation: legacy_models.ToolCallConfirmation) -> frozenset[Outcome]:
    """The ``optionId`` values :func:`permission_options` offers for ``confirmation``."""
    return _OFFERED_MCP if isinstance(confirmation, legacy_models.McpConfirmation) else _OFFERED
