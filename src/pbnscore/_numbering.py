"""Who a pair number is, where no participant list says: the one rule both
readers and the methods use for a section of a pairs event whose pairs are
known only by the numbers on its results (a USEBIO file with no
PARTICIPANTS, a PBN file with no TotalScoreTable).

- A number on both sides of one board (NS at one table and EW at the same
  or another): NS and EW are numbered apart, a Mitchell's "NS 1" and "EW 1";
  a pair is its number and the direction it sat. A pair plays a board once,
  so no one pair can be both; in a full Mitchell numbered 1..n each way
  every board shows it.
- Otherwise a number seen NS on some boards and EW on others is one pair
  that sat both ways (a Howell, or an arrow switch): one pair a number.
- A number seen one way only is a pair sitting that way (a Mitchell
  numbered across directions, NS 1..n and EW n+1..2n), unless others sat
  both ways: then it is a Howell's stationary pair, with no direction as
  every pair of a Howell.

Whether NS and EW are then ranked apart is the format's: USEBIO's
WINNER_TYPE, else its numbers (:func:`with_pairs`, which its reader calls);
PBN ranks a Mitchell's directions apart. The rule is described for users
in docs/reference/choices.md ("Pairs known by their numbers only").
"""

from __future__ import annotations

from collections.abc import Iterable

from pbnscore._patterns import compiled_later
from pbnscore._records import attrs
from pbnscore.model import Board, Direction, Fields, Participant, Section

NATURAL_RE = compiled_later(r"(\d+)")
Numbers = Iterable[str | None]  # a board's pair numbers one way, table by table


def on_both_sides(ns: Numbers, ew: Numbers) -> bool:
    """Whether a number sits NS at one table of a board and EW at one (a
    pair cannot: NS and EW are numbered apart)."""
    sitting_ns = set(ns)
    sitting_ns.discard(None)
    return not sitting_ns.isdisjoint(ew)


def numbered_apart(boards: Iterable[tuple[Numbers, Numbers]]) -> bool:
    """Whether some board, given as its NS and EW numbers, has a number on
    both sides."""
    return any(on_both_sides(ns, ew) for ns, ew in boards)


@attrs.frozen
class Numbering:
    """How a section's results number its pairs (see the module's docstring)."""

    apart: bool  # NS and EW numbered apart: a pair is its number and direction
    ns: frozenset[str]  # the numbers seen NS
    ew: frozenset[str]  # the numbers seen EW
    proving: tuple[int, ...] = ()  # the boards with a number on both sides
    played: int = 0  # boards with a result
    first_line: int | None = None  # the first result of the first proving board

    @property
    def both_ways(self) -> frozenset[str]:
        """The numbers seen NS and EW."""
        return self.ns & self.ew

    @property
    def howell(self) -> bool:
        """One pair a number, some of them sitting both ways."""
        return not self.apart and bool(self.both_ways)

    @property
    def pairs(self) -> int:
        """How many pairs the results show."""
        return len(self.ns) + len(self.ew) if self.apart else len(self.ns | self.ew)

    @property
    def said(self) -> str:
        """What the results show, for a scorer (``check``'s summary)."""
        if self.apart and self.both_ways:
            board = self.proving[0]
            return f"NS and EW numbered apart, a Mitchell: board {board} has a number on both sides"
        if self.howell:
            return "one pair a number, some sitting both ways, a Howell"
        return "each number sitting one way"

    def said_by(self, by: str) -> str:
        """What a PBN section's results show, found ``by`` "numbers" or
        "names" (``Section.pairs_found``), and how it is ranked (PBN ranks a
        Mitchell's directions apart, a Howell as one field)."""
        what = "pair numbers" if by == "numbers" else "the players' names, no pair numbers"
        if self.apart and self.both_ways:
            board = self.proving[0]
            why = f"board {board} has a number on both sides, a Mitchell ranked NS and EW apart"
        elif self.howell:
            why = "some pairs sit both ways, a Howell ranked as one field"
        else:
            why = "each pair sits one way, a Mitchell ranked NS and EW apart"
        return f"by {what}: {why}"

    def direction(self, number: str, side: Direction) -> Direction | None:
        """The direction of the pair that sat ``side`` with ``number``; None
        for every pair of a Howell, a stationary one too (one field, as the
        PBN reader's Howell: the two formats agree)."""
        return None if self.howell else side


