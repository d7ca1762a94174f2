"""One scored event boiled down to what a season needs of it
(:class:`EventFigures`), and which of its sides a season ranks."""

from __future__ import annotations

import datetime as _dt
import hashlib
from collections.abc import Iterable, Iterator, Mapping

from pbnscore._kinds import Enum
from pbnscore._records import attrs
from pbnscore.errors import ScoringError
from pbnscore.model import (
    Event,
    EventKind,
    Participant,
    ParticipantKind,
    Player,
    Points,
    Result,
    ScoredEvent,
    Standing,
)


class By(Enum):
    """Who a season ranks: players, pairs or teams."""

    PLAYER = "player"
    PAIR = "pair"
    TEAM = "team"


@attrs.frozen
class SeasonEvent:
    """An event of the season, as its column is headed."""

    source: str
    title: str | None
    date: _dt.date | None
    kind: EventKind
    method: str
    options: Mapping[str, object] = attrs.field(factory=dict)
    report: str | None = None  # where the event's own scored report was written


@attrs.frozen
class Side:
    """One participant's figure in one event, named as the event names it."""

    kind: ParticipantKind
    id: str  # its id in the event: keeps apart participants with no names
    players: tuple[Player, ...]
    team: str | None  # a team's name, or the name of a pair's team
    total: Points
    boards: int
    factored: Points | None = None  # with --factor: the total the event ranked on
    # How the event numbers it ("pair 4 NS, section A"): the label of a
    # participant the season cannot name.
    numbered: str = ""
    # With butler --normalised: the normalised total the event ranked on.
    normalised: Points | None = None


@attrs.frozen
class MatchFigures:
    """A scored teams match, its teams by name; IMPs as
    :class:`pbnscore.model.ScoredMatch` has them (each side's own view)."""

    team: str
    opponent: str
    imps: Points
    opponent_imps: Points
    vp: Points | None
    opponent_vp: Points | None
    boards: int
    opponent_view: tuple[Points, Points] | None = None  # as ScoredMatch's

    @property
    def away(self) -> tuple[Points, Points]:
        """The away team's IMPs (gained, lost), from its own side."""
        return self.opponent_view or (self.opponent_imps, self.imps)

    def sides(self) -> tuple[Played, Played]:
        """The match from the home team's side, then from the away team's."""
        away = self.away
        home_margin, away_margin = self.imps - self.opponent_imps, away[0] - away[1]
        return (
            Played(self.imps, self.opponent_imps, self.vp, self.opponent_vp, away_margin),
            Played(*away, self.opponent_vp, self.vp, home_margin),
        )


@attrs.frozen
class EventFigures:
    """What a season needs of one scored event: small, and no lxml tree in
    it, so that a worker process can send it back."""

    event: SeasonEvent
    sides: tuple[Side, ...]
    matches: tuple[MatchFigures, ...] = ()
    # What its results are, by content (:func:`results_digest`): one night
    # under two file names is counted once. "" where it has none.
    results: str = ""
    # Who played which board for what score (:func:`result_keys`): a night
    # whose every result is among another's of its date is that session at
    # an earlier stage (an export taken before the last round was keyed).
    keys: frozenset[str] = frozenset()

    @property
    def played(self) -> bool:
        """Whether anyone played a board in it: a file of deals only (a hand
        record) has nobody, and is no night of a season."""
        return any(side.boards for side in self.sides)


_KINDS = {
    By.PAIR: frozenset({ParticipantKind.PAIR}),
    By.PLAYER: frozenset({ParticipantKind.PAIR, ParticipantKind.PLAYER}),
    By.TEAM: frozenset({ParticipantKind.TEAM}),
}


def figures(scored: ScoredEvent) -> EventFigures:
    """The standings and matches of ``scored``, as a season needs them."""
    event = scored.event
    teams = {p.id: p.name or p.id for p in event.participants() if p.kind is ParticipantKind.TEAM}
    sides = tuple(_side(standing, teams) for standing in scored.standings)
    matches = tuple(
        MatchFigures(
            teams.get(m.team, m.team),
            teams.get(m.opponent, m.opponent),
            m.imps,
            m.opponent_imps,
            m.vp,
            m.opponent_vp,
            len(m.boards),
            m.opponent_view,
        )
        for m in scored.matches
    )
    about = SeasonEvent(
        event.source.name,
        event.title,
        event.date,
        event.kind,
        scored.method,
        dict(scored.options),
    )
    return EventFigures(about, sides, matches, results_digest(event), result_keys(event))


