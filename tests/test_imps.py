"""The IMP scale (Law 78B), its gap policies, ImpSums and the WBF VP scale."""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import reference
from pbnscore.errors import ScoringError
from pbnscore.imps import ImpGaps, ImpRow, ImpSums, imps, wbf_vp_table, wbf_vps

# Both ends of every row of the Law's table, written out from the Law.
RANGE_ENDS = [
    (0, 0), (10, 0), (20, 1), (40, 1), (50, 2), (80, 2), (90, 3), (120, 3), (130, 4),
    (160, 4), (170, 5), (210, 5), (220, 6), (260, 6), (270, 7), (310, 7), (320, 8),
    (360, 8), (370, 9), (420, 9), (430, 10), (490, 10), (500, 11), (590, 11), (600, 12),
    (740, 12), (750, 13), (890, 13), (900, 14), (1090, 14), (1100, 15), (1290, 15),
    (1300, 16), (1490, 16), (1500, 17), (1740, 17), (1750, 18), (1990, 18), (2000, 19),
    (2240, 19), (2250, 20), (2490, 20), (2500, 21), (2990, 21), (3000, 22), (3490, 22),
    (3500, 23), (3990, 23), (4000, 24), (7600, 24), (10000, 24),
]  # fmt: skip


@pytest.mark.parametrize(
    ("difference", "expected"), RANGE_ENDS, ids=[str(d) for d, _ in RANGE_ENDS]
)
@pytest.mark.parametrize("gaps", list(ImpGaps), ids=lambda g: g.value)
def test_every_range_end(difference: int, expected: int, gaps: ImpGaps) -> None:
    """Every row end of Law 78B scores its row under every gap policy, both signs."""
    assert imps(difference, gaps) == expected
    assert imps(-difference, gaps) == -expected


@pytest.mark.parametrize(
    ("difference", "lower", "upper"),
    [(15, 0, 1), (45, 1, 2), (85, 2, 3), (3995, 23, 24), (Fraction(21, 2), 0, 1)],
    ids=["15", "45", "85", "3995", "10.5"],
)
def test_gaps(difference: int | Fraction, lower: int, upper: int) -> None:
    """A difference between two rows takes the row below, the row above, or is an error."""
    assert imps(difference, ImpGaps.LOWER) == lower
    assert imps(difference, ImpGaps.UPPER) == upper
    assert imps(-difference, ImpGaps.UPPER) == -upper
    with pytest.raises(ScoringError, match="between two rows"):
        imps(difference, ImpGaps.STRICT)


def test_inside_the_first_row_is_no_gap() -> None:
    """0-10 is one row: 5 scores 0 even under strict."""
    assert imps(5, ImpGaps.STRICT) == 0


@given(st.integers(-20000, 20000), st.sampled_from(["lower", "upper"]))
def test_matches_the_law_rows(difference: int, gaps: str) -> None:
    """imps agrees with a row-by-row lookup of the Law, on every integer."""
    assert imps(difference, ImpGaps(gaps)) == reference.imp(difference, gaps)
    assert imps(-difference, ImpGaps(gaps)) == -imps(difference, ImpGaps(gaps))


@settings(max_examples=150)
@given(
    st.lists(st.integers(-5000, 5000), max_size=12),
    st.integers(-9000, 9000),
    st.sampled_from(list(ImpGaps)),
)
def test_imp_sums_agree_with_one_by_one(values: list[int], x: int, gaps: ImpGaps) -> None:
    """ImpSums(x) is the sum of IMP(x - v), gaps (and strict errors) included."""
    try:
        expected: int | None = sum(imps(x - v, gaps) for v in values)
    except ScoringError:
        expected = None
    sums = ImpSums(values, gaps)
    if expected is None:
        with pytest.raises(ScoringError):
            sums(x)
    else:
        assert sums(x) == expected
        assert sums(x) == expected  # memoised answer


