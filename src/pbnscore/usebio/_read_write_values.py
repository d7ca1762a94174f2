"""What the element walk and the column read of a USEBIO file share: its
texts read as the model's values (whole numbers, leads, contracts, dates),
the fields of an element's children, and which elements a ``source_ref``
counts (the writer indexes its copy of the tree the same way)."""

from __future__ import annotations

import datetime as dt
import enum
import functools
import re
from typing import Final, Literal

from lxml import etree

from pbnscore import bridge
from pbnscore._patterns import compiled_later
from pbnscore.model import Contract, Play, Seat
from pbnscore.usebio._read_write_spellings import SEATS

Element = etree._Element

# Whole numbers as USEBIO writes them; the digit limit turns a 5000-digit
# "number" into a clean error instead of int()'s conversion limit.
_INT_RE = re.compile(r"[+-]?\d{1,9}")
# LEAD: suit-first (D10, HT) or rank-first (TD, 10C); ten as T or 10.
_LEAD_SUIT_FIRST_RE = compiled_later(r"([SHDC])(10|[2-9TJQKA])")
_LEAD_RANK_FIRST_RE = compiled_later(r"(10|[2-9TJQKA])([SHDC])")
_DMY_RE = re.compile(r"(\d{1,2})[/-](\d{1,2})[/-](\d{4})")
_ISO_RE = re.compile(r"(\d{4})-(\d{1,2})-(\d{1,2})")


# The elements model objects are read from, and so the ones ``source_ref``
# counts: indexing only these (not every node) keeps the index cheap to build
# here and again on the writer's copy.
REF_TAGS = ("BOARD", "TRAVELLER_LINE", "PAIR", "TEAM", "PLAYER", "MATCH")


def ref_elements(root: Element) -> list[Element]:
    """The elements a ``source_ref`` indexes, in document order."""
    return list(root.iter(*REF_TAGS))


def text_of(element: Element | None) -> str:
    if element is None or element.text is None:
        return ""
    return element.text.strip()


def fields_of(element: Element) -> dict[str, str]:
    """Child element texts by tag, stripped (a repeated child: the last
    wins). Comments land under a non-string key no lookup uses; one pass
    over the children is the reader's hot loop."""
    return {child.tag: (child.text or "").strip() for child in element}


def or_none(text: str | None) -> str | None:
    return text or None


def parse_date(text: str) -> dt.date | None:
    """DATE as dd/mm/yyyy, dd-mm-yyyy or ISO (1.3); None when it is
    none of these or no real date."""
    iso = _ISO_RE.fullmatch(text)
    dmy = _DMY_RE.fullmatch(text)
    try:
        if iso:
            return dt.date(int(iso[1]), int(iso[2]), int(iso[3]))
        if dmy:
            return dt.date(int(dmy[3]), int(dmy[2]), int(dmy[1]))
    except ValueError:
        return None
    return None


@functools.lru_cache(maxsize=1024)
def whole_number(text: str) -> int | None:
    """A whole number as USEBIO writes them, or None. (Cached: every line
    has a score and tricks, and a file has few distinct ones.)"""
    return int(text) if _INT_RE.fullmatch(text) else None


@functools.lru_cache(maxsize=512)
def normalise_lead(text: str) -> str | None:
    """A lead as suit then rank with T for ten ("TD", "D10" -> "DT");
    text in neither notation is kept as written. (Cached: a file has few
    distinct leads and thousands of lines.)"""
    lead = text.replace(" ", "").upper()
    if not lead:
        return None
    suit_first = _LEAD_SUIT_FIRST_RE.fullmatch(lead)
    if suit_first:
        suit, rank = suit_first[1], suit_first[2]
    else:
        rank_first = _LEAD_RANK_FIRST_RE.fullmatch(lead)
        if not rank_first:
            return text
        rank, suit = rank_first[1], rank_first[2]
    return suit + ("T" if rank == "10" else rank)


class _Odd(enum.Enum):
    ODD = 0


# A text that no line played as most are holds (see plain_declarer, plain_tricks).
ODD: Final = _Odd.ODD
_NOT_WHOLE = ("=", "+", "-")  # tricks relative to the contract (or not a number)


def plain_declarer(text: str) -> Seat | Literal[_Odd.ODD] | None:
    """A PLAYED_BY as a line played as most are has it (a seat, or none),
    else ODD."""
    if not text:
        return None
    return SEATS.get(text.upper(), ODD)


def plain_tricks(text: str) -> int | Literal[_Odd.ODD] | None:
    """TRICKS as a line played as most are has them (a number 0..13, or
    none), else ODD (tricks relative to the contract, a text that does not
    read, a number out of range)."""
    if not text:
        return None
    tricks = whole_number(text) if text[:1] not in _NOT_WHOLE else None
    return ODD if tricks is None or not 0 <= tricks <= 13 else tricks


def with_lead(play: Play, lead_text: str) -> Play:
    """``play`` with the lead ``lead_text`` spells (see normalise_lead)."""
    lead = normalise_lead(lead_text)
    if lead is None:
        return play
    outcome, score, contract, contract_text, declarer, _, tricks, adjusted = play
    return Play(outcome, score, contract, contract_text, declarer, lead, tricks, adjusted)


def parse_contract(text: str) -> Contract | None:
    """A contract in any producer's spelling (the one grammar of
    :func:`pbnscore.bridge.parse_contract`, which PBN is read with too);
    None for anything else, a pass included."""
    try:
        return bridge.parse_contract(text)
    except bridge.ContractError:
        return None
