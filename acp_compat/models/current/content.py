# generated from the schemas below by acp_compat.models.codegen: do not edit
#   vectors/schemas/current/acp-v1-schema-1.21.0.schema.json
#   vectors/schemas/current/acp-v1-schema-ts-sdk-2.4.0.schema.json
#   vectors/schemas/current/acp-v1-schema-ts-sdk-2.4.0.unstable.schema.json
"""ACP v1 models: content blocks, what prompts, message chunks and tool calls carry."""

from typing import Any, Literal, TypeAlias

from acp_compat._define import define
from acp_compat.models._base import always, keyed_union, meta_field, tagged_union


@define(kw_only=True)
class UnknownContentBlock:
    """A ``ContentBlock`` of a kind this schema does not know; ``data`` is the raw object, written
    back verbatim.
    """

    data: dict[str, Any]


Role: TypeAlias = Literal["assistant", "user"]
"""The sender or recipient of messages and data in a conversation."""


@define(kw_only=True)
class Annotations:
    """Optional annotations for the client. The client can use annotations to inform how
    objects are used or displayed
    """

    audience: list[Role] | None = None
    """Intended recipients for this content, such as the user or assistant."""
    last_modified: str | None = None
    """Timestamp indicating when the underlying resource was last modified."""
    priority: float | None = None
    """Relative importance of this content when clients choose what to surface."""
    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class AudioContent:
    """Audio provided to or from an LLM."""

    type: Literal["audio"] = always("audio")
    data: str
    """Base64-encoded media payload."""
    mime_type: str
    """MIME type describing the encoded media payload."""
    annotations: Annotations | None = None
    """Optional annotations that help clients decide how to display or route this content."""
    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class BlobResourceContents:
    """Binary resource contents."""

    blob: str
    """Base64-encoded bytes for a binary resource payload."""
    uri: str
    """URI associated with this resource or media payload."""
    mime_type: str | None = None
    """MIME type describing the encoded media payload."""
    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class TextResourceContents:
    """Text-based resource contents."""

    text: str
    """Text payload carried by this content block."""
    uri: str
    """URI associated with this resource or media payload."""
    mime_type: str | None = None
    """MIME type describing the encoded media payload."""
    meta: dict[str, Any] | None = meta_field()


EmbeddedResourceResource: TypeAlias = TextResourceContents | BlobResourceContents
"""Resource content that can be embedded in a message."""
keyed_union(EmbeddedResourceResource, {"text": TextResourceContents, "blob": BlobResourceContents})


@define(kw_only=True)
class EmbeddedResource:
    """The contents of a resource, embedded into a prompt or tool call result."""

    type: Literal["resource"] = always("resource")
    resource: EmbeddedResourceResource
    """Embedded resource payload, either text or binary data."""
    annotations: Annotations | None = None
    """Optional annotations that help clients decide how to display or route this content."""
    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class ImageContent:
    """An image provided to or from an LLM."""

    type: Literal["image"] = always("image")
    data: str
    """Base64-encoded media payload."""
    mime_type: str
    """MIME type describing the encoded media payload."""
    annotations: Annotations | None = None
    """Optional annotations that help clients decide how to display or route this content."""
    uri: str | None = None
    """URI associated with this resource or media payload."""
    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class ResourceLink:
    """A resource that the server is capable of reading, included in a prompt or tool call
    result.
    """

    type: Literal["resource_link"] = always("resource_link")
    name: str
    """Human-readable name shown for this protocol object."""
    uri: str
    """URI associated with this resource or media payload."""
    annotations: Annotations | None = None
    """Optional annotations that help clients decide how to display or route this content."""
    description: str | None = None
    """Optional human-readable details shown with this protocol object."""
    mime_type: str | None = None
    """MIME type describing the encoded media payload."""
    size: int | None = None
    """Optional size of the linked resource in bytes, if known."""
    title: str | None = None
    """Optional display title for end-user UI."""
    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class TextContent:
    """Text provided to or from an LLM."""

    type: Literal["text"] = always("text")
    text: str
    """Text payload carried by this content block."""
    annotations: Annotations | None = None
    """Optional annotations that help clients decide how to display or route this content."""
    meta: dict[str, Any] | None = meta_field()


ContentBlock: TypeAlias = (
    TextContent
    | ImageContent
    | AudioContent
    | ResourceLink
    | EmbeddedResource
    | UnknownContentBlock
)
"""Content blocks represent displayable information in the Agent Client Protocol."""
tagged_union(
    ContentBlock,
    tag="type",
    members={
        "text": TextContent,
        "image": ImageContent,
        "audio": AudioContent,
        "resource_link": ResourceLink,
        "resource": EmbeddedResource,
    },
    fallback=UnknownContentBlock,
)
