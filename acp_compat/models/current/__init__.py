"""Typed models of the current ACP (v1, schema 1.21.0), split by topic, all re-exported here.

Public API (``acp_compat.current``): the translators use a few of them (the client
requests the upgrade validates), and the rest give a library user every params and result
type of the current protocol (the message vectors check each against the official schema).

Conventions: :mod:`acp_compat.models._base` and docs/architecture.md. The method table is
:data:`CURRENT_METHODS`.

The re-exports are lazy: ``from acp_compat.models.current import PromptRequest`` imports
only the topic module that defines it. Each topic's attrs classes cost milliseconds to
create, and ``wrap`` answers an editor's ``initialize`` after importing only what that
answer needs (elicitation and session updates are never needed by the upgrade relay). The
export table is the block below, one star import per topic: every public definition of a
topic is exported, to type checkers by the imports and at run time by
:func:`acp_compat._lazy.lazy_exports`, which reads the same lines. A new model is exported
by being defined in its topic; a new topic by one line here.
"""

# ruff: noqa: F403  (the star imports are the export table; type checkers read them)
from __future__ import annotations

from typing import TYPE_CHECKING

from acp_compat import _lazy

if TYPE_CHECKING:  # the export table (see the module docstring)
    from acp_compat.models.current.content import *
    from acp_compat.models.current.elicitation import *
    from acp_compat.models.current.fs import *
    from acp_compat.models.current.initialize import *
    from acp_compat.models.current.initialize_result import *
    from acp_compat.models.current.methods import *
    from acp_compat.models.current.permission import *
    from acp_compat.models.current.prompt import *
    from acp_compat.models.current.rpc import *
    from acp_compat.models.current.session import *
    from acp_compat.models.current.terminal import *
    from acp_compat.models.current.tools import *
    from acp_compat.models.current.updates import *
else:
    __getattr__, __dir__ = _lazy.lazy_exports(__name__)
