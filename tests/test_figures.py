"""One rounding rule for every figure an output shows (pbnscore.figures)."""

from __future__ import annotations

import decimal
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from pbnscore.cli import main
from pbnscore.figures import points_text, sentence_text, shown
from pbnscore.report._view import points


def reference(value: Fraction) -> str:
    """Slow and plain: the exact value in decimal, rounded half up (away
    from zero) at two places; "-0.00" is "0.00"."""
    with decimal.localcontext() as context:
        context.prec = 200
        exact = decimal.Decimal(value.numerator) / decimal.Decimal(value.denominator)
        text = str(exact.quantize(decimal.Decimal("0.01"), rounding=decimal.ROUND_HALF_UP))
    return "0.00" if text == "-0.00" else text


fractions = st.fractions(max_denominator=10_000).filter(lambda f: abs(f) < 10**6)


@given(fractions)
@example(Fraction(1, 8))
@example(Fraction(-1, 8))
@example(Fraction(45, 8))
@example(Fraction(-1, 300))
def test_points_text_is_half_away_from_zero(value: Fraction) -> None:
    """Two decimals, a half away from zero, never -0.00: 1/8 is 0.13, 45/8 is 5.63."""
    assert points_text(value) == reference(value)
    assert points(value) == reference(value)


@given(fractions)
@example(Fraction(1, 8))
@example(Fraction(45, 8))
def test_a_figure_in_a_sentence_is_the_same_figure(value: Fraction) -> None:
    """explain's sentences spell a fraction as every other output does (it
    formatted floats: 0.125 read 0.12 there and 0.13 everywhere else)."""
    expected = str(value.numerator) if value.denominator == 1 else reference(value)
    assert shown(value) == sentence_text(value) == expected


def test_a_float_is_taken_at_its_exact_value() -> None:
    """0.125 is exactly representable: 0.13, as the Fraction is."""
    assert points_text(0.125) == "0.13" == points_text(Fraction(1, 8))


def test_explain_says_one_figure_once(
    shared_samples: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """On the Palo Alto night, board 2 pair 9 by cross-IMPs: 45/8 is 5.63
    in the sentence and in the figure (it said both 5.62 and 5.63)."""
    path = shared_samples / "pbn" / "palo_alto_2025-12-23_SPR_PBN_File_0.pbn"
    status = main(["explain", str(path), "-m", "cross-imps", "--board", "2", "--pair", "9"])
    out = capsys.readouterr().out
    assert status == 0
    assert "5.63" in out
    assert "5.62" not in out
