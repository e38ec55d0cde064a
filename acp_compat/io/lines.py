"""Async NDJSON reading and writing on raw file descriptors (pipes, ttys, files).

Both ends of the relay (our own stdin/stdout and every agent's pipes) go through these two
classes. They work on non-blocking descriptors with :func:`anyio.wait_readable` /
:func:`anyio.wait_writable`: no thread per stream, no buffered file objects, one
``os.read`` of up to 64 KiB per wake-up, split by
:class:`~acp_compat.jsonrpc.framing.LineSplitter`. The read size and the line limit are
separate: a 20 MiB line arrives in many small reads.

:class:`LineWriter` never makes its caller wait: :meth:`LineWriter.write` only queues
bytes, and a task running :meth:`LineWriter.run` drains them. That is what keeps the relay
out of the pipe deadlock where it would block writing to an agent's stdin while the agent
blocks writing to its stdout (which only the blocked relay would read).
"""

from __future__ import annotations

import contextlib
import errno
import os
import stat

import anyio
import anyio.lowlevel

from acp_compat.jsonrpc.framing import DEFAULT_MAX_LINE_BYTES, Event, LineSplitter

READ_SIZE = 64 * 1024
"""Bytes asked of the kernel per read: small enough to keep memory flat, big enough for
many short lines at once."""

_GONE = (errno.EPIPE, errno.ECONNRESET, errno.EBADF, errno.EIO)
"""Write errors that mean the reader went away: the stream is dead, nothing else is."""


def _pollable(fd: int) -> bool:
    """Whether the event loop can wait on ``fd`` (regular files and ``/dev/null`` are
    always ready and epoll refuses them, so they are read and written directly)."""
    try:
        mode = os.fstat(fd).st_mode
    except OSError:
        return False
    if stat.S_ISREG(mode):
        return False
    if stat.S_ISCHR(mode):
        return os.isatty(fd)
    return True


class _NonBlockingFd:
    """A descriptor switched to non-blocking mode, restored by :meth:`release`."""

    def __init__(self, fd: int, *, owned: bool) -> None:
        self.fd = fd
        self.owned = owned
        self.pollable = _pollable(fd)
        self._was_blocking = os.get_blocking(fd)
        if self.pollable:
            os.set_blocking(fd, False)
        self.released = False

    def release(self) -> None:
        """Close the descriptor if it is ours, else give back its blocking mode."""
        if self.released:
            return
        self.released = True
        # The mode belongs to the open file description, which an inherited descriptor
        # shares with other processes (a terminal shares it with the shell): give it
        # back even when closing our own copy.
        with contextlib.suppress(OSError):
            if self.pollable:
                os.set_blocking(self.fd, self._was_blocking)
        if self.owned:
            with contextlib.suppress(OSError):
                os.close(self.fd)


async def read_chunk(fd: int, size: int = READ_SIZE) -> bytes:
    """Read up to ``size`` bytes from non-blocking ``fd``; ``b""`` at end of stream.

    An error reading (``EIO`` from a vanished tty, ``EBADF``...) counts as end of stream.
    """
    while True:
        try:
            data = os.read(fd, size)
        except BlockingIOError:
            await anyio.wait_readable(fd)
            continue
        except OSError:
            return b""
        # Data was there without waiting: still let other tasks run between reads, or a
        # fast producer would starve every other stream. Shielded: a cancellation here
        # would lose the bytes just read.
        await anyio.lowlevel.cancel_shielded_checkpoint()
        return data


