"""Helpers of the tests, not tests: fake agents, drivers, harnesses, schema loaders."""
