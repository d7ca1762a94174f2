"""USEBIO XML -> the results model.

Built from the working notes in ``reference/USEBIO-notes.md`` (section
numbers below refer to them): the five body layouts of §2/§5, old- and
new-style event types (§4), participants (§6), traveller lines (§7) and
special results (§9). Children are read as an unordered set (§2: producers
order them differently); repeated elements are always lists (§13.4.3).

Strict (``loads``), the first problem raises a UsebioError. Lenient
(``check``), a problem met reading a traveller line, board, participant or
match is recorded and that element skipped; the rest is read. A document
that is not XML, not USEBIO or refused outright (entities, size) is one
problem either way.

Every Board, Result, Participant and Match gets ``source_ref``: the index of
its element in :func:`ref_elements` (document order), which the writer uses
on its copy of the tree.

A strict read of a document whose traveller lines all lie in its boards
takes them column by column (:class:`_LineColumns`: one XPath per field, a board's
results kept as :class:`pbnscore.model.ResultColumns`); the element walk
reads the rest, and is the reference the tests compare the columns with.
"""

from __future__ import annotations

import bisect
import codecs
import datetime as dt
import functools
import itertools
import re
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from typing import NoReturn, TypeVar, cast

import attrs
from lxml import etree

from pbnscore import bridge
from pbnscore.errors import Problem, UsebioError, excerpt
from pbnscore.model import (
    Adjusted,
    AdjustedKind,
    Board,
    Club,
    Contract,
    Direction,
    Event,
    EventKind,
    Match,
    Outcome,
    Participant,
    ParticipantKind,
    Play,
    Player,
    Result,
    ResultColumns,
    Seat,
    Section,
    Session,
    Source,
)
from pbnscore.usebio._handset import with_deals

Element = etree._Element
_T = TypeVar("_T")

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

# EVENT_TYPE (upper-cased) -> (kind, type style, scoring method it implies).
# Old-style values carry the scoring; new-style ones leave it to
# BOARD_SCORING_METHOD (§4.1, §4.2, §12). Style None: used in both eras.
EVENT_TYPES: dict[str, tuple[EventKind, str | None, str | None]] = {
    "MP_PAIRS": (EventKind.PAIRS, "old", "MATCH_POINTS"),
    "BUTLER_PAIRS": (EventKind.PAIRS, "old", "BUTLER_IMPS"),
    "CROSS_IMP": (EventKind.PAIRS, "old", "CROSS_IMPS"),
    "CROSS_IMPS": (EventKind.PAIRS, "old", "CROSS_IMPS"),
    "SWISS_PAIRS": (EventKind.PAIRS, None, None),
    "SWISS_PAIRS_CROSS_IMPS": (EventKind.PAIRS, "old", "CROSS_IMPS"),
    "SWISS_PAIRS_BUTLER_IMPS": (EventKind.PAIRS, "old", "BUTLER_IMPS"),
    "AGGREGATE": (EventKind.TEAMS, "old", "AGGREGATE"),
    "TEAMS_OF_FOUR": (EventKind.TEAMS, "old", "IMPS"),
    "SWISS_TEAMS": (EventKind.TEAMS, None, None),
    "KO": (EventKind.TEAMS, "old", "IMPS"),
    "INDIVIDUAL": (EventKind.INDIVIDUAL, None, None),
    "PAIRS": (EventKind.PAIRS, "new", None),
    "TEAMS": (EventKind.TEAMS, "new", None),
}

# BOARD_SCORING_METHOD, MATCH_SCORING_METHOD and the scoring an old-style
# EVENT_TYPE implies (USEBIO-notes §4.2) in pbnscore's words (Source.scorings).
_SCORINGS = {
    "MATCH_POINTS": "matchpoints",
    "BUTLER_IMPS": "butler",
    "CROSS_IMPS": "cross-imps",
    "IMPS": "imps",
    "AGGREGATE": "aggregate",
    "VPS": "vps",
    "BARKING": "barking",
    "PAB": "point-a-board",
    "BAM": "board-a-match",
    "HYBRID": "hybrid",
    "PERCENTAGE": "percentages",
}

# §4.2 step 4: the traveller points fields that reveal the scoring.
_POINTS_SCORING = {
    "NS_MATCH_POINTS": "MATCH_POINTS",
    "NS_BUTLER_POINTS": "BUTLER_IMPS",
    "NS_CROSS_IMP_POINTS": "CROSS_IMPS",
}

_SEATS = {s.value: s for s in Seat} | {
    "NORTH": Seat.N,
    "EAST": Seat.E,
    "SOUTH": Seat.S,
    "WEST": Seat.W,
}
_DIRECTIONS = {"NS": Direction.NS, "EW": Direction.EW, "N-S": Direction.NS, "E-W": Direction.EW}
_NOT_PLAYED = frozenset({"NP"})
# §9.1: A<ns%><ew%>, e.g. A6040.
ADJUSTED_RE = re.compile(r"A(\d\d)(\d\d)")
# Whole numbers as USEBIO writes them; the digit limit turns a 5000-digit
# "number" into a clean error instead of int()'s conversion limit.
_INT_RE = re.compile(r"[+-]?\d{1,9}")
# §7.1 LEAD: suit-first (D10, HT) or rank-first (TD, 10C); ten as T or 10.
_LEAD_SUIT_FIRST_RE = re.compile(r"([SHDC])(10|[2-9TJQKA])")
_LEAD_RANK_FIRST_RE = re.compile(r"(10|[2-9TJQKA])([SHDC])")
_DMY_RE = re.compile(r"(\d{1,2})[/-](\d{1,2})[/-](\d{4})")
_ISO_RE = re.compile(r"(\d{4})-(\d{1,2})-(\d{1,2})")
_ENCODING_DECL_RE = re.compile(r"""^(\s*<\?xml[^>]*?encoding\s*=\s*)(["'])[^"']*\2""")


# The elements model objects are read from, and so the ones ``source_ref``
# counts: indexing only these (not every node) keeps the index cheap to build
# here and again on the writer's copy.
REF_TAGS = ("BOARD", "TRAVELLER_LINE", "PAIR", "TEAM", "PLAYER", "MATCH")


def ref_elements(root: Element) -> list[Element]:
    """The elements a ``source_ref`` indexes, in document order."""
    return list(root.iter(*REF_TAGS))


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


_ADVICE_RE = re.compile(r",?\s*(?:(?:use|try) XML_PARSE_HUGE(?: option)?|see xml\w+)\.?$")

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
_DECLARED_RE = re.compile(r"""\s*<\?xml[^>]*?encoding\s*=\s*(["'])([^"']{0,40})\1""")


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
        at = _find_by_rare_byte(data, declaration, b"!")
        if at >= 0:
            line = data.count(newline, 0, at) + 1
            raise UsebioError("entity declarations are not allowed", source=source, line=line)


