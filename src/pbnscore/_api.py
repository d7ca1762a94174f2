"""What the package's ``__init__`` offers beyond the model's names: the
functions that need more than one part (a season reads files and scores
them). Kept out of ``__init__`` so that no module below imports the
package's ``__init__`` for them."""

from __future__ import annotations

import os
from typing import TYPE_CHECKING, Any

from pbnscore._reading import load

if TYPE_CHECKING:
    from collections.abc import Iterable
    from pathlib import Path

    from pbnscore.model import Event, ScoredEvent
    from pbnscore.season import Season


def season(
    events_or_paths: Iterable[Event | ScoredEvent | str | Path] | str | Path,
    method: str | None = None,
    **options: Any,
) -> Season:
    """One ranking over many events: each scored as :func:`score` scores it
    (``method``, else each event's default, and the method's ``options``),
    then combined. As on the command line, a folder (alone, or among the
    events) stands for the .pbn and .xml files in it and below, read in
    name order; a file's path is loaded. Season options by keyword:
    ``by`` (``player``, ``pair``, ``team``), ``best``, ``rank_on``
    (``average``, ``total``), ``min_events``, ``min_boards``, ``aliases``
    ({name: same as}). See :mod:`pbnscore.season`."""
    from pbnscore.season import season as combined

    return combined(_season_events(events_or_paths), method, **options)


def _season_events(given: object) -> list[Event | ScoredEvent]:
    """The events :func:`season` was given, folders and files read."""
    from collections.abc import Iterable

    from pbnscore.batch import find
    from pbnscore.errors import wrong_type
    from pbnscore.model import Event, ScoredEvent

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
