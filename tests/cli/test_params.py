"""The shared click types: every command's seconds are finite."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from acp_compat.cli.main import main


@pytest.mark.parametrize("command", [["demo"], ["detect"]])
@pytest.mark.parametrize("value", ["nan", "inf", "0", "-1"])
def test_a_timeout_is_a_finite_number_of_seconds_above_zero(command: list[str], value: str) -> None:
    """A usage error (2) naming the flag, before any agent starts (click's FloatRange
    let NaN through, which no timer can be armed with)."""
    args = [*command, "--timeout", value] + (["--", "true"] if command == ["detect"] else [])
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 2, result.output
    assert "'--timeout'" in result.output
