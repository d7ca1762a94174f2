"""The director's corrections: a CSV file of rulings applied to a night as
it is read, whatever its format (PBN, USEBIO, BWS).

A night scored from the tables has no rulings in it: the director gives
them in the scoring program. The scorer keeps them beside the night as
CSV, one ruling a row, with a header row naming the columns used (any
order, any case), cells separated by commas, semicolons or tabs (the
header row's says which):

- ``night``: the night's file name, where the file is given to a command
  that scores several nights (or the file's own name says it:
  ``NIGHT.corrections.csv``);
- ``section`` (where the night has more than one), ``board``;
- which result: ``table``, or ``ns`` and ``ew`` (the pairs), or all three;
- what it becomes: ``contract`` (``4S``, ``3NTx``, ``pass``), ``declarer``
  (``N`` ``E`` ``S`` ``W``) and ``result`` (``=``, ``+1``, ``-2``, or the
  tricks taken, ``10``): an assigned score, scored by Law 77 with the
  board's vulnerability; or ``adjusted``: an artificial adjusted score
  (Law 12C2) as NS's and EW's percentages, ``60%-40%``, ``40%-40%`` (each
  side's own: the two need not add up to 100), or ``not played``;
- ``reason``: what the ruling was, said beside the board;
- ``weight`` and ``side``: a weighted or split assigned score (Law 12C1), a
  contract row for each part: ``weight`` its share (``60%``), ``side``
  (``ns`` or ``ew``) whose score it is where the two sides' differ. The
  rows of one result are gathered; each side's weights add up to 100%.

A row whose table and pairs match no result adds the result (a table that
never keyed it), unless a pair of it already has a result on the board;
one with only a table or only the pairs must match one. Two rows for one
result are refused, naming both lines. Every bad row is one line,
``file:line: what is wrong``, and nothing is applied from a file with any.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from fractions import Fraction

from pbnscore._records import attrs
from pbnscore.bridge import (
    RELATIVE_TRICKS_RE,
    ContractError,
    ns_score,
    parse_contract,
    parse_seat,
    relative_tricks,
    vulnerability_for_board,
)
from pbnscore.errors import CorrectionsError as CorrectionsError  # its home is errors
from pbnscore.errors import ParseError, excerpt
from pbnscore.figures import shown
from pbnscore.model import (
    Adjusted,
    Assigned,
    Board,
    Contract,
    Direction,
    Event,
    Outcome,
    Result,
    Seat,
    Section,
)

COLUMNS = (
    *("night", "section", "board", "table", "ns", "ew"),
    *("contract", "declarer", "result", "adjusted", "reason"),
    *("weight", "side"),
)


@attrs.frozen
class Correction:
    """One ruling: which result, and what it becomes."""

    line: int
    board: int
    night: str | None = None  # the night's file name (with or without its extension)
    section: str | None = None
    table: str | None = None
    ns: str | None = None
    ew: str | None = None
    outcome: Outcome = Outcome.PLAYED
    contract: Contract | None = None
    contract_text: str | None = None
    declarer: Seat | None = None
    tricks: int | None = None
    adjusted: Adjusted | None = None
    reason: str | None = None
    # One part of a weighted or split score (its share, whose score), and a
    # result's gathered parts (every part a contract row, Law 12C1).
    weight: Fraction | None = None
    side: Direction | None = None
    parts: tuple[Correction, ...] = ()

    @property
    def is_part(self) -> bool:
        """A row that is one part of a weighted or split score."""
        return self.weight is not None or self.side is not None

    @property
    def where(self) -> str:
        """The board and table (or pairs) the row names, as a message says it."""
        parts = [f"section {self.section}"] if self.section else []
        parts.append(f"board {self.board}")
        if self.table is not None:
            parts.append(f"table {self.table}")
        if self.ns is not None and self.ew is not None:
            parts.append(f"NS {self.ns} v EW {self.ew}")
        return " ".join(parts)

    @property
    def ruling(self) -> str:
        """What the result becomes, in words."""
        if self.parts:
            return "assigned score " + self._parts_ruling()
        if self.adjusted is not None:
            return f"artificial score {self.adjusted.code}"
        if self.outcome is Outcome.NOT_PLAYED:
            return "not played"
        if self.contract is None:
            return "passed out"
        assert self.declarer is not None and self.tricks is not None
        return f"{self.contract} by {self.declarer.value}, {self.tricks} tricks"

    def _parts_ruling(self) -> str:
        sides: list[tuple[Direction | None, list[Correction]]] = [(None, list(self.parts))]
        if any(part.side is not None for part in self.parts):
            sides = [(d, [p for p in self.parts if p.side is d]) for d in Direction]
        said = []
        for side, parts in sides:
            text = " + ".join(
                f"{_percent(part.weight)} {part.ruling}" if part.weight is not None else part.ruling
                for part in parts
            )
            said.append(text if side is None else f"{side.value} {text}")
        return "; ".join(said)

    def score(self, board: Board) -> int | None:
        """The NS score of a contract row on ``board`` (Law 77, the board's
        vulnerability), 0 passed out; None for any other row."""
        if self.outcome is Outcome.PASSED_OUT:
            return 0
        if self.outcome is Outcome.PLAYED:
            assert self.declarer is not None and self.tricks is not None
            vulnerability = board.vulnerability or vulnerability_for_board(board.number)
            return ns_score(self.contract, self.declarer, self.tricks, vulnerability)
        return None

    def assigned(self, board: Board) -> Adjusted:
        """The weighted or split score of a result's gathered parts."""
        sides = {}
        for side in Direction:
            parts = [p for p in self.parts if p.side in (None, side)]
            sides[side] = tuple((p.weight or Fraction(1), p.score(board) or 0) for p in parts)
        return Adjusted.of_parts(Assigned(sides[Direction.NS], sides[Direction.EW]))

    def result(self, base: Result | None, board: Board) -> Result:
        """The result this ruling makes of ``base`` (None: one it adds)."""
        score = self.score(board)
        adjusted = self.assigned(board) if self.parts else self.adjusted
        ns = base.ns if base is not None else self.ns
        ew = base.ew if base is not None else self.ew
        table = base.table if base is not None else self.table
        return Result(
            ns,
            ew,
            self.outcome,
            score,
            self.contract,
            self.contract_text,
            self.declarer,
            None,
            self.tricks,
            adjusted,
            base.home_direction if base is not None else None,
            table,
            base.line if base is not None else None,
            base.source_ref if base is not None else None,
            base.players if base is not None else (),
            base.room if base is not None else None,
            self.reason or "director's correction",
        )


