"""Whether bytes given as PBN are text of PBN's shape at all: a Word
document, a spreadsheet or random bytes is said to be no results file, in
one line, rather than read as a PBN file full of faults
(docs/reference/bad-input.md)."""

from __future__ import annotations

import re

# How far to look: a PBN file's first tag pair comes after at most a few
# lines of % directives and comments (PBN 2.1 §2.4, §3.8).
LOOK = 64 * 1024

# The first bytes of the files a scorer is likeliest to give by mistake.
SIGNATURES = (
    (b"PK\x03\x04", "a ZIP archive"),  # .docx, .xlsx, .odt, .zip
    (b"PK\x05\x06", "a ZIP archive"),  # an empty one
    (b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1", "an Office document"),  # .doc, .xls
    (b"\x00\x01\x00\x00Standard Jet DB", "an Access database"),  # .mdb, .bws
    (b"\x00\x01\x00\x00Standard ACE DB", "an Access database"),  # .accdb
    (b"%PDF", "a PDF document"),
    (b"{\\rtf", "an RTF document"),
    (b"\x1f\x8b", "a gzip archive"),
    (b"Rar!", "a RAR archive"),
    (b"7z\xbc\xaf\x27\x1c", "a 7-Zip archive"),
    (b"\x89PNG", "a PNG image"),
    (b"\xff\xd8\xff", "a JPEG image"),
    (b"GIF8", "a GIF image"),
)
# A tag pair's start, "[Name " at the start of a line (§3.3: a tag name is
# letters, digits and "_"), after a byte-order mark left in the text; a
# line may end in CR alone.
TAG_START_RE = re.compile(r'(?:^|(?<=\r))[ \t\ufeff]*\[[ \t]*[A-Za-z0-9_]+[ \t]*"', re.M)
# Characters no text file holds: C0 controls other than tab, line feed,
# form feed, carriage return and the DOS end-of-file mark, and DEL.
NOT_TEXT_RE = re.compile(r"[\x00-\x08\x0b\x0e-\x19\x1b-\x1f\x7f]")


def not_pbn(data: bytes, text: str) -> str | None:
    """Why ``data`` (decoded: ``text``) is no PBN file, for "not a PBN or
    USEBIO file (...)"; None where it may be one. An empty file, or one of
    directives only, is a PBN file with no games (said so elsewhere)."""
    for signature, kind in SIGNATURES:
        if data.startswith(signature):
            return f"it starts with bytes of {kind}"
    head = text[:LOOK]
    if TAG_START_RE.search(head):
        return None
    if NOT_TEXT_RE.search(head):
        return "it holds bytes that are not text"
    if all(line.lstrip().startswith("%") or not line.strip() for line in head.splitlines()):
        return None
    return f"no tag pair in its first {LOOK // 1024} KiB"
