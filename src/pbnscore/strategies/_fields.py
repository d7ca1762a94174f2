"""What the IMP methods share: an event cut into fields, and the scored event
put back together from the points a method gives each table of each field.

A *field* is the set of tables whose results are compared with each other:

- pairs event: one (session, section, board number);
- teams event: every table of a session that played the board number, across
  all its matches (the CONTRACT's field for butler, cross-imps and barking).

Methods score fields; :func:`assemble` turns those scores into ScoredBoards in
the input's order (one per input board, so writers find every line), and
standings. Pairs of a teams event are ranked among pairs, teams among teams;
a team's total for a pairs method is, board by board, the mean of its pairs'
points on that board (for barking on one match of four tables this is the
team's aggregate IMPs).
"""

from __future__ import annotations

import functools
from collections import defaultdict
from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from fractions import Fraction
from typing import Any, ClassVar

import attrs

from pbnscore.errors import ScoringError
from pbnscore.model import (
    Board,
    Direction,
    Event,
    EventKind,
    Match,
    Outcome,
    Participant,
    ParticipantKind,
    Points,
    PointsStyle,
    Result,
    ScoredBoard,
    ScoredEvent,
    ScoredResult,
    Section,
    Session,
    Standing,
)
from pbnscore.strategies import _base

Key = tuple[str, str, str | None, str | None, str | None]
SidePoints = tuple[Points | None, Points | None]  # (NS, EW)


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
    """One table of a field: its result and the pairs that sat NS and EW."""

    result: Result
    ns: Participant | None
    ew: Participant | None


@attrs.frozen
class Field:
    session: str | None
    section: str | None
    number: int
    tables: tuple[Table, ...]
    # The positions of the tables with a real (played or passed-out) result,
    # and their NS scores: what every method starts from (see ``of``).
    real: tuple[int, ...]
    scores: tuple[int, ...]

    @classmethod
    def of(
        cls, session: str | None, section: str | None, number: int, tables: tuple[Table, ...]
    ) -> Field:
        real = tuple(i for i, t in enumerate(tables) if t.result.is_real)
        scores = tuple(_real_score(tables[i].result) for i in real)
        return cls(session, section, number, tables, real, scores)


def _real_score(result: Result) -> int:
    assert result.score is not None  # a real result always has its score
    return result.score


@attrs.frozen
class FieldScore:
    """A method's answer for one field: its datum (if it has one) and
    (NS, EW) points for each table, in the field's order."""

    points: tuple[SidePoints, ...]
    datum: int | Fraction | None = None


@attrs.frozen
class Place:
    """An input board: where it is, and where its results sit in a field."""

    session: str | None
    section: str | None
    board: Board
    field: int
    positions: tuple[int, ...]


@attrs.frozen
class Layout:
    """An event cut into fields, with its participants in event order."""

    event: Event
    fields: tuple[Field, ...]
    places: tuple[Place, ...]
    participants: tuple[Participant, ...]
    groups: dict[Key, Hashable] = attrs.field(eq=False)

    def group(self, participant: Participant) -> Hashable:
        return self.groups.get(key(participant))


def check_kind(event: Event, name: str, kinds: frozenset[EventKind]) -> None:
    if event.kind not in kinds:
        allowed = " or ".join(sorted(k.value for k in kinds))
        article = "an" if event.kind.value[0] in "aeiou" else "a"
        raise ScoringError(
            f"{name} scores {allowed} events, not {article} {event.kind.value} event"
        )


def layout(event: Event) -> Layout:
    """The event's fields; pairs events by (session, section, board),
    teams events by (session, board) across matches."""
    builder = _Builder(event)
    for session in event.sessions:
        if event.kind is EventKind.TEAMS:
            builder.add_teams_session(session)
        else:
            for section in session.sections:
                builder.add_pairs_section(session, section)
    return builder.build()


