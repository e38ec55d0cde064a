"""Record the ``wrap --trace`` traces of real v2 traffic that ``tests/trace`` checks.

Every v2 pairing the interop harness has, each as its interop test runs it: the official
TypeScript SDK 2.4.0's experimental v2 client in front of a v1 agent (the SDK 1.9 example
agent), of the bundled legacy example agent and of a v2 agent written on the SDK's v2 API;
the v1 SDK 1.9 and 2.4 clients in front of that v2 agent. The traces go to
``tests/data/traces/`` with the run's temporary folders rewritten to ``/home/user/...``
(the captures' convention), and ``tests/trace/test_real_traces.py`` holds them to no
broken MUST. Run from the project root, after ``npm ci --prefix tests/interop``::

    python -m tests.interop.record_traces

(A run overwrites the files; the traces differ from one run to the next only in times,
ids the peers make up, and the order of what crossed the relay at once.)
"""

from __future__ import annotations

import shutil
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

from tests.interop.conftest import (
    EXAMPLE_AGENT,
    V1Client,
    find_node,
    legacy_agent_command,
    wrap_command,
)
from tests.interop.test_upgrade_interop import project
from tests.interop.test_v2_interop import V2_AGENT, v1_client, v2_client
from tests.support.paths import ROOT

TRACES = ROOT / "tests" / "data" / "traces"
"""Where the recorded traces go."""

Run = Callable[[str, Path], tuple[V1Client, list[str], list[str], list[Path]]]
"""A scenario: (node, its folder) -> the client, the agent command, the client's options,
the session folders (always one of the run's folder, so that no path outside it is in
the trace)."""


def v1_agent(node: str) -> list[str]:
    return wrap_command([node, str(EXAMPLE_AGENT)])


SCENARIOS: dict[str, Run] = {
    "v2-client_v1-agent_full": lambda node, work: (
        v2_client(node, work),
        v1_agent(node),
        ["--lifecycle"],
        [project(work / "project")],
    ),
    "v2-client_v1-agent_cancel": lambda node, work: (
        v2_client(node, work),
        v1_agent(node),
        ["--prompt", "hello", "--cancel-on-tool"],
        [project(work / "project")],
    ),
    "v2-client_legacy-agent_allow": lambda node, work: (
        v2_client(node, work),
        wrap_command(legacy_agent_command()),
        ["--prompt", "edit", "--permission", "allow"],
        [project(work / "project")],
    ),
    "v2-client_legacy-agent_reject": lambda node, work: (
        v2_client(node, work),
        wrap_command(legacy_agent_command()),
        ["--prompt", "edit", "--permission", "reject"],
        [project(work / "project")],
    ),
    "v2-client_legacy-agent_cancel": lambda node, work: (
        v2_client(node, work),
        wrap_command(legacy_agent_command()),
        ["--prompt", "slow", "--cancel-on-tool"],
        [project(work / "project")],
    ),
    "v1-sdk1-client_v2-agent_full": lambda node, work: (
        v1_client(node, "1", work),
        wrap_command([node, str(V2_AGENT)], "--agent-protocol", "v2"),
        [],
        [project(work / "project")],
    ),
    "v1-sdk2-client_v2-agent_full": lambda node, work: (
        v1_client(node, "2", work),
        wrap_command([node, str(V2_AGENT)], "--agent-protocol", "v2"),
        [],
        [project(work / "project")],
    ),
    "v1-sdk1-client_v2-agent_cancel": lambda node, work: (
        v1_client(node, "1", work),
        wrap_command([node, str(V2_AGENT)], "--agent-protocol", "v2"),
        ["--cancel-on-tool"],
        [project(work / "project")],
    ),
    "v2-client_v2-agent_full": lambda node, work: (
        v2_client(node, work),
        wrap_command([node, str(V2_AGENT)]),
        ["--lifecycle"],
        [project(work / "project")],
    ),
    "v2-client_v2-agent_cancel": lambda node, work: (
        v2_client(node, work),
        wrap_command([node, str(V2_AGENT)]),
        ["--cancel-on-tool"],
        [project(work / "project")],
    ),
}
"""Each recorded trace's name and how it is run (the interop tests' own runs)."""


def record(name: str, node: str, scratch: Path) -> Path:
    """Run scenario ``name`` in ``scratch``; its trace, rewritten, in :data:`TRACES`."""
    work = scratch / name
    work.mkdir(parents=True)
    client, agent, args, cwds = SCENARIOS[name](node, work)
    run = client.run(agent, *args, cwds=cwds)
    if run.returncode != 0:
        raise SystemExit(f"{name}: the client failed\n{run.describe()}")
    [trace] = work.glob("trace-*.jsonl")
    text = trace.read_text(encoding="utf-8")
    for folder, alias in ((work, "/home/user/work"), (ROOT, "/home/user/acp-compat")):
        text = text.replace(str(folder), alias)
    text = text.replace(sys.executable, "/usr/bin/python3").replace(node, "/usr/bin/node")
    target = TRACES / f"{name}.jsonl"
    target.write_text(text, encoding="utf-8")
    return target


def main() -> None:
    """Record every scenario (or those named on the command line)."""
    node, why = find_node()
    if node is None:
        raise SystemExit(why)
    TRACES.mkdir(parents=True, exist_ok=True)
    scratch = Path(tempfile.mkdtemp(prefix="acp-compat-traces-"))
    try:
        for name in sys.argv[1:] or list(SCENARIOS):
            print(record(name, node, scratch).relative_to(ROOT))
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


if __name__ == "__main__":
    main()
