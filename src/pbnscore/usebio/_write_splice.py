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
TOTAL_SCORE, PLACE ...: nothing in a line; its runs of PLAYER elements,
half its bytes in a large file, hollowed the same way where no player is
scored, and its HANDSET: :class:`Hollowed`), serialised, and :func:`join`
puts the lines back in their placeholders with their points inserted as
the tree path inserts them
(:func:`pbnscore.usebio._write_elements.set_children`: after the last child,
led by the line's indentation, the last child's tail moved after them).

Only where that is certain to give the tree path's bytes: the bytes
spell as many line start tags as the cut finds line ends, each piece one
(so the lines do not nest, and each piece is one line: :func:`cut`), the
skeleton's lines are its runs' placeholders (:meth:`Cut.refs`), it holds every
element and comment the edits can see (:func:`seen`, compared on the two
trees), no comment, processing instruction or DOCTYPE spells a line (the
cut could fall in it), and each scored line ends with a field that comes
before them. Points the input's lines hold already (a scorer's file) are
taken out of the bytes first, where each line holding them ends with all of
them, as the splice would put them in, and gets new ones
(:func:`held_points`): replaced in place, as the tree path replaces them.
Otherwise the caller
edits a copy of the tree. A test holds the two byte-identical on every
fixture and sample and on hand-made layouts.
"""

from __future__ import annotations

import bisect
import operator
import re
from collections.abc import Callable, Iterable, Iterator, Sequence
from fractions import Fraction
from itertools import accumulate, compress, count, islice, repeat
from typing import cast

from lxml import etree

from pbnscore.model import ScoredBoard
from pbnscore.usebio._read_write_intake import PARSER, find_by_rare_byte
from pbnscore.usebio._read_write_values import REF_TAGS, ref_elements
from pbnscore.usebio._write_elements import ORDER

Element = etree._Element
Points = Fraction | int

_LINE_OPEN = b"<TRAVELLER_LINE"
_LINE_END = b"</TRAVELLER_LINE>"
PLACEHOLDER = b"<TRAVELLER_LINE/>"
PLAYERS = b"<PLAYER/>"  # a run of PLAYER elements in the skeleton (see Hollowed)
HANDSETS = b"<HANDSET/>"  # a HANDSET in the skeleton (see hollow_handsets)
_PLAYER_STARTS = (b"<PLAYER>", b"<PLAYER ")
_PLAYER_END = b"</PLAYER>"
_PLAYER_EMPTY = b"<PLAYER/"
_HANDSET_OPEN = b"<HANDSET"
_HANDSET_STARTS = (b"<HANDSET>", b"<HANDSET ")
_HANDSET_END = b"</HANDSET>"
# The skeleton size from which hollowing its players pays: below it the
# skeleton is parsed and serialised from cache, and hollowing it costs what
# it saves (measured: +0.1 ms at 60 tables x 30 boards, a 57 KB skeleton;
# about even at 250 tables, 228 KB; -10 ms at 1,000 tables, 0.9 MB).
HOLLOW_FROM = 256 * 1024
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
_PLAIN_ELEMENT = {etree._Element}
_NO_POINTS: tuple[bytes, ...] = ()
_Pairs = Sequence[tuple[Points | None, Points | None]]  # each result's (NS, EW) points


class LinePlaces:
    """Each line's place among the lines, by its source_ref. A run of
    lines has consecutive source_refs and places (the skeleton's
    placeholder stands for each), so each run is held by its first line's
    source_ref and place, not line by line (a map of 30,000 lines cost
    ~3 ms to build)."""

    __slots__ = ("_ends", "_places", "_refs")

    def __init__(self) -> None:
        self._refs: list[int] = []  # each run's first source_ref
        self._places: list[int] = []  # its first place
        self._ends: list[int] = []  # the place after its last line

    def add(self, ref: int, place: int, lines: int = 1) -> None:
        """``lines`` lines from source_ref ``ref`` at places from ``place``
        on (after those added before, in source_refs and in places)."""
        self._refs.append(ref)
        self._places.append(place)
        self._ends.append(place + lines)

    def __len__(self) -> int:
        return self._ends[-1] if self._ends else 0

    def get(self, ref: int | None) -> int | None:
        """The place of the line at source_ref ``ref``; None where no line is."""
        if ref is None:
            return None
        run = bisect.bisect_right(self._refs, ref) - 1
        if run < 0:
            return None
        place = self._places[run] + ref - self._refs[run]
        return place if place < self._ends[run] else None


class Cut:
    """A serialised document cut after each traveller line's last child:
    the k-th of ``pieces`` holds what comes before the k-th line (after the
    line before it) and the line up to its last child's end (``last``, the
    end tag every line's last child has, is cut off too where one is found
    on all), ``starts[k]`` the place of its start tag; ``rest`` what
    follows the last line. Each line ends with :attr:`end`. A *run* is lines
    with nothing but text between them (each line's tail); ``runs`` holds
    the index of each run's first line. ``skeleton``: the document with
    each run one :data:`PLACEHOLDER` (the tails within a run go with its
    lines: no edit of the skeleton reaches them).

    ``tail`` is the last child's tail of every line when all lines share
    one (the usual, machine-written layout), else empty: each line then
    keeps its own. ``indent``: the text before the first child of every
    line when all lines start alike (the same start tag and indentation),
    else None."""

    __slots__ = ("indent", "last", "pieces", "rest", "runs", "skeleton", "starts", "tail")

    def __init__(
        self,
        pieces: list[bytes],
        starts: list[int],
        runs: list[int],
        rest: bytes,
        ending: tuple[bytes, bytes],
        indent: bytes | None,
    ) -> None:
        self.pieces, self.starts, self.runs, self.rest = pieces, starts, runs, rest
        self.last, self.tail = ending
        self.indent = indent
        between = (pieces[k][: starts[k]] for k in runs)
        self.skeleton = PLACEHOLDER.join((*between, rest))

    @property
    def end(self) -> bytes:
        """What was cut off each line: its last child's end tag (or
        nothing), tail (or nothing) and end tag."""
        return self.last + self.tail + _LINE_END

    def refs(
        self, nodes: list[Element], lines: Sequence[Element]
    ) -> tuple[list[Element], LinePlaces] | None:
        """The skeleton's ``nodes`` (its elements a source_ref counts) by
        source_ref, each run's placeholder standing for each of its lines,
        and each line's place among the lines by source_ref; None
        where the skeleton's ``lines`` are not its runs' placeholders."""
        if len(lines) != len(self.runs):
            return None
        ends = (*self.runs[1:], len(self.pieces))
        by_ref: list[Element] = []
        places = LinePlaces()
        after = 0  # in nodes, after the last placeholder
        for line, first, end in zip(lines, self.runs, ends, strict=True):
            at = nodes.index(line, after)  # lxml: the same element, the same proxy
            by_ref += nodes[after:at]
            places.add(len(by_ref), first, end - first)
            by_ref += repeat(line, end - first)
            after = at + 1
        by_ref += nodes[after:]
        return by_ref, places

    def heads(self, edited: Sequence[bytes]) -> tuple[list[bytes], list[int]]:
        """Each line with what comes before it, the input's but before a
        run's first line the ``edited`` skeleton's piece; and where in it
        the line's start tag is."""
        heads, opens = list(self.pieces), list(self.starts)
        for first, piece in zip(self.runs, edited, strict=True):
            heads[first] = piece + self.pieces[first][self.starts[first] :]
            opens[first] = len(piece)
        return heads, opens


