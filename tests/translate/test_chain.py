"""The chain of translators: each link's client is the next link, its agent the one before.

Links here are scripted: each records what it hears and answers with the outputs a test
gives for that input, so every routing rule of :class:`Chain` is seen on its own. The
chain of the real translators (a legacy agent behind a v2 client) is pinned by the
conversation vectors under ``vectors/legacy-v2/``.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

import pytest

from acp_compat.translate.base import (
    AwaitClientDrain,
    Output,
    ReadLocalFile,
    StartAgent,
    StopAgent,
    ToAgent,
    ToClient,
    WriteLocalFile,
)
from acp_compat.translate.chain import Chain

Script = Callable[[str, Any], list[Output]]


class Link:
    """A translator that records every call and answers from ``script(event, payload)``."""

    def __init__(self, name: str, heard: list[tuple[str, str, Any]], script: Script) -> None:
        self.name = name
        self.heard = heard
        self.script = script

    def _on(self, event: str, payload: Any) -> list[Output]:
        self.heard.append((self.name, event, payload))
        return self.script(event, payload)

    def from_client(self, message: dict[str, Any]) -> list[Output]:
        return self._on("client", message)

    def from_agent(self, agent: int, message: dict[str, Any]) -> list[Output]:
        return self._on(f"agent{agent}", message)

    def agent_exited(self, agent: int, returncode: int | None, stderr_tail: str) -> list[Output]:
        return self._on("exited", (agent, returncode, stderr_tail))

    def agent_lost(self, agent: int, reason: str) -> list[Output]:
        return self._on("lost", (agent, reason))

    def agent_start_failed(self, agent: int, reason: str) -> list[Output]:
        return self._on("start_failed", (agent, reason))

    def file_done(
        self, token: int, content: str | None = None, error: str | None = None
    ) -> list[Output]:
        return self._on("file", (token, content, error))

    def client_drained(self) -> list[Output]:
        return self._on("drained", None)


def silent(event: str, payload: Any) -> list[Output]:
    return []


def msg(text: str) -> dict[str, Any]:
    return {"jsonrpc": "2.0", "method": "_test", "params": {"text": text}}


def test_a_message_crosses_every_link_in_order() -> None:
    heard: list[tuple[str, str, Any]] = []

    def inner(event: str, payload: Any) -> list[Output]:
        # the outer link's request reaches the agent; the agent's answer reaches the outer link
        if event == "client":
            return [ToAgent(3, msg("to agent")), ToClient(msg("inner reply"))]
        if event == "agent3":
            return [ToClient(msg("inner saw agent"))]
        return []

    def outer(event: str, payload: Any) -> list[Output]:
        if event == "client":
            return [ToClient(msg("first")), ToAgent(0, msg("down")), ToClient(msg("last"))]
        if event == "agent0":
            return [ToClient(msg("up: " + payload["params"]["text"]))]
        return []

    chain = Chain([Link("inner", heard, inner), Link("outer", heard, outer)])
    out = chain.from_client(msg("hello"))
    assert out == [
        ToClient(msg("first")),
        ToAgent(3, msg("to agent")),
        ToClient(msg("up: inner reply")),
        ToClient(msg("last")),
    ]
    assert [(name, event) for name, event, _ in heard] == [
        ("outer", "client"),
        ("inner", "client"),
        ("outer", "agent0"),
    ]
    heard.clear()
    assert chain.from_agent(3, msg("from agent")) == [ToClient(msg("up: inner saw agent"))]
    assert [(name, event) for name, event, _ in heard] == [("inner", "agent3"), ("outer", "agent0")]


def test_agent_events_go_to_the_first_link() -> None:
    heard: list[tuple[str, str, Any]] = []
    chain = Chain([Link("inner", heard, silent), Link("outer", heard, silent)])
    chain.agent_exited(2, 1, "boom")
    chain.agent_lost(2, "stdout closed")
    chain.agent_start_failed(5, "no such file")
    assert heard == [
        ("inner", "exited", (2, 1, "boom")),
        ("inner", "lost", (2, "stdout closed")),
        ("inner", "start_failed", (5, "no such file")),
    ]


def test_only_the_first_link_starts_and_stops_agents(caplog: pytest.LogCaptureFixture) -> None:
    heard: list[tuple[str, str, Any]] = []

    def inner(event: str, payload: Any) -> list[Output]:
        return [StartAgent(1, "/work"), StopAgent(0)]

    def outer(event: str, payload: Any) -> list[Output]:
        return [StartAgent(1, None), ToAgent(2, msg("nowhere")), ToAgent(0, msg("down"))]

    chain = Chain([Link("inner", heard, inner), Link("outer", heard, outer)])
    with caplog.at_level(logging.ERROR, logger="acp_compat.translate.chain"):
        out = chain.from_client(msg("x"))
    assert out == [StartAgent(1, "/work"), StopAgent(0)]
    assert "link 1 asked for StartAgent" in caplog.text
    assert "link 1 wrote to agent 2" in caplog.text


def test_file_effects_get_the_chains_tokens_and_their_results_find_the_link() -> None:
    heard: list[tuple[str, str, Any]] = []

    def inner(event: str, payload: Any) -> list[Output]:
        return [ReadLocalFile(0, "/a")] if event == "client" else []

    def outer(event: str, payload: Any) -> list[Output]:
        if event == "client":
            return [WriteLocalFile(0, "/b", "text"), ToAgent(0, msg("down"))]
        return []

    chain = Chain([Link("inner", heard, inner), Link("outer", heard, outer)])
    assert chain.from_client(msg("x")) == [WriteLocalFile(0, "/b", "text"), ReadLocalFile(1, "/a")]
    heard.clear()
    chain.file_done(1, content="read")
    chain.file_done(0, error="denied")
    chain.file_done(0)  # settled already: ignored
    assert heard == [("inner", "file", (0, "read", None)), ("outer", "file", (0, None, "denied"))]


def test_a_drain_is_asked_once_and_told_to_every_link_that_asked() -> None:
    heard: list[tuple[str, str, Any]] = []

    def asks(event: str, payload: Any) -> list[Output]:
        if event == "client":
            return [AwaitClientDrain(), ToAgent(0, msg("down"))]
        return [AwaitClientDrain()] if event in ("agent0", "exited") else []

    chain = Chain([Link("inner", heard, asks), Link("outer", heard, asks)])
    # the outer link's request reaches the agent through the inner link, which asks too
    assert chain.from_client(msg("x")) == [AwaitClientDrain(), ToAgent(0, msg("down"))]
    heard.clear()
    assert chain.client_drained() == []
    assert heard == [("inner", "drained", None), ("outer", "drained", None)]
    heard.clear()
    assert chain.client_drained() == []
    assert heard == []


def test_a_chain_needs_a_link() -> None:
    with pytest.raises(ValueError, match="at least one"):
        Chain([])
