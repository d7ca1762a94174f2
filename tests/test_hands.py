"""Deals as four hands: PBN ``Deal`` notation (PBN 2.1 §3.4.11) and USEBIO
HANDSET (USEBIO notes §11) read into the same hands."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import pbnscore
from pbnscore.hands import parse_deal
from pbnscore.model import Seat

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"
DEAL = "E:KQT2.AT.J6542.85 - A8.KJ975.AK.J73 -"


def test_hands_run_clockwise_from_the_first_seat() -> None:
    """The first hand is the named seat's, then clockwise; '-' is a hand
    not given; writing back starts from North."""
    hands = parse_deal(DEAL)
    assert hands is not None
    assert hands.holdings == {
        Seat.E: ("KQT2", "AT", "J6542", "85"),
        Seat.W: ("A8", "KJ975", "AK", "J73"),
    }
    assert not hands.complete
    assert hands.pbn() == "N:- KQT2.AT.J6542.85 - A8.KJ975.AK.J73"
    assert parse_deal(hands.pbn()) == hands


def test_cards_are_put_in_rank_order_and_ten_may_be_10() -> None:
    hands = parse_deal("N:2AK.10.-.Q 3.2.A. - -")
    assert hands is not None
    assert hands.holdings[Seat.N] == ("AK2", "T", "", "Q")
    assert hands.holdings[Seat.E] == ("3", "2", "A", "")


@pytest.mark.parametrize(
    "text",
    [
        "N:AKQ.xxx.Q.K - - -",  # not a card
        "N:A.K.Q.J A.2.3.4 - -",  # the ace of spades twice
        "N:AKQJT98765432.A.. - - -",  # fourteen cards
        "N:A.K.Q - - -",  # three suits
        "N:A.K.Q.J - -",  # three hands
        "X:A.K.Q.J - - -",  # not a seat
        "",
    ],
    ids=["not-a-card", "repeated", "fourteen", "three-suits", "three-hands", "seat", "empty"],
)
def test_unreadable_deals_give_no_hands(text: str) -> None:
    assert parse_deal(text) is None


def test_usebio_handset_gives_the_same_deals_as_pbn() -> None:
    """The fixture's HANDSET (Compscore's order on board 1, voids as '-' and
    as empty elements) reads as the PBN deals it was written from."""
    pbn = (FIXTURES / "pbn" / "mitchell-pairs.pbn").read_text(encoding="utf-8")
    deals = list(dict.fromkeys(re.findall(r'\[Deal "([^"]+)"\]', pbn)))[:4]
    event = pbnscore.load(FIXTURES / "usebio" / "individual-with-handset.xml")
    read = [b.deal for s in event.sessions for sec in s.sections for b in sec.boards]
    assert [parse_deal(d) for d in read] == [parse_deal(d) for d in deals]


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
        "N:AKQ..JT9.T - - -",
        Seat.E,
        pbnscore.model.Vulnerability.NS,
    )