class LineReader:
    """Reads NDJSON events (complete lines and drop reports) from one descriptor.

    :meth:`read_events` returns what one read completed; :meth:`unread` puts events back
    for the next caller, so a stream can pass from the mode probe to the relay without
    losing the lines read ahead.
    """

    def __init__(
        self,
        fd: int,
        *,
        max_line_bytes: int = DEFAULT_MAX_LINE_BYTES,
        owned: bool = True,
        read_size: int = READ_SIZE,
    ) -> None:
        self._fd = _NonBlockingFd(fd, owned=owned)
        self._splitter = LineSplitter(max_line_bytes)
        self._read_size = read_size
        self._pending: list[Event] = []
        self._eof = False

    async def read_events(self) -> list[Event] | None:
        """The next non-empty batch of events, or ``None`` at the end of the stream."""
        if self._pending:
            events, self._pending = self._pending, []
            return events
        while not self._eof:
            data = await read_chunk(self._fd.fd, self._read_size)
            if not data:
                self._eof = True
                events = self._splitter.close()
                return events or None
            events = self._splitter.feed(data)
            if events:
                return events
        return None

    def unread(self, events: list[Event]) -> None:
        """Put ``events`` back; the next :meth:`read_events` returns them first."""
        if events:
            self._pending = events + self._pending

    def close(self) -> None:
        """Release the descriptor (closed if owned, else its blocking mode restored)."""
        self._fd.release()


class LineWriter:
    """Queues bytes for one descriptor; :meth:`run` writes them out in order.

    :meth:`write` never blocks. Producers that must not outrun the reader call
    :meth:`wait_below`. When the reader goes away (``EPIPE``) the writer turns
    :attr:`broken` and discards what is queued and what comes later.
    """

    def __init__(self, fd: int, *, owned: bool = True, name: str = "stream") -> None:
        self._fd = _NonBlockingFd(fd, owned=owned)
        self.name = name
        self._chunks: list[bytes] = []
        self._buffered = 0
        self._wakeup = anyio.Event()
        self._idle = False  # run() is waiting on _wakeup
        self._progress: anyio.Event | None = None
        self._closing = False
        self.broken = False
        self.done = anyio.Event()
        """Set once :meth:`run` has finished (closed or broken)."""

    @property
    def buffered(self) -> int:
        """Bytes queued and not yet taken by the kernel."""
        return self._buffered

    def write(self, data: bytes) -> None:
        """Queue ``data`` (dropped if the stream is closing or broken)."""
        if self._closing or self.broken:
            return
        self._chunks.append(data)
        self._buffered += len(data)
        if self._idle:  # setting an Event costs more than the append: only when needed
            self._idle = False
            self._wakeup.set()

    def close(self) -> None:
        """Finish writing what is queued, then close the descriptor."""
        self._closing = True
        self._wakeup.set()

    async def wait_below(self, limit: int) -> None:
        """Wait until at most ``limit`` bytes are queued (or the stream is broken)."""
        while self._buffered > limit and not self.broken and not self.done.is_set():
            if self._progress is None:
                self._progress = anyio.Event()
            await self._progress.wait()

    async def drain(self) -> None:
        """Wait until everything queued was written (or the stream is broken)."""
        await self.wait_below(0)

    async def run(self) -> None:
        """Write queued bytes until :meth:`close` (then close the fd) or a broken pipe."""
        try:
            while not self.broken:
                if not self._chunks:
                    if self._closing:
                        break
                    self._wakeup = anyio.Event()
                    self._idle = True
                    await self._wakeup.wait()
                    continue
                chunks, self._chunks = self._chunks, []
                data = chunks[0] if len(chunks) == 1 else b"".join(chunks)
                await self._write_all(data)
        finally:
            self._fd.release()
            self.done.set()
            self._notify()

    async def _write_all(self, data: bytes) -> None:
        """Write ``data`` completely, waiting whenever the pipe is full."""
        view = memoryview(data)
        while view and not self.broken:
            try:
                written = os.write(self._fd.fd, view)
            except BlockingIOError:
                await anyio.wait_writable(self._fd.fd)
                continue
            except OSError as exc:
                if exc.errno not in _GONE:
                    raise
                self._mark_broken()
                return
            view = view[written:]
            self._buffered -= written
            self._notify()

    def _mark_broken(self) -> None:
        """The reader is gone: forget the queue, wake everyone waiting on progress."""
        self.broken = True
        self._chunks.clear()
        self._buffered = 0
        self._notify()

    def _notify(self) -> None:
        """Wake the tasks waiting in :meth:`wait_below`."""
        if self._progress is not None:
            self._progress.set()
            self._progress = None
