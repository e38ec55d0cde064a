"""Drive ``acp-compat wrap`` as an editor would: a real subprocess on pipes.

Every started process is reaped by :meth:`Wrap.close` (the tests call it from a
fixture finalizer), killing the relay's own process group if it is still there.
"""

from __future__ import annotations

import contextlib
import json
import os
import queue
import signal
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import IO, Any

import anyio

from acp_compat.io.lines import LineReader
from tests.support.paths import AGENTS

PYTHON = sys.executable


def agent_command(name: str, *args: str) -> list[str]:
    """The argv of one of the fake agents in this directory."""
    return [PYTHON, str(AGENTS / f"{name}.py"), *args]


class Wrap:
    """One ``python -m acp_compat wrap [options] -- command`` process."""

    def __init__(
        self,
        command: list[str],
        *options: str,
        cwd: str | None = None,
        env: dict[str, str] | None = None,
    ) -> None:
        # Closed in close(): the object outlives this method on purpose.
        self._stderr = tempfile.TemporaryFile()  # noqa: SIM115
        self.proc = subprocess.Popen(
            [PYTHON, "-m", "acp_compat", "wrap", "--grace", "0.5", *options, "--", *command],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=self._stderr,
            cwd=cwd,
            env={**os.environ, **(env or {})},
            start_new_session=True,
        )
        self._lines: queue.Queue[bytes | None] = queue.Queue()
        self.raw_stdout: list[bytes] = []
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()

    def _read(self) -> None:
        """Collect stdout lines (a thread: the test code stays plain and blocking)."""
        assert self.proc.stdout is not None
        for line in self.proc.stdout:
            self.raw_stdout.append(line)
            self._lines.put(line)
        self._lines.put(None)

    def send(self, message: dict[str, Any]) -> None:
        """Write one message to the relay's stdin."""
        self.send_raw(json.dumps(message, ensure_ascii=False).encode() + b"\n")

    def send_raw(self, data: bytes) -> None:
        """Write bytes as they are."""
        assert self.proc.stdin is not None
        self.proc.stdin.write(data)
        self.proc.stdin.flush()

    def recv(self, timeout: float = 10.0) -> dict[str, Any]:
        """The next message from the relay's stdout."""
        line = self._lines.get(timeout=timeout)
        if line is None:
            raise EOFError(f"the relay closed stdout; stderr:\n{self.stderr()}")
        value: dict[str, Any] = json.loads(line)
        return value

    def recv_until(self, predicate: Any, timeout: float = 10.0) -> list[dict[str, Any]]:
        """Messages up to and including the first one ``predicate`` accepts."""
        deadline = time.monotonic() + timeout
        seen: list[dict[str, Any]] = []
        while True:
            message = self.recv(max(0.01, deadline - time.monotonic()))
            seen.append(message)
            if predicate(message):
                return seen

    def request(self, id: Any, method: str, params: Any, timeout: float = 10.0) -> list[Any]:
        """Send a request; the messages up to its response (the response last)."""
        self.send({"jsonrpc": "2.0", "id": id, "method": method, "params": params})
        return self.recv_until(lambda m: m.get("id") == id and "method" not in m, timeout)

    def close_stdin(self) -> None:
        """End of the client's input."""
        assert self.proc.stdin is not None
        self.proc.stdin.close()

    def wait(self, timeout: float = 10.0) -> int:
        """The relay's exit status."""
        return self.proc.wait(timeout)

    def signal(self, sig: signal.Signals) -> None:
        """Send the relay a signal."""
        self.proc.send_signal(sig)

    def stderr(self) -> str:
        """Everything the relay wrote to stderr so far: all of it once it has exited.

        While it runs, a log record made before an answer on stdout can land just after
        it (records reach stderr through a pump thread): wait for the ones a test needs
        with :meth:`stderr_with`, and look for what must be absent after :meth:`wait`.
        """
        return _text(self._stderr)

    def stderr_with(self, *texts: str, timeout: float = 10.0) -> str:
        """Everything on stderr, once it holds all ``texts`` (see :func:`text_with`)."""
        return text_with(self._stderr, *texts, timeout=timeout)

    def close(self) -> None:
        """Reap the relay (and kill its group if a test left it running)."""
        if self._stderr.closed:
            return
        if self.proc.poll() is None:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(self.proc.pid, signal.SIGKILL)
        self.proc.wait()
        if self.proc.stdin is not None and not self.proc.stdin.closed:
            with contextlib.suppress(BrokenPipeError):
                self.proc.stdin.close()
        self._reader.join(5)
        if self.proc.stdout is not None:
            self.proc.stdout.close()
        self._stderr.close()


