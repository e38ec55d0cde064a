"""What ``wrap`` does before the editor has its ``initialize`` answer, counted in
instructions, and how much of it is click's and cattrs' imports.

Wall and CPU times of a start move by a fifth from one run to the next on a shared
machine; instruction counts (``valgrind --tool=callgrind``) repeat to about 0.1 M. For
each build (this checkout, and with ``--baseline REV`` that revision), installed as
``run.py`` installs it (a wheel in a throwaway venv, bytecode compiled, the same
libraries), and for ``--agent-protocol legacy`` and auto:

* **to the answer**: instructions of the ``wrap`` process alone, from its start until the
  ``os.write`` that carries the answer (a hook ends the process there), on the quick
  legacy test agent (``relay_flood.py --agent 1``), with ``-qq`` as ``run.py`` passes it;
* **click and cattrs**: what importing them adds, in the same build: every module the
  answer needed but ``acp_compat``'s own, imported in the order ``wrap`` imported them,
  counted once as they are and once without those that click or cattrs brought in (their
  own modules and what was first imported for them, such as ``gettext`` or ``pathlib``).
  What the others need of those (``inspect``, ``uuid``) is imported for them either way,
  so the difference is what click and cattrs add and nothing else does. It leaves out
  what they cost when used (click reading the command line, cattrs writing the first
  structure functions), so it is the least they cost.

Needs ``valgrind`` (Debian package ``valgrind``); each count takes about ten seconds.
The table is Markdown, for benchmarks/README.md.

    .venv/bin/python benchmarks/startup_instructions.py --baseline bcb571b
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import run  # noqa: E402  (a sibling script: the installs and the messages it sends)

THIRD_PARTY = ("click", "cattrs")

# Run in the build's venv: wrap, in-process as its console script runs it, until the write
# that answers initialize; then the modules in the order they were first imported, each
# with whether click or cattrs was importing when it was.
_PROBE = r"""
import json, os, sys
import _frozen_importlib as bootstrap
out, owners = sys.argv[1], tuple(sys.argv[2].split(","))
before = set(sys.modules)
importing, brought = [], {}
load = bootstrap._load_unlocked
def loading(spec):
    brought[spec.name] = any(name.split(".")[0] in owners for name in importing)
    importing.append(spec.name)
    try:
        return load(spec)
    finally:
        importing.pop()
bootstrap._load_unlocked = loading
write = os.write
def answering(fd, data):
    written = write(fd, data)
    if b'"result"' in bytes(data[:200]):
        order = [name for name in sys.modules if name not in before]
        with open(out, "w") as f:
            json.dump([[name, brought.get(name, False)] for name in order], f)
        os._exit(0)
    return written
os.write = answering
sys.argv = ["acp-compat", *sys.argv[3:]]
from acp_compat.cli.launch import main
main()
"""

_IMPORTS = """
import importlib
for name in {names!r}:
    try:
        importlib.import_module(name)
    except Exception:  # a platform's module that imports only under its parent
        pass
