"""The PBN reader: tables, games and teams into the results model."""

from __future__ import annotations

import datetime as dt
import functools
import io
import json
from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cost import assert_linear
from pbnscore import pbn, validate
from pbnscore.errors import PbnError
from pbnscore.model import (
    AdjustedKind,
    Board,
    Contract,
    Direction,
    Event,
    EventKind,
    Outcome,
    Result,
    Risk,
    Scoring,
    Seat,
    Strain,
    Vulnerability,
)

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "pbn"


def board_of(event: Event, number: int = 1, section: int = 0) -> Board:
    boards = event.sessions[0].sections[section].boards
    return next(b for b in boards if b.number == number)


def results(text: str, number: int = 1) -> tuple[Result, ...]:
    return board_of(pbn.loads(text), number).results


def table(header: str, *rows: str, board: int = 1, vulnerable: str | None = "None") -> str:
    tags = [f'[Board "{board}"]']
    if vulnerable is not None:
        tags.append(f'[Vulnerable "{vulnerable}"]')
    return "\n".join([*tags, f'[ScoreTable "{header}"]', *rows]) + "\n"


# -- ScoreTable score conventions (§5.9) -------------------------------------------------


def test_signed_score_ns() -> None:
    """One signed Score_NS column, from NS's side (PbnJVeri's reference)."""
    text = table("PairId_NS;PairId_EW;Score_NS", "1 2 420", "3 4 -50")
    assert [(r.ns, r.ew, r.score) for r in results(text)] == [("1", "2", 420), ("3", "4", -50)]


def test_split_scores_with_dash_on_the_side_that_did_not_score() -> None:
    """Score_NS and Score_EW, "-" where that side did not score, quoted or
    not (Magic Contest, BridgeComposer)."""
    text = table(
        "PairId_NS;PairId_EW;Contract;Declarer;Result;Score_NS;Score_EW",
        '1 2 4S S 10 "420" -',
        "3 4 4S N 9 - 50",
        "5 6 Pass - - 0 -",
        "7 8 PASS - - - -",
    )
    found = results(text)
    assert [r.score for r in found] == [420, -50, 0, 0]
    assert [r.outcome for r in found] == [Outcome.PLAYED] * 2 + [Outcome.PASSED_OUT] * 2


def test_no_score_columns_scores_are_computed() -> None:
    """BridgeWebs: contract, declarer and tricks only; Law 77 gives the score,
    with the Vulnerable tag's vulnerability."""
    text = table(
        "PairId_NS;PairId_EW;Contract;Declarer;Result",
        "1 1 3N S 9",
        "2 2 4S* E 8",
        "3 3 6H E 12",
        vulnerable="EW",
    )
    # 3NT by S (not vul) = 400; 4SX by E vul two down = +500; 6H by E vul made = -1430
    assert [r.score for r in results(text)] == [400, 500, -1430]


@pytest.mark.parametrize(
    ("board", "scores", "why"),
    [
        (1, [400, 300, 0], "3NT=; 4SX by E two down, not vul; PASS"),
        (2, [650, 100, None], "4H+1 vul; 5DX by W one down, EW not vul; not played"),
        (3, [980, 1820, -50], "6S=; 6SXX+1: 720+300+500+100+200; 7NT-1"),
        (4, [-90, -1160, 300], "no Vulnerable tag, board 4 is All: 1NT=; 2CXX+1; 3NT-3"),
    ],
)
def test_bridgewebs_fixture_scores(board: int, scores: list[int | None], why: str) -> None:
    """fixtures/pbn/bridgewebs-no-scores.pbn: Law 77 scores, worked by hand."""
    event = pbn.load(FIXTURES / "bridgewebs-no-scores.pbn")
    assert [r.score for r in board_of(event, board).results] == scores, why
    assert pbn.check((FIXTURES / "bridgewebs-no-scores.pbn").read_bytes()) == []


def test_no_vulnerable_tag_uses_the_board_number() -> None:
    """Without a Vulnerable tag the board's place in the 16-board cycle decides."""
    text = table(
        "PairId_NS;PairId_EW;Contract;Declarer;Result",
        "1 1 4S N 10",
        board=2,
        vulnerable=None,
    )
    (result,) = results(text, 2)
    assert result.score == 620  # board 2: NS vulnerable


def test_contract_spellings_in_tables() -> None:
    """3N/3NT, 5D*, 3Sx, 2Cxx, Pass/PASS read as contracts (docs/reference/choices.md
    "Reading")."""
    text = table(
        "PairId_NS;PairId_EW;Contract;Declarer;Result",
        "1 1 3N S 9",
        "2 2 5D* W 9",
        "3 3 3Sx n 9",
        "4 4 2Cxx E 8",
        "5 5 Pass N -",
    )
    found = results(text)
    assert [r.contract for r in found] == [
        Contract(3, Strain.NOTRUMP),
        Contract(5, Strain.DIAMONDS, Risk.DOUBLED),
        Contract(3, Strain.SPADES, Risk.DOUBLED),
        Contract(2, Strain.CLUBS, Risk.REDOUBLED),
        None,
    ]
    assert [r.contract_text for r in found] == ["3N", "5D*", "3Sx", "2Cxx", "Pass"]
    assert [r.declarer for r in found][:4] == [Seat.S, Seat.W, Seat.N, Seat.E]


def test_relative_results() -> None:
    """Results "=", "+1", "-2" in the Result column count from the contract."""
    text = table(
        "PairId_NS;PairId_EW;Contract;Declarer;Result",
        "1 1 4S N =",
        "2 2 4S N +1",
        "3 3 4S N -2",
    )
    assert [r.tricks for r in results(text)] == [10, 11, 8]


