"""The agent's name in ``agentInfo.title`` when the command is the script itself.

(The interpreter and launcher shapes are in ``test_upgrade.py``.) A script started by its
shebang names itself the way ``node x.js`` names it: without its extension, and a generic
``index.js`` by the directory above its build directory.
"""

from __future__ import annotations

import pytest

from acp_compat.translate.upgrade.agent_name import agent_name


@pytest.mark.parametrize(
    ("argv", "name"),
    [
        (["./legacy_agent.py", "--acp"], "legacy_agent"),
        (["/opt/gemini-legacy/dist/index.js"], "gemini-legacy"),
        (["uv", "run", "agent.py"], "agent"),
        (["gemini.real"], "gemini.real"),
        (["my-agent"], "my-agent"),
    ],
)
def test_a_script_started_directly_is_named_like_one_run_by_its_interpreter(
    argv: list[str], name: str
) -> None:
    assert agent_name(argv) == name
