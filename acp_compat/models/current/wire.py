# generated from the schemas below by acp_compat.models.codegen: do not edit
#   vectors/schemas/current/acp-v1-schema-1.21.0.schema.json
#   vectors/schemas/current/acp-v1-schema-ts-sdk-2.4.0.schema.json
#   vectors/schemas/current/acp-v1-schema-ts-sdk-2.4.0.unstable.schema.json
"""ACP v1 wire objects: one builder a model class (182).

``cancelled_permission_outcome(...)`` returns the object the converter writes for
``CancelledPermissionOutcome(...)``, built as a dict without creating the object, so
translators write what they send at about the cost of a literal. Arguments are the
class's attributes, passed by keyword; a nested object is passed as its own wire object.
"""

from typing import Any, Literal

from acp_compat.models._base import UNCHANGED, Unchanged, Wire


def cancel_request_notification(
    request_id: int | str | None, meta: dict[str, Any] | None = None
) -> Wire:
    """A ``CancelRequestNotification``, as its wire object."""
    out: Wire = {"requestId": request_id}
    if meta is not None:
        out["_meta"] = meta
    return out


def write_text_file_request(
    session_id: str, path: str, content: str, meta: dict[str, Any] | None = None
) -> Wire:
    """A ``WriteTextFileRequest``, as its wire object."""
    out: Wire = {"sessionId": session_id, "path": path, "content": content}
    if meta is not None:
        out["_meta"] = meta
    return out


def read_text_file_request(
    session_id: str,
    path: str,
    line: int | None = None,
    limit: int | None = None,
    meta: dict[str, Any] | None = None,
) -> Wire:
    """A ``ReadTextFileRequest``, as its wire object."""
    out: Wire = {"sessionId": session_id, "path": path}
    if line is not None:
        out["line"] = line
    if limit is not None:
        out["limit"] = limit
    if meta is not None:
        out["_meta"] = meta
    return out


def write_text_file_response(meta: dict[str, Any] | None = None) -> Wire:
    """A ``WriteTextFileResponse``, as its wire object."""
    out: Wire = {}
    if meta is not None:
        out["_meta"] = meta
    return out


def read_text_file_response(content: str, meta: dict[str, Any] | None = None) -> Wire:
    """A ``ReadTextFileResponse``, as its wire object."""
    out: Wire = {"content": content}
    if meta is not None:
        out["_meta"] = meta
    return out


def permission_option(
    option_id: str,
    name: str,
    kind: Literal["allow_once", "allow_always", "reject_once", "reject_always"],
    meta: dict[str, Any] | None = None,
) -> Wire:
    """A ``PermissionOption``, as its wire object."""
    out: Wire = {"optionId": option_id, "name": name, "kind": kind}
    if meta is not None:
        out["_meta"] = meta
    return out


def request_permission_request(
    session_id: str, tool_call: Wire, options: list[Wire], meta: dict[str, Any] | None = None
) -> Wire:
    """A ``RequestPermissionRequest``, as its wire object."""
    out: Wire = {"sessionId": session_id, "toolCall": tool_call, "options": options}
    if meta is not None:
        out["_meta"] = meta
    return out


def cancelled_permission_outcome() -> Wire:
    """A ``CancelledPermissionOutcome``, as its wire object."""
    return {"outcome": "cancelled"}


def selected_permission_outcome(option_id: str, meta: dict[str, Any] | None = None) -> Wire:
    """A ``SelectedPermissionOutcome``, as its wire object."""
    out: Wire = {"outcome": "selected", "optionId": option_id}
    if meta is not None:
        out["_meta"] = meta
    return out


def request_permission_response(outcome: Wire, meta: dict[str, Any] | None = None) -> Wire:
    """A ``RequestPermissionResponse``, as its wire object."""
    out: Wire = {"outcome": outcome}
    if meta is not None:
        out["_meta"] = meta
    return out


def content(content: Wire, meta: dict[str, Any] | None = None) -> Wire:
    """A ``Content``, as its wire object."""
    out: Wire = {"type": "content", "content": content}
    if meta is not None:
        out["_meta"] = meta
    return out


def diff(
    path: str, new_text: str, old_text: str | None = None, meta: dict[str, Any] | None = None
) -> Wire:
    """A ``Diff``, as its wire object."""
    out: Wire = {"type": "diff", "path": path, "newText": new_text, "oldText": old_text}
    if meta is not None:
        out["_meta"] = meta
    return out


def terminal(terminal_id: str, meta: dict[str, Any] | None = None) -> Wire:
    """A ``Terminal``, as its wire object."""
    out: Wire = {"type": "terminal", "terminalId": terminal_id}
    if meta is not None:
        out["_meta"] = meta
    return out


def tool_call_location(
    path: str, line: int | None = None, meta: dict[str, Any] | None = None
) -> Wire:
    """A ``ToolCallLocation``, as its wire object."""
    out: Wire = {"path": path}
    if line is not None:
        out["line"] = line
    if meta is not None:
        out["_meta"] = meta
    return out


def tool_call_update(
    tool_call_id: str,
    kind: str | None = None,
    status: Literal["pending", "in_progress", "completed", "failed"] | None = None,
    title: str | None = None,
    name: str | None = None,
    content: list[Wire] | None = None,
    locations: list[Wire] | None = None,
    raw_input: Any = None,
    raw_output: Any = None,
    meta: dict[str, Any] | None = None,
) -> Wire:
    """A ``ToolCallUpdate``, as its wire object."""
    out: Wire = {"toolCallId": tool_call_id}
    if kind is not None:
        out["kind"] = kind
    if status is not None:
        out["status"] = status
    if title is not None:
        out["title"] = title
    if name is not None:
        out["name"] = name
    if content is not None:
        out["content"] = content
    if locations is not None:
        out["locations"] = locations
    if raw_input is not None:
        out["rawInput"] = raw_input
    if raw_output is not None:
        out["rawOutput"] = raw_output
    if meta is not None:
        out["_meta"] = meta
    return out


def tool_call(
    tool_call_id: str,
    title: str,
    name: str | None = None,
    kind: str | None = None,
    status: Literal["pending", "in_progress", "completed", "failed"] | None = None,
    content: list[Wire] | None = None,
    locations: list[Wire] | None = None,
    raw_input: Any = None,
    raw_output: Any = None,
    meta: dict[str, Any] | None = None,
) -> Wire:
    """A ``ToolCall``, as its wire object."""
    out: Wire = {"sessionUpdate": "tool_call", "toolCallId": tool_call_id, "title": title}
    if name is not None:
        out["name"] = name
    if kind is not None:
        out["kind"] = kind
    if status is not None:
        out["status"] = status
    if content is not None:
        out["content"] = content
    if locations is not None:
        out["locations"] = locations
    if raw_input is not None:
        out["rawInput"] = raw_input
    if raw_output is not None:
        out["rawOutput"] = raw_output
    if meta is not None:
        out["_meta"] = meta
    return out


def annotations(
    audience: list[Literal["assistant", "user"]] | None = None,
    last_modified: str | None = None,
    priority: float | None = None,
    meta: dict[str, Any] | None = None,
) -> Wire:
    """A ``Annotations``, as its wire object."""
    out: Wire = {}
    if audience is not None:
        out["audience"] = audience
    if last_modified is not None:
        out["lastModified"] = last_modified
    if priority is not None:
        out["priority"] = priority
    if meta is not None:
        out["_meta"] = meta
    return out


def audio_content(
    data: str, mime_type: str, annotations: Wire | None = None, meta: dict[str, Any] | None = None
) -> Wire:
    """A ``AudioContent``, as its wire object."""
    out: Wire = {"type": "audio", "data": data, "mimeType": mime_type}
    if annotations is not None:
        out["annotations"] = annotations
    if meta is not None:
        out["_meta"] = meta
    return out


def blob_resource_contents(
    blob: str, uri: str, mime_type: str | None = None, meta: dict[str, Any] | None = None
) -> Wire:
    """A ``BlobResourceContents``, as its wire object."""
    out: Wire = {"blob": blob, "uri": uri}
    if mime_type is not None:
        out["mimeType"] = mime_type
    if meta is not None:
        out["_meta"] = meta
    return out


def text_resource_contents(
    text: str, uri: str, mime_type: str | None = None, meta: dict[str, Any] | None = None
) -> Wire:
    """A ``TextResourceContents``, as its wire object."""
    out: Wire = {"text": text, "uri": uri}
    if mime_type is not None:
        out["mimeType"] = mime_type
    if meta is not None:
        out["_meta"] = meta
    return out


def embedded_resource(
    resource: Wire, annotations: Wire | None = None, meta: dict[str, Any] | None = None
) -> Wire:
    """A ``EmbeddedResource``, as its wire object."""
    out: Wire = {"type": "resource", "resource": resource}
    if annotations is not None:
        out["annotations"] = annotations
    if meta is not None:
        out["_meta"] = meta
    return out


