"""A BWS's rows (:mod:`pbnscore.bws._rows`) into the results model.

What is read from which table and column is the docs' BWS reference page;
in short:

- ``Section``: each section's letter (trimmed: some files pad it).
- ``RoundData``, the movement: who sat NS and EW at each table and round
  and which boards they played. It tells a Mitchell (a number seated NS and
  EW in one round is two pairs, one each way) from a Howell (each number
  once a round: one pair, whichever way it sits), which table each pair
  keyed its names at, and how many results the night will have.
- ``ReceivedData``, the results: one row per entry. Of the rows of one
  section, table, round and board the latest (highest ``ID``) is the
  result, and one marked ``Erased`` leaves the board without one (what
  Bridgemate's own ``LastEntryID`` and ``ScoreUpload`` queries do).
- ``PlayerNumbers``, the names keyed per seat; ``PlayerNames``, the roster,
  only for a number keyed without a name; ``HandRecord``, the deals.

Vulnerability and dealer follow the board number (Law 2): a BWS stores
neither. Scores are computed from contract, declarer and tricks (Law 77).
"""

from __future__ import annotations

import datetime as dt
from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence

from pbnscore._records import attrs
from pbnscore.bridge import (
    RELATIVE_TRICKS_RE,
    ContractError,
    dealer_for_board,
    ns_score,
    parse_contract,
    relative_tricks,
    vulnerability_for_board,
)
from pbnscore.bws import _spellings as S
from pbnscore.bws._rows import Row, TableMissing, Tables, TableUnreadable
from pbnscore.errors import ParseError, Problem, excerpt
from pbnscore.model import (
    Adjusted,
    Board,
    Deal,
    Direction,
    Event,
    EventKind,
    Holding,
    Outcome,
    Participant,
    Player,
    Result,
    Seat,
    Section,
    Session,
    Source,
)


@attrs.frozen
class Seating:
    """One table in one round of the movement."""

    section: int
    table: int
    round: int
    ns: int  # 0: no pair (a sit-out, an empty table)
    ew: int
    boards: tuple[int, ...]


@attrs.frozen
class Entry:
    """The current entry of one section, table, round and board."""

    id: int
    section: int
    table: int
    round: int
    board: int
    row: Row


@attrs.frozen
class Progress:
    """How far a night has got: results in against the results the movement
    schedules, and the round under way (the first with a result missing)."""

    results: int
    scheduled: int
    round: int | None  # None: every scheduled result is in
    rounds: int

    @property
    def complete(self) -> bool:
        """Every scheduled board of every round has its result."""
        return self.scheduled > 0 and self.round is None


