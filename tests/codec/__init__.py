"""Tests of ``acp_compat/codec``."""
