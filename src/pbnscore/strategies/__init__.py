"""Scoring methods: one module per method; ``_base`` holds the interface.

What a plug-in author needs is exported here: the :class:`Strategy`
protocol, :class:`ImpOptions` (``--imp-gaps``, ``--artificial-imps``,
``--imp-cap``) and :class:`PairsOptions` (those and ``--factor``, for a
pairs method), :func:`option` to declare an options field with its CLI help
(and, with :class:`Applies` or :func:`applies_with`, when it does anything),
:class:`Preset` and :func:`preset_option` for a method's presets, and
:func:`rank` (``factor=``) and :func:`options_dict` to build the scored event.
"""

from pbnscore.strategies._base import (
    Applies,
    ImpOptions,
    PairsOptions,
    Preset,
    Strategy,
    applies_with,
    option,
    options_dict,
    preset_option,
    rank,
)

__all__ = [
    "Applies",
    "ImpOptions",
    "PairsOptions",
    "Preset",
    "Strategy",
    "applies_with",
    "option",
    "options_dict",
    "preset_option",
    "rank",
]