class Builder:
    """Reads one night's tables into an Event. ``strict``: a row that cannot
    be read raises; else it is a problem and the row is left out."""

    def __init__(self, tables: Tables, source: str, strict: bool) -> None:
        self.tables, self.source, self.strict = tables, source, strict
        self.problems: list[Problem] = []

    # -- problems ---------------------------------------------------------

    def warn(self, message: str) -> None:
        self.problems.append(Problem(message, self.source, None, "warning"))

    def fail(self, message: str) -> None:
        if self.strict:
            raise ParseError(message, source=self.source)
        self.problems.append(Problem(message, self.source))

    def optional(self, name: str, without: str) -> Sequence[Row]:
        """A table the night can be read without: no rows where it is
        missing; a warning saying what is lost where it cannot be read."""
        try:
            return self.tables.rows(name)
        except TableMissing:
            return ()
        except TableUnreadable as exc:
            self.warn(f"table {name} could not be read ({exc}): {without}")
            return ()

    def required(self, name: str) -> Sequence[Row]:
        try:
            return self.tables.rows(name)
        except TableMissing:
            message = f"no {name} table: not a Bridgemate file"
        except TableUnreadable as exc:
            message = f"table {name} could not be read ({exc})"
        raise ParseError(message, source=self.source)

    # -- the night --------------------------------------------------------

    def event(self) -> Event:
        letters = self.letters()
        movement = self.movement()
        entries = self.entries()
        self.check_seating(entries, movement, letters)
        sections = sorted({e.section for e in entries} | {s.section for s in movement})
        seats = self.seats()
        roster = _Roster(self)
        deals = self.deals()
        built = []
        for section in sections:
            letter, moved = letters.get(section, (str(section), 0))
            seatings = [s for s in movement if s.section == section]
            current = [e for e in entries if e.section == section]
            homes = _homes(seatings, moved)
            built.append(
                self.section(letter, section, seatings, current, homes, seats, roster, deals)
            )
        return Event(
            kind=EventKind.PAIRS,
            sessions=(Session(None, tuple(built)),),
            source=Source(self.source, "bws"),
            date=self.date(),
        )

    def check_seating(
        self,
        entries: Sequence[Entry],
        movement: Sequence[Seating],
        letters: Mapping[int, tuple[str, int]],
    ) -> None:
        """A warning for each result keyed with pairs or a board the
        movement does not give that table in that round (scored as keyed:
        the director may have moved a pair or a board)."""
        seated = {(s.section, s.table, s.round): s for s in movement}
        if not seated:
            return
        for entry in entries:
            letter = letters.get(entry.section, (str(entry.section), 0))[0]
            where = f"section {letter} board {entry.board} table {entry.table} round {entry.round}"
            seating = seated.get((entry.section, entry.table, entry.round))
            if seating is None:
                self.warn(f"{where}: the movement has no such table and round: scored as keyed")
                continue
            pairs = (_int(entry.row.get("PairNS")) or 0, _int(entry.row.get("PairEW")) or 0)
            if pairs != (seating.ns, seating.ew):
                self.warn(
                    f"{where}: keyed for NS {pairs[0]} v EW {pairs[1]}, but the movement "
                    f"seats NS {seating.ns} v EW {seating.ew} there: scored as keyed"
                )
            elif seating.boards and entry.board not in seating.boards:
                self.warn(f"{where}: the movement gives that table other boards: scored as keyed")

    def letters(self) -> dict[int, tuple[str, int]]:
        """Section number -> (its letter, the tables its EW pairs moved
        before play: EWMoveBeforePlay)."""
        letters: dict[int, tuple[str, int]] = {}
        for row in self.optional(S.SECTION, "sections are named by their numbers"):
            number = _int(row.get("ID"))
            letter = (row.get("Letter") or "").strip()
            if number is not None and letter:
                letters[number] = (letter, _int(row.get("EWMoveBeforePlay")) or 0)
        return letters

    def date(self) -> dt.date | None:
        """The session's date where the file has a Session table (newer
        Bridgemate software writes one). ReceivedData's DateLog is not
        taken: older files carry a date from before the file was made."""
        for row in self.optional(S.SESSION, "the night has no date"):
            text = row.get("Date")
            if text:
                try:
                    return dt.date.fromisoformat(text[:10])
                except ValueError:
                    return None
        return None

    def movement(self) -> list[Seating]:
        seatings = []
        for row in self.required(S.ROUND_DATA):
            numbers = [_int(row.get(c)) for c in ("Section", "Table", "Round", "NSPair", "EWPair")]
            low, high = _int(row.get("LowBoard")), _int(row.get("HighBoard"))
            if None in numbers:
                self.warn(f"a RoundData row without its numbers left out: {_row_text(row)}")
                continue
            section, table, round_, ns, ew = (n or 0 for n in numbers)
            boards = _boards(row.get("CustomBoards"), low, high)
            seatings.append(Seating(section, table, round_, ns, ew, boards))
        return sorted(seatings, key=lambda s: (s.section, s.round, s.table))

    def entries(self) -> list[Entry]:
        """The current entry of each section, table, round and board: the
        latest, and none where the latest was erased."""
        latest: dict[tuple[int, int, int, int], Entry] = {}
        for row in self.required(S.RECEIVED_DATA):
            numbers = [_int(row.get(c)) for c in ("ID", "Section", "Table", "Round", "Board")]
            if None in numbers or (numbers[4] or 0) < 1:
                self.fail(f"ReceivedData: a row without its numbers: {_row_text(row)}")
                continue
            id_, section, table, round_, board = (n or 0 for n in numbers)
            key = (section, table, round_, board)
            if key not in latest or latest[key].id < id_:
                latest[key] = Entry(id_, section, table, round_, board, row)
        current = [e for e in latest.values() if not row_flag(e.row.get("Erased"))]
        return sorted(current, key=lambda e: (e.section, e.board, e.table, e.round))

    def seats(self) -> dict[tuple[int, int, Seat], tuple[str | None, str | None]]:
        """(section, table, seat) -> (number keyed, name) of PlayerNumbers."""
        seats: dict[tuple[int, int, Seat], tuple[str | None, str | None]] = {}
        for row in self.optional(S.PLAYER_NUMBERS, "the pairs have no names"):
            section, table = _int(row.get("Section")), _int(row.get("Table"))
            seat = S.SEATS.get((row.get("Direction") or "").strip().upper())
            if section is None or table is None or seat is None:
                continue
            number = (row.get("Number") or "").strip() or None
            name = (row.get("Name") or "").strip() or None
            # A later round's row (a substitute keyed in) is not a pair's name.
            if (_int(row.get("Round")) or 0) <= 1:
                seats.setdefault((section, table, seat), (number, name))
        return seats

    def deals(self) -> dict[tuple[int, int], Deal]:
        deals: dict[tuple[int, int], Deal] = {}
        for row in self.optional(S.HAND_RECORD, "the boards have no deals"):
            section, board = _int(row.get("Section")), _int(row.get("Board"))
            if section is None or board is None or board < 1:
                continue
            hands: dict[Seat, Holding] = {}
            for seat, columns in S.HAND_COLUMNS.items():
                suits = tuple(
                    (row.get(c) or "").strip().upper().replace("10", "T") for c in columns
                )
                if all(S.HOLDING_RE.fullmatch(suit) for suit in suits) and any(suits):
                    hands[seat] = (suits[0], suits[1], suits[2], suits[3])
            if hands:
                deals[(section, board)] = Deal.of(hands)
        return deals

    # -- a section --------------------------------------------------------

    def section(
        self,
        letter: str,
        number: int,
        seatings: list[Seating],
        entries: list[Entry],
        homes: Mapping[tuple[int, Direction | None], tuple[int, Direction]],
        seats: Mapping[tuple[int, int, Seat], tuple[str | None, str | None]],
        roster: _Roster,
        deals: Mapping[tuple[int, int], Deal],
    ) -> Section:
        mitchell = _two_way(seatings, entries)
        where = f"section {letter} " if letter else ""
        by_board: dict[int, list[Result]] = defaultdict(list)
        pairs: set[tuple[str, Direction | None]] = set()
        for entry in entries:
            result = self.result(entry, f"{where}board {entry.board} table {entry.table}")
            if result is None:
                continue
            by_board[entry.board].append(result)
            for pair, side in ((result.ns, Direction.NS), (result.ew, Direction.EW)):
                if pair is not None:
                    pairs.add((pair, side if mitchell else None))
        for seating in seatings:
            for value, side in ((seating.ns, Direction.NS), (seating.ew, Direction.EW)):
                if value:
                    pairs.add((str(value), side if mitchell else None))
        participants = tuple(
            Participant(
                pair,
                direction=side,
                section=letter,
                players=self.players(number, homes.get((int(pair), side)), seats, roster),
            )
            for pair, side in sorted(pairs, key=_pair_order)
        )
        boards = tuple(
            Board(
                board,
                results=tuple(results),
                dealer=dealer_for_board(board),
                vulnerability=vulnerability_for_board(board),
                deal=deals.get((number, board)),
            )
            for board, results in sorted(by_board.items())
        )
        return Section(letter, participants, boards)

    def players(
        self,
        section: int,
        home: tuple[int, Direction] | None,
        seats: Mapping[tuple[int, int, Seat], tuple[str | None, str | None]],
        roster: _Roster,
    ) -> tuple[Player, ...]:
        """The pair's two players as keyed at its table in round 1."""
        if home is None:
            return ()
        table, sat = home
        pair_seats = (Seat.N, Seat.S) if sat is Direction.NS else (Seat.E, Seat.W)
        players = []
        for seat in pair_seats:
            number, name = seats.get((section, table, seat), (None, None))
            if name is None and number is not None:
                name = roster.name(number)
            if number is not None or name is not None:
                players.append(Player(name, number))
        return tuple(players)

    # -- a result ---------------------------------------------------------

    def result(self, entry: Entry, where: str) -> Result | None:
        row = entry.row
        ns, ew = _pair(row.get("PairNS")), _pair(row.get("PairEW"))
        table = str(entry.table)
        remark = (row.get("Remarks") or "").strip()
        contract_text = (row.get("Contract") or "").strip()
        said = remark.lower()
        percentages = S.PERCENTAGES_RE.fullmatch(remark)
        if percentages is not None:
            ns_percent, ew_percent = (int(p) for p in percentages.groups())
            if ns_percent > 100 or ew_percent > 100:
                self.fail(f"{where}: arbitral score {excerpt(remark)} is no pair of percentages")
                return None
            adjusted = Adjusted.of_percentages(remark, ns_percent, ew_percent)
            return Result(ns, ew, Outcome.ADJUSTED, adjusted=adjusted, table=table)
        if said == S.NOT_PLAYED:
            return Result(ns, ew, Outcome.NOT_PLAYED, table=table)
        if said == S.ARBITRAL_PENDING:
            self.warn(
                f"{where}: arbitral score not yet decided (Remarks {remark!r}): the board is "
                "left unscored at this table until the director gives one"
            )
            return Result(ns, ew, Outcome.NOT_PLAYED, table=table)
        if said == S.WRONG_DIRECTION:
            self.warn(f"{where}: entered with the remark {remark!r}: scored as entered")
        elif remark and contract_text:
            self.warn(f"{where}: remark {excerpt(remark)} not understood: scored as entered")
        if not contract_text:
            said = f"remark {excerpt(remark)} not understood and no contract"
            self.warn(
                f"{where}: {said if remark else 'no contract and no remark'}: read as not played"
            )
            return Result(ns, ew, Outcome.NOT_PLAYED, table=table)
        return self.played(entry, where, ns, ew, contract_text)

    def played(
        self, entry: Entry, where: str, ns: str | None, ew: str | None, contract_text: str
    ) -> Result | None:
        row, table = entry.row, str(entry.table)
        try:
            contract = parse_contract(contract_text)
        except ContractError:
            self.fail(f"{where}: contract {excerpt(contract_text)} cannot be read")
            return None
        lead = self.lead(row.get("LeadCard"), where)
        seat_text = (row.get(S.DECLARER_SEAT) or "").strip().upper()
        if contract is None:
            return Result(
                ns, ew, Outcome.PASSED_OUT, 0, None, contract_text, lead=lead, table=table
            )
        seat = S.SEATS.get(seat_text)
        side = seat.direction if seat is not None else _SIDES.get(seat_text)
        if side is None:
            said = f"declarer {excerpt(seat_text)} is no seat" if seat_text else "no declarer seat"
            self.fail(f"{where}: {said} for {contract}")
            return None
        self.check_declarer(row, where, side, seat_text)
        result_text = (row.get("Result") or "").strip()
        if not RELATIVE_TRICKS_RE.fullmatch(result_text):
            if result_text:
                said = f"result {excerpt(result_text)} of {contract} cannot be read"
            else:
                said = f"no result given for {contract}"
            self.fail(f"{where}: {said}")
            return None
        tricks = relative_tricks(contract, result_text)
        if not 0 <= tricks <= 13:
            self.fail(f"{where}: {contract} {result_text} is {tricks} tricks")
            return None
        board = entry.board
        score = ns_score(contract, seat or _SEAT_OF[side], tricks, vulnerability_for_board(board))
        return Result(
            ns, ew, Outcome.PLAYED, score, contract, contract_text, seat, lead, tricks, table=table
        )

    def lead(self, text: str | None, where: str) -> str | None:
        """The opening lead as a card (``CT``), or None: none keyed, or a
        lead that is no card (a warning)."""
        if not text or not text.strip():
            return None
        card = S.LEAD_RE.fullmatch(text)
        if card is None:
            self.warn(f"{where}: lead {excerpt(text.strip())} is no card: left out")
            return None
        suit, rank = card.groups()
        return suit.upper() + ("T" if rank == "10" else rank.upper())

    def check_declarer(self, row: Row, where: str, side: Direction, seat_text: str) -> None:
        """The declaring pair (``Declarer``) against the declarer's seat: the
        seat decides (with a Mitchell's numbers the two pairs at a table
        may share one), a pair that sat the other way is a warning."""
        declarer, ns, ew = (_int(row.get(c)) for c in ("Declarer", "PairNS", "PairEW"))
        if declarer is None or ns == ew:
            return
        own, other = (ns, ew) if side is Direction.NS else (ew, ns)
        if declarer == other and declarer != own:
            sat = "NS" if side is Direction.EW else "EW"
            self.warn(
                f"{where}: declarer's seat is {seat_text} but the declaring pair "
                f"{declarer} sat {sat}: scored with {seat_text} declaring"
            )


