"""A plain-text report of a scored event, for a terminal or a notice board.

Columns are aligned (numbers to the right) and no line is longer than
:data:`WIDTH` where the words allow: a long name or header wraps onto
further lines of its row, between words; no name, word or number is cut.
What is shown comes from :mod:`pbnscore.report._view`.
"""

from __future__ import annotations

import textwrap
from collections.abc import Callable, Iterator, Sequence
from typing import TYPE_CHECKING, TypeVar

from pbnscore._face import File, check_options, write_file
from pbnscore._kinds import TypedDict
from pbnscore._records import attrs
from pbnscore.figures import shown_as
from pbnscore.hands import SUIT_SYMBOLS
from pbnscore.model import ScoredEvent, Seat, check_scored
from pbnscore.report._assembly import build
from pbnscore.report._view import BoardView, Diagram, Report, Scorecard, Table, clean

if TYPE_CHECKING:
    from typing import Unpack


__all__ = ["WIDTH", "WriteOptions", "dump", "dumps", "render"]

WIDTH = 100
GAP = "  "
MIN_ANY = 3  # a text column is no narrower than this, nor than its longest word
LONGEST_WORD = 40  # ... up to this: a longer "word" (no name has one) wraps inside

_Part = TypeVar("_Part")  # a part of a section: a table, a board, a scorecard


def render(scored: ScoredEvent, *, dd: bool = False) -> str:
    """The report as text, lines within :data:`WIDTH` characters, ending
    with a newline; ``dd``: with double-dummy tables."""
    check_scored("pbnscore.report.text.render()", scored)
    with shown_as(scored.options):
        return "\n".join(line.rstrip() for line in _report(build(scored, dd=dd))) + "\n"


def _report(report: Report) -> Iterator[str]:
    """The title, date and club, the ranking; the matches, boards and
    scorecards; how it was scored last (a hand record: its boards alone)."""
    yield from _heading(report.title, "=")
    yield from _wrap("   ".join(f"{label}: {value}" for label, value in report.facts))
    yield from _section("Ranking", report.standings, _table)
    yield from _section("Matches", report.matches, _table)
    yield from _section("Hand record" if report.hand_record else "Boards", report.boards, _board)
    yield from _section("Scorecards", report.scorecards, _scorecard)
    if not report.hand_record:
        yield ""
        yield from _heading("How it was scored", "-")
        yield ""
        yield from _wrap(" ".join(report.scoring))
        yield from _wrap(f"Options: {options_line(report)}")
        yield from _wrap(f"Source: {report.source}")


def options_line(report: Report) -> str:
    """The method and its exact options as the command line spells them."""
    options = ", ".join(f"{name} {value}" for name, value in report.options)
    return report.method + (f" ({options})" if options else "")


def _section(
    heading: str, parts: Sequence[_Part], lines: Callable[[_Part], Iterator[str]]
) -> Iterator[str]:
    """A headed section of the report, a blank line before each part; none
    where there are no parts."""
    if not parts:
        return
    yield ""
    yield from _heading(heading, "-")
    for part in parts:
        yield ""
        yield from lines(part)


def _scorecard(card: Scorecard) -> Iterator[str]:
    yield from _wrap(card.title)
    yield from _table(card.table)


def _board(board: BoardView) -> Iterator[str]:
    """Title and facts, the hand diagram, the traveller, any analysis."""
    yield from _wrap(board.title)
    yield from _wrap("   ".join((*board.facts, board.traveller.note or "")).strip())
    if board.diagram is not None:
        yield from diagram_lines(board.diagram)
    if board.traveller.rows:
        yield from _table(attrs.evolve(board.traveller, title=None, note=None))
    for table in board.analysis:
        yield from _table(table)


HAND_WIDTH = 18  # "♠ AKQJT98765432" and room to spare


def diagram_lines(diagram: Diagram) -> Iterator[str]:
    """North above, West and East either side of a compass, South below."""

    def hand(seat: Seat) -> list[str]:
        held = diagram.hands.get(seat)
        if held is None:
            return [""] * 4
        return [
            f"{symbol} {cards or '—'}" for symbol, cards in zip(SUIT_SYMBOLS, held, strict=True)
        ]

    pad = " " * HAND_WIDTH
    compass = ("   N    ", " W    E ", "   S    ", "        ")
    yield from (pad + line for line in hand(Seat.N))
    for west, middle, east in zip(hand(Seat.W), compass, hand(Seat.E), strict=True):
        yield west.ljust(HAND_WIDTH) + middle + east
    yield from (pad + line for line in hand(Seat.S))


def _heading(text: str, rule: str) -> Iterator[str]:
    lines = list(_wrap(text))
    yield from lines
    yield rule * max(len(line) for line in lines)


