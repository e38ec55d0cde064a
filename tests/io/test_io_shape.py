"""The I/O shell stays thin: no function in ``acp_compat/io`` grows past about 50 lines.

Long functions in the shell were where startup decisions and output dispatch used to
hide; those now live in the sans-IO policy and the one driver (docs/architecture.md).
"""

from __future__ import annotations

import ast

from tests.support.paths import PACKAGE

IO = PACKAGE / "io"

LIMIT = 55
"""Lines per function, signature and docstring included ("about 50")."""


def test_no_long_functions_in_io() -> None:
    long = []
    for path in sorted(IO.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                size = (node.end_lineno or node.lineno) - node.lineno + 1
                if size > LIMIT:
                    long.append(f"{path.relative_to(IO)}:{node.lineno} {node.name} ({size})")
    assert not long, "functions over the limit: " + ", ".join(long)