def image_content(
    data: str,
    mime_type: str,
    annotations: Wire | None = None,
    uri: str | None = None,
    meta: dict[str, Any] | None = None,
) -> Wire:
    """A ``ImageContent``, as its wire object."""
    out: Wire = {"type": "image", "data": data, "mimeType": mime_type}
    if annotations is not None:
        out["annotations"] = annotations
    if uri is not None:
        out["uri"] = uri
    if meta is not None:
        out["_meta"] = meta
    return out


def resource_link(
    name: str,
    uri: str,
    annotations: Wire | None = None,
    description: str | None = None,
    mime_type: str | None = None,
    size: int | None = None,
    title: str | None = None,
    meta: dict[str, Any] | None = None,
) -> Wire:
    """A ``ResourceLink``, as its wire object."""
    out: Wire = {"type": "resource_link", "name": name, "uri": uri}
    if annotations is not None:
        out["annotations"] = annotations
    if description is not None:
        out["description"] = description
    if mime_type is not None:
        out["mimeType"] = mime_type
    if size is not None:
        out["size"] = size
    if title is not None:
        out["title"] = title
    if meta is not None:
        out["_meta"] = meta
    return out


def text_content(
    text: str, annotations: Wire | None = None, meta: dict[str, Any] | None = None
) -> Wire:
    """A ``TextContent``, as its wire object."""
    out: Wire = {"type": "text", "text": text}
    if annotations is not None:
        out["annotations"] = annotations
    if meta is not None:
        out["_meta"] = meta
    return out


def env_variable(name: str, value: str, meta: dict[str, Any] | None = None) -> Wire:
    """A ``EnvVariable``, as its wire object."""
    out: Wire = {"name": name, "value": value}
    if meta is not None:
        out["_meta"] = meta
    return out


def create_terminal_request(
    session_id: str,
    command: str,
    args: list[str] | None = None,
    env: list[Wire] | None = None,
    cwd: str | None = None,
    output_byte_limit: int | None = None,
    meta: dict[str, Any] | None = None,
) -> Wire:
    """A ``CreateTerminalRequest``, as its wire object."""
    out: Wire = {"sessionId": session_id, "command": command}
    if args is not None:
        out["args"] = args
    if env is not None:
        out["env"] = env
    if cwd is not None:
        out["cwd"] = cwd
    if output_byte_limit is not None:
        out["outputByteLimit"] = output_byte_limit
    if meta is not None:
        out["_meta"] = meta
    return out


def terminal_output_request(
    session_id: str, terminal_id: str, meta: dict[str, Any] | None = None
) -> Wire:
    """A ``TerminalOutputRequest``, as its wire object."""
    out: Wire = {"sessionId": session_id, "terminalId": terminal_id}
    if meta is not None:
        out["_meta"] = meta
    return out


def release_terminal_request(
    session_id: str, terminal_id: str, meta: dict[str, Any] | None = None
) -> Wire:
    """A ``ReleaseTerminalRequest``, as its wire object."""
    out: Wire = {"sessionId": session_id, "terminalId": terminal_id}
    if meta is not None:
        out["_meta"] = meta
    return out


def wait_for_terminal_exit_request(
    session_id: str, terminal_id: str, meta: dict[str, Any] | None = None
) -> Wire:
    """A ``WaitForTerminalExitRequest``, as its wire object."""
    out: Wire = {"sessionId": session_id, "terminalId": terminal_id}
    if meta is not None:
        out["_meta"] = meta
    return out


def kill_terminal_request(
    session_id: str, terminal_id: str, meta: dict[str, Any] | None = None
) -> Wire:
    """A ``KillTerminalRequest``, as its wire object."""
    out: Wire = {"sessionId": session_id, "terminalId": terminal_id}
    if meta is not None:
        out["_meta"] = meta
    return out


def create_terminal_response(terminal_id: str, meta: dict[str, Any] | None = None) -> Wire:
    """A ``CreateTerminalResponse``, as its wire object."""
    out: Wire = {"terminalId": terminal_id}
    if meta is not None:
        out["_meta"] = meta
    return out


def terminal_exit_status(
    exit_code: int | None = None, signal: str | None = None, meta: dict[str, Any] | None = None
) -> Wire:
    """A ``TerminalExitStatus``, as its wire object."""
    out: Wire = {}
    if exit_code is not None:
        out["exitCode"] = exit_code
    if signal is not None:
        out["signal"] = signal
    if meta is not None:
        out["_meta"] = meta
    return out


def terminal_output_response(
    output: str,
    truncated: bool,
    exit_status: Wire | None = None,
    meta: dict[str, Any] | None = None,
) -> Wire:
    """A ``TerminalOutputResponse``, as its wire object."""
    out: Wire = {"output": output, "truncated": truncated}
    if exit_status is not None:
        out["exitStatus"] = exit_status
    if meta is not None:
        out["_meta"] = meta
    return out


def release_terminal_response(meta: dict[str, Any] | None = None) -> Wire:
    """A ``ReleaseTerminalResponse``, as its wire object."""
    out: Wire = {}
    if meta is not None:
        out["_meta"] = meta
    return out


def wait_for_terminal_exit_response(
    exit_code: int | None = None, signal: str | None = None, meta: dict[str, Any] | None = None
) -> Wire:
    """A ``WaitForTerminalExitResponse``, as its wire object."""
    out: Wire = {}
    if exit_code is not None:
        out["exitCode"] = exit_code
    if signal is not None:
        out["signal"] = signal
    if meta is not None:
        out["_meta"] = meta
    return out


def kill_terminal_response(meta: dict[str, Any] | None = None) -> Wire:
    """A ``KillTerminalResponse``, as its wire object."""
    out: Wire = {}
    if meta is not None:
        out["_meta"] = meta
    return out


def boolean_property_schema(
    title: str | None = None,
    description: str | None = None,
    default: bool | None = None,
    meta: dict[str, Any] | None = None,
) -> Wire:
    """A ``BooleanPropertySchema``, as its wire object."""
    out: Wire = {"type": "boolean"}
    if title is not None:
        out["title"] = title
    if description is not None:
        out["description"] = description
    if default is not None:
        out["default"] = default
    if meta is not None:
        out["_meta"] = meta
    return out


def integer_property_schema(
    title: str | None = None,
    description: str | None = None,
    minimum: int | None = None,
    maximum: int | None = None,
    default: int | None = None,
    meta: dict[str, Any] | None = None,
) -> Wire:
    """A ``IntegerPropertySchema``, as its wire object."""
    out: Wire = {"type": "integer"}
    if title is not None:
        out["title"] = title
    if description is not None:
        out["description"] = description
    if minimum is not None:
        out["minimum"] = minimum
    if maximum is not None:
        out["maximum"] = maximum
    if default is not None:
        out["default"] = default
    if meta is not None:
        out["_meta"] = meta
    return out


def string_multi_select_items(enum: list[str], meta: dict[str, Any] | None = None) -> Wire:
    """A ``StringMultiSelectItems``, as its wire object."""
    out: Wire = {"type": "string", "enum": enum}
    if meta is not None:
        out["_meta"] = meta
    return out


def enum_option(
    const: str, title: str, description: str | None = None, meta: dict[str, Any] | None = None
) -> Wire:
    """A ``EnumOption``, as its wire object."""
    out: Wire = {"const": const, "title": title}
    if description is not None:
        out["description"] = description
    if meta is not None:
        out["_meta"] = meta
    return out


def titled_multi_select_items(any_of: list[Wire], meta: dict[str, Any] | None = None) -> Wire:
    """A ``TitledMultiSelectItems``, as its wire object."""
    out: Wire = {"anyOf": any_of}
    if meta is not None:
        out["_meta"] = meta
    return out


def multi_select_property_schema(
    items: Wire,
    title: str | None = None,
    description: str | None = None,
    min_items: int | None = None,
    max_items: int | None = None,
    default: list[str] | None = None,
    meta: dict[str, Any] | None = None,
) -> Wire:
    """A ``MultiSelectPropertySchema``, as its wire object."""
    out: Wire = {"type": "array", "items": items}
    if title is not None:
        out["title"] = title
    if description is not None:
        out["description"] = description
    if min_items is not None:
        out["minItems"] = min_items
    if max_items is not None:
        out["maxItems"] = max_items
    if default is not None:
        out["default"] = default
    if meta is not None:
        out["_meta"] = meta
    return out


