"""Barking: Barker's teams-of-eight pair scores, fast sums against enumeration."""

from __future__ import annotations

import random
import time
import tracemalloc
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import pbnscore
import reference
import strategies as build
from pbnscore.errors import ScoringError
from pbnscore.model import Event, ScoredEvent
from pbnscore.strategies.barking import MAX_SCORES, barking_sums, term_count

# The Law's table looked up row by row, not the fast scale under test.
IMP = reference.imp


def barking(event: Event, **options: object) -> ScoredEvent:
    return pbnscore.score(event, "barking", **options)


@pytest.mark.parametrize(("tables", "terms"), [(4, 3), (8, 105), (12, 495)])
def test_term_counts(tables: int, terms: int) -> None:
    """(T-1)·C(T-2, 2) terms: 3, 105, 495; enumeration finds as many."""
    assert term_count(tables) == terms
    assert len(reference.barking_terms(list(range(tables)), 0)) == terms


@settings(max_examples=150)
@given(st.lists(build.scores, min_size=4, max_size=4))
def test_one_match_is_barkers_formula(scores: list[int]) -> None:
    """One match of four tables: pair A scores IMP(A+B+C+D) + IMP(A-B+C-D) +
    IMP(A-B-C+D), with each pair's own team-signed score; A, B sat one way and
    C, D the other."""
    event = build.teams_event([[scores]])
    (board,) = barking(event).boards
    s1, s2, s3, s4 = scores
    # Tables 1, 2: home NS (pairs 1-1, 1-2 are NS; 2-1, 2-2 EW); tables 3, 4: home EW.
    # Home team: A = 1-1 (s1), B = 1-2 (s2), C = 1-3 (-s3), D = 1-4 (-s4).
    home = {}
    for name, a, b, c, d in (
        ("1-1", s1, s2, -s3, -s4),
        ("1-2", s2, s1, -s3, -s4),
        ("1-3", -s3, -s4, s1, s2),
        ("1-4", -s4, -s3, s1, s2),
    ):
        home[name] = IMP(a + b + c + d) + IMP(a - b + c - d) + IMP(a - b - c + d)
    # Away team: NS at tables 3, 4 (s3, s4), EW at tables 1, 2 (-s1, -s2).
    away = {}
    for name, a, b, c, d in (
        ("2-3", s3, s4, -s1, -s2),
        ("2-4", s4, s3, -s1, -s2),
        ("2-1", -s1, -s2, s3, s4),
        ("2-2", -s2, -s1, s3, s4),
    ):
        away[name] = IMP(a + b + c + d) + IMP(a - b + c - d) + IMP(a - b - c + d)
    got = {}
    for r in board.results:
        assert r.result.ns is not None and r.result.ew is not None
        got[r.result.ns] = r.ns_points
        got[r.result.ew] = r.ew_points
    assert got == {**home, **away}


@settings(max_examples=100)
@given(st.lists(st.lists(build.scores, min_size=4, max_size=4), min_size=1, max_size=4))
def test_team_pairs_add_to_four_times_aggregate(boards: list[list[int]]) -> None:
    """One match: on every board a team's four pairs add up to 4 × its aggregate
    IMPs, and the team's barking total is its aggregate IMPs."""
    event = build.teams_event([boards])
    scored = barking(event)
    (match,) = pbnscore.score(event, "aggregate", vp="none").matches
    for board, board_imps in zip(scored.boards, match.boards, strict=True):
        home = sum(
            (
                p
                for r in board.results
                for p, pair in ((r.ns_points, r.result.ns), (r.ew_points, r.result.ew))
                if pair is not None and pair.startswith("1-") and p is not None
            ),
            Fraction(0),
        )
        assert home == 4 * board_imps.imps
    teams = {
        s.participant.id: s.total for s in scored.standings if s.participant.kind.value == "team"
    }
    assert teams["1"] == match.imps - match.opponent_imps
    assert teams["2"] == match.opponent_imps - match.imps


@settings(max_examples=150)
@given(st.lists(build.scores, min_size=4, max_size=14))
def test_fast_sums_equal_enumeration(scores: list[int]) -> None:
    """F(a) = sum_b G(s_a+s_b) - (T-2) sum_l IMP(s_a-s_l) equals the enumerated sum of terms."""
    assert barking_sums(scores) == [
        sum(reference.barking_terms(scores, a)) for a in range(len(scores))
    ]


@settings(max_examples=40)
@given(
    st.lists(st.lists(build.specs(), min_size=2, max_size=4), min_size=1, max_size=5),
    st.sampled_from(["match", "total"]),
)
def test_event_matches_reference(matches: list[list[build.Spec]], normalise: str) -> None:
    """Fields of 4-20 tables over several matches, adjusted and not-played tables
    mixed in: every pair's points agree with the enumerating reference."""
    # Each inner list is one board's tables for one match; all matches play board 1.
    event = build.teams_event([[tables] for tables in matches])
    scored = barking(event, normalise=normalise)
    field = [spec for tables in matches for spec in tables]
    expected = reference.barking(field, normalise)
    got = [(r.ns_points, r.ew_points) for b in scored.boards for r in b.results]
    assert got == expected


def test_fewer_than_four_tables_is_not_scored() -> None:
    """Three real tables: the board is not scored (no points, not counted as played)."""
    event = build.teams_event([[[420, 450, build.AVG_PLUS, 100]]])
    (board,) = barking(event).boards
    assert [(r.ns_points, r.ew_points) for r in board.results] == [
        (None, None),
        (None, None),
        (3, -3),
        (None, None),
    ]
    standings = {s.participant.id: s.boards for s in barking(event).standings}
    assert standings["1-1"] == 0 and standings["1-3"] == 1


def test_refuses_pairs() -> None:
    """Barking on a pairs event is a clear error."""
    with pytest.raises(ScoringError, match="barking scores teams events, not a pairs event"):
        barking(build.pairs_event([[420, 450, 100, 0]]))


def _field(scores: list[int]) -> Event:
    """One board played at len(scores) tables, four to a match."""
    return build.teams_event([[scores[i : i + 4]] for i in range(0, len(scores), 4)])


def test_a_field_of_8000_tables_takes_seconds_and_little_memory() -> None:
    """One board at 8,000 tables (23 s and 1.4 GB when every pair sum was
    kept): the pair sums are counted by value, and a board's scores have few."""
    rng = random.Random(12)
    scores = [rng.randrange(-140, 141) * 10 for _ in range(8000)]
    tracemalloc.start()
    started = time.perf_counter()
    try:
        boards = barking(_field(scores)).boards
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert time.perf_counter() - started < 20
    assert peak < 300 << 20
    points = [r.ns_points for board in boards for r in board.results]
    assert len(points) == 8000 and None not in points
    # the 8,000 sums agree with the plain pair-sum sums on a slice of the field
    small = scores[:40]
    assert barking_sums(small) == [
        sum(reference.barking_terms(small, a)) for a in range(len(small))
    ]


def test_a_field_of_too_many_distinct_scores_is_refused() -> None:
    """Pair sums of more than MAX_SCORES distinct scores take minutes:
    the board is refused with one line saying why."""
    scores = [n * 7 + 1 for n in range(MAX_SCORES + 1)]
    with pytest.raises(ScoringError, match=f"board 1: {MAX_SCORES + 1} different scores"):
        barking(_field(scores))
