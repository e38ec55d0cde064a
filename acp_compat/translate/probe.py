"""Which protocol a peer speaks, told from its ``initialize`` traffic (sans-IO).

Three questions, each answered from plain dicts without any I/O:

* :func:`client_protocol`: what the client speaks, from its first ``initialize`` request
  (an integer ``protocolVersion`` means current; a string, or none at all, legacy).
* :func:`probe_request`: the ``initialize`` to send an agent of unknown protocol in a
  given protocol (id ``0``, the first id on a fresh legacy or current hop).
* :func:`agent_protocol`: what an agent speaks, from its answer to that probe (an integer
  ``protocolVersion`` means current; a string or an ``isAuthenticated`` member, legacy;
  an error or anything else, unknown: try the other protocol).

The relay's ``--agent-protocol auto`` and the ``detect`` command both build on these.
"""

from __future__ import annotations

import enum
from typing import Any

from acp_compat.jsonrpc.messages import Message, request
from acp_compat.models.mapping import CURRENT_PROTOCOL_VERSION, LEGACY_PROTOCOL_VERSION

PROBE_ID = 0
"""The id of a probe ``initialize``: the first request on a fresh hop."""


class Protocol(enum.Enum):
    """The two protocol families acp-compat tells apart."""

    LEGACY = "legacy"
    CURRENT = "current"

    @property
    def other(self) -> Protocol:
        """The other family (what to try when a probe in this one failed)."""
        return Protocol.CURRENT if self is Protocol.LEGACY else Protocol.LEGACY


def _is_int(value: object) -> bool:
    """A JSON integer (``bool`` is an ``int`` subclass in Python but not in JSON)."""
    return isinstance(value, int) and not isinstance(value, bool)


def client_protocol(initialize: Message) -> Protocol:
    """The protocol of a client, from its first ``initialize`` request.

    An integer ``params.protocolVersion`` means current; a string, a missing one or
    missing params mean legacy (0.0.1 to 0.0.7 sent ``null`` params).
    """
    params = initialize.get("params")
    version = params.get("protocolVersion") if isinstance(params, dict) else None
    return Protocol.CURRENT if _is_int(version) else Protocol.LEGACY


def probe_request(
    protocol: Protocol,
    *,
    version: str,
    client_fs: bool = False,
    request_id: int = PROBE_ID,
) -> Message:
    """The ``initialize`` request that probes an agent in ``protocol``.

    Legacy: ``{"protocolVersion": "0.0.9"}``. Current: protocol version 1 with the
    client capabilities in full (early current agents rejected partial ones): file
    system access only when ``client_fs`` (the client behind acp-compat serves it), no
    terminal, and ``clientInfo`` naming acp-compat ``version``.
    """
    if protocol is Protocol.LEGACY:
        return request(request_id, "initialize", {"protocolVersion": LEGACY_PROTOCOL_VERSION})
    return request(
        request_id,
        "initialize",
        {
            "protocolVersion": CURRENT_PROTOCOL_VERSION,
            "clientCapabilities": {
                "fs": {"readTextFile": client_fs, "writeTextFile": client_fs},
                "terminal": False,
            },
            "clientInfo": {"name": "acp-compat", "title": "acp-compat", "version": version},
        },
    )


def agent_protocol(response: Message) -> Protocol | None:
    """The protocol of an agent, from its response to an ``initialize`` probe.

    ``None`` means the answer does not tell (an error, a ``null`` result, no version):
    the caller should restart the agent and probe in the other protocol.
    """
    if response.get("error") is not None:
        return None
    result: Any = response.get("result")
    if not isinstance(result, dict):
        return None
    version = result.get("protocolVersion")
    if _is_int(version):
        return Protocol.CURRENT
    if isinstance(version, str) or "isAuthenticated" in result:
        return Protocol.LEGACY
    return None
