"""Where things are, for every test: computed once here, so a test module can move freely."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
"""The project's root: ``pyproject.toml``, ``acp_compat/``, ``docs/``, ``vectors/``."""

PACKAGE = ROOT / "acp_compat"
"""The package's source folder."""

VECTORS = ROOT / "vectors"
"""The language-neutral vectors (``vectors/README.md``)."""

CAPTURES = ROOT / "tests" / "data" / "captures"
"""Wire captures of real agents (their ``README.md`` says what each one is)."""

AGENTS = ROOT / "tests" / "support" / "agents"
"""The fake agents, each a script run by path."""
