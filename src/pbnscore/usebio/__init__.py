"""USEBIO 1.0–1.2 results files: read them into the model, write scored
events back.

>>> from pbnscore import usebio
>>> event = usebio.load("night.xml")          # doctest: +SKIP
>>> xml = usebio.dumps(scored)                # doctest: +SKIP
>>> for problem in usebio.check(data, source="night.xml"):  # doctest: +SKIP
...     print(problem)                         # night.xml:13: SCORE '12x' is ...

``loads``/``load`` are strict: the first problem raises. ``check`` reads
leniently: a traveller line, board, participant or match that cannot be
read is a problem (the message ``loads`` would raise) and is skipped; then
``pbnscore.validate``'s checks of the whole event run on what was read.
A document that is not XML or not USEBIO is one problem.

Reading is safe by construction: one lxml parser that never expands
entities, loads a DTD or touches the network; documents that declare or use
entities are refused. Every problem is a :class:`pbnscore.UsebioError`
printed as ``file:line: message``.

Writing a scored USEBIO input keeps every element, attribute, text and
comment the method does not own, in order, and sets or inserts only the
method's own (event type, board datum, traveller points, totals and
places); PBN input is written as a new USEBIO event.

A module's name says which side uses it: ``_reader`` and its parts
``_read_*``, ``_writer`` and its parts ``_write_*``, and ``_read_write_*``
for what both use (the XML intake, the texts read as values, USEBIO's
spellings).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from pbnscore._face import File, check_options, read_file, write_file
from pbnscore._gc import gc_paused
from pbnscore._kinds import TypedDict
from pbnscore.errors import TOO_MANY, Problem, TooManyProblems, UsebioError, check_data
from pbnscore.model import Event, ScoredEvent, check_event
from pbnscore.usebio._read_checks import strict_read_warnings, tree_problems
from pbnscore.usebio._read_write_intake import PARSER
from pbnscore.usebio._reader import read

if TYPE_CHECKING:
    from typing import Unpack

    from pbnscore.usebio._write_profiles import PROFILES

__all__ = [
    "PARSER",
    "PROFILES",
    "ReadOptions",
    "WriteOptions",
    "check",
    "dump",
    "dumps",
    "load",
    "loads",
    "read_leniently",
    "strict_read_warnings",
    "tree_problems",
]


class ReadOptions(TypedDict, total=False):
    """USEBIO's reading options (keywords of :func:`load` and :func:`loads`),
    PBN's: one reader contract.

    ``strict`` (default True): raise at the first problem of the file; False
    reads what can be read (a bad line, board, participant or match is
    skipped), as ``check`` does. ``warnings``: a list the reader's warnings
    are added to. A strict read adds none: what only a lenient read warns of
    is :func:`strict_read_warnings`' (``pbnscore score`` prints it)."""

    strict: bool
    warnings: list[Problem] | None


class WriteOptions(TypedDict, total=False):
    """USEBIO's writing options (keywords of :func:`dumps` and :func:`dump`).

    ``dialect`` (default ``standard``) names the reader the file is for (see
    ``PROFILES`` and docs/reference/usebio-out.md): ``standard`` keeps the input's style and
    layout; ``cobalt`` and ``ukbridge`` write what those readers need, and
    raise :class:`pbnscore.errors.ProfileError` for an event the reader
    cannot take. ``types`` "old" or "new" forces the EVENT_TYPE style of
    ``standard``; by default the input's style is kept (PBN input: new).

    The input's percentages and master points (figures of its own ranking)
    are dropped from every participant the method ranks where the new places
    contradict them, unless ``keep_awards``; ``warn`` is given one line
    saying so (docs/reference/usebio-out.md "Master points and
    percentages")."""

    types: str | None
    dialect: str
    keep_awards: bool
    warn: Callable[[str], None] | None


def loads(data: bytes | str, *, source: str = "<string>", **options: Unpack[ReadOptions]) -> Event:
    """Read an event from the bytes (or text) of a USEBIO file; ``source``
    names it in messages. Options: :class:`ReadOptions`. A lenient read
    raises where nothing could be read, or where it stopped at the cap on
    problems (the event it read is only part of the file)."""
    check_data("pbnscore.usebio.loads()", data)
    check_options("pbnscore.usebio.loads()", options, ReadOptions.__annotations__)
    if options.get("strict", True):
        with gc_paused():
            return read(data, source)
    event, problems = read_leniently(data, source=source)
    warnings = options.get("warnings")
    if warnings is not None:
        warnings.extend(problem for problem in problems if problem.severity == "warning")
    if event is None or (problems and problems[-1].message == TOO_MANY):
        last = problems[-1] if problems else Problem("no event could be read", source)
        raise UsebioError(last.message, source=source, line=last.line)
    return event


def load(path_or_file: File, *, source: str | None = None, **options: Unpack[ReadOptions]) -> Event:
    """Read an event from a USEBIO file, given by path or as an open file;
    ``source`` names it in messages (default: its path or name). Options:
    :class:`ReadOptions`."""
    check_options("pbnscore.usebio.load()", options, ReadOptions.__annotations__)
    with gc_paused():
        data, name = read_file("pbnscore.usebio.load()", path_or_file, source)
        return read(data, name)


def read_leniently(
    data: bytes | str, *, source: str = "<string>"
) -> tuple[Event | None, list[Problem]]:
    """The event as far as it can be read, and every problem met reading it
    (a bad line, board, participant or match is reported and skipped); no
    event where the document cannot be read at all. For ``pbnscore check``."""
    with gc_paused():
        problems: list[Problem] = []
        try:
            return read(data, source, problems), problems
        except UsebioError as exc:  # not XML, not USEBIO, refused: nothing more to read
            problems.append(Problem(exc.message, exc.source or source, exc.line))
        except TooManyProblems:
            pass  # the last problem says so
        return None, problems


def check(data: bytes | str, *, source: str = "<string>") -> list[Problem]:
    """Every problem the reader finds in USEBIO ``data``, in line order; empty
    when clean. :func:`pbnscore.validate.check_bytes` adds the whole event's."""
    problems = read_leniently(data, source=source)[1]
    return sorted(problems, key=lambda p: (p.line is None, p.line or 0))


def dumps(obj: ScoredEvent | Event, **options: Unpack[WriteOptions]) -> bytes:
    """A USEBIO 1.2 document (UTF-8, with an XML declaration) for a scored
    event, or for a plain event without scores. Options:
    :class:`WriteOptions`."""
    check_event("pbnscore.usebio.dumps()", obj)
    check_options("pbnscore.usebio.dumps()", options, WriteOptions.__annotations__)
    from pbnscore.usebio._writer import write  # not at import: a read needs no writer

    with gc_paused():
        return write(obj, **options)


def dump(obj: ScoredEvent | Event, fp: File, **options: Unpack[WriteOptions]) -> None:
    """Write :func:`dumps` to a path (whole or not at all) or a file open
    for binary writing."""
    check_options("pbnscore.usebio.dump()", options, WriteOptions.__annotations__)
    write_file("pbnscore.usebio.dump()", dumps(obj, **options), fp)


def __getattr__(name: str) -> object:
    # The writer's profiles when first asked for: a read, or a JSON report of
    # a USEBIO file, imports no writer (start-up, docs/internals/speed.md).
    if name == "PROFILES":
        from pbnscore.usebio._write_profiles import PROFILES

        return PROFILES
    raise AttributeError(f"module 'pbnscore.usebio' has no attribute {name!r}")
