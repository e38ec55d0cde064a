"""``wrap``'s startup as a sans-IO policy: which protocol the agent speaks, and the mode.

behaviour.md §4 and §6. The policy is fed events (a client message, a message from an
agent process, an exit, a failed start, a timer that fired, the client leaving, a stop
request) and returns outputs, as a translator does: messages to send, agent processes to
start or stop, a timer to arm, and finally a :class:`Decided` (relay in this mode, with
this process as agent ``0``) or a :class:`Finish` (exit with this status). It reads no
clock: the shell arms the timers it is told to and reports them with
:meth:`StartupPolicy.timer_fired`. ``wrap`` and ``detect`` both run this one policy, so
``detect`` says what ``wrap`` would do.

Probe processes are numbered by the policy: ``0`` is the one started at launch, each
restart takes the next number. The process of the decision becomes the translator's
agent ``0``; every other one has been stopped already.

With ``--agent-protocol auto`` (behaviour.md §4), every step below waits at most its
timeout, so an agent that answers nothing (a missing ``--experimental-acp``, an answer with
the wrong id) cannot leave the editor waiting:

1. process 0 gets the client's own ``initialize``, unchanged, for ``probe_timeout``. An
   answer in the client's protocol means passthrough (the answer goes to the client); in
   the other protocol, translation with this process kept. A current agent that answered
   a legacy client's ``initialize`` (older Rust SDKs read ``"0.0.9"`` as version 0) goes on
   to step 2: it was told neither ``clientCapabilities`` nor ``clientInfo``;
2. on an error, an unclear answer, an exit or no answer: a fresh process is probed in the
   other protocol, for ``probe_timeout``;
3. if step 1 only timed out and step 2 got an answer (an error), the agent may just be
   slow to start (``npx`` downloading): a fresh process gets the client's ``initialize``
   again, for :data:`SLOW_START_TIMEOUT` (at least ``probe_timeout``).

When no step tells, the client's ``initialize`` gets a ``-32603`` naming what each step
saw and the likely fix, and ``wrap`` exits 1 (or the agent's own status when it exited, as
a shell would report a failed launcher). An agent that never answers is refused after two
probe timeouts.
"""

from __future__ import annotations

import contextlib
import enum
import importlib
import logging
import shlex
from collections.abc import Sequence
from typing import Any

from acp_compat._define import frozen
from acp_compat.jsonrpc.messages import INTERNAL_ERROR, INVALID_REQUEST, Message, error
from acp_compat.translate.base import StartAgent, StopAgent, ToAgent, ToClient, Translator
from acp_compat.translate.exits import (
    EXIT_CANNOT_START,
    EXIT_NO_PROTOCOL,
    describe_status,
    shell_status,
    stop_cause,
)
from acp_compat.translate.forced import ForcedProtocol, forced_protocol_hint
from acp_compat.translate.passthrough import PassthroughTranslator
from acp_compat.translate.probe import (
    Protocol,
    agent_protocol,
    as_current_initialize,
    client_protocol,
    probe_request,
)
from acp_compat.translate.settings import WrapSettings

logger = logging.getLogger("acp_compat.translate.startup")

SLOW_START_TIMEOUT = 60.0
"""Step 3's wait: an agent that answered step 2 with an error is alive but was slow to
answer step 1 (a launcher downloading the agent), so it gets longer; still bounded."""


class Mode(enum.Enum):
    """How ``wrap`` relays, from the two protocols."""

    UPGRADE = "upgrade"
    DOWNGRADE = "downgrade"
    PASSTHROUGH = "passthrough"


def mode_for(agent: Protocol, client: Protocol) -> Mode:
    """The mode for an ``agent`` behind a ``client``."""
    if agent is client:
        return Mode.PASSTHROUGH
    return Mode.UPGRADE if agent is Protocol.LEGACY else Mode.DOWNGRADE


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


@frozen
class ArmTimer:
    """Call :meth:`StartupPolicy.timer_fired` with ``token`` after ``seconds`` (this timer
    replaces any armed before; a stale token is ignored)."""

    token: int
    seconds: float


@frozen
class AgentExit:
    """An exit the policy saw for the kept process (the translator must hear of it)."""

    returncode: int | None
    stderr_tail: str


