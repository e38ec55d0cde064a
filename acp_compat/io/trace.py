"""``--trace FILE``: every message as JSONL, before and after translation.

Each record is one line: ``{"time": ISO-8601 UTC, "t": seconds since start, "dir": ...,
"agent": N, "session": id, "msg": {...}}`` with ``dir`` one of ``client->relay``,
``relay->agent``, ``agent->relay``, ``relay->client`` (``agent`` and ``session`` left out
when unknown). A legacy agent's messages carry no session id, so the tracer learns which
session each agent process serves from the translated messages around them.

What happens without a message is an event record, ``"dir": "relay"`` with ``"event":
{"type": ..., ...}`` in place of ``msg``; the types and their members are one table,
:data:`acp_compat.trace.records.EVENTS` (``docs/behaviour.md`` §5 is generated from it).
Readers skip records they do not know (``acp-compat trace`` does);
:mod:`acp_compat.trace.records` reads them.

The file is opened with :func:`open_private_file` (mode 0600: traces hold the user's
code and prompts; never through a symbolic link, never a FIFO or device, never another
user's file). A write that fails (a full disk) disables the trace with one log record;
the relay goes on.
"""

from __future__ import annotations

import contextlib
import datetime
import errno
import json
import logging
import os
import stat
import time
from typing import IO, TYPE_CHECKING, Any

from acp_compat._lazy import lazy_module
from acp_compat.jsonrpc.messages import Message
from acp_compat.translate.startup import Decided, DiscardProbe, Finish

if TYPE_CHECKING:
    from acp_compat.trace import records
else:
    # The direction names, read at the first record: the module's record classes (the
    # trace reader's) are not needed by a relay that does not trace (acp_compat/_lazy.py).
    records = lazy_module("acp_compat.trace.records")

__all__ = [
    "Tracer",
    "open_private_file",
    "open_regular",
    "session_of",
]

logger = logging.getLogger("acp_compat.io.trace")

_OPEN_FLAGS = os.O_NONBLOCK | os.O_CLOEXEC | getattr(os, "O_NOCTTY", 0)


def session_of(message: Message) -> str | None:
    """The ``sessionId`` a message names in its params or result, if any."""
    for member in ("params", "result"):
        body: Any = message.get(member)
        if isinstance(body, dict):
            session = body.get("sessionId")
            if isinstance(session, str):
                return session
    return None


def open_regular(path: str, flags: int, mode: int = 0o666) -> int:
    """Open ``path`` with ``flags`` without ever blocking, and only if it is a regular file;
    the descriptor, in blocking mode (trace and log files, local file effects).

    ``O_NONBLOCK`` makes opening a FIFO return at once (or fail with ``ENXIO`` for a
    writer with no reader) instead of waiting for the other end. Raises ``OSError``
    (``strerror`` "not a regular file" for a FIFO, socket or device).
    """
    try:
        fd = os.open(path, flags | _OPEN_FLAGS, mode)
    except OSError as exc:
        if exc.errno == errno.ENXIO:  # a FIFO nobody reads, opened for writing
            raise OSError(exc.errno, "not a regular file", path) from exc
        raise
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise OSError(errno.EINVAL, "not a regular file", path)
        os.set_blocking(fd, True)
    except BaseException:
        os.close(fd)
        raise
    return fd


def open_private_file(path: str, *, append: bool) -> int:
    """Open ``path`` for writing the way a trace or log file must be; the descriptor.

    * never through a symbolic link (``O_NOFOLLOW``): a link planted at a shared path
      such as ``/tmp/trace.jsonl`` would aim our writes at another file;
    * never blocking: ``O_NONBLOCK`` makes a FIFO with no reader fail at once (``ENXIO``)
      instead of holding the relay before ``initialize``; then only a regular file is
      kept, so nothing ever reads our trace through a FIFO or a device;
    * only a file this user owns: another user's file planted at the path is left
      untouched (checked before anything is truncated);
    * mode 0600, also for an existing file: the records quote the user's code.

    ``append`` keeps the content (a log), else it is truncated (a trace). Raises
    ``OSError`` whose ``strerror`` says what was refused.
    """
    flags = os.O_WRONLY | os.O_CREAT | os.O_NOFOLLOW | (os.O_APPEND if append else 0)
    try:
        fd = open_regular(path, flags, 0o600)
    except OSError as exc:
        if exc.errno == errno.ELOOP:
            raise OSError(exc.errno, "it is a symbolic link (not followed)", path) from exc
        raise
    try:
        uid = os.fstat(fd).st_uid
        if uid != os.geteuid():
            raise OSError(errno.EPERM, f"owned by user id {uid}, not by this user", path)
        if not append:
            os.ftruncate(fd, 0)
        # An existing file keeps its old mode through O_CREAT: narrow it too.
        os.fchmod(fd, 0o600)
    except BaseException:
        os.close(fd)
        raise
    return fd


