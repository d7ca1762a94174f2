"""Reading an event from PBN or USEBIO bytes, the format told or found:
the one path that :func:`pbnscore.load`, ``batch`` and ``check`` take."""

from __future__ import annotations

import os
from importlib import import_module
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from pathlib import Path
    from typing import BinaryIO

    from pbnscore.errors import Problem
    from pbnscore.model import Event


def detect_format(data: bytes, name: str = "") -> str:
    """'pbn' or 'usebio': from the file extension, else from the content."""
    suffix = os.path.splitext(name)[1].lower()  # os.path: pathlib is slow to import
    if suffix == ".pbn":
        return "pbn"
    if suffix == ".xml":
        return "usebio"
    head = data[:512].lstrip(b"\xef\xbb\xbf \t\r\n")
    return "usebio" if head.startswith(b"<") else "pbn"


def loads(
    data: bytes,
    *,
    source: str = "<string>",
    format: str | None = None,
    warnings: list[Problem] | None = None,
) -> Event:
    """Read an event from the bytes of a PBN or USEBIO file; the reader's
    warnings (PBN's: a strict USEBIO read keeps none) go to ``warnings``."""
    from pbnscore.errors import check_data

    check_data("pbnscore.loads()", data)
    fmt = format or detect_format(data, source)
    reader = import_module(f"pbnscore.{fmt}")
    found = {"warnings": warnings} if fmt == "pbn" and warnings is not None else {}
    event: Event = reader.loads(data, source=source, **found)
    return event


def load(path_or_file: str | Path | BinaryIO, *, format: str | None = None) -> Event:
    """Read an event from a PBN (.pbn) or USEBIO (.xml) file, by path or open
    (binary)."""
    from pbnscore.errors import check_path_or_file

    check_path_or_file("pbnscore.load()", path_or_file)
    if isinstance(path_or_file, str | os.PathLike):
        with open(path_or_file, "rb") as file:
            data = file.read()
        return loads(data, source=os.fspath(path_or_file), format=format)
    name = getattr(path_or_file, "name", None)
    source = name if isinstance(name, str) else "<file>"
    return loads(path_or_file.read(), source=source, format=format)
