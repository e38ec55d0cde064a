"""Tests of ``acp_compat/trace``: a trace read back, rendered, and checked."""
