"""What the startup policy says to people: each step's account, the refusal and its likely
fix, why an agent could not start (the words ``wrap``'s editor and ``detect`` show)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from acp_compat._lazy import lazy_module
from acp_compat.jsonrpc.messages import Message
from acp_compat.translate.exits import describe_status, stop_cause
from acp_compat.translate.probe import Protocol

if TYPE_CHECKING:  # for annotations only: the policy, which defines it, imports this module
    import shlex

    from acp_compat.translate.startup.policy import Attempt
else:
    # Only a command that cannot start is quoted: shlex compiles its pattern at import,
    # which every start would pay before the editor's first answer (acp_compat/_lazy.py).
    shlex = lazy_module("shlex")

INITIALIZE_FIRST = "initialize must come first"
"""The error a request before the client's ``initialize`` gets."""

CLIENT_CLOSED = "the client closed its input"
NEITHER_PROTOCOL = "the agent answered initialize in neither protocol"


def spawn_error(cwd: str | None, exc: Exception) -> str:
    """What went wrong starting an agent, without the command (the caller names it once).

    ``str(OSError)`` repeats the file name (``[Errno 2] No such file or directory:
    'gemini'``); only the directory is worth naming, when it is what failed. Translators
    get this as their ``agent_start_failed`` reason and name the command themselves.
    """
    if not isinstance(exc, OSError):
        return str(exc)
    text = exc.strerror or str(exc)
    if cwd is not None and exc.filename == cwd:
        return f"{text}: {cwd} (the session directory)"
    return text


def start_failure_reason(argv: Sequence[str], cwd: str | None, exc: Exception) -> str:
    """Why an agent could not start, naming the command once, then :func:`spawn_error`
    (the startup policy's ``agent_start_failed`` reason, and the message it answers)."""
    return f"cannot start agent command {shlex.join(argv)!r}: {spawn_error(cwd, exc)}"


def answer_account(answer: Message, found: Protocol | None) -> str:
    """A short account of an ``initialize`` answer for logs and errors."""
    problem = answer.get("error")
    if isinstance(problem, dict):
        return f"error {problem.get('code')}: {problem.get('message')}"
    if found is None:
        return "an answer that names no protocol version"
    result = answer.get("result")
    version = result.get("protocolVersion") if isinstance(result, dict) else None
    return f"{found.value} protocol (protocolVersion {version!r})"


def exit_account(returncode: int | None, stderr_tail: str) -> str:
    """A probe process that ended before it answered."""
    account = f"the agent exited ({describe_status(returncode)})"
    return account + (f": {stderr_tail}" if stderr_tail else "")


def stopped(status: int) -> str:
    """Why startup ended on a stop request (``status``: the exit status it asks for)."""
    return f"acp-compat was stopped ({stop_cause(status)})"


def summary(attempts: Sequence[Attempt]) -> str:
    """Every step's account, in order, for the log and the refusal."""
    return "; ".join(f"{a.protocol.value} initialize: {a.account}" for a in attempts)


def refusal(argv: Sequence[str], attempts: Sequence[Attempt]) -> tuple[str, dict[str, Any]]:
    """The refusal's message and ``data``: what each step saw and the likely fix."""
    hint = likely_fix(attempts)
    message = (
        f"acp-compat could not tell which protocol the agent {argv[0]!r} "
        f"speaks: {summary(attempts)}. {hint}"
    )
    data = {
        "command": list(argv),
        "attempts": [a.to_json() for a in attempts],
        "hint": hint,
    }
    return message, data


def likely_fix(attempts: Sequence[Attempt]) -> str:
    """What the user most likely has to change, from what the probes saw."""
    outcomes = {a.outcome for a in attempts}
    if outcomes <= {"timeout"}:
        return (
            "The agent is running but answered no initialize: start it in its ACP mode "
            "(Gemini CLI needs --experimental-acp; other agents an --acp flag or similar), "
            "or raise --probe-timeout if it is only slow to start."
        )
    if "exited" in outcomes or "start-failed" in outcomes:
        missing = any(a.returncode == 127 for a in attempts)
        what = "the command was not found" if missing else "it exited instead of answering"
        return (
            f"Check the agent command ({what}; its stderr is in acp-compat's log): it must "
            "start the agent in its ACP mode (Gemini CLI needs --experimental-acp)."
        )
    return (
        "The agent speaks JSON-RPC but accepted neither protocol's initialize: check its "
        "ACP flag and version, or name the protocol with --agent-protocol."
    )
