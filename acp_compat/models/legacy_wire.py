# generated from the schemas below by acp_compat.models.codegen: do not edit
#   vectors/schemas/legacy/acp-0.0.9.schema.json
#   vectors/schemas/legacy/acp-0.0.10.schema.json
"""ACP 0.0.9/0.0.10 wire objects: one builder a model class (26).

``diff_content(...)`` returns the object the converter writes for ``DiffContent(...)``,
built as a dict without creating the object, so translators write what they send at
about the cost of a literal. Arguments are the class's attributes, passed by keyword; a
nested object is passed as its own wire object.
"""

from typing import Literal

from acp_compat.models._base import Wire


def text_assistant_chunk(text: str) -> Wire:
    """A ``TextAssistantChunk``, as its wire object."""
    return {"text": text}


def thought_assistant_chunk(thought: str) -> Wire:
    """A ``ThoughtAssistantChunk``, as its wire object."""
    return {"thought": thought}


def initialize_params(protocol_version: str) -> Wire:
    """A ``InitializeParams``, as its wire object."""
    return {"protocolVersion": protocol_version}


def initialize_response(protocol_version: str, is_authenticated: bool) -> Wire:
    """A ``InitializeResponse``, as its wire object."""
    return {"protocolVersion": protocol_version, "isAuthenticated": is_authenticated}


def plan_entry(
    content: str,
    priority: Literal["high", "medium", "low"],
    status: Literal["pending", "in_progress", "completed"],
) -> Wire:
    """A ``PlanEntry``, as its wire object."""
    return {"content": content, "priority": priority, "status": status}


def diff_content(path: str, old_text: str | None, new_text: str) -> Wire:
    """A ``DiffContent``, as its wire object."""
    return {"type": "diff", "path": path, "oldText": old_text, "newText": new_text}


def markdown_content(markdown: str) -> Wire:
    """A ``MarkdownContent``, as its wire object."""
    return {"type": "markdown", "markdown": markdown}


def tool_call_location(path: str, line: int | None = None) -> Wire:
    """A ``ToolCallLocation``, as its wire object."""
    out: Wire = {"path": path}
    if line is not None:
        out["line"] = line
    return out


def push_tool_call_params(
    label: str,
    icon: Literal[
        "fileSearch", "folder", "globe", "hammer", "lightBulb", "pencil", "regex", "terminal"
    ],
    content: Wire | None = None,
    locations: list[Wire] | None = None,
) -> Wire:
    """A ``PushToolCallParams``, as its wire object."""
    out: Wire = {"label": label, "icon": icon}
    if content is not None:
        out["content"] = content
    if locations is not None:
        out["locations"] = locations
    return out


def push_tool_call_response(id: int) -> Wire:
    """A ``PushToolCallResponse``, as its wire object."""
    return {"id": id}


def read_text_file_params(path: str, limit: int | None = None, line: int | None = None) -> Wire:
    """A ``ReadTextFileParams``, as its wire object."""
    out: Wire = {"path": path}
    if limit is not None:
        out["limit"] = limit
    if line is not None:
        out["line"] = line
    return out


def read_text_file_response(content: str) -> Wire:
    """A ``ReadTextFileResponse``, as its wire object."""
    return {"content": content}


def edit_confirmation(description: str | None = None) -> Wire:
    """A ``EditConfirmation``, as its wire object."""
    out: Wire = {"type": "edit"}
    if description is not None:
        out["description"] = description
    return out


def execute_confirmation(command: str, root_command: str, description: str | None = None) -> Wire:
    """A ``ExecuteConfirmation``, as its wire object."""
    out: Wire = {"type": "execute", "command": command, "rootCommand": root_command}
    if description is not None:
        out["description"] = description
    return out


def fetch_confirmation(urls: list[str], description: str | None = None) -> Wire:
    """A ``FetchConfirmation``, as its wire object."""
    out: Wire = {"type": "fetch", "urls": urls}
    if description is not None:
        out["description"] = description
    return out


def mcp_confirmation(
    server_name: str, tool_name: str, tool_display_name: str, description: str | None = None
) -> Wire:
    """A ``McpConfirmation``, as its wire object."""
    out: Wire = {
        "type": "mcp",
        "serverName": server_name,
        "toolName": tool_name,
        "toolDisplayName": tool_display_name,
    }
    if description is not None:
        out["description"] = description
    return out


def other_confirmation(description: str) -> Wire:
    """A ``OtherConfirmation``, as its wire object."""
    return {"type": "other", "description": description}


def request_tool_call_confirmation_params(
    label: str,
    icon: Literal[
        "fileSearch", "folder", "globe", "hammer", "lightBulb", "pencil", "regex", "terminal"
    ],
    confirmation: Wire,
    content: Wire | None = None,
    locations: list[Wire] | None = None,
) -> Wire:
    """A ``RequestToolCallConfirmationParams``, as its wire object."""
    out: Wire = {"label": label, "icon": icon, "confirmation": confirmation, "content": content}
    if locations is not None:
        out["locations"] = locations
    return out


def request_tool_call_confirmation_response(
    id: int,
    outcome: Literal[
        "allow", "alwaysAllow", "alwaysAllowMcpServer", "alwaysAllowTool", "reject", "cancel"
    ],
) -> Wire:
    """A ``RequestToolCallConfirmationResponse``, as its wire object."""
    return {"id": id, "outcome": outcome}


def path_user_chunk(path: str) -> Wire:
    """A ``PathUserChunk``, as its wire object."""
    return {"path": path}


def text_user_chunk(text: str) -> Wire:
    """A ``TextUserChunk``, as its wire object."""
    return {"text": text}


def send_user_message_params(chunks: list[Wire]) -> Wire:
    """A ``SendUserMessageParams``, as its wire object."""
    return {"chunks": chunks}


def stream_assistant_message_chunk_params(chunk: Wire) -> Wire:
    """A ``StreamAssistantMessageChunkParams``, as its wire object."""
    return {"chunk": chunk}


def update_plan_params(entries: list[Wire]) -> Wire:
    """A ``UpdatePlanParams``, as its wire object."""
    return {"entries": entries}


def update_tool_call_params(
    tool_call_id: int, status: Literal["running", "finished", "error"], content: Wire | None
) -> Wire:
    """A ``UpdateToolCallParams``, as its wire object."""
    return {"toolCallId": tool_call_id, "status": status, "content": content}


def write_text_file_params(path: str, content: str) -> Wire:
    """A ``WriteTextFileParams``, as its wire object."""
    return {"path": path, "content": content}
