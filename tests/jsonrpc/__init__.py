"""Tests of ``acp_compat/jsonrpc``."""
