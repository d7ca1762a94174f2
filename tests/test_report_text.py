"""The text report: what it shows, how numbers look, and its layout."""

from __future__ import annotations

import re
from fractions import Fraction as F
from typing import Any

import attrs
import pytest

import report_events as events
from pbnscore.model import BoardImps, Player
from pbnscore.report import _view, text

ALL = pytest.mark.parametrize("make", events.EVERY.values(), ids=events.EVERY.keys())


def block(report: str, title: str) -> list[str]:
    """The lines of the table titled ``title``: title, head, rule, rows."""
    lines = report.splitlines()
    start = next(
        i for i, line in enumerate(lines) if line == title or line.startswith(title + "   ")
    )
    end = lines.index("", start) if "" in lines[start:] else len(lines)
    return lines[start:end]


def cells(line: str) -> list[str]:
    return re.split(r"\s{2,}", line.strip())


@pytest.mark.parametrize(
    ("value", "shown"),
    [
        (F(1, 2), "0.50"),
        (F(-11, 2), "-5.50"),
        (F(1, 8), "0.13"),  # exact halves of a hundredth round away from zero
        (F(-1, 8), "-0.13"),
        (F(-1, 1000), "0.00"),  # no "-0.00"
        (F(2, 3), "0.67"),
        (12, "12.00"),
        (None, ""),
    ],
    ids=["half", "negative", "up", "down", "negative-zero", "third", "int", "none"],
)
def test_points_have_two_decimals(value: F | int | None, shown: str) -> None:
    assert _view.points(value) == shown


@ALL
def test_every_line_within_width(make: Any) -> None:
    """No line is longer than 100 characters, and the report ends with a newline."""
    report = text.render(make())
    assert report.endswith("\n")
    assert max(len(line) for line in report.splitlines()) <= text.WIDTH


def test_header() -> None:
    """Title, date and club first, then the ranking; how it was scored
    (in words, then the method's exact options and the source file) last."""
    report = text.render(events.butler_pairs())
    lines = report.splitlines()
    assert lines[0] == "Monday Butler"
    assert lines[1] == "=" * len("Monday Butler")
    assert lines[2] == "Date: 2026-03-09   Club: Little Snoring BC"
    assert lines[4:6] == ["Ranking", "-------"]
    assert "Method" not in report and "Source" not in " ".join(lines[:8])
    how = " ".join(report[report.index("How it was scored") :].split())
    assert how.startswith("How it was scored ----------------- Butler: on each board")
    assert "Options: butler (datum zero-sum" in how
    for shown in ("halve yes", "double no", "imp-gaps lower", "Source: club-2026-03-09.xml"):
        assert shown in how


def test_standings_rows() -> None:
    """Rank (with = for a tie), pair, names, total, boards and average."""
    report = text.render(events.butler_pairs())
    ew = block(report, "Pairs · Section A · EW")
    assert cells(ew[1]) == ["Rank", "Pair", "Names", "Total", "Boards", "Average"]
    assert cells(ew[3]) == ["1=", "2", "Eve Ellis & Frank Ford", "2.00", "2", "1.00"]
    assert cells(ew[4]) == ["1=", "3", "Gina Gale & Hal Hunt", "2.00", "2", "1.00"]
    assert cells(ew[5]) == ["3", "1", "Carol Cox & Dan Dyer", "-0.50", "1", "-0.50"]


def test_numbers_are_right_aligned() -> None:
    """Every Total ends in the same column as its heading."""
    table = block(text.render(events.butler_pairs()), "Pairs · Section A · NS")
    head = table[1]
    end = head.index("Total") + len("Total")
    rows = [line for line in table[3:] if line[:1].strip()]  # not a name's further lines
    assert [line[end - 5 : end] for line in rows] == [" 4.00", "-2.50", "-5.00"]


def test_long_names_wrap_and_are_never_cut() -> None:
    """A name too long for the line wraps onto further lines of its row,
    between words, the row's figures on its first line; nothing is cut."""
    report = text.render(events.butler_pairs())
    assert "…" not in report
    table = block(report, "Pairs · Section A · NS")
    at = next(i for i, line in enumerate(table) if line.startswith("3 "))
    assert table[at].rstrip().endswith("-5.00")
    further = [line for line in table[at + 1 :] if not line[:1].strip()]
    assert further
    start = table[1].index("Names")
    name = " ".join(line[start:].split("  ")[0].strip() for line in (table[at], *further))
    assert events.LONG in name
    assert max(len(line) for line in report.splitlines()) <= text.WIDTH