@frozen(kw_only=True)
class Decision:
    """The mode chosen and what the translator gets first."""

    mode: Mode
    agent: Protocol
    client: Protocol
    process: int
    """The probe process that becomes agent ``0``."""
    how: str
    """``auto-detected`` or ``--agent-protocol``."""
    agent0_initialized: dict[str, Any] | None = None
    """The agent's ``initialize`` result when the kept process was initialized in the
    translator's protocol already (the translator answers the client from it)."""
    agent0_next_id: int = 0
    client_messages: tuple[Message, ...] = ()
    """Client messages for the translator, first (the ``initialize`` unless answered)."""
    agent_messages: tuple[Message, ...] = ()
    """Then these, from the kept process (what it sent before its answer)."""
    agent_exit: AgentExit | None = None
    """Then this exit, when the kept process is already gone."""

    @property
    def description(self) -> str:
        """``upgrade (legacy agent, current client)``: the mode's name for logs."""
        return f"{self.mode.value} ({self.agent.value} agent, {self.client.value} client)"

    @property
    def single_agent(self) -> bool:
        """Whether the relay ends with its one agent process (all but the upgrade)."""
        return self.mode is not Mode.UPGRADE

    @property
    def raw_passthrough(self) -> bool:
        """Whether messages passed on unchanged are written as the bytes they came as."""
        return self.mode is Mode.PASSTHROUGH


@frozen
class Decided:
    """Startup is over: relay as ``decision`` says."""

    decision: Decision


@frozen
class Finish:
    """Startup is over without a relay: end every agent and exit with ``status``."""

    status: int


StartupOutput = ToClient | ToAgent | StartAgent | StopAgent | ArmTimer | Decided | Finish
"""Everything the policy can ask its shell to do."""


@frozen(kw_only=True)
class Attempt:
    """What one probe step saw."""

    protocol: Protocol
    """The protocol of the ``initialize`` sent."""
    outcome: str
    """``answered``, ``error``, ``unrecognised``, ``timeout``, ``exited`` or
    ``start-failed``."""
    account: str
    """The same for people: ``no answer within 5 s``, ``error -32602: ...``."""
    found: Protocol | None = None
    answer: Message | None = None
    returncode: int | None = None
    stderr_tail: str = ""
    process: int = 0

    def to_json(self) -> dict[str, Any]:
        """The attempt as reported in the refusal's ``data``."""
        return {"protocol": self.protocol.value, "result": self.outcome, "outcome": self.account}


