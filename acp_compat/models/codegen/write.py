"""Every file the generator owns, as text: the model modules, method tables and faces."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

from .build import ClassSpec, MethodRow, Models, UnionSpec, build
from .choices import PROTOCOLS, Choices
from .emit import builders, header, topic_module, values_name


def generated_files(root: Path) -> dict[Path, str]:
    """Path → the text the generator writes there, for every protocol in :data:`PROTOCOLS`,
    laid out by ruff (the version pinned in pyproject.toml's test extra) with the
    project's settings, so the files are what ``ruff format`` and ``ruff check`` keep."""
    return {path: _ruff(text, path, root) for path, text in _unformatted(root).items()}


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


HAND_FACES = ("acp_compat/__init__.py", "acp_compat/translate/upgrade/__init__.py")
"""Hand-written packages with a lazy face: their ``if TYPE_CHECKING:`` block is written here
from their ``EXPORTS`` table, so the runtime and type checkers read one list of names."""


def _unformatted(root: Path) -> dict[Path, str]:
    files = {root / face: _hand_face(root / face) for face in HAND_FACES}
    for choices in PROTOCOLS:
        models = build(choices, root)
        where = root / Path(*choices.package.split("."))
        if "" in models.topics:
            tail = _legacy_table(models) + "\n\n" + _builders(models, choices.package)
            files[where.with_suffix(".py")] = topic_module(models, "", _module_doc(choices), tail)
            continue
        for topic in sorted(models.topics):
            doc = f"{choices.title} models: {choices.topic_docs[topic]}"
            files[where / f"{topic}.py"] = topic_module(models, topic, doc)
        files[where / "methods.py"] = _method_module(models)
        files[where / "wire.py"] = _wire_module(models)
        files[where / "__init__.py"] = _face(models)
    return files


def _hand_face(path: Path) -> str:
    """``path``'s text with its ``if TYPE_CHECKING:`` block written from its ``EXPORTS``."""
    text = path.read_text(encoding="utf-8")
    tree = ast.parse(text)
    exports = next(
        node.value
        for node in tree.body
        if isinstance(node, ast.AnnAssign | ast.Assign)
        and "EXPORTS" in {getattr(t, "id", None) for t in _targets(node)}
    )
    table: dict[str, str] = ast.literal_eval(exports)  # type: ignore[arg-type]
    block = next(
        node
        for node in tree.body
        if isinstance(node, ast.If) and getattr(node.test, "id", None) == "TYPE_CHECKING"
    )
    lines = text.splitlines(keepends=True)
    first, last = block.body[0].lineno - 1, block.body[-1].end_lineno or 0
    imports = "".join(
        f"    from {module} import {name} as {name}\n"
        for name, module in sorted(table.items(), key=lambda item: (item[1], item[0]))
    )
    return "".join(lines[:first]) + imports + "".join(lines[last:])


def _targets(node: ast.AnnAssign | ast.Assign) -> list[ast.expr]:
    return node.targets if isinstance(node, ast.Assign) else [node.target]


def _module_doc(choices: Choices) -> str:
    return f"{choices.title} models: {choices.topic_docs['']}"


def _spec(row: MethodRow, qualify: bool, models: Models) -> str:
    def name(cls: str | None) -> str:
        if cls is None:
            return "None"
        return f"{models.home[cls]}.{cls}" if qualify else cls

    args = f'"{row.name}", "{row.handled_by}", {name(row.params)}, {name(row.result)}'
    if row.notification:
        args += ", notification=True"
    if row.since == "unstable":
        args += ", unstable=True"
    return f'    "{row.name}": MethodSpec({args}),\n'


def _builder_classes(models: Models) -> list[ClassSpec]:
    fallbacks = {
        item.fallback
        for items in models.topics.values()
        for item in items
        if isinstance(item, UnionSpec)
    }
    return [
        item
        for items in models.topics.values()
        for item in items
        if isinstance(item, ClassSpec) and item.name not in fallbacks
    ]


def _builders(models: Models, module: str) -> str:
    return builders(models, _builder_classes(models), module)


def _wire_module(models: Models) -> str:
    """One builder a class: how translators write what they send (a dict literal of wire
    members would be a second copy of the schema's shape)."""
    package = models.choices.package
    classes = _builder_classes(models)
    body = _builders(models, package)
    typing = [name for name in ("Any", "Literal") if f"{name}[" in body or f" {name}" in body]
    return (
        f"{header(models)}"
        f'"""{models.choices.title} wire objects: one builder a model class.\n\n'
        '``text_content(text="hi")`` is ``{"type": "text", "text": "hi"}``: what the\n'
        'converter writes for ``TextContent(text="hi")``, built as a dict without creating the\n'
        "object, so translators send what they build at the cost of a literal. Arguments are\n"
        "the class's attributes; a nested object is passed as its own wire object.\n"
        f"{len(classes)} builders.\n"
        '"""\n\n'
        f"from typing import {', '.join(typing)}\n\n"
        "from acp_compat.models._base import UNCHANGED, Unchanged, Wire\n\n\n" + body
    )


def _legacy_table(models: Models) -> str:
    rows = "".join(_spec(row, False, models) for row in models.methods)
    return (
        f"{models.choices.methods_table}: Final[dict[str, MethodSpec]] = {{\n{rows}}}\n"
        '"""Every legacy method by name. All are requests; ``None`` params / result mean no\n'
        '``params`` member / a ``null`` result."""\n'
    )


def _method_module(models: Models) -> str:
    package = models.choices.package
    topics = sorted({models.home[c] for r in models.methods for c in (r.params, r.result) if c})
    imports = "".join(f"from {package} import {topic}\n" for topic in topics)
    rows = "".join(_spec(row, True, models) for row in models.methods)
    voids = "".join(f"        {models.home[c]}.{c},\n" for c in models.void_results)
    table = models.choices.methods_table
    return (
        f"{header(models)}"
        f'"""``{table}``: every method of the schemas with its params and result types.\n\n'
        '``handled_by`` is ``"agent"`` for client-to-agent methods, ``"client"`` for\n'
        'agent-to-client ones and ``"both"`` for the protocol-level ``$/cancel_request``;\n'
        "notifications have ``result=None``.\n"
        '"""\n\n'
        "from typing import Final\n\n"
        "from acp_compat.models._base import MethodSpec\n"
        f"{imports}\n"
        f"{table}: Final[dict[str, MethodSpec]] = {{\n{rows}}}\n"
        '"""Method name → :class:`~acp_compat.models._base.MethodSpec`."""\n\n'
        f"VOID_RESULTS: Final[frozenset[type]] = frozenset(\n    {{\n{voids}    }}\n)\n"
        '"""Result classes that are ``{}`` plus an optional ``_meta``.\n\n'
        "Peers on library versions up to v0.2.0 answer these methods with ``null`` instead; a\n"
        "reader treats a ``null`` result of one of these as ``{}`` (behaviour.md: accept both,\n"
        'send ``{}``), since structuring ``null`` into a class is an error."""\n'
    )


def _face(models: Models) -> str:
    """The package's ``__init__``: its exports for type checkers and the runtime, both
    written from the same table."""
    package = models.choices.package
    names = sorted(
        [
            *(
                (name, topic)
                for topic, items in models.topics.items()
                for item in items
                for name in _public(item)
            ),
            (models.choices.methods_table, "methods"),
            ("VOID_RESULTS", "methods"),
        ]
    )
    imports = "".join(f"    from {package}.{topic} import {n} as {n}\n" for n, topic in names)
    table = "".join(f'    "{n}": "{package}.{topic}",\n' for n, topic in names)
    return (
        f"{header(models)}"
        f'"""{models.choices.title} models, by topic, all re-exported here (lazily).\n\n'
        "``from acp_compat.models.current import PromptRequest`` imports only the topic\n"
        "module that defines it: each topic's attrs classes cost time to create, and\n"
        "``wrap`` answers an editor's ``initialize`` after importing only what that answer\n"
        f"needs. The method table is :data:`{models.choices.methods_table}`; the conventions are\n"
        ":mod:`acp_compat.models._base`; the generator is :mod:`acp_compat.models.codegen`.\n"
        '"""\n\n'
        "from typing import TYPE_CHECKING, Final\n\n"
        "from acp_compat import _lazy\n\n"
        f"EXPORTS: Final = {{\n{table}}}\n"
        '"""Each exported name → the module that defines it."""\n\n'
        f"if TYPE_CHECKING:\n{imports}"
        "else:\n"
        "    __getattr__, __dir__ = _lazy.lazy_exports(__name__, EXPORTS)\n"
    )


def _public(item: object) -> list[str]:
    name = getattr(item, "name", "")
    found = [name]
    values = getattr(item, "values", ())
    if values and not isinstance(item, (ClassSpec, UnionSpec)):
        found.append(values_name(name))
    return found
