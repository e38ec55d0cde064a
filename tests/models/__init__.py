"""Tests of ``acp_compat/models``."""
