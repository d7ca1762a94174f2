"""The column read of a USEBIO file: every traveller line's fields taken in
bulk, one XPath per field (XPath ``node()`` instead of a walk over each
line's children: the reader's hot loop), a board's results kept as
:class:`pbnscore.model.ResultColumns`; a PARTICIPANTS' pairs likewise.

Only for a strict read of a document whose traveller lines all lie in the
boards the element walk reads (``_reader``); a board whose lines do not read
cleanly is left to the walk, which reports the problem exactly as ever and
is the reference the tests compare the columns with.
"""

from __future__ import annotations

import bisect
import codecs
import functools
import itertools
import re
from collections.abc import Callable, Iterable, Sequence
from typing import Any, Protocol, TypeVar, cast

from lxml import etree

from pbnscore._kinds import NamedTuple
from pbnscore._patterns import compiled_later
from pbnscore.errors import UsebioError
from pbnscore.model import Contract, Direction, Outcome, Play, Player, ResultColumns, check_play
from pbnscore.usebio._read_write_intake import ascii_itself, sourceline
from pbnscore.usebio._read_write_spellings import SEAT_PLAYER_TAGS
from pbnscore.usebio._read_write_values import (
    ODD,
    REF_TAGS,
    normalise_lead,
    plain_declarer,
    plain_tricks,
    ref_elements,
    whole_number,
    with_lead,
)

Element = etree._Element
_T = TypeVar("_T")


class LineReader(Protocol):
    """What the column read asks of the element walk's reader (``_reader._Reader``):
    its refs, and how it reads a DIRECTION, a CONTRACT and a play (so that
    both reads read a text the one way)."""

    refs: dict[Element, int]

    def direction(self, text: str, element: Element) -> Direction | None: ...

    def bare_play(
        self, contract: str, score: str, played_by: str, tricks: str, element: Element, /
    ) -> tuple[Play, bool]: ...

    def contract_reading(
        self, text: str, /
    ) -> tuple[str | None, Outcome | None, Contract | None]: ...


# The boards the reader reads (see _Reader.container): straight under EVENT
# or a SESSION, or in their MATCHes and SECTIONs; relative to EVENT.
_BOARDS = " | ".join(
    f"{session}{within}BOARD"
    for session in ("", "SESSION/")
    for within in ("", "MATCH/", "SECTION/")
)
_LINES = f"({_BOARDS})/TRAVELLER_LINE"
_READ_BOARDS = etree.XPath(_BOARDS)
# The traveller line fields the reader reads (see _Reader.result).
_LINE_TAGS = (
    "NS_PAIR_NUMBER", "EW_PAIR_NUMBER", "DIRECTION", "CONTRACT", "SCORE", "PLAYED_BY", "LEAD",
    "TRICKS", *SEAT_PLAYER_TAGS,
)  # fmt: skip
_Fields = dict[str, tuple[etree.XPath, etree.XPath]]


def _last_fields(owners: str, tags: Iterable[str]) -> _Fields:
    """For each tag, XPaths of the nodes of each owner's last child of that
    tag, and of that child (see _column)."""
    return {
        tag: (
            etree.XPath(f"{owners}/{tag}[last()]/node()", smart_strings=False),
            etree.XPath(f"{owners}/{tag}[last()]"),
        )
        for tag in tags
    }


@functools.cache
def line_fields() -> _Fields:
    """Each line's last child of a tag (the walk's "the last wins"), its
    nodes: one per line exactly when every line has a non-empty one. Text
    comes as str (the parser merges adjacent text, CDATA included), an
    element, comment or processing instruction as an object: where one is
    in a field, its ``.text`` (the walk's) is not its text nodes. Compiled
    when first asked for: files as producers write them are read from the
    bytes (texts_by_bytes), and the 24 XPaths cost every start-up some
    1.5 M instructions (docs/internals/speed.md)."""
    return _last_fields(_LINES, _LINE_TAGS)


# The elements with a ref but the lines (see REF_TAGS).
_OTHER_REF_TAGS = tuple(tag for tag in REF_TAGS if tag != "TRAVELLER_LINE")
_CHILD_LINES = etree.XPath("count(TRAVELLER_LINE)")


