"""Scoring methods: one module per method; ``_base`` holds the interface."""

from pbnscore.strategies._base import ImpOptions, Strategy

__all__ = ["ImpOptions", "Strategy"]
