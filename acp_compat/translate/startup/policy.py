"""The startup policy: events in, outputs out.

First the policy's vocabulary: the :class:`Translation`, the outputs (what its shell is
asked to do, ending with the :class:`Decision`) and :class:`Attempt`, what one probe saw.
Then the policy itself. Each event is classified into a
:class:`~acp_compat.translate.lifecycle.StartupEvent` (which probe it ends, and how: an
answer that tells, one that does not, an exit...) and the table
:data:`~acp_compat.translate.lifecycle.STARTUP_TRANSITIONS` names the state that follows;
this module only says what entering it sends: the other probe, the decision, or the
refusal. Events from a process the policy has left behind, a timer its state no longer
waits for and anything after the end are ignored before they are classified.
"""

from __future__ import annotations

import enum
import logging
from collections.abc import Mapping, Sequence
from typing import Any

from acp_compat._define import frozen
from acp_compat.jsonrpc.messages import INTERNAL_ERROR, INVALID_REQUEST, Message, error
from acp_compat.translate.base import StartAgent, ToAgent, ToClient
from acp_compat.translate.exits import (
    EXIT_CANNOT_START,
    EXIT_NO_PROTOCOL,
    shell_status,
    start_failure_data,
)
from acp_compat.translate.lifecycle import (
    STARTUP_TRANSITIONS,
    StartupEvent,
    StartupRecord,
    StartupState,
)
from acp_compat.translate.probe import (
    PROBE_ID,
    Protocol,
    agent_protocol,
    as_current_initialize,
    client_protocol,
    probe_request,
    refused_for,
)
from acp_compat.translate.settings import WrapSettings
from acp_compat.translate.startup import wording

logger = logging.getLogger("acp_compat.translate.startup")

# --------------------------------------------------------------------------- vocabulary


class Translation(enum.Enum):
    """What ``wrap`` does between the two sides, from their protocols (the translators, or
    the chain of them, by the names the conversation vectors give them; not ACP's session
    modes, :class:`acp_compat.translate.upgrade.modes.Mode`)."""

    UPGRADE = "upgrade"
    DOWNGRADE = "downgrade"
    V2_UPGRADE = "v2-upgrade"
    """A current (v1) agent behind a v2 client."""
    V2_DOWNGRADE = "v2-downgrade"
    """A v2 agent behind a current (v1) client."""
    LEGACY_V2 = "legacy-v2"
    """A legacy agent behind a v2 client: the upgrade, then the v2 upgrade."""
    V2_LEGACY = "v2-legacy"
    """A v2 agent behind a legacy client: the v2 downgrade, then the downgrade."""
    PASSTHROUGH = "passthrough"


TRANSLATIONS: Mapping[tuple[Protocol, Protocol], Translation] = {
    (Protocol.LEGACY, Protocol.CURRENT): Translation.UPGRADE,
    (Protocol.CURRENT, Protocol.LEGACY): Translation.DOWNGRADE,
    (Protocol.CURRENT, Protocol.V2): Translation.V2_UPGRADE,
    (Protocol.V2, Protocol.CURRENT): Translation.V2_DOWNGRADE,
    (Protocol.LEGACY, Protocol.V2): Translation.LEGACY_V2,
    (Protocol.V2, Protocol.LEGACY): Translation.V2_LEGACY,
}
"""(agent, client) → translation, for every pair of different protocols."""


def translation_for(agent: Protocol, client: Protocol) -> Translation:
    """The translation for an ``agent`` behind a ``client``."""
    return Translation.PASSTHROUGH if agent is client else TRANSLATIONS[(agent, client)]


@frozen
class ArmTimer:
    """Call :meth:`StartupPolicy.timer_fired` with ``token`` after ``seconds`` (each timer
    runs on its own; one the policy no longer waits for is ignored when it fires)."""

    token: int
    seconds: float


@frozen
class DiscardProbe:
    """Forget probe process ``agent``: close it in the background (a short grace: it was
    sent nothing but an ``initialize``) and ignore its lines and its exit. ``protocol`` is
    that ``initialize``'s; ``reason`` says, for people, why it is discarded."""

    agent: int
    protocol: Protocol
    reason: str


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
        """Whether the relay ends with its one agent process (all but those that start
        with the upgrade, which runs a legacy process a session)."""
        return self.translation not in (Translation.UPGRADE, Translation.LEGACY_V2)

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


