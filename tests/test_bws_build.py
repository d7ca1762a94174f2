"""A BWS's rows into the results model (pbnscore.bws._build), on rows the
tests give: the nights in fixtures/bws/ (one CSV file per table, as
``mdb-export`` writes them) and rows built here. No Access file is needed:
the library's side of the seam is tested in test_bws_tables.py."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from pbnscore import bws
from pbnscore.bridge import ns_score, parse_contract, relative_tricks, vulnerability_for_board
from pbnscore.bws import MemoryTables, Row, csv_tables, read_tables
from pbnscore.bws._build import read
from pbnscore.bws._rows import TableUnreadable
from pbnscore.errors import ParseError, Problem
from pbnscore.model import (
    AdjustedKind,
    Direction,
    Event,
    Outcome,
    Player,
    Result,
    Seat,
    Section,
    Vulnerability,
)

NIGHTS = Path(__file__).resolve().parent.parent / "fixtures" / "bws"


def night(name: str) -> MemoryTables:
    return csv_tables(NIGHTS / name)


def section_of(event: Event) -> Section:
    (session,) = event.sessions
    (section,) = session.sections
    return section


def results(event: Event) -> dict[tuple[int, str | None], Result]:
    """Each result by (board, table)."""
    return {(b.number, r.table): r for b in section_of(event).boards for r in b.results}


def read_night(name: str) -> tuple[Event, list[Problem]]:
    warnings: list[Problem] = []
    return read_tables(night(name), source=f"{name}.bws", warnings=warnings), warnings


# -- a Mitchell -------------------------------------------------------------------


def test_a_mitchell_numbers_its_pairs_each_way_in_its_trimmed_letter() -> None:
    """Pair 1 NS and pair 1 EW are two pairs of section A (the letter's padding trimmed)."""
    event, warnings = read_night("mitchell")
    section = section_of(event)
    assert section.id == "A"
    assert [(p.id, p.direction) for p in section.participants] == [
        *((str(n), Direction.NS) for n in (1, 2, 3)),
        *((str(n), Direction.EW) for n in (1, 2, 3)),
    ]
    assert warnings == []
    assert event.source.format == "bws"


def test_a_mitchell_s_scores_come_from_contract_seat_and_the_board_s_vulnerability() -> None:
    """Scores by Law 77 with Law 2's vulnerability: 3NT+1 by E on board 3 (EW
    vulnerable) is NS -630; 2Hx-2 by W on board 2 (EW not) is NS +300."""
    event, _ = read_night("mitchell")
    by = results(event)
    assert by[(1, "1")].score == 420
    assert by[(3, "2")].score == -630
    assert by[(2, "1")].score == 300
    assert by[(4, "2")].outcome is Outcome.PASSED_OUT and by[(4, "2")].score == 0
    assert by[(4, "1")].score == 100  # 4S-1 by E, both vulnerable
    assert by[(5, "3")].score == -150  # 1NT+2 by W, EW not vulnerable
    assert by[(2, "3")].score == 600  # 3NT= by N, NS vulnerable
    assert by[(3, "1")].score == -600
    assert (by[(3, "2")].ns, by[(3, "2")].ew, by[(3, "2")].declarer) == ("2", "2", Seat.E)


def test_dealer_and_vulnerability_follow_the_board_number() -> None:
    """A BWS stores neither: board 4 is dealt by West, both vulnerable (Law 2)."""
    event, _ = read_night("mitchell")
    board = next(b for b in section_of(event).boards if b.number == 4)
    assert (board.dealer, board.vulnerability) == (Seat.W, Vulnerability.BOTH)


def test_names_are_the_seats_keyed_at_the_pair_s_first_table() -> None:
    """NS pair 2 is table 2's North and South; EW pair 1 table 1's East and West."""
    event, _ = read_night("mitchell")
    pairs = {(p.id, p.direction): p.players for p in section_of(event).participants}
    assert pairs[("2", Direction.NS)] == (
        Player("Ed North", "1000005"),
        Player("Flo South", "1000006"),
    )
    assert pairs[("1", Direction.EW)] == (
        Player("Cy East", "1000003"),
        Player("Di West", "1000004"),
    )


def test_the_date_is_the_session_s() -> None:
    event, _ = read_night("mitchell")
    assert str(event.date) == "2026-03-09"


# -- a Howell ---------------------------------------------------------------------


def test_a_howell_s_pairs_are_known_by_their_number_alone() -> None:
    """Each number seated once a round, NS one round, EW another: 4 pairs, no direction."""
    event, _ = read_night("howell")
    section = section_of(event)
    assert [(p.id, p.direction) for p in section.participants] == [
        (str(n), None) for n in range(1, 5)
    ]
    assert event.result_count() == 12


def test_a_number_keyed_without_a_name_is_named_from_the_roster() -> None:
    """Pair 4's West keyed 2000044 alone: PlayerNames names it. Pair 3's South
    keyed a number the roster lacks: a player with a number and no name.
    Pair 2's East keyed nothing: pair 2 has one player."""
    event, _ = read_night("howell")
    pairs = {p.id: p.players for p in section_of(event).participants}
    assert pairs["4"] == (Player("Max East", "2000041"), Player("Dee West", "2000044"))
    assert pairs["3"] == (Player("Lou North", "2000031"), Player(None, "9999999"))
    assert pairs["2"] == (Player("Kit West", "2000022"),)
    assert pairs["1"] == (Player("Ida North", "2000011"), Player("Jo South", "2000012"))


def test_the_roster_is_read_only_for_a_number_without_a_name() -> None:
    """The Mitchell's numbers all have names: PlayerNames is never asked for."""
    tables = night("mitchell")
    read_tables(tables)
    assert "PlayerNames" not in tables.asked
    howell = night("howell")
    read_tables(howell)
    assert howell.asked.count("PlayerNames") == 1


def test_a_declarer_seat_that_contradicts_the_declaring_pair_is_a_warning() -> None:
    """Board 4 at table 2: seat E, but Declarer names NS pair 4. The seat
    decides the score; the warning names the board and the table."""
    event, warnings = read_night("howell")
    assert [w.message for w in warnings] == [
        "section A board 4 table 2: declarer's seat is E but the declaring pair 4 "
        "sat NS: scored with E declaring"
    ]
    assert warnings[0].severity == "warning"
    assert results(event)[(4, "2")].score == 100  # 2NT-1 by E, both vulnerable: NS +100


# -- entries keyed again and erased -----------------------------------------------


def test_the_latest_entry_of_a_table_and_board_is_its_result() -> None:
    """Board 1 keyed twice: ID 5 (4H=) replaces ID 2 (3H+1), whatever the rows' order."""
    event, _ = read_night("reentries")
    assert str(results(event)[(1, "1")].contract) == "4H"


def test_an_erased_latest_entry_leaves_the_board_without_a_result() -> None:
    """Board 2's latest entry is erased: no result at that table; board 3's
    erased entry was keyed again: the new one is the result."""
    event, _ = read_night("reentries")
    by = results(event)
    assert (2, "1") not in by
    assert by[(3, "1")].tricks == 8
    assert event.result_count() == 2


def current_reference(entries: Sequence[tuple[int, int, bool]]) -> dict[int, int]:
    """The slow rule: for each board, sort its entries by ID; the last is the
    result unless it is erased."""
    out: dict[int, int] = {}
    for board in {b for b, _, _ in entries}:
        mine = sorted((e for e in entries if e[0] == board), key=lambda e: e[1])
        if not mine[-1][2]:
            out[board] = mine[-1][1]
    return out


def entry_rows(entries: Sequence[tuple[int, int, bool]]) -> list[Row]:
    """Rows of ReceivedData, one per (board, ID, erased), each a 1NT making ID mod 7 tricks over."""
    return [
        {
            "ID": str(id_),
            "Section": "1",
            "Table": "1",
            "Round": "1",
            "Board": str(board),
            "PairNS": "1",
            "PairEW": "2",
            "NS/EW": "N",
            "Contract": "1 NT",
            "Result": f"+{id_ % 7}" if id_ % 7 else "=",
            "Erased": "1" if erased else "0",
        }
        for board, id_, erased in entries
    ]


@given(
    st.lists(
        st.tuples(st.integers(1, 4), st.integers(1, 10_000), st.booleans()),
        min_size=1,
        max_size=30,
        unique_by=lambda e: e[1],
    )
)
@example([(1, 2, False), (1, 1, True)])  # an erased entry replaced by nothing earlier
def test_the_current_entry_agrees_with_the_slow_rule(entries: list[tuple[int, int, bool]]) -> None:
    """Whatever the entries and their order, each board's result is its
    highest-ID entry, none where that one is erased."""
    tables = MemoryTables({"RoundData": [], "ReceivedData": entry_rows(entries), "Section": []})
    event, _ = read(tables, "night.bws", True)
    got = {
        b.number: r.tricks
        for session in event.sessions
        for s in session.sections
        for b in s.boards
        for r in b.results
    }
    want = {board: 7 + id_ % 7 for board, id_ in current_reference(entries).items()}
    assert got == want


# -- remarks ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("board", "code", "ns", "ew"),
    [
        pytest.param(
            1, "60%-40%", AdjustedKind.AVERAGE_PLUS, AdjustedKind.AVERAGE_MINUS, id="60-40"
        ),
        pytest.param(
            2, "40%-60%", AdjustedKind.AVERAGE_MINUS, AdjustedKind.AVERAGE_PLUS, id="40-60"
        ),
        pytest.param(3, "50%-50%", AdjustedKind.AVERAGE, AdjustedKind.AVERAGE, id="50-50"),
        pytest.param(
            4, "60%-60%", AdjustedKind.AVERAGE_PLUS, AdjustedKind.AVERAGE_PLUS, id="60-60"
        ),
    ],
)
def test_an_arbitral_percentage_is_an_artificial_adjusted_score(
    board: int, code: str, ns: AdjustedKind, ew: AdjustedKind
) -> None:
    """``60%-40%`` and the like (NS% then EW%) are Law 12C2 artificial scores, kept as written."""
    event, _ = read_night("remarks")
    result = results(event)[(board, "1")]
    assert result.outcome is Outcome.ADJUSTED and result.score is None
    assert result.adjusted is not None
    assert (result.adjusted.code, result.adjusted.ns, result.adjusted.ew) == (code, ns, ew)


