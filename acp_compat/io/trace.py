"""``--trace FILE``: every message as JSONL, before and after translation.

Each record is one line: ``{"time": ISO-8601 UTC, "t": seconds since start, "dir": ...,
"agent": N, "session": id, "msg": {...}}`` with ``dir`` one of ``client->relay``,
``relay->agent``, ``agent->relay``, ``relay->client`` (``agent`` and ``session`` left out
when unknown). A legacy agent's messages carry no session id, so the tracer learns which
session each agent process serves from the translated messages around them.

What happens without a message is an event record, ``"dir": "relay"`` with ``"event":
{"type": ..., ...}`` in place of ``msg``: ``agent_exited`` (``returncode``, ``stderr``:
its last lines), ``agent_lost`` and ``agent_start_failed`` (``reason``), and
``dropped_line`` (``side``: ``agent`` or ``client``, ``size`` in bytes) for a line over
``--max-line-bytes``. Readers skip records they do not know (``acp-compat trace`` does).

The file is created with mode 0600: traces hold the user's code and prompts.
"""

from __future__ import annotations

import datetime
import json
import os
import stat
import time
from typing import IO, Any

from acp_compat.jsonrpc.messages import Message

CLIENT_IN = "client->relay"
AGENT_OUT = "relay->agent"
AGENT_IN = "agent->relay"
CLIENT_OUT = "relay->client"
RELAY = "relay"
"""``dir`` of an event record: something the relay saw happen that is not a message."""


def _session_of(message: Message) -> str | None:
    """The ``sessionId`` a message names in its params or result, if any."""
    for member in ("params", "result"):
        body: Any = message.get(member)
        if isinstance(body, dict):
            session = body.get("sessionId")
            if isinstance(session, str):
                return session
    return None


class Tracer:
    """Appends trace records to one file, flushed record by record."""

    def __init__(self, path: str) -> None:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | os.O_CLOEXEC, 0o600)
        # An existing regular file keeps its old mode through O_CREAT: narrow it too.
        if stat.S_ISREG(os.fstat(fd).st_mode):
            os.fchmod(fd, 0o600)
        self._file: IO[str] = os.fdopen(fd, "w", encoding="utf-8")
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
        session = _session_of(message) or session
        if agent is not None:
            if session is None:
                session = self._agent_sessions.get(agent)
            else:
                self._agent_sessions[agent] = session
        self._write(direction, agent, session, "msg", message)

    def event(self, kind: str, *, agent: int | None = None, **details: Any) -> None:
        """Write one event record (see the module docstring) of type ``kind``."""
        session = self._agent_sessions.get(agent) if agent is not None else None
        self._write(RELAY, agent, session, "event", {"type": kind, **details})

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
        self._file.write(json.dumps(entry) + "\n")
        self._file.flush()

    def session_of(self, message: Message, agent: int | None = None) -> str | None:
        """The session a message belongs to, as far as the trace knows."""
        found = _session_of(message)
        if found is None and agent is not None:
            return self._agent_sessions.get(agent)
        return found

    def close(self) -> None:
        """Flush and close the file."""
        self._file.close()
