"""Pairs events: a section's boards and participants.

PBN has no movement field, so a section's movement is read from its pair
numbers:

- a TotalScoreTable ``Direction`` column ("N-S", "E-W") says where each pair
  sat;
- a number on both sides of one board (``1 1`` at table 1, BridgeWebs), or
  listed both N-S and E-W: a Mitchell numbered per direction; NS 1 and EW 1
  are two pairs (the rule USEBIO's reading shares, :mod:`pbnscore._numbering`);
- otherwise, some number seen both NS and EW: a Howell; no pair of the
  section has a direction (they are ranked as one field);
- otherwise (every number seen in one direction): a Mitchell with numbers
  unique across directions (Magic Contest); each pair keeps its direction.

How a section's pairs are ranked (``Section.fields``; PBN has no WINNER_TYPE)
is the file's own ranking, its TotalScoreTable's Rank column (§5.10: "rank
order of score; or best rank in case of ties"; "2=", pbnscore's tie, too):
where every ranked row of the section has a direction and both directions
are ranked, ranks that run as one sequence across directions (NS 1, EW 2,
...) are one field; ranks that start again in each direction (a 1 in each)
are NS and EW apart; a rank marked tied ("1=") has a partner of its rank in
its ranking (one NS and one EW pair both "1=": one field, tied). Ranks that
read both ways (one pair each way, both "1" unmarked) or neither way, or no
Rank column: not said, the section left to
:func:`pbnscore._numbering.two_winner`'s inference (Magic Contest ranks a
Mitchell numbered across directions as one field, and is read so).

A table may rank its sections together (pbnscore's ``--rank event``): its
Rank column then runs across the sections, and a section's own ranks say
nothing of how it was ranked (section A's NS 2, 4, 5 and EW 1, 3, 5 read
as one field). The rule is then read over the whole table, and each
section takes what it says: where the file says so (``[Scoring]`` with
pbnscore's field ``Rank-event``, docs/reference/pbn-out.md), or where some
section's ranks are no ranking of their own (no 1 in them) while the
table's, taken together, are.
"""

from __future__ import annotations

import functools
import re
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from itertools import chain
from operator import itemgetter
from typing import TYPE_CHECKING

# natural_key is re-exported: the PBN reader and scores import it from here
from pbnscore._numbering import natural_key as natural_key
from pbnscore._numbering import numbered_apart
from pbnscore._records import attrs
from pbnscore.model import (
    Board,
    Deal,
    DealAnalysis,
    Direction,
    Fields,
    Later,
    Participant,
    Play,
    Player,
    Result,
    ResultColumns,
    Seat,
    Section,
    Vulnerability,
)

if TYPE_CHECKING:
    from pbnscore.pbn._read_write_games import Game

# Names_NS / Names / player tags: "A;B" (§5.9), "A - B" (Magic Contest),
# "Smith-Jones" (BridgeComposer's surname pairs, no spaces), "Ann Smith-Bob
# Jones" (JFR/PbnTools' pair labels: two full names). A cell with a ";" is
# split on ";" alone, ";;" standing for a ";" within a name (how pbnscore
# writes a name that holds one: docs/reference/pbn-out.md).
NAMES_SPLIT_RE = re.compile(r"\s+-\s+")
SEMICOLON_RE = re.compile(r"(;;|;)")
NAME_PART_RE = re.compile(r"[^\W\d_].*[^\W\d_]", re.S)  # two letters or more, not "Para-1"
DIRECTION_RE = re.compile(r"\s*(N)\s*-?\s*S\s*|\s*(E)\s*-?\s*W\s*", re.I)
RANK_RE = re.compile(r"\s*(\d{1,9})\s*(=?)\s*")  # "3", "3=" (a tie)


def split_names(text: str) -> tuple[str, ...]:
    """The players' names in a names element (padding inside quotes removed)."""
    text = text.strip()
    if text in ("", "-", "?"):
        return ()
    if ";" in text:
        return tuple(part.strip() for part in _semicolon_split(text) if part.strip())
    parts = NAMES_SPLIT_RE.split(text)
    if len(parts) == 1 and text.count("-") == 1:
        first, second = (part.strip() for part in text.split("-"))
        # Two surnames, or two full names; not "Ann Smith-Jones" (one
        # person with a double-barrelled name) nor a label such as "Para-1".
        if (" " in first) == (" " in second) and all(
            NAME_PART_RE.search(part) for part in (first, second)
        ):
            parts = [first, second]
    return tuple(part.strip() for part in parts if part.strip())


def _semicolon_split(text: str) -> list[str]:
    """``text`` split on each ";" that is not half of a ";;" (a ";" of the name)."""
    parts = [""]
    for token in SEMICOLON_RE.split(text):
        if token == ";":
            parts.append("")
        else:
            parts[-1] += ";" if token == ";;" else token
    return parts