def _child_lines(board: Element) -> int:
    """How many TRAVELLER_LINE children the board has (no proxy made)."""
    return int(cast("float", _CHILD_LINES(board)))


_LINE_ELEMENTS = etree.XPath(_LINES)


# The internal classes below are plain (not attrs): each attrs class costs
# every process that reads a USEBIO file some 0.6 ms to build at import.


class _RefLayout(NamedTuple):  # not attrs: an attrs class costs every USEBIO read at import
    """The refs of a document whose lines all lie in the boards the reader
    reads: every other ref element's, and each such board's lines' (a
    slice of ``line_refs``). Equal where all three are (the tests hold the
    count to the walk)."""

    refs: dict[Element, int]
    slices: dict[Element, tuple[int, int]]
    line_refs: list[int]

    @classmethod
    def by_count(
        cls, root: Element, read_boards: list[Element], document: bytes
    ) -> _RefLayout | None:
        """Without a proxy per line (the lines are most of the ref elements,
        and a proxy costs more than its ref). Where the document's bytes hold
        as many "<TRAVELLER_LINE" as the boards read have line children (no
        line lies elsewhere: each has its start tag) and no ref element lies
        in a board read but its lines, each board's lines come right after
        it in document order, their refs the next ones. None where that is
        not shown."""
        if not ascii_itself(root.getroottree().docinfo.encoding):
            return None  # the start tags' bytes are not known
        counts = [_child_lines(board) for board in read_boards]
        if document.count(b"<TRAVELLER_LINE") != sum(counts):
            return None  # a line elsewhere, or the bytes in a comment
        lines_of = dict(zip(read_boards, counts, strict=True))
        others = list(root.iter(*_OTHER_REF_TAGS))
        refs: dict[Element, int] = {}
        slices: dict[Element, tuple[int, int]] = {}
        line_refs: list[int] = []
        for position, element in enumerate(others):
            ref = refs[element] = position + len(line_refs)
            count = lines_of.get(element)
            if count is None:
                continue
            # What lies in a board comes right after it: the next one tells.
            after = others[position + 1 : position + 2]
            if after and element in after[0].iterancestors("BOARD"):
                return None
            slices[element] = (len(line_refs), len(line_refs) + count)
            line_refs.extend(range(ref + 1, ref + 1 + count))
        return cls(refs, slices, line_refs)

    @classmethod
    def by_walk(cls, root: Element, read_boards: list[Element]) -> _RefLayout | None:
        """By a walk over every ref element; None where a line lies outside
        the boards read (or a board in one of them)."""
        refs: dict[Element, int] = {}
        starts: dict[Element, int] = {}
        line_refs: list[int] = []
        for ref, element in enumerate(ref_elements(root)):
            if element.tag == "TRAVELLER_LINE":
                line_refs.append(ref)
            else:
                refs[element] = ref
                if element.tag == "BOARD":
                    starts[element] = len(line_refs)
        count = len(line_refs)
        # Every line in a board the reader reads, and no board inside one
        # (a HANDSET's boards hold hands, not lines): a board's lines are
        # then the ones after it in document order, up to the next board
        # the reader reads.
        read = set(read_boards)
        if not all(_outside(board, read) for board in starts if board not in read):
            return None
        starts = {board: start for board, start in starts.items() if board in read}
        if sum(map(_child_lines, read_boards)) != count:
            return None
        firsts = list(starts.values())
        slices = dict(zip(starts, zip(firsts, [*firsts[1:], count], strict=False), strict=False))
        return cls(refs, slices, line_refs)


# Above this many lines (some 17 MB of tree: half a 32 MB cache) the fields
# are taken board by board (see _nodes_board_by_board); below, the seven
# calls of a board each cost more than the cache saves (60 tables: 3.1 ->
# 3.5 ms; 120 the same; 227 tables 15.6 -> 14.7; 1,000 tables 92-107 -> 66-68).
BOARD_BY_BOARD_LINES = 5000


