"""Tests of ``acp_compat/cli``: the commands, run as a user runs them."""
