"""What the schemas cannot say: the reviewed table the generator reads, one record a protocol.

Everything else in the model modules comes from the schema files. Each entry here is a
decision of this project's, with its reason beside it; a new schema release changes this
file only when it brings something the rules below do not cover (the generator says which
definition, and why, when it cannot decide).

The rules the entries refine (see :mod:`.build`):

* A union branch whose definition nothing else uses takes the tag itself (``TextContent``
  carries ``type: "text"``); a definition several branches share gets a subclass per
  branch, named after the tag (``ContentChunk`` → ``UserMessageChunk``, ...).
* A branch with no definition of its own is named ``<Tag><Union>``, or by the union's
  pattern in :attr:`Choices.variant_patterns`.
* A tagged union gets a fallback member ``Unknown<Union>`` holding the raw object, so a
  newer peer's kind is carried, not refused (current protocol only: 0.0.x is frozen).
* String enums are ``Literal`` types; an enum the schema leaves open (an ``other`` branch)
  is ``str`` with its known values in ``<NAME>_VALUES``.
"""

from __future__ import annotations

from collections.abc import Mapping

import attrs


@attrs.frozen
class Choices:
    """One protocol's generator input: its schema files and the decisions they lack."""

    package: str
    """The module (0.0.x: one module) or package (v1, v2: one module a topic) written."""
    title: str
    """The protocol as the docstrings name it."""
    methods_table: str
    """The name of the method table (``CURRENT_METHODS``)."""
    sources: tuple[tuple[str, str], ...]
    """(path from the repository root, label), oldest first; the last gives the shapes."""
    unmodelled: Mapping[str, str]
    """Definitions no model stands for, and why."""
    variant_names: Mapping[tuple[str, str], str] = attrs.field(factory=dict)
    """(union, tag or title) → class name, where the rule's name would collide or mislead."""
    variant_patterns: Mapping[str, str] = attrs.field(factory=dict)
    """Union → ``str.format`` pattern of its branches' names (``{}Confirmation``)."""
    fallbacks: bool = True
    fallback_names: Mapping[str, str] = attrs.field(factory=dict)
    open_enums: Mapping[str, str] = attrs.field(factory=dict)
    """Enums the schema closes that this project reads as open ``str``, and why."""
    always_written: Mapping[tuple[str, str], str] = attrs.field(factory=dict)
    """(definition, wire member) written even when it holds its default, and why."""
    patches: Mapping[tuple[str, str], str] = attrs.field(factory=dict)
    """(definition, wire member) with three states: absent (``UNCHANGED``), null, a value."""
    nested_unions: Mapping[tuple[str, str], tuple[str, str]] = attrs.field(factory=dict)
    """(union, tag) of a branch that is a union itself → (the name of the union of its
    members as this union's branch, the pattern of those members' names)."""
    list_unions: Mapping[str, str] = attrs.field(factory=dict)
    """A union of arrays → the name of the union of their items (one list of either)."""
    topics: Mapping[str, str] = attrs.field(factory=dict)
    """Definition → topic module, for definitions several topics use."""
    method_topics: tuple[tuple[str, str, str], ...] = ()
    """(method prefix, topic of its params, topic of its result): the first match wins."""
    topic_docs: Mapping[str, str] = attrs.field(factory=dict)
    """Topic → the first line of its module's docstring (``""``: the only module)."""
    method_roots: tuple[tuple[str, str], ...] = ()
    """0.0.x has no ``x-method``: (union of a side's params, the side that handles them)."""


_V1 = "vectors/schemas/current/"

