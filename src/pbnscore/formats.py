"""The one table of formats, and the writers' options, as data.

Every place that names a format reads :data:`TABLE`: ``--to`` and ``--from``
(their choices, the extensions they take), ``-o``'s extension, the names
``batch`` gives its outputs, :func:`pbnscore.loads` (which refuses a format
that is written, never read) and :func:`pbnscore.dumps`, the season and
report pages. A new format is a row here and a module with its
``load``/``loads`` (where it is read) and ``dump``/``dumps`` (where it is
written).

A writer's option is a row of :data:`WRITER_OPTIONS`: its keyword in the
API (``pbnscore.dumps(scored, "usebio", dialect="cobalt")``), its flag on
the command line, its help and choices, and the formats that take it. The
flags, the check that an option given applies to a format asked for, and
the API's check of its keywords all come from that one row.

Pure data: this module imports nothing of pbnscore.
"""

from __future__ import annotations

import os
from collections.abc import Iterable

from pbnscore._records import attrs


@attrs.frozen
class Format:
    """One format: its name, the extensions that name it (the first is the
    one ``batch`` gives an output), the module with its verbs, whether an
    event is read from it, whether a scored event is written in it, and
    whether it is a report (season pages are written in those too)."""

    name: str
    extensions: tuple[str, ...]
    module: str
    readable: bool
    written: bool
    report: bool = False

    @property
    def extension(self) -> str:
        """The extension ``batch`` gives a file of this format (the first one)."""
        return self.extensions[0]


TABLE: dict[str, Format] = {
    row.name: row
    for row in (
        Format("usebio", ("xml",), "pbnscore.usebio", readable=True, written=True),
        Format("pbn", ("pbn",), "pbnscore.pbn", readable=True, written=True),
        Format("bws", ("bws",), "pbnscore.bws", readable=True, written=False),
        Format("json", ("json",), "pbnscore.report.json", False, True, report=True),
        Format("text", ("txt",), "pbnscore.report.text", False, True, report=True),
        Format("html", ("html", "htm"), "pbnscore.report.html", False, True, report=True),
        Format("csv", ("csv",), "pbnscore.report.csv", False, True, report=True),
    )
}

DEFAULT = "usebio"  # what is written where nothing says which format

READABLE = tuple(name for name, row in TABLE.items() if row.readable)
WRITTEN = tuple(name for name, row in TABLE.items() if row.written)
REPORTS = tuple(name for name, row in TABLE.items() if row.report)


def named_by(path: str | None, among: Iterable[str] = WRITTEN) -> str | None:
    """The format of ``among`` whose extension ``path`` has; None where it has none of them."""
    suffix = os.path.splitext(path)[1].lower().lstrip(".") if path else ""
    return next((name for name in among if suffix in TABLE[name].extensions), None)


def extensions(among: Iterable[str] = WRITTEN) -> list[str]:
    """Every extension that names one of the formats ``among`` (``.xml``, ``.htm`` ...)."""
    return [f".{extension}" for name in among for extension in TABLE[name].extensions]


@attrs.frozen
class WriterOption:
    """An option of one or more writers: the keyword ``dumps`` takes, the
    flag that gives it on the command line (a switch where ``choices`` is
    None), its help, and the formats whose writers take it."""

    keyword: str
    flag: str
    formats: tuple[str, ...]
    help: str
    choices: tuple[str, ...] | None = None

    @property
    def dest(self) -> str:
        """The name argparse keeps it under (``--usebio-for``: ``usebio_for``)."""
        return self.flag.lstrip("-").replace("-", "_")


USEBIO_READERS = ("standard", "cobalt", "ukbridge")

WRITER_OPTIONS: tuple[WriterOption, ...] = (
    WriterOption(
        "dd",
        "--dd",
        ("text", "html"),
        "double-dummy table and par for each board with a deal, in text and HTML "
        "(needs the dd extra: pip install 'pbnscore[dd]', or '.[dd]' in pbnscore's "
        "source folder)",
    ),
    WriterOption(
        "dialect",
        "--usebio-for",
        ("usebio",),
        "who reads the USEBIO: standard (any reader; the input's own style), "
        "cobalt (ABF Cobalt, Australian club results; pairs only), "
        "ukbridge (UK club websites built on ukbridge-club-website); default: standard",
        USEBIO_READERS,
    ),
    WriterOption(
        "types",
        "--usebio-types",
        ("usebio",),
        "USEBIO EVENT_TYPE style under --usebio-for standard "
        "(default: the input's; new for PBN input)",
        ("old", "new"),
    ),
    WriterOption(
        "keep_awards",
        "--keep-awards",
        ("usebio",),
        "USEBIO: keep the input's percentages and master points on participants the "
        "method ranks, though its places may disagree with them (default: dropped)",
    ),
)

WRITER_OPTION = {option.keyword: option for option in WRITER_OPTIONS}


def taken_by(name: str) -> tuple[str, ...]:
    """The keywords of the writer options format ``name`` takes."""
    return tuple(option.keyword for option in WRITER_OPTIONS if name in option.formats)


__all__ = [
    "DEFAULT",
    "READABLE",
    "REPORTS",
    "TABLE",
    "WRITER_OPTION",
    "WRITER_OPTIONS",
    "WRITTEN",
    "Format",
    "WriterOption",
    "extensions",
    "named_by",
    "taken_by",
]
