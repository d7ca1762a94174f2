"""pbnscore: read PBN and USEBIO bridge results, score them with IMP methods,
write USEBIO, JSON, text or HTML.

>>> import pbnscore
>>> event = pbnscore.load("night.xml")                       # doctest: +SKIP
>>> scored = pbnscore.score(event, "butler", datum="zero-sum", double=True)  # doctest: +SKIP
>>> xml = pbnscore.usebio.dumps(scored)                      # doctest: +SKIP
"""

from __future__ import annotations

import os
import sys
import types
from importlib import import_module

from pbnscore._gc import gc_paused

# Not typing.TYPE_CHECKING: typing takes longer to import than the rest of
# ``pbnscore --version`` (mypy knows the name either way).
TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Iterable, Mapping
    from pathlib import Path
    from typing import Any, BinaryIO

    from pbnscore.errors import (
        OptionError,
        ParseError,
        PbnError,
        PbnscoreError,
        Problem,
        ProfileError,
        ScoringError,
        UnknownMethodError,
        UsebioError,
    )
    from pbnscore.model import Event, EventKind, ScoredEvent
    from pbnscore.season import Season

__version__ = "0.1.0"

__all__ = [
    "Event",
    "EventKind",
    "OptionError",
    "ParseError",
    "PbnError",
    "PbnscoreError",
    "ProfileError",
    "ScoredEvent",
    "ScoringError",
    "Season",
    "UnknownMethodError",
    "UsebioError",
    "__version__",
    "default_method",
    "detect_format",
    "load",
    "loads",
    "pbn",
    "report",
    "score",
    "season",
    "usebio",
]


# The public classes, imported when first asked for: ``pbnscore --version``
# (see __main__) then imports neither attrs nor the model.
_LAZY = {
    **dict.fromkeys(
        ("OptionError", "ParseError", "PbnError", "PbnscoreError", "ProfileError",
         "ScoringError", "UnknownMethodError", "UsebioError"),
        "pbnscore.errors",
    ),
    **dict.fromkeys(("Event", "EventKind", "ScoredEvent"), "pbnscore.model"),
    "Season": "pbnscore.season",
}  # fmt: skip


class _Package(types.ModuleType):
    """This package. The first import of the submodule ``pbnscore.season``
    binds it here under its name (the import system does so), which was
    harmless while this file imported it before defining the function
    :func:`season`; imported lazily it would hide the function."""

    def __setattr__(self, name: str, value: object) -> None:
        if name == "season" and isinstance(value, types.ModuleType):
            return
        super().__setattr__(name, value)


sys.modules[__name__].__class__ = _Package


def __getattr__(name: str) -> Any:
    # `pbnscore.usebio`, `.pbn` and `.report` without importing lxml at start-up.
    if name in ("usebio", "pbn", "report"):
        return import_module(f"pbnscore.{name}")
    if name in _LAZY:
        value = getattr(import_module(_LAZY[name]), name)
        globals()[name] = value
        return value
    raise AttributeError(f"module 'pbnscore' has no attribute {name!r}")


def detect_format(data: bytes, name: str = "") -> str:
    """'pbn' or 'usebio': from the file extension, else from the content."""
    suffix = os.path.splitext(name)[1].lower()  # os.path: pathlib is slow to import
    if suffix == ".pbn":
        return "pbn"
    if suffix == ".xml":
        return "usebio"
    head = data[:512].lstrip(b"\xef\xbb\xbf \t\r\n")
    return "usebio" if head.startswith(b"<") else "pbn"


def loads(
    data: bytes,
    *,
    source: str = "<string>",
    format: str | None = None,
    warnings: list[Problem] | None = None,
) -> Event:
    """Read an event from the bytes of a PBN or USEBIO file; the reader's
    warnings (PBN's: a strict USEBIO read keeps none) go to ``warnings``."""
    from pbnscore.errors import check_data

    check_data("pbnscore.loads()", data)
    fmt = format or detect_format(data, source)
    reader = import_module(f"pbnscore.{fmt}")
    found = {"warnings": warnings} if fmt == "pbn" and warnings is not None else {}
    event: Event = reader.loads(data, source=source, **found)
    return event


def load(path_or_file: str | Path | BinaryIO, *, format: str | None = None) -> Event:
    """Read an event from a PBN (.pbn) or USEBIO (.xml) file, by path or open
    (binary)."""
    from pbnscore.errors import check_path_or_file

    check_path_or_file("pbnscore.load()", path_or_file)
    if isinstance(path_or_file, str | os.PathLike):
        with open(path_or_file, "rb") as file:
            data = file.read()
        return loads(data, source=os.fspath(path_or_file), format=format)
    name = getattr(path_or_file, "name", None)
    source = name if isinstance(name, str) else "<file>"
    return loads(path_or_file.read(), source=source, format=format)


def default_method(event: Event) -> str:
    """``aggregate`` for a teams event, ``butler`` for anything else."""
    from pbnscore.model import EventKind

    return "aggregate" if event.kind is EventKind.TEAMS else "butler"


def score(event: Event, method: str | None = None, **options: Any) -> ScoredEvent:
    """Score ``event`` with a registered method; options by field name
    (``datum="zero-sum"``, ``double=True``). The event is not changed.

    An :class:`OptionError` where an option is not the method's, has a value
    outside its choices (they are listed) or does nothing under the others."""
    from pbnscore.errors import wrong_type
    from pbnscore.model import Event

    if not isinstance(event, Event):
        raise wrong_type("pbnscore.score()", "an Event (from pbnscore.load)", event)
    with gc_paused():
        from pbnscore import registry
        from pbnscore.registry import running

        strategy, parsed = prepare(event, method, options)
        with running(strategy.name):
            scored: ScoredEvent = strategy.score(event, parsed)
        _check_scored(strategy.name, event, scored)
        from pbnscore.strategies._base import said_own_scoring, said_who_did_not_play

        scored = said_own_scoring(scored, registry.entries())
        return said_who_did_not_play(scored)


def _check_scored(method: str, event: Event, scored: ScoredEvent) -> None:
    """A method (plug-ins too) that scored no participant of an event with
    real results has failed, whatever its table of zeros says."""
    if not scored.standings or any(standing.boards for standing in scored.standings):
        return
    boards = (
        board
        for session in event.sessions
        for held in (*(s.boards for s in session.sections), *(m.boards for m in session.matches))
        for board in held
    )
    if any(result.is_real for board in boards for result in board.results):
        from pbnscore.errors import ScoringError

        raise ScoringError(f"{method} scored no participant on any board")


def prepare(event: Event, method: str | None, options: Mapping[str, Any]) -> tuple[Any, Any]:
    """The method's strategy and its checked options, as :func:`score` and
    :func:`pbnscore.explain.explain` use them."""
    from pbnscore import registry
    from pbnscore.strategies._base import checked_options

    strategy = registry.get(method or default_method(event))
    parsed = checked_options(strategy, options)
    return strategy(), parsed


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
