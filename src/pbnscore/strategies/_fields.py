"""What the IMP methods share: an event cut into fields, and the scored event
put back together from the points a method gives each table of each field.

A *field* is the set of tables whose results are compared with each other:

- pairs or individual event: one (session, section, board number);
- teams event: every table of a session that played the board number, across
  all its matches (docs/reference/methods.md "Definitions",
  for butler, cross-imps and barking).

Each table knows who sat each way: a pair NS and a pair EW, or in an
individual event two players each way (N and S score the NS points, E and W
the EW points). Methods score fields; :func:`assemble` turns those scores
into ScoredBoards in the input's order (one per input board, so writers find
every line), and standings. Pairs of a teams event are ranked among pairs,
teams among teams; a team's total for a pairs method is, board by board, the
mean of its pairs' points on that board (for barking on one match of four
tables this is the team's aggregate IMPs).
"""

from __future__ import annotations

import functools
import itertools
from collections import defaultdict
from collections.abc import Callable, Hashable, Iterable, Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, Any, cast

import attrs

from pbnscore._numbering import Numbering, numbering
from pbnscore._numbering import two_winner as is_two_winner
from pbnscore.errors import OptionError, ScoringError, excerpt
from pbnscore.model import (
    Board,
    DatumRecord,
    Deal,
    Direction,
    Event,
    EventKind,
    Match,
    Notice,
    Outcome,
    Participant,
    ParticipantKind,
    Play,
    Points,
    PointsStyle,
    Result,
    ScoredBoard,
    ScoredColumns,
    ScoredEvent,
    Section,
    Session,
    Standing,
)
from pbnscore.strategies import _assigned, _base

if TYPE_CHECKING:
    from pbnscore._explanation import BoardExplanation, Trace

Key = tuple[str, str, str | None, str | None, str | None]
SidePoints = tuple[Points | None, Points | None]  # (NS, EW)
Seated = tuple[int, ...]  # who sat one way at a table, as positions (see Table)
Seat = Callable[[str | None], Seated]


def key(participant: Participant) -> Key:
    """Identity of a participant across sessions: kind, id, direction,
    section and team."""
    p = participant
    # Enum values, not members (an enum's hash is a Python call), read from
    # ``_value_`` (``.value`` is a descriptor): keys are made for every table.
    direction = None if p.direction is None else p.direction._value_
    return (p.kind._value_, p.id, direction, p.section, p.team)


@attrs.frozen
class Table:
    """One table of a field: its result and who sat NS and who EW, as
    positions in the layout's participants: a pair each way, two players
    each way in an individual event, nobody where the file names no one."""

    result: Result
    ns: tuple[int, ...]
    ew: tuple[int, ...]


@attrs.frozen
class Field:
    """The tables of one board's field, as columns (no object per table: a method
    reads ``scores``; see :attr:`tables` for one object each)."""

    session: str | None
    section: str | None
    number: int
    # Each table's seats (see Table) and what was played there, in order.
    ns: Sequence[tuple[int, ...]]
    ew: Sequence[tuple[int, ...]]
    plays: Sequence[Play]
    # The positions of the tables with a real (played or passed-out) result,
    # and their NS scores: what every method starts from (see ``of``).
    real: tuple[int, ...]
    scores: tuple[int, ...]
    boards: tuple[Board, ...] = attrs.field(eq=False, repr=False)  # the tables' boards

    @classmethod
    def of(
        cls,
        session: str | None,
        section: str | None,
        number: int,
        boards: tuple[Board, ...],
        ns: Sequence[tuple[int, ...]],
        ew: Sequence[tuple[int, ...]],
    ) -> Field:
        plays = boards[0].columns.plays if len(boards) == 1 else _joined(boards)
        # A real result is one with a score (the model allows no other).
        all_scores = [play.score for play in plays]
        if None not in all_scores:
            real, scores = tuple(range(len(plays))), tuple(cast("list[int]", all_scores))
        else:
            real = tuple(i for i, score in enumerate(all_scores) if score is not None)
            scores = tuple(cast("int", all_scores[i]) for i in real)
        return cls(session, section, number, ns, ew, plays, real, scores, boards)

    def __len__(self) -> int:
        return len(self.plays)

    @functools.cached_property
    def results(self) -> tuple[Result, ...]:
        """Each table's Result (made now where the boards hold columns)."""
        return tuple(result for board in self.boards for result in board.results)

    @functools.cached_property
    def tables(self) -> tuple[Table, ...]:
        """Each table as one object: for explanations, not for scoring."""
        return tuple(map(Table, self.results, self.ns, self.ew))


