"""Which protocol a peer speaks, told from its ``initialize`` traffic (sans-IO).

The client's: :func:`client_protocol` and :func:`as_current_initialize`, from its first
``initialize``. An agent's: :func:`probe_request` asks it in a given protocol,
:func:`agent_protocol` and :func:`refused_for` read its answer. The relay's
``--agent-protocol auto`` and the ``detect`` command both build on these.
"""

from __future__ import annotations

import enum
import logging
import re
from typing import TYPE_CHECKING, Any, TypeGuard

from acp_compat._lazy import lazy_module
from acp_compat.jsonrpc.messages import Message, request
from acp_compat.models import legacy_wire
from acp_compat.models.current import wire
from acp_compat.models.mapping import (
    CURRENT_PROTOCOL_VERSION,
    LEGACY_PROTOCOL_VERSION,
    V2_PROTOCOL_VERSION,
)

if TYPE_CHECKING:
    from acp_compat.models.v2 import wire as v2_wire
else:
    v2_wire = lazy_module("acp_compat.models.v2.wire")  # at a v2 probe only

logger = logging.getLogger("acp_compat.translate.probe")

PROBE_ID = 0
"""The id of a probe ``initialize``: the first request on a fresh hop."""


class Protocol(enum.Enum):
    """The protocol generations acp-compat tells apart."""

    LEGACY = "legacy"
    CURRENT = "current"
    V2 = "v2"
    """The v2 draft (``protocolVersion: 2``), as the TypeScript SDK 2.4.0 ships it."""

    @property
    def other(self) -> Protocol:
        """What to try when a probe in this one failed: legacy for the integer versions
        (an agent of either answers the other's ``initialize`` with its own version, or
        refuses it naming the one it supports), current for legacy."""
        return Protocol.CURRENT if self is Protocol.LEGACY else Protocol.LEGACY


def _is_int(value: object) -> TypeGuard[int]:
    """A JSON integer (``bool`` is an ``int`` subclass in Python but not in JSON)."""
    return isinstance(value, int) and not isinstance(value, bool)


MAX_PROTOCOL_VERSION = 65535
"""The highest current ``protocolVersion``: the schema's ``ProtocolVersion`` is a uint16."""


def _is_version(value: object) -> TypeGuard[int]:
    """A current ``protocolVersion`` as the schema has it: an integer from 0 to 65535."""
    return _is_int(value) and 0 <= value <= MAX_PROTOCOL_VERSION


def _meant_version(version: object) -> int | None:
    """The version a current client means, if the schema allows it: the integer, or the
    number a string of digits names (read only as far as five digits: a longer number is
    no uint16, and Python refuses to convert huge ones)."""
    if _is_version(version):
        return version
    if not isinstance(version, str) or not _DIGITS.fullmatch(version):
        return None
    digits = version.lstrip("0") or "0"
    return int(digits) if len(digits) <= 5 and _is_version(int(digits)) else None


_LEGACY_VERSION = re.compile(r"0\.0\.[0-9]+")
"""A legacy ``protocolVersion``: ACP 0.0.x versions are semver strings."""

_DIGITS = re.compile(r"[0-9]+")


def client_protocol(initialize: Message) -> Protocol:
    """The protocol of a client, from its first ``initialize`` request.

    Legacy only for a ``0.0.x`` string ``params.protocolVersion``: clients in the field
    send the current major as ``"1"``, or no version at all, and taking those for legacy
    would answer their ``session/new`` with "method not found". The v2 draft for a
    version of 2 or more the schema allows (a uint16, also in digits).
    """
    params = initialize.get("params")
    version = params.get("protocolVersion") if isinstance(params, dict) else None
    if isinstance(version, str) and _LEGACY_VERSION.fullmatch(version) is not None:
        return Protocol.LEGACY
    # A version the schema does not allow is read as 1, as current_initialize_params does.
    meant = _meant_version(version)
    return Protocol.V2 if meant is not None and meant >= V2_PROTOCOL_VERSION else Protocol.CURRENT


