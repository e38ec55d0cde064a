"""Wire names: the JSON member name of a model attribute (no cattrs needed)."""

from __future__ import annotations

import attrs

from acp_compat.models._base import WIRE_NAME


def _camel(name: str) -> str:
    head, *rest = name.split("_")
    return head + "".join(part[:1].upper() + part[1:] for part in rest)


def wire_name(cls: type, attribute: str) -> str:
    """The JSON member name of ``cls``'s ``attribute`` (``tool_call_id`` → ``toolCallId``)."""
    field = attrs.fields_dict(cls)[attribute]
    override_name = field.metadata.get(WIRE_NAME)
    if override_name is not None:
        return str(override_name)
    if attribute == "meta":
        return "_meta"
    return _camel(attribute)
