"""``wrap``'s options, each written once: the table the click command is generated from, and
the agent command read off a command line at launch.

Standard library only: the console script (:mod:`acp_compat.cli.launch`) finds the agent
command with :func:`agent_command` before anything else is imported, to start the agent at
once. Click then reads the whole command line with the command :mod:`acp_compat.cli.wrap`
generates from :data:`OPTIONS` (types, ranges, help, variables, errors); the defaults are
the settings record's (:class:`~acp_compat.translate.settings.WrapSettings`).

Names follow one rule: an option's setting is its long flag without the dashes
(``--probe-timeout`` sets ``probe_timeout``), and its environment variable is the setting
in capitals after ``ACP_COMPAT_`` (``ACP_COMPAT_PROBE_TIMEOUT``).
"""

from __future__ import annotations

from typing import NamedTuple

AGENT_PROTOCOLS = ("auto", "legacy", "current", "v2")
LOG_LEVEL_NAMES = ("none", "error", "warning", "info", "debug")
"""``--log-level`` names, from least to most detail; ``none`` logs nothing."""


class WrapOption(NamedTuple):
    """One option of ``wrap``."""

    flags: tuple[str, ...]
    """Its flags, the long one last (``-v``, ``--verbose``); a switch's ``--no-`` form is
    made from the long one."""
    kind: str
    """``choice``, ``mode`` (a session mode id: the choices are the modes of
    :mod:`acp_compat.translate.upgrade.modes`, which this module, read before anything is
    imported, cannot import), ``seconds`` (a finite number), ``count`` (a whole number),
    ``directory``, ``file``, ``text``, ``switch`` (on/off) or ``repeat`` (counted each time
    it is given)."""
    help: str
    choices: tuple[str, ...] = ()
    minimum: float = 0
    """The smallest value of a ``seconds`` or ``count`` option."""

    @property
    def long_flag(self) -> str:
        """The flag that names the option."""
        return self.flags[-1]

    @property
    def name(self) -> str:
        """The setting it sets: the long flag without its dashes."""
        return self.long_flag[2:].replace("-", "_")

    @property
    def variable(self) -> str:
        """The environment variable that sets it."""
        return "ACP_COMPAT_" + self.name.upper()

    @property
    def takes_value(self) -> bool:
        """Whether the next argument (or ``=value``) is its value."""
        return self.kind not in ("switch", "repeat")

    @property
    def all_flags(self) -> tuple[str, ...]:
        """Every flag a command line may use for it (a switch's ``--no-`` form too)."""
        if self.kind == "switch":
            return (*self.flags, "--no-" + self.long_flag[2:])
        return self.flags


OPTIONS: tuple[WrapOption, ...] = (
    WrapOption(
        ("--agent-protocol",),
        "choice",
        "The protocol the agent speaks; auto probes it with an initialize.",
        choices=AGENT_PROTOCOLS,
    ),
    WrapOption(
        ("--probe-timeout",),
        "seconds",
        "Seconds auto-detection gives the agent to answer initialize, in all (finite); the"
        " other protocol is tried beside the first after 5 s, or half this if less.",
        minimum=0.1,
    ),
    WrapOption(
        ("--max-line-bytes",),
        "count",
        "Longest accepted line; longer ones are dropped and logged.",
        minimum=1024,
    ),
    WrapOption(
        ("--max-read-bytes",),
        "count",
        "Largest file acp-compat reads itself for an agent (when the editor offers no fs).",
        minimum=1,
    ),
    WrapOption(
        ("--grace",),
        "seconds",
        "Seconds an agent gets to exit after its stdin closed (and again after SIGTERM; finite).",
    ),
    WrapOption(
        ("--cwd",),
        "directory",
        "Session directory for a current agent behind a legacy client [default: here].",
    ),
    WrapOption(
        ("--client-fs",),
        "switch",
        "Tell a current agent that the legacy client serves readTextFile/writeTextFile.",
    ),
    WrapOption(
        ("--auth-method",),
        "text",
        "authenticate methodId for a current agent behind a legacy client.",
    ),
    WrapOption(
        ("--session-mode",),
        "mode",
        "The mode a legacy agent's new sessions start in; the editor can switch it "
        "(acceptEdits: edits without asking; a current agent keeps its own modes).",
    ),
    WrapOption(
        ("--trace",),
        "file",
        "Write every message, before and after translation, to this JSONL file (mode 0600).",
    ),
    WrapOption(
        ("--log-file",),
        "file",
        "Write log records here instead of stderr (created with mode 0600).",
    ),
    WrapOption(
        ("--log-level",),
        "choice",
        "How much to log: warning is what needs your attention (a session that goes well"
        " logs nothing); info adds the translation chosen and agent starts and exits;"
        " none, nothing.",
        choices=LOG_LEVEL_NAMES,
    ),
    WrapOption(
        ("-v", "--verbose"),
        "repeat",
        "One level more log detail than --log-level (repeatable; a number in the variable).",
    ),
    WrapOption(
        ("-q", "--quiet"),
        "repeat",
        "One level less log detail than --log-level (repeatable; a number in the variable).",
    ),
)
"""Every option of ``wrap`` (``--help`` aside), in the order ``--help`` lists them."""

_WITH_VALUE = {flag for option in OPTIONS if option.takes_value for flag in option.all_flags}
_WITHOUT_VALUE = {flag for o in OPTIONS if not o.takes_value for flag in o.all_flags}
_SHORT = {flag[1] for flag in _WITHOUT_VALUE if not flag.startswith("--")}


def agent_command(args: list[str]) -> list[str] | None:
    """The agent command in ``wrap``'s arguments ``args``, or ``None`` when they are not
    plainly known options then a non-empty command (an unknown option, ``--help``, a
    missing value or command): click then has the last word.

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
            if name in _WITH_VALUE:
                index += 0 if equals else 1
            elif equals or name not in _WITHOUT_VALUE:
                return None
        elif not set(token[1:]) <= _SHORT:  # -qq, -vq
            return None
        index += 1
    return None
