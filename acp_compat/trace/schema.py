"""The pinned JSON Schemas of the protocols as a judge: strict where the relay is tolerant.

The relay's models accept what the protocol says a receiver should tolerate (a tool kind
it does not know, a union member of a later version) so that it can relay it; ``trace
--check`` says what the schema says instead. :class:`Schema` compiles the pinned schema
(``schemas.json``, generated from ``vectors/schemas/`` by ``tests/trace/test_schema.py``)
into one checking function per definition, the subset of JSON Schema the ACP schemas use:
``$ref``, ``type``, ``properties`` and ``required``, ``enum`` and ``const``, ``anyOf``,
``oneOf`` and ``allOf`` (a union whose members each fix one member to a constant is read
by that member, the way the protocol tags it; in v2's open unions a value of any other
tag is the open member's), ``not``, ``items``, integer ``format``, ``minimum``,
``maximum``, ``minLength`` and ``minItems``. Members the schema does not name are never a
problem (``additionalProperties`` is ``true`` throughout). A check returns the problems
as ``(path, text)``, none for a valid value, at the cost of a few dictionary lookups per
member: cheaper than structuring the message with the models.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from functools import cache
from importlib import resources
from typing import Any

from acp_compat._define import frozen
from acp_compat.translate.probe import Protocol

Problem = tuple[str, str]
"""The wire path of a bad field (``params.update.content.text``) and what is wrong."""

Check = Callable[[Any], list[Problem] | None]
"""A compiled schema: the problems of a value (paths relative to it: ``.text``, ``[0]``),
``None`` when it is valid. A valid value builds no path and no list."""

PYTHON_TYPES: dict[str, tuple[type, ...]] = {
    "object": (dict,),
    "array": (list,),
    "string": (str,),
    "boolean": (bool,),
    "null": (type(None),),
    "integer": (int,),
    "number": (int, float),
}
"""What JSON's types decode to (an integer may also be written ``1.0``)."""

ARTICLES = {"object": "an object", "array": "an array", "integer": "an integer", "null": "null"}

FORMATS: dict[str, tuple[int, int]] = {
    "int8": (-(2**7), 2**7 - 1),
    "uint8": (0, 2**8 - 1),
    "int16": (-(2**15), 2**15 - 1),
    "uint16": (0, 2**16 - 1),
    "int32": (-(2**31), 2**31 - 1),
    "uint32": (0, 2**32 - 1),
    "int64": (-(2**63), 2**63 - 1),
    "uint64": (0, 2**64 - 1),
}
"""The integer formats the schemas use and their ranges (``double`` is any number)."""

LEAF = frozenset({"type", "const", "enum", "format", "minimum", "maximum", "minLength", "minItems"})
"""The keywords of a definition checked in place of a call (a string, an integer...)."""

READ = frozenset(
    {"$ref", "type", "const", "enum", "format", "minimum", "maximum", "minLength", "minItems"}
    | {"properties", "required", "items", "allOf", "anyOf", "oneOf", "not"}
)
"""The keywords the checks read; the rest (``x-deserialize-*``, ``x-side``, a ``true``
``additionalProperties``, ``discriminator``, which the members' constants say again) only
describe."""


@frozen
class Method:
    """A method as its protocol's schema defines it."""

    name: str
    handled_by: str
    """``agent``, ``client`` or ``both`` (``$/cancel_request``): who receives it."""
    params: str | None
    """The definition of its ``params`` (``None``: the schema has none)."""
    result: str | None
    """The definition of its answer's ``result`` (``None`` for a notification)."""
    notification: bool


def shown(value: Any) -> str:
    """A value as a problem quotes it: short JSON."""
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= 40 else text[:37] + "..."


