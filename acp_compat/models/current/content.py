"""Content blocks: what prompts, message chunks and tool-call content carry.

``ContentBlock`` is tagged by ``type``. A block type we do not know (a newer peer's) lands in
:class:`UnknownContentBlock` and is written back verbatim, so a relay never drops it.
"""

from typing import Any, Literal, TypeAlias

from acp_compat._define import define
from acp_compat.models._base import always, keyed_union, meta_field, tagged_union

# Closed: the schema's two audience roles have not changed since annotations were added.
Role = Literal["assistant", "user"]
"""Who a block is meant for."""


@define(kw_only=True)
class Annotations:
    """Display hints for a block: who it is for, when it changed, how important it is."""

    audience: list[Role] | None = None
    last_modified: str | None = None
    priority: float | None = None
    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class TextContent:
    """A text block (``type: "text"``); every agent must accept it in prompts."""

    type: Literal["text"] = always("text")
    text: str
    annotations: Annotations | None = None
    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class ImageContent:
    """A base64 image (``type: "image"``); needs ``promptCapabilities.image`` in prompts."""

    type: Literal["image"] = always("image")
    data: str
    mime_type: str
    uri: str | None = None
    annotations: Annotations | None = None
    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class AudioContent:
    """Base64 audio (``type: "audio"``); needs ``promptCapabilities.audio`` in prompts."""

    type: Literal["audio"] = always("audio")
    data: str
    mime_type: str
    annotations: Annotations | None = None
    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class ResourceLink:
    """A reference to a resource by URI (``type: "resource_link"``); always accepted."""

    type: Literal["resource_link"] = always("resource_link")
    name: str
    uri: str
    description: str | None = None
    mime_type: str | None = None
    size: int | None = None
    title: str | None = None
    annotations: Annotations | None = None
    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class TextResourceContents:
    """The text contents of an embedded resource."""

    uri: str
    text: str
    mime_type: str | None = None
    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class BlobResourceContents:
    """The base64 binary contents of an embedded resource."""

    uri: str
    blob: str
    mime_type: str | None = None
    meta: dict[str, Any] | None = meta_field()


# Untagged in the schema: told apart by which of ``text`` / ``blob`` is present.
EmbeddedResourceResource: TypeAlias = TextResourceContents | BlobResourceContents
"""The contents of an embedded resource: text or a base64 blob."""
keyed_union(
    EmbeddedResourceResource,
    {"text": TextResourceContents, "blob": BlobResourceContents},
)


@define(kw_only=True)
class EmbeddedResource:
    """A resource with its contents inline (``type: "resource"``); needs ``embeddedContext``."""

    type: Literal["resource"] = always("resource")
    resource: EmbeddedResourceResource
    annotations: Annotations | None = None
    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class UnknownContentBlock:
    """A content block of a type this schema does not know; ``data`` is the raw object."""

    data: dict[str, Any]


ContentBlock: TypeAlias = (
    TextContent
    | ImageContent
    | AudioContent
    | ResourceLink
    | EmbeddedResource
    | UnknownContentBlock
)
"""Any content block, tagged by ``type``."""
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
