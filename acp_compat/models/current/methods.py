# generated from the schemas below by acp_compat.models.codegen: do not edit
#   vectors/schemas/current/acp-v1-schema-1.21.0.schema.json
#   vectors/schemas/current/acp-v1-schema-ts-sdk-2.4.0.schema.json
#   vectors/schemas/current/acp-v1-schema-ts-sdk-2.4.0.unstable.schema.json
"""``CURRENT_METHODS``: every method of the schemas with its params and result types."""

from typing import Final

from acp_compat.models._base import MethodSpec
from acp_compat.models.current import (
    auth,
    elicitation,
    fs,
    initialize,
    initialize_result,
    permission,
    prompt,
    providers,
    rpc,
    session,
    terminal,
    updates,
)

CURRENT_METHODS: Final[dict[str, MethodSpec]] = {
    "fs/write_text_file": MethodSpec(
        "fs/write_text_file", "client", fs.WriteTextFileRequest, fs.WriteTextFileResponse
    ),
    "fs/read_text_file": MethodSpec(
        "fs/read_text_file", "client", fs.ReadTextFileRequest, fs.ReadTextFileResponse
    ),
    "session/request_permission": MethodSpec(
        "session/request_permission",
        "client",
        permission.RequestPermissionRequest,
        permission.RequestPermissionResponse,
    ),
    "terminal/create": MethodSpec(
        "terminal/create", "client", terminal.CreateTerminalRequest, terminal.CreateTerminalResponse
    ),
    "terminal/output": MethodSpec(
        "terminal/output", "client", terminal.TerminalOutputRequest, terminal.TerminalOutputResponse
    ),
    "terminal/release": MethodSpec(
        "terminal/release",
        "client",
        terminal.ReleaseTerminalRequest,
        terminal.ReleaseTerminalResponse,
    ),
    "terminal/wait_for_exit": MethodSpec(
        "terminal/wait_for_exit",
        "client",
        terminal.WaitForTerminalExitRequest,
        terminal.WaitForTerminalExitResponse,
    ),
    "terminal/kill": MethodSpec(
        "terminal/kill", "client", terminal.KillTerminalRequest, terminal.KillTerminalResponse
    ),
    "elicitation/create": MethodSpec(
        "elicitation/create",
        "client",
        elicitation.CreateElicitationRequest,
        elicitation.CreateElicitationResponse,
    ),
    "initialize": MethodSpec(
        "initialize", "agent", initialize.InitializeRequest, initialize_result.InitializeResponse
    ),
    "authenticate": MethodSpec(
        "authenticate",
        "agent",
        initialize.AuthenticateRequest,
        initialize_result.AuthenticateResponse,
    ),
    "providers/list": MethodSpec(
        "providers/list",
        "agent",
        providers.ListProvidersRequest,
        providers.ListProvidersResponse,
        unstable=True,
    ),
    "providers/set": MethodSpec(
        "providers/set",
        "agent",
        providers.SetProviderRequest,
        providers.SetProviderResponse,
        unstable=True,
    ),
    "providers/disable": MethodSpec(
        "providers/disable",
        "agent",
        providers.DisableProviderRequest,
        providers.DisableProviderResponse,
        unstable=True,
    ),
    "logout": MethodSpec(
        "logout", "agent", initialize.LogoutRequest, initialize_result.LogoutResponse
    ),
    "auth/status": MethodSpec(
        "auth/status", "agent", auth.AuthStatusRequest, auth.AuthStatusResponse, unstable=True
    ),
    "session/new": MethodSpec(
        "session/new", "agent", session.NewSessionRequest, session.NewSessionResponse
    ),
    "session/load": MethodSpec(
        "session/load", "agent", session.LoadSessionRequest, session.LoadSessionResponse
    ),
    "session/list": MethodSpec(
        "session/list", "agent", session.ListSessionsRequest, session.ListSessionsResponse
    ),
    "session/delete": MethodSpec(
        "session/delete", "agent", session.DeleteSessionRequest, session.DeleteSessionResponse
    ),
    "session/fork": MethodSpec(
        "session/fork",
        "agent",
        session.ForkSessionRequest,
        session.ForkSessionResponse,
        unstable=True,
    ),
    "session/archive": MethodSpec(
        "session/archive",
        "agent",
        session.ArchiveSessionRequest,
        session.ArchiveSessionResponse,
        unstable=True,
    ),
    "session/unarchive": MethodSpec(
        "session/unarchive",
        "agent",
        session.UnarchiveSessionRequest,
        session.UnarchiveSessionResponse,
        unstable=True,
    ),
    "session/status": MethodSpec(
        "session/status",
        "agent",
        session.SessionStatusRequest,
        session.SessionStatusResponse,
        unstable=True,
    ),
    "session/set_title": MethodSpec(
        "session/set_title",
        "agent",
        session.SetSessionTitleRequest,
        session.SetSessionTitleResponse,
        unstable=True,
    ),
    "session/resume": MethodSpec(
        "session/resume", "agent", session.ResumeSessionRequest, session.ResumeSessionResponse
    ),
    "session/close": MethodSpec(
        "session/close", "agent", session.CloseSessionRequest, session.CloseSessionResponse
    ),
    "session/set_mode": MethodSpec(
        "session/set_mode", "agent", session.SetSessionModeRequest, session.SetSessionModeResponse
    ),
    "session/set_config_option": MethodSpec(
        "session/set_config_option",
        "agent",
        session.SetSessionConfigOptionRequest,
        session.SetSessionConfigOptionResponse,
    ),
    "session/prompt": MethodSpec(
        "session/prompt", "agent", prompt.PromptRequest, prompt.PromptResponse
    ),
    "session/update": MethodSpec(
        "session/update", "client", updates.SessionNotification, None, notification=True
    ),
    "elicitation/complete": MethodSpec(
        "elicitation/complete",
        "client",
        elicitation.CompleteElicitationNotification,
        None,
        notification=True,
    ),
    "auth/status_update": MethodSpec(
        "auth/status_update",
        "client",
        auth.AuthStatusUpdateNotification,
        None,
        notification=True,
        unstable=True,
    ),
    "session/cancel": MethodSpec(
        "session/cancel", "agent", prompt.CancelNotification, None, notification=True
    ),
    "$/cancel_request": MethodSpec(
        "$/cancel_request", "both", rpc.CancelRequestNotification, None, notification=True
    ),
}
"""Method name → :class:`~acp_compat.models._base.MethodSpec`: ``handled_by`` the
side that receives it ("both": ``$/cancel_request``); ``None`` params: none sent,
``None`` result: a void result (0.0.x) or a notification."""

VOID_RESULTS: Final[frozenset[type]] = frozenset(
    {
        fs.WriteTextFileResponse,
        terminal.ReleaseTerminalResponse,
        terminal.KillTerminalResponse,
        initialize_result.AuthenticateResponse,
        providers.SetProviderResponse,
        providers.DisableProviderResponse,
        initialize_result.LogoutResponse,
        session.DeleteSessionResponse,
        session.ArchiveSessionResponse,
        session.UnarchiveSessionResponse,
        session.CloseSessionResponse,
        session.SetSessionModeResponse,
    }
)
"""Result classes that are ``{}`` plus an optional ``_meta``. Peers on library versions
up to v0.2.0 answer these methods with ``null``; a reader treats a ``null`` result of
one of these as ``{}`` (behaviour.md: accept both, send ``{}``)."""
