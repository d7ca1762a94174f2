"""Renderings of a scored event for people and programs.

- :mod:`pbnscore.report.json` -- the ``pbnscore/1`` JSON document, the
  interface other programs read.
- :mod:`pbnscore.report.text` -- a terminal report.
- :mod:`pbnscore.report.html` -- one self-contained HTML page.
- :mod:`pbnscore.report.csv` -- the standings for a spreadsheet, in the
  conventions of :mod:`pbnscore.report._spreadsheet`.
- :mod:`pbnscore.report.season` -- a season's standings.
- :mod:`pbnscore.report.explain` -- ``explain``'s text and JSON.

Each has the ``dump``/``dumps`` of every format module
(:mod:`pbnscore._face`); ``dumps`` gives the document as text. A report
is written, never read: it offers no ``load``/``loads``, and
:func:`pbnscore.loads` refuses it (:data:`pbnscore.formats.TABLE`).

What a person sees (rows, labels, number formats) is decided once in
``_view``; text and HTML only lay it out.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING

from pbnscore.formats import REPORTS, TABLE, WRITER_OPTION
from pbnscore.model import ScoredEvent

if TYPE_CHECKING:  # what __getattr__ loads on first use, as the modules they are
    from pbnscore.report import csv as csv
    from pbnscore.report import explain as explain
    from pbnscore.report import html as html
    from pbnscore.report import json as json
    from pbnscore.report import season as season
    from pbnscore.report import text as text

__all__ = ["FORMATS", "render"]

# The reports, from the one table of formats: each one's module's dumps.
FORMATS: dict[str, str] = {name: f"{TABLE[name].module}:dumps" for name in REPORTS}

# The renderings that show double-dummy tables: the formats taking --dd.
DD_FORMATS = WRITER_OPTION["dd"].formats


def render(scored: ScoredEvent, to: str, *, dd: bool = False) -> str:
    """``scored`` as a ``json``, ``text``, ``html`` or ``csv`` document;
    ``dd``: with each board's double-dummy table and par (text and HTML)."""
    try:
        module, _, function = FORMATS[to].partition(":")
    except KeyError:
        raise ValueError(
            f"unknown report format {to!r}; choose from: {', '.join(FORMATS)}"
        ) from None
    if dd and to not in DD_FORMATS:
        raise ValueError(f"double-dummy tables are shown in {' and '.join(DD_FORMATS)} only")
    extra = {"dd": True} if dd else {}
    rendered: str = getattr(import_module(module), function)(scored, **extra)
    return rendered


# The public modules, besides the formats: each works as ``pbnscore.report.X``
# with no import first.
MODULES = (*FORMATS, "season", "explain")


def __getattr__(name: str) -> object:
    # `pbnscore.report.json`, `.season` etc. on first use, so importing the
    # package stays cheap.
    if name in MODULES:
        return import_module(f"pbnscore.report.{name}")
    raise AttributeError(f"module 'pbnscore.report' has no attribute {name!r}")