def _joined(boards: Iterable[Board]) -> list[Play]:
    return [play for board in boards for play in board.columns.plays]


@attrs.frozen
class FieldScore:
    """A method's answer for one field: its datum (if it has one) and
    (NS, EW) points for each table, in the field's order."""

    points: tuple[SidePoints, ...]
    datum: int | Fraction | None = None
    record: DatumRecord | None = None  # how the datum was formed, for its label


@attrs.frozen
class Place:
    """An input board: where it is, and where its results sit in a field."""

    session: str | None
    section: str | None
    board: Board
    field: int
    positions: range


@attrs.frozen
class Layout:
    """An event cut into fields, with its participants in event order; a
    table's seats are positions in ``participants``, and so are the
    parallel ``groups`` (each participant's ranking group) and ``teams``
    (a team's pair: its team's position)."""

    event: Event
    fields: tuple[Field, ...]
    places: tuple[Place, ...]
    participants: tuple[Participant, ...]
    groups: tuple[Hashable, ...]
    teams: tuple[int | None, ...]
    positions: dict[Key, int] = attrs.field(eq=False)

    def position(self, participant: Participant) -> int | None:
        return self.positions.get(key(participant))


def check_kind(event: Event, name: str, kinds: frozenset[EventKind]) -> None:
    if event.kind not in kinds:
        allowed = " or ".join(sorted(k.value for k in kinds))
        article = "an" if event.kind.value[0] in "aeiou" else "a"
        raise ScoringError(
            f"{name} scores {allowed} events, not {article} {event.kind.value} event"
        )


def layout(event: Event, *, across: bool = False, rank_across: bool = False) -> Layout:
    """The event's fields; pairs and individual events by (session,
    section, board), teams events by (session, board) across matches.
    ``across`` (--field event): a pairs or individual event's sections that
    played the same board (number, and deal where the file gives one) in a
    session are one field; ``rank_across`` (--rank event): their
    participants are ranked together (each direction of two-winner
    sections together)."""
    builder = _Builder(event, across, rank_across)
    for session in event.sessions:
        if event.kind is EventKind.TEAMS:
            builder.add_teams_session(session)
        else:
            for section in session.sections:
                builder.add_section(session, section)
    return builder.build()


class _Parts:
    """A field as it is gathered: its position, boards and seats."""

    __slots__ = ("boards", "ew", "index", "ns")

    def __init__(self, index: int) -> None:
        self.index = index
        self.boards: list[Board] = []
        self.ns: list[tuple[int, ...]] = []
        self.ew: list[tuple[int, ...]] = []


