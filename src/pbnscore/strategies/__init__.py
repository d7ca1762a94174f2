"""Scoring methods: one module per method; ``_base`` holds the interface.

What a plug-in author needs is exported here: the :class:`Strategy`
protocol, :class:`ImpOptions` (``--imp-gaps``, ``--artificial-imps``),
:func:`option` to declare an options field with its CLI help (and, with
:class:`Applies` or :func:`applies_with`, when it does anything), and
:func:`rank` and :func:`options_dict` to build the scored event.
"""

from pbnscore.strategies._base import (
    Applies,
    ImpOptions,
    Strategy,
    applies_with,
    option,
    options_dict,
    rank,
)

__all__ = ["Applies", "ImpOptions", "Strategy", "applies_with", "option", "options_dict", "rank"]
