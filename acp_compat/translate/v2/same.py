"""What v1 and v2 shape the same, written once for both directions.

A peer's dict is read leniently (:func:`text`, :func:`objects`, :func:`meta`: a member of
the wrong type is left out, as a peer's unknown member is). The shapes with the same
members in both protocols (an implementation's info, environment variables, HTTP
headers, a ``session/list`` entry, a select option's value, a permission option) are read
once here and built with the builders of the side they go to (``target``:
:mod:`acp_compat.models.current.wire` or :mod:`acp_compat.models.v2.wire`, which both are
:class:`Builders`). The shapes whose members differ in name or in what is required
(config options, auth methods, MCP servers) are written once too, over the two protocols'
:class:`Side` records; :mod:`.to_v1` and :mod:`.to_v2` hold the shapes that differ more.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from typing import Any, Final, Protocol, get_args

from acp_compat._define import frozen
from acp_compat.models._base import Wire
from acp_compat.models.current import content as v1_content
from acp_compat.models.current import permission as v1_permission
from acp_compat.models.current import wire as v1_wire
from acp_compat.models.v2 import wire as v2_wire
from acp_compat.translate.lifecycle import Recent

Meta = dict[str, Any] | None


class Builders(Protocol):
    """The builders v1 and v2 have alike (both wire modules are one), by which the code
    both translators share writes either: the shapes here, ``$/cancel_request`` and a
    permission's answer."""

    def cancel_request_notification(self, *, request_id: int | str) -> Wire: ...
    def cancelled_permission_outcome(self) -> Wire: ...
    def selected_permission_outcome(self, *, option_id: str) -> Wire: ...
    def request_permission_response(self, *, outcome: Wire) -> Wire: ...

    def implementation(self, *, name: str, version: str, title: str | None, meta: Meta) -> Wire: ...
    def tool_call_location(self, *, path: str, line: int | None, meta: Meta) -> Wire: ...
    def env_variable(self, *, name: str, value: str, meta: Meta) -> Wire: ...
    def http_header(self, *, name: str, value: str, meta: Meta) -> Wire: ...
    def session_config_select_option(
        self, *, value: str, name: str, description: str | None, meta: Meta
    ) -> Wire: ...
    def list_sessions_response(
        self, *, sessions: list[Wire], next_cursor: str | None, meta: Meta
    ) -> Wire: ...
    def session_info(
        self,
        *,
        session_id: str,
        cwd: str,
        additional_directories: list[str] | None,
        title: str | None,
        updated_at: str | None,
        meta: Meta,
    ) -> Wire: ...
    def permission_option(
        self, *, option_id: str, name: str, kind: v1_permission.PermissionOptionKind, meta: Meta
    ) -> Wire: ...


RECENT_SAID = 256
"""How many things said once in the log a translator remembers (the last said): one an
agent says again after as many others is said again."""

SAID_LENGTH = 200
"""What is said once is cut to this many characters (it may quote a peer's value)."""


class Said:
    """What a translator said once in the log lately: its memory bounded however many
    values a peer invents (:data:`RECENT_SAID`, each cut to :data:`SAID_LENGTH`)."""

    __slots__ = ("_said",)

    def __init__(self) -> None:
        self._said: Recent[str] = Recent(RECENT_SAID)

    def __len__(self) -> int:
        return len(self._said)

    def __iter__(self) -> Iterator[str]:
        return iter(self._said)

    def fresh(self, what: Iterable[str]) -> list[str]:
        """Of ``what`` (each cut), in order, what was not said lately: now it was."""
        out = []
        for said in sorted({_cut(w) for w in what}):
            if said not in self._said:
                out.append(said)
                self._said.add(said)
        return out


def _cut(what: str) -> str:
    return what if len(what) <= SAID_LENGTH else what[: SAID_LENGTH - 1] + "…"


def text(obj: dict[str, Any], key: str) -> str | None:
    """``obj[key]`` when it is a string."""
    value = obj.get(key)
    return value if isinstance(value, str) else None


