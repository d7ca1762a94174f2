"""Traveller-line points spliced into lxml's own serialisation of a scored
USEBIO document: the hot path of writing a large file (STYLE.md "Writers":
the one exception to building XML with lxml).

The tree path (:func:`pbnscore.usebio._elements.set_children` on every
line) inserts each line's points after its last child, with the line's
indentation. Here the document is serialised without them and the same
bytes are spliced in, only where that is certain to give the tree path's
bytes: the input has none of the points elements, every line ends with a
field that comes before them, no line holds a comment or processing
instruction, and the serialisation's line tags are the lines, one to one
(as many as there are lines: none in a comment or the DOCTYPE).
Otherwise :func:`splice` returns None and the caller edits the tree. A
test holds the two byte-identical on every fixture and sample.
"""

from __future__ import annotations

import itertools
import operator
import re
from collections.abc import Callable, Iterable, Sequence
from fractions import Fraction

from lxml import etree

from pbnscore.model import ScoredBoard
from pbnscore.usebio._elements import ORDER

Element = etree._Element

# A line's start tag and the text before its first child (its
# indentation); its end tag. Each has a literal prefix, which the regex
# engine finds at the speed of a bytes search. lxml escapes "<" and ">" in
# text and attribute values, so neither is found inside them.
_LINE_START_RE = re.compile(rb"<TRAVELLER_LINE(?:\s[^>]*)?>([^<]*)")
_LINE_END = b"</TRAVELLER_LINE>"
_LINE_RANKS = {tag: rank for rank, tag in enumerate(ORDER["TRAVELLER_LINE"])}
_END_TAG_RANKS = {f"</{tag}>".encode(): rank for tag, rank in _LINE_RANKS.items()}


def splice(
    output: bytes,
    root: Element,
    nodes: Sequence[Element],
    boards: Iterable[ScoredBoard],
    tags: Sequence[tuple[str, str]],
    points_text: Callable[[Fraction | int], str],
) -> bytes | None:
    """``output`` (``root`` serialised, without line points) with each
    scored line's points in, as the tree path would have inserted them;
    None where the layout does not allow it. ``nodes``: the document's
    elements by source_ref; ``tags``: the (NS, EW) points elements."""
    order = [tag for pair in tags for tag in pair]
    ranks = [_LINE_RANKS.get(tag, -1) for tag in order]
    if not order or min(ranks) < 0 or ranks != sorted(set(ranks)):
        return None
    if next(root.iter(*order), None) is not None:
        return None  # points to replace: the tree path's work
    if not _no_markup_in_lines(root):
        return None
    inserts = _inserts(nodes, boards, tags, points_text)
    if inserts is None:
        return None
    count = inserts[0]
    # Cut at the lines' end tags: the k-th piece holds line k's start tag,
    # its fields and its last child, then the last child's tail.
    pieces = output.split(_LINE_END)
    starts = [(m.end(), m[1]) for m in _LINE_START_RE.finditer(output)]
    if len(pieces) != count + 1 or len(starts) != count:
        return None
    # start, end, start, end ...: the k-th start tag is in the k-th piece
    # (no line in a line, none self-closed).
    ends = list(itertools.accumulate(len(piece) + len(_LINE_END) for piece in pieces))
    opens = [at for at, _ in starts]
    if not all(map(operator.lt, opens, ends)) or not all(map(operator.le, ends, opens[1:])):
        return None
    before = {tag for tag, rank in _END_TAG_RANKS.items() if rank < ranks[0]}
    blank: dict[bytes, bool] = {}
    inserted: dict[tuple[bytes, tuple[bytes, ...]], bytes] = {}
    for line, elements in inserts[1].items():
        piece = pieces[line]
        after = piece.rindex(b">") + 1  # the end of the line's last child
        if piece[piece.rindex(b"<", 0, after) : after] not in before:
            return None  # a last field that the points go before, or unknown
        indent = starts[line][1]
        # set_children: each new element after the last child, led by the
        # line's indentation (where it is whitespace), else by the last
        # child's tail; the last new one takes that tail.
        whitespace = blank.get(indent)
        if whitespace is None:
            whitespace = blank[indent] = bool(indent) and not indent.decode("utf-8").strip()
        lead = indent if whitespace else piece[after:]
        key = (lead, elements)
        text = inserted.get(key)
        if text is None:
            text = inserted[key] = b"".join(lead + element for element in elements)
        pieces[line] = piece[:after] + text + piece[after:]
    return _LINE_END.join(pieces)


def _no_markup_in_lines(root: Element) -> bool:
    """No comment or processing instruction in a line (the tree path would
    step over one), nor one that spells a line's tag (the splice would take
    it for a line)."""
    for node in root.iter(etree.Comment, etree.ProcessingInstruction):
        if "TRAVELLER_LINE" in (node.text or ""):
            return False
        parent = node.getparent()
        while parent is not None:
            if parent.tag == "TRAVELLER_LINE":
                return False
            parent = parent.getparent()
    return True


def _inserts(
    nodes: Sequence[Element],
    boards: Iterable[ScoredBoard],
    tags: Sequence[tuple[str, str]],
    points_text: Callable[[Fraction | int], str],
) -> tuple[int, dict[int, tuple[bytes, ...]]] | None:
    """The number of lines in the document, and the serialised points
    elements of each scored line by the line's place among them; None where
    a line is scored twice or a source_ref is not a line (the tree path's
    cases)."""
    line_at: dict[int, int] = {}
    for position, node in enumerate(nodes):
        if node.tag == "TRAVELLER_LINE":
            line_at[position] = len(line_at)
    made: dict[tuple[Fraction | int | None, Fraction | int | None], tuple[bytes, ...]] = {}

    def elements(
        ns_points: Fraction | int | None, ew_points: Fraction | int | None
    ) -> tuple[bytes, ...]:
        found = []
        for ns_tag, ew_tag in tags:
            for tag, points in ((ns_tag, ns_points), (ew_tag, ew_points)):
                if points is not None:
                    name = tag.encode()
                    found.append(b"<%s>%s</%s>" % (name, points_text(points).encode(), name))
        return tuple(found)

    inserts: dict[int, tuple[bytes, ...]] = {}
    for board in boards:
        for ref, ns_points, ew_points in board.line_points():
            if ref is None:
                continue  # the tree path finds no element for it either
            at = line_at.get(ref)
            if at is None or at in inserts:
                return None
            # Few distinct points in a file: each pair's elements made once.
            key = (ns_points, ew_points)
            found = made.get(key)
            if found is None:
                found = made[key] = elements(ns_points, ew_points)
            inserts[at] = found
    return len(line_at), inserts
