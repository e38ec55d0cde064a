"""The click parameter types the commands share."""

from __future__ import annotations

import math
from typing import Any

import click


class Seconds(click.FloatRange):
    """A finite number of seconds, at least ``minimum`` (more than it, ``above``): NaN and
    infinity are refused (click's ``FloatRange`` lets NaN through; a timer cannot be armed
    with it, and every wait of acp-compat is bounded)."""

    name = "seconds"

    def __init__(self, minimum: float, *, above: bool = False) -> None:
        super().__init__(min=minimum, min_open=above)

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        """``value`` as a ``float``, or a usage error naming the flag or variable."""
        number = click.FLOAT.convert(value, param, ctx)
        if not math.isfinite(number):
            self.fail(f"{value!r} is not a finite number of seconds.", param, ctx)
        return super().convert(number, param, ctx)