class _Builder:
    def __init__(self, event: Event) -> None:
        self.event = event
        self.tables: dict[tuple[str | None, str | None, int], list[Table]] = {}
        self.index: dict[tuple[str | None, str | None, int], int] = {}
        self.places: list[tuple[str | None, str | None, Board, int, tuple[int, ...]]] = []
        self.participants: dict[Key, Participant] = {}
        self.groups: dict[Key, Hashable] = {}

    def _field(self, session: str | None, section: str | None, number: int) -> list[Table]:
        field_key = (session, section, number)
        if field_key not in self.tables:
            self.tables[field_key] = []
            self.index[field_key] = len(self.index)
        return self.tables[field_key]

    def _place(
        self, session: Session, section: str | None, board: Board, tables: list[Table]
    ) -> None:
        start = len(tables)
        positions = tuple(range(start - len(board.results), start))
        index = self.index[(session.id, section, board.number)]
        self.places.append((session.id, section, board, index, positions))

    def _known(self, participant: Participant, group: Hashable) -> Participant:
        identity = key(participant)
        self.groups.setdefault(identity, group)
        return self.participants.setdefault(identity, participant)

    def add_pairs_section(self, session: Session, section: Section) -> None:
        lookup = _PairLookup(section)
        # Two-winner (every pair has a direction): each direction is ranked
        # on its own, as Compscore's PLACEs show; otherwise one ranking.
        two_winner = bool(section.participants) and all(
            p.direction is not None for p in section.participants
        )
        for participant in section.participants:
            self._known(participant, _pair_group(section.id, participant, two_winner))

        # A pair number sits at many tables: its pair is found once per
        # direction (one dict per direction: an enum's hash is a Python call).
        def seats(side: Direction) -> Callable[[str | None], Participant | None]:
            found: dict[str | None, Participant | None] = {}

            def seat(number: str | None) -> Participant | None:
                if number not in found:
                    pair = lookup(number, side)
                    if pair is not None:
                        pair = self._known(pair, _pair_group(section.id, pair, two_winner))
                    found[number] = pair
                return found[number]

            return seat

        ns_seat, ew_seat = seats(Direction.NS), seats(Direction.EW)
        for board in section.boards:
            tables = self._field(session.id, section.id, board.number)
            for result in board.results:
                tables.append(Table(result, ns_seat(result.ns), ew_seat(result.ew)))
            self._place(session, section.id, board, tables)

    def add_teams_session(self, session: Session) -> None:
        lookup = _TeamPairLookup(session)
        for team in session.teams:
            self._known(team, ParticipantKind.TEAM)
            for member in team.members:
                self._known(member, ParticipantKind.PAIR)
        for match in session.matches:
            for team_id in (match.team, match.opponent):
                self._known(Participant(team_id, ParticipantKind.TEAM), ParticipantKind.TEAM)
            for board in match.boards:
                tables = self._field(session.id, None, board.number)
                for result in board.results:
                    ns_team, ew_team = _seated_teams(match, result)
                    ns, ew = (
                        None if pair is None else self._known(pair, ParticipantKind.PAIR)
                        for pair in (lookup(result.ns, ns_team), lookup(result.ew, ew_team))
                    )
                    tables.append(Table(result, ns, ew))
                self._place(session, None, board, tables)

    def build(self) -> Layout:
        fields = tuple(
            Field.of(s, sec, n, tuple(tables)) for (s, sec, n), tables in self.tables.items()
        )
        places = tuple(Place(*p) for p in self.places)
        return Layout(self.event, fields, places, tuple(self.participants.values()), self.groups)


def _pair_group(section: str | None, pair: Participant, two_winner: bool) -> Hashable:
    return (section, pair.direction if two_winner else None)


def _seated_teams(match: Match, result: Result) -> tuple[str | None, str | None]:
    """(team sat NS, team sat EW) at this table; unknown without home_direction."""
    if result.home_direction is Direction.NS:
        return match.team, match.opponent
    if result.home_direction is Direction.EW:
        return match.opponent, match.team
    return None, None


class _PairLookup:
    """A section's pair for a pair number seen in one direction.

    Tried in turn: the pair listed with that number and direction, the one
    listed with that number and no direction (Howell), the only pair listed
    with that number. A number nobody lists makes a pair of its own, with the
    direction it sat, or none if it sat both ways in this section (Howell)."""

    def __init__(self, section: Section) -> None:
        self.section = section.id
        self.exact = {(p.id, p.direction): p for p in section.participants}
        by_id: dict[str, list[Participant]] = defaultdict(list)
        for p in section.participants:
            by_id[p.id].append(p)
        self.only = {pid: ps[0] for pid, ps in by_id.items() if len(ps) == 1}
        self.boards = section.boards

    @functools.cached_property
    def both_ways(self) -> set[str]:
        """Numbers that sat NS and EW in this section (needed only for a
        number nobody lists, so found only then)."""
        seen: dict[str, set[Direction]] = defaultdict(set)
        for board in self.boards:
            for r in board.results:
                if r.ns is not None:
                    seen[r.ns].add(Direction.NS)
                if r.ew is not None:
                    seen[r.ew].add(Direction.EW)
        return {pid for pid, sides in seen.items() if len(sides) == 2}

    def __call__(self, number: str | None, side: Direction) -> Participant | None:
        if number is None:
            return None
        found = self.exact.get((number, side)) or self.exact.get((number, None))
        if found is None:
            found = self.only.get(number)
        if found is None:
            direction = None if number in self.both_ways else side
            found = Participant(number, ParticipantKind.PAIR, direction, self.section)
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
    """One ScoredBoard per input board, in input order; its datum is its
    field's (the datum is shown rounded to a whole point where it is not one,
    the exact value in ``exact_datum``)."""
    boards = []
    for place in lay.places:
        score = scores[place.field]
        results = tuple(
            ScoredResult(result, *score.points[pos])
            for result, pos in zip(place.board.results, place.positions, strict=True)
        )
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


