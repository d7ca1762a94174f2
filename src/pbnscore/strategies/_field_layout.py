"""An event cut into fields: the tables whose results are compared with
each other, and who sat each way at each.

A *field* is the set of tables whose results are compared with each other:

- pairs or individual event: one (session, section, board number);
- teams event: every table of a session that played the board number, across
  all its matches (docs/reference/methods.md "Definitions",
  for butler, cross-imps and barking).

Each table knows who sat each way: a pair NS and a pair EW, or in an
individual event two players each way (N and S score the NS points, E and W
the EW points). Methods score fields (a :class:`FieldScore` each);
:mod:`pbnscore.strategies._field_assembly` puts the scored event together.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Hashable, Iterable, Sequence
from fractions import Fraction
from typing import Any, cast

from pbnscore._numbering import Numbering, numbering
from pbnscore._numbering import two_winner as is_two_winner
from pbnscore._records import attrs
from pbnscore.errors import OptionError, ScoringError
from pbnscore.model import (
    Board,
    DatumRecord,
    Deal,
    Direction,
    Event,
    EventKind,
    Match,
    Participant,
    ParticipantKind,
    Play,
    Points,
    Result,
    Section,
    Session,
)
from pbnscore.strategies import _base

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
