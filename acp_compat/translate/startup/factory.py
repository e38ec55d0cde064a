"""The translator for a startup decision: the one place that knows the translator classes."""

from __future__ import annotations

import contextlib
from typing import Any

from acp_compat.translate.base import Translator
from acp_compat.translate.forced import ForcedProtocol, forced_protocol_hint
from acp_compat.translate.passthrough import PassthroughTranslator
from acp_compat.translate.probe import Protocol
from acp_compat.translate.settings import WrapSettings
from acp_compat.translate.startup.policy import Decision, Translation


def preload_translator(client: Protocol | None) -> None:
    """Import the translator a ``client`` of this protocol needs if its agent turns out to
    speak another protocol (an import failure is left to :func:`make_translator`).

    The shell calls it once a probe is out, so the import (the translator's modules and
    models: tens of milliseconds, ``benchmarks/README.md``) overlaps the agent's own start
    instead of following the agent's answer while the editor waits for its ``initialize``
    answer. A passthrough needs neither; its agent is started as early either way. A
    current client's other agent is taken to be legacy (v2 agents are rare yet), a v2
    client's to be current.
    """
    if client is None:
        return
    name = {
        Protocol.CURRENT: "upgrade.translator",
        Protocol.LEGACY: "downgrade.translator",
        Protocol.V2: "v2.upgrade",
    }[client]
    with contextlib.suppress(ImportError):
        # ``__import__``, as acp_compat._lazy imports: the import ``-X importtime`` reports.
        __import__(f"acp_compat.translate.{name}")


LINKS: dict[Translation, tuple[str, ...]] = {
    Translation.UPGRADE: ("upgrade",),
    Translation.DOWNGRADE: ("downgrade",),
    Translation.V2_UPGRADE: ("v2-upgrade",),
    Translation.V2_DOWNGRADE: ("v2-downgrade",),
    Translation.LEGACY_V2: ("upgrade", "v2-upgrade"),
    Translation.V2_LEGACY: ("v2-downgrade", "downgrade"),
}
"""Each translation's translators, the agent's side first: two make a
:class:`~acp_compat.translate.chain.Chain`."""


def make_translator(
    decision: Decision, settings: WrapSettings, launch_cwd: str
) -> Translator | str:
    """The translator for ``decision``'s translation, or why there is none (the translator
    classes are imported only when needed; their options are built from ``settings``;
    ``launch_cwd``, absolute, is where agent process 0 runs). A protocol the user named
    instead of a detected one is wrapped in :class:`ForcedProtocol`, so an agent that
    refuses it leaves the editor an error that names the setting."""
    translator: Translator = PassthroughTranslator()
    if decision.translation is not Translation.PASSTHROUGH:
        # The link nearest the agent gets what the probe already knows of agent 0; a later
        # link's agent is the link before it, which answers its ``initialize`` itself.
        known = {
            "agent0_initialized": decision.agent0_initialized,
            "agent0_next_id": decision.agent0_next_id,
        }
        try:
            links = [
                _link(name, settings, launch_cwd, known if index == 0 else {})
                for index, name in enumerate(LINKS[decision.translation])
            ]
        except ImportError as exc:
            what = decision.translation.value
            return f"the {what} translator is not available in this build ({exc})"
        if len(links) == 1:
            translator = links[0]
        else:
            from acp_compat.translate.chain import Chain

            translator = Chain(links)
    if decision.how != "--agent-protocol" or not decision.client_messages:
        return translator
    hint = forced_protocol_hint(decision.agent.value, settings.how_given("agent_protocol"))
    return ForcedProtocol(translator, decision.client_messages[0].get("id"), hint)


def _link(name: str, settings: WrapSettings, launch_cwd: str, known: dict[str, Any]) -> Translator:
    """One translator by its name, its options from ``settings`` and ``known`` (what the
    probe knows of agent 0, for the link nearest the agent)."""
    # From the modules, not the packages' lazy faces: that would read their source.
    if name == "upgrade":
        from acp_compat.translate.upgrade.options import UpgradeOptions
        from acp_compat.translate.upgrade.translator import UpgradeTranslator

        return UpgradeTranslator(
            UpgradeOptions(
                agent_command=settings.command,
                launch_cwd=launch_cwd,
                version=settings.version,
                default_mode=settings.session_mode,
                **known,
            )
        )
    if name == "downgrade":
        from acp_compat.translate.downgrade import DowngradeOptions, DowngradeTranslator

        return DowngradeTranslator(
            DowngradeOptions(
                cwd=settings.cwd or launch_cwd,
                client_fs=settings.client_fs,
                auth_method=settings.auth_method,
                client_info_version=settings.version,
                **known,
            )
        )
    from acp_compat.translate.upgrade.agent_name import agent_name
    from acp_compat.translate.v2.options import V2DowngradeOptions, V2UpgradeOptions

    # A later link's agent is acp-compat's own upgrade: the agent keeps the command's name.
    named = agent_name(settings.command)
    if name == "v2-upgrade":
        from acp_compat.translate.v2.upgrade import V2UpgradeTranslator

        return V2UpgradeTranslator(
            V2UpgradeOptions(version=settings.version, agent_name=named, **known)
        )
    from acp_compat.translate.v2.downgrade import V2DowngradeTranslator

    return V2DowngradeTranslator(
        V2DowngradeOptions(version=settings.version, agent_name=named, **known)
    )