_SIDES = {"NS": Direction.NS, "EW": Direction.EW}
_SEAT_OF = {Direction.NS: Seat.N, Direction.EW: Seat.E}


class _Roster:
    """PlayerNames, read the first time a number keyed without a name is
    looked up (it may hold tens of thousands of members)."""

    def __init__(self, builder: Builder) -> None:
        self.builder = builder
        self.names: dict[str, str] | None = None

    def name(self, number: str) -> str | None:
        if self.names is None:
            self.names = {}
            lost = "numbers keyed without a name stay unnamed"
            rows = self.builder.optional(S.PLAYER_NAMES, lost)
            for row in rows:
                name = (row.get("Name") or "").strip()
                if not name:
                    continue
                for key in (row.get("strID"), row.get("ID")):
                    if key:
                        self.names.setdefault(key.strip(), name)
        found = self.names.get(number)
        if found is None and number.isdigit():
            found = self.names.get(str(int(number)))
        return found


def row_flag(value: str | None) -> bool:
    """A yes/no column's value (no value: no)."""
    return value is not None and value.strip() in S.TRUE


def _int(value: str | None) -> int | None:
    if value is None:
        return None
    try:
        return int(value.strip())
    except ValueError:
        return None


def _pair(value: str | None) -> str | None:
    number = _int(value)
    return str(number) if number else None


