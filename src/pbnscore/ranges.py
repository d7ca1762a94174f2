"""The numbers a user gives pbnscore: each option's and each CSV value's kind
(whole or not) and range, checked in this one place for the command line,
the Python API and the CSV files alike, so that ``1e309`` or ``inf`` is a
usage error naming the range, never an OverflowError, and ``1.5`` for a
whole number is refused, never taken as 1.
"""

from __future__ import annotations

import math
from decimal import Decimal, InvalidOperation
from fractions import Fraction
from numbers import Rational

from pbnscore._records import attrs
from pbnscore.errors import OutOfRange as OutOfRange  # its home is errors

# A number as text longer than this is no option a person means; refused
# before parsing (``Fraction("1e999999999")`` would compute the power).
_LONGEST = 40


@attrs.frozen
class Range:
    """Numbers from ``low`` to ``high`` (both included), whole ones only where
    ``whole``. Called on a value (an int, a Fraction, a finite float, or the
    text of one) it gives the number, or raises :class:`OutOfRange`: it is an
    attrs converter and an argparse type alike."""

    low: int
    high: int
    whole: bool = True

    def __str__(self) -> str:
        kind = "a whole number" if self.whole else "a number"
        return f"{kind} from {self.low} to {self.high}"

    def __call__(self, value: object) -> Fraction:
        number = _exact(value)
        if number is None or not self.low <= number <= self.high:
            raise OutOfRange(f"takes {self}, not {_spelt(value)}")
        if self.whole and number.denominator != 1:
            raise OutOfRange(f"takes {self}, not {_spelt(value)}")
        return number

    def whole_number(self, value: object) -> int:
        """The value as an int (a range of whole numbers)."""
        return int(self(value))

    def parse(self, value: object) -> int | Fraction:
        """The value as its field holds it: an int where whole, else a Fraction."""
        return self.whole_number(value) if self.whole else self(value)

    def checked(self, name: str, value: object, *, text: bool = True) -> int | Fraction:
        """The value of option ``name`` (``--best``), or an OptionError saying
        the range: ``--best takes a whole number from 1 to 100000, not 0``.
        Not ``text``: the number's text (``"5"``) is refused too, naming the
        types taken (the Python API takes numbers; the command line parses)."""
        from pbnscore.errors import OptionError

        if not text and isinstance(value, str):
            types = "an int" if self.whole else "an int, a Fraction or a float"
            raise OptionError(f"{name} takes {self} as {types}, not str {_spelt(value)}")
        try:
            return self.parse(value)
        except OutOfRange as exc:
            raise OptionError(f"{name} {exc}") from None


def _exact(value: object) -> Fraction | None:
    """The exact value of a number or its text; None for anything else (a
    bool, NaN, an infinity, a text that is no number, a list)."""
    if isinstance(value, bool):
        return None  # True is an int to Python, not a number to a user
    if isinstance(value, Rational):
        return Fraction(value)
    if isinstance(value, float):
        # A float by its shortest spelling: 0.1 is 1/10, not 0.1000000000000000055...
        return Fraction(repr(value)) if math.isfinite(value) else None
    if isinstance(value, str | Decimal):
        return _parsed(str(value).strip())
    return None


def _parsed(text: str) -> Fraction | None:
    if not text or len(text) > _LONGEST:
        return None
    try:
        if "/" in text:
            return Fraction(text)
        number = Decimal(text)
    except (ValueError, ZeroDivisionError, InvalidOperation):
        return None
    # An exponent past any range pbnscore has (1e309, 1e-999999999) is
    # refused before Fraction would compute its power of ten.
    if not number.is_finite() or abs(number.adjusted()) > 12:
        return None
    return Fraction(number)


def _spelt(value: object) -> str:
    """The value as a message shows it: text quoted and cut short, numbers as
    they are."""
    from pbnscore.errors import excerpt

    if isinstance(value, str):
        return excerpt(value)
    return excerpt(repr(value), bare=True)
