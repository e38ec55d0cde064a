"""Conventions shared by every model class, read by the one converter in :mod:`acp_compat.codec`.

Models are plain ``attrs`` classes with snake_case attribute names. The converter derives
the wire name of each attribute (camelCase) and leaves out
optional attributes that hold their default. Two kinds of metadata change that:

* :func:`always` marks an attribute that is written even when it holds its default:
  union discriminators (``type``, ``sessionUpdate``, ``outcome``) and nulls that mean
  something on the wire (legacy ``updateToolCall.content: null``, ``diff.oldText: null``).
* :func:`wire` overrides the derived wire name, for the rare name camelCase cannot derive
  (:func:`meta_field` is ``_meta``).

Unions are declared next to their members with :func:`tagged_union` (a discriminator
field) or :func:`keyed_union` (legacy untagged unions told apart by which key is present).
The declarations land in :data:`UNIONS`, which the codec turns into structure hooks.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from typing import Any, Final

import attrs

from acp_compat._define import frozen

ALWAYS = "acp_compat.always"
WIRE_NAME = "acp_compat.wire_name"


def camel_case(name: str) -> str:
    """An attribute's wire name (``tool_call_id`` → ``toolCallId``): the converter's rule;
    the model generator writes a :func:`wire` override where a schema's name differs."""
    head, *rest = name.split("_")
    return head + "".join(part[:1].upper() + part[1:] for part in rest)


def always(default: Any = attrs.NOTHING) -> Any:
    """An attrs field that is always written, even when it holds its default value."""
    return attrs.field(default=default, metadata={ALWAYS: True})


def wire(name: str, default: Any = attrs.NOTHING) -> Any:
    """An attrs field whose wire name is ``name`` instead of the derived camelCase."""
    return attrs.field(default=default, metadata={WIRE_NAME: name})


def meta_field() -> Any:
    """The ``_meta`` extension object every current-protocol type may carry; kept verbatim."""
    return wire("_meta", default=None)


Wire = dict[str, Any]
"""A model's object as it goes on the wire: what :mod:`acp_compat.codec` writes for it, and
what the generated builders (``acp_compat.models.current.wire``...) return."""


class Unchanged(enum.Enum):
    """The type of :data:`UNCHANGED`."""

    UNCHANGED = "unchanged"


UNCHANGED: Final = Unchanged.UNCHANGED
"""A member left out of a partial update (a patch); ``None`` there is an explicit ``null``,
which clears the value. The generator gives patch members this default
(:mod:`acp_compat.models.codegen.choices`)."""


@frozen
class TaggedUnion:
    """A union whose members are told apart by the string value of one wire field.

    ``fallback`` (if set) receives any object whose tag is unknown or missing, so a newer
    peer's message is carried instead of rejected; it must have a ``data`` attribute that
    holds the whole raw object.

    ``untagged`` (if set) is the member for an object that has no tag at all; it wins over
    ``fallback`` then. The current schema has such defaults: an ``AuthMethod`` without
    ``type`` is the ``agent`` variant, an ``McpServer`` without ``type`` is ``stdio``.
    """

    union: Any
    tag: str
    members: Mapping[str, Any]
    """Tag value → member class, or a declared union of its own (v2's ``state_update``)."""
    fallback: type | None = None
    untagged: type | None = None


@frozen
class KeyedUnion:
    """A legacy untagged union: the member is chosen by which wire key is present."""

    union: Any
    members: Mapping[str, type]


UNIONS: list[TaggedUnion | KeyedUnion] = []


def tagged_union(
    union: Any,
    tag: str,
    members: Mapping[str, Any],
    fallback: type | None = None,
    untagged: type | None = None,
) -> Any:
    """Declare ``union`` as tagged by wire field ``tag``; returns ``union`` for aliasing.

    ``untagged`` names the member an object without the tag belongs to (see TaggedUnion).
    """
    UNIONS.append(TaggedUnion(union, tag, dict(members), fallback, untagged))
    return union


def union_tags(union: Any) -> frozenset[str]:
    """The tags the tagged union ``union`` declares (what a peer of its protocol knows;
    any other is its fallback's)."""
    for declared in UNIONS:
        if isinstance(declared, TaggedUnion) and declared.union is union:
            return frozenset(declared.members)
    raise LookupError(f"{union!r} is not a declared tagged union")


def keyed_union(union: Any, members: Mapping[str, type]) -> Any:
    """Declare ``union`` as untagged, chosen by key presence; returns ``union``."""
    UNIONS.append(KeyedUnion(union, dict(members)))
    return union


@frozen
class MethodSpec:
    """One row of a protocol's method table.

    ``handled_by`` is the side that receives the call: ``"agent"`` for client-to-agent
    methods, ``"client"`` for agent-to-client ones. ``params`` / ``result`` are model
    classes (or ``None`` for no params / a void result); ``notification`` marks current
    protocol notifications, which have no result at all; ``unstable``: only the protocol's
    unstable schema has the method.
    """

    name: str
    handled_by: str
    params: Any
    result: Any
    notification: bool = False
    unstable: bool = False
