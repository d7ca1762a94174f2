"""A USEBIO HANDSET's hands are read when a board's deal is first asked for
(docs/internals/speed.md "The small file in process"): reading, scoring and
writing USEBIO read none; the deals, dealers and vulnerabilities are those
of the first HANDSET board of each number whose hands read, as a plain walk
of the document finds them."""

from __future__ import annotations

import pickle
import re
from collections.abc import Callable
from pathlib import Path
from xml.etree import ElementTree

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

import pbnscore
from pbnscore import usebio
from pbnscore.model import Board, Deal, LaterDeal, Seat, Vulnerability
from pbnscore.usebio import _read_handset, _read_write_intake

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures" / "usebio"
WITH_HANDSET = ("compscore-mitchell.xml", "compscore-cross-imps.xml", "bridgewebs-converted.xml")


def counted(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """How many HANDSET boards' hands have been read, as a growing list."""
    calls: list[int] = []
    read: Callable[..., Deal | None] = _read_handset._read_deal

    def counting(board: object) -> Deal | None:
        calls.append(1)
        return read(board)

    monkeypatch.setattr(_read_handset, "_read_deal", counting)
    return calls


@pytest.mark.parametrize("name", WITH_HANDSET)
def test_no_hand_is_read_until_a_deal_is_asked_for(
    monkeypatch: pytest.MonkeyPatch, name: str
) -> None:
    calls = counted(monkeypatch)
    event = usebio.load(FIXTURES / name)
    usebio.dumps(pbnscore.score(event))
    assert not calls
    boards = [b for s in event.sessions for x in s.sections for b in x.boards]
    assert any(board.deal is not None for board in boards)
    read = len(calls)
    assert read
    assert all(board.deal is not None for board in boards[:1])
    assert len(calls) == read  # each read once, then kept


def test_a_lazy_deal_pickles_compares_and_shows_as_the_deal() -> None:
    deal = Deal.of({Seat.N: ("AKQ", "", "", "")})
    lazy = Board(1, deal=LaterDeal(lambda: deal))
    assert lazy == Board(1, deal=deal)
    assert hash(lazy) == hash(Board(1, deal=deal))
    assert repr(lazy) == repr(Board(1, deal=deal))
    assert pickle.loads(pickle.dumps(lazy)).deal == deal
    assert Board(1, deal=LaterDeal(lambda: None)) == Board(1)


# -- against a plain walk ---------------------------------------------------------

SUITS = ("SPADES", "HEARTS", "DIAMONDS", "CLUBS")
SEATS = {"NORTH": Seat.N, "EAST": Seat.E, "SOUTH": Seat.S, "WEST": Seat.W}
CARDS_RE = re.compile("[AKQJT2-9]*")
DEALERS = {"N": Seat.N, "E": Seat.E, "S": Seat.S, "W": Seat.W}
VULNERABILITIES = {"NS": Vulnerability.NS}


def walked(data: str, number: int) -> tuple[Deal | None, Seat | None, Vulnerability | None]:
    """Board ``number``'s deal, dealer and vulnerability: those of the first
    HANDSET board of that number (in document order) all of whose hands read."""
    for board in ElementTree.fromstring(data).iterfind("HANDSET/BOARD"):
        if (board.findtext("BOARD_NUMBER") or "").strip() != str(number):
            continue
        hands: dict[Seat, tuple[str, ...]] = {}
        for hand in board.iterfind("HAND"):
            seat = SEATS.get((hand.findtext("DIRECTION") or "").strip().upper())
            suits = [(hand.findtext(t) or "").strip().upper().replace("10", "T") for t in SUITS]
            suits = ["" if cards == "-" else cards for cards in suits]
            if seat is None or not all(CARDS_RE.fullmatch(cards) for cards in suits):
                hands = {}
                break
            hands[seat] = tuple(suits)
        if hands:
            dealer = DEALERS.get((board.findtext("DEALER") or "").strip().upper())
            vulnerability = (board.findtext("VULNERABILITY") or "").strip().upper()
            return Deal.of(hands), dealer, VULNERABILITIES.get(vulnerability)  # type: ignore[arg-type]
    return None, None, None


HAND = st.sampled_from(
    (
        "<HAND><DIRECTION>North</DIRECTION><SPADES>AKQ</SPADES><HEARTS>-</HEARTS></HAND>",
        "<HAND><DIRECTION>South</DIRECTION><CLUBS>10 9</CLUBS></HAND>",  # no read: a space
        "<HAND><DIRECTION>West</DIRECTION><DIAMONDS>J52</DIAMONDS></HAND>",
        "<HAND><DIRECTION>Nowhere</DIRECTION></HAND>",  # no read: the seat
        "<HAND><DIRECTION>East</DIRECTION><SPADES>T9</SPADES><HEARTS>K</HEARTS></HAND>",
        "<HAND><DIRECTION> east </DIRECTION><CLUBS>10</CLUBS></HAND>",  # reads
        "<HAND><DIRECTION>No<X/>rth</DIRECTION></HAND>",  # no read: the seat's text is "No"
        "<HAND><DIRECTION>North</DIRECTION><SPADES>A<X/>!</SPADES></HAND>",  # reads: "A"
    )
)
HANDSET_BOARD = st.builds(
    lambda number, dealer, vulnerability, hands: (
        f"<BOARD><BOARD_NUMBER>{number}</BOARD_NUMBER>{dealer}{vulnerability}"
        + "".join(hands)
        + "</BOARD>"
    ),
    st.sampled_from((1, 2)),
    st.sampled_from(("", "<DEALER>E</DEALER>")),
    st.sampled_from(("", "<VULNERABILITY>NS</VULNERABILITY>")),
    st.lists(HAND, max_size=3),
)
LINE = (
    "<TRAVELLER_LINE><NS_PAIR_NUMBER>1</NS_PAIR_NUMBER><EW_PAIR_NUMBER>2</EW_PAIR_NUMBER>"
    "<CONTRACT>PASS</CONTRACT><SCORE>0</SCORE></TRAVELLER_LINE>"
)


@settings(max_examples=60, deadline=None)
@example(  # the seat's text is "No", its text with its children's "North"
    [["<BOARD><BOARD_NUMBER>1</BOARD_NUMBER><DEALER>E</DEALER>"
      "<HAND><DIRECTION>No<X/>rth</DIRECTION></HAND></BOARD>"]]
)  # fmt: skip
@example(  # the suit's text is "A", with its children's "A!"
    [["<BOARD><BOARD_NUMBER>1</BOARD_NUMBER><DEALER>E</DEALER>"
      "<HAND><DIRECTION>North</DIRECTION><SPADES>A<X/>!</SPADES></HAND></BOARD>"]]
)  # fmt: skip
@example(  # a start tag the bytes' count does not take for a HAND's
    [["<BOARD><BOARD_NUMBER>1</BOARD_NUMBER><DEALER>E</DEALER>"
      "<HAND\n><DIRECTION>Nowhere</DIRECTION></HAND></BOARD>"]]
)  # fmt: skip
@given(handsets=st.lists(st.lists(HANDSET_BOARD, max_size=3), min_size=1, max_size=2))
def test_each_board_has_the_deal_a_plain_walk_finds(handsets: list[list[str]]) -> None:
    """Hands that read or not, boards given twice, with a dealer and
    vulnerability or without: each board's deal, dealer and vulnerability
    are the walk's, however many deals are asked for first."""
    sets = "".join(f"<HANDSET>{''.join(boards)}</HANDSET>" for boards in handsets)
    data = (
        f'<USEBIO Version="1.2">{sets}<EVENT EVENT_TYPE="MP_PAIRS">'
        f"<BOARD><BOARD_NUMBER>1</BOARD_NUMBER>{LINE}</BOARD>"
        f"<BOARD><BOARD_NUMBER>2</BOARD_NUMBER>{LINE}</BOARD></EVENT></USEBIO>"
    )
    boards = usebio.loads(data).sessions[0].sections[0].boards
    for board in boards:
        assert (board.deal, board.dealer, board.vulnerability) == walked(data, board.number)


@pytest.mark.parametrize(
    "stray",
    [
        "<HAND><DIRECTION>North</DIRECTION><SPADES>AKQ</SPADES></HAND>",
        "<!-- <HAND><DIRECTION>North</DIRECTION></HAND> -->",
    ],
)
def test_a_hand_outside_the_handsets_leaves_the_deals_as_the_walk_finds_them(stray: str) -> None:
    """A HAND (or its bytes) outside every HANDSET read is no hand of a
    board: the deals, dealers and vulnerabilities are the walk's."""
    hands = "<HAND><DIRECTION>East</DIRECTION><SPADES>T9</SPADES></HAND>"
    data = (
        '<USEBIO Version="1.2"><HANDSET><BOARD><BOARD_NUMBER>1</BOARD_NUMBER>'
        f"<DEALER>E</DEALER>{hands}</BOARD></HANDSET>"
        f'<EVENT EVENT_TYPE="MP_PAIRS">{stray}'
        f"<BOARD><BOARD_NUMBER>1</BOARD_NUMBER>{LINE}</BOARD></EVENT></USEBIO>"
    )
    board = usebio.loads(data).sessions[0].sections[0].boards[0]
    assert (board.deal, board.dealer, board.vulnerability) == walked(data, 1)
    assert board.dealer is Seat.E


# -- the plain hands' pattern against the hands' own read --------------------------

PLAIN_HANDS = (
    "<HAND>\r\n  <DIRECTION>East</DIRECTION>\r\n  <CLUBS>K2</CLUBS>\r\n  <DIAMONDS>-</DIAMONDS>"
    "\r\n  <HEARTS>A74</HEARTS>\r\n  <SPADES>AQT974</SPADES>\r\n</HAND>",
    "<HAND><SPADES></SPADES><DIRECTION>North</DIRECTION><HEARTS>AKQJT98765432</HEARTS></HAND>",
)
ODD_HANDS = (
    "<HAND><DIRECTION>North</DIRECTION><SPADES>A-</SPADES></HAND>",
    "<HAND><DIRECTION>North</DIRECTION><SPADES>--</SPADES></HAND>",
    "<HAND><DIRECTION>north</DIRECTION></HAND>",
    "<HAND><SPADES>A</SPADES></HAND>",
    "<HAND><DIRECTION>North</DIRECTION><DIRECTION>South</DIRECTION></HAND>",
    "<HAND><DIRECTION>North</DIRECTION><NOTE/></HAND>",
)
ANY_HAND = st.sampled_from(PLAIN_HANDS + ODD_HANDS)


@settings(max_examples=200, deadline=None)
@example([PLAIN_HANDS[0], ODD_HANDS[0]])
@given(st.lists(ANY_HAND, min_size=1, max_size=6))
def test_hands_the_pattern_takes_for_plain_all_read(hands: list[str]) -> None:
    """Where the pattern finds every hand plain, each reads (_hand); where
    each is written as producers write them, it finds them plain."""
    data = (
        '<USEBIO Version="1.2"><HANDSET><BOARD><BOARD_NUMBER>1</BOARD_NUMBER>'
        f"{''.join(hands)}</BOARD></HANDSET></USEBIO>"
    ).encode()
    root = _read_write_intake.parse(data, "x").getroot()
    plain = _read_handset._plain_hands(root, data)
    if plain:
        assert all(_read_handset._hand(hand) is not None for hand in root.iter("HAND"))
    if all(hand in PLAIN_HANDS for hand in hands):
        assert plain
    assert not plain or not set(hands) & set(ODD_HANDS)
