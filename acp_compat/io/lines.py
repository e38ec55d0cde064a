"""NDJSON reading and writing on raw file descriptors (pipes, ttys, files).

Both ends of the relay (our own stdin/stdout and every agent's pipes) go through these two
classes: no thread per stream, no buffered file objects, one ``os.read`` of up to 64 KiB
per wake-up, split by :class:`~acp_compat.jsonrpc.framing.LineSplitter`. The read size and
the line limit are separate: a 20 MiB line arrives in many small reads.

The hot path is the asyncio loop's own reader callbacks, on purpose. anyio is the
framework of the shell and runs on asyncio here; but waiting through
:func:`anyio.wait_readable` registers and removes the descriptor on every wait, and a
task per stream costs a wake-up per batch, which together cost more than the translation
(benchmarks/README.md). So in the steady state:

* :meth:`LineReader.start` registers the descriptor once (``loop.add_reader``); each time
  it is readable, one read is split into lines and the whole batch is handed to the
  consumer in the same callback: no queue between reading a line and translating it;
* :meth:`LineWriter.write` only queues bytes; right after the batch that queued them
  they are written with one ``os.write`` (the :class:`_Flusher`). Only when the pipe is
  full does the writer register for writability and finish later. The caller never
  waits on a pipe, which keeps the relay out of the pipe deadlock where it would block
  writing to an agent's stdin while the agent blocks writing to its stdout.

:meth:`LineReader.read_events` and :meth:`LineWriter.run` remain for one-off
conversations (``detect``, ``demo``, tests), where a task per stream costs nothing.
"""

from __future__ import annotations

import asyncio
import contextlib
import errno
import fcntl
import logging
import os
import select
import stat
import weakref
from collections.abc import Callable

import anyio
import anyio.lowlevel

from acp_compat.jsonrpc.framing import DEFAULT_MAX_LINE_BYTES, Event, LineSplitter

logger = logging.getLogger("acp_compat.io.lines")

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


CLIENT_PIPE_BYTES = 256 * 1024
"""The capacity asked of the kernel for the pipe to the client (Linux: 64 KiB otherwise)."""


def enlarge_pipe(fd: int, size: int) -> None:
    """Ask the kernel for a pipe buffer of ``size`` bytes behind ``fd`` (Linux only).

    A bigger pipe to the client lets a burst of streamed lines wait in the kernel while
    the editor is busy for a moment, instead of the writer stopping, registering for
    writability and resuming for every 64 KiB (a flood of chunks went through 10-15%
    faster: benchmarks/README.md). Anything that is no pipe, another system, or a user
    at the kernel's limit for pipe buffers keeps what it had.
    """
    get, set_ = getattr(fcntl, "F_GETPIPE_SZ", None), getattr(fcntl, "F_SETPIPE_SZ", None)
    if get is None or set_ is None:  # not Linux
        return
    with contextlib.suppress(OSError):
        if fcntl.fcntl(fd, get) < size:  # never shrink a pipe the editor made larger
            fcntl.fcntl(fd, set_, size)


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


class _Flusher:
    """Writes what a batch queued right after the batch, once per writer.

    Readers in callback mode wrap each batch in :meth:`begin` / :meth:`end`; a write made
    outside any batch (a timer, a file effect, a task) gets one flush scheduled on the
    loop instead.
    """

    def __init__(self, loop: asyncio.AbstractEventLoop) -> None:
        self.loop = loop
        self.dirty: list[LineWriter] = []
        self.depth = 0
        self._scheduled = False

    def mark(self, writer: LineWriter) -> None:
        """``writer`` has bytes to write once the current batch is over."""
        self.dirty.append(writer)
        if self.depth == 0 and not self._scheduled:
            self._scheduled = True
            self.loop.call_soon(self.flush)

    def begin(self) -> None:
        """A batch starts: writes wait for its end."""
        self.depth += 1

    def end(self) -> None:
        """A batch ended: write what it queued."""
        self.depth -= 1
        if self.depth == 0 and self.dirty:
            self.flush()

    def flush(self) -> None:
        """Write every dirty writer's bytes now (as much as each pipe takes)."""
        self._scheduled = False
        while self.dirty:
            dirty, self.dirty = self.dirty, []
            for writer in dirty:
                writer.flush()


_FLUSHERS: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, _Flusher] = (
    weakref.WeakKeyDictionary()
)


def _flusher() -> _Flusher:
    """The running loop's flusher (looked up once per reader or writer, not per line)."""
    loop = asyncio.get_running_loop()
    found = _FLUSHERS.get(loop)
    if found is None:
        found = _FLUSHERS[loop] = _Flusher(loop)
    return found


