"""The ``acp-compat`` command's first steps: for ``wrap``, start the agent, then the rest.

The console script and ``python -m acp_compat`` run :func:`main`. Before importing click
and the relay (the bulk of ``wrap``'s start-up), it looks for ``wrap``'s agent command on
the command line and starts it (:mod:`acp_compat.io.early` says why and how nothing is
lost). Only a command line whose every option it knows is read here; anything else is
left to click, which reads every command line in full in any case.
"""

from __future__ import annotations

import sys

from acp_compat.io import early

WRAP_OPTIONS_WITH_VALUE = frozenset(
    {
        "--agent-protocol",
        "--probe-timeout",
        "--max-line-bytes",
        "--max-read-bytes",
        "--grace",
        "--cwd",
        "--auth-method",
        "--trace",
        "--log-file",
        "--log-level",
    }
)
"""``wrap``'s options that take a value (a test keeps this equal to the click command's)."""

WRAP_FLAGS = frozenset({"--client-fs", "--no-client-fs", "--verbose", "--quiet", "-v", "-q"})
"""``wrap``'s options without a value, ``--help`` aside (which starts nothing)."""


def wrap_command(args: list[str]) -> list[str] | None:
    """The agent command in ``wrap``'s arguments ``args``, or ``None`` when they are not
    plainly options then a command (an unknown option, ``--help``, a missing value or
    command): click then has the last word.

    As click reads them: options end at ``--`` or at the first argument that is no
    option, and an option's value is the next argument, whatever it looks like.
    """
    index = 0
    while index < len(args):
        token = args[index]
        if token == "--":
            return args[index + 1 :] or None
        if not token.startswith("-") or token == "-":
            return args[index:]
        if token.startswith("--"):
            name, equals, _value = token.partition("=")
            if name in WRAP_OPTIONS_WITH_VALUE:
                index += 0 if equals else 1
            elif equals or name not in WRAP_FLAGS:
                return None
        elif not set(token[1:]) <= {"v", "q"}:
            return None  # short options: only -v and -q, which may be grouped (-qq)
        index += 1
    return None


def main() -> None:
    """Run ``acp-compat`` with ``sys.argv``; ``wrap``'s agent starts first."""
    args = sys.argv[1:]
    if args[:1] == ["wrap"]:
        command = wrap_command(args[1:])
        if command is not None:
            early.start(command)
    try:
        from acp_compat.cli.main import main as command_group

        command_group()
    finally:
        # Unless the relay claimed it, the agent is not wanted (a usage error, --help...).
        early.discard()
