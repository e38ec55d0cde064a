"""The shim's loop: one :class:`UpgradeTranslator` between the client's stdio and agent
instances living in this process.

It is the relay with the agent processes replaced by objects: the same
:class:`~acp_compat.io.driver.Driver` decodes the client's lines, calls the translator and
carries out its outputs; this module is its :class:`~acp_compat.io.driver.Peers`. The
agent side needs no framing: a legacy message from an instance goes straight to the
driver's ``from_agent``, and a ``ToAgent`` output is either a response (it wakes the
:class:`LegacyClient` call waiting for it) or a request (run as its own task against
the instance).

Everything runs on one event loop and every translator call is synchronous, so the order
in which messages reach the translator is the order in which the tasks produced them; no
queue is needed. Carrying out outputs never runs agent code inline (requests become tasks,
responses set events), so the translator is never re-entered, except by
``agent_start_failed`` for a factory that raised, whose outputs the driver carries out
first.
"""

from __future__ import annotations

import functools
import logging
from collections.abc import Callable
from typing import Any

import anyio
import anyio.abc

from acp_compat.codec import CodecError, structure, unstructure
from acp_compat.io import localfiles
from acp_compat.io.driver import Driver
from acp_compat.io.lines import LineReader, LineWriter
from acp_compat.io.relay import FLUSH_TIMEOUT, HIGH_WATER, LOW_WATER
from acp_compat.io.shim.api import AGENT_METHODS, AgentFactory, LegacyClient
from acp_compat.jsonrpc.messages import (
    INVALID_PARAMS,
    METHOD_NOT_FOUND,
    Kind,
    Message,
    RequestError,
    classify,
    error,
    request,
    result,
)
from acp_compat.models.legacy import LEGACY_METHODS
from acp_compat.translate.base import ReadLocalFile, StartAgent, Translator, WriteLocalFile
from acp_compat.translate.startup import StartupEffect

logger = logging.getLogger("acp_compat.io.shim")

CLOSED = "the session was closed"
"""The error details of a :class:`LegacyClient` call made by a stopped instance."""


class _Pending:
    """One agent→client request awaiting its answer."""

    __slots__ = ("done", "response")

    def __init__(self) -> None:
        self.done = anyio.Event()
        self.response: Message | None = None


class _Instance:
    """One agent object (one "agent process" of the translator) and its calls."""

    def __init__(self, number: int) -> None:
        self.number = number
        self.agent: Any = None
        self.stopping = False
        self.scopes: set[anyio.CancelScope] = set()
        """One per request the agent is serving, from its arrival to its answer: a stop
        cancels them all."""
        self.idle = anyio.Event()
        """Set once the instance is stopping and its last request task has ended."""
        self.pending: dict[int, _Pending] = {}
        self.next_id = 0
        """Legacy ids of this instance's own requests count from 0, as a TS agent's do."""


