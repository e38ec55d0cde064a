"""Session config options (``SessionConfigOption``): selectors an agent offers, e.g. model or mode.

``category`` is an open ``str``: the schema itself lists an ``other`` string beside the
known values (``mode``, ``model``, ``model_config``, ``thought_level``).
"""

from typing import Any, Literal, TypeAlias

from acp_compat._define import define
from acp_compat.models._base import always, keyed_union, meta_field, tagged_union


@define(kw_only=True)
class SessionConfigSelectOption:
    """One value of a select option."""

    value: str
    name: str
    description: str | None = None
    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class SessionConfigSelectGroup:
    """A named group of select values."""

    group: str
    name: str
    options: list[SessionConfigSelectOption]
    meta: dict[str, Any] | None = meta_field()


# The schema allows a flat list of values or a list of groups, told apart by their keys; a
# list of this union holds either (writing back what was read keeps it one or the other).
SessionConfigSelectEntry: TypeAlias = SessionConfigSelectOption | SessionConfigSelectGroup
"""One entry of a select option's ``options``: a value, or a group of values."""
keyed_union(
    SessionConfigSelectEntry,
    {"group": SessionConfigSelectGroup, "value": SessionConfigSelectOption},
)


@define(kw_only=True)
class SessionConfigSelect:
    """A config option with one value out of a list (``type: "select"``)."""

    type: Literal["select"] = always("select")
    id: str
    name: str
    current_value: str
    options: list[SessionConfigSelectEntry]
    description: str | None = None
    category: str | None = None
    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class SessionConfigBoolean:
    """An on/off config option (``type: "boolean"``)."""

    type: Literal["boolean"] = always("boolean")
    id: str
    name: str
    current_value: bool
    description: str | None = None
    category: str | None = None
    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class UnknownSessionConfigOption:
    """A config option of a type this schema does not know; ``data`` is the raw object."""

    data: dict[str, Any]


SessionConfigOption: TypeAlias = (
    SessionConfigSelect | SessionConfigBoolean | UnknownSessionConfigOption
)
"""A config option, tagged by ``type``."""
tagged_union(
    SessionConfigOption,
    tag="type",
    members={"select": SessionConfigSelect, "boolean": SessionConfigBoolean},
    fallback=UnknownSessionConfigOption,
)
