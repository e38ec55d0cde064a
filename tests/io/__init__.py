"""Tests of ``acp_compat/io``: the relay, its processes and its pipes."""
