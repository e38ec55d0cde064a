"""Upgrade: a legacy ACP 0.0.x agent behind a current ACP v1 client (the main use).

acp-compat acts as a current **agent** toward the client and as a legacy **client**
toward one legacy agent process per session. The behaviour is
``behaviour.md`` §1-§2; this docstring records what the translator decides where that
contract leaves a choice.

Modules: :mod:`.options` (configuration); :mod:`.translator` (:class:`UpgradeTranslator`
and the process events), made of :class:`~.core.UpgradeState` (:mod:`.core`: the state and
the steps both sides take), :mod:`.client_side` (current requests and answers, the handler
table at its end) and :mod:`.agent_side` (legacy requests, the hot path first, answers and
file results); :mod:`.records` (request contexts and the records of processes, sessions and
tool calls); :mod:`.prompt`, :mod:`.tools`, :mod:`.modes`, :mod:`.cancel`, :mod:`.turn_end`
and :mod:`.agent_name`, each named for what it decides. The process and session state
machines are in :mod:`acp_compat.translate.lifecycle`; the tables shared with the
downgrade (icons, statuses, outcomes, versions) in :mod:`acp_compat.models.mapping`.

``_meta.acpCompat.legacy``
--------------------------
What the current shape cannot hold travels in ``_meta`` as
``{"acpCompat": {"legacy": {...}}}``, on the ``tool_call`` / ``tool_call_update``
update object and on ``session/request_permission``'s ``toolCall``. Members:

* ``icon`` (``tool_call`` and ``toolCall``): the legacy ``Icon`` string, verbatim.
* ``confirmation`` (the pending ``tool_call`` and ``toolCall`` of a
  ``requestToolCallConfirmation``): the legacy ``ToolCallConfirmation`` object verbatim,
  including its ``description``.
* ``path`` (any of the three): the diff's original path, when the current one was made
  absolute (legacy Gemini sends basenames).
* ``detailsAppended`` (``true``, the pending ``tool_call`` and ``toolCall``): acp-compat
  appended a text item showing the confirmation's details (command, URLs, MCP tool,
  description) that the agent's content lacked; it is the last content item.

The content itself is never copied into ``_meta`` (a large diff would travel twice or
four times): the legacy message restores from the current fields plus these members.
``label`` = ``title``; ``content`` ``[]`` = ``null``, one ``content`` text item =
``markdown``, one diff = the diff (with ``path`` put back); ``locations`` are passed
unchanged (left out when the agent left them out); legacy status
``running``/``finished``/``error`` = ``in_progress``/``completed``/``failed``.

Beside ``legacy``, one member of ``_meta.acpCompat`` is written, on the pending
``tool_call`` of a confirmation the session's mode answered: ``permission``,
``{"answeredBy": "relay", "mode": <mode id>, "outcome": <the legacy outcome sent>}``, so the
editor and the trace show that no user was asked, and why. Nothing else is put into
``_meta``.

Choices
-------
behaviour.md §2 and §6 ("Upgrade") list what the translator decides where the contract
leaves a choice (agent process 0, the login offered, a turn's end, the cancel, the modes,
a process's exit, permission answers); the module that decides each says why. Beside
those:

* Agent process 0 is reused when the ``cwd`` is the launch directory as normalized
  absolute paths (no disk access). ``authenticate`` runs on agent 0 while it lives, else
  on a control process started in the launch directory and closed once the login is
  answered; one that arrives while that process's ``initialize`` is out waits for it.
* Agent requests outside a running turn (a legacy agent should not make any): chunks,
  tool updates and plans are answered and not shown; ``requestToolCallConfirmation`` is
  answered ``cancel``. A process serving no session gets ``-32603`` for session requests.
* Legacy ``readTextFile``/``writeTextFile`` paths are resolved against the session cwd;
  ``line``/``limit`` pass through unchanged. Local failures answer ``-32603`` with the
  OS error as message and ``data.details``.
* Legacy agent requests are checked with :mod:`acp_compat.models.legacy` (except the
  hot path, a well-formed chunk during a turn); a bad one or an unknown ``toolCallId``
  in ``updateToolCall`` is answered ``-32602`` with the problems in ``data`` and logged.
"""

from typing import TYPE_CHECKING, Final

from acp_compat import _lazy

# Imported on first use: ``wrap`` reads the mode ids (:mod:`.modes`) at every start, for its
# ``--session-mode`` option, and only the upgrade needs the translator.
EXPORTS: Final = {
    "UpgradeOptions": "acp_compat.translate.upgrade.options",
    "UpgradeTranslator": "acp_compat.translate.upgrade.translator",
}
"""The package's names and the module each comes from."""

# The same names for type checkers: written from EXPORTS by acp_compat.models.codegen.
if TYPE_CHECKING:
    from acp_compat.translate.upgrade.options import UpgradeOptions as UpgradeOptions
    from acp_compat.translate.upgrade.translator import UpgradeTranslator as UpgradeTranslator
else:
    __getattr__, __dir__ = _lazy.lazy_exports(__name__, EXPORTS)
