"""Scoring methods: one module per method; ``_base`` holds the plug-in
interface (options, presets, the :class:`Method` protocol). What methods
share: ``_field_layout`` (an event cut into fields), ``_field_assembly``
(the scored event put together from the fields' points), ``_ranking``
(standings from totals), ``_notices`` (what every scored event is told),
``_per_board`` (a method scored board by board); Butler's zero-sum search
is ``_zero_sum``.

What a plug-in author needs is exported here: the :class:`Method`
protocol (``Strategy``, its former name, still works); the options mix-ins
a method's attrs ``Options`` class may take, each only where the method
uses it: :class:`ImpOptions` (``--imp-gaps``,
``--artificial-imps``, ``--imp-cap``, for a method that compares scores in
IMPs), :class:`FactorOptions` (``--factor``, for one that ranks on totals)
and :class:`PairsOptions` (both); :func:`option` to declare an options field with its CLI help
(and, with :class:`Applies` or :func:`applies_with`, when it does anything),
:class:`Preset` and :func:`preset_option` for a method's presets, and
:func:`rank` (``factor=``) and :func:`options_dict` to build the scored event.
A method that gives each table of a board its points subclasses
:class:`PerBoardMethod` (as butler, cross-imps and barking do) and answers
each :class:`Field` with a :class:`FieldScore`: its points reach every board,
the scorecards and ``explain``.
"""

from typing import Any

from pbnscore._records import attrs_field
from pbnscore.strategies import _base
from pbnscore.strategies._base import (
    Applies,
    FactorOptions,
    ImpOptions,
    Method,
    PairsOptions,
    Preset,
    Strategy,
    applies_with,
    options_dict,
)
from pbnscore.strategies._field_layout import Field, FieldScore
from pbnscore.strategies._per_board import PerBoardMethod
from pbnscore.strategies._ranking import rank


# A plug-in's options class is attrs' own: its fields are attrs' fields (the
# built-in methods' classes, built by pbnscore._records, take _base's).
def option(*args: Any, **kw: Any) -> Any:
    """An options field with CLI help (and choices, and when it applies:
    given where it does not, it is refused). A number's ``bounds`` are its
    kind and range: its converter, its flag's type, and what a refusal
    names when a value is outside. Takes what
    :func:`pbnscore.strategies._base.option` takes."""
    return attrs_field(_base.option(*args, **kw))


def preset_option(*args: Any, **kw: Any) -> Any:
    """The ``preset`` field of a method's options, choosing among the
    presets given (the same ones as the strategy's ``presets``)."""
    return attrs_field(_base.preset_option(*args, **kw))


option.__wrapped__ = _base.option  # type: ignore[attr-defined]  # its signature, for help()
preset_option.__wrapped__ = _base.preset_option  # type: ignore[attr-defined]

__all__ = [
    "Applies",
    "FactorOptions",
    "Field",
    "FieldScore",
    "ImpOptions",
    "Method",
    "PairsOptions",
    "PerBoardMethod",
    "Preset",
    "Strategy",
    "applies_with",
    "option",
    "options_dict",
    "preset_option",
    "rank",
]