def remarked(remark: str) -> tuple[Event, list[Problem]]:
    """The remarks night with board 1 at table 1 keyed with ``remark`` and no contract."""
    rows = {name: night("remarks").rows(name) for name in ("Section", "RoundData")}
    (first, *_) = night("remarks").rows("ReceivedData")
    warnings: list[Problem] = []
    tables = MemoryTables({**rows, "ReceivedData": [{**first, "Remarks": remark}]})
    return read_tables(tables, source="remarked.bws", warnings=warnings), warnings


@pytest.mark.parametrize(
    ("remark", "ns", "ew"),
    [
        pytest.param(
            "70%-40%", AdjustedKind.AVERAGE_PLUS, AdjustedKind.AVERAGE_MINUS, id="session-70"
        ),
        pytest.param(
            "60 % - 40 %", AdjustedKind.AVERAGE_PLUS, AdjustedKind.AVERAGE_MINUS, id="spaced"
        ),
        pytest.param("60-40", AdjustedKind.AVERAGE_PLUS, AdjustedKind.AVERAGE_MINUS, id="bare"),
        pytest.param("40%-40%", AdjustedKind.AVERAGE_MINUS, AdjustedKind.AVERAGE_MINUS, id="both"),
    ],
)
def test_a_percentage_pair_in_any_spelling_is_an_artificial_score(
    remark: str, ns: AdjustedKind, ew: AdjustedKind
) -> None:
    """Remarks is free text a scoring program may write too: a pair of
    percentages with or without the signs and spaces is NS's then EW's."""
    event, warnings = remarked(remark)
    result = results(event)[(1, "1")]
    assert result.outcome is Outcome.ADJUSTED and result.adjusted is not None
    assert (result.adjusted.ns, result.adjusted.ew) == (ns, ew)
    assert [w.message for w in warnings] == []


