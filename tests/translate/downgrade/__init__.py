"""Tests of ``acp_compat/translate/downgrade``."""
