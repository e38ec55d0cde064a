# generated from the schemas below by acp_compat.models.codegen: do not edit
#   vectors/schemas/v2/acp-v2-draft-ts-sdk-2.4.0.schema.json
#   vectors/schemas/v2/acp-v2-draft-ts-sdk-2.4.0.unstable.schema.json
"""``V2_METHODS``: every method of the schemas with its params and result types."""

from typing import Final

from acp_compat.models._base import MethodSpec
from acp_compat.models.v2 import (
    auth,
    elicitation,
    initialize,
    initialize_result,
    permission,
    prompt,
    providers,
    rpc,
    session,
    tools,
    updates,
)

V2_METHODS: Final[dict[str, MethodSpec]] = {
    "session/request_permission": MethodSpec(
        "session/request_permission",
        "client",
        permission.RequestPermissionRequest,
        permission.RequestPermissionResponse,
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
    "auth/login": MethodSpec("auth/login", "agent", auth.LoginAuthRequest, auth.LoginAuthResponse),
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
    "auth/logout": MethodSpec(
        "auth/logout", "agent", auth.LogoutAuthRequest, auth.LogoutAuthResponse
    ),
    "auth/status": MethodSpec(
        "auth/status", "agent", auth.AuthStatusRequest, auth.AuthStatusResponse, unstable=True
    ),
    "session/new": MethodSpec(
        "session/new", "agent", session.NewSessionRequest, session.NewSessionResponse
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
    "tool_call/cancel": MethodSpec(
        "tool_call/cancel", "agent", tools.CancelToolCallRequest, tools.CancelToolCallResponse
    ),
    "terminal/cancel": MethodSpec(
        "terminal/cancel", "agent", tools.CancelTerminalRequest, tools.CancelTerminalResponse
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
        "session/update", "client", updates.UpdateSessionNotification, None, notification=True
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
        "session/cancel", "agent", prompt.CancelSessionNotification, None, notification=True
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
        auth.LoginAuthResponse,
        providers.SetProviderResponse,
        providers.DisableProviderResponse,
        auth.LogoutAuthResponse,
        session.DeleteSessionResponse,
        session.ArchiveSessionResponse,
        session.UnarchiveSessionResponse,
        session.CloseSessionResponse,
        tools.CancelToolCallResponse,
        tools.CancelTerminalResponse,
    }
)
"""Result classes that are ``{}`` plus an optional ``_meta``. Peers on library versions
up to v0.2.0 answer these methods with ``null``; a reader treats a ``null`` result of
one of these as ``{}`` (behaviour.md: accept both, send ``{}``)."""
