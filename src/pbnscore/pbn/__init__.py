"""PBN (Portable Bridge Notation, 1.0-2.1) results files: read them into the
model, write scored events back (``dumps``/``dump``: a PBN input comes back
as itself plus the scores; see ``_writer``).

>>> from pbnscore import pbn
>>> event = pbn.load("night.pbn")                   # doctest: +SKIP
>>> for problem in pbn.check(data, source="night.pbn"):  # doctest: +SKIP
...     print(problem)                             # night.pbn:12: ...

``loads``/``load`` are strict: a file that breaks the standard where it
matters (a tag pair that does not close, a table row short of elements, a
contract that does not parse ...) raises :class:`~pbnscore.errors.PbnError`
("file:line: message") at the first such problem. ``strict=False`` reads what
can be read. ``check`` reads leniently and returns every problem of the
format found, errors and warnings (a row short of elements, an unknown
column ...), one line each; ``pbnscore.validate`` adds what needs the whole
event (a score that disagrees with its contract, a pair in two results ...).

What is read, and the conventions chosen where PBN is silent, are described
in ``_reader`` (games), ``_read_write_tables`` (ScoreTable, TotalScoreTable),
``_read_write_pairs`` (Mitchell or Howell), ``_read_teams`` (matches and who
sat where) and ``_read_write_lexer`` (encodings, tokens).

A module's name says which side uses it: ``_reader`` and its parts
``_read_*``, ``_writer`` and its parts ``_write_*``, and ``_read_write_*``
for what both use (the lexer, games, tables, deals, pair numbers).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, TypedDict

from pbnscore._face import File, check_options, read_file, write_file
from pbnscore._gc import gc_paused
from pbnscore.errors import TOO_MANY, PbnError, Problem, check_data
from pbnscore.model import Event, ScoredEvent, check_event
from pbnscore.pbn._reader import read
from pbnscore.pbn._writer import write

if TYPE_CHECKING:
    from typing import Unpack

__all__ = [
    "ReadOptions",
    "WriteOptions",
    "check",
    "dump",
    "dumps",
    "load",
    "loads",
    "read_leniently",
]


class ReadOptions(TypedDict, total=False):
    """PBN's reading options (keywords of :func:`load` and :func:`loads`).

    ``strict`` (default True): raise at the first problem of the format;
    False reads what can be read. ``warnings``: a list the reader's warnings
    (a Dealer that is no seat ...) are added to."""

    strict: bool
    warnings: list[Problem] | None


class WriteOptions(TypedDict, total=False):
    """PBN's writing options (the output follows the input). ``warn`` is
    given one line for what the output keeps that PBN does not allow: a PBN
    input's lines over 255 characters (§2.3), written back as they were; the
    matches of a teams event's several sessions, read back as one."""

    warn: Callable[[str], None] | None


def loads(data: bytes | str, *, source: str = "<string>", **options: Unpack[ReadOptions]) -> Event:
    """The event in PBN ``data`` (bytes are decoded: a BOM, the declared
    charset, UTF-8, else Latin-1); ``source`` names it in messages. Options:
    :class:`ReadOptions`. A lenient read that stops at the cap on problems
    raises: the event it read is only part of the file."""
    check_data("pbnscore.pbn.loads()", data)
    check_options("pbnscore.pbn.loads()", options, ReadOptions.__annotations__)
    strict = options.get("strict", True)
    warnings = options.get("warnings")
    with gc_paused():
        event, problems = read(data, source, strict)
        if warnings is not None:
            warnings.extend(problem for problem in problems if problem.severity == "warning")
        if not strict and problems and problems[-1].message == TOO_MANY:
            raise PbnError(TOO_MANY, source=source, line=problems[-1].line)
        return event


def load(path_or_file: File, *, source: str | None = None, **options: Unpack[ReadOptions]) -> Event:
    """The event in a PBN file, given by path or as an open file (binary or
    text); ``source`` names it in messages (default: its path or name).
    Options: :class:`ReadOptions`."""
    check_options("pbnscore.pbn.load()", options, ReadOptions.__annotations__)
    with gc_paused():
        data, name = read_file("pbnscore.pbn.load()", path_or_file, source)
        return loads(data, source=name, **options)


def read_leniently(
    data: bytes | str, *, source: str = "<string>"
) -> tuple[Event | None, list[Problem]]:
    """The event as far as it can be read, and every problem met reading it,
    in the order found. For ``pbnscore check``."""
    with gc_paused():
        try:
            return read(data, source, strict=False)
        except PbnError as exc:  # no PBN file at all: nothing more to read
            return None, [Problem(exc.message, exc.source or source, exc.line)]


def check(data: bytes | str, *, source: str = "<string>") -> list[Problem]:
    """Every problem the reader finds in PBN ``data``, in the order found; empty
    when clean. :func:`pbnscore.validate.check_bytes` adds the whole event's."""
    return read_leniently(data, source=source)[1]


def dumps(obj: ScoredEvent | Event, **options: Unpack[WriteOptions]) -> bytes:
    """PBN 2.1 for a scored event (or a plain one). A PBN input comes back
    as itself plus the scores, in its own encoding and line ends; any other
    event is written as PBN games (ISO-8859-1 where every character fits,
    else UTF-8, CRLF line ends). Options: :class:`WriteOptions`."""
    check_event("pbnscore.pbn.dumps()", obj)
    check_options("pbnscore.pbn.dumps()", options, WriteOptions.__annotations__)
    with gc_paused():
        return write(obj, options.get("warn"))


def dump(obj: ScoredEvent | Event, fp: File, **options: Unpack[WriteOptions]) -> None:
    """Write :func:`dumps` to a path (whole or not at all) or a file open
    for binary writing."""
    check_options("pbnscore.pbn.dump()", options, WriteOptions.__annotations__)
    write_file("pbnscore.pbn.dump()", dumps(obj, **options), fp)
