"""``acp-compat wrap -- CMD ARGS...``: the command users put in their editor's settings.

The click command is generated from the option table
(:data:`~acp_compat.cli.wrap_options.OPTIONS`) and the settings record's defaults, and
builds that record (:class:`~acp_compat.translate.settings.WrapSettings`) for
:func:`~acp_compat.cli.wrap_serve.serve`.
"""

from __future__ import annotations

import os
import textwrap
from collections.abc import Callable
from typing import Any

import attrs
import click
from click.core import ParameterSource

from acp_compat import __version__
from acp_compat.cli.launch import Launch
from acp_compat.cli.params import Seconds
from acp_compat.cli.wrap_options import OPTIONS, WrapOption
from acp_compat.cli.wrap_serve import serve
from acp_compat.translate.settings import WrapSettings
from acp_compat.translate.upgrade.modes import Mode as SessionMode

# Errors that name what the user actually typed: an option of ``wrap`` can come from its
# flag or from its ``ACP_COMPAT_*`` variable, and a user whose editor set the variable
# should read about the variable, since the flag is nowhere in their settings.


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
        if ctx is None or self.name is None or not isinstance(self.envvar, str):
            return None  # (wrap's options have one variable each)
        if ctx.get_parameter_source(self.name) is not ParameterSource.ENVIRONMENT:
            return None
        return self.envvar


EXIT_STATUSES: tuple[tuple[str, str], ...] = (
    (
        "0",
        "the editor closed stdin (and every agent was closed), or our stdout (also when"
        " stdin or stdout was already closed at start)",
    ),
    ("1", "the agent answered initialize in neither protocol"),
    (
        "2",
        "usage error: a bad option or environment variable, no COMMAND, or a --trace or"
        " --log-file naming stdout (one that cannot be opened is logged and done without)",
    ),
    (
        "N",
        "the agent's own status: when the one agent of a passthrough or downgrade relay"
        " ends (an upgrade relay runs one agent per session and carries on), or when the"
        " agent fails before answering initialize (a launcher such as npx or env reporting"
        " 127); 128+N when signal N killed it",
    ),
    (
        "127",
        "the agent command cannot be started (not found, not executable); the reason is"
        " logged to stderr and sent as the error answering initialize",
    ),
    ("128+N", "acp-compat received signal N (SIGTERM, SIGINT or SIGHUP) and closed the agents"),
)
"""Every exit status of ``wrap``, as ``wrap --help`` and the README's table show them."""


def _exit_status_epilog() -> str:
    """``EXIT_STATUSES`` as help text (``\\b``: click keeps the layout)."""
    lines = ["\b", "Exit status:"]
    for status, meaning in EXIT_STATUSES:
        wrapped = textwrap.wrap(meaning, width=70)
        lines.append(f"  {status:<7}{wrapped[0]}")
        lines.extend(f"  {'':<7}{line}" for line in wrapped[1:])
    return "\n".join(lines)


def names_stdout(path: str) -> bool:
    """Whether ``path`` names what our stdout is (``/dev/stdout``, the file it goes to)."""
    try:
        return os.path.samestat(os.stat(path), os.fstat(1))
    except OSError:
        return False


_ATTRIBUTES: dict[str, Callable[[WrapOption], dict[str, Any]]] = {
    "choice": lambda option: {"type": click.Choice(list(option.choices))},
    "mode": lambda option: {"type": click.Choice([mode.value for mode in SessionMode])},
    "seconds": lambda option: {"type": Seconds(option.minimum)},
    "count": lambda option: {"type": click.IntRange(min=int(option.minimum))},
    "directory": lambda option: {"type": click.Path(file_okay=False, resolve_path=True)},
    # Not readable=True (click's default): a file that cannot be used is logged and done
    # without (wrap_serve.serve), never a usage error that would stop every run.
    "file": lambda option: {"type": click.Path(dir_okay=False, readable=False)},
    "text": lambda option: {},
    "switch": lambda option: {},
    "repeat": lambda option: {"count": True},
}
"""The click attributes of an option of each kind (its type, or how it counts)."""

_DEFAULTS = {field.name: field.default for field in attrs.fields(WrapSettings)}


def _click_option(option: WrapOption) -> click.Option:
    """The click option of ``option``, whose errors name the flag or variable used."""
    default = _DEFAULTS[option.name]
    declarations = list(option.flags)
    if option.kind == "switch":
        declarations = [f"{option.long_flag}/--no-{option.long_flag[2:]}"]
    return SourceNamedOption(
        declarations,
        default=default,
        show_default=default is not None and option.kind != "repeat",
        envvar=option.variable,
        show_envvar=True,
        help=option.help,
        **_ATTRIBUTES[option.kind](option),
    )


def _given_as(ctx: click.Context) -> dict[str, str]:
    """How each value option that was given came: ``--flag value``, or ``VARIABLE=value``."""
    given: dict[str, str] = {}
    for param in ctx.command.params:
        value = ctx.params.get(param.name or "")
        if not isinstance(param, SourceNamedOption) or param.count or param.is_flag:
            continue
        if value is None or ctx.get_parameter_source(param.name or "") is ParameterSource.DEFAULT:
            continue
        variable = param.variable_used(ctx)
        given[param.name or ""] = f"{variable}={value}" if variable else f"{param.opts[0]} {value}"
    return given


def _wrap(command: tuple[str, ...], **values: Any) -> None:
    """Relay the agent COMMAND to the editor on stdin/stdout, translating if needed.

    \b
    Example:  acp-compat wrap -- gemini --experimental-acp

    A legacy ACP 0.0.x agent behind a current ACP editor is upgraded, a current agent
    behind a legacy client downgraded; same protocols are passed through. Only protocol
    goes to stdout; logs and the agent's stderr go to stderr. Exit statuses: below.
    """
    ctx = click.get_current_context()
    # A trace or log on stdout would corrupt the protocol: a usage error (2), told before
    # anything starts, never confused with an agent that failed (1, 127); it names the
    # flag or the variable the path came from.
    for param in ctx.command.params:
        path = values.get(param.name or "") if param.name in ("trace", "log_file") else None
        if path and names_stdout(path):
            message = f"{path!r} is stdout, which carries only the protocol"
            raise click.BadParameter(message, ctx=ctx, param=param)
    settings = WrapSettings(command=command, version=__version__, given_as=_given_as(ctx), **values)
    # The launch's agent and collector pause (cli/launch.py), when started from there.
    serve(settings, ctx.find_object(Launch))


class WrapCommand(click.Command):
    """The ``wrap`` command: its epilog, the exit statuses, is laid out when ``--help`` asks
    for it, not at every start (textwrap's layout is work a serving ``wrap`` never uses)."""

    def format_epilog(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        """The exit statuses below the options."""
        if self.epilog is None:
            self.epilog = _exit_status_epilog()
        super().format_epilog(ctx, formatter)


wrap = WrapCommand(
    "wrap",
    callback=_wrap,
    params=[
        *(_click_option(option) for option in OPTIONS),
        click.Argument(["command"], nargs=-1, required=True, type=click.UNPROCESSED),
    ],
    help=_wrap.__doc__,
    context_settings={"allow_interspersed_args": False, "auto_envvar_prefix": None},
)
"""The ``wrap`` command, generated from :data:`~acp_compat.cli.wrap_options.OPTIONS`."""
