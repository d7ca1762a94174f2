"""Aggregate teams: add the team's scores over its tables, IMP, then VPs."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import pbnscore
import reference
import strategies as build
from pbnscore.errors import ScoringError
from pbnscore.imps import wbf_vps
from pbnscore.model import Direction, Event, ScoredEvent

SAMPLES = Path(__file__).resolve().parents[2] / "shared" / "samples" / "usebio"


def aggregate(event: Event, **options: object) -> ScoredEvent:
    return pbnscore.score(event, "aggregate", **options)


@settings(max_examples=100)
@given(st.lists(st.tuples(build.scores, build.scores), min_size=1, max_size=6))
def test_teams_of_four_is_the_difference_imped(boards: list[tuple[int, int]]) -> None:
    """Teams of four: board IMPs = IMP(home NS table's score - the other table's NS score)."""
    event = build.teams_event([[list(pair) for pair in boards]])
    (match,) = aggregate(event).matches
    assert [b.imps for b in match.boards] == [reference.imp(a - b) for a, b in boards]


@settings(max_examples=60)
@given(
    st.lists(st.lists(build.specs(), min_size=4, max_size=4), min_size=1, max_size=6),
    st.sampled_from(["wbf", "none"]),
)
def test_teams_of_eight_match_reference(boards: list[list[build.Spec]], vp: str) -> None:
    """Per board, adjusted and not-played tables mixed in: the reference's
    IMPs; match totals and VPs follow from them."""
    event = build.teams_event([boards])
    scored = aggregate(event, vp=vp)
    (match,) = scored.matches
    home_ns = [True, True, False, False]
    expected = [
        (n, net)
        for n, specs in enumerate(boards, start=1)
        if (net := reference.aggregate_board(specs, home_ns)) is not None
    ]
    assert [(b.number, b.imps) for b in match.boards] == [(n, h) for n, (h, _) in expected]
    home = sum((h for _, (h, _) in expected), Fraction(0))
    away = sum((a for _, (_, a) in expected), Fraction(0))
    if vp == "wbf":
        assert match.vp == wbf_vps(home, len(boards))[0]
        assert match.opponent_vp == wbf_vps(away, len(boards))[0]
        totals = {s.participant.id: s.total for s in scored.standings}
        assert totals == {"1": match.vp, "2": match.opponent_vp}
    else:
        assert match.vp is None
        assert {s.participant.id: s.total for s in scored.standings} == {"1": home, "2": away}
    assert all(s.boards == len(expected) for s in scored.standings)


def test_match_totals_and_places() -> None:
    """Won and lost IMPs per match; VPs on the WBF scale for the match's boards; places."""
    # Board 1: 420 NS at home table, -420 at the other: +840 -> 13 to home.
    # Board 2: -100 and +300 (home EW): -400 -> -9.
    event = build.teams_event([[[420, -420], [-100, 300]], [[0, 0], [0, 0]]])
    scored = aggregate(event)
    first, second = scored.matches
    assert (first.imps, first.opponent_imps) == (13, 9)
    assert (first.vp, first.opponent_vp) == wbf_vps(4, 2)
    assert (second.imps, second.opponent_imps, second.vp) == (0, 0, 10)
    ranks = {s.participant.id: s.rank for s in scored.standings}
    assert ranks["1"] == 1 and ranks["2"] == 4 and ranks["3"] == ranks["4"] == 2
    assert all(s.participant.kind.value == "team" for s in scored.standings)


def test_adjusted_board_and_unbalanced_artificial() -> None:
    """An adjusted table: each team scores its own side's artificial IMPs; A6060
    gives both teams +3 (each team's VPs from its own total)."""
    event = build.teams_event([[[build.BOTH_PLUS, 420], [100, 100]]])
    (match,) = aggregate(event, artificial_imps=2).matches
    assert [(b.number, b.imps) for b in match.boards] == [(1, 2), (2, 0)]
    assert (match.imps, match.opponent_imps) == (0, 0)
    assert match.vp == match.opponent_vp == wbf_vps(2, 2)[0]


def test_not_played_board_is_left_out() -> None:
    """A table not played (none adjusted): the board is not in the match's list."""
    event = build.teams_event([[[None, 420], [100, 100]]])
    (match,) = aggregate(event).matches
    assert [b.number for b in match.boards] == [2]


def test_needs_home_direction() -> None:
    """A table without the home team's direction cannot be aggregated: a clear error."""
    import attrs

    event = build.teams_event([[[420, 420]]])
    session = event.sessions[0]
    board = session.matches[0].boards[0]
    lost = attrs.evolve(board.results[0], home_direction=None)
    board = attrs.evolve(board, results=(lost, board.results[1]))
    match = attrs.evolve(session.matches[0], boards=(board,))
    event = attrs.evolve(event, sessions=(attrs.evolve(session, matches=(match,)),))
    with pytest.raises(ScoringError, match="which way the home team sat"):
        aggregate(event)


def test_refuses_pairs() -> None:
    """A pairs event cannot be aggregated."""
    with pytest.raises(ScoringError, match="aggregate scores teams events, not a pairs event"):
        aggregate(build.pairs_event([[420]]))


@pytest.mark.skipif(not SAMPLES.is_dir(), reason="../shared/samples not present")
def test_sample_match_imps() -> None:
    """Every MATCH/BOARD/IMPS TeamsScorer wrote (teams of four, 40 matches)."""
    from lxml import etree

    path = SAMPLES / "payload_multiple-teams.xml"
    scored = aggregate(pbnscore.load(path))
    written = list(etree.parse(str(path)).iter("MATCH"))
    assert len(scored.matches) == len(written) == 40
    for match, element in zip(scored.matches, written, strict=True):
        assert (match.team, match.opponent) == (
            element.findtext("TEAM"),
            element.findtext("OPPOSING_TEAM"),
        )
        expected = [
            (int(b.findtext("BOARD_NUMBER")), Fraction(b.findtext("IMPS")))
            for b in element.iter("BOARD")
        ]
        assert [(b.number, b.imps) for b in match.boards] == expected


def test_home_direction_signs() -> None:
    """Sanity of the builder: tables in the first half seat the home team NS."""
    event = build.teams_event([[[1, 2, 3, 4]]])
    results = event.sessions[0].matches[0].boards[0].results
    assert [r.home_direction for r in results] == [
        Direction.NS,
        Direction.NS,
        Direction.EW,
        Direction.EW,
    ]
