"""Sans-IO translators between legacy ACP 0.0.x and current ACP v1 (no I/O, clocks or threads)."""