def numbering(boards: Iterable[Board]) -> Numbering:
    """How ``boards`` (one section's) number their pairs."""
    ns: set[str | None] = set()
    ew: set[str | None] = set()
    proving: list[int] = []
    played = 0
    first_line = None
    for board in boards:
        columns = board.columns
        if not len(columns):
            continue
        played += 1
        ns.update(columns.ns)
        ew.update(columns.ew)
        if on_both_sides(columns.ns, columns.ew):
            if not proving:  # the line of the first EW number also seen NS
                sitting_ns = set(columns.ns)
                sitting_ns.discard(None)  # a row without pairs is no match
                at = next(at for at, number in enumerate(columns.ew) if number in sitting_ns)
                first_line = columns.lines[at]
            proving.append(board.number)
    ns.discard(None)
    ew.discard(None)
    return Numbering(
        bool(proving),
        frozenset(n for n in ns if n is not None),
        frozenset(n for n in ew if n is not None),
        tuple(proving),
        played,
        first_line,
    )


def with_pairs(section: Section, winner_type: str | None) -> Section:
    """A USEBIO section that lists no pairs, with the pairs its results show
    as each a number and the direction it sat where its NS and EW are two
    fields: ``winner_type`` (WINNER_TYPE) "2" says so, unless the results
    read as a Howell (one pair a number, one field: the USEBIO converter
    takes a 2 whose pairs have no DIRECTION as "probably a double howell");
    with none given, numbers numbered apart say so (NS 1 and EW 1: numbers
    that name a pair only within its direction, as a listed Mitchell's and a
    PBN one's). "1", or numbers that do not repeat across directions with
    none given: one field, the section left to the methods' reading of its
    numbers (by the same rule). NS first, by number."""
    if section.participants or winner_type == "1":
        return section
    found = numbering(section.boards)
    if not (found.apart or (winner_type == "2" and not found.howell)):
        return section
    pairs = [
        Participant(number, direction=direction, section=section.id)
        for direction, numbers in ((Direction.NS, found.ns), (Direction.EW, found.ew))
        for number in sorted(numbers, key=natural_key)
    ]
    return attrs.evolve(section, participants=tuple(pairs))


def with_fields(section: Section, winner_type: str | None) -> Section:
    """A USEBIO section with how its pairs are ranked, as ``winner_type``
    (WINNER_TYPE, §4.3) says: "1" one field, whatever DIRECTIONs its pairs
    have (an arrow-switched Mitchell's pairs keep the direction they are
    known by: NS 1 and EW 1 are two pairs); "2" NS and EW apart where every
    pair has a DIRECTION (listed, or :func:`with_pairs`'s), else one field
    (as the USEBIO converter takes a 2 whose pairs have none: "probably a
    double howell"). None or any other value: left to :func:`two_winner`."""
    if winner_type == "1":
        fields = Fields.ONE
    elif winner_type == "2":
        directed = _all_directed(section)
        fields = Fields.BY_DIRECTION if directed else Fields.ONE
    else:
        return section
    return attrs.evolve(section, fields=fields)


def two_winner(section: Section) -> bool:
    """Whether NS and EW are ranked apart (the methods' ranking groups): as
    the file says (``Section.fields``, USEBIO's WINNER_TYPE); where it says
    nothing, where the section lists its pairs and every one has a
    direction (as Compscore's PLACEs show). A section that lists none, or a
    pair without one (a Howell), is one field, whatever directions its
    results give its pairs (written to PBN, its Rank column says so:
    pbn/_read_write_pairs.ranked_fields)."""
    if section.fields is not None:
        return section.fields is Fields.BY_DIRECTION
    return _all_directed(section)


def _all_directed(section: Section) -> bool:
    pairs = section.participants
    return bool(pairs) and all(p.direction is not None for p in pairs)


def from_results(section: Section, format: str) -> bool:
    """Whether the section's pairs are known by their numbers only: it
    lists none, or (USEBIO) its reader made each from the results
    (:func:`with_pairs`; a listed pair has its element's ``source_ref``)."""
    pairs = section.participants
    return not pairs or (format == "usebio" and all(p.source_ref is None for p in pairs))


def natural_key(text: str) -> tuple[object, ...]:
    """Sort "2" before "10": a run of digits by its length, then its digits
    (no int(): a pair number may be 5000 digits long)."""
    return tuple(
        (len(part.lstrip("0")), part.lstrip("0")) if i % 2 else part
        for i, part in enumerate(NATURAL_RE.split(text))
    )