def objects(value: Any) -> list[dict[str, Any]]:
    """The objects of a list (``[]`` for anything else)."""
    return [item for item in value if isinstance(item, dict)] if isinstance(value, list) else []


def strings(value: Any) -> list[str]:
    """The strings of a list (``[]`` for anything else: a peer's ``5`` is no list, and
    its ``"abc"`` no list of three)."""
    return [item for item in value if isinstance(item, str)] if isinstance(value, list) else []


def meta(obj: dict[str, Any]) -> dict[str, Any] | None:
    """``obj``'s ``_meta`` when it is an object."""
    value = obj.get("_meta")
    return value if isinstance(value, dict) else None


def implementation(
    target: Builders, info: Any, fallback_name: str, fallback_version: str
) -> dict[str, Any]:
    """A peer's ``clientInfo``/``agentInfo`` (v1) or ``info`` (v2, which requires it): the
    fallbacks stand in for a peer that sent none."""
    info = info if isinstance(info, dict) else {}
    return target.implementation(
        name=text(info, "name") or fallback_name,
        version=text(info, "version") or fallback_version,
        title=text(info, "title"),
        meta=meta(info),
    )


def env_variables(target: Builders, env: Any) -> list[dict[str, Any]]:
    """Environment variables (an MCP server's, a terminal login's)."""
    return [
        target.env_variable(name=name, value=value, meta=meta(item))
        for item in objects(env)
        if (name := text(item, "name")) is not None and (value := text(item, "value")) is not None
    ]


def http_headers(target: Builders, server: dict[str, Any]) -> list[dict[str, Any]]:
    """An HTTP MCP server's headers."""
    return [
        target.http_header(name=name, value=value, meta=meta(header))
        for header in objects(server.get("headers"))
        if (name := text(header, "name")) is not None
        and (value := text(header, "value")) is not None
    ]


def session_info(target: Builders, info: dict[str, Any]) -> dict[str, Any] | None:
    """A ``session/list`` entry; ``None`` without an id or a cwd."""
    session_id, cwd = text(info, "sessionId"), text(info, "cwd")
    if session_id is None or cwd is None:
        return None
    directories = strings(info.get("additionalDirectories"))
    return target.session_info(
        session_id=session_id,
        cwd=cwd,
        additional_directories=directories or None,
        title=text(info, "title"),
        updated_at=text(info, "updatedAt"),
        meta=meta(info),
    )


def select_option(target: Builders, entry: dict[str, Any]) -> dict[str, Any] | None:
    """A select config option's value; ``None`` without a value or a name."""
    value, name = text(entry, "value"), text(entry, "name")
    if value is None or not name:
        return None
    return target.session_config_select_option(
        value=value, name=name, description=text(entry, "description"), meta=meta(entry)
    )


PERMISSION_OPTION_KINDS: Final[frozenset[v1_permission.PermissionOptionKind]] = frozenset(
    get_args(v1_permission.PermissionOptionKind)
)
"""The permission option kinds of both protocols (v1's; v2's are open: another is left out)."""


def permission_option(target: Builders, option: dict[str, Any]) -> dict[str, Any] | None:
    """A permission option; ``None`` for one that lacks a member or has a kind the other
    side cannot take."""
    option_id, name, kind = text(option, "optionId"), text(option, "name"), text(option, "kind")
    if option_id is None or name is None or kind not in PERMISSION_OPTION_KINDS:
        return None
    return target.permission_option(option_id=option_id, name=name, kind=kind, meta=meta(option))


@frozen
class Side:
    """One protocol: its number, its builders, its names for the members v1 and v2 name
    differently (each a wire member and its builder's argument), and what else sets it
    apart in the shapes written once for both directions (config options, auth methods,
    MCP servers)."""

    protocol: int
    wire: Any
    config_id: tuple[str, str]
    group_id: tuple[str, str]
    method_id: tuple[str, str]
    untyped_auth: str | None
    """The kind of an auth method without a ``type`` (v1's is the agent's login)."""
    untyped_mcp: str | None
    """The transport of an MCP server without a ``type`` (v1's is stdio)."""
    lists_optional: bool
    """Whether an empty list of an MCP server's is left out (v2) or required (v1)."""
    terminal_env: Callable[[Any], Any]
    """A terminal login's environment from the other side's shape to this one's."""
    roles: frozenset[str] | None
    """The roles an annotation's ``audience`` may name (``None``: any, v2's are open)."""
    bounded: bool
    """Whether an annotation's ``priority`` is from 0 to 1 and a resource link's ``size``
    not negative (v2's schema bounds both, v1's neither)."""
    first_line: int
    """A tool call location's first line number (v1's 0, v2's 1)."""


