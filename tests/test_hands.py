"""Deals as four hands: PBN ``Deal`` notation (PBN 2.1 §3.4.11) and USEBIO
HANDSET read into the same :class:`pbnscore.model.Deal`,
which holds the hands and no format's spelling of them."""

from __future__ import annotations

import re
from pathlib import Path

import attrs
import pytest
from hypothesis import example, given
from hypothesis import strategies as st

import pbnscore
from pbnscore.errors import Problem
from pbnscore.model import Board, Deal, Seat
from pbnscore.pbn import _read_write_deal
from pbnscore.pbn._read_write_deal import UnreadableDeal, deal_text, read_deal

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"
DEAL = "E:KQT2.AT.J6542.85 - A8.KJ975.AK.J73 -"
CARDS_RE = re.compile("[AKQJT98765432]*")


def test_hands_run_clockwise_from_the_first_seat() -> None:
    """The first hand is the named seat's, then clockwise; '-' is a hand
    not given; writing back lists them from the same seat."""
    deal = read_deal(DEAL)
    assert deal is not None
    assert deal.holdings == {
        Seat.E: ("KQT2", "AT", "J6542", "85"),
        Seat.W: ("A8", "KJ975", "AK", "J73"),
    }
    assert list(deal.holdings) == [Seat.E, Seat.W]
    assert not deal.complete
    assert deal_text(deal) == DEAL
    assert read_deal(deal_text(deal)) == deal


def test_a_deal_is_its_hands_however_the_file_lists_them() -> None:
    """The same hands listed from North and from East are one deal (a field
    is keyed by it), each written back as its file listed it."""
    from_east = read_deal(DEAL)
    from_north = read_deal("N:- KQT2.AT.J6542.85 - A8.KJ975.AK.J73")
    assert from_east is not None and from_north is not None
    assert from_east == from_north and hash(from_east) == hash(from_north)
    assert deal_text(from_north) == "N:- KQT2.AT.J6542.85 - A8.KJ975.AK.J73"


def test_cards_are_put_in_rank_order_and_ten_may_be_10() -> None:
    deal = read_deal("N:2AK.10.-.Q 3.2.A. - -")
    assert deal is not None
    assert deal.holdings[Seat.N] == ("AK2", "T", "", "Q")
    assert deal.holdings[Seat.E] == ("3", "2", "A", "")


@pytest.mark.parametrize("text", ["", "?", " ", "N:- - - -"])
def test_a_deal_not_given_is_none(text: str) -> None:
    assert read_deal(text) is None


@pytest.mark.parametrize(
    "text",
    [
        "N:AKQ.xxx.Q.K - - -",  # not a card
        "N:A.K.Q.J A.2.3.4 - -",  # the ace of spades twice
        "N:AA.K.Q.J - - -",  # twice in one suit
        "N:KAK.K.Q.J - - -",  # twice in one suit, not in rank order
        "N:AKQJT98765432.A.. - - -",  # fourteen cards
        "N:A.K.Q - - -",  # three suits
        "N:A.K.Q.J - -",  # three hands
        "X:A.K.Q.J - - -",  # not a seat
    ],
    ids=[
        "not-a-card",
        "repeated",
        "repeated-in-suit",
        "repeated-unordered",
        "fourteen",
        "three-suits",
        "three-hands",
        "seat",
    ],
)
def test_unreadable_deals_are_refused(text: str) -> None:
    with pytest.raises(UnreadableDeal):
        read_deal(text)


def _deal_read(text: str) -> tuple[object, Seat | None]:
    """read_deal's deal (or its refusal) and the seat it is listed from."""
    try:
        deal = read_deal.__wrapped__(text)
    except UnreadableDeal:
        return "refused", None
    return deal, None if deal is None else deal.listed_from


