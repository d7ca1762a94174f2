"""The seam between an Access library and the results model: a BWS's tables
as rows of text.

A row maps each column's name to its value as text, ``None`` for NULL or a
zero-length text (Bridgemate writes either for "no value"): whole numbers as
digits, yes/no columns as ``1``/``0``, dates as ``YYYY-MM-DD HH:MM:SS`` to
the second. That is what ``mdb-export -T '%Y-%m-%d %H:%M:%S'`` writes, so a
night exported table by table as CSV (:func:`csv_tables`) reads as the
database does (:mod:`pbnscore.bws._access`).
"""

from __future__ import annotations

import csv
import io
import os
from collections.abc import Mapping, Sequence
from typing import Protocol

Row = Mapping[str, str | None]


class TableMissing(Exception):
    """The database has no table of that name (older Bridgemate files lack
    Session; a scoring program may leave out HandRecord)."""


class TableUnreadable(Exception):
    """The table is there but the library could not read it; ``str()`` says why."""


class Tables(Protocol):
    """Where the rows come from: the database through the library, or rows
    a test or a CSV export gives."""

    def rows(self, name: str) -> Sequence[Row]:
        """Every row of table ``name``, in no particular order; raises
        :class:`TableMissing` or :class:`TableUnreadable`."""


class MemoryTables:
    """Tables given as rows (a test's, or a CSV export's): ``tables`` maps a
    table's name to its rows; a table it names as an exception raises it."""

    def __init__(self, tables: Mapping[str, Sequence[Row] | Exception]) -> None:
        self._tables = tables
        self.asked: list[str] = []  # the tables read, in order: what a test can count

    def rows(self, name: str) -> Sequence[Row]:
        self.asked.append(name)
        if name not in self._tables:
            raise TableMissing(name)
        given = self._tables[name]
        if isinstance(given, Exception):
            raise given
        return given


def text_rows(text: str) -> list[dict[str, str | None]]:
    """The rows of one table exported as CSV with a header row; an empty
    field is no value."""
    reader = csv.DictReader(io.StringIO(text))
    return [{key: (value if value != "" else None) for key, value in row.items()} for row in reader]


def csv_tables(folder: str | os.PathLike[str]) -> MemoryTables:
    """The tables of a night exported to ``folder`` as one CSV file per table
    (``RoundData.csv``, ``ReceivedData.csv`` ...; UTF-8)."""
    tables: dict[str, Sequence[Row]] = {}
    for entry in sorted(os.listdir(folder)):
        stem, extension = os.path.splitext(entry)
        if extension.lower() == ".csv":
            with open(os.path.join(folder, entry), encoding="utf-8-sig", newline="") as stream:
                tables[stem] = text_rows(stream.read())
    return MemoryTables(tables)
