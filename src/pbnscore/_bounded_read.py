"""Reading any file pbnscore is given, with a bound on its size.

Results files, and the files options name (``--vp FILE.csv``, ``--aliases
FILE.csv``), are read through :func:`read_limited`: never more than the cap
(a link to ``/dev/zero`` is refused, not read until memory runs out), and in
pieces, so Ctrl-C and SIGTERM stop a read between two of them.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import BinaryIO

from pbnscore.errors import OptionError, ParseError

# The largest real results file seen is 0.3 MiB; a file past this is no
# results file, and reading it whole (PBN takes some 8 times its size to
# read) is what is refused. A VP scale or an aliases file is far smaller.
MAX_INPUT_BYTES = 64 << 20
PIECE_BYTES = 1 << 20  # a signal is acted on between two pieces


def read_limited(
    stream: BinaryIO, source: str, what: str = "a results file", limit: int | None = None
) -> bytes:
    """All of ``stream``; a ParseError past ``limit`` bytes (by default
    :data:`MAX_INPUT_BYTES` as it is when called), having read no more than
    one byte past it."""
    if limit is None:
        limit = MAX_INPUT_BYTES
    pieces: list[bytes] = []
    size = 0
    while piece := stream.read(min(PIECE_BYTES, limit + 1 - size)):
        pieces.append(piece)
        size += len(piece)
        if size > limit:
            message = f"over {limit >> 20} MiB: too large to be {what}"
            raise ParseError(message, source=source, line=1)
    return b"".join(pieces)


def read_text(path: str, what: str) -> str:
    """The file ``path`` as text (UTF-8, a BOM dropped), read as
    :func:`read_limited` reads; OSError and UnicodeDecodeError as raised."""
    with open(path, "rb") as stream:
        return read_limited(stream, path, what).decode("utf-8-sig")


def csv_rows(text: str, source: str, delimiter: str = ",") -> Iterator[tuple[int, list[str]]]:
    """(line number, cells) of each row of an option's CSV file, cells
    separated by ``delimiter``; a field over the csv module's limit, or any
    other CSV fault, is an OptionError at its line, as a bad row is."""
    import csv  # only an option's file needs it, not every command's start-up

    reader = csv.reader(text.splitlines(keepends=True), delimiter=delimiter)
    while True:
        try:
            row = next(reader)
        except StopIteration:
            return
        except csv.Error as exc:
            raise OptionError(f"{source}:{reader.line_num}: not CSV: {exc}") from None
        yield reader.line_num, row