def number_property_schema(
    title: str | None = None,
    description: str | None = None,
    minimum: float | None = None,
    maximum: float | None = None,
    default: float | None = None,
    meta: dict[str, Any] | None = None,
) -> Wire:
    """A ``NumberPropertySchema``, as its wire object."""
    out: Wire = {"type": "number"}
    if title is not None:
        out["title"] = title
    if description is not None:
        out["description"] = description
    if minimum is not None:
        out["minimum"] = minimum
    if maximum is not None:
        out["maximum"] = maximum
    if default is not None:
        out["default"] = default
    if meta is not None:
        out["_meta"] = meta
    return out


def string_property_schema(
    title: str | None = None,
    description: str | None = None,
    min_length: int | None = None,
    max_length: int | None = None,
    pattern: str | None = None,
    format: str | None = None,
    default: str | None = None,
    enum: list[str] | None = None,
    one_of: list[Wire] | None = None,
    meta: dict[str, Any] | None = None,
) -> Wire:
    """A ``StringPropertySchema``, as its wire object."""
    out: Wire = {"type": "string"}
    if title is not None:
        out["title"] = title
    if description is not None:
        out["description"] = description
    if min_length is not None:
        out["minLength"] = min_length
    if max_length is not None:
        out["maxLength"] = max_length
    if pattern is not None:
        out["pattern"] = pattern
    if format is not None:
        out["format"] = format
    if default is not None:
        out["default"] = default
    if enum is not None:
        out["enum"] = enum
    if one_of is not None:
        out["oneOf"] = one_of
    if meta is not None:
        out["_meta"] = meta
    return out


def elicitation_schema(
    type: Literal["object"] | None = None,
    title: str | None = None,
    properties: dict[str, Wire] | None = None,
    required: list[str] | None = None,
    description: str | None = None,
    meta: dict[str, Any] | None = None,
) -> Wire:
    """A ``ElicitationSchema``, as its wire object."""
    out: Wire = {}
    if type is not None:
        out["type"] = type
    if title is not None:
        out["title"] = title
    if properties is not None:
        out["properties"] = properties
    if required is not None:
        out["required"] = required
    if description is not None:
        out["description"] = description
    if meta is not None:
        out["_meta"] = meta
    return out


def elicitation_form_request(
    message: str,
    requested_schema: Wire,
    session_id: str | None = None,
    tool_call_id: str | None = None,
    request_id: int | str | None | None = None,
    meta: dict[str, Any] | None = None,
) -> Wire:
    """A ``ElicitationFormRequest``, as its wire object."""
    out: Wire = {"mode": "form", "message": message, "requestedSchema": requested_schema}
    if session_id is not None:
        out["sessionId"] = session_id
    if tool_call_id is not None:
        out["toolCallId"] = tool_call_id
    if request_id is not None:
        out["requestId"] = request_id
    if meta is not None:
        out["_meta"] = meta
    return out


def elicitation_url_request(
    message: str,
    elicitation_id: str,
    url: str,
    session_id: str | None = None,
    tool_call_id: str | None = None,
    request_id: int | str | None | None = None,
    meta: dict[str, Any] | None = None,
) -> Wire:
    """A ``ElicitationUrlRequest``, as its wire object."""
    out: Wire = {"mode": "url", "message": message, "elicitationId": elicitation_id, "url": url}
    if session_id is not None:
        out["sessionId"] = session_id
    if tool_call_id is not None:
        out["toolCallId"] = tool_call_id
    if request_id is not None:
        out["requestId"] = request_id
    if meta is not None:
        out["_meta"] = meta
    return out


def complete_elicitation_notification(
    elicitation_id: str, meta: dict[str, Any] | None = None
) -> Wire:
    """A ``CompleteElicitationNotification``, as its wire object."""
    out: Wire = {"elicitationId": elicitation_id}
    if meta is not None:
        out["_meta"] = meta
    return out


def elicitation_decline(meta: dict[str, Any] | None = None) -> Wire:
    """A ``ElicitationDecline``, as its wire object."""
    out: Wire = {"action": "decline"}
    if meta is not None:
        out["_meta"] = meta
    return out


def elicitation_cancel(meta: dict[str, Any] | None = None) -> Wire:
    """A ``ElicitationCancel``, as its wire object."""
    out: Wire = {"action": "cancel"}
    if meta is not None:
        out["_meta"] = meta
    return out


def elicitation_accept(
    content: dict[str, str | int | float | bool | list[str]] | None = None,
    meta: dict[str, Any] | None = None,
) -> Wire:
    """A ``ElicitationAccept``, as its wire object."""
    out: Wire = {"action": "accept"}
    if content is not None:
        out["content"] = content
    if meta is not None:
        out["_meta"] = meta
    return out


def auth_status_capabilities(meta: dict[str, Any] | None = None) -> Wire:
    """A ``AuthStatusCapabilities``, as its wire object."""
    out: Wire = {}
    if meta is not None:
        out["_meta"] = meta
    return out


def logout_capabilities(meta: dict[str, Any] | None = None) -> Wire:
    """A ``LogoutCapabilities``, as its wire object."""
    out: Wire = {}
    if meta is not None:
        out["_meta"] = meta
    return out


def agent_auth_capabilities(
    status: Wire | None = None, logout: Wire | None = None, meta: dict[str, Any] | None = None
) -> Wire:
    """A ``AgentAuthCapabilities``, as its wire object."""
    out: Wire = {}
    if status is not None:
        out["status"] = status
    if logout is not None:
        out["logout"] = logout
    if meta is not None:
        out["_meta"] = meta
    return out


def mcp_capabilities(
    http: bool | None = None,
    sse: bool | None = None,
    acp: bool | None = None,
    meta: dict[str, Any] | None = None,
) -> Wire:
    """A ``McpCapabilities``, as its wire object."""
    out: Wire = {}
    if http is not None:
        out["http"] = http
    if sse is not None:
        out["sse"] = sse
    if acp is not None:
        out["acp"] = acp
    if meta is not None:
        out["_meta"] = meta
    return out


def prompt_capabilities(
    image: bool | None = None,
    audio: bool | None = None,
    embedded_context: bool | None = None,
    meta: dict[str, Any] | None = None,
) -> Wire:
    """A ``PromptCapabilities``, as its wire object."""
    out: Wire = {}
    if image is not None:
        out["image"] = image
    if audio is not None:
        out["audio"] = audio
    if embedded_context is not None:
        out["embeddedContext"] = embedded_context
    if meta is not None:
        out["_meta"] = meta
    return out


def providers_capabilities(meta: dict[str, Any] | None = None) -> Wire:
    """A ``ProvidersCapabilities``, as its wire object."""
    out: Wire = {}
    if meta is not None:
        out["_meta"] = meta
    return out


def session_additional_directories_capabilities(meta: dict[str, Any] | None = None) -> Wire:
    """A ``SessionAdditionalDirectoriesCapabilities``, as its wire object."""
    out: Wire = {}
    if meta is not None:
        out["_meta"] = meta
    return out


def session_archive_capabilities(meta: dict[str, Any] | None = None) -> Wire:
    """A ``SessionArchiveCapabilities``, as its wire object."""
    out: Wire = {}
    if meta is not None:
        out["_meta"] = meta
    return out


def session_close_capabilities(meta: dict[str, Any] | None = None) -> Wire:
    """A ``SessionCloseCapabilities``, as its wire object."""
    out: Wire = {}
    if meta is not None:
        out["_meta"] = meta
    return out


def session_delete_capabilities(meta: dict[str, Any] | None = None) -> Wire:
    """A ``SessionDeleteCapabilities``, as its wire object."""
    out: Wire = {}
    if meta is not None:
        out["_meta"] = meta
    return out


def session_fork_capabilities(meta: dict[str, Any] | None = None) -> Wire:
    """A ``SessionForkCapabilities``, as its wire object."""
    out: Wire = {}
    if meta is not None:
        out["_meta"] = meta
    return out


def session_list_capabilities(meta: dict[str, Any] | None = None) -> Wire:
    """A ``SessionListCapabilities``, as its wire object."""
    out: Wire = {}
    if meta is not None:
        out["_meta"] = meta
    return out


def session_resume_capabilities(meta: dict[str, Any] | None = None) -> Wire:
    """A ``SessionResumeCapabilities``, as its wire object."""
    out: Wire = {}
    if meta is not None:
        out["_meta"] = meta
    return out


def session_status_capabilities(meta: dict[str, Any] | None = None) -> Wire:
    """A ``SessionStatusCapabilities``, as its wire object."""
    out: Wire = {}
    if meta is not None:
        out["_meta"] = meta
    return out


def session_system_prompt_override_capabilities(meta: dict[str, Any] | None = None) -> Wire:
    """A ``SessionSystemPromptOverrideCapabilities``, as its wire object."""
    out: Wire = {}
    if meta is not None:
        out["_meta"] = meta
    return out


