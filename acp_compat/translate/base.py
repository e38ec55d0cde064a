"""What a sans-IO translator returns, and the contract every translator keeps.

A translator sits between one **client** (the editor side, on acp-compat's stdin/stdout)
and one or more **agent processes**, numbered by the translator itself (``0`` is the
process started before ``initialize``). The I/O shell feeds it one decoded message at a
time and carries out the list of outputs it returns (:data:`Output`), **in order**; a
file effect's or a drain's result comes back through :meth:`Translator.file_done` or
:meth:`Translator.client_drained`.

Translators never block, sleep, read clocks or do I/O; they log through :mod:`logging`
(loggers under ``acp_compat``), which the shell routes to stderr.
"""

from __future__ import annotations

import logging
from typing import Any, ClassVar, Generic, Protocol, TypeVar

from acp_compat._define import define, frozen
from acp_compat.jsonrpc.messages import Message
from acp_compat.translate.exits import agent_gone

log = logging.getLogger("acp_compat.translate")


# ToClient and ToAgent are not frozen, unlike the other outputs: two are built for every
# streamed token, and a frozen attrs class costs twice as much to build (each field is
# set through object.__setattr__). Nothing changes them once built.
@define
class ToClient:
    """Send ``message`` to the client (the editor side)."""

    message: Message


@define
class ToAgent:
    """Send ``message`` to agent process number ``agent``."""

    agent: int
    message: Message


@frozen
class StartAgent:
    """Start the agent command as process number ``agent``, working in ``cwd``.

    ``cwd`` ``None`` means acp-compat's own working directory. If the start fails the
    shell calls :meth:`Translator.agent_start_failed`.
    """

    agent: int
    cwd: str | None = None


@frozen
class StopAgent:
    """Close agent process ``agent``; its exit is still reported through ``agent_exited``."""

    agent: int


@frozen
class ReadLocalFile:
    """Read a text file for the agent (the client offers no ``fs``).

    ``line`` (1-based) and ``limit`` select lines as ``fs/read_text_file`` does.
    """

    token: int
    path: str
    line: int | None = None
    limit: int | None = None


@frozen
class WriteLocalFile:
    """Write (create or replace) a text file for the agent."""

    token: int
    path: str
    content: str


@frozen
class AwaitClientDrain:
    """Call :meth:`Translator.client_drained` once the client has taken what it was sent
    (its queue is low again): the translator holds output of its own making back until
    then, so it never queues more for the client than the shell's bound."""


Output = (
    ToClient | ToAgent | StartAgent | StopAgent | ReadLocalFile | WriteLocalFile | AwaitClientDrain
)
"""Everything a translator can ask its shell to do."""


class Translator(Protocol):
    """The interface the relay, the in-process shim and offline tools drive."""

    def from_client(self, message: Message) -> list[Output]:
        """Handle one JSON-RPC message (a decoded, classified envelope) from the client."""
        ...

    def from_agent(self, agent: int, message: Message) -> list[Output]:
        """Handle one JSON-RPC message from agent process ``agent``."""
        ...

    def agent_exited(self, agent: int, returncode: int | None, stderr_tail: str) -> list[Output]:
        """Agent process ``agent`` is gone; answer whatever waited on it."""
        ...

    def agent_lost(self, agent: int, reason: str) -> list[Output]:
        """Agent process ``agent`` can no longer be talked to, though it may not have
        exited yet: ``reason`` says why (it closed its stdout while running; acp-compat is
        shutting down after a signal). Answer whatever waited on it, naming ``reason``;
        the shell stops the process, and its exit, reported later, changes nothing more."""
        ...

    def agent_start_failed(self, agent: int, reason: str) -> list[Output]:
        """Starting agent process ``agent`` failed with ``reason``: the OS error (and the
        directory when it is what failed), without the command, which the translator
        knows and names itself."""
        ...

    def file_done(
        self, token: int, content: str | None = None, error: str | None = None
    ) -> list[Output]:
        """A local file effect finished: ``content`` for a read, ``error`` when it failed."""
        ...

    def client_drained(self) -> list[Output]:
        """The client took what it was sent, after an :class:`AwaitClientDrain`."""
        ...


class NoLocalEffects:
    """The two events of the contract that a translator asking for no file effect and no
    :class:`AwaitClientDrain` never expects: a call is logged and changes nothing."""

    def file_done(
        self, token: int, content: str | None = None, error: str | None = None
    ) -> list[Output]:
        """Never expected: this translator asks for no local file effects."""
        log.warning("ignoring a file result for token %s: none was requested", token)
        return []

    def client_drained(self) -> list[Output]:
        """Never expected: this translator holds nothing back for the client."""
        return []


class AgentEnds:
    """The three events of the contract that end an agent (its exit, its loss, its failed
    start), for a translator that handles them alike: each becomes the one error object
    that answers what waited on the agent (:func:`~acp_compat.translate.exits.agent_gone`),
    handed to :meth:`_agent_ended`. (The upgrade, which runs a process per session and
    logs each end its own way, has its own.)"""

    _LEGACY_CLIENT: ClassVar[bool] = False
    """The client speaks 0.0.x: the error is worded for it (``agent_gone``'s ``legacy``)."""

    def agent_exited(self, agent: int, returncode: int | None, stderr_tail: str) -> list[Output]:
        """The agent exited: what waited on it gets the error, as for the other ends."""
        failure = agent_gone(returncode, stderr_tail, legacy=self._LEGACY_CLIENT)
        return self._agent_ended(agent, failure)

    def agent_lost(self, agent: int, reason: str) -> list[Output]:
        """The agent is unreachable (``reason``): as for an exit."""
        return self._agent_ended(agent, agent_gone(lost=reason, legacy=self._LEGACY_CLIENT))

    def agent_start_failed(self, agent: int, reason: str) -> list[Output]:
        """The agent could not be started: as for an exit."""
        failure = agent_gone(not_started=reason, legacy=self._LEGACY_CLIENT)
        return self._agent_ended(agent, failure)

    def _agent_ended(self, agent: int, failure: dict[str, Any]) -> list[Output]:
        """Agent process ``agent`` is gone: answer what waited on it with ``failure``."""
        raise NotImplementedError


ContextT = TypeVar("ContextT")


class OutboundRequests(Generic[ContextT]):
    """The id space of one hop: ids for the requests acp-compat sends, and what each was for.

    Every response that comes back is looked up here, so it can be translated for the
    request's origin, or consumed when acp-compat itself asked.
    """

    def __init__(self, first_id: int = 0) -> None:
        self._next_id = first_id
        self._pending: dict[int, ContextT] = {}

    def add(self, context: ContextT) -> int:
        """Allocate the next id for a request about to be sent, remembering ``context``."""
        request_id = self._next_id
        self._next_id += 1
        self._pending[request_id] = context
        return request_id

    def settle(self, request_id: object) -> ContextT | None:
        """Forget and return the context of the request answered with ``request_id``.

        ``None`` when the id is unknown (a stray or duplicate response).
        """
        if isinstance(request_id, bool) or not isinstance(request_id, int):
            return None
        return self._pending.pop(request_id, None)

    def pending(self) -> dict[int, ContextT]:
        """A snapshot of the requests still waiting for an answer, by id."""
        return dict(self._pending)

    def __len__(self) -> int:
        return len(self._pending)