class StartupPolicy:
    """Decides ``wrap``'s mode from the client's ``initialize`` and the probes' answers.

    Call :meth:`start` once, then feed events; each call returns outputs to carry out in
    order. After a :class:`Decided` or :class:`Finish`, :attr:`done` is true and further
    events are ignored.
    """

    def __init__(self, options: WrapSettings) -> None:
        self.options = options
        self.attempts: list[Attempt] = []
        """Every probe step so far, in order."""
        self.decision: Decision | None = None
        self.done = False
        self.initialize: Message | None = None
        """The client's first ``initialize``, once it came."""
        self._client = Protocol.CURRENT
        self._start_failure: str | None = None
        self._early_exit: AgentExit | None = None
        self._process = 0
        self._probe: Message | None = None
        """The ``initialize`` in flight to :attr:`_process` (``None``: not probing)."""
        self._step = 0
        self._timer = 0
        self._first_timed_out = False
        self._held_client: list[Message] = []
        self._held_agent: list[Message] = []

    @property
    def client(self) -> Protocol | None:
        """The client's protocol, once its ``initialize`` came."""
        return self._client if self.initialize is not None else None

    @property
    def awaiting_answer(self) -> bool:
        """Whether a probe is in flight (the shell may stop reading the client meanwhile)."""
        return self._probe is not None

    # -- events ----------------------------------------------------------------------------

    def start(self) -> list[StartupOutput]:
        """At launch: start process 0 (a slow launcher gets a head start)."""
        return [StartAgent(0)]

    def from_client(self, message: Message) -> list[StartupOutput]:
        """A client message (already decoded and checked by the shell)."""
        if self.done:
            return []
        if self.initialize is not None:
            self._held_client.append(message)
            return []
        if message.get("method") == "initialize" and "id" in message:
            self._client = client_protocol(message)
            legacy = self._client is Protocol.LEGACY
            self.initialize = message if legacy else as_current_initialize(message)
            return self._begin()
        if "method" in message and "id" in message:
            return [ToClient(error(message["id"], INVALID_REQUEST, "initialize must come first"))]
        logger.warning("client: ignored a message before initialize")
        return []

    def from_agent(self, process: int, message: Message) -> list[StartupOutput]:
        """A message from probe process ``process``."""
        if self.done or process != self._process:
            return []
        probe = self._probe
        if probe is not None and "method" not in message and message.get("id") == probe["id"]:
            return self._answered(message)
        self._held_agent.append(message)
        return []

    def agent_exited(
        self, process: int, returncode: int | None, stderr_tail: str
    ) -> list[StartupOutput]:
        """Probe process ``process`` ended (after everything it printed was fed)."""
        if self.done or process != self._process:
            return []
        if self._probe is None:
            self._early_exit = AgentExit(returncode, stderr_tail)
            return []
        status = describe_status(returncode)
        account = f"the agent exited ({status})" + (f": {stderr_tail}" if stderr_tail else "")
        return self._failed(
            self._attempt("exited", account, returncode=returncode, stderr_tail=stderr_tail)
        )

    def agent_start_failed(self, process: int, reason: str) -> list[StartupOutput]:
        """Starting probe process ``process`` failed (``reason`` names command and error)."""
        if self.done or process != self._process:
            return []
        if self.initialize is None:
            # The shell has logged the reason already (a client that never sends
            # initialize still leaves it on stderr); it is answered once one comes.
            self._start_failure = reason
            return []
        self._probe = None
        self.attempts.append(
            Attempt(
                protocol=self._protocol_of_step(),
                outcome="start-failed",
                account=f"the agent could not be restarted: {reason}",
                process=process,
            )
        )
        return self._refuse()

    def timer_fired(self, token: int) -> list[StartupOutput]:
        """The timer armed with ``token`` ran out."""
        if self.done or token != self._timer or self._probe is None:
            return []
        seconds = self._timeout_of_step()
        return self._failed(self._attempt("timeout", f"no answer within {seconds:g} s"))

    def client_closed(self) -> list[StartupOutput]:
        """The client closed its end: nobody is left to answer."""
        if self.done:
            return []
        if self.initialize is None and self._start_failure is not None:
            return self._finish(EXIT_CANNOT_START)
        return self._finish(0, "the client closed its input")

    def stopped(self, status: int) -> list[StartupOutput]:
        """A stop was requested (a signal): the ``initialize`` still gets its one answer."""
        if self.done:
            return []
        outputs: list[StartupOutput] = []
        if self.initialize is not None:
            outputs.append(
                ToClient(
                    error(
                        self.initialize["id"],
                        INTERNAL_ERROR,
                        f"acp-compat was stopped ({stop_cause(status)}) before the agent"
                        " answered initialize",
                    )
                )
            )
        why = f"acp-compat was stopped ({stop_cause(status)})"
        return outputs + self._finish(status, why)

    # -- steps -----------------------------------------------------------------------------

    def _begin(self) -> list[StartupOutput]:
        """The client's ``initialize`` arrived: refuse, decide, or probe."""
        assert self.initialize is not None
        if self._start_failure is not None:
            self.attempts.append(
                Attempt(
                    protocol=self._client,
                    outcome="start-failed",
                    account=self._start_failure,
                )
            )
            reply = error(
                self.initialize["id"],
                INTERNAL_ERROR,
                self._start_failure,
                {"command": list(self.options.command), "reason": self._start_failure},
            )
            return [ToClient(reply), *self._finish(EXIT_CANNOT_START)]
        if self.options.named_protocol is not None:
            return self._decide(
                self.options.named_protocol,
                how="--agent-protocol",
                client_messages=[self.initialize],
                agent_exit=self._early_exit,
            )
        return self._step_to(1)

    def _step_to(self, step: int) -> list[StartupOutput]:
        """Send step ``step``'s probe (to a fresh process after step 1)."""
        self._step = step
        outputs: list[StartupOutput] = []
        if step > 1:
            outputs += self._restart()
        self._probe = self._probe_of_step()
        self._timer += 1
        logger.info("probing the agent with a %s initialize", self._protocol_of_step().value)
        outputs += [
            ToAgent(self._process, self._probe),
            ArmTimer(self._timer, self._timeout_of_step()),
        ]
        if step == 1 and self._early_exit is not None:
            # Process 0 died before the client's initialize came: that is this step's end.
            early, self._early_exit = self._early_exit, None
            outputs += self.agent_exited(0, early.returncode, early.stderr_tail)
        return outputs

    def _restart(self) -> list[StartupOutput]:
        """Stop the probe process and start the next one (what it held is dropped)."""
        old = self._process
        self._process += 1
        self._held_agent.clear()
        return [StopAgent(old), StartAgent(self._process)]

    def _protocol_of_step(self) -> Protocol:
        return self._client.other if self._step == 2 else self._client

    def _timeout_of_step(self) -> float:
        timeout = self.options.probe_timeout
        return max(timeout, SLOW_START_TIMEOUT) if self._step == 3 else timeout

    def _probe_of_step(self) -> Message:
        """The client's own ``initialize`` (steps 1 and 3), or ours in the other protocol."""
        if self._step != 2:
            assert self.initialize is not None
            return self.initialize
        return probe_request(
            self._client.other, version=self.options.version, client_fs=self.options.client_fs
        )

    def _attempt(self, outcome: str, account: str, **more: Any) -> Attempt:
        """Close the step in flight with what it saw."""
        self._probe = None
        attempt = Attempt(
            protocol=self._protocol_of_step(),
            outcome=outcome,
            account=account,
            process=self._process,
            **more,
        )
        self.attempts.append(attempt)
        logger.info("probe (%s initialize): %s", attempt.protocol.value, account)
        return attempt

    def _answered(self, answer: Message) -> list[StartupOutput]:
        """The probe in flight got its response."""
        probe = self._probe
        assert probe is not None
        found = agent_protocol(answer)
        outcome = "answered" if found else "error" if answer.get("error") else "unrecognised"
        self._attempt(outcome, _account(answer, found), found=found, answer=answer)
        own = self._step != 2
        client = self._client
        if found is None:
            return self._failed(self.attempts[-1])
        if own and found is Protocol.CURRENT and client is Protocol.LEGACY:
            return self._step_to(2)
        assert self.initialize is not None
        if found is client and not own:
            # Our own probe reached the agent, not the client's initialize: start afresh
            # and let the passthrough forward it.
            restart = self._restart()
            return restart + self._decide(found, client_messages=[self.initialize])
        if found is client:
            return [ToClient(answer), *self._decide(found)]
        result = answer.get("result")
        probe_id = probe.get("id")
        next_id = probe_id + 1 if isinstance(probe_id, int) and probe_id >= 0 else 1
        return self._decide(
            found,
            agent0_initialized=dict(result) if isinstance(result, dict) else None,
            agent0_next_id=next_id,
            client_messages=[self.initialize],
        )

    def _failed(self, attempt: Attempt) -> list[StartupOutput]:
        """A step that did not tell: the next step, or the refusal."""
        if self._step == 1:
            self._first_timed_out = attempt.outcome == "timeout"
            return self._step_to(2)
        if self._step == 2 and self._first_timed_out and attempt.answer is not None:
            return self._step_to(3)
        return self._refuse()

    def _decide(
        self,
        agent: Protocol,
        *,
        how: str = "auto-detected",
        client_messages: Sequence[Message] = (),
        **more: Any,
    ) -> list[StartupOutput]:
        """Relay from here on: the mode, with the current process as agent ``0``."""
        decision = Decision(
            mode=mode_for(agent, self._client),
            agent=agent,
            client=self._client,
            process=self._process,
            how=how,
            client_messages=(*client_messages, *self._held_client),
            agent_messages=tuple(self._held_agent),
            **more,
        )
        self.decision = decision
        self.done = True
        self._probe = None
        logger.info("mode: %s, %s", decision.description, how)
        return [Decided(decision)]

    def _refuse(self) -> list[StartupOutput]:
        """No step told: answer the ``initialize`` with what was tried, and finish."""
        assert self.initialize is not None
        summary = "; ".join(f"{a.protocol.value} initialize: {a.account}" for a in self.attempts)
        hint = likely_fix(self.attempts)
        logger.error("the agent answered initialize in neither protocol: %s", summary)
        reply = error(
            self.initialize["id"],
            INTERNAL_ERROR,
            f"acp-compat could not tell which protocol the agent {self.options.command[0]!r} "
            f"speaks: {summary}. {hint}",
            {
                "command": list(self.options.command),
                "attempts": [a.to_json() for a in self.attempts],
                "hint": hint,
            },
        )
        last = self.attempts[-1]
        # An agent that only ever failed (a launcher that failed: ``npx`` or ``env``
        # reporting 127) passes its own status on, as a shell would; one that exited 0
        # without answering still answered in neither protocol.
        failed = last.outcome == "exited" and last.returncode != 0
        status = shell_status(last.returncode) if failed else EXIT_NO_PROTOCOL
        why = "the agent answered initialize in neither protocol"
        return [ToClient(reply), *self._finish(status, why)]

    def _finish(self, status: int, why: str = "") -> list[StartupOutput]:
        """End startup; every request held back still gets its one answer."""
        self.done = True
        self._probe = None
        outputs: list[StartupOutput] = [
            ToClient(error(held["id"], INTERNAL_ERROR, f"{why}: the request was not relayed"))
            for held in self._held_client
            if "method" in held and "id" in held
        ]
        self._held_client.clear()
        return [*outputs, Finish(status)]


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


