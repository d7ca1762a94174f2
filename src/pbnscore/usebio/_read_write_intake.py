"""The hardened XML intake of a USEBIO read: bytes or text to an lxml tree.

One configured parser (no entities, no DTD or network, libxml2's size limits),
a cap on the number of tags, entity declarations and references refused
before and after libxml2 sees them, and a byte-order mark that disagrees with
the encoding declaration refused (XML 1.0 §4.3.3). Every failure is one
UsebioError at a line; nothing here knows USEBIO's elements.
"""

from __future__ import annotations

import codecs
import re
from typing import cast

from lxml import etree

from pbnscore._patterns import compiled_later
from pbnscore.errors import UsebioError, excerpt

Element = etree._Element

# One parser for every USEBIO read: no entity expansion, no DTD or network
# access (the DOCTYPE of real files names an EBU URL that must never be
# fetched), libxml2's default size limits kept (huge_tree=False).
PARSER = etree.XMLParser(
    resolve_entities=False,
    no_network=True,
    load_dtd=False,
    huge_tree=False,
    remove_comments=False,
)
_ENCODING_DECL_RE = compiled_later(r"""^(\s*<\?xml[^>]*?encoding\s*=\s*)(["'])[^"']*\2""")


def parse(data: bytes | str, source: str) -> etree._ElementTree:
    """``data`` parsed with :data:`PARSER`; every failure a one-line UsebioError."""
    if isinstance(data, str):
        # lxml refuses str with an encoding declaration; the UTF-8 bytes
        # must then declare UTF-8 whatever the text said.
        data = _ENCODING_DECL_RE.sub(r"\1\2UTF-8\2", data, count=1).encode("utf-8")
    _refuse_bom_mismatch(data, source)
    _refuse_entity_declarations(data, source)
    # No more "<" than bytes: a file of MAX_TAGS bytes or fewer needs no count.
    if len(data) > MAX_TAGS and data.count(b"<") > MAX_TAGS:
        message = f"more than {MAX_TAGS:,} tags: larger than any results file"
        raise UsebioError(message, source=source, line=1)
    try:
        root = etree.fromstring(data, PARSER)
    except etree.XMLSyntaxError as exc:
        head = data.lstrip(b"\xef\xbb\xbf\xfe\xff\x00 \t\r\n")[:1]
        if head and head != b"<":
            # A Word document or a zip named .xml: libxml2's "Start tag expected" says nothing.
            raise UsebioError("not an XML document", source=source, line=1) from None
        raise UsebioError(_syntax_message(exc), source=source, line=exc.lineno or 1) from None
    if root is None:  # lxml returns None for some recoverable empty inputs
        raise UsebioError("empty document", source=source, line=1)
    tree = root.getroottree()
    _refuse_entities(tree, data, source)
    return tree


def _syntax_message(exc: etree.XMLSyntaxError) -> str:
    # libxml2 may end a message with a line of the file's own text: only
    # the first line is libxml2's
    message = (exc.msg or str(exc)).strip().split("\n", 1)[0].strip()
    # lxml appends ", line N, column M"; the line is reported separately.
    message = re.sub(r",\s*line \d+, column \d+$", "", message)
    # libxml2's advice to programmers means nothing to the user: dropped.
    return _ADVICE_RE.sub("", message) or "not well-formed XML"


_ADVICE_RE = compiled_later(r",?\s*(?:(?:use|try) XML_PARSE_HUGE(?: option)?|see xml\w+)\.?$")

# lxml keeps some 500 bytes an element (the writer a second copy): 30 MiB of
# "<x/>" took 3.4 GB. Two million tags is some 90,000 traveller lines, far
# beyond any event; counting them costs milliseconds.
MAX_TAGS = 2_000_000

# "<!ENTITY" in UTF-8 (and ASCII, Latin-1 ...) and in UTF-16, with the line
# end of that encoding.
_ENTITY_DECLARATIONS = tuple(
    ("<!ENTITY".encode(encoding), "\n".encode(encoding))
    for encoding in ("utf-8", "utf-16-le", "utf-16-be", "utf-32-le", "utf-32-be")
)

# Byte-order marks, the longer first (UTF-32-LE's starts with UTF-16-LE's),
# and the encoding family each means.
_BOMS = (
    (codecs.BOM_UTF32_LE, "utf-32-le", "UTF-32"),
    (codecs.BOM_UTF32_BE, "utf-32-be", "UTF-32"),
    (codecs.BOM_UTF8, "utf-8", "UTF-8"),
    (codecs.BOM_UTF16_LE, "utf-16-le", "UTF-16"),
    (codecs.BOM_UTF16_BE, "utf-16-be", "UTF-16"),
)
_DECLARED_RE = compiled_later(r"""\s*<\?xml[^>]*?encoding\s*=\s*(["'])([^"']{0,40})\1""")