V1: Final = Side(
    1,
    v1_wire,
    config_id=("id", "id"),
    group_id=("group", "group"),
    method_id=("id", "id"),
    untyped_auth="agent",
    untyped_mcp="stdio",
    lists_optional=False,
    # v2's list of variables is v1's map.
    terminal_env=lambda env: {v["name"]: v["value"] for v in env_variables(v1_wire, env)},
    roles=frozenset(get_args(v1_content.Role)),
    bounded=False,
    first_line=0,
)
V2: Final = Side(
    2,
    v2_wire,
    config_id=("configId", "config_id"),
    group_id=("groupId", "group_id"),
    method_id=("methodId", "method_id"),
    untyped_auth=None,
    untyped_mcp=None,
    lists_optional=True,
    terminal_env=lambda env: [
        v2_wire.env_variable(name=name, value=value)
        for name, value in (env.items() if isinstance(env, dict) else ())
        if isinstance(value, str)
    ],
    roles=None,
    bounded=True,
    first_line=1,
)


def config_option(
    source: Side, target: Side, option: dict[str, Any], config_id: str, name: str
) -> dict[str, Any] | None:
    """A boolean or select config option ``config_id`` (named ``name``), in ``target``'s
    shape; ``None`` for another type or a malformed one (a select with no values: v2's
    schema refuses one, v1's allows it, and a client could offer nothing)."""
    kind, current = option.get("type"), option.get("currentValue")
    members = dict(
        name=name,
        description=text(option, "description"),
        category=text(option, "category"),
        meta=meta(option),
    )
    named = {target.config_id[1]: config_id}
    if kind == "boolean" and isinstance(current, bool):
        return target.wire.session_config_boolean(**named, current_value=current, **members)  # type: ignore[no-any-return]
    if kind == "select" and isinstance(current, str):
        entries = select_entries(source, target, option.get("options"))
        if not entries:
            return None
        return target.wire.session_config_select(  # type: ignore[no-any-return]
            **named, current_value=current, options=entries, **members
        )
    return None


def select_entries(source: Side, target: Side, entries: Any) -> list[dict[str, Any]]:
    """A select option's values and groups of values, in ``target``'s shape; a group with
    no values is left out (v2's schema refuses one, v1's allows it)."""
    out = []
    for entry in objects(entries):
        if source.group_id[0] in entry:
            group, name = text(entry, source.group_id[0]), text(entry, "name")
            values = select_entries(source, target, entry.get("options"))
            if group is not None and name is not None and values:
                out.append(
                    target.wire.session_config_select_group(
                        **{target.group_id[1]: group}, name=name, options=values, meta=meta(entry)
                    )
                )
        elif (option := select_option(target.wire, entry)) is not None:
            out.append(option)
    return out


def auth_methods(source: Side, target: Side, methods: Any) -> list[dict[str, Any]]:
    """Auth methods in ``target``'s shape: the agent's login and the terminal login (its
    environment as the target has it); a kind ``target`` lacks is left out (a client
    could not run it)."""
    out = []
    for method in objects(methods):
        method_id, name = text(method, source.method_id[0]), text(method, "name")
        kind = method.get("type")
        kind = source.untyped_auth if kind is None else kind
        if method_id is None or name is None:
            continue
        members = dict(name=name, description=text(method, "description"), meta=meta(method))
        members[target.method_id[1]] = method_id
        if kind == "agent":
            out.append(target.wire.auth_method_agent(**members))
        elif kind == "terminal":
            args = strings(method.get("args"))
            env = target.terminal_env(method.get("env"))
            out.append(
                target.wire.auth_method_terminal(**members, args=args or None, env=env or None)
            )
    return out


