"""A PBN event written as USEBIO the way real producers write it, so that
the readers take it (docs/reference/usebio-out.md): SESSION/SECTION for sections, a
PLAYER per player, the date as dd/mm/yyyy, the Event tag as
EVENT_DESCRIPTION, each board's deal as its HANDSET, nothing empty that a
reader parses as a number."""

from __future__ import annotations

from pathlib import Path

import pytest
from lxml import etree

import pbnscore
from conftest import REFUSED_SAMPLES, shared_sample_files
from pbnscore import usebio
from pbnscore.errors import PbnscoreError
from pbnscore.model import Board, Deal, Event
from pbnscore.pbn._read_write_pairs import split_names

ROOT = Path(__file__).resolve().parents[1]
TWO_SECTIONS = ROOT / "fixtures" / "pbn" / "two-sections-pair-names.pbn"
PBN_FILES = sorted((ROOT / "fixtures" / "pbn").glob("*.pbn")) + shared_sample_files(
    "pbn/*", exclude=tuple(REFUSED_SAMPLES)
)


@pytest.mark.parametrize(
    ("text", "names"),
    [
        ("Ann Abbott;Ben Baker", ("Ann Abbott", "Ben Baker")),  # PBN 2.1 §5.9
        ("Cat Carter - Dan Dixon", ("Cat Carter", "Dan Dixon")),  # Magic Contest
        ("Hemsley-Dudman", ("Hemsley", "Dudman")),  # BridgeComposer surnames
        ("Eve Ellis-Fay Foster", ("Eve Ellis", "Fay Foster")),  # JFR/PbnTools full names
        ("Ann Smith-Jones", ("Ann Smith-Jones",)),  # one double-barrelled name
        ("Jean-Paul Martin", ("Jean-Paul Martin",)),
        ("Para-1", ("Para-1",)),  # a pair's label, not two people
        ("Solo Player", ("Solo Player",)),
    ],
)
def test_pair_names_split_on_their_separators(text: str, names: tuple[str, ...]) -> None:
    assert split_names(text) == names


def written(path: Path, method: str = "butler") -> etree._Element:
    return etree.fromstring(usebio.dumps(pbnscore.score(pbnscore.load(path), method)))


def test_sections_in_a_session_with_a_player_each() -> None:
    """Two sections: EVENT/SESSION/SECTION, never EVENT/SECTION; each
    player of a pair a PLAYER, one kept where the names do not split."""
    root = written(TWO_SECTIONS)
    assert root.find("EVENT/SECTION") is None
    sections = root.findall("EVENT/SESSION/SECTION")
    assert [s.get("SECTION_ID") for s in sections] == ["A", "B"]
    players = {
        (s.get("SECTION_ID"), p.findtext("PAIR_NUMBER"), p.findtext("DIRECTION")): [
            n.text for n in p.iterfind("PLAYER/PLAYER_NAME")
        ]
        for s in sections
        for p in s.iterfind("PARTICIPANTS/PAIR")
    }
    assert players[("A", "1", "EW")] == ["Hemsley", "Dudman"]
    assert players[("A", "2", "EW")] == ["Eve Ellis", "Fay Foster"]
    assert players[("B", "2", "NS")] == ["Solo Player"]
    assert sum(len(names) == 2 for names in players.values()) == 7


def test_one_section_stays_flat() -> None:
    root = written(ROOT / "fixtures" / "pbn" / "mitchell-pairs.pbn")
    assert root.find("EVENT/SESSION") is None
    assert root.find("EVENT/PARTICIPANTS/PAIR") is not None
    assert root.find("EVENT/BOARD/TRAVELLER_LINE") is not None


def test_date_and_description_from_the_tags() -> None:
    """[Date "2026.03.19"] is DATE 19/03/2026, as every producer writes it;
    [Event] is EVENT_DESCRIPTION."""
    root = written(TWO_SECTIONS)
    assert root.findtext("EVENT/DATE") == "19/03/2026"
    assert root.findtext("EVENT/EVENT_DESCRIPTION") == "Two Section Pairs"


SEATS = {"North": "N", "East": "E", "South": "S", "West": "W"}


def deal_from_handset(board_el: etree._Element) -> str:
    """The PBN deal, from North, that a HANDSET board's hands spell."""
    hands = {}
    for hand in board_el.iterfind("HAND"):
        suits = [hand.findtext(tag) or "" for tag in ("SPADES", "HEARTS", "DIAMONDS", "CLUBS")]
        hands[SEATS[hand.findtext("DIRECTION") or ""]] = ".".join(
            "" if s == "-" else s for s in suits
        )
    return "N:" + " ".join(hands.get(seat, "-") for seat in "NESW")


def from_north(deal: Deal) -> str:
    hands = (deal.north, deal.east, deal.south, deal.west)
    return "N:" + " ".join(".".join(hand) if hand is not None else "-" for hand in hands)


def boards(event: Event) -> list[Board]:
    return [
        board
        for session in event.sessions
        for group in (*session.sections, *session.matches)
        for board in group.boards  # type: ignore[attr-defined]
    ]


def readable(path: Path) -> Event:
    """Every file of PBN_FILES reads (the samples known not to are left out)."""
    return pbnscore.load(path)