@attrs.frozen
class Corrections:
    """A corrections file, read: its rulings in order. ``night``: the night
    its own name says (``NIGHT.corrections.csv``), for rows naming none;
    ``several``: read for a run of several nights, where each row applies
    to its own night alone (:meth:`for_nights`)."""

    source: str
    rows: tuple[Correction, ...]
    night: str | None = None
    several: bool = False

    def for_nights(self, command: str, sources: Sequence[str] | None) -> Corrections:
        """This file for ``command``, which scores the nights ``sources``
        (None: nights not known yet, as ``watch``'s and ``serve``'s). One
        night: the file is for it. More: each row must say its night (a
        ``night`` column, or the file's name), and a night none of
        ``sources`` is a bad row; a :class:`CorrectionsError` else."""
        if sources is not None and len(sources) <= 1:
            return self
        scores = f"{command} scores {len(sources)} nights" if sources is not None else ""
        scores = scores or f"{command} scores every night in its folder"
        if command == "serve":
            scores = "serve scores every night sent to it"
        unsaid = next((row for row in self.rows if (row.night or self.night) is None), None)
        if unsaid is not None:
            why = "say which night each ruling is for (a night column, or the file named "
            line = f"{self.source}:{unsaid.line}: {scores}: {why}NIGHT.corrections.csv)"
            raise CorrectionsError([line], self.source)
        if sources is not None:
            bad = [
                f"{self.source}:{row.line}: night {excerpt(night)} is none of the "
                f"{len(sources)} nights {command} scores"
                for row in self.rows
                if (night := row.night or self.night) is not None
                and not any(_is_night(night, source) for source in sources)
            ]
            if bad:
                raise CorrectionsError(bad, self.source)
        return attrs.evolve(self, several=True)

    def rows_for(self, source: str) -> tuple[Correction, ...]:
        """The rows that apply to the night read from ``source``: where
        several nights are scored, those for it; else every row but those
        whose ``night`` cell names another."""
        return tuple(row for row in self.rows if self._for(row, source))

    def _for(self, row: Correction, source: str) -> bool:
        night = (row.night or self.night) if self.several else row.night
        return night is None or _is_night(night, source)

    def apply(self, event: Event) -> tuple[Event, list[str]]:
        """``event`` with every ruling for it applied (:meth:`rows_for`),
        and a line for each saying what it did (with its reason), or that a
        row for another night was left out; a ParseError about the night
        where a row finds no result it can replace."""
        sections = [section for session in event.sessions for section in session.sections]
        done: list[str] = []
        changed: dict[int, Section] = {}
        ruled: dict[tuple[int, int, int], int] = {}  # (section, board, result) -> its row's line
        for row in self.rows:
            if not self._for(row, event.source.name):
                if not self.several:
                    night = excerpt(row.night or "")
                    done.append(f"{self.source}:{row.line}: for night {night}, not applied")
                continue
            index = _section_of(row, sections, self.source, event.source.name)
            section = changed.get(index, sections[index])
            section, said, at = _applied(row, section, self.source, event.source.name)
            first = ruled.setdefault((index, row.board, at), row.line)
            if first != row.line:
                raise _refused(self.source, row, _twice(first), event.source.name)
            changed[index] = section
            done.append(said)
        if not changed:
            return event, done
        replaced = {id(sections[i]): section for i, section in changed.items()}
        sessions = tuple(
            attrs.evolve(session, sections=tuple(replaced.get(id(s), s) for s in session.sections))
            for session in event.sessions
        )
        return attrs.evolve(event, sessions=sessions), done