def _find_by_rare_byte(data: bytes, needle: bytes, rare: bytes, tries: int = 64) -> int:
    """``data.find(needle)``, ``needle`` holding the byte ``rare`` that few
    files have ("!" of "<!ENTITY": a DOCTYPE, a comment or two): finding one
    byte is memchr, some 40 times faster than finding eight bytes. After
    ``tries`` rare bytes that begin no needle, the plain find of the rest."""
    offset = needle.index(rare)
    at = data.find(rare, offset)
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
    if not _ascii_itself(tree.docinfo.encoding):
        return True
    at = data.find(b"&")
    for _ in range(tries):
        if at < 0:
            return False
        if not data.startswith(_REPLACED_REFERENCES, at):
            return True
        at = data.find(b"&", at + 1)
    return at >= 0


def read(
    data: bytes | str,
    source: str,
    problems: list[Problem] | None = None,
    *,
    columns: bool = True,
) -> Event:
    """The event in ``data``. Strict when ``problems`` is None; else each
    problem of an element is added to it and the element skipped (see
    :meth:`_Reader.carry_on`). A fatal problem raises either way.
    ``columns`` False reads every line by the element walk (a strict read
    otherwise takes uniform lines column by column: the same event)."""
    tree = parse(data, source)
    document = data if isinstance(data, bytes) else data.encode("utf-8")
    return _Reader(source, problems, columns=columns).event(tree, document)


# A lenient read stops after this many problems (a file of garbage is not
# worth reading to its end), as the PBN reader does.
MAX_PROBLEMS = 1000


class TooManyProblems(Exception):
    """Raised by a lenient read that has recorded MAX_PROBLEMS problems (and
    a last one saying so): reading stops. Not a UsebioError, so that no
    element catches it."""


def sourceline(element: Element) -> int | None:
    """The element's line (lxml-stubs type it loosely)."""
    return cast("int | None", element.sourceline)


def _text(element: Element | None) -> str:
    if element is None or element.text is None:
        return ""
    return element.text.strip()


def _fields(element: Element) -> dict[str, str]:
    """Child element texts by tag, stripped (a repeated child: the last
    wins). Comments land under a non-string key no lookup uses; one pass
    over the children is the reader's hot loop."""
    return {child.tag: (child.text or "").strip() for child in element}


def _or_none(text: str | None) -> str | None:
    return text or None


def parse_date(text: str) -> dt.date | None:
    """DATE as dd/mm/yyyy, dd-mm-yyyy (§4.3) or ISO (1.3); None when it is
    none of these or no real date."""
    iso = _ISO_RE.fullmatch(text)
    dmy = _DMY_RE.fullmatch(text)
    try:
        if iso:
            return dt.date(int(iso[1]), int(iso[2]), int(iso[3]))
        if dmy:
            return dt.date(int(dmy[3]), int(dmy[2]), int(dmy[1]))
    except ValueError:
        return None
    return None


@functools.lru_cache(maxsize=1024)
def _whole(text: str) -> int | None:
    """A whole number as USEBIO writes them, or None. (Cached: every line
    has a score and tricks, and a file has few distinct ones.)"""
    return int(text) if _INT_RE.fullmatch(text) else None


@functools.lru_cache(maxsize=512)
def normalise_lead(text: str) -> str | None:
    """A lead as suit then rank with T for ten ("TD", "D10" -> "DT");
    text in neither notation is kept as written. (Cached: a file has few
    distinct leads and thousands of lines.)"""
    lead = text.replace(" ", "").upper()
    if not lead:
        return None
    suit_first = _LEAD_SUIT_FIRST_RE.fullmatch(lead)
    if suit_first:
        suit, rank = suit_first[1], suit_first[2]
    else:
        rank_first = _LEAD_RANK_FIRST_RE.fullmatch(lead)
        if not rank_first:
            return text
        rank, suit = rank_first[1], rank_first[2]
    return suit + ("T" if rank == "10" else rank)


def with_lead(play: Play, lead_text: str) -> Play:
    """``play`` with the lead ``lead_text`` spells (see normalise_lead)."""
    lead = normalise_lead(lead_text)
    if lead is None:
        return play
    outcome, score, contract, contract_text, declarer, _, tricks, adjusted = play
    return Play(outcome, score, contract, contract_text, declarer, lead, tricks, adjusted)


def parse_contract(text: str) -> Contract | None:
    """§7.3: a contract in any producer's spelling (the one grammar of
    :func:`pbnscore.bridge.parse_contract`, which PBN is read with too);
    None for anything else, a pass included."""
    try:
        return bridge.parse_contract(text)
    except bridge.ContractError:
        return None


