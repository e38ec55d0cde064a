"""The relay's modes (:mod:`acp_compat.translate.upgrade.modes`): what the vectors cannot
show, that the table covers every legacy confirmation type and that what the builders
write is what the current models read (the vectors check it against the schemas)."""

from __future__ import annotations

import re
import typing
from typing import Any

import pytest

from acp_compat.codec import structure, unstructure
from acp_compat.jsonrpc.framing import encode
from acp_compat.models import legacy
from acp_compat.models.current.session import NewSessionResponse, SetSessionConfigOptionResponse
from acp_compat.models.current.updates import SessionNotification
from acp_compat.translate.base import ToClient
from acp_compat.translate.upgrade import UpgradeOptions, UpgradeTranslator, modes
from acp_compat.translate.upgrade.modes import Decision, Mode
from tests.support.upgrade_session import first_session


def _tag(member: type[Any]) -> str:
    tag = member.__attrs_attrs__.type.default
    assert isinstance(tag, str)
    return tag


def test_every_mode_decides_every_legacy_confirmation_type() -> None:
    types = {_tag(member) for member in typing.get_args(legacy.ToolCallConfirmation)}
    assert set(modes.CONFIRMATION_TYPES) == types
    for mode in Mode:
        assert set(modes.DECISIONS[mode]) == types, mode


def test_the_default_mode_asks_the_user_as_without_modes() -> None:
    assert all(
        modes.decision(modes.DEFAULT_MODE, kind) is Decision.ASK_USER
        for kind in modes.CONFIRMATION_TYPES
    )


def test_every_mode_is_offered_with_a_camel_case_id_and_words_for_the_picker() -> None:
    assert list(modes.MODES) == list(Mode)
    for mode, info in modes.MODES.items():
        assert re.fullmatch(r"[a-z]+(?:[A-Z][a-z]+)*", mode.value), mode
        assert modes.mode_named(mode.value) is mode
        assert info.name and info.description
    assert modes.mode_named("code") is None and modes.mode_named(True) is None


@pytest.mark.parametrize("mode", list(Mode))
def test_what_the_builders_write_reads_back_through_the_current_models(mode: Mode) -> None:
    new = modes.new_session_result("s", mode)
    assert unstructure(structure(new, NewSessionResponse)) == new
    answer = {"configOptions": modes.config_options(mode)}
    assert unstructure(structure(answer, SetSessionConfigOptionResponse)) == answer
    for update in modes.mode_updates(mode):
        notification = {"sessionId": "s", "update": update}
        assert unstructure(structure(notification, SessionNotification)) == notification


@pytest.mark.parametrize("mode", list(Mode))
def test_both_forms_name_the_same_modes_and_the_same_current_one(mode: Mode) -> None:
    state = modes.mode_state(mode)
    [option] = modes.config_options(mode)
    assert option["category"] == "mode" and option["currentValue"] == state["currentModeId"]
    offered = [(m["id"], m["name"], m["description"]) for m in state["availableModes"]]
    values = [(v["value"], v["name"], v["description"]) for v in option["options"]]
    assert offered == values


def _new_session_mode(options: UpgradeOptions) -> str:
    """The ``currentModeId`` a translator with ``options`` answers a ``session/new`` with."""
    mode_id = first_session(UpgradeTranslator(options), "/work")["modes"]["currentModeId"]
    assert isinstance(mode_id, str)
    return mode_id


def _options(default_mode: Mode | str) -> UpgradeOptions:
    return UpgradeOptions(
        agent_command=["agent"], launch_cwd="/work", version="0", default_mode=default_mode
    )


def test_the_default_mode_option_takes_a_mode_or_its_id_and_refuses_any_other() -> None:
    """A library user can give the mode as its wire id (as the vectors do); an unknown one
    is refused when the options are made, never left to fail at the first session/new."""
    unset = UpgradeOptions(agent_command=["agent"], launch_cwd="/work", version="0")
    assert _new_session_mode(unset) == "ask"
    assert _new_session_mode(_options(Mode.READ_ONLY)) == "readOnly"
    by_id = _options("acceptEdits")
    assert by_id.default_mode is Mode.ACCEPT_EDITS
    assert _new_session_mode(by_id) == "acceptEdits"
    with pytest.raises(ValueError, match="unknown mode 'yolo'; expected one of ask, accept"):
        _options("yolo")


@pytest.mark.parametrize(
    ("method", "field", "params"),
    [
        ("session/set_mode", "modeId", {"modeId": "m" * (1 << 20)}),
        ("session/set_config_option", "configId", {"configId": "c" * (1 << 20), "value": "ask"}),
        ("session/set_config_option", "value", {"configId": "mode", "value": "v" * (1 << 20)}),
        ("session/set_mode", "sessionId", {"modeId": "ask", "sessionId": "s" * (1 << 20)}),
    ],
)
def test_a_huge_bad_value_is_named_not_echoed(
    method: str, field: str, params: dict[str, Any]
) -> None:
    """A 1 MiB id the session does not know is refused naming the field and a short
    rendering of the value: the error, which repeats its problem in ``message`` and in
    ``data``, stays a few hundred bytes."""
    translator = UpgradeTranslator(UpgradeOptions.from_json({"launchCwd": "/w"}))
    session_id = first_session(translator, "/w")["sessionId"]
    params = {"sessionId": session_id, **params}
    request = {"jsonrpc": "2.0", "id": 9, "method": method, "params": params}
    [answer] = translator.from_client(request)
    assert isinstance(answer, ToClient)
    assert answer.message["error"]["data"]["errors"][0]["path"] == f"params.{field}"
    assert len(encode(answer.message)) < 1024
