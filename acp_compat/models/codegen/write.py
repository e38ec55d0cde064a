"""Every file the generator owns, as text: model modules, builders, method tables, faces."""

from __future__ import annotations

import ast
import subprocess
import sys
import textwrap
from pathlib import Path

from .build import ClassSpec, ConstSpec, MethodRow, Models, UnionSpec, build
from .choices import CURRENT, LEGACY, PROTOCOLS
from .emit import builder_name, builders, constant, header, module, values_name

HAND_FACES = (
    "acp_compat/__init__.py",
    "acp_compat/translate/upgrade/__init__.py",
    "acp_compat/translate/v2/__init__.py",
)
"""Hand-written packages with a lazy face: their ``if TYPE_CHECKING:`` block is written here
from their ``EXPORTS`` table, so the runtime and type checkers read one list of names."""


CODES_FILE = "acp_compat/jsonrpc/messages.py"
CODES_BEGIN = (
    "# error codes: written by acp_compat.models.codegen from v1's ErrorCode, do not edit\n"
)
CODES_END = "# end of error codes\n"
"""The JSON-RPC layer's error codes, written into its hand-written module between these
lines from the same constants as the v1 models' (the layer below the models cannot import
them: that would load the models before ``wrap``'s first answer)."""

TAGS_FILE = "acp_compat/translate/upgrade/modes.py"
TAGS_BEGIN = "# confirmation types: written by acp_compat.models.codegen, do not edit\n"
TAGS_END = "# end of confirmation types\n"
"""The legacy ``ToolCallConfirmation`` types, written into the modes' hand-written module
between these lines: every ``wrap`` reads the modes (``--session-mode``), long before
a legacy model is needed."""


def generated_files(root: Path) -> dict[Path, str]:
    """Path → the text the generator writes there, laid out by ruff (the version pinned in
    pyproject.toml's test extra, with the project's settings): what ``ruff format`` and
    ``ruff check`` keep."""
    files = {root / face: _hand_face(root / face) for face in HAND_FACES}
    for choices in PROTOCOLS:
        models = build(choices, root)
        if choices is CURRENT:
            files[root / CODES_FILE] = _codes_block(root / CODES_FILE, models)
        if choices is LEGACY:
            files[root / TAGS_FILE] = _tags_block(root / TAGS_FILE, models)
        where = root / Path(*choices.package.split("."))
        if "" in models.topics:
            # One module, and its builders beside it: importing them loads no model.
            files[where.with_suffix(".py")] = module(models, "", _table(models, qualified=False))
            files[where.with_name(f"{where.name}_wire.py")] = _wire_module(models)
            continue
        for topic in sorted(models.topics):
            files[where / f"{topic}.py"] = module(models, topic)
        files[where / "methods.py"] = _method_module(models)
        files[where / "wire.py"] = _wire_module(models)
        files[where / "__init__.py"] = _face(models)
    return {path: _ruff(text, path, root) for path, text in files.items()}


def _ruff(text: str, path: Path, root: Path) -> str:
    name = str(path.relative_to(root))
    for command in (["check", "--fix-only", "--select", "I,UP,F401"], ["format"]):
        done = subprocess.run(
            [sys.executable, "-m", "ruff", *command, "--stdin-filename", name, "-"],
            input=text,
            capture_output=True,
            text=True,
            cwd=root,
            check=False,
        )
        if done.returncode not in (0, 1) or not done.stdout:
            raise RuntimeError(f"ruff {command[0]} failed on {name}: {done.stderr.strip()}")
        text = done.stdout
    return text


def _hand_face(path: Path) -> str:
    """``path`` with its ``if TYPE_CHECKING:`` block written from its ``EXPORTS`` table."""
    text = path.read_text(encoding="utf-8")
    tree = ast.parse(text)
    table: dict[str, str] = next(
        ast.literal_eval(node.value)
        for node in tree.body
        if isinstance(node, ast.AnnAssign)
        and getattr(node.target, "id", "") == "EXPORTS"
        and node.value is not None
    )
    block = next(
        n for n in tree.body if isinstance(n, ast.If) and "TYPE_CHECKING" in ast.unparse(n.test)
    )
    lines = text.splitlines(keepends=True)
    imports = "".join(
        f"    from {module_name} import {name} as {name}\n"
        for name, module_name in sorted(table.items(), key=lambda item: (item[1], item[0]))
    )
    start, end = block.body[0].lineno - 1, block.body[-1].end_lineno or 0
    return "".join(lines[:start]) + imports + "".join(lines[end:])


def _codes_block(path: Path, models: Models) -> str:
    """``path`` with its error-code block written from ``models``' integer constants."""
    codes = [item for items in models.topics.values() for item in items]
    block = "".join(constant(item) for item in codes if isinstance(item, ConstSpec))
    return _block(path, CODES_BEGIN, CODES_END, block)


def _tags_block(path: Path, models: Models) -> str:
    """``path`` with the tags of the legacy ``ToolCallConfirmation`` union written."""
    [union] = [i for i in models.topics[""] if getattr(i, "name", "") == "ToolCallConfirmation"]
    assert isinstance(union, UnionSpec)
    tags = ", ".join(f'"{tag}"' for tag, _member in union.keys)
    block = (
        f"CONFIRMATION_TYPES: Final = ({tags})\n"
        '"""The legacy ``ToolCallConfirmation`` types (its ``type`` tags)."""\n'
    )
    return _block(path, TAGS_BEGIN, TAGS_END, block)