class _Reader:
    """One read of one document: knows the source name for messages, each
    element's position for ``source_ref`` and where problems go: ``problems``
    None is strict."""

    def __init__(
        self, source: str, problems: list[Problem] | None = None, *, columns: bool = True
    ) -> None:
        self.source = source
        self.use_columns = columns  # False: the element walk alone (the tests' reference)
        self.problems = problems
        self.refs: dict[Element, int] = {}
        self.plays: dict[tuple[str, ...], Play] = {}
        self.columns: _LineColumns | None = None
        self.bulk = False

    # -- errors and small values -------------------------------------------

    def fail(self, message: str, element: Element) -> NoReturn:
        raise UsebioError(message, source=self.source, line=sourceline(element))

    def carry_on(self, error: UsebioError) -> None:
        """Called where reading one traveller line, board, participant or
        match failed. Strict, the error stands; lenient, it is recorded and
        the caller skips the element. (Every element is read inside a ``try``:
        free in Python 3.11 until something raises, so strict reads as fast
        as without it.)"""
        if self.problems is None:
            raise error
        self.record(self.problems, Problem(error.message, self.source, error.line))

    def record(self, problems: list[Problem], problem: Problem) -> None:
        """A lenient read's problem; after MAX_PROBLEMS, a last one saying so."""
        problems.append(problem)
        if len(problems) >= MAX_PROBLEMS:
            message = "too many problems; the rest of the file is not read"
            problems.append(Problem(message, self.source, problem.line))
            raise TooManyProblems

    def integer(self, tag: str, text: str, element: Element) -> int:
        value = _whole(text)
        if value is None:
            self.fail(f"{tag} {excerpt(text, 20)} is not a whole number", element)
        return value

    def optional_int(self, tag: str, text: str, element: Element) -> int | None:
        return self.integer(tag, text, element) if text else None

    def lookup(
        self, table: Mapping[str, _T], tag: str, text: str, element: Element, expected: str
    ) -> _T | None:
        """A closed-vocabulary value, case-insensitive; empty is None."""
        if not text:
            return None
        try:
            return table[text.upper()]
        except KeyError:
            self.fail(f"{tag} {excerpt(text)} is not {expected}", element)

    def direction(self, text: str, element: Element) -> Direction | None:
        return self.lookup(_DIRECTIONS, "DIRECTION", text, element, "NS or EW")

    def build(self, factory: Callable[[], _T], element: Element) -> _T:
        """A model object; its validators' complaints (board 0, 14 tricks)
        become errors at the element's line."""
        try:
            return factory()
        except ValueError as exc:
            self.fail(str(exc), element)

    # -- document ----------------------------------------------------------

    def event(self, tree: etree._ElementTree, document: bytes) -> Event:
        root = tree.getroot()
        if root.tag != "USEBIO":
            self.fail(f"not a USEBIO file: the root element is <{root.tag}>", root)
        event_el = root.find("EVENT")
        if event_el is None:
            self.fail("not a USEBIO results file: no EVENT element", root)
        # A strict read of uniform lines takes them column by column; a
        # lenient one (check) walks every line, for its per-line warnings.
        walk = self.problems is not None or not self.use_columns
        self.bulk = not walk  # participants' fields too (see _PairColumns)
        self.columns = None if walk else _LineColumns.of(root, event_el, document)
        if self.columns is not None:
            self.refs = self.columns.refs
        else:
            self.refs = {element: ref for ref, element in enumerate(ref_elements(root))}
        header = _fields(event_el)
        sessions = with_deals(self.sessions(event_el), root)
        kind, style, scoring = _event_type(event_el, header, sessions)
        named = (scoring, header.get("MATCH_SCORING_METHOD", "").strip().upper() or None)
        version = root.get("Version") or root.get("VERSION") or root.get("version")
        source = Source(
            name=self.source,
            format="usebio",
            version=version,
            document=document,
            tree=tree,
            type_style=style,
            scoring=scoring,
            scorings=tuple(dict.fromkeys(_SCORINGS.get(n, n.lower()) for n in named if n)),
        )
        return Event(
            kind=kind,
            sessions=sessions,
            source=source,
            title=_or_none(header.get("EVENT_DESCRIPTION") or header.get("TITLE")),
            date=parse_date(header.get("DATE", "")),
            club=_club(root.find("CLUB")),
        )

    def sessions(self, event_el: Element) -> tuple[Session, ...]:
        """Layouts A, D, E (content straight under EVENT) make one session
        without an id; layouts B, C have SESSION elements (§5)."""
        sessions = [self.session(child) for child in event_el.iterchildren("SESSION")]
        own = self.container(event_el, None)
        if own.sections or own.teams or own.matches:
            sessions.insert(0, own)
        return tuple(sessions)

    def session(self, element: Element) -> Session:
        return self.container(element, _or_none((element.get("SESSION_ID") or "").strip()))

    def container(self, element: Element, session_id: str | None) -> Session:
        """PARTICIPANTS, BOARD, MATCH and SECTION found directly in EVENT or
        SESSION; pairs and boards there form a section without an id."""
        pairs: list[Participant] = []
        teams: list[Participant] = []
        boards: list[Board] = []
        matches: list[Match] = []
        sections: list[Section] = []
        for child in element:
            tag = child.tag
            if tag == "PARTICIPANTS":
                self.participants(child, None, pairs, teams)
            elif tag == "BOARD":
                self.board_into(boards, child)
            elif tag == "MATCH":
                try:
                    matches.append(self.match(child))
                except UsebioError as error:
                    self.carry_on(error)
            elif tag == "SECTION":
                sections.append(self.section(child))
        if pairs or boards:
            sections[0:0] = _flat_sections(pairs, boards)
        if teams and matches:
            teams = _seat_team_pairs(teams, matches)
        return Session(session_id, tuple(sections), tuple(teams), tuple(matches))

    def section(self, element: Element) -> Section:
        section_id = _or_none((element.get("SECTION_ID") or "").strip())
        pairs: list[Participant] = []
        teams: list[Participant] = []
        boards: list[Board] = []
        for child in element:
            if child.tag == "PARTICIPANTS":
                self.participants(child, section_id, pairs, teams)
            elif child.tag == "BOARD":
                self.board_into(boards, child)
        # Teams inside a SECTION have been seen in no file; keep them as
        # participants of the section rather than drop them.
        return Section(section_id, tuple(pairs + teams), tuple(boards))

    # -- participants (§6) -------------------------------------------------

    def participants(
        self,
        element: Element,
        section: str | None,
        pairs: list[Participant],
        teams: list[Participant],
    ) -> None:
        known = _PairColumns.of(element) if self.bulk else None
        for child in element:
            tag = child.tag
            try:
                if tag == "PAIR":
                    pairs.append(self.pair(child, section, None, known))
                elif tag == "PLAYER":
                    pairs.append(self.individual(child, section))
                elif tag == "TEAM":
                    teams.append(self.team(child, section))
            except UsebioError as error:
                self.carry_on(error)

    def pair(
        self,
        element: Element,
        section: str | None,
        team: str | None,
        known: _PairColumns | None = None,
    ) -> Participant:
        """``known``: the fields of the pairs beside this one, read in bulk."""
        if known is None:
            fields = _fields(element)
            number, direction = fields.get("PAIR_NUMBER", ""), fields.get("DIRECTION", "")
            players = _players(element)
        else:
            number, direction, players = known.of_pair(element)
        if not number:
            self.fail("PAIR without a PAIR_NUMBER", element)
        return Participant(
            id=number,
            kind=ParticipantKind.PAIR,
            direction=self.direction(direction, element),
            section=section,
            players=players,
            team=team,
            source_ref=self.refs[element],
        )

    def individual(self, element: Element, section: str | None) -> Participant:
        fields = _fields(element)
        number = fields.get("PLAYER_NUMBER", "")
        if not number:
            self.fail("PLAYER participant without a PLAYER_NUMBER", element)
        return Participant(
            id=number,
            kind=ParticipantKind.PLAYER,
            section=section,
            players=(_player(fields),),
            source_ref=self.refs[element],
        )

    def team(self, element: Element, section: str | None) -> Participant:
        fields = _fields(element)
        team_id = (element.get("TEAM_ID") or fields.get("TEAM_ID") or "").strip()
        if not team_id:
            self.fail("TEAM without a TEAM_ID", element)
        name = (element.get("TEAM_NAME") or fields.get("TEAM_NAME") or "").strip()
        members: list[Participant] = []
        known = _PairColumns.of(element) if self.bulk else None
        for member in element.iterchildren("PAIR"):
            try:
                members.append(self.pair(member, section, team_id, known))
            except UsebioError as error:
                self.carry_on(error)
        return Participant(
            id=team_id,
            kind=ParticipantKind.TEAM,
            section=section,
            players=_players(element),  # PLAYERs straight in TEAM (§6.4, Marc Shearer)
            name=name or None,
            members=tuple(members),
            source_ref=self.refs[element],
        )

    # -- boards and results (§7, §9) ---------------------------------------

    def board_into(self, boards: list[Board], element: Element) -> None:
        try:
            boards.append(self.board(element))
        except UsebioError as error:
            self.carry_on(error)

    def board(self, element: Element) -> Board:
        number_el = next(element.iterchildren("BOARD_NUMBER"), None)
        if number_el is None or not _text(number_el):
            self.fail("BOARD without a BOARD_NUMBER", element)
        number = self.integer("BOARD_NUMBER", _text(number_el), number_el)
        if number < 1:  # said here: the model's validator would name its field
            self.fail(f"BOARD_NUMBER {number} is not a board number", number_el)
        ref = self.refs[element]
        columns = None if self.columns is None else self.columns.board(self, element)
        if columns is not None:
            return self.build(lambda: Board(number, columns, source_ref=ref), element)
        results: list[Result] = []
        for line in element.iterchildren("TRAVELLER_LINE"):
            try:
                results.append(self.result(line))
            except UsebioError as error:
                self.carry_on(error)
        return self.build(lambda: Board(number, tuple(results), source_ref=ref), element)

    def result(self, element: Element) -> Result:
        """One traveller line: who sat where (§7), then what was played,
        read once for each spelling of it (see :meth:`play`)."""
        fields = _fields(element)
        texts = (
            fields.get("CONTRACT", ""),
            fields.get("SCORE", ""),
            fields.get("PLAYED_BY", ""),
            fields.get("LEAD", ""),
            fields.get("TRICKS", ""),
        )
        play = self.plays.get(texts)
        if play is None:
            play = self.plays[texts] = self.play(*texts, element)
        if play.outcome is Outcome.PASSED_OUT and self.problems is not None:
            self.passed_out(texts[1], element)
        try:
            return Result(
                ns=fields.get("NS_PAIR_NUMBER") or None,
                ew=fields.get("EW_PAIR_NUMBER") or None,
                outcome=play.outcome,
                score=play.score,
                contract=play.contract,
                contract_text=play.contract_text,
                declarer=play.declarer,
                lead=play.lead,
                tricks=play.tricks,
                adjusted=play.adjusted,
                home_direction=self.direction(fields.get("DIRECTION", ""), element),
                line=sourceline(element),
                source_ref=self.refs[element],
                players=_seat_players(fields),
            )
        except UsebioError:  # a ValueError too, already placed: not wrapped again
            raise
        except ValueError as exc:  # the model's validators: 14 tricks
            self.fail(str(exc), element)

    def passed_out(self, score_text: str, element: Element) -> None:
        """A lenient read warns of a pass-out's non-zero SCORE: the contract
        decides and it scores 0, as in PBN (both readers, one rule)."""
        score = _whole(score_text)
        if score and self.problems is not None:
            message = bridge.passed_out_with_a_score(score)
            self.record(
                self.problems, Problem(message, self.source, sourceline(element), "warning")
            )

    def play(
        self,
        contract_text: str,
        score_text: str,
        played_by: str,
        lead_text: str,
        tricks_text: str,
        element: Element,
    ) -> Play:
        """A line's outcome, score, contract and play (§7, §9). A file
        repeats a few of these over thousands of lines: :meth:`result` asks
        once per spelling (errors are not remembered, so each bad line fails
        at its own line)."""
        play, led = self.bare_play(contract_text, score_text, played_by, tricks_text, element)
        return with_lead(play, lead_text) if led else play

    def bare_play(
        self,
        contract_text: str,
        score_text: str,
        played_by: str,
        tricks_text: str,
        element: Element,
    ) -> tuple[Play, bool]:
        """:meth:`play` without the lead, and whether the lead is kept (a
        played or unscored contract's; an adjusted, not played or passed
        out line's is not). Nothing in a play's checks looks at the lead:
        a file's leads vary more than the rest, so the column read keeps
        these apart."""
        written = contract_text or None
        contract_key = "".join(contract_text.split()).upper()
        code = score_text[:1] in ("A", "a") and ADJUSTED_RE.fullmatch(score_text.upper())
        if code:
            ns, ew = int(code[1]), int(code[2])
            adjusted = Adjusted(
                score_text, AdjustedKind.from_percent(ns), AdjustedKind.from_percent(ew), ns, ew
            )
            return Play(Outcome.ADJUSTED, contract_text=written, adjusted=adjusted), False
        if contract_key in _NOT_PLAYED:
            # §9.3: the converter's "NP" line carries a dummy PLAYED_BY/TRICKS/SCORE.
            return Play(Outcome.NOT_PLAYED, contract_text=written), False
        if bridge.PASS_RE.fullmatch(contract_key):
            # Passed hands carry a meaningless PLAYED_BY N (§9.2): not kept.
            return Play(Outcome.PASSED_OUT, score=0, contract_text=written), False
        outcome, score = Outcome.NOT_PLAYED, None
        if score_text and score_text.upper() != "NP":  # else a line without a score
            outcome, score = Outcome.PLAYED, self.integer("SCORE", score_text, element)
        contract = parse_contract(contract_key)
        play = Play(
            outcome,
            score=score,
            contract=contract,
            contract_text=written,
            declarer=self.lookup(_SEATS, "PLAYED_BY", played_by, element, "N, E, S or W"),
            tricks=self.tricks(tricks_text, contract, element),
        )
        return play, True

    def tricks(self, text: str, contract: Contract | None, element: Element) -> int | None:
        if not text:
            return None
        if text[0] in "=+-" and bridge.RELATIVE_TRICKS_RE.fullmatch(text):
            if contract is None:
                return None  # "+1" means nothing without a contract
            return bridge.relative_tricks(contract, text)
        return self.integer("TRICKS", text, element)

    # -- teams (§10) ----------------------------------------------------------

    def match(self, element: Element) -> Match:
        fields = _fields(element)
        # Swiss pairs matches (RealBridge, §10) name the pairs instead of teams.
        team = fields.get("TEAM") or fields.get("NS_PAIR_NUMBER", "")
        opponent = fields.get("OPPOSING_TEAM") or fields.get("EW_PAIR_NUMBER", "")
        if not team or not opponent:
            self.fail("MATCH without TEAM and OPPOSING_TEAM", element)
        round_el = next(element.iterchildren("ROUND_NUMBER"), None)
        round_text = _text(round_el)
        boards: list[Board] = []
        for board_el in element.iterchildren("BOARD"):
            self.board_into(boards, board_el)
        return Match(
            team=team,
            opponent=opponent,
            boards=tuple(boards),
            round=self.optional_int(
                "ROUND_NUMBER", round_text, element if round_el is None else round_el
            ),
            source_ref=self.refs[element],
        )


