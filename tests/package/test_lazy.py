"""Lazy names (acp_compat/_lazy.py): a package's face serves its ``EXPORTS`` table.

Type checkers read the same names from the package's ``if TYPE_CHECKING:`` block, which the
generator writes from the table (tests/models/test_codegen.py holds it there). These tests
hold the table to the modules (every public definition of a model topic, nothing else)
and the face to its laziness, on the real packages and on a small made-up one.
"""

from __future__ import annotations

import ast
import importlib
import subprocess
import sys
import textwrap
from collections.abc import Iterator
from pathlib import Path

import pytest

import acp_compat.models.current as current
from acp_compat._lazy import lazy_module
from tests.support.paths import PACKAGE

# The topic modules and the method table; wire.py is the builders, imported as a module.
TOPICS = sorted(
    p for p in (PACKAGE / "models" / "current").glob("*.py") if p.stem not in ("__init__", "wire")
)


def _public_definitions(path: Path) -> set[str]:
    """What ``from <module> import *`` gives mypy --strict: public top-level definitions
    and explicit ``X as X`` re-exports (imports otherwise are not re-exported)."""
    names: set[str] = set()
    for node in ast.parse(path.read_text(encoding="utf-8")).body:
        if isinstance(node, (ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            names.add(node.name)
        elif isinstance(node, ast.Assign):
            names.update(t.id for t in node.targets if isinstance(t, ast.Name))
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            names.add(node.target.id)
        elif isinstance(node, ast.ImportFrom):
            names.update(a.name for a in node.names if a.asname == a.name)
    return {name for name in names if not name.startswith("_")}


@pytest.mark.parametrize("topic", TOPICS, ids=[p.stem for p in TOPICS])
def test_each_topic_exports_exactly_its_public_definitions(topic: Path) -> None:
    module = f"acp_compat.models.current.{topic.stem}"
    exported = {name for name, source in current.EXPORTS.items() if source == module}
    assert exported == _public_definitions(topic)
    defining = __import__(module, fromlist=["_"])
    for name in exported:
        assert getattr(current, name) is getattr(defining, name)


def test_the_models_package_exports_every_topic() -> None:
    """A topic module the table does not name would export nothing."""
    modules = set(current.EXPORTS.values())
    assert modules == {f"acp_compat.models.current.{p.stem}" for p in TOPICS}


def test_all_and_dir_list_the_exports_before_they_are_imported() -> None:
    code = (
        "import sys\n"
        "import acp_compat.models.current as current\n"
        "names = set(current.__all__)\n"
        "print('PromptRequest' in names, 'PromptRequest' in dir(current), len(names))\n"
        "print(sorted(m for m in sys.modules if m.startswith('acp_compat.models.current.')))\n"
        "current.PromptRequest\n"
        "print(sorted(m for m in sys.modules if m.startswith('acp_compat.models.current.')))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=60
    ).stdout.splitlines()
    assert out[0] == f"True True {len(current.EXPORTS)}"
    assert out[1] == "[]"
    assert "acp_compat.models.current.prompt" in out[2]


def test_unknown_names_and_dunders_are_attribute_errors() -> None:
    with pytest.raises(AttributeError, match="has no attribute 'NoSuchModel'"):
        current.NoSuchModel  # type: ignore[attr-defined]  # noqa: B018
    assert not hasattr(current, "__wrapped__")


@pytest.fixture
def made_up_root(tmp_path: Path) -> Iterator[Path]:
    """A folder on sys.path for made-up packages, removed with what they imported."""
    sys.path.insert(0, str(tmp_path))
    try:
        yield tmp_path
    finally:
        sys.path.remove(str(tmp_path))
        for name in [m for m in sys.modules if m.startswith("made_up")]:
            del sys.modules[name]


def _package(root: Path, init: str, **modules: str) -> None:
    folder = root / "made_up"
    folder.mkdir()
    (folder / "__init__.py").write_text(textwrap.dedent(init), encoding="utf-8")
    for name, text in modules.items():
        (folder / f"{name}.py").write_text(textwrap.dedent(text), encoding="utf-8")


INIT = """\
    from typing import TYPE_CHECKING

    from acp_compat._lazy import lazy_exports

    EAGER = 1
    EXPORTS = {"Model": "made_up.topic", "LIMIT": "made_up.topic", "Named": "made_up.other"}

    if TYPE_CHECKING:
        from made_up.other import Named as Named
        from made_up.topic import LIMIT as LIMIT
        from made_up.topic import Model as Model
    else:
        __getattr__, __dir__ = lazy_exports(__name__, EXPORTS, "EAGER")
    """

TOPIC = """\
    class Model:
        inner = 1

    LIMIT: int = 3
    Hidden = 4
    """


def test_a_made_up_package_exports_what_its_table_says(made_up_root: Path) -> None:
    _package(made_up_root, INIT, topic=TOPIC, other="Named = 'named'\n")
    made_up = importlib.import_module("made_up")

    assert "made_up.topic" not in sys.modules
    assert made_up.Named == "named"
    assert "made_up.topic" not in sys.modules  # only the module that has the name
    assert made_up.LIMIT == 3
    assert "LIMIT" in vars(made_up)  # later reads find it without the table
    assert sorted(made_up.__all__) == ["EAGER", "LIMIT", "Model", "Named"]
    assert "Model" in dir(made_up)
    with pytest.raises(AttributeError):
        made_up.Hidden  # noqa: B018  (defined in a topic, not exported)


def test_a_lazy_module_imports_at_the_first_read(made_up_root: Path) -> None:
    _package(made_up_root, '"""Nothing lazy."""\n', topic=TOPIC)
    topic = lazy_module("made_up.topic")
    assert "made_up.topic" not in sys.modules
    assert topic.LIMIT == 3
    assert "made_up.topic" in sys.modules
    assert topic.Model is sys.modules["made_up.topic"].Model
