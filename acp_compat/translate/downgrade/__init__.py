"""Downgrade: a current ACP v1 agent behind a legacy ACP 0.0.x client (behaviour.md §3).

Modules: :mod:`.options` (configuration), :mod:`.translator` (its state, setup, turns,
exits), :mod:`.cancel` (every cancel: the legacy client's ``cancelSendMessage``, the
agent's ``$/cancel_request``, permissions nobody may be asked, a cancelled turn's end),
:mod:`.outbox` (the ordered client stream, held up only by tool ids the client has not
handed out yet), :mod:`.tool_calls` (cards, the held pending call, permissions, the plan
card), :mod:`.updates` (session updates), :mod:`.content` (content both ways: the
one-value merge and renderings, legacy chunks → a prompt), :mod:`.mapping`
(kind/status/confirmation/outcome lookups, the auth method), :mod:`.legacy_meta`
(``_meta.acpCompat.legacy`` written by the upgrade), :mod:`.file_access` (``fs/*``).
"""

from .options import DowngradeOptions
from .translator import DowngradeTranslator

__all__ = ["DowngradeOptions", "DowngradeTranslator"]