class Schema:
    """One pinned schema, each definition compiled to a function on first use."""

    def __init__(self, schema: dict[str, Any]) -> None:
        self._defs: dict[str, Any] = schema["$defs"]
        self._compiled: dict[str, Check] = {}
        self.methods: dict[str, Method] = _methods(self._defs)
        """Every method of the protocol, from the schema itself."""

    def check(self, definition: str, value: Any, at: str) -> list[Problem]:
        """The problems of ``value`` (at wire path ``at``) against ``definition``."""
        problems = self.checker(definition)(value)
        return [(at + path, text) for path, text in problems] if problems else []

    def requires(self, definition: str) -> bool:
        """Whether ``definition`` names a member a value must have."""
        return bool(self._resolved(self._defs[definition]).get("required"))

    def members(self, definition: str) -> frozenset[str]:
        """The members ``definition`` names (those of the objects it is ``allOf`` too)."""
        return self._named(self._resolved(self._defs[definition]))[0]

    def _named(self, node: dict[str, Any]) -> tuple[frozenset[str], list[str]]:
        """The members ``node`` names and those it requires (with the objects it is
        ``allOf`` too)."""
        properties = list(node.get("properties", {}).items())
        required = list(node.get("required", []))
        self._merged(list(node.get("allOf", [])), properties, required)
        return frozenset(name for name, _ in properties), required

    def checker(self, name: str) -> Check:
        """The compiled check of definition ``name`` (problems with paths relative to it),
        compiled on first use; each definition it calls is compiled when a value first
        reaches it (a union of twenty members costs the members the trace holds:
        compiling is most of a short trace's check).

        Each definition is compiled into a namespace of its own, where every name it calls
        is defined from the start (as a stub that compiles its definition, then puts it in
        its place): the schemas are shared by the process (:func:`pinned`), and a thread
        must never find a name not defined yet, nor the tables of another thread's
        compiling (the interop tests check three traces at once). Two threads compiling
        one definition at once each make a function that works; the first kept is used.
        """
        ready = self._compiled.get(name)
        if ready is not None:
            return ready
        namespace = dict(RUNTIME)
        source = _Emitter(self, namespace, name).function(f"d_{name}", self._defs[name])
        for ref in dict.fromkeys(source.refs):
            namespace[f"d_{ref}"] = self._on_first_call(ref, namespace)
        exec(compile(source.text, f"<schema {name}>", "exec"), namespace)
        compiled: Check = namespace[f"d_{name}"]
        return self._compiled.setdefault(name, compiled)

    def _on_first_call(self, ref: str, namespace: dict[str, Any]) -> Check:
        """A stand-in for ``ref``'s function in ``namespace``: compiles it, and puts it in
        its own place there, at its first call."""
        called = f"d_{ref}"

        def compile_then_check(value: Any) -> list[Problem] | None:
            check = self.checker(ref)
            namespace[called] = check
            return check(value)

        return compile_then_check

    def _merged(
        self, subs: list[Any], properties: list[tuple[str, Any]], required: list[str]
    ) -> list[Any]:
        """Fold the plain objects among ``subs`` (an ``allOf``) into ``properties`` and
        ``required``; the subs left to check on their own."""
        left = []
        for sub in subs:
            node = self._resolved(sub)
            plain = node.keys() & READ <= {"type", "properties", "required", "allOf"}
            if plain and node.get("type", "object") == "object":
                properties += node.get("properties", {}).items()
                required += node.get("required", [])
                left += self._merged(list(node.get("allOf", [])), properties, required)
            else:
                left.append(sub)
        return left

    def _tag(self, members: list[Any]) -> tuple[str, list[Any], int | None] | None:
        """The member every union member fixes to its own constant, the constants
        (``{"type": "text"}`` / ``{"type": "image"}``), and which member, if any, is the
        open one that takes every other value (v2's unions: ``not`` any of the others),
        or ``None``."""
        fixed: list[dict[str, Any]] = []
        open_member = None
        for number, member in enumerate(members):
            member = self._resolved(member)
            if "not" in member and open_member is None:
                open_member = number
                continue
            constants = {
                name: sub["const"]
                for name, sub in member.get("properties", {}).items()
                if isinstance(sub, dict) and "const" in sub and name in member.get("required", [])
            }
            fixed.append(constants)
        keys = set(fixed[0]) if fixed else set()
        for constants in fixed[1:]:
            keys &= set(constants)
        for key in sorted(keys):
            values = [constants[key] for constants in fixed]
            if len(set(map(json.dumps, values))) == len(values):
                if open_member is not None:
                    values.insert(open_member, None)
                return key, values, open_member
        return None

    def _own_members(self, members: list[Any]) -> list[str] | None:
        """For each union member, a member it requires that no other member names (legacy
        0.0.9's ``{text}`` / ``{thought}`` chunk), or ``None``."""
        named = [self._named(self._resolved(member)) for member in members]
        own = []
        for number, (_, required) in enumerate(named):
            others = set().union(*(n | set(r) for k, (n, r) in enumerate(named) if k != number))
            mine = [name for name in required if name not in others]
            if not mine:
                return None
            own.append(mine[0])
        return own

    def _resolved(self, node: Any) -> dict[str, Any]:
        """A node with a lone ``$ref`` (or ``allOf`` of one) followed to its definition."""
        while isinstance(node, dict):
            if "$ref" in node and len(node) == 1:
                node = self._defs[node["$ref"].rsplit("/", 1)[-1]]
            elif list(node) == ["allOf"] and len(node["allOf"]) == 1:
                node = node["allOf"][0]
            else:
                return node
        return {}


