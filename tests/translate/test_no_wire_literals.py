"""No translator writes a protocol shape by hand: what it sends is built with the generated
builders (``acp_compat.models.current.wire``, ``v2.wire``, ``legacy_wire``).

A dict display in ``acp_compat/translate/`` whose keys include a member name of any
generated model is a wire shape written as a literal, and fails here, unless it is one of
the few shapes that are the relay's own (:data:`OWN_SHAPES`, each with its reason), or a
table keyed by method names (a dispatch table). The member and method names are the
generator's own (:func:`acp_compat.models.codegen.build.build`), so a new schema's members
are covered without a change here. The builders are called with keywords only, as their
generator's docstring promises (they are positional-or-keyword for speed).
"""

from __future__ import annotations

import ast
import functools
from pathlib import Path

from acp_compat.models.codegen.build import ClassSpec, UnionSpec, build
from acp_compat.models.codegen.choices import PROTOCOLS
from tests.support.paths import PACKAGE, ROOT

TRANSLATE = PACKAGE / "translate"

WIRE_MODULES = frozenset(
    {"acp_compat.models.current.wire", "acp_compat.models.v2.wire", "acp_compat.models.legacy_wire"}
)

OWN_SHAPES: dict[tuple[str, str], str] = {
    ("upgrade/tools.py", "tool_call"): "_meta.acpCompat.legacy, the relay's own hint",
    ("upgrade/tools.py", "confirmation_details"): "the rawInput the relay gives a legacy"
    " confirmation (behaviour.md §2), which the downgrade reads back",
    ("upgrade/modes.py", "relay_answer_meta"): "_meta.acpCompat.permission, the relay's own",
    ("v2/downgrade.py", "V2DowngradeTranslator._subject"): "the rawInput the relay gives the"
    " v1 tool call of a v2 command permission",
    # JSON-RPC error data the relay defines.
    ("exits.py", "agent_gone"): "an agent that exited, was lost or could not be started",
    ("exits.py", "start_failure_data"): "an agent that could not be started",
    ("startup/policy.py", "Attempt.to_json"): "one probe, in a refusal's attempts",
    ("startup/wording.py", "refusal"): "why no protocol was found",
    ("forced.py", "ForcedProtocol._with_hint"): "the relay's hint, added to the agent's own"
    " error answer, which is copied as it came",
    # A peer's object passed on with a member changed: its other members are the peer's.
    ("probe.py", "current_initialize_params"): "a client's initialize, with the integer"
    " protocolVersion it means",
    ("v2/to_v2.py", "config_option"): "a config option of a kind no model knows, its id"
    " member renamed for v2",
    # A protocol no pinned schema describes.
    ("downgrade/translator.py", "DowngradeTranslator._initialize_result"): "legacy 0.0.7's"
    " initialize answer, which has no protocolVersion",
}
"""(file under ``acp_compat/translate/``, function) → why its dict displays are not a
protocol shape a builder could make."""


@functools.cache
def _names() -> tuple[frozenset[str], frozenset[str]]:
    """Every wire member name of the generated models, and every method name."""
    members: set[str] = set()
    methods: set[str] = set()
    for choices in PROTOCOLS:
        models = build(choices, ROOT)
        items = [item for topic in models.topics.values() for item in topic]
        fallbacks = {item.fallback for item in items if isinstance(item, UnionSpec)}
        for item in items:
            # A fallback's one attribute holds the raw object: it is no member.
            if isinstance(item, ClassSpec) and item.name not in fallbacks:
                members.update(field.wire for field in item.fields if field.wire != "_meta")
        methods.update(row.name for row in models.methods)
    return frozenset(members), frozenset(methods)


def _parents(tree: ast.AST) -> dict[ast.AST, str]:
    """Each node → the qualified name of the function it is in (``""``: module level)."""
    where: dict[ast.AST, str] = {}

    def visit(node: ast.AST, name: str) -> None:
        for child in ast.iter_child_nodes(node):
            inner = name
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                inner = f"{name}.{child.name}" if name else child.name
            where[child] = inner
            visit(child, inner)

    visit(tree, "")
    return where


