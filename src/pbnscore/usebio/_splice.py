"""A scored USEBIO input written without copying its tree: lxml's own
serialisation of the input, cut at its traveller lines, with the method's
elements spliced in (STYLE.md "Writers": the one exception to building XML
with lxml, a measured hot path).

The lines are nearly the whole file, and the method changes a line only by
adding its points after its last field. So the writer (``_writer``)
serialises the input tree as it is (never changing it), and :func:`cut`
cuts those bytes into each line's own bytes and a *skeleton*: the document
with each run of lines (a board's, as a rule) one empty
``<TRAVELLER_LINE/>``, a tenth of its size. The skeleton is parsed and
edited as a tree by the writer's ordinary code (EVENT_TYPE, BOARD_AVERAGE,
TOTAL_SCORE, PLACE ...: nothing in a line), serialised, and :func:`join`
puts the lines back in their placeholders with their points inserted as
the tree path inserts them
(:func:`pbnscore.usebio._elements.set_children`: after the last child,
led by the line's indentation, the last child's tail moved after them).

Only where that is certain to give the tree path's bytes: the skeleton's
lines are its runs' placeholders (:meth:`Cut.refs`), it holds every
element and comment the edits can see (:func:`seen`, compared on the two
trees), no comment, processing instruction or DOCTYPE spells a line (the
cut could fall in it), the input has none of the points elements, and each
scored line ends with a field that comes before them. Otherwise the caller
edits a copy of the tree. A test holds the two byte-identical on every
fixture and sample and on hand-made layouts.
"""

from __future__ import annotations

import operator
import re
from collections.abc import Callable, Iterable, Sequence
from fractions import Fraction
from itertools import compress, count, repeat

from lxml import etree

from pbnscore.model import ScoredBoard
from pbnscore.usebio._elements import ORDER
from pbnscore.usebio._reader import PARSER, REF_TAGS, ref_elements

Element = etree._Element
Points = Fraction | int

_LINE_OPEN = b"<TRAVELLER_LINE"
_LINE_END = b"</TRAVELLER_LINE>"
PLACEHOLDER = b"<TRAVELLER_LINE/>"
# What follows a line's tag name in its start tag (lxml writes one space
# before each attribute): its attributes, and the text before its first
# child (its indentation). lxml escapes "<" and ">" in text and attribute
# values, so neither is found inside them.
_LINE_STARTS = (b"<TRAVELLER_LINE>", b"<TRAVELLER_LINE ")
_START_REST_RE = re.compile(rb"(?: [^>]*)?>([^<]*)")
_LINE_RANKS = {tag: rank for rank, tag in enumerate(ORDER["TRAVELLER_LINE"])}
_END_TAG_RANKS = {f"</{tag}>".encode(): rank for tag, rank in _LINE_RANKS.items()}
# What the writer's edits look at anywhere in the document besides the
# lines: the other elements a source_ref counts, PLACE (how ties are
# written), PARTICIPANTS (their EVENT_TYPE), comments and processing
# instructions (a line holding one is left to the tree path).
_SEEN = (*(tag for tag in REF_TAGS if tag != "TRAVELLER_LINE"), "PLACE", "PARTICIPANTS")
_MARKUP = (etree.Comment, etree.ProcessingInstruction)
_MARKUP_TYPES = (etree._Comment, etree._ProcessingInstruction)
_NO_POINTS: tuple[bytes, ...] = ()