@functools.cache
def _board_line_nodes() -> dict[str, etree.XPath]:
    """A board's lines' fields, as line_fields' first XPaths give them for
    all (compiled when first asked for, as those are)."""
    return {
        tag: etree.XPath(f"TRAVELLER_LINE/{tag}[last()]/node()", smart_strings=False)
        for tag in _LINE_TAGS
    }


def _nodes_board_by_board(boards: list[Element], tags: list[str]) -> dict[str, list[object]]:
    """Each tag's nodes of line_fields (the boards read, in document order,
    hold every line, and none lies in another), taken board by board: a
    board's lines stay in the cache for all its fields, where a pass over
    every line of a big file for each field finds them gone (see
    BOARD_BY_BOARD_LINES)."""
    found: dict[str, list[object]] = {tag: [] for tag in tags}
    nodes = _board_line_nodes()
    for board in boards:
        for tag in tags:
            found[tag] += cast("list[object]", nodes[tag](board))
    return found


def _line_numbers(board: Element) -> list[int | None]:
    """The source lines of the board's traveller lines."""
    return [sourceline(line) for line in board.iterchildren("TRAVELLER_LINE")]


class LineColumns:
    """Every traveller line's fields, one list per tag in document order,
    extracted by lxml in bulk (XPath ``node()``) instead of a walk over each
    line's children: the reader's hot loop. Only for a document whose lines
    lie where the reader reads them; a field some lines lack, leave empty or
    fill with more than text is taken line by line; a board whose
    lines do not read cleanly is read by the walk (which reports the
    problem exactly as ever)."""

    def __init__(self, layout: _RefLayout, texts: dict[str, list[str] | None]) -> None:
        self.refs = layout.refs  # of every ref element but the lines
        self.slices = layout.slices  # each board's lines: (first, after the last)
        self.line_refs = layout.line_refs
        self.texts = texts  # by tag; None where no line has the tag
        self.values: _LineValues | None = None  # made when the first board is read

    @classmethod
    def of(cls, root: Element, event_el: Element, document: bytes) -> LineColumns | None:
        """The columns of the document, or None where the walk must read it."""
        read_boards = cast("list[Element]", _READ_BOARDS(event_el))
        counted = _RefLayout.by_count(root, read_boards, document)
        layout = counted or _RefLayout.by_walk(root, read_boards)
        if layout is None:
            return None
        count = len(layout.line_refs)
        texts = None
        if counted is not None:
            texts = texts_by_bytes(document, root.getroottree().docinfo.encoding, count)
        if texts is None:
            texts = texts_by_xpath(root, event_el, document, read_boards, count, counted=counted)
        return cls(layout, texts)

    def board(self, reader: LineReader, element: Element) -> ResultColumns | None:
        """The board's results as columns; None (the board's lines then
        given their refs, for the walk) where a line does not read cleanly."""
        start, stop = self.slices[element]
        values = self.values
        if values is None:
            values = self.values = _LineValues.of(self, reader, element)
        if not values.clean(start, stop):
            for ref, line in zip(
                self.line_refs[start:stop], element.iterchildren("TRAVELLER_LINE"), strict=True
            ):
                reader.refs[line] = ref
            return None
        homes, players = values.homes, values.players
        return ResultColumns(
            values.ns[start:stop],
            values.ew[start:stop],
            cast("list[Play]", values.plays[start:stop]),
            homes=None if homes is None else homes[start:stop],
            lines=lambda: _line_numbers(element),
            refs=self.line_refs[start:stop],
            players=None if players is None else players[start:stop],
        )


def texts_by_xpath(
    root: Element,
    event_el: Element,
    document: bytes,
    read_boards: list[Element],
    count: int,
    *,
    counted: object,
) -> dict[str, list[str] | None]:
    """Each line field's texts (see _column), one XPath per field: the
    general path. ``counted``: whether every "<TRAVELLER_LINE" of the bytes
    is a line's start tag, in order (_RefLayout.by_count has shown it)."""
    # A proxy per line costs more than a column: made only for a field
    # that some lines lack and whose lines the bytes do not show (see _column).
    lines = functools.cache(lambda: cast("list[Element]", _LINE_ELEMENTS(event_el)))
    places = _LinePlaces(document).lines_of if counted else None
    absent = _absent_optional_tags(root, document)
    read = [tag for tag in _LINE_TAGS if tag not in absent]
    big = count > BOARD_BY_BOARD_LINES
    nodes = _nodes_board_by_board(read_boards, read) if big else {}
    texts: dict[str, list[str] | None] = dict.fromkeys(_LINE_TAGS)
    fields = line_fields()
    for tag in read:
        texts[tag] = _column(event_el, fields, tag, count, lines, nodes.get(tag), places)
    return texts