# -- not played, passed out, adjusted ------------------------------------------------------


def test_rows_with_no_result_are_not_played() -> None:
    """BridgeWebs "- N -", and a row of "-", are boards not played."""
    text = table(
        "PairId_NS;PairId_EW;Contract;Declarer;Result;Score_NS",
        "1 1 - N - -",
        "2 2 - - - ?",
    )
    found = results(text)
    assert [r.outcome for r in found] == [Outcome.NOT_PLAYED] * 2
    assert [r.score for r in found] == [None, None]


@pytest.mark.parametrize(
    ("ns", "ew", "kinds", "percents"),
    [
        ('"A+"', '"A+"', ("PLUS", "PLUS"), (None, None)),
        ('"A-"', '"A+"', ("MINUS", "PLUS"), (None, None)),
        ("AVE", "-", ("AVERAGE", "AVERAGE"), (None, None)),
        ("AVE+", "-", ("PLUS", "MINUS"), (None, None)),
        ("^60", "-", ("PLUS", "MINUS"), (60, 40)),
        ("A6040", "-", ("PLUS", "MINUS"), (60, 40)),
        ('"50%"', "-", ("AVERAGE", "AVERAGE"), (50, 50)),
    ],
)
def test_adjusted_score_codes(
    ns: str, ew: str, kinds: tuple[str, str], percents: tuple[int | None, int | None]
) -> None:
    """Artificial scores are ADJUSTED with what they mean for each side; a
    side left blank gets the complement."""
    text = table("PairId_NS;PairId_EW;Contract;Score_NS;Score_EW", f"1 2 - {ns} {ew}")
    (result,) = results(text)
    assert result.outcome is Outcome.ADJUSTED
    assert result.score is None
    assert result.adjusted is not None
    names = {"PLUS": "AVERAGE_PLUS", "MINUS": "AVERAGE_MINUS", "AVERAGE": "AVERAGE"}
    assert (result.adjusted.ns, result.adjusted.ew) == tuple(AdjustedKind[names[k]] for k in kinds)
    assert (result.adjusted.ns_percent, result.adjusted.ew_percent) == percents


def test_adjusted_fixture() -> None:
    """fixtures/pbn/adjusted-rows.pbn: A+/A+, A-/A+, AVE, ^60/^40 and a table
    that did not play; percentages come from the Percentage columns."""
    event = pbn.load(FIXTURES / "adjusted-rows.pbn")
    by_board = {b.number: b.results for b in event.sessions[0].sections[0].boards}
    adjusted = [(n, r.table, r.adjusted) for n, rs in by_board.items() for r in rs if r.adjusted]
    assert [(n, t, a.code, a.ns_percent, a.ew_percent) for n, t, a in adjusted] == [
        (1, "2", "A+/A+", 60, 60),
        (2, "2", "A-/A+", 40, 60),
        (2, "4", "AVE/AVE", 50, 50),
        (3, "2", "^60/^40", 60, 40),
    ]
    assert [r.outcome for r in by_board[3]] == [
        Outcome.PLAYED,
        Outcome.ADJUSTED,
        Outcome.PLAYED,
        Outcome.NOT_PLAYED,
    ]
    assert pbn.check((FIXTURES / "adjusted-rows.pbn").read_bytes()) == []


# -- checks -------------------------------------------------------------------------------


def test_score_that_disagrees_with_its_contract() -> None:
    """The file's score is what is scored; `check` reports the disagreement
    once, as a warning (4S= by N not vulnerable is 420: ``score`` scores the
    file's 450 and says so, and ``check`` agrees), not a second time as the
    reader's warning."""
    text = table(
        "PairId_NS;PairId_EW;Contract;Declarer;Result;Score_NS",
        "1 2 4S N 10 450",
        "3 4 4S N 10 420",
    )
    assert [r.score for r in results(text)] == [450, 420]
    assert pbn.check(text, source="d.pbn") == []
    problems = validate.check_bytes(text.encode(), "d.pbn")
    assert [(str(p), p.severity) for p in problems] == [
        ("d.pbn:4: board 1: 4S by N taking 10 scores +420 for NS, not +450", "warning")
    ]


def test_passed_out_board_with_a_score() -> None:
    """A pass-out scores 0, whatever score the file gives it (the contract
    decides, as the USEBIO reader has it); `check` warns of the other score."""
    text = table("PairId_NS;PairId_EW;Contract;Score_NS", "1 2 Pass 50", "3 4 Pass 0")
    assert [(r.outcome, r.score) for r in results(text)] == [
        (Outcome.PASSED_OUT, 0),
        (Outcome.PASSED_OUT, 0),
    ]
    problems = validate.check_bytes(text.encode(), "p.pbn")
    assert [str(p) for p in problems] == [
        "p.pbn:4: passed out, but the score is NS 50; a pass-out scores 0"
    ]
    assert problems[0].severity == "warning"


def test_a_passed_out_game_with_a_score_tag_scores_0() -> None:
    """The same rule for a game's own Contract and Score tags."""
    text = '[Board "1"]\n[Contract "Pass"]\n[Score "NS -400"]\n'
    text += '\n[Board "1"]\n[Contract "4S"]\n[Declarer "N"]\n[Result "10"]\n[Score "NS 420"]\n'
    assert sorted(r.score or 0 for r in results(text)) == [0, 420]