CURRENT = Choices(
    package="acp_compat.models.current",
    title="ACP v1",
    methods_table="CURRENT_METHODS",
    sources=(
        (_V1 + "acp-v1-schema-1.21.0.schema.json", "1.21.0"),
        (_V1 + "acp-v1-schema-ts-sdk-2.4.0.schema.json", "TypeScript SDK 2.4.0"),
        (_V1 + "acp-v1-schema-ts-sdk-2.4.0.unstable.schema.json", "unstable"),
    ),
    unmodelled={
        **dict.fromkeys(
            (
                "AgentNotification",
                "AgentRequest",
                "AgentResponse",
                "ClientNotification",
                "ClientRequest",
                "ClientResponse",
            ),
            "a JSON-RPC envelope: acp_compat.jsonrpc handles envelopes as dicts",
        ),
        **dict.fromkeys(
            ("MessageMcpRequest", "MessageMcpNotification", "MessageMcpResponse"),
            "MCP over ACP: the payload is MCP's own JSON-RPC message, relayed verbatim",
        ),
        **dict.fromkeys(
            (
                "ProxyNotification",
                "ProxyRequest",
                "ProxyResponse",
                "ProxySuccessorNotification",
                "ProxySuccessorRequest",
                "ProxySuccessorResponse",
                "InitializeProxyRequest",
                "InitializeProxyResponse",
            ),
            "the proxy chain (a conductor and its proxies), which editors and agents do not speak",
        ),
    },
    variant_names={
        ("SessionUpdate", "tool_call_update"): "ToolCallProgress",
    },
    variant_patterns={
        "RequestPermissionOutcome": "{}PermissionOutcome",
        "CreateElicitationRequest": "Elicitation{}Request",
        "CreateElicitationResponse": "Elicitation{}",
        "SetSessionConfigOptionRequest": "SetSessionConfigOption{}",
    },
    fallback_names={"StateUpdate": "OtherStateUpdate"},
    open_enums={
        "ToolKind": "every member of this type is x-deserialize-default-on-error: a relay"
        " keeps a kind it does not know (TOOL_KIND_VALUES lists the known ones)",
        "StringFormat": "a format a client does not know is still a string to ask for",
    },
    always_written={
        ("Diff", "oldText"): "null is the explicit new-file marker",
    },
    patches={
        ("SessionInfoUpdate", "title"): "null clears the title",
        ("SessionInfoUpdate", "updatedAt"): "null clears the time",
        ("CompactionUpdate", "summary"): "null clears the summary",
        ("CompactionUpdate", "error"): "null clears the error",
        **dict.fromkeys(
            (
                ("SubagentUpdate", m)
                for m in (
                    "title",
                    "description",
                    "capabilities",
                    "state",
                    "cwd",
                    "additionalDirectories",
                )
            ),
            "null clears the reported value (capabilities: no child mutations)",
        ),
    },
    list_unions={"SessionConfigSelectOptions": "SessionConfigSelectEntry"},
    topics={
        "ContentBlock": "content",
        "ToolCallUpdate": "tools",
        "ToolCall": "tools",
        "SessionConfigOption": "session",
        "Usage": "prompt",
        "RequestId": "rpc",
        "EnvVariable": "terminal",
        "Implementation": "initialize",
        "Error": "rpc",
    },
    method_topics=(
        ("initialize", "initialize", "initialize_result"),
        ("authenticate", "initialize", "initialize_result"),
        ("logout", "initialize", "initialize_result"),
        ("session/prompt", "prompt", "prompt"),
        ("session/cancel", "prompt", "prompt"),
        ("session/request_permission", "permission", "permission"),
        ("session/update", "updates", "updates"),
        ("session/", "session", "session"),
        ("fs/", "fs", "fs"),
        ("terminal/", "terminal", "terminal"),
        ("elicitation/", "elicitation", "elicitation"),
        ("$/", "rpc", "rpc"),
        ("providers/", "providers", "providers"),
        ("auth/", "auth", "auth"),
    ),
    topic_docs={
        "auth": "``auth/status`` and its update (unstable).",
        "content": "content blocks, what prompts, message chunks and tool calls carry.",
        "elicitation": "``elicitation/create`` and ``elicitation/complete``: the agent asks"
        " the user for structured input.",
        "fs": "``fs/read_text_file`` and ``fs/write_text_file``.",
        "initialize": "what a client sends to ``initialize``, ``authenticate`` and"
        " ``logout``; the agent's side is in ``initialize_result``, so that a relay"
        " answering ``initialize`` for a current client creates only these classes.",
        "initialize_result": "what an agent answers to ``initialize``, ``authenticate`` and"
        " ``logout``.",
        "permission": "``session/request_permission``: the agent asks to run a tool call.",
        "prompt": "the prompt turn: ``session/prompt``, its stop reasons, ``session/cancel``.",
        "providers": "``providers/*``: the model providers an agent can use (unstable).",
        "rpc": "JSON-RPC level types: request ids, the error object and its codes,"
        " ``$/cancel_request``.",
        "session": "sessions: ``session/new``, ``load``, ``list``, ``resume``, ``close``,"
        " modes, config options, MCP servers.",
        "terminal": "``terminal/*``: commands the client runs for the agent.",
        "tools": "tool calls, their kinds, statuses, content and locations.",
        "updates": "``session/update``, the agent's stream of session events.",
    },
)


_LEGACY = "vectors/schemas/legacy/"

