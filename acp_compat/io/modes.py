"""``wrap``'s start-up: the client's first ``initialize``, the agent's protocol, the mode.

behaviour.md §4. The client's protocol comes from its first ``initialize``. The agent's
comes from ``--agent-protocol``, or (``auto``) from probing agent process 0:

1. send it the client's own ``initialize``, unchanged, and wait ``--probe-timeout``
   seconds. An answer in the client's protocol means passthrough (the answer goes to
   the client as is); an answer in the other protocol means translation, the process
   kept and its answer handed to the translator, except for a current agent that
   answered a legacy client's ``initialize``: it never saw ``clientCapabilities`` or
   ``clientInfo``, so it goes through step 2 and gets the downgrade's own;
2. on an error, an unclear answer, an exit or no answer (a Rust legacy agent silently
   drops an integer version): restart the agent and probe it in the other protocol;
3. if step 1 only timed out and step 2 got an error, the agent may just have been slow
   to start (``npx`` downloading): restart it once more and send the client's
   ``initialize`` again, this time waiting as long as it takes.

Steps 2 and 3 have no timeout of their own: the agent speaks that protocol or none, and
an agent that exits ends the wait. If every step fails, the ``initialize`` gets an error
that lists what each attempt saw. The choice is logged at info level.

The translator for each pairing is built in :func:`make_translator`, the one place that
knows the translator classes.
"""

from __future__ import annotations

import logging
import os
from collections.abc import Sequence
from contextlib import nullcontext
from typing import cast

import anyio
import attrs

from acp_compat.io.inbound import decode_agent, decode_client, dropped_line_answer, log_dropped
from acp_compat.io.passthrough import PassthroughTranslator
from acp_compat.io.process import AgentProcess, describe_status, shell_status
from acp_compat.io.relay import Relay, start_failure_reason
from acp_compat.io.trace import AGENT_IN, AGENT_OUT, CLIENT_IN
from acp_compat.jsonrpc.framing import DroppedLine, Event, encode
from acp_compat.jsonrpc.messages import INTERNAL_ERROR, INVALID_REQUEST, Kind, Message, error
from acp_compat.translate.base import Translator
from acp_compat.translate.probe import (
    Protocol,
    agent_protocol,
    client_protocol,
    probe_request,
)

logger = logging.getLogger("acp_compat.io.modes")

EXIT_CANNOT_START = 127
"""Exit status when the agent command cannot be started (as a shell says)."""

EXIT_NO_PROTOCOL = 1
"""Exit status when the agent answered no ``initialize`` in either protocol (unless it
exited, then its own status)."""


@attrs.frozen(kw_only=True)
class ModeOptions:
    """What the mode choice and the translators need from the command line."""

    argv: tuple[str, ...]
    agent_protocol: str = "auto"
    """``auto``, ``legacy`` or ``current``."""
    probe_timeout: float = 5.0
    cwd: str | None = None
    """The session cwd for a current agent behind a legacy client (default: ours)."""
    client_fs: bool = False
    auth_method: str | None = None
    version: str = "0.0.0"


@attrs.frozen
class Plan:
    """The chosen mode: a translator and how the relay should run it."""

    translator: Translator
    single_agent: bool
    raw_passthrough: bool
    first_messages: Sequence[tuple[Message, bytes | None]]
    description: str


@attrs.frozen
class Refusal:
    """No mode could be set up: the status to exit with once ``reply`` was sent."""

    reply: Message
    status: int


@attrs.frozen
class _Attempt:
    """What one probe attempt saw (``answer_raw``: the answer's bytes, to forward)."""

    protocol: Protocol
    answer: Message | None
    outcome: str
    answer_raw: bytes | None = None
    timed_out: bool = False
    exit_status: int | None = None
    """The agent's exit status, as a shell reports it, when it exited instead of answering."""


def make_translator(
    agent: Protocol,
    client: Protocol,
    options: ModeOptions,
    agent0_initialized: dict[str, object] | None,
    agent0_next_id: int,
) -> Translator | str:
    """The translator for ``agent`` behind ``client``, or why there is none."""
    if agent is client:
        return PassthroughTranslator()
    if agent is Protocol.LEGACY:
        try:
            from acp_compat.translate.upgrade import UpgradeOptions, UpgradeTranslator
        except ImportError as exc:
            return f"the upgrade translator is not available in this build ({exc})"
        return UpgradeTranslator(
            UpgradeOptions(
                agent_command=options.argv,
                launch_cwd=os.getcwd(),
                version=options.version,
                agent0_initialized=agent0_initialized,
                agent0_next_id=agent0_next_id,
            )
        )
    try:
        from acp_compat.translate.downgrade import DowngradeOptions, DowngradeTranslator
    except ImportError as exc:
        return f"the downgrade translator is not available in this build ({exc})"
    return DowngradeTranslator(
        DowngradeOptions(
            cwd=os.path.abspath(options.cwd or os.getcwd()),
            client_fs=options.client_fs,
            auth_method=options.auth_method,
            client_info_version=options.version,
            agent0_initialized=agent0_initialized,
            agent0_next_id=agent0_next_id,
        )
    )


