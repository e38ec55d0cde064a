"""``CURRENT_METHODS``: every method of schema 1.21.0's ``meta.json`` with its param/result types.

``handled_by`` is ``"agent"`` for the schema's ``agentMethods`` (client to agent),
``"client"`` for ``clientMethods`` (agent to client) and ``"both"`` for the protocol-level
``$/cancel_request``, which either side may send. Notifications have ``result=None``.
"""

from typing import Final

import attrs

from acp_compat.models._base import MethodSpec
from acp_compat.models.current import elicitation as el
from acp_compat.models.current import fs, rpc
from acp_compat.models.current import initialize as ini
from acp_compat.models.current import initialize_result as ini_result
from acp_compat.models.current import permission as perm
from acp_compat.models.current import prompt as pr
from acp_compat.models.current import session as se
from acp_compat.models.current import terminal as te
from acp_compat.models.current import updates as up

_SPECS: Final = (
    # client -> agent
    MethodSpec("initialize", "agent", ini.InitializeRequest, ini_result.InitializeResponse),
    MethodSpec("authenticate", "agent", ini.AuthenticateRequest, ini_result.AuthenticateResponse),
    MethodSpec("logout", "agent", ini.LogoutRequest, ini_result.LogoutResponse),
    MethodSpec("session/new", "agent", se.NewSessionRequest, se.NewSessionResponse),
    MethodSpec("session/load", "agent", se.LoadSessionRequest, se.LoadSessionResponse),
    MethodSpec("session/list", "agent", se.ListSessionsRequest, se.ListSessionsResponse),
    MethodSpec("session/delete", "agent", se.DeleteSessionRequest, se.DeleteSessionResponse),
    MethodSpec("session/resume", "agent", se.ResumeSessionRequest, se.ResumeSessionResponse),
    MethodSpec("session/close", "agent", se.CloseSessionRequest, se.CloseSessionResponse),
    MethodSpec("session/set_mode", "agent", se.SetSessionModeRequest, se.SetSessionModeResponse),
    MethodSpec(
        "session/set_config_option",
        "agent",
        se.SetSessionConfigOptionRequest,
        se.SetSessionConfigOptionResponse,
    ),
    MethodSpec("session/prompt", "agent", pr.PromptRequest, pr.PromptResponse),
    MethodSpec("session/cancel", "agent", pr.CancelNotification, None, notification=True),
    # agent -> client
    MethodSpec(
        "session/request_permission",
        "client",
        perm.RequestPermissionRequest,
        perm.RequestPermissionResponse,
    ),
    MethodSpec("session/update", "client", up.SessionNotification, None, notification=True),
    MethodSpec("fs/read_text_file", "client", fs.ReadTextFileRequest, fs.ReadTextFileResponse),
    MethodSpec("fs/write_text_file", "client", fs.WriteTextFileRequest, fs.WriteTextFileResponse),
    MethodSpec("terminal/create", "client", te.CreateTerminalRequest, te.CreateTerminalResponse),
    MethodSpec("terminal/output", "client", te.TerminalOutputRequest, te.TerminalOutputResponse),
    MethodSpec("terminal/release", "client", te.ReleaseTerminalRequest, te.ReleaseTerminalResponse),
    MethodSpec(
        "terminal/wait_for_exit",
        "client",
        te.WaitForTerminalExitRequest,
        te.WaitForTerminalExitResponse,
    ),
    MethodSpec("terminal/kill", "client", te.KillTerminalRequest, te.KillTerminalResponse),
    MethodSpec(
        "elicitation/create", "client", el.CreateElicitationRequest, el.CreateElicitationResponse
    ),
    MethodSpec(
        "elicitation/complete",
        "client",
        el.CompleteElicitationNotification,
        None,
        notification=True,
    ),
    # either direction
    MethodSpec("$/cancel_request", "both", rpc.CancelRequestNotification, None, notification=True),
)

CURRENT_METHODS: Final[dict[str, MethodSpec]] = {spec.name: spec for spec in _SPECS}
"""Method name → :class:`~acp_compat.models._base.MethodSpec` for the current protocol."""


VOID_RESULTS: Final[frozenset[type]] = frozenset(
    spec.result
    for spec in _SPECS
    if isinstance(spec.result, type) and [f.name for f in attrs.fields(spec.result)] == ["meta"]
)
"""Result classes that are ``{}`` plus an optional ``_meta``.

Peers on library versions up to v0.2.0 answer these methods with ``null`` instead; a reader
should treat a ``null`` result of one of these as ``{}`` (behaviour.md: accept both, send
``{}``), since structuring ``null`` into a class is an error.
"""
