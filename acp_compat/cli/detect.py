"""``acp-compat detect -- CMD ARGS...``: tell which ACP protocol an agent speaks, and what
``wrap`` would do with it.

``detect`` runs ``wrap``'s own startup policy (:mod:`acp_compat.translate.startup`,
behaviour.md §4) through ``wrap``'s own driver (:class:`~acp_compat.io.driver.Driver`), as
an editor of the protocol ``--client`` names (default current) would meet it: the same
probes in the same order, bounded by ``--timeout`` (``wrap``'s ``--probe-timeout``), the
same processes kept and discarded, the same
lines skipped (they are reported as stdout noise) and the same requests held back until
the translation is known. The policy gets the ``initialize`` that editor would send; its
decision is the translation ``wrap`` would relay with (upgrade, downgrade, passthrough),
or the error it would answer with and its exit status. Every process started is closed
and reaped before the command returns.

The report says what the agent advertises: for a legacy agent its version and
``isAuthenticated``; for a current one its agent info, capabilities and auth methods (a
current agent has no "am I logged in" answer: advertised methods mean it may ask for one
at ``session/new``). Exit status 0 when the protocol was identified, 1 otherwise.
"""

from __future__ import annotations

import asyncio
import functools
import json
import logging
import sys
import time
from collections.abc import Callable, Sequence
from typing import Any

import anyio
import anyio.abc
import click

from acp_compat import __version__
from acp_compat.cli.params import Seconds
from acp_compat.io.driver import Driver
from acp_compat.io.process import AgentProcess, Supervisor
from acp_compat.io.relay import StartupTimers
from acp_compat.jsonrpc.framing import DEFAULT_MAX_LINE_BYTES, DroppedLine, Event
from acp_compat.jsonrpc.messages import Message
from acp_compat.translate.base import ReadLocalFile, WriteLocalFile
from acp_compat.translate.exits import describe_status
from acp_compat.translate.probe import Protocol, probe_request
from acp_compat.translate.settings import DEFAULT_PROBE_TIMEOUT, WrapSettings
from acp_compat.translate.startup import (
    ArmTimer,
    Attempt,
    DiscardProbe,
    Finish,
    StartupEffect,
    StartupOutput,
    StartupPolicy,
    likely_fix,
    start_failure_reason,
)

logger = logging.getLogger("acp_compat.cli.detect")

CLOSE_GRACE = 2.0
"""Seconds an agent gets to exit after its stdin closes, and again after ``SIGTERM``."""

NOISE_LIMIT = 10
"""At most this many non-protocol stdout lines are kept for the report."""


class _HeardPolicy(StartupPolicy):
    """``wrap``'s startup policy, counting the agent messages that reach it: a line after
    which the count did not move is one the driver skipped (detect's noise)."""

    agent_messages = 0

    def from_agent(self, process: int, message: Message) -> list[StartupOutput]:
        """Count the message, then let the policy have it."""
        self.agent_messages += 1
        return super().from_agent(process, message)


