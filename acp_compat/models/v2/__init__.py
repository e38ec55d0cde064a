# generated from the schemas below by acp_compat.models.codegen: do not edit
#   vectors/schemas/v2/acp-v2-draft-ts-sdk-2.4.0.schema.json
#   vectors/schemas/v2/acp-v2-draft-ts-sdk-2.4.0.unstable.schema.json
"""ACP v2 (draft) models, by topic, all re-exported here.

``from acp_compat.models.v2 import PromptRequest`` imports only the topic module
that defines it: each topic's classes cost time to create, and ``wrap`` answers an
editor's ``initialize`` after importing only what that answer needs. The builders
are in :mod:`acp_compat.models.v2.wire`; the method table is
:data:`V2_METHODS`.
"""

from typing import TYPE_CHECKING, Final

from acp_compat import _lazy

EXPORTS: Final = {
    "AUTHENTICATION_REQUIRED": "acp_compat.models.v2.rpc",
    "AUTH_STATE_VALUES": "acp_compat.models.v2.auth",
    "Add": "acp_compat.models.v2.tools",
    "AgentAuthCapabilities": "acp_compat.models.v2.initialize_result",
    "AgentCapabilities": "acp_compat.models.v2.initialize_result",
    "AgentMessage": "acp_compat.models.v2.updates",
    "AgentMessageChunk": "acp_compat.models.v2.updates",
    "AgentThought": "acp_compat.models.v2.updates",
    "AgentThoughtChunk": "acp_compat.models.v2.updates",
    "Annotations": "acp_compat.models.v2.content",
    "ArchiveSessionRequest": "acp_compat.models.v2.session",
    "ArchiveSessionResponse": "acp_compat.models.v2.session",
    "AudioContent": "acp_compat.models.v2.content",
    "AuthAccount": "acp_compat.models.v2.auth",
    "AuthMethod": "acp_compat.models.v2.initialize_result",
    "AuthMethodAgent": "acp_compat.models.v2.initialize_result",
    "AuthMethodTerminal": "acp_compat.models.v2.initialize_result",
    "AuthState": "acp_compat.models.v2.auth",
    "AuthStatusCapabilities": "acp_compat.models.v2.initialize_result",
    "AuthStatusRequest": "acp_compat.models.v2.auth",
    "AuthStatusResponse": "acp_compat.models.v2.auth",
    "AuthStatusUpdateNotification": "acp_compat.models.v2.auth",
    "AvailableCommand": "acp_compat.models.v2.session",
    "AvailableCommandInput": "acp_compat.models.v2.session",
    "AvailableCommandsUpdate": "acp_compat.models.v2.updates",
    "BackgroundSubagent": "acp_compat.models.v2.session",
    "BackgroundTerminal": "acp_compat.models.v2.session",
    "BackgroundToolCall": "acp_compat.models.v2.session",
    "BackgroundWork": "acp_compat.models.v2.session",
    "BlobResourceContents": "acp_compat.models.v2.content",
    "BooleanPropertySchema": "acp_compat.models.v2.elicitation",
    "COMPACTION_STATUS_VALUES": "acp_compat.models.v2.updates",
    "CancelRequestNotification": "acp_compat.models.v2.rpc",
    "CancelSessionNotification": "acp_compat.models.v2.prompt",
    "CancelTerminalRequest": "acp_compat.models.v2.tools",
    "CancelTerminalResponse": "acp_compat.models.v2.tools",
    "CancelToolCallRequest": "acp_compat.models.v2.tools",
    "CancelToolCallResponse": "acp_compat.models.v2.tools",
    "CancelledPermissionOutcome": "acp_compat.models.v2.permission",
    "ClientAuthCapabilities": "acp_compat.models.v2.initialize",
    "ClientCapabilities": "acp_compat.models.v2.initialize",
    "CloseSessionRequest": "acp_compat.models.v2.session",
    "CloseSessionResponse": "acp_compat.models.v2.session",
    "Command": "acp_compat.models.v2.session",
    "CommandPermissionSubject": "acp_compat.models.v2.permission",
    "CompactionStatus": "acp_compat.models.v2.updates",
    "CompactionSummaryChunk": "acp_compat.models.v2.updates",
    "CompactionUpdate": "acp_compat.models.v2.updates",
    "CompleteElicitationNotification": "acp_compat.models.v2.elicitation",
    "ConfigOptionUpdate": "acp_compat.models.v2.updates",
    "Content": "acp_compat.models.v2.tools",
    "ContentBlock": "acp_compat.models.v2.content",
    "ContentChunk": "acp_compat.models.v2.updates",
    "Copy": "acp_compat.models.v2.tools",
    "Cost": "acp_compat.models.v2.updates",
    "CreateElicitationRequest": "acp_compat.models.v2.elicitation",
    "CreateElicitationResponse": "acp_compat.models.v2.elicitation",
    "DIFF_FILE_TYPE_VALUES": "acp_compat.models.v2.tools",
    "DIFF_PATCH_FORMAT_VALUES": "acp_compat.models.v2.tools",
    "Delete": "acp_compat.models.v2.tools",
    "DeleteSessionRequest": "acp_compat.models.v2.session",
    "DeleteSessionResponse": "acp_compat.models.v2.session",
    "Diff": "acp_compat.models.v2.tools",
    "DiffChange": "acp_compat.models.v2.tools",
    "DiffFileType": "acp_compat.models.v2.tools",
    "DiffPatch": "acp_compat.models.v2.tools",
    "DiffPatchFormat": "acp_compat.models.v2.tools",
    "DisableProviderRequest": "acp_compat.models.v2.providers",
    "DisableProviderResponse": "acp_compat.models.v2.providers",
    "ElicitationAccept": "acp_compat.models.v2.elicitation",
    "ElicitationCancel": "acp_compat.models.v2.elicitation",
    "ElicitationCapabilities": "acp_compat.models.v2.initialize",
    "ElicitationDecline": "acp_compat.models.v2.elicitation",
    "ElicitationFormCapabilities": "acp_compat.models.v2.initialize",
    "ElicitationFormRequest": "acp_compat.models.v2.elicitation",
    "ElicitationPropertySchema": "acp_compat.models.v2.elicitation",
    "ElicitationSchema": "acp_compat.models.v2.elicitation",
    "ElicitationSchemaType": "acp_compat.models.v2.elicitation",
    "ElicitationUrlCapabilities": "acp_compat.models.v2.initialize",
    "ElicitationUrlRequest": "acp_compat.models.v2.elicitation",
    "EmbeddedResource": "acp_compat.models.v2.content",
    "EmbeddedResourceResource": "acp_compat.models.v2.content",
    "EnumOption": "acp_compat.models.v2.elicitation",
    "EnvVariable": "acp_compat.models.v2.initialize",
    "Error": "acp_compat.models.v2.rpc",
    "ErrorCode": "acp_compat.models.v2.rpc",
    "ForkSessionRequest": "acp_compat.models.v2.session",
    "ForkSessionResponse": "acp_compat.models.v2.session",
    "HttpHeader": "acp_compat.models.v2.session",
    "ICON_THEME_VALUES": "acp_compat.models.v2.content",
    "INTERNAL_ERROR": "acp_compat.models.v2.rpc",
    "INVALID_PARAMS": "acp_compat.models.v2.rpc",
    "INVALID_REQUEST": "acp_compat.models.v2.rpc",
    "Icon": "acp_compat.models.v2.content",
    "IconTheme": "acp_compat.models.v2.content",
    "IdleStateUpdate": "acp_compat.models.v2.session",
    "ImageContent": "acp_compat.models.v2.content",
    "Implementation": "acp_compat.models.v2.initialize",
    "InitializeRequest": "acp_compat.models.v2.initialize",
    "InitializeResponse": "acp_compat.models.v2.initialize_result",
    "IntegerPropertySchema": "acp_compat.models.v2.elicitation",
    "LLM_PROTOCOL_VALUES": "acp_compat.models.v2.providers",
    "ListProvidersRequest": "acp_compat.models.v2.providers",
    "ListProvidersResponse": "acp_compat.models.v2.providers",
    "ListSessionsRequest": "acp_compat.models.v2.session",
    "ListSessionsResponse": "acp_compat.models.v2.session",
    "LlmProtocol": "acp_compat.models.v2.providers",
    "LoginAuthRequest": "acp_compat.models.v2.auth",
    "LoginAuthResponse": "acp_compat.models.v2.auth",
    "LogoutAuthRequest": "acp_compat.models.v2.auth",
    "LogoutAuthResponse": "acp_compat.models.v2.auth",
    "METHOD_NOT_FOUND": "acp_compat.models.v2.rpc",
    "McpAcpCapabilities": "acp_compat.models.v2.initialize_result",
    "McpCapabilities": "acp_compat.models.v2.initialize_result",
    "McpHttpCapabilities": "acp_compat.models.v2.initialize_result",
    "McpServer": "acp_compat.models.v2.session",
    "McpServerAcp": "acp_compat.models.v2.session",
    "McpServerHttp": "acp_compat.models.v2.session",
    "McpServerStdio": "acp_compat.models.v2.session",
    "McpStdioCapabilities": "acp_compat.models.v2.initialize_result",
    "Modify": "acp_compat.models.v2.tools",
    "Move": "acp_compat.models.v2.tools",
    "MultiSelectItems": "acp_compat.models.v2.elicitation",
    "MultiSelectPropertySchema": "acp_compat.models.v2.elicitation",
    "NOTICE_SEVERITY_VALUES": "acp_compat.models.v2.updates",
    "NewSessionRequest": "acp_compat.models.v2.session",
    "NewSessionResponse": "acp_compat.models.v2.session",
    "Notice": "acp_compat.models.v2.updates",
    "NoticeSeverity": "acp_compat.models.v2.updates",
    "NumberPropertySchema": "acp_compat.models.v2.elicitation",
    "OtherStateUpdate": "acp_compat.models.v2.session",
    "PARSE_ERROR": "acp_compat.models.v2.rpc",
    "PERMISSION_OPTION_KIND_VALUES": "acp_compat.models.v2.permission",
    "PLAN_ENTRY_PRIORITY_VALUES": "acp_compat.models.v2.updates",
    "PLAN_ENTRY_STATUS_VALUES": "acp_compat.models.v2.updates",
    "PermissionOption": "acp_compat.models.v2.permission",
    "PermissionOptionKind": "acp_compat.models.v2.permission",
    "PlanEntry": "acp_compat.models.v2.updates",
    "PlanEntryPriority": "acp_compat.models.v2.updates",
    "PlanEntryStatus": "acp_compat.models.v2.updates",
    "PlanFile": "acp_compat.models.v2.updates",
    "PlanItems": "acp_compat.models.v2.updates",
    "PlanMarkdown": "acp_compat.models.v2.updates",
    "PlanRemoved": "acp_compat.models.v2.updates",
    "PlanUpdate": "acp_compat.models.v2.updates",
    "PlanUpdateContent": "acp_compat.models.v2.updates",
    "PromptAudioCapabilities": "acp_compat.models.v2.initialize_result",
    "PromptCapabilities": "acp_compat.models.v2.initialize_result",
    "PromptEmbeddedContextCapabilities": "acp_compat.models.v2.initialize_result",
    "PromptImageCapabilities": "acp_compat.models.v2.initialize_result",
    "PromptRequest": "acp_compat.models.v2.prompt",
    "PromptResponse": "acp_compat.models.v2.prompt",
    "ProviderCurrentConfig": "acp_compat.models.v2.providers",
    "ProviderInfo": "acp_compat.models.v2.providers",
    "ProvidersCapabilities": "acp_compat.models.v2.initialize_result",
    "REQUEST_CANCELLED": "acp_compat.models.v2.rpc",
    "RESOURCE_NOT_FOUND": "acp_compat.models.v2.rpc",
    "ROLE_VALUES": "acp_compat.models.v2.content",
    "ReplayFrom": "acp_compat.models.v2.session",
    "ReplayFromStart": "acp_compat.models.v2.session",
    "RequestId": "acp_compat.models.v2.rpc",
    "RequestPermissionOutcome": "acp_compat.models.v2.permission",
    "RequestPermissionRequest": "acp_compat.models.v2.permission",
    "RequestPermissionResponse": "acp_compat.models.v2.permission",
    "RequestPermissionSubject": "acp_compat.models.v2.permission",
    "RequiresActionStateUpdate": "acp_compat.models.v2.session",
    "ResourceLink": "acp_compat.models.v2.content",
    "ResumeSessionRequest": "acp_compat.models.v2.session",
    "ResumeSessionResponse": "acp_compat.models.v2.session",
    "Role": "acp_compat.models.v2.content",
    "RunningStateUpdate": "acp_compat.models.v2.session",
    "SESSION_ARCHIVE_FILTER_VALUES": "acp_compat.models.v2.session",
    "SESSION_CONFIG_OPTION_CATEGORY_VALUES": "acp_compat.models.v2.session",
    "SESSION_STATUS_VALUES": "acp_compat.models.v2.session",
    "STRING_FORMAT_VALUES": "acp_compat.models.v2.elicitation",
    "SYSTEM_PROMPT_MODE_VALUES": "acp_compat.models.v2.session",
    "SelectedPermissionOutcome": "acp_compat.models.v2.permission",
    "SessionAdditionalDirectoriesCapabilities": "acp_compat.models.v2.initialize_result",
    "SessionArchiveCapabilities": "acp_compat.models.v2.initialize_result",
    "SessionArchiveFilter": "acp_compat.models.v2.session",
    "SessionCancelCapabilities": "acp_compat.models.v2.updates",
    "SessionCapabilities": "acp_compat.models.v2.initialize_result",
    "SessionConfigBoolean": "acp_compat.models.v2.session",
    "SessionConfigOption": "acp_compat.models.v2.session",
    "SessionConfigOptionCategory": "acp_compat.models.v2.session",
    "SessionConfigSelect": "acp_compat.models.v2.session",
    "SessionConfigSelectEntry": "acp_compat.models.v2.session",
    "SessionConfigSelectGroup": "acp_compat.models.v2.session",
    "SessionConfigSelectOption": "acp_compat.models.v2.session",
    "SessionDeleteCapabilities": "acp_compat.models.v2.initialize_result",
    "SessionForkCapabilities": "acp_compat.models.v2.initialize_result",
    "SessionIdleStateUpdate": "acp_compat.models.v2.updates",
    "SessionInfo": "acp_compat.models.v2.session",
    "SessionInfoUpdate": "acp_compat.models.v2.updates",
    "SessionMessage": "acp_compat.models.v2.updates",
    "SessionMessageChunk": "acp_compat.models.v2.updates",
    "SessionNotFoundErrorData": "acp_compat.models.v2.rpc",
    "SessionRequiresActionStateUpdate": "acp_compat.models.v2.updates",
    "SessionRunningStateUpdate": "acp_compat.models.v2.updates",
    "SessionStateUpdate": "acp_compat.models.v2.updates",
    "SessionStatus": "acp_compat.models.v2.session",
    "SessionStatusCapabilities": "acp_compat.models.v2.initialize_result",
    "SessionStatusRequest": "acp_compat.models.v2.session",
    "SessionStatusResponse": "acp_compat.models.v2.session",
    "SessionSystemPromptCapabilities": "acp_compat.models.v2.initialize_result",
    "SessionSystemPromptModeCapabilities": "acp_compat.models.v2.initialize_result",
    "SessionSystemPromptOverrideCapabilities": "acp_compat.models.v2.initialize_result",
    "SessionTitleCapabilities": "acp_compat.models.v2.initialize_result",
    "SessionUnknownStateUpdate": "acp_compat.models.v2.updates",
    "SessionUpdate": "acp_compat.models.v2.updates",
    "SetProviderRequest": "acp_compat.models.v2.providers",
    "SetProviderResponse": "acp_compat.models.v2.providers",
    "SetSessionConfigOptionBoolean": "acp_compat.models.v2.session",
    "SetSessionConfigOptionId": "acp_compat.models.v2.session",
    "SetSessionConfigOptionRequest": "acp_compat.models.v2.session",
    "SetSessionConfigOptionResponse": "acp_compat.models.v2.session",
    "SetSessionTitleRequest": "acp_compat.models.v2.session",
    "SetSessionTitleResponse": "acp_compat.models.v2.session",
    "StateUpdate": "acp_compat.models.v2.session",
    "StringFormat": "acp_compat.models.v2.elicitation",
    "StringMultiSelectItems": "acp_compat.models.v2.elicitation",
    "StringPropertySchema": "acp_compat.models.v2.elicitation",
    "SubagentSessionCapabilities": "acp_compat.models.v2.updates",
    "SubagentUpdate": "acp_compat.models.v2.updates",
    "SystemPrompt": "acp_compat.models.v2.session",
    "SystemPromptMode": "acp_compat.models.v2.session",
    "TOOL_CALL_STATUS_VALUES": "acp_compat.models.v2.tools",
    "Terminal": "acp_compat.models.v2.tools",
    "TerminalAuthCapabilities": "acp_compat.models.v2.initialize",
    "TerminalCancelCapabilities": "acp_compat.models.v2.updates",
    "TerminalCapabilities": "acp_compat.models.v2.updates",
    "TerminalExitStatus": "acp_compat.models.v2.updates",
    "TerminalOutput": "acp_compat.models.v2.updates",
    "TerminalOutputChunk": "acp_compat.models.v2.updates",
    "TerminalSize": "acp_compat.models.v2.updates",
    "TerminalUpdate": "acp_compat.models.v2.updates",
    "TextCommandInput": "acp_compat.models.v2.session",
    "TextContent": "acp_compat.models.v2.content",
    "TextResourceContents": "acp_compat.models.v2.content",
    "TitledMultiSelectItems": "acp_compat.models.v2.elicitation",
    "ToolCallCancelCapabilities": "acp_compat.models.v2.tools",
    "ToolCallCapabilities": "acp_compat.models.v2.tools",
    "ToolCallContent": "acp_compat.models.v2.tools",
    "ToolCallContentChunk": "acp_compat.models.v2.updates",
    "ToolCallLocation": "acp_compat.models.v2.tools",
    "ToolCallPermissionSubject": "acp_compat.models.v2.permission",
    "ToolCallProgress": "acp_compat.models.v2.updates",
    "ToolCallStatus": "acp_compat.models.v2.tools",
    "ToolCallUpdate": "acp_compat.models.v2.tools",
    "ToolKind": "acp_compat.models.v2.tools",
    "UNSUPPORTED_PROTOCOL_VERSION": "acp_compat.models.v2.rpc",
    "UnarchiveSessionRequest": "acp_compat.models.v2.session",
    "UnarchiveSessionResponse": "acp_compat.models.v2.session",
    "UnknownAuthMethod": "acp_compat.models.v2.initialize_result",
    "UnknownAvailableCommand": "acp_compat.models.v2.session",
    "UnknownAvailableCommandInput": "acp_compat.models.v2.session",
    "UnknownBackgroundWork": "acp_compat.models.v2.session",
    "UnknownContentBlock": "acp_compat.models.v2.content",
    "UnknownCreateElicitationRequest": "acp_compat.models.v2.elicitation",
    "UnknownCreateElicitationResponse": "acp_compat.models.v2.elicitation",
    "UnknownDiffChange": "acp_compat.models.v2.tools",
    "UnknownElicitationPropertySchema": "acp_compat.models.v2.elicitation",
    "UnknownMcpServer": "acp_compat.models.v2.session",
    "UnknownMultiSelectItems": "acp_compat.models.v2.elicitation",
    "UnknownPlanUpdateContent": "acp_compat.models.v2.updates",
    "UnknownReplayFrom": "acp_compat.models.v2.session",
    "UnknownRequestPermissionOutcome": "acp_compat.models.v2.permission",
    "UnknownRequestPermissionSubject": "acp_compat.models.v2.permission",
    "UnknownSessionConfigOption": "acp_compat.models.v2.session",
    "UnknownSessionStateUpdate": "acp_compat.models.v2.updates",
    "UnknownSessionUpdate": "acp_compat.models.v2.updates",
    "UnknownSetSessionConfigOptionRequest": "acp_compat.models.v2.session",
    "UnknownStateUpdate": "acp_compat.models.v2.session",
    "UnknownToolCallContent": "acp_compat.models.v2.tools",
    "UnsupportedProtocolVersionErrorData": "acp_compat.models.v2.rpc",
    "UpdateSessionNotification": "acp_compat.models.v2.updates",
    "Usage": "acp_compat.models.v2.prompt",
    "UsageUpdate": "acp_compat.models.v2.updates",
    "UserMessage": "acp_compat.models.v2.updates",
    "UserMessageChunk": "acp_compat.models.v2.updates",
    "V2_METHODS": "acp_compat.models.v2.methods",
    "VOID_RESULTS": "acp_compat.models.v2.methods",
}
"""Each exported name → the module that defines it."""

