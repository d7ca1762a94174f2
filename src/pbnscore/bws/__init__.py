"""Bridgemate's BWS files: the Access database Bridgemate Control Software
writes every entry at the tables into, read into the model.

>>> from pbnscore import bws
>>> event = bws.load("tonight.bws")              # doctest: +SKIP
>>> bws.progress(data)                           # doctest: +SKIP
Progress(results=312, scheduled=384, round=7, rounds=8)

Reading needs the ``bws`` extra (docs/howto/install.md "Extras": the
pure-Python Access reader access-parser); without it a BWS is one
:class:`~pbnscore.errors.ParseError` naming that command. A BWS is read,
never written: a scored night is written as USEBIO, PBN or a report.

The reader is two parts with a seam between them: an Access library's
tables as rows of text (:mod:`pbnscore.bws._access`), and rows into the
model (:mod:`pbnscore.bws._build`); :func:`read_tables` reads rows given
some other way (a night exported as CSV, a test's rows).
"""

from __future__ import annotations

from pathlib import PurePath
from typing import TYPE_CHECKING, TypedDict

from pbnscore._face import File, check_options, read_file
from pbnscore._records import attrs
from pbnscore.bws._access import INSTALL, AccessTables, is_access
from pbnscore.bws._build import Progress
from pbnscore.bws._build import progress as _progress
from pbnscore.bws._build import read as _read
from pbnscore.bws._rows import MemoryTables, Row, Tables, csv_tables
from pbnscore.errors import ParseError, Problem, check_data
from pbnscore.model import Event

if TYPE_CHECKING:
    from typing import Unpack

__all__ = [
    "INSTALL",
    "MemoryTables",
    "Progress",
    "ReadOptions",
    "Row",
    "Tables",
    "csv_tables",
    "is_access",
    "load",
    "loads",
    "progress",
    "provisional",
    "read_leniently",
    "read_tables",
]


class ReadOptions(TypedDict, total=False):
    """BWS's reading options (keywords of :func:`load` and :func:`loads`).

    ``warnings``: a list the reader's warnings are added to (a table it
    could not read, an arbitral score not yet decided, a declarer's seat
    that contradicts the declaring pair ...)."""

    warnings: list[Problem] | None


def _bytes(data: bytes | str, source: str) -> bytes:
    if isinstance(data, str):
        raise ParseError("a BWS file is a database: read it as bytes, not text", source=source)
    return data


def read_tables(
    tables: Tables, *, source: str = "<tables>", warnings: list[Problem] | None = None
) -> Event:
    """The night in ``tables`` (rows by table: a database's, or
    :class:`MemoryTables`, :func:`csv_tables`); strict: a row that cannot be
    read raises :class:`~pbnscore.errors.ParseError`. Warnings go to
    ``warnings``."""
    event, problems = _read(tables, source, True)
    if warnings is not None:
        warnings.extend(problems)
    return event


def loads(data: bytes | str, *, source: str = "<string>", **options: Unpack[ReadOptions]) -> Event:
    """Read a night from the bytes of a BWS file; ``source`` names it in
    messages. Options: :class:`ReadOptions`."""
    check_data("pbnscore.bws.loads()", data)
    check_options("pbnscore.bws.loads()", options, ReadOptions.__annotations__)
    tables = AccessTables(_bytes(data, source), source)
    return read_tables(tables, source=source, warnings=options.get("warnings"))


def load(path_or_file: File, *, source: str | None = None, **options: Unpack[ReadOptions]) -> Event:
    """Read a night from a BWS file, given by path or as an open binary
    file; ``source`` names it in messages (default: its path or name).
    The file is read whole, once, and the copy parsed. Options:
    :class:`ReadOptions`."""
    check_options("pbnscore.bws.load()", options, ReadOptions.__annotations__)
    data, name = read_file("pbnscore.bws.load()", path_or_file, source)
    return loads(data, source=name, **options)


def read_leniently(
    data: bytes | str, *, source: str = "<string>"
) -> tuple[Event | None, list[Problem]]:
    """The night as far as it can be read, and every problem met (a row
    that cannot be read is reported and left out); no event where the file
    cannot be read at all. For ``pbnscore check``."""
    try:
        tables = AccessTables(_bytes(data, source), source)
        return _read(tables, source, False)
    except ParseError as exc:
        return None, [Problem(exc.message, source, exc.line)]


def provisional(event: Event, progress: Progress) -> Event:
    """``event`` titled provisional where ``progress`` says results are still
    to come: "provisional: 312 of 384 results in; round 7 of 8 under way"."""
    if progress.complete or not progress.scheduled:
        return event
    status = f"provisional: {progress.results} of {progress.scheduled} results in"
    if progress.round is not None:
        status += f"; round {progress.round} of {progress.rounds} under way"
    # Untitled, a night's pages name it by its file's base name (as the
    # reports do): so here, that the name stays when the pages become final.
    title = event.title or PurePath(event.source.name).name or event.source.name
    return attrs.evolve(event, title=f"{title} ({status})")


def progress(data: bytes, *, source: str = "<string>") -> Progress:
    """How far the night in a BWS file's bytes has got: results in against
    the results its movement schedules, and the round under way."""
    return _progress(AccessTables(_bytes(data, source), source))
