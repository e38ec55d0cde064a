"""Typed models of both protocols: :mod:`.legacy` (ACP 0.0.8-0.0.10) and :mod:`.current` (v1)."""
