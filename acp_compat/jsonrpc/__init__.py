"""JSON-RPC 2.0 over newline-delimited JSON: envelopes, error codes and framing (sans-IO)."""