class Tracer:
    """Appends trace records to one file, flushed record by record.

    Opening raises ``OSError`` (see :func:`open_private_file`); a failing write later
    disables the tracer with one error record.
    """

    def __init__(self, path: str) -> None:
        fd = open_private_file(path, append=False)
        self.path = path
        self._file: IO[str] | None = os.fdopen(fd, "w", encoding="utf-8")
        self._start = time.monotonic()
        self._agent_sessions: dict[int, str] = {}

    def record(
        self,
        direction: str,
        message: Message,
        *,
        agent: int | None = None,
        session: str | None = None,
    ) -> None:
        """Write one record; ``session`` is a hint used when the message names none."""
        session = session_of(message) or session
        if agent is not None:
            if session is None:
                session = self._agent_sessions.get(agent)
            else:
                self._agent_sessions[agent] = session
        self._write(direction, agent, session, "msg", message)

    def event(self, event_type: str, /, *, agent: int | None = None, **details: Any) -> None:
        """Write one event record of type ``event_type`` (its members:
        :data:`acp_compat.trace.records.EVENTS`)."""
        session = self._agent_sessions.get(agent) if agent is not None else None
        self._write(records.RELAY, agent, session, "event", {"type": event_type, **details})

    def client_closed(self, stream: str) -> None:
        """The client closed our ``stream``: ``stdin`` (no more requests will come) or
        ``stdout`` (no answer can reach it any more)."""
        self.event(records.CLIENT_CLOSED, stream=stream)

    def startup(self, output: DiscardProbe | Decided | Finish) -> None:
        """What startup decided: a probe process left behind, the translation with the
        probe process kept as agent 0, or no relay."""
        if isinstance(output, DiscardProbe):
            protocol = output.protocol.value
            self.event(
                records.PROBE_DISCARDED, agent=output.agent, protocol=protocol, reason=output.reason
            )
        elif isinstance(output, Decided):
            decision = output.decision
            self.event(
                records.TRANSLATION,
                agent=0,
                translation=decision.translation.value,
                agent_protocol=decision.agent.value,
                client_protocol=decision.client.value,
                process=decision.process,
                how=decision.how,
            )
        else:
            self.event(records.STARTUP_FINISHED, status=output.status)

    def _write(
        self, direction: str, agent: int | None, session: str | None, key: str, value: Any
    ) -> None:
        entry: dict[str, Any] = {
            "time": datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="milliseconds"),
            "t": round(time.monotonic() - self._start, 6),
            "dir": direction,
        }
        if agent is not None:
            entry["agent"] = agent
        if session is not None:
            entry["session"] = session
        entry[key] = value
        if self._file is None:
            return
        try:
            self._file.write(json.dumps(entry) + "\n")
            self._file.flush()
        except (OSError, ValueError) as exc:
            # A full disk, a file size limit, a value JSON cannot hold: the trace is a
            # diagnostic, so it stops here and the relay goes on.
            logger.error("trace disabled: writing %s failed: %s", self.path, exc)
            self._discard()

    def _discard(self) -> None:
        """Stop tracing: close the file, ignoring what its last flush says."""
        file, self._file = self._file, None
        if file is not None:
            with contextlib.suppress(OSError, ValueError):
                file.close()

    def close(self) -> None:
        """Flush and close the file (a failing flush disables the trace, logged)."""
        if self._file is None:
            return
        try:
            self._file.close()
        except (OSError, ValueError) as exc:
            logger.error("trace disabled: writing %s failed: %s", self.path, exc)
            self._file = None
