"""The ``acp-compat`` command group.

Subcommands are imported only when they run: an editor starts ``wrap`` for every thread,
and ``wrap`` must not pay for the others' imports before it answers ``initialize``. To add
a command, add one row to :data:`COMMANDS`; its module is imported only to run it or to
show its own help.
"""

from __future__ import annotations

from types import ModuleType

import click

from acp_compat import __version__
from acp_compat._lazy import lazy_module

COMMANDS: dict[str, tuple[ModuleType, str]] = {
    # name: (module defining it, imported on first use; one line for ``acp-compat --help``)
    "wrap": (
        lazy_module("acp_compat.cli.wrap"),
        "Relay an agent to the editor on stdin/stdout.",
    ),
    "demo": (
        lazy_module("acp_compat.cli.demo"),
        "Watch a bundled legacy agent run through the relay.",
    ),
    "detect": (
        lazy_module("acp_compat.cli.detect"),
        "Tell which protocol an agent speaks.",
    ),
    "trace": (
        lazy_module("acp_compat.cli.trace"),
        "Read a --trace file as a conversation, or --check it.",
    ),
    "config": (
        lazy_module("acp_compat.cli.config"),
        "Print editor settings that run an agent through wrap.",
    ),
}
"""Every subcommand: the module holds a click command named like the subcommand."""


class LazyGroup(click.Group):
    """A click group whose commands come from :data:`COMMANDS`, imported on first use."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        """The command names, in table order (the order ``--help`` shows)."""
        return list(COMMANDS)

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        """The command named ``cmd_name``, importing its module now."""
        entry = COMMANDS.get(cmd_name)
        command: click.Command | None = getattr(entry[0], cmd_name) if entry else None
        return command

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        """The command list of ``--help`` from the table, without importing every command."""
        with formatter.section("Commands"):
            formatter.write_dl([(name, summary) for name, (_module, summary) in COMMANDS.items()])


@click.group(cls=LazyGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, "--version", "-V", prog_name="acp-compat")
def main() -> None:
    """Run legacy ACP 0.0.9 agents in current ACP editors, and the reverse.

    \b
    acp-compat wrap -- CMD ARGS...   relay an agent to the editor on stdin/stdout
    acp-compat demo                  watch a bundled legacy agent run through the relay
    acp-compat detect -- CMD ARGS... tell which protocol an agent speaks
    acp-compat trace [--check] FILE  read a --trace file as a conversation, or check it
    acp-compat config EDITOR -- CMD  print the editor settings that run CMD wrapped
    """
