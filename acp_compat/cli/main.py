"""The ``acp-compat`` command group: ``wrap``, ``demo``, ``detect`` and ``trace``."""

from __future__ import annotations

import click

from acp_compat import __version__
from acp_compat.cli.demo import demo
from acp_compat.cli.detect import detect
from acp_compat.cli.trace import trace
from acp_compat.cli.wrap import wrap


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, "--version", "-V", prog_name="acp-compat")
def main() -> None:
    """Run legacy ACP 0.0.9 agents in current ACP editors, and the reverse.

    \b
    acp-compat wrap -- CMD ARGS...   relay an agent to the editor on stdin/stdout
    acp-compat demo                  watch a bundled legacy agent run through the relay
    acp-compat detect -- CMD ARGS... tell which protocol an agent speaks
    acp-compat trace FILE            read a --trace file as a conversation
    """


main.add_command(wrap)
main.add_command(demo)
main.add_command(detect)
main.add_command(trace)