def mcp_server(source: Side, target: Side, server: dict[str, Any]) -> dict[str, Any] | None:
    """An MCP server in ``target``'s shape (v2 tags stdio, v1 does not); ``None`` for a
    transport it lacks (v2 has no SSE, v1 has no other)."""
    kind, name = server.get("type"), text(server, "name")
    kind = source.untyped_mcp if kind is None else kind

    def listed(items: list[Any]) -> list[Any] | None:
        return items or None if target.lists_optional else items

    if name is None:
        return None
    if kind == "stdio" and (command := text(server, "command")) is not None:
        return target.wire.mcp_server_stdio(  # type: ignore[no-any-return]
            name=name,
            command=command,
            args=listed(strings(server.get("args"))),
            env=listed(env_variables(target.wire, server.get("env"))),
            meta=meta(server),
        )
    if kind == "http" and (url := text(server, "url")) is not None:
        headers = listed(http_headers(target.wire, server))
        return target.wire.mcp_server_http(  # type: ignore[no-any-return]
            name=name, url=url, headers=headers, meta=meta(server)
        )
    return None


def content_block(target: Side, block: dict[str, Any]) -> dict[str, Any]:
    """A content block as ``target`` takes it: the same shape in both, but for values one
    schema refuses and the other allows, which are left out (v2's schema reads an omitted
    annotation or size as not given, and a peer's reader drops an invalid one): an
    annotation ``priority`` outside v2's 0 to 1 (v1's has no scale: clamping would say
    "most important" of a value on another scale), a resource link's negative ``size``
    for v2, and an ``audience`` role v1 lacks (v2's roles are open); a member of the
    wrong type too. The block itself when all is valid (the hot path: two lookups)."""
    annotations, size = block.get("annotations"), block.get("size")
    if annotations is None and size is None:
        return block
    out = dict(block)
    if annotations is not None:
        kept = _annotations(target, annotations)
        if kept is None:
            del out["annotations"]
        else:
            out["annotations"] = kept
    if size is not None and not (_integer(size) and (size >= 0 or not target.bounded)):
        del out["size"]
    return block if out == block else out


def _number(value: Any) -> bool:
    """Whether ``value`` is a JSON number (``true`` is no number, though Python's bool is
    an int)."""
    return isinstance(value, int | float) and not isinstance(value, bool)


def _integer(value: Any) -> bool:
    """Whether ``value`` is a JSON integer (``10.0`` is one to JSON Schema)."""
    return _number(value) and (not isinstance(value, float) or value.is_integer())


def _annotations(target: Side, annotations: Any) -> dict[str, Any] | None:
    """``annotations`` with what ``target`` refuses left out (``None``: not an object)."""
    if not isinstance(annotations, dict):
        return None
    out = dict(annotations)
    priority, audience = out.get("priority"), out.get("audience")
    if priority is not None and (
        not _number(priority) or (target.bounded and not 0 <= priority <= 1)
    ):
        del out["priority"]
    if audience is not None:
        items = audience if isinstance(audience, list) else []
        roles = [
            r for r in items if isinstance(r, str) and (target.roles is None or r in target.roles)
        ]
        if roles:
            out["audience"] = roles
        elif items or not isinstance(audience, list):
            # none left: no audience said, rather than an empty one (nobody)
            del out["audience"]
    return out


def tool_call_locations(target: Side, items: list[Any]) -> list[dict[str, Any]]:
    """Tool call locations in ``target``'s shape: one without a path is left out, and a
    line ``target`` cannot hold (v2's start at 1 where v1's schema allows 0; past a
    uint32; of the wrong type), the location kept."""
    out = []
    for item in objects(items):
        path, line = text(item, "path"), item.get("line")
        if path is None:
            continue
        if (
            not isinstance(line, int)
            or isinstance(line, bool)
            or not target.first_line <= line < 2**32
        ):
            line = None
        out.append(target.wire.tool_call_location(path=path, line=line, meta=meta(item)))
    return out