class _Builder:
    def __init__(self, event: Event, across: bool = False, rank_across: bool = False) -> None:
        self.event = event
        self.across = across
        self.rank_across = rank_across
        # Each field's parts, in order of first appearance, by (session,
        # section, board number, deal): the section and deal are None for a
        # teams session's fields, the deal is None but across sections.
        self.fields: dict[tuple[str | None, str | None, int, Deal | None], _Parts] = {}
        self.places: list[Place] = []
        self.positions: dict[Key, int] = {}
        self.participants: list[Participant] = []
        self.groups: list[Hashable] = []

    def _add(
        self,
        session: Session,
        section: str | None,
        board: Board,
        ns: Iterable[tuple[int, ...]],
        ew: Iterable[tuple[int, ...]],
    ) -> None:
        """A board's tables, seated, added to its field, and its place."""
        field_key: tuple[str | None, str | None, int, Deal | None]
        if self.across and section is not None:
            field_key = (session.id, None, board.number, board.deal)
        else:
            field_key = (session.id, section, board.number, None)
        parts = self.fields.get(field_key)
        if parts is None:
            parts = self.fields[field_key] = _Parts(len(self.fields))
        start = len(parts.ns)
        parts.boards.append(board)
        parts.ns.extend(ns)
        parts.ew.extend(ew)
        if len(parts.ns) != len(parts.ew) or len(parts.ns) - start != len(board.columns):
            raise ValueError(f"board {board.number}: not one seat each way per table")
        positions = range(start, len(parts.ns))
        self.places.append(Place(session.id, section, board, parts.index, positions))

    def _known(self, participant: Participant, group: Hashable) -> int:
        """The participant's position (the first one with its key), with the
        ranking group it was first seen in."""
        identity = key(participant)
        position = self.positions.get(identity)
        if position is None:
            position = self.positions[identity] = len(self.participants)
            self.participants.append(participant)
            self.groups.append(group)
        return position

    def add_section(self, session: Session, section: Section) -> None:
        """A section of a pairs or individual event: each board a field."""
        individual = self.event.kind is EventKind.INDIVIDUAL
        lookup = _PlayerLookup(section) if individual else _PairLookup(section)
        # Two-winner (every pair listed has a direction): each direction is
        # ranked on its own; otherwise one ranking. Players of an
        # individual have no direction: one ranking.
        two_winner = is_two_winner(section)

        ranked_in = None if self.rank_across else section.id

        def group(participant: Participant) -> Hashable:
            return (ranked_in, participant.direction if two_winner else None)

        for participant in section.participants:
            self._known(participant, group(participant))

        # A number sits at many tables: its participant is found once per
        # direction (one dict per direction: an enum's hash is a Python call),
        # the first time it is seen; a pairs board's seats in one go.
        def seats(side: Direction) -> tuple[Seat, Callable[[Sequence[str | None]], list[Seated]]]:
            found: dict[str | None, Seated] = {None: ()}

            def seat(number: str | None) -> Seated:
                seated = found.get(number)
                if seated is None:
                    participant = lookup(cast("str", number), side)
                    seated = found[number] = (self._known(participant, group(participant)),)
                return seated

            def board_seats(numbers: Sequence[str | None]) -> list[Seated]:
                try:
                    return list(map(found.__getitem__, numbers))
                except KeyError:  # a number not seen before: found in table order
                    return list(map(seat, numbers))

            return seat, board_seats

        (ns, ns_board), (ew, ew_board) = seats(Direction.NS), seats(Direction.EW)
        for board in section.boards:
            lines = board.columns
            if individual:
                ns_seats, ew_seats = [], []
                for players in lines.players:
                    north, east, south, west = (*players, None, None, None, None)[:4]
                    ns_seats.append(ns(north) + ns(south))
                    ew_seats.append(ew(east) + ew(west))
                self._add(session, section.id, board, ns_seats, ew_seats)
            else:
                ns_seats = ns_board(lines.ns)
                self._add(session, section.id, board, ns_seats, ew_board(lines.ew))

    def add_teams_session(self, session: Session) -> None:
        lookup = _TeamPairLookup(session)
        for team in session.teams:
            self._known(team, ParticipantKind.TEAM)
            for member in team.members:
                self._known(member, ParticipantKind.PAIR)

        # A pair number sits for its team at many tables: its seat is found once
        # per (number, team), the first time it is seen.
        found: dict[tuple[str | None, str | None], tuple[int, ...]] = {}

        def seat(number: str | None, team: str | None) -> tuple[int, ...]:
            seated = found.get((number, team))
            if seated is None:
                pair = lookup(number, team)
                seated = () if pair is None else (self._known(pair, ParticipantKind.PAIR),)
                found[number, team] = seated
            return seated

        for match in session.matches:
            for team_id in (match.team, match.opponent):
                self._known(Participant(team_id, ParticipantKind.TEAM), ParticipantKind.TEAM)
            home_ns, home_ew, unknown = (
                _seated_teams(match, home) for home in (Direction.NS, Direction.EW, None)
            )
            for board in match.boards:
                lines = board.columns
                ns_seats, ew_seats = [], []
                for home, ns_pair, ew_pair in zip(lines.homes, lines.ns, lines.ew, strict=True):
                    ns_team, ew_team = (
                        home_ns
                        if home is Direction.NS
                        else home_ew
                        if home is Direction.EW
                        else unknown
                    )
                    ns_seats.append(seat(ns_pair, ns_team))
                    ew_seats.append(seat(ew_pair, ew_team))
                self._add(session, None, board, ns_seats, ew_seats)

    def build(self) -> Layout:
        fields = tuple(
            Field.of(s, sec, n, tuple(parts.boards), parts.ns, parts.ew)
            for (s, sec, n, _), parts in self.fields.items()
        )
        teams = tuple(
            None
            if p.team is None
            else self.positions.get(key(Participant(p.team, ParticipantKind.TEAM)))
            for p in self.participants
        )
        return Layout(
            self.event,
            fields,
            tuple(self.places),
            tuple(self.participants),
            tuple(self.groups),
            teams,
            self.positions,
        )


