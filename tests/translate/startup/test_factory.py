"""make_translator: each translation's translator, or chain of them, built from the settings."""

from __future__ import annotations

from typing import Any

import pytest

from acp_compat.translate.base import ToAgent, ToClient
from acp_compat.translate.chain import Chain
from acp_compat.translate.downgrade import DowngradeTranslator
from acp_compat.translate.passthrough import PassthroughTranslator
from acp_compat.translate.probe import Protocol
from acp_compat.translate.settings import WrapSettings
from acp_compat.translate.startup.factory import LINKS, make_translator
from acp_compat.translate.startup.policy import Decision, Translation, translation_for
from acp_compat.translate.upgrade import UpgradeTranslator
from acp_compat.translate.v2 import V2DowngradeTranslator, V2UpgradeTranslator

SETTINGS = WrapSettings(command=("gemini", "--experimental-acp"), version="0.0.0-test")

V2_INITIALIZE = {
    "jsonrpc": "2.0",
    "id": 1,
    "method": "initialize",
    "params": {"protocolVersion": 2, "info": {"name": "zed", "version": "1"}},
}


def decision(translation: Translation, **more: Any) -> Decision:
    agent, client = next(pair for pair in _PAIRS if translation_for(*pair) is translation)
    return Decision(
        translation=translation, agent=agent, client=client, process=0, how="auto-detected", **more
    )


_PAIRS = [(a, c) for a in Protocol for c in Protocol]


@pytest.mark.parametrize(
    ("translation", "kinds"),
    [
        (Translation.PASSTHROUGH, (PassthroughTranslator,)),
        (Translation.UPGRADE, (UpgradeTranslator,)),
        (Translation.DOWNGRADE, (DowngradeTranslator,)),
        (Translation.V2_UPGRADE, (V2UpgradeTranslator,)),
        (Translation.V2_DOWNGRADE, (V2DowngradeTranslator,)),
        (Translation.LEGACY_V2, (UpgradeTranslator, V2UpgradeTranslator)),
        (Translation.V2_LEGACY, (V2DowngradeTranslator, DowngradeTranslator)),
    ],
)
def test_each_translation_gets_its_translators(
    translation: Translation, kinds: tuple[type, ...]
) -> None:
    translator = make_translator(decision(translation), SETTINGS, "/work")
    assert not isinstance(translator, str), translator
    links = translator.links if isinstance(translator, Chain) else (translator,)
    assert tuple(type(link) for link in links) == kinds


def test_every_pair_of_protocols_has_a_translation_and_every_translation_its_links() -> None:
    translations = {translation_for(agent, client) for agent, client in _PAIRS}
    assert translations == set(Translation)
    assert set(LINKS) == set(Translation) - {Translation.PASSTHROUGH}


def test_the_first_link_of_a_chain_gets_what_the_probe_knows() -> None:
    """A legacy agent the probe initialized: the v2 client's initialize is answered at
    once, through both links, without a word to the agent."""
    probed = {"protocolVersion": "0.0.9", "isAuthenticated": True}
    translator = make_translator(
        decision(Translation.LEGACY_V2, agent0_initialized=probed, agent0_next_id=1),
        SETTINGS,
        "/work",
    )
    assert isinstance(translator, Chain)
    outputs = translator.from_client(V2_INITIALIZE)
    assert not [o for o in outputs if isinstance(o, ToAgent)]
    [answer] = [o.message for o in outputs if isinstance(o, ToClient)]
    assert answer["id"] == 1
    assert answer["result"]["protocolVersion"] == 2
    assert answer["result"]["info"]["name"] == "gemini"