# -- the line fields read from the bytes -----------------------------------------

_LINE_START, _LINE_END = "<TRAVELLER_LINE>", "</TRAVELLER_LINE>"
# A start tag with no attribute (an XML name in ASCII, no namespace prefix).
_START_TAG = compiled_later(r"<([A-Za-z_][A-Za-z0-9_.-]*)>")


def texts_by_bytes(
    document: bytes, encoding: str | None, count: int
) -> dict[str, list[str] | None] | None:
    """:func:`texts_by_xpath`'s texts read from the bytes by one pattern
    (some three times cheaper than the XPaths: libxml2 visits every child of
    every line for each field), for a document whose ``count`` lines are
    each "<TRAVELLER_LINE" of its bytes, in order (_RefLayout.by_count has
    shown it); None where the bytes do not show them plainly.

    The pattern (:func:`_line_pattern`) matches a line whose children are
    elements of text alone, no attribute, in the first line's order (some
    may be missing): no comment, CDATA, processing instruction or element
    inside a field, no field twice. Each match begins at a line's start
    tag, and a match's every "<" is a tag of that line: as many matches as
    lines is every line matched, and each field's text is the parser's
    (but for references and carriage returns, which the parser replaces:
    a field holding "&" or a carriage return sends the file to the XPaths).
    """
    if count == 0:
        return None
    first = document.find(_LINE_START.encode())
    end = document.rfind(_LINE_END.encode())
    if first < 0 or end < first:
        return None
    # Decoded where it lies (a copy of the lines' bytes costs as much again).
    section = memoryview(document)[first : end + len(_LINE_END)]
    try:
        text = str(section, "ascii")
    except UnicodeDecodeError:
        try:
            name = codecs.lookup(encoding or "utf-8").name
            if name not in ("utf-8", "iso8859-1"):
                return None  # a code page Python and libxml2 may read apart
            text = str(section, name)
        except (LookupError, UnicodeDecodeError):
            return None
    lines = _lines_found(text, count)
    if lines is None:
        return None
    shape, found = lines
    tags = [tag for tag in shape if tag in _READ_TAGS]
    # findall gives each match's one group itself, or the match where none.
    columns: Iterable[Sequence[str]] = zip(*found, strict=True)
    if len(tags) <= 1:
        columns = [found] if tags else []
    texts: dict[str, list[str] | None] = dict.fromkeys(_LINE_TAGS)
    for tag, column in zip(tags, columns, strict=True):
        if not any(column):
            continue  # every line's field empty or missing: as _column reads it
        joined = "".join(column)
        if "&" in joined or "\r" in joined:
            return None
        # Stripped as the walk strips (a text with no whitespace is itself).
        plain = joined.isascii() and not any(space in joined for space in _SPACES)
        texts[tag] = list(column) if plain else list(map(str.strip, column))
    return texts


_READ_TAGS = frozenset(_LINE_TAGS)
# What str.strip takes off an ASCII text (the control characters are no XML 1.0).
_SPACES = " \t\n\x0b\x0c\x1c\x1d\x1e\x1f"
# The patterns tried on one document: its first line's shape, then each
# time the shape with the fields of the first line not matched.
_SHAPE_TRIES = 3


def _lines_found(text: str, count: int) -> tuple[tuple[str, ...], list[Any]] | None:
    """The lines' shape (their fields in order) and its pattern's matches,
    one a line; None where no shape tried matches every line."""
    shape: tuple[str, ...] = ()
    rest, start = text, 0  # the lines not matched, the first one's start
    for _ in range(_SHAPE_TRIES):
        line = rest[start : rest.find(_LINE_END, start)]
        merged = _merged(shape, tuple(_START_TAG.findall(line))[1:])
        if merged == shape:
            return None  # the line not matched is not for want of a field
        shape = merged
        pattern = _line_pattern(shape)
        found = pattern.findall(text)
        if len(found) == count:
            return shape, found
        # The lines matched taken out, the first line left is one not matched.
        rest = pattern.sub("", rest)
        start = rest.find(_LINE_START)
        if start < 0:
            return None  # a line's start tag with an attribute
    return None


