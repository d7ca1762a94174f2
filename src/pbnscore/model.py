"""The results model: one shape for every event pbnscore reads.

Formats map their spellings onto these classes (``pbnscore.pbn``,
``pbnscore.usebio``); scoring methods read them and return a
:class:`ScoredEvent` without changing the event. Nothing here knows PBN or
USEBIO codes.

Every class is frozen; collections are tuples. ``source_ref`` on a board,
result, participant or match is an opaque position in the source document
that the same format's writer uses to put scores back where they belong.
"""

from __future__ import annotations

import datetime as _dt
import re
from collections.abc import Callable, Iterator, Mapping, Sequence
from fractions import Fraction
from typing import ClassVar, Generic, TypeVar

# The enumerations live in _enums and are imported from here ("as": re-exported).
from pbnscore._enums import AdjustedKind as AdjustedKind
from pbnscore._enums import Direction as Direction
from pbnscore._enums import EventKind as EventKind
from pbnscore._enums import Fields as Fields
from pbnscore._enums import Outcome as Outcome
from pbnscore._enums import ParticipantKind as ParticipantKind
from pbnscore._enums import Risk as Risk
from pbnscore._enums import Scoring as Scoring
from pbnscore._enums import Seat as Seat
from pbnscore._enums import Strain as Strain
from pbnscore._enums import Vulnerability as Vulnerability
from pbnscore._kinds import NamedTuple
from pbnscore._records import attrs
from pbnscore.errors import wrong_type

Points = int | Fraction
"""IMPs and totals are exact: averages of IMPs are not floats to be rounded
twice, and equal totals compare equal when ranking. Whole numbers may be plain
ints (a method's IMPs usually are, and int arithmetic is many times faster
than Fraction's); an int compares and adds exactly with a Fraction."""


# A style's name and unit are words: PBN's [Scoring] value joins fields with ";".
_STYLE_WORD_RE = re.compile(r"[A-Za-z0-9][A-Za-z0-9_+-]*")


@attrs.frozen
class PointsStyle:
    """What a method's points are: ``name``, the kind of points (the
    built-ins' four are predefined), and ``unit``, what one of them is
    (PBN's [Scoring] names it first: ``IMP``, ``MP`` ...).

    Each format puts a predefined style's points where it has a place for
    them (USEBIO: BUTLER -> NS/EW_BUTLER_POINTS, CROSS_IMPS ->
    NS/EW_CROSS_IMP_POINTS, AGGREGATE -> MATCH/BOARD/IMPS and VPs, BARKING
    -> pairs' PAIR_IMPS). A plug-in whose points are one of those uses it;
    one whose points are its own declares its style,
    ``PointsStyle("matchpoints", unit="MP")``: the reports and JSON show
    its points as any method's, USEBIO its totals (no element holds a
    plug-in's per-board points), PBN its points under its unit. Compared
    by value: a copy is the same style."""

    name: str = attrs.field(validator=attrs.validators.matches_re(_STYLE_WORD_RE))
    unit: str = attrs.field(default="IMP", validator=attrs.validators.matches_re(_STYLE_WORD_RE))

    BUTLER: ClassVar[PointsStyle]
    CROSS_IMPS: ClassVar[PointsStyle]
    AGGREGATE: ClassVar[PointsStyle]
    BARKING: ClassVar[PointsStyle]


PointsStyle.BUTLER = PointsStyle("butler")
PointsStyle.CROSS_IMPS = PointsStyle("cross-imps")
PointsStyle.AGGREGATE = PointsStyle("aggregate")
PointsStyle.BARKING = PointsStyle("barking")


@attrs.frozen
class Contract:
    """A contract bid and played: level, strain and doubling."""

    level: int = attrs.field(validator=attrs.validators.in_(range(1, 8)))
    strain: Strain
    risk: Risk = Risk.UNDOUBLED

    def __str__(self) -> str:
        return f"{self.level}{self.strain.value}{self.risk.value}"


# One part of an assigned score: its weight (a share of 1) and its NS score.
Part = tuple[Fraction, int]


def _parts_text(parts: tuple[Part, ...]) -> str:
    if len(parts) == 1:
        return str(parts[0][1])
    return " + ".join(f"{_percent_text(weight)} {score}" for weight, score in parts)


def _percent_text(weight: Fraction) -> str:
    percent = weight * 100
    return f"{percent.numerator}%" if percent.denominator == 1 else f"{float(percent):g}%"