@attrs.define
class Tally:
    total: Points = 0
    boards: int = 0


def standings(lay: Layout, scores: Sequence[FieldScore]) -> tuple[Standing, ...]:
    """Every participant's total and boards played (a board counts where the
    method gave the participant points), ranked; teams of a teams event from
    their pairs' per-board means."""
    pairs: dict[Key, Tally] = defaultdict(Tally)
    teams: dict[Key, Tally] = defaultdict(Tally)
    for field, score in zip(lay.fields, scores, strict=True):
        team_points: dict[str, list[Points]] = defaultdict(list)
        for table, (ns_points, ew_points) in zip(field.tables, score.points, strict=True):
            for pair, points in ((table.ns, ns_points), (table.ew, ew_points)):
                if pair is None or points is None:
                    continue
                tally = pairs[key(pair)]
                tally.total += points
                tally.boards += 1
                if pair.team is not None:
                    team_points[pair.team].append(points)
        for team_id, values in team_points.items():
            tally = teams[(ParticipantKind.TEAM.value, team_id, None, None, None)]
            tally.total += Fraction(sum(values), len(values))
            tally.boards += 1
    return ranked(lay, {**teams, **pairs})


def ranked(
    lay: Layout, tallies: Mapping[Key, Tally], kind: ParticipantKind | None = None
) -> tuple[Standing, ...]:
    """Standings for every participant of the layout (of ``kind``, if given;
    those without points total 0 over 0 boards), ranked within their groups."""
    rows: list[tuple[Participant, Points, int]] = []
    for participant in lay.participants:
        if kind is not None and participant.kind is not kind:
            continue
        found = tallies.get(key(participant), Tally())
        rows.append((participant, found.total, found.boards))
    return _base.rank(rows, group=lay.group, session=_only_session(lay.event))


def _only_session(event: Event) -> str | None:
    return event.sessions[0].id if len(event.sessions) == 1 else None


def artificial(result: Result, artificial_imps: Points) -> SidePoints:
    """Points for a table left out of comparisons: artificial IMPs for an
    adjusted result, nothing for a board not played."""
    if result.outcome is Outcome.ADJUSTED:
        found = _base.adjusted_points(result, artificial_imps)
        assert found is not None  # an adjusted Result always carries its adjustment
        return found
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
    return ScoredEvent(
        lay.event,
        method=method,
        style=style,
        options=_base.options_dict(options),
        boards=scored_boards(lay, scores),
        standings=standings(lay, scores),
        datum_label=datum_label,
    )


def score_tables(
    field: Field,
    real_points: Callable[[Sequence[int]], Iterable[SidePoints]],
    artificial_imps: Points,
    datum: int | Fraction | None = None,
) -> FieldScore:
    """A field's score: ``real_points`` gives (NS, EW) points for the real
    tables from their NS scores (``field.scores``, in order); every other
    table gets :func:`artificial`."""
    real = tuple(real_points(field.scores))
    if len(real) != len(field.real):
        raise ValueError(f"{len(real)} points for {len(field.real)} real tables")
    if len(real) == len(field.tables):  # the usual case: every table played
        return FieldScore(real, datum)
    points = [artificial(t.result, artificial_imps) for t in field.tables]
    for position, side_points in zip(field.real, real, strict=True):
        points[position] = side_points
    return FieldScore(tuple(points), datum)


class FieldMethod:
    """A method that scores field by field (butler, cross-imps, barking):
    subclasses give ``score_field`` and the class attributes."""

    name: ClassVar[str]
    description: ClassVar[str]
    kinds: ClassVar[frozenset[EventKind]]
    style: ClassVar[PointsStyle]

    def score(self, event: Event, options: Any) -> ScoredEvent:
        check_kind(event, self.name, self.kinds)
        lay = layout(event)
        scores = [self.score_field(field, options) for field in lay.fields]
        return assemble(
            lay,
            scores,
            method=self.name,
            style=self.style,
            options=options,
            datum_label=self.datum_label(options),
        )

    def score_field(self, field: Field, options: Any) -> FieldScore:
        raise NotImplementedError

    def datum_label(self, options: Any) -> str | None:
        return None
