"""``acp-compat detect -- CMD ARGS...``: tell which ACP protocol an agent speaks.

The probe follows the relay's ``--agent-protocol auto`` (behaviour.md §4): start the
agent, send a current ``initialize`` (protocol version 1) and read the answer. An integer
``protocolVersion`` means current; a string or an ``isAuthenticated`` member, legacy
(legacy TypeScript agents such as Gemini ignore the params and answer in their own
protocol). An error, no answer within ``--timeout`` or an exit means "try the other one":
the agent is started again and probed in legacy (a Rust legacy agent drops a request
whose version is not a semver string and never answers). Every process started is
closed and reaped before the command returns.

The report says what the agent advertises: for a legacy agent its version and
``isAuthenticated``; for a current one its agent info, capabilities and auth methods (a
current agent has no "am I logged in" answer: advertised methods mean it may ask for one
at ``session/new``). Exit status 0 when the protocol was identified, 1 otherwise.
"""

from __future__ import annotations

import functools
import json
import sys
import time
from collections.abc import Sequence
from typing import Any

import anyio
import attrs
import click

from acp_compat import __version__
from acp_compat.io.process import AgentProcess, describe_status, use_agent
from acp_compat.jsonrpc.framing import DecodeError, DroppedLine, decode, encode
from acp_compat.jsonrpc.messages import METHOD_NOT_FOUND, Kind, Message, classify, error
from acp_compat.translate.probe import PROBE_ID, Protocol, agent_protocol, probe_request

DEFAULT_TIMEOUT = 10.0
"""Seconds to wait for each probe's answer (launchers such as ``npx`` start slowly)."""

CLOSE_GRACE = 2.0
"""Seconds an agent gets to exit after its stdin closes, and again after ``SIGTERM``."""

NOISE_LIMIT = 10
"""At most this many non-protocol stdout lines are kept for the report."""


@attrs.define
class Attempt:
    """One probe: the protocol tried and what came back."""

    probe: Protocol
    outcome: str = "timeout"
    """``answered``, ``error``, ``unrecognised``, ``timeout``, ``exited`` or ``start-failed``."""
    seconds: float = 0.0
    response: Message | None = None
    protocol: Protocol | None = None
    returncode: int | None = None
    detail: str | None = None
    noise: list[str] = attrs.Factory(list)
    stderr_tail: str = ""

    def to_json(self) -> dict[str, Any]:
        """The attempt as a JSON object for ``--json``."""
        data: dict[str, Any] = {
            "probe": self.probe.value,
            "outcome": self.outcome,
            "seconds": round(self.seconds, 3),
        }
        if self.response is not None and self.response.get("error") is not None:
            data["error"] = self.response["error"]
        if self.returncode is not None:
            data["returncode"] = self.returncode
        if self.detail is not None:
            data["detail"] = self.detail
        return data


async def _await_probe_answer(agent: AgentProcess, attempt: Attempt) -> Message | None:
    """Read the agent's stdout until the probe's response; ``None`` at end of stream.

    Lines that are not JSON-RPC (banners) are kept as noise; requests the agent makes
    meanwhile get ``-32601`` so it never waits on us.
    """
    while True:
        events = await agent.stdout.read_events()
        if events is None:
            return None
        for event in events:
            if isinstance(event, DroppedLine):
                attempt.noise.append(f"<dropped line of {event.size} bytes>")
                continue
            try:
                message = decode(event)
            except DecodeError:
                text = event[:200].decode("utf-8", errors="replace")
                attempt.noise.append(text)
                continue
            kind = classify(message)
            if kind is Kind.REQUEST:
                method = message.get("method")
                agent.stdin.write(encode(error(message["id"], METHOD_NOT_FOUND, f"{method}")))
            elif kind in (Kind.RESPONSE, Kind.ERROR) and message.get("id") == PROBE_ID:
                response: Message = message
                return response
            elif kind is Kind.INVALID:
                attempt.noise.append(event[:200].decode("utf-8", errors="replace"))


async def probe(
    argv: Sequence[str], protocol: Protocol, *, timeout: float, cwd: str | None = None
) -> Attempt:
    """Start ``argv``, send an ``initialize`` in ``protocol``, classify the answer, reap."""
    attempt = Attempt(probe=protocol)
    started = time.monotonic()
    try:
        agent = AgentProcess.spawn(0, argv, cwd, stderr_sink=None)
    except (OSError, ValueError) as exc:
        attempt.outcome = "start-failed"
        attempt.detail = str(exc)
        return attempt

    async def ask(agent: AgentProcess) -> Message | None:
        agent.stdin.write(encode(probe_request(protocol, version=__version__)))
        response = None
        with anyio.move_on_after(timeout):
            response = await _await_probe_answer(agent, attempt)
            if response is None:
                attempt.outcome = "exited"
        attempt.seconds = time.monotonic() - started
        return response

    response = await use_agent(agent, CLOSE_GRACE, ask)
    attempt.stderr_tail = agent.stderr_tail()
    if attempt.outcome == "exited":
        attempt.returncode = agent.returncode
        attempt.detail = f"the agent ended before answering ({describe_status(agent.returncode)})"
        return attempt
    if response is None:
        attempt.detail = f"no answer within {timeout:g} s"
        return attempt
    attempt.response = response
    attempt.protocol = agent_protocol(response)
    if attempt.protocol is not None:
        attempt.outcome = "answered"
    elif response.get("error") is not None:
        attempt.outcome = "error"
        attempt.detail = _error_text(response["error"])
    else:
        attempt.outcome = "unrecognised"
        attempt.detail = f"an initialize result of neither protocol: {response.get('result')!r}"
    return attempt


