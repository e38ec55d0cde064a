"""Tests of ``acp_compat/examples``."""
