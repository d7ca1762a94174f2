"""Many events' figures combined into one :class:`Season`: put in date
order, who is who decided, each participant ranked, the league tallied."""

from __future__ import annotations

import datetime as _dt
from collections.abc import Iterable, Mapping

from pbnscore._records import attrs
from pbnscore.errors import counted, shown
from pbnscore.model import ParticipantKind
from pbnscore.ranges import Range
from pbnscore.seasons._event_figures import (
    By,
    EventFigures,
    SeasonEvent,
    check,
    default_by,
    ranked_sides,
)
from pbnscore.seasons._league import LeagueMatch, LeagueRow, league_table
from pbnscore.seasons._names import name_key
from pbnscore.seasons._people import People
from pbnscore.seasons._ranking import Entry, RankOn, make_entries, rank_entries


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


# The season's numbers (docs/reference/bad-input.md): far past any real season.
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
    ordered, said = _nights(sorted(events, key=_date_order))
    by = By(by) if by is not None else default_by(ordered)
    for figures_ in ordered:
        check(figures_, by)
    best = None if best is None else int(BEST.checked("--best", best))
    min_events = int(MIN_EVENTS.checked("--min-events", min_events))
    min_boards = int(MIN_BOARDS.checked("--min-boards", min_boards))
    if rank_on is None:
        rank_on = RankOn.TOTAL if best is not None or by is By.TEAM else RankOn.AVERAGE
    rank_on = RankOn(rank_on)
    people = People(aliases or {})
    for number, figures_ in enumerate(ordered):
        for at, side in ranked_sides(figures_, by):
            for index, player in enumerate(side.players):
                people.see(player, figures_.event.source, (number, at, index))
    people.resolve()
    entries = make_entries(ordered, by, people, best)
    unnamed = [line for figures_ in ordered if (line := _unnamed_warning(figures_, by))]
    ranked: list[Entry] = []
    left_out: list[Entry] = []
    for entry in entries:
        # Who played no board in any event did not play (docs/reference/choices.md "Did not play").
        enough = entry.events >= min_events and entry.boards_played >= max(min_boards, 1)
        (ranked if enough else left_out).append(entry)
    return Season(
        by,
        rank_on,
        best,
        min_events,
        min_boards,
        tuple(figures_.event for figures_ in ordered),
        rank_entries(ranked, rank_on),
        tuple(sorted(left_out, key=lambda e: name_key(e.label))),
        league_table(ordered),
        tuple(
            LeagueMatch(number, match)
            for number, figures_ in enumerate(ordered, start=1)
            for match in figures_.matches
        ),
        (*said, *unnamed, *people.warnings()),
    )


def _nights(events: list[EventFigures]) -> tuple[list[EventFigures], list[str]]:
    """The events that are nights of the season, each once: a file of deals
    only (nobody played a board) is none, and a night given twice (a copy,
    a file renamed; the same results by content) counts once, the first in
    date and name order; one session given at two stages (every result of
    one among the other's: :func:`_one_session`) counts once, as the file
    with more results; a line says each left out."""
    kept: list[EventFigures] = []
    said: list[str] = []
    first: dict[str, str] = {}
    for figures_ in events:
        source = shown(figures_.event.source)
        if not figures_.played:
            said.append(f"{source}: warning: {NO_RESULTS}")
            continue
        if figures_.results:
            seen = first.setdefault(figures_.results, figures_.event.source)
            if seen != figures_.event.source:
                said.append(f"{source}: warning: the same results as {shown(seen)}: counted once")
                continue
        at = next((i for i, k in enumerate(kept) if _one_session(k, figures_)), None)
        if at is None:
            kept.append(figures_)
            continue
        if len(figures_.keys) > len(kept[at].keys):  # the fuller stage counts
            said.append(_same_session(kept[at], figures_))
            kept[at] = figures_
        else:
            said.append(_same_session(figures_, kept[at]))
    return kept, said


def _one_session(one: EventFigures, other: EventFigures) -> bool:
    """Whether ``one`` and ``other`` are one session at two stages: every
    result of one is among the other's, on the same date (where both say
    one): a scoring program's export taken while the tables still keyed
    scores, and the Bridgemate file they keyed them into."""
    dates = {one.event.date, other.event.date} - {None}
    if len(dates) > 1 or not one.keys or not other.keys:
        return False
    return one.keys <= other.keys or other.keys <= one.keys


def _same_session(earlier: EventFigures, later: EventFigures) -> str:
    source, kept = shown(earlier.event.source), shown(later.event.source)
    among = f"its {len(earlier.keys)} results are among the {len(later.keys)} there"
    return f"{source}: warning: the same session as {kept} ({among}): counted once, as {kept}"


NO_RESULTS = "no results (a file of deals only?): not a night of the season"


def _unnamed_warning(figures_: EventFigures, by: By) -> str | None:
    """A line where the event's pairs have no player names: a season by pair
    ranks each alone, by its number in that event (nothing says who played
    it in another); a season by player cannot rank them at all."""
    count = sum(
        not side.players
        for _, side in ranked_sides(figures_, by)
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


def _date_order(figures_: EventFigures) -> tuple[bool, _dt.date, str]:
    date = figures_.event.date
    return (date is None, date or _dt.date.min, figures_.event.source)