class Shim:
    """Drives one translator between the client and in-process agent instances."""

    def __init__(
        self,
        task_group: anyio.abc.TaskGroup,
        translator: Translator,
        factory: AgentFactory,
        *,
        client_in: LineReader,
        client_out: LineWriter,
        launch_cwd: str,
        max_line_bytes: int,
    ) -> None:
        self._tg = task_group
        self.driver = Driver(self, translator, max_line_bytes=max_line_bytes)
        self._factory = factory
        self.client_in = client_in
        self.client_out = client_out
        self._launch_cwd = launch_cwd
        self._instances: dict[int, _Instance] = {}
        self._stopping = False
        self._all_gone = anyio.Event()

    async def run(self) -> None:
        """Serve until the client closes its input, then stop every instance, flush and close
        the client's output (bounded: :data:`FLUSH_TIMEOUT` each)."""
        # Agent 0 exists before the client's initialize, as the relay's process 0 does.
        self.driver.carry_out([StartAgent(0, None)])
        # Read in the loop's reader callback, each batch straight into the driver.
        client_gone = anyio.Event()
        self.client_in.start(self.driver.client_events, client_gone.set)
        await client_gone.wait()
        logger.info("the client closed its input: stopping the agents")
        self._stopping = True
        for number in list(self._instances):
            self.stop_agent(number)
        if self._instances:
            await self._all_gone.wait()
        with anyio.move_on_after(FLUSH_TIMEOUT):
            await self.client_out.drain()
        self.client_out.close()
        with anyio.move_on_after(FLUSH_TIMEOUT):
            await self.client_out.done.wait()

    # -- Peers: what the driver's outputs do ---------------------------------------------

    def send_client(self, message: Message, line: bytes) -> None:
        """Queue ``message``'s line for the client."""
        self.client_out.write(line)

    def file_effect(self, effect: ReadLocalFile | WriteLocalFile) -> None:
        """Perform a local file effect off the loop; its outcome goes to the translator."""
        self._tg.start_soon(localfiles.perform, effect, self.driver.file_done)

    def when_client_drained(self, callback: Callable[[], None]) -> None:
        """Call ``callback`` once the client's queue is down to :data:`LOW_WATER`."""
        self._tg.start_soon(self._after_drain, callback)

    async def _after_drain(self, callback: Callable[[], None]) -> None:
        await self.client_out.wait_below(LOW_WATER)
        callback()

    def other_output(self, output: StartupEffect) -> None:
        """Never asked for: a translator has no startup outputs."""
        logger.error("unexpected output %r", output)

    # -- instances -----------------------------------------------------------------------

    def start_agent(self, number: int, cwd: str | None) -> str | None:
        """Make the agent object for ``number`` in ``cwd``; ``None``, or why there is none."""
        cwd = cwd or self._launch_cwd
        if self._stopping:
            reason = "acp-compat is shutting down"
        elif number in self._instances:
            reason = f"agent {number} is already running"
        else:
            instance = _Instance(number)
            client = LegacyClient(functools.partial(self._agent_request, instance))
            try:
                instance.agent = self._factory(client, cwd)
            except Exception as exc:
                logger.exception("the agent factory failed for agent %d", number)
                reason = f"{type(exc).__name__}: {exc}"
            else:
                self._instances[number] = instance
                logger.info("agent %d created in %s", number, cwd)
                return None
        return reason

    def stop_agent(self, number: int) -> None:
        """Cancel an instance's calls; once they have ended, report it gone."""
        instance = self._instances.get(number)
        if instance is None or instance.stopping:
            return
        instance.stopping = True
        for scope in instance.scopes:
            scope.cancel()
        # A call made outside the cancelled requests (a task the agent started itself)
        # would wait forever: the translator sends nothing more to a stopped instance.
        for request_id, pending in instance.pending.items():
            pending.response = RequestError.internal(CLOSED).answer(request_id)
            pending.done.set()
        if not instance.scopes:
            instance.idle.set()
        self._tg.start_soon(self._reap, instance)

    async def _reap(self, instance: _Instance) -> None:
        """Wait for a stopping instance's calls to unwind, drop it, tell the translator."""
        await instance.idle.wait()
        number = instance.number
        del self._instances[number]
        logger.info("agent %d stopped", number)
        # An object has no exit status: a stopped instance ends as a clean exit would.
        self.driver.agent_exited(number, 0, "")
        if self._stopping and not self._instances:
            self._all_gone.set()

    def send_agent(self, number: int, message: Message, line: bytes) -> None:
        """Deliver a translator message: wake the waiting call, or serve the request (an
        object takes the message itself, not its line)."""
        instance = self._instances.get(number)
        if instance is None or instance.stopping:
            # Answers to a stopped instance's last requests: expected, nobody waits.
            logger.debug("dropped a message for agent %d, which is gone", number)
            return
        kind = classify(message)
        if kind is Kind.REQUEST:
            scope = anyio.CancelScope()
            instance.scopes.add(scope)
            self._tg.start_soon(self._serve, instance, message, scope)
            return
        pending = instance.pending.get(message.get("id"))  # type: ignore[arg-type]
        if kind in (Kind.RESPONSE, Kind.ERROR) and pending is not None:
            pending.response = message
            pending.done.set()
        else:
            logger.debug("agent %d: nobody waits for %r", number, message)

    async def _agent_request(
        self, instance: _Instance, method: str, params: dict[str, Any] | None
    ) -> Message:
        """A :class:`LegacyClient` call: send a legacy request, wait for its answer."""
        if instance.stopping:
            raise RequestError.internal(CLOSED)
        # A fast streaming agent is slowed to the pace the client reads at.
        if self.client_out.buffered > HIGH_WATER:
            await self.client_out.wait_below(LOW_WATER)
        request_id = instance.next_id
        instance.next_id += 1
        pending = _Pending()
        instance.pending[request_id] = pending
        try:
            self.driver.from_agent(instance.number, request(request_id, method, params))
            await pending.done.wait()
        finally:
            del instance.pending[request_id]
        assert pending.response is not None
        return pending.response

    async def _serve(self, instance: _Instance, message: Message, scope: anyio.CancelScope) -> None:
        """Run one client→agent request against the instance in ``scope`` and send its
        answer."""
        try:
            with scope:
                answer = await _answer(instance, message)
            if not scope.cancelled_caught and not instance.stopping:
                self.driver.from_agent(instance.number, answer)
        finally:
            instance.scopes.discard(scope)
            if instance.stopping and not instance.scopes:
                instance.idle.set()


async def _answer(instance: _Instance, message: Message) -> Message:
    """The legacy response to ``message``, as a TypeScript legacy agent would send it."""
    method: str = message["method"]
    request_id = message["id"]
    spec = LEGACY_METHODS.get(method)
    handler = getattr(instance.agent, AGENT_METHODS.get(method, ""), None)
    if spec is None or handler is None:
        return error(request_id, METHOD_NOT_FOUND, "Method not found", {"details": method})
    try:
        if spec.params is None:
            value = await handler()
        else:
            try:
                params = structure(message.get("params"), spec.params, at="params")
            except CodecError as exc:
                return error(request_id, INVALID_PARAMS, "Invalid params", exc.to_data())
            value = await handler(params)
        return result(request_id, None if spec.result is None else unstructure(value))
    except RequestError as exc:
        return exc.answer(request_id)
    except Exception as exc:
        logger.warning("agent %d: %s raised %r", instance.number, method, exc, exc_info=exc)
        return RequestError.internal(str(exc)).answer(request_id)