@functools.lru_cache(maxsize=4096)
def players_named(names: str) -> tuple[Player, ...]:
    """The players a names element names (:func:`split_names`); remembered,
    since a file names a pair on every board it played, and a process may
    read one file many times (the players are frozen: shared, not copied)."""
    return tuple(Player(name) for name in split_names(names))


@functools.lru_cache(maxsize=64)
def parse_direction(text: str) -> Direction | None:
    """The direction a TotalScoreTable's Direction element names ("N-S",
    "EW" ...), or None; remembered: a row a pair gives one of a few."""
    match = DIRECTION_RE.fullmatch(text)
    if match is None:
        return None
    return Direction.NS if match[1] else Direction.EW


class GameRows:
    """Results read a game at a time (each game's own tags), kept as columns
    until the board is made: their Result objects are made only when asked
    for (:class:`~pbnscore.model.ResultColumns`), as a ScoreTable's are."""

    __slots__ = ("ew", "lines", "ns", "plays", "tables")

    def __init__(self) -> None:
        self.ns: list[str | None] = []
        self.ew: list[str | None] = []
        self.plays: list[Play] = []
        self.tables: list[str | None] = []
        self.lines: list[int | None] = []

    def __len__(self) -> int:
        return len(self.plays)

    def columns(self) -> ResultColumns:
        return ResultColumns(self.ns, self.ew, self.plays, tables=self.tables, lines=self.lines)


@attrs.define
class BoardNotes:
    """A board of a section, while its games are read."""

    number: int
    dealer: Seat | None = None
    vulnerability: Vulnerability | None = None
    deal: Deal | None = None
    # The results in the order read: one at a time (a teams game's), a run
    # of games' own results, or a ScoreTable's rows, the last two as columns
    # whose Result objects are made only when asked for (see ResultColumns).
    parts: list[Result | ResultColumns | GameRows] = attrs.field(factory=list)
    # the game that first gave its deal (its line and set, its Event, Site,
    # Date, Round, are looked up only where a second deal comes under the
    # number: another set, or an error)
    origin: Game | None = None

    def __len__(self) -> int:
        return sum(1 if isinstance(part, Result) else len(part) for part in self.parts)

    def add_game(
        self, ns: str | None, ew: str | None, play: Play, table: str | None, line: int
    ) -> None:
        """One game's own result (its pairs, play, table and line)."""
        parts = self.parts
        rows = parts[-1] if parts else None
        if not isinstance(rows, GameRows):
            rows = GameRows()
            parts.append(rows)
        rows.ns.append(ns)
        rows.ew.append(ew)
        rows.plays.append(play)
        rows.tables.append(table)
        rows.lines.append(line)

    def pairs(self) -> list[tuple[str | None, str | None]]:
        """Each result's NS and EW pair."""
        found: list[tuple[str | None, str | None]] = []
        for part in self.parts:
            if isinstance(part, Result):
                found.append((part.ns, part.ew))
            else:
                found += zip(part.ns, part.ew, strict=True)
        return found

    def board(self, analyses: Mapping[Deal, DealAnalysis | Later]) -> Board:
        """The board, with the analysis ``analyses`` has of its deal."""
        parts = [part.columns() if isinstance(part, GameRows) else part for part in self.parts]
        results: tuple[Result, ...] | ResultColumns
        if len(parts) == 1 and isinstance(parts[0], ResultColumns):
            results = parts[0]
        else:
            results = tuple(
                result
                for part in parts
                for result in (part.results() if isinstance(part, ResultColumns) else (part,))
            )
        return Board(
            self.number,
            results,
            dealer=self.dealer,
            vulnerability=self.vulnerability,
            deal=self.deal,
            analysis=None if self.deal is None else analyses.get(self.deal),
        )


Side = Direction | None  # where a name or number was seen; None: not said
# The sides as module names: an Enum class's member is a Python-level
# descriptor (enum.property) on each look-up, a module name is not.
NS, EW = Direction.NS, Direction.EW


def _side(side: Side) -> int:
    """A side as a key: an Enum's hash is computed in Python, and a
    ScoreTable names its pairs on every row."""
    return 0 if side is NS else 1 if side is EW else 2


