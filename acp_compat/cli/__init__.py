"""The ``acp-compat`` command line (click)."""