def _merged(shape: tuple[str, ...], other: tuple[str, ...]) -> tuple[str, ...]:
    """``shape`` with the fields of ``other`` it lacks, each after the
    field before it in ``other`` (first where none is); a field twice, once."""
    merged = list(shape)
    for at, tag in enumerate(other):
        if tag not in merged:
            before = next((t for t in reversed(other[:at]) if t in merged), None)
            merged.insert(0 if before is None else merged.index(before) + 1, tag)
    return tuple(merged)


@functools.lru_cache(maxsize=8)
def _line_pattern(shape: tuple[str, ...]) -> re.Pattern[str]:
    """A line whose children are ``shape``'s elements, in that order, each
    holding text alone (or nothing), each one optional; a group for each
    field the reader reads. Possessive: a field once matched is not given
    back (no backtracking over a line's text)."""
    fields = "".join(
        f"(?:[^<]*+<{name}>([^<]*+)</{name}>)?+"
        if tag in _READ_TAGS
        else f"(?:[^<]*+<{name}>[^<]*+</{name}>)?+"
        for tag in shape
        for name in (re.escape(tag),)
    )
    return re.compile(f"{_LINE_START}{fields}[^<]*+{_LINE_END}")


class _LinePlaces:
    """The line each start tag of a field lies in, read from the bytes of a
    document whose every "<TRAVELLER_LINE" is a line's start tag, in order
    (_RefLayout.by_count has shown it): where a field some lines lack has
    as many start tags in the lines' bytes as lines whose field holds text,
    each is the start tag of a line's one such field (see lines_of), and
    the bytes from each line's start tag to the next one's tell which lines
    have one, without a proxy a line."""

    def __init__(self, document: bytes) -> None:
        self.document = document

    @functools.cached_property
    def lines(self) -> list[bytes]:
        """Each line's bytes and what follows it up to the next line, from
        the first line's start tag to the last end tag of a line (after
        every field of every line). No line field's tag is a prefix of
        "TRAVELLER_LINE": the split cuts none."""
        document = self.document
        first = document.find(b"<TRAVELLER_LINE")
        end = document.rfind(b"</TRAVELLER_LINE")
        return document[first:end].split(b"<TRAVELLER_LINE")[1:] if first < end else []

    def lines_of(self, tag: str, found: int) -> list[int] | None:
        """The line (its index in document order) of each of the ``found``
        lines whose last ``tag`` field holds one text node, in order; None
        where the bytes do not show them. The field's start tags in the
        bytes from the first line to the last line's end are at least the
        fields in lines (each has one there), which are at least the lines
        that have one, which are at least ``found``: as many start tags as
        ``found`` makes them all equal, each a line's only field of the tag."""
        needle = b"<" + tag.encode("ascii")
        counts = list(map(bytes.count, self.lines, itertools.repeat(needle)))
        if sum(counts) != found:
            return None  # a field twice in a line, in a comment ...: by element
        return list(itertools.compress(range(len(counts)), counts))


# The fields a line's play is read from, in _Reader.play's order.
_PLAY_TAGS = ("CONTRACT", "SCORE", "PLAYED_BY", "LEAD", "TRICKS")