LEGACY = Choices(
    package="acp_compat.models.legacy",
    title="ACP 0.0.9/0.0.10",
    methods_table="LEGACY_METHODS",
    sources=(
        (_LEGACY + "acp-0.0.9.schema.json", "0.0.9"),
        (_LEGACY + "acp-0.0.10.schema.json", "0.0.10"),
    ),
    unmodelled=dict.fromkeys(
        ("AnyAgentRequest", "AnyAgentResult", "AnyClientRequest", "AnyClientResult"),
        "the method table: every legacy method is one request, see LEGACY_METHODS",
    ),
    variant_patterns={
        "AssistantMessageChunk": "{}AssistantChunk",
        "UserMessageChunk": "{}UserChunk",
        "ToolCallContent": "{}Content",
        "ToolCallConfirmation": "{}Confirmation",
    },
    fallbacks=False,
    always_written={
        ("RequestToolCallConfirmationParams", "content"): "Gemini always sends it (null for"
        " none) and real traffic round-trips unchanged",
    },
    method_roots=(("AnyAgentRequest", "agent"), ("AnyClientRequest", "client")),
    topic_docs={
        "": "the protocol Gemini CLI 0.1.x speaks with ``--experimental-acp``. Every method"
        " is a JSON-RPC request; the table is :data:`LEGACY_METHODS`.",
    },
)

_V2 = "vectors/schemas/v2/"

V2 = attrs.evolve(
    CURRENT,
    package="acp_compat.models.v2",
    title="ACP v2 (draft)",
    methods_table="V2_METHODS",
    sources=(
        (_V2 + "acp-v2-draft-ts-sdk-2.4.0.schema.json", "v2 draft (TypeScript SDK 2.4.0)"),
        (_V2 + "acp-v2-draft-ts-sdk-2.4.0.unstable.schema.json", "unstable"),
    ),
    # v1's topics, but a terminal is a kind of tool call (``terminal/cancel``).
    method_topics=(
        ("tool_call/", "tools", "tools"),
        ("terminal/", "tools", "tools"),
        *CURRENT.method_topics,
    ),
    topics={
        # v1's pins; v2 has no ToolCall (a tool call is made by tool_call_update upserts).
        **{definition: t for definition, t in CURRENT.topics.items() if definition != "ToolCall"},
        "EnvVariable": "initialize",
        "StateUpdate": "session",
        "AvailableCommand": "session",
        # An error's data is any JSON (the schema's ErrorData has an "Other" branch); these
        # two are the shapes the protocol defines, for readers that look for them.
        "UnsupportedProtocolVersionErrorData": "rpc",
        "SessionNotFoundErrorData": "rpc",
    },
    nested_unions={("SessionUpdate", "state_update"): ("SessionStateUpdate", "Session{}")},
    patches={
        **CURRENT.patches,
        # v2 updates are upserts: omitted leaves a value, null clears it (the definitions'
        # descriptions say so member by member; ToolCallUpdate's says it for all).
        **dict.fromkeys(
            (
                ("ToolCallUpdate", member)
                for member in (
                    "name",
                    "title",
                    "kind",
                    "status",
                    "content",
                    "locations",
                    "rawInput",
                    "rawOutput",
                    "capabilities",
                )
            ),
            "a tool call upsert: null clears (kind and status: resets to other, pending)",
        ),
        ("TerminalUpdate", "capabilities"): "null clears them",
        ("UsageUpdate", "cost"): "null clears the cost",
        **dict.fromkeys(
            (
                ("SessionMessage", m)
                for m in (
                    "senderSessionId",
                    "recipientSessionId",
                    "senderMessageId",
                    "recipientMessageId",
                    "content",
                )
            ),
            "null clears the stored value",
        ),
    },
    topic_docs={
        **CURRENT.topic_docs,
        "tools": "tool calls (created and changed by ``tool_call_update`` upserts), their"
        " content and locations, and ``tool_call/cancel``, ``terminal/cancel``.",
        "initialize": "what a client sends to ``initialize`` (its ``info`` and capabilities);"
        " the agent's side is in ``initialize_result``.",
        "initialize_result": "what an agent answers to ``initialize``.",
        "auth": "``auth/login``, ``auth/logout``, ``auth/status`` and its update.",
        "prompt": "the prompt turn: ``session/prompt`` (answered at once with the user"
        " message's id), ``session/cancel``.",
        "updates": "``session/update``: upserts of messages, tool calls, plans, terminals and"
        " the session's state.",
    },
)

PROTOCOLS = (LEGACY, CURRENT, V2)
"""Every protocol the generator writes, in the order it writes them."""
