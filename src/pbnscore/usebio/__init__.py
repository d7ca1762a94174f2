"""USEBIO 1.0–1.2 results files: read them into the model, write scored
events back.

>>> from pbnscore import usebio
>>> event = usebio.load("night.xml")          # doctest: +SKIP
>>> xml = usebio.dumps(scored)                # doctest: +SKIP

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
from typing import BinaryIO

from pbnscore.model import Event, ScoredEvent
from pbnscore.usebio._reader import PARSER, read
from pbnscore.usebio._writer import write

__all__ = ["PARSER", "dump", "dumps", "load", "loads"]


def loads(data: bytes | str, *, source: str = "<string>") -> Event:
    """Read an event from the bytes (or text) of a USEBIO file."""
    return read(data, source)


def load(file: str | os.PathLike[str] | BinaryIO) -> Event:
    """Read an event from a USEBIO file path or binary file object."""
    if isinstance(file, (str, os.PathLike)):
        with open(file, "rb") as handle:
            return read(handle.read(), os.fspath(file))
    name = getattr(file, "name", None)
    return read(file.read(), name if isinstance(name, str) else "<stream>")


def dumps(obj: ScoredEvent | Event, *, types: str | None = None) -> bytes:
    """A USEBIO 1.2 document (UTF-8, with an XML declaration) for a scored
    event, or for a plain event without scores. ``types`` "old" or "new"
    forces the EVENT_TYPE style; by default the input's style is kept (PBN
    input: new)."""
    return write(obj, types=types)


def dump(obj: ScoredEvent | Event, fp: BinaryIO, *, types: str | None = None) -> None:
    """Write :func:`dumps` to a binary file object."""
    fp.write(dumps(obj, types=types))
