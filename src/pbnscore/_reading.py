"""Reading an event from PBN, USEBIO or BWS bytes, the format told or found:
the one path that :func:`pbnscore.load`, ``batch`` and ``check`` take."""

from __future__ import annotations

import os
from importlib import import_module
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from typing import IO, Any

    from pbnscore.model import Event


# The first page of an Access database (a Bridgemate BWS): four bytes, then
# the engine's name (Jet 3/4; ACE from Access 2007 on).
_ACCESS_MAGIC = (b"Standard Jet DB", b"Standard ACE DB")


def detect_format(data: bytes, name: str = "") -> str:
    """'pbn', 'usebio' or 'bws': from the file extension, else from the
    content; an Access database is a BWS under any name (docs/reference/bws.md)."""
    if data[4:19] in _ACCESS_MAGIC:
        return "bws"
    suffix = os.path.splitext(name)[1].lower()  # os.path: pathlib is slow to import
    if suffix == ".pbn":
        return "pbn"
    if suffix == ".xml":
        return "usebio"
    if suffix == ".bws":
        return "bws"
    head = data[:512].lstrip(b"\xef\xbb\xbf \t\r\n")
    return "usebio" if head.startswith(b"<") else "pbn"


def reader_module(name: str) -> str:
    """The module that reads format ``name`` (detected or named)."""
    from pbnscore.formats import TABLE

    return TABLE[name].module


def loads(
    data: bytes | str,
    format: str | None = None,
    *,
    source: str = "<string>",
    **options: Any,
) -> Event:
    """Read an event from the bytes of a file, as ``format`` (``pbn``,
    ``usebio``, ``bws``, or an extension that names one, ``xml``), else as
    :func:`detect_format` finds from ``source``'s extension or the content.
    ``source`` names the file in messages. The format's reading options by
    keyword: ``warnings`` (a list each reader adds its warnings to),
    ``strict`` (PBN); an option the format does not take is an
    :class:`~pbnscore.errors.OptionError`. A format the table
    (:data:`pbnscore.formats.TABLE`) says is written and never read (the
    reports: ``json``, ``text``, ``html``, ``csv``) is refused with
    :class:`NotImplementedError`."""
    from pbnscore import outputs
    from pbnscore._face import never_read
    from pbnscore.errors import check_data
    from pbnscore.formats import READABLE, TABLE

    check_data("pbnscore.loads()", data)
    if format is None:
        head = data[:512] if isinstance(data, bytes) else data[:512].encode("utf-8")
        name = detect_format(head, source)
    else:
        name = outputs.named(format, "pbnscore.loads()", READABLE)
    if not TABLE[name].readable:
        raise never_read("pbnscore.loads()", f"the {name} format")
    outputs.refuse_unused(name, "read", options)
    event: Event = import_module(reader_module(name)).loads(data, source=source, **options)
    return event


def load(
    path_or_file: str | os.PathLike[str] | IO[bytes] | IO[str],
    format: str | None = None,
    *,
    source: str | None = None,
    **options: Any,
) -> Event:
    """Read an event from a file, by path or open (binary, or text), as
    ``format`` or as the path's extension or the content says (see
    :func:`loads` for the formats and options); ``source`` names the file in
    messages (default: its path or name)."""
    from pbnscore._face import read_file

    data, name = read_file("pbnscore.load()", path_or_file, source)
    return loads(data, format, source=name, **options)
