"""The name a user knows a legacy agent by, read from its command line.

``agentInfo.title`` reads "<agent command name> (legacy ACP via acp-compat)". The first
word of the command is the right name only when it is the agent itself (``gemini``); an
editor user who configured ``python -m my_agent``, ``node dist/index.js`` or
``npx -y @scope/agent`` wants to see the agent, not ``python``, ``node`` or ``npx``. So:

* a script interpreter (``python``, ``node``, ``bun``, ``deno run``...) names the module
  of ``-m`` (``pkg.mod``; a trailing ``.__main__`` dropped) or the script it runs, without
  its extension; a generic script name (``index``, ``main``, ``cli``...) is replaced by the
  nearest directory above it that is not a build directory (``dist``, ``bin``...);
* a package launcher (``npx``, ``uvx``, ``pipx run``, ``npm exec``, ``pnpm dlx``...) names
  the package or command it runs, without npm scope or version;
* a command runner (``env``, ``uv run``) names what it runs, by these same rules;
* a script started directly (``./agent.py``) is named as its interpreter would name it.

When nothing better is found (``python -c ...``, a bare ``node``) the first word stays,
so the name is never empty unless the command is.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

_INTERPRETERS = frozenset(
    {
        "python",
        "pythonw",
        "pypy",
        "node",
        "nodejs",
        "bun",
        "deno",
        "tsx",
        "ts-node",
        "ruby",
        "perl",
        "php",
        "sh",
        "bash",
        "zsh",
    }
)
"""Programs that run a script named by their first positional argument."""

_PACKAGE_LAUNCHERS: dict[tuple[str, ...], bool] = {
    ("npx",): True,
    ("bunx",): True,
    ("pnpx",): True,
    ("uvx",): True,
    ("npm", "exec"): True,
    ("pnpm", "dlx"): True,
    ("yarn", "dlx"): True,
    ("pipx", "run"): True,
    ("uv", "tool", "run"): True,
    ("bun", "x"): True,
    ("uv", "run"): False,
    ("env",): False,
}
"""Programs (with subcommand) that run a package (``True``) or a command line
(``False``, which is named again by these rules)."""

_SUBCOMMAND_RUNNERS: dict[str, frozenset[str]] = {
    "deno": frozenset({"run"}),
    "bun": frozenset({"run"}),
}
"""Interpreters whose script follows a subcommand."""

_VALUE_OPTIONS = frozenset(
    {
        # python
        "-W",
        "-X",
        "--check-hash-based-pycs",
        # node, bun, deno
        "-r",
        "--require",
        "--import",
        "--loader",
        "--experimental-loader",
        "--env-file",
        "-C",
        "--conditions",
        "--title",
        "--input-type",
        "--config",
        # npx, npm exec, pnpm dlx, uvx, pipx run, uv run
        "-p",
        "--package",
        "--from",
        "--with",
        "--python",
        "--registry",
        "--cache",
        "--index",
        "--index-url",
        "--spec",
        "--pip-args",
    }
)
"""Options that take the next argument as their value (so it is not the positional)."""

_CODE_OPTIONS = frozenset({"-c", "-e", "--eval", "--print", "--call"})
"""Options whose value is code to run: nothing names the agent after them."""

_SCRIPT_SUFFIX = re.compile(r"\.(py|pyw|js|mjs|cjs|ts|mts|cts|rb|pl|php|sh|bash)$", re.I)
_EXECUTABLE_SUFFIX = re.compile(r"\.(exe|cmd|bat|ps1)$", re.I)
_VERSIONED = re.compile(r"^(python|pythonw|pypy|node|ruby|perl|php)[\d.]*$")
_GENERIC_STEMS = frozenset({"index", "main", "cli", "__main__", "run", "start", "server"})
_BUILD_DIRS = frozenset({"dist", "build", "bin", "lib", "src", "out", "cli", "node_modules"})


def _parts(path: str) -> list[str]:
    """A path's non-empty components, with ``/`` or ``\\`` separators (Windows commands)."""
    return [part for part in re.split(r"[\\/]", path) if part]


def _program(word: str) -> str:
    """The program a command word runs: ``/usr/bin/python3.11`` → ``python``."""
    parts = _parts(word)
    name = _EXECUTABLE_SUFFIX.sub("", parts[-1] if parts else word)
    versioned = _VERSIONED.match(name.lower())
    return versioned.group(1) if versioned else name


def _target(args: Sequence[str]) -> tuple[str | None, int, bool]:
    """What ``args`` run: the first positional argument, or the module of ``-m`` (then
    the flag is true), with its index; ``None`` when code or nothing follows."""
    index = 0
    while index < len(args):
        arg = args[index]
        if arg == "--":
            index += 1
            return (args[index], index, False) if index < len(args) else (None, index, False)
        if arg in _CODE_OPTIONS:
            return None, index, False
        if arg.startswith("-m") and not arg.startswith("--"):  # -m pkg.mod or -mpkg.mod
            if len(arg) > 2:
                return arg[2:], index, True
            index += 1
            return (args[index], index, True) if index < len(args) else (None, index, False)
        if not arg.startswith("-") or arg == "-":
            return arg, index, False
        index += 2 if arg in _VALUE_OPTIONS else 1
    return None, index, False


def _script_name(path: str) -> str:
    """A script's name: its stem, or the nearest telling directory for ``index.js``."""
    parts = _parts(path)
    if not parts:
        return path
    stem = _SCRIPT_SUFFIX.sub("", parts[-1])
    if stem.lower() in _GENERIC_STEMS:
        for directory in reversed(parts[:-1]):
            if directory.lower() not in _BUILD_DIRS and not directory.endswith(":"):
                return directory
    return stem


def _package_name(spec: str) -> str:
    """``@scope/pkg@1.2`` → ``pkg``; ``pkg[extra]>=1`` → ``pkg``."""
    name = spec.split("/", 1)[1] if spec.startswith("@") and "/" in spec else spec
    return re.split(r"[@=<>!~\[;\s]", name, maxsplit=1)[0] or spec


def agent_name(argv: Sequence[str]) -> str:
    """The name to show for the agent started with ``argv`` (``"agent"`` when empty)."""
    if not argv:
        return "agent"
    program = _program(argv[0])
    key = program.lower()
    for launcher, runs_package in _PACKAGE_LAUNCHERS.items():
        if (key, *argv[1 : len(launcher)]) != launcher:
            continue
        rest = argv[len(launcher) :]
        if key == "env":
            rest = [arg for arg in rest if "=" not in arg or arg.startswith("-")]
        found, index, _ = _target(rest)
        if found is None:
            return program
        return _package_name(found) if runs_package else agent_name(rest[index:])
    if key in _INTERPRETERS:
        args = argv[1:]
        if args and args[0] in _SUBCOMMAND_RUNNERS.get(key, frozenset()):
            args = args[1:]
        found, _, is_module = _target(args)
        if found is None:
            return program
        return found.removesuffix(".__main__") if is_module else _script_name(found)
    # A script started by its shebang is named as its interpreter would name it.
    return _script_name(argv[0]) if _SCRIPT_SUFFIX.search(program) else program
