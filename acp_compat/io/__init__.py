"""anyio shells around the sans-IO core: agent processes, the stdio relay, the shim.

Modules: :mod:`.lines` (NDJSON on raw descriptors), :mod:`.process` (agent processes and
their groups), :mod:`.inbound` (checks on every incoming line), :mod:`.relay` (the loop
that drives a translator), :mod:`.passthrough` (same protocol both sides),
:mod:`.modes` (the mode choice and the auto probe), :mod:`.runner` (one ``wrap`` run),
:mod:`.trace` (``--trace``), :mod:`.localfiles` (file effects).
"""
