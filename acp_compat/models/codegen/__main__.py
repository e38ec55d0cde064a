"""``python -m acp_compat.models.codegen [--check]``: write (or check) the model modules.

Run from a checkout: the schema files are read from ``vectors/schemas/``. ``--check``
writes nothing and exits 1, naming the files, when what is on disk differs from what the
generator writes now (the test suite runs the same comparison).
"""

from __future__ import annotations

import sys
from pathlib import Path

from .write import generated_files


def main(argv: list[str]) -> int:
    root = Path(__file__).resolve().parents[3]
    check = "--check" in argv
    stale = []
    for path, text in generated_files(root).items():
        current = path.read_text(encoding="utf-8") if path.exists() else None
        if current == text:
            continue
        stale.append(path.relative_to(root))
        if not check:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8")
    verb = "differ from the generator's output" if check else "written"
    for path in stale:
        print(f"{path}: {verb}")
    return 1 if check and stale else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
