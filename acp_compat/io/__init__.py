"""anyio shells around the sans-IO core: agent processes, the stdio relay, the shim.

Modules: :mod:`.lines` (NDJSON on raw descriptors), :mod:`.spawn` (starting a command on
pipes), :mod:`.launched_agent` (``wrap``'s agent started at launch), :mod:`.process` (agent
processes and their groups), :mod:`.inbound` (checks on every incoming line),
:mod:`.driver` (the one place that feeds a handler and carries out its outputs),
:mod:`.relay` (agent processes and pipes around the driver), :mod:`.runner` (one ``wrap``
run), :mod:`.trace` (``--trace``), :mod:`.localfiles` (file effects), :mod:`.shim` (a
Python legacy agent served in process; ``docs/shim.md``). The startup policy, the
passthrough and the exit-status wording are sans-IO and live in
:mod:`acp_compat.translate`.

The choices ``behaviour.md`` leaves open that this shell makes (agent 0 started at
launch, the auto probe's timing, exit statuses, over-long lines, what the client may send
before ``initialize``, logging, file effects) are listed in ``docs/behaviour.md`` §6,
"Framing and the relay", with the modules that implement each.
"""