def test_a_session_percentage_is_read_and_said_as_the_imp_methods_score_it() -> None:
    """70% (a side's session percentage, which Law 12C2(a) allows where it
    is better than 60%) is one average-plus to every IMP method: said by check."""
    from pbnscore.validate import check

    event, _ = remarked("70%-40%")
    said = [p.message for p in check(event) if "artificial score" in p.message]
    assert said == [
        "section A board 1: artificial score 70%-40%: NS's 70% scores as 60% does "
        "(average-plus: --artificial-imps)"
    ]


def test_a_remark_not_understood_without_a_contract_is_one_warning() -> None:
    event, warnings = remarked("60%/40%")
    assert results(event)[(1, "1")].outcome is Outcome.NOT_PLAYED
    assert [w.message for w in warnings] == [
        "section A board 1 table 1: remark '60%/40%' not understood and no contract: "
        "read as not played"
    ]


@pytest.mark.parametrize(
    ("keyed", "lead", "said"),
    [
        pytest.param("SA", "SA", [], id="ace"),
        pytest.param("C10", "CT", [], id="the-guide-s-ten"),
        pytest.param("h7", "H7", [], id="lower-case"),
        pytest.param(
            "X9", None, ["section A board 1 table 1: lead 'X9' is no card: left out"], id="no-card"
        ),
    ],
)
def test_a_lead_is_a_card_as_hand_records_write_it(
    keyed: str, lead: str | None, said: list[str]
) -> None:
    """LeadCard: suit letter then rank, the ten written ``10`` by the guide
    (``C10``); kept as PBN and hand records write a card, with ``T``."""
    rows = {name: night("mitchell").rows(name) for name in ("Section", "RoundData")}
    (first, *_) = night("mitchell").rows("ReceivedData")
    warnings: list[Problem] = []
    tables = MemoryTables({**rows, "ReceivedData": [{**first, "LeadCard": keyed}]})
    event = read_tables(tables, source="led.bws", warnings=warnings)
    (result,) = (r for b in section_of(event).boards for r in b.results)
    assert result.lead == lead and result.score == 420
    assert [w.message for w in warnings] == said