class _DetectPeers:
    """detect's :class:`~acp_compat.io.driver.Peers`, and the owner of its agents: they
    are started, read, discarded and closed by ``wrap``'s own
    :class:`~acp_compat.io.process.Supervisor`; no editor (detect plays it, so what
    ``wrap`` would write to one is left out: the attempts say it), and the end at the
    decision."""

    def __init__(
        self, tg: anyio.abc.TaskGroup, policy: _HeardPolicy, argv: Sequence[str], cwd: str | None
    ) -> None:
        self.policy = policy
        self.seconds: list[float] = []
        """How long each attempt took, by index."""
        self.noise: list[str] = []
        self.wrap_status: int | None = None
        """The status ``wrap`` would exit with, when it would refuse."""
        self._cwd = cwd
        self.driver = Driver(self, policy, max_line_bytes=DEFAULT_MAX_LINE_BYTES)
        self.agents = Supervisor(tg, self, argv, grace=CLOSE_GRACE, stderr_sink=None)
        self._timers = StartupTimers(self._timer_fired)
        self._probed: dict[int, float] = {}
        """When each probe process got its ``initialize``."""
        self.over = anyio.Event()

    # -- Peers -----------------------------------------------------------------------------

    def send_client(self, message: Message, line: bytes) -> None:
        """What ``wrap`` would write to the editor: not needed for the report."""

    def send_agent(self, agent: int, message: Message, line: bytes) -> None:
        """Write to a probe process (dropped once it is closing); a probe starts its clock."""
        process = self.agents.running.get(agent)
        if process is None or process.closing:
            return
        if message.get("method") == "initialize":
            self._probed[agent] = time.monotonic()
        process.stdin.write(line)

    def start_agent(self, agent: int, cwd: str | None) -> str | None:
        """Start a probe process; ``None``, or why it could not start."""
        if self.policy.done:
            return None  # the process a decision starts is for the relay detect is not
        where = cwd if cwd is not None else self._cwd
        try:
            self.agents.spawn(agent, where)
        except (OSError, ValueError) as exc:
            return start_failure_reason(self.agents.argv, where, exc)
        return None

    def stop_agent(self, agent: int) -> None:
        """Never asked: the startup policy discards its probes instead."""
        logger.error("unexpected stop of agent %d during startup", agent)

    def file_effect(self, effect: ReadLocalFile | WriteLocalFile) -> None:
        """Never asked: the startup policy reads no files."""
        logger.error("unexpected file effect during startup: %r", effect)

    def when_client_drained(self, callback: Callable[[], None]) -> None:
        """Nothing ever waits for detect's editor: drained at once (from the loop)."""
        asyncio.get_running_loop().call_soon(callback)

    def other_output(self, output: StartupEffect) -> None:
        """The policy's timers, the probes it leaves behind, and its end."""
        if isinstance(output, ArmTimer):
            self._timers.arm(output)
        elif isinstance(output, DiscardProbe):
            self.agents.discard(output.agent)
        else:
            if isinstance(output, Finish):
                self.wrap_status = output.status
            self._timers.cancel()
            self.over.set()
        self._time_attempts()

    # -- the supervisor's owner ------------------------------------------------------------

    def agent_lines(self, agent: AgentProcess, events: list[Event]) -> None:
        """A probe process's lines, one at a time through the driver (as the relay feeds
        them during startup); one the policy never heard of is noise."""
        for event in events:
            if agent.discarded or self.over.is_set():
                return
            heard = self.policy.agent_messages
            self.driver.agent_events(agent.number, [event])
            if self.policy.agent_messages == heard:
                self.noise.append(_noise(event))
        self._time_attempts()

    def agent_stdout_ended(self, agent: AgentProcess) -> None:
        """Nothing to do: its exit follows."""

    def agent_output_owed(self, agent: AgentProcess) -> bool:
        """Never: detect's editor reads everything at once."""
        return False

    def agent_ended(self, agent: AgentProcess) -> None:
        """A probe process ended (after everything it printed)."""
        if not self.over.is_set():
            self.driver.agent_exited(agent.number, agent.returncode, agent.stderr_tail())
            self._time_attempts()

    # -- the shell -------------------------------------------------------------------------

    def _time_attempts(self) -> None:
        """Each attempt closed since the last event took until now from its probe."""
        seconds = self.seconds
        attempts = self.policy.attempts
        now = time.monotonic()
        while len(seconds) < len(attempts):
            probed = self._probed.get(attempts[len(seconds)].process)
            seconds.append(now - probed if probed is not None else 0.0)

    def _timer_fired(self, token: int) -> None:
        self.driver.call(functools.partial(self.policy.timer_fired, token))
        self._time_attempts()


def _noise(event: Event) -> str:
    """A stdout line the driver skipped, for the report."""
    if isinstance(event, DroppedLine):
        return f"<dropped line of {event.size} bytes>"
    return event[:200].decode("utf-8", errors="replace")


async def detect_protocol(
    argv: Sequence[str],
    *,
    timeout: float = DEFAULT_PROBE_TIMEOUT,
    cwd: str | None = None,
    client: Protocol = Protocol.CURRENT,
) -> dict[str, Any]:
    """Run ``wrap``'s startup policy against ``argv`` for an editor speaking ``client``;
    the findings as one JSON object (what ``--json`` prints).

    Every process started is closed and reaped before this returns.
    """
    options = WrapSettings(command=tuple(argv), probe_timeout=timeout, version=__version__)
    initialize = probe_request(client, version=__version__, request_id=1)
    async with anyio.create_task_group() as tg:
        peers = _DetectPeers(tg, _HeardPolicy(options), argv, cwd)
        peers.driver.call(peers.policy.start)
        peers.driver.from_client(initialize)
        await peers.over.wait()
        with anyio.CancelScope(shield=True):
            await peers.agents.reap_all()
        stderr_tails = {agent.number: agent.stderr_tail() for agent in peers.agents.started}
        tg.cancel_scope.cancel()
    for agent in peers.agents.started:
        agent.stdout.close()
    return report(argv, peers, stderr_tails)