class Cut:
    """A serialised document cut at its traveller lines' end tags (``tail +
    </TRAVELLER_LINE>``): the k-th of ``pieces`` holds what comes before
    the k-th line (after the line before it) and the line up to that end,
    ``starts[k]`` the place of its start tag; ``rest`` what follows the
    last line. A *run* is lines with nothing but text between them (each
    line's tail); ``runs`` holds the index of each run's first line.
    ``skeleton``: the document with each run one :data:`PLACEHOLDER` (the
    tails within a run go with its lines: no edit of the skeleton reaches
    them).

    ``tail`` is the last child's tail of every line when all lines share
    one (the usual, machine-written layout), else empty: each line then
    keeps its own. ``indent``: the text before the first child of every
    line when all lines start alike (the same start tag and indentation),
    else None."""

    __slots__ = ("indent", "pieces", "rest", "runs", "skeleton", "starts", "tail")

    def __init__(
        self,
        pieces: list[bytes],
        starts: list[int],
        marks: list[int],
        rest: bytes,
        tail: bytes,
        indent: bytes | None,
    ) -> None:
        self.pieces, self.starts, self.rest = pieces, starts, rest
        self.tail, self.indent = tail, indent
        # A run starts at the first line and wherever markup comes between
        # two lines (an element, a comment: what the skeleton must hold),
        # that is where a piece's first "<" (``marks``) is not its line's.
        breaks = map(operator.ne, marks[1:], starts[1:])
        self.runs = [0, *compress(count(1), breaks)] if pieces else []
        between = (pieces[k][: starts[k]] for k in self.runs)
        self.skeleton = PLACEHOLDER.join((*between, rest))

    def refs(self, nodes: Sequence[Element]) -> tuple[list[Element], dict[int, int]] | None:
        """The skeleton's ``nodes`` (its elements a source_ref counts) by
        source_ref, each run's placeholder standing for each of its lines,
        and each line's source_ref with its place among the lines; None
        where the skeleton's lines are not its runs' placeholders."""
        ends = (*self.runs[1:], len(self.pieces))
        runs = iter(zip(self.runs, ends, strict=True))
        by_ref: list[Element] = []
        positions: dict[int, int] = {}
        for node in nodes:
            if node.tag != "TRAVELLER_LINE":
                by_ref.append(node)
                continue
            run = next(runs, None)
            if run is None:
                return None
            first, end = run
            positions.update(zip(count(len(by_ref)), range(first, end)))
            by_ref.extend(repeat(node, end - first))
        return None if next(runs, None) is not None else (by_ref, positions)

    def heads(self, edited: Sequence[bytes]) -> tuple[list[bytes], list[int]]:
        """Each line with what comes before it, the input's but before a
        run's first line the ``edited`` skeleton's piece; and where in it
        the line's start tag is."""
        heads, opens = list(self.pieces), list(self.starts)
        for first, piece in zip(self.runs, edited, strict=True):
            heads[first] = piece + self.pieces[first][self.starts[first] :]
            opens[first] = len(piece)
        return heads, opens


def cut(output: bytes) -> Cut | None:
    """``output`` cut at its lines, every line's tail taken as the first's
    where that cuts at every line's end tag; None where a cut does not
    start at a line's start tag."""
    first = output.find(_LINE_END)
    tail = output[output.rfind(b">", 0, first) + 1 : first] if first >= 0 else b""
    if not _blank(tail):
        tail = b""
    found = _cut(output, tail)
    if tail and found is not None and _LINE_END in found.skeleton:
        found = _cut(output, b"")  # a line with another tail: each keeps its own
    return found


def _cut(output: bytes, tail: bytes) -> Cut | None:
    # The k-th piece ends with the k-th line, which starts at the piece's
    # last start tag (lines do not nest: the caller's checks confirm it).
    pieces = output.split(tail + _LINE_END)
    rest = pieces.pop()
    if not pieces:
        return Cut([], [], [], rest, tail, None)
    starts = list(map(bytes.rfind, pieces, repeat(_LINE_OPEN)))
    if -1 in starts:
        return None  # a piece with no start tag
    marks = list(map(bytes.find, pieces, repeat(b"<")))  # the first "<" of each
    start = _START_REST_RE.match(pieces[0], starts[0] + len(_LINE_OPEN))
    indent = None
    if start is not None:
        after_open = map(operator.add, starts, repeat(len(_LINE_OPEN)))
        alike = map(bytes.startswith, pieces, repeat(start[0] + b"<"), after_open)
        indent = start[1] if all(alike) else None  # every line starts alike
    if indent is None and not all(map(bytes.startswith, pieces, repeat(_LINE_STARTS), starts)):
        return None  # another tag that begins alike
    return Cut(pieces, starts, marks, rest, tail, indent)


