"""The docs cite what exists: every reference to ``notes.md`` names ``docs/notes.md`` and a
section (and enum table) it has; the README's Node version is the one the interop tests
require."""

from __future__ import annotations

import importlib
import importlib.util
import re
from pathlib import Path

import click

from tests.support.paths import ROOT

NOTES = ROOT / "docs" / "notes.md"


def _cited_files() -> list[Path]:
    files = [*ROOT.glob("*.md"), *(ROOT / "docs").glob("*.md"), *(ROOT / "vectors").rglob("*.md")]
    files += (ROOT / "acp_compat").rglob("*.py")
    return [f for f in files if f != NOTES]


def _citations() -> list[tuple[Path, str, str]]:
    """(file, how notes.md is named, what follows it) for each citation: a markdown link
    to it, or a mention followed by a section sign."""
    found = []
    for path in _cited_files():
        text = path.read_text(encoding="utf-8")
        # A citation: notes.md on its own (not "my%20notes.md" in a file URI example).
        for match in re.finditer(r"(?<![\w%/])((?:\.\./)*(?:docs/)?notes\.md)([^\n]{0,40})", text):
            is_link = text[: match.start()].endswith("(")
            if is_link or "§" in match.group(2):
                found.append((path, match.group(1), match.group(2)))
    return found


def test_notes_md_exists_and_is_cited() -> None:
    assert NOTES.is_file()
    assert _citations()


def test_every_citation_points_at_docs_notes_md() -> None:
    for path, name, _ in _citations():
        if path.parent == ROOT / "docs":
            continue  # beside it: "notes.md" or "(notes.md)" is right
        assert "docs/notes.md" in name, f"{path}: {name}"


def test_every_cited_section_and_table_exists() -> None:
    notes = NOTES.read_text(encoding="utf-8")
    headings = set(re.findall(r"^#+ (\d+(?:\.\d+)?)\.? ", notes, flags=re.MULTILINE))
    tables = set(re.findall(r"\*\*(E\d+b?) ", notes))
    for path, _, after in _citations():
        for section in re.findall(r"§(\d+(?:\.\d+)?)", after):
            assert section in headings, f"{path}: §{section} not in docs/notes.md"
        for table in re.findall(r"\b(E\d+b?)\b", after):
            assert table in tables, f"{path}: {table} not in docs/notes.md"


def test_the_readme_asks_for_the_node_the_interop_tests_require() -> None:
    conftest = (ROOT / "tests" / "interop" / "conftest.py").read_text(encoding="utf-8")
    (minimum,) = re.findall(r"^MIN_NODE_MAJOR = (\d+)", conftest, flags=re.MULTILINE)
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert re.findall(r"Node (\d+)", readme) == [minimum]


EVENTS_LIST = re.compile(
    r"<!-- events: generated from acp_compat/trace/records.py EVENTS, do not edit by hand -->\n"
    r"(.*?)<!-- end of events -->",
    re.DOTALL,
)


def test_the_trace_event_list_is_generated_from_the_one_table() -> None:
    """docs/behaviour.md lists the trace's event types as records.EVENTS says them."""
    from acp_compat.trace.records import events_markdown

    match = EVENTS_LIST.search((ROOT / "docs" / "behaviour.md").read_text(encoding="utf-8"))
    assert match, "docs/behaviour.md lost its event list markers"
    assert match.group(1) == events_markdown(), (
        "docs/behaviour.md's event list is stale: paste events_markdown() between its markers"
    )


def _table_after(text: str, words: str) -> list[str]:
    """The rows (header and rule left out) of the first markdown table after ``words``."""
    lines = text[text.index(words) :].splitlines()
    first = next(i for i, line in enumerate(lines) if line.startswith("|"))
    end = next((i for i, line in enumerate(lines[first:], first) if not line.startswith("|")), None)
    return lines[first + 2 : end]


def test_the_readme_public_api_table_is_what_acp_compat_exports() -> None:
    """The table in "Using the library" names every export of ``acp_compat``, and only those."""
    import acp_compat

    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    rows = _table_after(readme, "The public API is what `acp_compat` itself exports")
    named = {name for row in rows for name in re.findall(r"`(\w+)`", row.split(" | ")[0])}
    assert named == set(acp_compat.EXPORTS), (
        f"missing: {sorted(set(acp_compat.EXPORTS) - named)}, "
        f"not exported: {sorted(named - set(acp_compat.EXPORTS))}"
    )


