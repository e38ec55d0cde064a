# generated from the schemas below by acp_compat.models.codegen: do not edit
#   vectors/schemas/current/acp-v1-schema-1.21.0.schema.json
#   vectors/schemas/current/acp-v1-schema-ts-sdk-2.4.0.schema.json
#   vectors/schemas/current/acp-v1-schema-ts-sdk-2.4.0.unstable.schema.json
"""ACP v1 models: ``fs/read_text_file`` and ``fs/write_text_file``."""

from typing import Any

from acp_compat._define import define
from acp_compat.models._base import meta_field


@define(kw_only=True)
class WriteTextFileRequest:
    """Request to write content to a text file."""

    session_id: str
    """The session ID for this request."""
    path: str
    """Absolute path to the file to write."""
    content: str
    """The text content to write to the file."""
    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class ReadTextFileRequest:
    """Request to read content from a text file."""

    session_id: str
    """The session ID for this request."""
    path: str
    """Absolute path to the file to read."""
    line: int | None = None
    """Line number to start reading from (1-based)."""
    limit: int | None = None
    """Maximum number of lines to read."""
    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class WriteTextFileResponse:
    """Response to `fs/write_text_file`"""

    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class ReadTextFileResponse:
    """Response containing the contents of a text file."""

    content: str
    """Content payload returned by this response."""
    meta: dict[str, Any] | None = meta_field()
