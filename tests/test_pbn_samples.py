"""Every real PBN file in ../shared/samples/pbn reads, and reads right.

The samples are read in place and never copied into the repository; the
tests skip where ../shared is absent (a fresh clone). Each is read once for
the module: the tests only look at what was read.
"""

from __future__ import annotations

import functools
import re
from collections import Counter
from collections.abc import Callable
from pathlib import Path

import pytest

from conftest import shared_sample_params
from pbnscore import pbn
from pbnscore.errors import PbnError
from pbnscore.model import (
    AdjustedKind,
    Direction,
    Event,
    EventKind,
    Outcome,
    Result,
    Seat,
    Vulnerability,
)

GOOD = shared_sample_params("pbn/*", exclude=("errors_20.pbn",))

Loader = Callable[[str], Event]


@pytest.fixture(scope="module")
def samples(shared_samples: Path) -> Path:
    return shared_samples / "pbn"


@pytest.fixture(scope="module")
def load(samples: Path) -> Loader:
    """A sample by name, read once for the module."""

    @functools.cache
    def loaded(name: str) -> Event:
        return pbn.load(samples / name)

    return loaded


def all_results(event: Event) -> list[Result]:
    session = event.sessions[0]
    found = [r for s in session.sections for b in s.boards for r in b.results]
    return found + [r for m in session.matches for b in m.boards for r in b.results]


def table_rows(path: Path) -> int:
    """ScoreTable rows counted straight from the text: the lines after a
    ScoreTable tag up to the next tag or the game's end (every sample writes
    one row per line)."""
    rows, inside = 0, False
    for line in path.read_text("latin-1").splitlines():
        if line.startswith("["):
            inside = line.startswith("[ScoreTable ")
        elif not line.strip() or line.startswith("%"):
            inside = False
        elif inside and not line.lstrip().startswith("{"):
            rows += 1
    return rows


def scored_games(path: Path) -> int:
    """Games that carry their own result: a Result or Score tag, or Contract Pass."""
    games = path.read_text("latin-1").split("\n\n")
    marks = re.compile(r'^\[(Result "[\dNE^]|Score "|Contract "Pass")', re.M)
    return sum(1 for game in games if marks.search(game) and "[ScoreTable " not in game)


@pytest.mark.parametrize("path", GOOD)
def test_every_sample_reads_strictly(load: Loader, path: Path) -> None:
    """Each sample loads with no error, and check finds no error in it."""
    event = load(path.name)
    assert event.source.format == "pbn"
    errors = [p for p in pbn.check(path.read_bytes(), source=path.name) if p.severity == "error"]
    assert errors == []


@pytest.mark.parametrize("path", GOOD)
def test_one_result_per_table_row_or_scored_game(load: Loader, path: Path) -> None:
    """A results file gives as many results as its ScoreTable rows, plus one
    for each game that carries its own result."""
    assert len(all_results(load(path.name))) == table_rows(path) + scored_games(path)


def test_errors_20_is_rejected_with_lines(samples: Path) -> None:
    """PbnJVeri's error file: loads raises at the first error with its line;
    check lists every error found, a line each. Its lexical faults are in
    ActionTables, which carry no result: warnings, each at its line."""
    data = (samples / "errors_20.pbn").read_bytes()
    with pytest.raises(PbnError) as raised:
        pbn.loads(data, source="errors_20.pbn")
    # game 17's "[": a tag pair never closed, which may be a result's
    assert str(raised.value) == "errors_20.pbn:117: tag pair not closed before the end of the game"
    problems = pbn.check(data, source="errors_20.pbn")
    error_lines = sorted({p.line for p in problems if p.severity == "error"})
    # games 12-14 bad headers, 16-20 rows cut short by forbidden characters
    # (17's "[" a tag pair never closed), 21 a short row
    assert error_lines == [97, 100, 103, 113, 117, 121, 125, 143]
    warning_lines = sorted({p.line for p in problems if p.severity == "warning"})
    # games 12-13 strings not closed, 16 and 18 forbidden characters, game 15
    # comment after an element, game 19's "{" swallowing game 20, game 22's
    # "-Percentage" on descending data (and game 23 inheriting it)
    assert warning_lines == [97, 100, 108, 113, 121, 125, 158, 174]
    assert all(str(p).startswith("errors_20.pbn:") for p in problems)


# -- BridgeWebs: no score columns ---------------------------------------------------


def westwood_result(load: Loader, board: int, line: int) -> Result:
    event = load("westwood_20190625_1.pbn")
    results = event.sessions[0].sections[0].boards[board - 1].results
    return next(r for r in results if r.line == line)


