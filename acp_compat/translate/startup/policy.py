"""The startup policy: events in, outputs out, its state one entry of a table.

First the policy's vocabulary: the :class:`Translation`, the outputs (what its shell is asked to
do, ending with the :class:`Decision`) and :class:`Attempt`, what one probe step saw.
Then the policy itself. Each event is classified into a
:class:`~acp_compat.translate.lifecycle.StartupEvent` (an answer that tells, one that does
not, a timeout...) and the table
:data:`~acp_compat.translate.lifecycle.STARTUP_TRANSITIONS` names the state that follows;
this module only says what entering it sends: the next step's probe, the decision, or
the refusal. Events from a process the policy has left behind, a stale timer and
anything after the end are ignored before they are classified.
"""

from __future__ import annotations

import enum
import logging
from collections.abc import Mapping, Sequence
from typing import Any

from acp_compat._define import frozen
from acp_compat.jsonrpc.messages import INTERNAL_ERROR, INVALID_REQUEST, Message, error
from acp_compat.translate.base import StartAgent, StopAgent, ToAgent, ToClient
from acp_compat.translate.exits import EXIT_CANNOT_START, EXIT_NO_PROTOCOL, shell_status
from acp_compat.translate.lifecycle import (
    STARTUP_TRANSITIONS,
    StartupEvent,
    StartupState,
    transition,
)
from acp_compat.translate.probe import (
    Protocol,
    agent_protocol,
    as_current_initialize,
    client_protocol,
    probe_request,
)
from acp_compat.translate.settings import WrapSettings
from acp_compat.translate.startup import wording

logger = logging.getLogger("acp_compat.translate.startup")

# --------------------------------------------------------------------------- vocabulary


class Translation(enum.Enum):
    """What ``wrap`` does between the two sides, from their protocols (not ACP's session
    modes, :class:`acp_compat.translate.upgrade.modes.Mode`)."""

    UPGRADE = "upgrade"
    DOWNGRADE = "downgrade"
    PASSTHROUGH = "passthrough"


def translation_for(agent: Protocol, client: Protocol) -> Translation:
    """The translation for an ``agent`` behind a ``client``."""
    if agent is client:
        return Translation.PASSTHROUGH
    return Translation.UPGRADE if agent is Protocol.LEGACY else Translation.DOWNGRADE


@frozen
class ArmTimer:
    """Call :meth:`StartupPolicy.timer_fired` with ``token``
    after ``seconds`` (this timer replaces any armed before; a stale token is ignored)."""

    token: int
    seconds: float


@frozen
class AgentExit:
    """An exit the policy saw for the kept process (the translator must hear of it)."""

    returncode: int | None
    stderr_tail: str


@frozen(kw_only=True)
class Decision:
    """The translation chosen and what the translator gets first."""

    translation: Translation
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
        """``upgrade (legacy agent, current client)``: the translation's name for logs."""
        return f"{self.translation.value} ({self.agent.value} agent, {self.client.value} client)"

    @property
    def single_agent(self) -> bool:
        """Whether the relay ends with its one agent process (all but the upgrade)."""
        return self.translation is not Translation.UPGRADE

    @property
    def raw_passthrough(self) -> bool:
        """Whether messages passed on unchanged are written as the bytes they came as."""
        return self.translation is Translation.PASSTHROUGH


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


# --------------------------------------------------------------------------- policy

SLOW_START_TIMEOUT = 60.0
"""Step 3's wait: an agent that answered step 2 with an error is alive but was slow to
answer step 1 (a launcher downloading the agent), so it gets longer; still bounded."""

_State, _Event = StartupState, StartupEvent

STEPS: Mapping[StartupState, int] = {
    _State.PROBING_OWN: 1,
    _State.PROBING_OTHER: 2,
    _State.PROBING_OTHER_AFTER_SILENCE: 2,
    _State.PROBING_AGAIN: 3,
}
"""The probing states by their step: 1 and 3 send the client's own ``initialize``, 2 ours
in the other protocol; each step after the first takes a fresh process; 3 waits longer."""


