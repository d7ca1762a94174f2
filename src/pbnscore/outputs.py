"""The output formats: each one's name, the file extensions that name it, and
how a scored event becomes its bytes.

One table, read by ``score`` (``--to`` and ``-o``'s extension), ``batch`` (the
extension it adds) and :func:`pbnscore.batch.render`. A new format is one row
here and one function that renders it.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

import attrs

if TYPE_CHECKING:
    from pbnscore.model import ScoredEvent


class Settings(Protocol):
    """What a rendering reads of a run's settings (``batch.Settings`` has
    them): the format, and the options of the writers that take any."""

    @property
    def to(self) -> str: ...
    @property
    def usebio_types(self) -> str | None: ...
    @property
    def usebio_for(self) -> str: ...
    @property
    def keep_awards(self) -> bool: ...
    @property
    def dd(self) -> bool: ...


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

    return pbn.dumps(scored)


def _report(name: str) -> Callable[[ScoredEvent, Settings, Warn], bytes]:
    """A report rendering (text) as UTF-8 bytes."""

    def render(scored: ScoredEvent, settings: Settings, warn: Warn) -> bytes:
        from pbnscore import report

        return report.render(scored, name, dd=settings.dd).encode("utf-8")

    return render


@attrs.frozen
class OutputFormat:
    """One output format: its name, the extensions that name it, and how a scored event
    becomes its bytes."""

    name: str
    extensions: tuple[str, ...]  # the first is the one `batch` adds
    # (scored, settings, warn): ``warn`` takes what the writer did that the
    # scorer must know (a line each, without the file's name).
    render: Callable[[ScoredEvent, Settings, Warn], bytes]

    @property
    def extension(self) -> str:
        return self.extensions[0]


FORMATS: dict[str, OutputFormat] = {
    output.name: output
    for output in (
        OutputFormat("usebio", ("xml",), _usebio),
        OutputFormat("pbn", ("pbn",), _pbn),
        OutputFormat("json", ("json",), _report("json")),
        OutputFormat("text", ("txt",), _report("text")),
        OutputFormat("html", ("html", "htm"), _report("html")),
        OutputFormat("csv", ("csv",), _report("csv")),
    )
}

DEFAULT = "usebio"


def named_by(path: str | None) -> str | None:
    """The format whose extension ``path`` has; None where it has none of them."""
    suffix = Path(path).suffix.lower().lstrip(".") if path else ""
    return next((name for name, output in FORMATS.items() if suffix in output.extensions), None)


def extensions() -> list[str]:
    """Every extension that names a format, as ``-o``'s message lists them."""
    return [f".{extension}" for output in FORMATS.values() for extension in output.extensions]


def render(scored: ScoredEvent, settings: Settings, warn: Warn | None = None) -> bytes:
    """The bytes of ``scored`` in ``settings.to``; what the writer must say
    goes to ``warn``."""
    return FORMATS[settings.to].render(scored, settings, warn or (lambda _: None))


__all__ = ["DEFAULT", "FORMATS", "OutputFormat", "extensions", "named_by", "render"]
