"""``acp-compat config EDITOR -- AGENT ARGS...``: a settings snippet to paste into an editor.

Each editor takes an ACP agent as a command with arguments, in its own syntax. The
snippet runs ``acp-compat wrap -- AGENT ARGS...`` with absolute paths filled in (this
``acp-compat``, and the agent as found on ``PATH``), because an editor started from a
desktop launcher often has a different ``PATH`` than the shell the user tried it in.

The shapes follow each client's documented configuration:

* **Zed**: ``agent_servers`` in ``settings.json``, an entry with ``type: "custom"``,
  ``command``, ``args`` and ``env``.
* **JetBrains** (AI Assistant): ``agent_servers`` in ``~/.jetbrains/acp.json``, an entry
  with ``command``, ``args`` and ``env``.
* **CodeCompanion.nvim**: an adapter under ``adapters.acp``, made by extending the
  bundled ``gemini_cli`` ACP adapter with its own ``commands.default``, and
  ``defaults.auth_method`` naming the wrapped agent's login.
* **avante.nvim**: ``acp_providers[name]`` with ``command``, ``args`` and ``env``, and
  ``provider`` selecting it. avante starts the agent with ``PATH`` and that ``env``
  only, not Neovim's environment, so ``env`` is the whole environment
  (``vim.fn.environ()``): an empty one drops ``HOME`` and the agent's API key.
* **Emacs agent-shell**: an ``agent-shell-make-agent-config`` added to
  ``agent-shell-agent-configs``, whose client maker calls ``acp-make-client`` with the
  command and its parameters.
"""

from __future__ import annotations

import functools
import json
import os
import re
import shutil
import sys
from collections.abc import Callable, Sequence
from pathlib import Path

import click

from acp_compat._define import frozen
from acp_compat.translate.upgrade.agent_name import agent_name
from acp_compat.translate.upgrade.core import LOGIN_METHOD_ID  # a wrapped legacy agent offers it


@frozen
class Snippet:
    """What one editor's snippet is made of."""

    name: str
    """Display name of the agent in the editor."""
    key: str
    """An identifier made of letters, digits, ``_`` and ``-`` (Lua keys, Lisp symbols)."""
    command: str
    """The program the editor starts (this ``acp-compat``, or a Python)."""
    args: tuple[str, ...]
    """Its arguments: ``wrap -- AGENT ARGS...``."""


def agent_servers(snippet: Snippet, entry_type: str | None = None) -> str:
    """Zed's ``settings.json`` (an entry of ``type: "custom"``) or JetBrains' ``acp.json``
    (no type)."""
    entry: dict[str, object] = {"type": entry_type} if entry_type else {}
    entry.update({"command": snippet.command, "args": list(snippet.args), "env": {}})
    return json.dumps({"agent_servers": {snippet.name: entry}}, indent=2, ensure_ascii=False) + "\n"


def lua_string(text: str) -> str:
    """A Lua double-quoted string literal."""
    escaped = text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n")
    return f'"{escaped}"'


def _lua_list(items: Sequence[str]) -> str:
    return "{ " + ", ".join(lua_string(item) for item in items) + " }"


def codecompanion(snippet: Snippet) -> str:
    """CodeCompanion.nvim ``setup`` (Lua)."""
    key = lua_string(snippet.key)
    command = _lua_list([snippet.command, *snippet.args])
    return f"""require("codecompanion").setup({{
  adapters = {{
    acp = {{
      [{key}] = function()
        return require("codecompanion.adapters").extend("gemini_cli", {{
          name = {key},
          formatted_name = {lua_string(snippet.name)},
          commands = {{
            default = {command},
          }},
          defaults = {{
            auth_method = {lua_string(LOGIN_METHOD_ID)},
          }},
        }})
      end,
    }},
  }},
}})
"""


def avante(snippet: Snippet) -> str:
    """avante.nvim ``setup`` (Lua)."""
    key = lua_string(snippet.key)
    return f"""require("avante").setup({{
  provider = {key},
  acp_providers = {{
    [{key}] = {{
      command = {lua_string(snippet.command)},
      args = {_lua_list(snippet.args)},
      -- avante passes the agent PATH and this table only: HOME, the API key...
      env = vim.fn.environ(),
    }},
  }},
}})
"""


def elisp_string(text: str) -> str:
    """An Emacs Lisp string literal."""
    escaped = text.replace("\\", "\\\\").replace('"', '\\"')
    return f'"{escaped}"'