def numbered_protocol(version: object) -> Protocol | None:
    """The generation of an integer ``protocolVersion`` (a newer one than v2 is read as
    v2, the newest acp-compat speaks: version negotiation settles on it)."""
    if not _is_int(version):
        return None
    return Protocol.V2 if version >= V2_PROTOCOL_VERSION else Protocol.CURRENT


def as_current_initialize(initialize: Message) -> Message:
    """A current client's ``initialize`` with the integer ``protocolVersion`` it means
    (the same message when it sent one; see :func:`current_initialize_params`)."""
    params = initialize.get("params")
    fixed = current_initialize_params(params if isinstance(params, dict) else {})
    return initialize if fixed is params else {**initialize, "params": fixed}


def current_initialize_params(params: dict[str, Any]) -> dict[str, Any]:
    """``initialize`` params with the integer ``protocolVersion`` a current client means.

    A version the schema allows (an integer from 0 to 65535) is kept (the same dict is
    returned); a string of digits is that number, if the schema allows it; anything else
    (missing, ``null``, another shape, a number beyond a uint16, as an integer or in
    digits) is read as :data:`~acp_compat.models.mapping.CURRENT_PROTOCOL_VERSION` and
    logged: version negotiation answers with the version the agent chose anyway, and an
    agent must never be sent a version its schema refuses.
    """
    version = params.get("protocolVersion")
    if _is_version(version):
        return params
    meant = _meant_version(version)
    if meant is not None:
        logger.info("client: protocolVersion %r read as %d", version, meant)
    else:
        meant = CURRENT_PROTOCOL_VERSION
        # At most 60 characters of it: the log is for people, the value may be huge.
        sent = "no protocolVersion" if version is None else f"protocolVersion {version!r:.60}"
        logger.warning("client: initialize with %s, read as %d", sent, meant)
    return {**params, "protocolVersion": meant}


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
        params = legacy_wire.initialize_params(protocol_version=LEGACY_PROTOCOL_VERSION)
    elif protocol is Protocol.V2:
        # v2 has no fs or terminal client capabilities; its info is required.
        params = v2_wire.initialize_request(
            protocol_version=V2_PROTOCOL_VERSION,
            info=v2_wire.implementation(name="acp-compat", title="acp-compat", version=version),
            capabilities=v2_wire.client_capabilities(),
        )
    else:
        params = current_initialize(version, client_fs, title="acp-compat")
    return request(request_id, "initialize", params)


def current_initialize(version: str, client_fs: bool, title: str | None = None) -> Message:
    """acp-compat's current ``initialize`` params (the probe's and the downgrade's)."""
    return wire.initialize_request(
        protocol_version=CURRENT_PROTOCOL_VERSION,
        client_capabilities=wire.client_capabilities(
            fs=wire.file_system_capabilities(read_text_file=client_fs, write_text_file=client_fs),
            terminal=False,
        ),
        client_info=wire.implementation(name="acp-compat", title=title, version=version),
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
    numbered = numbered_protocol(version)
    if numbered is not None:
        return numbered
    if isinstance(version, str) or "isAuthenticated" in result:
        return Protocol.LEGACY
    return None


UNSUPPORTED_PROTOCOL_VERSION = -32022
"""ACP v2's error for an ``initialize`` asking for a version the agent does not speak."""


def refused_for(response: Message) -> Protocol | None:
    """The protocol an agent names when it refuses the version it was asked for: the
    newest in the ``supported`` list of a ``-32022`` error (``None`` for any other
    answer). The agent is not initialized: it must be asked again, in that protocol."""
    failure = response.get("error")
    if not isinstance(failure, dict) or failure.get("code") != UNSUPPORTED_PROTOCOL_VERSION:
        return None
    data = failure.get("data")
    supported = data.get("supported") if isinstance(data, dict) else None
    numbered = [v for v in supported if _is_int(v)] if isinstance(supported, list) else []
    return numbered_protocol(max(numbered)) if numbered else None
