"""Translators in a row, as one translator: how acp-compat spans more than one generation.

``Chain([UpgradeTranslator(...), V2UpgradeTranslator(...)])`` relays a legacy 0.0.9 agent
to a v2 client: the upgrade makes the agent a v1 one, the v2 upgrade makes that a v2 one.
The links are given **the agent's side first**. What a link sends to "the client" is what
the next link hears from its agent ``0``; what a link sends to its agent ``0`` is what the
link before it hears from its client. So every link keeps its own contract and state, and
a new pairing of generations is a new row of links, not a new translator.

The shell sees one translator: the first link's agent processes are the real ones (its
``StartAgent``, ``StopAgent`` and exits, their numbers unchanged), the last link's client
is the real one. Each output is carried through the links it concerns before the next
output of the same step is looked at, so the order of everything that leaves is the order
the links made it in. File effects get tokens of the chain's own (each link numbers its
own); a ``client_drained`` goes to each link that asked for it.

A link after the first has exactly one agent, the link before it, which it cannot start or
stop: such an output of a later link is a bug in that link, logged and dropped.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence

import attrs

from acp_compat.jsonrpc.messages import Message
from acp_compat.translate.base import (
    AwaitClientDrain,
    Output,
    ReadLocalFile,
    StartAgent,
    StopAgent,
    ToAgent,
    ToClient,
    Translator,
    WriteLocalFile,
)

log = logging.getLogger("acp_compat.translate.chain")


class Chain:
    """A :class:`~acp_compat.translate.base.Translator` made of ``links``, the agent's side
    first (see the module docstring)."""

    def __init__(self, links: Sequence[Translator]) -> None:
        if not links:
            raise ValueError("a chain needs at least one translator")
        self._links = list(links)
        self._last = len(self._links) - 1
        self._tokens: dict[int, tuple[int, int]] = {}
        """The chain's file token → (the link that asked, its own token)."""
        self._next_token = 0
        self._draining: set[int] = set()
        """The links waiting for ``client_drained``."""

    @property
    def links(self) -> tuple[Translator, ...]:
        """The translators of the chain, the agent's side first."""
        return tuple(self._links)

    def from_client(self, message: Message) -> list[Output]:
        """The client's message goes to the last link."""
        return self._carry(self._last, self._links[self._last].from_client(message))

    def from_agent(self, agent: int, message: Message) -> list[Output]:
        """An agent process's message goes to the first link."""
        return self._carry(0, self._links[0].from_agent(agent, message))

    def agent_exited(self, agent: int, returncode: int | None, stderr_tail: str) -> list[Output]:
        """The agent processes are the first link's."""
        return self._carry(0, self._links[0].agent_exited(agent, returncode, stderr_tail))

    def agent_lost(self, agent: int, reason: str) -> list[Output]:
        """The agent processes are the first link's."""
        return self._carry(0, self._links[0].agent_lost(agent, reason))

    def agent_start_failed(self, agent: int, reason: str) -> list[Output]:
        """The agent processes are the first link's."""
        return self._carry(0, self._links[0].agent_start_failed(agent, reason))

    def file_done(
        self, token: int, content: str | None = None, error: str | None = None
    ) -> list[Output]:
        """A file effect's result goes to the link that asked for it, under its own token."""
        asked = self._tokens.pop(token, None)
        if asked is None:
            log.warning("ignoring a file result for token %s: none was requested", token)
            return []
        index, own = asked
        return self._carry(index, self._links[index].file_done(own, content, error))

    def client_drained(self) -> list[Output]:
        """Every link that asked hears that the client caught up, the agent's side first."""
        waiting, self._draining = sorted(self._draining), set()
        out: list[Output] = []
        for index in waiting:
            out += self._carry(index, self._links[index].client_drained())
        return out

    def _carry(self, index: int, outputs: list[Output]) -> list[Output]:
        """What leaves the chain when link ``index`` made ``outputs``."""
        out: list[Output] = []
        for output in outputs:
            if type(output) is ToClient:
                if index == self._last:
                    out.append(output)
                else:
                    following = self._links[index + 1].from_agent(0, output.message)
                    out += self._carry(index + 1, following)
            elif type(output) is ToAgent:
                if index == 0:
                    out.append(output)
                elif output.agent == 0:
                    out += self._carry(
                        index - 1, self._links[index - 1].from_client(output.message)
                    )
                else:
                    log.error(
                        "link %d wrote to agent %d; its only agent is link %d",
                        index,
                        output.agent,
                        index - 1,
                    )
            elif isinstance(output, ReadLocalFile | WriteLocalFile):
                token = self._next_token
                self._next_token += 1
                self._tokens[token] = (index, output.token)
                out.append(attrs.evolve(output, token=token))
            elif isinstance(output, AwaitClientDrain):
                if not self._draining:
                    out.append(output)
                self._draining.add(index)
            elif index == 0:
                out.append(output)
            else:
                assert isinstance(output, StartAgent | StopAgent)
                log.error(
                    "link %d asked for %r; only the first link has agent processes", index, output
                )
        return out