class _LineValues(NamedTuple):  # not attrs: an attrs class costs every USEBIO read at import
    """Every line's values (what a board's ResultColumns slice), read from
    the texts of the whole document at once: each distinct spelling is read
    once. ``bad`` (sorted) holds the lines that do not read cleanly."""

    ns: list[str | None]
    ew: list[str | None]
    plays: list[Play | None]  # None on a bad line
    homes: list[Direction | None] | None
    players: list[tuple[str | None, ...]] | None
    bad: list[int]

    @classmethod
    def of(cls, columns: LineColumns, reader: LineReader, element: Element) -> _LineValues:
        """``element`` is only where a failure would be reported: a line
        that fails is marked bad, and its board read by the walk, which
        reports it at its own line."""
        texts = columns.texts
        count = len(columns.line_refs)
        blank = [""] * count
        bad: set[int] = set()
        plays = _plays(reader, [texts[tag] or blank for tag in _PLAY_TAGS], element, bad)
        directions = texts["DIRECTION"]
        homes = None
        if directions is not None:
            homes = _converted(directions, lambda text: reader.direction(text, element), bad)
        seats = [texts[tag] for tag in SEAT_PLAYER_TAGS]
        players = None
        if any(column is not None for column in seats):
            players = [
                found if any(found) else ()
                for found in zip(
                    *([text or None for text in c] if c else [None] * count for c in seats),
                    strict=True,
                )
            ]
        return cls(
            _or_nones(texts["NS_PAIR_NUMBER"], count),
            _or_nones(texts["EW_PAIR_NUMBER"], count),
            plays,
            homes,
            players,
            sorted(bad),
        )

    def clean(self, start: int, stop: int) -> bool:
        """Whether lines ``start`` to ``stop`` (exclusive) all read cleanly."""
        at = bisect.bisect_left(self.bad, start)
        return at == len(self.bad) or self.bad[at] >= stop


def _or_nones(texts: list[str] | None, count: int) -> list[str | None]:
    """The ``count`` texts with None for each empty one (the list itself
    where none is: no pair number is empty in nearly every file)."""
    if texts is None:
        return [None] * count
    if "" in texts:
        return [text or None for text in texts]
    return cast("list[str | None]", texts)


def _plays(
    reader: LineReader, texts: list[list[str]], element: Element, bad: set[int]
) -> list[Play | None]:
    """Each line's play from its _PLAY_TAGS texts, read once per spelling:
    the spellings of lines played as most are (see _Reader.played) column
    by column (:func:`_plain_plays`), any other as the walk reads it (see
    _OddPlays). Lines spelled alike share one Play (validation checks each
    distinct play once); a line whose play fails is added to ``bad``."""
    first: dict[tuple[str, ...], int] = {}
    # Each line's first line spelled as it is: one pass, no Python per line.
    where = list(map(first.setdefault, zip(*texts, strict=True), itertools.count()))
    keys = list(first)
    plays: list[Play | None] = []
    odd: list[int] = []
    if keys:
        plays, odd = _plain_plays(reader, keys)
    if odd:
        others = _OddPlays(reader, element)
        for at in odd:
            plays[at] = others.play(keys[at])
    found = list(map(dict(zip(first.values(), plays, strict=True)).__getitem__, where))
    if odd and None in plays:
        bad.update(index for index, play in enumerate(found) if play is None)
    return found


def _plain_plays(
    reader: LineReader, keys: list[tuple[str, ...]]
) -> tuple[list[Play | None], list[int]]:
    """The play of each of ``keys`` (_PLAY_TAGS spellings) where it is
    played as most are, made as _Reader.played makes it: each column's
    distinct texts read once, and the plays made in one pass. The others'
    places (listed second) hold no play of theirs."""
    contracts, scores, seats, leads, tricks = zip(*keys, strict=True)
    readings = {text: reader.contract_reading(text) for text in set(contracts)}
    contract_of = {text: found[2] for text, found in readings.items() if found[1] is None}
    written_of = {text: found[0] for text, found in readings.items() if found[1] is None}
    score_texts, seat_texts, tricks_texts = set(scores), set(seats), set(tricks)
    score_of = {text: n for text in score_texts if (n := whole_number(text)) is not None}
    seat_of = {text: seat for text in seat_texts if (seat := plain_declarer(text)) is not ODD}
    tricks_of = {text: t for text in tricks_texts if (t := plain_tricks(text)) is not ODD}
    lead_of = {text: normalise_lead(text) for text in set(leads)}
    odd: set[int] = set()
    for column, distinct, plain in (
        (contracts, readings, contract_of),
        (scores, score_texts, score_of),
        (seats, seat_texts, seat_of),
        (tricks, tricks_texts, tricks_of),
    ):
        if len(plain) < len(distinct):
            odd.update(at for at, text in enumerate(column) if text not in plain)
    fields = zip(
        itertools.repeat(Outcome.PLAYED),
        map(score_of.get, scores),
        map(contract_of.get, contracts),
        map(written_of.get, contracts),
        map(seat_of.get, seats),
        map(lead_of.__getitem__, leads),
        map(tricks_of.get, tricks),
        itertools.repeat(None),  # adjusted
    )
    # Play is a named tuple: made as its _make makes it, without a call per play.
    plays = list(map(_NEW_TUPLE, itertools.repeat(Play), fields))
    return cast("list[Play | None]", plays), sorted(odd)