StartupEffect = ArmTimer | DiscardProbe | Decided | Finish
"""What only the policy asks of its shell (the driver hands these to ``other_output``)."""

StartupOutput = ToClient | ToAgent | StartAgent | StartupEffect
"""Everything the policy can ask its shell to do."""


@frozen(kw_only=True)
class Attempt:
    """What one probe saw."""

    protocol: Protocol
    """The protocol of the ``initialize`` sent."""
    outcome: str
    """``answered``, ``error``, ``unrecognised``, ``timeout``, ``exited``,
    ``start-failed``, or ``discarded`` (the other probe answered first)."""
    account: str
    """The same for people: ``no answer within 5 s``, ``error -32602: ...``."""
    found: Protocol | None = None
    answer: Message | None = None
    returncode: int | None = None
    process: int = 0
    """The probe process it was sent to."""

    def to_json(self) -> dict[str, Any]:
        """The attempt as reported in the refusal's ``data``."""
        return {"protocol": self.protocol.value, "result": self.outcome, "outcome": self.account}


# --------------------------------------------------------------------------- policy

OTHER_PROBE_AFTER = 5.0
"""Seconds the client's ``initialize`` waits alone (half the probe timeout when that is
shorter) before the other protocol's probe starts beside it. A Rust legacy agent drops an
integer version without a word, so silence may mean the other protocol; it may also mean
a slow start (gemini-cli takes 4-5 s, a launcher downloading the agent tens of seconds),
so process 0 keeps its ``initialize`` and may still be the one that answers."""

OTHER_DUE_TIMER = 1
"""The token of the timer that starts the other probe."""

DEADLINE_TIMER = 2
"""The token of the probe timeout: a probe still out then has timed out."""

_State, _Event = StartupState, StartupEvent

_TIMER_EVENTS = {OTHER_DUE_TIMER: _Event.OTHER_DUE, DEADLINE_TIMER: _Event.TIMEOUT}


