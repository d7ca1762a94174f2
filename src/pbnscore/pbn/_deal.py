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

from pbnscore.hands import RANKS
from pbnscore.model import Deal, Holding, Seat

_CLOCKWISE = tuple(Seat)
_DEAL_RE = re.compile(r"\s*([NESWnesw])\s*:\s*(.*?)\s*")
_TEN_RE = re.compile("10")
_UNKNOWN = ("", "?")  # §3.1: "?" for a value not known


class UnreadableDeal(ValueError):
    """A Deal tag that is not a deal: cards repeated, a hand of more than
    13 cards, a card that is not one, not four hands of four suits."""


@functools.lru_cache(maxsize=4096)
def read_deal(text: str) -> Deal | None:
    """The hands of a PBN deal; None where it gives none (``""``, ``"?"``,
    every hand ``-``). Remembered: every table's game repeats its board's
    deal, and checking one card by card cost more than reading the rest of
    the game. Raises :class:`UnreadableDeal`."""
    if text.strip() in _UNKNOWN:
        return None
    found = _DEAL_RE.fullmatch(text)
    parts = found.group(2).split() if found is not None else []
    if found is None or len(parts) != 4:
        raise UnreadableDeal(text)
    first = Seat(found.group(1).upper())
    start = _CLOCKWISE.index(first)
    holdings: dict[Seat, Holding] = {}
    seen: set[tuple[int, str]] = set()
    for offset, part in enumerate(parts):
        if part != "-":
            holding = _hand(part, seen)
            if holding is None:
                raise UnreadableDeal(text)
            holdings[_CLOCKWISE[(start + offset) % 4]] = holding
    return Deal.of(holdings, listed_from=first) if holdings else None


def _hand(part: str, seen: set[tuple[int, str]]) -> Holding | None:
    """The hand ``part`` spells, each suit in rank order; None where it is
    not one. ``seen``: the cards of the hands before it, to which its own
    are added."""
    suits = part.split(".")
    if len(suits) != 4:
        return None
    spades, hearts, diamonds, clubs = (_holding(_TEN_RE.sub("T", suit.upper())) for suit in suits)
    if spades is None or hearts is None or diamonds is None or clubs is None:
        return None
    if len(spades) + len(hearts) + len(diamonds) + len(clubs) > 13:
        return None
    for index, holding in enumerate((spades, hearts, diamonds, clubs)):
        for card in holding:
            if (index, card) in seen:
                return None
            seen.add((index, card))
    return spades, hearts, diamonds, clubs


def _holding(suit: str) -> str | None:
    """The suit's cards in rank order; None if it holds a card twice or
    one that is not a card (``-`` alone is a void)."""
    if suit in ("", "-"):
        return ""
    if any(card not in RANKS for card in suit) or len(set(suit)) != len(suit):
        return None
    return "".join(sorted(suit, key=RANKS.index))


def deal_text(deal: Deal) -> str:
    """``deal`` in PBN notation, listed from the seat its file listed first."""
    holdings = deal.holdings
    start = _CLOCKWISE.index(deal.listed_from)
    seats = (_CLOCKWISE[(start + offset) % 4] for offset in range(4))
    hands = (".".join(holdings[seat]) if seat in holdings else "-" for seat in seats)
    return f"{deal.listed_from.value}:" + " ".join(hands)