@pytest.mark.parametrize(
    ("row", "message"),
    [
        ("1 2 4Z N 10", "contract '4Z' does not parse"),
        ("1 2 4S N 14", "impossible trick count '14'"),
        ("1 2 4S Q 10", "declarer 'Q' is not N, E, S or W"),
        ("1 2 4S N ten", "result 'ten' is not a number of tricks"),
        ("1 2 4S N", "ScoreTable row has 4 elements for 5 columns"),
    ],
    ids=["contract", "tricks", "declarer", "result", "row-length"],
)
def test_errors_in_a_row(row: str, message: str) -> None:
    """A row that cannot be trusted: strict loads raise with the line, check
    reports it."""
    text = table("PairId_NS;PairId_EW;Contract;Declarer;Result", "5 6 3NT S 9", row)
    with pytest.raises(PbnError) as raised:
        pbn.loads(text, source="bad.pbn")
    assert str(raised.value) == f"bad.pbn:5: {message}"
    assert [str(p) for p in pbn.check(text, source="bad.pbn")] == [f"bad.pbn:5: {message}"]


def test_lenient_read_keeps_the_good_rows() -> None:
    """strict=False reads what can be trusted."""
    text = table("PairId_NS;PairId_EW;Contract;Declarer;Result", "5 6 3NT S 9", "1 2 4S N")
    event = pbn.loads(text, strict=False)
    assert [r.ns for r in board_of(event).results] == ["5"]


def test_unknown_and_duplicated_columns() -> None:
    """An unknown column is ignored with a warning; a column twice is an error."""
    text = table("PairId_NS;PairId_EW;Score_NS;Colour", "1 2 420 red")
    assert [r.score for r in results(text)] == [420]
    assert [(p.line, p.severity) for p in pbn.check(text)] == [(3, "warning")]
    with pytest.raises(PbnError, match="column 'Score_NS' appears twice"):
        pbn.loads(table("PairId_NS;Score_NS;Score_NS", "1 420 420"))


def test_rows_spread_over_lines_are_read_by_counting() -> None:
    """Import format: elements may sit on any line (§5.2); a warning says so."""
    text = table("PairId_NS;PairId_EW;Score_NS", "1 2", "420 3 4 -50")
    assert [(r.ns, r.ew, r.score) for r in results(text)] == [("1", "2", 420), ("3", "4", -50)]
    assert [p.severity for p in pbn.check(text)] == ["warning"]


def test_result_line_is_the_rows_line() -> None:
    """Result.line is where the row is, for messages."""
    text = "% header\n" + table("PairId_NS;PairId_EW;Score_NS", "1 2 420", "3 4 100")
    assert [r.line for r in results(text)] == [5, 6]


# -- one game per table (pairs) ---------------------------------------------------------


def game(board: int, **tags: str) -> str:
    return "\n".join([f'[Board "{board}"]', *(f'[{k} "{v}"]' for k, v in tags.items())]) + "\n"


def test_result_tags_of_a_game() -> None:
    """Contract/Declarer/Result/Score tags make one result; "NS 11" counts
    NS's tricks, "NS +550" is NS's score (PbnJVeri correct_21)."""
    text = game(16, Vulnerable="EW", Declarer="N", Contract="5CX", Result="NS 11", Score="NS +550")
    (result,) = results(text, 16)
    assert (result.tricks, result.score, result.declarer) == (11, 550, Seat.N)
    assert pbn.check(text) == []


def test_score_tag_forms() -> None:
    """§4.2.1: a bare score is the declarer's; EW scores are negated."""
    text = (
        game(1, Vulnerable="None", Declarer="E", Contract="4S", Result="10", Score="420")
        + "\n"
        + game(1, Vulnerable="None", Declarer="N", Contract="4S", Result="9", Score="EW 50")
        + "\n"
        + game(1, Declarer="N", Contract="3NT", Result="9", Score="NS 400 EW -400")
    )
    assert [r.score for r in results(text)] == [-420, -50, 400]


def test_score_computed_without_a_score_tag() -> None:
    """PbnTools conversions carry no Score: it is computed."""
    text = game(3, Vulnerable="EW", Declarer="W", Contract="4H", Result="10")
    (result,) = results(text, 3)
    assert result.score == -620


def test_pairs_from_pair_tags_or_player_tags() -> None:
    """PairNS/PairEW name pairs; else one label in both seats (JFR "Para-1");
    else the two names."""
    text = (
        game(1, PairNS="7", PairEW="12", Contract="Pass", Score="0")
        + "\n"
        + game(1, North="Para-1", South="Para-1", West="A West", East="B East", Contract="Pass")
    )
    first, second = results(text)
    assert (first.ns, first.ew) == ("7", "12")
    assert (second.ns, second.ew) == ("Para-1", "A West - B East")
    event = pbn.loads(text)
    names = {p.id: p.names for p in event.sessions[0].sections[0].participants}
    assert names["A West - B East"] == ("A West", "B East")


def test_contract_without_result_is_not_a_result() -> None:
    """A game still being played (no Result, no Score) adds only its board."""
    event = pbn.loads(game(1, Contract="6S", Declarer="N"))
    assert event.result_count() == 0
    assert [b.number for b in event.sessions[0].sections[0].boards] == [1]


# -- boards, event fields -------------------------------------------------------------------


