"""Barking: Barker's teams-of-eight pair scores, fast sums against enumeration."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import model_events as build
import pbnscore
import reference
from conftest import examples
from pbnscore.cli import main
from pbnscore.errors import ScoringError
from pbnscore.model import Event, PointsStyle, ScoredEvent
from pbnscore.strategies.barking import barking_sums, term_count

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
    # Away team: NS at tables 3, 4 (s3, s4), EW at tables 1, 2 (-s1, -s2).
    expected = {
        name: IMP(a + b + c + d) + IMP(a - b + c - d) + IMP(a - b - c + d)
        for name, a, b, c, d in (
            ("1-1", s1, s2, -s3, -s4),
            ("1-2", s2, s1, -s3, -s4),
            ("1-3", -s3, -s4, s1, s2),
            ("1-4", -s4, -s3, s1, s2),
            ("2-3", s3, s4, -s1, -s2),
            ("2-4", s4, s3, -s1, -s2),
            ("2-1", -s1, -s2, s3, s4),
            ("2-2", -s2, -s1, s3, s4),
        )
    }
    got = {}
    for r in board.results:
        assert r.result.ns is not None and r.result.ew is not None
        got[r.result.ns] = r.ns_points
        got[r.result.ew] = r.ew_points
    assert got == expected


@settings(max_examples=100)
@given(st.lists(st.lists(build.scores, min_size=4, max_size=4), min_size=1, max_size=4))
def test_team_pairs_add_to_four_times_aggregate(boards: list[list[int]]) -> None:
    """One match: on every board a team's four pairs add up to 4 × its aggregate
    IMPs, and the teams' standing is aggregate's (its match IMPs, its VPs)."""
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
    teams = [s for s in scored.standings if s.participant.kind.value == "team"]
    assert tuple(teams) == pbnscore.score(event, "aggregate").standings
    (league,) = scored.matches
    assert league.imps - league.opponent_imps == match.imps - match.opponent_imps


@examples(50, long=150)
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
    field = [spec for tables in matches for spec in tables]
    expected = reference.barking(field, normalise)
    if all(points == (None, None) for points in expected) and any(
        isinstance(spec, int) for spec in field
    ):  # nothing scored: refused, never a table of zeros
        with pytest.raises(ScoringError, match="barking needs four tables on a board"):
            barking(event, normalise=normalise)
        return
    scored = barking(event, normalise=normalise)
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
    warnings = [w.message for w in barking(event).warnings]
    assert warnings[0] == (
        "barking needs four tables on a board: board 1 left out (fewer real tables)"
    )
    # The pairs it left without a board are not ranked, and named
    # (docs/reference/choices.md "Did not play").
    assert warnings[1:] == [
        "did not play (no board scored), not ranked: pair 1-1 of 1, pair 1-2 of 1, "
        "pair 1-4 of 1, pair 2-1 of 2, pair 2-2 of 2, pair 2-4 of 2"
    ]


def test_teams_of_four_cannot_be_barked(capsys: pytest.CaptureFixture[str]) -> None:
    """No board of a teams-of-four event has four tables: exit 1 with one
    line giving the figure from the file, never all zeros and exit 0."""
    path = Path(__file__).resolve().parents[1] / "fixtures" / "usebio" / "teams-of-four.xml"
    assert main(["score", str(path), "-m", "barking", "--to", "json"]) == 1
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err == (
        f"{path}: barking needs four tables on a board; no board here has more than 2\n"
    )


def test_some_boards_scored_the_rest_named() -> None:
    """Board 1 at four tables is scored; board 2, at two, is left out and named."""
    event = build.teams_event([[[420, 450, -100, 100], [100, 200, None, None]]])
    scored = barking(event)
    assert any(r.ns_points for r in scored.boards[0].results)
    assert all(r.ns_points is None for r in scored.boards[1].results)
    assert [w.message for w in scored.warnings] == [
        "barking needs four tables on a board: board 2 left out (fewer real tables)",
        # The league's figures beside the pairs: aggregate's own note.
        "board 2 of 1 v 2 was played at 2 of its 4 tables; left out of the match",
    ]


def test_a_plug_in_that_scores_nobody_is_an_error(monkeypatch: pytest.MonkeyPatch) -> None:
    """The rule holds for any method: a scored event with real results in
    which no participant scored (all zeros, no boards) is a ScoringError."""
    import attrs

    from pbnscore import registry
    from pbnscore.model import EventKind, Standing
    from pbnscore.strategies import ImpOptions

    class Nobody:
        name = "nobody"
        description = "scores no one"
        Options = attrs.frozen(type("NobodyOptions", (ImpOptions,), {}))
        kinds = frozenset({EventKind.TEAMS})

        def score(self, event: Event, options: object) -> ScoredEvent:
            teams = event.sessions[0].teams
            zeros = tuple(Standing(team, 0, 0, 1, True) for team in teams)
            return ScoredEvent(
                event=event,
                method=self.name,
                style=PointsStyle.AGGREGATE,
                options={},
                boards=(),
                standings=zeros,
            )

    monkeypatch.setattr(registry, "get", lambda name: Nobody)
    with pytest.raises(ScoringError, match=r"^nobody scored no participant on any board$"):
        pbnscore.score(build.teams_event([[[420, -420]]]), "nobody")
    assert pbnscore.score(build.teams_event([[[None, None]]]), "nobody").standings  # no results