_NEW_TUPLE = cast("Callable[[type[Play], Iterable[object]], Play]", tuple.__new__)


class _OddPlays:
    """The plays of spellings not played as most are (adjusted, not played,
    passed out, tricks relative to the contract, a text that does not
    read), each read as the walk reads it, once per spelling but for the
    lead (see _Reader.bare_play); None where it fails."""

    def __init__(self, reader: LineReader, element: Element) -> None:
        self.reader, self.element = reader, element
        self.bare: dict[tuple[str, ...], tuple[Play, bool] | None] = {}  # None: it fails

    def play(self, key: tuple[str, ...]) -> Play | None:
        contract, score, played_by, lead, tricks = key
        unled = (contract, score, played_by, tricks)
        if unled not in self.bare:
            self.bare[unled] = _checked_bare_play(self.reader, unled, self.element)
        found = self.bare[unled]
        if found is None:
            return None
        return with_lead(found[0], lead) if found[1] else found[0]


def _checked_bare_play(
    reader: LineReader, texts: tuple[str, ...], element: Element
) -> tuple[Play, bool] | None:
    """:meth:`_Reader.bare_play` of the texts, checked as the model checks
    a Result; None where either fails."""
    try:
        found = reader.bare_play(texts[0], texts[1], texts[2], texts[3], element)
        play = found[0]
        check_play(play.outcome, play.score, play.tricks, play.adjusted)  # 14 tricks
    except (UsebioError, ValueError):
        return None
    return found


def _converted(texts: list[str], convert: Callable[[str], _T], bad: set[int]) -> list[_T | None]:
    """``convert`` of each text, once per distinct text; the lines whose
    text fails are added to ``bad`` (their value None)."""
    values: dict[str, _T] = {}
    failed = False
    for text in set(texts):
        try:
            values[text] = convert(text)
        except UsebioError:
            failed = True
    if failed:
        bad.update(index for index, text in enumerate(texts) if text not in values)
    return list(map(values.get, texts))


def _absent_optional_tags(root: Element, document: bytes) -> frozenset[str]:
    """The optional line fields no line has, as far as a scan of the bytes
    shows, which is cheaper than an XPath: in an encoding that writes ASCII
    as itself and only so, a field's start tag is in the bytes from the
    first line's start tag to the last line's end tag (a HANDSET after the
    boards, whose hands have a DIRECTION, is not looked at)."""
    if not ascii_itself(root.getroottree().docinfo.encoding):
        return frozenset()
    first = document.find(b"<TRAVELLER_LINE")
    if first < 0:
        return frozenset()
    end = document.rfind(b"</TRAVELLER_LINE")  # a line with a field ends before it
    absent = set()
    if document.find(b"<DIRECTION", first, end) < 0:
        absent.add("DIRECTION")
    # One scan for the four seats' players (individual events only).
    if document.find(b"_PLAYER_NUMBER", first, end) < 0:
        absent.update(SEAT_PLAYER_TAGS)
    return frozenset(absent)


def _outside(element: Element, boards: set[Element]) -> bool:
    """Whether ``element`` lies in none of ``boards``."""
    return not any(ancestor in boards for ancestor in element.iterancestors("BOARD"))


