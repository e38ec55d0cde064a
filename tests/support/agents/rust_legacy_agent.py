"""A legacy agent that behaves like one built on the Rust 0.0.9 crate (stdlib only).

``python tests/support/agents/rust_legacy_agent.py``: a request whose params do not parse (an
``initialize`` with an integer ``protocolVersion``) is logged to stderr and gets **no
response at all**, as the Rust library does; an ``initialize`` with a semver string
answers ``{protocolVersion: "0.0.9", isAuthenticated: false}``.
"""

from __future__ import annotations

import json
import sys


def main() -> None:
    for line in sys.stdin:
        if not line.strip():
            continue
        message = json.loads(line)
        if message.get("method") != "initialize":
            continue
        version = (message.get("params") or {}).get("protocolVersion")
        if not isinstance(version, str):
            sys.stderr.write("failed to parse initialize params: protocolVersion is not semver\n")
            sys.stderr.flush()
            continue
        result = {"protocolVersion": "0.0.9", "isAuthenticated": False}
        sys.stdout.write(
            json.dumps({"jsonrpc": "2.0", "id": message["id"], "result": result}) + "\n"
        )
        sys.stdout.flush()


if __name__ == "__main__":
    main()