class LineReader:
    """Reads NDJSON events (complete lines and drop reports) from one descriptor.

    Either in callback mode (:meth:`start`, the relay's hot path) or awaited batch by
    batch (:meth:`read_events`; :meth:`unread` puts events back for the next caller).
    """

    _on_events: Callable[[list[Event]], None]
    """The consumer of each batch, from :meth:`start` on."""
    _on_eof: Callable[[], None]
    """Called once at the end of the stream, from :meth:`start` on."""

    def __init__(
        self,
        fd: int,
        *,
        max_line_bytes: int = DEFAULT_MAX_LINE_BYTES,
        owned: bool = True,
    ) -> None:
        self._fd = _NonBlockingFd(fd, owned=owned)
        self._splitter = LineSplitter(max_line_bytes)
        self._pending: list[Event] = []
        self._eof = False
        self._reading = False
        self._loop: asyncio.AbstractEventLoop | None = None
        self._flusher: _Flusher | None = None

    def start(self, on_events: Callable[[list[Event]], None], on_eof: Callable[[], None]) -> None:
        """Call ``on_events(batch)`` for each read's lines, then ``on_eof()`` once, from
        the loop's reader callback; the descriptor stays registered until paused."""
        self._on_events, self._on_eof = on_events, on_eof
        self._loop = asyncio.get_running_loop()
        self._flusher = _flusher()
        self.resume()

    def pause(self) -> bool:
        """Stop reading (the descriptor is unregistered) until :meth:`resume`; whether it
        was reading until now."""
        if not self._reading:
            return False
        self._reading = False
        if self._fd.pollable and self._loop is not None:
            self._loop.remove_reader(self._fd.fd)
        return True

    def resume(self) -> None:
        """Read again after :meth:`pause` (nothing happens after the end of the stream)."""
        if self._reading or self._eof or self._loop is None or self._fd.released:
            return
        self._reading = True
        if self._fd.pollable:
            self._loop.add_reader(self._fd.fd, self._readable)
        else:  # a regular file is always readable: one read per loop pass
            self._loop.call_soon(self._readable)

    @property
    def paused(self) -> bool:
        """Whether :meth:`start` was called and reading is paused."""
        return self._loop is not None and not self._reading and not self._eof

    def _readable(self) -> None:
        """The reader callback: one read, its lines to the consumer in one batch."""
        if not self._reading:
            return
        try:
            data = os.read(self._fd.fd, READ_SIZE)
        except BlockingIOError:
            return
        except OSError:
            data = b""  # EIO from a vanished tty, EBADF...: the end of the stream
        if not data:
            self.pause()
            self._eof = True
            self._deliver(self._splitter.close())
            self._call(self._on_eof, "the end of")
            return
        if not self._fd.pollable:
            assert self._loop is not None
            self._loop.call_soon(self._readable)
        events = self._splitter.feed(data)
        if events:
            self._deliver(events)

    def _deliver(self, events: list[Event]) -> None:
        """Hand a batch over; its writes go out right after it."""
        if events:
            self._call(lambda: self._on_events(events), "lines read from")

    def _call(self, callback: Callable[[], None], what: str) -> None:
        """Run a consumer callback about ``what`` (the fd ends the log line); the writes
        it makes go out right after it."""
        flusher = self._flusher
        assert flusher is not None
        flusher.begin()
        try:
            callback()
        except Exception:
            # The consumer guards its own handlers; this is the last line of defence:
            # one batch (or the end's handling) is lost, the stream lives on.
            logger.exception("error handling %s fd %d", what, self._fd.fd)
        finally:
            flusher.end()

    async def read_events(self) -> list[Event] | None:
        """The next non-empty batch of events, or ``None`` at the end of the stream."""
        if self._pending:
            events, self._pending = self._pending, []
            return events
        while not self._eof:
            data = await read_chunk(self._fd.fd)
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
        self.pause()
        self._fd.release()


