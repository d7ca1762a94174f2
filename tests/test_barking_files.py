"""Barking from files: teams-of-eight events in USEBIO and PBN
(docs/tutorials/teams-of-eight.md).

Each fixture is scored through the command line, and the expected points are
worked out here from the file itself, read with lxml or a few regular
expressions rather than pbnscore's readers: who sat where, and each table's
NS score. One match of four tables must give Barker's formula

    IMP(A+B+C+D) + IMP(A-B+C-D) + IMP(A-B-C+D)

for pair A, with A, B its own team's pairs sat one way and C, D the team's
pairs sat the other way, each letter that pair's team-signed score. Three
matches (twelve tables on the same boards) give each pair 495 terms a board,
enumerated here with itertools.
"""

from __future__ import annotations

import itertools
import json
import math
import re
from fractions import Fraction
from pathlib import Path
from typing import Any, NamedTuple

import pytest
from lxml import etree

import pbnscore
from pbnscore.cli import main
from pbnscore.imps import imps
from pbnscore.strategies.barking import TEAMS_OF_FOUR

FIXTURES = Path(__file__).parent.parent / "fixtures"

ONE_MATCH = [
    pytest.param("usebio/teams-of-eight-one-match.xml", id="usebio-one"),
    pytest.param("pbn/teams-of-eight-one-match.pbn", id="pbn-one"),
]
THREE_MATCHES = [
    pytest.param("usebio/teams-of-eight-three-matches.xml", id="usebio-three"),
    pytest.param("pbn/teams-of-eight-three-matches.pbn", id="pbn-three"),
]
ALL = [
    *(pytest.param(*p.values, 1, id=p.id) for p in ONE_MATCH),
    *(pytest.param(*p.values, 3, id=p.id) for p in THREE_MATCHES),
]

Pair = frozenset[str]  # a pair is its two players' names


class Table(NamedTuple):
    """One table's result on one board, as the file says it."""

    match: tuple[str, str]  # (home team, visiting team), by name
    board: int
    ns: Pair
    ew: Pair
    ns_team: str
    ew_team: str
    score: int  # NS


# -- the files, read without pbnscore --------------------------------------------


def tables_of(path: Path) -> list[Table]:
    found = usebio_tables(path) if path.suffix == ".xml" else pbn_tables(path)
    assert found
    return found


def usebio_tables(path: Path) -> list[Table]:
    """USEBIO teams: TRAVELLER_LINE/DIRECTION is where the MATCH's TEAM sat."""
    root = etree.parse(str(path), pbnscore.usebio.PARSER).getroot()
    team_names: dict[str, str] = {}
    players: dict[str, Pair] = {}
    for team in root.iter("TEAM"):
        if team.get("TEAM_ID") is None:  # a MATCH's <TEAM>1</TEAM>
            continue
        team_names[team.get("TEAM_ID", "")] = team.get("TEAM_NAME", "")
        for pair in team.iterchildren("PAIR"):
            names = frozenset(p.findtext("PLAYER_NAME", "") for p in pair.iterchildren("PLAYER"))
            players[pair.findtext("PAIR_NUMBER", "")] = names
    found = []
    for match in root.iter("MATCH"):
        home = team_names[match.findtext("TEAM", "")]
        visit = team_names[match.findtext("OPPOSING_TEAM", "")]
        for board in match.iterchildren("BOARD"):
            for line in board.iterchildren("TRAVELLER_LINE"):
                home_ns = line.findtext("DIRECTION") == "NS"
                found.append(
                    Table(
                        (home, visit),
                        int(board.findtext("BOARD_NUMBER", "")),
                        players[line.findtext("NS_PAIR_NUMBER", "")],
                        players[line.findtext("EW_PAIR_NUMBER", "")],
                        home if home_ns else visit,
                        visit if home_ns else home,
                        int(line.findtext("SCORE", "")),
                    )
                )
    return found


TAG_RE = re.compile(r'^\[(\w+) "([^"]*)"\]$', re.MULTILINE)
SCORE_RE = re.compile(r"NS (-?\d+)")


def pbn_tables(path: Path) -> list[Table]:
    """One game per table; the HomeTeam sits NS at odd tables and EW at even
    ones (the fixtures' own header says so)."""
    found = []
    for game in re.split(r"\n\s*\n", path.read_text(encoding="utf-8")):
        tags = dict(TAG_RE.findall(game))
        if "Board" not in tags:
            continue
        home, visit = tags["HomeTeam"], tags["VisitTeam"]
        home_ns = int(tags["Table"]) % 2 == 1
        score = SCORE_RE.fullmatch(tags["Score"])
        assert score is not None, tags["Score"]
        ns_team, ew_team = (home, visit) if home_ns else (visit, home)
        ns = frozenset((tags["North"], tags["South"]))
        ew = frozenset((tags["West"], tags["East"]))
        # The fixtures name players after their teams: a check on the seating.
        assert all(name.startswith(ns_team + " ") for name in ns), tags
        assert all(name.startswith(ew_team + " ") for name in ew), tags
        found.append(
            Table((home, visit), int(tags["Board"]), ns, ew, ns_team, ew_team, int(score[1]))
        )
    return found


