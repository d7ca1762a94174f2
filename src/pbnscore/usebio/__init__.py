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
"""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import BinaryIO

from pbnscore._gc import gc_paused
from pbnscore.errors import Problem, UsebioError, check_data, check_path_or_file
from pbnscore.model import Event, ScoredEvent, check_event
from pbnscore.usebio._checks import strict_read_warnings, tree_problems
from pbnscore.usebio._profiles import PROFILES
from pbnscore.usebio._reader import PARSER, TooManyProblems, read
from pbnscore.usebio._writer import write

__all__ = [
    "PARSER",
    "PROFILES",
    "check",
    "dump",
    "dumps",
    "load",
    "loads",
    "read_leniently",
    "strict_read_warnings",
    "tree_problems",
]


def loads(data: bytes | str, *, source: str = "<string>") -> Event:
    """Read an event from the bytes (or text) of a USEBIO file."""
    check_data("pbnscore.usebio.loads()", data)
    with gc_paused():
        return read(data, source)


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


def load(file: str | os.PathLike[str] | BinaryIO) -> Event:
    """Read an event from a USEBIO file path or binary file object."""
    check_path_or_file("pbnscore.usebio.load()", file)
    with gc_paused():
        if isinstance(file, (str, os.PathLike)):
            with open(file, "rb") as handle:
                return read(handle.read(), os.fspath(file))
        name = getattr(file, "name", None)
        return read(file.read(), name if isinstance(name, str) else "<stream>")


def dumps(
    obj: ScoredEvent | Event,
    *,
    types: str | None = None,
    dialect: str = "standard",
    keep_awards: bool = False,
    warn: Callable[[str], None] | None = None,
) -> bytes:
    """A USEBIO 1.2 document (UTF-8, with an XML declaration) for a scored
    event, or for a plain event without scores.

    ``dialect`` names the reader the file is for (see ``PROFILES`` and the
    README): ``standard`` keeps the input's style and layout; ``cobalt`` and
    ``ukbridge`` write what those readers need, and raise
    :class:`pbnscore.errors.ProfileError` for an event the reader cannot
    take. ``types`` "old" or "new" forces the EVENT_TYPE style of
    ``standard``; by default the input's style is kept (PBN input: new).

    The input's percentages and master points (figures of its own ranking)
    are dropped from every participant the method ranks where the new
    places contradict them, unless ``keep_awards``; ``warn`` is given one
    line saying so (README "Master points and percentages")."""
    check_event("pbnscore.usebio.dumps()", obj)
    with gc_paused():
        return write(obj, types=types, dialect=dialect, keep_awards=keep_awards, warn=warn)


def dump(
    obj: ScoredEvent | Event,
    fp: BinaryIO,
    *,
    types: str | None = None,
    dialect: str = "standard",
    keep_awards: bool = False,
    warn: Callable[[str], None] | None = None,
) -> None:
    """Write :func:`dumps` to a binary file object."""
    fp.write(dumps(obj, types=types, dialect=dialect, keep_awards=keep_awards, warn=warn))
