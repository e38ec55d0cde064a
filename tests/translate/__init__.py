"""Tests of ``acp_compat/translate``."""