def results_digest(event: Event) -> str:
    """A digest of every result of ``event`` (who played, the contract,
    the score, any adjustment), in any order, whatever the file is called
    or spells them (PBN or USEBIO); "" where it has none."""
    rows = sorted(
        repr(
            (
                session,
                where,
                board,
                result.ns,
                result.ew,
                result.players,
                result.outcome.value,
                result.score,
                result.contract,
                result.declarer,
                result.tricks,
                result.adjusted,
                result.home_direction,
            )
        )
        for session, where, board, result in _results(event)
    )
    if not rows:
        return ""
    return hashlib.sha256("\n".join(rows).encode("utf-8", "surrogatepass")).hexdigest()


def result_keys(event: Event) -> frozenset[str]:
    """Each result of ``event`` as who played which board and what came
    of it (section, board, pairs or teams, outcome, NS score): what a BWS
    and the PBN or USEBIO its scoring program exported say alike."""
    return frozenset(
        repr((session, where, board, r.ns, r.ew, r.outcome.value, r.score))
        for session, where, board, r in _results(event)
    )


def _results(event: Event) -> Iterator[tuple[str | None, str | None, int, Result]]:
    """(session, section or match, board number, result) of every result."""
    for session in event.sessions:
        for where, boards in [
            *((section.id, section.boards) for section in session.sections),
            *((f"{match.team}/{match.opponent}", match.boards) for match in session.matches),
        ]:
            for board in boards:
                for result in board.results:
                    yield session.id, where, board.number, result


def _side(standing: Standing, teams: Mapping[str, str]) -> Side:
    participant: Participant = standing.participant
    if participant.kind is ParticipantKind.TEAM:
        team: str | None = participant.name or participant.id
    else:
        team = teams.get(participant.team, participant.team) if participant.team else None
    players = participant.players
    if participant.kind is ParticipantKind.PLAYER and not players:
        players = (Player(participant.name),) if participant.name else ()
    return Side(
        participant.kind,
        participant.id,
        players,
        team,
        standing.total,
        standing.boards,
        standing.factored,
        _numbered(participant),
        standing.normalised,
    )


def _numbered(participant: Participant) -> str:
    """ "pair 4 NS, section A": the participant as its event numbers it."""
    direction = f" {participant.direction.value}" if participant.direction else ""
    section = f", section {participant.section}" if participant.section else ""
    return f"{participant.kind.value} {participant.id}{direction}{section}"


def check(figures_: EventFigures, by: By) -> None:
    """A :class:`ScoringError` when the event's method ranks nobody a season
    ``by`` ranks (a pairs season of an aggregate-scored event): it would
    add nothing, silently."""
    if not any(side.kind in _KINDS[by] for side in figures_.sides):
        raise ScoringError(f"{figures_.event.method} ranks no {by.value}s in this event")


def default_by(events: Iterable[EventFigures]) -> By:
    """Teams when every event ranks only teams (aggregate), players when
    every event is an individual one, else pairs."""
    found = list(events)
    if found and all(s.kind is ParticipantKind.TEAM for f in found for s in f.sides):
        return By.TEAM
    if found and all(f.event.kind is EventKind.INDIVIDUAL for f in found):
        return By.PLAYER
    return By.PAIR


@attrs.frozen
class Played:
    """A match from one team's side: its IMPs gained and lost, its VPs and
    its opponent's, and its opponent's margin from the opponent's side."""

    imps_for: Points
    imps_against: Points
    vp: Points | None
    opponent_vp: Points | None
    opponent_margin: Points

    def outcome(self) -> int:
        """1 won, 0 drawn, -1 lost: by VPs, by the two margins where there
        are none (an artificial board that does not balance can give both
        sides a positive margin: the larger wins, as it would on VPs)."""
        if self.vp is not None and self.opponent_vp is not None:
            mine, theirs = self.vp, self.opponent_vp
        else:
            mine, theirs = self.imps_for - self.imps_against, self.opponent_margin
        return (mine > theirs) - (mine < theirs)


def ranked_sides(figures_: EventFigures, by: By) -> Iterator[tuple[int, Side]]:
    """The sides a season ``by`` ranks, with their places in the event's list."""
    return ((at, side) for at, side in enumerate(figures_.sides) if side.kind in _KINDS[by])