def by_board(tables: list[Table]) -> dict[int, list[Table]]:
    boards: dict[int, list[Table]] = {}
    for table in tables:
        boards.setdefault(table.board, []).append(table)
    return boards


def signed(table: Table, pair: Pair) -> int:
    """The pair's own score at its table: NS's score, or minus it for EW."""
    return table.score if pair == table.ns else -table.score


def seat_of(tables: list[Table], pair: Pair) -> Table:
    (table,) = [t for t in tables if pair in (t.ns, t.ew)]
    return table


def team_of(table: Table, pair: Pair) -> str:
    return table.ns_team if pair == table.ns else table.ew_team


# -- what pbnscore says ------------------------------------------------------------


def barking_json(path: Path, capsys: pytest.CaptureFixture[str]) -> dict[str, Any]:
    assert main(["score", str(path), "-m", "barking", "--to", "json"]) == 0
    captured = capsys.readouterr()
    assert captured.err == ""
    document: dict[str, Any] = json.loads(captured.out)
    return document


def pair_rows(document: dict[str, Any]) -> dict[Pair, dict[str, Any]]:
    rows = {frozenset(p["names"]): p for p in document["participants"] if p["kind"] == "pair"}
    assert len(rows) == sum(p["kind"] == "pair" for p in document["participants"])
    return rows


# -- the tests ---------------------------------------------------------------------


@pytest.mark.parametrize(("name", "matches"), ALL)
def test_pairs_of_each_team(name: str, matches: int, capsys: pytest.CaptureFixture[str]) -> None:
    """Participants are the teams and, of kind ``pair`` with ``team`` set, the
    eight pairs of each match, four to a team, each with every board played."""
    path = FIXTURES / name
    tables = tables_of(path)
    document = barking_json(path, capsys)
    assert document["method"]["name"] == "barking"
    teams = [p for p in document["participants"] if p["kind"] == "team"]
    pairs = pair_rows(document)
    assert len(teams) == 2 * matches
    assert len(pairs) == 8 * matches
    assert len({t.match for t in tables}) == matches
    boards = len(by_board(tables))
    team_of_id: dict[str, set[str]] = {}
    for names, row in pairs.items():
        assert row["team"] is not None
        assert row["boards"] == boards
        seats = [t for t in tables if names in (t.ns, t.ew)]
        assert len(seats) == boards  # the pair the file has, once a board
        team_of_id.setdefault(row["team"], set()).add(team_of(seats[0], names))
    # Each team id of the JSON is one team of the file, with four pairs.
    assert all(len(found) == 1 for found in team_of_id.values())
    assert sorted(team_of_id) == sorted(t["id"] for t in teams)
    per_team = [row["team"] for row in pairs.values()]
    assert all(per_team.count(team) == 4 for team in per_team)


def formula(tables: list[Table], pair: Pair) -> int:
    """Barker's formula for ``pair`` on one board of one match of four tables."""
    own = seat_of(tables, pair)
    team, sat_ns = team_of(own, pair), pair == own.ns
    a = signed(own, pair)
    # The team's other three pairs, at the other three tables of the match.
    mates = [(t, t.ns if t.ns_team == team else t.ew) for t in tables if t is not own]
    (b,) = [signed(t, mate) for t, mate in mates if (mate == t.ns) == sat_ns]
    c, d = [signed(t, mate) for t, mate in mates if (mate == t.ns) != sat_ns]
    return imps(a + b + c + d) + imps(a - b + c - d) + imps(a - b - c + d)


