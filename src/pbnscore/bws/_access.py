"""A BWS's tables read by access-parser (the ``bws`` extra), as rows of
text (:mod:`pbnscore.bws._rows`).

access-parser is a pure-Python reader of Jet (Access 97 and 2000) files: no
driver and no compiled code, so it runs wherever Python does (the docs'
BWS page says why it was chosen and what it gets wrong). It reads a file by
path, whole, once: the reader is given a copy of the BWS taken in one go
(the bytes pbnscore read), written to a temporary folder, so a file the
tables are still writing is never read half-changed. It parses a table only
when asked, so the 40,000-row member roster a club may leave in the file is
read only where a number was keyed without a name.
"""

from __future__ import annotations

import logging
import os
import re
import struct
import tempfile
from collections import Counter
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from datetime import datetime, timedelta
from typing import Any

from pbnscore.bws._rows import Row, TableMissing, TableUnreadable
from pbnscore.bws._spellings import REQUIRED
from pbnscore.errors import ParseError, install_line

INSTALL = install_line("bws")

# The first page of a Jet 3/4 (Access 97, 2000-2003) or ACE (Access 2007 on)
# database: four bytes, then the engine's name.
_MAGIC = (b"Standard Jet DB", b"Standard ACE DB")

# A Jet 3 (Access 97) page; Jet 4 and ACE pages are 4096 bytes.
_JET3_PAGE = 2048

# How access-parser gives a date: text, with the fraction of a second the
# float it was stored as leaves (10:51:37.995840 for 10:51:38).
_DATE_RE = re.compile(r"\d{4}-\d\d-\d\d \d\d:\d\d:\d\d(?:\.\d+)?")


def is_access(data: bytes) -> bool:
    """Whether ``data`` starts as an Access database does."""
    return data[4:19] in _MAGIC


@contextmanager
def _quiet() -> Iterator[None]:
    """access-parser logs what it skips (its own system tables' chunks) as
    errors; a reader that says what matters itself keeps its log quiet."""
    logger = logging.getLogger("access_parser")
    level, propagate = logger.level, logger.propagate
    logger.setLevel(logging.CRITICAL + 1)
    logger.propagate = False
    try:
        yield
    finally:
        logger.setLevel(level)
        logger.propagate = propagate


class AccessTables:
    """The tables of one BWS, parsed as they are asked for."""

    def __init__(self, data: bytes, source: str) -> None:
        try:
            from access_parser import AccessParser
        except ImportError:
            message = f"reading a Bridgemate .bws file needs the bws extra: {INSTALL}"
            raise ParseError(message, source=source) from None
        if not is_access(data):
            raise ParseError("not an Access database (no Jet header)", source=source)
        with tempfile.TemporaryDirectory(prefix="pbnscore-bws-") as folder:
            copy = os.path.join(folder, "night.bws")
            with open(copy, "wb") as stream:
                stream.write(data)
            try:
                with _quiet():
                    self._parser: Any = AccessParser(copy)
            except Exception as exc:  # the library's faults are its own types
                message = f"not a readable Access database ({_why(exc)})"
                raise ParseError(message, source=source) from None
        self.tables = set(self._parser.catalog)
        missing = [name for name in REQUIRED if name not in self.tables]
        if missing:
            names = " or ".join(missing)
            message = f"an Access database, but not a Bridgemate one (no {names} table)"
            raise ParseError(message, source=source)
        cut = _cut_short(data, self._parser)
        if cut is not None:
            raise ParseError(f"cut short: {cut}", source=source)

    def rows(self, name: str) -> Sequence[Row]:
        if name not in self.tables:
            raise TableMissing(name)
        try:
            with _quiet():
                columns = self._parser.parse_table(name)
        except Exception as exc:  # the library's faults are its own types
            raise TableUnreadable(_why(exc)) from None
        return _rows_of(columns or {})