def test_not_played_is_not_played() -> None:
    event, _ = read_night("remarks")
    assert results(event)[(1, "2")].outcome is Outcome.NOT_PLAYED


def test_an_undecided_arbitral_score_is_a_warning_naming_board_and_table() -> None:
    """``Arbitral score``: the director has not decided; the board is left unscored there."""
    event, warnings = read_night("remarks")
    assert results(event)[(2, "2")].outcome is Outcome.NOT_PLAYED
    said = [w.message for w in warnings if "arbitral score not yet decided" in w.message]
    assert len(said) == 1 and said[0].startswith("section A board 2 table 2: ")


def test_wrong_direction_is_scored_as_entered_with_a_warning() -> None:
    event, warnings = read_night("remarks")
    assert results(event)[(3, "2")].score == 400
    assert any(
        w.message.startswith("section A board 3 table 2: entered with the remark") for w in warnings
    )


# -- what cannot be read ----------------------------------------------------------


def mitchell_with(**tables: Sequence[Row] | Exception) -> MemoryTables:
    rows = {name: night("mitchell").rows(name) for name in ("Section", "RoundData", "ReceivedData")}
    return MemoryTables({**rows, **tables})


def test_an_unreadable_player_table_is_a_warning_and_a_night_without_names() -> None:
    """PlayerNumbers the library cannot read: the night is read, its pairs unnamed, one warning."""
    tables = mitchell_with(PlayerNumbers=TableUnreadable("error: unpack_from"))
    warnings: list[Problem] = []
    event = read_tables(tables, source="x.bws", warnings=warnings)
    assert event.result_count() == 18
    assert all(p.players == () for p in section_of(event).participants)
    assert [w.message for w in warnings] == [
        "table PlayerNumbers could not be read (error: unpack_from): the pairs have no names"
    ]


def test_an_unreadable_results_table_is_one_error() -> None:
    tables = mitchell_with(ReceivedData=TableUnreadable("its columns do not line up"))
    with pytest.raises(
        ParseError, match=r"^x\.bws: table ReceivedData could not be read \(its columns"
    ):
        read_tables(tables, source="x.bws")


def bad_row(**changes: str | None) -> MemoryTables:
    row = {**night("mitchell").rows("ReceivedData")[0], **changes}
    return mitchell_with(ReceivedData=[row])


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        pytest.param({"Contract": "8 NT"}, "contract '8 NT' cannot be read", id="contract"),
        pytest.param({"Result": "+9"}, "4S +9 is 19 tricks", id="tricks"),
        pytest.param({"Result": None}, "no result given for 4S", id="no-result"),
        pytest.param({"NS/EW": "X"}, "declarer 'X' is no seat for 4S", id="seat"),
        pytest.param({"NS/EW": None}, "no declarer seat for 4S", id="no-seat"),
        pytest.param({"Remarks": "120%-40%"}, "is no pair of percentages", id="percent"),
    ],
)
def test_a_row_that_cannot_be_read_is_an_error_naming_board_and_table(
    changes: dict[str, str | None], message: str
) -> None:
    """Strict: one ParseError; lenient (check): a problem, the row left out."""
    with pytest.raises(ParseError, match=r"^x\.bws: section A board 1 table 1: ") as raised:
        read_tables(bad_row(**changes), source="x.bws")
    assert message in raised.value.message
    event, problems = read(bad_row(**changes), "x.bws", False)
    assert event.result_count() == 0
    assert [p.severity for p in problems] == ["error"]