def attempt_json(attempt: Attempt, seconds: float) -> dict[str, Any]:
    """An attempt as a JSON object for ``--json``."""
    data: dict[str, Any] = {
        "probe": attempt.protocol.value,
        "outcome": attempt.outcome,
        "seconds": round(seconds, 3),
    }
    if attempt.answer is not None and attempt.answer.get("error") is not None:
        data["error"] = attempt.answer["error"]
    if attempt.returncode is not None:
        data["returncode"] = attempt.returncode
    detail = _detail(attempt)
    if detail is not None:
        data["detail"] = detail
    return data


def _detail(attempt: Attempt) -> str | None:
    """What the attempt saw, for people (``None`` for a clear answer)."""
    if attempt.outcome == "exited":
        return f"the agent ended before answering ({describe_status(attempt.returncode)})"
    if attempt.outcome == "error" and attempt.answer is not None:
        return _error_text(attempt.answer.get("error"))
    if attempt.outcome == "unrecognised" and attempt.answer is not None:
        return f"an initialize result of neither protocol: {attempt.answer.get('result')!r}"
    if attempt.outcome == "answered":
        return None
    return attempt.account


def _error_text(err: Any) -> str:
    if not isinstance(err, dict):
        return repr(err)
    text = f"{err.get('code')} {err.get('message')}"
    if err.get("data") is not None:
        text += f" ({json.dumps(err['data'])})"
    return text


def report(
    argv: Sequence[str], peers: _DetectPeers, stderr_tails: dict[int, str]
) -> dict[str, Any]:
    """The findings as one JSON object, from the policy's end and what else was seen
    (``stderr_tails``: each probe process's, by process number)."""
    decision = peers.policy.decision
    attempts = peers.policy.attempts
    protocol = decision.agent if decision is not None else None
    told = [a for a in attempts if protocol is not None and a.found is protocol]
    result = told[-1].answer.get("result") if told and told[-1].answer is not None else None
    info: dict[str, Any] = result if isinstance(result, dict) else {}
    data: dict[str, Any] = {
        "command": list(argv),
        "identified": protocol is not None,
        "protocol": protocol.value if protocol else None,
        "protocolVersion": info.get("protocolVersion"),
        "authenticated": None,
        "authMethods": None,
        "agentCapabilities": None,
        "agentInfo": None,
        "initializeResult": info or None,
        "wrap": _wrap_json(peers),
        "attempts": [attempt_json(a, s) for a, s in zip(attempts, peers.seconds, strict=False)],
        "stdoutNoise": peers.noise[:NOISE_LIMIT],
    }
    if protocol is Protocol.LEGACY:
        authenticated = info.get("isAuthenticated")
        data["authenticated"] = authenticated if isinstance(authenticated, bool) else None
    elif protocol in (Protocol.CURRENT, Protocol.V2):
        methods = info.get("authMethods")
        data["authMethods"] = methods if isinstance(methods, list) else []
        # A current or v2 agent cannot say whether it is logged in; with no method to offer
        # it cannot ask for a login either.
        data["authenticated"] = True if not data["authMethods"] else None
        # v2 names them for both sides alike: capabilities and info.
        v2 = protocol is Protocol.V2
        data["agentCapabilities"] = info.get("capabilities" if v2 else "agentCapabilities")
        data["agentInfo"] = info.get("info" if v2 else "agentInfo")
    else:
        data["stderrTail"] = stderr_tails.get(attempts[-1].process, "") if attempts else ""
    return data


def _wrap_json(peers: _DetectPeers) -> dict[str, Any]:
    """What ``wrap`` would do for this editor: its translation, or its refusal."""
    decision = peers.policy.decision
    editor = peers.policy.client
    if decision is not None:
        return {
            "client": decision.client.value,
            "translation": decision.translation.value,
            "description": decision.description,
        }
    attempts = peers.policy.attempts
    return {
        "client": editor.value if editor else None,
        "translation": None,
        "exitStatus": peers.wrap_status,
        "hint": likely_fix(attempts) if attempts else None,
    }


def _capabilities(value: Any, prefix: str = "") -> list[str]:
    """Dotted names of the capabilities turned on (``true`` or a present object)."""
    names: list[str] = []
    if not isinstance(value, dict):
        return names
    for key, item in value.items():
        if key == "_meta":
            continue
        name = f"{prefix}{key}"
        if item is True:
            names.append(name)
        elif isinstance(item, dict):
            # An empty object means "supported" (sessionCapabilities.close: {}); an
            # object of flags counts only for the flags that are on.
            names.extend(_capabilities(item, f"{name}.") if item else [name])
    return names


def _auth_method_text(method: Any) -> str:
    if not isinstance(method, dict):
        return repr(method)
    text = f"{method.get('id')} ({method.get('name')!r}"
    if method.get("type"):
        text += f", type {method['type']}"
    text += ")"
    if method.get("description"):
        text += f": {method['description']}"
    return text


