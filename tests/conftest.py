"""Fixtures shared by several test files, and the bytecode cache of the processes tests start."""

from __future__ import annotations

import importlib.util
import os
import py_compile
import shutil
import sys
import tempfile
from collections.abc import Iterator

import pytest

from acp_compat.jsonrpc import framing

JSON_BACKENDS = ["orjson", "stdlib"]
"""Both JSON paths of :mod:`acp_compat.jsonrpc.framing`; orjson is a test dependency."""


@pytest.fixture(scope="session", autouse=True)
def bytecode_cache_for_children() -> Iterator[str]:
    """Give every Python process the tests start one bytecode cache for this session.

    Hundreds of tests start ``python -m acp_compat ...`` (and scripted agents importing
    it). A shell with ``PYTHONDONTWRITEBYTECODE`` set (as this machine's is) would make
    each of them compile acp-compat from source, about 0.1 s of CPU per start; an
    installed package has its bytecode compiled by pip. The cache is fresh per session and
    removed after it, and a module changed meanwhile is recompiled (the cache records the
    source's size and time), so no test sees stale code. This process is not affected: it
    read its settings when it started.
    """
    cache = tempfile.mkdtemp(prefix="acp-compat-tests-pycache-")
    names = ("PYTHONDONTWRITEBYTECODE", "PYTHONPYCACHEPREFIX")
    saved = {name: os.environ.get(name) for name in names}
    _fill_bytecode_cache(cache)
    os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
    os.environ["PYTHONPYCACHEPREFIX"] = cache
    try:
        yield cache
    finally:
        for name, value in saved.items():
            if value is None:
                os.environ.pop(name, None)
            else:
                os.environ[name] = value
        shutil.rmtree(cache, ignore_errors=True)


def _fill_bytecode_cache(cache: str) -> None:
    """Put the bytecode of every module loaded here (after collection: acp-compat and its
    dependencies among them) where a process with ``cache`` as its prefix looks for it:
    copied from ``__pycache__`` (the standard library's, pip's) or compiled. A process
    with a prefix ignores ``__pycache__``, so without this the first starts would compile
    the standard library too, slowly enough for a startup timeout to notice."""
    own_prefix = sys.pycache_prefix
    sources = {getattr(m, "__file__", None) for m in list(sys.modules.values())}
    for source in sorted(s for s in sources if isinstance(s, str) and s.endswith(".py")):
        beside = importlib.util.cache_from_source(source)
        sys.pycache_prefix = cache
        try:
            target = importlib.util.cache_from_source(source)
        finally:
            sys.pycache_prefix = own_prefix
        # A stale copy does no harm: its recorded source time differs, so it is recompiled.
        if os.path.exists(beside):
            os.makedirs(os.path.dirname(target), exist_ok=True)
            shutil.copyfile(beside, target)
        else:
            py_compile.compile(source, cfile=target, doraise=False, quiet=2)


def pytest_xdist_auto_num_workers(config: pytest.Config) -> int | None:
    """How many workers ``-n auto`` (pyproject's addopts) starts: one more than the cores
    this process may run on. Most tests spend part of their time waiting on the processes
    they start (a relay, an agent, an SDK client: run alone, the suite is on the CPU about
    two thirds of its time), so one worker per core leaves the cores idle meanwhile.
    ``PYTEST_XDIST_AUTO_NUM_WORKERS``, when set, is xdist's to read."""
    if os.environ.get("PYTEST_XDIST_AUTO_NUM_WORKERS"):
        return None
    affinity = getattr(os, "sched_getaffinity", None)  # (Linux; macOS has none)
    cores = len(affinity(0)) if affinity is not None else os.cpu_count() or 1
    return cores + 1


@pytest.fixture(params=JSON_BACKENDS)
def json_backend(request: pytest.FixtureRequest) -> Iterator[str]:
    """Run the test once with each JSON path, restoring the one in use afterwards."""
    previous = framing.json_backend()
    framing.use_json_backend(request.param)
    try:
        yield str(request.param)
    finally:
        framing.use_json_backend(previous)
