"""The season ranking: each participant's events summed into an
:class:`Entry`, the best N counted, and the entries ranked."""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Hashable, Iterable, Mapping, Sequence
from fractions import Fraction
from typing import Any

from pbnscore._kinds import Enum
from pbnscore._records import attrs
from pbnscore.figures import points_text
from pbnscore.model import Points, TotalOverBoards
from pbnscore.seasons._event_figures import By, EventFigures, Side, ranked_sides
from pbnscore.seasons._names import name_key
from pbnscore.seasons._people import People, Person


class RankOn(Enum):
    """What a season ranks on: the average per board or the total."""

    AVERAGE = "average"  # total per board played (of the events counted)
    TOTAL = "total"


@attrs.frozen
class Figure(TotalOverBoards):
    """A participant's result in one event (its ``ranked_total`` is what
    the season adds up)."""

    total: Points
    boards: int
    factored: Points | None = None  # with --factor: the total scaled as the event ranked it
    normalised: Points | None = None  # with butler --normalised: what the event ranked on


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
        """The total of the events counted (each as its event ranked on it:
        factored, or normalised, where it was)."""
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


def make_entries(
    ordered: Sequence[EventFigures], by: By, people: People, best: int | None
) -> list[Entry]:
    """One entry per participant, its figures summed per event (a pair
    playing two sessions of one event has one figure for it)."""
    sums: dict[Hashable, dict[int, list[Any]]] = defaultdict(dict)
    players: dict[Hashable, tuple[Person, ...]] = {}
    teams: dict[Hashable, Counter[str]] = defaultdict(Counter)
    sides: dict[Hashable, list[tuple[int, int]]] = defaultdict(list)
    numbered: dict[Hashable, str] = {}
    for number, figures_ in enumerate(ordered):
        for at, side in ranked_sides(figures_, by):
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
                figure = sums[key].setdefault(number, [Fraction(0), 0, None, None])
                figure[0] += side.total
                figure[1] += side.boards
                if side.factored is not None:
                    figure[2] = (figure[2] or 0) + side.factored
                if side.normalised is not None:
                    figure[3] = (figure[3] or 0) + side.normalised
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


def rank_entries(entries: Sequence[Entry], rank_on: RankOn) -> tuple[Entry, ...]:
    """Best first; equal figures share the better rank (names order them)."""

    def figure(entry: Entry) -> Points:
        # An average is ranked as it is shown (two decimals, figures.py):
        # two players shown 0.89 share a place (docs/reference/season.md).
        if rank_on is RankOn.AVERAGE:
            return Fraction(points_text(entry.average))
        return entry.total

    ordered = sorted(entries, key=lambda e: (-figure(e), name_key(e.label), e.label))
    places = places_of([figure(e) for e in ordered])
    return tuple(
        attrs.evolve(entry, rank=rank, tied=tied)
        for entry, (rank, tied) in zip(ordered, places, strict=True)
    )


def places_of(values: Sequence[Points]) -> list[tuple[int, bool]]:
    """(rank, tied) for values sorted best first: equal values share the
    better rank, as in every standings of the project."""
    counts = Counter(values)
    places: list[tuple[int, bool]] = []
    for at, value in enumerate(values):
        shared = at > 0 and values[at - 1] == value
        places.append((places[-1][0] if shared else at + 1, counts[value] > 1))
    return places