def _boards(custom: str | None, low: int | None, high: int | None) -> tuple[int, ...]:
    """A round's boards: CustomBoards' comma list where given, else LowBoard to HighBoard."""
    if custom and custom.strip():
        listed = (_int(part) for part in custom.split(","))
        return tuple(b for b in listed if b is not None and b >= 1)
    if low is None or high is None or low < 1 or high < low:
        return ()
    return tuple(range(low, high + 1))


def _two_way(seatings: Iterable[Seating], entries: Iterable[Entry]) -> bool:
    """Whether the section numbers its pairs each way (a Mitchell): some
    number sits NS at one table and EW at another (or the same) in one
    round, or every number only ever sits one way. A Howell's numbers are
    each seated once a round, some NS one round and EW another."""
    by_round: dict[int, tuple[set[int], set[int]]] = defaultdict(lambda: (set(), set()))
    sides: dict[int, set[Direction]] = defaultdict(set)
    entered = ((e.round, _int(e.row.get("PairNS")), _int(e.row.get("PairEW"))) for e in entries)
    for round_, ns, ew in [*((s.round, s.ns, s.ew) for s in seatings), *entered]:
        north, east = by_round[round_]
        if ns:
            north.add(ns)
            sides[ns].add(Direction.NS)
        if ew:
            east.add(ew)
            sides[ew].add(Direction.EW)
    if any(north & east for north, east in by_round.values()):
        return True
    return all(len(seen) == 1 for seen in sides.values())