def _wrap(text: str) -> Iterator[str]:
    yield from textwrap.wrap(clean(text), WIDTH, subsequent_indent="  ") or [""]


def _table(table: Table) -> Iterator[str]:
    heading = "   ".join(part for part in (table.title, table.note) if part)
    if heading:
        yield from _wrap(heading)
    for block in _blocks(table):
        yield from _grid_lines(block)


def _blocks(table: Table) -> Iterator[Table]:
    """A sideways table as blocks of columns that fit in WIDTH, each led by
    the first column; any other table as it is."""
    if not table.sideways:
        yield table
        return
    widths = [
        max(len(column.title), *(len(row[i]) for row in table.rows))
        for i, column in enumerate(table.columns)
    ]
    start = 1
    while start < len(widths):
        end = start + 1
        while end < len(widths) and _total([widths[0], *widths[start : end + 1]]) <= WIDTH:
            end += 1
        keep = [0, *range(start, end)]
        yield attrs.evolve(
            table,
            columns=tuple(table.columns[i] for i in keep),
            rows=tuple(tuple(row[i] for i in keep) for row in table.rows),
        )
        start = end


def _grid_lines(table: Table) -> Iterator[str]:
    head = tuple(column.title for column in table.columns)
    rows = [tuple(clean(cell) for cell in row) for row in table.rows]
    widths = _fit(table, [head, *rows])
    yield from _lines(table, head, widths)
    yield GAP.join("-" * width for width in widths)
    for row in rows:
        yield from _lines(table, row, widths)


def _fit(table: Table, rows: list[tuple[str, ...]]) -> list[int]:
    """Column widths that fit in WIDTH: the widest flexible column (names)
    gives way first, then, in a table too wide even so, any text column,
    each no narrower than its heading and its longest word (a text wraps
    between words, :func:`_lines`; only a word longer than
    :data:`LONGEST_WORD` inside). A number is never wrapped (a cut "-12.50"
    reads as a wrong figure): a table whose numbers and words alone are too
    wide runs past WIDTH instead."""
    columns = range(len(table.columns))
    widths = [max(len(row[i]) for row in rows) for i in columns]
    # The heading stays on one line (rows[0]), above the rule that marks its column.
    least = [
        widths[i]
        if column.numeric
        else max(
            MIN_ANY,
            len(rows[0][i]),
            *(min(len(w), LONGEST_WORD) for row in rows[1:] for w in row[i].split()),
        )
        for i, column in enumerate(table.columns)
    ]
    flexible = [i for i, column in enumerate(table.columns) if column.flexible]
    text = [i for i, column in enumerate(table.columns) if not column.numeric]
    for candidates in (flexible, text):
        while _total(widths) > WIDTH:
            narrowable = [i for i in candidates if widths[i] > least[i]]
            if not narrowable:
                break
            widest = max(narrowable, key=lambda i: widths[i])
            widths[widest] -= 1
    return widths


def _total(widths: list[int]) -> int:
    return sum(widths) + len(GAP) * (len(widths) - 1)


def _lines(table: Table, cells: tuple[str, ...], widths: list[int]) -> Iterator[str]:
    """A row: a text longer than its column wraps onto further lines
    between words, the row's other cells blank there."""
    wrapped = [
        [cell]
        if column.numeric or len(cell) <= width
        else textwrap.wrap(cell, width, break_on_hyphens=False)
        for column, cell, width in zip(table.columns, cells, widths, strict=True)
    ]
    for at in range(max(len(parts) for parts in wrapped)):
        out = []
        for column, parts, width in zip(table.columns, wrapped, widths, strict=True):
            cell = parts[at] if at < len(parts) else ""
            out.append(cell.rjust(width) if column.numeric else cell.ljust(width))
        yield GAP.join(out)


class WriteOptions(TypedDict, total=False):
    """``dd`` (default False): with each board's double-dummy table and par."""

    dd: bool


def dumps(obj: ScoredEvent, **options: Unpack[WriteOptions]) -> str:
    """The report as text (:func:`render`). Options: :class:`WriteOptions`."""
    check_options("pbnscore.report.text.dumps()", options, WriteOptions.__annotations__)
    return render(obj, **options)


def dump(obj: ScoredEvent, fp: File, **options: Unpack[WriteOptions]) -> None:
    """Write :func:`dumps` to a path (whole or not at all, UTF-8), a text
    file or a binary file (UTF-8)."""
    check_options("pbnscore.report.text.dump()", options, WriteOptions.__annotations__)
    write_file("pbnscore.report.text.dump()", dumps(obj, **options), fp)
