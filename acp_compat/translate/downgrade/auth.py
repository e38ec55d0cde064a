"""Choosing the ``authenticate`` method for a legacy client's argument-less ``authenticate``."""

from __future__ import annotations

from typing import Any


def agent_run_method(agent_info: dict[str, Any]) -> str | None:
    """The first advertised method the agent runs itself.

    ``terminal`` methods need an interactive terminal and ``env_var`` methods a variable
    the user must set: neither can be started from a legacy client's login button. A
    ``type`` this code does not know is skipped too: nothing says the agent runs it
    (``--auth-method`` can still name it).
    """
    methods = agent_info.get("authMethods")
    for method in methods if isinstance(methods, list) else []:
        if (
            isinstance(method, dict)
            and isinstance(method.get("id"), str)
            and method.get("type", "agent") == "agent"
        ):
            return str(method["id"])
    return None


def offered_methods(agent_info: dict[str, Any]) -> str:
    """The advertised auth methods as ``id (type)``, for an error message."""
    methods = agent_info.get("authMethods")
    listed = [
        f"{method.get('id')} ({method.get('type', 'agent')})"
        for method in (methods if isinstance(methods, list) else [])
        if isinstance(method, dict)
    ]
    return "offered: " + (", ".join(listed) if listed else "none")