def _homes(
    seatings: Sequence[Seating], moved: int
) -> dict[tuple[int, Direction | None], tuple[int, Direction]]:
    """(pair, direction it is known by) -> (table, side) where it keyed its
    names: its table in its first round (for a Howell's pair, known by its
    number alone, also under direction None). Where the EW pairs moved
    ``moved`` tables before play (Section.EWMoveBeforePlay, negative: down),
    an EW pair keyed its names at the table that many tables back, counted
    round the section's tables."""
    homes: dict[tuple[int, Direction | None], tuple[int, Direction]] = {}
    tables = sorted({s.table for s in seatings})
    for seating in sorted(seatings, key=lambda s: (s.round, s.table)):
        for pair, side in ((seating.ns, Direction.NS), (seating.ew, Direction.EW)):
            if not pair:
                continue
            table = seating.table
            if side is Direction.EW and moved:
                table = tables[(tables.index(table) - moved) % len(tables)]
            homes.setdefault((pair, side), (table, side))
            homes.setdefault((pair, None), (table, side))
    return homes


def _pair_order(key: tuple[str, Direction | None]) -> tuple[int, int, str]:
    pair, side = key
    rank = {Direction.NS: 0, Direction.EW: 1, None: 0}[side]
    return (rank, int(pair) if pair.isdigit() else 0, pair)


def _row_text(row: Row) -> str:
    return excerpt(", ".join(f"{k}={v}" for k, v in row.items() if v is not None), 120)


def progress(tables: Tables) -> Progress:
    """How far the night in ``tables`` has got (the movement against the
    current results)."""
    builder = Builder(tables, "<progress>", strict=False)
    movement = builder.movement()
    entries = {(e.section, e.table, e.round, e.board) for e in builder.entries()}
    scheduled = [
        (s.section, s.table, s.round, board)
        for s in movement
        if s.ns and s.ew
        for board in s.boards
    ]
    missing_rounds = sorted({key[2] for key in scheduled if key not in entries})
    rounds = max((s.round for s in movement), default=0)
    return Progress(
        results=sum(1 for key in scheduled if key in entries),
        scheduled=len(scheduled),
        round=missing_rounds[0] if missing_rounds else None,
        rounds=rounds,
    )


def read(tables: Tables, source: str, strict: bool = True) -> tuple[Event, list[Problem]]:
    """The night in ``tables`` and the problems met reading it (warnings
    only, when ``strict``: an error raises)."""
    builder = Builder(tables, source, strict)
    event = builder.event()
    return event, builder.problems
