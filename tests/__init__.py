"""acp-compat's test suite, laid out like the project: ``tests/codec/`` tests ``acp_compat/codec/``,
``tests/translate/upgrade/`` tests ``acp_compat/translate/upgrade/``, and so on; ``vectors/``,
``docs/`` and ``package/`` (the package as a whole) test what their names say.

Every folder is a package (``tests.codec``, ``tests.io``, ...), so two test modules may share a
basename and helpers import as ``tests.support...``; ``support/`` holds what is not a test.
"""