class LineWriter:
    """Queues bytes for one descriptor and writes them in order, never blocking.

    :meth:`write` queues; the bytes go out right after the current batch (see the module
    docstring), or when the pipe has room again. Producers that must not outrun the
    reader call :meth:`wait_below` or :meth:`call_when_below`. When the reader goes away
    (``EPIPE``) the writer turns :attr:`broken` and discards what is queued and what
    comes later. :meth:`close` writes what is queued, then releases the descriptor.
    """

    def __init__(self, fd: int, *, owned: bool = True, name: str = "stream") -> None:
        self._fd = _NonBlockingFd(fd, owned=owned)
        self.name = name
        self._chunks: list[bytes] = []
        self._buffered = 0
        self._flusher: _Flusher | None = None
        self._dirty = False
        self._blocked = False  # registered with the loop until the pipe takes the rest
        self._progress: anyio.Event | None = None
        self._below: tuple[int, Callable[[], None]] | None = None
        self._closing = False
        self.broken = False
        self.error: OSError | None = None
        """The write error that made the writer :attr:`broken` (for the log)."""
        self.done = anyio.Event()
        """Set once the writer has finished (closed and written out, or broken)."""
        self._watched: asyncio.AbstractEventLoop | None = None  # see watch_reader

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
        if not self._dirty and not self._blocked:
            self._dirty = True
            flusher = self._flusher
            if flusher is None:
                flusher = self._flusher = _flusher()
            flusher.mark(self)

    def flush(self) -> None:
        """Write what is queued now, as far as the pipe takes it (the flusher calls it)."""
        self._dirty = False
        if not self._blocked and self._chunks:
            self._write_out()

    def close(self) -> None:
        """Finish writing what is queued, then release the descriptor."""
        self._closing = True
        if not self._chunks and not self._blocked:
            self._finish()

    def watch_reader(self) -> None:
        """Turn :attr:`broken` as soon as the reader of this pipe goes away, not at the
        next write: a peer that closes the pipe while nothing is written to it is
        noticed. For a write-only pipe (the kernel reports its reader's end as an error
        condition, which a read registration receives); anything else is left alone."""
        fd = self._fd.fd
        try:
            if not self._fd.pollable or not stat.S_ISFIFO(os.fstat(fd).st_mode):
                return
            if fcntl.fcntl(fd, fcntl.F_GETFL) & os.O_ACCMODE != os.O_WRONLY:
                return
            loop = asyncio.get_running_loop()
            loop.add_reader(fd, self._reader_gone)
        except (OSError, ValueError, NotImplementedError):
            return
        self._watched = loop

    def _reader_gone(self) -> None:
        """The read registration fired: broken if the pipe says its reader is gone."""
        self._unwatch()
        poll = select.poll()
        poll.register(self._fd.fd, select.POLLOUT)
        if any(events & (select.POLLERR | select.POLLHUP) for _, events in poll.poll(0)):
            self.error = OSError(errno.EPIPE, os.strerror(errno.EPIPE))
            self._mark_broken()

    def _unwatch(self) -> None:
        if self._watched is not None:
            with contextlib.suppress(Exception):
                self._watched.remove_reader(self._fd.fd)
            self._watched = None

    def call_when_below(self, limit: int, callback: Callable[[], None]) -> None:
        """Call ``callback`` once at most ``limit`` bytes are queued (or the writer is
        finished); at once if that is already so. One callback at a time."""
        if self._buffered <= limit or self.done.is_set():
            callback()
        else:
            self._below = (limit, callback)

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
        """Wait until the writer is finished; cancelled, release the descriptor anyway."""
        try:
            await self.done.wait()
        finally:
            self._finish()

    def _write_out(self) -> None:
        """One ``os.write`` of everything queued; the rest waits for writability."""
        chunks = self._chunks
        data = chunks[0] if len(chunks) == 1 else b"".join(chunks)
        self._chunks = []
        written = self._write(data)
        if self.broken:
            return
        self._buffered -= written
        if written < len(data):
            self._chunks.insert(0, data[written:])
            self._wait_writable()
        elif self._blocked and not self._chunks:
            self._blocked = False
            if self._fd.pollable and self._flusher is not None:
                self._flusher.loop.remove_writer(self._fd.fd)
        if self._progress is not None or self._below is not None:
            self._notify()
        if self._closing and not self._chunks:
            self._finish()

    def _write(self, data: bytes) -> int:
        """Bytes of ``data`` the descriptor took now (a regular file takes them all)."""
        view = memoryview(data)
        total = 0
        while total < len(data):
            try:
                total += os.write(self._fd.fd, view[total:])
            except BlockingIOError:
                break
            except OSError as exc:
                if exc.errno not in _GONE:
                    logger.error("%s: cannot write (%s); its output is dropped", self.name, exc)
                self.error = exc
                self._mark_broken()
                break
            if self._fd.pollable:
                break  # a pipe that took part of it is full: wait until it has room
        return total

    def _wait_writable(self) -> None:
        if self._blocked:
            return
        self._blocked = True
        flusher = self._flusher
        assert flusher is not None
        if self._fd.pollable:
            flusher.loop.add_writer(self._fd.fd, self._writable)
        else:
            flusher.loop.call_soon(self._writable)

    def _writable(self) -> None:
        """The writer callback: the pipe has room again."""
        if self._chunks and not self.broken:
            self._write_out()

    def _mark_broken(self) -> None:
        """The reader is gone: forget the queue, wake everyone waiting on progress."""
        self.broken = True
        self._chunks.clear()
        self._buffered = 0
        self._finish()

    def _finish(self) -> None:
        """Unregister, release the descriptor, set :attr:`done` (once)."""
        self._unwatch()
        if self._blocked:
            self._blocked = False
            if self._fd.pollable and self._flusher is not None:
                with contextlib.suppress(Exception):
                    self._flusher.loop.remove_writer(self._fd.fd)
        self._fd.release()
        if not self.done.is_set():
            self.done.set()
        self._notify()

    def _notify(self) -> None:
        """Wake the tasks waiting in :meth:`wait_below`, and a due below-callback."""
        if self._progress is not None:
            self._progress.set()
            self._progress = None
        below = self._below
        if below is not None and (self._buffered <= below[0] or self.done.is_set()):
            self._below = None
            below[1]()