def _column(
    context: Element,
    fields: _Fields,
    tag: str,
    count: int,
    owners: Callable[[], Sequence[Element]],
    nodes: list[object] | None = None,
    places: Callable[[str, int], list[int] | None] | None = None,
) -> list[str] | None:
    """Each owner's (line's, pair's ...) ``tag`` text as the walk reads it
    (its last such child's ``.text``), stripped, "" where it has none; None
    where no owner has a non-empty one. The ``count`` owners are what
    ``fields`` select from ``context``; ``owners()`` gives them in document
    order, asked for only where some owners lack the field. ``nodes``: the
    first of the tag's ``fields`` XPaths' result, where the caller has it.
    ``places``: the owner of each of those nodes, where that is known
    without a walk (see _LinePlaces), else None."""
    last_nodes, last_fields = fields[tag]
    if nodes is None:
        nodes = cast("list[object]", last_nodes(context))
    if len(nodes) == count:
        try:
            return list(map(str.strip, cast("list[str]", nodes)))
        except TypeError:  # not a str: a node other than text, read by element below
            pass
    elif not nodes:
        # Every line's field empty or missing: to every reader of a column
        # the same as none (no element walk needed to tell which).
        return None
    elif places is not None and all(type(node) is str for node in nodes):
        # A field's text nodes, one a field (the parser merges adjacent text).
        owner_of = places(tag, len(nodes))
        if owner_of is not None:
            column = [""] * count
            for owner, text in zip(owner_of, cast("list[str]", nodes), strict=True):
                column[owner] = text.strip()
            return column
    # Some owners leave the field empty: by element; some lack it: each
    # field found is its owner's last, the others have none.
    found = cast("list[Element]", last_fields(context))
    if len(found) == count:
        return [(field.text or "").strip() for field in found]
    if not found:
        return None
    by_owner = {field.getparent(): (field.text or "").strip() for field in found}
    return [by_owner.get(owner, "") for owner in owners()]


def _texts(context: Element, fields: _Fields, tag: str, owners: list[Element]) -> list[str]:
    """:func:`_column` of ``owners``, "" for each where none has the field."""
    return _column(context, fields, tag, len(owners), lambda: owners) or [""] * len(owners)


# -- participants' pairs column by column ----------------------------------------

_PAIRS = etree.XPath("PAIR")
_PAIR_FIELDS = _last_fields("PAIR", ("PAIR_NUMBER", "DIRECTION"))
_PAIR_PLAYERS = etree.XPath("PAIR/PLAYER")
_PLAYER_FIELDS = _last_fields("PAIR/PLAYER", ("PLAYER_NAME", "NATIONAL_ID_NUMBER"))


class PairColumns:
    """The PAIRs of one PARTICIPANTS (or TEAM): their numbers, directions
    and players as the walk reads them (:func:`fields_of`, :func:`_players`),
    extracted in bulk: four XPaths instead of a walk over every pair's and
    player's children."""

    def __init__(
        self,
        index: dict[Element, int],
        numbers: list[str],
        directions: list[str],
        players: dict[Element, tuple[Player, ...]],
    ) -> None:
        self.index = index
        self.numbers = numbers
        self.directions = directions
        self.players = players

    @classmethod
    def of(cls, element: Element) -> PairColumns:
        pairs = cast("list[Element]", _PAIRS(element))
        numbers = _texts(element, _PAIR_FIELDS, "PAIR_NUMBER", pairs)
        directions = _texts(element, _PAIR_FIELDS, "DIRECTION", pairs)
        player_els = cast("list[Element]", _PAIR_PLAYERS(element))
        names = _texts(element, _PLAYER_FIELDS, "PLAYER_NAME", player_els)
        ids = _texts(element, _PLAYER_FIELDS, "NATIONAL_ID_NUMBER", player_els)
        players: dict[Element, list[Player]] = {}
        for player, name, national_id in zip(player_els, names, ids, strict=True):
            pair = cast("Element", player.getparent())
            players.setdefault(pair, []).append(Player(name or None, national_id or None))
        return cls(
            {pair: at for at, pair in enumerate(pairs)},
            numbers,
            directions,
            {pair: tuple(found) for pair, found in players.items()},
        )

    def of_pair(self, pair: Element) -> tuple[str, str, tuple[Player, ...]]:
        """The pair's PAIR_NUMBER and DIRECTION texts and its players."""
        at = self.index[pair]
        return self.numbers[at], self.directions[at], self.players.get(pair, ())
