"""A protocol named by the user instead of detected: say so when the agent refuses it.

With ``--agent-protocol legacy`` in front of a current agent, the agent answers the
legacy ``initialize`` with its own error (``-32602``, a bad ``protocolVersion``), which on
its own tells an editor user nothing about the flag in their settings. :class:`ForcedProtocol`
wraps the translator of such a run: the error answering the client's ``initialize`` keeps
the agent's code and text, and adds which protocol acp-compat was told to use, by which
flag or variable, and the way out (``auto``, the default). Everything else passes through unchanged.
"""

from __future__ import annotations

from typing import Any

from acp_compat.jsonrpc.messages import Message, RequestId
from acp_compat.translate.base import Output, ToClient, Translator


def forced_protocol_hint(protocol: str, given_as: str) -> str:
    """The sentence added to the error: what was forced, by what, and the way out."""
    return (
        f"acp-compat spoke {protocol} ACP to the agent because of {given_as}; if the agent"
        " speaks the other protocol, remove that setting or make it auto"
    )


class ForcedProtocol:
    """A :class:`~acp_compat.translate.base.Translator` whose answer to the client's
    ``initialize`` (id ``initialize_id``), when it is an error, names the forced protocol."""

    def __init__(self, inner: Translator, initialize_id: RequestId, hint: str) -> None:
        self._inner = inner
        self._initialize_id = initialize_id
        self._hint = hint
        self._answered = False
        """Whether the client's ``initialize`` has been answered: from then on every
        call is the wrapped translator's own."""
        # Only what the agent does (an answer, an exit, a loss) gets the hint: every other
        # event goes straight to the wrapped translator's own method.
        self.from_client = inner.from_client
        self.agent_start_failed = inner.agent_start_failed
        self.file_done = inner.file_done
        self.client_drained = inner.client_drained

    def from_agent(self, agent: int, message: Message) -> list[Output]:
        """As the wrapped translator, with the hint added to a failed ``initialize``."""
        outputs = self._inner.from_agent(agent, message)
        # Checked here too: every streamed token comes this way.
        return outputs if self._answered else self._annotate(outputs)

    def agent_exited(self, agent: int, returncode: int | None, stderr_tail: str) -> list[Output]:
        """As the wrapped translator, with the hint added to a failed ``initialize``."""
        return self._annotate(self._inner.agent_exited(agent, returncode, stderr_tail))

    def agent_lost(self, agent: int, reason: str) -> list[Output]:
        """As the wrapped translator, with the hint added to a failed ``initialize``."""
        return self._annotate(self._inner.agent_lost(agent, reason))

    def _annotate(self, outputs: list[Output]) -> list[Output]:
        """``outputs``, with the hint added if one is the failed answer to ``initialize``."""
        if self._answered:
            return outputs
        annotated: list[Output] = []
        for output in outputs:
            if isinstance(output, ToClient) and self._answers_initialize(output.message):
                self._answered = True
                if isinstance(output.message.get("error"), dict):
                    output = ToClient(self._with_hint(output.message))
            annotated.append(output)
        return annotated

    def _answers_initialize(self, message: Message) -> bool:
        return (
            "method" not in message
            and ("result" in message or "error" in message)
            and message.get("id") == self._initialize_id
        )

    def _with_hint(self, message: Message) -> Message:
        # A new object: a passthrough relay then writes the changed message, not the
        # bytes the agent sent.
        error: dict[str, Any] = dict(message["error"])
        text = error.get("message")
        error["message"] = f"{text} ({self._hint})" if isinstance(text, str) else self._hint
        data = error.get("data")
        if data is None:
            error["data"] = {"hint": self._hint}
        elif isinstance(data, dict) and "hint" not in data:
            error["data"] = {**data, "hint": self._hint}
        return {**message, "error": error}