"""


def _finished(argv: list[str], stdin: bytes) -> bytes:
    """Run ``argv`` with ``stdin`` written and left open (an editor does not close it
    while it waits for an answer; ``wrap`` would shut down) until it exits; its stderr."""
    proc = subprocess.Popen(
        argv, stdin=subprocess.PIPE, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE
    )
    assert proc.stdin is not None
    proc.stdin.write(stdin)
    proc.stdin.flush()
    assert proc.stderr is not None
    try:
        return proc.stderr.read()  # to its end: the process (and the agent) are gone
    finally:
        proc.kill()
        proc.wait()
        proc.stdin.close()
        proc.stderr.close()


def _count(argv: list[str], stdin: bytes = b"") -> float:
    """Instructions (millions) of ``argv``'s own process, run under callgrind (after one
    run without it, which writes whatever bytecode the cache still lacks)."""
    _finished(argv, stdin)
    with tempfile.TemporaryDirectory(prefix="acp-compat-bench-callgrind-") as place:
        stderr = _finished(
            ["valgrind", "--tool=callgrind", f"--callgrind-out-file={place}/out", *argv], stdin
        )
    found = re.search(rb"Collected : (\d+)", stderr)
    if found is None:
        raise RuntimeError(f"callgrind did not count {argv[:3]}: {stderr[-400:]!r}")
    return int(found.group(1)) / 1e6


def _probe(python: str, probe: str, order: str, options: list[str]) -> list[str]:
    return [
        python,
        probe,
        order,
        ",".join(THIRD_PARTY),
        "wrap",
        "-qq",
        *options,
        "--",
        run.PYTHON,
        os.path.join(HERE, "relay_flood.py"),
        "--agent",
        "1",
    ]


def measure(python: str, options: list[str], place: str) -> dict[str, float]:
    """Instructions to the answer, and what click and cattrs' imports add, in millions."""
    probe = os.path.join(place, "probe.py")
    with open(probe, "w") as f:
        f.write(_PROBE)
    order = os.path.join(place, "order.json")
    message = (json.dumps(run.CURRENT_INIT) + "\n").encode()
    argv = _probe(python, probe, order, options)
    answer = _count(argv, message)
    with open(order) as f:
        modules = [(name, bool(theirs)) for name, theirs in json.load(f)]
    others = [n for n, _ in modules if n.split(".")[0] != "acp_compat" and n != "__main__"]
    without = [n for n, theirs in modules if n in others and not theirs]
    without = [n for n in without if n.split(".")[0] not in THIRD_PARTY]
    with_them = _count([python, "-c", _IMPORTS.format(names=others)])
    without_them = _count([python, "-c", _IMPORTS.format(names=without)])
    return {"answer": answer, "imports": with_them, "third_party": with_them - without_them}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--baseline", help="a git revision measured the same way")
    args = parser.parse_args()
    if shutil.which("valgrind") is None:
        sys.exit("startup_instructions.py needs valgrind (Debian package valgrind)")
    run.use_a_bytecode_cache()
    os.environ["PYTHONHASHSEED"] = "0"  # the same dict layouts, so the same counts
    builds = [("this checkout", os.path.dirname(HERE))]
    if args.baseline:
        builds.append((args.baseline, run.source_tree(args.baseline)))
    rows = []
    for name, root in builds:
        python = os.path.join(os.path.dirname(run.installed_command(root)[0]), "python")
        for mode, options in (("legacy", ["--agent-protocol", "legacy"]), ("auto", [])):
            run.progress(f"{name}, {mode}")
            with tempfile.TemporaryDirectory(prefix="acp-compat-bench-probe-") as place:
                rows.append((name, mode, measure(python, options, place)))
    first = {mode: counts["answer"] for name, mode, counts in rows if name == builds[0][0]}
    base = {mode: counts["answer"] for name, mode, counts in rows if name != builds[0][0]}
    print("| build | mode | to the answer | click and cattrs' imports | the rest |")
    print("|---|---|---|---|---|")
    for name, mode, counts in rows:
        rest = counts["answer"] - counts["third_party"]
        versus = rest_versus = ""
        if base and name == builds[0][0]:
            versus = f" ({100 * (counts['answer'] / base[mode] - 1):+.1f}%)"
            rest_versus = f" ({100 * (rest / base[mode] - 1):+.1f}%)"
        print(
            f"| {name} | {mode} | {counts['answer']:.1f} M{versus} | "
            f"{counts['third_party']:.1f} M | {rest:.1f} M{rest_versus} |"
        )
    if base:
        for mode in ("legacy", "auto"):
            print(
                f"\n{mode}: the goal (baseline + a tenth) is {1.1 * base[mode]:.1f} M; "
                f"this checkout is at {first[mode]:.1f} M."
            )


if __name__ == "__main__":
    main()
