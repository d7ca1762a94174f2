"""How a figure is spelt: the one rounding rule every output shows.

Points, totals, averages, datums, VPs and percentages are kept exact
(:class:`~fractions.Fraction`) from scoring to writing; where an output shows
one rounded, it is spelt here and nowhere else, so that USEBIO, PBN, CSV,
text, HTML, ``explain`` and ``season`` say the same thing about it. JSON keeps
the unrounded value.

The rule: two decimals, a half rounded away from zero (0.125 → 0.13,
−0.125 → −0.13), never "−0.00". Float formatting (``f"{x:.2f}"``) is not
used: it rounds the binary value, so 0.125 prints 0.12.

An event whose IMPs are on the continuous scale (``--imps continuous``) is
shown to one decimal, as De Wael's Bastille page shows its figures, unless
they are converted to VPs, whose WBF scale has two
(docs/reference/conventions.md "Continuous IMPs"): a writer spells a
scored event's figures inside :func:`shown_as` its options.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from fractions import Fraction

__all__ = [
    "listed",
    "number",
    "places_of",
    "points_text",
    "sentence_text",
    "shown",
    "shown_as",
    "signed",
]

_POINTS_TEXT: dict[tuple[int, int], str] = {}
_CACHED = 10_000  # distinct figures remembered (a board's points repeat)
# The decimals figures are spelt with where they are written (shown_as).
_PLACES: ContextVar[int] = ContextVar("pbnscore_figure_places", default=2)


def places_of(options: Mapping[str, object] | object) -> int:
    """The decimals a scored event's figures are shown with, from its
    method's options (a scored event's ``options`` or the parsed options):
    one where the IMPs are on the continuous scale and not converted to
    VPs, else two."""
    if isinstance(options, Mapping):
        imps, vp = options.get("imps"), options.get("vp")
    else:
        imps, vp = getattr(options, "imps", None), getattr(options, "vp", None)
    continuous = getattr(imps, "value", imps) == "continuous"
    on_vps = vp is not None and getattr(vp, "value", vp) != "none"
    return 1 if continuous and not on_vps else 2


@contextmanager
def shown_as(options: Mapping[str, object] | object) -> Iterator[None]:
    """Spell every figure inside with :func:`places_of` ``options``'s decimals."""
    token = _PLACES.set(places_of(options))
    try:
        yield
    finally:
        _PLACES.reset(token)


def points_text(value: Fraction | int | float) -> str:
    """``value`` to two decimals (one inside :func:`shown_as` a continuous
    scale's options), halves away from zero; never "-0.00"."""
    if isinstance(value, float):
        value = Fraction(value)  # exactly the float's value
    if (places := _PLACES.get()) != 2:
        return _decimals(value, places)
    # Runs twice per traveller line when a big file is written, and values
    # repeat: memoised, keyed by the integer pair (a Fraction's hash is slow).
    numerator, denominator = value.numerator, value.denominator
    text = _POINTS_TEXT.get((numerator, denominator))
    if text is None:
        text = _decimals(value, 2)
        if len(_POINTS_TEXT) < _CACHED:
            _POINTS_TEXT[numerator, denominator] = text
    return text


def _decimals(value: Fraction | int, places: int) -> str:
    """``value`` to ``places`` decimals, halves away from zero; never "-0.0"."""
    numerator, denominator = value.numerator, value.denominator
    unit = 10**places
    scaled = (abs(numerator) * 2 * unit + denominator) // (2 * denominator)
    sign = "-" if numerator < 0 and scaled else ""
    return f"{sign}{scaled // unit}.{scaled % unit:0{places}d}"


def sentence_text(value: Fraction | int | float) -> str:
    """A figure in a sentence: a whole number as it is, else as
    :func:`points_text` spells it."""
    if isinstance(value, int) or Fraction(value).denominator == 1:
        return str(int(value))
    return points_text(value)


# A method notes its steps with these: they live here, not beside explain,
# so that scoring without a trace imports no explanation (start-up of
# ``pbnscore score``).


def number(value: Fraction | int) -> int | float:
    """A figure as a JSON number: whole numbers as ints."""
    if isinstance(value, int) or value.denominator == 1:
        return int(value)
    return float(value)


def shown(value: Fraction | int) -> str:
    """A figure in a sentence: whole numbers as they are, fractions to two
    decimals (or one, :func:`shown_as`) by the one rule every output rounds
    by (the exact value is in the step's figures)."""
    return sentence_text(value)


def signed(value: Fraction | int) -> str:
    """A figure as :func:`shown` shows it, with its sign always said: ``+2``,
    ``-1.50``, ``+0`` (as ``f"{n:+d}"`` spells a whole number)."""
    text = sentence_text(value)
    return text if text.startswith("-") else f"+{text}"


def listed(values: Iterable[Fraction | int]) -> str:
    """The figures, each shown as :func:`shown` shows it, comma-separated."""
    return ", ".join(shown(v) for v in values)