@given(
    st.integers(1, 7),
    st.sampled_from(["C", "D", "H", "S", "NT"]),
    st.sampled_from(["", " x", " xx"]),
    st.integers(0, 13),
    st.sampled_from("NESW"),
    st.integers(1, 32),
)
def test_every_score_is_law_77_s(
    level: int, strain: str, risk: str, tricks: int, seat: str, board: int
) -> None:
    """Any contract, result, seat and board: the score bridge.ns_score gives."""
    contract_text = f"{level} {strain}{risk}"
    over = tricks - level - 6
    result = "=" if over == 0 else f"{over:+d}"
    tables = bad_row(Contract=contract_text, Result=result, Board=str(board), **{"NS/EW": seat})
    event = read_tables(tables)
    (got,) = [
        r for s in event.sessions for sec in s.sections for b in sec.boards for r in b.results
    ]
    contract = parse_contract(contract_text)
    assert contract is not None and relative_tricks(contract, result) == tricks
    assert got.score == ns_score(contract, Seat(seat), tricks, vulnerability_for_board(board))


def test_progress_counts_the_movement_s_results_and_the_round_under_way() -> None:
    """Three of the Mitchell's 18 results left out: round 3 is under way."""
    rows = night("mitchell").rows("ReceivedData")
    tables = mitchell_with(ReceivedData=[r for r in rows if r["ID"] not in {"16", "17", "18"}])
    progress = bws._build.progress(tables)
    assert (progress.results, progress.scheduled, progress.round, progress.rounds) == (15, 18, 3, 3)
    assert not progress.complete
    assert bws._build.progress(night("mitchell")).complete


def test_ew_pairs_that_moved_before_play_keyed_their_names_at_home() -> None:
    """EWMoveBeforePlay 1: EW pair 1 sat at table 1 in round 1, but keyed
    its names at its home table, one table back round the section: table 3."""
    section_row = {**night("mitchell").rows("Section")[0], "EWMoveBeforePlay": "1"}
    tables = mitchell_with(
        Section=[section_row], PlayerNumbers=night("mitchell").rows("PlayerNumbers")
    )
    pairs = {(p.id, p.direction): p.names for p in section_of(read_tables(tables)).participants}
    assert pairs[("1", Direction.EW)] == ("Kay East", "Len West")
    assert pairs[("1", Direction.NS)] == ("Ann North", "Bob South")


def test_a_hand_record_gives_the_board_its_deal() -> None:
    """HandRecord's sixteen columns, ranks with T (or 10) for the ten; a void is empty."""
    hands = {
        "North": ("AKQJ", "T98", "765", "432"),
        "East": ("T98", "765", "432", "AKQJ"),
        "South": ("765", "432", "AKQJ", "1098"),
        "West": ("432", "AKQJ", "T98", "765"),
    }
    row = {"Section": "1", "Board": "1"}
    for seat, suits in hands.items():
        columns = (f"{seat}{suit}" for suit in ("Spades", "Hearts", "Diamonds", "Clubs"))
        row |= dict(zip(columns, suits, strict=True))
    event = read_tables(mitchell_with(HandRecord=[row]))
    board = next(b for b in section_of(event).boards if b.number == 1)
    assert board.deal is not None and board.deal.complete
    assert board.deal.north == ("AKQJ", "T98", "765", "432")
    assert board.deal.south == ("765", "432", "AKQJ", "T98")
    assert all(b.deal is None for b in section_of(event).boards if b.number != 1)


@pytest.mark.parametrize(
    ("changes", "said"),
    [
        pytest.param(
            {"PairEW": "3"},
            "keyed for NS 1 v EW 3, but the movement seats NS 1 v EW 1 there: scored as keyed",
            id="pairs",
        ),
        pytest.param(
            {"Board": "5"},
            "the movement gives that table other boards: scored as keyed",
            id="board",
        ),
        pytest.param(
            {"Round": "9"}, "the movement has no such table and round: scored as keyed", id="round"
        ),
    ],
)
def test_a_result_keyed_against_the_movement_is_a_warning(
    changes: dict[str, str], said: str
) -> None:
    """Table 1's first result keyed for other pairs, another board or a round
    the movement does not have: scored as keyed, the director told."""
    warnings: list[Problem] = []
    event = read_tables(bad_row(**changes), source="x.bws", warnings=warnings)
    assert event.result_count() == 1
    board, round_ = changes.get("Board", "1"), changes.get("Round", "1")
    assert [w.message for w in warnings] == [
        f"section A board {board} table 1 round {round_}: {said}"
    ]


def test_the_samples_shape_keys_every_result_where_the_movement_says() -> None:
    for name in ("mitchell", "howell", "reentries", "remarks"):
        _, warnings = read_night(name)
        assert not [w for w in warnings if "movement" in w.message], name