def _seated_teams(match: Match, home: Direction | None) -> tuple[str | None, str | None]:
    """(team sat NS, team sat EW) at a table where the match's TEAM sat
    ``home``; unknown without it."""
    if home is Direction.NS:
        return match.team, match.opponent
    if home is Direction.EW:
        return match.opponent, match.team
    return None, None


class _PairLookup:
    """A section's pair for a pair number seen in one direction.

    Tried in turn: the pair listed with that number and direction, the one
    listed with that number and no direction (Howell), the only pair listed
    with that number. A number nobody lists makes a pair of its own, with the
    direction it sat, or none if it sat both ways in this section and never
    on both sides of one board (a Howell: :mod:`pbnscore._numbering`)."""

    def __init__(self, section: Section) -> None:
        self.section = section.id
        # By number, one dict per direction listed (an enum's hash is a
        # Python call); ``only`` holds None for a number listed twice.
        self.ns: dict[str, Participant] = {}
        self.ew: dict[str, Participant] = {}
        self.undirected: dict[str, Participant] = {}
        self.only: dict[str, Participant | None] = {}
        for p in section.participants:
            if p.direction is None:
                self.undirected[p.id] = p
            else:
                (self.ns if p.direction is Direction.NS else self.ew)[p.id] = p
            self.only[p.id] = None if p.id in self.only else p
        self.boards = section.boards

    @functools.cached_property
    def numbering(self) -> Numbering:
        """How the results number the pairs (needed only for a number nobody
        lists, so found only then)."""
        return numbering(self.boards)

    def __call__(self, number: str, side: Direction) -> Participant:
        exact = self.ns if side is Direction.NS else self.ew
        found = exact.get(number) or self.undirected.get(number) or self.only.get(number)
        if found is None:
            direction = self.numbering.direction(number, side)
            found = Participant(number, ParticipantKind.PAIR, direction, self.section)
        return found


class _PlayerLookup:
    """A section's player for a player number (an individual event's
    players have no direction: ``side`` is not needed). A number nobody
    lists makes a player of its own."""

    def __init__(self, section: Section) -> None:
        self.section = section.id
        self.by_id: dict[str, Participant] = {}
        for p in section.participants:
            self.by_id.setdefault(p.id, p)

    def __call__(self, number: str, side: Direction) -> Participant:
        found = self.by_id.get(number)
        if found is None:
            found = Participant(number, ParticipantKind.PLAYER, section=self.section)
        return found


class _TeamPairLookup:
    """A session's pair for a pair number, knowing (where the result says)
    which team sat that way; a number nobody lists makes a pair of its own."""

    def __init__(self, session: Session) -> None:
        self.by_team: dict[tuple[str, str], Participant] = {}
        self.by_id: dict[str, Participant] = {}
        for team in session.teams:
            for member in team.members:
                self.by_team[(member.team or team.id, member.id)] = member
                self.by_id.setdefault(member.id, member)

    def __call__(self, number: str | None, team: str | None) -> Participant | None:
        if number is None:
            return None
        if team is not None and (team, number) in self.by_team:
            return self.by_team[(team, number)]
        if number in self.by_id and (team is None or self.by_id[number].team in (team, None)):
            return self.by_id[number]
        return Participant(number, ParticipantKind.PAIR, team=team)


# -- putting a scored event together ----------------------------------------


def scored_boards(lay: Layout, scores: Sequence[FieldScore]) -> tuple[ScoredBoard, ...]:
    """One ScoredBoard per input board, in input order, its results as
    columns (the board's and its slice of the field's points); its datum is
    its field's (the datum is shown rounded to a whole point where it is not
    one, the exact value in ``exact_datum``)."""
    boards = []
    for place in lay.places:
        score = scores[place.field]
        positions = place.positions
        results = ScoredColumns(place.board, score.points[positions.start : positions.stop])
        datum, exact = _datum(score.datum)
        boards.append(
            ScoredBoard(
                place.session,
                place.section,
                place.board.number,
                datum,
                results,
                place.board.source_ref,
                exact_datum=exact,
                datum_record=score.record,
            )
        )
    return tuple(boards)


def _datum(datum: int | Fraction | None) -> tuple[int | None, Fraction | None]:
    if datum is None or isinstance(datum, int):
        return datum, None
    if datum.denominator == 1:
        return int(datum), None
    # Half away from zero, for writers that print a whole number.
    whole = int(abs(datum) + Fraction(1, 2))
    return (whole if datum > 0 else -whole), datum