def _blank(text: bytes) -> bool:
    """Whether serialised ``text`` is what set_children takes for
    indentation: not empty, and nothing but whitespace once read (lxml
    writes a carriage return in text as &#13;)."""
    return bool(text) and not text.replace(b"&#13;", b"\r").decode("utf-8").strip()


def seen(root: Element) -> int | None:
    """How many elements, comments and processing instructions the edits
    can see besides the lines: equal in the input and its skeleton when
    none is in a line. (A line in a line cannot be cut: its piece has no
    start tag of its own, or the skeleton does not parse.) None where a
    comment or processing instruction names a line: the cut could fall in
    it (and see plain_doctype)."""
    nodes = (*root.itersiblings(preceding=True), *root.iter(*_SEEN, *_MARKUP), *root.itersiblings())
    for node in nodes:
        if isinstance(node, _MARKUP_TYPES) and b"TRAVELLER_LINE" in etree.tostring(node):
            return None
    return len(nodes)


def plain_doctype(tree: etree._ElementTree, output: bytes) -> bool:
    """Whether ``output`` (``tree`` serialised) has no DOCTYPE or one
    without an internal subset (whose declarations and processing
    instructions lxml writes out, where the cut could fall), naming no
    line."""
    doctype = tree.docinfo.doctype.encode()  # type: ignore[attr-defined]  # not in lxml-stubs
    if not doctype:
        return True
    return b"TRAVELLER_LINE" not in doctype and output.startswith(
        b"<?xml version='1.0' encoding='UTF-8'?>\n" + doctype + b"\n"
    )


def line_points(
    positions: dict[int, int],
    boards: Iterable[ScoredBoard],
    tags: Sequence[tuple[str, str]],
    points_text: Callable[[Points], str],
) -> tuple[list[int], list[tuple[bytes, ...]]] | None:
    """The serialised points elements of each line, in document order: an
    index into the distinct tuples of elements, the first of which is
    empty (a line not scored); None where a line is scored twice or a
    source_ref is not a line (the tree path's cases)."""
    distinct = [_NO_POINTS]
    index_of: dict[tuple[Points | None, Points | None], int] = {}
    indices = [0] * len(positions)
    position = positions.get
    for board in boards:
        for ref, ns_points, ew_points in board.line_points():
            if ref is None:
                continue  # the tree path finds no element for it either
            at = position(ref)
            if at is None or indices[at]:
                return None  # not a line, or a line scored twice: the tree path replaces
            # Few distinct points in a file: each pair's elements made once.
            key = (ns_points, ew_points)
            index = index_of.get(key)
            if index is None:
                made = _points_elements(tags, ns_points, ew_points, points_text)
                index = index_of[key] = len(distinct) if made else 0
                if made:
                    distinct.append(made)
            indices[at] = index
    return indices, distinct


def _points_elements(
    tags: Sequence[tuple[str, str]],
    ns_points: Points | None,
    ew_points: Points | None,
    points_text: Callable[[Points], str],
) -> tuple[bytes, ...]:
    """A line's points elements, serialised, in the order of ``tags``."""
    found = []
    for ns_tag, ew_tag in tags:
        for tag, points in ((ns_tag, ns_points), (ew_tag, ew_points)):
            if points is not None:
                name = tag.encode()
                found.append(b"<%s>%s</%s>" % (name, points_text(points).encode(), name))
    return tuple(found)


def join(
    skeleton: bytes,
    found: Cut,
    points: tuple[list[int], list[tuple[bytes, ...]]] | None,
    first_tag: str,
) -> bytes | None:
    """The serialised (edited) ``skeleton`` with each placeholder replaced
    by its run of lines, ``points`` (from :func:`line_points`; the first
    points element ``first_tag``) spliced in; None where a scored line does
    not end with a field that comes before them."""
    edited = skeleton.split(PLACEHOLDER)
    if len(edited) != len(found.runs) + 1:
        return None
    heads, opens = found.heads(edited[:-1])
    end = found.tail + _LINE_END
    ends: Sequence[bytes]
    if points is None or len(points[1]) == 1:
        ends = [end] * len(heads)
    else:
        spliced = _splice_points(found, heads, opens, *points, first_tag)
        if spliced is None:
            return None
        heads, ends = spliced
    parts = [edited[-1]] * (2 * len(heads) + 1)  # line, end, line, end ... rest
    parts[0:-1:2] = heads
    parts[1::2] = ends
    return b"".join(parts)