@attrs.define
class SectionNotes:
    """What the games say about one section: boards, and per pair number the
    players and direction each source gave."""

    id: str | None
    boards: dict[int, BoardNotes] = attrs.field(factory=dict)
    # by pair and side (_side)
    players: dict[tuple[str, int], tuple[Player, ...]] = attrs.field(factory=dict)
    declared: dict[str, set[Direction]] = attrs.field(factory=dict)  # TotalScoreTable Direction
    listed: list[str] = attrs.field(factory=list)  # TotalScoreTable PairIds, in order
    ranks: list[tuple[Direction | None, str]] = attrs.field(factory=list)  # its Rank cells
    # pairs known by their players only (no pair number): the label and
    # players each set of players was first seen with
    named: dict[frozenset[str], tuple[str, tuple[Player, ...]]] = attrs.field(factory=dict)

    def board(self, number: int) -> BoardNotes:
        notes = self.boards.get(number)
        if notes is None:
            notes = self.boards[number] = BoardNotes(number)
        return notes

    def by_players(
        self, label: str | None, players: tuple[Player, ...]
    ) -> tuple[str | None, tuple[Player, ...]]:
        """The pair a game names by its players alone, and its players: the
        unordered set of their names, whatever seats and direction they sat
        in, under the label and in the order it was first seen with ("Ann
        Abbott - Ben Baker" at NS is "Ben Baker - Ann Abbott" at EW)."""
        if label is None or not players:
            return label, players
        return self.named.setdefault(frozenset(p.name or "" for p in players), (label, players))

    def name(self, pair: str | None, side: Side, players: Iterable[Player]) -> None:
        """Record ``pair``'s players, first source wins."""
        found = tuple(players)
        if pair is not None and found and (pair, _side(side)) not in self.players:
            self.players[(pair, _side(side))] = found

    def names_from(self, side: Side, named: Iterable[tuple[str | None, str]]) -> None:
        """Record the players of each (pair, names element) of a table's rows
        on ``side``, first source wins: a names element is split only while
        its pair has none (a ScoreTable names each pair on every board it
        played)."""
        code, players = _side(side), self.players
        for pair, names in named:
            if pair is not None and names and (pair, code) not in players:
                self.name(pair, side, players_named(names))

    def take_listing(self, other: SectionNotes) -> None:
        """What ``other`` (the same section in another stage, §4.4.6) knows
        of the section's pairs: directions, listed pairs, players (its own
        first)."""
        for key, players in other.players.items():
            self.players.setdefault(key, players)
        for pair, directions in other.declared.items():
            self.declared.setdefault(pair, set()).update(directions)
        self.listed += [pair for pair in other.listed if pair not in self.listed]
        if not self.ranks:  # one table ranks the section of every stage
            self.ranks = list(other.ranks)

    def take_boards(self, other: SectionNotes) -> None:
        """``other``'s boards and results too (one section of stages that
        are no sessions: a teams event's)."""
        self.take_listing(other)
        for number, board in other.boards.items():
            mine = self.board(number)
            if mine.deal is None:
                mine.dealer, mine.vulnerability, mine.deal = (
                    board.dealer,
                    board.vulnerability,
                    board.deal,
                )
            mine.parts += board.parts

    def section(
        self, analyses: Mapping[Deal, DealAnalysis | Later], fields: Fields | None
    ) -> Section:
        """The section, each board with the analysis ``analyses`` has of its
        deal, ranked as ``fields`` (its table's Rank column: table_fields)."""
        ordered = [self.boards[n] for n in sorted(self.boards)]
        boards = tuple(board.board(analyses) for board in ordered)
        found = None if self.listed or self.declared else "names" if self.named else "numbers"
        participants = self._participants(ordered)
        return Section(
            self.id,
            participants,
            boards,
            fields=fields,
            pairs_found=found if participants else None,
        )

    # -- participants

    def _participants(self, boards: list[BoardNotes]) -> tuple[Participant, ...]:
        # listed pairs take part even with no results here
        sides: dict[str, set[Direction]] = {pair: set() for pair in self.listed}
        by_board = [board.pairs() for board in boards]
        played = list(chain.from_iterable(by_board))
        ns, ew = set(map(itemgetter(0), played)), set(map(itemgetter(1), played))
        # each pair once, where it is first seen (a pair plays every board)
        for pair in dict.fromkeys(chain.from_iterable(played)):
            if pair is not None:
                seen = sides.setdefault(pair, set())
                if pair in ns:
                    seen.add(NS)
                if pair in ew:
                    seen.add(EW)
        for pair, directions in self.declared.items():
            sides[pair] = directions
        # a TotalScoreTable listing one number both N-S and E-W, or one number
        # on both sides of a board: NS and EW are numbered apart
        per_direction = any(len(d) > 1 for d in self.declared.values())
        per_direction = per_direction or _numbered_per_direction(by_board)
        howell = not per_direction and any(len(seen) > 1 for seen in sides.values())
        found: list[Participant] = []
        for pair, seen in sides.items():
            if seen and not howell:
                found.extend(self._pair(pair, d, per_direction) for d in sorted(seen, key=_dorder))
            else:
                found.append(self._pair(pair, None, per_direction))
        return tuple(sorted(found, key=lambda p: (_dorder(p.direction), natural_key(p.id))))

    def _pair(self, pair: str, direction: Direction | None, per_direction: bool) -> Participant:
        # the sides its players may be named on, in order (see _side): its
        # own, then none said, then (one pair a number) the other
        if direction is None:
            sides: tuple[int, ...] = (0, 1, 2)
        else:
            own = _side(direction)
            sides = (own, 2) if per_direction else (own, 2, 1 - own)
        named = self.players
        players: tuple[Player, ...] = ()
        for side in sides:
            players = named.get((pair, side), ())
            if players:
                break
        return Participant(pair, direction=direction, section=self.id, players=players)


