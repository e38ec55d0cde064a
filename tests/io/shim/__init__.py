"""Tests of ``acp_compat/io/shim``."""