def test_board_fields() -> None:
    """Board.deal, dealer and vulnerability come from the tags, in any case."""
    text = game(
        5,
        Dealer="n",
        Vulnerable="both",
        Deal="N:AKQ5.K2.532.K864 64.8753.JT974.92 J9732.AQ.AQ.QJ73 T8.JT964.K86.AT5",
    )
    board = board_of(pbn.loads(text), 5)
    assert (board.dealer, board.vulnerability) == (Seat.N, Vulnerability.BOTH)
    assert board.deal is not None and board.deal.north == ("AKQ5", "K2", "532", "K864")


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        ("2026.03.09", dt.date(2026, 3, 9)),
        ("2012.08.??", None),
        ("????.??.??", None),
        ("2000.00.00", None),
        ("9 March", None),
    ],
)
def test_date(value: str, expected: dt.date | None) -> None:
    """yyyy.mm.dd; any "?" part or an impossible date gives no date (§3.4.3)."""
    assert pbn.loads(game(1, Date=value)).date == expected


def test_event_fields() -> None:
    """Title from Event, venue from Site (§3.4.2: "the location of the event",
    no club), version from % PBN, the source named."""
    text = '% PBN 2.1\n[Event "Monday Butler"]\n[Site "Hove"]\n[Scoring "IMP"]\n[Board "1"]\n'
    event = pbn.loads(text, source="night.pbn")
    assert (event.title, event.venue, event.club) == ("Monday Butler", "Hove", None)
    assert (event.source.name, event.source.format, event.source.version) == (
        "night.pbn",
        "pbn",
        "2.1",
    )
    assert event.source.scoring is Scoring.IMPS
    assert ("Scoring", "IMP") in event.metadata
    assert event.kind is EventKind.PAIRS


def test_load_path_file_and_string(tmp_path: Path) -> None:
    """load takes a path or an open file (binary or text); loads bytes or str."""
    path = tmp_path / "x.pbn"
    text = table("PairId_NS;PairId_EW;Score_NS", "1 2 420")
    path.write_text(text)
    assert pbn.load(path).source.name == str(path)
    assert pbn.load(str(path)).result_count() == 1
    with path.open("rb") as file:
        assert pbn.load(file).source.name == str(path)
    assert pbn.load(io.StringIO(text)).result_count() == 1
    assert pbn.loads(text.encode()).result_count() == 1


# -- participants and sections -----------------------------------------------------------


def test_mitchell_fixture() -> None:
    """fixtures/pbn/mitchell-pairs.pbn: NS and EW both numbered 1-4: eight
    pairs with directions, names from the TotalScoreTable."""
    event = pbn.load(FIXTURES / "mitchell-pairs.pbn")
    (section,) = event.sessions[0].sections
    assert [(p.id, p.direction) for p in section.participants] == [
        *((str(n), Direction.NS) for n in range(1, 5)),
        *((str(n), Direction.EW) for n in range(1, 5)),
    ]
    ns1 = section.participants[0]
    ew1 = section.participants[4]
    assert ns1.names == ("Ann Abbott", "Ben Baker")
    assert ew1.names == ("Ida Irwin", "Jon Jones")
    assert [len(b.results) for b in section.boards] == [4] * 8
    assert event.result_count() == 32
    assert pbn.check((FIXTURES / "mitchell-pairs.pbn").read_bytes()) == []


def test_howell_fixture() -> None:
    """fixtures/pbn/howell-pairs.pbn: pairs change direction: a Howell, one
    field, no directions; names split on " - "."""
    event = pbn.load(FIXTURES / "howell-pairs.pbn")
    (section,) = event.sessions[0].sections
    assert [(p.id, p.direction) for p in section.participants] == [
        (str(n), None) for n in range(1, 5)
    ]
    assert section.participants[0].names == ("Ann Abbott", "Ben Baker")
    assert [len(b.results) for b in section.boards] == [2] * 6
    assert pbn.check((FIXTURES / "howell-pairs.pbn").read_bytes()) == []


def test_mitchell_with_numbers_unique_across_directions() -> None:
    """Numbers never seen both ways: each pair keeps its direction (Magic Contest)."""
    text = table("PairId_NS;PairId_EW;Score_NS", "1 11 420", "2 12 400")
    participants = pbn.loads(text).sessions[0].sections[0].participants
    assert [(p.id, p.direction) for p in participants] == [
        ("1", Direction.NS),
        ("2", Direction.NS),
        ("11", Direction.EW),
        ("12", Direction.EW),
    ]


def test_sections_from_a_column_a_tag_and_a_prefix() -> None:
    """Section column (BridgeComposer), Section tag, or a section letter in
    the pair numbers ("A1") make Section ids."""
    text = (
        table("Section;PairId_NS;PairId_EW;Score_NS", "A 1 1 420", "B 1 1 400")
        + "\n"
        + '[Board "2"]\n[Section "C"]\n[ScoreTable "PairId_NS;PairId_EW;Score_NS"]\n1 2 100\n'
        + "\n"
        + table("PairId_NS;PairId_EW;Score_NS", "D1 D2 50", board=3)
    )
    sections = pbn.loads(text).sessions[0].sections
    assert [(s.id, [b.number for b in s.boards]) for s in sections] == [
        ("A", [1]),
        ("B", [1]),
        ("C", [2]),
        ("D", [3]),
    ]
    assert sections[3].boards[0].results[0].ns == "D1"


