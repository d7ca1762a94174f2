"""The output formats: each one's name, the file extensions that name it, and
how a scored event becomes its bytes.

One table, read by ``score`` (``--to`` and ``-o``'s extension), ``batch`` (the
extension it adds) and :func:`pbnscore.pipeline.render`. A new format is one row
here and one function that renders it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from importlib import import_module
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

import attrs

if TYPE_CHECKING:
    from pbnscore.model import ScoredEvent


class Settings(Protocol):
    """What a rendering reads of a run's settings (``pipeline.Settings`` has
    them): the options of the writers that take any."""

    @property
    def usebio_types(self) -> str | None:
        """The USEBIO writer's ``types`` option (None: the writer's default)."""

    @property
    def usebio_for(self) -> str:
        """The USEBIO dialect the writer writes for (``--usebio-for``)."""

    @property
    def keep_awards(self) -> bool:
        """Whether USEBIO keeps the master-point awards the input had."""

    @property
    def dd(self) -> bool:
        """Whether text and HTML show each board's double-dummy table and par."""


Warn = Callable[[str], None]


def _usebio(scored: ScoredEvent, settings: Settings, warn: Warn) -> bytes:
    from pbnscore import usebio

    document: bytes = usebio.dumps(
        scored,
        types=settings.usebio_types,
        dialect=settings.usebio_for,
        keep_awards=settings.keep_awards,
        warn=warn,
    )
    return document


def _pbn(scored: ScoredEvent, settings: Settings, warn: Warn) -> bytes:
    from pbnscore import pbn

    return pbn.dumps(scored, warn=warn)


def _report(name: str) -> Callable[[ScoredEvent, Settings, Warn], bytes]:
    """A report rendering (text) as UTF-8 bytes."""

    def render(scored: ScoredEvent, settings: Settings, warn: Warn) -> bytes:
        from pbnscore import report

        # A writer's option reaches the formats that take it (several
        # formats are written from one run's settings).
        dd = settings.dd and "dd" in options_of(name, "write")
        return report.render(scored, name, dd=dd).encode("utf-8")

    return render


@attrs.frozen
class OutputFormat:
    """One output format: its name, the extensions that name it, and how a scored event
    becomes its bytes."""

    name: str
    extensions: tuple[str, ...]  # the first is the one `batch` adds
    # The module with the format's load, loads, dump and dumps (and its
    # ReadOptions and WriteOptions).
    module: str
    # (scored, settings, warn): ``warn`` takes what the writer did that the
    # scorer must know (a line each, without the file's name).
    render: Callable[[ScoredEvent, Settings, Warn], bytes]

    @property
    def extension(self) -> str:
        """The extension ``batch`` gives a file of this format (the first one)."""
        return self.extensions[0]


FORMATS: dict[str, OutputFormat] = {
    output.name: output
    for output in (
        OutputFormat("usebio", ("xml",), "pbnscore.usebio", _usebio),
        OutputFormat("pbn", ("pbn",), "pbnscore.pbn", _pbn),
        OutputFormat("json", ("json",), "pbnscore.report.json", _report("json")),
        OutputFormat("text", ("txt",), "pbnscore.report.text", _report("text")),
        OutputFormat("html", ("html", "htm"), "pbnscore.report.html", _report("html")),
        OutputFormat("csv", ("csv",), "pbnscore.report.csv", _report("csv")),
    )
}

DEFAULT = "usebio"


def named_by(path: str | None) -> str | None:
    """The format whose extension ``path`` has; None where it has none of them."""
    suffix = Path(path).suffix.lower().lstrip(".") if path else ""
    return next((name for name, output in FORMATS.items() if suffix in output.extensions), None)


def named(given: object, function: str) -> str:
    """The format ``given`` names to ``function``: a format's name, or one of
    its extensions (``xml``, ``txt``, ``htm``)."""
    from pbnscore.errors import OptionError, wrong_type

    if not isinstance(given, str):
        raise wrong_type(function, "a format name (str)", given)
    name = given if given in FORMATS else named_by(f"x.{given}")
    if name is None:
        raise OptionError(f"unknown format {given!r}; choose from: {', '.join(FORMATS)}")
    return name


def options_of(name: str, kind: str) -> Mapping[str, object]:
    """The options format ``name`` takes, ``kind`` "read" or "write": its
    module's ``ReadOptions`` or ``WriteOptions``."""
    options: Mapping[str, object] = getattr(
        import_module(FORMATS[name].module), f"{kind.title()}Options"
    ).__annotations__
    return options


def refuse_unused(name: str, kind: str, options: Iterable[str]) -> None:
    r"""An :class:`~pbnscore.errors.OptionError` for an option that format
    ``name`` does not take when it ``kind``\ s ("read" or "write"): it would
    silently do nothing. The other formats' options are only read to say
    which take it."""
    from pbnscore.errors import OptionError

    for option in options:
        if option in options_of(name, kind):
            continue
        users = [other for other in FORMATS if option in options_of(other, kind)]
        if users:
            raise OptionError(f"{option!r} is an option of {' and '.join(users)}, not {name}")
        every = ", ".join(dict.fromkeys(o for other in FORMATS for o in options_of(other, kind)))
        doer = {"read": "reader", "write": "writer"}[kind]
        raise OptionError(f"{option!r} is no {doer} option (they are: {every})")


def extensions() -> list[str]:
    """Every extension that names a format, as ``-o``'s message lists them."""
    return [f".{extension}" for output in FORMATS.values() for extension in output.extensions]


def render(scored: ScoredEvent, to: str, settings: Settings, warn: Warn | None = None) -> bytes:
    """The bytes of ``scored`` in format ``to``; what the writer must say
    goes to ``warn``."""
    return FORMATS[to].render(scored, settings, warn or (lambda _: None))


__all__ = [
    "DEFAULT",
    "FORMATS",
    "OutputFormat",
    "extensions",
    "named",
    "named_by",
    "options_of",
    "refuse_unused",
    "render",
]
