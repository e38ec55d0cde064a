"""acp-compat: bridges legacy ACP 0.0.x agents and clients with current ACP (protocolVersion 1).

Layers, each importing only the ones above it in this list:
``models`` (attrs classes) -> ``codec`` (the cattrs converter) -> ``jsonrpc`` (envelopes,
framing) -> ``translate`` (sans-IO translators) -> ``io`` (anyio relay, processes, shim)
-> ``cli`` (click commands).
"""

# Written here, not read from the installed metadata: importlib.metadata costs ~45 ms at
# every start, and an editor starts `wrap` for every thread. tests/test_import_cost.py checks
# that it matches pyproject.toml.
__version__ = "0.1.0"

__all__ = ["__version__"]
