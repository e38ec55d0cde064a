# generated from the schemas below by acp_compat.models.codegen: do not edit
#   vectors/schemas/v2/acp-v2-draft-ts-sdk-2.4.0.schema.json
#   vectors/schemas/v2/acp-v2-draft-ts-sdk-2.4.0.unstable.schema.json
"""ACP v2 (draft) models: ``elicitation/create`` and ``elicitation/complete``: the agent asks the
user for structured input.
"""

from typing import Any, Final, Literal, TypeAlias

from acp_compat._define import define
from acp_compat.models._base import always, meta_field, tagged_union
from acp_compat.models.v2.rpc import RequestId


@define(kw_only=True)
class UnknownCreateElicitationRequest:
    """A ``CreateElicitationRequest`` of a kind this schema does not know; ``data`` is the raw
    object, written back verbatim.
    """

    data: dict[str, Any]


@define(kw_only=True)
class BooleanPropertySchema:
    """Schema for boolean properties in an elicitation form."""

    type: Literal["boolean"] = always("boolean")
    title: str | None = None
    """Optional title for the property."""
    description: str | None = None
    """Human-readable description."""
    default: bool | None = None
    """Default value."""
    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class IntegerPropertySchema:
    """Schema for integer properties in an elicitation form."""

    type: Literal["integer"] = always("integer")
    title: str | None = None
    """Optional title for the property."""
    description: str | None = None
    """Human-readable description."""
    minimum: int | None = None
    """Minimum value (inclusive)."""
    maximum: int | None = None
    """Maximum value (inclusive)."""
    default: int | None = None
    """Default value."""
    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class StringMultiSelectItems:
    """String item schema for multi-select enum properties."""

    type: Literal["string"] = always("string")
    enum: list[str]
    """Allowed enum values. Must contain at least one value."""
    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class EnumOption:
    """A titled enum option with a const value, human-readable title, and optional description."""

    const: str
    """The constant value for this option."""
    title: str
    """Human-readable title for this option."""
    description: str | None = None
    """Human-readable description."""
    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class TitledMultiSelectItems:
    """Items definition for titled multi-select enum properties."""

    any_of: list[EnumOption]
    """Titled enum options. Must contain at least one option."""
    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class UnknownMultiSelectItems:
    """A ``MultiSelectItems`` of a kind this schema does not know; ``data`` is the raw object,
    written back verbatim.
    """

    data: dict[str, Any]


MultiSelectItems: TypeAlias = (
    StringMultiSelectItems | TitledMultiSelectItems | UnknownMultiSelectItems
)
"""Items for a multi-select (array) property schema."""
tagged_union(
    MultiSelectItems,
    tag="type",
    members={"string": StringMultiSelectItems},
    fallback=UnknownMultiSelectItems,
    untagged=TitledMultiSelectItems,
)


@define(kw_only=True)
class MultiSelectPropertySchema:
    """Schema for multi-select (array) properties in an elicitation form."""

    type: Literal["array"] = always("array")
    items: MultiSelectItems
    """The items definition describing allowed values."""
    title: str | None = None
    """Optional title for the property."""
    description: str | None = None
    """Human-readable description."""
    min_items: int | None = None
    """Minimum number of items to select."""
    max_items: int | None = None
    """Maximum number of items to select."""
    default: list[str] | None = None
    """Default selected values."""
    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class NumberPropertySchema:
    """Schema for number (floating-point) properties in an elicitation form."""

    type: Literal["number"] = always("number")
    title: str | None = None
    """Optional title for the property."""
    description: str | None = None
    """Human-readable description."""
    minimum: float | None = None
    """Minimum value (inclusive)."""
    maximum: float | None = None
    """Maximum value (inclusive)."""
    default: float | None = None
    """Default value."""
    meta: dict[str, Any] | None = meta_field()


StringFormat: TypeAlias = str
"""String format types for string properties in elicitation schemas.

Known values: ``email``, ``uri``, ``date``, ``date-time``.

Open: a format a client does not know is still a string to ask for.
"""

STRING_FORMAT_VALUES: Final = frozenset({"email", "uri", "date", "date-time"})
"""The values of ``StringFormat`` this schema knows."""


@define(kw_only=True)
class StringPropertySchema:
    """Schema for string properties in an elicitation form."""

    type: Literal["string"] = always("string")
    title: str | None = None
    """Optional title for the property."""
    description: str | None = None
    """Human-readable description."""
    min_length: int | None = None
    """Minimum string length."""
    max_length: int | None = None
    """Maximum string length."""
    pattern: str | None = None
    """Pattern the string must match, in ECMA-262 regular expression syntax."""
    format: StringFormat | None = None
    """String format."""
    default: str | None = None
    """Default value."""
    enum: list[str] | None = None
    """Enum values for untitled single-select enums. Must contain at least one value when
    present. Optional. Omitted and `null` are equivalent and mean no untitled single-
    select choices are declared by `enum`.
    """
    one_of: list[EnumOption] | None = None
    """Titled enum options for titled single-select enums. Must contain at least one option
    when present. Optional. Omitted and `null` are equivalent and mean no titled single-
    select choices are declared by `oneOf`.
    """
    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class UnknownElicitationPropertySchema:
    """A ``ElicitationPropertySchema`` of a kind this schema does not know; ``data`` is the raw
    object, written back verbatim.
    """

    data: dict[str, Any]


