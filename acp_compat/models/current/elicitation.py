"""``elicitation/create`` and ``elicitation/complete``: the agent asks the user for input.

The request is flattened: ``message``, the mode's fields and the scope (``session_id`` with
an optional ``tool_call_id``, or ``request_id``) sit side by side, tagged by ``mode``. A mode,
property type or response action this schema does not know lands in an ``Unknown*`` class
with its raw object (the schema itself has an open "other" branch for each).

``StringPropertySchema.format`` is an open ``str`` for the same reason: string formats are
the kind of list JSON Schema keeps extending.
"""

from typing import Any, Literal, TypeAlias

from acp_compat._define import define
from acp_compat.models._base import always, meta_field, tagged_union
from acp_compat.models.current.rpc import RequestId


@define(kw_only=True)
class EnumOption:
    """A titled choice (``const`` is the value, ``title`` what the user sees)."""

    const: str
    title: str
    description: str | None = None
    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class StringPropertySchema:
    """A text field, optionally a single choice (``enum`` or titled ``one_of``)."""

    type: Literal["string"] = always("string")
    title: str | None = None
    description: str | None = None
    min_length: int | None = None
    max_length: int | None = None
    pattern: str | None = None
    format: str | None = None
    default: str | None = None
    enum: list[str] | None = None
    one_of: list[EnumOption] | None = None
    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class NumberPropertySchema:
    """A number field."""

    type: Literal["number"] = always("number")
    title: str | None = None
    description: str | None = None
    minimum: float | None = None
    maximum: float | None = None
    default: float | None = None
    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class IntegerPropertySchema:
    """An integer field."""

    type: Literal["integer"] = always("integer")
    title: str | None = None
    description: str | None = None
    minimum: int | None = None
    maximum: int | None = None
    default: int | None = None
    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class BooleanPropertySchema:
    """A checkbox."""

    type: Literal["boolean"] = always("boolean")
    title: str | None = None
    description: str | None = None
    default: bool | None = None
    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class StringMultiSelectItems:
    """Multi-select choices given as plain strings (``type: "string"``)."""

    type: Literal["string"] = always("string")
    enum: list[str]
    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class TitledMultiSelectItems:
    """Multi-select choices with titles (no ``type`` on the wire)."""

    any_of: list[EnumOption]
    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class UnknownMultiSelectItems:
    """Multi-select items of a type this schema does not know; ``data`` is the raw object."""

    data: dict[str, Any]


MultiSelectItems: TypeAlias = (
    StringMultiSelectItems | TitledMultiSelectItems | UnknownMultiSelectItems
)
"""The choices of a multi-select field."""
tagged_union(
    MultiSelectItems,
    tag="type",
    members={"string": StringMultiSelectItems},
    fallback=UnknownMultiSelectItems,
    untagged=TitledMultiSelectItems,
)


@define(kw_only=True)
class MultiSelectPropertySchema:
    """A multiple-choice field (``type: "array"``)."""

    type: Literal["array"] = always("array")
    items: MultiSelectItems
    title: str | None = None
    description: str | None = None
    min_items: int | None = None
    max_items: int | None = None
    default: list[str] | None = None
    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class UnknownPropertySchema:
    """A form field of a type this schema does not know; ``data`` is the raw object."""

    data: dict[str, Any]


ElicitationPropertySchema: TypeAlias = (
    StringPropertySchema
    | NumberPropertySchema
    | IntegerPropertySchema
    | BooleanPropertySchema
    | MultiSelectPropertySchema
    | UnknownPropertySchema
)
"""One form field, tagged by ``type``."""
tagged_union(
    ElicitationPropertySchema,
    tag="type",
    members={
        "string": StringPropertySchema,
        "number": NumberPropertySchema,
        "integer": IntegerPropertySchema,
        "boolean": BooleanPropertySchema,
        "array": MultiSelectPropertySchema,
    },
    fallback=UnknownPropertySchema,
)


@define(kw_only=True)
class ElicitationSchema:
    """The form to fill in: a flat JSON-Schema object of named fields."""

    type: Literal["object"] | None = None
    title: str | None = None
    properties: dict[str, ElicitationPropertySchema] | None = None
    required: list[str] | None = None
    description: str | None = None
    meta: dict[str, Any] | None = meta_field()


def _check_scope(session_id: str | None, request_id: RequestId) -> None:
    # The schema requires one scope: a session (optionally a tool call in it) or a request.
    # A ``null`` request id cannot be told from an absent one here, so it does not count.
    if session_id is None and request_id is None:
        raise ValueError("either sessionId or requestId is required")


@define(kw_only=True)
class ElicitationFormRequest:
    """``elicitation/create`` params asking for a form (``mode: "form"``)."""

    mode: Literal["form"] = always("form")
    message: str
    requested_schema: ElicitationSchema
    session_id: str | None = None
    tool_call_id: str | None = None
    request_id: RequestId = None
    meta: dict[str, Any] | None = meta_field()

    def __attrs_post_init__(self) -> None:
        """Reject a request without a scope."""
        _check_scope(self.session_id, self.request_id)


@define(kw_only=True)
class ElicitationUrlRequest:
    """``elicitation/create`` params sending the user to a URL (``mode: "url"``)."""

    mode: Literal["url"] = always("url")
    message: str
    elicitation_id: str
    url: str
    session_id: str | None = None
    tool_call_id: str | None = None
    request_id: RequestId = None
    meta: dict[str, Any] | None = meta_field()

    def __attrs_post_init__(self) -> None:
        """Reject a request without a scope."""
        _check_scope(self.session_id, self.request_id)


@define(kw_only=True)
class UnknownElicitationRequest:
    """``elicitation/create`` params of a mode this schema does not know."""

    data: dict[str, Any]


CreateElicitationRequest: TypeAlias = (
    ElicitationFormRequest | ElicitationUrlRequest | UnknownElicitationRequest
)
"""``elicitation/create`` params, tagged by ``mode``."""
tagged_union(
    CreateElicitationRequest,
    tag="mode",
    members={"form": ElicitationFormRequest, "url": ElicitationUrlRequest},
    fallback=UnknownElicitationRequest,
)


ElicitationContentValue: TypeAlias = str | int | float | bool | list[str]
"""One submitted form value."""


@define(kw_only=True)
class ElicitationAccept:
    """The user submitted (``action: "accept"``); ``content`` holds the form's values."""

    action: Literal["accept"] = always("accept")
    content: dict[str, ElicitationContentValue] | None = None
    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class ElicitationDecline:
    """The user said no (``action: "decline"``)."""

    action: Literal["decline"] = always("decline")
    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class ElicitationCancel:
    """The user dismissed the request (``action: "cancel"``)."""

    action: Literal["cancel"] = always("cancel")
    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class UnknownElicitationResponse:
    """An ``elicitation/create`` result with an action this schema does not know."""

    data: dict[str, Any]


CreateElicitationResponse: TypeAlias = (
    ElicitationAccept | ElicitationDecline | ElicitationCancel | UnknownElicitationResponse
)
"""``elicitation/create`` result, tagged by ``action``."""
tagged_union(
    CreateElicitationResponse,
    tag="action",
    members={
        "accept": ElicitationAccept,
        "decline": ElicitationDecline,
        "cancel": ElicitationCancel,
    },
    fallback=UnknownElicitationResponse,
)


@define(kw_only=True)
class CompleteElicitationNotification:
    """``elicitation/complete`` params: a URL elicitation finished (a notification)."""

    elicitation_id: str
    meta: dict[str, Any] | None = meta_field()
