"""Supplemental-section tables (PBN §5.2): column specs, rows, and the
columns of ScoreTable (§5.9) and TotalScoreTable (§5.10) that results use.

A table's tag value lists its columns, ``[+|-]name[\\width[L|R]]`` separated
by ";". Rows are formed by counting elements (§5.2), never by the declared
widths: real headers do not match their data (BridgeWebs declares
``PairId_NS\\4R`` over left-aligned numbers).
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from functools import lru_cache
from typing import NamedTuple

from pbnscore.errors import excerpt
from pbnscore.pbn._read_result import Report
from pbnscore.pbn._read_write_lexer import unescape

# §3.2: a column name token; "+" descending, "-" ascending, "\" a minimum width
COLUMN_RE = re.compile(r"([+-]?)([^\\;]+?)(?:\\(\d{1,9})([LR])?)?")
# A section element: a string token or a run of other printing characters (§5.1)
# Runs possessive (++, *+): one backtracking point a character took 8 GB
# on a 30 MiB string.
ELEMENT_RE = re.compile(r'"((?:[^"\\\n]++|\\.)*+)"|([^\s"]+)')

SCORE_TABLE = "ScoreTable"
TOTAL_SCORE_TABLE = "TotalScoreTable"
# The tables of PBN 2.1 §5.3-§5.10; other tags' section data is skipped.
TABLES = frozenset(
    (
        "ActionTable",
        "AuctionTimeTable",
        "InstantScoreTable",
        "OptimumPlayTable",
        "OptimumResultTable",
        "PlayTimeTable",
        SCORE_TABLE,
        TOTAL_SCORE_TABLE,
    )
)


def _names(*names: str) -> dict[str, str]:
    return {name.lower(): name for name in names}


# Columns results use, by their lower-case spelling (real files vary the case).
# Standard names first (§5.9, §5.10), then the common non-standard ones.
KNOWN_COLUMNS: dict[str, dict[str, str]] = {
    SCORE_TABLE: {
        **_names(
            "Rank", "PairId_NS", "PairId_EW", "Names_NS", "Names_EW", "Contract",
            "Declarer", "Result", "Score_NS", "Score_EW", "IMP_NS", "IMP_EW", "MP_NS",
            "MP_EW", "Percentage_NS", "Percentage_EW", "Multiplicity",
            "Table", "Round", "Section", "Lead",
        ),
        "setion": "Section",  # ACBLLive's spelling
    },
    TOTAL_SCORE_TABLE: {
        **_names(
            "Rank", "PairId", "Names", "TotalScore", "TotalIMP", "TotalMP",
            "TotalPercentage", "MeanScore", "MeanIMP", "MeanMP", "MeanPercentage",
            "NrBoards", "Multiplicity",
            "Table", "Direction", "Section", "Center", "Tiebreak", "MemberID1",
            "MemberID2", "Sex1", "Sex2", "NrBoardsSession", "SessionScoreMP",
            "SessionPercentage", "SessionRank", "SessionRankTie", "SessionRankWithoutHcp",
            "TeamId", "TotalVP",  # pbnscore's teams (docs/reference/pbn-out.md)
        ),
        "mp": "TotalMP",  # PbnJVeri's reference file
        "totalscoremp": "TotalMP",  # Magic Contest
        "percentage": "TotalPercentage",  # PbnJVeri's reference file
    },
}  # fmt: skip


class Column(NamedTuple):
    name: str  # as written
    key: str  # the known name it stands for, else the name as written
    order: str  # "+" descending, "-" ascending, "" none
    width: int | None
    known: bool


class Header(NamedTuple):
    columns: tuple[Column, ...]
    problems: tuple[tuple[str, str], ...]  # (message, severity)

    def positions(self) -> dict[str, int]:
        return {column.key: i for i, column in enumerate(self.columns)}


@lru_cache(maxsize=512)
def parse_header(table: str, spec: str) -> Header:
    """The columns of ``table`` from its tag value ``spec`` (cached: real
    files repeat one header on every board)."""
    columns: list[Column] = []
    problems: list[tuple[str, str]] = []
    for raw in spec.split(";"):
        column, bad, unknown = _column(table, raw)
        if bad is None:
            if any(other.key == column.key for other in columns):
                problems.append((f"{table}: column {excerpt(column.name)} appears twice", "error"))
            if unknown is not None:
                problems.append(unknown)
        else:
            problems.append(bad)
        columns.append(column)
    return Header(tuple(columns), tuple(problems))


_Problem = tuple[str, str]


@lru_cache(maxsize=2048)
def _column(table: str, raw: str) -> tuple[Column, _Problem | None, _Problem | None]:
    """One column spec of ``table``'s header: its column, the error where
    it is no column spec (the column then keeps the rows' width), and the
    warning where its name is unknown. Cached: files vary a header's widths
    from board to board (Score_NS\\3R, Score_NS\\4R), not its columns."""
    match = COLUMN_RE.fullmatch(raw.strip())
    if match is None:
        bad = (f"{table}: bad column spec {excerpt(raw)} ([+|-]name[\\width[L|R]])", "error")
        return Column(raw, raw, "", None, False), bad, None
    known = KNOWN_COLUMNS.get(table)
    order, name, width = match[1], match[2].strip(), match[3]
    key = known.get(name.lower(), name) if known is not None else name
    is_known = known is None or name.lower() in known
    unknown = (
        None if is_known else (f"{table}: unknown column {excerpt(name)} is ignored", "warning")
    )
    return Column(name, key, order, int(width) if width else None, is_known), None, unknown


class Rows(NamedTuple):  # not attrs: an attrs class costs every PBN read ~0.4 ms at import
    """A table's rows: each row's line, and its elements column by column
    (quotes removed, escapes resolved). Read by column (:meth:`column`): a
    ScoreTable has a row per table and board, and its reader wants a few
    columns of them, not a tuple per row. ``len(lines)`` is the number of
    rows (``len`` of a Rows is its two fields')."""

    lines: list[int]
    columns: list[list[str]]  # as wide as the header, each as long as ``lines``

    @classmethod
    def of(cls, lines: list[int], elements: list[str], width: int) -> Rows:
        """The rows of ``elements`` given row after row, ``width`` to a row."""
        return cls(lines, [elements[index::width] for index in range(width)])

    def column(self, index: int) -> list[str]:
        """The ``index``-th element of every row."""
        return self.columns[index]

    def tuples(self) -> Iterator[tuple[int, tuple[str, ...]]]:
        """Each row's (line, elements)."""
        return zip(self.lines, zip(*self.columns, strict=True), strict=True)


def elements(text: str) -> list[str]:
    return [bare if bare else unescape(quoted) for quoted, bare in ELEMENT_RE.findall(text)]


def _block_elements(block: str) -> list[list[str]]:
    """Each line's elements of a run of table lines. With no backslash in the
    run, no quoted element has an escape to resolve: a ScoreTable has a row
    per table and board, and a call per element is not needed."""
    if "\\" in block:
        return [elements(text) for text in block.split("\n")]
    findall = ELEMENT_RE.findall
    return [[quoted or bare for quoted, bare in findall(text)] for text in block.split("\n")]


# Words _whole_rows puts in a run's text: a line's end, and a string
# token's place (its text put back after the split).
_LINE_END, _STRING = "\x00", "\x01"


def _whole_rows(data: Sequence[tuple[int, str]], width: int) -> Rows | None:
    """The rows of ``data`` where each of its lines is one row of ``width``
    elements (every real file), split in bulk and taken column by column;
    else None (the caller reads them element by element).

    With no string token in the runs, a line's elements are its words (the
    element regex's \\s is str.split's white space). With string tokens
    that each close on their line and hold no escape, quotes open and close
    in turn: every other piece between quotes is a string's text, put back
    where the text with each string a word of its own has it (a string
    that is one word stands for itself, its quotes made spaces). Each line end
    made a word of its own, the lines are rows of ``width`` words where
    every ``width + 1``-th word is a line end, and no other word is."""
    if width < 1:
        return None
    text = data[0][1] if len(data) == 1 else "\n".join(block for _, block in data)
    if "\\" in text or _LINE_END in text or _STRING in text:
        return None
    strings: list[str] = []
    if '"' in text:
        pieces = text.split('"')
        strings = pieces[1::2]
        if len(pieces) % 2 == 0 or "\n" in "".join(strings):
            return None
        if " ".join(strings).split() == strings:  # each string one word
            text, strings = text.replace('"', " "), []
        else:
            text = f" {_STRING} ".join(pieces[::2])
    count = text.count("\n") + 1
    words = text.replace("\n", f" {_LINE_END} ").split()
    step = width + 1
    if len(words) != step * count - 1 or words[width::step] != [_LINE_END] * (count - 1):
        return None
    at = -1
    for string in strings:  # in the order of their places
        at = words.index(_STRING, at + 1)
        words[at] = string
    lines: list[int] = []
    for first, block in data:
        lines += range(first, first + block.count("\n") + 1)
    return Rows(lines, [words[index::step] for index in range(width)])


def split_rows(table: str, data: Sequence[tuple[int, str]], width: int, report: Report) -> Rows:
    """The rows of a table's section ``data`` ((line, text) runs): one row per
    line as every real file writes them; otherwise by counting elements, as
    import format allows (§5.2)."""
    rows = _whole_rows(data, width)
    if rows is not None:
        return rows
    lines = [
        (first + offset, values)
        for first, block in data
        for offset, values in enumerate(_block_elements(block))
    ]
    if all(len(values) == width for _, values in lines):
        return Rows.of(
            [line for line, _ in lines], [v for _, values in lines for v in values], width
        )
    flat = [(line, value) for line, values in lines for value in values]
    if len(flat) % width == 0:
        # import format may spread a row over lines (§5.2): count elements
        first = next(line for line, values in lines if len(values) != width)
        report(f"{table} rows are not one per line; read by counting elements", first, "warning")
        lines_of = [flat[i][0] for i in range(0, len(flat), width)]
        return Rows.of(lines_of, [v for _, v in flat], width)
    for line, values in lines:
        if len(values) != width:
            message = f"{table} row has {len(values)} elements for {width} columns"
            report(message, line, "error")
    # read what can be trusted: the lines that are whole rows
    whole = [(line, values) for line, values in lines if len(values) == width]
    return Rows.of([line for line, _ in whole], [v for _, values in whole for v in values], width)


def check_order(table: str, header: Header, rows: Rows, report: Report) -> None:
    """A column marked "+" (descending) or "-" (ascending) must be in that
    order (§5.2); "-" and "?" elements are skipped, as PbnJVeri does."""
    for i, column in enumerate(header.columns):
        if not column.order:
            continue
        previous: float | None = None
        for line, text in zip(rows.lines, rows.column(i), strict=True):
            try:
                value = float(text)
            except ValueError:
                continue
            out_of_order = previous is not None and (
                value > previous if column.order == "+" else value < previous
            )
            if out_of_order:
                way = "descending" if column.order == "+" else "ascending"
                report(f"{table}: column {column.name!r} is not {way} here", line, "warning")
                break
            previous = value