def _dorder(direction: Direction | None) -> int:
    return _side(direction)


Rank = tuple[int, bool]  # a Rank cell: its number, and whether it is marked tied ("3=")
RankCells = list[tuple[Direction | None, str]]  # a section's Rank cells, each with its direction
RANKED_ACROSS = "Rank-event"  # [Scoring]'s field: the TotalScoreTable ranks across sections


def ranked_fields(ranks: Iterable[tuple[Direction | None, str]]) -> Fields | None:
    """How a TotalScoreTable's Rank cells (each with its row's direction)
    rank a section (the module's rule): ONE, BY_DIRECTION, or None."""
    parsed = _by_direction(ranks)
    if parsed is None:
        return None
    ns, ew = parsed
    one = _one_ranking(ns + ew)
    if one == (_one_ranking(ns) and _one_ranking(ew)):
        return None
    return Fields.ONE if one else Fields.BY_DIRECTION


def table_fields(sections: Sequence[RankCells], across: bool = False) -> list[Fields | None]:
    """How one TotalScoreTable ranks each of ``sections`` (their Rank cells):
    each by its own cells (:func:`ranked_fields`), unless the table ranks
    across its sections (the module's rule): ``across`` (its file's
    [Scoring] says so), or some section's ranks are no ranking of their own
    while the table's are; then each section as the whole table reads."""
    own = [ranked_fields(ranks) for ranks in sections]
    ranked = [ranks for ranks in sections if ranks]
    if len(ranked) < 2 or not (across or not all(map(_ranked_alone, ranked))):
        return own
    whole = ranked_fields(chain.from_iterable(ranked))
    if whole is None:  # the whole cannot tell (every pair tied): each as it reads
        return own
    return [whole if ranks else fields for ranks, fields in zip(sections, own, strict=True)]


def _by_direction(
    ranks: Iterable[tuple[Direction | None, str]],
) -> tuple[list[Rank], list[Rank]] | None:
    """The NS and the EW ranks; None where a cell is no rank, a row has no
    direction, or a direction has none."""
    by_direction: dict[Direction, list[Rank]] = {NS: [], EW: []}
    for direction, text in ranks:
        if text.strip() == "-":
            continue  # not ranked (§5.2's irrelevant element: did not play)
        match = RANK_RE.fullmatch(text)
        if direction is None or match is None:
            return None
        by_direction[direction].append((int(match[1]), bool(match[2])))
    ns, ew = by_direction.values()
    return (ns, ew) if ns and ew else None


def _ranked_alone(ranks: RankCells) -> bool:
    """Whether a section's ranks are a ranking of their own: one across
    directions, or one in each (a table of sections ranked apart); a
    section of a ranking across sections may have no 1 at all."""
    parsed = _by_direction(ranks)
    if parsed is None:
        return True  # nothing to tell: as it would be alone
    ns, ew = parsed
    return _one_ranking(ns + ew) or (_one_ranking(ns) and _one_ranking(ew))


def _one_ranking(ranks: list[Rank]) -> bool:
    """The ranks of one ranking: 1, then each the one before (a tie) or its
    place (1, 2=, 2=, 4); a rank marked tied shares its number with another
    of the ranking (an unmarked one may too: not every program marks ties),
    so the two pairs of a section tied 1= are one field, not each first in
    its direction."""
    ordered = sorted(number for number, _ in ranks)
    numbers = Counter(ordered)
    return all(
        rank == at + 1 or (at > 0 and rank == ordered[at - 1]) for at, rank in enumerate(ordered)
    ) and all(numbers[number] > 1 for number, tied in ranks if tied)


def _numbered_per_direction(boards: list[list[tuple[str | None, str | None]]]) -> bool:
    """A pair number on both sides of one board (each board's pairs, NS
    and EW): NS and EW are numbered apart."""
    return numbered_apart(
        (map(itemgetter(0), pairs), map(itemgetter(1), pairs)) for pairs in boards
    )