ElicitationPropertySchema: TypeAlias = (
    StringPropertySchema
    | NumberPropertySchema
    | IntegerPropertySchema
    | BooleanPropertySchema
    | MultiSelectPropertySchema
    | UnknownElicitationPropertySchema
)
"""Property schema for elicitation form fields."""
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
    fallback=UnknownElicitationPropertySchema,
)


ElicitationSchemaType: TypeAlias = Literal["object"]
"""Type discriminator for elicitation schemas."""


@define(kw_only=True)
class ElicitationSchema:
    """Type-safe elicitation schema for requesting structured user input."""

    type: ElicitationSchemaType
    """Type discriminator. Always `"object"`. Any other value is rejected."""
    properties: dict[str, ElicitationPropertySchema]
    """Property definitions (must be primitive types)."""
    title: str | None = None
    """Optional title for the schema."""
    required: list[str] | None = None
    """List of required property names."""
    description: str | None = None
    """Optional description of what this schema represents."""
    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class ElicitationFormRequest:
    """Form-based elicitation mode where the client renders a form from the provided schema."""

    mode: Literal["form"] = always("form")
    message: str
    """A human-readable message describing what input is needed."""
    requested_schema: ElicitationSchema
    """A JSON Schema describing the form fields to present to the user."""
    session_id: str | None = None
    """The session this elicitation is tied to."""
    tool_call_id: str | None = None
    """Optional tool call within the session."""
    request_id: RequestId | None = None
    """The pending Client-to-Agent request this elicitation is tied to."""
    meta: dict[str, Any] | None = meta_field()

    def __attrs_post_init__(self) -> None:
        """The schema requires one of its scopes: sessionId or requestId."""
        if (self.session_id is None) and (self.request_id is None):
            raise ValueError("either sessionId or requestId is required")


@define(kw_only=True)
class ElicitationUrlRequest:
    """URL-based elicitation mode where the client directs the user to a URL."""

    mode: Literal["url"] = always("url")
    message: str
    """A human-readable message describing what input is needed."""
    elicitation_id: str
    """The unique identifier for this elicitation."""
    url: str
    """The URL to direct the user to."""
    session_id: str | None = None
    """The session this elicitation is tied to."""
    tool_call_id: str | None = None
    """Optional tool call within the session."""
    request_id: RequestId | None = None
    """The pending Client-to-Agent request this elicitation is tied to."""
    meta: dict[str, Any] | None = meta_field()

    def __attrs_post_init__(self) -> None:
        """The schema requires one of its scopes: sessionId or requestId."""
        if (self.session_id is None) and (self.request_id is None):
            raise ValueError("either sessionId or requestId is required")


CreateElicitationRequest: TypeAlias = (
    ElicitationFormRequest | ElicitationUrlRequest | UnknownCreateElicitationRequest
)
"""Request from the agent to elicit structured user input."""
tagged_union(
    CreateElicitationRequest,
    tag="mode",
    members={"form": ElicitationFormRequest, "url": ElicitationUrlRequest},
    fallback=UnknownCreateElicitationRequest,
)


@define(kw_only=True)
class CompleteElicitationNotification:
    """Notification sent by the agent when a URL-based elicitation is complete."""

    elicitation_id: str
    """The ID of the elicitation that completed."""
    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class ElicitationDecline:
    """The user declined the elicitation."""

    action: Literal["decline"] = always("decline")
    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class ElicitationCancel:
    """The elicitation was cancelled."""

    action: Literal["cancel"] = always("cancel")
    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class UnknownCreateElicitationResponse:
    """A ``CreateElicitationResponse`` of a kind this schema does not know; ``data`` is the raw
    object, written back verbatim.
    """

    data: dict[str, Any]


@define(kw_only=True)
class ElicitationAccept:
    """The user accepted the elicitation and provided content."""

    action: Literal["accept"] = always("accept")
    content: dict[str, Any] | None = None
    """The user-provided content, if any, as an object matching the requested schema."""
    meta: dict[str, Any] | None = meta_field()


CreateElicitationResponse: TypeAlias = (
    ElicitationAccept | ElicitationDecline | ElicitationCancel | UnknownCreateElicitationResponse
)
"""Response from the client to an elicitation request."""
tagged_union(
    CreateElicitationResponse,
    tag="action",
    members={
        "accept": ElicitationAccept,
        "decline": ElicitationDecline,
        "cancel": ElicitationCancel,
    },
    fallback=UnknownCreateElicitationResponse,
)