def _account(answer: Message, found: Protocol | None) -> str:
    """A short account of an ``initialize`` answer for logs and errors."""
    problem = answer.get("error")
    if isinstance(problem, dict):
        return f"error {problem.get('code')}: {problem.get('message')}"
    if found is None:
        return "an answer that names no protocol version"
    result = answer.get("result")
    version = result.get("protocolVersion") if isinstance(result, dict) else None
    return f"{found.value} protocol (protocolVersion {version!r})"


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def preload_translator(client: Protocol | None) -> None:
    """Import the translator a ``client`` of this protocol needs if its agent turns out to
    speak the other protocol (an import failure is left to :func:`make_translator`).

    The shell calls it once a probe is out: the import (the translator's modules and
    models, tens of milliseconds) then overlaps the agent's own start, instead of running
    after the agent's answer while the editor waits for its ``initialize`` answer. Only a
    passthrough does not use it, and its agent is started as early either way.
    """
    if client is None:
        return
    name = "upgrade" if client is Protocol.CURRENT else "downgrade"
    with contextlib.suppress(ImportError):
        importlib.import_module(f"acp_compat.translate.{name}")


def make_translator(
    decision: Decision, settings: WrapSettings, launch_cwd: str
) -> Translator | str:
    """The translator for ``decision``'s mode, or why there is none (the one place that
    knows the translator classes, imported only when needed, and builds their options from
    ``settings``; ``launch_cwd``, absolute, is where agent process 0 runs). A protocol the
    user named instead of a detected one is wrapped in :class:`ForcedProtocol`, so an
    agent that refuses it leaves the editor an error that names the setting."""
    translator = _translator_for(decision, settings, launch_cwd)
    initialize = decision.client_messages[0] if decision.client_messages else None
    if decision.how != "--agent-protocol" or isinstance(translator, str) or initialize is None:
        return translator
    hint = forced_protocol_hint(decision.agent.value, settings.how_given("agent_protocol"))
    return ForcedProtocol(translator, initialize.get("id"), hint)


def _translator_for(
    decision: Decision, settings: WrapSettings, launch_cwd: str
) -> Translator | str:
    if decision.mode is Mode.PASSTHROUGH:
        return PassthroughTranslator()
    if decision.mode is Mode.UPGRADE:
        try:
            from acp_compat.translate.upgrade import UpgradeOptions, UpgradeTranslator
        except ImportError as exc:
            return f"the upgrade translator is not available in this build ({exc})"
        return UpgradeTranslator(
            UpgradeOptions(
                agent_command=settings.command,
                launch_cwd=launch_cwd,
                version=settings.version,
                agent0_initialized=decision.agent0_initialized,
                agent0_next_id=decision.agent0_next_id,
            )
        )
    try:
        from acp_compat.translate.downgrade import DowngradeOptions, DowngradeTranslator
    except ImportError as exc:
        return f"the downgrade translator is not available in this build ({exc})"
    return DowngradeTranslator(
        DowngradeOptions(
            cwd=settings.cwd or launch_cwd,
            client_fs=settings.client_fs,
            auth_method=settings.auth_method,
            client_info_version=settings.version,
            agent0_initialized=decision.agent0_initialized,
            agent0_next_id=decision.agent0_next_id,
        )
    )
