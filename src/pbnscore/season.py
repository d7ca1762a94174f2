"""Many scored events -> one ranking: a season of club nights, a league.

Each event is scored on its own (exactly as :func:`pbnscore.score` scores
it) and boiled down to an :class:`EventFigures`: who played, their total and
boards. :func:`combine` then decides who is who across the events and ranks
them. Nothing here reads a file: the events come in as the model, so a
season can mix PBN and USEBIO files, or events built in Python.

Who is who (README, "Seasons"):

- A player is their national id where an event gives one, else their name
  compared by :func:`name_key` (case, accents, spacing, punctuation and
  initials normalised; "Surname, Given" turned round).
- A name without an id is taken to be the player with an id of that name
  when exactly one has it; when two ids share the name it stays apart.
  Either way, and where differently spelt names without ids are merged, the
  season says so in :attr:`Season.warnings` (a line per merge); an alias
  (``name,same_as``) settles a name, silencing its warning.
- A pair is the unordered pair of its players; a team is its name.

``pbnscore.season`` is the function (it also takes paths); this module is
``from pbnscore.season import ...``.
"""

from __future__ import annotations

import datetime as _dt
import enum
import os
import re
import sys
import types
import unicodedata
from collections import Counter, defaultdict
from collections.abc import Hashable, Iterable, Iterator, Mapping, Sequence
from fractions import Fraction
from typing import Any

import attrs

from pbnscore.errors import OptionError, ScoringError, counted, warning_line
from pbnscore.figures import points_text
from pbnscore.model import (
    Event,
    EventKind,
    Participant,
    ParticipantKind,
    Player,
    Points,
    ScoredEvent,
    Standing,
)
from pbnscore.ranges import Range

__all__ = [
    "By",
    "Entry",
    "EventFigures",
    "LeagueRow",
    "Person",
    "RankOn",
    "Season",
    "SeasonEvent",
    "check",
    "combine",
    "default_by",
    "figures",
    "name_key",
    "read_aliases",
    "season",
]


class By(enum.Enum):
    """Who a season ranks: players, pairs or teams."""

    PLAYER = "player"
    PAIR = "pair"
    TEAM = "team"


class RankOn(enum.Enum):
    """What a season ranks on: the average per board or the total."""

    AVERAGE = "average"  # total per board played (of the events counted)
    TOTAL = "total"


# -- names ----------------------------------------------------------------------

_APOSTROPHE_RE = re.compile(r"['’`´]")
_WORD_RE = re.compile(r"[^\W_]+")


def name_key(name: str) -> str:
    """The form two spellings of one name share: ``"ARCHER, Zoë"``,
    ``"zoe  archer"`` and ``"Zoe Archer"`` all give ``"zoe archer"``;
    ``"J. R. Smith"``, ``"J.R.Smith"`` and ``"JR Smith"`` give ``"jr smith"``.

    Accents go (NFKD, combining marks dropped), case is folded, one comma
    means "Surname, Given", apostrophes join (O'Hara = OHara), any other
    punctuation separates words, and a run of single letters is one word of
    initials.
    """
    text = unicodedata.normalize("NFKD", name)
    text = "".join(c for c in text if not unicodedata.combining(c)).casefold()
    if text.count(",") == 1:
        surname, given = text.split(",")
        text = f"{given} {surname}"
    words: list[str] = []
    initials = False
    for word in _WORD_RE.findall(_APOSTROPHE_RE.sub("", text)):
        if len(word) == 1 and initials:
            words[-1] += word
        else:
            words.append(word)
        initials = len(word) == 1
    return " ".join(words)


def read_aliases(text: str, source: str = "aliases") -> dict[str, str]:
    """``name,same_as`` rows (a first row ``name,same_as`` is a heading) as
    {name key: what it is the same as}: a name, or a national id. An empty
    ``same_as`` keeps the name apart from anyone an id would give it."""
    from pbnscore._read import csv_rows

    aliases: dict[str, str] = {}
    for number, row in csv_rows(text, source):
        cells = [cell.strip() for cell in row]
        if not any(cells) or (number == 1 and [c.casefold() for c in cells] == ["name", "same_as"]):
            continue
        if len(cells) != 2 or not cells[0]:
            raise OptionError(f"{source}:{number}: expected name,same_as")
        aliases[name_key(cells[0])] = cells[1]
    return aliases


