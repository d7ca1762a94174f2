"""A ScoreTable's rows (PBN §5.9) as results, read column by column.

A ScoreTable has a row per table, and a file a table per board: the rows
are most of a results file. Their columns are taken whole (``Rows.column``)
and a row is looked at on its own only where its play is new: the play of
its Contract, Declarer, Result, Score, Percentage and Lead elements at the
board's vulnerability is made once, by the same code as a game's own result
(``to_play``, whose branches give each outcome what a Result requires: a
score where played, none where not, tricks within 0-13), and kept for every
later row that spells it alike, unless it was reported (a problem is
reported at every row that has it, as ever). A board's rows become
:class:`~pbnscore.model.ResultColumns`: their Result objects are made only
when asked for.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Iterator, Sequence
from operator import itemgetter
from typing import TypeVar, cast

from pbnscore._records import attrs
from pbnscore.model import Play, ResultColumns, Vulnerability
from pbnscore.pbn._read_result import (
    EMPTY,
    Entry,
    Noting,
    Report,
    adjustment,
    artificial,
    kept_play,
    percentages,
    quick_play,
    table_score,
    to_play,
)
from pbnscore.pbn._read_write_pairs import EW, NS, BoardNotes, SectionNotes
from pbnscore.pbn._read_write_tables import Header, Rows

# The elements a row's play is made from (see _keys); Lead last (see _play).
PLAY_COLUMNS = ("Contract", "Declarer", "Result", "Score_NS", "Score_EW", "Lead")
PERCENTAGES = ("Percentage_NS", "Percentage_EW")
PlayKey = tuple[str | None, ...]
# Where a ScoreTable's row goes: the notes of its section, the board, and
# the vulnerability it is scored at.
Place = tuple[SectionNotes, BoardNotes, Vulnerability]

# "A12", "(A) 12": a pair number carrying its section letter
SECTION_PREFIX_RE = re.compile(r"\(?([A-Z])\)?\s*-?\s*\d+")
SECTION_LETTER_RE = re.compile(r"[A-Z]")
# An element that means nothing (EMPTY) as None, any other as itself, by
# ``_NOTHING.get(text, text)``: a column at the speed of ``map``.
_NOTHING: dict[str, str | None] = dict.fromkeys(EMPTY)
_T = TypeVar("_T")
# The plays made of the rows read so far, by vulnerability and key (see
# _keys): the rows of every file read in the process, as the cells' own
# readings (_read_result's _PARSED, _SCORES) are kept. A play is kept only
# where making it reported nothing, so a row that spells one is read without
# a problem wherever it comes. Emptied when it holds PLAYS_KEPT.
PLAYS: dict[Vulnerability, dict[PlayKey, Play]] = {}
PLAYS_KEPT = 16384


def read_rows(
    header: Header,
    rows: Rows,
    default_section: str | None,
    place: Callable[[str | None], Place],
    report: Report,
) -> None:
    """Add a ScoreTable's ``rows`` to their boards: ``place`` finds a
    section's (and records its deal); the plays made so far are kept in
    ``PLAYS``. Where a report stops the read (a strict read's error,
    a lenient read's last problem), the rows before it are added, as a
    row-by-row read added them."""
    # A row's cells by column key (a key given twice: its last column, as
    # Header.positions has it); every row is as wide as the header.
    columns = dict(zip([column.key for column in header.columns], rows.columns, strict=True))
    count = len(rows.lines)
    sections = _row_sections(columns, default_section, count)
    keys = list(_keys(columns, count))
    one_section = count > 0 and sections.count(sections[0]) == count
    plays = PLAYS
    if sum(map(len, plays.values())) >= PLAYS_KEPT:
        plays.clear()
    # The place of each section's rows, once its deal is recorded (a row per
    # table: found once, not once a row); else ``place`` reads the deal again.
    found: dict[str | None, tuple[Place, dict[PlayKey, Play]]] = {}
    placed: dict[str | None, Place] = {}
    made: list[Play] = []
    try:
        for index, (section, key) in enumerate(zip(sections, keys, strict=True)):
            known = found.get(section)
            if known is None:
                placed[section] = where = place(section)
                known = (where, plays.setdefault(where[2], {}))
                if where[1].deal is not None:
                    found[section] = known
                    if one_section:  # the first row: every row goes where it goes
                        _read_plays(keys, rows.lines, where[2], known[1], report, made)
                        break
            play = known[1].get(key)
            if play is None:
                play = _play(key, rows.lines[index], known[0][2], known[1], report)
            made.append(play)
    finally:
        _add(columns, sections[: len(made)], rows.lines[: len(made)], made, placed)


def _read_plays(
    keys: list[PlayKey],
    lines: list[int],
    vulnerability: Vulnerability,
    known: dict[PlayKey, Play],
    report: Report,
    made: list[Play],
) -> None:
    """Every row's play, onto ``made``: those ``known`` has at once, then
    the others in their rows' order (a problem is reported in row order);
    where a report stops the read, the rows before it."""
    found: list[Play | None] = list(map(known.get, keys))
    complete = len(found)
    try:
        for index in [index for index, play in enumerate(found) if play is None]:
            complete = index
            key = keys[index]
            found[index] = known.get(key) or _play(key, lines[index], vulnerability, known, report)
        complete = len(found)
    finally:
        made += cast("list[Play]", found[:complete])  # every row's before ``complete`` is made


def _add(
    columns: dict[str, list[str]],
    sections: Sequence[str | None],
    lines: list[int],
    plays: list[Play],
    placed: dict[str | None, Place],
) -> None:
    """The rows' results to their boards, each section's in order, and
    their pairs' names (the first names a pair is given win)."""
    count = len(plays)
    ns, ew, tables = (
        list(map(_NOTHING.get, column[:count], column[:count]))
        if (column := columns.get(key)) is not None
        else [None] * count
        for key in ("PairId_NS", "PairId_EW", "Table")
    )
    distinct = dict.fromkeys(sections)
    names = [
        (side, names[:count])
        for side, key in ((NS, "Names_NS"), (EW, "Names_EW"))
        if (names := columns.get(key)) is not None
    ]
    if len(distinct) == 1:
        (section,) = distinct
        notes, board, _ = placed[section]
        board.parts.append(ResultColumns(ns, ew, plays, tables=tables, lines=lines))
        for side, texts in names:
            # a pair's names are on every board it played: each spelling once
            notes.names_from(side, dict.fromkeys(zip(ns if side is NS else ew, texts, strict=True)))
        return
    rows_of: dict[str | None, list[int]] = {section: [] for section in distinct}
    for index, section in enumerate(sections):
        rows_of[section].append(index)
    for section, rows in rows_of.items():
        notes, board, _ = placed[section]
        pick = _picker(rows)
        board.parts.append(
            ResultColumns(pick(ns), pick(ew), pick(plays), tables=pick(tables), lines=pick(lines))
        )
        for side, texts in names:
            pairs = pick(ns if side is NS else ew)
            notes.names_from(side, dict.fromkeys(zip(pairs, pick(texts), strict=True)))


def _picker(rows: list[int]) -> Callable[[Sequence[_T]], list[_T]]:
    """A function giving the items of a column at ``rows``, in order."""
    if len(rows) == 1:
        (row,) = rows
        return lambda column: [column[row]]
    get = itemgetter(*rows)
    return lambda column: list(get(column))


def _play(
    key: PlayKey,
    line: int,
    vulnerability: Vulnerability,
    known: dict[PlayKey, Play],
    report: Report,
) -> Play:
    """The play of a row whose ``key`` (see _keys) has none in ``known``
    yet: another lead's play with this lead (the lead is never reported),
    else made from the row, and kept (by key, and without the lead) where
    nothing was reported."""
    unled = key[:-1]
    same = known.get(unled)
    lead = key[-1]
    if same is not None:
        play = Play._make((*same[:5], None if lead is None or lead in EMPTY else lead, *same[6:]))
        known[key] = play
        return play
    if len(key) == len(PLAY_COLUMNS):
        contract, declarer, result, score_ns, score_ew, _ = key
        percents: tuple[str | None, str | None] = (None, None)
    else:
        contract, declarer, result, score_ns, score_ew, percent_ns, percent_ew, _ = key
        percents = (percent_ns, percent_ew)
    cells = (contract, declarer, result, score_ns, score_ew)
    kept = quick_play(cells, percents, lead, vulnerability) or kept_play(
        cells, percents, lead, vulnerability
    )
    if kept is not None:  # a row as most are, or its cells read before without a problem
        known[key] = known[unled] = kept
        return kept
    noting = Noting(report)
    entry = row_entry(line, (*cells, *percents, lead), noting)
    play = to_play(entry, vulnerability, noting)
    if not noting.called:
        known[key] = known[unled] = play
    return play


def _keys(columns: dict[str, list[str]], count: int) -> Iterator[PlayKey]:
    """Each row's key to its play: its PLAY_COLUMNS elements, None where
    the table has no such column; with its percentages before the lead
    where the table has them (a row with no score may take an artificial
    one from them)."""
    names = (
        (*PLAY_COLUMNS[:-1], *PERCENTAGES, PLAY_COLUMNS[-1])
        if any(name in columns for name in PERCENTAGES)
        else PLAY_COLUMNS
    )
    nothing = [None] * count  # a list: each zip takes an iterator of its own
    get = columns.get
    return zip(*[get(name) or nothing for name in names], strict=True)


def row_entry(line: int, cells: Sequence[str | None], report: Report) -> Entry:
    """What a ScoreTable row says of its table's result, from its Contract,
    Declarer, Result, Score_NS, Score_EW, Percentage_NS, Percentage_EW and
    Lead elements (None: no such column)."""
    contract, declarer, result, score_ns, score_ew, percent_ns, percent_ew, lead = cells
    score, adjusted = table_score(score_ns, score_ew, line, report)
    if adjusted is None and score is None:
        ns_art = artificial(percent_ns) if percent_ns else None
        ew_art = artificial(percent_ew) if percent_ew else None
        if ns_art is not None or ew_art is not None:  # "^60" percentages (§5.2)
            adjusted = adjustment(ns_art, ew_art)
    if adjusted is not None and adjusted.ns_percent is None:
        # Magic Contest gives the percentages of an "A+" row beside it
        ns_percent, ew_percent = percentages(percent_ns, percent_ew)
        adjusted = attrs.evolve(adjusted, ns_percent=ns_percent, ew_percent=ew_percent)
    return Entry(line, None, None, contract, declarer, result, score, adjusted, lead)


def _row_sections(
    columns: dict[str, list[str]], default: str | None, count: int
) -> list[str | None]:
    """Each row's section: its Section element; else a section letter both
    pair numbers carry ("A12"); else the game's Section tag (``default``)."""
    given, ns, ew = (columns.get(key) for key in ("Section", "PairId_NS", "PairId_EW"))
    if given is None and not SECTION_LETTER_RE.search("".join((ns or []) + (ew or []))):
        return [default] * count  # no row names a section
    if given is not None and EMPTY.isdisjoint(given):
        return list(given)  # every row names its section
    blank: Sequence[str | None] = [None] * count
    return [
        _row_section(section, pairs, default)
        for section, *pairs in zip(given or blank, ns or blank, ew or blank, strict=True)
    ]


def _row_section(section: str | None, pairs: list[str | None], default: str | None) -> str | None:
    if section is not None and section not in EMPTY:
        return section
    prefixes = {_section_prefix(pair) for pair in pairs if pair}
    if len(prefixes) == 1 and None not in prefixes:
        return prefixes.pop()
    return default


@functools.lru_cache(maxsize=4096)
def _section_prefix(pair: str) -> str | None:
    """The section letter a pair number carries ("A12", "(B) 3"), or None;
    remembered, since a ScoreTable names each pair on every board."""
    match = SECTION_PREFIX_RE.fullmatch(pair)
    return match[1] if match else None
