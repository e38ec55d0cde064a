"""acp-compat: bridges legacy ACP 0.0.x agents and clients with current ACP (protocolVersion 1).

Layers, each importing only the ones above it in this list:
``models`` (attrs classes) -> ``codec`` (the cattrs converter) -> ``jsonrpc`` (envelopes,
framing) -> ``translate`` (sans-IO translators) -> ``io`` (anyio relay, processes, shim)
-> ``cli`` (click commands).
"""

from importlib.metadata import PackageNotFoundError, version

try:
    __version__ = version("acp-compat")
except PackageNotFoundError:  # running from a source tree that was never installed
    __version__ = "0.0.0+unknown"

__all__ = ["__version__"]
