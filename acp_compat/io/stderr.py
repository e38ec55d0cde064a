"""Our stderr, written from one background thread so it can never stall the relay.

Editors are not obliged to read an agent's stderr, and some never do: the official Python
SDK's ``spawn_stdio_transport`` pipes it and leaves it unread. Once that pipe's buffer
(64 KiB on Linux) is full, a blocking write from the event loop would freeze every
session. So the agents' stderr and our log records go through a :class:`StderrPump`: the
loop only appends bytes to a bounded buffer; one daemon thread does the blocking writes;
when the buffer is full, output is dropped (and the drop reported once writing resumes)
rather than ever blocking. The agents' own stderr tail is kept separately
(:mod:`acp_compat.io.process`), so error reports never depend on what was dropped here.
"""

from __future__ import annotations

import functools
import logging
import os
import select
import threading
from collections import deque

BUFFER_LIMIT = 1024 * 1024
"""Bytes that may wait for the stderr reader before further output is dropped."""


class StderrPump:
    """A never-blocking writer to one file descriptor (one thread for its whole life)."""

    def __init__(self, fd: int = 2, limit: int = BUFFER_LIMIT) -> None:
        self._fd = fd
        self._limit = limit
        self._chunks: deque[bytes] = deque()
        self._buffered = 0
        self._dropped = 0
        self._broken = False
        self._idle = True
        self._lock = threading.Condition()
        self._thread = threading.Thread(target=self._run, name="acp-compat-stderr", daemon=True)
        self._thread.start()

    def write(self, data: bytes) -> None:
        """Queue ``data``; dropped (counted) when the reader is too far behind or gone."""
        if not data:
            return
        with self._lock:
            if self._broken or self._buffered + len(data) > self._limit:
                self._dropped += len(data)
                return
            self._chunks.append(data)
            self._buffered += len(data)
            self._lock.notify()

    def flush(self, timeout: float) -> bool:
        """Wait up to ``timeout`` seconds for the queue to be written; whether it was."""
        with self._lock:
            return self._lock.wait_for(
                lambda: self._broken or (self._idle and not self._chunks), timeout
            )

    def _run(self) -> None:
        while True:
            with self._lock:
                self._idle = True
                self._lock.notify_all()
                self._lock.wait_for(lambda: bool(self._chunks))
                self._idle = False
                data = b"".join(self._chunks)
                self._chunks.clear()
                self._buffered = 0
                dropped, self._dropped = self._dropped, 0
            if dropped:
                note = (
                    f"acp-compat: {dropped} bytes of stderr output were dropped (nobody read it)\n"
                )
                data = note.encode() + data
            if not self._write_all(data):
                with self._lock:
                    self._broken = True
                    self._chunks.clear()
                    self._buffered = 0
                    self._lock.notify_all()
                return

    def _write_all(self, data: bytes) -> bool:
        view = memoryview(data)
        while view:
            try:
                written = os.write(self._fd, view)
            except BlockingIOError:
                # Someone made the descriptor non-blocking: wait for room without spinning.
                select.select([], [self._fd], [], 1.0)
                continue
            except OSError:
                return False  # stderr is gone: stop writing, keep the relay running
            view = view[written:]
        return True


class PumpHandler(logging.Handler):
    """A logging handler that writes formatted records through a :class:`StderrPump`."""

    def __init__(self, pump: StderrPump) -> None:
        super().__init__()
        self.pump = pump

    def emit(self, record: logging.LogRecord) -> None:
        """Queue one record (never blocks)."""
        try:
            text = self.format(record) + "\n"
        except Exception:
            self.handleError(record)
            return
        self.pump.write(text.encode("utf-8", errors="replace"))


@functools.cache
def stderr_pump() -> StderrPump:
    """The process-wide pump for file descriptor 2, started on first use (from the main
    thread: the event loop's and the command's)."""
    return StderrPump(2)