def agent_shell(snippet: Snippet) -> str:
    """Emacs agent-shell (Emacs Lisp, for the init file)."""
    params = " ".join(elisp_string(arg) for arg in snippet.args)
    prompt = elisp_string(f"{snippet.key.removesuffix('-acp-compat')}> ")
    return f"""(with-eval-after-load 'agent-shell
  (add-to-list 'agent-shell-agent-configs
               (agent-shell-make-agent-config
                :identifier '{snippet.key}
                :mode-line-name {elisp_string(snippet.name)}
                :buffer-name {elisp_string(snippet.name)}
                :shell-prompt {prompt}
                :shell-prompt-regexp {prompt}
                :client-maker
                (lambda (buffer)
                  (acp-make-client :context-buffer buffer
                                   :command {elisp_string(snippet.command)}
                                   :command-params '({params}))))))
"""


EDITORS: dict[str, tuple[Callable[[Snippet], str], str]] = {
    "zed": (
        functools.partial(agent_servers, entry_type="custom"),
        "Zed: merge into settings.json (zed: open settings file)",
    ),
    "jetbrains": (
        agent_servers,
        "JetBrains: merge into ~/.jetbrains/acp.json (AI Chat > Configure ACP Agents)",
    ),
    "codecompanion": (
        codecompanion,
        "CodeCompanion.nvim: merge into your setup; pick the adapter in the chat buffer",
    ),
    "avante": (avante, "avante.nvim: merge into your setup"),
    "agent-shell": (agent_shell, "Emacs agent-shell: add to your init file, then M-x agent-shell"),
}
"""Editor name (as typed after ``config``) → its snippet, and where it goes."""


def this_program() -> list[str]:
    """How an editor starts this acp-compat: an absolute ``acp-compat`` when there is one
    (the script this process was started as, the one beside this Python, or the one on
    ``PATH``), else this Python with ``-m acp_compat``. Symlinks are kept, not resolved:
    a pipx or uv link keeps working across upgrades, and a venv's Python must not be
    replaced by the interpreter it links to."""
    candidates = [Path(sys.executable).parent / "acp-compat"]
    if sys.argv and Path(sys.argv[0]).name == "acp-compat":
        candidates.insert(0, Path(sys.argv[0]))
    for candidate in candidates:
        if os.access(candidate, os.X_OK) and candidate.is_file():
            return [os.path.abspath(candidate)]
    found = shutil.which("acp-compat")
    if found is not None:
        return [os.path.abspath(found)]
    return [os.path.abspath(sys.executable), "-m", "acp_compat"]


def find_agent(program: str) -> str | None:
    """The agent program as an absolute path: a path made absolute, or a name looked up on
    ``PATH``; ``None`` when it is not an executable file."""
    if os.sep in program:
        path = os.path.abspath(program)
        return path if os.path.isfile(path) and os.access(path, os.X_OK) else None
    found = shutil.which(program)
    return os.path.abspath(found) if found is not None else None


def _key(name: str) -> str:
    """An identifier for Lua keys and Lisp symbols, from the agent's name."""
    return re.sub(r"[^A-Za-z0-9_-]+", "-", name).strip("-") or "agent"


def make_snippet(
    agent_argv: Sequence[str], *, program: Sequence[str], name: str | None = None
) -> Snippet:
    """The snippet for ``agent_argv`` (already absolute), run by ``program``."""
    agent = agent_name(agent_argv)
    return Snippet(
        name=name or f"{agent} (via acp-compat)",
        key=f"{_key(agent)}-acp-compat",
        command=program[0],
        args=(*program[1:], "wrap", "--", *agent_argv),
    )


@click.command(context_settings={"ignore_unknown_options": True})
@click.argument("editor", type=click.Choice(list(EDITORS)))
@click.option(
    "--name", default=None, help='Name shown in the editor [default: "AGENT (via acp-compat)"].'
)
@click.argument("agent", nargs=-1, required=True, type=click.UNPROCESSED)
def config(editor: str, name: str | None, agent: tuple[str, ...]) -> None:
    """Print a settings snippet for EDITOR that runs AGENT through acp-compat wrap.

    \b
    acp-compat config zed -- gemini --experimental-acp
    acp-compat config codecompanion --name "Gemini 0.1" -- gemini --experimental-acp

    \b
    EDITOR: zed (settings.json), jetbrains (~/.jetbrains/acp.json), codecompanion and
    avante (Neovim, Lua), agent-shell (Emacs Lisp). Paths are absolute: this acp-compat,
    and AGENT as found on PATH now (an editor's PATH is often shorter than your shell's).
    """
    program = find_agent(agent[0])
    if program is None:
        where = "is not an executable file" if os.sep in agent[0] else "was not found on PATH"
        raise click.BadParameter(f"{agent[0]!r} {where}", param_hint="'AGENT'")
    snippet = make_snippet([program, *agent[1:]], program=this_program(), name=name)
    render, where = EDITORS[editor]
    # Only the snippet on stdout, so `acp-compat config zed -- ... > file` is valid JSON.
    click.echo(f"# {where}", err=True)
    click.echo(render(snippet), nl=False)
