"""Spreadsheet conventions for every CSV pbnscore writes (standings, seasons).

- A header row, then one row per record.
- RFC 4180: fields quoted where they hold a comma, a quote or a line break,
  quotes doubled, rows ended by CRLF (the stdlib :mod:`csv` writer's
  ``excel`` dialect does exactly this).
- UTF-8 with a byte-order mark: Excel reads a CSV without one in the
  machine's ANSI code page and turns "Zoë" into "ZoÃ«".
- A text field beginning with ``=``, ``+``, ``-`` or ``@`` (or a tab or
  carriage return, which some spreadsheets skip before looking) is written
  with a leading ``'``, so that a spreadsheet shows it rather than running
  it as a formula (OWASP, "CSV Injection"). Numbers are written as numbers:
  a total of ``-12`` stays a number.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable, Sequence

__all__ = ["BOM", "Number", "document", "text"]

BOM = "\ufeff"
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


class Number(str):
    """A field that is a number, already formatted: written as it is."""

    __slots__ = ()


def text(value: str) -> str:
    """A text field a spreadsheet will not run as a formula."""
    return f"'{value}" if value.startswith(FORMULA_STARTS) else value


def document(header: Sequence[str], rows: Iterable[Sequence[str]]) -> str:
    """The CSV document: BOM, header, rows; every field that is not a
    :class:`Number` is made formula-safe."""
    out = io.StringIO()
    writer = csv.writer(out, dialect="excel")  # RFC 4180: minimal quoting, CRLF
    writer.writerow([text(title) for title in header])
    for row in rows:
        writer.writerow([cell if isinstance(cell, Number) else text(cell) for cell in row])
    return BOM + out.getvalue()