def cut(output: bytes, lines: int | None = None) -> Cut | None:
    """``output`` cut at its lines' ends, at the most of each line's end
    that all share (see :func:`_endings`); None where the cuts do not fall
    one in each line (a line in a line, an empty line, a tag that begins
    like a line's). ``lines``: :func:`line_starts` of it, where known."""
    if lines is None:
        lines = line_starts(output)
    for ending in _endings(output):
        pieces = output.split(b"".join((*ending, _LINE_END)))
        if len(pieces) - 1 == lines:
            return _cut(pieces, ending)
    return None


def line_starts(output: bytes) -> int:
    """How many line start tags ``output`` spells."""
    # Every line's start tag, once each: lxml writes "<" in text and
    # attribute values as "&lt;", and the caller sends a comment,
    # processing instruction or DOCTYPE that spells one to the tree path.
    return output.count(_LINE_OPEN)


def _endings(output: bytes) -> Iterator[tuple[bytes, bytes]]:
    """The (last child's end tag, tail) each line might end with, most
    first: the first line's; its tail alone; nothing."""
    first = output.find(_LINE_END)
    after = output.rfind(b">", 0, first) + 1
    tail = output[after:first] if first >= 0 else b""
    if _blank(tail):
        last = output.rfind(b"<", 0, after)
        if output.startswith(b"</", last):
            yield output[last:after], tail
        yield b"", tail
    yield b"", b""