_SEAT_PLAYER_TAGS = ("N_PLAYER_NUMBER", "E_PLAYER_NUMBER", "S_PLAYER_NUMBER", "W_PLAYER_NUMBER")


# -- traveller lines column by column -------------------------------------------

# The boards the reader reads (see _Reader.container): straight under EVENT
# or a SESSION, or in their MATCHes and SECTIONs; relative to EVENT.
_BOARDS = " | ".join(
    f"{session}{within}BOARD"
    for session in ("", "SESSION/")
    for within in ("", "MATCH/", "SECTION/")
)
_LINES = f"({_BOARDS})/TRAVELLER_LINE"
_READ_BOARDS = etree.XPath(_BOARDS)
# The traveller line fields the reader reads (see _Reader.result).
_LINE_TAGS = (
    "NS_PAIR_NUMBER", "EW_PAIR_NUMBER", "DIRECTION", "CONTRACT", "SCORE", "PLAYED_BY", "LEAD",
    "TRICKS", *_SEAT_PLAYER_TAGS,
)  # fmt: skip
_Fields = dict[str, tuple[etree.XPath, etree.XPath]]


def _flat_sections(pairs: list[Participant], boards: list[Board]) -> list[Section]:
    """The section of pairs and boards found straight in EVENT or SESSION;
    several where a board number comes back with other pairs. A file written
    for Cobalt (``--usebio-for cobalt``) holds every section's boards straight
    under EVENT, section after section, its pairs numbered apart (A1, B1):
    each run of boards that starts again at a number already seen, played by
    pairs no other run has, is a section, named by its pairs' common prefix.
    Where the runs share a pair the boards stay one section, and a board
    there twice is refused as before (validate)."""
    runs: list[list[Board]] = [[]]
    numbers: set[int] = set()
    for board in boards:
        if board.number in numbers:
            runs.append([])
            numbers.clear()
        numbers.add(board.number)
        runs[-1].append(board)
    whole = [Section(None, tuple(pairs), tuple(boards))]
    if len(runs) == 1:  # before any result is looked at: a board's lines stay unread
        return whole
    players = [{who for b in run for r in b.results for who in _who(r)} for run in runs]
    if sum(map(len, players)) != len(set().union(*players)):
        return whole
    ids = _section_ids(players)
    sections = []
    for index, (run, playing) in enumerate(zip(runs, players, strict=True)):
        # A pair that played nowhere stays with the first section.
        own = [p for p in pairs if p.id in playing or (index == 0 and _nowhere(p, players))]
        members = tuple(attrs.evolve(p, section=ids[index]) for p in own)
        sections.append(Section(ids[index], members, tuple(run)))
    return sections


