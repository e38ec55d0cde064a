"""A launcher like ``npx``: starts the agent as a child and waits for it.

``python launcher.py PIDFILE CMD...`` starts CMD (sharing stdio), plus a stubborn
helper that ignores SIGTERM and stdin (a worst-case grandchild), writes the pids of the
launcher, the child and the helper to PIDFILE, and exits with the child's status.
"""

from __future__ import annotations

import subprocess
import sys

STUBBORN = (
    "import signal, time\n"
    "signal.signal(signal.SIGTERM, signal.SIG_IGN)\n"
    "signal.signal(signal.SIGINT, signal.SIG_IGN)\n"
    "time.sleep(600)\n"
)


def main() -> None:
    """Start both, record their pids, wait for the agent."""
    import os

    pidfile, command = sys.argv[1], sys.argv[2:]
    child = subprocess.Popen(command)
    helper = subprocess.Popen(
        [sys.executable, "-c", STUBBORN],
        stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,
    )
    with open(pidfile, "w") as handle:
        handle.write(f"{os.getpid()} {child.pid} {helper.pid}\n")
    sys.exit(child.wait())


if __name__ == "__main__":
    main()
