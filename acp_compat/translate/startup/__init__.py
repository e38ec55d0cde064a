"""``wrap``'s startup as a sans-IO policy: which protocol the agent speaks, and the
translation.

behaviour.md §4 and §6. The policy (:class:`StartupPolicy`, :mod:`.policy`) is fed events
(a client message, a message from an agent process, an exit, a failed start, a timer that
fired, the client leaving, a stop request) and returns outputs (defined beside it), as a
translator does: messages to send, agent processes to start or stop, a timer to arm, and
finally a :class:`Decided` (relay with this translation, with this process as agent ``0``) or a
:class:`Finish` (exit with this status). It reads no clock: the shell arms the timers it
is told to and reports them with :meth:`StartupPolicy.timer_fired`. ``wrap`` and
``detect`` both run this one policy through the one driver
(:class:`acp_compat.io.driver.Driver`), so ``detect`` says what ``wrap`` would do.

Its state is one :class:`~acp_compat.translate.lifecycle.StartupState`, moved only by
:data:`~acp_compat.translate.lifecycle.STARTUP_TRANSITIONS`. What it says to people (the
refusal, the likely fix, why a start failed) is :mod:`.wording`; the translator for a
decision is built by :mod:`.factory`, the one place that knows the translator classes.

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
   again, for :data:`SLOW_START_TIMEOUT` (at least ``probe_timeout``). A current answer
   to a legacy client here goes back to step 2 once, which then decides or refuses.

When no step tells, the client's ``initialize`` gets a ``-32603`` naming what each step
saw and the likely fix, and ``wrap`` exits 1 (or the agent's own status when it exited, as
a shell would report a failed launcher). An agent that never answers is refused after two
probe timeouts.
"""

from acp_compat.translate.startup.factory import make_translator, preload_translator
from acp_compat.translate.startup.policy import (
    SLOW_START_TIMEOUT,
    AgentExit,
    ArmTimer,
    Attempt,
    Decided,
    Decision,
    Finish,
    StartupOutput,
    StartupPolicy,
    Translation,
    translation_for,
)
from acp_compat.translate.startup.wording import likely_fix, spawn_error, start_failure_reason

__all__ = [
    "SLOW_START_TIMEOUT",
    "AgentExit",
    "ArmTimer",
    "Attempt",
    "Decided",
    "Decision",
    "Finish",
    "StartupOutput",
    "StartupPolicy",
    "Translation",
    "likely_fix",
    "make_translator",
    "preload_translator",
    "spawn_error",
    "start_failure_reason",
    "translation_for",
]