def _describe(agent: Protocol, client: Protocol) -> str:
    """The mode's name for the log."""
    if agent is client:
        return f"passthrough ({agent.value} agent, {client.value} client)"
    direction = "upgrade" if agent is Protocol.LEGACY else "downgrade"
    return f"{direction} ({agent.value} agent, {client.value} client)"


async def read_first_initialize(relay: Relay) -> tuple[Message, bytes] | None:
    """Read client lines up to its first ``initialize`` request.

    Bad lines are answered as always; other requests before it get ``-32600``; other
    messages are ignored. Lines read after it are put back for the relay. ``None`` when
    the client left (or a stop was requested) first.
    """
    with relay.stop_scope():
        while True:
            events = await relay.client_in.read_events()
            if events is None:
                return None
            for index, event in enumerate(events):
                if type(event) is not bytes:
                    # A request too long to read is answered as always (a huge
                    # initialize must not leave the client waiting); nothing is
                    # pending yet for a response to fail.
                    dropped, limit = cast(DroppedLine, event), relay.config.max_line_bytes
                    log_dropped("client", dropped, limit)
                    answer = dropped_line_answer(dropped, limit, "the client")
                    if answer is not None and answer[0] is Kind.REQUEST:
                        relay.write_client(answer[1], None, None)
                    continue
                message, reply = decode_client(event)
                if message is None:
                    if reply is not None:
                        relay.write_client(reply, None, None)
                    continue
                if message.get("method") == "initialize" and "id" in message:
                    relay.client_in.unread(events[index + 1 :])
                    if relay.tracer is not None:
                        relay.tracer.record(CLIENT_IN, message)
                    return message, event
                if "method" in message and "id" in message:
                    relay.write_client(
                        error(message["id"], INVALID_REQUEST, "initialize must come first"),
                        None,
                        None,
                    )
                else:
                    logger.warning("client: ignored a message before initialize")
    return None


async def choose_mode(
    relay: Relay, options: ModeOptions, initialize: Message, raw: bytes
) -> Plan | Refusal | None:
    """Pick the mode for this client and agent; ``None`` if a stop was requested.

    Agent process 0 must be running (``relay.agents[0]``).
    """
    client = client_protocol(initialize)
    first = [(initialize, raw)]
    if options.agent_protocol != "auto":
        agent = Protocol(options.agent_protocol)
        return _plan(agent, client, options, None, 0, first, "--agent-protocol")

    attempts: list[_Attempt] = []
    steps: list[tuple[Protocol, float | None]] = [
        (client, options.probe_timeout),
        (client.other, None),
    ]
    step = 0
    first_timed_out = False
    while step < len(steps):
        protocol, timeout = steps[step]
        step += 1
        if step > 1 and not _restart(relay, options):
            attempts.append(_Attempt(protocol, None, "the agent could not be restarted"))
            break
        agent0 = relay.agents[0]
        own = protocol is client
        probe = (
            initialize
            if own
            else probe_request(protocol, version=options.version, client_fs=options.client_fs)
        )
        logger.info("probing the agent with a %s initialize", protocol.value)
        attempt = await _probe(relay, agent0, probe, raw if own else None, protocol, timeout)
        if relay.stop_requested:
            return None
        attempts.append(attempt)
        logger.info("probe (%s initialize): %s", protocol.value, attempt.outcome)
        found = agent_protocol(attempt.answer) if attempt.answer is not None else None
        if own and found is Protocol.CURRENT and found is not client:
            # A current agent that took the legacy client's initialize (a Rust SDK before
            # 2026-06 reads "0.0.9" as version 0) was told neither clientCapabilities (so
            # never --client-fs) nor clientInfo: the next step restarts it and sends the
            # downgrade's own current initialize.
            continue
        if found is not None:
            if found is client and not own:
                # An answer in the client's protocol to our own probe: the client's
                # initialize never reached the agent, so start afresh and forward it.
                if not _restart(relay, options):
                    break
                return _plan(found, client, options, None, 0, first, "auto-detected")
            if found is client:
                assert attempt.answer is not None
                relay.write_client(attempt.answer, attempt.answer_raw, 0)
                return _plan(found, client, options, None, 0, (), "auto-detected")
            result = attempt.answer.get("result") if attempt.answer else None
            probe_id = probe.get("id")
            next_id = probe_id + 1 if isinstance(probe_id, int) and probe_id >= 0 else 1
            return _plan(
                found,
                client,
                options,
                dict(result) if isinstance(result, dict) else None,
                next_id,
                first,
                "auto-detected",
            )
        if step == 1:
            first_timed_out = attempt.timed_out
        elif step == 2 and first_timed_out and attempt.answer is not None:
            steps.append((client, None))
    summary = "; ".join(f"{a.protocol.value} initialize: {a.outcome}" for a in attempts)
    logger.error("the agent answered initialize in neither protocol: %s", summary)
    return Refusal(
        error(
            initialize.get("id"),
            INTERNAL_ERROR,
            f"acp-compat could not tell which protocol the agent {options.argv[0]!r} "
            f"speaks: {summary}",
            {
                "command": list(options.argv),
                "attempts": [
                    {"protocol": a.protocol.value, "outcome": a.outcome} for a in attempts
                ],
            },
        ),
        # An agent that only ever exited (a launcher that failed: ``npx`` or ``env``
        # reporting 127) passes its own status on, as a shell would.
        attempts[-1].exit_status
        if attempts and attempts[-1].exit_status is not None
        else EXIT_NO_PROTOCOL,
    )