def test_names_columns_and_total_score_table() -> None:
    """Names_NS/Names_EW name pairs ("A;B", "A - B", "Smith-Jones"); a
    TotalScoreTable adds pairs, names and national ids (Magic Contest)."""
    text = (
        '[Board "1"]\n'
        '[TotalScoreTable "Rank;PairId;Direction;Names;MemberID1;MemberID2"]\n'
        '1 9 "N-S" "Ann A - Ben B" "900001" "900002"\n'
        '[ScoreTable "PairId_NS;PairId_EW;Score_NS;Names_NS;Names_EW"]\n'
        '1 2 420 "Cat C;Dan D" Smith-Jones\n'
    )
    participants = pbn.loads(text).sessions[0].sections[0].participants
    found = {(p.id, p.direction): p for p in participants}
    assert found[("1", Direction.NS)].names == ("Cat C", "Dan D")
    assert found[("2", Direction.EW)].names == ("Smith", "Jones")
    assert found[("9", Direction.NS)].names == ("Ann A", "Ben B")
    assert [pl.national_id for pl in found[("9", Direction.NS)].players] == ["900001", "900002"]


# -- teams ----------------------------------------------------------------------------------


def teams_game(board: int, home: str, visit: str, *, score: int, **tags: str) -> str:
    return game(board, HomeTeam=home, VisitTeam=visit, Score=f"NS {score}", **tags)


def test_teams_of_four_with_rooms() -> None:
    """fixtures/pbn/teams-of-four.pbn: EBL style. The home team sits NS in the
    open room, EW in the closed room; "#" carries the event tags."""
    event = pbn.load(FIXTURES / "teams-of-four.pbn")
    session = event.sessions[0]
    assert event.kind is EventKind.TEAMS
    assert event.title == "Club Teams"
    assert [(m.team, m.opponent, m.round) for m in session.matches] == [
        ("Aces", "Kings", 1),
        ("Queens", "Jacks", 1),
    ]
    first = session.matches[0]
    assert [b.number for b in first.boards] == [1, 2, 3, 4, 5, 6]
    open_room, closed_room = first.boards[0].results
    assert (open_room.home_direction, closed_room.home_direction) == (Direction.NS, Direction.EW)
    assert (open_room.ns, open_room.ew) == ("Aces-1", "Kings-1")
    assert (closed_room.ns, closed_room.ew) == ("Kings-2", "Aces-2")
    assert first.boards[2].results[1].outcome is Outcome.PASSED_OUT
    aces = session.teams[0]
    assert [(p.id, p.direction, p.team, p.names) for p in aces.members] == [
        ("Aces-1", Direction.NS, "Aces", ("Aces Player 1", "Aces Player 2")),
        ("Aces-2", Direction.EW, "Aces", ("Aces Player 3", "Aces Player 4")),
    ]
    assert session.sections == ()
    assert pbn.check((FIXTURES / "teams-of-four.pbn").read_bytes()) == []


LIN_MATCH = FIXTURES / "lin-match-teams-named-once.pbn"


def test_teams_named_in_the_first_game_only_are_one_match() -> None:
    """BBO's LinToPbn: 32 games of one Event, each with its Room, only the
    first naming the teams: one match of 16 boards, two rooms each, the home
    team NS in the open room; no pairs section beside it."""
    session = pbn.load(LIN_MATCH).sessions[0]
    (match,) = session.matches
    assert (match.team, match.opponent) == ("SWEDEN", "POLAND")
    assert [b.number for b in match.boards] == list(range(1, 17))
    assert {len(b.results) for b in match.boards} == {2}
    homes = {tuple(r.home_direction for r in b.results) for b in match.boards}
    assert homes == {(Direction.NS, Direction.EW)}
    assert [t.id for t in session.teams] == ["SWEDEN", "POLAND"]
    assert session.sections == ()
    assert pbn.check(LIN_MATCH.read_bytes()) == []


@pytest.mark.parametrize("method", [None, "butler", "cross-imps"])
def test_every_method_scores_the_lin_match_whole(
    method: str | None, capsys: pytest.CaptureFixture[str]
) -> None:
    """score (default method, butler, cross-imps) scores all 32 results of
    the one 16-board match, exit 0 with nothing on stderr; check finds
    nothing."""
    from pbnscore.cli import main

    chosen = ["-m", method] if method else []
    assert main(["score", str(LIN_MATCH), "--to", "json", *chosen]) == 0
    captured = capsys.readouterr()
    assert captured.err == ""
    scored = json.loads(captured.out)
    results = [r for board in scored["boards"] for r in board["results"]]
    assert len(results) == 32
    if method:  # the pairs methods give every result its points
        assert all(r["ns_points"] is not None for r in results)
    else:
        (match,) = scored["matches"]
        assert len(match["boards"]) == 16
    assert main(["check", str(LIN_MATCH)]) == 0
    assert capsys.readouterr().out.endswith("; no problems\n")


def _lin_match(**changes: tuple[int, str, str]) -> str:
    """The LinToPbn fixture with, for each named change, one tag of one game
    (by its index) replaced: (game, tag line as written, new line)."""
    games = LIN_MATCH.read_text().split("\n\n")
    for index, old, new in changes.values():
        assert old in games[index]
        games[index] = games[index].replace(old, new)
    return "\n\n".join(games)


@pytest.mark.parametrize(
    ("changes", "why"),
    [
        (
            {"event": (9, '[Event "European Open Teams, Round 3"]', '[Event "Other"]')},
            "the Event differs from that of the game at line 4",
        ),
        (
            {"round": (20, '[Room "Open"]', '[Room "Open"]\n[Round "4"]')},
            "the Round differs from that of the game at line 4",
        ),
        (
            {
                "not-first": (0, '[HomeTeam "SWEDEN"]\n[VisitTeam "POLAND"]', ""),
                "named-later": (
                    2,
                    '[Room "Open"]',
                    '[Room "Open"]\n[HomeTeam "S"]\n[VisitTeam "P"]',
                ),
            },
            "no earlier game names a HomeTeam and VisitTeam",
        ),
    ],
    ids=["event-changed", "round-changed", "named-after-results"],
)
def test_a_teams_file_with_a_game_in_no_match_is_refused(
    changes: dict[str, tuple[int, str, str]], why: str
) -> None:
    """Where a game with a result cannot be placed in a match (no game before
    it named the teams, or its Event or Round differs from theirs), the file
    is refused with one line naming those games and why."""
    text = _lin_match(**changes)
    with pytest.raises(PbnError) as raised:
        pbn.loads(text, source="m.pbn")
    message = str(raised.value)
    assert message.startswith("m.pbn:") and why in message
    assert "belong" in message and "\n" not in message
    assert [p.severity for p in pbn.check(text)] == ["error"]


