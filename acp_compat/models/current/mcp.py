"""MCP servers a client asks the agent to connect to (``McpServer``, in ``session/new`` etc.).

Tagged by ``type`` (``http``, ``sse``); an entry without ``type`` is a stdio server, and an
unknown ``type`` lands in :class:`UnknownMcpServer` so a newer client's entry is kept.
"""

from typing import Any, Literal, TypeAlias

from acp_compat._define import define
from acp_compat.models._base import always, meta_field, tagged_union
from acp_compat.models.current.terminal import EnvVariable


@define(kw_only=True)
class HttpHeader:
    """One HTTP header sent to an HTTP or SSE MCP server."""

    name: str
    value: str
    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class McpServerHttp:
    """An MCP server over streamable HTTP (``type: "http"``, needs ``mcpCapabilities.http``)."""

    type: Literal["http"] = always("http")
    name: str
    url: str
    headers: list[HttpHeader]
    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class McpServerSse:
    """An MCP server over SSE (``type: "sse"``, needs ``mcpCapabilities.sse``)."""

    type: Literal["sse"] = always("sse")
    name: str
    url: str
    headers: list[HttpHeader]
    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class McpServerStdio:
    """An MCP server the agent starts as a process (no ``type`` on the wire)."""

    name: str
    command: str
    args: list[str]
    env: list[EnvVariable]
    meta: dict[str, Any] | None = meta_field()


@define(kw_only=True)
class UnknownMcpServer:
    """An MCP server entry of a type this schema does not know; ``data`` is the raw object."""

    data: dict[str, Any]


McpServer: TypeAlias = McpServerHttp | McpServerSse | McpServerStdio | UnknownMcpServer
"""An MCP server entry: http, sse, stdio (untagged) or unknown."""
tagged_union(
    McpServer,
    tag="type",
    members={"http": McpServerHttp, "sse": McpServerSse},
    fallback=UnknownMcpServer,
    untagged=McpServerStdio,
)