def _cut(pieces: list[bytes], ending: tuple[bytes, bytes]) -> Cut | None:
    """The Cut of ``pieces``, one per line start tag in the document (the
    caller counted them): each piece's own, so that none holds a line's
    end but its own (the lines do not nest)."""
    rest = pieces.pop()
    if not pieces:
        return Cut([], [], [], rest, ending, None)
    first = pieces[0].rfind(_LINE_OPEN)
    start = _START_REST_RE.match(pieces[0], first + len(_LINE_OPEN)) if first >= 0 else None
    if start is None:
        return None  # the first line's start tag is not one
    head = _LINE_OPEN + start[0] + b"<"
    # Most lines follow the line before with text alone (the same text)
    # and start as the first line does: one C-level test each.
    between = _between(pieces, head)
    inner = list(map(bytes.startswith, pieces, repeat(between + head)))
    inner[0] = False
    starts = [len(between)] * len(pieces)
    runs = []
    alike = True
    for k in compress(count(), map(operator.not_, inner)):
        piece = pieces[k]
        at = starts[k] = piece.rfind(_LINE_OPEN)
        if at < 0 or not piece.startswith(_LINE_STARTS, at):
            return None  # a piece with no start tag, or another tag that begins alike
        if k == 0 or piece.find(b"<") != at:
            runs.append(k)  # markup before the line: the skeleton must hold it
        alike = alike and piece.startswith(head, at)
    indent = start[1] if alike else None
    return Cut(pieces, starts, runs, rest, ending, indent)


def _between(pieces: list[bytes], head: bytes) -> bytes:
    """The text between two lines of a run: before the first line (after
    the first) that follows text alone and starts with ``head``, among the
    first few (a board of one line may come first); empty if none."""
    for piece in islice(pieces, 1, 64):
        text = piece.partition(b"<")[0]
        if piece.startswith(head, len(text)):
            return text
    return b""


class Hollowed:
    """A skeleton with runs of one element hollowed, each run one
    placeholder (the element, empty): at 1,000 tables the players' names and
    numbers are half the skeleton's bytes, and in a club file its HANDSET
    (the deals) is; no edit reads or writes inside either where the checks
    hold (see :func:`hollow` and :func:`hollow_handsets`). ``tag``: the
    element; ``runs``: each run's bytes, from its first start tag to its
    last end tag; ``lengths``: the elements a source_ref counts that each
    hides (its PLAYERs; a HANDSET's BOARDs); ``hidden``: those of them the
    skeleton no longer holds (seen() counts a PLAYER placeholder, not a
    HANDSET one)."""

    __slots__ = ("hidden", "lengths", "placeholder", "runs", "skeleton", "tag")

    def __init__(
        self, skeleton: bytes, runs: list[bytes], lengths: list[int], tag: str, hidden: int
    ) -> None:
        self.skeleton, self.runs, self.lengths = skeleton, runs, lengths
        self.tag, self.hidden = tag, hidden
        self.placeholder = b"<%s/>" % tag.encode()

    def nodes(self, nodes: list[Element], placeholders: Sequence[Element]) -> list[Element] | None:
        """``nodes`` (the skeleton's elements a source_ref counts, and its
        placeholders) with each placeholder standing for each element its
        run hides; None where the skeleton's ``placeholders`` (its elements
        of :attr:`tag`) are not its runs'."""
        if len(placeholders) != len(self.runs):
            return None
        expanded: list[Element] = []
        after = 0  # in nodes, after the last placeholder
        for placeholder, length in zip(placeholders, self.lengths, strict=True):
            at = nodes.index(placeholder, after)
            expanded += nodes[after:at]
            expanded += repeat(placeholder, length)
            after = at + 1
        expanded += nodes[after:]
        return expanded

    def fill(self, edited: bytes) -> bytes | None:
        """The ``edited`` skeleton with each run back in its placeholder;
        None where an edit changed one."""
        parts = edited.split(self.placeholder)
        if len(parts) != len(self.runs) + 1:
            return None
        joined = [parts[-1]] * (2 * len(self.runs) + 1)  # before, run, before, run ... rest
        joined[0:-1:2] = parts[:-1]
        joined[1::2] = self.runs
        return b"".join(joined)


