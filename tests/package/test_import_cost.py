"""What ``wrap`` loads before it answers ``initialize``, and the version it reports.

An editor starts ``acp-compat wrap`` for every thread and waits for its ``initialize``
answer, so every module imported on the way is latency. The speed itself is measured in
``benchmarks/`` (``run.py``, startup row); these tests pin what must never come back:
other subcommands, ``importlib.metadata``, model modules the first answer does not use.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
import tempfile
from importlib.metadata import version

import click
import pytest

import acp_compat
from acp_compat.cli import main as cli_main
from tests.support.agents.harness import agent_command
from tests.support.paths import ROOT

INITIALIZE = {
    "jsonrpc": "2.0",
    "id": 0,
    "method": "initialize",
    "params": {"protocolVersion": 1, "clientCapabilities": {}},
}


def test_version_is_the_one_in_pyproject() -> None:
    text = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    project = text.split("[project]", 1)[1].split("\n[", 1)[0]
    found = re.search(r'^version\s*=\s*"([^"]+)"', project, re.MULTILINE)
    assert found is not None
    assert acp_compat.__version__ == found.group(1)
    assert acp_compat.__version__ == version("acp-compat")  # the installed metadata


def test_every_listed_command_resolves() -> None:
    context = click.Context(cli_main.main)
    group = cli_main.main
    assert isinstance(group, cli_main.LazyGroup)
    names = group.list_commands(context)
    assert names == list(cli_main.COMMANDS)
    for name in names:
        command = group.get_command(context, name)
        assert isinstance(command, click.Command)
        assert command.name == name
    assert group.get_command(context, "no-such-command") is None


def test_help_lists_the_commands_without_importing_them() -> None:
    code = (
        "import sys\n"
        "from acp_compat.cli.main import main\n"
        "try:\n"
        "    main(['--help'], prog_name='acp-compat')\n"
        "except SystemExit:\n"
        "    pass\n"
        "print(sorted(m for m in sys.modules if m.startswith('acp_compat.cli.')))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=60
    ).stdout
    for name, (_module, summary) in cli_main.COMMANDS.items():
        assert re.search(rf"^\s+{name}\s+{re.escape(summary)}$", out, re.MULTILINE), out
    assert out.strip().splitlines()[-1] == "['acp_compat.cli.main']"


def _modules_imported_by_wrap(*options: str) -> list[str]:
    """Run ``wrap`` with ``-X importtime`` up to the initialize answer; its imports."""
    err = tempfile.TemporaryFile()  # noqa: SIM115 (closed below, after the process)
    proc = subprocess.Popen(
        [
            sys.executable,
            "-X",
            "importtime",
            "-m",
            "acp_compat",
            "wrap",
            *options,
            "--",
            *agent_command("legacy_agent"),
        ],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=err,
    )
    try:
        assert proc.stdin is not None and proc.stdout is not None
        proc.stdin.write(json.dumps(INITIALIZE).encode() + b"\n")
        proc.stdin.flush()
        answer = json.loads(proc.stdout.readline())
        assert answer["result"]["protocolVersion"] == 1
        proc.stdin.close()
        proc.stdout.read()
        proc.wait(30)
        err.seek(0)
        text = err.read().decode()
    finally:
        if proc.poll() is None:
            proc.kill()
        proc.wait()
        if proc.stdout is not None:
            proc.stdout.close()
        err.close()
    return re.findall(r"^import time:\s+\d+ \|\s+\d+ \|\s*(\S+)$", text, re.MULTILINE)


@pytest.mark.parametrize("options", [(), ("--agent-protocol", "legacy")], ids=["auto", "legacy"])
def test_wrap_imports_only_what_it_uses(options: tuple[str, ...]) -> None:
    modules = _modules_imported_by_wrap(*options)
    assert "acp_compat.cli.wrap_serve" in modules  # the check sees wrap's own imports
    assert "acp_compat.translate.upgrade.translator" in modules
    # The client's initialize is structured by the codec's one cattrs converter before it
    # is answered, so cattrs is imported on the way (its cost: benchmarks/README.md).
    assert "cattrs" in modules
    unwanted = {
        "importlib.metadata",
        # click reads wrap's command line (imported while the launched agent starts), but
        # no other subcommand is imported for it.
        *(f"acp_compat.cli.{name}" for name in cli_main.COMMANDS if name != "wrap"),
        "acp_compat.translate.downgrade",
        # Model topics the upgrade relay never structures: created only if ever used.
        "acp_compat.models.current.elicitation",
        "acp_compat.models.current.updates",
        "acp_compat.models.current.methods",
        "acp_compat.models.current.session",  # first needed at session/new
        "acp_compat.models.current.initialize_result",  # the agent's side of initialize
        # Loaded by the upgrade translator at the first prompt, chunk or tool call:
        *LATE_MODELS,
        "acp_compat.translate.upgrade.prompt",  # prompts to legacy chunks
        "acp_compat.translate.upgrade.tools",  # tool calls and confirmations
        # The trace reader's records: a relay without --trace writes no record.
        "acp_compat.trace.records",
    }
    assert unwanted.isdisjoint(modules), sorted(unwanted & set(modules))


LATE_MODELS = (
    "acp_compat.models.legacy",
    "acp_compat.models.current.content",
    "acp_compat.models.current.prompt",
    "acp_compat.models.current.tools",
    "acp_compat.models.current.permission",
)
"""Model modules an upgrade relay needs only after ``initialize``."""


def test_upgrade_translator_loads_the_late_models_on_first_use() -> None:
    """The models left out of startup are there when a session's messages need them."""
    code = (
        "import sys\n"
        "from acp_compat.translate.base import ToAgent\n"
        "from acp_compat.translate.upgrade import UpgradeOptions, UpgradeTranslator\n"
        "options = UpgradeOptions(agent_command=['agent'], launch_cwd='/', version='0')\n"
        "t = UpgradeTranslator(options)\n"
        "def loaded():\n"
        f"    return [m for m in {LATE_MODELS!r} if m in sys.modules]\n"
        "init = {'jsonrpc': '2.0', 'id': 0, 'method': 'initialize',\n"
        "        'params': {'protocolVersion': 1, 'clientCapabilities': {}}}\n"
        "out = [o for o in t.from_client(init) if isinstance(o, ToAgent)]\n"
        "t.from_agent(0, {'jsonrpc': '2.0', 'id': out[0].message['id'],\n"
        "                 'result': {'protocolVersion': '0.0.9', 'isAuthenticated': True}})\n"
        "print(loaded())\n"
        "from acp_compat.translate.upgrade import prompt, tools\n"
        "prompt.block_to_chunk(object())  # type: ignore\n"
        "tools.offered_outcomes(object())\n"
        "print(loaded())\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=60
    ).stdout.splitlines()
    assert out[0] == "[]"
    assert out[1] == str(["acp_compat.models.legacy", "acp_compat.models.current.content"])


def test_mapping_tables_match_the_models() -> None:
    """The tables are checked by this test, not at import (mapping's docstring says why)."""
    from acp_compat.models import mapping

    mapping.check_tables()
    missing = dict(mapping.KIND_BY_ICON)
    del missing["regex"]
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(mapping, "KIND_BY_ICON", missing)
        with pytest.raises(AssertionError, match="KIND_BY_ICON keys"):
            mapping.check_tables()