def _is_night(night: str, source: str) -> bool:
    """Whether ``night`` names the night read from ``source``: its file's
    name, with or without the extension, in any case."""
    name = os.path.basename(source.replace("\\", "/")).casefold()
    return night.casefold() in (name, os.path.splitext(name)[0])


def _refused(corrections: str, row: Correction, message: str, night: str) -> ParseError:
    return ParseError(f"{corrections}:{row.line}: {row.where}: {message}", source=night)


def _section_of(row: Correction, sections: Sequence[Section], corrections: str, night: str) -> int:
    matching = [
        i for i, s in enumerate(sections) if row.section is None or (s.id or "") == row.section
    ]
    if not matching and row.section is not None:  # keyed as it came: b for B
        wanted = row.section.casefold()
        matching = [i for i, s in enumerate(sections) if (s.id or "").casefold() == wanted]
    if not matching:
        if not sections:
            raise _refused(corrections, row, "the night has no pairs sections to correct", night)
        raise _refused(corrections, row, "no such section", night)
    if len(matching) > 1:
        with_board = [i for i in matching if any(b.number == row.board for b in sections[i].boards)]
        if len(with_board) != 1:
            raise _refused(corrections, row, "give the section: more than one has it", night)
        return with_board[0]
    return matching[0]


def _twice(line: int) -> str:
    return f"line {line} corrects this result too (one ruling a result)"