async def detect_protocol(
    argv: Sequence[str], *, timeout: float = DEFAULT_TIMEOUT, cwd: str | None = None
) -> list[Attempt]:
    """Probe in current protocol, then (restarted) in legacy if that did not tell.

    Returns the attempts made; the last one's ``protocol`` is the answer (``None``: not
    identified). A command that cannot be started is not tried twice.
    """
    first = await probe(argv, Protocol.CURRENT, timeout=timeout, cwd=cwd)
    if first.protocol is not None or first.outcome == "start-failed":
        return [first]
    second = await probe(argv, Protocol.LEGACY, timeout=timeout, cwd=cwd)
    return [first, second]


def _error_text(err: Any) -> str:
    if not isinstance(err, dict):
        return repr(err)
    text = f"{err.get('code')} {err.get('message')}"
    if err.get("data") is not None:
        text += f" ({json.dumps(err['data'])})"
    return text


def report(argv: Sequence[str], attempts: list[Attempt]) -> dict[str, Any]:
    """The findings as one JSON object (what ``--json`` prints)."""
    last = attempts[-1]
    result = last.response.get("result") if last.response is not None else None
    info: dict[str, Any] = result if isinstance(result, dict) and last.protocol else {}
    data: dict[str, Any] = {
        "command": list(argv),
        "identified": last.protocol is not None,
        "protocol": last.protocol.value if last.protocol else None,
        "protocolVersion": info.get("protocolVersion"),
        "authenticated": None,
        "authMethods": None,
        "agentCapabilities": None,
        "agentInfo": None,
        "initializeResult": info or None,
        "attempts": [a.to_json() for a in attempts],
        "stdoutNoise": [line for a in attempts for line in a.noise][:NOISE_LIMIT],
    }
    if last.protocol is Protocol.LEGACY:
        authenticated = info.get("isAuthenticated")
        data["authenticated"] = authenticated if isinstance(authenticated, bool) else None
    elif last.protocol is Protocol.CURRENT:
        methods = info.get("authMethods")
        data["authMethods"] = methods if isinstance(methods, list) else []
        # A current agent cannot say whether it is logged in; with no method to offer it
        # cannot ask for a login either.
        data["authenticated"] = True if not data["authMethods"] else None
        data["agentCapabilities"] = info.get("agentCapabilities")
        data["agentInfo"] = info.get("agentInfo")
    if last.protocol is None:
        data["stderrTail"] = last.stderr_tail
    return data


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
    elif data["protocol"] == "current":
        lines.append(f"Protocol:       current ACP (protocolVersion {data['protocolVersion']})")
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
    for line in data["stdoutNoise"]:
        lines.append(f"Non-protocol stdout: {line!r}")
    if data.get("stderrTail"):
        lines.append("Agent stderr (last lines):")
        lines.extend("  " + line for line in data["stderrTail"].splitlines())
    return lines


@click.command(context_settings={"ignore_unknown_options": True})
@click.option("--json", "as_json", is_flag=True, help="Print the findings as one JSON object.")
@click.option(
    "--timeout",
    type=click.FloatRange(min=0, min_open=True),
    default=DEFAULT_TIMEOUT,
    show_default=True,
    help="Seconds to wait for each probe's answer.",
)
@click.option(
    "--cwd",
    type=click.Path(exists=True, file_okay=False),
    default=None,
    help="Directory to start the agent in (default: the current one).",
)
@click.argument("command", nargs=-1, required=True, type=click.UNPROCESSED)
def detect(as_json: bool, timeout: float, cwd: str | None, command: tuple[str, ...]) -> None:
    """Tell which ACP protocol the agent COMMAND speaks, and what it advertises.

    \b
    acp-compat detect -- gemini --experimental-acp
    acp-compat detect --json --timeout 5 -- my-agent --acp

    Probes in the current protocol first, then restarts the agent and probes in legacy.
    Exits 0 when the protocol was identified, 1 otherwise.
    """
    attempts = anyio.run(functools.partial(detect_protocol, command, timeout=timeout, cwd=cwd))
    data = report(command, attempts)
    if as_json:
        click.echo(json.dumps(data, indent=2))
    else:
        for line in human_report(data):
            click.echo(line)
    if attempts[-1].outcome == "start-failed":
        click.echo(f"error: cannot start {command[0]!r}: {attempts[-1].detail}", err=True)
    sys.exit(0 if data["identified"] else 1)
