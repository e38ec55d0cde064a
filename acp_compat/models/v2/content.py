# generated from the schemas below by acp_compat.models.codegen: do not edit
#   vectors/schemas/v2/acp-v2-draft-ts-sdk-2.4.0.schema.json
#   vectors/schemas/v2/acp-v2-draft-ts-sdk-2.4.0.unstable.schema.json
"""ACP v2 (draft) models: content blocks, what prompts, message chunks and tool calls carry."""

from typing import Any, Final, Literal, TypeAlias

from acp_compat._define import define
from acp_compat.models._base import always, keyed_union, meta_field, tagged_union


@define(kw_only=True)
class UnknownContentBlock:
    """A ``ContentBlock`` of a kind this schema does not know; ``data`` is the raw object, written
    back verbatim.
    """

    data: dict[str, Any]


Role: TypeAlias = str
"""The sender or recipient of messages and data in a conversation.

Known values: ``assistant``, ``user``.

Open: any other string is kept.
"""

ROLE_VALUES: Final = frozenset({"assistant", "user"})
"""The values of ``Role`` this schema knows."""


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
    """Relative importance of this content when clients choose what to surface, from 0
    (least important) to 1 (most important).
    """
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
    uri: str | None = None
    """URI associated with this resource or media payload."""
    annotations: Annotations | None = None
    """Optional annotations that help clients decide how to display or route this content."""
    meta: dict[str, Any] | None = meta_field()


IconTheme: TypeAlias = str
"""Theme an icon is designed for.

Known values: ``light``, ``dark``.

Open: any other string is kept.
"""

ICON_THEME_VALUES: Final = frozenset({"light", "dark"})
"""The values of ``IconTheme`` this schema knows."""


@define(kw_only=True)
class Icon:
    """An optionally-sized icon that can be displayed in a user interface."""

    src: str
    """A standard URI pointing to an icon resource. MUST be an `https:` or `data:` URI.
    Clients reject other schemes, fetch without credentials, and do not follow scheme-
    or origin-changing redirects.
    """
    mime_type: str | None = None
    """Optional MIME type override if the source MIME type is missing or generic."""
    sizes: list[str] | None = None
    """Optional array of strings that specify sizes at which the icon can be used. Each
    string should be in `WxH` format (e.g., `"48x48"`, `"96x96"`) or `"any"` for
    scalable formats like SVG.
    """
    theme: IconTheme | None = None
    """Optional theme this icon is designed for."""
    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class ResourceLink:
    """A link to a resource that the receiver may be able to read, included in a prompt or tool
    call result.
    """

    type: Literal["resource_link"] = always("resource_link")
    name: str
    """Human-readable name shown for this protocol object."""
    uri: str
    """URI associated with this resource or media payload."""
    title: str | None = None
    """Optional display title for end-user UI."""
    description: str | None = None
    """Optional human-readable details shown with this protocol object."""
    icons: list[Icon] | None = None
    """Optional set of sized icons that the client can display in a user interface."""
    mime_type: str | None = None
    """MIME type describing the encoded media payload."""
    size: int | None = None
    """Optional size of the linked resource in bytes, if known."""
    annotations: Annotations | None = None
    """Optional annotations that help clients decide how to display or route this content."""
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
