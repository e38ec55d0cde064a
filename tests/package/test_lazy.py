"""Lazy names (acp_compat/_lazy.py): a package's export table is its TYPE_CHECKING block.

The runtime reads that block as text; type checkers read it as imports. These tests hold
the reader to what a type checker sees (Python's own parser here), on the real packages
and on small made-up ones.
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
from acp_compat._lazy import exports_of, lazy_module
from tests.support.paths import PACKAGE

TOPICS = sorted(p for p in (PACKAGE / "models" / "current").glob("*.py") if p.stem[0] != "_")


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
    table = exports_of("acp_compat.models.current")
    exported = {name for name, source in table.items() if source == module}
    assert exported == _public_definitions(topic)
    defining = __import__(module, fromlist=["_"])
    for name in exported:
        assert getattr(current, name) is getattr(defining, name)


def test_the_models_package_exports_every_topic() -> None:
    """A topic module without its line in the block would export nothing."""
    modules = set(exports_of("acp_compat.models.current").values())
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
    assert out[0] == f"True True {len(exports_of('acp_compat.models.current'))}"
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

    if TYPE_CHECKING:  # the table
        # a comment line is allowed
        from made_up.topic import *
        from made_up.other import Named as Named
    else:
        __getattr__, __dir__ = lazy_exports(__name__, "EAGER")
    """

TOPIC = '''\
    """A topic.

        Text = "indented in a docstring: not a definition"
    """
    from typing import Literal
    from json import dumps as dumps

    class Model:
        inner = 1

    async def fetch() -> None: ...

    def helper() -> None: ...

    Kind = Literal["a"]
    LIMIT: int = 3
    _private = 2
    if LIMIT == 3:
        Nested = 4
    '''


def test_a_made_up_package_exports_what_its_block_says(made_up_root: Path) -> None:
    _package(made_up_root, INIT, topic=TOPIC, other="Named = 'named'\n")
    made_up = importlib.import_module("made_up")

    expected = {"Model", "fetch", "helper", "Kind", "LIMIT", "dumps"}
    assert _public_definitions(made_up_root / "made_up" / "topic.py") == expected
    assert exports_of("made_up") == {
        **dict.fromkeys(expected, "made_up.topic"),
        "Named": "made_up.other",
    }
    assert "made_up.topic" not in sys.modules
    assert made_up.Named == "named"
    assert "made_up.topic" not in sys.modules  # only the module that has the name
    assert made_up.LIMIT == 3
    assert sorted(made_up.__all__) == sorted(["EAGER", "Named", *expected])
    with pytest.raises(AttributeError):
        made_up.Nested  # noqa: B018
    with pytest.raises(AttributeError):
        made_up.Literal  # noqa: B018


@pytest.mark.parametrize(
    ("line", "problem"),
    [
        ("from made_up.topic import Model", "not an export line"),
        ("from made_up.topic import Model as Other", "not an export line"),
        ("import made_up.topic", "not an export line"),
        ("from json import *", "must be one of its own modules"),
    ],
)
def test_a_block_line_it_cannot_read_is_an_import_error(
    made_up_root: Path, line: str, problem: str
) -> None:
    init = INIT.replace("        from made_up.other import Named as Named\n", f"        {line}\n")
    _package(made_up_root, init, topic=TOPIC)
    made_up = importlib.import_module("made_up")

    with pytest.raises(ImportError, match=problem):
        made_up.Model  # noqa: B018


def test_a_name_exported_twice_is_an_import_error(made_up_root: Path) -> None:
    _package(made_up_root, INIT, topic=TOPIC, other="Model = 1\nNamed = 2\n")
    made_up_init = made_up_root / "made_up" / "__init__.py"
    text = made_up_init.read_text(encoding="utf-8")
    made_up_init.write_text(
        text.replace("from made_up.other import Named as Named", "from made_up.other import *"),
        encoding="utf-8",
    )
    made_up = importlib.import_module("made_up")

    with pytest.raises(ImportError, match="Model is exported twice"):
        made_up.Named  # noqa: B018


def test_a_lazy_module_imports_at_the_first_read(made_up_root: Path) -> None:
    _package(made_up_root, '"""Nothing lazy."""\n', topic=TOPIC)
    topic = lazy_module("made_up.topic")
    assert "made_up.topic" not in sys.modules
    assert topic.LIMIT == 3
    assert "made_up.topic" in sys.modules
    assert topic.Model is sys.modules["made_up.topic"].Model