@frozen
class _Source:
    """A compiled definition: Python source, and the definitions it calls."""

    text: str
    refs: list[str]


class _Emitter:
    """Writes one definition as a Python function, straight-line code (the way cattrs
    writes its structure functions), so a check costs what the message holds, not the
    schema's nesting. A function takes a value and returns ``None`` or its problems,
    their paths relative to it; a path is built only for a problem."""

    def __init__(self, schema: Schema, namespace: dict[str, Any], definition: str) -> None:
        self.schema = schema
        self.namespace = namespace
        """Where the function will live: what it refers to by name is put there."""
        self.prefix = definition
        self.lines: list[str] = []
        self.helpers: list[str] = []
        self.refs: list[str] = []
        self.names = 0

    def function(self, name: str, node: Any) -> _Source:
        saved, self.lines = self.lines, ["    f = None"]
        self._emit(node, "v", '""', 1)
        self.lines.append("    return f")
        body, self.lines = self.lines, saved
        text = "\n".join([*self.helpers, f"def {name}(v):", *body])
        return _Source(text + "\n", self.refs)

    def _bind(self, name: str, value: Any) -> str:
        """``value`` under ``name`` in the function's namespace; the name."""
        self.namespace[name] = value
        return name

    def _fresh(self, stem: str) -> str:
        self.names += 1
        return f"{stem}{self.names}"

    def _add(self, at: str, text_expr: str, depth: int) -> None:
        self.lines.append(f"{'    ' * depth}f = _add(f, {at}, {text_expr})")

    def _call(self, function: str, var: str, at: str, depth: int) -> None:
        pad = "    " * depth
        problems = self._fresh("p")
        self.lines.append(f"{pad}{problems} = {function}({var})")
        self.lines.append(f"{pad}if {problems}:")
        self.lines.append(f"{pad}    f = _extend(f, {at}, {problems})")

    def _helper(self, node: Any) -> str:
        """A function of its own for ``node`` (a union member), beside this one."""
        name = f"u_{self.prefix}_{self._fresh('')}"
        emitter = _Emitter(self.schema, self.namespace, name)
        source = emitter.function(name, node)
        self.helpers.append(source.text)
        self.refs += source.refs
        return name

    def _emit(self, node: Any, var: str, at: str, depth: int) -> None:
        read = node.keys() & READ if isinstance(node, dict) else set()
        if not read:
            return
        pad = "    " * depth
        if read == {"allOf"} and len(node["allOf"]) == 1:
            self._emit(node["allOf"][0], var, at, depth)
            return
        if "$ref" in node:
            ref = node["$ref"].rsplit("/", 1)[-1]
            target = self.schema._defs[ref]
            if isinstance(target, dict) and target.keys() & READ <= LEAF:
                self._emit(target, var, at, depth)  # a string, an integer...: inline
            else:
                self.refs.append(ref)
                self._call(f"d_{ref}", var, at, depth)
        subs = list(node.get("allOf", []))
        if "properties" in node or "required" in node:
            # An object's members (and those of the objects it is allOf) in one pass.
            properties = list(node.get("properties", {}).items())
            required = list(node.get("required", []))
            subs = self.schema._merged(subs, properties, required)
            self._object(node, properties, required, var, at, depth)
        elif "type" in node and not ("const" in node or "enum" in node):
            self._type(node["type"], var, at, depth)  # (a constant says the type too)
        if "const" in node or "enum" in node:
            self._values(node.get("enum", [node.get("const")]), var, at, depth)
        if node.get("format") in FORMATS:
            self._range(*FORMATS[node["format"]], var, at, depth)
        if "minimum" in node or "maximum" in node:
            self._range(node.get("minimum"), node.get("maximum"), var, at, depth)
        if "minLength" in node:
            least = node["minLength"]
            self.lines.append(f"{pad}if type({var}) is str and len({var}) < {least}:")
            self._add(at, repr(f"at least {least} characters"), depth + 1)
        if "minItems" in node:
            least = node["minItems"]
            self.lines.append(f"{pad}if type({var}) is list and len({var}) < {least}:")
            self._add(at, repr(f"at least {least} item{'s' if least != 1 else ''}"), depth + 1)
        if "items" in node:
            index, item = self._fresh("i"), self._fresh("x")
            self.lines.append(f"{pad}if type({var}) is list:")
            self.lines.append(f"{pad}    for {index}, {item} in enumerate({var}):")
            body = len(self.lines)
            self._emit(node["items"], item, f'{at} + "[" + str({index}) + "]"', depth + 2)
            if len(self.lines) == body:
                self.lines.append(f"{pad}        pass")
        for sub in subs:
            self._emit(sub, var, at, depth)
        for union in ("anyOf", "oneOf"):
            if union in node:
                self._union(node[union], var, at, depth)
        if "not" in node:
            refused = self._helper(node["not"])
            self.lines.append(f"{pad}if {refused}({var}) is None:")
            self._add(at, repr("a value this schema reserves"), depth + 1)

    def _object(
        self,
        node: dict[str, Any],
        properties: list[tuple[str, Any]],
        required: list[str],
        var: str,
        at: str,
        depth: int,
    ) -> None:
        pad = "    " * depth
        self.lines.append(f"{pad}if type({var}) is dict:")
        body = len(self.lines)
        for name in dict.fromkeys(required):
            self.lines.append(f"{pad}    if {name!r} not in {var}:")
            self._add(f"{at} + {'.' + name!r}", repr("a required member is missing"), depth + 2)
        for name, sub in properties:
            item = self._fresh("x")
            start = len(self.lines)
            self.lines.append(f"{pad}    {item} = {var}.get({name!r}, _MISSING)")
            self.lines.append(f"{pad}    if {item} is not _MISSING:")
            inner = len(self.lines)
            self._emit(sub, item, f"{at} + {'.' + name!r}", depth + 2)
            if len(self.lines) == inner:
                del self.lines[start:]  # nothing to check in this member
        if len(self.lines) == body:
            self.lines.append(f"{pad}    pass")
        if "type" in node:
            self.lines.append(f"{pad}else:")
            self._type(node["type"], var, at, depth + 1)

    def _type(self, names: Any, var: str, at: str, depth: int) -> None:
        kinds = [names] if isinstance(names, str) else list(names)
        allowed = [t for kind in kinds for t in PYTHON_TYPES[kind]]
        wanted = " or ".join(ARTICLES.get(kind, f"a {kind}") for kind in kinds)
        spelt = [("_NONE" if t is type(None) else t.__name__) for t in allowed]
        test = " or ".join(f"type({var}) is {name}" for name in spelt)
        if "integer" in kinds and "number" not in kinds:
            test += f" or (type({var}) is float and {var}.is_integer())"
        self.lines.append(f"{'    ' * depth}if not ({test}):")
        self._add(at, f"{'expected ' + wanted + ', got '!r} + _kind({var})", depth + 1)

    def _values(self, values: list[Any], var: str, at: str, depth: int) -> None:
        pad = "    " * depth
        if all(type(v) is str for v in values):  # the usual case: inline, no call
            allowed = self._bind(self._fresh(f"c_{self.prefix}_"), frozenset(values))
            self.lines.append(f"{pad}if not (type({var}) is str and {var} in {allowed}):")
        else:
            allowed = self._bind(self._fresh(f"c_{self.prefix}_"), {(type(v), v) for v in values})
            self.lines.append(f"{pad}if not _one_of({var}, {allowed}):")
        expected = f"expected {_expected(values)}, got "
        self._add(at, f"{expected!r} + _shown({var})", depth + 1)

    def _range(self, low: Any, high: Any, var: str, at: str, depth: int) -> None:
        tests = [f"{var} < {low!r}"] if low is not None else []
        tests += [f"{var} > {high!r}"] if high is not None else []
        number = f"(type({var}) is int or type({var}) is float)"
        self.lines.append(f"{'    ' * depth}if {number} and ({' or '.join(tests)}):")
        self._add(at, f"str({var}) + ' is out of range'", depth + 1)

    def _union(self, members: list[Any], var: str, at: str, depth: int) -> None:
        pad = "    " * depth
        schema = self.schema
        resolved = [schema._resolved(member) for member in members]
        constants = [n for n in resolved if n.keys() & READ <= {"type", "const"} and "const" in n]
        if len(constants) == len(resolved):
            self._values([node["const"] for node in resolved], var, at, depth)  # an enum
            return
        if len(constants) == len(resolved) - 1:
            [plain] = [node for node in resolved if node not in constants]
            kinds = plain.get("type") if plain.keys() & READ == {"type"} else None
            if isinstance(kinds, str) and all(
                type(node["const"]) in PYTHON_TYPES[kinds] for node in constants
            ):
                self._type(kinds, var, at, depth)  # an open enum (v2's): any such value
                return
        nullable = any(node == {"type": "null"} for node in resolved)
        members = [m for m, node in zip(members, resolved, strict=True) if node != {"type": "null"}]
        self.lines.append(f"{pad}if {var} is not None:" if nullable else f"{pad}if True:")
        if len(members) == 1:
            body = len(self.lines)
            self._emit(members[0], var, at, depth + 1)
            if len(self.lines) == body:
                self.lines.append(f"{pad}    pass")
            return
        helpers = [self._helper(member) for member in members]
        tag = schema._tag(members)
        if tag is None:
            best = self._fresh("b")
            choices = f"({', '.join(helpers)},)"
            own = schema._own_members(members)
            if own is not None:
                # The member whose own required member the value has is tried first: the
                # others only when it fails (the union's answer is the same, sooner).
                picks = " else ".join(
                    f"{helper}({var}) if {name!r} in {var}"
                    for name, helper in zip(own, helpers, strict=True)
                )
                self.lines.append(f"{pad}    {best} = _MISSING")
                self.lines.append(f"{pad}    if type({var}) is dict:")
                self.lines.append(f"{pad}        {best} = {picks} else _MISSING")
                self.lines.append(f"{pad}    if {best} is not None:")
                self.lines.append(f"{pad}        {best} = _best({var}, {choices})")
            else:
                self.lines.append(f"{pad}    {best} = _best({var}, {choices})")
            self.lines.append(f"{pad}    if {best}:")
            self.lines.append(f"{pad}        f = _extend(f, {at}, {best})")
            return
        key, values, open_member = tag
        tagged = [
            (v, h) for n, (v, h) in enumerate(zip(values, helpers, strict=True)) if n != open_member
        ]
        # The union's members by their tag: filled in once the helpers exist (below).
        table = self._bind(self._fresh(f"t_{self.prefix}_"), {})
        strings = all(type(v) is str for v, _ in tagged)
        entries = ", ".join(
            f"{v!r}: {h}" if strings else f"(type({v!r}), {v!r}): {h}" for v, h in tagged
        )
        self.helpers.append(f"{table}.update({{{entries}}})")
        chosen, found = self._fresh("h"), self._fresh("g")
        expected = f"expected {_expected([v for v, _ in tagged])}, got "
        pick = (
            f"{table}.get({found}) if type({found}) is str else None"
            if strings
            else f"_pick({table}, {found})"
        )
        self.lines += [
            f"{pad}    if type({var}) is not dict:",
            f"{pad}        f = _add(f, {at}, 'expected an object, got ' + _kind({var}))",
            f"{pad}    else:",
            f"{pad}        {found} = {var}.get({key!r})",
            f"{pad}        {chosen} = {pick}",
        ]
        if open_member is not None:
            # Any other tag is the open member's (which checks that it is no known one).
            self.lines.append(f"{pad}        {chosen} = {chosen} or {helpers[open_member]}")
            self._call(chosen, var, at, depth + 2)
            return
        self.lines += [
            f"{pad}        if {chosen} is None:",
            f"{pad}            f = _add(f, {at} + {'.' + key!r}, {expected!r} + _shown({found}))",
            f"{pad}        else:",
        ]
        self._call(chosen, var, at, depth + 3)


