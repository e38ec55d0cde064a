"""The translator for a startup decision: the one place that knows the translator classes."""

from __future__ import annotations

import contextlib

from acp_compat.translate.base import Translator
from acp_compat.translate.forced import ForcedProtocol, forced_protocol_hint
from acp_compat.translate.passthrough import PassthroughTranslator
from acp_compat.translate.probe import Protocol
from acp_compat.translate.settings import WrapSettings
from acp_compat.translate.startup.policy import Decision, Translation, translation_for


def preload_translator(client: Protocol | None) -> None:
    """Import the translator a ``client`` of this protocol needs if its agent turns out to
    speak the other protocol (an import failure is left to :func:`make_translator`).

    The shell calls it once a probe is out, so the import (the translator's modules and
    models: tens of milliseconds, ``benchmarks/README.md``) overlaps the agent's own start
    instead of following the agent's answer while the editor waits for its ``initialize``
    answer. A passthrough needs neither; its agent is started as early either way.
    """
    if client is None:
        return
    # The translation's name is its package's: a client's agent of the other protocol.
    name = translation_for(client.other, client).value
    with contextlib.suppress(ImportError):
        # ``__import__``, as acp_compat._lazy imports: the import ``-X importtime`` reports.
        __import__(f"acp_compat.translate.{name}.translator")


def make_translator(
    decision: Decision, settings: WrapSettings, launch_cwd: str
) -> Translator | str:
    """The translator for ``decision``'s translation, or why there is none (the translator
    classes are imported only when needed; their options are built from ``settings``;
    ``launch_cwd``, absolute, is where agent process 0 runs). A protocol the user named
    instead of a detected one is wrapped in :class:`ForcedProtocol`, so an agent that
    refuses it leaves the editor an error that names the setting."""
    translator = _translator_for(decision, settings, launch_cwd)
    initialize = decision.client_messages[0] if decision.client_messages else None
    if decision.how != "--agent-protocol" or isinstance(translator, str) or initialize is None:
        return translator
    hint = forced_protocol_hint(decision.agent.value, settings.how_given("agent_protocol"))
    return ForcedProtocol(translator, initialize.get("id"), hint)


def _translator_for(
    decision: Decision, settings: WrapSettings, launch_cwd: str
) -> Translator | str:
    if decision.translation is Translation.PASSTHROUGH:
        return PassthroughTranslator()
    if decision.translation is Translation.UPGRADE:
        try:
            # From the modules, not the package's lazy face: that would read its source.
            from acp_compat.translate.upgrade.options import UpgradeOptions
            from acp_compat.translate.upgrade.translator import UpgradeTranslator
        except ImportError as exc:
            return f"the upgrade translator is not available in this build ({exc})"
        return UpgradeTranslator(
            UpgradeOptions(
                agent_command=settings.command,
                launch_cwd=launch_cwd,
                version=settings.version,
                agent0_initialized=decision.agent0_initialized,
                agent0_next_id=decision.agent0_next_id,
                default_mode=settings.session_mode,
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
