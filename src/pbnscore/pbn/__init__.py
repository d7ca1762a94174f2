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
in ``_reader`` (games), ``_tables`` (ScoreTable, TotalScoreTable), ``_pairs``
(Mitchell or Howell), ``_teams`` (matches and who sat where) and ``_lexer``
(encodings, tokens).
"""

from __future__ import annotations

import os
from typing import BinaryIO, TextIO

from pbnscore._gc import gc_paused
from pbnscore.errors import PbnError, Problem, check_data, check_path_or_file
from pbnscore.model import Event, ScoredEvent, check_event
from pbnscore.pbn._reader import TOO_MANY, read
from pbnscore.pbn._writer import write

__all__ = ["check", "dump", "dumps", "load", "loads", "read_leniently"]


def loads(
    data: bytes | str,
    *,
    source: str = "<string>",
    strict: bool = True,
    warnings: list[Problem] | None = None,
) -> Event:
    """The event in PBN ``data`` (bytes are decoded: a BOM, the declared
    charset, UTF-8, else Latin-1). A lenient read that stops at the cap
    on problems raises: the event it read is only part of the file. The
    reader's warnings (a Dealer that is no seat ...) go to ``warnings``."""
    check_data("pbnscore.pbn.loads()", data)
    with gc_paused():
        event, problems = read(data, source, strict)
        if warnings is not None:
            warnings.extend(problem for problem in problems if problem.severity == "warning")
        if not strict and problems and problems[-1].message == TOO_MANY:
            raise PbnError(TOO_MANY, source=source, line=problems[-1].line)
        return event


def load(
    path_or_file: str | os.PathLike[str] | BinaryIO | TextIO,
    *,
    source: str | None = None,
    strict: bool = True,
) -> Event:
    """The event in a PBN file, given by path or as an open file."""
    check_path_or_file("pbnscore.pbn.load()", path_or_file)
    with gc_paused():
        if isinstance(path_or_file, (str, os.PathLike)):
            with open(path_or_file, "rb") as file:
                data: bytes | str = file.read()
            name = source or os.fspath(path_or_file)
        else:
            data = path_or_file.read()
            name = source or str(getattr(path_or_file, "name", "<file>"))
        return loads(data, source=name, strict=strict)


def read_leniently(
    data: bytes | str, *, source: str = "<string>"
) -> tuple[Event | None, list[Problem]]:
    """The event as far as it can be read, and every problem met reading it,
    in the order found. For ``pbnscore check``."""
    with gc_paused():
        return read(data, source, strict=False)


def check(data: bytes | str, *, source: str = "<string>") -> list[Problem]:
    """Every problem the reader finds in PBN ``data``, in the order found; empty
    when clean. :func:`pbnscore.validate.check_bytes` adds the whole event's."""
    return read_leniently(data, source=source)[1]


def dumps(obj: ScoredEvent | Event) -> bytes:
    """PBN 2.1 for a scored event (or a plain one). A PBN input comes back
    as itself plus the scores, in its own encoding and line ends; any other
    event is written as PBN games (ISO-8859-1 where every character fits,
    else UTF-8, CRLF line ends)."""
    check_event("pbnscore.pbn.dumps()", obj)
    with gc_paused():
        return write(obj)


def dump(obj: ScoredEvent | Event, fp: BinaryIO) -> None:
    """Write :func:`dumps` to a binary file object."""
    fp.write(dumps(obj))