# -- one event, boiled down ---------------------------------------------------------


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

    def sides(self) -> tuple[_Played, _Played]:
        """The match from the home team's side, then from the away team's."""
        away = self.away
        home_margin, away_margin = self.imps - self.opponent_imps, away[0] - away[1]
        return (
            _Played(self.imps, self.opponent_imps, self.vp, self.opponent_vp, away_margin),
            _Played(*away, self.opponent_vp, self.vp, home_margin),
        )


@attrs.frozen
class EventFigures:
    """What a season needs of one scored event: small, and no lxml tree in
    it, so that a worker process can send it back."""

    event: SeasonEvent
    sides: tuple[Side, ...]
    matches: tuple[MatchFigures, ...] = ()


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
    return EventFigures(about, sides, matches)


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


# -- the season -------------------------------------------------------------------


@attrs.frozen
class Person:
    """A player as the season knows them."""

    key: str  # "id:<national id>", "name:<name key>" or "unnamed:<...>"
    name: str | None  # the spelling seen most often (the first of equals)
    national_id: str | None
    spellings: tuple[str, ...]  # every spelling seen, most frequent first


@attrs.frozen
class Figure:
    """A participant's result in one event."""

    total: Points
    boards: int
    factored: Points | None = None  # with --factor: the total scaled as the event ranked it

    @property
    def average(self) -> Points:
        return Fraction(self.total, self.boards) if self.boards else Fraction(0)

    @property
    def ranked_total(self) -> Points:
        """What the season adds up: the factored total where the event factored."""
        return self.total if self.factored is None else self.factored


@attrs.frozen
class Entry:
    """A participant's line of the season ranking."""

    kind: By
    players: tuple[Person, ...]  # a team's are empty
    team: str | None  # a team's name; a pair's (or player's) team, if any
    # By event number (from 0), the events it played only: a dense row
    # per participant made a season with every player new grow with the
    # square of its events.
    figures: Mapping[int, Figure] = attrs.field(hash=False)
    counted: tuple[int, ...]  # the events counted (all played, unless --best)
    rank: int | None  # None: left out by --min-events/--min-boards
    tied: bool = False
    # (event number, place in its EventFigures.sides) of every standing added up here.
    sides: tuple[tuple[int, int], ...] = ()
    numbered: str = ""  # a pair with no players named: as its one event numbers it

    @property
    def label(self) -> str:
        if self.kind is By.TEAM:
            return self.team or ""
        if not self.players:
            return f"{self.numbered} (no names)"
        return " & ".join(p.name or "(no name)" for p in self.players)

    @property
    def events(self) -> int:
        return len(self.figures)

    @property
    def boards_played(self) -> int:
        return sum(figure.boards for figure in self.figures.values())

    @property
    def total(self) -> Points:
        """The total of the events counted (factored totals where factored)."""
        return sum((f.ranked_total for f in self._counted_figures()), Fraction(0))

    @property
    def boards(self) -> int:
        """The boards of the events counted."""
        return sum(f.boards for f in self._counted_figures())

    @property
    def average(self) -> Points:
        """Points per board over the events counted (plain totals: factoring
        scales a total to more boards, not the points a board)."""
        boards = self.boards
        plain = sum((f.total for f in self._counted_figures()), Fraction(0))
        return Fraction(plain, boards) if boards else Fraction(0)

    def _counted_figures(self) -> list[Figure]:
        return [self.figures[i] for i in self.counted]


@attrs.frozen
class LeagueRow:
    """A team's line of the league table."""

    team: str
    played: int
    won: int
    drawn: int
    lost: int
    imps_for: Points
    imps_against: Points
    vp: Points | None  # None: the matches were scored without a VP scale
    rank: int
    tied: bool


@attrs.frozen
class LeagueMatch:
    """A match of the league: ``round`` is its event's place in the season."""

    round: int
    match: MatchFigures