def session_system_prompt_mode_capabilities(
    override: Wire | None = None, meta: dict[str, Any] | None = None
) -> Wire:
    """A ``SessionSystemPromptModeCapabilities``, as its wire object."""
    out: Wire = {}
    if override is not None:
        out["override"] = override
    if meta is not None:
        out["_meta"] = meta
    return out


def session_system_prompt_capabilities(
    mode: Wire | None = None, meta: dict[str, Any] | None = None
) -> Wire:
    """A ``SessionSystemPromptCapabilities``, as its wire object."""
    out: Wire = {}
    if mode is not None:
        out["mode"] = mode
    if meta is not None:
        out["_meta"] = meta
    return out


def session_title_capabilities(meta: dict[str, Any] | None = None) -> Wire:
    """A ``SessionTitleCapabilities``, as its wire object."""
    out: Wire = {}
    if meta is not None:
        out["_meta"] = meta
    return out


def session_capabilities(
    list: Wire | None = None,
    delete: Wire | None = None,
    additional_directories: Wire | None = None,
    system_prompt: Wire | None = None,
    fork: Wire | None = None,
    archive: Wire | None = None,
    status: Wire | None = None,
    title: Wire | None = None,
    resume: Wire | None = None,
    close: Wire | None = None,
    meta: dict[str, Any] | None = None,
) -> Wire:
    """A ``SessionCapabilities``, as its wire object."""
    out: Wire = {}
    if list is not None:
        out["list"] = list
    if delete is not None:
        out["delete"] = delete
    if additional_directories is not None:
        out["additionalDirectories"] = additional_directories
    if system_prompt is not None:
        out["systemPrompt"] = system_prompt
    if fork is not None:
        out["fork"] = fork
    if archive is not None:
        out["archive"] = archive
    if status is not None:
        out["status"] = status
    if title is not None:
        out["title"] = title
    if resume is not None:
        out["resume"] = resume
    if close is not None:
        out["close"] = close
    if meta is not None:
        out["_meta"] = meta
    return out


def agent_capabilities(
    load_session: bool | None = None,
    prompt_capabilities: Wire | None = None,
    mcp_capabilities: Wire | None = None,
    session_capabilities: Wire | None = None,
    auth: Wire | None = None,
    providers: Wire | None = None,
    meta: dict[str, Any] | None = None,
) -> Wire:
    """A ``AgentCapabilities``, as its wire object."""
    out: Wire = {}
    if load_session is not None:
        out["loadSession"] = load_session
    if prompt_capabilities is not None:
        out["promptCapabilities"] = prompt_capabilities
    if mcp_capabilities is not None:
        out["mcpCapabilities"] = mcp_capabilities
    if session_capabilities is not None:
        out["sessionCapabilities"] = session_capabilities
    if auth is not None:
        out["auth"] = auth
    if providers is not None:
        out["providers"] = providers
    if meta is not None:
        out["_meta"] = meta
    return out


def auth_method_agent(
    id: str, name: str, description: str | None = None, meta: dict[str, Any] | None = None
) -> Wire:
    """A ``AuthMethodAgent``, as its wire object."""
    out: Wire = {"id": id, "name": name}
    if description is not None:
        out["description"] = description
    if meta is not None:
        out["_meta"] = meta
    return out


def auth_method_terminal(
    id: str,
    name: str,
    description: str | None = None,
    args: list[str] | None = None,
    env: dict[str, str] | None = None,
    meta: dict[str, Any] | None = None,
) -> Wire:
    """A ``AuthMethodTerminal``, as its wire object."""
    out: Wire = {"type": "terminal", "id": id, "name": name}
    if description is not None:
        out["description"] = description
    if args is not None:
        out["args"] = args
    if env is not None:
        out["env"] = env
    if meta is not None:
        out["_meta"] = meta
    return out


def initialize_response(
    protocol_version: int,
    agent_capabilities: Wire | None = None,
    auth_methods: list[Wire] | None = None,
    agent_info: Wire | None = None,
    meta: dict[str, Any] | None = None,
) -> Wire:
    """A ``InitializeResponse``, as its wire object."""
    out: Wire = {"protocolVersion": protocol_version}
    if agent_capabilities is not None:
        out["agentCapabilities"] = agent_capabilities
    if auth_methods is not None:
        out["authMethods"] = auth_methods
    if agent_info is not None:
        out["agentInfo"] = agent_info
    if meta is not None:
        out["_meta"] = meta
    return out


def authenticate_response(meta: dict[str, Any] | None = None) -> Wire:
    """A ``AuthenticateResponse``, as its wire object."""
    out: Wire = {}
    if meta is not None:
        out["_meta"] = meta
    return out


def logout_response(meta: dict[str, Any] | None = None) -> Wire:
    """A ``LogoutResponse``, as its wire object."""
    out: Wire = {}
    if meta is not None:
        out["_meta"] = meta
    return out


def implementation(
    name: str, version: str, title: str | None = None, meta: dict[str, Any] | None = None
) -> Wire:
    """A ``Implementation``, as its wire object."""
    out: Wire = {"name": name, "version": version}
    if title is not None:
        out["title"] = title
    if meta is not None:
        out["_meta"] = meta
    return out


def auth_capabilities(terminal: bool | None = None, meta: dict[str, Any] | None = None) -> Wire:
    """A ``AuthCapabilities``, as its wire object."""
    out: Wire = {}
    if terminal is not None:
        out["terminal"] = terminal
    if meta is not None:
        out["_meta"] = meta
    return out


def compaction_capabilities() -> Wire:
    """A ``CompactionCapabilities``, as its wire object."""
    return {}


def notice_capabilities() -> Wire:
    """A ``NoticeCapabilities``, as its wire object."""
    return {}


def boolean_config_option_capabilities(meta: dict[str, Any] | None = None) -> Wire:
    """A ``BooleanConfigOptionCapabilities``, as its wire object."""
    out: Wire = {}
    if meta is not None:
        out["_meta"] = meta
    return out


def session_config_options_capabilities(
    boolean: Wire | None = None, meta: dict[str, Any] | None = None
) -> Wire:
    """A ``SessionConfigOptionsCapabilities``, as its wire object."""
    out: Wire = {}
    if boolean is not None:
        out["boolean"] = boolean
    if meta is not None:
        out["_meta"] = meta
    return out


def client_session_capabilities(
    compaction: Wire | None = None,
    config_options: Wire | None = None,
    notices: Wire | None = None,
    meta: dict[str, Any] | None = None,
) -> Wire:
    """A ``ClientSessionCapabilities``, as its wire object."""
    out: Wire = {}
    if compaction is not None:
        out["compaction"] = compaction
    if config_options is not None:
        out["configOptions"] = config_options
    if notices is not None:
        out["notices"] = notices
    if meta is not None:
        out["_meta"] = meta
    return out


def elicitation_form_capabilities(meta: dict[str, Any] | None = None) -> Wire:
    """A ``ElicitationFormCapabilities``, as its wire object."""
    out: Wire = {}
    if meta is not None:
        out["_meta"] = meta
    return out


def elicitation_url_capabilities(meta: dict[str, Any] | None = None) -> Wire:
    """A ``ElicitationUrlCapabilities``, as its wire object."""
    out: Wire = {}
    if meta is not None:
        out["_meta"] = meta
    return out


def elicitation_capabilities(
    form: Wire | None = None, url: Wire | None = None, meta: dict[str, Any] | None = None
) -> Wire:
    """A ``ElicitationCapabilities``, as its wire object."""
    out: Wire = {}
    if form is not None:
        out["form"] = form
    if url is not None:
        out["url"] = url
    if meta is not None:
        out["_meta"] = meta
    return out


def file_system_capabilities(
    read_text_file: bool | None = None,
    write_text_file: bool | None = None,
    meta: dict[str, Any] | None = None,
) -> Wire:
    """A ``FileSystemCapabilities``, as its wire object."""
    out: Wire = {}
    if read_text_file is not None:
        out["readTextFile"] = read_text_file
    if write_text_file is not None:
        out["writeTextFile"] = write_text_file
    if meta is not None:
        out["_meta"] = meta
    return out


def plan_capabilities(meta: dict[str, Any] | None = None) -> Wire:
    """A ``PlanCapabilities``, as its wire object."""
    out: Wire = {}
    if meta is not None:
        out["_meta"] = meta
    return out


def subagent_capabilities(meta: dict[str, Any] | None = None) -> Wire:
    """A ``SubagentCapabilities``, as its wire object."""
    out: Wire = {}
    if meta is not None:
        out["_meta"] = meta
    return out


