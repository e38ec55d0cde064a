"""``wrap``'s startup as a sans-IO policy: which protocol the agent speaks, and the
translation (behaviour.md §4 and §6).

The policy (:class:`StartupPolicy`, :mod:`.policy`) is fed events (a client message, a
message from an agent process, an exit, a failed start, a timer that fired, the client
leaving, a stop request) and returns outputs, as a translator does: messages to send,
agent processes to start or discard, timers to arm, and finally a :class:`Decided` or a
:class:`Finish`. It reads no clock: the shell arms the timers it is told to. ``wrap`` and
``detect`` both run this one policy through the one driver
(:class:`acp_compat.io.driver.Driver`), so ``detect`` says what ``wrap`` would do. What it
says to people is :mod:`.wording`; :mod:`.factory` builds the translator for a decision.

Probe processes are numbered by the policy: ``0`` is the one started at launch, each
later start takes the next number; the decision's process becomes the translator's agent
``0``, every other one has been discarded already.

With ``--agent-protocol auto`` the agent is given at most ``--probe-timeout`` (60 s unless
set) to tell, so one that answers nothing cannot leave the editor waiting, while one only
slow to start is waited for:

* process 0 gets the client's own ``initialize``, unchanged (the **own** probe). An
  answer in the client's protocol means passthrough; in another, translation with this
  process kept. A current agent that answered a legacy client's ``initialize`` (older
  Rust SDKs read ``"0.0.9"`` as version 0), or one that refused the client's version
  naming its own, is asked again in its own protocol;
* after :data:`OTHER_PROBE_AFTER` seconds of silence, or at once when the own probe ends
  without telling, a fresh process gets acp-compat's ``initialize`` in the other
  protocol (the **other** probe), process 0 still waiting beside it: the first answer
  that tells decides, and the other process is discarded.

When no probe is left that could tell, the client's ``initialize`` gets a ``-32603``
naming what each probe saw and the likely fix, and ``wrap`` exits 1 (or the agent's own
status when it exited, as a shell would report a failed launcher).
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
