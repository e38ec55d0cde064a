# generated from the schemas below by acp_compat.models.codegen: do not edit
#   vectors/schemas/current/acp-v1-schema-1.21.0.schema.json
#   vectors/schemas/current/acp-v1-schema-ts-sdk-2.4.0.schema.json
#   vectors/schemas/current/acp-v1-schema-ts-sdk-2.4.0.unstable.schema.json
"""ACP v1 models, by topic, all re-exported here.

``from acp_compat.models.current import PromptRequest`` imports only the topic module
that defines it: each topic's classes cost time to create, and ``wrap`` answers an
editor's ``initialize`` after importing only what that answer needs. The builders
are in :mod:`acp_compat.models.current.wire`; the method table is
:data:`CURRENT_METHODS`.
"""

from typing import TYPE_CHECKING, Final

from acp_compat import _lazy

EXPORTS: Final = {
    "AUTHENTICATION_REQUIRED": "acp_compat.models.current.rpc",
    "AUTH_STATE_VALUES": "acp_compat.models.current.auth",
    "AgentAuthCapabilities": "acp_compat.models.current.initialize_result",
    "AgentCapabilities": "acp_compat.models.current.initialize_result",
    "AgentMessageChunk": "acp_compat.models.current.updates",
    "AgentThoughtChunk": "acp_compat.models.current.updates",
    "Annotations": "acp_compat.models.current.content",
    "ArchiveSessionRequest": "acp_compat.models.current.session",
    "ArchiveSessionResponse": "acp_compat.models.current.session",
    "AudioContent": "acp_compat.models.current.content",
    "AuthAccount": "acp_compat.models.current.auth",
    "AuthCapabilities": "acp_compat.models.current.initialize",
    "AuthMethod": "acp_compat.models.current.initialize_result",
    "AuthMethodAgent": "acp_compat.models.current.initialize_result",
    "AuthMethodTerminal": "acp_compat.models.current.initialize_result",
    "AuthState": "acp_compat.models.current.auth",
    "AuthStatusCapabilities": "acp_compat.models.current.initialize_result",
    "AuthStatusRequest": "acp_compat.models.current.auth",
    "AuthStatusResponse": "acp_compat.models.current.auth",
    "AuthStatusUpdateNotification": "acp_compat.models.current.auth",
    "AuthenticateRequest": "acp_compat.models.current.initialize",
    "AuthenticateResponse": "acp_compat.models.current.initialize_result",
    "AvailableCommand": "acp_compat.models.current.updates",
    "AvailableCommandsUpdate": "acp_compat.models.current.updates",
    "BlobResourceContents": "acp_compat.models.current.content",
    "BooleanConfigOptionCapabilities": "acp_compat.models.current.initialize",
    "BooleanPropertySchema": "acp_compat.models.current.elicitation",
    "COMPACTION_STATUS_VALUES": "acp_compat.models.current.updates",
    "CURRENT_METHODS": "acp_compat.models.current.methods",
    "CancelNotification": "acp_compat.models.current.prompt",
    "CancelRequestNotification": "acp_compat.models.current.rpc",
    "CancelledPermissionOutcome": "acp_compat.models.current.permission",
    "ClientCapabilities": "acp_compat.models.current.initialize",
    "ClientSessionCapabilities": "acp_compat.models.current.initialize",
    "CloseSessionRequest": "acp_compat.models.current.session",
    "CloseSessionResponse": "acp_compat.models.current.session",
    "CompactionCapabilities": "acp_compat.models.current.initialize",
    "CompactionStatus": "acp_compat.models.current.updates",
    "CompactionSummaryChunk": "acp_compat.models.current.updates",
    "CompactionUpdate": "acp_compat.models.current.updates",
    "CompleteElicitationNotification": "acp_compat.models.current.elicitation",
    "ConfigOptionUpdate": "acp_compat.models.current.updates",
    "Content": "acp_compat.models.current.tools",
    "ContentBlock": "acp_compat.models.current.content",
    "ContentChunk": "acp_compat.models.current.updates",
    "Cost": "acp_compat.models.current.updates",
    "CreateElicitationRequest": "acp_compat.models.current.elicitation",
    "CreateElicitationResponse": "acp_compat.models.current.elicitation",
    "CreateTerminalRequest": "acp_compat.models.current.terminal",
    "CreateTerminalResponse": "acp_compat.models.current.terminal",
    "CurrentModeUpdate": "acp_compat.models.current.updates",
    "DeleteSessionRequest": "acp_compat.models.current.session",
    "DeleteSessionResponse": "acp_compat.models.current.session",
    "Diff": "acp_compat.models.current.tools",
    "DisableProviderRequest": "acp_compat.models.current.providers",
    "DisableProviderResponse": "acp_compat.models.current.providers",
    "ElicitationAccept": "acp_compat.models.current.elicitation",
    "ElicitationCancel": "acp_compat.models.current.elicitation",
    "ElicitationCapabilities": "acp_compat.models.current.initialize",
    "ElicitationContentValue": "acp_compat.models.current.elicitation",
    "ElicitationDecline": "acp_compat.models.current.elicitation",
    "ElicitationFormCapabilities": "acp_compat.models.current.initialize",
    "ElicitationFormRequest": "acp_compat.models.current.elicitation",
    "ElicitationPropertySchema": "acp_compat.models.current.elicitation",
    "ElicitationSchema": "acp_compat.models.current.elicitation",
    "ElicitationSchemaType": "acp_compat.models.current.elicitation",
    "ElicitationUrlCapabilities": "acp_compat.models.current.initialize",
    "ElicitationUrlRequest": "acp_compat.models.current.elicitation",
    "EmbeddedResource": "acp_compat.models.current.content",
    "EmbeddedResourceResource": "acp_compat.models.current.content",
    "EnumOption": "acp_compat.models.current.elicitation",
    "EnvVariable": "acp_compat.models.current.terminal",
    "Error": "acp_compat.models.current.rpc",
    "ErrorCode": "acp_compat.models.current.rpc",
    "FileSystemCapabilities": "acp_compat.models.current.initialize",
    "ForkSessionRequest": "acp_compat.models.current.session",
    "ForkSessionResponse": "acp_compat.models.current.session",
    "HttpHeader": "acp_compat.models.current.session",
    "INTERNAL_ERROR": "acp_compat.models.current.rpc",
    "INVALID_PARAMS": "acp_compat.models.current.rpc",
    "INVALID_REQUEST": "acp_compat.models.current.rpc",
    "IdleStateUpdate": "acp_compat.models.current.updates",
    "ImageContent": "acp_compat.models.current.content",
    "Implementation": "acp_compat.models.current.initialize",
    "InitializeRequest": "acp_compat.models.current.initialize",
    "InitializeResponse": "acp_compat.models.current.initialize_result",
    "IntegerPropertySchema": "acp_compat.models.current.elicitation",
    "KillTerminalRequest": "acp_compat.models.current.terminal",
    "KillTerminalResponse": "acp_compat.models.current.terminal",
    "LLM_PROTOCOL_VALUES": "acp_compat.models.current.providers",
    "ListProvidersRequest": "acp_compat.models.current.providers",
    "ListProvidersResponse": "acp_compat.models.current.providers",
    "ListSessionsRequest": "acp_compat.models.current.session",
    "ListSessionsResponse": "acp_compat.models.current.session",
    "LlmProtocol": "acp_compat.models.current.providers",
    "LoadSessionRequest": "acp_compat.models.current.session",
    "LoadSessionResponse": "acp_compat.models.current.session",
    "LogoutCapabilities": "acp_compat.models.current.initialize_result",
    "LogoutRequest": "acp_compat.models.current.initialize",
    "LogoutResponse": "acp_compat.models.current.initialize_result",
    "METHOD_NOT_FOUND": "acp_compat.models.current.rpc",
    "McpCapabilities": "acp_compat.models.current.initialize_result",
    "McpServer": "acp_compat.models.current.session",
    "McpServerAcp": "acp_compat.models.current.session",
    "McpServerHttp": "acp_compat.models.current.session",
    "McpServerSse": "acp_compat.models.current.session",
    "McpServerStdio": "acp_compat.models.current.session",
    "MultiSelectItems": "acp_compat.models.current.elicitation",
    "MultiSelectPropertySchema": "acp_compat.models.current.elicitation",
    "NOTICE_SEVERITY_VALUES": "acp_compat.models.current.updates",
    "NewSessionRequest": "acp_compat.models.current.session",
    "NewSessionResponse": "acp_compat.models.current.session",
    "Notice": "acp_compat.models.current.updates",
    "NoticeCapabilities": "acp_compat.models.current.initialize",
    "NoticeSeverity": "acp_compat.models.current.updates",
    "NumberPropertySchema": "acp_compat.models.current.elicitation",
    "OtherStateUpdate": "acp_compat.models.current.updates",
    "PARSE_ERROR": "acp_compat.models.current.rpc",
    "PermissionOption": "acp_compat.models.current.permission",
    "PermissionOptionKind": "acp_compat.models.current.permission",
    "Plan": "acp_compat.models.current.updates",
    "PlanCapabilities": "acp_compat.models.current.initialize",
    "PlanEntry": "acp_compat.models.current.updates",
    "PlanEntryPriority": "acp_compat.models.current.updates",
    "PlanEntryStatus": "acp_compat.models.current.updates",
    "PlanFile": "acp_compat.models.current.updates",
    "PlanItems": "acp_compat.models.current.updates",
    "PlanMarkdown": "acp_compat.models.current.updates",
    "PlanRemoved": "acp_compat.models.current.updates",
    "PlanUpdate": "acp_compat.models.current.updates",
    "PlanUpdateContent": "acp_compat.models.current.updates",
    "PromptCapabilities": "acp_compat.models.current.initialize_result",
    "PromptRequest": "acp_compat.models.current.prompt",
    "PromptResponse": "acp_compat.models.current.prompt",
    "ProviderCurrentConfig": "acp_compat.models.current.providers",
    "ProviderInfo": "acp_compat.models.current.providers",
    "ProvidersCapabilities": "acp_compat.models.current.initialize_result",
    "REQUEST_CANCELLED": "acp_compat.models.current.rpc",
    "RESOURCE_NOT_FOUND": "acp_compat.models.current.rpc",
    "ReadTextFileRequest": "acp_compat.models.current.fs",
    "ReadTextFileResponse": "acp_compat.models.current.fs",
    "ReleaseTerminalRequest": "acp_compat.models.current.terminal",
    "ReleaseTerminalResponse": "acp_compat.models.current.terminal",
    "RequestId": "acp_compat.models.current.rpc",
    "RequestPermissionOutcome": "acp_compat.models.current.permission",
    "RequestPermissionRequest": "acp_compat.models.current.permission",
    "RequestPermissionResponse": "acp_compat.models.current.permission",
    "RequiresActionStateUpdate": "acp_compat.models.current.updates",
    "ResourceLink": "acp_compat.models.current.content",
    "ResumeSessionRequest": "acp_compat.models.current.session",
    "ResumeSessionResponse": "acp_compat.models.current.session",
    "Role": "acp_compat.models.current.content",
    "RunningStateUpdate": "acp_compat.models.current.updates",
    "SESSION_ARCHIVE_FILTER_VALUES": "acp_compat.models.current.session",
    "SESSION_CONFIG_OPTION_CATEGORY_VALUES": "acp_compat.models.current.session",
    "SESSION_STATUS_VALUES": "acp_compat.models.current.session",
    "STRING_FORMAT_VALUES": "acp_compat.models.current.elicitation",
    "SYSTEM_PROMPT_MODE_VALUES": "acp_compat.models.current.session",
    "SelectedPermissionOutcome": "acp_compat.models.current.permission",
    "SessionAdditionalDirectoriesCapabilities": "acp_compat.models.current.initialize_result",
    "SessionArchiveCapabilities": "acp_compat.models.current.initialize_result",
    "SessionArchiveFilter": "acp_compat.models.current.session",
    "SessionCancelCapabilities": "acp_compat.models.current.updates",
    "SessionCapabilities": "acp_compat.models.current.initialize_result",
    "SessionCloseCapabilities": "acp_compat.models.current.initialize_result",
    "SessionConfigBoolean": "acp_compat.models.current.session",
    "SessionConfigOption": "acp_compat.models.current.session",
    "SessionConfigOptionCategory": "acp_compat.models.current.session",
    "SessionConfigOptionsCapabilities": "acp_compat.models.current.initialize",
    "SessionConfigSelect": "acp_compat.models.current.session",
    "SessionConfigSelectEntry": "acp_compat.models.current.session",
    "SessionConfigSelectGroup": "acp_compat.models.current.session",
    "SessionConfigSelectOption": "acp_compat.models.current.session",
    "SessionDeleteCapabilities": "acp_compat.models.current.initialize_result",
    "SessionForkCapabilities": "acp_compat.models.current.initialize_result",
    "SessionInfo": "acp_compat.models.current.session",
    "SessionInfoUpdate": "acp_compat.models.current.updates",
    "SessionListCapabilities": "acp_compat.models.current.initialize_result",
    "SessionMessage": "acp_compat.models.current.updates",
    "SessionMessageChunk": "acp_compat.models.current.updates",
    "SessionMode": "acp_compat.models.current.session",
    "SessionModeState": "acp_compat.models.current.session",
    "SessionNotification": "acp_compat.models.current.updates",
    "SessionResumeCapabilities": "acp_compat.models.current.initialize_result",
    "SessionStatus": "acp_compat.models.current.session",
    "SessionStatusCapabilities": "acp_compat.models.current.initialize_result",
    "SessionStatusRequest": "acp_compat.models.current.session",
    "SessionStatusResponse": "acp_compat.models.current.session",
    "SessionSystemPromptCapabilities": "acp_compat.models.current.initialize_result",
    "SessionSystemPromptModeCapabilities": "acp_compat.models.current.initialize_result",
    "SessionSystemPromptOverrideCapabilities": "acp_compat.models.current.initialize_result",
    "SessionTitleCapabilities": "acp_compat.models.current.initialize_result",
    "SessionUpdate": "acp_compat.models.current.updates",
    "SetProviderRequest": "acp_compat.models.current.providers",
    "SetProviderResponse": "acp_compat.models.current.providers",
    "SetSessionConfigOptionBoolean": "acp_compat.models.current.session",
    "SetSessionConfigOptionRequest": "acp_compat.models.current.session",
    "SetSessionConfigOptionResponse": "acp_compat.models.current.session",
    "SetSessionConfigOptionValueId": "acp_compat.models.current.session",
    "SetSessionModeRequest": "acp_compat.models.current.session",
    "SetSessionModeResponse": "acp_compat.models.current.session",
    "SetSessionTitleRequest": "acp_compat.models.current.session",
    "SetSessionTitleResponse": "acp_compat.models.current.session",
    "StateUpdate": "acp_compat.models.current.updates",
    "StopReason": "acp_compat.models.current.prompt",
    "StringFormat": "acp_compat.models.current.elicitation",
    "StringMultiSelectItems": "acp_compat.models.current.elicitation",
    "StringPropertySchema": "acp_compat.models.current.elicitation",
    "SubagentCapabilities": "acp_compat.models.current.initialize",
    "SubagentSessionCapabilities": "acp_compat.models.current.updates",
    "SubagentUpdate": "acp_compat.models.current.updates",
    "SystemPrompt": "acp_compat.models.current.session",
    "SystemPromptMode": "acp_compat.models.current.session",
    "TOOL_KIND_VALUES": "acp_compat.models.current.tools",
    "Terminal": "acp_compat.models.current.tools",
    "TerminalExitStatus": "acp_compat.models.current.terminal",
    "TerminalOutputRequest": "acp_compat.models.current.terminal",
    "TerminalOutputResponse": "acp_compat.models.current.terminal",
    "TextContent": "acp_compat.models.current.content",
    "TextResourceContents": "acp_compat.models.current.content",
    "TitledMultiSelectItems": "acp_compat.models.current.elicitation",
    "ToolCall": "acp_compat.models.current.tools",
    "ToolCallContent": "acp_compat.models.current.tools",
    "ToolCallLocation": "acp_compat.models.current.tools",
    "ToolCallProgress": "acp_compat.models.current.updates",
    "ToolCallStatus": "acp_compat.models.current.tools",
    "ToolCallUpdate": "acp_compat.models.current.tools",
    "ToolKind": "acp_compat.models.current.tools",
    "UnarchiveSessionRequest": "acp_compat.models.current.session",
    "UnarchiveSessionResponse": "acp_compat.models.current.session",
    "UnknownAuthMethod": "acp_compat.models.current.initialize_result",
    "UnknownContentBlock": "acp_compat.models.current.content",
    "UnknownCreateElicitationRequest": "acp_compat.models.current.elicitation",
    "UnknownCreateElicitationResponse": "acp_compat.models.current.elicitation",
    "UnknownElicitationPropertySchema": "acp_compat.models.current.elicitation",
    "UnknownMcpServer": "acp_compat.models.current.session",
    "UnknownMultiSelectItems": "acp_compat.models.current.elicitation",
    "UnknownPlanUpdateContent": "acp_compat.models.current.updates",
    "UnknownRequestPermissionOutcome": "acp_compat.models.current.permission",
    "UnknownSessionConfigOption": "acp_compat.models.current.session",
    "UnknownSessionUpdate": "acp_compat.models.current.updates",
    "UnknownSetSessionConfigOptionRequest": "acp_compat.models.current.session",
    "UnknownStateUpdate": "acp_compat.models.current.updates",
    "UnknownToolCallContent": "acp_compat.models.current.tools",
    "UnstructuredCommandInput": "acp_compat.models.current.updates",
    "Usage": "acp_compat.models.current.prompt",
    "UsageUpdate": "acp_compat.models.current.updates",
    "UserMessageChunk": "acp_compat.models.current.updates",
    "VOID_RESULTS": "acp_compat.models.current.methods",
    "WaitForTerminalExitRequest": "acp_compat.models.current.terminal",
    "WaitForTerminalExitResponse": "acp_compat.models.current.terminal",
    "WriteTextFileRequest": "acp_compat.models.current.fs",
    "WriteTextFileResponse": "acp_compat.models.current.fs",
}
"""Each exported name → the module that defines it."""

