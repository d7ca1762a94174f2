"""Writing a scored event in any output format, by name or by the file's
extension: :func:`pbnscore.dumps` and :func:`pbnscore.dump`, the one path
the command line takes too (:mod:`pbnscore.outputs`)."""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from pathlib import Path
    from typing import BinaryIO

    from pbnscore.model import ScoredEvent

# Each writer option, and the formats that use it: given for another, it
# would silently do nothing, so it is refused.
_OPTION_FORMATS = {
    "types": ("usebio",),
    "dialect": ("usebio",),
    "keep_awards": ("usebio",),
    "dd": ("text", "html"),
}


class _Settings:
    """The settings :func:`pbnscore.outputs.render` reads (a plain class:
    this module is imported with the package, before attrs is needed)."""

    def __init__(
        self, to: str, usebio_types: str | None, usebio_for: str, keep_awards: bool, dd: bool
    ) -> None:
        self.to = to
        self.usebio_types = usebio_types
        self.usebio_for = usebio_for
        self.keep_awards = keep_awards
        self.dd = dd


def dumps(
    scored: ScoredEvent,
    format: str = "usebio",
    *,
    warn: Callable[[str], None] | None = None,
    **options: Any,
) -> bytes:
    """``scored`` written as ``format`` (``usebio``, ``pbn``, ``json``,
    ``text``, ``html``, ``csv``; or an extension that names one, ``xml``,
    ``txt``), as bytes (UTF-8). Writer options by keyword: ``types`` (USEBIO
    EVENT_TYPE style, ``old``/``new``), ``dialect`` (USEBIO reader profile),
    ``keep_awards`` (USEBIO), ``dd`` (text and HTML double-dummy tables);
    an option the format does not use is an :class:`OptionError`. What the
    writer must say (a line each) goes to ``warn``."""
    from pbnscore import outputs
    from pbnscore.errors import OptionError, wrong_type
    from pbnscore.model import ScoredEvent

    if not isinstance(scored, ScoredEvent):
        raise wrong_type("pbnscore.dumps()", "a ScoredEvent (from pbnscore.score)", scored)
    if not isinstance(format, str):
        raise wrong_type("pbnscore.dumps()", "a format name (str)", format)
    name = format if format in outputs.FORMATS else outputs.named_by(f"x.{format}")
    if name is None:
        raise OptionError(f"unknown format {format!r}; choose from: {', '.join(outputs.FORMATS)}")
    for option in options:
        if option not in _OPTION_FORMATS:
            raise OptionError(
                f"{option!r} is no writer option (they are: {', '.join(_OPTION_FORMATS)})"
            )
        if name not in _OPTION_FORMATS[option]:
            used = " and ".join(_OPTION_FORMATS[option])
            raise OptionError(f"{option!r} is an option of {used}, not {name}")
    settings = _Settings(
        name,
        options.get("types"),
        options.get("dialect", "standard"),
        bool(options.get("keep_awards", False)),
        bool(options.get("dd", False)),
    )
    return outputs.render(scored, settings, warn)


def dump(
    scored: ScoredEvent,
    path_or_file: str | Path | BinaryIO,
    format: str | None = None,
    *,
    warn: Callable[[str], None] | None = None,
    **options: Any,
) -> None:
    """Write ``scored`` to a path (whole or not at all) or a file open for
    binary writing, as ``format``, else as the path's extension names (see
    :func:`dumps` for the formats and options)."""
    from pbnscore._atomic import write_bytes
    from pbnscore.errors import wrong_type

    if isinstance(path_or_file, str | os.PathLike):
        data = dumps(scored, _format(format, os.fspath(path_or_file)), warn=warn, **options)
        write_bytes(path_or_file, data)
        return
    if not callable(getattr(path_or_file, "write", None)):
        raise wrong_type("pbnscore.dump()", "a path or a file open for writing", path_or_file)
    name = getattr(path_or_file, "name", None)
    data = dumps(
        scored, _format(format, name if isinstance(name, str) else None), warn=warn, **options
    )
    path_or_file.write(data)


def _format(given: str | None, name: str | None) -> str:
    """The format given, else the one ``name``'s extension names."""
    from pbnscore import outputs
    from pbnscore.errors import OptionError

    found = given if given is not None else outputs.named_by(name)
    if found is None:
        listed = ", ".join(outputs.extensions())
        raise OptionError(f"no format given, and no extension that names one ({listed})")
    return found