def client_capabilities(
    fs: Wire | None = None,
    terminal: bool | None = None,
    session: Wire | None = None,
    subagents: Wire | None = None,
    plan: Wire | None = None,
    auth: Wire | None = None,
    elicitation: Wire | None = None,
    meta: dict[str, Any] | None = None,
) -> Wire:
    """A ``ClientCapabilities``, as its wire object."""
    out: Wire = {}
    if fs is not None:
        out["fs"] = fs
    if terminal is not None:
        out["terminal"] = terminal
    if session is not None:
        out["session"] = session
    if subagents is not None:
        out["subagents"] = subagents
    if plan is not None:
        out["plan"] = plan
    if auth is not None:
        out["auth"] = auth
    if elicitation is not None:
        out["elicitation"] = elicitation
    if meta is not None:
        out["_meta"] = meta
    return out


def initialize_request(
    protocol_version: int,
    client_capabilities: Wire | None = None,
    client_info: Wire | None = None,
    meta: dict[str, Any] | None = None,
) -> Wire:
    """A ``InitializeRequest``, as its wire object."""
    out: Wire = {"protocolVersion": protocol_version}
    if client_capabilities is not None:
        out["clientCapabilities"] = client_capabilities
    if client_info is not None:
        out["clientInfo"] = client_info
    if meta is not None:
        out["_meta"] = meta
    return out


def authenticate_request(method_id: str, meta: dict[str, Any] | None = None) -> Wire:
    """A ``AuthenticateRequest``, as its wire object."""
    out: Wire = {"methodId": method_id}
    if meta is not None:
        out["_meta"] = meta
    return out


def logout_request(meta: dict[str, Any] | None = None) -> Wire:
    """A ``LogoutRequest``, as its wire object."""
    out: Wire = {}
    if meta is not None:
        out["_meta"] = meta
    return out


def provider_current_config(
    api_type: str, base_url: str, meta: dict[str, Any] | None = None
) -> Wire:
    """A ``ProviderCurrentConfig``, as its wire object."""
    out: Wire = {"apiType": api_type, "baseUrl": base_url}
    if meta is not None:
        out["_meta"] = meta
    return out


def provider_info(
    provider_id: str,
    supported: list[str],
    required: bool,
    current: Wire | None = None,
    meta: dict[str, Any] | None = None,
) -> Wire:
    """A ``ProviderInfo``, as its wire object."""
    out: Wire = {"providerId": provider_id, "supported": supported, "required": required}
    if current is not None:
        out["current"] = current
    if meta is not None:
        out["_meta"] = meta
    return out


def list_providers_response(providers: list[Wire], meta: dict[str, Any] | None = None) -> Wire:
    """A ``ListProvidersResponse``, as its wire object."""
    out: Wire = {"providers": providers}
    if meta is not None:
        out["_meta"] = meta
    return out


def set_provider_response(meta: dict[str, Any] | None = None) -> Wire:
    """A ``SetProviderResponse``, as its wire object."""
    out: Wire = {}
    if meta is not None:
        out["_meta"] = meta
    return out


def disable_provider_response(meta: dict[str, Any] | None = None) -> Wire:
    """A ``DisableProviderResponse``, as its wire object."""
    out: Wire = {}
    if meta is not None:
        out["_meta"] = meta
    return out


def list_providers_request(meta: dict[str, Any] | None = None) -> Wire:
    """A ``ListProvidersRequest``, as its wire object."""
    out: Wire = {}
    if meta is not None:
        out["_meta"] = meta
    return out


def set_provider_request(
    provider_id: str,
    api_type: str,
    base_url: str,
    headers: dict[str, str] | None = None,
    meta: dict[str, Any] | None = None,
) -> Wire:
    """A ``SetProviderRequest``, as its wire object."""
    out: Wire = {"providerId": provider_id, "apiType": api_type, "baseUrl": base_url}
    if headers is not None:
        out["headers"] = headers
    if meta is not None:
        out["_meta"] = meta
    return out


def disable_provider_request(provider_id: str, meta: dict[str, Any] | None = None) -> Wire:
    """A ``DisableProviderRequest``, as its wire object."""
    out: Wire = {"providerId": provider_id}
    if meta is not None:
        out["_meta"] = meta
    return out


def auth_account(
    label: str,
    active: bool | None = None,
    name: str | None = None,
    email: str | None = None,
    organization: str | None = None,
    meta: dict[str, Any] | None = None,
) -> Wire:
    """A ``AuthAccount``, as its wire object."""
    out: Wire = {"label": label}
    if active is not None:
        out["active"] = active
    if name is not None:
        out["name"] = name
    if email is not None:
        out["email"] = email
    if organization is not None:
        out["organization"] = organization
    if meta is not None:
        out["_meta"] = meta
    return out


def auth_status_response(
    state: str, accounts: list[Wire] | None = None, meta: dict[str, Any] | None = None
) -> Wire:
    """A ``AuthStatusResponse``, as its wire object."""
    out: Wire = {"state": state}
    if accounts is not None:
        out["accounts"] = accounts
    if meta is not None:
        out["_meta"] = meta
    return out


def auth_status_update_notification(
    state: str, accounts: list[Wire] | None = None, meta: dict[str, Any] | None = None
) -> Wire:
    """A ``AuthStatusUpdateNotification``, as its wire object."""
    out: Wire = {"state": state}
    if accounts is not None:
        out["accounts"] = accounts
    if meta is not None:
        out["_meta"] = meta
    return out


def auth_status_request(meta: dict[str, Any] | None = None) -> Wire:
    """A ``AuthStatusRequest``, as its wire object."""
    out: Wire = {}
    if meta is not None:
        out["_meta"] = meta
    return out


def session_config_boolean(
    id: str,
    name: str,
    current_value: bool,
    description: str | None = None,
    category: str | None = None,
    meta: dict[str, Any] | None = None,
) -> Wire:
    """A ``SessionConfigBoolean``, as its wire object."""
    out: Wire = {"type": "boolean", "id": id, "name": name, "currentValue": current_value}
    if description is not None:
        out["description"] = description
    if category is not None:
        out["category"] = category
    if meta is not None:
        out["_meta"] = meta
    return out


def session_config_select_option(
    value: str, name: str, description: str | None = None, meta: dict[str, Any] | None = None
) -> Wire:
    """A ``SessionConfigSelectOption``, as its wire object."""
    out: Wire = {"value": value, "name": name}
    if description is not None:
        out["description"] = description
    if meta is not None:
        out["_meta"] = meta
    return out


def session_config_select_group(
    group: str, name: str, options: list[Wire], meta: dict[str, Any] | None = None
) -> Wire:
    """A ``SessionConfigSelectGroup``, as its wire object."""
    out: Wire = {"group": group, "name": name, "options": options}
    if meta is not None:
        out["_meta"] = meta
    return out


def session_config_select(
    id: str,
    name: str,
    current_value: str,
    options: list[Wire],
    description: str | None = None,
    category: str | None = None,
    meta: dict[str, Any] | None = None,
) -> Wire:
    """A ``SessionConfigSelect``, as its wire object."""
    out: Wire = {
        "type": "select",
        "id": id,
        "name": name,
        "currentValue": current_value,
        "options": options,
    }
    if description is not None:
        out["description"] = description
    if category is not None:
        out["category"] = category
    if meta is not None:
        out["_meta"] = meta
    return out


def session_mode(
    id: str, name: str, description: str | None = None, meta: dict[str, Any] | None = None
) -> Wire:
    """A ``SessionMode``, as its wire object."""
    out: Wire = {"id": id, "name": name}
    if description is not None:
        out["description"] = description
    if meta is not None:
        out["_meta"] = meta
    return out


def session_mode_state(
    current_mode_id: str, available_modes: list[Wire], meta: dict[str, Any] | None = None
) -> Wire:
    """A ``SessionModeState``, as its wire object."""
    out: Wire = {"currentModeId": current_mode_id, "availableModes": available_modes}
    if meta is not None:
        out["_meta"] = meta
    return out


def new_session_response(
    session_id: str,
    modes: Wire | None = None,
    config_options: list[Wire] | None = None,
    meta: dict[str, Any] | None = None,
) -> Wire:
    """A ``NewSessionResponse``, as its wire object."""
    out: Wire = {"sessionId": session_id}
    if modes is not None:
        out["modes"] = modes
    if config_options is not None:
        out["configOptions"] = config_options
    if meta is not None:
        out["_meta"] = meta
    return out


def load_session_response(
    modes: Wire | None = None,
    config_options: list[Wire] | None = None,
    meta: dict[str, Any] | None = None,
) -> Wire:
    """A ``LoadSessionResponse``, as its wire object."""
    out: Wire = {}
    if modes is not None:
        out["modes"] = modes
    if config_options is not None:
        out["configOptions"] = config_options
    if meta is not None:
        out["_meta"] = meta
    return out


