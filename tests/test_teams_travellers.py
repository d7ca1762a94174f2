"""Teams travellers say what teams players look for: the players at each
table, the board's IMPs for the match beside the two rooms' scores, the
tables in order, and a match not played said once."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import attrs

import pbnscore
import report_events as events
from pbnscore.model import ScoredMatch
from pbnscore.report import _view
from pbnscore.report._assembly import build

FOUR = events.FIXTURES / "usebio" / "teams-of-four.xml"


def travellers(report: _view.Report) -> list[_view.Table]:
    return [board.traveller for board in report.boards]


def cell(table: _view.Table, row: tuple[str, ...], title: str) -> str:
    return row[[column.title for column in table.columns].index(title)]


def test_each_match_board_shows_its_imps_beside_the_scores() -> None:
    """Every board of a match shows its IMPs for the match, once, on the
    traveller of its two rooms: the figures the match's board-by-board IMPs hold."""
    scored = pbnscore.score(pbnscore.load(FOUR), "aggregate")
    shown = []
    for table in travellers(build(scored)):
        figures = [cell(table, row, "Match IMPs") for row in table.rows]
        assert len(table.rows) == 2 and figures[1] == ""  # the two rooms, said once
        shown.append(Fraction(figures[0].rpartition("+")[2]))
    expected = [abs(Fraction(board.imps)) for match in scored.matches for board in match.boards]
    assert expected and sorted(shown) == sorted(expected)


def test_each_table_names_its_players() -> None:
    """Where the file names the players, each row shows both pairs' names."""
    scored = pbnscore.score(pbnscore.load(FOUR), "aggregate")
    names = {
        member.id: [player.name for player in member.players]
        for team in scored.event.participants()
        for member in team.members
    }
    rows = [(table, row) for table in travellers(build(scored)) for row in table.rows]
    assert rows
    for table, row in rows:
        for side in ("NS", "EW"):
            players = cell(table, row, f"{side} players")
            assert players and players.split(" & ") == names[cell(table, row, side)]


def test_tables_are_listed_in_order(shared_samples: Path) -> None:
    """RealBridge lists a match's closed room (table 11) before its open
    room (table 7): the traveller lists table 7 first."""
    sample = shared_samples / "pbn" / "realbridge_2021_online_qual_open_r2.pbn"
    scored = pbnscore.score(pbnscore.load(sample), "aggregate")
    orders = [
        [int(cell(t, row, "Room").removeprefix("table ")) for row in t.rows]
        for t in travellers(build(scored))
    ]
    assert orders and any(len(order) > 1 for order in orders)
    assert all(order == sorted(order) for order in orders)


def test_a_match_not_played_is_said_once() -> None:
    """A match without a board played: "not played" once in its row, not
    in each of its four figures."""
    scored = events.aggregate_teams()
    first = scored.matches[0]
    unplayed = ScoredMatch(
        session=first.session,
        round=None,
        team=first.team,
        opponent=first.opponent,
        boards=(),
        imps=0,
        opponent_imps=0,
        vp=None,
        opponent_vp=None,
    )
    report = build(attrs.evolve(scored, matches=(*scored.matches, unplayed)))
    listing = report.matches[0]
    rows = [row for row in listing.rows if "not played" in row]
    assert len(rows) == 1
    assert rows[0].count("not played") == 1


def test_each_row_names_its_room() -> None:
    """A PBN teams file's Room tags name the rows (Open, Closed), as the
    file spells them; a file without rooms names the table ("table 2")."""
    pbn = events.FIXTURES / "pbn" / "teams-of-four.pbn"
    rooms_in_file = {
        line.split('"')[1] for line in pbn.read_text().splitlines() if line.startswith("[Room ")
    }
    scored = pbnscore.score(pbnscore.load(pbn), "aggregate")
    shown = {cell(table, row, "Room") for table in travellers(build(scored)) for row in table.rows}
    assert rooms_in_file and shown == rooms_in_file
    eight = events.FIXTURES / "pbn" / "teams-of-eight-three-matches.pbn"
    scored = pbnscore.score(pbnscore.load(eight), "barking")
    for table in travellers(build(scored)):
        assert "Table" not in [column.title for column in table.columns]
        for row in table.rows:
            assert cell(table, row, "Room").removeprefix("table ").isdecimal()


def test_matches_are_listed_by_round_then_table(shared_samples: Path) -> None:
    """RealBridge lists its matches in no table order: the match list goes
    by the lowest table each match played at."""
    sample = shared_samples / "pbn" / "realbridge_2021_online_qual_open_r2.pbn"
    scored = pbnscore.score(pbnscore.load(sample), "aggregate")
    lowest = {
        frozenset((match.team, match.opponent)): min(
            int(result.table) for board in match.boards for result in board.results
        )
        for session in scored.event.sessions
        for match in session.matches
    }
    in_file = list(lowest.values())
    assert len(in_file) > 2 and in_file != sorted(in_file)  # the file's own order is not it
    listing = build(scored).matches[0]
    shown = [
        lowest[frozenset((cell(listing, row, "Team"), cell(listing, row, "Opponent")))]
        for row in listing.rows
    ]
    assert shown == sorted(in_file)
