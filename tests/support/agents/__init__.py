"""Tiny fake agents and a client harness for the relay tests (real subprocesses)."""
