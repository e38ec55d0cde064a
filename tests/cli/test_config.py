"""``acp-compat config EDITOR -- AGENT ARGS...``: each editor's snippet parses in its own
syntax (JSON; Lua through luaparser; Emacs Lisp through sexpdata) and has the shape that
client documents, with absolute paths to this acp-compat and to the agent on PATH; the
README shows exactly what the command prints."""

from __future__ import annotations

import json
import os
import stat
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import sexpdata
from luaparser import ast as lua_ast
from luaparser import astnodes

from acp_compat.cli.config import EDITORS, make_snippet
from tests.support.paths import ROOT

README = ROOT / "README.md"


@pytest.fixture
def gemini(tmp_path: Path) -> Path:
    """A ``gemini`` executable in a directory of its own (put on PATH by the tests)."""
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    program = bin_dir / "gemini"
    program.write_text("#!/bin/sh\nexit 0\n")
    program.chmod(program.stat().st_mode | stat.S_IXUSR)
    return program


def run_config(*args: str, path: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PATH": path}
    return subprocess.run(
        [sys.executable, "-m", "acp_compat", "config", *args],
        capture_output=True,
        text=True,
        timeout=30,
        env=env,
    )


def _config(editor: str, gemini: Path) -> str:
    done = run_config(
        editor, "--", "gemini", "--experimental-acp", path=f"{gemini.parent}{os.pathsep}/usr/bin"
    )
    assert done.returncode == 0, done.stderr
    assert done.stderr.startswith("# ")  # where to paste it, kept off stdout
    return done.stdout


def _check_command(command: list[str], gemini: Path) -> None:
    """``ACP-COMPAT... wrap -- /abs/gemini --experimental-acp`` with absolute paths."""
    wrap = command.index("wrap")
    program = command[:wrap]
    assert os.path.isabs(program[0]) and os.access(program[0], os.X_OK), program
    assert program == [program[0]] or program[1:] == ["-m", "acp_compat"]
    assert command[wrap:] == ["wrap", "--", str(gemini), "--experimental-acp"]


@pytest.mark.parametrize("editor", ["zed", "jetbrains"])
def test_json_editors(editor: str, gemini: Path) -> None:
    data = json.loads(_config(editor, gemini))
    ((name, entry),) = data["agent_servers"].items()
    assert name == "gemini (via acp-compat)"
    assert entry.get("type") == ("custom" if editor == "zed" else None)
    assert set(entry) - {"type"} == {"command", "args", "env"}
    assert entry["env"] == {}
    _check_command([entry["command"], *entry["args"]], gemini)


def lua_value(node: astnodes.Node) -> Any:
    """A Lua expression as Python data: tables as dicts (keys) or lists (positional),
    strings, names, calls as ``{"call": name, "args": [...]}``, functions as
    ``{"function": <what they return>}``."""
    if isinstance(node, astnodes.String):
        return node.s.decode() if isinstance(node.s, bytes) else node.s
    if isinstance(node, astnodes.Name):
        return node.id
    if isinstance(node, astnodes.Index):
        value = lua_value(node.value)
        if isinstance(value, dict) and value.get("call") == "require":
            value = f'require("{value["args"][0]}")'
        return f"{value}.{lua_value(node.idx)}"
    if isinstance(node, astnodes.Call):
        return {"call": lua_value(node.func), "args": [lua_value(a) for a in node.args]}
    if isinstance(node, astnodes.AnonymousFunction):
        (statement,) = node.body.body
        assert isinstance(statement, astnodes.Return)
        (value,) = statement.values
        return {"function": lua_value(value)}
    if isinstance(node, astnodes.Table):
        keyed = {}
        positional = []
        for field in node.fields:
            if field.key is None or isinstance(field.key, astnodes.Number):
                positional.append(lua_value(field.value))
            else:
                keyed[lua_value(field.key)] = lua_value(field.value)
        assert not (keyed and positional)
        return positional if positional else keyed
    raise AssertionError(f"unexpected Lua node {node!r}")


def _lua_setup(text: str, module: str) -> dict[str, Any]:
    """The table of the snippet's one statement, ``require(MODULE).setup({...})``."""
    (statement,) = lua_ast.parse(text).body.body
    call = lua_value(statement)
    assert call["call"] == f'require("{module}").setup'
    (table,) = call["args"]
    assert isinstance(table, dict)
    return table


def test_codecompanion(gemini: Path) -> None:
    table = _lua_setup(_config("codecompanion", gemini), "codecompanion")
    ((key, maker),) = table["adapters"]["acp"].items()
    adapter = maker["function"]
    assert adapter["call"] == 'require("codecompanion.adapters").extend'
    base, options = adapter["args"]
    assert base == "gemini_cli"
    assert options["name"] == key
    assert options["formatted_name"] == "gemini (via acp-compat)"
    assert options["defaults"]["auth_method"] == "legacy-login"
    _check_command(options["commands"]["default"], gemini)


def test_avante(gemini: Path) -> None:
    table = _lua_setup(_config("avante", gemini), "avante")
    ((key, provider),) = table["acp_providers"].items()
    assert table["provider"] == key
    # avante starts the agent with PATH and this env only: it must be the whole environment,
    # or the agent loses HOME and its API key.
    assert provider["env"] == {"call": "vim.fn.environ", "args": []}
    _check_command([provider["command"], *provider["args"]], gemini)


def _plain(value: Any) -> Any:
    """sexpdata values as Python data: symbols as ``'name``, quoted forms unwrapped."""
    if isinstance(value, sexpdata.Quoted):
        return _plain(value.x)
    if isinstance(value, sexpdata.Symbol):
        return f"'{value.value()}"
    if isinstance(value, list):
        return [_plain(item) for item in value]
    return value


def _keywords(form: list[Any]) -> dict[str, Any]:
    """``(f :a 1 :b 2)`` → ``{":a": 1, ":b": 2}``."""
    args = form[1:]
    return {args[i][1:]: args[i + 1] for i in range(0, len(args), 2)}


def test_agent_shell(gemini: Path) -> None:
    form = _plain(sexpdata.loads(_config("agent-shell", gemini)))
    assert form[:2] == ["'with-eval-after-load", "'agent-shell"]
    add = form[2]
    assert add[:2] == ["'add-to-list", "'agent-shell-agent-configs"]
    config = add[2]
    assert config[0] == "'agent-shell-make-agent-config"
    options = _keywords(config)
    assert options[":mode-line-name"] == "gemini (via acp-compat)"
    assert options[":identifier"].startswith("'gemini")
    lambda_form = options[":client-maker"]
    assert lambda_form[:2] == ["'lambda", ["'buffer"]]
    client = lambda_form[2]
    assert client[0] == "'acp-make-client"
    made = _keywords(client)
    assert made[":context-buffer"] == "'buffer"
    _check_command([made[":command"], *made[":command-params"]], gemini)


def test_every_editor_is_tested() -> None:
    assert set(EDITORS) == {"zed", "jetbrains", "codecompanion", "avante", "agent-shell"}


def test_an_agent_not_on_path_is_a_usage_error(tmp_path: Path) -> None:
    done = run_config("zed", "--", "no-such-agent-anywhere", path=str(tmp_path))
    assert done.returncode == 2
    assert "'no-such-agent-anywhere' was not found on PATH" in done.stderr
    assert done.stdout == ""


def test_the_name_option_and_quoting(gemini: Path) -> None:
    path = f"{gemini.parent}{os.pathsep}/usr/bin"
    done = run_config("agent-shell", "--name", 'Gem "0.1" \\ x', "--", "gemini", path=path)
    assert done.returncode == 0, done.stderr
    options = _keywords(_plain(sexpdata.loads(done.stdout))[2][2])
    assert options[":buffer-name"] == 'Gem "0.1" \\ x'
    lua = run_config("avante", "--name", 'a "b"', "--", "gemini", 'x"y', path=path)
    table = _lua_setup(lua.stdout, "avante")
    ((_, provider),) = table["acp_providers"].items()
    assert provider["args"][-1] == 'x"y'


@pytest.mark.parametrize("editor", sorted(EDITORS))
def test_the_readme_shows_what_the_command_prints(editor: str) -> None:
    snippet = make_snippet(
        ["/usr/local/bin/gemini", "--experimental-acp"],
        program=["/home/me/.local/bin/acp-compat"],
    )
    render, _ = EDITORS[editor]
    assert render(snippet) in README.read_text(encoding="utf-8")