def session_info(
    session_id: str,
    cwd: str,
    additional_directories: list[str] | None = None,
    title: str | None = None,
    updated_at: str | None = None,
    archived: bool | None = None,
    meta: dict[str, Any] | None = None,
) -> Wire:
    """A ``SessionInfo``, as its wire object."""
    out: Wire = {"sessionId": session_id, "cwd": cwd}
    if additional_directories is not None:
        out["additionalDirectories"] = additional_directories
    if title is not None:
        out["title"] = title
    if updated_at is not None:
        out["updatedAt"] = updated_at
    if archived is not None:
        out["archived"] = archived
    if meta is not None:
        out["_meta"] = meta
    return out


def list_sessions_response(
    sessions: list[Wire], next_cursor: str | None = None, meta: dict[str, Any] | None = None
) -> Wire:
    """A ``ListSessionsResponse``, as its wire object."""
    out: Wire = {"sessions": sessions}
    if next_cursor is not None:
        out["nextCursor"] = next_cursor
    if meta is not None:
        out["_meta"] = meta
    return out


def delete_session_response(meta: dict[str, Any] | None = None) -> Wire:
    """A ``DeleteSessionResponse``, as its wire object."""
    out: Wire = {}
    if meta is not None:
        out["_meta"] = meta
    return out


def fork_session_response(
    session_id: str,
    modes: Wire | None = None,
    config_options: list[Wire] | None = None,
    meta: dict[str, Any] | None = None,
) -> Wire:
    """A ``ForkSessionResponse``, as its wire object."""
    out: Wire = {"sessionId": session_id}
    if modes is not None:
        out["modes"] = modes
    if config_options is not None:
        out["configOptions"] = config_options
    if meta is not None:
        out["_meta"] = meta
    return out


def archive_session_response(meta: dict[str, Any] | None = None) -> Wire:
    """A ``ArchiveSessionResponse``, as its wire object."""
    out: Wire = {}
    if meta is not None:
        out["_meta"] = meta
    return out


def unarchive_session_response(meta: dict[str, Any] | None = None) -> Wire:
    """A ``UnarchiveSessionResponse``, as its wire object."""
    out: Wire = {}
    if meta is not None:
        out["_meta"] = meta
    return out


def session_status_response(status: str, meta: dict[str, Any] | None = None) -> Wire:
    """A ``SessionStatusResponse``, as its wire object."""
    out: Wire = {"status": status}
    if meta is not None:
        out["_meta"] = meta
    return out


def set_session_title_response(title: str, meta: dict[str, Any] | None = None) -> Wire:
    """A ``SetSessionTitleResponse``, as its wire object."""
    out: Wire = {"title": title}
    if meta is not None:
        out["_meta"] = meta
    return out


def resume_session_response(
    modes: Wire | None = None,
    config_options: list[Wire] | None = None,
    meta: dict[str, Any] | None = None,
) -> Wire:
    """A ``ResumeSessionResponse``, as its wire object."""
    out: Wire = {}
    if modes is not None:
        out["modes"] = modes
    if config_options is not None:
        out["configOptions"] = config_options
    if meta is not None:
        out["_meta"] = meta
    return out


def close_session_response(meta: dict[str, Any] | None = None) -> Wire:
    """A ``CloseSessionResponse``, as its wire object."""
    out: Wire = {}
    if meta is not None:
        out["_meta"] = meta
    return out


def set_session_mode_response(meta: dict[str, Any] | None = None) -> Wire:
    """A ``SetSessionModeResponse``, as its wire object."""
    out: Wire = {}
    if meta is not None:
        out["_meta"] = meta
    return out


def set_session_config_option_response(
    config_options: list[Wire], meta: dict[str, Any] | None = None
) -> Wire:
    """A ``SetSessionConfigOptionResponse``, as its wire object."""
    out: Wire = {"configOptions": config_options}
    if meta is not None:
        out["_meta"] = meta
    return out


def mcp_server_acp(name: str, server_id: str, meta: dict[str, Any] | None = None) -> Wire:
    """A ``McpServerAcp``, as its wire object."""
    out: Wire = {"type": "acp", "name": name, "serverId": server_id}
    if meta is not None:
        out["_meta"] = meta
    return out


def http_header(name: str, value: str, meta: dict[str, Any] | None = None) -> Wire:
    """A ``HttpHeader``, as its wire object."""
    out: Wire = {"name": name, "value": value}
    if meta is not None:
        out["_meta"] = meta
    return out


def mcp_server_http(
    name: str, url: str, headers: list[Wire], meta: dict[str, Any] | None = None
) -> Wire:
    """A ``McpServerHttp``, as its wire object."""
    out: Wire = {"type": "http", "name": name, "url": url, "headers": headers}
    if meta is not None:
        out["_meta"] = meta
    return out


def mcp_server_sse(
    name: str, url: str, headers: list[Wire], meta: dict[str, Any] | None = None
) -> Wire:
    """A ``McpServerSse``, as its wire object."""
    out: Wire = {"type": "sse", "name": name, "url": url, "headers": headers}
    if meta is not None:
        out["_meta"] = meta
    return out


def mcp_server_stdio(
    name: str, command: str, args: list[str], env: list[Wire], meta: dict[str, Any] | None = None
) -> Wire:
    """A ``McpServerStdio``, as its wire object."""
    out: Wire = {"name": name, "command": command, "args": args, "env": env}
    if meta is not None:
        out["_meta"] = meta
    return out


def system_prompt(mode: str, content: list[Wire], meta: dict[str, Any] | None = None) -> Wire:
    """A ``SystemPrompt``, as its wire object."""
    out: Wire = {"mode": mode, "content": content}
    if meta is not None:
        out["_meta"] = meta
    return out


def new_session_request(
    cwd: str,
    mcp_servers: list[Wire],
    additional_directories: list[str] | None = None,
    system_prompt: Wire | None = None,
    meta: dict[str, Any] | None = None,
) -> Wire:
    """A ``NewSessionRequest``, as its wire object."""
    out: Wire = {"cwd": cwd, "mcpServers": mcp_servers}
    if additional_directories is not None:
        out["additionalDirectories"] = additional_directories
    if system_prompt is not None:
        out["systemPrompt"] = system_prompt
    if meta is not None:
        out["_meta"] = meta
    return out


def load_session_request(
    mcp_servers: list[Wire],
    cwd: str,
    session_id: str,
    additional_directories: list[str] | None = None,
    system_prompt: Wire | None = None,
    meta: dict[str, Any] | None = None,
) -> Wire:
    """A ``LoadSessionRequest``, as its wire object."""
    out: Wire = {"mcpServers": mcp_servers, "cwd": cwd, "sessionId": session_id}
    if additional_directories is not None:
        out["additionalDirectories"] = additional_directories
    if system_prompt is not None:
        out["systemPrompt"] = system_prompt
    if meta is not None:
        out["_meta"] = meta
    return out


def list_sessions_request(
    cwd: str | None = None,
    cursor: str | None = None,
    archived: str | None = None,
    meta: dict[str, Any] | None = None,
) -> Wire:
    """A ``ListSessionsRequest``, as its wire object."""
    out: Wire = {}
    if cwd is not None:
        out["cwd"] = cwd
    if cursor is not None:
        out["cursor"] = cursor
    if archived is not None:
        out["archived"] = archived
    if meta is not None:
        out["_meta"] = meta
    return out


def delete_session_request(session_id: str, meta: dict[str, Any] | None = None) -> Wire:
    """A ``DeleteSessionRequest``, as its wire object."""
    out: Wire = {"sessionId": session_id}
    if meta is not None:
        out["_meta"] = meta
    return out


def fork_session_request(
    session_id: str,
    cwd: str,
    additional_directories: list[str] | None = None,
    mcp_servers: list[Wire] | None = None,
    system_prompt: Wire | None = None,
    meta: dict[str, Any] | None = None,
) -> Wire:
    """A ``ForkSessionRequest``, as its wire object."""
    out: Wire = {"sessionId": session_id, "cwd": cwd}
    if additional_directories is not None:
        out["additionalDirectories"] = additional_directories
    if mcp_servers is not None:
        out["mcpServers"] = mcp_servers
    if system_prompt is not None:
        out["systemPrompt"] = system_prompt
    if meta is not None:
        out["_meta"] = meta
    return out


def archive_session_request(session_id: str, meta: dict[str, Any] | None = None) -> Wire:
    """A ``ArchiveSessionRequest``, as its wire object."""
    out: Wire = {"sessionId": session_id}
    if meta is not None:
        out["_meta"] = meta
    return out


def unarchive_session_request(session_id: str, meta: dict[str, Any] | None = None) -> Wire:
    """A ``UnarchiveSessionRequest``, as its wire object."""
    out: Wire = {"sessionId": session_id}
    if meta is not None:
        out["_meta"] = meta
    return out