def _who(result: Result) -> Iterator[str]:
    """The participant ids a result names: its pairs, or an individual's players."""
    yield from (who for who in (result.ns, result.ew, *result.players) if who is not None)


def _nowhere(pair: Participant, players: list[set[str]]) -> bool:
    return not any(pair.id in playing for playing in players)


def _section_ids(players: list[set[str]]) -> list[str]:
    """Each run's pairs' common letters before their number (``A`` of A1NS,
    A2), where every run has its own; else the runs' order, 1, 2, ..."""
    prefixes = [{_before_digits(who) for who in playing} for playing in players]
    named = [next(iter(found)) for found in prefixes if len(found) == 1 and "" not in found]
    if len(named) == len(players) and len(set(named)) == len(named):
        return named
    return [str(number) for number in range(1, len(players) + 1)]


def _before_digits(text: str) -> str:
    return "".join(itertools.takewhile(lambda char: not char.isdigit(), text))


def _last_fields(owners: str, tags: Iterable[str]) -> _Fields:
    """For each tag, XPaths of the nodes of each owner's last child of that
    tag, and of that child (see _column)."""
    return {
        tag: (
            etree.XPath(f"{owners}/{tag}[last()]/node()", smart_strings=False),
            etree.XPath(f"{owners}/{tag}[last()]"),
        )
        for tag in tags
    }


# Each line's last child of a tag (the walk's "the last wins"), its nodes:
# one per line exactly when every line has a non-empty one. Text comes as
# str (the parser merges adjacent text, CDATA included), an element, comment
# or processing instruction as an object: where one is in a field, its
# ``.text`` (the walk's) is not its text nodes.
_LINE_FIELDS = _last_fields(_LINES, _LINE_TAGS)


# The elements with a ref but the lines (see REF_TAGS).
_OTHER_REF_TAGS = tuple(tag for tag in REF_TAGS if tag != "TRAVELLER_LINE")
_CHILD_LINES = etree.XPath("count(TRAVELLER_LINE)")


def _child_lines(board: Element) -> int:
    """How many TRAVELLER_LINE children the board has (no proxy made)."""
    return int(cast("float", _CHILD_LINES(board)))


_LINE_ELEMENTS = etree.XPath(_LINES)


@attrs.define
class _RefLayout:
    """The refs of a document whose lines all lie in the boards the reader
    reads: every other ref element's, and each such board's lines' (a
    slice of ``line_refs``)."""

    refs: dict[Element, int]
    slices: dict[Element, tuple[int, int]]
    line_refs: list[int]

    @classmethod
    def by_count(
        cls, root: Element, read_boards: list[Element], document: bytes
    ) -> _RefLayout | None:
        """Without a proxy per line (the lines are most of the ref elements,
        and a proxy costs more than its ref). Where the document's bytes hold
        as many "<TRAVELLER_LINE" as the boards read have line children (no
        line lies elsewhere: each has its start tag) and no ref element lies
        in a board read but its lines, each board's lines come right after
        it in document order, their refs the next ones. None where that is
        not shown."""
        if not _ascii_itself(root.getroottree().docinfo.encoding):
            return None  # the start tags' bytes are not known
        counts = [_child_lines(board) for board in read_boards]
        if document.count(b"<TRAVELLER_LINE") != sum(counts):
            return None  # a line elsewhere, or the bytes in a comment
        lines_of = dict(zip(read_boards, counts, strict=True))
        others = list(root.iter(*_OTHER_REF_TAGS))
        refs: dict[Element, int] = {}
        slices: dict[Element, tuple[int, int]] = {}
        line_refs: list[int] = []
        for position, element in enumerate(others):
            ref = refs[element] = position + len(line_refs)
            count = lines_of.get(element)
            if count is None:
                continue
            # What lies in a board comes right after it: the next one tells.
            after = others[position + 1 : position + 2]
            if after and element in after[0].iterancestors("BOARD"):
                return None
            slices[element] = (len(line_refs), len(line_refs) + count)
            line_refs.extend(range(ref + 1, ref + 1 + count))
        return cls(refs, slices, line_refs)

    @classmethod
    def by_walk(cls, root: Element, read_boards: list[Element]) -> _RefLayout | None:
        """By a walk over every ref element; None where a line lies outside
        the boards read (or a board in one of them)."""
        refs: dict[Element, int] = {}
        starts: dict[Element, int] = {}
        line_refs: list[int] = []
        for ref, element in enumerate(ref_elements(root)):
            if element.tag == "TRAVELLER_LINE":
                line_refs.append(ref)
            else:
                refs[element] = ref
                if element.tag == "BOARD":
                    starts[element] = len(line_refs)
        count = len(line_refs)
        # Every line in a board the reader reads, and no board inside one
        # (a HANDSET's boards hold hands, not lines): a board's lines are
        # then the ones after it in document order, up to the next board
        # the reader reads.
        read = set(read_boards)
        if not all(_outside(board, read) for board in starts if board not in read):
            return None
        starts = {board: start for board, start in starts.items() if board in read}
        if sum(map(_child_lines, read_boards)) != count:
            return None
        firsts = list(starts.values())
        slices = dict(zip(starts, zip(firsts, [*firsts[1:], count], strict=False), strict=False))
        return cls(refs, slices, line_refs)


