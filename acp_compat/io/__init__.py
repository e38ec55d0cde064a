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

Choices ``behaviour.md`` leaves open, made here:

* Agent process 0 starts at launch, before the client's ``initialize`` (a slow launcher
  gets a head start); it runs in acp-compat's own working directory.
* Auto probe (:mod:`acp_compat.translate.startup`): the client's own ``initialize`` goes
  first, unchanged (a passthrough then needs no second initialize), and keeps waiting
  while, after 5 s of silence, the other protocol is probed with a second process beside
  it (an agent slow to start is never restarted); ``--probe-timeout`` (default 60 s)
  bounds the whole wait. An agent that answers nothing is refused then, with an error
  naming the likely fix.
* Exit status: 0 after client EOF; 128+N after signal N (SIGTERM, SIGINT, SIGHUP; a second
  one kills the agents' groups at once); the agent's status when the one agent of a
  passthrough or downgrade relay ends (an upgrade relay has one process per session and
  carries on); 127 when the agent cannot be started; 1 when it answers ``initialize`` in
  neither protocol (its own status if it only ever exited, e.g. a launcher's 127).
* A line over the limit is logged and dropped; when its first bytes show a request it is
  answered ``-32600`` "Request too large" (also before ``initialize``), when they show a
  response the request it answered fails with ``-32603`` (see :mod:`.inbound`).
* A client request before ``initialize`` gets ``-32600``; other messages are ignored.
  While the probe waits the client is not read; what it sent meanwhile is handed to the
  translator after the decision. A signal while the probe waits still answers the
  ``initialize`` (``-32603``, naming it), and any request held back.
* An agent's exit is reported after every line it printed, however slow the client (its
  reader waits for the client); only while shutting down is that wait bounded.
* In passthrough, client requests the agent never answered get ``-32603`` naming its exit
  status (``data: {exitCode, stderr}``, ``stderr`` only when the agent wrote some) when
  it dies, or why it was lost (``data: {reason}``): ``exits.agent_gone``, as in every
  translator.
* Logging: INFO by default (mode, probes, agent starts and exits), ``-v`` DEBUG, ``-q``
  WARNING, ``-qq`` ERROR; ``--log-file`` takes the records instead of stderr, while the
  agents' stderr still goes to stderr.
* ``WriteLocalFile`` creates missing parent directories; files are read and written as
  UTF-8 with newlines untouched.
* The trace records each message twice (as received, as sent), also in passthrough;
  ``session`` is learned for legacy agent traffic from the translated messages around it.
"""
