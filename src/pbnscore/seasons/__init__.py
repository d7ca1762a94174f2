"""Many scored events -> one ranking: a season of club nights, a league.

Each event is scored on its own (exactly as :func:`pbnscore.score` scores
it) and boiled down to an :class:`EventFigures`: who played, their total and
boards. :func:`combine` then decides who is who across the events and ranks
them. Nothing here reads a file: the events come in as the model, so a
season can mix PBN and USEBIO files, or events built in Python.

Who is who (docs/reference/season.md "Who is who"):

- A player is their national id where an event gives one, else their name
  compared by :func:`name_key` (case, accents, spacing, punctuation and
  initials normalised; "Surname, Given" turned round).
- A name without an id is taken to be the player with an id of that name
  when exactly one has it; when two ids share the name it stays apart.
  Either way, and where differently spelt names without ids are merged, the
  season says so in :attr:`Season.warnings` (a line per merge); an alias
  (``name,same_as``) settles a name, silencing its warning.
- A pair is the unordered pair of its players; a team is its name.

:func:`season` is also the package's ``pbnscore.season`` (it takes paths
too) and :class:`Season` its ``pbnscore.Season``; the other names are
``from pbnscore.seasons import ...``.

The parts, one job each: :mod:`._event_figures` (one event boiled down),
:mod:`._names` (name keys and aliases), :mod:`._people` (who is who),
:mod:`._ranking` (entries ranked), :mod:`._league` (a teams league table)
and :mod:`._combine` (the season made of them).
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Mapping
from typing import Any

from pbnscore.model import Event, ScoredEvent
from pbnscore.seasons._combine import BEST as BEST
from pbnscore.seasons._combine import MIN_BOARDS as MIN_BOARDS
from pbnscore.seasons._combine import MIN_EVENTS as MIN_EVENTS
from pbnscore.seasons._combine import Season, combine
from pbnscore.seasons._event_figures import (
    By,
    EventFigures,
    SeasonEvent,
    check,
    default_by,
    figures,
)
from pbnscore.seasons._event_figures import MatchFigures as MatchFigures
from pbnscore.seasons._event_figures import Side as Side
from pbnscore.seasons._league import LeagueMatch as LeagueMatch
from pbnscore.seasons._league import LeagueRow
from pbnscore.seasons._names import name_key, read_aliases
from pbnscore.seasons._people import Person
from pbnscore.seasons._ranking import Entry, RankOn
from pbnscore.seasons._ranking import Figure as Figure

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

    The package offers it as ``pbnscore.season(...)``."""
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