if TYPE_CHECKING:
    from acp_compat.models.v2.auth import AUTH_STATE_VALUES as AUTH_STATE_VALUES
    from acp_compat.models.v2.auth import AuthAccount as AuthAccount
    from acp_compat.models.v2.auth import AuthState as AuthState
    from acp_compat.models.v2.auth import AuthStatusRequest as AuthStatusRequest
    from acp_compat.models.v2.auth import AuthStatusResponse as AuthStatusResponse
    from acp_compat.models.v2.auth import (
        AuthStatusUpdateNotification as AuthStatusUpdateNotification,
    )
    from acp_compat.models.v2.auth import LoginAuthRequest as LoginAuthRequest
    from acp_compat.models.v2.auth import LoginAuthResponse as LoginAuthResponse
    from acp_compat.models.v2.auth import LogoutAuthRequest as LogoutAuthRequest
    from acp_compat.models.v2.auth import LogoutAuthResponse as LogoutAuthResponse
    from acp_compat.models.v2.content import ICON_THEME_VALUES as ICON_THEME_VALUES
    from acp_compat.models.v2.content import ROLE_VALUES as ROLE_VALUES
    from acp_compat.models.v2.content import Annotations as Annotations
    from acp_compat.models.v2.content import AudioContent as AudioContent
    from acp_compat.models.v2.content import BlobResourceContents as BlobResourceContents
    from acp_compat.models.v2.content import ContentBlock as ContentBlock
    from acp_compat.models.v2.content import EmbeddedResource as EmbeddedResource
    from acp_compat.models.v2.content import EmbeddedResourceResource as EmbeddedResourceResource
    from acp_compat.models.v2.content import Icon as Icon
    from acp_compat.models.v2.content import IconTheme as IconTheme
    from acp_compat.models.v2.content import ImageContent as ImageContent
    from acp_compat.models.v2.content import ResourceLink as ResourceLink
    from acp_compat.models.v2.content import Role as Role
    from acp_compat.models.v2.content import TextContent as TextContent
    from acp_compat.models.v2.content import TextResourceContents as TextResourceContents
    from acp_compat.models.v2.content import UnknownContentBlock as UnknownContentBlock
    from acp_compat.models.v2.elicitation import STRING_FORMAT_VALUES as STRING_FORMAT_VALUES
    from acp_compat.models.v2.elicitation import BooleanPropertySchema as BooleanPropertySchema
    from acp_compat.models.v2.elicitation import (
        CompleteElicitationNotification as CompleteElicitationNotification,
    )
    from acp_compat.models.v2.elicitation import (
        CreateElicitationRequest as CreateElicitationRequest,
    )
    from acp_compat.models.v2.elicitation import (
        CreateElicitationResponse as CreateElicitationResponse,
    )
    from acp_compat.models.v2.elicitation import ElicitationAccept as ElicitationAccept
    from acp_compat.models.v2.elicitation import ElicitationCancel as ElicitationCancel
    from acp_compat.models.v2.elicitation import ElicitationDecline as ElicitationDecline
    from acp_compat.models.v2.elicitation import ElicitationFormRequest as ElicitationFormRequest
    from acp_compat.models.v2.elicitation import (
        ElicitationPropertySchema as ElicitationPropertySchema,
    )
    from acp_compat.models.v2.elicitation import ElicitationSchema as ElicitationSchema
    from acp_compat.models.v2.elicitation import ElicitationSchemaType as ElicitationSchemaType
    from acp_compat.models.v2.elicitation import ElicitationUrlRequest as ElicitationUrlRequest
    from acp_compat.models.v2.elicitation import EnumOption as EnumOption
    from acp_compat.models.v2.elicitation import IntegerPropertySchema as IntegerPropertySchema
    from acp_compat.models.v2.elicitation import MultiSelectItems as MultiSelectItems
    from acp_compat.models.v2.elicitation import (
        MultiSelectPropertySchema as MultiSelectPropertySchema,
    )
    from acp_compat.models.v2.elicitation import NumberPropertySchema as NumberPropertySchema
    from acp_compat.models.v2.elicitation import StringFormat as StringFormat
    from acp_compat.models.v2.elicitation import StringMultiSelectItems as StringMultiSelectItems
    from acp_compat.models.v2.elicitation import StringPropertySchema as StringPropertySchema
    from acp_compat.models.v2.elicitation import TitledMultiSelectItems as TitledMultiSelectItems
    from acp_compat.models.v2.elicitation import (
        UnknownCreateElicitationRequest as UnknownCreateElicitationRequest,
    )
    from acp_compat.models.v2.elicitation import (
        UnknownCreateElicitationResponse as UnknownCreateElicitationResponse,
    )
    from acp_compat.models.v2.elicitation import (
        UnknownElicitationPropertySchema as UnknownElicitationPropertySchema,
    )
    from acp_compat.models.v2.elicitation import UnknownMultiSelectItems as UnknownMultiSelectItems
    from acp_compat.models.v2.initialize import ClientAuthCapabilities as ClientAuthCapabilities
    from acp_compat.models.v2.initialize import ClientCapabilities as ClientCapabilities
    from acp_compat.models.v2.initialize import ElicitationCapabilities as ElicitationCapabilities
    from acp_compat.models.v2.initialize import (
        ElicitationFormCapabilities as ElicitationFormCapabilities,
    )
    from acp_compat.models.v2.initialize import (
        ElicitationUrlCapabilities as ElicitationUrlCapabilities,
    )
    from acp_compat.models.v2.initialize import EnvVariable as EnvVariable
    from acp_compat.models.v2.initialize import Implementation as Implementation
    from acp_compat.models.v2.initialize import InitializeRequest as InitializeRequest
    from acp_compat.models.v2.initialize import TerminalAuthCapabilities as TerminalAuthCapabilities
    from acp_compat.models.v2.initialize_result import (
        AgentAuthCapabilities as AgentAuthCapabilities,
    )
    from acp_compat.models.v2.initialize_result import AgentCapabilities as AgentCapabilities
    from acp_compat.models.v2.initialize_result import AuthMethod as AuthMethod
    from acp_compat.models.v2.initialize_result import AuthMethodAgent as AuthMethodAgent
    from acp_compat.models.v2.initialize_result import AuthMethodTerminal as AuthMethodTerminal
    from acp_compat.models.v2.initialize_result import (
        AuthStatusCapabilities as AuthStatusCapabilities,
    )
    from acp_compat.models.v2.initialize_result import InitializeResponse as InitializeResponse
    from acp_compat.models.v2.initialize_result import McpAcpCapabilities as McpAcpCapabilities
    from acp_compat.models.v2.initialize_result import McpCapabilities as McpCapabilities
    from acp_compat.models.v2.initialize_result import McpHttpCapabilities as McpHttpCapabilities
    from acp_compat.models.v2.initialize_result import McpStdioCapabilities as McpStdioCapabilities
    from acp_compat.models.v2.initialize_result import (
        PromptAudioCapabilities as PromptAudioCapabilities,
    )
    from acp_compat.models.v2.initialize_result import PromptCapabilities as PromptCapabilities
    from acp_compat.models.v2.initialize_result import (
        PromptEmbeddedContextCapabilities as PromptEmbeddedContextCapabilities,
    )
    from acp_compat.models.v2.initialize_result import (
        PromptImageCapabilities as PromptImageCapabilities,
    )
    from acp_compat.models.v2.initialize_result import (
        ProvidersCapabilities as ProvidersCapabilities,
    )
    from acp_compat.models.v2.initialize_result import (
        SessionAdditionalDirectoriesCapabilities as SessionAdditionalDirectoriesCapabilities,
    )
    from acp_compat.models.v2.initialize_result import (
        SessionArchiveCapabilities as SessionArchiveCapabilities,
    )
    from acp_compat.models.v2.initialize_result import SessionCapabilities as SessionCapabilities
    from acp_compat.models.v2.initialize_result import (
        SessionDeleteCapabilities as SessionDeleteCapabilities,
    )
    from acp_compat.models.v2.initialize_result import (
        SessionForkCapabilities as SessionForkCapabilities,
    )
    from acp_compat.models.v2.initialize_result import (
        SessionStatusCapabilities as SessionStatusCapabilities,
    )
    from acp_compat.models.v2.initialize_result import (
        SessionSystemPromptCapabilities as SessionSystemPromptCapabilities,
    )
    from acp_compat.models.v2.initialize_result import (
        SessionSystemPromptModeCapabilities as SessionSystemPromptModeCapabilities,
    )
    from acp_compat.models.v2.initialize_result import (
        SessionSystemPromptOverrideCapabilities as SessionSystemPromptOverrideCapabilities,
    )
    from acp_compat.models.v2.initialize_result import (
        SessionTitleCapabilities as SessionTitleCapabilities,
    )
    from acp_compat.models.v2.initialize_result import UnknownAuthMethod as UnknownAuthMethod
    from acp_compat.models.v2.methods import V2_METHODS as V2_METHODS
    from acp_compat.models.v2.methods import VOID_RESULTS as VOID_RESULTS
    from acp_compat.models.v2.permission import (
        PERMISSION_OPTION_KIND_VALUES as PERMISSION_OPTION_KIND_VALUES,
    )
    from acp_compat.models.v2.permission import (
        CancelledPermissionOutcome as CancelledPermissionOutcome,
    )
    from acp_compat.models.v2.permission import CommandPermissionSubject as CommandPermissionSubject
    from acp_compat.models.v2.permission import PermissionOption as PermissionOption
    from acp_compat.models.v2.permission import PermissionOptionKind as PermissionOptionKind
    from acp_compat.models.v2.permission import RequestPermissionOutcome as RequestPermissionOutcome
    from acp_compat.models.v2.permission import RequestPermissionRequest as RequestPermissionRequest
    from acp_compat.models.v2.permission import (
        RequestPermissionResponse as RequestPermissionResponse,
    )
    from acp_compat.models.v2.permission import RequestPermissionSubject as RequestPermissionSubject
    from acp_compat.models.v2.permission import (
        SelectedPermissionOutcome as SelectedPermissionOutcome,
    )
    from acp_compat.models.v2.permission import (
        ToolCallPermissionSubject as ToolCallPermissionSubject,
    )
    from acp_compat.models.v2.permission import (
        UnknownRequestPermissionOutcome as UnknownRequestPermissionOutcome,
    )
    from acp_compat.models.v2.permission import (
        UnknownRequestPermissionSubject as UnknownRequestPermissionSubject,
    )
    from acp_compat.models.v2.prompt import CancelSessionNotification as CancelSessionNotification
    from acp_compat.models.v2.prompt import PromptRequest as PromptRequest
    from acp_compat.models.v2.prompt import PromptResponse as PromptResponse
    from acp_compat.models.v2.prompt import Usage as Usage
    from acp_compat.models.v2.providers import LLM_PROTOCOL_VALUES as LLM_PROTOCOL_VALUES
    from acp_compat.models.v2.providers import DisableProviderRequest as DisableProviderRequest
    from acp_compat.models.v2.providers import DisableProviderResponse as DisableProviderResponse
    from acp_compat.models.v2.providers import ListProvidersRequest as ListProvidersRequest
    from acp_compat.models.v2.providers import ListProvidersResponse as ListProvidersResponse
    from acp_compat.models.v2.providers import LlmProtocol as LlmProtocol
    from acp_compat.models.v2.providers import ProviderCurrentConfig as ProviderCurrentConfig
    from acp_compat.models.v2.providers import ProviderInfo as ProviderInfo
    from acp_compat.models.v2.providers import SetProviderRequest as SetProviderRequest
    from acp_compat.models.v2.providers import SetProviderResponse as SetProviderResponse
    from acp_compat.models.v2.rpc import AUTHENTICATION_REQUIRED as AUTHENTICATION_REQUIRED
    from acp_compat.models.v2.rpc import INTERNAL_ERROR as INTERNAL_ERROR
    from acp_compat.models.v2.rpc import INVALID_PARAMS as INVALID_PARAMS
    from acp_compat.models.v2.rpc import INVALID_REQUEST as INVALID_REQUEST
    from acp_compat.models.v2.rpc import METHOD_NOT_FOUND as METHOD_NOT_FOUND
    from acp_compat.models.v2.rpc import PARSE_ERROR as PARSE_ERROR
    from acp_compat.models.v2.rpc import REQUEST_CANCELLED as REQUEST_CANCELLED
    from acp_compat.models.v2.rpc import RESOURCE_NOT_FOUND as RESOURCE_NOT_FOUND
    from acp_compat.models.v2.rpc import (
        UNSUPPORTED_PROTOCOL_VERSION as UNSUPPORTED_PROTOCOL_VERSION,
    )
    from acp_compat.models.v2.rpc import CancelRequestNotification as CancelRequestNotification
    from acp_compat.models.v2.rpc import Error as Error
    from acp_compat.models.v2.rpc import ErrorCode as ErrorCode
    from acp_compat.models.v2.rpc import RequestId as RequestId
    from acp_compat.models.v2.rpc import SessionNotFoundErrorData as SessionNotFoundErrorData
    from acp_compat.models.v2.rpc import (
        UnsupportedProtocolVersionErrorData as UnsupportedProtocolVersionErrorData,
    )
    from acp_compat.models.v2.session import (
        SESSION_ARCHIVE_FILTER_VALUES as SESSION_ARCHIVE_FILTER_VALUES,
    )
    from acp_compat.models.v2.session import (
        SESSION_CONFIG_OPTION_CATEGORY_VALUES as SESSION_CONFIG_OPTION_CATEGORY_VALUES,
    )
    from acp_compat.models.v2.session import SESSION_STATUS_VALUES as SESSION_STATUS_VALUES
    from acp_compat.models.v2.session import SYSTEM_PROMPT_MODE_VALUES as SYSTEM_PROMPT_MODE_VALUES
    from acp_compat.models.v2.session import ArchiveSessionRequest as ArchiveSessionRequest
    from acp_compat.models.v2.session import ArchiveSessionResponse as ArchiveSessionResponse
    from acp_compat.models.v2.session import AvailableCommand as AvailableCommand
    from acp_compat.models.v2.session import AvailableCommandInput as AvailableCommandInput
    from acp_compat.models.v2.session import BackgroundSubagent as BackgroundSubagent
    from acp_compat.models.v2.session import BackgroundTerminal as BackgroundTerminal
    from acp_compat.models.v2.session import BackgroundToolCall as BackgroundToolCall
    from acp_compat.models.v2.session import BackgroundWork as BackgroundWork
    from acp_compat.models.v2.session import CloseSessionRequest as CloseSessionRequest
    from acp_compat.models.v2.session import CloseSessionResponse as CloseSessionResponse
    from acp_compat.models.v2.session import Command as Command
    from acp_compat.models.v2.session import DeleteSessionRequest as DeleteSessionRequest
    from acp_compat.models.v2.session import DeleteSessionResponse as DeleteSessionResponse
    from acp_compat.models.v2.session import ForkSessionRequest as ForkSessionRequest
    from acp_compat.models.v2.session import ForkSessionResponse as ForkSessionResponse
    from acp_compat.models.v2.session import HttpHeader as HttpHeader
    from acp_compat.models.v2.session import IdleStateUpdate as IdleStateUpdate
    from acp_compat.models.v2.session import ListSessionsRequest as ListSessionsRequest
    from acp_compat.models.v2.session import ListSessionsResponse as ListSessionsResponse
    from acp_compat.models.v2.session import McpServer as McpServer
    from acp_compat.models.v2.session import McpServerAcp as McpServerAcp
    from acp_compat.models.v2.session import McpServerHttp as McpServerHttp
    from acp_compat.models.v2.session import McpServerStdio as McpServerStdio
    from acp_compat.models.v2.session import NewSessionRequest as NewSessionRequest
    from acp_compat.models.v2.session import NewSessionResponse as NewSessionResponse
    from acp_compat.models.v2.session import OtherStateUpdate as OtherStateUpdate
    from acp_compat.models.v2.session import ReplayFrom as ReplayFrom
    from acp_compat.models.v2.session import ReplayFromStart as ReplayFromStart
    from acp_compat.models.v2.session import RequiresActionStateUpdate as RequiresActionStateUpdate
    from acp_compat.models.v2.session import ResumeSessionRequest as ResumeSessionRequest
    from acp_compat.models.v2.session import ResumeSessionResponse as ResumeSessionResponse
    from acp_compat.models.v2.session import RunningStateUpdate as RunningStateUpdate
    from acp_compat.models.v2.session import SessionArchiveFilter as SessionArchiveFilter
    from acp_compat.models.v2.session import SessionConfigBoolean as SessionConfigBoolean
    from acp_compat.models.v2.session import SessionConfigOption as SessionConfigOption
    from acp_compat.models.v2.session import (
        SessionConfigOptionCategory as SessionConfigOptionCategory,
    )
    from acp_compat.models.v2.session import SessionConfigSelect as SessionConfigSelect
    from acp_compat.models.v2.session import SessionConfigSelectEntry as SessionConfigSelectEntry
    from acp_compat.models.v2.session import SessionConfigSelectGroup as SessionConfigSelectGroup
    from acp_compat.models.v2.session import SessionConfigSelectOption as SessionConfigSelectOption
    from acp_compat.models.v2.session import SessionInfo as SessionInfo
    from acp_compat.models.v2.session import SessionStatus as SessionStatus
    from acp_compat.models.v2.session import SessionStatusRequest as SessionStatusRequest
    from acp_compat.models.v2.session import SessionStatusResponse as SessionStatusResponse
    from acp_compat.models.v2.session import (
        SetSessionConfigOptionBoolean as SetSessionConfigOptionBoolean,
    )
    from acp_compat.models.v2.session import SetSessionConfigOptionId as SetSessionConfigOptionId
    from acp_compat.models.v2.session import (
        SetSessionConfigOptionRequest as SetSessionConfigOptionRequest,
    )
    from acp_compat.models.v2.session import (
        SetSessionConfigOptionResponse as SetSessionConfigOptionResponse,
    )
    from acp_compat.models.v2.session import SetSessionTitleRequest as SetSessionTitleRequest
    from acp_compat.models.v2.session import SetSessionTitleResponse as SetSessionTitleResponse
    from acp_compat.models.v2.session import StateUpdate as StateUpdate
    from acp_compat.models.v2.session import SystemPrompt as SystemPrompt
    from acp_compat.models.v2.session import SystemPromptMode as SystemPromptMode
    from acp_compat.models.v2.session import TextCommandInput as TextCommandInput
    from acp_compat.models.v2.session import UnarchiveSessionRequest as UnarchiveSessionRequest
    from acp_compat.models.v2.session import UnarchiveSessionResponse as UnarchiveSessionResponse
    from acp_compat.models.v2.session import UnknownAvailableCommand as UnknownAvailableCommand
    from acp_compat.models.v2.session import (
        UnknownAvailableCommandInput as UnknownAvailableCommandInput,
    )
    from acp_compat.models.v2.session import UnknownBackgroundWork as UnknownBackgroundWork
    from acp_compat.models.v2.session import UnknownMcpServer as UnknownMcpServer
    from acp_compat.models.v2.session import UnknownReplayFrom as UnknownReplayFrom
    from acp_compat.models.v2.session import (
        UnknownSessionConfigOption as UnknownSessionConfigOption,
    )
    from acp_compat.models.v2.session import (
        UnknownSetSessionConfigOptionRequest as UnknownSetSessionConfigOptionRequest,
    )
    from acp_compat.models.v2.session import UnknownStateUpdate as UnknownStateUpdate
    from acp_compat.models.v2.tools import DIFF_FILE_TYPE_VALUES as DIFF_FILE_TYPE_VALUES
    from acp_compat.models.v2.tools import DIFF_PATCH_FORMAT_VALUES as DIFF_PATCH_FORMAT_VALUES
    from acp_compat.models.v2.tools import TOOL_CALL_STATUS_VALUES as TOOL_CALL_STATUS_VALUES
    from acp_compat.models.v2.tools import Add as Add
    from acp_compat.models.v2.tools import CancelTerminalRequest as CancelTerminalRequest
    from acp_compat.models.v2.tools import CancelTerminalResponse as CancelTerminalResponse
    from acp_compat.models.v2.tools import CancelToolCallRequest as CancelToolCallRequest
    from acp_compat.models.v2.tools import CancelToolCallResponse as CancelToolCallResponse
    from acp_compat.models.v2.tools import Content as Content
    from acp_compat.models.v2.tools import Copy as Copy
    from acp_compat.models.v2.tools import Delete as Delete
    from acp_compat.models.v2.tools import Diff as Diff
    from acp_compat.models.v2.tools import DiffChange as DiffChange
    from acp_compat.models.v2.tools import DiffFileType as DiffFileType
    from acp_compat.models.v2.tools import DiffPatch as DiffPatch
    from acp_compat.models.v2.tools import DiffPatchFormat as DiffPatchFormat
    from acp_compat.models.v2.tools import Modify as Modify
    from acp_compat.models.v2.tools import Move as Move
    from acp_compat.models.v2.tools import Terminal as Terminal
    from acp_compat.models.v2.tools import ToolCallCancelCapabilities as ToolCallCancelCapabilities
    from acp_compat.models.v2.tools import ToolCallCapabilities as ToolCallCapabilities
    from acp_compat.models.v2.tools import ToolCallContent as ToolCallContent
    from acp_compat.models.v2.tools import ToolCallLocation as ToolCallLocation
    from acp_compat.models.v2.tools import ToolCallStatus as ToolCallStatus
    from acp_compat.models.v2.tools import ToolCallUpdate as ToolCallUpdate
    from acp_compat.models.v2.tools import ToolKind as ToolKind
    from acp_compat.models.v2.tools import UnknownDiffChange as UnknownDiffChange
    from acp_compat.models.v2.tools import UnknownToolCallContent as UnknownToolCallContent
    from acp_compat.models.v2.updates import COMPACTION_STATUS_VALUES as COMPACTION_STATUS_VALUES
    from acp_compat.models.v2.updates import NOTICE_SEVERITY_VALUES as NOTICE_SEVERITY_VALUES
    from acp_compat.models.v2.updates import (
        PLAN_ENTRY_PRIORITY_VALUES as PLAN_ENTRY_PRIORITY_VALUES,
    )
    from acp_compat.models.v2.updates import PLAN_ENTRY_STATUS_VALUES as PLAN_ENTRY_STATUS_VALUES
    from acp_compat.models.v2.updates import AgentMessage as AgentMessage
    from acp_compat.models.v2.updates import AgentMessageChunk as AgentMessageChunk
    from acp_compat.models.v2.updates import AgentThought as AgentThought
    from acp_compat.models.v2.updates import AgentThoughtChunk as AgentThoughtChunk
    from acp_compat.models.v2.updates import AvailableCommandsUpdate as AvailableCommandsUpdate
    from acp_compat.models.v2.updates import CompactionStatus as CompactionStatus
    from acp_compat.models.v2.updates import CompactionSummaryChunk as CompactionSummaryChunk
    from acp_compat.models.v2.updates import CompactionUpdate as CompactionUpdate
    from acp_compat.models.v2.updates import ConfigOptionUpdate as ConfigOptionUpdate
    from acp_compat.models.v2.updates import ContentChunk as ContentChunk
    from acp_compat.models.v2.updates import Cost as Cost
    from acp_compat.models.v2.updates import Notice as Notice
    from acp_compat.models.v2.updates import NoticeSeverity as NoticeSeverity
    from acp_compat.models.v2.updates import PlanEntry as PlanEntry
    from acp_compat.models.v2.updates import PlanEntryPriority as PlanEntryPriority
    from acp_compat.models.v2.updates import PlanEntryStatus as PlanEntryStatus
    from acp_compat.models.v2.updates import PlanFile as PlanFile
    from acp_compat.models.v2.updates import PlanItems as PlanItems
    from acp_compat.models.v2.updates import PlanMarkdown as PlanMarkdown
    from acp_compat.models.v2.updates import PlanRemoved as PlanRemoved
    from acp_compat.models.v2.updates import PlanUpdate as PlanUpdate
    from acp_compat.models.v2.updates import PlanUpdateContent as PlanUpdateContent
    from acp_compat.models.v2.updates import SessionCancelCapabilities as SessionCancelCapabilities
    from acp_compat.models.v2.updates import SessionIdleStateUpdate as SessionIdleStateUpdate
    from acp_compat.models.v2.updates import SessionInfoUpdate as SessionInfoUpdate
    from acp_compat.models.v2.updates import SessionMessage as SessionMessage
    from acp_compat.models.v2.updates import SessionMessageChunk as SessionMessageChunk
    from acp_compat.models.v2.updates import (
        SessionRequiresActionStateUpdate as SessionRequiresActionStateUpdate,
    )
    from acp_compat.models.v2.updates import SessionRunningStateUpdate as SessionRunningStateUpdate
    from acp_compat.models.v2.updates import SessionStateUpdate as SessionStateUpdate
    from acp_compat.models.v2.updates import SessionUnknownStateUpdate as SessionUnknownStateUpdate
    from acp_compat.models.v2.updates import SessionUpdate as SessionUpdate
    from acp_compat.models.v2.updates import (
        SubagentSessionCapabilities as SubagentSessionCapabilities,
    )
    from acp_compat.models.v2.updates import SubagentUpdate as SubagentUpdate
    from acp_compat.models.v2.updates import (
        TerminalCancelCapabilities as TerminalCancelCapabilities,
    )
    from acp_compat.models.v2.updates import TerminalCapabilities as TerminalCapabilities
    from acp_compat.models.v2.updates import TerminalExitStatus as TerminalExitStatus
    from acp_compat.models.v2.updates import TerminalOutput as TerminalOutput
    from acp_compat.models.v2.updates import TerminalOutputChunk as TerminalOutputChunk
    from acp_compat.models.v2.updates import TerminalSize as TerminalSize
    from acp_compat.models.v2.updates import TerminalUpdate as TerminalUpdate
    from acp_compat.models.v2.updates import ToolCallContentChunk as ToolCallContentChunk
    from acp_compat.models.v2.updates import ToolCallProgress as ToolCallProgress
    from acp_compat.models.v2.updates import UnknownPlanUpdateContent as UnknownPlanUpdateContent
    from acp_compat.models.v2.updates import UnknownSessionStateUpdate as UnknownSessionStateUpdate
    from acp_compat.models.v2.updates import UnknownSessionUpdate as UnknownSessionUpdate
    from acp_compat.models.v2.updates import UpdateSessionNotification as UpdateSessionNotification
    from acp_compat.models.v2.updates import UsageUpdate as UsageUpdate
    from acp_compat.models.v2.updates import UserMessage as UserMessage
    from acp_compat.models.v2.updates import UserMessageChunk as UserMessageChunk
else:
    __getattr__, __dir__ = _lazy.lazy_exports(__name__, EXPORTS)