# Above this many lines (some 17 MB of tree: half a 32 MB cache) the fields
# are taken board by board (see _nodes_board_by_board); below, the seven
# calls of a board each cost more than the cache saves (60 tables: 3.1 ->
# 3.5 ms; 120 the same; 227 tables 15.6 -> 14.7; 1,000 tables 92-107 -> 66-68).
BOARD_BY_BOARD_LINES = 5000
# A board's lines' fields, as _LINE_FIELDS' first XPaths give them for all.
_BOARD_LINE_NODES = {
    tag: etree.XPath(f"TRAVELLER_LINE/{tag}[last()]/node()", smart_strings=False)
    for tag in _LINE_TAGS
}


def _nodes_board_by_board(boards: list[Element], tags: list[str]) -> dict[str, list[object]]:
    """Each tag's nodes of _LINE_FIELDS (the boards read, in document order,
    hold every line, and none lies in another), taken board by board: a
    board's lines stay in the cache for all its fields, where a pass over
    every line of a big file for each field finds them gone (see
    BOARD_BY_BOARD_LINES)."""
    found: dict[str, list[object]] = {tag: [] for tag in tags}
    for board in boards:
        for tag in tags:
            found[tag] += cast("list[object]", _BOARD_LINE_NODES[tag](board))
    return found


def _line_numbers(board: Element) -> list[int | None]:
    """The source lines of the board's traveller lines."""
    return [sourceline(line) for line in board.iterchildren("TRAVELLER_LINE")]


class _LineColumns:
    """Every traveller line's fields, one list per tag in document order,
    extracted by lxml in bulk (XPath ``node()``) instead of a walk over each
    line's children: the reader's hot loop. Only for a document whose lines
    lie where the reader reads them; a field some lines lack, leave empty or
    fill with more than text is taken line by line; a board whose
    lines do not read cleanly is read by the walk (which reports the
    problem exactly as ever)."""

    def __init__(self, layout: _RefLayout, texts: dict[str, list[str] | None]) -> None:
        self.refs = layout.refs  # of every ref element but the lines
        self.slices = layout.slices  # each board's lines: (first, after the last)
        self.line_refs = layout.line_refs
        self.texts = texts  # by tag; None where no line has the tag
        self.values: _LineValues | None = None  # made when the first board is read

    @classmethod
    def of(cls, root: Element, event_el: Element, document: bytes) -> _LineColumns | None:
        """The columns of the document, or None where the walk must read it."""
        read_boards = cast("list[Element]", _READ_BOARDS(event_el))
        layout = _RefLayout.by_count(root, read_boards, document) or _RefLayout.by_walk(
            root, read_boards
        )
        if layout is None:
            return None
        count = len(layout.line_refs)
        # A proxy per line costs more than a column: made only for a field
        # that some lines lack (see _column).
        lines = functools.cache(lambda: cast("list[Element]", _LINE_ELEMENTS(event_el)))
        absent = _absent_optional_tags(root, document)
        read = [tag for tag in _LINE_TAGS if tag not in absent]
        big = count > BOARD_BY_BOARD_LINES
        nodes = _nodes_board_by_board(read_boards, read) if big else {}
        texts = dict.fromkeys(_LINE_TAGS)
        for tag in read:
            texts[tag] = _column(event_el, _LINE_FIELDS, tag, count, lines, nodes.get(tag))
        return cls(layout, texts)

    def board(self, reader: _Reader, element: Element) -> ResultColumns | None:
        """The board's results as columns; None (the board's lines then
        given their refs, for the walk) where a line does not read cleanly."""
        start, stop = self.slices[element]
        values = self.values
        if values is None:
            values = self.values = _LineValues.of(self, reader, element)
        if not values.clean(start, stop):
            for ref, line in zip(
                self.line_refs[start:stop], element.iterchildren("TRAVELLER_LINE"), strict=True
            ):
                reader.refs[line] = ref
            return None
        homes, players = values.homes, values.players
        return ResultColumns(
            values.ns[start:stop],
            values.ew[start:stop],
            cast("list[Play]", values.plays[start:stop]),
            homes=None if homes is None else homes[start:stop],
            lines=lambda: _line_numbers(element),
            refs=self.line_refs[start:stop],
            players=None if players is None else players[start:stop],
        )


# The fields a line's play is read from, in _Reader.play's order.
_PLAY_TAGS = ("CONTRACT", "SCORE", "PLAYED_BY", "LEAD", "TRICKS")


@attrs.define
class _LineValues:
    """Every line's values (what a board's ResultColumns slice), read from
    the texts of the whole document at once: each distinct spelling is read
    once. ``bad`` (sorted) holds the lines that do not read cleanly."""

    ns: list[str | None]
    ew: list[str | None]
    plays: list[Play | None]  # None on a bad line
    homes: list[Direction | None] | None
    players: list[tuple[str | None, ...]] | None
    bad: list[int]

    @classmethod
    def of(cls, columns: _LineColumns, reader: _Reader, element: Element) -> _LineValues:
        """``element`` is only where a failure would be reported: a line
        that fails is marked bad, and its board read by the walk, which
        reports it at its own line."""
        texts = columns.texts
        count = len(columns.line_refs)
        blank = [""] * count
        bad: set[int] = set()
        plays = _plays(reader, [texts[tag] or blank for tag in _PLAY_TAGS], element, bad)
        directions = texts["DIRECTION"]
        homes = None
        if directions is not None:
            homes = _converted(directions, lambda text: reader.direction(text, element), bad)
        seats = [texts[tag] for tag in _SEAT_PLAYER_TAGS]
        players = None
        if any(column is not None for column in seats):
            players = [
                found if any(found) else ()
                for found in zip(
                    *([text or None for text in c] if c else [None] * count for c in seats),
                    strict=True,
                )
            ]
        return cls(
            _or_nones(texts["NS_PAIR_NUMBER"], count),
            _or_nones(texts["EW_PAIR_NUMBER"], count),
            plays,
            homes,
            players,
            sorted(bad),
        )

    def clean(self, start: int, stop: int) -> bool:
        """Whether lines ``start`` to ``stop`` (exclusive) all read cleanly."""
        at = bisect.bisect_left(self.bad, start)
        return at == len(self.bad) or self.bad[at] >= stop