def hollow(skeleton: bytes) -> Hollowed | None:
    """``skeleton`` with its runs of PLAYER elements hollowed; None where it
    has none, has an empty one (it would read as a placeholder) or where
    the cuts do not fall one in each PLAYER (as for the lines, see cut)."""
    if _PLAYER_EMPTY in skeleton:
        return None
    pieces = skeleton.split(_PLAYER_END)
    rest = pieces.pop()
    if not pieces or len(pieces) != sum(map(skeleton.count, _PLAYER_STARTS)):
        return None
    # One start tag in each piece (counted): most have no attributes.
    starts = list(map(bytes.rfind, pieces, repeat(_PLAYER_STARTS[0])))
    for k in compress(count(), map(operator.lt, starts, repeat(0))):
        starts[k] = pieces[k].rfind(_PLAYER_STARTS[1])
        if starts[k] < 0:
            return None
    marks = map(bytes.find, pieces, repeat(b"<"))  # a run goes on where only text comes between
    firsts = [0, *compress(count(1), map(operator.ne, islice(marks, 1, None), starts[1:]))]
    ends = [*firsts[1:], len(pieces)]
    # Where each piece begins in the skeleton: a run is then one slice of it.
    begins = [0, *accumulate(map(len(_PLAYER_END).__add__, map(len, pieces)))]
    run_starts = [begins[first] + starts[first] for first in firsts]
    run_stops = [begins[end] for end in ends]
    runs = list(map(skeleton.__getitem__, map(slice, run_starts, run_stops)))
    between = map(skeleton.__getitem__, map(slice, [0, *run_stops[:-1]], run_starts))
    hollowed = PLAYERS.join((*between, rest))
    lengths = list(map(operator.sub, ends, firsts))
    return Hollowed(hollowed, runs, lengths, "PLAYER", sum(lengths) - len(lengths))


def hollow_handsets(skeleton: bytes) -> Hollowed | None:
    """``skeleton`` with each HANDSET hollowed (its BOARDs, the deals, are no
    model object's element the writer edits: the caller checks that no
    board's source_ref is one and that the HANDSETs are outside the EVENT);
    None where it has none, or a start tag that begins alike is not one
    (an empty HANDSET would read as a placeholder). One pass over the
    bytes, as few as the tests can be: a HANDSET in a HANDSET leaves an end
    tag unmatched (the skeleton does not parse), and one holding anything
    else seen() counts, or a BOARD that ``lengths`` misses (an empty one),
    leaves the skeleton seeing less than the input (parse_skeleton's check)."""
    runs, between, lengths = [], [], []
    after = 0  # in skeleton, after the last HANDSET
    while (at := skeleton.find(_HANDSET_OPEN, after)) >= 0:
        if not skeleton.startswith(_HANDSET_STARTS, at):
            return None  # an empty HANDSET, or another tag that begins alike
        end = skeleton.find(_HANDSET_END, at)
        if end < 0:
            return None
        end += len(_HANDSET_END)
        between.append(skeleton[after:at])
        run = skeleton[at:end]
        runs.append(run)
        lengths.append(run.count(b"</BOARD>"))
        after = end
    if not runs:
        return None
    hollowed = HANDSETS.join((*between, skeleton[after:]))
    return Hollowed(hollowed, runs, lengths, "HANDSET", sum(lengths))


