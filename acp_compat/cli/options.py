"""Option helpers shared by the commands: errors that name what the user actually typed.

An option of ``wrap`` can come from its flag or from its ``ACP_COMPAT_*`` variable. A user
who typed ``--probe-timeout 0`` should read about ``--probe-timeout``; one whose editor
set ``ACP_COMPAT_PROBE_TIMEOUT=0`` should read about that variable, since the flag is
nowhere in their settings. Both are usage errors (exit status 2).
"""

from __future__ import annotations

import os
from typing import NoReturn

import click
from click.core import ParameterSource


class SourceNamedOption(click.Option):
    """An option whose errors name the flag or the environment variable that was used."""

    def get_error_hint(self, ctx: click.Context | None) -> str:
        """``'--flag'`` when the value came from the command line (or a default), else
        ``environment variable 'NAME'`` for the variable that was set."""
        variable = self.variable_used(ctx)
        if variable is not None:
            return f"environment variable '{variable}'"
        return " / ".join(f"'{name}'" for name in self.opts)

    def variable_used(self, ctx: click.Context | None) -> str | None:
        """The environment variable this option's value came from, if it did."""
        if ctx is None or self.name is None or not self.envvar:
            return None
        if ctx.get_parameter_source(self.name) is not ParameterSource.ENVIRONMENT:
            return None
        names = [self.envvar] if isinstance(self.envvar, str) else list(self.envvar)
        return next((name for name in names if os.environ.get(name)), names[0])


def bad_option(name: str, message: str) -> NoReturn:
    """Fail the current command with a usage error about option ``name`` (exit status 2),
    naming the flag or the variable it came from."""
    ctx = click.get_current_context()
    param = next((p for p in ctx.command.params if p.name == name), None)
    raise click.BadParameter(message, ctx=ctx, param=param)