@attrs.frozen
class Assigned:
    """An assigned adjusted score (Law 12C1) that is not one table result:
    each side's score as parts, (weight, NS score), the weights adding up
    to 1. A weighted score (Law 12C1(c): 60% of 4S= and 40% of 4S-1) has
    several parts; a split score gives the two sides different parts (the
    two sides' scores need not balance). Every score is NS-signed, as
    :attr:`Result.score` is; EW are scored by their own parts."""

    ns: tuple[Part, ...]
    ew: tuple[Part, ...]

    def __attrs_post_init__(self) -> None:
        for parts in (self.ns, self.ew):
            if not parts or any(weight <= 0 for weight, _ in parts):
                raise ValueError("an assigned score's parts have weights above 0")
            if sum(weight for weight, _ in parts) != 1:
                raise ValueError("an assigned score's weights add up to 100%")

    @property
    def code(self) -> str:
        """As the outputs show it: ``60% 420 + 40% -50``; a split score
        ``NS 420 / EW 450`` (each side's score as an NS score)."""
        if self.ns == self.ew:
            return _parts_text(self.ns)
        return f"NS {_parts_text(self.ns)} / EW {_parts_text(self.ew)}"


@attrs.frozen
class Adjusted:
    """An artificial adjusted score as the source wrote it (``code``), and
    what it means for each side; or an assigned score that is not one
    table result (``assigned``: weighted or split, Law 12C1), whose sides
    are then scored by its parts, not as averages."""

    code: str
    ns: AdjustedKind
    ew: AdjustedKind
    ns_percent: int | None = None
    ew_percent: int | None = None
    assigned: Assigned | None = None

    @classmethod
    def of_percentages(cls, code: str, ns_percent: int, ew_percent: int) -> Adjusted:
        """An arbitral score given as each side's percentage (``60%-40%``)."""
        ns, ew = AdjustedKind.from_percent(ns_percent), AdjustedKind.from_percent(ew_percent)
        return cls(code, ns, ew, ns_percent, ew_percent)

    @classmethod
    def of_parts(cls, assigned: Assigned) -> Adjusted:
        """A weighted or split assigned score (its code is its parts)."""
        return cls(assigned.code, AdjustedKind.AVERAGE, AdjustedKind.AVERAGE, assigned=assigned)


@attrs.frozen
class Result:
    """One table's result on one board. ``score`` is always NS-signed."""

    ns: str | None
    ew: str | None
    outcome: Outcome
    score: int | None = None
    contract: Contract | None = None
    contract_text: str | None = None
    declarer: Seat | None = None
    lead: str | None = None
    tricks: int | None = None  # 0..13, checked in __attrs_post_init__
    adjusted: Adjusted | None = None
    home_direction: Direction | None = None  # teams: where the match's TEAM sat
    table: str | None = None
    line: int | None = None  # source line, for messages
    source_ref: int | None = None
    # Individual events: the player ids at N, E, S, W (``ns``/``ew`` are then None).
    players: tuple[str | None, ...] = ()
    # A teams table's room as the file names it (PBN Room: Open, Closed); last,
    # since ResultColumns makes results by position.
    room: str | None = None
    # The director's ruling that made this result (a corrections file's
    # reason), shown beside it by the reports and explain.
    ruling: str | None = None

    def __attrs_post_init__(self) -> None:
        # One function for every check (not a validator besides): readers
        # make a Result for each line of a file, and check each Play with it.
        check_play(self.outcome, self.score, self.tricks, self.adjusted)

    @property
    def is_real(self) -> bool:
        """A result that enters datums and comparisons (played or passed out)."""
        return self.outcome in (Outcome.PLAYED, Outcome.PASSED_OUT)


def check_play(
    outcome: Outcome, score: int | None, tricks: int | None, adjusted: Adjusted | None
) -> None:
    """The checks a :class:`Result` makes of what was played (a reader
    checks a :class:`Play` with them before making any Result of it); a
    ValueError says what is wrong. A played result's checks come first
    and fewest."""
    if tricks is not None and not 0 <= tricks <= 13:
        raise ValueError(f"tricks must be 0..13, not {tricks}")
    if outcome is Outcome.PLAYED or outcome is Outcome.PASSED_OUT:
        if score is None:
            raise ValueError(f"a {outcome.value} result needs a score")
        return
    if outcome is Outcome.ADJUSTED and adjusted is None:
        raise ValueError("an adjusted result needs its adjustment")
    if outcome in (Outcome.ADJUSTED, Outcome.NOT_PLAYED) and score is not None:
        raise ValueError(f"a {outcome.value} result has no score")


