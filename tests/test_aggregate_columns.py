"""Teams events scored from the boards' columns (aggregate, barking): no
Result made (nor its source line found) to score a match; and each team's
IMPs gained and lost added as whole numbers where they are, held to the
plain Fraction sums."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

from hypothesis import example, given, settings
from hypothesis import strategies as st

import pbnscore
from pbnscore import usebio
from pbnscore.model import Points
from pbnscore.strategies.aggregate import _gained_and_lost

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"

imps = st.one_of(st.integers(-30, 30), st.fractions(-30, 30, max_denominator=4))
rates = st.sampled_from([Fraction(1), Fraction(4, 3), Fraction(2)])


def plain(imps_by_board: list[Points], rate: Fraction) -> tuple[Fraction, Fraction]:
    gained = sum((Fraction(i) for i in imps_by_board if i > 0), Fraction(0))
    lost = sum((Fraction(-i) for i in imps_by_board if i < 0), Fraction(0))
    return gained * rate, lost * rate


@settings(max_examples=300)
@given(st.lists(imps, max_size=12), rates)
@example([], Fraction(1))
@example([Fraction(3), Fraction(-5), Fraction(0)], Fraction(4, 3))
@example([Fraction(1, 2), 3], Fraction(1))
def test_gained_and_lost_is_the_plain_sum(imps_by_board: list[Points], rate: Fraction) -> None:
    found = _gained_and_lost(imps_by_board, rate)
    assert found == plain(imps_by_board, rate)
    assert all(type(value) is Fraction for value in found)


def test_a_teams_event_is_scored_without_its_results() -> None:
    event = usebio.load(FIXTURES / "usebio" / "teams-of-eight-two-matches.xml")
    scored = pbnscore.score(event, "aggregate")
    assert scored.matches
    boards = [b for s in event.sessions for m in s.matches for b in m.boards]
    assert boards
    assert all(board.columns._results is None for board in boards)


def test_barking_on_teams_is_scored_without_their_results() -> None:
    event = usebio.load(FIXTURES / "usebio" / "teams-of-four-two-matches.xml")
    assert pbnscore.score(event, "barking").standings
    boards = [b for s in event.sessions for m in s.matches for b in m.boards]
    assert boards
    assert all(board.columns._results is None for board in boards)
