"""anyio shells around the sans-IO core: agent processes, the stdio relay and the in-process shim."""
