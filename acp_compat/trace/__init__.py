"""The trace room: a ``--trace`` file read back, sans-IO.

``records`` (the file's lines as records), ``links`` (the one interpreter of a trace: what
is open on each connection), ``conversation`` (the turns an editor showed), ``render``
(the one renderer of a conversation, as lines of styled spans: ``acp-compat trace`` and
``acp-compat demo`` both print through it); and ``acp-compat trace --check``: ``rules``
(the table of rules of both protocols), ``check`` (the rules applied record by record,
and findings as lines). The writer is I/O and lives in :mod:`acp_compat.io.trace`.
Nothing is imported here, so the relay, which needs only the record directions, pays for
no more.
"""
