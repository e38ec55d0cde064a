"""The translator preload: what it imports while a probe is out (it was once left doing
nothing, which put the translator's import after the agent's answer, on the editor's wait)."""

from __future__ import annotations

import subprocess
import sys

import pytest

CHECK = """
import sys
from acp_compat.translate.probe import Protocol
from acp_compat.translate.startup import preload_translator
def loaded():
    names = ("upgrade.translator", "downgrade.translator", "v2.upgrade")
    return sorted(n for n in names if f"acp_compat.translate.{n}" in sys.modules)
before = loaded()
preload_translator(Protocol.%s)
print(before, loaded())
"""


@pytest.mark.parametrize(
    ("client", "translator"),
    [("CURRENT", "upgrade.translator"), ("LEGACY", "downgrade.translator"), ("V2", "v2.upgrade")],
)
def test_the_preload_imports_the_translator_the_client_likely_needs(
    client: str, translator: str
) -> None:
    # A fresh interpreter: the test session has long imported both.
    done = subprocess.run(
        [sys.executable, "-c", CHECK % client], capture_output=True, text=True, check=True
    )
    assert done.stdout.split() == ["[]", f"['{translator}']"]
