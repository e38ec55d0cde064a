"""State the upgrade translator keeps: agent processes, sessions, turns, tool calls, and
the context of every request in flight on either hop."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import attrs

from acp_compat.jsonrpc.messages import RequestId
from acp_compat.models.legacy import ToolCallLocation
from acp_compat.translate.base import OutboundRequests

# --- what each request acp-compat sent to an agent process was for -----------------------


@attrs.frozen
class InitializeForClient:
    """Legacy ``initialize`` of agent 0 answering the client's ``initialize``."""

    client_id: RequestId


@attrs.frozen
class InitializeForSession:
    """Legacy ``initialize`` of a process started for a ``session/new``."""

    client_id: RequestId
    session_id: str
    cwd: str


@attrs.frozen
class InitializeControl:
    """Legacy ``initialize`` of a control process started to run ``authenticate``."""


@attrs.frozen
class AuthenticateFor:
    """Legacy ``authenticate`` answering the client's ``authenticate``."""

    client_id: RequestId


@attrs.frozen
class SendFor:
    """Legacy ``sendUserMessage`` of a session's prompt turn."""

    session_id: str


@attrs.frozen
class CancelSend:
    """Legacy ``cancelSendMessage``: acp-compat's own request, its answer is consumed."""

    session_id: str


AgentContext = (
    InitializeForClient
    | InitializeForSession
    | InitializeControl
    | AuthenticateFor
    | SendFor
    | CancelSend
)

# --- what each request acp-compat sent to the client (or the shell) was for --------------


@attrs.define
class PermissionFor:
    """``session/request_permission`` standing for a legacy ``requestToolCallConfirmation``."""

    agent: int
    session_id: str
    legacy_id: RequestId
    tool_id: int
    offered: frozenset[str]


@attrs.frozen
class FileFor:
    """A legacy ``readTextFile`` / ``writeTextFile`` served by the client or the shell."""

    agent: int
    legacy_id: RequestId
    read: bool


ClientContext = PermissionFor | FileFor

# --- live state --------------------------------------------------------------------------


@attrs.define
class ToolState:
    """One tool call of a session: its current status and the locations the agent gave
    (an ``updateToolCall`` diff path is resolved against them)."""

    status: str
    locations: Sequence[ToolCallLocation]


@attrs.define
class Turn:
    """A running ``session/prompt``: the client's request id, whether a cancel was sent,
    and the tool calls made during it."""

    prompt_id: RequestId
    cancelling: bool = False
    tool_ids: list[int] = attrs.Factory(list)


@attrs.define
class Session:
    """One current session, served by one legacy agent process working in ``cwd``."""

    session_id: str
    agent: int
    cwd: str
    next_tool_id: int = 1
    tools: dict[int, ToolState] = attrs.Factory(dict)
    turn: Turn | None = None
    exit_error: dict[str, Any] | None = None

    def new_tool_id(self) -> int:
        """The next legacy tool call id (from 1: legacy Gemini skips updates for id 0)."""
        tool_id = self.next_tool_id
        self.next_tool_id += 1
        return tool_id


@attrs.define
class AgentProcess:
    """One legacy agent process and its id space.

    ``keep`` holds an idle process alive: agent 0 until the first ``session/new`` decided
    whether it is reused (so ``keep`` on agent 0 also means "not decided yet").
    ``control`` marks a process started only to run ``authenticate``. ``initializing``
    is true while acp-compat's ``initialize`` is in flight; ``queued_auth`` holds client
    ``authenticate`` ids waiting for it.
    """

    number: int
    outbound: OutboundRequests[AgentContext]
    keep: bool = False
    control: bool = False
    alive: bool = True
    stopping: bool = False
    initializing: bool = False
    initialized: dict[str, Any] | None = None
    session_id: str | None = None
    queued_auth: list[RequestId] = attrs.Factory(list)
    failure: dict[str, Any] | None = None
    """The error to answer with once the process has exited or failed to start."""
