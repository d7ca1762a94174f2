"""Writing a scored event in any output format, by name or by the file's
extension: :func:`pbnscore.dumps` and :func:`pbnscore.dump`, through the
format module's own ``dumps`` (:mod:`pbnscore.outputs` names the modules),
as the command line writes too."""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from pbnscore._face import File
    from pbnscore.model import ScoredEvent


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
    name = outputs.named(format, "pbnscore.dumps()")
    if name not in outputs.FORMATS:
        raise OptionError(
            f"{name} is read, never written; choose from: {', '.join(outputs.FORMATS)}"
        )
    outputs.refuse_unused(name, "write", options)
    return outputs.render(scored, name, options, warn)


def dump(
    scored: ScoredEvent,
    path_or_file: File,
    format: str | None = None,
    *,
    warn: Callable[[str], None] | None = None,
    **options: Any,
) -> None:
    """Write ``scored`` to a path (whole or not at all) or a file open for
    binary writing, as ``format``, else as the path's extension names (see
    :func:`dumps` for the formats and options)."""
    from pbnscore._face import write_file
    from pbnscore.errors import wrong_type

    if isinstance(path_or_file, str | os.PathLike):
        name: str | None = os.fspath(path_or_file)
    elif not isinstance(path_or_file, int) and callable(getattr(path_or_file, "write", None)):
        found = getattr(path_or_file, "name", None)
        name = found if isinstance(found, str) else None
    else:
        raise wrong_type("pbnscore.dump()", "a path or a file open for writing", path_or_file)
    data = dumps(scored, _format(format, name), warn=warn, **options)
    write_file("pbnscore.dump()", data, path_or_file)


def _format(given: str | None, name: str | None) -> str:
    """The format given, else the one ``name``'s extension names."""
    from pbnscore import outputs
    from pbnscore.errors import OptionError

    found = given if given is not None else outputs.named_by(name)
    if found is None:
        listed = ", ".join(outputs.extensions())
        raise OptionError(f"no format given, and no extension that names one ({listed})")
    return found