def parse_skeleton(
    found: Cut, visible: int, hollowed: Sequence[Hollowed] = ()
) -> tuple[etree._ElementTree, list[Element], LinePlaces] | None:
    """The skeleton parsed (with the runs of ``hollowed`` hollowed, each
    from the skeleton the one before left), its elements by source_ref (see
    :meth:`Cut.refs`; a hollowed run's placeholder standing for each
    element it hides) and its lines' places; None where it does not hold
    all that the edits see, that is ``visible`` (seen() of the input) but
    what the placeholders hide."""
    try:
        root = etree.fromstring(hollowed[-1].skeleton if hollowed else found.skeleton, PARSER)
    except etree.XMLSyntaxError:
        return None
    placeholders = tuple(h.tag for h in hollowed if h.tag not in REF_TAGS)
    nodes: list[Element] | None = list(root.iter(*REF_TAGS, *placeholders))
    hidden = 0
    for runs in hollowed:
        if nodes is not None:
            nodes, hidden = runs.nodes(nodes, list(root.iter(runs.tag))), hidden + runs.hidden
    refs = found.refs(nodes, list(root.iter("TRAVELLER_LINE"))) if nodes is not None else None
    if refs is None or seen(root) != visible - hidden:
        return None
    return root.getroottree(), *refs


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
    if set(map(type, nodes)) <= _PLAIN_ELEMENT:
        return len(nodes)  # elements alone (thousands of them in a large file): no markup
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


def held_points(
    output: bytes, root: Element, order: Sequence[str], lines: int | None = None
) -> tuple[bytes, list[int]] | None:
    """``output`` (``root`` serialised, holding ``lines`` line start tags:
    counted where not given) without the points elements of
    ``order`` its lines hold, and the places of those lines among the lines
    (none: ``output`` as it is). The tree path sets the text of each in
    place; taking them out and putting the new ones in as for a line
    without them gives its bytes where each such line ends with all of
    them, in ``order``, each a plain element (no attribute, no child) led
    as set_children leads one it puts in, and the new points give each a text
    (the caller's check, on :func:`line_points`). None where some other
    layout holds them: a line with some of them, or with one elsewhere, or
    one outside a line."""
    needles = _held_needles(tuple(order))
    spelt = [output.count(needle) for needle, _ in needles]
    if not any(spelt):
        return output, []  # each element of theirs would spell its needle
    pieces = _held_pattern(tuple(order)).split(output)
    found = len(pieces) // 3  # before, lead between them, tail ... rest
    # Every element of theirs in the bytes is in a match (each spells its
    # needles as often as a match holds them, and none is spelt elsewhere),
    # and every element of theirs in the tree is one: a match per line that
    # holds them. Without comments and processing instructions every "<"
    # begins a tag: the bytes' tags are the tree's elements, and need no count.
    if any(count != found * each for count, (_, each) in zip(spelt, needles, strict=True)) or (
        not _markup_free(output) and _held_count(order)(root) != found * len(order)
    ):
        return None
    befores, leads = pieces[0:-1:3], pieces[1::3]
    lead = leads[0]
    if lines is None:
        lines = output.count(_LINE_OPEN)
    # As a rule every line is led alike and indented so (one test each).
    if (
        len(order) > 1
        and _blank(lead)
        and leads.count(lead) == found
        and all(map(bytes.endswith, befores, repeat(b">" + lead)))
        and output.count(b"%s>%s<" % (_LINE_OPEN, lead)) == lines
    ):
        trimmed = map(bytes.__getitem__, befores, repeat(slice(0, -len(lead))))
        return b"".join((*trimmed, pieces[-1])), _held_places(befores, found, lines)
    return _held_line_by_line(output, _held_pattern(tuple(order)), len(order) > 1)


