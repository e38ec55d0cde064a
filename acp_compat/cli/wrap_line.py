"""The shape of ``wrap``'s command line, read with nothing but the standard library.

:mod:`acp_compat.cli.launch` reads it before anything else is imported (to start the
agent at once), and :mod:`acp_compat.cli.wrap_settings` to read plain command lines
without click. The click command in :mod:`acp_compat.cli.wrap` remains the definition of
the options; tests keep these tables equal to it.
"""

from __future__ import annotations

VALUE_OPTIONS: dict[str, str] = {
    "--agent-protocol": "agent_protocol",
    "--probe-timeout": "probe_timeout",
    "--max-line-bytes": "max_line_bytes",
    "--max-read-bytes": "max_read_bytes",
    "--grace": "grace",
    "--cwd": "session_cwd",
    "--auth-method": "auth_method",
    "--trace": "trace",
    "--log-file": "log_file",
    "--log-level": "log_level_name",
}
"""``wrap``'s options that take a value, by flag: the name of the setting."""

FLAGS: dict[str, tuple[str, bool | None]] = {
    "--client-fs": ("client_fs", True),
    "--no-client-fs": ("client_fs", False),
    "--verbose": ("verbose", None),
    "-v": ("verbose", None),
    "--quiet": ("quiet", None),
    "-q": ("quiet", None),
}
"""``wrap``'s options without a value (``--help`` aside), by flag: the setting and the
value the flag gives it (``None``: the flag is counted)."""

VARIABLES = frozenset(
    "ACP_COMPAT_" + flag[2:].replace("-", "_").upper()
    for flag in (*VALUE_OPTIONS, *FLAGS)
    if flag.startswith("--") and not flag.startswith("--no-")
)
"""The environment variables of ``wrap``'s options: each named after its long flag (a
test holds the click command to that rule)."""

Options = list[tuple[str, "str | None"]]
"""Options as given, in order: (flag, value or ``None`` for a flag without one)."""


def split_command_line(args: list[str]) -> tuple[Options, list[str]] | None:
    """``wrap``'s arguments ``args`` as (the options, the agent command), or ``None`` when
    they are not plainly known options then a non-empty command (an unknown option,
    ``--help``, a missing value or command): click then has the last word.

    As click reads them: options end at ``--`` or at the first argument that is no
    option, and an option's value is the next argument, whatever it looks like.
    """
    options: Options = []
    index = 0
    while index < len(args):
        token = args[index]
        if token == "--":
            command = args[index + 1 :]
            return (options, command) if command else None
        if not token.startswith("-") or token == "-":
            return options, args[index:]
        if token.startswith("--"):
            name, equals, value = token.partition("=")
            if name in VALUE_OPTIONS:
                if not equals:
                    index += 1
                    if index == len(args):
                        return None
                    value = args[index]
                options.append((name, value))
            elif not equals and name in FLAGS:
                options.append((name, None))
            else:
                return None
        elif set(token[1:]) <= {"v", "q"}:
            options += [(f"-{letter}", None) for letter in token[1:]]  # -qq, -vq
        else:
            return None
        index += 1
    return None