if TYPE_CHECKING:
    from acp_compat.models.current.auth import AUTH_STATE_VALUES as AUTH_STATE_VALUES
    from acp_compat.models.current.auth import AuthAccount as AuthAccount
    from acp_compat.models.current.auth import AuthState as AuthState
    from acp_compat.models.current.auth import AuthStatusRequest as AuthStatusRequest
    from acp_compat.models.current.auth import AuthStatusResponse as AuthStatusResponse
    from acp_compat.models.current.auth import (
        AuthStatusUpdateNotification as AuthStatusUpdateNotification,
    )
    from acp_compat.models.current.content import Annotations as Annotations
    from acp_compat.models.current.content import AudioContent as AudioContent
    from acp_compat.models.current.content import BlobResourceContents as BlobResourceContents
    from acp_compat.models.current.content import ContentBlock as ContentBlock
    from acp_compat.models.current.content import EmbeddedResource as EmbeddedResource
    from acp_compat.models.current.content import (
        EmbeddedResourceResource as EmbeddedResourceResource,
    )
    from acp_compat.models.current.content import ImageContent as ImageContent
    from acp_compat.models.current.content import ResourceLink as ResourceLink
    from acp_compat.models.current.content import Role as Role
    from acp_compat.models.current.content import TextContent as TextContent
    from acp_compat.models.current.content import TextResourceContents as TextResourceContents
    from acp_compat.models.current.content import UnknownContentBlock as UnknownContentBlock
    from acp_compat.models.current.elicitation import STRING_FORMAT_VALUES as STRING_FORMAT_VALUES
    from acp_compat.models.current.elicitation import BooleanPropertySchema as BooleanPropertySchema
    from acp_compat.models.current.elicitation import (
        CompleteElicitationNotification as CompleteElicitationNotification,
    )
    from acp_compat.models.current.elicitation import (
        CreateElicitationRequest as CreateElicitationRequest,
    )
    from acp_compat.models.current.elicitation import (
        CreateElicitationResponse as CreateElicitationResponse,
    )
    from acp_compat.models.current.elicitation import ElicitationAccept as ElicitationAccept
    from acp_compat.models.current.elicitation import ElicitationCancel as ElicitationCancel
    from acp_compat.models.current.elicitation import (
        ElicitationContentValue as ElicitationContentValue,
    )
    from acp_compat.models.current.elicitation import ElicitationDecline as ElicitationDecline
    from acp_compat.models.current.elicitation import (
        ElicitationFormRequest as ElicitationFormRequest,
    )
    from acp_compat.models.current.elicitation import (
        ElicitationPropertySchema as ElicitationPropertySchema,
    )
    from acp_compat.models.current.elicitation import ElicitationSchema as ElicitationSchema
    from acp_compat.models.current.elicitation import ElicitationSchemaType as ElicitationSchemaType
    from acp_compat.models.current.elicitation import ElicitationUrlRequest as ElicitationUrlRequest
    from acp_compat.models.current.elicitation import EnumOption as EnumOption
    from acp_compat.models.current.elicitation import IntegerPropertySchema as IntegerPropertySchema
    from acp_compat.models.current.elicitation import MultiSelectItems as MultiSelectItems
    from acp_compat.models.current.elicitation import (
        MultiSelectPropertySchema as MultiSelectPropertySchema,
    )
    from acp_compat.models.current.elicitation import NumberPropertySchema as NumberPropertySchema
    from acp_compat.models.current.elicitation import StringFormat as StringFormat
    from acp_compat.models.current.elicitation import (
        StringMultiSelectItems as StringMultiSelectItems,
    )
    from acp_compat.models.current.elicitation import StringPropertySchema as StringPropertySchema
    from acp_compat.models.current.elicitation import (
        TitledMultiSelectItems as TitledMultiSelectItems,
    )
    from acp_compat.models.current.elicitation import (
        UnknownCreateElicitationRequest as UnknownCreateElicitationRequest,
    )
    from acp_compat.models.current.elicitation import (
        UnknownCreateElicitationResponse as UnknownCreateElicitationResponse,
    )
    from acp_compat.models.current.elicitation import (
        UnknownElicitationPropertySchema as UnknownElicitationPropertySchema,
    )
    from acp_compat.models.current.elicitation import (
        UnknownMultiSelectItems as UnknownMultiSelectItems,
    )
    from acp_compat.models.current.fs import ReadTextFileRequest as ReadTextFileRequest
    from acp_compat.models.current.fs import ReadTextFileResponse as ReadTextFileResponse
    from acp_compat.models.current.fs import WriteTextFileRequest as WriteTextFileRequest
    from acp_compat.models.current.fs import WriteTextFileResponse as WriteTextFileResponse
    from acp_compat.models.current.initialize import AuthCapabilities as AuthCapabilities
    from acp_compat.models.current.initialize import AuthenticateRequest as AuthenticateRequest
    from acp_compat.models.current.initialize import (
        BooleanConfigOptionCapabilities as BooleanConfigOptionCapabilities,
    )
    from acp_compat.models.current.initialize import ClientCapabilities as ClientCapabilities
    from acp_compat.models.current.initialize import (
        ClientSessionCapabilities as ClientSessionCapabilities,
    )
    from acp_compat.models.current.initialize import (
        CompactionCapabilities as CompactionCapabilities,
    )
    from acp_compat.models.current.initialize import (
        ElicitationCapabilities as ElicitationCapabilities,
    )
    from acp_compat.models.current.initialize import (
        ElicitationFormCapabilities as ElicitationFormCapabilities,
    )
    from acp_compat.models.current.initialize import (
        ElicitationUrlCapabilities as ElicitationUrlCapabilities,
    )
    from acp_compat.models.current.initialize import (
        FileSystemCapabilities as FileSystemCapabilities,
    )
    from acp_compat.models.current.initialize import Implementation as Implementation
    from acp_compat.models.current.initialize import InitializeRequest as InitializeRequest
    from acp_compat.models.current.initialize import LogoutRequest as LogoutRequest
    from acp_compat.models.current.initialize import NoticeCapabilities as NoticeCapabilities
    from acp_compat.models.current.initialize import PlanCapabilities as PlanCapabilities
    from acp_compat.models.current.initialize import (
        SessionConfigOptionsCapabilities as SessionConfigOptionsCapabilities,
    )
    from acp_compat.models.current.initialize import SubagentCapabilities as SubagentCapabilities
    from acp_compat.models.current.initialize_result import (
        AgentAuthCapabilities as AgentAuthCapabilities,
    )
    from acp_compat.models.current.initialize_result import AgentCapabilities as AgentCapabilities
    from acp_compat.models.current.initialize_result import (
        AuthenticateResponse as AuthenticateResponse,
    )
    from acp_compat.models.current.initialize_result import AuthMethod as AuthMethod
    from acp_compat.models.current.initialize_result import AuthMethodAgent as AuthMethodAgent
    from acp_compat.models.current.initialize_result import AuthMethodTerminal as AuthMethodTerminal
    from acp_compat.models.current.initialize_result import (
        AuthStatusCapabilities as AuthStatusCapabilities,
    )
    from acp_compat.models.current.initialize_result import InitializeResponse as InitializeResponse
    from acp_compat.models.current.initialize_result import LogoutCapabilities as LogoutCapabilities
    from acp_compat.models.current.initialize_result import LogoutResponse as LogoutResponse
    from acp_compat.models.current.initialize_result import McpCapabilities as McpCapabilities
    from acp_compat.models.current.initialize_result import PromptCapabilities as PromptCapabilities
    from acp_compat.models.current.initialize_result import (
        ProvidersCapabilities as ProvidersCapabilities,
    )
    from acp_compat.models.current.initialize_result import (
        SessionAdditionalDirectoriesCapabilities as SessionAdditionalDirectoriesCapabilities,
    )
    from acp_compat.models.current.initialize_result import (
        SessionArchiveCapabilities as SessionArchiveCapabilities,
    )
    from acp_compat.models.current.initialize_result import (
        SessionCapabilities as SessionCapabilities,
    )
    from acp_compat.models.current.initialize_result import (
        SessionCloseCapabilities as SessionCloseCapabilities,
    )
    from acp_compat.models.current.initialize_result import (
        SessionDeleteCapabilities as SessionDeleteCapabilities,
    )
    from acp_compat.models.current.initialize_result import (
        SessionForkCapabilities as SessionForkCapabilities,
    )
    from acp_compat.models.current.initialize_result import (
        SessionListCapabilities as SessionListCapabilities,
    )
    from acp_compat.models.current.initialize_result import (
        SessionResumeCapabilities as SessionResumeCapabilities,
    )
    from acp_compat.models.current.initialize_result import (
        SessionStatusCapabilities as SessionStatusCapabilities,
    )
    from acp_compat.models.current.initialize_result import (
        SessionSystemPromptCapabilities as SessionSystemPromptCapabilities,
    )
    from acp_compat.models.current.initialize_result import (
        SessionSystemPromptModeCapabilities as SessionSystemPromptModeCapabilities,
    )
    from acp_compat.models.current.initialize_result import (
        SessionSystemPromptOverrideCapabilities as SessionSystemPromptOverrideCapabilities,
    )
    from acp_compat.models.current.initialize_result import (
        SessionTitleCapabilities as SessionTitleCapabilities,
    )
    from acp_compat.models.current.initialize_result import UnknownAuthMethod as UnknownAuthMethod
    from acp_compat.models.current.methods import CURRENT_METHODS as CURRENT_METHODS
    from acp_compat.models.current.methods import VOID_RESULTS as VOID_RESULTS
    from acp_compat.models.current.permission import (
        CancelledPermissionOutcome as CancelledPermissionOutcome,
    )
    from acp_compat.models.current.permission import PermissionOption as PermissionOption
    from acp_compat.models.current.permission import PermissionOptionKind as PermissionOptionKind
    from acp_compat.models.current.permission import (
        RequestPermissionOutcome as RequestPermissionOutcome,
    )
    from acp_compat.models.current.permission import (
        RequestPermissionRequest as RequestPermissionRequest,
    )
    from acp_compat.models.current.permission import (
        RequestPermissionResponse as RequestPermissionResponse,
    )
    from acp_compat.models.current.permission import (
        SelectedPermissionOutcome as SelectedPermissionOutcome,
    )
    from acp_compat.models.current.permission import (
        UnknownRequestPermissionOutcome as UnknownRequestPermissionOutcome,
    )
    from acp_compat.models.current.prompt import CancelNotification as CancelNotification
    from acp_compat.models.current.prompt import PromptRequest as PromptRequest
    from acp_compat.models.current.prompt import PromptResponse as PromptResponse
    from acp_compat.models.current.prompt import StopReason as StopReason
    from acp_compat.models.current.prompt import Usage as Usage
    from acp_compat.models.current.providers import LLM_PROTOCOL_VALUES as LLM_PROTOCOL_VALUES
    from acp_compat.models.current.providers import DisableProviderRequest as DisableProviderRequest
    from acp_compat.models.current.providers import (
        DisableProviderResponse as DisableProviderResponse,
    )
    from acp_compat.models.current.providers import ListProvidersRequest as ListProvidersRequest
    from acp_compat.models.current.providers import ListProvidersResponse as ListProvidersResponse
    from acp_compat.models.current.providers import LlmProtocol as LlmProtocol
    from acp_compat.models.current.providers import ProviderCurrentConfig as ProviderCurrentConfig
    from acp_compat.models.current.providers import ProviderInfo as ProviderInfo
    from acp_compat.models.current.providers import SetProviderRequest as SetProviderRequest
    from acp_compat.models.current.providers import SetProviderResponse as SetProviderResponse
    from acp_compat.models.current.rpc import AUTHENTICATION_REQUIRED as AUTHENTICATION_REQUIRED
    from acp_compat.models.current.rpc import INTERNAL_ERROR as INTERNAL_ERROR
    from acp_compat.models.current.rpc import INVALID_PARAMS as INVALID_PARAMS
    from acp_compat.models.current.rpc import INVALID_REQUEST as INVALID_REQUEST
    from acp_compat.models.current.rpc import METHOD_NOT_FOUND as METHOD_NOT_FOUND
    from acp_compat.models.current.rpc import PARSE_ERROR as PARSE_ERROR
    from acp_compat.models.current.rpc import REQUEST_CANCELLED as REQUEST_CANCELLED
    from acp_compat.models.current.rpc import RESOURCE_NOT_FOUND as RESOURCE_NOT_FOUND
    from acp_compat.models.current.rpc import CancelRequestNotification as CancelRequestNotification
    from acp_compat.models.current.rpc import Error as Error
    from acp_compat.models.current.rpc import ErrorCode as ErrorCode
    from acp_compat.models.current.rpc import RequestId as RequestId
    from acp_compat.models.current.session import (
        SESSION_ARCHIVE_FILTER_VALUES as SESSION_ARCHIVE_FILTER_VALUES,
    )
    from acp_compat.models.current.session import (
        SESSION_CONFIG_OPTION_CATEGORY_VALUES as SESSION_CONFIG_OPTION_CATEGORY_VALUES,
    )
    from acp_compat.models.current.session import SESSION_STATUS_VALUES as SESSION_STATUS_VALUES
    from acp_compat.models.current.session import (
        SYSTEM_PROMPT_MODE_VALUES as SYSTEM_PROMPT_MODE_VALUES,
    )
    from acp_compat.models.current.session import ArchiveSessionRequest as ArchiveSessionRequest
    from acp_compat.models.current.session import ArchiveSessionResponse as ArchiveSessionResponse
    from acp_compat.models.current.session import CloseSessionRequest as CloseSessionRequest
    from acp_compat.models.current.session import CloseSessionResponse as CloseSessionResponse
    from acp_compat.models.current.session import DeleteSessionRequest as DeleteSessionRequest
    from acp_compat.models.current.session import DeleteSessionResponse as DeleteSessionResponse
    from acp_compat.models.current.session import ForkSessionRequest as ForkSessionRequest
    from acp_compat.models.current.session import ForkSessionResponse as ForkSessionResponse
    from acp_compat.models.current.session import HttpHeader as HttpHeader
    from acp_compat.models.current.session import ListSessionsRequest as ListSessionsRequest
    from acp_compat.models.current.session import ListSessionsResponse as ListSessionsResponse
    from acp_compat.models.current.session import LoadSessionRequest as LoadSessionRequest
    from acp_compat.models.current.session import LoadSessionResponse as LoadSessionResponse
    from acp_compat.models.current.session import McpServer as McpServer
    from acp_compat.models.current.session import McpServerAcp as McpServerAcp
    from acp_compat.models.current.session import McpServerHttp as McpServerHttp
    from acp_compat.models.current.session import McpServerSse as McpServerSse
    from acp_compat.models.current.session import McpServerStdio as McpServerStdio
    from acp_compat.models.current.session import NewSessionRequest as NewSessionRequest
    from acp_compat.models.current.session import NewSessionResponse as NewSessionResponse
    from acp_compat.models.current.session import ResumeSessionRequest as ResumeSessionRequest
    from acp_compat.models.current.session import ResumeSessionResponse as ResumeSessionResponse
    from acp_compat.models.current.session import SessionArchiveFilter as SessionArchiveFilter
    from acp_compat.models.current.session import SessionConfigBoolean as SessionConfigBoolean
    from acp_compat.models.current.session import SessionConfigOption as SessionConfigOption
    from acp_compat.models.current.session import (
        SessionConfigOptionCategory as SessionConfigOptionCategory,
    )
    from acp_compat.models.current.session import SessionConfigSelect as SessionConfigSelect
    from acp_compat.models.current.session import (
        SessionConfigSelectEntry as SessionConfigSelectEntry,
    )
    from acp_compat.models.current.session import (
        SessionConfigSelectGroup as SessionConfigSelectGroup,
    )
    from acp_compat.models.current.session import (
        SessionConfigSelectOption as SessionConfigSelectOption,
    )
    from acp_compat.models.current.session import SessionInfo as SessionInfo
    from acp_compat.models.current.session import SessionMode as SessionMode
    from acp_compat.models.current.session import SessionModeState as SessionModeState
    from acp_compat.models.current.session import SessionStatus as SessionStatus
    from acp_compat.models.current.session import SessionStatusRequest as SessionStatusRequest
    from acp_compat.models.current.session import SessionStatusResponse as SessionStatusResponse
    from acp_compat.models.current.session import (
        SetSessionConfigOptionBoolean as SetSessionConfigOptionBoolean,
    )
    from acp_compat.models.current.session import (
        SetSessionConfigOptionRequest as SetSessionConfigOptionRequest,
    )
    from acp_compat.models.current.session import (
        SetSessionConfigOptionResponse as SetSessionConfigOptionResponse,
    )
    from acp_compat.models.current.session import (
        SetSessionConfigOptionValueId as SetSessionConfigOptionValueId,
    )
    from acp_compat.models.current.session import SetSessionModeRequest as SetSessionModeRequest
    from acp_compat.models.current.session import SetSessionModeResponse as SetSessionModeResponse
    from acp_compat.models.current.session import SetSessionTitleRequest as SetSessionTitleRequest
    from acp_compat.models.current.session import SetSessionTitleResponse as SetSessionTitleResponse
    from acp_compat.models.current.session import SystemPrompt as SystemPrompt
    from acp_compat.models.current.session import SystemPromptMode as SystemPromptMode
    from acp_compat.models.current.session import UnarchiveSessionRequest as UnarchiveSessionRequest
    from acp_compat.models.current.session import (
        UnarchiveSessionResponse as UnarchiveSessionResponse,
    )
    from acp_compat.models.current.session import UnknownMcpServer as UnknownMcpServer
    from acp_compat.models.current.session import (
        UnknownSessionConfigOption as UnknownSessionConfigOption,
    )
    from acp_compat.models.current.session import (
        UnknownSetSessionConfigOptionRequest as UnknownSetSessionConfigOptionRequest,
    )
    from acp_compat.models.current.terminal import CreateTerminalRequest as CreateTerminalRequest
    from acp_compat.models.current.terminal import CreateTerminalResponse as CreateTerminalResponse
    from acp_compat.models.current.terminal import EnvVariable as EnvVariable
    from acp_compat.models.current.terminal import KillTerminalRequest as KillTerminalRequest
    from acp_compat.models.current.terminal import KillTerminalResponse as KillTerminalResponse
    from acp_compat.models.current.terminal import ReleaseTerminalRequest as ReleaseTerminalRequest
    from acp_compat.models.current.terminal import (
        ReleaseTerminalResponse as ReleaseTerminalResponse,
    )
    from acp_compat.models.current.terminal import TerminalExitStatus as TerminalExitStatus
    from acp_compat.models.current.terminal import TerminalOutputRequest as TerminalOutputRequest
    from acp_compat.models.current.terminal import TerminalOutputResponse as TerminalOutputResponse
    from acp_compat.models.current.terminal import (
        WaitForTerminalExitRequest as WaitForTerminalExitRequest,
    )
    from acp_compat.models.current.terminal import (
        WaitForTerminalExitResponse as WaitForTerminalExitResponse,
    )
    from acp_compat.models.current.tools import TOOL_KIND_VALUES as TOOL_KIND_VALUES
    from acp_compat.models.current.tools import Content as Content
    from acp_compat.models.current.tools import Diff as Diff
    from acp_compat.models.current.tools import Terminal as Terminal
    from acp_compat.models.current.tools import ToolCall as ToolCall
    from acp_compat.models.current.tools import ToolCallContent as ToolCallContent
    from acp_compat.models.current.tools import ToolCallLocation as ToolCallLocation
    from acp_compat.models.current.tools import ToolCallStatus as ToolCallStatus
    from acp_compat.models.current.tools import ToolCallUpdate as ToolCallUpdate
    from acp_compat.models.current.tools import ToolKind as ToolKind
    from acp_compat.models.current.tools import UnknownToolCallContent as UnknownToolCallContent
    from acp_compat.models.current.updates import (
        COMPACTION_STATUS_VALUES as COMPACTION_STATUS_VALUES,
    )
    from acp_compat.models.current.updates import NOTICE_SEVERITY_VALUES as NOTICE_SEVERITY_VALUES
    from acp_compat.models.current.updates import AgentMessageChunk as AgentMessageChunk
    from acp_compat.models.current.updates import AgentThoughtChunk as AgentThoughtChunk
    from acp_compat.models.current.updates import AvailableCommand as AvailableCommand
    from acp_compat.models.current.updates import AvailableCommandsUpdate as AvailableCommandsUpdate
    from acp_compat.models.current.updates import CompactionStatus as CompactionStatus
    from acp_compat.models.current.updates import CompactionSummaryChunk as CompactionSummaryChunk
    from acp_compat.models.current.updates import CompactionUpdate as CompactionUpdate
    from acp_compat.models.current.updates import ConfigOptionUpdate as ConfigOptionUpdate
    from acp_compat.models.current.updates import ContentChunk as ContentChunk
    from acp_compat.models.current.updates import Cost as Cost
    from acp_compat.models.current.updates import CurrentModeUpdate as CurrentModeUpdate
    from acp_compat.models.current.updates import IdleStateUpdate as IdleStateUpdate
    from acp_compat.models.current.updates import Notice as Notice
    from acp_compat.models.current.updates import NoticeSeverity as NoticeSeverity
    from acp_compat.models.current.updates import OtherStateUpdate as OtherStateUpdate
    from acp_compat.models.current.updates import Plan as Plan
    from acp_compat.models.current.updates import PlanEntry as PlanEntry
    from acp_compat.models.current.updates import PlanEntryPriority as PlanEntryPriority
    from acp_compat.models.current.updates import PlanEntryStatus as PlanEntryStatus
    from acp_compat.models.current.updates import PlanFile as PlanFile
    from acp_compat.models.current.updates import PlanItems as PlanItems
    from acp_compat.models.current.updates import PlanMarkdown as PlanMarkdown
    from acp_compat.models.current.updates import PlanRemoved as PlanRemoved
    from acp_compat.models.current.updates import PlanUpdate as PlanUpdate
    from acp_compat.models.current.updates import PlanUpdateContent as PlanUpdateContent
    from acp_compat.models.current.updates import (
        RequiresActionStateUpdate as RequiresActionStateUpdate,
    )
    from acp_compat.models.current.updates import RunningStateUpdate as RunningStateUpdate
    from acp_compat.models.current.updates import (
        SessionCancelCapabilities as SessionCancelCapabilities,
    )
    from acp_compat.models.current.updates import SessionInfoUpdate as SessionInfoUpdate
    from acp_compat.models.current.updates import SessionMessage as SessionMessage
    from acp_compat.models.current.updates import SessionMessageChunk as SessionMessageChunk
    from acp_compat.models.current.updates import SessionNotification as SessionNotification
    from acp_compat.models.current.updates import SessionUpdate as SessionUpdate
    from acp_compat.models.current.updates import StateUpdate as StateUpdate
    from acp_compat.models.current.updates import (
        SubagentSessionCapabilities as SubagentSessionCapabilities,
    )
    from acp_compat.models.current.updates import SubagentUpdate as SubagentUpdate
    from acp_compat.models.current.updates import ToolCallProgress as ToolCallProgress
    from acp_compat.models.current.updates import (
        UnknownPlanUpdateContent as UnknownPlanUpdateContent,
    )
    from acp_compat.models.current.updates import UnknownSessionUpdate as UnknownSessionUpdate
    from acp_compat.models.current.updates import UnknownStateUpdate as UnknownStateUpdate
    from acp_compat.models.current.updates import (
        UnstructuredCommandInput as UnstructuredCommandInput,
    )
    from acp_compat.models.current.updates import UsageUpdate as UsageUpdate
    from acp_compat.models.current.updates import UserMessageChunk as UserMessageChunk
else:
    __getattr__, __dir__ = _lazy.lazy_exports(__name__, EXPORTS)