def _held_places(befores: list[bytes], found: int, lines: int) -> list[int]:
    """The place among the ``lines`` lines of each match that ``befores``
    (what comes before each, after the one before) lead to: the lines'
    start tags counted up to it, less one. Where every line holds one (as
    many matches as lines) and each ``before`` holds a start tag (looked for
    from its end, where its line begins), each holds exactly one: the k-th
    match is in the k-th line, with no count."""
    if found == lines and all(
        map(operator.le, repeat(0), map(bytes.rfind, befores, repeat(_LINE_OPEN)))
    ):
        return list(range(found))
    return [line - 1 for line in accumulate(map(bytes.count, befores, repeat(_LINE_OPEN)))]


def _held_needles(order: tuple[str, ...]) -> tuple[tuple[bytes, int], ...]:
    """What each held points element of ``order`` spells, to count them
    in one pass per pair where the pair's names end alike (NS_BUTLER_POINTS
    and EW_BUTLER_POINTS: "_BUTLER_POINTS", in each start and end tag), else
    each start tag: (needle, how many times a match spells it)."""
    found = _HELD_NEEDLES.get(order)
    if found is None:
        names = [tag.encode() for tag in order]
        sample = b"".join(b"<%s></%s>" % (name, name) for name in names)
        needles = []
        for pair in (names[k : k + 2] for k in range(0, len(names), 2)):
            ending = _common_ending(pair)
            needles += [ending] if len(pair) > 1 and len(ending) >= 4 else [b"<" + n for n in pair]
        found = _HELD_NEEDLES[order] = tuple((needle, sample.count(needle)) for needle in needles)
    return found


def _common_ending(names: Sequence[bytes]) -> bytes:
    """The longest ending ``names`` share."""
    shortest = min(map(len, names))
    size = next(
        (size for size in range(shortest, 0, -1) if len({name[-size:] for name in names}) == 1),
        0,
    )
    return names[0][len(names[0]) - size :]


def _markup_free(output: bytes) -> bool:
    """Whether serialised ``output`` holds no comment and no processing
    instruction but its XML declaration (a DOCTYPE's internal subset
    included): then each "<" in it begins a tag, as lxml escapes "<" in text
    and attribute values."""
    return (
        find_by_rare_byte(output, b"<!--", b"!") < 0
        and find_by_rare_byte(output, b"<?", b"?", start=output.find(b"?>") + 2) < 0
    )


def _held_line_by_line(
    output: bytes, pattern: re.Pattern[bytes], between: bool
) -> tuple[bytes, list[int]] | None:
    """:func:`held_points` where lines are led or indented otherwise:
    each line's points elements looked at on their own."""
    kept, places = [], []
    place, after = -1, 0
    for match in pattern.finditer(output):
        at = match.start()
        begins = output.rfind(b">", after, at) + 1  # the whole tail of the field before
        lead = output[begins:at]
        place += output.count(_LINE_OPEN, after, at)
        start = output.rfind(_LINE_OPEN, after, at)
        own = _START_REST_RE.match(output, start + len(_LINE_OPEN)) if start >= 0 else None
        # What set_children leads an element it puts in with: the line's
        # indentation, or where it has none, the last child's tail.
        if (
            own is None
            or lead.strip(b" \t\n")
            or lead != (own[1] if _blank(own[1]) else match[2])
            or (between and match[1] != lead)
        ):
            return None  # led otherwise
        places.append(place)
        kept.append(output[after:begins])
        after = match.end()
    kept.append(output[after:])
    return b"".join(kept), places


def _held_count(order: Sequence[str]) -> etree.XPath:
    """How many elements of ``order`` a document holds, anywhere."""
    key = tuple(order)
    found = _HELD_COUNTS.get(key)
    if found is None:
        # One count per tag: libxml2 walks "//*[self::A or self::B]" some
        # ten times slower (a predicate on every node).
        found = _HELD_COUNTS[key] = etree.XPath(" + ".join(f"count(//{tag})" for tag in key))
    return found