def _options(command: str) -> dict[str, click.Option | None]:
    """Every spelling of ``acp-compat COMMAND``'s options, each to its click option
    (``None`` for help)."""
    from acp_compat.cli.main import COMMANDS

    click_command = getattr(COMMANDS[command][0], command)
    spelled: dict[str, click.Option | None] = {"-h": None, "--help": None}
    for param in click_command.params:
        if not isinstance(param, click.Option):
            continue  # the COMMAND argument
        for name in [*param.opts, *getattr(param, "secondary_opts", [])]:
            spelled[name] = param
    return spelled


def test_the_readme_wrap_table_is_wraps_options() -> None:
    """Each row of the README's ``wrap`` table names options ``wrap`` has, with the variable
    that sets them; every option of ``wrap`` has a row."""
    options = _options("wrap")
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    shown = set()
    for row in _table_after(readme, "### `acp-compat wrap` options"):
        flags, variables = row.strip("|").split(" | ")[:2]
        for flag in re.findall(r"(?<![\w-])(--?[a-z][\w-]*)", flags):
            assert flag in options, f"README's wrap table: wrap has no {flag}"
            envvar = getattr(options[flag], "envvar", None)
            assert isinstance(envvar, str)
            assert envvar in re.findall(r"ACP_COMPAT_\w+", variables), (flag, envvar, variables)
            shown.add(options[flag])
    assert {param for param in options.values() if param} - shown == set()


def test_every_option_the_docs_show_exists() -> None:
    """``acp-compat COMMAND ... --option`` in the README and docs/ (up to the agent's ``--``,
    a pipe or the end of the command) names an option COMMAND has."""
    files = [ROOT / "README.md", *(ROOT / "docs").glob("*.md")]
    for path in files:
        text = path.read_text(encoding="utf-8")
        for match in re.finditer(r"acp-compat (wrap|demo|detect|trace|config)\b([^`\n|]*)", text):
            command, words = match.group(1), match.group(2).split(" -- ")[0]
            options = _options(command)
            for flag in re.findall(r"(?<![\w-])(--?[a-zA-Z][\w-]*)", words):
                if flag != "--":
                    assert flag in options, f"{path.name}: {match.group(0)!r}: no {flag}"


ARCHITECTURE = ROOT / "docs" / "architecture.md"
REMOVED = {
    # Modules docs/architecture.md's history names that are gone (taken out, or merged since).
    *("codec/fast.py", "codec/structuring.py", "codec/names.py", "cli/options.py"),
    *("cli/wrap_line.py", "cli/wrap_settings.py", "io/early.py", "io/trace_view.py"),
    *("models/_lazy.py", "translate/upgrade/lifecycle.py", "translate/startup.py"),
    *("translate/cancelled.py", "io/backpressure.py", "trace/check/"),
}


def _resolves(path: str) -> bool:
    """A path as docs/architecture.md writes it: from the repository, from the package, or
    from one of its layers (``codegen/choices.py``, ``downgrade/content.py``)."""
    package = ROOT / "acp_compat"
    bases = [ROOT, package, package / "models", package / "translate"]
    return any(
        (base / path).is_dir() if path.endswith("/") else (base / path).is_file() for base in bases
    )


def _is_module(name: str) -> bool:
    try:
        return importlib.util.find_spec(name) is not None
    except ModuleNotFoundError:  # a name inside a module that is no package
        return False


def test_every_path_the_architecture_names_exists() -> None:
    """docs/architecture.md's module and file paths (``translate/exits.py``, ``trace/``,
    ``acp_compat.io.shim``) exist, but for the removed modules its history names, which
    must be gone."""
    text = ARCHITECTURE.read_text(encoding="utf-8")
    for token in set(re.findall(r"`([\w./]+)(?:\([^`]*\))?`", text)):
        if token.startswith("acp_compat."):
            module, attributes = token, list[str]()
            while module and not _is_module(module):
                module, _, attribute = module.rpartition(".")
                attributes.insert(0, attribute)
            assert module, f"docs/architecture.md: no module {token}"
            found: object = importlib.import_module(module)
            for attribute in attributes:
                found = getattr(found, attribute, None)
            assert found is not None, f"docs/architecture.md: {token} is not there"
        elif "/" in token and re.search(r"(\.py|\.json|/)$", token):
            if token in REMOVED:
                assert not _resolves(token), f"{token} exists: the history calls it removed"
            else:
                assert _resolves(token), f"docs/architecture.md names {token}, which is not there"