# -- VPs -------------------------------------------------------------------------


@pytest.mark.parametrize("boards", [1, 3, 8, 12, 16, 20, 24, 32, 64])
def test_vp_table_shape(boards: int) -> None:
    """10 at a draw, 20 from the blitz 15·sqrt(N) on, never decreasing, concave."""
    table = wbf_vp_table(boards)
    assert table[0] == 10
    assert table[-1] == 20
    blitz = 15 * boards**0.5
    assert len(table) - 1 <= blitz + 1  # 20 is reached by the blitz
    steps = [b - a for a, b in itertools.pairwise(table)]
    assert all(s >= 0 for s in steps)
    assert all(b <= a for a, b in itertools.pairwise(steps))


@pytest.mark.parametrize(
    ("boards", "margin", "expected"),
    # 10 + 10 (1 - r^(M/B)) / (1 - r), r = tau^3, B = 15 sqrt(N), to 2 dp, at
    # points where rounding needs no concavity correction.
    [(16, 1, "10.31"), (16, 2, "10.61"), (8, 1, "10.44"), (24, 4, "10.99"), (16, 60, "20")],
)
def test_vp_formula_points(boards: int, margin: int, expected: str) -> None:
    """Points of the WBF formula, computed by hand."""
    assert wbf_vps(margin, boards) == (Fraction(expected), 20 - Fraction(expected))
    assert wbf_vps(-margin, boards) == (20 - Fraction(expected), Fraction(expected))


def test_vp_concavity_correction() -> None:
    """Where 2 dp rounding makes a step larger than the one before (16 boards,
    13 to 15 IMPs: 13.52, 13.74, 13.97 rounded), the middle value moves up 0.01."""
    table = wbf_vp_table(16)
    assert (table[13], table[14], table[15]) == (
        Fraction("13.52"),
        Fraction("13.75"),
        Fraction("13.97"),
    )


def test_vp_beyond_the_blitz_and_fractions() -> None:
    """A margin beyond the table is 20-0; a fractional margin takes the row below."""
    assert wbf_vps(500, 16) == (20, 0)
    assert wbf_vps(Fraction(3, 2), 16) == wbf_vps(1, 16)


@pytest.mark.parametrize("step", [10, 20])
@pytest.mark.parametrize("offset", [0, 5, 7, 18])
@pytest.mark.parametrize("gaps", [ImpGaps.LOWER, ImpGaps.UPPER], ids=lambda g: g.value)
@pytest.mark.parametrize("cap", [None, 17])
def test_imp_row_is_the_scale_and_its_runs(
    step: int, offset: int, gaps: ImpGaps, cap: int | None
) -> None:
    """An ImpRow holds IMP(step x + offset) for every x of its table, the
    scale's end past it, and each x's run as a walk out from x finds it."""
    row = ImpRow(step, offset, gaps, cap)
    reach = row.reach
    known = {
        x: reference.imp(step * x + offset, gaps.value, cap) for x in range(-reach - 5, reach + 6)
    }
    imp_at = known.__getitem__

    assert imp_at(-reach - 5) == row.imps[0] and imp_at(reach + 5) == row.imps[-1]
    for x in range(-reach, reach + 1):
        at = x + reach
        assert row.imps[at] == imp_at(x)
        first = last = x
        while first > -reach - 2 and imp_at(first - 1) == imp_at(x):
            first -= 1
        while last < reach + 2 and imp_at(last + 1) == imp_at(x):
            last += 1
        assert row.first[at] == (-ImpRow.UNBOUNDED if first < -reach else first)
        assert row.last[at] == (ImpRow.UNBOUNDED if last > reach else last)


def test_imp_row_refuses_strict_gaps() -> None:
    """Strict gaps raise at a difference, which a table made in advance cannot."""
    with pytest.raises(ValueError, match="lower or upper"):
        ImpRow(10, 5, ImpGaps.STRICT, None)