def standings(
    lay: Layout, scores: Sequence[FieldScore], factor: bool = False
) -> tuple[Standing, ...]:
    """Every participant's total and boards played (a board counts where the
    method gave the participant points), ranked; each player of an
    individual scores the points of the side they sat; teams of a teams
    event from their pairs' per-board means."""
    points_of: list[list[Points]] = [[] for _ in lay.participants]
    has_teams = any(team is not None for team in lay.teams)
    for field, score in zip(lay.fields, scores, strict=True):
        for ns_seats, ew_seats, (ns_points, ew_points) in zip(
            field.ns, field.ew, score.points, strict=True
        ):
            if ns_points is not None:
                for at in ns_seats:
                    points_of[at].append(ns_points)
            if ew_points is not None:
                for at in ew_seats:
                    points_of[at].append(ew_points)
        if has_teams:
            for team, values in _team_points(field, score, lay.teams).items():
                points_of[team].append(Fraction(exact_sum(values), len(values)))
    if set(map(type, itertools.chain.from_iterable(points_of))) <= {int}:
        totals: list[Points] = list(map(sum, points_of))  # the usual case: whole IMPs
    else:
        totals = [exact_sum(values) for values in points_of]
    return ranked(lay, totals, [len(values) for values in points_of], factor=factor)


def _team_points(
    field: Field, score: FieldScore, team_of: Sequence[int | None]
) -> dict[int, list[Points]]:
    """The points of each team's pairs on ``field``, by the team's position."""
    team_points: dict[int, list[Points]] = defaultdict(list)
    for side, seats in enumerate((field.ns, field.ew)):
        for seated, side_points in zip(seats, score.points, strict=True):
            points = side_points[side]
            if points is not None:
                for at in seated:
                    team = team_of[at]
                    if team is not None:
                        team_points[team].append(points)
    return team_points


def exact_sum(values: Sequence[Points]) -> Points:
    """The exact sum of ``values``, fractions added up by denominator: one
    Fraction per distinct denominator (a field's averages share theirs)
    rather than a Fraction addition, with its gcd, for every value."""
    if len(values) == 1:
        return values[0]
    if set(map(type, values)) <= {int}:  # the usual case: whole IMPs
        return sum(cast("Sequence[int]", values))
    numerators: dict[int, int] = {}
    for value in values:
        denominator = value.denominator
        numerators[denominator] = numerators.get(denominator, 0) + value.numerator
    total: Points = numerators.pop(1, 0)
    for denominator, numerator in numerators.items():
        total += Fraction(numerator, denominator)
    return total


def ranked(
    lay: Layout,
    totals: Sequence[Points],
    played: Sequence[int],
    kind: ParticipantKind | None = None,
    *,
    factor: bool = False,
) -> tuple[Standing, ...]:
    """Standings for every participant of the layout (of ``kind``, if
    given) from its total and boards played, both by position, ranked
    within their groups (in the order of the groups' first participants);
    ``factor``: on totals scaled to the most boards played in the group."""
    groups: dict[Hashable, list[tuple[Participant, Points, int]]] = defaultdict(list)
    for at, participant in enumerate(lay.participants):
        if kind is None or participant.kind is kind:
            groups[lay.groups[at]].append((participant, totals[at], played[at]))
    session = _only_session(lay.event)
    return tuple(s for rows in groups.values() for s in _base.rank_field(rows, session, factor))


def uneven_groups(lay: Layout, standings: Sequence[Standing]) -> tuple[Notice, ...]:
    """A warning for each ranking group whose members played different
    numbers of boards (scored without --factor)."""
    played: dict[Hashable, list[int]] = defaultdict(list)
    for standing in standings:
        at = lay.position(standing.participant)
        if at is not None:
            played[lay.groups[at]].append(standing.boards)
    found = (_base.uneven_warning(_group_name(g), counts) for g, counts in played.items())
    return tuple(Notice(warning) for warning in found if warning)


def _group_name(group: Hashable) -> str:
    """A ranking group as the warning names it: "section A NS pairs" ..."""
    if isinstance(group, ParticipantKind):
        return f"the {group.value}s"
    if isinstance(group, tuple) and len(group) == 2:
        section, direction = group
        where = f"section {excerpt(section, bare=True)} " if section is not None else ""
        side = f"{direction.value} " if isinstance(direction, Direction) else ""
        return f"{where}{side}participants".strip() if where or side else "the participants"
    return "the participants"


def _only_session(event: Event) -> str | None:
    return event.sessions[0].id if len(event.sessions) == 1 else None