@pytest.mark.parametrize("path", PBN_FILES, ids=lambda p: p.name)
def test_each_deal_is_a_handset_board(path: Path) -> None:
    """Every board's deal, dealer and vulnerability are in a root-level
    HANDSET, the hands spelling the same deal (where sets of deals share a
    number, docs/reference/choices.md, the HANDSET board of its deal)."""
    event = readable(path)
    root = etree.fromstring(usebio.dumps(event))
    written_boards = {
        (h.get("HANDSET_ID"), b.findtext("BOARD_NUMBER")): b
        for h in root.iterfind("HANDSET")
        for b in h.iterfind("BOARD")
    }
    for board in boards(event):
        if board.deal is None:
            continue
        found = [b for (_, n), b in written_boards.items() if n == str(board.number)]
        assert found, board.number
        assert from_north(board.deal) in {deal_from_handset(b) for b in found}
        found = [b for b in found if deal_from_handset(b) == from_north(board.deal)]
        for b in found:
            assert b.findtext("DEALER") == (board.dealer.value if board.dealer else None)
            vulnerability = board.vulnerability
            assert b.findtext("VULNERABILITY") == (vulnerability.value if vulnerability else None)
    assert bool(written_boards) == any(b.deal for b in boards(event))


NUMERIC = (
    "TOTAL_SCORE", "PERCENTAGE", "PLACE", "MASTER_POINTS_AWARDED", "BOARD_AVERAGE",
    "NS_BUTLER_POINTS", "EW_BUTLER_POINTS", "NS_CROSS_IMP_POINTS", "EW_CROSS_IMP_POINTS",
    "SCORE", "TRICKS", "BOARD_NUMBER", "IMPS", "TEAM_SCORE", "OPPOSING_TEAM_SCORE",
)  # fmt: skip


@pytest.mark.parametrize("path", PBN_FILES, ids=lambda p: p.name)
def test_nothing_empty_that_reads_as_a_number(path: Path) -> None:
    event = readable(path)
    for method in ("butler", "cross-imps"):
        try:
            root = etree.fromstring(usebio.dumps(pbnscore.score(event, method)))
        except PbnscoreError:
            continue  # a method that does not score this event
        empty = [e.tag for e in root.iter(*NUMERIC) if not (e.text or "").strip()]
        assert empty == [], method


@pytest.mark.parametrize("path", PBN_FILES, ids=lambda p: p.name)
def test_deals_read_back(path: Path) -> None:
    """Written as USEBIO and read back, every board has its deal, dealer and
    vulnerability again."""
    event = readable(path)
    back = usebio.loads(usebio.dumps(event))

    def dealt(e: Event) -> list[tuple[object, ...]]:
        return [
            (b.number, from_north(b.deal) if b.deal else None, b.dealer, b.vulnerability)
            for b in boards(e)
        ]

    assert dealt(back) == dealt(event)


HANDSET_DOC = """<USEBIO Version="1.2"><CLUB><CLUB_NAME>C</CLUB_NAME></CLUB>
<EVENT EVENT_TYPE="MP_PAIRS"><PARTICIPANTS>
<PAIR><PAIR_NUMBER>1</PAIR_NUMBER></PAIR><PAIR><PAIR_NUMBER>2</PAIR_NUMBER></PAIR>
</PARTICIPANTS><BOARD><BOARD_NUMBER>1</BOARD_NUMBER><TRAVELLER_LINE>
<NS_PAIR_NUMBER>1</NS_PAIR_NUMBER><EW_PAIR_NUMBER>2</EW_PAIR_NUMBER><CONTRACT>3NT</CONTRACT>
<PLAYED_BY>N</PLAYED_BY><TRICKS>9</TRICKS><SCORE>400</SCORE></TRAVELLER_LINE></BOARD>
</EVENT>
<HANDSET><BOARD><BOARD_NUMBER>1</BOARD_NUMBER>
<HAND><DIRECTION>East</DIRECTION><CLUBS>K2</CLUBS><DIAMONDS>AJ8</DIAMONDS><HEARTS>A74</HEARTS>
<SPADES>AQ974</SPADES></HAND>
<HAND><DIRECTION>North</DIRECTION><SPADES>-</SPADES><HEARTS>KQJ10</HEARTS>
<DIAMONDS>KQ9762</DIAMONDS><CLUBS>AQT</CLUBS></HAND>
<HAND><DIRECTION>South</DIRECTION><SPADES>KJ5</SPADES><HEARTS></HEARTS>
<DIAMONDS>T543</DIAMONDS><CLUBS>J9765</CLUBS></HAND>
</BOARD></HANDSET></USEBIO>"""


def test_handset_voids_and_order() -> None:
    """Hands in any order, suits in any order, a void as "-" (PairsScorer)
    or empty (Compscore), the ten as "10": read as the PBN deal from North;
    a seat not given is "-"; no dealer or vulnerability where none is said."""
    board = boards(usebio.loads(HANDSET_DOC))[0]
    assert board.deal is not None
    assert from_north(board.deal) == "N:.KQJT.KQ9762.AQT AQ974.A74.AJ8.K2 KJ5..T543.J9765 -"
    assert (board.dealer, board.vulnerability) == (None, None)
