"""Where an element goes in a USEBIO document: the canonical child order of
each parent and the one way to set or insert a child there.

Unknown children keep their place; a new child goes after the last sibling
that comes before it in :data:`ORDER`, with its siblings' indentation.
"""

from __future__ import annotations

from collections.abc import Mapping

from lxml import etree

Element = etree._Element

# Canonical child order per parent element. Unknown children keep their
# place; a new child goes after the last sibling that comes before it here.
ORDER: dict[str, tuple[str, ...]] = {
    "EVENT": (
        "BOARD_SCORING_METHOD", "MATCH_SCORING_METHOD", "EVENT_IDENTIFIER", "PROGRAM_NAME",
        "PROGRAM_VERSION", "EVENT_DESCRIPTION", "WINNER_TYPE", "TITLE", "DATE", "VENUE",
        "COUNTRY", "MASTER_POINT_SCALE", "MASTER_POINT_TYPE", "MPS_AWARDED_FLAG",
        "SESSION_COUNT", "SECTION_COUNT", "PAIRS", "NS_PAIRS", "EW_PAIRS", "BOARDS_PLAYED",
        "BOARDS_PER_ROUND", "P2P_CHARGE_RATE", "SCORING_METHOD", "TEAM_PAIRING_AVAILABLE",
        "PAIRWISE_SCORING_METHOD", "CONTACT", "LABELS", "PARTICIPANTS", "SESSION", "SECTION",
        "BOARD", "MATCH",
    ),
    "BOARD": (
        "BOARD_NUMBER", "BOARD_AVERAGE", "IMPS", "TEAM_POINTS", "OPPOSING_TEAM_POINTS",
        "TRAVELLER_LINE",
    ),
    "TRAVELLER_LINE": (
        "DIRECTION", "NS_PAIR_NUMBER", "EW_PAIR_NUMBER", "N_PLAYER_NUMBER", "E_PLAYER_NUMBER",
        "S_PLAYER_NUMBER", "W_PLAYER_NUMBER", "CONTRACT", "PLAYED_BY", "LEAD", "TRICKS", "SCORE",
        "NS_MATCH_POINTS", "EW_MATCH_POINTS", "NS_CROSS_IMP_POINTS", "EW_CROSS_IMP_POINTS",
        "NS_BUTLER_POINTS", "EW_BUTLER_POINTS", "LIN_DATA", "NOTES",
    ),
    "PAIR": (
        "PAIR_NUMBER", "DIRECTION", "LABEL", "BOARDS_PLAYED", "PAIR_IMPS", "TOTAL_SCORE",
        "PERCENTAGE", "PLACE", "MASTER_POINTS", "MASTER_POINTS_AWARDED", "MASTER_POINT_TYPE",
        "ADJUSTMENT", "HANDICAP", "PLAYER",
    ),
    "TEAM": ("TOTAL_SCORE", "WINS_OR_DRAWS", "PLACE", "MASTER_POINTS", "PAIR", "PLAYER"),
    "PLAYER": (
        "PLAYER_NUMBER", "MASTER_POINTS", "TOTAL_SCORE", "PLACE", "PERCENTAGE", "PLAYER_NAME",
        "CLUB_ID_NUMBER", "NATIONAL_ID_NUMBER",
    ),
    "MATCH": (
        "ROUND_NUMBER", "TEAM", "OPPOSING_TEAM", "NS_PAIR_NUMBER", "EW_PAIR_NUMBER",
        "START_BOARD_NUMBER", "END_BOARD_NUMBER", "TEAM_SCORE", "OPPOSING_TEAM_SCORE", "BOARD",
    ),
}  # fmt: skip
_RANKS = {parent: {tag: i for i, tag in enumerate(tags)} for parent, tags in ORDER.items()}
_NO_RANKS: dict[str, int] = {}


def replace_child(parent: Element, tag: str, text: str) -> bool:
    """Set the text of ``parent``'s ``tag`` child if it has one; whether it had."""
    for existing in parent.iterchildren(tag):
        existing.text = text
        return True
    return False


def remove_children(parent: Element, tags: tuple[str, ...]) -> int:
    """Remove ``parent``'s children of ``tags``; the closing tag keeps its
    indentation. How many were removed."""
    found = list(parent.iterchildren(*tags))
    for element in found:
        previous = element.getprevious()
        if element.getnext() is None and previous is not None:
            previous.tail = element.tail
        parent.remove(element)
    return len(found)


def set_child(parent: Element, tag: str, text: str) -> None:
    """Set ``parent``'s ``tag`` child in place, or insert it (see :func:`set_children`)."""
    set_children(parent, {tag: text})


def set_children(parent: Element, texts: Mapping[str, str], *, new: bool = False) -> None:
    """Set the text of ``parent``'s child of each tag in place, or insert
    the child at its canonical position with its siblings' indentation.
    ``new``: the caller knows there are none to replace."""
    if not new and texts:
        # The first child of each tag takes its text: one walk for them all.
        missing = dict(texts)
        for existing in parent.iterchildren(*texts):
            text = missing.pop(existing.tag, None)
            if text is not None:
                existing.text = text
                if not missing:
                    return
        texts = missing
    if not texts:
        return
    text_before = parent.text
    # The text before the first child is the indentation every child gets.
    indent = text_before if text_before is not None and not text_before.strip() else None
    for tag, text in texts.items():
        # After the last child that comes before it: found by lxml's own
        # reversed walk over the children, which makes a Python object of
        # that child alone (a BOARD's BOARD_AVERAGE goes before its lines).
        before = _before(parent.tag, tag)
        previous = next(parent.iterchildren(*before, reversed=True), None) if before else None
        if previous is None:
            element = parent.makeelement(tag)
            parent.insert(0, element)
            element.tail = indent
        else:
            element = parent.makeelement(tag)
            previous.addnext(element)
            # The last child's tail leads to the closing tag: the new element
            # takes it over and the old one gets a sibling's indentation.
            element.tail = previous.tail
            if indent is not None:
                previous.tail = indent
        element.text = text


_BEFORE: dict[tuple[str, str], tuple[str, ...]] = {}


def _before(parent: str, tag: str) -> tuple[str, ...]:
    """The child tags that come before ``tag`` in ``parent`` (all known
    ones for an unknown tag; none in an unknown parent)."""
    found = _BEFORE.get((parent, tag))
    if found is None:
        ranks = _RANKS.get(parent, _NO_RANKS)
        rank = ranks.get(tag, len(ranks))
        found = _BEFORE[parent, tag] = tuple(t for t, r in ranks.items() if r < rank)
    return found
