"""HANDSET: each board's deal, the hands spelled out per
seat. The writer writes a board's deal as one; the reader gives a board
the deal (:class:`pbnscore.model.Deal`) of the HANDSET that holds its number.

A USEBIO hand names its seat in full (``North``), each suit an element, a
void ``-`` (PairsScorer, EBUScore) or empty (Compscore). A HAND is found by
its DIRECTION, so a deal read from a HANDSET is listed from North.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import NamedTuple

import attrs
from lxml import etree

from pbnscore.model import Board, Deal, Holding, Seat, Session, Vulnerability
from pbnscore.usebio._read_write_spellings import (
    DEALERS,
    HAND_DIRECTIONS,
    SUIT_TAGS,
    VULNERABILITIES,
)

Element = etree._Element

_SEAT_OF = {name.upper(): seat for seat, name in HAND_DIRECTIONS.items()}
_SUIT_RE = re.compile(r"[AKQJT2-9]*")


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


def _dealt(board: Element) -> Dealt | None:
    hands: dict[Seat, Holding] = {}
    for element in board.iterchildren("HAND"):
        hand = _hand(element)
        if hand is None:
            return None
        hands[hand[0]] = hand[1]
    if not hands:
        return None
    texts = _first_texts(board)
    dealer = texts.get("DEALER", "").strip().upper()
    vulnerability = texts.get("VULNERABILITY", "").strip().upper()
    return Dealt(
        Deal.of(hands),
        DEALERS.get(dealer),
        VULNERABILITIES.get(vulnerability),
    )


def _handset(element: Element) -> dict[int, Dealt]:
    found: dict[int, Dealt] = {}
    for board in element.iterchildren("BOARD"):
        number = (board.findtext("BOARD_NUMBER") or "").strip()
        dealt = _dealt(board)
        if number.isdigit() and dealt is not None:
            found.setdefault(int(number), dealt)
    return found


Handsets = list[tuple[str | None, dict[int, Dealt]]]  # (HANDSET_ID, boards), in order


def _handsets_in(element: Element | None) -> Handsets:
    if element is None:
        return []
    return [(h.get("HANDSET_ID"), _handset(h)) for h in element.iterchildren("HANDSET")]


def with_deals(sessions: Iterable[Session], root: Element) -> tuple[Session, ...]:
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
    done = []
    for session in sessions:
        handsets = _handsets_in(session_els.get(session.id)) + top
        if not any(found for _, found in handsets):
            done.append(session)
            continue
        sections = tuple(
            attrs.evolve(section, boards=_dealt_boards(section.boards, handsets, section.id))
            for section in session.sections
        )
        matches = tuple(
            attrs.evolve(match, boards=_dealt_boards(match.boards, handsets, None))
            for match in session.matches
        )
        done.append(attrs.evolve(session, sections=sections, matches=matches))
    return tuple(done)


def _dealt_boards(
    boards: tuple[Board, ...], handsets: Handsets, section: str | None
) -> tuple[Board, ...]:
    named = [found for name, found in handsets if section is not None and name == section]
    order = named + [found for _, found in handsets]
    dealt_boards = []
    for board in boards:
        dealt = next((found[board.number] for found in order if board.number in found), None)
        if dealt is None or board.deal is not None:
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