def _splice_points(
    found: Cut,
    heads: list[bytes],
    opens: list[int],
    indices: list[int],
    distinct: list[tuple[bytes, ...]],
    first_tag: str,
) -> tuple[list[bytes], list[bytes]] | None:
    """Each line (with what comes before it, ``heads``; its start tag at
    ``opens``) and what follows it: its points elements, its last child's
    tail, its end tag, as set_children puts them: each after the last
    child, led by the line's indentation (where that is whitespace), else
    by the last child's tail; the last new one takes that tail."""
    rank = _LINE_RANKS[first_tag]
    # Nearest first: a line most often ends with the field just before them.
    before = tuple(tag for tag, tag_rank in reversed(_END_TAG_RANKS.items()) if tag_rank < rank)
    tail, lead = found.tail, found.indent
    if (
        tail
        and lead is not None
        and _blank(lead)
        and all(map(bytes.endswith, heads, repeat(before)))
    ):
        # The usual file: every line starts alike and ends with a field
        # before the points; each distinct insert is made once.
        endings = [b"".join(lead + e for e in elements) + tail + _LINE_END for elements in distinct]
        return heads, list(map(endings.__getitem__, indices))
    new_heads, ends = [], []
    for head, at, index in zip(heads, opens, indices, strict=True):
        if not index:
            new_heads.append(head)
            ends.append(tail + _LINE_END)
            continue
        after = head.rindex(b">") + 1  # the end of the line's last child
        if head[head.rfind(b"<", at, after) : after] not in before:
            return None  # a last field that the points go before, or unknown
        own = _START_REST_RE.match(head, at + len(_LINE_OPEN))
        indent = own[1] if own is not None else b""
        own_tail = head[after:] + tail
        lead = indent if _blank(indent) else own_tail
        new_heads.append(head[:after])
        ends.append(b"".join(lead + e for e in distinct[index]) + own_tail + _LINE_END)
    return new_heads, ends


def splice(
    output: bytes,
    root: Element,
    nodes: Sequence[Element],
    boards: Iterable[ScoredBoard],
    tags: Sequence[tuple[str, str]],
    points_text: Callable[[Points], str],
) -> bytes | None:
    """``output`` (``root`` serialised, with every edit but the lines'
    points) with each scored line's points in, as the tree path would have
    inserted them; None where the layout does not allow it. ``nodes``: the
    document's elements by source_ref; ``tags``: the (NS, EW) points
    elements. (The writer does the same in parts, editing the skeleton.)"""
    order = [tag for pair in tags for tag in pair]
    if not points_order_allowed(order) or next(root.iter(*order), None) is not None:
        return None
    found = cut(output) if plain_doctype(root.getroottree(), output) else None
    if found is None:
        return None
    try:
        skeleton = etree.fromstring(found.skeleton, PARSER)
    except etree.XMLSyntaxError:
        return None
    refs = found.refs(ref_elements(skeleton))
    visible = seen(root)
    if refs is None or visible is None or visible != seen(skeleton):
        return None
    lines = [ref for ref, node in enumerate(nodes) if node.tag == "TRAVELLER_LINE"]
    if len(lines) != len(found.pieces):
        return None
    positions = dict(zip(lines, count(), strict=False))
    points = line_points(positions, boards, tags, points_text)
    return None if points is None else join(found.skeleton, found, points, order[0])


def points_order_allowed(order: Sequence[str]) -> bool:
    """Points elements the splice can put in: all traveller-line fields,
    named in their canonical order."""
    ranks = [_LINE_RANKS.get(tag, -1) for tag in order]
    return bool(order) and min(ranks) >= 0 and ranks == sorted(set(ranks))
