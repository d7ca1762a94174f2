"""Ranking and adding up points: the shortcuts the standings take (totals
gathered by exact value, fractions added by denominator) against the plain
definitions."""

from __future__ import annotations

from fractions import Fraction as F

from hypothesis import given
from hypothesis import strategies as st

from conftest import examples
from pbnscore.model import Participant, Points
from pbnscore.strategies._field_assembly import exact_sum
from pbnscore.strategies._ranking import rank_field

# Totals as methods make them: whole IMPs, halves, averages over a field.
points = st.one_of(
    st.integers(-60, 60),
    st.fractions(min_value=-60, max_value=60, max_denominator=30),
)


def rows(totals: list[Points]) -> list[tuple[Participant, Points, int]]:
    return [(Participant(str(i)), total, i % 3) for i, total in enumerate(totals)]


@examples(60, long=200)
@given(st.lists(points, max_size=40))
def test_rank_field_counts_better_totals(totals: list[Points]) -> None:
    """Best first, equal totals in their given order; rank is one more than
    the number of better totals of those who played, tied where another of
    them has an equal total; who played no board comes last, unranked."""
    standings = rank_field(rows(totals), session="1")
    played = [row for row in rows(totals) if row[2]]
    by_total = sorted(played, key=lambda row: row[1], reverse=True)  # stable
    absent = [row for row in rows(totals) if not row[2]]
    assert [(s.participant, s.total, s.boards) for s in standings] == by_total + absent
    ranked = [total for _, total, _ in played]
    for s in standings:
        if not s.boards:
            assert s.rank is None and not s.tied
            continue
        assert s.rank == 1 + sum(total > s.total for total in ranked)
        assert s.tied == (sum(total == s.total for total in ranked) > 1)
        assert s.session == "1"


def test_rank_field_exact_where_floats_are_equal() -> None:
    """Totals a float cannot tell apart are still ranked apart; an int and
    an equal Fraction tie."""
    third = F(1, 3)
    above = third + F(1, 10**20)
    assert float(above) == float(third)
    standings = rank_field([(p, total, 1) for p, total, _ in rows([third, 2, above, F(2), third])])
    shown = [(s.participant.id, s.rank, s.tied) for s in standings]
    assert shown == [
        ("1", 1, True),
        ("3", 1, True),
        ("2", 3, False),
        ("0", 4, True),
        ("4", 4, True),
    ]


@examples(40, long=100)
@given(st.lists(points, max_size=30))
def test_exact_sum_is_the_sum(values: list[Points]) -> None:
    """Adding by denominator gives the plain exact sum."""
    assert exact_sum(values) == sum(values, F(0))