def artificial(result: Result | Play, artificial_imps: Points) -> SidePoints:
    """Points for a table left out of comparisons: artificial IMPs for an
    adjusted result, nothing for a board not played."""
    adjusted = result.adjusted
    if result.outcome is Outcome.ADJUSTED and adjusted is not None:
        return (
            _base.artificial_points(adjusted.ns, artificial_imps),
            _base.artificial_points(adjusted.ew, artificial_imps),
        )
    return (None, None)


def assemble(
    lay: Layout,
    scores: Sequence[FieldScore],
    *,
    method: str,
    style: PointsStyle,
    options: object,
    datum_label: str | None = None,
) -> ScoredEvent:
    factor = bool(getattr(options, "factor", False))
    ranking = standings(lay, scores, factor)
    return ScoredEvent(
        event=lay.event,
        method=method,
        style=style,
        options=_base.options_dict(options),
        boards=scored_boards(lay, scores),
        standings=ranking,
        datum_label=datum_label,
        warnings=() if factor else uneven_groups(lay, ranking),
    )


def score_tables(
    field: Field,
    real_points: Callable[[Sequence[int]], Iterable[SidePoints]],
    artificial_imps: Points,
    datum: int | Fraction | None = None,
    against: _assigned.Against | None = None,
    trace: Trace | None = None,
) -> FieldScore:
    """A field's score: ``real_points`` gives (NS, EW) points for the real
    tables from their NS scores (``field.scores``, in order); a weighted or
    split assigned score is scored part by part by ``against`` (the NS
    points a table with that score would get against the field); every
    other table gets :func:`artificial`."""
    real = tuple(real_points(field.scores))
    if len(real) != len(field.real):
        raise ValueError(f"{len(real)} points for {len(field.real)} real tables")
    if len(real) == len(field):  # the usual case: every table played
        return FieldScore(real, datum)
    points = [artificial(play, artificial_imps) for play in field.plays]
    for position, play in enumerate(field.plays):
        assigned = _assigned.assigned_of(play)
        if assigned is not None:
            if against is None:
                raise ScoringError("this method does not score a weighted or split score")
            points[position] = _assigned.assigned_points(assigned, against, trace, position)
    for position, side_points in zip(field.real, real, strict=True):
        points[position] = side_points
    return FieldScore(tuple(points), datum)


def scoped_layout(event: Event, options: Any) -> Layout:
    """The event's layout under the options' --field and --rank (options
    without them: by section); an OptionError where one is ``event`` but
    the event is a teams event, whose field is already the whole session."""
    across = getattr(options, "field", None) is _base.Scope.EVENT
    rank_across = getattr(options, "rank", None) is _base.Scope.EVENT
    if (across or rank_across) and event.kind is EventKind.TEAMS:
        flag = "--field" if across else "--rank"
        raise OptionError(
            f"{flag} event applies to pairs and individual events (a teams event's field is "
            "already every table of the session)"
        )
    return layout(event, across=across, rank_across=rank_across)


def explained_fields(
    lay: Layout, scored: ScoredEvent, traces: dict[int, Trace]
) -> tuple[BoardExplanation, ...]:
    """Each traced field as the scored event has it: every table's points
    and steps, and each participant's figure."""
    # Here, not at the top: a plain score imports no explain (start-up).
    from pbnscore._explanation import BoardExplanation, Figure, Line

    shown = {place.field: board for place, board in zip(lay.places, scored.boards, strict=True)}
    explained = []
    for index, trace in traces.items():
        field, board = lay.fields[index], shown[index]
        points = {
            pos: (sr.ns_points, sr.ew_points)
            for place, sb in zip(lay.places, scored.boards, strict=True)
            if place.field == index
            for pos, sr in zip(place.positions, sb.results, strict=True)
        }
        lines, figures = [], []
        for position, table in enumerate(field.tables):
            ns_points, ew_points = points[position]
            score = table.result.score if table.result.is_real else None
            lines.append(
                Line(table.result, trace.table_steps(position, score), ns_points, ew_points)
            )
            for seated, side_points in ((table.ns, ns_points), (table.ew, ew_points)):
                figures += [Figure(lay.participants[at], side_points, position) for at in seated]
        explained.append(
            BoardExplanation(
                field.session,
                field.section,
                field.number,
                board.datum,
                tuple(trace.steps),
                tuple(lines),
                tuple(figures),
                datum_record=board.datum_record,
            )
        )
    return tuple(explained)
