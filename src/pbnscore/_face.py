"""What every format module's ``load``, ``loads``, ``dump`` and ``dumps``
share (API reference, "One signature for every format"): the file they are
given, the check of the options they are given, and the refusal of a format
that is written and never read.

Each format module declares its own options as two ``TypedDict``\\ s,
``ReadOptions`` and ``WriteOptions``; their keys are the options it takes."""

from __future__ import annotations

import io
import os
from collections.abc import Iterable, Mapping
from typing import IO

from pbnscore.errors import check_path_or_file, wrong_type

# A file's path, or a file open for reading or writing (binary, or text
# where the format is text).
File = str | os.PathLike[str] | IO[bytes] | IO[str]


def check_options(function: str, given: Iterable[str], allowed: Mapping[str, object]) -> None:
    """A TypeError naming ``function`` (and so its format) for an option not
    in ``allowed``, as Python's own for an unexpected keyword argument."""
    for name in given:
        if name not in allowed:
            takes = ", ".join(allowed) or "none"
            raise TypeError(
                f"{function} got an unexpected keyword argument {name!r} (its options: {takes})"
            )


def read_file(function: str, path_or_file: File, source: str | None) -> tuple[bytes | str, str]:
    """The contents of a path or an open file, and the name problems are
    reported under: ``source``, else the path or the file's name."""
    check_path_or_file(function, path_or_file)
    if isinstance(path_or_file, str | os.PathLike):
        with open(path_or_file, "rb") as file:
            return file.read(), source or os.fspath(path_or_file)
    name = getattr(path_or_file, "name", None)
    return path_or_file.read(), source or (name if isinstance(name, str) else "<file>")


def write_file(function: str, data: bytes | str, fp: File) -> None:
    """``data`` to a path (whole or not at all) or an open file: bytes to a
    binary one; a text format's text to a text file as text, to any other as
    UTF-8. A format of bytes (its encoding is its own) refuses a text file."""
    from pbnscore._atomic import write_bytes

    if isinstance(fp, str | os.PathLike):
        write_bytes(fp, data.encode("utf-8") if isinstance(data, str) else data)
        return
    if isinstance(fp, int) or not callable(getattr(fp, "write", None)):
        raise wrong_type(function, "a file's path or a file open for writing", fp)
    if isinstance(data, bytes) and isinstance(fp, io.TextIOBase):
        raise TypeError(f"{function} writes bytes: open the file in binary mode ('wb')")
    if isinstance(data, str) and _binary(fp):
        data = data.encode("utf-8")
    fp.write(data)  # type: ignore[arg-type]  # the file's mode is checked above


def _binary(fp: object) -> bool:
    return isinstance(fp, io.RawIOBase | io.BufferedIOBase) or "b" in getattr(fp, "mode", "")


def never_read(function: str, what: str) -> NotImplementedError:
    """The refusal of a format that is written and never read back."""
    return NotImplementedError(
        f"{function}: {what} is written, never read: it does not hold the event"
        " (read the PBN or USEBIO file it was made from)"
    )
