"""docs/migration.md runs: every fenced code block in it is executed here.

``python`` blocks run in order in one namespace (a later block uses what an earlier one
defined), in an empty temporary folder; ``sh`` blocks run with ``bash -euo pipefail`` in
that folder with this interpreter's ``bin`` first on the ``PATH`` (so ``acp-compat`` and
``python`` are the ones under test); ``json`` blocks must parse. A block in any other
language, or with none, fails the test: nothing in the guide goes unchecked.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from tests.support.paths import ROOT

GUIDE = ROOT / "docs" / "migration.md"
FENCE = re.compile(r"^```([^\n`]*)\n(.*?)^```[ \t]*$", re.MULTILINE | re.DOTALL)
LANGUAGES = frozenset({"python", "sh", "json"})


def blocks(text: str) -> list[tuple[int, str, str]]:
    """``(line number, language, code)`` of every fenced block."""
    found = []
    for match in FENCE.finditer(text):
        line = text.count("\n", 0, match.start()) + 1
        found.append((line, match.group(1).strip(), match.group(2)))
    return found


def test_the_fence_reader_sees_every_block() -> None:
    text = "a\n```python\nx = 1\n```\nb\n```\nplain\n```\n```sh\necho hi\n```\n"
    assert blocks(text) == [(2, "python", "x = 1\n"), (6, "", "plain\n"), (9, "sh", "echo hi\n")]


def test_every_block_has_a_language_that_runs() -> None:
    found = blocks(GUIDE.read_text(encoding="utf-8"))
    assert len(found) >= 10
    unknown = [(line, lang) for line, lang, _ in found if lang not in LANGUAGES]
    assert not unknown, f"blocks that would not run (line, language): {unknown}"
    # Every fence opened is closed: an odd number of fence lines means one swallowed text.
    fences = [x for x in GUIDE.read_text(encoding="utf-8").splitlines() if x.startswith("```")]
    assert len(fences) == 2 * len(found)


def test_every_block_runs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    env = {**os.environ, "NO_COLOR": "1"}
    env["PATH"] = str(Path(sys.executable).parent) + os.pathsep + env.get("PATH", "")
    namespace: dict[str, object] = {"__name__": "migration_guide"}
    for line, language, code in blocks(GUIDE.read_text(encoding="utf-8")):
        where = f"docs/migration.md block at line {line} ({language})"
        if language == "python":
            try:
                exec(compile(code, where, "exec"), namespace)
            except Exception as exc:
                raise AssertionError(f"{where} failed: {exc!r}") from exc
        elif language == "sh":
            done = subprocess.run(
                ["bash", "-euo", "pipefail", "-c", code],
                cwd=tmp_path,
                env=env,
                capture_output=True,
                text=True,
                timeout=120,
            )
            assert done.returncode == 0, f"{where} exited {done.returncode}:\n{done.stderr}"
            assert done.stdout.strip(), f"{where} printed nothing"
        elif language == "json":
            json.loads(code)
