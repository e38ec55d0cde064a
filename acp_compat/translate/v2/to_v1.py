"""ACP v2 (draft) shapes → ACP v1 shapes, one function a shape, for both translators.

The counterpart of :mod:`.to_v2`, read the same way: a v2 dict read leniently (a client's
request after validation, an agent's output as it comes), a v1 object built with the v1
builders (:mod:`acp_compat.models.current.wire`).
"""

from __future__ import annotations

from typing import Any

from acp_compat.models.current import wire

from .to_v2 import meta, objects, text


def implementation(info: Any, fallback_name: str, fallback_version: str) -> dict[str, Any]:
    """v2 ``info`` → v1 ``clientInfo``/``agentInfo`` (the same members)."""
    info = info if isinstance(info, dict) else {}
    return wire.implementation(
        name=text(info, "name") or fallback_name,
        version=text(info, "version") or fallback_version,
        title=text(info, "title"),
        meta=meta(info),
    )


def env_variables(env: Any) -> list[dict[str, Any]]:
    """v2 environment variables → v1 (the same shape)."""
    return [
        wire.env_variable(name=name, value=value, meta=meta(item))
        for item in objects(env)
        if (name := text(item, "name")) is not None and (value := text(item, "value")) is not None
    ]


def mcp_server(server: dict[str, Any]) -> dict[str, Any] | None:
    """A v2 MCP server → v1: stdio loses its ``type`` and gets the ``args`` and ``env``
    v1 requires; ``None`` for a transport v1 lacks."""
    kind, name = server.get("type"), text(server, "name")
    if name is None:
        return None
    if kind == "stdio" and (command := text(server, "command")) is not None:
        args = [a for a in server.get("args") or [] if isinstance(a, str)]
        return wire.mcp_server_stdio(
            name=name,
            command=command,
            args=args,
            env=env_variables(server.get("env")),
            meta=meta(server),
        )
    if kind == "http" and (url := text(server, "url")) is not None:
        headers = [
            wire.http_header(name=n, value=v, meta=meta(h))
            for h in objects(server.get("headers"))
            if (n := text(h, "name")) is not None and (v := text(h, "value")) is not None
        ]
        return wire.mcp_server_http(name=name, url=url, headers=headers, meta=meta(server))
    return None
