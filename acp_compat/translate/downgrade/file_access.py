"""The agent's ``fs/*`` requests, forwarded to a legacy client (only with ``--client-fs``).

Legacy ``readTextFile`` / ``writeTextFile`` (0.0.7 and later) take the same path, line
and limit; the legacy ``null`` result of a write becomes the current ``{}``.
"""

from __future__ import annotations

from typing import Any

import attrs

from acp_compat._define import define
from acp_compat.jsonrpc import messages as rpc
from acp_compat.models import legacy_wire
from acp_compat.models.current import wire
from acp_compat.translate.base import Output, ToAgent

from .outbox import ClientOutbox, ForAgent

FS_METHODS = frozenset({"fs/read_text_file", "fs/write_text_file"})


@define(eq=False)
class FsCall(ForAgent):
    """Context of a legacy ``readTextFile`` / ``writeTextFile`` made for an agent ``fs/*``."""

    method: str = attrs.field(kw_only=True)


def forward(
    outbox: ClientOutbox, id: rpc.RequestId, method: str, params: dict[str, Any]
) -> list[Output]:
    """Queue the legacy request for an agent ``fs/*`` request (or refuse bad params)."""
    path = params.get("path")
    if not isinstance(path, str):
        return [ToAgent(0, rpc.error(id, rpc.INVALID_PARAMS, f"{method}: path must be a string"))]
    if method == "fs/read_text_file":
        line, limit = (
            value if isinstance(value, int) and not isinstance(value, bool) and value >= 0 else None
            for value in (params.get("line"), params.get("limit"))
        )
        legacy = legacy_wire.read_text_file_params(path=path, line=line, limit=limit)
        call = FsCall(id, method="readTextFile")
        outbox.request("readTextFile", lambda: None if call.dropped else legacy, call)
        return []
    content = params.get("content")
    if not isinstance(content, str):
        problem = f"{method}: content must be a string"
        return [ToAgent(0, rpc.error(id, rpc.INVALID_PARAMS, problem))]
    written = legacy_wire.write_text_file_params(path=path, content=content)
    call = FsCall(id, method="writeTextFile")
    outbox.request("writeTextFile", lambda: None if call.dropped else written, call)
    return []


def answer(context: FsCall, message: rpc.Message) -> list[Output]:
    """The agent's answer for the legacy client's answer ``message`` (none for a request
    the agent cancelled)."""
    agent_id = context.agent_request_id
    result = message.get("result")
    content = result.get("content") if isinstance(result, dict) else None
    if context.dropped:
        return []
    if message.get("error") is not None:
        answer = rpc.forwarded_error(agent_id, message["error"])
    elif context.method == "writeTextFile":
        answer = rpc.result(agent_id, wire.write_text_file_response())
    elif isinstance(content, str):
        answer = rpc.result(agent_id, wire.read_text_file_response(content=content))
    else:
        answer = rpc.error(agent_id, rpc.INTERNAL_ERROR, "The client returned no file content")
    return [ToAgent(0, answer)]