class StartupPolicy:
    """Decides ``wrap``'s translation from the client's ``initialize`` and the probes' answers.

    Call :meth:`start` once, then feed events; each call returns outputs to carry out in
    order. After a :class:`Decided` or :class:`Finish`, :attr:`done` is true and further
    events are ignored.
    """

    def __init__(self, options: WrapSettings) -> None:
        self.options = options
        self.state = StartupState.AWAITING_INITIALIZE
        """Where startup stands; it moves only through :meth:`_apply`."""
        self.attempts: list[Attempt] = []
        """Every probe step so far, in order."""
        self.decision: Decision | None = None
        self.initialize: Message | None = None
        """The client's first ``initialize``, once it came."""
        self._client = Protocol.CURRENT
        self._start_failure = ""
        """Why process 0 could not start (``START_FAILED``)."""
        self._early_exit: AgentExit | None = None
        """How process 0 ended before the ``initialize`` came (``EXITED_EARLY``), until a
        step or the decision takes it."""
        self._process = 0
        self._probe: Message = {}
        """The ``initialize`` of the step in flight."""
        self._timer = 0
        self._held_client: list[Message] = []
        self._held_agent: list[Message] = []

    @property
    def done(self) -> bool:
        """Whether startup is over (decided or finished: a state with no way out)."""
        return not STARTUP_TRANSITIONS[self.state]

    @property
    def client(self) -> Protocol | None:
        """The client's protocol, once its ``initialize`` came."""
        return self._client if self.initialize is not None else None

    @property
    def awaiting_answer(self) -> bool:
        """Whether a probe is in flight (the shell may stop reading the client meanwhile)."""
        return self.state in STEPS

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
            return self._initialized()
        if "method" in message and "id" in message:
            return [ToClient(error(message["id"], INVALID_REQUEST, wording.INITIALIZE_FIRST))]
        logger.warning("client: ignored a message before initialize")
        return []

    def from_agent(self, process: int, message: Message) -> list[StartupOutput]:
        """A message from probe process ``process``."""
        if self.done or process != self._process:
            return []
        if (
            self.awaiting_answer
            and "method" not in message
            and message.get("id") == self._probe["id"]
        ):
            return self._answered(message)
        self._held_agent.append(message)
        return []

    def agent_exited(
        self, process: int, returncode: int | None, stderr_tail: str
    ) -> list[StartupOutput]:
        """Probe process ``process`` ended (after everything it printed was fed)."""
        if self.done or process != self._process:
            return []
        if self.state is _State.AWAITING_INITIALIZE:
            self._apply(_Event.EXITED)
            self._early_exit = AgentExit(returncode, stderr_tail)
            return []
        account = wording.exit_account(returncode, stderr_tail)
        return self._next_step(
            _Event.EXITED, "exited", account, returncode=returncode, stderr_tail=stderr_tail
        )

    def agent_start_failed(self, process: int, reason: str) -> list[StartupOutput]:
        """Starting probe process ``process`` failed (``reason`` names command and error)."""
        if self.done or process != self._process:
            return []
        if self.state is _State.AWAITING_INITIALIZE:
            # The shell has logged the reason already (a client that never sends
            # initialize still leaves it on stderr); it is answered once one comes.
            self._apply(_Event.START_FAILED)
            self._start_failure = reason
            return []
        account = wording.restart_failed_account(reason)
        return self._next_step(_Event.START_FAILED, "start-failed", account)

    def timer_fired(self, token: int) -> list[StartupOutput]:
        """The timer armed with ``token`` ran out."""
        if self.done or token != self._timer or not self.awaiting_answer:
            return []
        account = wording.timeout_account(self._timeout_of(self.state))
        return self._next_step(_Event.TIMEOUT, "timeout", account)

    def client_closed(self) -> list[StartupOutput]:
        """The client closed its end: nobody is left to answer."""
        if self.done:
            return []
        left = self._apply(_Event.CLIENT_CLOSED)
        if left is _State.START_FAILED:
            return self._finish(EXIT_CANNOT_START)
        return self._finish(0, wording.CLIENT_CLOSED)

    def stopped(self, status: int) -> list[StartupOutput]:
        """A stop was requested (a signal): the ``initialize`` still gets its one answer."""
        if self.done:
            return []
        self._apply(_Event.STOP)
        outputs: list[StartupOutput] = []
        if self.initialize is not None:
            message = wording.stopped_before_answer(status)
            outputs.append(ToClient(error(self.initialize["id"], INTERNAL_ERROR, message)))
        return outputs + self._finish(status, wording.stopped(status))

    # -- the table -------------------------------------------------------------------------

    def _apply(self, event: StartupEvent) -> StartupState:
        """Move to the state ``event`` leads to (``LifecycleError`` when the table does not
        allow it); the state left."""
        left = self.state
        self.state = transition(STARTUP_TRANSITIONS, "startup", left, event)
        return left

    # -- steps -----------------------------------------------------------------------------

    def _initialized(self) -> list[StartupOutput]:
        """The client's ``initialize`` arrived: refuse, decide, or probe."""
        assert self.initialize is not None
        named = self.options.named_protocol
        self._apply(_Event.INITIALIZE if named is None else _Event.INITIALIZE_NAMED)
        if self.state is _State.FINISHED:
            return self._refuse_start_failure()
        if self.state is _State.DECIDED:
            assert named is not None
            return self._decide(
                named,
                how="--agent-protocol",
                client_messages=[self.initialize],
                agent_exit=self._early_exit,
            )
        outputs = self._send_probe()
        if self._early_exit is not None:
            # Process 0 died before the client's initialize came: that is this step's end.
            early, self._early_exit = self._early_exit, None
            outputs += self.agent_exited(0, early.returncode, early.stderr_tail)
        return outputs

    def _send_probe(self) -> list[StartupOutput]:
        """Entering a step: its probe (to a fresh process after step 1) and its timer."""
        step = STEPS[self.state]
        outputs: list[StartupOutput] = self._restart() if step > 1 else []
        if step == 2:
            self._probe = probe_request(
                self._client.other, version=self.options.version, client_fs=self.options.client_fs
            )
        else:
            assert self.initialize is not None
            self._probe = self.initialize
        self._timer += 1
        protocol = self._protocol_of(self.state)
        logger.info("probing the agent with a %s initialize", protocol.value)
        return [
            *outputs,
            ToAgent(self._process, self._probe),
            ArmTimer(self._timer, self._timeout_of(self.state)),
        ]

    def _restart(self) -> list[StartupOutput]:
        """Stop the probe process and start the next one (what it held is dropped)."""
        old = self._process
        self._process += 1
        self._held_agent.clear()
        return [StopAgent(old), StartAgent(self._process)]

    def _protocol_of(self, state: StartupState) -> Protocol:
        """The protocol of the ``initialize`` the step of ``state`` sends."""
        return self._client.other if STEPS[state] == 2 else self._client

    def _timeout_of(self, state: StartupState) -> float:
        timeout = self.options.probe_timeout
        return max(timeout, SLOW_START_TIMEOUT) if STEPS[state] == 3 else timeout

    def _next_step(
        self, event: StartupEvent, outcome: str, account: str, **more: Any
    ) -> list[StartupOutput]:
        """The step in flight ended with ``event`` without telling: record what it saw,
        then the next step's probe or the refusal, as the table says."""
        step = self._apply(event)
        self._record(step, outcome, account, **more)
        if self.state in STEPS:
            return self._send_probe()
        assert self.state is _State.FINISHED  # no step that ended untold leads to a decision
        return self._refuse()

    def _record(self, step: StartupState, outcome: str, account: str, **more: Any) -> None:
        """Close the step of state ``step`` with what it saw."""
        attempt = Attempt(
            protocol=self._protocol_of(step),
            outcome=outcome,
            account=account,
            process=self._process,
            **more,
        )
        self.attempts.append(attempt)
        logger.info("probe (%s initialize): %s", attempt.protocol.value, account)

    def _answered(self, answer: Message) -> list[StartupOutput]:
        """The probe in flight got its response."""
        probe = self._probe
        found = agent_protocol(answer)
        outcome = "answered" if found else "error" if answer.get("error") else "unrecognised"
        account = wording.answer_account(answer, found)
        own = STEPS[self.state] != 2
        client = self._client
        if found is None:
            return self._next_step(_Event.UNCLEAR, outcome, account, answer=answer)
        if own and found is Protocol.CURRENT and client is Protocol.LEGACY:
            event = _Event.CURRENT_FOR_LEGACY
            return self._next_step(event, outcome, account, found=found, answer=answer)
        self._record(self._apply(_Event.ANSWERED), outcome, account, found=found, answer=answer)
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

    def _decide(
        self,
        agent: Protocol,
        *,
        how: str = "auto-detected",
        client_messages: Sequence[Message] = (),
        **more: Any,
    ) -> list[StartupOutput]:
        """Relay from here on (``DECIDED``): the translation, with the current process as agent
        ``0``."""
        decision = Decision(
            translation=translation_for(agent, self._client),
            agent=agent,
            client=self._client,
            process=self._process,
            how=how,
            client_messages=(*client_messages, *self._held_client),
            agent_messages=tuple(self._held_agent),
            **more,
        )
        self.decision = decision
        logger.info("translation: %s, %s", decision.description, how)
        return [Decided(decision)]

    def _refuse_start_failure(self) -> list[StartupOutput]:
        """Process 0 could not start: the ``initialize`` gets why, and startup finishes."""
        assert self.initialize is not None
        reason = self._start_failure
        self.attempts.append(Attempt(protocol=self._client, outcome="start-failed", account=reason))
        data = {"command": list(self.options.command), "reason": reason}
        reply = error(self.initialize["id"], INTERNAL_ERROR, reason, data)
        return [ToClient(reply), *self._finish(EXIT_CANNOT_START)]

    def _refuse(self) -> list[StartupOutput]:
        """No step told: answer the ``initialize`` with what was tried, and finish."""
        assert self.initialize is not None
        logger.error("%s: %s", wording.NEITHER_PROTOCOL, wording.summary(self.attempts))
        message, data = wording.refusal(self.options.command, self.attempts)
        reply = error(self.initialize["id"], INTERNAL_ERROR, message, data)
        last = self.attempts[-1]
        # An agent that only ever failed (a launcher that failed: ``npx`` or ``env``
        # reporting 127) passes its own status on, as a shell would; one that exited 0
        # without answering still answered in neither protocol.
        failed = last.outcome == "exited" and last.returncode != 0
        status = shell_status(last.returncode) if failed else EXIT_NO_PROTOCOL
        return [ToClient(reply), *self._finish(status, wording.NEITHER_PROTOCOL)]

    def _finish(self, status: int, why: str = "") -> list[StartupOutput]:
        """End startup (``FINISHED``); every request held back still gets its one answer."""
        outputs: list[StartupOutput] = [
            ToClient(error(held["id"], INTERNAL_ERROR, wording.not_relayed(why)))
            for held in self._held_client
            if "method" in held and "id" in held
        ]
        self._held_client.clear()
        return [*outputs, Finish(status)]
