"""ACP v1 shapes → ACP v2 (draft) shapes, one function a shape, for both translators.

The counterpart of :mod:`.to_v1`. Input is a v1 dict read leniently: a member of the
wrong type is left out, as a peer's unknown member is, and a list keeps its well-formed
items (a client's request was validated before it gets here; an agent's output is never
rejected). Output is built with the v2 builders; ``_meta`` is carried wherever both
shapes have it. A shape the same in both is :mod:`.same`'s.
"""

from __future__ import annotations

import difflib
from typing import Any

from acp_compat.models._base import UNCHANGED
from acp_compat.models.v2 import wire

from . import same
from .same import meta, objects, text

MODE_CONFIG_ID = "mode"
"""The ``configId`` of the select option that stands for a v1 agent's session modes (v2
has no modes: "Modes are config options", with ``category: "mode"``)."""


def marker(present: Any) -> dict[str, Any] | None:
    """A v2 support marker (``{}``) for a v1 boolean or object marker."""
    return {} if present is True or isinstance(present, dict) else None


# -- initialize -------------------------------------------------------------------------


def agent_capabilities(caps: Any) -> dict[str, Any]:
    """v1 ``agentCapabilities`` → v2 ``capabilities``: prompt and MCP support under
    ``session``, booleans as ``{}`` markers. ``session`` is always there: advertising it
    commits to the baseline methods, which the relay serves or refuses for a v1 agent
    (docs/behaviour.md, "v1 and v2")."""
    caps = caps if isinstance(caps, dict) else {}
    prompt = caps.get("promptCapabilities")
    prompt = prompt if isinstance(prompt, dict) else {}
    mcp = caps.get("mcpCapabilities")
    mcp = mcp if isinstance(mcp, dict) else {}
    sessions = caps.get("sessionCapabilities")
    sessions = sessions if isinstance(sessions, dict) else {}
    return wire.agent_capabilities(
        session=wire.session_capabilities(
            prompt=wire.prompt_capabilities(
                image=marker(prompt.get("image")),
                audio=marker(prompt.get("audio")),
                embedded_context=marker(prompt.get("embeddedContext")),
            ),
            # Every v1 agent takes stdio servers (v1 has no marker for them); SSE is gone.
            mcp=wire.mcp_capabilities(stdio={}, http=marker(mcp.get("http"))),
            delete=marker(sessions.get("delete")),
            additional_directories=marker(sessions.get("additionalDirectories")),
        )
    )


# -- sessions ---------------------------------------------------------------------------


def config_options(options: Any) -> list[dict[str, Any]]:
    """v1 config options → v2 (``id`` is ``configId``, a group's ``group`` is ``groupId``);
    an option of a type v2 lacks is kept as it came (v2's union is open)."""
    return [converted for option in objects(options) if (converted := config_option(option))]


def config_option(option: dict[str, Any]) -> dict[str, Any] | None:
    """One v1 config option → v2; ``None`` when it names no id, name or type (v2's union
    of options is open to any type named by a string)."""
    config_id, name = text(option, "id"), text(option, "name")
    if config_id is None or name is None or text(option, "type") is None:
        return None
    if option.get("type") in ("boolean", "select"):
        # None for a malformed one: a client could not show it.
        return same.config_option(same.V1, same.V2, option, config_id, name)
    kept = {key: value for key, value in option.items() if key != "id"}
    return {"configId": config_id, **kept}


def mode_option(modes: Any, current: str | None = None) -> dict[str, Any] | None:
    """A v1 agent's session modes as the v2 ``mode`` select option, in its current mode
    or ``current``; ``None`` when it offers none."""
    if not isinstance(modes, dict):
        return None
    current = current or text(modes, "currentModeId")
    if current is None:
        return None
    choices = [
        wire.session_config_select_option(
            value=mode_id, name=name, description=text(mode, "description"), meta=meta(mode)
        )
        for mode in objects(modes.get("availableModes"))
        if (mode_id := text(mode, "id")) is not None and (name := text(mode, "name")) is not None
    ]
    if not choices:
        return None
    return wire.session_config_select(
        config_id=MODE_CONFIG_ID,
        name="Mode",
        category="mode",
        current_value=current,
        options=choices,
        meta=meta(modes),
    )