@attrs.frozen
class Season:
    """A ranking over events; ``events`` in date order, each entry's
    ``figures`` in the same order."""

    by: By
    rank_on: RankOn
    best: int | None
    min_events: int
    min_boards: int
    events: tuple[SeasonEvent, ...]
    ranking: tuple[Entry, ...]  # ranked, best first
    unranked: tuple[Entry, ...]  # played too little (--min-events/--min-boards)
    league: tuple[LeagueRow, ...] = ()
    matches: tuple[LeagueMatch, ...] = ()
    warnings: tuple[str, ...] = ()
    title: str | None = None  # None: "Season" (the CLI gives --title or the folder's name)

    @property
    def method(self) -> str:
        """The method every event was scored by, or the methods, joined."""
        return ", ".join(dict.fromkeys(event.method for event in self.events))


# The season's numbers (README "Bad input"): far past any real season.
BEST = Range(1, 100_000)
MIN_EVENTS = Range(0, 100_000)
MIN_BOARDS = Range(0, 10_000_000)


def combine(
    events: Iterable[EventFigures],
    *,
    by: By | str | None = None,
    best: int | None = None,
    rank_on: RankOn | str | None = None,
    min_events: int = 0,
    min_boards: int = 0,
    aliases: Mapping[str, str] | None = None,
) -> Season:
    """The season of ``events`` (any order: they are put in date order).

    ``rank_on`` defaults to the total for teams and with ``best`` (the
    total of the best N events, as a ladder counts them), else the average
    per board; ``by`` to :func:`default_by`. An event that ranks nobody
    ``by`` ranks is a :class:`ScoringError` (see :func:`check`).
    """
    ordered = sorted(events, key=_date_order)
    by = By(by) if by is not None else default_by(ordered)
    for figures_ in ordered:
        check(figures_, by)
    best = None if best is None else int(BEST.checked("--best", best))
    min_events = int(MIN_EVENTS.checked("--min-events", min_events))
    min_boards = int(MIN_BOARDS.checked("--min-boards", min_boards))
    if rank_on is None:
        rank_on = RankOn.TOTAL if best is not None or by is By.TEAM else RankOn.AVERAGE
    rank_on = RankOn(rank_on)
    people = _People(aliases or {})
    for number, figures_ in enumerate(ordered):
        for at, side in _ranked_sides(figures_, by):
            for index, player in enumerate(side.players):
                people.see(player, figures_.event.source, (number, at, index))
    people.resolve()
    entries = _entries(ordered, by, people, best)
    unnamed = [line for figures_ in ordered if (line := _unnamed_warning(figures_, by))]
    ranked: list[Entry] = []
    left_out: list[Entry] = []
    for entry in entries:
        # Who played no board in any event did not play (README "Did not play").
        enough = entry.events >= min_events and entry.boards_played >= max(min_boards, 1)
        (ranked if enough else left_out).append(entry)
    return Season(
        by,
        rank_on,
        best,
        min_events,
        min_boards,
        tuple(figures_.event for figures_ in ordered),
        _ranked(ranked, rank_on),
        tuple(sorted(left_out, key=lambda e: name_key(e.label))),
        _league(ordered),
        tuple(
            LeagueMatch(number, match)
            for number, figures_ in enumerate(ordered, start=1)
            for match in figures_.matches
        ),
        (*unnamed, *people.warnings()),
    )


def _unnamed_warning(figures_: EventFigures, by: By) -> str | None:
    """A line where the event's pairs have no player names: a season by pair
    ranks each alone, by its number in that event (nothing says who played
    it in another); a season by player cannot rank them at all."""
    count = sum(
        not side.players
        for _, side in _ranked_sides(figures_, by)
        if side.kind is ParticipantKind.PAIR
    )
    if not count:
        return None
    pairs = counted(count, "pair")
    if by is By.PLAYER:
        fate = "left out of a season by player (--by pair ranks each by its number)"
    else:
        fate = "each ranked alone under its number in this event"
    return f"{figures_.event.source}: warning: {pairs} with no player names: {fate}"


def _ranked_sides(figures_: EventFigures, by: By) -> Iterator[tuple[int, Side]]:
    """The sides a season ``by`` ranks, with their places in the event's list."""
    return ((at, side) for at, side in enumerate(figures_.sides) if side.kind in _KINDS[by])


def _date_order(figures_: EventFigures) -> tuple[bool, _dt.date, str]:
    date = figures_.event.date
    return (date is None, date or _dt.date.min, figures_.event.source)


