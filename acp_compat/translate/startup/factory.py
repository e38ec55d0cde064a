"""The translator for a startup decision: the one place that knows the translator classes."""

from __future__ import annotations

import contextlib

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
    name = (
        {
            Protocol.CURRENT: "upgrade.translator",
            Protocol.LEGACY: "downgrade.translator",
            Protocol.V2: "v2.upgrade",
        }.get(client)
        if client is not None
        else None
    )
    if name is not None:
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
    names = LINKS[decision.translation]
    try:
        links = [
            _link(name, decision if index == 0 else None, settings, launch_cwd)
            for index, name in enumerate(names)
        ]
    except ImportError as exc:
        return f"the {decision.translation.value} translator is not available in this build ({exc})"
    if len(links) == 1:
        return links[0]
    from acp_compat.translate.chain import Chain

    return Chain(links)


def _link(name: str, first: Decision | None, settings: WrapSettings, launch_cwd: str) -> Translator:
    """One translator by its name; ``first``: the decision, for the link nearest the agent,
    which gets what the probe already knows of agent 0 (a later link's agent is the link
    before it, which answers its ``initialize`` itself)."""
    agent0 = first.agent0_initialized if first is not None else None
    next_id = first.agent0_next_id if first is not None else 0
    # From the modules, not the packages' lazy faces: that would read their source.
    if name == "upgrade":
        from acp_compat.translate.upgrade.options import UpgradeOptions
        from acp_compat.translate.upgrade.translator import UpgradeTranslator

        return UpgradeTranslator(
            UpgradeOptions(
                agent_command=settings.command,
                launch_cwd=launch_cwd,
                version=settings.version,
                agent0_initialized=agent0,
                agent0_next_id=next_id,
                default_mode=settings.session_mode,
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
                agent0_initialized=agent0,
                agent0_next_id=next_id,
            )
        )
    from acp_compat.translate.upgrade.agent_name import agent_name
    from acp_compat.translate.v2.options import V2DowngradeOptions, V2UpgradeOptions

    # A later link's agent is acp-compat's own upgrade: the agent keeps the command's name.
    named = agent_name(settings.command)
    if name == "v2-upgrade":
        from acp_compat.translate.v2.upgrade import V2UpgradeTranslator

        return V2UpgradeTranslator(
            V2UpgradeOptions(
                version=settings.version,
                agent_name=named,
                agent0_initialized=agent0,
                agent0_next_id=next_id,
            )
        )
    from acp_compat.translate.v2.downgrade import V2DowngradeTranslator

    return V2DowngradeTranslator(
        V2DowngradeOptions(
            version=settings.version,
            agent_name=named,
            agent0_initialized=agent0,
            agent0_next_id=next_id,
        )
    )