def _applied(
    row: Correction, section: Section, corrections: str, night: str
) -> tuple[Section, str, int]:
    """``section`` with ``row`` applied, what it did in words, and where the
    result it made is among its board's results."""
    boards = list(section.boards)
    at = next((i for i, b in enumerate(boards) if b.number == row.board), None)
    if at is None:
        raise _refused(corrections, row, "the night has no such board", night)
    board = boards[at]
    results = list(board.results)
    found = [
        i
        for i, r in enumerate(results)
        if (row.table is None or r.table == row.table)
        and (row.ns is None or r.ns == row.ns)
        and (row.ew is None or r.ew == row.ew)
    ]
    if len(found) > 1:
        raise _refused(corrections, row, "more than one result matches: give the table", night)
    if found:
        place = found[0]
        results[place] = row.result(results[place], board)
        verb = "corrected"
    elif row.table is not None and row.ns is not None and row.ew is not None:
        taken = _taken(row, section, board)
        if taken is not None:
            raise _refused(corrections, row, taken, night)
        place = len(results)
        results.append(row.result(None, board))
        verb = "added"
    else:
        raise _refused(corrections, row, "no result there to correct", night)
    boards[at] = attrs.evolve(board, results=tuple(results))
    reason = f" ({row.reason})" if row.reason else ""
    said = f"{corrections}:{row.line}: {row.where}: {verb}: {row.ruling}{reason}"
    return attrs.evolve(section, boards=tuple(boards)), said, place


def _taken(row: Correction, section: Section, board: Board) -> str | None:
    """Why the result ``row`` adds would put a pair in two results of
    ``board`` (a pair plays a board once: scored twice, its points would be
    counted for each), or None where it would not."""
    from pbnscore.validate import section_seats

    seat = section_seats(section)
    for pair, sat in ((row.ns, Direction.NS), (row.ew, Direction.EW)):
        key = seat(pair, sat) if pair is not None else None
        if not key:
            continue  # a pair the section does not list: the night is refused for it
        for result in board.results:
            sitting = ((result.ns, Direction.NS), (result.ew, Direction.EW))
            if any(other is not None and seat(other, way) == key for other, way in sitting):
                there = f"NS {result.ns} v EW {result.ew}"
                there = f"table {result.table}" if result.table else there
                return f"pair {' '.join(key)} would be in two results ({there} has one)"
    return None


# -- reading the file ------------------------------------------------------------


def read_corrections(text: str, source: str) -> Corrections:
    """The rulings of a corrections file's text; a :class:`CorrectionsError`
    listing every bad row (nothing applied from a file with any)."""
    from pbnscore._bounded_read import csv_rows

    bad: list[str] = []
    rows: list[Correction] = []
    header: list[str] | None = None
    lines: dict[tuple[str | None, ...], int] = {}  # which result -> the row's line
    first_row: dict[int, int] = {}  # a result's first line -> that row's place in rows
    for number, cells in csv_rows(text, source, separator(text)):
        cells = [cell.strip() for cell in cells]
        if not any(cells):
            continue
        if header is None:
            header = [cell.casefold() for cell in cells]
            unknown = [c for c in header if c not in COLUMNS]
            if unknown or "board" not in header:
                what = f"unknown column {excerpt(unknown[0])}" if unknown else "no board column"
                raise CorrectionsError(
                    [f"{source}:{number}: {what} (the columns: {', '.join(COLUMNS)})"], source
                )
            continue
        if len(cells) > len(header):
            bad.append(f"{source}:{number}: {len(cells)} cells for {len(header)} columns")
            continue
        values = dict(zip(header, cells, strict=False))
        try:
            row = _row(number, {k: v for k, v in values.items() if v})
        except ValueError as exc:
            bad.append(f"{source}:{number}: {exc}")
            continue
        which = (row.section, str(row.board), row.table, row.ns, row.ew)
        first = lines.setdefault(which, number)
        if first != number and not (row.is_part and rows[first_row[first]].is_part):
            bad.append(f"{source}:{number}: {row.where}: {_twice(first)}")
            continue
        first_row.setdefault(first, len(rows))
        rows.append(row)
    if header is None:
        bad.append(f"{source}:1: no header row (the columns: {', '.join(COLUMNS)})")
    gathered = _gathered(rows, source, bad)
    if bad:
        raise CorrectionsError(bad, source)
    return Corrections(source, tuple(gathered))