def _or_nones(texts: list[str] | None, count: int) -> list[str | None]:
    """The ``count`` texts with None for each empty one (the list itself
    where none is: no pair number is empty in nearly every file)."""
    if texts is None:
        return [None] * count
    if "" in texts:
        return [text or None for text in texts]
    return cast("list[str | None]", texts)


def _plays(
    reader: _Reader, texts: list[list[str]], element: Element, bad: set[int]
) -> list[Play | None]:
    """Each line's play from its _PLAY_TAGS texts, read once per spelling
    (see _PlayMemo); a line whose play fails is added to ``bad``."""
    memo = _PlayMemo(reader, element)
    # One pass: a spelling is read where first met. zip reuses its tuple
    # once the lookup has let go of it: only the distinct spellings are kept.
    plays = list(map(memo.__getitem__, zip(*texts, strict=True)))
    if memo.failed:
        bad.update(index for index, play in enumerate(plays) if play is None)
    reader.plays.update(memo.read)
    return plays


class _PlayMemo(dict[tuple[str, ...], "Play | None"]):
    """The play of each _PLAY_TAGS spelling, looked up in the reader's memo
    (which the walk shares) or read where first met, once per spelling but
    for the lead (see _Reader.bare_play); None where it fails. ``read``
    holds the plays read here, for the reader's memo."""

    def __init__(self, reader: _Reader, element: Element) -> None:
        super().__init__(reader.plays)
        self.reader, self.element = reader, element
        self.read: dict[tuple[str, ...], Play] = {}
        self.bare: dict[tuple[str, ...], tuple[Play, bool] | None] = {}  # None: it fails
        self.failed = False

    def __missing__(self, key: tuple[str, ...]) -> Play | None:
        contract, score, played_by, lead, tricks = key
        unled = (contract, score, played_by, tricks)
        if unled not in self.bare:
            self.bare[unled] = _checked_bare_play(self.reader, unled, self.element)
        found = self.bare[unled]
        play = None
        if found is None:
            self.failed = True
        else:
            play = self.read[key] = with_lead(found[0], lead) if found[1] else found[0]
        self[key] = play
        return play


def _checked_bare_play(
    reader: _Reader, texts: tuple[str, ...], element: Element
) -> tuple[Play, bool] | None:
    """:meth:`_Reader.bare_play` of the texts, checked as the model checks
    a Result; None where either fails."""
    try:
        found = reader.bare_play(texts[0], texts[1], texts[2], texts[3], element)
        Result(None, None, *found[0])  # the model's checks of the play (14 tricks)
    except (UsebioError, ValueError):
        return None
    return found


def _converted(texts: list[str], convert: Callable[[str], _T], bad: set[int]) -> list[_T | None]:
    """``convert`` of each text, once per distinct text; the lines whose
    text fails are added to ``bad`` (their value None)."""
    values: dict[str, _T] = {}
    failed = False
    for text in set(texts):
        try:
            values[text] = convert(text)
        except UsebioError:
            failed = True
    if failed:
        bad.update(index for index, text in enumerate(texts) if text not in values)
    return list(map(values.get, texts))


def _absent_optional_tags(root: Element, document: bytes) -> frozenset[str]:
    """The optional line fields no line has, as far as a scan of the bytes
    shows, which is cheaper than an XPath: in an encoding that writes ASCII
    as itself and only so, a field's start tag is in the bytes after the
    first line's."""
    if not _ascii_itself(root.getroottree().docinfo.encoding):
        return frozenset()
    first = document.find(b"<TRAVELLER_LINE")
    if first < 0:
        return frozenset()
    absent = set()
    if document.find(b"<DIRECTION", first) < 0:
        absent.add("DIRECTION")
    # One scan for the four seats' players (individual events only).
    if document.find(b"_PLAYER_NUMBER", first) < 0:
        absent.update(_SEAT_PLAYER_TAGS)
    return frozenset(absent)


def _ascii_itself(encoding: str | None) -> bool:
    """Whether ``encoding`` writes every ASCII character as its own byte and
    never otherwise: UTF-8, ASCII and the ISO-8859 and Windows code pages.
    (UTF-7, which may write "<" as "+ADw-", and UTF-16 do not.)"""
    try:
        name = codecs.lookup(encoding or "utf-8").name
    except LookupError:
        return False
    return name in ("utf-8", "ascii") or name.startswith(("iso8859-", "cp125"))


def _outside(element: Element, boards: set[Element]) -> bool:
    """Whether ``element`` lies in none of ``boards``."""
    return not any(ancestor in boards for ancestor in element.iterancestors("BOARD"))


def _column(
    context: Element,
    fields: _Fields,
    tag: str,
    count: int,
    owners: Callable[[], Sequence[Element]],
    nodes: list[object] | None = None,
) -> list[str] | None:
    """Each owner's (line's, pair's ...) ``tag`` text as the walk reads it
    (its last such child's ``.text``), stripped, "" where it has none; None
    where no owner has a non-empty one. The ``count`` owners are what
    ``fields`` select from ``context``; ``owners()`` gives them in document
    order, asked for only where some owners lack the field. ``nodes``: the
    first of the tag's ``fields`` XPaths' result, where the caller has it."""
    last_nodes, last_fields = fields[tag]
    if nodes is None:
        nodes = cast("list[object]", last_nodes(context))
    if len(nodes) == count:
        try:
            return list(map(str.strip, cast("list[str]", nodes)))
        except TypeError:  # not a str: a node other than text, read by element below
            pass
    elif not nodes:
        # Every line's field empty or missing: to every reader of a column
        # the same as none (no element walk needed to tell which).
        return None
    # Some owners leave the field empty: by element; some lack it: each
    # field found is its owner's last, the others have none.
    found = cast("list[Element]", last_fields(context))
    if len(found) == count:
        return [(field.text or "").strip() for field in found]
    if not found:
        return None
    by_owner = {field.getparent(): (field.text or "").strip() for field in found}
    return [by_owner.get(owner, "") for owner in owners()]