class Play(NamedTuple):
    """What was played at one table: a :class:`Result` less who sat where
    and where it was read, in Result's own field order. Files repeat a few
    of these over thousands of lines; a reader makes each once."""

    outcome: Outcome
    score: int | None = None
    contract: Contract | None = None
    contract_text: str | None = None
    declarer: Seat | None = None
    lead: str | None = None
    tricks: int | None = None
    adjusted: Adjusted | None = None

    @property
    def is_real(self) -> bool:
        """Whether the table played the board (a contract, or passed out): no adjusted score."""
        return self.outcome is Outcome.PLAYED or self.outcome is Outcome.PASSED_OUT


class ResultColumns:
    """A board's results as parallel columns, one entry per table: what a
    reader extracts in bulk, and what scoring and writing work from. The
    :class:`Result` objects are made the first time they are asked for
    (``Board.results``), so that reading, scoring and writing a large file
    makes none. A reader checks every play (one Result made per distinct
    play) before it makes the columns: building them later cannot fail.
    ``lines`` may be given as a function giving them, called when they are
    first asked for (finding a line's number costs a reader more than
    anything else it keeps per line, and only reports ask for them)."""

    __slots__ = ("_lines", "_results", "ew", "homes", "ns", "players", "plays", "refs", "tables")

    def __init__(
        self,
        ns: Sequence[str | None],
        ew: Sequence[str | None],
        plays: Sequence[Play],
        *,
        homes: Sequence[Direction | None] | None = None,
        tables: Sequence[str | None] | None = None,
        lines: Sequence[int | None] | Callable[[], Sequence[int | None]] | None = None,
        refs: Sequence[int | None] | None = None,
        players: Sequence[tuple[str | None, ...]] | None = None,
    ) -> None:
        count = len(plays)
        nothing: tuple[None, ...] = (None,) * count
        self.ns, self.ew, self.plays = ns, ew, plays
        self.homes = nothing if homes is None else homes
        self.tables = nothing if tables is None else tables
        self._lines = nothing if lines is None else lines
        self.refs = nothing if refs is None else refs
        self.players: Sequence[tuple[str | None, ...]] = (
            ((),) * count if players is None else players
        )
        self._results: tuple[Result, ...] | None = None

    @classmethod
    def of(cls, results: tuple[Result, ...]) -> ResultColumns:
        """The columns of results already made (they are kept, not made again)."""
        columns = cls(
            tuple(r.ns for r in results),
            tuple(r.ew for r in results),
            tuple(_play_of(r) for r in results),
            homes=tuple(r.home_direction for r in results),
            tables=tuple(r.table for r in results),
            lines=tuple(r.line for r in results),
            refs=tuple(r.source_ref for r in results),
            players=tuple(r.players for r in results),
        )
        columns._results = results
        return columns

    def __len__(self) -> int:
        return len(self.plays)

    @property
    def lines(self) -> Sequence[int | None]:
        """Each result's line in its source (None where it has none)."""
        if callable(self._lines):
            self._lines = self._lines()
        return self._lines

    def results(self) -> tuple[Result, ...]:
        """The columns as Result objects, one per table, made once."""
        if self._results is None:
            self._results = tuple(
                Result(
                    n, e, p.outcome, p.score, p.contract, p.contract_text, p.declarer, p.lead,
                    p.tricks, p.adjusted, home, table, line, ref, seats,
                )
                for n, e, p, home, table, line, ref, seats in zip(
                    self.ns, self.ew, self.plays, self.homes, self.tables, self.lines,
                    self.refs, self.players, strict=True,
                )
            )  # fmt: skip
        return self._results


def _play_of(r: Result) -> Play:
    return Play(r.outcome, r.score, r.contract, r.contract_text, r.declarer, r.lead, r.tricks,
                r.adjusted)  # fmt: skip


def _results_of(value: tuple[Result, ...] | ResultColumns) -> tuple[Result, ...]:
    return value if isinstance(value, tuple) else value.results()