def _dealt(order: list[int], seat: str) -> str:
    """The deal of a shuffled pack, as files write it, listed from ``seat``."""
    ranks = "AKQJT98765432"
    hands = [sorted(order[hand * 13 : hand * 13 + 13]) for hand in range(4)]
    return f"{seat}:" + " ".join(
        ".".join("".join(ranks[c % 13] for c in hand if c // 13 == suit) for suit in range(4))
        for hand in hands
    )


_SUITS = st.one_of(
    st.sets(st.sampled_from("AKQJT98765432"), max_size=6).map(
        lambda cards: "".join(sorted(cards, key="AKQJT98765432".index))
    ),
    st.text(alphabet="AKQJT98765432", max_size=3),
)
_HANDS = st.lists(st.lists(_SUITS, min_size=4, max_size=4).map(".".join), min_size=4, max_size=4)
_DEALS = st.one_of(
    st.builds(_dealt, st.permutations(range(52)), st.sampled_from("NESW")),
    st.builds(lambda seat, hands: f"{seat}:" + " ".join(hands), st.sampled_from("NESWn"), _HANDS),
    st.builds(
        lambda deal, at, text: deal[:at] + text + deal[at + 1 :],
        st.builds(_dealt, st.permutations(range(52)), st.sampled_from("NESW")),
        st.integers(0, 68),
        st.sampled_from(["", "  ", "-", "x", "A", "2", ".", "10"]),
    ),
)


@given(_DEALS)
@example("E:KQT2.AT.J6542.85 J3.Q8643.Q873.A KJ94.-.T9.QT9642 A8765.KJ972.AK.J7")
@example("W:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432")
@example("N:AKQJT98765432.A.. .KQJT98765432.. ..AKQJT98765432. ...AKQJT98765432")  # 14 cards
@example("N:A.K.Q.J A.2.3.4 5.6.7.8 9.T.J.Q")  # the ace of spades twice
def test_a_deal_as_files_write_it_is_read_at_once_as_step_by_step(text: str) -> None:
    """A deal that one match reads (_plain_deal) is the deal read_deal's
    steps read of it, listed from the same seat, the slow obvious
    reference; one the steps refuse (a card twice, fourteen cards) is
    never read at once."""
    quick = _read_write_deal._plain_deal(text)
    original = _read_write_deal._plain_deal
    try:
        _read_write_deal._plain_deal = lambda text: None
        reference = _deal_read(text)
    finally:
        _read_write_deal._plain_deal = original
    if quick is not None:
        assert (quick, quick.listed_from) == reference
        assert _deal_read(text) == reference


def test_real_deals_are_read_at_once() -> None:
    """Every deal of the PBN fixtures' that reads is read by one match."""
    texts = {
        m[1]
        for path in FIXTURES.rglob("*.pbn")
        for m in re.finditer(r'\[Deal "([^"]*)"\]', path.read_text("latin-1"))
    }
    read = [text for text in texts if _deal_read(text)[1] is not None]
    assert len(read) > 50
    assert [text for text in read if _read_write_deal._plain_deal(text) is None] == []


def test_an_unreadable_deal_is_left_out_with_a_warning() -> None:
    """The board is scored without its hands, and the file says so."""
    text = """[Event "E"]\n[Board "1"]\n[Deal "N:AKQ.xxx.Q.K - - -"]
[Declarer "N"]\n[Contract "3NT"]\n[Result "9"]\n[PairNS "1"]\n[PairEW "2"]\n"""
    problems: list[Problem] = []
    event = pbnscore.pbn.loads(text, warnings=problems)
    board = event.sessions[0].sections[0].boards[0]
    assert board.deal is None
    said = [(p.line, p.severity) for p in problems if "is not a deal" in p.message]
    assert said == [(3, "warning")], problems


def _boards(event: pbnscore.model.Event) -> list[Board]:
    return [
        board
        for session in event.sessions
        for group in (*session.sections, *session.matches)
        for board in group.boards  # type: ignore[attr-defined]
    ]


@pytest.mark.parametrize(
    "path",
    [
        *sorted((FIXTURES / "pbn").glob("*.pbn")),
        FIXTURES / "usebio" / "individual-with-handset.xml",
    ],
    ids=lambda p: p.name,
)
def test_a_board_holds_its_hands_not_a_format_spelling(path: Path) -> None:
    """The model holds no format's spelling: a board's deal is a Deal of
    four holdings, each suit its cards alone (no "N:", dots or "-")."""
    dealt = [board.deal for board in _boards(pbnscore.load(path)) if board.deal is not None]
    assert dealt, f"{path.name} gives no deal"
    for deal in dealt:
        assert isinstance(deal, Deal), deal
        assert deal.holdings
        for holding in deal.holdings.values():
            assert len(holding) == 4
            assert all(CARDS_RE.fullmatch(cards) for cards in holding), holding
        assert all(
            isinstance(v, (tuple, Seat)) or v is None for v in attrs.astuple(deal, recurse=False)
        )


def test_usebio_handset_gives_the_same_deals_as_pbn() -> None:
    """The fixture's HANDSET (Compscore's order on board 1, voids as '-' and
    as empty elements) reads as the PBN deals it was written from."""
    pbn = (FIXTURES / "pbn" / "mitchell-pairs.pbn").read_text(encoding="utf-8")
    deals = list(dict.fromkeys(re.findall(r'\[Deal "([^"]+)"\]', pbn)))[:4]
    event = pbnscore.load(FIXTURES / "usebio" / "individual-with-handset.xml")
    read = [b.deal for s in event.sessions for sec in s.sections for b in sec.boards]
    assert read == [read_deal(d) for d in deals]


def test_a_hand_field_given_twice_is_read_from_the_first() -> None:
    """A HAND's DIRECTION and suits, a BOARD's DEALER and VULNERABILITY,
    are each its first child of that name (as ElementTree's findtext)."""
    hand = "<HAND><DIRECTION>{seat}</DIRECTION>{suits}<SPADES>2</SPADES></HAND>"
    suits = "".join(
        f"<{tag}>{cards}</{tag}>"
        for tag, cards in zip(
            ("SPADES", "HEARTS", "DIAMONDS", "CLUBS"), ("AKQ", "-", "JT9", "10"), strict=True
        )
    )
    hands = hand.format(seat="North", suits=suits).replace(
        "<DIRECTION>North", "<DIRECTION>North</DIRECTION><DIRECTION>South"
    )
    data = f"""<USEBIO Version="1.2"><HANDSET><BOARD><BOARD_NUMBER>1</BOARD_NUMBER>
<DEALER>E</DEALER><DEALER>W</DEALER><VULNERABILITY>NS</VULNERABILITY><VULNERABILITY>EW</VULNERABILITY>
{hands}</BOARD></HANDSET><EVENT EVENT_TYPE="MP_PAIRS"><BOARD><BOARD_NUMBER>1</BOARD_NUMBER>
<TRAVELLER_LINE><NS_PAIR_NUMBER>1</NS_PAIR_NUMBER><EW_PAIR_NUMBER>2</EW_PAIR_NUMBER>
<CONTRACT>PASS</CONTRACT><SCORE>0</SCORE></TRAVELLER_LINE></BOARD></EVENT></USEBIO>"""
    board = pbnscore.usebio.loads(data).sessions[0].sections[0].boards[0]
    assert (board.deal, board.dealer, board.vulnerability) == (
        Deal(north=("AKQ", "", "JT9", "T")),
        Seat.E,
        pbnscore.model.Vulnerability.NS,
    )
