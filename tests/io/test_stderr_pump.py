"""The stderr pump never blocks its caller, and says what it had to drop."""

from __future__ import annotations

import logging
import os
import threading

from acp_compat.io.stderr import PumpHandler, StderrPump


def _read_all(fd: int) -> bytes:
    os.set_blocking(fd, False)
    data = b""
    while True:
        try:
            chunk = os.read(fd, 1 << 16)
        except BlockingIOError:
            return data
        if not chunk:
            return data
        data += chunk


def _read_until_end(fd: int, ending: bytes) -> bytes:
    """Read ``fd`` (blocking) until what was read ends with ``ending``."""
    os.set_blocking(fd, True)
    data = b""
    while not data.endswith(ending):
        chunk = os.read(fd, 1 << 16)
        assert chunk, f"the pipe closed before {ending!r}: {data[-200:]!r}"
        data += chunk
    return data


HANG_BOUND = 30.0
"""Seconds a finite job may take on a loaded machine: a blocked write never ends."""


def test_writes_never_block_and_drops_are_reported() -> None:
    read_fd, write_fd = os.pipe()
    try:
        pump = StderrPump(write_fd, limit=100_000)

        def flood() -> None:
            for _ in range(300):  # 3 MB into a 64 KiB pipe nobody reads yet
                pump.write(b"y" * 9_999 + b"\n")

        # A write that blocked would wait forever for this test to read: the writer
        # thread would never end, which the bound tells from a slow machine.
        writer = threading.Thread(target=flood, daemon=True)
        writer.start()
        writer.join(HANG_BOUND)
        assert not writer.is_alive(), "a write blocked while nobody read the pipe"
        assert not pump.flush(timeout=0.2)  # the reader is still not reading
        received = _read_all(read_fd)
        pump.write(b"after\n")
        received += _read_until_end(read_fd, b"after\n")
        assert pump.flush(timeout=5)
        text = received.decode()
        assert "bytes of stderr output were dropped (nobody read it)" in text
        assert text.endswith("after\n")
        assert len(received) < 3_000_000
    finally:
        os.close(read_fd)
        os.close(write_fd)


def test_handler_formats_records_through_the_pump() -> None:
    read_fd, write_fd = os.pipe()
    try:
        pump = StderrPump(write_fd)
        handler = PumpHandler(pump)
        handler.setFormatter(logging.Formatter("%(levelname)s %(message)s"))
        logger = logging.getLogger("acp_compat.test_pump")
        logger.addHandler(handler)
        logger.propagate = False
        logger.warning("hello %s", "there")
        assert pump.flush(timeout=5)
        assert _read_all(read_fd) == b"WARNING hello there\n"
    finally:
        logger.removeHandler(handler)
        os.close(read_fd)
        os.close(write_fd)


def test_a_closed_reader_stops_the_pump_quietly() -> None:
    read_fd, write_fd = os.pipe()
    os.close(read_fd)
    try:
        pump = StderrPump(write_fd)
        pump.write(b"into the void\n")  # EPIPE in the thread: no exception here
        assert pump.flush(timeout=5)
        pump.write(b"more\n")  # dropped, not raised
    finally:
        os.close(write_fd)