def _entries(
    ordered: Sequence[EventFigures], by: By, people: _People, best: int | None
) -> list[Entry]:
    """One entry per participant, its figures summed per event (a pair
    playing two sessions of one event has one figure for it)."""
    sums: dict[Hashable, dict[int, list[Any]]] = defaultdict(dict)
    players: dict[Hashable, tuple[Person, ...]] = {}
    teams: dict[Hashable, Counter[str]] = defaultdict(Counter)
    sides: dict[Hashable, list[tuple[int, int]]] = defaultdict(list)
    numbered: dict[Hashable, str] = {}
    for number, figures_ in enumerate(ordered):
        for at, side in _ranked_sides(figures_, by):
            persons = tuple(
                people.person((number, at, index)) for index in range(len(side.players))
            )
            for key, who in _keys(by, side, persons, (number, at)):
                # Shown in the order the first event seated them.
                players.setdefault(key, who)
                numbered.setdefault(key, side.numbered)
                sides[key].append((number, at))
                if side.team:
                    teams[key][side.team] += 1
                figure = sums[key].setdefault(number, [Fraction(0), 0, None])
                figure[0] += side.total
                figure[1] += side.boards
                if side.factored is not None:
                    figure[2] = (figure[2] or 0) + side.factored
    entries: list[Entry] = []
    for key, per_event in sums.items():
        cells = {n: Figure(*found) for n, found in sorted(per_event.items())}
        team = teams[key].most_common(1)[0][0] if teams[key] else None
        counted = _counted(cells, best)
        entries.append(
            Entry(
                by,
                players[key],
                team,
                cells,
                counted,
                None,
                sides=tuple(sides[key]),
                numbered=numbered[key],
            )
        )
    return entries


def _keys(
    by: By, side: Side, persons: tuple[Person, ...], where: tuple[int, int]
) -> Iterable[tuple[Hashable, tuple[Person, ...]]]:
    if by is By.TEAM:
        name = side.team or side.id
        yield ("team", name_key(name) or name), ()
    elif by is By.PAIR:
        if not persons:
            yield ("unnamed", *where), ()
        else:
            yield ("pair", *sorted(p.key for p in persons)), persons
    else:
        for person in persons:
            yield ("player", person.key), (person,)


def _counted(cells: Mapping[int, Figure], best: int | None) -> tuple[int, ...]:
    """The events counted: every one played, or the best N by average per
    board, more boards breaking a tie, then the earlier event."""
    played = sorted(cells)
    if best is None or len(played) <= best:
        return tuple(played)

    def merit(n: int) -> tuple[Points, int, int]:
        cell = cells[n]
        return (-cell.average, -cell.boards, n)

    return tuple(sorted(sorted(played, key=merit)[:best]))


def _ranked(entries: Sequence[Entry], rank_on: RankOn) -> tuple[Entry, ...]:
    """Best first; equal figures share the better rank (names order them)."""

    def figure(entry: Entry) -> Points:
        # An average is ranked as it is shown (two decimals, figures.py):
        # two players shown 0.89 share a place (README "Seasons").
        if rank_on is RankOn.AVERAGE:
            return Fraction(points_text(entry.average))
        return entry.total

    ordered = sorted(entries, key=lambda e: (-figure(e), name_key(e.label), e.label))
    places = _places([figure(e) for e in ordered])
    return tuple(
        attrs.evolve(entry, rank=rank, tied=tied)
        for entry, (rank, tied) in zip(ordered, places, strict=True)
    )


def _places(values: Sequence[Points]) -> list[tuple[int, bool]]:
    """(rank, tied) for values sorted best first: equal values share the
    better rank, as in every standings of the project."""
    counts = Counter(values)
    places: list[tuple[int, bool]] = []
    for at, value in enumerate(values):
        shared = at > 0 and values[at - 1] == value
        places.append((places[-1][0] if shared else at + 1, counts[value] > 1))
    return places


