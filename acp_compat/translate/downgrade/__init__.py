"""Downgrade: a current ACP v1 agent behind a legacy ACP 0.0.x client (behaviour.md §3)."""

from .options import DowngradeOptions
from .translator import DowngradeTranslator

__all__ = ["DowngradeOptions", "DowngradeTranslator"]