def command(entry: dict[str, Any]) -> dict[str, Any] | None:
    """A v1 slash command → v2: tagged ``command``, its input tagged ``text``."""
    name, description = text(entry, "name"), text(entry, "description")
    if name is None or description is None:
        return None
    given = entry.get("input")
    hint = text(given, "hint") if isinstance(given, dict) else None
    typed_input = (
        wire.text_command_input(hint=hint, meta=meta(given))
        if hint is not None and isinstance(given, dict)
        else None
    )
    return wire.command(name=name, description=description, input=typed_input, meta=meta(entry))


# -- tool calls -------------------------------------------------------------------------


def tool_call_content(items: Any) -> list[dict[str, Any]]:
    """v1 tool call content → v2: a diff becomes its changes and a ``git_patch``."""
    out = []
    for item in objects(items):
        if item.get("type") == "diff":
            converted = diff(item)
            if converted is not None:
                out.append(converted)
        elif item.get("type") == "content" and isinstance(item.get("content"), dict):
            block = same.content_block(same.V2, item["content"])
            changed = block is not item["content"]
            out.append(wire.content(content=block, meta=meta(item)) if changed else item)
        else:
            # content and terminal items are the same shape in both (a terminal is only a
            # reference in v2, and a v1 agent behind a v2 client is told there are none).
            out.append(item)
    return out


def diff(item: dict[str, Any]) -> dict[str, Any] | None:
    """A v1 diff (``path``, ``oldText``, ``newText``) → v2: one change (``add`` without
    old text, else ``modify``) and its unified diff as a ``git_patch``."""
    path, new = text(item, "path"), text(item, "newText")
    if path is None or new is None:
        return None
    old = text(item, "oldText")
    change = (wire.add if old is None else wire.modify)(path=path, file_type="text")
    return wire.diff(
        changes=[change],
        patch=wire.diff_patch(format="git_patch", text=git_patch(path, old, new)),
        meta=meta(item),
    )


def git_patch(path: str, old: str | None, new: str) -> str:
    """One file's change in Git's patch format, with the absolute paths v2 asks for."""
    head = f"diff --git {path} {path}\n"
    if old is None:
        head += "new file mode 100644\n"
    lines = difflib.unified_diff(
        (old or "").splitlines(keepends=True),
        new.splitlines(keepends=True),
        fromfile="/dev/null" if old is None else path,
        tofile=path,
    )
    body = "".join(
        line if line.endswith("\n") else line + "\n\\ No newline at end of file\n" for line in lines
    )
    return head + body


def tool_call_upsert(update: dict[str, Any], session_update: bool) -> dict[str, Any]:
    """A v1 ``tool_call`` or ``tool_call_update`` → a v2 ``tool_call_update`` upsert
    (``session_update``: as a session update, else as a permission's subject).

    A v1 ``null`` member means "not given", where a v2 one clears: it is left out, as is
    a title, kind, name or status that is no string.
    """

    def given(member: str) -> Any:
        value = update.get(member)
        return UNCHANGED if value is None else value

    def named(member: str) -> Any:  # a string member: one of the wrong type is not given
        value = update.get(member)
        return value if isinstance(value, str) else UNCHANGED

    content, locations = update.get("content"), update.get("locations")
    build = wire.tool_call_progress if session_update else wire.tool_call_update
    return build(
        tool_call_id=update["toolCallId"],
        title=named("title"),
        kind=named("kind"),
        name=named("name"),
        status=named("status"),
        content=tool_call_content(content) if isinstance(content, list) else UNCHANGED,
        locations=(
            same.tool_call_locations(same.V2, locations)
            if isinstance(locations, list)
            else UNCHANGED
        ),
        raw_input=given("rawInput"),
        raw_output=given("rawOutput"),
        meta=meta(update),
    )


def plan_update(update: dict[str, Any], plan_id: str) -> dict[str, Any]:
    """A v1 ``plan`` → a v2 ``plan_update`` of the session's one plan, ``plan_id``."""
    entries = [
        wire.plan_entry(content=content, priority=priority, status=status, meta=meta(entry))
        for entry in objects(update.get("entries"))
        if (content := text(entry, "content")) is not None
        and (priority := text(entry, "priority")) is not None
        and (status := text(entry, "status")) is not None
    ]
    return wire.plan_update(
        plan=wire.plan_items(plan_id=plan_id, entries=entries), meta=meta(update)
    )