class StartupPolicy(StartupRecord):
    """Decides ``wrap``'s translation from the client's ``initialize`` and the probes'
    answers.

    Call :meth:`start` once, then feed events; each call returns outputs to carry out in
    order. After a :class:`Decided` or :class:`Finish`, :attr:`done` is true and further
    events are ignored. Its state and what the states hold are its
    :class:`~acp_compat.translate.lifecycle.StartupRecord`, which it is.
    """

    __slots__ = ("options",)

    def __init__(self, options: WrapSettings) -> None:
        super().__init__()
        self.options = options

    # -- events ----------------------------------------------------------------------------

    def start(self) -> list[StartupOutput]:
        """At launch: start process 0 (a slow launcher gets a head start)."""
        return [StartAgent(0)]

    def from_client(self, message: Message) -> list[StartupOutput]:
        """A client message (already decoded and checked by the shell)."""
        if self.done:
            return []
        if self.initialize is not None:
            self.held_client.append(message)
            return []
        if message.get("method") == "initialize" and "id" in message:
            client = self.client = client_protocol(message)
            self.other = client.other
            legacy = client is Protocol.LEGACY
            self.initialize = message if legacy else as_current_initialize(message)
            return self._initialized()
        if "method" in message and "id" in message:
            return [ToClient(error(message["id"], INVALID_REQUEST, wording.INITIALIZE_FIRST))]
        logger.warning("client: ignored a message before initialize")
        return []

    def from_agent(self, process: int, message: Message) -> list[StartupOutput]:
        """A message from probe process ``process``."""
        own = self._probe_of(process)
        if own is None:
            return []
        out = self.awaits_own if own else self.awaits_other
        if out and "method" not in message and message.get("id") == self._probe_id(own):
            return self._answered(own, message)
        self.held_agent.setdefault(process, []).append(message)
        return []

    def agent_exited(
        self, process: int, returncode: int | None, stderr_tail: str
    ) -> list[StartupOutput]:
        """Probe process ``process`` ended (after everything it printed was fed)."""
        own = self._probe_of(process)
        if own is None:
            return []
        if self.initialize is None:
            self.apply(_Event.OWN_EXITED)
            self.early_exit = AgentExit(returncode, stderr_tail)
            return []
        account = wording.exit_account(returncode, stderr_tail)
        event = _Event.OWN_EXITED if own else _Event.OTHER_EXITED
        return self._ended(own, event, "exited", account, returncode=returncode)

    def agent_start_failed(self, process: int, reason: str) -> list[StartupOutput]:
        """Starting probe process ``process`` failed (``reason`` names command and error)."""
        own = self._probe_of(process)
        if own is None:
            return []
        if self.initialize is None:
            # The shell has logged the reason already (a client that never sends
            # initialize still leaves it on stderr); it is answered once one comes.
            self.apply(_Event.OWN_START_FAILED)
            self.start_failure = reason
            return []
        event = _Event.OWN_START_FAILED if own else _Event.OTHER_START_FAILED
        return self._ended(
            own, event, "start-failed", f"the agent could not be restarted: {reason}"
        )

    def timer_fired(self, token: int) -> list[StartupOutput]:
        """The timer armed with ``token`` ran out."""
        event = _TIMER_EVENTS.get(token)
        if event is None or event not in STARTUP_TRANSITIONS[self.state]:
            return []  # a timer this state no longer waits for
        if event is _Event.OTHER_DUE:
            self.apply(event)
            return self._other_probe()
        timeout = self.options.probe_timeout
        if self.awaits_own:
            self._record(True, "timeout", f"no answer within {timeout:g} s")
        if self.awaits_other:
            # it started later, after the client's initialize had waited alone or ended
            account = f"no answer before the probe timeout ({timeout:g} s) ran out"
            self._record(False, "timeout", account)
        self.apply(event)
        return self._refuse()

    def client_closed(self) -> list[StartupOutput]:
        """The client closed its end: nobody is left to answer."""
        if self.done:
            return []
        start_failed = self.state is _State.START_FAILED
        self.apply(_Event.CLIENT_CLOSED)
        return self._finish(EXIT_CANNOT_START if start_failed else 0, wording.CLIENT_CLOSED)

    def stopped(self, status: int) -> list[StartupOutput]:
        """A stop was requested (a signal): the ``initialize`` still gets its one answer."""
        if self.done:
            return []
        self.apply(_Event.STOP)
        outputs: list[StartupOutput] = []
        if self.initialize is not None:
            message = f"{wording.stopped(status)} before the agent answered initialize"
            outputs.append(ToClient(error(self.initialize["id"], INTERNAL_ERROR, message)))
        return outputs + self._finish(status, wording.stopped(status))

    # -- the probes ------------------------------------------------------------------------

    def _probe_of(self, process: int) -> bool | None:
        """Whether ``process`` has the own probe (``True``: process 0, also before the
        ``initialize``) or the other one (``False``); ``None``: a process left behind."""
        if self.done:
            return None
        if process == 0 and (self.initialize is None or self.awaits_own):
            return True
        if process == self.process and process != 0 and self.awaits_other:
            return False
        return None

    def _probe_id(self, own: bool) -> Any:
        """The id of the own probe (the client's) or of the other one (ours)."""
        initialize = self.initialize
        return initialize.get("id") if own and initialize is not None else PROBE_ID

    def _protocol(self, own: bool) -> Protocol:
        """The protocol of the own probe (the client's) or of the other one."""
        protocol = self.client if own else self.other
        assert protocol is not None
        return protocol

    def _initialized(self) -> list[StartupOutput]:
        """The client's ``initialize`` arrived: refuse, decide, or probe."""
        initialize = self.initialize
        assert initialize is not None
        named = self.options.named_protocol
        self.apply(_Event.INITIALIZE if named is None else _Event.INITIALIZE_NAMED)
        if self.state is _State.FINISHED:
            return self._refuse_start_failure()
        if self.state is _State.DECIDED:
            assert named is not None
            return self._decide(
                named,
                0,
                how="--agent-protocol",
                client_messages=[initialize],
                agent_exit=self.early_exit,
            )
        timeout = self.options.probe_timeout
        logger.info("probing the agent with a %s initialize", self._protocol(True).value)
        outputs: list[StartupOutput] = [
            ToAgent(0, initialize),
            ArmTimer(OTHER_DUE_TIMER, min(OTHER_PROBE_AFTER, timeout / 2)),
            ArmTimer(DEADLINE_TIMER, timeout),
        ]
        if self.early_exit is not None:
            # Process 0 died before the client's initialize came: that is its probe's end.
            early, self.early_exit = self.early_exit, None
            outputs += self.agent_exited(0, early.returncode, early.stderr_tail)
        return outputs

    def _other_probe(self) -> list[StartupOutput]:
        """Start the other probe: a fresh process, our ``initialize`` in the other protocol."""
        self.process += 1
        protocol = self._protocol(False)
        probe = probe_request(
            protocol, version=self.options.version, client_fs=self.options.client_fs
        )
        logger.info("probing the agent with a %s initialize", protocol.value)
        return [StartAgent(self.process), ToAgent(self.process, probe)]

    def _discard(self, own: bool, reason: str) -> DiscardProbe:
        """Leave the own or the other probe's process behind."""
        process = 0 if own else self.process
        return DiscardProbe(process, self._protocol(own), reason)

    def _record(self, own: bool, outcome: str, account: str, **more: Any) -> None:
        """Close the own or the other probe with what it saw."""
        attempt = Attempt(
            protocol=self._protocol(own),
            outcome=outcome,
            account=account,
            process=0 if own else self.process,
            **more,
        )
        self.attempts.append(attempt)
        logger.info("probe (%s initialize): %s", attempt.protocol.value, account)

    def _ended(
        self,
        own: bool,
        event: StartupEvent,
        outcome: str,
        account: str,
        *,
        why: str | None = None,
        redirect: Protocol | None = None,
        **more: Any,
    ) -> list[StartupOutput]:
        """A probe ended with ``event`` without deciding: record what it saw, leave its
        process behind (``why``: for the trace, when not its ``account``), then the other
        probe, nothing (the other one is out), or the refusal, as the table says.
        ``redirect``: process 0's answer names the protocol to ask the agent in; the other
        probe asks in it, a fresh one unless the probe out already does."""
        other_out = self.awaits_other
        self.apply(event)
        self._record(own, outcome, account, **more)
        outputs: list[StartupOutput] = []
        if outcome not in ("exited", "start-failed"):
            outputs.append(self._discard(own, why or account))
        if redirect is not None:
            if other_out and self.other is not redirect:
                why = f"the agent named the {redirect.value} protocol: it is asked in that"
                self._record(False, "discarded", why)
                outputs.append(self._discard(False, why))
                other_out = False
            self.other = redirect
        if self.state is _State.PROBING_OTHER and not other_out:
            outputs += self._other_probe()
        elif self.state is _State.FINISHED:
            outputs += self._refuse()
        return outputs

    def _answered(self, own: bool, answer: Message) -> list[StartupOutput]:
        """The own or the other probe got its response."""
        initialize = self.initialize
        client = self.client
        assert initialize is not None and client is not None
        found = agent_protocol(answer)
        outcome = "answered" if found else "error" if answer.get("error") else "unrecognised"
        account = wording.answer_account(answer, found)
        # It refused the client's version, naming its own: it is asked in that.
        named = refused_for(answer) if own and found is None else None
        if own and found is Protocol.CURRENT and client is Protocol.LEGACY:
            # It was told neither clientCapabilities nor clientInfo: asked in its own.
            named = found
        if named is not None and named is not client:
            event = _Event.OWN_REDIRECTS
            return self._ended(
                own, event, outcome, account, redirect=named, found=found, answer=answer
            )
        if found is None:
            event = _Event.OWN_UNCLEAR if own else _Event.OTHER_UNCLEAR
            return self._ended(own, event, outcome, account, answer=answer)
        if not own and found is client and self.awaits_own:
            # Process 0 has the client's own initialize and speaks its protocol: its answer
            # is the one to pass on.
            event = _Event.OTHER_CLIENT_PROTOCOL
            why = (
                f"it speaks the editor's protocol ({found.value}): the answer to the editor's"
                " own initialize, sent to agent 0, is awaited"
            )
            return self._ended(own, event, outcome, account, why=why, found=found, answer=answer)
        both = self.awaits_own and self.awaits_other
        other_event = _Event.OTHER_CLIENT_PROTOCOL if found is client else _Event.OTHER_ANSWERED
        self.apply(_Event.OWN_ANSWERED if own else other_event)
        self._record(own, outcome, account, found=found, answer=answer)
        outputs: list[StartupOutput] = []
        if both:
            why = f"the {self._protocol(own).value} initialize was answered first"
            self._record(not own, "discarded", why)
            outputs.append(self._discard(not own, why))
        if own and found is client:
            return [ToClient(answer), *outputs, *self._decide(found, 0)]
        if found is client:
            # Our probe reached the agent, not the client's initialize: a fresh process
            # gets it, passed through.
            why = (
                f"it speaks the editor's protocol ({found.value}): a fresh process gets the"
                " editor's own initialize"
            )
            outputs.append(self._discard(False, why))
            self.process += 1
            outputs.append(StartAgent(self.process))
            return outputs + self._decide(found, self.process, client_messages=[initialize])
        probe_id = self._probe_id(own)
        next_id = probe_id + 1 if isinstance(probe_id, int) and probe_id >= 0 else 1
        return outputs + self._decide(
            found,
            0 if own else self.process,
            agent0_initialized=dict(answer["result"]),  # an object: it named a protocol
            agent0_next_id=next_id,
            client_messages=[initialize],
        )

    # -- the end ---------------------------------------------------------------------------

    def _decide(
        self,
        agent: Protocol,
        process: int,
        *,
        how: str = "auto-detected",
        client_messages: Sequence[Message] = (),
        **more: Any,
    ) -> list[StartupOutput]:
        """Relay from here on (``DECIDED``): the translation, with ``process`` as agent
        ``0``."""
        assert self.client is not None
        decision = Decision(
            translation=translation_for(agent, self.client),
            agent=agent,
            client=self.client,
            process=process,
            how=how,
            client_messages=(*client_messages, *self.held_client),
            agent_messages=tuple(self.held_agent.get(process, ())),
            **more,
        )
        self.decision = decision
        self.held_client.clear()
        self.held_agent.clear()
        logger.info("translation: %s, %s", decision.description, how)
        return [Decided(decision)]

    def _refuse_start_failure(self) -> list[StartupOutput]:
        """Process 0 could not start: the ``initialize`` gets why, and startup finishes."""
        assert self.initialize is not None and self.client is not None
        reason = self.start_failure
        attempt = Attempt(protocol=self.client, outcome="start-failed", account=reason)
        self.attempts.append(attempt)
        data = start_failure_data(self.options.command, reason)
        reply = error(self.initialize["id"], INTERNAL_ERROR, reason, data)
        return [ToClient(reply), *self._finish(EXIT_CANNOT_START)]

    def _refuse(self) -> list[StartupOutput]:
        """No probe told: answer the ``initialize`` with what was tried, and finish."""
        assert self.initialize is not None
        attempts = self.attempts
        logger.error("%s: %s", wording.NEITHER_PROTOCOL, wording.summary(attempts))
        message, data = wording.refusal(self.options.command, attempts)
        reply = error(self.initialize["id"], INTERNAL_ERROR, message, data)
        last = attempts[-1]
        # An agent that only ever failed (a launcher that failed: ``npx`` or ``env``
        # reporting 127) passes its own status on, as a shell would; one that exited 0
        # without answering still answered in neither protocol.
        failed = last.outcome == "exited" and last.returncode != 0
        status = shell_status(last.returncode) if failed else EXIT_NO_PROTOCOL
        return [ToClient(reply), *self._finish(status, wording.NEITHER_PROTOCOL)]

    def _finish(self, status: int, why: str = "") -> list[StartupOutput]:
        """End startup (``FINISHED``); every request held back still gets its one answer."""
        held = self.held_client
        outputs: list[StartupOutput] = [
            ToClient(error(message["id"], INTERNAL_ERROR, f"{why}: the request was not relayed"))
            for message in held
            if "method" in message and "id" in message
        ]
        held.clear()
        return [*outputs, Finish(status)]