def test_a_huge_name_still_fits() -> None:
    """Even a 300-character name keeps every line within the width, all of it shown."""
    scored = events.cross_imps_howell()
    standing = scored.standings[0]
    giant = attrs.evolve(standing.participant, players=(Player("X" * 300), Player("Y")))
    scored = attrs.evolve(scored, standings=(attrs.evolve(standing, participant=giant),))
    report = text.render(scored)
    assert max(len(line) for line in report.splitlines()) <= text.WIDTH
    ranking = report[: report.index("Boards\n")]
    assert ranking.count("X") == 300
    assert "…" not in report


def test_control_characters_do_not_break_lines() -> None:
    """A newline or tab inside a name is shown as a space."""
    scored = events.cross_imps_howell()
    standing = scored.standings[0]
    odd = attrs.evolve(standing.participant, players=(Player("Ann\nLee"), Player("Bo\tKay")))
    scored = attrs.evolve(scored, standings=(attrs.evolve(standing, participant=odd),))
    row = block(text.render(scored), "Pairs")[3]
    assert "Ann Lee & Bo Kay" in row


def test_travellers() -> None:
    """Each board: datum as an integer, the contract as written, NS score,
    the adjustment code, "not played", and points with two decimals."""
    report = text.render(events.butler_pairs())
    board1 = block(report, "Board 1 · Section A")
    assert board1[1:3] == [
        "Dealer N   Vul None   Datum 400: zero-sum par of 3 scores "
        "(no par makes their IMPs add up to 0; the",
        "  closest sums to -10)",
    ]
    assert cells(board1[3]) == ["NS", "EW", "Contract", "By", "Tricks", "Score", "NS pts", "EW pts"]
    assert cells(board1[6]) == ["2", "2", "4Hx", "N", "9", "-100", "-5.50", "5.50"]
    assert cells(board1[7]) == ["3", "3", "PASS", "0", "-5.00", "5.00"]
    board2 = block(report, "Board 2 · Section A")
    assert "Datum -420" in board2[1]
    assert cells(board2[6]) == ["2", "3", "A6040", "3.00", "-3.00"]
    assert cells(board2[7]) == ["3", "1", "not played"]


def test_no_datum_no_datum_line() -> None:
    """Cross-IMPs have no datum: the board title says nothing of one."""
    board = block(text.render(events.cross_imps_howell()), "Board 1")
    assert board[:2] == ["Board 1", "Dealer N   Vul None"]
    assert "Datum" not in text.render(events.cross_imps_howell())


def test_howell_has_no_direction_column() -> None:
    table = block(text.render(events.cross_imps_howell()), "Pairs")
    assert cells(table[1]) == ["Rank", "Pair", "Names", "Total", "Boards", "Average"]
    assert cells(table[3])[:2] == ["1=", "1"]


def test_barking_ranks_every_pair_first() -> None:
    """Barking: one ranking of every pair with its team, best first, then the teams."""
    report = text.render(events.barking_eight())
    pairs = block(report, "Pairs")
    assert cells(pairs[1]) == ["Rank", "Pair", "Team", "Names", "Total", "Boards", "Average"]
    assert [cells(line)[:2] for line in pairs[3:]] == [
        ["1", "13"], ["2=", "11"], ["2=", "22"], ["4", "12"],
        ["5", "24"], ["6=", "14"], ["6=", "23"], ["8", "21"],
    ]  # fmt: skip
    assert cells(pairs[5]) == ["2=", "22", "2 Blue", "Blue 2a & Blue 2b", "9", "1", "9"]
    teams = block(report, "Teams")
    assert [cells(line)[:3] for line in teams[3:]] == [["1", "1", "Red"], ["2", "2", "Blue"]]
    assert report.index("\nPairs\n") < report.index("\nTeams\n")


def test_aggregate_teams_and_matches() -> None:
    """Teams with their names and VP totals, then the matches with IMPs and
    VPs, then each match's IMPs board by board."""
    report = text.render(events.aggregate_teams())
    teams = block(report, "Teams")
    # IMPs for, against, difference, matches, VP, boards, VP per match.
    assert cells(teams[3]) == [
        "1", "1", "Aces", "8.00", "2.00", "6.00", "2", "26.97", "4", "13.49",
    ]  # fmt: skip
    matches = _matches_table(report)
    assert cells(matches[0]) == ["Round", "Team", "Opponent", "IMPs", "Opp IMPs", "VP", "Opp VP"]
    assert cells(matches[2]) == [
        "1",
        "1 Aces",
        "2 <b>Bold</b> & Co",
        "5.00",
        "2",
        "14.66",
        "5.34",
    ]
    assert cells(matches[4])[-4:] == ["6.50", "0", "15.82", "4.18"]
    detail = block(report, "2 <b>Bold</b> & Co v 3 Ünïcode · Round 3")
    assert cells(detail[1]) == ["Board", "1", "2"]
    assert cells(detail[3]) == ["IMPs to 2", "5.50", "1.00"]


