"""HANDSET: each board's deal, the hands spelled out per
seat. The writer writes a board's deal as one; the reader gives a board
the deal (:class:`pbnscore.model.Deal`) of the HANDSET that holds its number.

A USEBIO hand names its seat in full (``North``), each suit an element, a
void ``-`` (PairsScorer, EBUScore) or empty (Compscore). A HAND is found by
its DIRECTION, so a deal read from a HANDSET is listed from North.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable

from lxml import etree

from pbnscore._kinds import NamedTuple
from pbnscore._patterns import compiled_later
from pbnscore._records import attrs
from pbnscore.model import Board, Deal, Holding, LaterDeal, Seat, Session, Vulnerability
from pbnscore.usebio._read_write_intake import ascii_itself
from pbnscore.usebio._read_write_spellings import (
    DEALERS,
    HAND_DIRECTIONS,
    SUIT_TAGS,
    VULNERABILITIES,
)

Element = etree._Element

_SEAT_OF = {name.upper(): seat for seat, name in HAND_DIRECTIONS.items()}
_SUIT_RE = compiled_later(r"[AKQJT2-9]*")


class Dealt(NamedTuple):  # not attrs: an attrs class costs every USEBIO read ~0.4 ms at import
    """A HANDSET board's deal, dealer and vulnerability."""

    deal: Deal
    dealer: Seat | None
    vulnerability: Vulnerability | None


def _first_texts(element: Element) -> dict[object, str]:
    """Each child's text by tag, the first of a repeated tag winning, ""
    where it has none: ``findtext`` for every tag in one pass over the
    children (a file has thousands of hands)."""
    return {child.tag: child.text or "" for child in reversed(element)}


def _hand(element: Element) -> tuple[Seat, Holding] | None:
    """(seat, holding) of a HAND, None where it cannot be read."""
    texts = _first_texts(element)
    seat = _SEAT_OF.get(texts.get("DIRECTION", "").strip().upper())
    suits = []
    for tag in SUIT_TAGS:
        cards = texts.get(tag, "").strip().upper().replace("10", "T")
        cards = "" if cards == "-" else cards
        if not _SUIT_RE.fullmatch(cards):
            return None
        suits.append(cards)
    spades, hearts, diamonds, clubs = suits
    return None if seat is None else (seat, (spades, hearts, diamonds, clubs))


def _read_deal(board: Element) -> Deal | None:
    """A HANDSET board's deal, None where a hand cannot be read or there is none."""
    hands: dict[Seat, Holding] = {}
    for element in board.iterchildren("HAND"):
        hand = _hand(element)
        if hand is None:
            return None
        hands[hand[0]] = hand[1]
    return Deal.of(hands) if hands else None


class _Entry(NamedTuple):
    """A HANDSET board, its deal read when first asked for; its dealer and
    vulnerability are read at once (they are few, and a board takes them
    only where its hands read)."""

    deal: LaterDeal
    dealer: Seat | None
    vulnerability: Vulnerability | None
    hands: bool  # whether it has a HAND

    def dealt(self) -> Dealt | None:
        deal = self.deal.get()
        return None if deal is None else Dealt(deal, self.dealer, self.vulnerability)


def _handset(element: Element) -> dict[int, list[_Entry]]:
    """Each board number's HANDSET boards, in document order."""
    found: dict[int, list[_Entry]] = {}
    for board in element.iterchildren("BOARD"):
        texts = _first_texts(board)
        number = texts.get("BOARD_NUMBER", "").strip()
        if number.isdigit():
            entry = _Entry(
                LaterDeal(functools.partial(_read_deal, board)),
                DEALERS.get(texts.get("DEALER", "").strip().upper()),
                VULNERABILITIES.get(texts.get("VULNERABILITY", "").strip().upper()),
                "HAND" in texts,
            )
            found.setdefault(int(number), []).append(entry)
    return found


Handsets = list[tuple[str | None, dict[int, list[_Entry]]]]  # (HANDSET_ID, boards), in order


def _handsets_in(element: Element | None) -> Handsets:
    if element is None:
        return []
    return [(h.get("HANDSET_ID"), _handset(h)) for h in element.iterchildren("HANDSET")]


def with_deals(sessions: Iterable[Session], root: Element, document: bytes) -> tuple[Session, ...]:
    """``sessions`` with each board given the deal of its HANDSET: the
    session's own (EBUScore) or the root's (Compscore, PairsScorer, and
    pbnscore), the one named by the section's id where there is one. A
    hand that cannot be read leaves its board without a deal: hands are not
    scored, and a results file is not refused for them."""
    top = _handsets_in(root)
    session_els = {
        (element.get("SESSION_ID") or "").strip() or None: element
        for element in root.iterfind("EVENT/SESSION")
    }
    plain: bool | None = None  # whether every hand reads (found once, where there are hands)
    done = []
    for session in sessions:
        handsets = _handsets_in(session_els.get(session.id)) + top
        if not any(found for _, found in handsets):
            done.append(session)
            continue
        if plain is None:
            plain = _plain_hands(root, document)
        sections = tuple(
            attrs.evolve(section, boards=_dealt_boards(section.boards, handsets, section.id, plain))
            for section in session.sections
        )
        matches = tuple(
            attrs.evolve(match, boards=_dealt_boards(match.boards, handsets, None, plain))
            for match in session.matches
        )
        done.append(attrs.evolve(session, sections=sections, matches=matches))
    return tuple(done)