def _block(path: Path, begin: str, end: str, block: str) -> str:
    """``path`` with ``block`` written between its lines ``begin`` and ``end``."""
    text = path.read_text(encoding="utf-8")
    start = text.index(begin) + len(begin)
    return text[:start] + block + text[text.index(end, start) :]


BUILT_BELOW = {"Error": "acp_compat.jsonrpc.messages.error_object"}
"""Classes whose wire object the JSON-RPC layer builds, the same in every protocol (it
is below the models and cannot use their builders): no builder of their own."""


def _classes(models: Models) -> list[ClassSpec]:
    """The classes with a builder: all but the unions' fallbacks and :data:`BUILT_BELOW`."""
    items = [item for items in models.topics.values() for item in items]
    skip = {item.fallback for item in items if isinstance(item, UnionSpec)} | BUILT_BELOW.keys()
    return [item for item in items if isinstance(item, ClassSpec) and item.name not in skip]


def _table(models: Models, qualified: bool) -> str:
    def name(cls: str | None) -> str:
        return "None" if cls is None else f"{models.home[cls]}.{cls}" if qualified else cls

    def row(method: MethodRow) -> str:
        flags = ", notification=True" * method.notification + ", unstable=True" * method.unstable
        return (
            f'    "{method.name}": MethodSpec("{method.name}", "{method.handled_by}",'
            f" {name(method.params)}, {name(method.result)}{flags}),\n"
        )

    table = models.choices.methods_table
    return (
        f"{table}: Final[dict[str, MethodSpec]] = {{\n{''.join(map(row, models.methods))}}}\n"
        '"""Method name → :class:`~acp_compat.models._base.MethodSpec`: ``handled_by`` the\n'
        'side that receives it ("both": ``$/cancel_request``); ``None`` params: none sent,\n'
        '``None`` result: a void result (0.0.x) or a notification."""\n'
    )


def _method_module(models: Models) -> str:
    package = models.choices.package
    topics = sorted({models.home[c] for r in models.methods for c in (r.params, r.result) if c})
    voids = ", ".join(f"{models.home[c]}.{c}" for c in models.void_results)
    return (
        f'{header(models)}"""``{models.choices.methods_table}``: every method of the schemas'
        ' with its params and result types."""\n\n'
        "from typing import Final\n\nfrom acp_compat.models._base import MethodSpec\n"
        + "".join(f"from {package} import {topic}\n" for topic in topics)
        + "\n"
        + _table(models, qualified=True)
        + f"\nVOID_RESULTS: Final[frozenset[type]] = frozenset({{{voids}}})\n"
        '"""Result classes that are ``{}`` plus an optional ``_meta``. Peers on library versions\n'
        "up to v0.2.0 answer these methods with ``null``; a reader treats a ``null`` result of\n"
        'one of these as ``{}`` (behaviour.md: accept both, send ``{}``)."""\n'
    )


def _wire_module(models: Models) -> str:
    classes = _classes(models)
    body = builders(models, classes)
    example = next((c for c in classes if any(f.tag for f in c.fields)), classes[0])
    about = textwrap.fill(
        f"``{builder_name(example.name)}(...)`` returns the object the converter writes for"
        f" ``{example.name}(...)``, built as a dict without creating the object, so"
        " translators write what they send at about the cost of a literal. Arguments are"
        " the class's attributes, passed by keyword; a nested object is passed as its own"
        " wire object.",
        88,
    )
    return (
        f'{header(models)}"""{models.choices.title} wire objects: one builder a model class'
        f' ({len(classes)}).\n\n{about}\n"""\n\n'
        "from typing import Any, Literal\n\n"
        "from acp_compat.models._base import UNCHANGED, Unchanged, Wire\n\n\n" + body
    )


def _face(models: Models) -> str:
    """The package's ``__init__``: its exports for the runtime and for type checkers, both
    written from one list."""
    package = models.choices.package
    names = sorted(
        [
            *((item.name, topic) for topic, items in models.topics.items() for item in items),
            *(
                (values_name(item.name), topic)
                for topic, items in models.topics.items()
                for item in items
                if getattr(item, "values", ())
            ),
            (models.choices.methods_table, "methods"),
            ("VOID_RESULTS", "methods"),
        ]
    )
    return (
        f'{header(models)}"""{models.choices.title} models, by topic, all re-exported here.\n\n'
        f"``from {package} import PromptRequest`` imports only the topic module\n"
        "that defines it: each topic's classes cost time to create, and ``wrap`` answers an\n"
        "editor's ``initialize`` after importing only what that answer needs. The builders\n"
        f"are in :mod:`{package}.wire`; the method table is\n"
        f":data:`{models.choices.methods_table}`.\n"
        '"""\n\n'
        "from typing import TYPE_CHECKING, Final\n\nfrom acp_compat import _lazy\n\n"
        "EXPORTS: Final = {\n"
        + "".join(f'    "{n}": "{package}.{topic}",\n' for n, topic in names)
        + '}\n"""Each exported name → the module that defines it."""\n\n'
        "if TYPE_CHECKING:\n"
        + "".join(f"    from {package}.{topic} import {n} as {n}\n" for n, topic in names)
        + "else:\n    __getattr__, __dir__ = _lazy.lazy_exports(__name__, EXPORTS)\n"
    )