Holding = tuple[str, str, str, str]
"""One hand: its spades, hearts, diamonds and clubs, each suit's cards high
to low (``"AKQJT98765432"``, ``T`` the ten), ``""`` a void."""

_CLOCKWISE = tuple(Seat)


@attrs.frozen(cache_hash=True)
class Deal:
    """A board's hands: each seat's :data:`Holding`, None for a hand the
    file does not give. Deals of the same hands are equal however a file
    lists them, so a deal may key a field."""

    north: Holding | None = None
    east: Holding | None = None
    south: Holding | None = None
    west: Holding | None = None
    # The seat whose hand the file lists first: writers list them in the
    # file's order, which is no part of the deal.
    listed_from: Seat = attrs.field(default=Seat.N, eq=False)

    @classmethod
    def of(cls, holdings: Mapping[Seat, Holding], listed_from: Seat = Seat.N) -> Deal:
        """The deal of ``holdings`` by seat."""
        north, east, south, west = (holdings.get(seat) for seat in _CLOCKWISE)
        return cls(north, east, south, west, listed_from)

    @property
    def holdings(self) -> dict[Seat, Holding]:
        """The hands given, by seat, clockwise from the one listed first."""
        hands = (self.north, self.east, self.south, self.west)
        start = _CLOCKWISE.index(self.listed_from)
        order = (*range(start, 4), *range(start))
        return {_CLOCKWISE[i]: hand for i in order if (hand := hands[i]) is not None}

    @property
    def complete(self) -> bool:
        """Whether the file gives all four hands."""
        return None not in (self.north, self.east, self.south, self.west)


@attrs.frozen
class DealAnalysis:
    """The double-dummy analysis a results file carries for a deal: the
    tricks each declarer takes in each strain, and the par where the file
    gives it (its contract, its score), as the file spells them."""

    tricks: tuple[tuple[Seat, Strain, int], ...]  # every declarer x strain
    par_contract: str | None = None
    par_score: str | None = None
    given_as: str = ""  # what the file calls it, as a report names it


_T = TypeVar("_T")


class Lazy(Generic[_T]):
    """A board's deal or analysis made when first asked for, then kept: a
    reader gives a board one where reading it costs a good part of the
    read and few outputs show it (the hand records, the double-dummy
    tables). Compared, hashed, shown and pickled as what it makes."""

    __slots__ = ("_made", "_make")

    def __init__(self, make: Callable[[], _T | None]) -> None:
        self._make: Callable[[], _T | None] | None = make
        self._made: _T | None = None

    def get(self) -> _T | None:
        """What it makes (None: the file gives none that reads)."""
        if self._make is not None:
            self._made, self._make = self._make(), None
        return self._made

    def __reduce__(self) -> tuple[Callable[[_T | None], object], tuple[object]]:
        return _itself, (self.get(),)


class Later(Lazy[DealAnalysis]):
    """A deal's analysis made when first asked for (see :class:`Lazy`)."""

    __slots__ = ()


class LaterDeal(Lazy[Deal]):
    """A board's deal made when first asked for (see :class:`Lazy`)."""

    __slots__ = ()


def _itself(value: _T | None) -> _T | None:
    return value


def _made(value: _T | Lazy[_T] | None) -> _T | None:
    return value.get() if isinstance(value, Lazy) else value


@attrs.frozen
class Board:
    """One board as an event's results file gives it: its number, its results at every
    table, and its deal, dealer and vulnerability where given."""

    number: int = attrs.field(validator=attrs.validators.ge(1))
    # ``results`` (a tuple of Result) or the columns a reader made them from:
    # compared, hashed and shown as the results either way.
    _results: tuple[Result, ...] | ResultColumns = attrs.field(
        default=(), alias="results", eq=_results_of, repr=lambda v: repr(_results_of(v))
    )
    dealer: Seat | None = None
    vulnerability: Vulnerability | None = None
    # The deal, or what makes it when first asked for: compared and shown
    # as it either way (so is the analysis).
    _deal: Deal | LaterDeal | None = attrs.field(
        default=None, alias="deal", eq=_made, repr=lambda v: repr(_made(v))
    )
    source_ref: int | None = None
    # The double-dummy analysis the file gives for this board's deal.
    _analysis: DealAnalysis | Later | None = attrs.field(
        default=None, alias="analysis", eq=_made, repr=lambda v: repr(_made(v))
    )

    @property
    def results(self) -> tuple[Result, ...]:
        """The board's results, one per table."""
        return _results_of(self._results)

    @property
    def deal(self) -> Deal | None:
        """The board's hands, where the file gives them."""
        return _made(self._deal)

    @property
    def analysis(self) -> DealAnalysis | None:
        """The double-dummy analysis the file gives for this board's deal."""
        return _made(self._analysis)

    @property
    def columns(self) -> ResultColumns:
        """The results as columns (made from the Result objects where the
        board was built from them)."""
        value = self._results
        if isinstance(value, ResultColumns):
            return value
        columns = ResultColumns.of(value)
        object.__setattr__(self, "_results", columns)  # the same results, kept
        return columns