def _texts(context: Element, fields: _Fields, tag: str, owners: list[Element]) -> list[str]:
    """:func:`_column` of ``owners``, "" for each where none has the field."""
    return _column(context, fields, tag, len(owners), lambda: owners) or [""] * len(owners)


# -- participants' pairs column by column ----------------------------------------

_PAIRS = etree.XPath("PAIR")
_PAIR_FIELDS = _last_fields("PAIR", ("PAIR_NUMBER", "DIRECTION"))
_PAIR_PLAYERS = etree.XPath("PAIR/PLAYER")
_PLAYER_FIELDS = _last_fields("PAIR/PLAYER", ("PLAYER_NAME", "NATIONAL_ID_NUMBER"))


class _PairColumns:
    """The PAIRs of one PARTICIPANTS (or TEAM): their numbers, directions
    and players as the walk reads them (:func:`_fields`, :func:`_players`),
    extracted in bulk: four XPaths instead of a walk over every pair's and
    player's children."""

    def __init__(
        self,
        index: dict[Element, int],
        numbers: list[str],
        directions: list[str],
        players: dict[Element, tuple[Player, ...]],
    ) -> None:
        self.index = index
        self.numbers = numbers
        self.directions = directions
        self.players = players

    @classmethod
    def of(cls, element: Element) -> _PairColumns:
        pairs = cast("list[Element]", _PAIRS(element))
        numbers = _texts(element, _PAIR_FIELDS, "PAIR_NUMBER", pairs)
        directions = _texts(element, _PAIR_FIELDS, "DIRECTION", pairs)
        player_els = cast("list[Element]", _PAIR_PLAYERS(element))
        names = _texts(element, _PLAYER_FIELDS, "PLAYER_NAME", player_els)
        ids = _texts(element, _PLAYER_FIELDS, "NATIONAL_ID_NUMBER", player_els)
        players: dict[Element, list[Player]] = {}
        for player, name, national_id in zip(player_els, names, ids, strict=True):
            pair = cast("Element", player.getparent())
            players.setdefault(pair, []).append(Player(name or None, national_id or None))
        return cls(
            {pair: at for at, pair in enumerate(pairs)},
            numbers,
            directions,
            {pair: tuple(found) for pair, found in players.items()},
        )

    def of_pair(self, pair: Element) -> tuple[str, str, tuple[Player, ...]]:
        """The pair's PAIR_NUMBER and DIRECTION texts and its players."""
        at = self.index[pair]
        return self.numbers[at], self.directions[at], self.players.get(pair, ())


def _seat_team_pairs(teams: list[Participant], matches: Sequence[Match]) -> list[Participant]:
    """A team's PAIR without a DIRECTION (TeamsScorer writes none, §10)
    takes the direction it sat at every table of the session's matches, as
    the PBN reader records it, so that the two formats give the same pairs;
    none where it sat both ways. The lines say it: DIRECTION is where the
    match's TEAM sat."""
    sat: dict[tuple[str, str], set[Direction]] = {}
    for match in matches:
        for board in match.boards:
            lines = board.columns  # read as columns: no Result made
            for home, ns, ew in zip(lines.homes, lines.ns, lines.ew, strict=True):
                if home is None:
                    continue
                home_ns = home is Direction.NS
                ns_team, ew_team = (
                    (match.team, match.opponent) if home_ns else (match.opponent, match.team)
                )
                for team, pair, side in ((ns_team, ns, NS), (ew_team, ew, EW)):
                    if pair is not None:
                        sat.setdefault((team, pair), set()).add(side)

    def seated(pair: Participant, team: str) -> Participant:
        sides = sat.get((team, pair.id), ())
        if pair.direction is not None or len(sides) != 1:
            return pair
        return attrs.evolve(pair, direction=next(iter(sides)))

    return [
        attrs.evolve(team, members=tuple(seated(m, team.id) for m in team.members))
        if team.members
        else team
        for team in teams
    ]


NS, EW = Direction.NS, Direction.EW


def _player(fields: dict[str, str]) -> Player:
    return Player(_or_none(fields.get("PLAYER_NAME")), _or_none(fields.get("NATIONAL_ID_NUMBER")))


def _players(element: Element) -> tuple[Player, ...]:
    return tuple(_player(_fields(p)) for p in element.iterchildren("PLAYER"))


def _seat_players(fields: dict[str, str]) -> tuple[str | None, ...]:
    """Individual events' traveller lines name the four players (§7.1)."""
    if fields.keys().isdisjoint(_SEAT_PLAYER_TAGS):
        return ()
    players = tuple(fields.get(tag) or None for tag in _SEAT_PLAYER_TAGS)
    return players if any(players) else ()


def _club(element: Element | None) -> Club | None:
    if element is None:
        return None
    fields = _fields(element)
    return Club(_or_none(fields.get("CLUB_NAME")), _or_none(fields.get("CLUB_ID_NUMBER")))


def _event_type(
    event_el: Element, header: dict[str, str], sessions: Iterable[Session]
) -> tuple[EventKind, str, str | None]:
    """(kind, type style, scoring): §4.1 for the kind, §4.2 for the scoring."""
    event_type = (event_el.get("EVENT_TYPE") or "").strip().upper()
    kind, style, implied = EVENT_TYPES.get(event_type, (None, None, None))
    board_scoring = header.get("BOARD_SCORING_METHOD", "").upper()
    if board_scoring:
        style = "new"
    scoring = board_scoring or implied or _scoring_from_content(event_el)
    return kind or _kind_from_content(sessions), style or "old", scoring


def _scoring_from_content(event_el: Element) -> str | None:
    """§4.2 steps 3 and 4: PARTICIPANTS@/BOARD@EVENT_TYPE, then the points
    fields of the first traveller line."""
    for element in event_el.iter("PARTICIPANTS", "BOARD"):
        implied = EVENT_TYPES.get((element.get("EVENT_TYPE") or "").strip().upper())
        if implied and implied[2]:
            return implied[2]
    line = next(event_el.iter("TRAVELLER_LINE"), None)
    if line is not None:
        for child in line:
            if child.tag in _POINTS_SCORING:
                return _POINTS_SCORING[str(child.tag)]
    return None


def _kind_from_content(sessions: Iterable[Session]) -> EventKind:
    """An unknown or missing EVENT_TYPE: teams if there are teams or matches,
    individual if the participants are players, else pairs."""
    participants: list[Participant] = []
    for session in sessions:
        if session.teams or session.matches:
            return EventKind.TEAMS
        for section in session.sections:
            participants.extend(section.participants)
    if participants and all(p.kind is ParticipantKind.PLAYER for p in participants):
        return EventKind.INDIVIDUAL
    return EventKind.PAIRS