def _league(ordered: Sequence[EventFigures]) -> tuple[LeagueRow, ...]:
    """Per team over every match: played, won, drawn, lost (by VPs, equal
    VPs a draw; by IMPs where a match has no VPs), IMPs for and against,
    VPs; ranked on VPs (on IMPs for less against when any match has none)."""
    played: dict[str, list[_Played]] = defaultdict(list)
    names: dict[str, Counter[str]] = defaultdict(Counter)
    for figures_ in ordered:
        for m in figures_.matches:
            for team, played_ in zip((m.team, m.opponent), m.sides(), strict=True):
                key = name_key(team) or team
                names[key][team] += 1
                played[key].append(played_)
    tallies = [_tally(names[key].most_common(1)[0][0], games) for key, games in played.items()]
    tallies.sort(key=lambda t: (-t[0], name_key(t[1].team), t[1].team))
    places = _places([figure for figure, _ in tallies])
    return tuple(
        attrs.evolve(row, rank=rank, tied=tied)
        for (_, row), (rank, tied) in zip(tallies, places, strict=True)
    )


@attrs.frozen
class _Played:
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


def _tally(team: str, games: Sequence[_Played]) -> tuple[Points, LeagueRow]:
    """(the figure the team ranks on, its row yet unranked)."""
    outcomes = Counter(game.outcome() for game in games)
    imps_for = sum((game.imps_for for game in games), Fraction(0))
    imps_against = sum((game.imps_against for game in games), Fraction(0))
    vps = [game.vp for game in games]
    vp = None if None in vps else sum((v for v in vps if v is not None), Fraction(0))
    row = LeagueRow(
        team,
        len(games),
        outcomes[1],
        outcomes[0],
        outcomes[-1],
        imps_for,
        imps_against,
        vp,
        0,
        False,
    )
    return (imps_for - imps_against if vp is None else vp), row


# -- who is who ------------------------------------------------------------------------

Seen = tuple[int, int, int]  # (event number, its side's place, player index)


class _People:
    """Every player appearance of the season, then who each one is."""

    def __init__(self, aliases: Mapping[str, str]) -> None:
        self._aliases = aliases
        self._seen: dict[Seen, tuple[str | None, str | None, str]] = {}
        self._ids_by_name: dict[str, set[str]] = defaultdict(set)
        self._resolved: dict[Seen, Person] = {}
        self._warnings: list[str] = []

    def see(self, player: Player, source: str, where: Seen) -> None:
        name = player.name.strip() if player.name and player.name.strip() else None
        national_id = player.national_id.strip() if player.national_id else None
        self._seen[where] = (name, national_id or None, source)
        if name and national_id:
            self._ids_by_name[name_key(name)].add(national_id)

    def resolve(self) -> None:
        keys: dict[Seen, str] = {}
        for where, (name, national_id, _) in self._seen.items():
            keys[where] = self._key(name, national_id, where)
        by_key: dict[str, list[Seen]] = defaultdict(list)
        for where, key in keys.items():
            by_key[key].append(where)
        for key, places in by_key.items():
            spellings = Counter(name for w in places if (name := self._seen[w][0]))
            ordered = [name for name, _ in spellings.most_common()]
            national_id = key[3:] if key.startswith("id:") else None
            person = Person(key, ordered[0] if ordered else None, national_id, tuple(ordered))
            for where in places:
                self._resolved[where] = person
            self._warn_merges(person, places)

    def _key(self, name: str | None, national_id: str | None, where: Seen) -> str:
        if national_id:
            return f"id:{national_id}"
        key = name_key(name) if name else ""
        if not key:  # no name, or only punctuation ("-", "?"): nobody to match
            return "unnamed:{}:{}:{}".format(*where)
        alias = self._aliases.get(key)
        if alias is not None:
            if not alias:  # settled: this name is nobody else
                return f"name:{key}"
            if alias in self._all_ids():
                return f"id:{alias}"
            key = name_key(alias)
        ids = self._ids_by_name.get(key, set())
        if len(ids) == 1:
            return f"id:{next(iter(ids))}"
        return f"name:{key}"

    def _all_ids(self) -> set[str]:
        return {i for ids in self._ids_by_name.values() for i in ids}

    def _warn_merges(self, person: Person, places: list[Seen]) -> None:
        """A line per spelling taken to be ``person`` on a guess: a name
        without an id given the id of that name, or a spelling other than
        the one shown merged with no id to say so. Aliased names are settled."""
        first_source: dict[tuple[str, bool], str] = {}
        for where in sorted(places):
            name, national_id, source = self._seen[where]
            if name is None or national_id is not None or name_key(name) in self._aliases:
                continue
            guessed = person.national_id is not None or name != person.name
            if guessed:
                first_source.setdefault((name, person.national_id is not None), source)
        for (name, by_id), source in first_source.items():
            if by_id:
                message = (
                    f"{name!r} has no national id here; taken to be {person.name!r} "
                    f"(national id {person.national_id}), the one player of that name with "
                    "one; --aliases settles it"
                )
                self._warnings.append(warning_line(source, None, message))
            else:
                message = (
                    f"{name!r} taken to be {person.name!r}: the same name, and no national "
                    "id to tell; --aliases settles it"
                )
                self._warnings.append(warning_line(source, None, message))
        ids = self._ids_by_name.get(name_key(person.name or ""), set())
        if person.key.startswith("name:") and len(ids) > 1 and person.spellings:
            key = name_key(person.spellings[0])
            if key not in self._aliases:
                source = self._seen[min(places)][2]
                message = (
                    f"{person.name!r} has no national id and national ids "
                    f"{', '.join(sorted(ids))} share the name: kept apart from each; "
                    "--aliases settles it"
                )
                self._warnings.append(warning_line(source, None, message))

    def person(self, where: Seen) -> Person:
        return self._resolved[where]

    def warnings(self) -> tuple[str, ...]:
        return tuple(self._warnings)


