"""PBN ``Deal`` notation, read into the model's :class:`~pbnscore.model.Deal`
and written from it.

PBN 2.1 §3.4.11: ``"N:KQT2.AT.J6542.85 - A8.KJ975.AK.J73 ..."`` -- the
first seat, then the hands clockwise from it, each as spades, hearts,
diamonds and clubs separated by dots; ``-`` for a hand not given. Cards are
``AKQJT98765432`` (``T`` for ten; ``10`` is read too).
"""

from __future__ import annotations

import functools
import re
from typing import cast

from pbnscore.hands import RANKS
from pbnscore.model import Deal, Holding, Seat

_CLOCKWISE = tuple(Seat)
_DEAL_RE = re.compile(r"\s*([NESWnesw])\s*:\s*(.*?)\s*")
_TEN_RE = re.compile("10")
_IN_ORDER_RE = re.compile("A?K?Q?J?T?9?8?7?6?5?4?3?2?")  # as files write a suit: no sort needed
_CARDS_RE = re.compile(f"[{RANKS}]*")
_UNKNOWN = ("", "?")  # §3.1: "?" for a value not known
# A deal as files write it: an upper-case first seat, then four hands of
# four suits, each suit's cards in rank order, one space between hands
# (possessive: sre backtracks into none of it, half the instructions).
_SUIT = "(A?+K?+Q?+J?+T?+9?+8?+7?+6?+5?+4?+3?+2?+)"
_PLAIN_HAND = r"\.".join([_SUIT] * 4)
_PLAIN_DEAL_RE = re.compile(f"([NESW]):{_PLAIN_HAND} {_PLAIN_HAND} {_PLAIN_HAND} {_PLAIN_HAND}")
_SEATS = {seat.value: seat for seat in Seat}


class UnreadableDeal(ValueError):
    """A Deal tag that is not a deal: cards repeated, a hand of more than
    13 cards, a card that is not one, not four hands of four suits."""


@functools.lru_cache(maxsize=4096)
def read_deal(text: str) -> Deal | None:
    """The hands of a PBN deal; None where it gives none (``""``, ``"?"``,
    every hand ``-``). Remembered: every table's game repeats its board's
    deal. Raises :class:`UnreadableDeal`."""
    plain = _plain_deal(text)
    if plain is not None:
        return plain
    if text.strip() in _UNKNOWN:
        return None
    found = _DEAL_RE.fullmatch(text)
    parts = found.group(2).split() if found is not None else []
    if found is None or len(parts) != 4:
        raise UnreadableDeal(text)
    first = Seat(found.group(1).upper())
    start = _CLOCKWISE.index(first)
    hands: list[Holding | None] = [None, None, None, None]  # N, E, S, W
    for offset, part in enumerate(parts):
        if part != "-":
            hands[(start + offset) % 4] = _hand(part)
    given = [hand for hand in hands if hand is not None]
    if not given:
        return None
    for suit in range(4):  # no card in two hands
        cards = "".join([hand[suit] for hand in given])
        if len(set(cards)) != len(cards):
            raise UnreadableDeal(text)
    north, east, south, west = hands
    return Deal(north, east, south, west, listed_from=first)


def _plain_deal(text: str) -> Deal | None:
    """:func:`read_deal`'s deal of ``text`` where it is a deal as files
    write it (``_PLAIN_DEAL_RE``) whose hands hold 13 cards at most and
    no card twice, read by one match; None for any other text, which
    read_deal reads step by step."""
    found = _PLAIN_DEAL_RE.fullmatch(text)
    if found is None or max(map(len, text[2:].split(" "))) > 16:  # 13 cards, 3 dots
        return None
    cards: tuple[str, ...] = found.groups()
    for suit in range(1, 5):  # no card in two hands (cards[suit::4]: the suit of each)
        held = "".join(cards[suit::4])
        if len(set(held)) != len(held):
            return None
    hands = cast("list[Holding]", [cards[1:5], cards[5:9], cards[9:13], cards[13:17]])
    first = _SEATS[cards[0]]
    start = _CLOCKWISE.index(first)
    north, east, south, west = hands[-start:] + hands[:-start] if start else hands
    return Deal(north, east, south, west, first)


def _hand(part: str) -> Holding:
    """The hand ``part`` spells, each suit in rank order. Raises
    :class:`UnreadableDeal`."""
    suits = _TEN_RE.sub("T", part.upper()).split(".")
    if len(suits) != 4:
        raise UnreadableDeal(part)
    spades, hearts, diamonds, clubs = [
        suit if _IN_ORDER_RE.fullmatch(suit) else _holding(suit) for suit in suits
    ]
    if len(spades) + len(hearts) + len(diamonds) + len(clubs) > 13:
        raise UnreadableDeal(part)
    return spades, hearts, diamonds, clubs


def _holding(suit: str) -> str:
    """The suit's cards in rank order (``-`` alone is a void). Raises
    :class:`UnreadableDeal` where it holds a card twice or one that is not a
    card."""
    if suit == "-":
        return ""
    if not _CARDS_RE.fullmatch(suit) or len(set(suit)) != len(suit):
        raise UnreadableDeal(suit)
    return "".join(sorted(suit, key=RANKS.index))


def deal_text(deal: Deal) -> str:
    """``deal`` in PBN notation, listed from the seat its file listed first."""
    holdings = deal.holdings
    start = _CLOCKWISE.index(deal.listed_from)
    seats = (_CLOCKWISE[(start + offset) % 4] for offset in range(4))
    hands = (".".join(holdings[seat]) if seat in holdings else "-" for seat in seats)
    return f"{deal.listed_from.value}:" + " ".join(hands)
