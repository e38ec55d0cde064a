"""``wrap``'s startup as a sans-IO policy: which protocol the agent speaks, and the
translation.

behaviour.md §4 and §6. The policy (:class:`StartupPolicy`, :mod:`.policy`) is fed events
(a client message, a message from an agent process, an exit, a failed start, a timer that
fired, the client leaving, a stop request) and returns outputs (defined beside it), as a
translator does: messages to send, agent processes to start or discard, timers to arm,
and finally a :class:`Decided` (relay with this translation, with this process as agent
``0``) or a :class:`Finish` (exit with this status). It reads no clock: the shell arms
the timers it is told to and reports them with :meth:`StartupPolicy.timer_fired`.
``wrap`` and ``detect`` both run this one policy through the one driver
(:class:`acp_compat.io.driver.Driver`), so ``detect`` says what ``wrap`` would do.

Its state moves only by :data:`~acp_compat.translate.lifecycle.STARTUP_TRANSITIONS`.
What it says to people (the refusal, the likely fix, why a start failed) is
:mod:`.wording`; the translator for a decision is built by :mod:`.factory`, the one place
that knows the translator classes.

Probe processes are numbered by the policy: ``0`` is the one started at launch, each
later start takes the next number. The process of the decision becomes the translator's
agent ``0``; every other one has been discarded already.

With ``--agent-protocol auto`` (behaviour.md §4 and §6), the agent is given at most
``--probe-timeout`` (60 s unless set) to tell, so one that answers nothing (a missing
``--experimental-acp``, an answer with the wrong id) cannot leave the editor waiting,
while one that is only slow to start (gemini-cli, a launcher downloading the agent) is
waited for:

* process 0 gets the client's own ``initialize``, unchanged (the **own** probe). An
  answer in the client's protocol means passthrough (the answer goes to the client); in
  the other protocol, translation with this process kept. A current agent that answered
  a legacy client's ``initialize`` (older Rust SDKs read ``"0.0.9"`` as version 0) is
  asked again in its own protocol: it was told neither ``clientCapabilities`` nor
  ``clientInfo``;
* after :data:`OTHER_PROBE_AFTER` seconds of silence (half the probe timeout if that is
  shorter), or at once when the own probe ends without telling (an error, an unclear
  answer, an exit), a fresh process gets acp-compat's ``initialize`` in the other
  protocol (the **other** probe). Process 0 keeps waiting beside it: the first answer
  that tells decides, and the other process is discarded;
* the other probe naming the client's protocol while process 0 still has the client's
  ``initialize`` leaves process 0 to answer it; once the own probe has ended, a fresh
  process gets the client's ``initialize``, passed through.

When the probe timeout runs out, or no probe is left that could tell, the client's
``initialize`` gets a ``-32603`` naming what each probe saw and the likely fix, and
``wrap`` exits 1 (or the agent's own status when it exited, as a shell would report a
failed launcher), within the probe timeout and a second.
"""

from acp_compat.translate.startup.factory import make_translator, preload_translator
from acp_compat.translate.startup.policy import (
    OTHER_PROBE_AFTER,
    AgentExit,
    ArmTimer,
    Attempt,
    Decided,
    Decision,
    DiscardProbe,
    Finish,
    StartupEffect,
    StartupOutput,
    StartupPolicy,
    Translation,
    translation_for,
)
from acp_compat.translate.startup.wording import likely_fix, spawn_error, start_failure_reason

__all__ = [
    "OTHER_PROBE_AFTER",
    "AgentExit",
    "ArmTimer",
    "Attempt",
    "Decided",
    "Decision",
    "DiscardProbe",
    "Finish",
    "StartupEffect",
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