# -- from events ------------------------------------------------------------------------


def season(
    events: Iterable[Event | ScoredEvent | str | os.PathLike[str]] | str | os.PathLike[str],
    method: str | None = None,
    *,
    by: By | str | None = None,
    best: int | None = None,
    rank_on: RankOn | str | None = None,
    min_events: int = 0,
    min_boards: int = 0,
    aliases: Mapping[str, str] | None = None,
    **options: Any,
) -> Season:
    """One ranking over many events: each scored as :func:`pbnscore.score`
    scores it (``method``, else the event's default method, and the method's
    ``options``; a scored event is taken as it is), then :func:`combine` d.
    As on the command line, a folder (alone, or among the events) stands for
    the .pbn and .xml files in it and below, read in name order; a file's
    path is loaded. Season options by keyword: ``by`` (``player``, ``pair``,
    ``team``), ``best``, ``rank_on`` (``average``, ``total``),
    ``min_events``, ``min_boards``, ``aliases`` ({name: same as}).

    The package's ``pbnscore.season(...)`` is this function: the module is
    callable (see :class:`_CallableModule`)."""
    from pbnscore._scoring import default_method, score

    def scored(item: Event | ScoredEvent) -> ScoredEvent:
        if isinstance(item, ScoredEvent):
            return item
        return score(item, method or default_method(item), **options)

    return combine(
        (figures(scored(item)) for item in _season_events(events)),
        by=by,
        best=best,
        rank_on=rank_on,
        min_events=min_events,
        min_boards=min_boards,
        aliases=aliases,
    )


def _season_events(given: object) -> list[Event | ScoredEvent]:
    """The events :func:`season` was given, folders and files read."""
    from pbnscore._reading import load
    from pbnscore.batch import find
    from pbnscore.errors import wrong_type

    wanted = "events, files and folders (or one folder)"
    if isinstance(given, str | os.PathLike):
        given = [given]
    if not isinstance(given, Iterable) or isinstance(given, bytes | Event | ScoredEvent):
        raise wrong_type("pbnscore.season()", wanted, given)
    events: list[Event | ScoredEvent] = []
    for item in given:
        if isinstance(item, Event | ScoredEvent):
            events.append(item)
        elif isinstance(item, str | os.PathLike):
            events.extend(load(found) for found, _ in find([os.fspath(item)]))
        else:
            raise wrong_type("pbnscore.season()", wanted, item)
    return events


class _CallableModule(types.ModuleType):
    """This module, callable: ``pbnscore.season(...)`` is :func:`season`
    (the package offers the function under the module's name, as its
    documented API says), and ``pbnscore.season.combine`` and every other
    name here work as a module's do, with no import first."""

    def __call__(
        self,
        events: Iterable[Event | ScoredEvent | str | os.PathLike[str]] | str | os.PathLike[str],
        method: str | None = None,
        **options: Any,
    ) -> Season:
        return season(events, method, **options)


sys.modules[__name__].__class__ = _CallableModule