def _plan(
    agent: Protocol,
    client: Protocol,
    options: ModeOptions,
    agent0_initialized: dict[str, object] | None,
    next_id: int,
    first: Sequence[tuple[Message, bytes | None]],
    how: str,
) -> Plan | Refusal:
    """A plan for ``agent`` behind ``client``, or a refusal if it cannot be built."""
    description = _describe(agent, client)
    translator = make_translator(agent, client, options, agent0_initialized, next_id)
    if isinstance(translator, str):
        logger.error("cannot relay in %s: %s", description, translator)
        init_id = first[0][0].get("id") if first else None
        return Refusal(error(init_id, INTERNAL_ERROR, translator), EXIT_NO_PROTOCOL)
    logger.info("mode: %s, %s", description, how)
    return Plan(
        translator=translator,
        single_agent=agent is client or agent is Protocol.CURRENT,
        raw_passthrough=agent is client,
        first_messages=first,
        description=description,
    )


def _restart(relay: Relay, options: ModeOptions) -> bool:
    """Replace agent process 0 with a fresh one (the old one is closed meanwhile)."""
    old = relay.agents.get(0)
    if old is not None:
        relay.discard(old)
    try:
        relay.spawn(0)
    except OSError as exc:
        logger.error("%s", start_failure_reason(options.argv, None, exc))
        return False
    return True


async def _probe(
    relay: Relay,
    agent: AgentProcess,
    probe: Message,
    raw: bytes | None,
    protocol: Protocol,
    timeout: float | None,
) -> _Attempt:
    """Send ``probe`` to ``agent`` and wait for the response with its id.

    Messages the agent sends before that are put back on its stdout for the relay, so
    nothing is lost when the process is kept.
    """
    probe_id = probe.get("id")
    if relay.tracer is not None:
        relay.tracer.record(AGENT_OUT, probe, agent=0)
    if raw is not None:
        agent.stdin.write(raw + b"\n")
    else:
        agent.stdin.write(encode(probe))
    held: list[Event] = []
    deadline = anyio.move_on_after(timeout) if timeout is not None else nullcontext()
    with relay.stop_scope(), deadline:
        while True:
            events = await agent.stdout.read_events()
            if events is None:
                await agent.exited.wait()
                with anyio.move_on_after(1.0):  # its last words on stderr, if any
                    await agent.stderr_done.wait()
                status = describe_status(agent.returncode)
                tail = agent.stderr_tail()
                outcome = f"the agent exited ({status})" + (f": {tail}" if tail else "")
                return _Attempt(protocol, None, outcome, exit_status=shell_status(agent.returncode))
            for index, event in enumerate(events):
                if type(event) is not bytes:
                    log_dropped("agent 0", event, relay.config.max_line_bytes)  # type: ignore[arg-type]
                    continue
                message = decode_agent(event, "agent 0")
                if message is None:
                    continue
                if "method" not in message and message.get("id") == probe_id:
                    agent.stdout.unread(held + events[index + 1 :])
                    if relay.tracer is not None:
                        relay.tracer.record(AGENT_IN, message, agent=0)
                    return _Attempt(protocol, message, _outcome(message), event)
                held.append(event)
    agent.stdout.unread(held)
    return _Attempt(protocol, None, f"no answer within {timeout} s", timed_out=True)


def _outcome(answer: Message) -> str:
    """A short account of an initialize answer for logs and errors."""
    problem = answer.get("error")
    if isinstance(problem, dict):
        return f"error {problem.get('code')}: {problem.get('message')}"
    found = agent_protocol(answer)
    result = answer.get("result")
    version = result.get("protocolVersion") if isinstance(result, dict) else None
    if found is None:
        return "an answer that names no protocol version"
    return f"{found.value} protocol (protocolVersion {version!r})"