def human_report(data: dict[str, Any]) -> list[str]:
    """The findings as lines for a person."""
    lines: list[str] = []
    attempts = data["attempts"]
    if data["protocol"] == "legacy":
        lines.append(f"Protocol:       legacy ACP {data['protocolVersion']}")
        auth = data["authenticated"]
        state = {True: "yes", False: "no (the client must call authenticate)"}.get(auth, "unknown")
        lines.append(f"Authenticated:  {state}")
    elif data["protocol"] in ("current", "v2"):
        named = "current ACP" if data["protocol"] == "current" else "ACP v2 (draft)"
        lines.append(f"Protocol:       {named} (protocolVersion {data['protocolVersion']})")
        agent_info = data["agentInfo"]
        if isinstance(agent_info, dict):
            name = agent_info.get("title") or agent_info.get("name")
            lines.append(f"Agent:          {name} {agent_info.get('version', '')}".rstrip())
        methods = data["authMethods"] or []
        if methods:
            lines.append(
                "Authenticated:  unknown (it advertises auth methods; "
                "it may ask for one at session/new)"
            )
            lines.append("Auth methods:   " + _auth_method_text(methods[0]))
            lines.extend("                " + _auth_method_text(m) for m in methods[1:])
        else:
            lines.append("Authenticated:  yes (no auth methods advertised)")
        caps = _capabilities(data["agentCapabilities"])
        lines.append("Capabilities:   " + (", ".join(caps) if caps else "none"))
    else:
        lines.append("Protocol:       not identified")
    for attempt in attempts:
        outcome = attempt["outcome"]
        detail = f": {attempt['detail']}" if attempt.get("detail") else ""
        lines.append(
            f"Probe:          {attempt['probe']} initialize -> {outcome} "
            f"({attempt['seconds']:.2f} s){detail}"
        )
    lines.append("wrap would:     " + _wrap_text(data["wrap"]))
    for line in data["stdoutNoise"]:
        lines.append(f"Non-protocol stdout: {line!r}")
    if data.get("stderrTail"):
        lines.append("Agent stderr (last lines):")
        lines.extend("  " + line for line in data["stderrTail"].splitlines())
    return lines


def _wrap_text(wrap: dict[str, Any]) -> str:
    """What ``wrap`` would do, in words."""
    if wrap["translation"] is not None:
        return f"relay, translation: {wrap['description']}"
    status = wrap["exitStatus"]
    text = f"answer a {wrap['client']} editor's initialize with an error and exit {status}"
    return text + (f". {wrap['hint']}" if wrap.get("hint") else "")


@click.command(context_settings={"ignore_unknown_options": True})
@click.option("--json", "as_json", is_flag=True, help="Print the findings as one JSON object.")
@click.option(
    "--timeout",
    type=Seconds(0, above=True),
    default=DEFAULT_PROBE_TIMEOUT,
    show_default=True,
    help="Seconds the agent is given to answer, in all (wrap's --probe-timeout).",
)
@click.option(
    "--cwd",
    type=click.Path(exists=True, file_okay=False),
    default=None,
    help="Directory to start the agent in (default: the current one).",
)
@click.option(
    "--client",
    type=click.Choice(["current", "legacy"]),
    default="current",
    show_default=True,
    help="The editor's protocol: probe as wrap would behind such an editor.",
)
@click.argument("command", nargs=-1, required=True, type=click.UNPROCESSED)
def detect(
    as_json: bool, timeout: float, cwd: str | None, client: str, command: tuple[str, ...]
) -> None:
    """Tell which ACP protocol the agent COMMAND speaks, and what it advertises.

    \b
    acp-compat detect -- gemini --experimental-acp
    acp-compat detect --json --timeout 5 -- my-agent --acp

    Runs wrap's own startup probes for an editor of the --client protocol (the
    editor's initialize first, then, beside it after 5 s of silence or at once after
    a refusal, a fresh process probed in the other protocol) and says what wrap would
    do: upgrade, downgrade, passthrough, or refuse. Exits 0 when the protocol was
    identified, 1 otherwise.
    """
    run = functools.partial(
        detect_protocol, command, timeout=timeout, cwd=cwd, client=Protocol(client)
    )
    data = anyio.run(run)
    if as_json:
        click.echo(json.dumps(data, indent=2))
    else:
        for line in human_report(data):
            click.echo(line)
    failed = [a for a in data["attempts"] if a["outcome"] == "start-failed"]
    if failed:  # (its detail is the policy's account)
        click.echo(f"error: cannot start {command[0]!r} ({failed[-1]['detail']})", err=True)
    sys.exit(0 if data["identified"] else 1)