def _cut_short(data: bytes, parser: Any) -> str | None:
    """Why the file is cut short, or None. A Jet file is whole pages, and
    each table's usage map names the pages that hold its rows: a page named
    at or past the end is a page the file lost (the library would read it
    as no rows, and the night would be scored with results missing)."""
    size: int = parser.page_size
    if len(data) % size:
        return f"{len(data)} bytes is not a whole number of {size}-byte pages"
    pages = len(data) // size
    for name in sorted(parser.catalog):
        try:
            with _quiet():
                header = parser.get_table(name).table_header
            used = _used_pages(data, size, header.row_page_map)
        except Exception:  # the library's faults are its own types: said on reading
            continue
        if used is None or (used and max(used) >= pages):
            return f"its {name} table uses pages past its end ({pages} pages)"
    return None


def _row_bytes(data: bytes, size: int, page: int, row: int) -> bytes | None:
    """Row ``row`` of data page ``page`` (Jet 3: the row offsets at 10,
    Jet 4: at 14); None where the page is past the end; empty where the
    page has no such row."""
    if (page + 1) * size > len(data):
        return None
    found = data[page * size : (page + 1) * size]
    at = 0x0A if size == _JET3_PAGE else 0x0E
    (rows,) = struct.unpack_from("<H", found, at - 2)
    if row >= rows:
        return b""
    start = struct.unpack_from("<H", found, at + 2 * row)[0] & 0x1FFF
    end = size if row == 0 else struct.unpack_from("<H", found, at + 2 * (row - 1))[0] & 0x1FFF
    return found[start:end]


def _used_pages(data: bytes, size: int, pointer: int) -> list[int] | None:
    """The pages a usage map names (``pointer``: its page, and row in the
    lowest byte): an inline bitmap from a first page, or a list of bitmap
    pages; None where the map itself is past the end."""
    usage = _row_bytes(data, size, pointer >> 8, pointer & 0xFF)
    if usage is None:
        return None
    if len(usage) < 5:
        return []
    if usage[0] == 0:
        (first,) = struct.unpack_from("<I", usage, 1)
        return [
            first + i * 8 + bit
            for i, byte in enumerate(usage[5:])
            for bit in range(8)
            if byte >> bit & 1
        ]
    used: list[int] = []
    for i in range((len(usage) - 1) // 4):
        (page,) = struct.unpack_from("<I", usage, 1 + 4 * i)
        if page == 0:
            continue
        if (page + 1) * size > len(data):
            return None
        bitmap = data[page * size + 4 : (page + 1) * size]
        base = i * (size - 4) * 8
        used += [
            base + j * 8 + bit
            for j, byte in enumerate(bitmap)
            for bit in range(8)
            if byte >> bit & 1
        ]
    return used


def _why(exc: Exception) -> str:
    text = str(exc).splitlines()[0] if str(exc) else ""
    kind = type(exc)
    name = kind.__name__ if kind.__module__ == "builtins" else f"{kind.__module__}.{kind.__name__}"
    return f"{name}: {text}"[:160] if text else name


def _rows_of(columns: dict[str, list[object]]) -> list[Row]:
    """access-parser's columns (name -> values) as rows. A column shorter or
    longer than the rest cannot be lined up with them: where it holds no
    value at all it is read as empty (access-parser gives an unused column
    of a row stored before the column was added fewer values), else the table
    is unreadable."""
    if not columns:
        return []
    count = Counter(len(values) for values in columns.values()).most_common(1)[0][0]
    kept: dict[str, list[object]] = {}
    for name, values in columns.items():
        if len(values) == count:
            kept[name] = values
        elif all(value in (None, "") for value in values):
            kept[name] = [None] * count
        else:
            message = f"its columns do not line up ({name}: {len(values)} values, not {count})"
            raise TableUnreadable(message)
    names = list(kept)
    texts = [[_text(value) for value in kept[name]] for name in names]
    return [dict(zip(names, row, strict=True)) for row in zip(*texts, strict=True)]


def _text(value: object) -> str | None:
    if value is None or value == "":
        return None
    if isinstance(value, bool):
        return "1" if value else "0"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str):
        return _second(value) if _DATE_RE.fullmatch(value) else value
    if isinstance(value, datetime):
        return _second(value.isoformat(sep=" "))
    return str(value)


def _second(text: str) -> str:
    """A date and time to the nearest second."""
    stamp = datetime.fromisoformat(text)
    rounded = stamp.replace(microsecond=0)
    if stamp.microsecond >= 500_000:
        rounded += timedelta(seconds=1)
    return rounded.strftime("%Y-%m-%d %H:%M:%S")