def _text(file: IO[bytes]) -> str:
    file.seek(0)
    return file.read().decode(errors="replace")


def text_with(file: IO[bytes], *texts: str, timeout: float = 10.0) -> str:
    """Everything a process wrote to ``file`` so far, once it holds all ``texts``, or at
    the deadline (the caller's assertion then shows what was there).

    The file is polled: a process's writes to a file wake no one.
    """
    deadline = time.monotonic() + timeout
    while True:
        text = _text(file)
        if all(t in text for t in texts) or time.monotonic() > deadline:
            return text
        time.sleep(0.02)


class PipeEditor:
    """The test's ends of an in-process relay's stdin and stdout pipes.

    ``relay_in`` and ``relay_out`` are the relay's ends: hand them to it (whoever owns
    them closes them). :meth:`close` closes the test's own ends.
    """

    def __init__(self) -> None:
        self.relay_in, self._to_relay = os.pipe()
        self._from_relay, self.relay_out = os.pipe()
        self.reader = LineReader(self._from_relay)

    @property
    def from_relay(self) -> int:
        """The test's end of the relay's stdout (what the relay wrote waits there)."""
        return self._from_relay

    def send(self, message: dict[str, Any]) -> None:
        """Write one message to the relay's stdin."""
        self.send_raw(json.dumps(message).encode() + b"\n")

    def send_raw(self, data: bytes) -> None:
        """Write bytes as they are."""
        os.write(self._to_relay, data)

    def end(self) -> None:
        """End of the client's input (once)."""
        if self._to_relay >= 0:
            os.close(self._to_relay)
            self._to_relay = -1

    async def recv(self, timeout: float = 10.0) -> dict[str, Any]:
        """The next message from the relay's stdout."""
        with anyio.fail_after(timeout):
            events = await self.reader.read_events()
        assert events is not None, "the relay closed its stdout"
        self.reader.unread(events[1:])
        assert isinstance(events[0], bytes)
        value: dict[str, Any] = json.loads(events[0])
        return value

    def close(self) -> None:
        """Close the test's ends."""
        self.end()
        self.reader.close()


def alive(pid: int) -> bool:
    """Whether ``pid`` is a live process (a zombie awaiting its reaper counts as gone)."""
    try:
        with open(f"/proc/{pid}/stat") as handle:
            state = handle.read().rpartition(")")[2].split()[0]
    except (FileNotFoundError, ProcessLookupError):
        return False
    return state not in ("Z", "X")


def wait_gone(pids: list[int], timeout: float = 5.0) -> list[int]:
    """Wait until none of ``pids`` is alive; the ones still alive at the deadline."""
    deadline = time.monotonic() + timeout
    while True:
        left = [pid for pid in pids if alive(pid)]
        if not left or time.monotonic() > deadline:
            return left
        time.sleep(0.05)


FAULTY_START = 'cd "$1" || exit 99; shift; [ -z "$DELETE_CWD" ] || rmdir "$PWD"; exec "$@" $CLOSE'
"""``sh -c`` that starts ``wrap`` in a directory, deleted first if asked, with the
redirections in ``$CLOSE`` (``<&- 2>&-``) closing standard descriptors."""


def start_faulty(
    options: list[str],
    command: list[str],
    *,
    cwd: Path,
    closed: tuple[int, ...] = (),
    delete_cwd: bool = False,
    stderr: Any = subprocess.DEVNULL,
) -> subprocess.Popen[bytes]:
    """``python -m acp_compat wrap OPTIONS -- COMMAND`` started as an unlucky machine
    would start it: descriptors ``closed`` (0, 1, 2) closed, in ``cwd``, which is removed
    just before when ``delete_cwd``. Its own session: close it with :func:`reap`."""
    close = " ".join(f"{fd}>&-" if fd else "<&-" for fd in closed)
    script = FAULTY_START.replace("$CLOSE", close)
    argv = [PYTHON, "-m", "acp_compat", "wrap", *options, "--", *command]
    return subprocess.Popen(
        ["sh", "-c", script, "sh", str(cwd), *argv],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=stderr,
        env={**os.environ, "DELETE_CWD": "1" if delete_cwd else ""},
        start_new_session=True,
    )


def reap(proc: subprocess.Popen[bytes]) -> None:
    """Kill ``proc``'s session if it still runs, wait for it and close our pipe ends."""
    if proc.poll() is None:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(proc.pid, signal.SIGKILL)
    proc.wait()
    for pipe in (proc.stdin, proc.stdout, proc.stderr):
        if pipe is not None:
            with contextlib.suppress(BrokenPipeError):
                pipe.close()
