"""The curated public API of ``acp_compat``: every name resolves, lazily."""

from __future__ import annotations

import subprocess
import sys

import pytest

import acp_compat
from acp_compat.codec import CodecError, structure, unstructure
from acp_compat.models import current, legacy, mapping, v2
from acp_compat.translate import base
from acp_compat.translate.chain import Chain
from acp_compat.translate.downgrade import DowngradeOptions, DowngradeTranslator
from acp_compat.translate.upgrade import UpgradeOptions, UpgradeTranslator
from acp_compat.translate.v2 import (
    V2DowngradeOptions,
    V2DowngradeTranslator,
    V2UpgradeOptions,
    V2UpgradeTranslator,
)

EXPECTED = {
    "UpgradeTranslator": UpgradeTranslator,
    "UpgradeOptions": UpgradeOptions,
    "DowngradeTranslator": DowngradeTranslator,
    "DowngradeOptions": DowngradeOptions,
    "V2UpgradeTranslator": V2UpgradeTranslator,
    "V2UpgradeOptions": V2UpgradeOptions,
    "V2DowngradeTranslator": V2DowngradeTranslator,
    "V2DowngradeOptions": V2DowngradeOptions,
    "Chain": Chain,
    "Translator": base.Translator,
    "Output": base.Output,
    "ToClient": base.ToClient,
    "ToAgent": base.ToAgent,
    "StartAgent": base.StartAgent,
    "StopAgent": base.StopAgent,
    "ReadLocalFile": base.ReadLocalFile,
    "WriteLocalFile": base.WriteLocalFile,
    "structure": structure,
    "unstructure": unstructure,
    "CodecError": CodecError,
    "legacy": legacy,
    "current": current,
    "mapping": mapping,
    "v2": v2,
}


def test_all_lists_exactly_the_public_names() -> None:
    # __all__ is served by the lazy table at run time; type checkers read the imports.
    assert set(acp_compat.__all__) == {"__version__", *EXPECTED}  # type: ignore[attr-defined]
    assert set(acp_compat.EXPORTS) == set(EXPECTED)


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_each_public_name_is_the_real_object(name: str) -> None:
    assert getattr(acp_compat, name) is EXPECTED[name]
    assert name in dir(acp_compat)


def test_unknown_names_are_attribute_errors() -> None:
    with pytest.raises(AttributeError, match="no attribute 'nothing_here'"):
        _ = acp_compat.nothing_here  # type: ignore[attr-defined]


def test_importing_the_package_loads_nothing_heavy() -> None:
    code = (
        "import sys, acp_compat\n"
        "print(acp_compat.__version__)\n"
        "print(sorted(m for m in sys.modules if m.startswith('acp_compat.')))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout.splitlines()
    assert out == [acp_compat.__version__, "['acp_compat._lazy']"]  # the lazy-name helper


def test_a_public_name_imports_on_first_use() -> None:
    code = (
        "import sys, acp_compat\n"
        "acp_compat.UpgradeTranslator\n"
        "print('acp_compat.translate.upgrade' in sys.modules, 'acp_compat.io' in sys.modules)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["True", "False"]