def _gathered(rows: list[Correction], source: str, bad: list[str]) -> list[Correction]:
    """The rows with each result's parts of a weighted or split score
    gathered into one ruling (at its first row), checked: each side's
    weights add up to 100%, a split score gives both sides."""
    parts: dict[tuple[object, ...], list[Correction]] = {}
    out: list[Correction] = []
    for row in rows:
        if not row.is_part:
            out.append(row)
            continue
        which = _which(row)
        if which not in parts:
            parts[which] = []
            out.append(row)  # its place, filled in below
        parts[which].append(row)
    for at, row in enumerate(out):
        if not row.is_part:
            continue
        found = parts[_which(row)]
        reason = next((part.reason for part in found if part.reason), None)
        why = _parts_wrong(found)
        if why is not None:
            bad.append(f"{source}:{row.line}: {row.where}: {why}")
            continue
        out[at] = attrs.evolve(
            row,
            outcome=Outcome.ADJUSTED,
            contract=None,
            contract_text=None,
            declarer=None,
            tricks=None,
            reason=reason,
            weight=None,
            side=None,
            parts=tuple(found),
        )
    return out


def _which(row: Correction) -> tuple[object, ...]:
    """The result a row names, as the rows name it."""
    return (row.night, row.section, row.board, row.table, row.ns, row.ew)


def _parts_wrong(parts: list[Correction]) -> str | None:
    """Why the parts of one weighted or split score do not make one, or None."""
    sided = [part.side is not None for part in parts]
    if any(sided) and not all(sided):
        return "a split score gives the side (ns or ew) on every row of its parts"
    sides = [None] if not any(sided) else list(Direction)
    for side in sides:
        mine = [part for part in parts if part.side is side]
        name = f"{side.value}'s " if side is not None else ""
        if not mine:
            return f"a split score needs the {side.value if side else ''} side's score too"
        if len(mine) > 1 and any(part.weight is None for part in mine):
            return f"{name}parts each need a weight"
        total = sum((part.weight or Fraction(1) for part in mine), Fraction(0))
        if total != 1:
            return f"{name}weights add up to {_percent(total)}, not 100%"
    return None


def _percent(weight: Fraction) -> str:
    return f"{shown(weight * 100)}%"


def _weight(text: str) -> Fraction:
    """A part's share: ``60%`` (or ``60``), above 0 and at most 100%."""
    try:
        percent = Fraction(text.strip().rstrip("%").strip())
    except (ValueError, ZeroDivisionError):
        raise ValueError(f"weight {excerpt(text)}: give a share such as 60%") from None
    if not 0 < percent <= 100:
        raise ValueError(f"weight {excerpt(text)}: a share above 0% and at most 100%")
    return percent / 100


def _side(text: str) -> Direction:
    for direction in Direction:
        if text.casefold() == direction.value.casefold():
            return direction
    raise ValueError(f"side {excerpt(text)}: ns or ew")


# What a spreadsheet puts between cells: a comma, a semicolon (Excel where
# the comma is the decimal mark, as in most of Europe) or a tab.
SEPARATORS = (",", ";", "\t")


def separator(text: str) -> str:
    """The separator of a corrections file: the one its header row has
    most of (a comma where it has none; no column's name holds one)."""
    header = next((line for line in text.splitlines() if line.strip()), "")
    return max(SEPARATORS, key=header.count)