@attrs.frozen
class Player:
    """A player, by name and national id where the file gives them."""

    name: str | None = None
    national_id: str | None = None


@attrs.frozen
class Participant:
    """A pair, team or individual. Identified by (id, direction, section)."""

    id: str
    kind: ParticipantKind = ParticipantKind.PAIR
    direction: Direction | None = None
    section: str | None = None
    players: tuple[Player, ...] = ()
    name: str | None = None  # a team's name
    team: str | None = None  # a pair's team id, in a teams event
    members: tuple[Participant, ...] = ()  # a team's pairs
    source_ref: int | None = None

    @property
    def names(self) -> tuple[str, ...]:
        """The names of its players, those the file gives."""
        return tuple(p.name for p in self.players if p.name)

    @property
    def key(self) -> tuple[str, Direction | None, str | None]:
        """What tells this participant from every other: id, direction and section."""
        return (self.id, self.direction, self.section)


@attrs.frozen
class Section:
    """A section of a pairs or individual session: its participants and their boards."""

    id: str | None = None
    participants: tuple[Participant, ...] = ()
    boards: tuple[Board, ...] = ()
    # How its pairs are ranked, where its file says; None: inferred from its
    # pairs (pbnscore._numbering.two_winner, the one rule).
    fields: Fields | None = None
    # Where its file lists no pairs and its reader found them in the
    # results: by what, "numbers" or "names" (the players' names, a pair the
    # two of them whatever their seats); None where the file lists them.
    pairs_found: str | None = None


@attrs.frozen
class Match:
    """One teams match: ``team`` is the home team (USEBIO MATCH/TEAM); each
    board's results carry ``home_direction``."""

    team: str
    opponent: str
    boards: tuple[Board, ...] = ()
    round: int | None = None
    source_ref: int | None = None


@attrs.frozen
class Session:
    """One session of an event: its sections (pairs, individuals) or its teams and matches."""

    id: str | None = None
    sections: tuple[Section, ...] = ()
    teams: tuple[Participant, ...] = ()
    matches: tuple[Match, ...] = ()


@attrs.frozen
class Club:
    """The club that ran an event."""

    name: str | None = None
    id: str | None = None


@attrs.frozen
class Source:
    """Where an event came from, and what its writer needs to write it back."""

    name: str  # file name as given, or "<stdin>"
    format: str  # "usebio" or "pbn"
    version: str | None = None
    document: bytes | None = attrs.field(default=None, repr=False)  # the input, verbatim
    # The reader's parsed tree of ``document``, kept so that a writer can copy
    # it instead of parsing again. Never mutated; not part of equality.
    tree: object | None = attrs.field(default=None, repr=False, eq=False)
    # The scoring the file says its own results were scored by; None where
    # it names none, or one pbnscore has no word for.
    scoring: Scoring | None = None
    # Every scoring the file names for itself (board, match), in pbnscore's
    # words ("matchpoints", "point-a-board", "butler", "vps" ...), as its
    # reader maps them: what a method that scores it otherwise must say.
    scorings: tuple[str, ...] = ()


@attrs.frozen
class Event:
    """A results file read into the model: every session, participant and result, and
    where it came from. Format-neutral: readers make it, methods score it."""

    kind: EventKind
    sessions: tuple[Session, ...]
    source: Source
    title: str | None = None
    date: _dt.date | None = None
    club: Club | None = None
    # Where the event was played (PBN's Site, "the location of the event",
    # PBN 2.1 §3.4.2; USEBIO's VENUE): a place, not the club that ran it.
    venue: str | None = None
    metadata: tuple[tuple[str, str], ...] = ()  # unknown tags, % lines, in order

    def participants(self) -> Iterator[Participant]:
        """Every participant: pairs of each section, then teams and their pairs."""
        for session in self.sessions:
            for section in session.sections:
                yield from section.participants
            for team in session.teams:
                yield team
                yield from team.members

    def result_count(self) -> int:
        """How many results (tables) the event holds, over every session."""
        total = 0
        for session in self.sessions:
            for section in session.sections:
                total += sum(len(b.columns) for b in section.boards)
            for match in session.matches:
                total += sum(len(b.columns) for b in match.boards)
        return total