_MISSING = object()


def _add(found: list[Problem] | None, at: str, text: str) -> list[Problem]:
    return [(at, text)] if found is None else [*found, (at, text)]


def _extend(found: list[Problem] | None, at: str, problems: list[Problem]) -> list[Problem]:
    moved = [(at + path, text) for path, text in problems]
    return moved if found is None else found + moved


def _one_of(value: Any, allowed: set[tuple[type, Any]]) -> bool:
    try:
        return (type(value), value) in allowed
    except TypeError:  # an object or an array where a constant belongs
        return False


def _pick(table: dict[tuple[type, Any], Check], tag: Any) -> Check | None:
    try:
        return table.get((type(tag), tag))
    except TypeError:
        return None


def _best(value: Any, members: tuple[Check, ...]) -> list[Problem] | None:
    """``None`` when a member takes ``value``, else the fewest problems of one."""
    best: list[Problem] | None = None
    for member in members:
        problems = member(value)
        if problems is None:
            return None
        if best is None or len(problems) < len(best):
            best = problems
    return best or [("", "matches none of the shapes the schema allows")]


def _kind_of(value: Any) -> str:
    for name in ("object", "array", "string", "boolean", "null"):
        if type(value) in PYTHON_TYPES[name]:
            return ARTICLES.get(name, f"a {name}")
    return "a number"