def _held_pattern(order: tuple[str, ...]) -> re.Pattern[bytes]:
    """A line's held points elements, each plain, the second on led by the
    same whitespace (the first group), the last followed by text (the
    second) and the line's end tag (so that they are the line's last
    children). It begins with the first start tag: re finds that as a
    literal, fast, where a pattern that begins otherwise is tried at every
    byte (some 10 ms for a club file)."""
    found = _HELD_PATTERNS.get(order)
    if found is None:
        elements = [b"<%s>[^<]*</%s>" % (tag.encode(), tag.encode()) for tag in order]
        body = (
            elements[0] + rb"([ \t\n]*)" + rb"\1".join(elements[1:])
            if len(elements) > 1
            else elements[0] + rb"()"
        )
        found = _HELD_PATTERNS[order] = re.compile(body + rb"(?=([^<]*)</TRAVELLER_LINE>)")
    return found


_HELD_COUNTS: dict[tuple[str, ...], etree.XPath] = {}
_HELD_NEEDLES: dict[tuple[str, ...], tuple[tuple[bytes, int], ...]] = {}
_HELD_PATTERNS: dict[tuple[str, ...], re.Pattern[bytes]] = {}


def points_given(
    points: tuple[list[int], list[tuple[bytes, ...]]], places: Sequence[int], length: int
) -> bool:
    """Whether each of the lines at ``places`` is given ``length`` points
    elements by ``points`` (from :func:`line_points`)."""
    indices, distinct = points
    full = [len(elements) == length for elements in distinct]
    return all(full[indices[place]] for place in places)


