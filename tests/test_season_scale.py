"""A season grows in proportion to its events, where every player is new
(docs/reference/bad-input.md "A season grows with its events"): memory is
compared at two sizes with tracemalloc, which counts allocations, not
time, so a busy machine cannot move it."""

from __future__ import annotations

import datetime
import tracemalloc
from collections.abc import Callable
from functools import cache
from pathlib import Path

import attrs
import pytest

import pbnscore
from pbnscore.model import Player
from pbnscore.report import season as report
from pbnscore.seasons import EventFigures, Season, combine, figures

NIGHT = Path(__file__).parent.parent / "fixtures" / "season" / "club" / "jan05.pbn"


@cache
def _night() -> EventFigures:
    return figures(pbnscore.score(pbnscore.load(NIGHT)))


def _new_players(number: int) -> EventFigures:
    """The night again as event ``number``: a day later, every player new."""
    night = _night()
    sides = tuple(
        attrs.evolve(side, players=tuple(Player(f"P{number}-{at}-{seat}") for seat in range(2)))
        for at, side in enumerate(night.sides)
    )
    about = attrs.evolve(
        night.event,
        source=f"night-{number}.pbn",
        date=datetime.date(2020, 1, 1) + datetime.timedelta(days=number),
    )
    # Another night: its own results (else counted once, as a copy of the first).
    return attrs.evolve(night, event=about, sides=sides, results=f"{night.results}-{number}")


def _peak(task: Callable[[], object]) -> int:
    """The peak memory of ``task``'s second run: the first pays what is made
    once (a module imported, a pattern compiled, on first use), which is no
    part of how memory grows with the events; CI's run on the newest Python
    once measured 5 MB of it at 240 events."""
    task()
    tracemalloc.start()
    try:
        task()
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


@cache
def _events(count: int) -> tuple[EventFigures, ...]:
    return tuple(_new_players(n) for n in range(count))


@cache
def _season(count: int) -> Season:
    """The season of ``count`` nights, combined once for every format's test."""
    return combine(list(_events(count)))


@pytest.mark.parametrize("to", ["combine", *report.FORMATS])
def test_memory_grows_with_the_events_not_their_square(
    monkeypatch: pytest.MonkeyPatch, to: str
) -> None:
    """Four times the events (and so the players): under eight times the
    peak memory, for the ranking and for every format written of it, each
    measured on its own (a row per participant with a cell per event made
    a format's sixteen)."""
    monkeypatch.setattr(report, "GRID_CELLS", 1_000, raising=False)  # a list at both sizes

    def season(count: int) -> Callable[[], object]:
        if to == "combine":
            events = list(_events(count))
            return lambda: combine(events)
        combined = _season(count)
        return lambda: report.render(combined, to)

    small, large = _peak(season(60)), _peak(season(240))
    assert large < 8 * small, (small, large)


def test_a_small_season_keeps_its_grid() -> None:
    """Under the cap the grid is laid out, a column per event."""
    season = combine([_new_players(n) for n in range(3)])
    grid = report.build(season).grid
    assert grid is not None and len(grid.columns) == 4


def test_a_large_season_lists_each_one_s_events(monkeypatch: pytest.MonkeyPatch) -> None:
    """Over the cap, each participant's events are listed, said in a note."""
    monkeypatch.setattr(report, "GRID_CELLS", 10)
    season = combine([_new_players(n) for n in range(3)])
    grid = report.build(season).grid
    assert grid is not None and [c.title for c in grid.columns] == ["Pair", "Events played"]
    assert grid.note is not None and "too many for a grid" in grid.note
    assert all(row[1].startswith("#") for row in grid.rows)


def test_each_participant_holds_only_the_events_it_played() -> None:
    """The ranking keeps a figure per event played, not a cell per event of
    the season: as many figures in all as the events' standings."""
    events = [_new_players(n) for n in range(40)]
    season = combine(events)
    entries = [*season.ranking, *season.unranked]
    assert sum(len(entry.figures) for entry in entries) == sum(len(e.sides) for e in events)