@pytest.mark.parametrize(
    ("board", "line", "score", "why"),
    [
        (1, 40, 50, "6H by E, not vul, 11 tricks: one down, 50"),
        (1, 41, -980, "6H by E, not vul, made: 180 + 300 game + 500 slam"),
        (1, 42, -450, "4H by E, not vul, 11 tricks: 120 + 300 + 30"),
        (2, 92, 100, "5D* by E, EW not vul: one down doubled, 100"),
        (14, 705, 1700, "5D* by W, not vul, 4 tricks: 7 down doubled, 100+200+200+4x300"),
        (15, 754, 100, "4H* by E, EW not vul (NS vul): one down doubled, 100"),
        (21, 1061, -500, "1S* by N, NS vul, 5 tricks: 2 down doubled vul, 200+300"),
        (22, 1113, -850, "5H* by W, EW vul, made: 300 + 500 game + 50 insult"),
    ],
)
def test_bridgewebs_scores_computed(
    load: Loader, board: int, line: int, score: int, why: str
) -> None:
    """westwood_20190625_1.pbn has no score columns: Law 77 scores, by hand."""
    result = westwood_result(load, board, line)
    assert result.outcome is Outcome.PLAYED
    assert result.score == score, why


def test_bridgewebs_pass_and_not_played_rows(load: Loader) -> None:
    """A "PASS N -" row is a pass-out (0); "- N -" a board not played."""
    assert westwood_result(load, 11, 553).outcome is Outcome.PASSED_OUT
    assert westwood_result(load, 11, 553).score == 0
    assert westwood_result(load, 12, 608).outcome is Outcome.NOT_PLAYED


def test_bridgewebs_mitchell_numbered_per_direction(load: Loader) -> None:
    """Row "1 1" on board 1: NS and EW pairs are both numbered 1-16."""
    participants = load("westwood_20190625_1.pbn").sessions[0].sections[0].participants
    assert Counter(p.direction for p in participants) == {Direction.NS: 16, Direction.EW: 16}


def test_bridgewebs_metadata(load: Loader) -> None:
    """%Creator and %Content-type lines are kept; the charset is honoured."""
    event = load("westwood_20190625_1.pbn")
    assert ("Creator", "Bridgewebs") in event.metadata
    assert event.source.version == "2.1"
    assert event.title == "Silver Points Pairs"


# -- Magic Contest ---------------------------------------------------------------------


def test_magic_contest(load: Loader) -> None:
    """Latin-1 without a declaration, META lines, a TotalScoreTable with
    directions and names, "A+" rows, quoted scores and "3N" contracts."""
    event = load("open2dn1nationalfinaledirecte21-22-sance1.pbn")
    assert event.title is not None and "Séance 1" in event.title
    assert ("Generator", "Magic Contest France") in event.metadata
    (section,) = event.sessions[0].sections
    assert len(section.participants) == 44
    by_key = {(p.id, p.direction): p for p in section.participants}
    assert by_key[("7", Direction.EW)].names == ("Player 3", "Player 4")
    assert [pl.national_id for pl in by_key[("7", Direction.EW)].players] == ["900002", "900001"]
    assert by_key[("5", Direction.EW)].names == ("Player 79", "Player 80-Player 81")
    adjusted = [r for r in all_results(event) if r.outcome is Outcome.ADJUSTED]
    assert adjusted and all(r.adjusted is not None for r in adjusted)
    first = section.boards[0]
    plus = next(r for r in first.results if r.adjusted)
    assert plus.adjusted is not None
    assert (plus.adjusted.ns, plus.adjusted.ew) == (AdjustedKind.AVERAGE_PLUS,) * 2
    assert (plus.adjusted.ns_percent, plus.adjusted.ew_percent) == (60, 60)
    assert [r.score for r in first.results[:2]] == [420, 420]
    assert first.results[16].score == -50  # '-   "50"': EW scored 50


# -- ACBLscore via BridgeComposer ----------------------------------------------------------


def test_palo_alto_sections_and_names(load: Loader) -> None:
    """A Section column (A, B), Names_NS "Last-Last", split scores."""
    event = load("palo_alto_2025-12-23_SPR_PBN_File_0.pbn")
    sections = event.sessions[0].sections
    assert [s.id for s in sections] == ["A", "B"]
    b_first = sections[1].boards[0].results[0]
    assert (b_first.ns, b_first.ew, b_first.score, b_first.contract_text) == ("1", "1", -430, "3NT")
    names = {(p.id, p.direction): p.names for p in sections[1].participants}
    assert names[("1", Direction.NS)] == ("Player_3", "Player_4")
    assert event.source.version == "2.1"
    assert ("Creator", "BridgeComposer Version 5.114") in event.metadata


# -- teams ---------------------------------------------------------------------------------