RUNTIME: dict[str, Any] = {
    "_MISSING": _MISSING,
    "_NONE": type(None),
    "_add": _add,
    "_extend": _extend,
    "_one_of": _one_of,
    "_pick": _pick,
    "_best": _best,
    "_kind": _kind_of,
    "_shown": shown,
}
"""What the compiled functions call."""


def _methods(defs: dict[str, Any]) -> dict[str, Method]:
    """The methods a schema defines. A current schema names each body's method and side
    (``x-method``, ``x-side``); a legacy one names them ``PushToolCallParams`` and
    ``PushToolCallResponse`` and lists the requests of each side (``AnyAgentRequest``:
    what an agent receives)."""
    parts: dict[str, dict[str, Any]] = {}
    legacy = not any("x-method" in node for node in defs.values())
    for name, node in defs.items():
        method, side = node.get("x-method"), node.get("x-side")
        suffixes = ("Params", "Response") if legacy else ("Request", "Response", "Notification")
        suffix = next((end for end in suffixes if name.endswith(end)), None)
        if suffix is None or (not legacy and not isinstance(method, str)):
            continue
        if legacy:  # the method is the name, the side the union listing its requests
            stem = name[: -len(suffix)]
            method = stem[:1].lower() + stem[1:]
            requests = ("agent", "client")
            side = next((w for w in requests if _lists(defs, f"Any{w.title()}Request", name)), None)
        entry = parts.setdefault(str(method), {})
        entry["Response" if suffix == "Response" else "body"] = name
        entry["notification"] = suffix == "Notification"
        if side is not None:
            entry["side"] = "both" if side == "protocol" else side
    return {
        method: Method(
            method,
            entry.get("side", "both"),
            entry.get("body"),
            entry.get("Response"),
            entry.get("notification", False),
        )
        for method, entry in parts.items()
        if "body" in entry or "Response" in entry
    }