@pytest.mark.parametrize(
    ("name", "matches"),
    [("teams-of-eight-one-match.pbn", 1), ("teams-of-eight-three-matches.pbn", 3)],
)
def test_teams_of_eight(name: str, matches: int) -> None:
    """Teams of eight: HomeTeam the same at all four tables, so the home team
    sits NS at odd tables and EW at even ones; every match plays boards 1-8."""
    event = pbn.load(FIXTURES / name)
    session = event.sessions[0]
    assert len(session.matches) == matches
    assert len(session.teams) == 2 * matches
    for match in session.matches:
        assert [b.number for b in match.boards] == list(range(1, 9))
        for board in match.boards:
            assert [r.home_direction for r in board.results] == [
                Direction.NS,
                Direction.EW,
                Direction.NS,
                Direction.EW,
            ]
            home_pairs = [r.ns if r.home_direction is Direction.NS else r.ew for r in board.results]
            assert home_pairs == [f"{match.team}-{i}" for i in range(1, 5)]
        assert match.boards[2].results[1].outcome is Outcome.PASSED_OUT
    assert event.result_count() == 32 * matches
    assert pbn.check((FIXTURES / name).read_bytes()) == []


def test_home_team_named_as_the_team_sitting_ns() -> None:
    """RealBridge: the other table of a match swaps HomeTeam and VisitTeam;
    HomeTeam is then the team sitting NS at that table."""
    text = (
        teams_game(1, "AUSTRIA", "DENMARK", Table="11", Contract="3NT", Declarer="N", score=400)
        + "\n"
        + teams_game(1, "DENMARK", "AUSTRIA", Table="7", Contract="3NT", Declarer="N", score=400)
    )
    (match,) = pbn.loads(text).sessions[0].matches
    assert (match.team, match.opponent) == ("AUSTRIA", "DENMARK")
    assert [(r.table, r.home_direction) for r in match.boards[0].results] == [
        ("11", Direction.NS),
        ("7", Direction.EW),
    ]


def test_realbridge_bye_is_not_played() -> None:
    """Contract "Pass" with no Score and no Auction is a board not played;
    with a Score it is a pass-out."""
    bye = game(1, HomeTeam="A", VisitTeam="B", Table="1", Contract="Pass", Declarer="", Result="")
    passed = game(1, HomeTeam="B", VisitTeam="A", Table="2", Contract="Pass", Score="NS 0")
    (match,) = pbn.loads(bye + "\n" + passed).sessions[0].matches
    assert [r.outcome for r in match.boards[0].results] == [
        Outcome.NOT_PLAYED,
        Outcome.PASSED_OUT,
    ]


def test_teams_game_needs_both_teams() -> None:
    """A HomeTeam without a VisitTeam cannot be placed in a match."""
    with pytest.raises(PbnError, match="HomeTeam and VisitTeam"):
        pbn.loads(game(1, HomeTeam="A", Contract="Pass", Score="0"))


def test_pairs_tags_name_team_pairs() -> None:
    """PairNS/PairEW tags name a team's pairs where present."""
    text = teams_game(1, "A", "B", Table="1", PairNS="A1", PairEW="B2", Contract="Pass", score=0)
    session = pbn.loads(text).sessions[0]
    result = session.matches[0].boards[0].results[0]
    assert (result.ns, result.ew) == ("A1", "B2")
    assert [m.id for t in session.teams for m in t.members] == ["A1", "B2"]


# -- robustness ----------------------------------------------------------------------------


def test_empty_input() -> None:
    """No tag pairs at all is an error, not an empty event."""
    with pytest.raises(PbnError, match="no PBN games"):
        pbn.loads(b"", source="empty.pbn")
    assert [p.message for p in pbn.check(b"")] == ["no PBN games: the input has no tag pairs"]


def test_garbage_gives_a_located_error() -> None:
    """A file that is not PBN fails with one line naming it, not a traceback."""
    with pytest.raises(PbnError) as raised:
        pbn.loads(b"\x00\x01binary\xff\xfe junk\n[[[", source="junk.bin")
    why = "it holds bytes that are not text"
    assert str(raised.value) == f"junk.bin: not a PBN or USEBIO file ({why})"


