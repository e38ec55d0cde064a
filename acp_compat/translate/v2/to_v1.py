"""ACP v2 (draft) shapes → ACP v1 shapes, one function a shape, for both translators.

The counterpart of :mod:`.to_v2`, read the same way: a v2 dict read leniently (a client's
request after validation, an agent's output as it comes), a v1 object built with the v1
builders (:mod:`acp_compat.models.current.wire`); a shape with the same members in both
is :mod:`.same`'s.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final, TypedDict

from acp_compat.models._base import camel_case, union_tags
from acp_compat.models.current import content as v1_content
from acp_compat.models.current import wire
from acp_compat.models.current.tools import TOOL_KIND_VALUES

from . import same
from .same import meta, objects, text

if TYPE_CHECKING:
    from acp_compat.models.current.tools import ToolCallStatus
    from acp_compat.models.current.updates import PlanEntryPriority, PlanEntryStatus


# -- initialize -------------------------------------------------------------------------


def agent_capabilities(caps: Any, auth_methods: list[Any]) -> dict[str, Any]:
    """v2 ``capabilities`` → v1 ``agentCapabilities``. A v2 agent with ``session`` serves
    the baseline, so v1's list, resume and close markers and ``loadSession`` (a resume
    with replay) are all set; logout is required with auth methods."""
    caps = caps if isinstance(caps, dict) else {}
    session = caps.get("session")
    if not isinstance(session, dict):
        return wire.agent_capabilities()
    prompt = session.get("prompt")
    prompt = prompt if isinstance(prompt, dict) else {}
    mcp = session.get("mcp")
    mcp = mcp if isinstance(mcp, dict) else {}
    return wire.agent_capabilities(
        load_session=True,
        prompt_capabilities=wire.prompt_capabilities(
            image=isinstance(prompt.get("image"), dict),
            audio=isinstance(prompt.get("audio"), dict),
            embedded_context=isinstance(prompt.get("embeddedContext"), dict),
        ),
        mcp_capabilities=wire.mcp_capabilities(http=isinstance(mcp.get("http"), dict), sse=False),
        session_capabilities=wire.session_capabilities(
            list={},
            resume={},
            close={},
            delete={} if isinstance(session.get("delete"), dict) else None,
            additional_directories=(
                {} if isinstance(session.get("additionalDirectories"), dict) else None
            ),
        ),
        auth=wire.agent_auth_capabilities(logout={}) if auth_methods else None,
    )


# -- sessions ---------------------------------------------------------------------------


def config_options(options: Any, unshown: set[str]) -> list[dict[str, Any]]:
    """v2 config options → v1 (``configId`` is ``id``, ``groupId`` is ``group``); an option
    of a type v1 lacks is left out (v1's union is closed) and named in ``unshown``."""
    out = []
    for option in objects(options):
        config_id, name = text(option, "configId"), text(option, "name")
        if config_id is None or name is None:
            continue
        if (converted := same.config_option(same.V2, same.V1, option, config_id, name)) is None:
            unshown.add(f"config option type {option.get('type')!r}")
        else:
            out.append(converted)
    return out


def mode_option(options: Any) -> dict[str, Any] | None:
    """The v2 select option of category ``mode`` (v2's modes), if there is one."""
    for option in objects(options):
        if (
            option.get("category") == "mode"
            and option.get("type") == "select"
            and text(option, "configId") is not None
            and text(option, "currentValue") is not None
        ):
            return option
    return None


def modes(option: dict[str, Any] | None) -> dict[str, Any] | None:
    """The v2 mode option as v1 session modes (its values, groups flattened)."""
    if option is None or (current := text(option, "currentValue")) is None:
        return None
    available = []
    for entry in objects(option.get("options")):
        for choice in objects(entry.get("options")) if "groupId" in entry else [entry]:
            if (value := text(choice, "value")) is not None and (name := text(choice, "name")):
                available.append(
                    wire.session_mode(
                        id=value,
                        name=name,
                        description=text(choice, "description"),
                        meta=meta(choice),
                    )
                )
    return wire.session_mode_state(current_mode_id=current, available_modes=available)


def command(entry: dict[str, Any], unshown: set[str]) -> dict[str, Any] | None:
    """A v2 slash command → v1 (untagged; its ``text`` input v1's unstructured one);
    ``None`` for a kind of command v1 lacks (named in ``unshown``)."""
    name, description = text(entry, "name"), text(entry, "description")
    if entry.get("type") != "command":
        unshown.add(f"command type {entry.get('type')!r}")
        return None
    if name is None or description is None:
        return None
    given = entry.get("input")
    hint = text(given, "hint") if isinstance(given, dict) and given.get("type") == "text" else None
    typed_input = (
        wire.unstructured_command_input(hint=hint, meta=meta(given))
        if hint is not None and isinstance(given, dict)
        else None
    )
    return wire.available_command(
        name=name, description=description, input=typed_input, meta=meta(entry)
    )


# -- content ----------------------------------------------------------------------------

CONTENT_TYPES: Final = union_tags(v1_content.ContentBlock)
"""The content block types v1 has (its union is closed, v2's open)."""


def shown_block(block: dict[str, Any], unshown: set[str]) -> dict[str, Any] | None:
    """A v2 content block as a v1 client is shown it (:func:`.same.content_block`), or
    ``None``: a type v1 lacks (an extension's, a newer draft's) cannot be, and is named
    in ``unshown`` (v1's schema, and the SDK's v1 clients, refuse a whole update that
    holds one)."""
    kind = block.get("type")
    if isinstance(kind, str) and kind in CONTENT_TYPES:
        return same.content_block(same.V1, block)
    unshown.add(f"content type {kind!r}")
    return None


# -- tool calls -------------------------------------------------------------------------

TOOL_CALL_STATUSES: Final[dict[str, ToolCallStatus]] = {
    "pending": "pending",
    "in_progress": "in_progress",
    "completed": "completed",
    "failed": "failed",
    # v1 has neither: a paused call is still under way, a cancelled one did not complete.
    "paused": "in_progress",
    "cancelled": "failed",
}
"""v2 tool call status → the v1 status that shows it."""


def tool_call_content(items: Any, unshown: set[str]) -> list[dict[str, Any]]:
    """v2 tool call content → v1: a diff becomes its patch as text (v2 diffs have no old
    and new text to give), a display terminal is left out (v1's terminals are the
    client's); ``unshown`` collects the kinds left out or changed, for the log."""
    out = []
    for item in objects(items):
        kind = item.get("type")
        if kind == "content" and isinstance(item.get("content"), dict):
            if (block := shown_block(item["content"], unshown)) is not None:
                out.append(wire.content(content=block, meta=meta(item)))
        elif kind == "diff":
            unshown.add("diff content (shown as its patch text)")
            out.append(wire.content(content=_diff_text(item)))
        else:
            unshown.add(f"{kind} tool call content")
    return out


def _diff_text(item: dict[str, Any]) -> dict[str, Any]:
    """A v2 diff as a markdown text block: its patch, or the list of its changes."""
    patch = item.get("patch")
    body = text(patch, "text") if isinstance(patch, dict) else None
    if body is not None:
        return wire.text_content(text=f"```diff\n{body}```")
    lines = []
    for change in objects(item.get("changes")):
        path = text(change, "path") or text(change, "oldPath") or "?"
        lines.append(f"{text(change, 'operation') or 'change'}: {path}")
    return wire.text_content(text="\n".join(lines))


TOOL_CALL_MEMBERS: Final = tuple(
    (camel_case(name), name) for name in ("title", "kind", "name", "raw_input", "raw_output")
)
"""The tool call members the same in v1 and v2 (copied when given), each with the name of
its builder argument."""


NAMES: Final = frozenset({"title", "name"})
"""The tool call members of :data:`TOOL_CALL_MEMBERS` that are strings (the others are
any value)."""


class ToolCallFields(TypedDict, total=False):
    """A v2 tool call upsert's members as the v1 builders' arguments (a member not given
    is left out): unpacked into a builder, mypy holds them to its signature."""

    title: str
    kind: str
    name: str
    raw_input: Any
    raw_output: Any
    status: ToolCallStatus
    content: list[dict[str, Any]]
    locations: list[dict[str, Any]]


def tool_call_fields(update: dict[str, Any], unshown: set[str]) -> ToolCallFields:
    """A v2 ``tool_call_update``'s members for the v1 builders. A ``null`` resets what v1
    can show reset (``kind`` to ``other``, ``status`` to ``pending``: v2's defaults;
    ``content`` and ``locations``, which v1 replaces whole, to ``[]``); another is left
    out, since v1 cannot clear a member. A kind v1 lacks is ``other`` (both collected in
    ``unshown``); a title, name or status that is no string is not given."""
    fields = ToolCallFields()
    for member, argument in TOOL_CALL_MEMBERS:
        if member in update:
            value = update[member]
            if member == "kind" and value is None:
                fields["kind"] = "other"
            elif value is None:
                unshown.add(f"a cleared {member}")
            elif member == "kind" and (not isinstance(value, str) or value not in TOOL_KIND_VALUES):
                unshown.add(f"tool kind {value!r} (shown as 'other')")  # v1's are closed
                fields["kind"] = "other"
            elif member in NAMES and not isinstance(value, str):
                continue  # of the wrong type: not given
            else:
                fields[argument] = value  # type: ignore[literal-required]
    status = update.get("status", UNGIVEN)
    if status is None:
        fields["status"] = "pending"
    elif isinstance(status, str) and status in TOOL_CALL_STATUSES:
        fields["status"] = TOOL_CALL_STATUSES[status]
        if TOOL_CALL_STATUSES[status] != status:
            unshown.add(f"tool call status {status!r} (shown as {TOOL_CALL_STATUSES[status]!r})")
    content, locations = update.get("content", UNGIVEN), update.get("locations", UNGIVEN)
    if content is None or isinstance(content, list):
        fields["content"] = tool_call_content(content or [], unshown)
    if locations is None or isinstance(locations, list):
        fields["locations"] = same.tool_call_locations(same.V1, locations or [])
    return fields


UNGIVEN: Final = object()
"""A member the update does not give (``None`` is a given ``null``)."""


PLAN_PRIORITIES: Final[dict[str, PlanEntryPriority]] = {
    "high": "high",
    "medium": "medium",
    "low": "low",
}
PLAN_STATUSES: Final[dict[str, PlanEntryStatus]] = {
    "pending": "pending",
    "in_progress": "in_progress",
    "completed": "completed",
    # not to be done any more
    "cancelled": "completed",
}
"""v2 plan entry values → v1's (v1's enums are closed where v2's are open)."""


def plan_entries(plan: dict[str, Any]) -> list[dict[str, Any]]:
    """A v2 ``items`` plan's entries as v1's: a ``cancelled`` entry shows as
    ``completed`` (it is not to be done), a value v1 lacks as ``medium`` / ``pending``."""
    return [
        wire.plan_entry(
            content=content,
            priority=PLAN_PRIORITIES.get(priority, "medium"),
            status=PLAN_STATUSES.get(status, "pending"),
            meta=meta(entry),
        )
        for entry in objects(plan.get("entries"))
        if (content := text(entry, "content")) is not None
        and (priority := text(entry, "priority")) is not None
        and (status := text(entry, "status")) is not None
    ]