def test_ebl_teams(load: Loader) -> None:
    """ETC'99: Room Open/Closed, HomeTeam and VisitTeam inherited with "#",
    [Section "#"] with nothing to inherit; home team NS in the open room."""
    event = load("etc99_A1A10101.PBN")
    assert event.kind is EventKind.TEAMS
    assert event.source.version == "1.0"
    (match,) = event.sessions[0].matches
    assert (match.team, match.opponent, match.round) == ("Austria", "Italy", 1)
    assert len(match.boards) == 20
    for board in match.boards:
        assert [r.home_direction for r in board.results] == [Direction.NS, Direction.EW]
        assert [r.table for r in board.results] == ["17", "17"]
    first = match.boards[0]
    assert [r.score for r in first.results] == [-100, 90]
    assert first.vulnerability is Vulnerability.NONE and first.dealer is Seat.N


def test_realbridge_teams(load: Loader, samples: Path) -> None:
    """RealBridge: HomeTeam is the team sitting NS at each table; the two
    tables of a match name the teams both ways round."""
    text = (samples / "realbridge_2021_online_qual_open_r2.pbn").read_text("utf-8")
    home_at: dict[str, str] = {}
    for game in text.split("\n\n"):
        table = re.search(r'^\[Table "(\d+)"\]', game, re.M)
        home = re.search(r'^\[HomeTeam "([^"]+)"\]', game, re.M)
        if table and home:
            home_at[table[1]] = home[1]
    assert len(home_at) == 30
    event = load("realbridge_2021_online_qual_open_r2.pbn")
    session = event.sessions[0]
    assert (len(session.teams), len(session.matches), event.result_count()) == (30, 15, 299)
    for match in session.matches:
        for board in match.boards:
            for result in board.results:
                assert result.table is not None
                sat_ns = home_at[result.table] == match.team
                assert result.home_direction is (Direction.NS if sat_ns else Direction.EW)
    outcomes = Counter(r.outcome for r in all_results(event))
    assert outcomes[Outcome.NOT_PLAYED] == 20  # Contract "Pass", no Score, no Auction
    assert outcomes[Outcome.PASSED_OUT] >= 1


# -- one game per table pairs, deal files, the reference files -----------------------------


def test_kops_pairs_one_game_per_table(load: Loader) -> None:
    """PbnTools/KOPS: results in the games' own tags, scores computed, pairs
    from the seat tags."""
    event = load("sm0807_kops_imp.pbn")
    (section,) = event.sessions[0].sections
    first = section.boards[0].results[0]
    # 4NT by W, not vulnerable, 11 tricks: 130 + 300 + 30
    assert (first.ns, first.ew, first.score) == ("Player 1-Player 3", "Player 1-Player 2", -460)
    assert event.source.version is None


def test_dealer4_inheritance(load: Loader) -> None:
    """Deal-only file with "#" Event/Site/Date: sixteen boards, no results."""
    event = load("dealer4_hash_inheritance_RR5.pbn")
    (section,) = event.sessions[0].sections
    assert [b.number for b in section.boards] == list(range(1, 17))
    assert event.result_count() == 0
    assert event.title is None  # [Event ""], inherited


def test_pbnjveri_correct_20(load: Loader) -> None:
    """The "##" Event carries on; the frequency table reads one result per row;
    [ScoreTable "#"] takes game 45's header; the TotalScoreTable names pairs.
    Its games of four events (each its board 1, a deal of its own) are four
    sets, each a section named by its Event and Date (docs/reference/choices.md
    "A board number used twice"): game 45's table is board 1 of its own."""
    event = load("correct_20.pbn")
    assert event.title == "Autumn regional"
    sections = {section.id: section for section in event.sessions[0].sections}
    assert sorted(sections, key=str) == [
        "Autumn regional 1980.10.24",
        "International Amsterdam Airport Schiphol Bridgetournament 1995.06.10",
        "Mixed Pairs - St. Louis, Mo. - May 1970 1999.01.29",
        "Mixed Pairs - St. Louis, Mo. - May 1970 1999.05.12",
    ]
    game_45 = sections["Mixed Pairs - St. Louis, Mo. - May 1970 1999.01.29"]
    table = [r for r in game_45.boards[0].results if r.ns is None]
    assert len(table) == 28
    assert [r.score for r in table[:3]] == [500, 470, 450]
    participants = {p.id: p for s in sections.values() for p in s.participants}
    assert participants["581"].names == ("Player 10", "Player 11")


def test_pbnjveri_correct_21(load: Loader) -> None:
    """Result "NS 11" and Score "NS +550" in a 2.1 file."""
    event = load("correct_21.pbn")
    (result,) = all_results(event)
    assert (result.tricks, result.score, result.declarer) == (11, 550, Seat.N)
    assert result.contract_text == "5CX"