# -- scored events ---------------------------------------------------------


@attrs.frozen
class ScoredResult:
    """One result with the points a method gave each side (None where it gave none)."""

    result: Result
    ns_points: Points | None
    ew_points: Points | None


class ScoredColumns:
    """A scored board's results as columns: the input board's results and
    each table's (NS, EW) points, in the same order. The ScoredResult
    objects are made the first time they are asked for
    (``ScoredBoard.results``); writers work from the columns."""

    __slots__ = ("_scored", "board", "points")

    def __init__(self, board: Board, points: Sequence[tuple[Points | None, Points | None]]) -> None:
        if len(points) != len(board.columns):
            raise ValueError(f"{len(points)} points for {len(board.columns)} results")
        self.board, self.points = board, points
        self._scored: tuple[ScoredResult, ...] | None = None

    def results(self) -> tuple[ScoredResult, ...]:
        """The columns as ScoredResult objects (each result and its points), made once."""
        if self._scored is None:
            self._scored = tuple(
                ScoredResult(result, ns, ew)
                for result, (ns, ew) in zip(self.board.results, self.points, strict=True)
            )
        return self._scored


def _scored_of(value: tuple[ScoredResult, ...] | ScoredColumns) -> tuple[ScoredResult, ...]:
    return value if isinstance(value, tuple) else value.results()


@attrs.frozen
class DatumRecord:
    """How a board's datum was formed, as the method did it on that board
    (the record its header and ``explain`` read, never the option's name):
    the rule, the real scores it took, what it dropped and rounded, and the
    sum of those scores' NS points at the datum."""

    rule: str  # "zero-sum", "trimmed-mean", "mean", "median"
    scores: int  # the real scores the datum was formed from
    points_sum: Points = 0  # their NS points added up
    dropped: int = 0  # trimmed mean: scores dropped at each end
    wanted: int = 0  # trimmed mean: what --drop asked for at each end of this field
    averaged: int = 0  # the scores a mean was taken of (median of an even count: 2)
    # A mean that was not a multiple of 10: its value, and how it was rounded
    # ("half-away" ...; "none": kept exact).
    mean: Fraction | None = None
    rounding: str | None = None


@attrs.frozen
class ScoredBoard:
    """One board as a method scored it: its datum where it has one, every result's points."""

    session: str | None
    section: str | None
    number: int
    datum: int | None
    # ``results`` (a tuple of ScoredResult) or the columns a method made
    # them from: compared, hashed and shown as the scored results either way.
    _results: tuple[ScoredResult, ...] | ScoredColumns = attrs.field(
        alias="results", eq=_scored_of, repr=lambda v: repr(_scored_of(v))
    )
    source_ref: int | None = None
    # The datum when it is not a whole number of points (Butler with
    # --rounding none); ``datum`` then holds it rounded half away from zero.
    exact_datum: Points | None = None
    # How the datum was formed on this board's field, where the method says.
    datum_record: DatumRecord | None = attrs.field(default=None, eq=False)

    @property
    def results(self) -> tuple[ScoredResult, ...]:
        """Each result and its (NS, EW) points, one per table."""
        return _scored_of(self._results)

    def line_points(
        self,
    ) -> tuple[Sequence[int | None], Sequence[tuple[Points | None, Points | None]]]:
        """Each result's source_ref and its (NS, EW) points, in order, as
        two columns: those the board holds, where it holds columns (no
        ScoredResult made)."""
        value = self._results
        if isinstance(value, tuple):
            refs = [scored.result.source_ref for scored in value]
            return refs, [(scored.ns_points, scored.ew_points) for scored in value]
        return value.board.columns.refs, value.points


