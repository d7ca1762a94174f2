"""Aggregate teams: add the team's scores over its tables, IMP, then VPs."""

from __future__ import annotations

import json
from collections.abc import Iterator
from fractions import Fraction
from pathlib import Path

import attrs
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

import model_events as build
import pbnscore
import reference
from pbnscore.cli import main
from pbnscore.errors import ScoringError
from pbnscore.imps import wbf_vps
from pbnscore.model import (
    Adjusted,
    AdjustedKind,
    Direction,
    Event,
    Participant,
    ScoredEvent,
)
from pbnscore.report import json as report_json

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"


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
    home_ns = [True, True, False, False]
    expected = [
        (n, net)
        for n, specs in enumerate(boards, start=1)
        if (net := reference.aggregate_board(specs, home_ns)) is not None
    ]
    if not expected and any(isinstance(s, int) for specs in boards for s in specs):
        with pytest.raises(ScoringError, match="scored no participant"):  # never all zeros
            aggregate(event, vp=vp)
        return
    scored = aggregate(event, vp=vp)
    (match,) = scored.matches
    assert [(b.number, b.imps) for b in match.boards] == [(n, h) for n, (h, _) in expected]
    home = sum((h for _, (h, _) in expected), Fraction(0))
    away = sum((a for _, (_, a) in expected), Fraction(0))
    if vp == "wbf" and not expected:  # no board played: no VPs, never a 10-10 draw
        assert match.vp is None and match.opponent_vp is None
        assert {s.participant.id: s.total for s in scored.standings} == {"1": 0, "2": 0}
    elif vp == "wbf":
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
    gives both teams +3 (each team's VPs from its own total), and each team's
    match IMPs, from its own side, show the +3 it gained."""
    event = build.teams_event([[[build.BOTH_PLUS, 420], [100, 100]]])
    (match,) = aggregate(event, artificial_imps=2).matches
    assert [(b.number, b.imps, b.opponent_imps) for b in match.boards] == [(1, 2, 2), (2, 0, None)]
    assert (match.imps, match.opponent_imps, match.opponent_view) == (2, 0, (2, 0))
    assert match.imps_of("1") == match.imps_of("2") == (2, 0)
    assert match.vp == match.opponent_vp == wbf_vps(2, 2)[0]


@pytest.mark.parametrize("vp", ["none", "wbf"])
@pytest.mark.parametrize("adjusted", ["both plus", "balanced"])
def test_without_vps_a_match_that_does_not_balance_is_warned(vp: str, adjusted: str) -> None:
    """--vp none: a USEBIO MATCH's TEAM_SCORE/OPPOSING_TEAM_SCORE hold the
    home team's view only; where a board's artificial IMPs do not balance
    (A6060) the away team's own differs, and the scorer is told (with VPs
    each team's own VPs are written: nothing to tell)."""
    balanced = Adjusted("A6040", AdjustedKind.AVERAGE_PLUS, AdjustedKind.AVERAGE_MINUS)
    table = build.BOTH_PLUS if adjusted == "both plus" else balanced
    event = build.teams_event([[[table, 420], [100, 120]]])
    scored = aggregate(event, vp=vp)
    (match,) = scored.matches
    told = [n.message for n in scored.warnings if "do not balance" in n.message]
    if vp == "none" and match.opponent_view is not None:
        (home_gained, home_lost), (away_gained, away_lost) = (
            match.imps_of(match.team),
            match.imps_of(match.opponent),
        )
        assert told == [
            f"match {match.team} v {match.opponent}: the artificial IMPs of board 1 do not "
            f"balance, so the teams see the match differently (team {match.team} "
            f"{home_gained}–{home_lost} and team {match.opponent} {away_gained}–{away_lost}, "
            "each from its own side); a USEBIO MATCH holds the first"
        ]
    else:
        assert told == []
    assert (match.opponent_view is not None) == (adjusted == "both plus")


HOME_NS = [True, True, False, False]  # teams_event's four tables
BOTH_MINUS = Adjusted("A4040", AdjustedKind.AVERAGE_MINUS, AdjustedKind.AVERAGE_MINUS)
# Every adjusted code (A6040, A4060, A5050, A6060 and A4040), NP and real scores.
MATCH_TABLE = st.one_of(build.specs(), st.just(BOTH_MINUS))


@settings(max_examples=80)
@given(
    st.lists(st.lists(MATCH_TABLE, min_size=4, max_size=4), min_size=1, max_size=6),
    st.sampled_from(["wbf", "none"]),
    st.booleans(),
)
def test_imps_for_less_against_is_the_margin(
    boards: list[list[build.Spec]], vp: str, factor: bool
) -> None:
    """Adjusted boards (balanced or not) and boards not played mixed in, with
    and without --factor: each team's IMPs gained and lost are the
    reference's, from its own side, and gained less lost is the margin its
    VPs (or its total, with --vp none) come from, in the model and in JSON."""
    nets = [n for specs in boards if (n := reference.aggregate_board(specs, HOME_NS)) is not None]
    assume(nets)
    scored = aggregate(build.teams_event([boards]), vp=vp, factor=factor)
    (match,) = scored.matches
    rate = Fraction(len(boards), len(nets)) if factor else Fraction(1)
    views = {
        "1": reference.gained_and_lost([home for home, _ in nets], rate),
        "2": reference.gained_and_lost([away for _, away in nets], rate),
    }
    margins = {team: gained - lost for team, (gained, lost) in views.items()}
    assert {team: match.imps_of(team) for team in views} == views
    totals = {s.participant.id: s.total for s in scored.standings}
    if vp == "wbf":
        assert (match.vp, match.opponent_vp) == tuple(
            wbf_vps(margins[team], len(boards))[0] for team in ("1", "2")
        )
    else:
        assert totals == margins
    out = json.loads(report_json.dumps(scored))
    shown = {p["id"]: p["imps_for"] - p["imps_against"] for p in out["participants"]}
    assert shown == pytest.approx({team: float(m) for team, m in margins.items()})
    (written,) = out["matches"]
    away = written["opponent_view"]
    assert written["imps"] - written["opponent_imps"] == pytest.approx(float(margins["1"]))
    assert away["imps"] - away["opponent_imps"] == pytest.approx(float(margins["2"]))


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


def test_sample_match_imps(shared_samples: Path) -> None:
    """Every MATCH/BOARD/IMPS TeamsScorer wrote (teams of four, 40 matches)."""
    from lxml import etree

    path = shared_samples / "usebio" / "payload_multiple-teams.xml"
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


# -- a board not every table played -------------------------------------------------


def _without_line(event: Event, match_at: int, board_at: int, table: int) -> Event:
    """``event`` with one traveller line of one match board deleted."""
    import attrs

    session = event.sessions[0]
    matches = list(session.matches)
    boards = list(matches[match_at].boards)
    results = boards[board_at].results
    boards[board_at] = attrs.evolve(
        boards[board_at], results=results[:table] + results[table + 1 :]
    )
    matches[match_at] = attrs.evolve(matches[match_at], boards=tuple(boards))
    return attrs.evolve(event, sessions=(attrs.evolve(session, matches=tuple(matches)),))


@settings(max_examples=60)
@given(
    st.integers(1, 2).flatmap(
        lambda half: st.lists(
            st.lists(build.specs(real_only=True), min_size=2 * half, max_size=2 * half),
            min_size=1,
            max_size=5,
        )
    ),
    st.data(),
)
def test_a_missing_line_is_a_table_not_played(
    boards: list[list[build.Spec]], data: st.DataObject
) -> None:
    """Deleting a table's line from a match board scores exactly as that
    table's NP would: the board is left out of the match (teams of four and eight)."""
    board_at = data.draw(st.integers(0, len(boards) - 1))
    table = data.draw(st.integers(0, len(boards[board_at]) - 1))
    missing = _without_line(build.teams_event([boards]), 0, board_at, table)
    not_played = [list(specs) for specs in boards]
    not_played[board_at][table] = None
    if len(boards) == 1:  # the only board gone: nobody scored, refused either way
        for event in (missing, build.teams_event([not_played])):
            with pytest.raises(ScoringError, match="scored no participant"):
                aggregate(event)
        return
    for vp in ("wbf", "none"):
        scored = aggregate(missing, vp=vp)
        assert scored.matches == aggregate(build.teams_event([not_played]), vp=vp).matches
        assert board_at + 1 not in [b.number for b in scored.matches[0].boards]
        assert any(
            f"board {board_at + 1} of 1 v 2 was played at" in n.message for n in scored.warnings
        )


def test_fixture_with_a_deleted_traveller_line(capsys: pytest.CaptureFixture[str]) -> None:
    """teams-of-four.xml with board 2's second table deleted: board 2 is left
    out of the match (it gave HOLLIES 4 IMPs against nothing) and a warning
    names it."""
    path = FIXTURES / "usebio" / "teams-of-four-missing-line.xml"
    assert main(["score", str(path), "--to", "json"]) == 0
    captured = capsys.readouterr()
    (match,) = json.loads(captured.out)["matches"]
    assert match["boards"] == [{"board": 1, "imps": 0, "opponent_imps": 0}]
    assert (match["imps"], match["opponent_imps"]) == (0, 0)
    assert (match["vp"], match["opponent_vp"]) == (10, 10)
    assert (
        f"{path}:107: warning: board 2 of HOLLIES v 2 was played at one table; "
        "left out of the match"
    ) in captured.err.splitlines()


def test_a_match_with_no_board_played_has_no_vps() -> None:
    """A bye (every board not played): no VPs, nothing added to either team,
    and a warning; never a 10-10 draw."""
    event = build.teams_event([[[420, -420]], [[None, None]]])
    scored = aggregate(event)
    played, bye = scored.matches
    assert played.vp is not None and bye.vp is None and bye.opponent_vp is None
    totals = {s.participant.id: (s.total, s.boards) for s in scored.standings}
    assert totals["3"] == totals["4"] == (0, 0)
    assert [n.message for n in scored.warnings] == [
        "match 3 v 4: no board was played; no VPs for either team",
        "did not play (no board scored), not ranked: team 3, team 4",
    ]


def test_realbridge_imps_agree_but_where_a_table_is_missing(
    shared_samples: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """RealBridge's qualifier, --vp none: every board of every match has the
    IMPs RealBridge wrote in [ScoreIMP] (both tables say the same), but board
    20 of TURKEY v SWITZERLAND, which one table alone played: it is left out
    with a warning (it gave TURKEY 12 IMPs against nothing)."""
    import re
    from collections import defaultdict

    path = shared_samples / "pbn" / "realbridge_2021_online_qual_open_r2.pbn"
    written: dict[tuple[str, str, int], set[int]] = defaultdict(set)
    for game in path.read_text("utf-8").split("\n\n"):
        tags = dict(re.findall(r'^\[(\w+) "([^"]*)"\]', game, re.M))
        found = re.fullmatch(r"NS (-?\d+) EW (-?\d+)", tags.get("ScoreIMP", ""))
        if found:
            home, visit, board = tags["HomeTeam"], tags["VisitTeam"], int(tags["Board"])
            written[home, visit, board].add(int(found[1]))
            written[visit, home, board].add(int(found[2]))
    assert main(["score", str(path), "-m", "aggregate", "--vp", "none", "--to", "json"]) == 0
    captured = capsys.readouterr()
    matches = json.loads(captured.out)["matches"]
    compared = 0
    for match in matches:
        for board in match["boards"]:
            assert written[match["team"], match["opponent"], board["board"]] == {board["imps"]}
            compared += 1
    assert compared == 139  # 14 matches of 10 boards, less board 20 of TURKEY v SWITZERLAND
    turkey = next(m for m in matches if m["team"] == "TURKEY")
    assert 20 not in [b["board"] for b in turkey["boards"]]
    assert (
        f"{path}:16936: warning: board 20 of TURKEY v SWITZERLAND was played at one table; "
        "left out of the match"
    ) in captured.err.splitlines()
    assert f"{path}:1740: warning: match WALES v ITALY: no board was played; no IMPs" in (
        captured.err.splitlines()
    )


class _CountedTeams(tuple[Participant, ...]):
    """A session's teams that count how often they are walked."""

    walks = 0

    def __iter__(self) -> Iterator[Participant]:
        type(self).walks += 1
        return super().__iter__()


def _walks_of_teams_to_score(matches: int) -> int:
    event = build.teams_event([[[420, -420]]] * matches)
    (session,) = event.sessions
    counted = attrs.evolve(session, teams=_CountedTeams(session.teams))
    _CountedTeams.walks = 0
    aggregate(attrs.evolve(event, sessions=(counted,)))
    return _CountedTeams.walks


def test_team_names_are_looked_up_once_per_session_not_per_match() -> None:
    """Scoring walks a session's teams as often at 80 matches as at 10: a
    team's name is a lookup by id, not a scan of every team per match
    (which made aggregate quadratic in the number of teams)."""
    assert _walks_of_teams_to_score(80) == _walks_of_teams_to_score(10)