def _refuse_bom_mismatch(data: bytes, source: str) -> None:
    """XML 1.0 §4.3.3: a document whose byte-order mark and encoding
    declaration disagree is in error (libxml2 reads a UTF-16 file that
    declares UTF-8 by its mark, without a word)."""
    for bom, codec, family in _BOMS:
        if data.startswith(bom):
            head = data[len(bom) : len(bom) + 400].decode(codec, "replace")
            declared = _DECLARED_RE.match(head)
            if declared is None:
                return
            try:
                name = codecs.lookup(declared[2]).name
            except LookupError:
                name = declared[2]
            if not name.upper().startswith(family):
                message = (
                    f"the byte-order mark says {family} but the XML declaration says "
                    f"{excerpt(declared[2])}"
                )
                raise UsebioError(message, source=source, line=1)
            return


def _refuse_entity_declarations(data: bytes, source: str) -> None:
    """Refused before libxml2 sees them, so that an entity bomb or an external
    entity meets this rule rather than whatever limits the installed libxml2
    has (older ones expand a billion laughs). _refuse_entities is the check
    after parsing, for encodings this scan does not know."""
    # UTF-16 text of "<!ENTITY" has NUL bytes: without one (nearly every
    # file) the UTF-8 scan is the only one needed.
    declarations = _ENTITY_DECLARATIONS if b"\0" in data else _ENTITY_DECLARATIONS[:1]
    for declaration, newline in declarations:
        at = find_by_rare_byte(data, declaration, b"!")
        if at >= 0:
            line = data.count(newline, 0, at) + 1
            raise UsebioError("entity declarations are not allowed", source=source, line=line)


def find_by_rare_byte(
    data: bytes, needle: bytes, rare: bytes, tries: int = 64, *, start: int = 0
) -> int:
    """``data.find(needle, start)``, ``needle`` holding the byte ``rare`` that few
    files have ("!" of "<!ENTITY": a DOCTYPE, a comment or two): finding one
    byte is memchr, some 40 times faster than finding eight bytes. After
    ``tries`` rare bytes that begin no needle, the plain find of the rest."""
    offset = needle.index(rare)
    at = data.find(rare, start + offset)
    for _ in range(tries):
        if at < 0:
            return -1
        if data.startswith(needle, at - offset):
            return at - offset
        at = data.find(rare, at + 1)
    # Every needle before this rare byte was looked for.
    return -1 if at < 0 else data.find(needle, at - offset)


def _refuse_entities(tree: etree._ElementTree, data: bytes, source: str) -> None:
    """No USEBIO file declares or uses entities: refusing them outright closes
    entity expansion and external-entity reads whatever libxml2 would do."""
    dtd = tree.docinfo.internalDTD
    entities = dtd.iterentities() if dtd is not None else ()  # type: ignore[attr-defined]
    if next(iter(entities), None) is not None:
        at = data.find(b"<!ENTITY")
        line = data.count(b"\n", 0, at) + 1 if at >= 0 else 1
        raise UsebioError("entity declarations are not allowed", source=source, line=line)
    if not _may_hold_entity_references(tree, data):
        return
    entity = next(tree.getroot().iter(etree.Entity), None)
    if entity is not None:
        raise UsebioError(
            f"entity reference {entity.text} is not allowed",
            source=source,
            line=sourceline(entity),
        )


# The references libxml2 always replaces by their text, whatever the parser's
# settings: the five predefined entities (XML 1.0 §4.6) and character references.
_REPLACED_REFERENCES = (b"&amp;", b"&lt;", b"&gt;", b"&quot;", b"&apos;", b"&#")


def _may_hold_entity_references(tree: etree._ElementTree, data: bytes, tries: int = 64) -> bool:
    """Whether the tree may hold an entity reference node, as far as the
    bytes show (a walk of every node of a big file costs more than its
    parse's checks together). In an encoding that writes "&" as its own
    byte and only so, every reference begins with that byte; one that is
    none of the references libxml2 replaces may be an entity's. After
    ``tries`` replaced references, the walk decides."""
    if not ascii_itself(tree.docinfo.encoding):
        return True
    at = data.find(b"&")
    for _ in range(tries):
        if at < 0:
            return False
        if not data.startswith(_REPLACED_REFERENCES, at):
            return True
        at = data.find(b"&", at + 1)
    return at >= 0


def sourceline(element: Element) -> int | None:
    """The element's line (lxml-stubs type it loosely)."""
    return cast("int | None", element.sourceline)


def ascii_itself(encoding: str | None) -> bool:
    """Whether ``encoding`` writes every ASCII character as its own byte and
    never otherwise: UTF-8, ASCII and the ISO-8859 and Windows code pages.
    (UTF-7, which may write "<" as "+ADw-", and UTF-16 do not.)"""
    try:
        name = codecs.lookup(encoding or "utf-8").name
    except LookupError:
        return False
    return name in ("utf-8", "ascii") or name.startswith(("iso8859-", "cp125"))