def _wire_literals(path: Path) -> list[tuple[int, str, list[str]]]:
    """The dict displays (and ``dict()`` calls with camelCase keywords) in ``path`` that
    spell protocol members: (line, enclosing function, the keys)."""
    members, methods = _names()
    tree = ast.parse(path.read_text(encoding="utf-8"))
    where = _parents(tree)
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Dict):
            keys = [k.value for k in node.keys if isinstance(k, ast.Constant)]
            named = [k for k in keys if isinstance(k, str)]
            if set(named) <= methods and not set(named) <= members:
                continue  # a table keyed by method names, not an object
        elif isinstance(node, ast.Call) and getattr(node.func, "id", None) == "dict":
            # Builder arguments are snake_case: a camelCase keyword is a wire member.
            named = [k.arg for k in node.keywords if k.arg and k.arg != k.arg.lower()]
        else:
            continue
        if any(key in members for key in named):
            found.append((node.lineno, where.get(node, ""), named))
    return found


def _sources() -> list[Path]:
    return sorted(TRANSLATE.rglob("*.py"))


def test_no_translator_writes_a_wire_shape_as_a_literal() -> None:
    literals = [
        f"{path.relative_to(TRANSLATE)}:{line} in {function or 'module'}: {keys}"
        for path in _sources()
        for line, function, keys in _wire_literals(path)
        if (path.relative_to(TRANSLATE).as_posix(), function) not in OWN_SHAPES
    ]
    assert literals == [], "build these with the generated builders (models/*wire.py)"


def test_every_own_shape_is_still_there() -> None:
    """An allowance whose literal has gone is removed, so the list stays the exact one."""
    used = {
        (path.relative_to(TRANSLATE).as_posix(), function)
        for path in _sources()
        for _, function, _ in _wire_literals(path)
    }
    assert sorted(set(OWN_SHAPES) - used) == []


def test_the_check_sees_a_wire_shape(tmp_path: Path) -> None:
    sample = tmp_path / "sample.py"
    sample.write_text(
        "TABLE = {'initialize': 1, 'session/new': 2}\n"
        "def f(text):\n"
        "    return {'sessionUpdate': 'agent_message_chunk', 'content': text}\n"
        "def g(text):\n"
        "    return dict(toolCallId=text), dict(title=text), {'details': text}\n",
        encoding="utf-8",
    )
    assert _wire_literals(sample) == [
        (3, "f", ["sessionUpdate", "content"]),
        (5, "g", ["toolCallId"]),
    ]


def _builder_calls(path: Path) -> list[tuple[int, str]]:
    """Calls in ``path`` of a generated builder with a positional argument."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    modules: set[str] = set()
    functions: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module:
            for alias in node.names:
                if f"{node.module}.{alias.name}" in WIRE_MODULES:
                    modules.add(alias.asname or alias.name)
                elif node.module in WIRE_MODULES:
                    functions.add(alias.asname or alias.name)
    found = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call) or not node.args:
            continue
        func = node.func
        if (isinstance(func, ast.Name) and func.id in functions) or (
            isinstance(func, ast.Attribute)
            and isinstance(func.value, ast.Name)
            and func.value.id in modules
        ):
            found.append((node.lineno, ast.unparse(func)))
    return found


def test_builders_are_called_with_keywords() -> None:
    positional = [
        f"{path.relative_to(TRANSLATE)}:{line}: {name}(...)"
        for path in _sources()
        for line, name in _builder_calls(path)
    ]
    assert positional == []


def test_the_keyword_check_sees_a_positional_call(tmp_path: Path) -> None:
    sample = tmp_path / "sample.py"
    sample.write_text(
        "from acp_compat.models.current import wire as v1\n"
        "from acp_compat.models.legacy_wire import text_user_chunk\n"
        "a = v1.text_content('hi')\n"
        "b = v1.text_content(text='hi')\n"
        "c = text_user_chunk('hi')\n",
        encoding="utf-8",
    )
    assert _builder_calls(sample) == [(3, "v1.text_content"), (5, "text_user_chunk")]