def line_points(
    places: LinePlaces,
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
    indices = [0] * len(places)
    scored = bytearray(len(places))  # 1 where a line has been given its points
    for board in boards:
        refs, points = board.line_points()
        found = _places(places, refs, points)
        if found is None:
            return None
        at, points = found
        # Few distinct points in a file: each pair's elements made once
        # (and the points hashed once where all are known, as a rule).
        known = list(map(index_of.get, points))
        if None in known:
            for key in set(compress(points, map(operator.is_, known, repeat(None)))):
                made = _points_elements(tags, *key, points_text)
                index_of[key] = len(distinct) if made else 0
                if made:
                    distinct.append(made)
            known = list(map(index_of.get, points))
        elements = cast("list[int]", known)
        if isinstance(at, range):
            if scored.find(1, at.start, at.stop) >= 0:
                return None  # a line scored twice: the tree path replaces its points
            scored[at.start : at.stop] = b"\x01" * len(at)
            indices[at.start : at.stop] = elements
            continue
        for place, index in zip(at, elements, strict=True):
            if scored[place]:
                return None
            scored[place] = 1
            indices[place] = index
    return indices, distinct


def _places(
    lines: LinePlaces, refs: Sequence[int | None], points: _Pairs
) -> tuple[Sequence[int], _Pairs] | None:
    """Where among the lines the results of ``refs`` (source_refs) are,
    and their points; a range where they are consecutive source_refs of
    consecutive lines (a board's, as a rule). A result with no source_ref
    is left out (the tree path finds no element for it either); None where
    a source_ref is not a line's."""
    if refs and refs[0] is not None and refs[-1] is not None:
        first, last = lines.get(refs[0]), lines.get(refs[-1])
        # Lines' places rise with their source_refs: refs that step by one
        # from one line to a line as many places on are all lines.
        if (
            first is not None
            and last == first + len(refs) - 1
            and all(map(operator.eq, refs, count(refs[0])))
        ):
            return range(first, last + 1), points
    # (None for a result with no source_ref: left out below.)
    places = list(map(lines.get, refs))
    if None not in places:
        return cast("list[int]", places), points
    kept = [
        (at, pair) for ref, at, pair in zip(refs, places, points, strict=True) if ref is not None
    ]
    if any(at is None for at, _ in kept):
        return None
    return [cast("int", at) for at, _ in kept], [pair for _, pair in kept]


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
    if points is None or len(points[1]) == 1:
        heads.append(edited[-1])
        return found.end.join(heads)  # no points to put in
    ends = _line_ends(found, heads, points, first_tag)
    if ends is None:
        ends = _own_line_ends(found, heads, opens, *points, first_tag)
    if ends is None:
        return None
    parts = [edited[-1]] * (2 * len(heads) + 1)  # line, end, line, end ... rest
    parts[0:-1:2] = heads
    parts[1::2] = ends
    return b"".join(parts)


def _fields_before(first_tag: str) -> tuple[bytes, ...]:
    """The end tags of the line fields that come before ``first_tag``,
    nearest first (a line most often ends with the field just before)."""
    rank = _LINE_RANKS[first_tag]
    return tuple(tag for tag, tag_rank in reversed(_END_TAG_RANKS.items()) if tag_rank < rank)


def _line_ends(
    found: Cut,
    heads: list[bytes],
    points: tuple[list[int], list[tuple[bytes, ...]]],
    first_tag: str,
) -> list[bytes] | None:
    """What follows each line (``heads``) in the usual file, where every
    line starts alike and has the same tail: the points elements as
    set_children puts them (each after the last child, led by the line's
    indentation where that is whitespace, else by the tail; the last one
    takes the tail), each distinct ending made once. None where the
    lines differ (or a last field may go after the points)."""
    indices, distinct = points
    before = _fields_before(first_tag)
    if not found.tail or found.indent is None:
        return None
    if found.last:
        if found.last not in before:
            return None  # every line ends so (and one is scored)
    elif not all(map(bytes.endswith, heads, repeat(before))):
        return None
    lead = found.indent if _blank(found.indent) else found.tail
    close = found.tail + _LINE_END
    endings = [
        b"".join((found.last, *(lead + element for element in elements), close))
        for elements in distinct
    ]
    return list(map(endings.__getitem__, indices))


def _own_line_ends(
    found: Cut,
    heads: list[bytes],
    opens: list[int],
    indices: list[int],
    distinct: list[tuple[bytes, ...]],
    first_tag: str,
) -> list[bytes] | None:
    """What follows each line, as :func:`_line_ends` but from each line's
    own start (at ``opens``) and tail: heads that differ. Each line's head
    loses its tail, which its ending holds; None where a scored line's
    last field is not one before the points."""
    before = _fields_before(first_tag)
    ends = []
    # A line's ending by its lead, tail and points: few distinct, made once.
    made: dict[tuple[bytes, bytes, int], bytes] = {}
    for k, (at, index) in enumerate(zip(opens, indices, strict=True)):
        head = heads[k] + found.last
        after = head.rindex(b">") + 1  # the end of the line's last child
        own_tail = head[after:] + found.tail
        if not index:
            ends.append(found.last + found.tail + _LINE_END)
            continue
        if head[head.rfind(b"<", at, after) : after] not in before:
            return None  # a last field that the points go before, or unknown
        own = _START_REST_RE.match(head, at + len(_LINE_OPEN))
        indent = own[1] if own is not None else b""
        lead = indent if _blank(indent) else own_tail
        heads[k] = head[:after]
        ending = made.get((lead, own_tail, index))
        if ending is None:
            ending = made[lead, own_tail, index] = (
                b"".join(lead + e for e in distinct[index]) + own_tail + _LINE_END
            )
        ends.append(ending)
    return ends


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
    refs = found.refs(ref_elements(skeleton), list(skeleton.iter("TRAVELLER_LINE")))
    visible = seen(root)
    if refs is None or visible is None or visible != seen(skeleton):
        return None
    lines = [ref for ref, node in enumerate(nodes) if node.tag == "TRAVELLER_LINE"]
    if len(lines) != len(found.pieces):
        return None
    places = LinePlaces()
    for place, ref in enumerate(lines):
        places.add(ref, place)
    points = line_points(places, boards, tags, points_text)
    return None if points is None else join(found.skeleton, found, points, order[0])


def points_order_allowed(order: Sequence[str]) -> bool:
    """Points elements the splice can put in: all traveller-line fields,
    named in their canonical order."""
    ranks = [_LINE_RANKS.get(tag, -1) for tag in order]
    return bool(order) and min(ranks) >= 0 and ranks == sorted(set(ranks))