def _lists(defs: dict[str, Any], union: str, name: str) -> bool:
    return any(m.get("$ref", "").endswith(f"/{name}") for m in defs.get(union, {}).get("anyOf", []))


def _expected(values: list[Any]) -> str:
    return "one of " + ", ".join(shown(v) for v in values) if len(values) > 1 else shown(values[0])


class Pinned:
    """The pinned schema of each protocol, and every current method name ever pinned."""

    def __init__(self, data: dict[str, Any]) -> None:
        self.current = Schema(data["current"])
        self.legacy = Schema(data["legacy"])
        self.v2 = Schema(data["v2"])
        self.current_names: frozenset[str] = frozenset(data["currentMethodNames"])
        """Methods of the current protocol, unstable and earlier versions' included (the
        pinned method lists): not extensions, though the schema may not define them."""
        self._names = {
            id(Protocol.CURRENT): self.current_names | set(self.current.methods),
            id(Protocol.V2): frozenset(data["v2MethodNames"]) | set(self.v2.methods),
            id(Protocol.LEGACY): frozenset(self.legacy.methods),
        }

    def names(self, protocol: Protocol) -> frozenset[str]:
        """Every method name of ``protocol`` (its unstable ones included): a method that is
        none of them is an extension."""
        return self._names[id(protocol)]

    def of(self, protocol: Protocol) -> Schema:
        """The schema of ``protocol``."""
        if protocol is Protocol.LEGACY:
            return self.legacy
        return self.v2 if protocol is Protocol.V2 else self.current


@cache
def pinned() -> Pinned:
    """The pinned schemas (``schemas.json``), compiled definition by definition as used."""
    return Pinned(json.loads(resources.files(__package__).joinpath("schemas.json").read_bytes()))
