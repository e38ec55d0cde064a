"""The distributions users install: ``python -m build`` makes an sdist and a wheel that
``twine check`` passes, the wheel holds LICENSE, and the sdist holds what the README links
to (docs/, vectors/) with LICENSE and CHANGELOG.md.

Built offline from a copy of the tree (``--no-isolation``: setuptools, build and twine are
test dependencies), so the test needs no network and leaves the checkout untouched.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import tarfile
import zipfile
from pathlib import Path

import pytest

from tests.support.paths import ROOT

pytestmark = pytest.mark.timeout(300)

SKIP = {".git", ".venv", "node_modules", "build", "dist", "__pycache__", ".mypy_cache"}


def _ignore(directory: str, names: list[str]) -> set[str]:
    return {n for n in names if n in SKIP or n.endswith(".egg-info") or n.startswith(".pytest")}


@pytest.fixture(scope="module")
def dist(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The sdist and wheel built from a copy of the tree."""
    work = tmp_path_factory.mktemp("packaging")
    source = work / "src"
    shutil.copytree(ROOT, source, ignore=_ignore)
    out = work / "dist"
    done = subprocess.run(
        [sys.executable, "-m", "build", "--no-isolation", "--outdir", str(out), str(source)],
        capture_output=True,
        text=True,
        timeout=240,
    )
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    return out


def _only(dist: Path, pattern: str) -> Path:
    (found,) = dist.glob(pattern)
    return found


def test_twine_check_passes(dist: Path) -> None:
    files = [str(_only(dist, "*.whl")), str(_only(dist, "*.tar.gz"))]
    done = subprocess.run(
        [sys.executable, "-m", "twine", "check", "--strict", *files],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stdout.count("PASSED") == 2, done.stdout


def test_the_wheel_holds_the_license_and_the_metadata(dist: Path) -> None:
    with zipfile.ZipFile(_only(dist, "*.whl")) as wheel:
        names = wheel.namelist()
        licenses = [n for n in names if n.endswith(".dist-info/licenses/LICENSE")]
        assert licenses, names
        assert "Apache License" in wheel.read(licenses[0]).decode()
        metadata = wheel.read(next(n for n in names if n.endswith(".dist-info/METADATA")))
    text = metadata.decode()
    assert "License-Expression: Apache-2.0" in text
    assert "License-File: LICENSE" in text
    assert "Classifier: Operating System :: POSIX :: Linux" in text
    assert "Keywords:" in text and "Author:" in text
    assert "acp_compat/py.typed" in names
    assert "acp_compat/trace/schemas.json" in names  # trace --check's judge


def test_the_sdist_holds_docs_vectors_license_and_changelog(dist: Path) -> None:
    with tarfile.open(_only(dist, "*.tar.gz")) as sdist:
        names = {name.split("/", 1)[1] for name in sdist.getnames() if "/" in name}
    for path in ("LICENSE", "CHANGELOG.md", "README.md", "docs/behaviour.md", "vectors/README.md"):
        assert path in names, sorted(names)[:50]
    # Every file the README links to into docs/ and vectors/ is there.
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    for linked in ("docs/architecture.md", "docs/shim.md", "vectors/README.md"):
        assert linked in readme and linked in names
    assert any(n.startswith("vectors/upgrade/") and n.endswith(".json") for n in names)