def test_a_long_match_breaks_into_blocks_of_boards() -> None:
    """A 32-board match's IMPs come in blocks that fit the width, every
    board once, each block led by its row label."""
    scored = events.aggregate_teams()
    long = attrs.evolve(
        scored.matches[0], boards=tuple(BoardImps(n, F(-7 * n, 2)) for n in range(1, 33))
    )
    report = text.render(attrs.evolve(scored, matches=(long,)))
    lines = block(report, "1 Aces v 2 <b>Bold</b> & Co · Round 1")[1:]
    assert max(len(line) for line in lines) <= text.WIDTH
    heads = [cells(line) for line in lines if line.startswith("Board")]
    rows = [cells(line) for line in lines if line.startswith("IMPs to 1")]
    assert len(heads) == len(rows) > 1
    assert [n for head in heads for n in head[1:]] == [str(n) for n in range(1, 33)]
    shown = [imps for row in rows for imps in row[1:]]
    assert shown == [_view.points(F(-7 * n, 2)) for n in range(1, 33)]
    assert shown[-1] == "-112.00"


def _matches_table(report: str) -> list[str]:
    lines = report.splitlines()
    start = lines.index("Matches") + 3  # heading, rule, blank line
    return lines[start : lines.index("", start)]


def test_vp_columns_left_out_without_vps() -> None:
    """With --vp none there are no VP columns."""
    scored = events.aggregate_teams()
    no_vp = tuple(attrs.evolve(m, vp=None, opponent_vp=None) for m in scored.matches)
    table = _matches_table(text.render(attrs.evolve(scored, matches=no_vp)))
    assert cells(table[0]) == ["Round", "Team", "Opponent", "IMPs", "Opp IMPs"]


def test_deterministic() -> None:
    assert text.render(events.aggregate_teams()) == text.render(events.aggregate_teams())


def test_each_matchs_boards_named_by_its_teams() -> None:
    """Two matches playing board 1 give two travellers, each titled with
    the teams at its tables; aggregate's IMPs are per match, so the
    travellers have no points columns."""
    report = text.render(events.REAL["aggregate-eight"]())
    oaks = block(report, "Board 1 · 1 Oaks v 2 Elms")
    ashes = block(report, "Board 1 · 3 Ashes v 4 Yews")
    assert (
        cells(oaks[2])
        == cells(ashes[2])
        == ["NS", "EW", "NS players", "EW players", "Score", "Match IMPs"]
    )
    assert len(oaks) == len(ashes) == 4 + 4  # four tables each
    assert "Board 1\n" not in report


def test_real_butler_fixture_shows_its_datums() -> None:
    """A scored fixture shows each board's datum and every pair's total."""
    scored = events.REAL["butler-a6040"]()
    report = text.render(scored)
    assert scored.boards and scored.standings
    for board in scored.boards:
        assert f"Datum {board.datum}" in report
    for standing in scored.standings:
        assert any(f"  {shown}  " in report for shown in events.scorer_forms(standing.total))


def test_numbers_are_never_cut_to_fit() -> None:
    """A table too wide even with its text columns narrowed keeps every number
    whole (a cut "-12.50" would read as another figure); text gives way,
    wrapping between words."""
    columns = (
        _view.Column("Name", flexible=True),
        _view.Column("Note"),
        *(_view.Column(f"B{i}", numeric=True) for i in range(12)),
    )
    row = ("A very long pair name indeed", "a long remark", *(["-1234.50"] * 12))
    table = _view.Table("standings", None, columns, (row,))
    lines = list(text._grid_lines(table))
    first = next(i for i, line in enumerate(lines) if line.startswith("A "))
    assert lines[first].split()[-12:] == ["-1234.50"] * 12
    assert len(lines) > first + 1  # the text columns gave way: they wrap
    assert "…" not in "".join(lines)


def test_a_hand_record_is_its_deals() -> None:
    """A file of deals and no results: the title, then each board's deal;
    no ranking, no traveller's table, no word of a method."""
    import pbnscore

    scored = pbnscore.score(pbnscore.load(events.FIXTURES / "pbn" / "hand-record.pbn"))
    report = text.render(scored)
    lines = report.splitlines()
    assert lines[:2] == ["Tuesday Hands", "============="]
    assert "Hand record" in lines
    boards = [line for line in lines if line.startswith("Board ")]
    assert boards == [f"Board {n}" for n in range(1, len(scored.boards) + 1)] and boards
    for word in ("Method", "Ranking", "Contract", "Score", "How it was scored", "Scorecards"):
        assert word not in report
    assert report.count("♠") == 4 * len(boards)