@pytest.mark.parametrize("name", ONE_MATCH)
def test_one_match_is_barkers_formula(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    """One match: each pair's total is Barker's formula summed over the boards,
    the four pairs of a team add up to 4 × the team's aggregate IMPs, and the
    team's match IMPs (for less against) are those aggregate IMPs."""
    path = FIXTURES / name
    boards = by_board(tables_of(path))
    assert all(len(tables) == 4 for tables in boards.values())
    document = barking_json(path, capsys)
    pairs = pair_rows(document)
    for names, row in pairs.items():
        assert row["total"] == sum(formula(tables, names) for tables in boards.values()), row
    first_board = boards[min(boards)]
    for team in (p for p in document["participants"] if p["kind"] == "team"):
        members = [names for names, row in pairs.items() if row["team"] == team["id"]]
        in_file = team_of(seat_of(first_board, members[0]), members[0])
        aggregate = sum(
            imps(sum(signed(t, t.ns if t.ns_team == in_file else t.ew) for t in tables))
            for tables in boards.values()
        )
        assert sum(pairs[m]["total"] for m in members) == 4 * aggregate
        assert team["imps_for"] - team["imps_against"] == aggregate


def enumerated(tables: list[Table], pair: Pair) -> list[int]:
    """Every term for ``pair`` on one board, from its definition: each other
    table b and unordered pair {k, l} of further tables, IMP(s_a + s_b - s_k
    - s_l) from NS's side, negated for an EW pair."""
    a = tables.index(seat_of(tables, pair))
    sign = 1 if tables[a].ns == pair else -1
    scores = [t.score for t in tables]
    terms = []
    for b in range(len(tables)):
        if b == a:
            continue
        others = [i for i in range(len(tables)) if i not in (a, b)]
        for k, m in itertools.combinations(others, 2):
            terms.append(sign * imps(scores[a] + scores[b] - scores[k] - scores[m]))
    return terms


@pytest.mark.parametrize("name", THREE_MATCHES)
def test_three_matches_enumerated(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    """Three matches on the same boards: one field of twelve tables, 495 terms
    a board for every pair; with ``--normalise match`` a board scores the
    terms' sum × 3 / 495."""
    path = FIXTURES / name
    boards = by_board(tables_of(path))
    assert all(len(tables) == 12 for tables in boards.values())
    pairs = pair_rows(barking_json(path, capsys))
    for names, row in pairs.items():
        total = Fraction(0)
        for tables in boards.values():
            terms = enumerated(tables, names)
            assert len(terms) == 495 == 11 * math.comb(10, 2)
            total += Fraction(sum(terms) * 3, 495)
        assert row["total"] == pytest.approx(float(total), abs=1e-9), row


@pytest.mark.parametrize(("name", "matches"), ALL)
def test_written_as_usebio(
    name: str, matches: int, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``-m barking -o out.xml``: PAIRWISE_SCORING_METHOD BARKING, each pair's
    PAIR_IMPS its JSON total to two decimals; the file reads back and scores
    the same."""
    path = FIXTURES / name
    totals = {row["id"]: row["total"] for row in pair_rows(barking_json(path, capsys)).values()}
    out = tmp_path / "out.xml"
    assert main(["score", str(path), "-m", "barking", "-o", str(out)]) == 0
    root = etree.parse(str(out), pbnscore.usebio.PARSER).getroot()
    assert root.findtext("EVENT/PAIRWISE_SCORING_METHOD") == "BARKING"
    written = {
        pair.findtext("PAIR_NUMBER"): pair.findtext("PAIR_IMPS")
        for pair in root.iterfind("EVENT/SESSION/PARTICIPANTS/TEAM/PAIR")
    }
    assert written.keys() == totals.keys()
    assert len(written) == 8 * matches
    for number, text in written.items():
        assert text is not None and re.fullmatch(r"-?\d+\.\d\d", text), (number, text)
        assert abs(Fraction(text) - Fraction(totals[number])) <= Fraction(1, 200), number

    again = {row["id"]: row["total"] for row in pair_rows(barking_json(out, capsys)).values()}
    assert again == totals
    assert pbnscore.load(out).source.format == "usebio"


# -- teams of four (docs/tutorials/teams-of-eight.md, section 4) --------------------


@pytest.mark.parametrize(
    "name",
    [
        pytest.param("usebio/teams-of-four-two-matches.xml", id="usebio-two-matches"),
        pytest.param("pbn/teams-of-four.pbn", id="pbn-two-matches"),
    ],
)
def test_teams_of_four_is_scored_with_a_note_of_what_the_terms_compare(
    name: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """Several teams-of-four matches on the same boards give four or more
    tables a board: barking scores them, and says once that its terms
    compare tables of different matches (a team of eight's own four tables
    are what it was made for)."""
    assert main(["score", str(FIXTURES / name), "-m", "barking", "--to", "json"]) == 0
    captured = capsys.readouterr()
    notes = [line for line in captured.err.splitlines() if "teams of four" in line]
    assert len(notes) == 1, captured.err
    # said whole (it was cut mid-word at the message limit) and unquoted
    assert notes[0].endswith(": warning: " + TEAMS_OF_FOUR), captured.err
    assert json.loads(captured.out)["participants"]


def test_one_teams_of_four_match_is_refused_with_the_reason(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """One match of two tables has no board of four tables: refused, exit
    1, one line saying why."""
    night = FIXTURES / "usebio" / "teams-of-four.xml"
    assert main(["score", str(night), "-m", "barking", "--to", "json"]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1
    assert "barking needs four tables on a board; no board here has more than 2" in err


def test_teams_of_eight_say_nothing_of_teams_of_four(capsys: pytest.CaptureFixture[str]) -> None:
    """A teams-of-eight match (four tables a match) gets no such note."""
    night = FIXTURES / "usebio" / "teams-of-eight-one-match.xml"
    assert main(["score", str(night), "-m", "barking", "--to", "json"]) == 0
    assert "teams of four" not in capsys.readouterr().err