class TotalOverBoards:
    """A total over the boards played, with the total ``--factor`` scaled it
    to where there is one: what a :class:`Standing` and a season's figure
    for one event share (their average per board, the figure ranked on)."""

    __slots__ = ()
    total: Points
    boards: int
    factored: Points | None
    normalised: Points | None = None

    @property
    def average(self) -> Points:
        """The total per board played (0 where none was)."""
        return Fraction(self.total, self.boards) if self.boards else Fraction(0)

    @property
    def ranked_total(self) -> Points:
        """The figure ranked on and added up: factored, else normalised, else the total."""
        if self.factored is not None:
            return self.factored
        return self.total if self.normalised is None else self.normalised


@attrs.frozen
class Standing(TotalOverBoards):
    """A participant's place in the event under the method."""

    participant: Participant
    total: Points
    boards: int
    rank: int | None  # None: did not play (no board scored), listed after the ranked
    tied: bool
    session: str | None = None
    # With --factor: the total scaled up to the most boards anyone in the
    # participant's ranking group played (what it is ranked on); else None.
    factored: Points | None = None
    # Butler --normalised: the sum of the participant's normalised segments
    # (docs/reference/conventions.md "Normalised Butler"), ranked on (or,
    # with --factor, its factored figure is); else None.
    normalised: Points | None = None


@attrs.frozen
class BoardImps:
    """One board of a teams match: the home team's IMPs (and the away team's if unbalanced)."""

    number: int
    imps: Points  # the home team's
    # The away team's, where it is not -imps (an adjusted board's artificial
    # IMPs need not balance); None: -imps.
    opponent_imps: Points | None = None


@attrs.frozen
class ScoredMatch:
    """A match, each team's IMPs seen from its own side (docs/reference/choices.md
    "Match IMPs from each side"): an artificial board need not balance (Law 12C2), so
    the two sides' figures can differ."""

    session: str | None
    round: int | None
    team: str
    opponent: str
    boards: tuple[BoardImps, ...]
    imps: Points  # the home team's IMPs gained, board by board
    opponent_imps: Points  # the home team's IMPs lost (the away team's gained, if all balance)
    vp: Points | None
    opponent_vp: Points | None
    source_ref: int | None = None
    # The away team's (gained, lost) where it is not (opponent_imps, imps):
    # a board whose artificial IMPs do not balance; None: the mirror.
    opponent_view: tuple[Points, Points] | None = None

    def imps_of(self, team: str) -> tuple[Points, Points]:
        """``team``'s IMPs (gained, lost) in the match, from its own side;
        gained less lost is the margin its VPs come from."""
        if team == self.team:
            return self.imps, self.opponent_imps
        if team == self.opponent:
            return self.opponent_view or (self.opponent_imps, self.imps)
        raise ValueError(f"team {team!r} did not play {self.team} v {self.opponent}")

    def vps_of(self, team: str) -> tuple[Points | None, Points | None]:
        """(``team``'s VPs, its opponent's)."""
        if team == self.team:
            return self.vp, self.opponent_vp
        return self.opponent_vp, self.vp


@attrs.frozen
class Notice:
    """What a method did that the scorer must be told, though the event was
    scored (a board left out of a match, a match with no VPs): one warning
    line, ``file:line: warning: message``."""

    message: str
    line: int | None = None


@attrs.frozen(kw_only=True)
class ScoredEvent:
    """An event with one method's scores. ``event`` is the unchanged input.
    Built with keyword arguments only (a method's plug-in names each part)."""

    event: Event
    method: str
    style: PointsStyle
    options: Mapping[str, object]
    boards: tuple[ScoredBoard, ...]
    standings: tuple[Standing, ...]
    matches: tuple[ScoredMatch, ...] = ()
    datum_label: str | None = None  # e.g. "zero-sum"; None for methods without a datum
    # What the method says the user should know though the event is scored
    # (a board left out of a match, a group that played unevenly): printed
    # by score and batch as ``file:line: warning: …``.
    warnings: tuple[Notice, ...] = ()


def check_event(function: str, given: object) -> None:
    """A TypeError unless ``given`` is an Event or a ScoredEvent (what the
    format writers take)."""
    if not isinstance(given, Event | ScoredEvent):
        raise wrong_type(function, "an Event or a ScoredEvent", given)


def check_scored(function: str, given: object) -> None:
    """A TypeError unless ``given`` is a ScoredEvent (what a report shows)."""
    if not isinstance(given, ScoredEvent):
        raise wrong_type(function, "a ScoredEvent (from pbnscore.score)", given)