def session_status_request(session_id: str, meta: dict[str, Any] | None = None) -> Wire:
    """A ``SessionStatusRequest``, as its wire object."""
    out: Wire = {"sessionId": session_id}
    if meta is not None:
        out["_meta"] = meta
    return out


def set_session_title_request(
    session_id: str, title: str, meta: dict[str, Any] | None = None
) -> Wire:
    """A ``SetSessionTitleRequest``, as its wire object."""
    out: Wire = {"sessionId": session_id, "title": title}
    if meta is not None:
        out["_meta"] = meta
    return out


def resume_session_request(
    session_id: str,
    cwd: str,
    additional_directories: list[str] | None = None,
    mcp_servers: list[Wire] | None = None,
    system_prompt: Wire | None = None,
    meta: dict[str, Any] | None = None,
) -> Wire:
    """A ``ResumeSessionRequest``, as its wire object."""
    out: Wire = {"sessionId": session_id, "cwd": cwd}
    if additional_directories is not None:
        out["additionalDirectories"] = additional_directories
    if mcp_servers is not None:
        out["mcpServers"] = mcp_servers
    if system_prompt is not None:
        out["systemPrompt"] = system_prompt
    if meta is not None:
        out["_meta"] = meta
    return out


def close_session_request(session_id: str, meta: dict[str, Any] | None = None) -> Wire:
    """A ``CloseSessionRequest``, as its wire object."""
    out: Wire = {"sessionId": session_id}
    if meta is not None:
        out["_meta"] = meta
    return out


def set_session_mode_request(
    session_id: str, mode_id: str, meta: dict[str, Any] | None = None
) -> Wire:
    """A ``SetSessionModeRequest``, as its wire object."""
    out: Wire = {"sessionId": session_id, "modeId": mode_id}
    if meta is not None:
        out["_meta"] = meta
    return out


def set_session_config_option_boolean(
    session_id: str, config_id: str, value: bool, meta: dict[str, Any] | None = None
) -> Wire:
    """A ``SetSessionConfigOptionBoolean``, as its wire object."""
    out: Wire = {"type": "boolean", "sessionId": session_id, "configId": config_id, "value": value}
    if meta is not None:
        out["_meta"] = meta
    return out


def set_session_config_option_value_id(
    session_id: str, config_id: str, value: str, meta: dict[str, Any] | None = None
) -> Wire:
    """A ``SetSessionConfigOptionValueId``, as its wire object."""
    out: Wire = {"sessionId": session_id, "configId": config_id, "value": value}
    if meta is not None:
        out["_meta"] = meta
    return out


def usage(
    total_tokens: int,
    input_tokens: int,
    output_tokens: int,
    thought_tokens: int | None = None,
    cached_read_tokens: int | None = None,
    cached_write_tokens: int | None = None,
    meta: dict[str, Any] | None = None,
) -> Wire:
    """A ``Usage``, as its wire object."""
    out: Wire = {
        "totalTokens": total_tokens,
        "inputTokens": input_tokens,
        "outputTokens": output_tokens,
    }
    if thought_tokens is not None:
        out["thoughtTokens"] = thought_tokens
    if cached_read_tokens is not None:
        out["cachedReadTokens"] = cached_read_tokens
    if cached_write_tokens is not None:
        out["cachedWriteTokens"] = cached_write_tokens
    if meta is not None:
        out["_meta"] = meta
    return out


def prompt_response(
    stop_reason: Literal["end_turn", "max_tokens", "max_turn_requests", "refusal", "cancelled"],
    usage: Wire | None = None,
    meta: dict[str, Any] | None = None,
) -> Wire:
    """A ``PromptResponse``, as its wire object."""
    out: Wire = {"stopReason": stop_reason}
    if usage is not None:
        out["usage"] = usage
    if meta is not None:
        out["_meta"] = meta
    return out


def prompt_request(session_id: str, prompt: list[Wire], meta: dict[str, Any] | None = None) -> Wire:
    """A ``PromptRequest``, as its wire object."""
    out: Wire = {"sessionId": session_id, "prompt": prompt}
    if meta is not None:
        out["_meta"] = meta
    return out


def cancel_notification(session_id: str, meta: dict[str, Any] | None = None) -> Wire:
    """A ``CancelNotification``, as its wire object."""
    out: Wire = {"sessionId": session_id}
    if meta is not None:
        out["_meta"] = meta
    return out


def content_chunk(
    content: Wire, message_id: str | None = None, meta: dict[str, Any] | None = None
) -> Wire:
    """A ``ContentChunk``, as its wire object."""
    out: Wire = {"content": content}
    if message_id is not None:
        out["messageId"] = message_id
    if meta is not None:
        out["_meta"] = meta
    return out


def agent_message_chunk(
    content: Wire, message_id: str | None = None, meta: dict[str, Any] | None = None
) -> Wire:
    """A ``AgentMessageChunk``, as its wire object."""
    out: Wire = {"sessionUpdate": "agent_message_chunk", "content": content}
    if message_id is not None:
        out["messageId"] = message_id
    if meta is not None:
        out["_meta"] = meta
    return out


def agent_thought_chunk(
    content: Wire, message_id: str | None = None, meta: dict[str, Any] | None = None
) -> Wire:
    """A ``AgentThoughtChunk``, as its wire object."""
    out: Wire = {"sessionUpdate": "agent_thought_chunk", "content": content}
    if message_id is not None:
        out["messageId"] = message_id
    if meta is not None:
        out["_meta"] = meta
    return out


def unstructured_command_input(hint: str, meta: dict[str, Any] | None = None) -> Wire:
    """A ``UnstructuredCommandInput``, as its wire object."""
    out: Wire = {"hint": hint}
    if meta is not None:
        out["_meta"] = meta
    return out


def available_command(
    name: str, description: str, input: Wire | None = None, meta: dict[str, Any] | None = None
) -> Wire:
    """A ``AvailableCommand``, as its wire object."""
    out: Wire = {"name": name, "description": description}
    if input is not None:
        out["input"] = input
    if meta is not None:
        out["_meta"] = meta
    return out


def available_commands_update(
    available_commands: list[Wire], meta: dict[str, Any] | None = None
) -> Wire:
    """A ``AvailableCommandsUpdate``, as its wire object."""
    out: Wire = {
        "sessionUpdate": "available_commands_update",
        "availableCommands": available_commands,
    }
    if meta is not None:
        out["_meta"] = meta
    return out


def compaction_summary_chunk(
    compaction_id: str, content: Wire, meta: dict[str, Any] | None = None
) -> Wire:
    """A ``CompactionSummaryChunk``, as its wire object."""
    out: Wire = {
        "sessionUpdate": "compaction_summary_chunk",
        "compactionId": compaction_id,
        "content": content,
    }
    if meta is not None:
        out["_meta"] = meta
    return out


def compaction_update(
    compaction_id: str,
    status: str,
    summary: list[Wire] | Unchanged | None = UNCHANGED,
    error: str | Unchanged | None = UNCHANGED,
    meta: dict[str, Any] | None = None,
) -> Wire:
    """A ``CompactionUpdate``, as its wire object."""
    out: Wire = {
        "sessionUpdate": "compaction_update",
        "compactionId": compaction_id,
        "status": status,
    }
    if summary is not UNCHANGED:
        out["summary"] = summary
    if error is not UNCHANGED:
        out["error"] = error
    if meta is not None:
        out["_meta"] = meta
    return out


def config_option_update(config_options: list[Wire], meta: dict[str, Any] | None = None) -> Wire:
    """A ``ConfigOptionUpdate``, as its wire object."""
    out: Wire = {"sessionUpdate": "config_option_update", "configOptions": config_options}
    if meta is not None:
        out["_meta"] = meta
    return out


def current_mode_update(current_mode_id: str, meta: dict[str, Any] | None = None) -> Wire:
    """A ``CurrentModeUpdate``, as its wire object."""
    out: Wire = {"sessionUpdate": "current_mode_update", "currentModeId": current_mode_id}
    if meta is not None:
        out["_meta"] = meta
    return out


def notice(
    severity: str, title: str, description: str | None = None, meta: dict[str, Any] | None = None
) -> Wire:
    """A ``Notice``, as its wire object."""
    out: Wire = {"sessionUpdate": "notice", "severity": severity, "title": title}
    if description is not None:
        out["description"] = description
    if meta is not None:
        out["_meta"] = meta
    return out


def plan_entry(
    content: str,
    priority: Literal["high", "medium", "low"],
    status: Literal["pending", "in_progress", "completed"],
    meta: dict[str, Any] | None = None,
) -> Wire:
    """A ``PlanEntry``, as its wire object."""
    out: Wire = {"content": content, "priority": priority, "status": status}
    if meta is not None:
        out["_meta"] = meta
    return out


