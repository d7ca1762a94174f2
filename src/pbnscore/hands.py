"""A deal as four hands: read from PBN ``Deal`` notation, written back to it.

PBN 2.1 §3.4.11: ``"N:KQT2.AT.J6542.85 - A8.KJ975.AK.J73 ..."`` -- the
first seat, then the hands clockwise from it, each as spades, hearts,
diamonds and clubs separated by dots; ``-`` for a hand not given. Cards are
``AKQJT98765432`` (``T`` for ten; ``10`` is read too). USEBIO's HANDSET
gives the same holdings element by element (USEBIO notes §11); both meet
here as :class:`Hands`.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

import attrs

from pbnscore.model import Seat

__all__ = ["RANKS", "SEATS", "Hands", "parse_deal"]

RANKS = "AKQJT98765432"
SEATS = (Seat.N, Seat.E, Seat.S, Seat.W)  # clockwise, as PBN lists the hands
SUIT_SYMBOLS = ("♠", "♥", "♦", "♣")
_DEAL_RE = re.compile(r"\s*([NESWnesw])\s*:\s*(.*?)\s*")
_TEN_RE = re.compile("10")


@attrs.frozen
class Hands:
    """Each seat's holdings, spades first, in rank order; a seat the deal
    does not give is absent."""

    holdings: Mapping[Seat, tuple[str, str, str, str]]

    def pbn(self) -> str:
        """The deal in PBN notation, from North."""
        return "N:" + " ".join(
            ".".join(self.holdings[seat]) if seat in self.holdings else "-" for seat in SEATS
        )

    @property
    def complete(self) -> bool:
        return len(self.holdings) == 4


def parse_deal(text: str | None) -> Hands | None:
    """The hands of a PBN deal; None where ``text`` is not a readable deal
    (cards repeated, a hand of more than 13 cards, a card that is not one)."""
    if not text:
        return None
    found = _DEAL_RE.fullmatch(text)
    if found is None:
        return None
    parts = found.group(2).split()
    if len(parts) != 4:
        return None
    first = SEATS.index(Seat(found.group(1).upper()))
    holdings: dict[Seat, tuple[str, str, str, str]] = {}
    seen: set[tuple[int, str]] = set()
    for offset, part in enumerate(parts):
        if part == "-":
            continue
        suits = part.split(".")
        if len(suits) != 4:
            return None
        hand = tuple(_holding(_TEN_RE.sub("T", suit.upper())) for suit in suits)
        if any(h is None for h in hand) or sum(len(h or "") for h in hand) > 13:
            return None
        for index, holding in enumerate(hand):
            for card in holding or "":
                if (index, card) in seen:
                    return None
                seen.add((index, card))
        holdings[SEATS[(first + offset) % 4]] = (
            hand[0] or "",
            hand[1] or "",
            hand[2] or "",
            hand[3] or "",
        )
    return Hands(holdings) if holdings else None


def _holding(suit: str) -> str | None:
    """The suit's cards in rank order; None if it holds a card twice or
    one that is not a card (``-`` alone is a void)."""
    if suit in ("", "-"):
        return ""
    if any(card not in RANKS for card in suit) or len(set(suit)) != len(suit):
        return None
    return "".join(sorted(suit, key=RANKS.index))