def _dealt_boards(
    boards: tuple[Board, ...], handsets: Handsets, section: str | None, plain: bool
) -> tuple[Board, ...]:
    """``boards`` each given the deal of the first HANDSET board of its
    number whose hands read (the section's own HANDSET first), with its
    dealer and vulnerability where the board has none. The deal is read
    when first asked for (most outputs show none) where which hands read
    is known without reading them: every hand reads (``plain``), or no
    HANDSET board of the number gives a dealer or vulnerability the board
    lacks (then the deal is all that depends on it)."""
    named = [found for name, found in handsets if section is not None and name == section]
    order = named + [found for _, found in handsets]
    dealt_boards = []
    for board in boards:
        entries = [entry for found in order for entry in found.get(board.number, ())]
        if not entries or board.deal is not None:
            dealt_boards.append(board)
            continue
        if plain:
            first = next((entry for entry in entries if entry.hands), None)
            if first is not None:
                board = attrs.evolve(
                    board,
                    deal=first.deal,
                    dealer=board.dealer or first.dealer,
                    vulnerability=board.vulnerability or first.vulnerability,
                )
            dealt_boards.append(board)
            continue
        if (board.dealer is not None or all(e.dealer is None for e in entries)) and (
            board.vulnerability is not None or all(e.vulnerability is None for e in entries)
        ):
            deal = entries[0].deal if len(entries) == 1 else _first_deal(entries)
            dealt_boards.append(attrs.evolve(board, deal=deal))
            continue
        dealt = next((d for entry in entries if (d := entry.dealt()) is not None), None)
        if dealt is None:
            dealt_boards.append(board)
            continue
        dealt_boards.append(
            attrs.evolve(
                board,
                deal=dealt.deal,
                dealer=board.dealer or dealt.dealer,
                vulnerability=board.vulnerability or dealt.vulnerability,
            )
        )
    return tuple(dealt_boards)


# A HAND that reads whatever _hand makes of it, as producers write them:
# a DIRECTION spelling a seat, each suit its cards or "-", nothing else in
# it but whitespace (a comment, an entity or an attribute sends the file to
# the hands' own read). Possessive (nothing matched is given back: a third
# fewer steps than backtracking), no group but an empty one (findall then
# makes no text per hand).
_SUIT = rb"\s*+<(?:%s)>" % b"|".join(
    rb"%s>(?:[AKQJT2-9]*+|-)</%s" % (tag, tag)
    for tag in (b"SPADES", b"HEARTS", b"DIAMONDS", b"CLUBS")
)
_SEAT = rb"\s*+<DIRECTION>(?:North|East|South|West)</DIRECTION>"
_PLAIN_HAND = rb"<HAND>()(?:%s)*+%s(?:%s)*+\s*+</HAND>" % (_SUIT, _SEAT, _SUIT)


@functools.cache
def _hand_tests() -> tuple[re.Pattern[bytes], etree.XPath]:
    """The plain HAND's pattern and the count of the HAND elements of the
    HANDSETs read (the root's and its sessions', see with_deals), made when
    a file first has a HANDSET."""
    hands = "HANDSET/BOARD/HAND"
    return re.compile(_PLAIN_HAND), etree.XPath(f"count({hands}) + count(EVENT/SESSION/{hands})")


def _plain_hands(root: Element, document: bytes) -> bool:
    """Whether every hand of the document reads, known without reading
    them: every HAND start tag in its bytes begins a plain HAND (above),
    and there are as many as the HANDSETs read have HAND elements (which
    are no more than the tree's, which are no more than the start tags:
    none is in a comment or the like, or elsewhere). False where that
    cannot be told."""
    if not ascii_itself(root.getroottree().docinfo.encoding):
        return False
    plain, hands = _hand_tests()
    # Only the bytes from the first HAND's start tag to the last one's end
    # are looked at (a HANDSET is a tenth of a club file).
    first, last = document.find(b"<HAND"), document.rfind(b"</HAND>") + len(b"</HAND>")
    if document.find(b"<HAND", last) >= 0:
        first, last = 0, len(document)
    # Every "<HAND" that does not begin a HANDSET (or begins another name:
    # counted, and no plain HAND).
    spelt = document.count(b"<HAND", first, last) - document.count(b"<HANDSET", first, last)
    return spelt == len(plain.findall(document, first, last)) == hands(root)


def _first_deal(entries: list[_Entry]) -> LaterDeal:
    """The deal of the first of ``entries`` whose hands read, when asked for."""
    return LaterDeal(lambda: next((d for e in entries if (d := e.deal.get()) is not None), None))