def plan(entries: list[Wire], meta: dict[str, Any] | None = None) -> Wire:
    """A ``Plan``, as its wire object."""
    out: Wire = {"sessionUpdate": "plan", "entries": entries}
    if meta is not None:
        out["_meta"] = meta
    return out


def plan_removed(plan_id: str, meta: dict[str, Any] | None = None) -> Wire:
    """A ``PlanRemoved``, as its wire object."""
    out: Wire = {"sessionUpdate": "plan_removed", "planId": plan_id}
    if meta is not None:
        out["_meta"] = meta
    return out


def plan_file(plan_id: str, uri: str, meta: dict[str, Any] | None = None) -> Wire:
    """A ``PlanFile``, as its wire object."""
    out: Wire = {"type": "file", "planId": plan_id, "uri": uri}
    if meta is not None:
        out["_meta"] = meta
    return out


def plan_items(plan_id: str, entries: list[Wire], meta: dict[str, Any] | None = None) -> Wire:
    """A ``PlanItems``, as its wire object."""
    out: Wire = {"type": "items", "planId": plan_id, "entries": entries}
    if meta is not None:
        out["_meta"] = meta
    return out


def plan_markdown(plan_id: str, content: str, meta: dict[str, Any] | None = None) -> Wire:
    """A ``PlanMarkdown``, as its wire object."""
    out: Wire = {"type": "markdown", "planId": plan_id, "content": content}
    if meta is not None:
        out["_meta"] = meta
    return out


def plan_update(plan: Wire, meta: dict[str, Any] | None = None) -> Wire:
    """A ``PlanUpdate``, as its wire object."""
    out: Wire = {"sessionUpdate": "plan_update", "plan": plan}
    if meta is not None:
        out["_meta"] = meta
    return out


def session_info_update(
    title: str | Unchanged | None = UNCHANGED,
    updated_at: str | Unchanged | None = UNCHANGED,
    meta: dict[str, Any] | None = None,
) -> Wire:
    """A ``SessionInfoUpdate``, as its wire object."""
    out: Wire = {"sessionUpdate": "session_info_update"}
    if title is not UNCHANGED:
        out["title"] = title
    if updated_at is not UNCHANGED:
        out["updatedAt"] = updated_at
    if meta is not None:
        out["_meta"] = meta
    return out


def session_message(
    message_id: str,
    sender_session_id: str | None = None,
    recipient_session_id: str | None = None,
    sender_message_id: str | None = None,
    recipient_message_id: str | None = None,
    content: list[Wire] | None = None,
    meta: dict[str, Any] | None = None,
) -> Wire:
    """A ``SessionMessage``, as its wire object."""
    out: Wire = {"sessionUpdate": "session_message", "messageId": message_id}
    if sender_session_id is not None:
        out["senderSessionId"] = sender_session_id
    if recipient_session_id is not None:
        out["recipientSessionId"] = recipient_session_id
    if sender_message_id is not None:
        out["senderMessageId"] = sender_message_id
    if recipient_message_id is not None:
        out["recipientMessageId"] = recipient_message_id
    if content is not None:
        out["content"] = content
    if meta is not None:
        out["_meta"] = meta
    return out


def session_message_chunk(
    message_id: str, content: Wire, meta: dict[str, Any] | None = None
) -> Wire:
    """A ``SessionMessageChunk``, as its wire object."""
    out: Wire = {
        "sessionUpdate": "session_message_chunk",
        "messageId": message_id,
        "content": content,
    }
    if meta is not None:
        out["_meta"] = meta
    return out


def idle_state_update(
    usage: Wire | None = None,
    stop_reason: str | None = None,
    error: Wire | None = None,
    meta: dict[str, Any] | None = None,
) -> Wire:
    """A ``IdleStateUpdate``, as its wire object."""
    out: Wire = {"state": "idle"}
    if usage is not None:
        out["usage"] = usage
    if stop_reason is not None:
        out["stopReason"] = stop_reason
    if error is not None:
        out["error"] = error
    if meta is not None:
        out["_meta"] = meta
    return out


def requires_action_state_update(meta: dict[str, Any] | None = None) -> Wire:
    """A ``RequiresActionStateUpdate``, as its wire object."""
    out: Wire = {"state": "requires_action"}
    if meta is not None:
        out["_meta"] = meta
    return out


def running_state_update(meta: dict[str, Any] | None = None) -> Wire:
    """A ``RunningStateUpdate``, as its wire object."""
    out: Wire = {"state": "running"}
    if meta is not None:
        out["_meta"] = meta
    return out


def unknown_state_update(meta: dict[str, Any] | None = None) -> Wire:
    """A ``UnknownStateUpdate``, as its wire object."""
    out: Wire = {"state": "unknown"}
    if meta is not None:
        out["_meta"] = meta
    return out


def session_cancel_capabilities(meta: dict[str, Any] | None = None) -> Wire:
    """A ``SessionCancelCapabilities``, as its wire object."""
    out: Wire = {}
    if meta is not None:
        out["_meta"] = meta
    return out


def subagent_session_capabilities(
    cancel: Wire | None = None, meta: dict[str, Any] | None = None
) -> Wire:
    """A ``SubagentSessionCapabilities``, as its wire object."""
    out: Wire = {}
    if cancel is not None:
        out["cancel"] = cancel
    if meta is not None:
        out["_meta"] = meta
    return out


def subagent_update(
    session_id: str,
    title: str | Unchanged | None = UNCHANGED,
    description: str | Unchanged | None = UNCHANGED,
    capabilities: Wire | Unchanged | None = UNCHANGED,
    state: Wire | Unchanged | None = UNCHANGED,
    cwd: str | Unchanged | None = UNCHANGED,
    additional_directories: list[str] | Unchanged | None = UNCHANGED,
    meta: dict[str, Any] | None = None,
) -> Wire:
    """A ``SubagentUpdate``, as its wire object."""
    out: Wire = {"sessionUpdate": "subagent_update", "sessionId": session_id}
    if title is not UNCHANGED:
        out["title"] = title
    if description is not UNCHANGED:
        out["description"] = description
    if capabilities is not UNCHANGED:
        out["capabilities"] = capabilities
    if state is not UNCHANGED:
        out["state"] = state
    if cwd is not UNCHANGED:
        out["cwd"] = cwd
    if additional_directories is not UNCHANGED:
        out["additionalDirectories"] = additional_directories
    if meta is not None:
        out["_meta"] = meta
    return out


def tool_call_progress(
    tool_call_id: str,
    kind: str | None = None,
    status: Literal["pending", "in_progress", "completed", "failed"] | None = None,
    title: str | None = None,
    name: str | None = None,
    content: list[Wire] | None = None,
    locations: list[Wire] | None = None,
    raw_input: Any = None,
    raw_output: Any = None,
    meta: dict[str, Any] | None = None,
) -> Wire:
    """A ``ToolCallProgress``, as its wire object."""
    out: Wire = {"sessionUpdate": "tool_call_update", "toolCallId": tool_call_id}
    if kind is not None:
        out["kind"] = kind
    if status is not None:
        out["status"] = status
    if title is not None:
        out["title"] = title
    if name is not None:
        out["name"] = name
    if content is not None:
        out["content"] = content
    if locations is not None:
        out["locations"] = locations
    if raw_input is not None:
        out["rawInput"] = raw_input
    if raw_output is not None:
        out["rawOutput"] = raw_output
    if meta is not None:
        out["_meta"] = meta
    return out


def cost(amount: float, currency: str, meta: dict[str, Any] | None = None) -> Wire:
    """A ``Cost``, as its wire object."""
    out: Wire = {"amount": amount, "currency": currency}
    if meta is not None:
        out["_meta"] = meta
    return out


def usage_update(
    used: int, size: int, cost: Wire | None = None, meta: dict[str, Any] | None = None
) -> Wire:
    """A ``UsageUpdate``, as its wire object."""
    out: Wire = {"sessionUpdate": "usage_update", "used": used, "size": size}
    if cost is not None:
        out["cost"] = cost
    if meta is not None:
        out["_meta"] = meta
    return out


def user_message_chunk(
    content: Wire, message_id: str | None = None, meta: dict[str, Any] | None = None
) -> Wire:
    """A ``UserMessageChunk``, as its wire object."""
    out: Wire = {"sessionUpdate": "user_message_chunk", "content": content}
    if message_id is not None:
        out["messageId"] = message_id
    if meta is not None:
        out["_meta"] = meta
    return out


def session_notification(session_id: str, update: Wire, meta: dict[str, Any] | None = None) -> Wire:
    """A ``SessionNotification``, as its wire object."""
    out: Wire = {"sessionId": session_id, "update": update}
    if meta is not None:
        out["_meta"] = meta
    return out