GARBAGE: dict[str, Callable[[int], bytes]] = {
    "many-lines": lambda size: b'[Board "1"]\n' + b"1 ] 2 ]\n" * (size // 8),
    "one-long-line": lambda size: b"[" * size,
    "open-comment": lambda size: b"\xff\x00{" + b"x" * size,
}


@pytest.mark.parametrize("name", GARBAGE)
def test_garbage_takes_bounded_time(name: str) -> None:
    """A huge garbage file gives a bounded list of problems, the work no more
    than in proportion to the file: check stops after a thousand."""
    garbage = GARBAGE[name]
    problems = assert_linear(lambda size: functools.partial(pbn.check, garbage(size)), 250_000)
    data = garbage(2_000_000)
    assert 1 <= len(problems) <= 1001
    with pytest.raises(PbnError):
        pbn.loads(data)


PBNISH = st.sampled_from(
    [
        '[Board "1"]',
        '[Board "x"]',
        '[ScoreTable "PairId_NS;PairId_EW;Contract;Declarer;Result;Score_NS"]',
        '[ScoreTable "#"]',
        '[TotalScoreTable "PairId;Names;Direction"]',
        "1 2 4S N 10 420",
        '1 2 - - - "A+"',
        '3 "A - B" "N-S"',
        "1 2 9Z Q 99 abc",
        '[HomeTeam "A"]',
        '[VisitTeam "B"]',
        '[Contract "Pass"]',
        '[Result "NS 11"]',
        '[Score "EW -50"]',
        '[Declarer "^S"]',
        '[Event "##x"]',
        '[Section "#"]',
        "{ comment",
        "}",
        "; note",
        "%",
        "",
        '"',
        "[",
        "]",
    ]
)


@settings(max_examples=150)
@given(st.lists(PBNISH, max_size=25))
def test_never_a_traceback(lines: list[str]) -> None:
    """Whatever the input, loads returns an event or raises PbnError with a
    line, and check returns problems; a lenient read returns an event, or
    raises where the input is no PBN at all (no tag pair)."""
    text = "\n".join(lines)
    try:
        pbn.loads(text)
    except PbnError as error:
        assert error.source == "<string>"
    for problem in pbn.check(text):
        assert problem.severity in ("error", "warning")
    try:
        assert isinstance(pbn.loads(text, strict=False), Event)
    except PbnError as error:
        assert error.message.startswith("not a PBN or USEBIO file"), error


# -- lexical faults outside the results (docs/reference/bad-input.md) ----------------------

# Two boards; a brace comment after board 1's Play holds a nested {...}: PBN
# comments do not nest (§3.8), so the comment ends at the inner "}" and the
# outer one is a stray character (a real file's line 78).
NESTED_COMMENT = """[Event "Club night"]
[Board "1"]
[Vulnerable "None"]
[Play "W"]
SA S2 S3 S4
{ West led {the ace} from AK }
[ScoreTable "PairId_NS;PairId_EW;Contract;Declarer;Result;Score_NS"]
1 2 4S N 10 420
3 4 4S N 9 -50

[Board "2"]
[Vulnerable "NS"]
[ScoreTable "#"]
1 2 3NT S 9 600
3 4 3NT S 10 630
"""
STRAY_LINE = 6


def _scores(event: Event) -> list[list[int | None]]:
    return [[r.score for r in b.results] for b in event.sessions[0].sections[0].boards]


def test_a_stray_brace_in_a_commentary_is_a_warning() -> None:
    """One "}" too many after a comment is read past: every result is read,
    as in the file without it, and check lists a warning at its line."""
    event = pbn.loads(NESTED_COMMENT, source="night.pbn")
    clean = pbn.loads(NESTED_COMMENT.replace(" }\n[Score", "\n[Score"))
    assert _scores(event) == _scores(clean) == [[420, -50], [600, 630]]
    problems = pbn.check(NESTED_COMMENT, source="night.pbn")
    assert [(p.line, p.severity) for p in problems] == [(STRAY_LINE, "warning")]
    assert problems[0].message.startswith("character '}' not allowed here")


def test_score_reads_past_a_stray_brace_and_says_so(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """score exits 0 and names the line on standard error; check exits 0 and
    lists it."""
    from pbnscore.cli import main

    source = tmp_path / "night.pbn"
    source.write_text(NESTED_COMMENT)
    assert main(["score", str(source), "--to", "json"]) == 0
    err = capsys.readouterr().err
    assert f"{source}:{STRAY_LINE}: warning: character '}}' not allowed here" in err
    assert main(["check", str(source)]) == 0
    assert capsys.readouterr().out.startswith(f"{source}:{STRAY_LINE}: warning: ")


@pytest.mark.parametrize(
    ("text", "line"),
    [
        (table("PairId_NS;PairId_EW;Score_NS", "{ a {b} c }", "1 2 420", "3 4 -50"), 4),
        (table("PairId_NS;PairId_EW;Score_NS", "1 2 420 }", "3 4 -50"), 4),
        ('[Board "1"]\n[Contract "4S"]\n[Declarer "N"]\n[Result "10" }]\n', 4),
        ('[Board "1"]\n[Contract "4S"]\n[Declarer "N"]\n[Score "NS 420]\n', 4),
        ('[Board "1"]\n[Contract "4S"\n[Declarer "N"]\n[Result "10"]\n', 3),
        ('[Board "1"]\n[Contract "4S"]\n[ "N"]\n[Result "10"]\n', 3),
    ],
    ids=[
        "comment-in-score-table",
        "in-a-row",
        "in-a-result-tag",
        "result-string",
        "result-tag-open",
        "tag-without-name",
    ],
)
def test_a_fault_in_a_result_is_an_error(text: str, line: int) -> None:
    """Inside a ScoreTable's data, a tag a result is read from, or a tag pair
    whose name is not known, a lexical fault still refuses the file."""
    with pytest.raises(PbnError) as raised:
        pbn.loads(text, source="x.pbn")
    assert str(raised.value).startswith(f"x.pbn:{line}: ")
    assert (line, "error") in [(p.line, p.severity) for p in pbn.check(text)]


@pytest.mark.parametrize(
    "fault",
    ['[Event "Club night" }]', '[Event "Club night]', '[Event "Club night"', "}}", "[Site x]"],
    ids=["in-a-tag", "string-not-closed", "tag-not-closed", "between-tags", "bad-value"],
)
def test_a_fault_outside_the_results_is_a_warning(fault: str) -> None:
    """In a tag that carries no result, or between tag pairs, a fault is a
    warning at its line and the results are read."""
    text = NESTED_COMMENT.replace("{ West led {the ace} from AK }", "; lead").replace(
        '[Event "Club night"]', fault
    )
    assert _scores(pbn.loads(text)) == [[420, -50], [600, 630]]
    problems = pbn.check(text)
    assert problems and {p.severity for p in problems} == {"warning"}
    assert problems[0].line in (1, 2)


def test_a_file_of_faults_is_refused() -> None:
    """A thousand faults outside the results is no PBN file to read past:
    the next is an error. A file left with no game fails at its first fault."""
    text = '[Event "x"]\n' + "}\n" * 1001 + '[Board "1"]\n'
    with pytest.raises(PbnError) as raised:
        pbn.loads(text, source="x.pbn")
    assert str(raised.value) == "x.pbn:1002: character '}' not allowed here"
    with pytest.raises(PbnError) as raised:
        pbn.loads('{ never closed\n[Event "x"]\n[Board "1"]\n', source="x.pbn")
    assert str(raised.value) == "x.pbn:1: comment '{' not closed before the end of the file"


# -- the problem cap (docs/reference/bad-input.md) ------------------------------------------


def _many_boards(boards: int, repeats: int) -> str:
    """``boards`` games of two results; the first repeats its Board tag
    ``repeats`` times (a warning each)."""
    games = [
        "\n".join(
            [f'[Board "{number}"]'] * (repeats if number == 1 else 1)
            + ['[Vulnerable "None"]', '[ScoreTable "PairId_NS;PairId_EW;Score_NS"]']
            + ["1 2 420", "3 4 -50"]
        )
        for number in range(1, boards + 1)
    ]
    return "\n\n".join(games) + "\n"


def test_warnings_past_the_cap_never_stop_a_strict_read() -> None:
    """A thousand warnings (a repeated Board tag) do not cut a strict read
    short: every board is read, the warnings past the cap are counted."""
    text = _many_boards(45, 1500)
    event = pbn.loads(text)
    assert len(event.sessions[0].sections[0].boards) == 45


def test_a_lenient_read_stopped_by_the_cap_is_an_error() -> None:
    """check stops at the cap, and says so as an error; a lenient load of
    the same file raises rather than returning the part it read."""
    text = _many_boards(45, 1500)
    problems = pbn.check(text, source="many.pbn")
    assert problems[-1].severity == "error"
    assert "too many problems" in problems[-1].message
    with pytest.raises(PbnError, match="too many problems"):
        pbn.loads(text, strict=False)


def test_a_bad_contract_is_reported_at_every_row_that_has_it() -> None:
    """The reader remembers the cells it parsed (a ScoreTable repeats a few),
    but only those that parsed: a bad one is reported on each of its rows."""
    text = table(
        "PairId_NS;PairId_EW;Contract;Declarer;Result;Score_NS",
        '1 2 "4Q" N 10 420',
        '3 4 "4Q" N 10 420',
        '5 6 "4S" N 10 420',
    )
    _, found = pbn.read_leniently(text.encode(), source="t.pbn")
    assert sorted(p.line for p in found if "4Q" in p.message) == [4, 5]


def test_names_are_split_once_per_pair(monkeypatch: pytest.MonkeyPatch) -> None:
    """A ScoreTable names each pair on every board it played; the names are
    split the first time only (first source wins): splitting them on every
    row was a third of reading a club night."""
    from pbnscore.pbn import _read_write_pairs

    calls: list[str] = []
    real = _read_write_pairs.split_names

    def counted(text: str) -> tuple[str, ...]:
        calls.append(text)
        return real(text)

    monkeypatch.setattr(_read_write_pairs, "split_names", counted)
    header = "PairId_NS;PairId_EW;Score_NS;Names_NS;Names_EW"
    games = "".join(
        table(header, '1 2 100 "A One;B Two" "C Three;D Four"', board=n) + "\n" for n in range(1, 9)
    )
    event = pbn.loads(games)
    assert len(calls) == 2
    names = {
        p.id: [pl.name for pl in p.players] for p in event.sessions[0].sections[0].participants
    }
    assert names == {"1": ["A One", "B Two"], "2": ["C Three", "D Four"]}


def test_a_deal_repeated_by_every_table_is_parsed_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every table's game repeats its board's deal and analysis; the deal is
    checked card by card once, not once per game (that tripled the read of
    a RealBridge file), for the board and its analysis alike."""
    from pbnscore.pbn import _read_write_deal

    calls: list[str] = []
    real = _read_write_deal._plain_deal

    def counted(text: str) -> object:
        calls.append(text)
        return real(text)

    monkeypatch.setattr(_read_write_deal, "_plain_deal", counted)
    _read_write_deal.read_deal.cache_clear()
    deal = "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"
    game = (
        '[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n[Deal "{deal}"]\n'
        '[DoubleDummyTricks "{hexes}"]\n[PairNS "{ns}"]\n[PairEW "{ew}"]\n'
        '[Contract "3NT"]\n[Declarer "N"]\n[Result "9"]\n\n'
    )
    text = "".join(
        game.format(deal=deal, hexes="9" * 20, ns=2 * t + 1, ew=2 * t + 2) for t in range(8)
    )
    event = pbn.loads(text)
    assert board_of(event).analysis is not None
    assert len(calls) == 1  # once, by one match