def _row(line: int, values: dict[str, str]) -> Correction:
    board_text = values.get("board", "")
    if not board_text.isdigit() or int(board_text) < 1:
        raise ValueError(f"board {excerpt(board_text or '(none)')} is no board number")
    board = int(board_text)
    table, ns, ew = values.get("table"), values.get("ns"), values.get("ew")
    if table is None and (ns is None or ew is None):
        raise ValueError("say which result: a table, or the ns and ew pairs")
    common = Correction(line, board, values.get("night"), values.get("section"), table, ns, ew)
    weight, side = values.get("weight"), values.get("side")
    common = attrs.evolve(
        common,
        reason=values.get("reason"),
        weight=None if weight is None else _weight(weight),
        side=None if side is None else _side(side),
    )
    adjusted_text, contract_text = values.get("adjusted"), values.get("contract")
    if common.is_part and adjusted_text is not None:
        raise ValueError("a part of a weighted or split score is a contract, not an adjusted score")
    if (adjusted_text is None) == (contract_text is None):
        raise ValueError("give a contract (with declarer and result) or an adjusted score")
    if adjusted_text is not None:
        return _adjusted(adjusted_text, common, values)
    assert contract_text is not None
    try:
        contract = parse_contract(contract_text)
    except ContractError:
        raise ValueError(f"contract {excerpt(contract_text)} cannot be read") from None
    if contract is None:
        return attrs.evolve(common, outcome=Outcome.PASSED_OUT, contract_text=contract_text)
    seat_text, result_text = values.get("declarer"), values.get("result")
    if seat_text is None or result_text is None:
        raise ValueError(f"{contract} needs its declarer and result")
    try:
        seat = parse_seat(seat_text)
    except ValueError:
        raise ValueError(f"declarer {excerpt(seat_text)} is no seat (N, E, S, W)") from None
    tricks = _tricks(contract, result_text)
    return attrs.evolve(
        common, contract=contract, contract_text=contract_text, declarer=seat, tricks=tricks
    )


def _tricks(contract: Contract, text: str) -> int:
    if text.isdigit():
        tricks = int(text)
    elif RELATIVE_TRICKS_RE.fullmatch(text):
        tricks = relative_tricks(contract, text)
    else:
        raise ValueError(f"result {excerpt(text)}: give =, +1, -2 or the tricks taken")
    if not 0 <= tricks <= 13:
        raise ValueError(f"{contract} {text} is {tricks} tricks")
    return tricks


def _adjusted(text: str, common: Correction, values: dict[str, str]) -> Correction:
    if any(values.get(c) for c in ("declarer", "result")):
        raise ValueError("an adjusted score takes no declarer or result")
    if text.casefold() == "not played":
        return attrs.evolve(common, outcome=Outcome.NOT_PLAYED)
    parts = text.replace("%", "").split("-")
    if len(parts) != 2 or not all(p.strip().isdigit() for p in parts):
        raise ValueError(f"adjusted {excerpt(text)}: give NS%-EW% (60%-40%) or not played")
    ns_percent, ew_percent = (int(p) for p in parts)
    if not (0 <= ns_percent <= 100 and 0 <= ew_percent <= 100):
        raise ValueError(f"adjusted {excerpt(text)}: percentages are 0 to 100")
    adjusted = Adjusted.of_percentages(text, ns_percent, ew_percent)
    return attrs.evolve(common, outcome=Outcome.ADJUSTED, adjusted=adjusted)


def load_corrections(path: str) -> Corrections:
    """The corrections file at ``path`` (UTF-8; a BOM dropped), read whole."""
    from pbnscore._bounded_read import read_text

    try:
        text = read_text(path, "a corrections file")
    except (OSError, UnicodeDecodeError) as exc:
        why = exc.strerror if isinstance(exc, OSError) and exc.strerror else "not UTF-8 text"
        raise CorrectionsError([f"{path}: cannot be read: {why}"], path) from None
    return read_corrections(text, path)
