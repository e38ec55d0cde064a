"""``fs/*``: agent-to-client file access, only if the client advertised ``fs`` capabilities."""

from typing import Any

from acp_compat._define import define
from acp_compat.models._base import meta_field


@define(kw_only=True)
class ReadTextFileRequest:
    """``fs/read_text_file`` params: absolute ``path``, optional 1-based ``line``, ``limit``."""

    session_id: str
    path: str
    line: int | None = None
    limit: int | None = None
    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class ReadTextFileResponse:
    """``fs/read_text_file`` result: the text read."""

    content: str
    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class WriteTextFileRequest:
    """``fs/write_text_file`` params; the client must create a missing file."""

    session_id: str
    path: str
    content: str
    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class WriteTextFileResponse:
    """``fs/write_text_file`` result (void: ``{}``; older peers send ``null``)."""

    meta: dict[str, Any] | None = meta_field()
