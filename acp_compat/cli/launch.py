"""The ``acp-compat`` command's first steps: for ``wrap``, start the agent, then the rest.

The console script and ``python -m acp_compat`` run :func:`main`. Before importing click
and the relay (the bulk of ``wrap``'s start-up), it looks for ``wrap``'s agent command on
the command line and starts it (:mod:`acp_compat.io.early` says why and how nothing is
lost). Then a plain ``wrap`` command line is served without importing click at all
(:mod:`acp_compat.cli.wrap_settings`); any other command line goes to click.
"""

from __future__ import annotations

import os
import sys

from acp_compat.cli.wrap_line import split_command_line
from acp_compat.io import early


def main() -> None:
    """Run ``acp-compat`` with ``sys.argv``; ``wrap``'s agent starts first, and a plain
    ``wrap`` command line runs without click."""
    args = sys.argv[1:]
    try:
        if args[:1] == ["wrap"]:
            early.pause_collector()  # until the relay has decided the mode
            split = split_command_line(args[1:])
            if split is not None:
                early.start(split[1])
            from acp_compat.cli.wrap_settings import read_plainly

            settings = read_plainly(args[1:], os.environ)
            if settings is not None:
                from acp_compat.cli.wrap_serve import serve

                serve(settings)
        from acp_compat.cli.main import main as command_group

        command_group()
    finally:
        # Unless the relay claimed it, the agent is not wanted (a usage error, --help...).
        early.discard()
