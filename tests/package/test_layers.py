"""The package's layers import only downward (docs/architecture.md).

models -> codec -> jsonrpc -> translate -> trace -> io -> cli, with examples beside cli. A sans-IO
core that imported the I/O shell (or a model that imported the codec) would quietly stop
being usable on its own; this keeps the folder layout honest.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from tests.support.paths import PACKAGE

LAYERS = ["models", "codec", "jsonrpc", "translate", "trace", "io", "examples", "cli"]
"""Lowest first. examples may use io (the shim example); cli may use everything."""


def _layer(module: str) -> int | None:
    parts = module.split(".")
    if parts[0] != "acp_compat" or len(parts) < 2:
        return None  # the package root (__version__) is usable from anywhere
    return LAYERS.index(parts[1]) if parts[1] in LAYERS else None


def _module(path: Path) -> str:
    return ".".join(path.relative_to(PACKAGE.parent).with_suffix("").parts)


def _imports(path: Path, module: str) -> list[str]:
    """The absolute names of the modules ``path`` (module ``module``) imports."""
    package = module if path.name == "__init__.py" else module.rsplit(".", 1)[0]
    found: list[str] = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                found.append(".".join([*base, node.module] if node.module else base))
            elif node.module:
                found.append(node.module)
    return found


SOURCES = sorted(p for p in PACKAGE.rglob("*.py") if _layer(_module(p)) is not None)


@pytest.mark.parametrize("path", SOURCES, ids=[str(p.relative_to(PACKAGE)) for p in SOURCES])
def test_imports_only_point_downward(path: Path) -> None:
    own = _layer(_module(path))
    assert own is not None
    upward = [
        m for m in _imports(path, _module(path)) if (layer := _layer(m)) is not None and layer > own
    ]
    assert not upward, f"{path.relative_to(PACKAGE)} ({LAYERS[own]}) imports {upward}"


def test_the_checker_sees_upward_imports(tmp_path: Path) -> None:
    fake = tmp_path / "probe.py"
    fake.write_text("from acp_compat.io import relay\nfrom ..codec import structure\n")
    imported = _imports(fake, "acp_compat.models.probe")
    assert imported == ["acp_compat.io", "acp_compat.codec"]
    assert [_layer(m) for m in imported] == [LAYERS.index("io"), 1]  # io is above models
