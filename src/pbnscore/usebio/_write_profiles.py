"""What each USEBIO reader takes: one profile per reader, beside the writer.

A profile is data the writer consults while it writes the method's own
elements (the EVENT_TYPE style, which traveller elements carry a line's
points, how a tie is written), the kinds of event its reader takes, and a
list of small edits of the finished document, each one rule of that reader
(``reference/USEBIO-consumers.md``). ``standard`` has no edits: its output
is the input plus the scores. The others change the input's own layout where
their reader needs it, so they are written through the document tree.

A profile never changes a number: where its reader cannot take the event at
all (Cobalt and a teams event, the ukbridge converter and a board with one
traveller line) the event is refused with a :class:`ProfileError` that says
why, rather than written as a file the reader fails on.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Callable, Mapping
from pathlib import PurePath

from lxml import etree

from pbnscore._records import attrs
from pbnscore.errors import ProfileError
from pbnscore.model import Event, EventKind, PointsStyle, ScoredEvent
from pbnscore.usebio._read_write_spellings import ADJUSTED_RE, BUTLER_POINTS, CROSS_IMP_POINTS
from pbnscore.usebio._write_elements import set_child, set_children

Element = etree._Element

# Per points style: the traveller line's (NS, EW) points elements.
LINE_POINTS: Mapping[PointsStyle, tuple[tuple[str, str], ...]] = {
    PointsStyle.BUTLER: (BUTLER_POINTS,),
    PointsStyle.CROSS_IMPS: (CROSS_IMP_POINTS,),
}


@attrs.frozen
class Document:
    """A written document with what its edits need to know."""

    root: Element
    event: Event
    scored: ScoredEvent | None

    @property
    def event_el(self) -> Element:
        found = self.root.find("EVENT")
        assert found is not None
        return found

    @property
    def imp_pairs(self) -> bool:
        """A pairs event scored with a method that writes IMP line points."""
        return (
            self.scored is not None
            and self.event.kind is EventKind.PAIRS
            and self.scored.style in LINE_POINTS
        )


Edit = Callable[[Document], None]


@attrs.frozen
class Profile:
    """One reader's needs. ``types``: the EVENT_TYPE style it needs (None:
    the input's own, new-style for PBN input); ``tie_mark``: what follows a
    tied PLACE (None: as the input wrote ties); ``line_points``: the
    elements a pairs event's traveller line carries its points in."""

    name: str
    reader: str  # who reads it, for --help and messages
    types: str | None = None
    kinds: frozenset[EventKind] = frozenset(EventKind)
    tie_mark: str | None = None
    line_points: Mapping[PointsStyle, tuple[tuple[str, str], ...]] = LINE_POINTS
    edits: tuple[Edit, ...] = ()

    def admit(self, event: Event) -> None:
        """Refuse an event of a kind the reader does not read."""
        if event.kind not in self.kinds:
            takes = " or ".join(sorted(kind.value for kind in self.kinds))
            raise ProfileError(
                f"{self.reader} does not read {event.kind.value} events (only {takes}): "
                "write it with --usebio-for standard"
            )

    def points_tags(self, style: PointsStyle, kind: EventKind) -> tuple[tuple[str, str], ...]:
        """The (NS, EW) elements a line's points go to. On a teams event the
        cross-IMP elements are the input's own pairwise figures:
        only a pairs or individual event takes the profile's choice."""
        table = LINE_POINTS if kind is EventKind.TEAMS else self.line_points
        return table.get(style, ())

    def edit(self, document: Document) -> None:
        for edit in self.edits:
            edit(document)


# -- small document helpers --------------------------------------------------------


def _refuse(reader: str, why: str) -> ProfileError:
    return ProfileError(
        f"{reader} cannot read this event: {why}; write it with --usebio-for standard"
    )


def _remove(element: Element) -> None:
    """Remove ``element``; the closing tag keeps its indentation."""
    parent = element.getparent()
    assert parent is not None
    previous = element.getprevious()
    if element.getnext() is None and previous is not None:
        previous.tail = element.tail
    parent.remove(element)


def _empty_children(parent: Element, tags: tuple[str, ...]) -> None:
    """Give ``parent`` an empty child of each of ``tags`` it lacks."""
    missing = {tag: "" for tag in tags if parent.find(tag) is None}
    if missing:
        set_children(parent, missing, new=True)


def _board_number(board: Element | None) -> str:
    return "?" if board is None else (board.findtext("BOARD_NUMBER") or "?").strip()


# -- layout ---------------------------------------------------------------------


def flatten(document: Document) -> None:
    """Cobalt reads only EVENT/PARTICIPANTS/PAIR and EVENT/BOARD (and a
    root-level HANDSET): every section's pairs go into one PARTICIPANTS and
    its boards under EVENT, in order. Where two sections use the same pair
    number, each section's numbers get its SECTION_ID in front (A1, B1), as
    ACBL files number them, so that the flat file tells the pairs apart."""
    _flatten(document, "Cobalt")


def flatten_imp_pairs(document: Document) -> None:
    """The ukbridge converter shows IMP scorecards only where the
    event-level PARTICIPANTS says EVENT_TYPE="CROSS_IMP"
    (scorecards-generator.ts reads ``event.PARTICIPANTS``), and an event
    with SESSION/SECTION has none: its scorecards come out matchpoint-typed.
    An event-level PARTICIPANTS beside the sections would be the only list
    its contestants come from (contestants-generator.ts), so an IMP pairs
    event with sections is written flat, as for Cobalt: the one layout in
    which it shows every page of IMPs. Its sections' names are lost (its
    travellers and session scores show none); their pair numbers are kept
    apart as for Cobalt."""
    if document.imp_pairs:
        _flatten(document, "the ukbridge converter")


def one_session(reader: str) -> Edit:
    """Refuse an event of several sessions for a reader that reads one:
    Cobalt reads EVENT/PARTICIPANTS only, and the ukbridge converter reads
    ``event.SESSION`` as one element (two are a list, whose SECTION its
    contestants page reads as undefined and throws on). Put in one layout,
    a pair that played both sessions would be two pairs of one ranking."""

    def edit(document: Document) -> None:
        sessions = document.event_el.findall("SESSION")
        if len(sessions) > 1:
            raise _refuse(reader, f"it reads one session, the event has {len(sessions)}")

    return edit


def _flatten(document: Document, reader: str) -> None:
    event_el = document.event_el
    containers = [c for c in event_el if c.tag in ("SESSION", "SECTION")]
    if not containers:
        return
    _one_deal_a_number(document.event, reader)
    # A SESSION's SECTIONs, or the SESSION itself where it holds the pairs
    # and boards straight (nothing of it may be dropped with it).
    sections = [
        s for c in containers for s in ([c] if c.tag == "SECTION" else c.findall("SECTION") or [c])
    ]
    _number_apart(sections, reader)
    participants = event_el.find("PARTICIPANTS")
    if participants is None:
        participants = event_el.makeelement("PARTICIPANTS")
        containers[0].addprevious(participants)
    place = participants
    for container in [*sections, *containers]:
        for child in list(container):
            if child.tag == "PARTICIPANTS":
                for attribute, value in child.attrib.items():
                    if participants.get(attribute) is None:
                        participants.set(attribute, value)
                participants.extend(list(child))
                container.remove(child)
            elif child.tag == "HANDSET":
                document.root.append(child)
            elif child.tag != "SECTION":  # its boards, and anything else it holds
                place.addnext(child)
                place = child
    for container in containers:
        _remove(container)


def _one_deal_a_number(event: Event, reader: str) -> None:
    """Sections put together are one field a board number: sections that
    give one number different deals (sets of deals, docs/reference/choices.md
    "A board number used twice") cannot be, and are refused."""
    deals: dict[int, object] = {}
    for session in event.sessions:
        for section in session.sections:
            for board in section.boards:
                if board.deal is None:
                    continue
                if deals.setdefault(board.number, board.deal) != board.deal:
                    why = f"its sections give board {board.number} different deals"
                    raise _refuse(reader, why)


def _number_apart(sections: list[Element], reader: str) -> None:
    """Prefix each section's pair numbers with its id where sections share one."""
    keys = [{_pair_key(p) for p in s.iterfind("PARTICIPANTS/PAIR")} for s in sections]
    if sum(len(k) for k in keys) == len(set().union(*keys)):
        return
    seen: set[tuple[str, str]] = set()
    for section in sections:
        prefix = (section.get("SECTION_ID") or "").strip()
        for element in section.iter("PAIR_NUMBER", "NS_PAIR_NUMBER", "EW_PAIR_NUMBER"):
            element.text = prefix + (element.text or "").strip()
        for pair in section.iterfind("PARTICIPANTS/PAIR"):
            if _pair_key(pair) in seen or not prefix:
                raise _refuse(reader, f"pair {_pair_key(pair)[0]} is in two sections")
            seen.add(_pair_key(pair))


def _pair_key(pair: Element) -> tuple[str, str]:
    number = (pair.findtext("PAIR_NUMBER") or "").strip()
    return (number, (pair.findtext("DIRECTION") or "").strip())


def one_number_per_pair(document: Document) -> None:
    """Cobalt keys a pair's names by PAIR_NUMBER alone:
    where NS and EW pairs share numbers (a two-winner Mitchell), every pair's
    number gets its direction after it, as Compscore numbers them (1NS, 1EW),
    and so does each line's."""
    pairs = document.event_el.findall("PARTICIPANTS/PAIR")
    numbers = [_pair_key(pair)[0] for pair in pairs]
    if len(numbers) == len(set(numbers)):
        return
    if any(_pair_key(pair)[1] not in ("NS", "EW") for pair in pairs):
        raise _refuse("Cobalt", "two pairs have one number and no direction tells them apart")
    for pair in pairs:
        number, direction = _pair_key(pair)
        set_child(pair, "PAIR_NUMBER", number + direction)
    for line in document.event_el.iterfind("BOARD/TRAVELLER_LINE"):
        for tag, direction in (("NS_PAIR_NUMBER", "NS"), ("EW_PAIR_NUMBER", "EW")):
            number = (line.findtext(tag) or "").strip()
            if number:
                set_child(line, tag, number + direction)


def session_around(document: Document) -> None:
    """The ukbridge converter reads EVENT/SESSION/SECTION and, for teams,
    SESSION/PARTICIPANTS and SESSION/MATCH; a SECTION or MATCH straight
    under EVENT (the NZ converter's and RealBridge's layouts) breaks it.
    Such an event's body goes into one SESSION."""
    event_el = document.event_el
    body = [c for c in event_el if c.tag in ("SECTION", "MATCH")]
    if not body:
        return
    if event_el.find("MATCH") is not None:
        body = [c for c in event_el if c.tag in ("PARTICIPANTS", "SECTION", "BOARD", "MATCH")]
    session = event_el.makeelement("SESSION", SESSION_ID="1")
    body[0].addprevious(session)
    previous = session.getprevious()
    session.text = previous.tail if previous is not None else None
    session.tail = body[-1].tail
    for child in body:
        session.append(child)


# -- participants ---------------------------------------------------------------------


def _two_players(document: Document, tags: tuple[str, ...]) -> None:
    for pair in document.root.iter("PAIR"):
        players = pair.findall("PLAYER")
        for _ in range(2 - len(players)):
            set_children(pair, {"PLAYER": ""}, new=True)
        for player in pair.iterchildren("PLAYER"):
            _empty_children(player, tags)


# What Cobalt is given for a player the input does not name.
UNNAMED = "Unknown"


def players_with_ids(document: Document) -> None:
    """Cobalt reads PLAYER[0] and PLAYER[1] of every pair, each with a
    PLAYER_NAME and a NATIONAL_ID_NUMBER (which may be empty): a pair the
    input names fewer players for gets empty ones. It calls ``.title()`` on
    every name (results/views/usebio.py:64), and xmltodict reads an empty
    element as None: a player without a name (a PBN file's ``West ""``) is
    named ``Unknown``."""
    _two_players(document, ("PLAYER_NAME", "NATIONAL_ID_NUMBER"))
    for name in document.root.iterfind(".//PAIR/PLAYER/PLAYER_NAME"):
        if not (name.text or "").strip():
            name.text = UNNAMED


def two_players(document: Document) -> None:
    """The ukbridge converter breaks on a pair with one PLAYER (it reads
    one element as no list): a pair the input names fewer for gets empty ones."""
    _two_players(document, ("PLAYER_NAME",))


def whole_places(document: Document) -> None:
    """Cobalt reads PLACE with int(): "5=" crashes it. The scorer writes
    ties without "=" for it (``tie_mark``); this takes it off an unscored
    event's own places too."""
    for place in document.root.iter("PLACE"):
        place.text = (place.text or "").strip().rstrip("=")


def ranked_pairs_only(document: Document) -> None:
    """A pair that played no board is written without PLACE and TOTAL_SCORE
    (docs/reference/choices.md "Did not play"). Cobalt reads both of every pair
    (results/views/usebio.py:58, KeyError without them) and the ukbridge
    converter shows a session-score line without IMPs: for them such a pair,
    which no traveller line names, is left out of the scored file."""
    if document.scored is None or document.event.kind is not EventKind.PAIRS:
        return
    named = {
        (element.text or "").strip()
        for element in document.root.iter("NS_PAIR_NUMBER", "EW_PAIR_NUMBER")
    }
    for pair in list(document.root.iterfind(".//PARTICIPANTS/PAIR")):
        number = (pair.findtext("PAIR_NUMBER") or "").strip()
        if pair.find("PLACE") is None and number not in named:
            _remove(pair)


def enough_pairs(document: Document) -> None:
    pairs = document.event_el.findall("PARTICIPANTS/PAIR")
    if len(pairs) < 2:
        raise _refuse("Cobalt", f"it needs two pairs or more, the event has {len(pairs)}")


def enough_boards(document: Document) -> None:
    """xmltodict reads one BOARD as no list, and Cobalt's board pages then
    iterate its tags (results_views.py:870): it needs two boards with
    lines or more."""
    boards = document.event_el.findall("BOARD")
    if len(boards) < 2:
        why = f"it needs two boards with results or more, the event has {len(boards)}"
        raise _refuse("Cobalt", why)


def cross_imp_participants(document: Document) -> None:
    """The ukbridge converter shows IMP scorecards and session scores only
    where PARTICIPANTS says EVENT_TYPE="CROSS_IMP" (it looks on the event's
    own PARTICIPANTS; a section's is marked too, for readers that look there)."""
    if document.imp_pairs:
        for participants in document.root.iter("PARTICIPANTS"):
            participants.set("EVENT_TYPE", "CROSS_IMP")


# -- header -----------------------------------------------------------------------------

_DATE_RE = re.compile(r"\d\d/\d\d/\d{4}")


def dated_and_described(document: Document) -> None:
    """Cobalt's upload fails without a DATE it reads as dd/mm/yyyy, and
    files the event under its EVENT_DESCRIPTION (the title, else the input
    file's name, else the club's). Refused where the input gives no date at all."""
    event_el, event = document.event_el, document.event
    if event.date is not None:
        set_child(event_el, "DATE", event.date.strftime("%d/%m/%Y"))
    elif not _readable_date(event_el.findtext("DATE") or ""):
        why = "its upload needs the event's date, and the input has no PBN Date or USEBIO DATE"
        raise _refuse("Cobalt", why)
    if event_el.find("EVENT_DESCRIPTION") is None:
        set_child(event_el, "EVENT_DESCRIPTION", _description(event))


def _description(event: Event) -> str:
    """The title, else the input file's name, else the club's name."""
    name = event.source.name
    if event.title:
        return event.title
    if not name.startswith("<"):  # not "<stdin>" or "<string>"
        return PurePath(name).stem
    return event.club.name if event.club is not None and event.club.name else ""


def _readable_date(text: str) -> bool:
    if not _DATE_RE.fullmatch(text.strip()):
        return False
    try:
        dt.datetime.strptime(text.strip(), "%d/%m/%Y")
    except ValueError:
        return False
    return True


# -- numbers and lines ------------------------------------------------------------------------

# Elements Cobalt reads as numbers: present, they must not be empty.
_NUMERIC = (
    "TOTAL_SCORE", "PERCENTAGE", "PLACE", "MASTER_POINTS_AWARDED", "BOARDS_PLAYED",
    "BOARD_AVERAGE", "NS_MATCH_POINTS", "EW_MATCH_POINTS", *CROSS_IMP_POINTS,
    *BUTLER_POINTS, "PAIR_IMPS", "HANDICAP", "ADJUSTMENT",
)  # fmt: skip
_SCORE_RE = re.compile(r"[+-]?\d+")


def no_empty_numbers(document: Document) -> None:
    """An empty MASTER_POINTS_AWARDED (BriAn writes them) or points element
    crashes Cobalt; absent is fine."""
    for element in list(document.root.iter(*_NUMERIC)):
        if not (element.text or "").strip() and len(element) == 0:
            _remove(element)


def played_lines(document: Document) -> None:
    """Cobalt reads a line's SCORE as a number or an A5050-style code and
    fails on NP: a line not played (NP, or no SCORE) is left out, as most
    producers leave one out; an A-code is upper-cased. Every line must name
    pairs it lists. A line it reads needs CONTRACT, PLAYED_BY and
    TRICKS elements, and LEAD unless passed out (Compscore's lines, which
    Cobalt takes, have them; empty where unknown)."""
    numbers = {
        (p.text or "").strip()
        for p in document.root.iterfind("EVENT/PARTICIPANTS/PAIR/PAIR_NUMBER")
    }
    for line in list(document.root.iter("TRAVELLER_LINE")):
        for tag in ("NS_PAIR_NUMBER", "EW_PAIR_NUMBER"):
            if (line.findtext(tag) or "").strip() not in numbers:
                board = _board_number(line.getparent())
                raise _refuse("Cobalt", f"a line of board {board} names no pair it lists")
        score_el = line.find("SCORE")
        score = "" if score_el is None else (score_el.text or "").strip()
        if score_el is not None and ADJUSTED_RE.fullmatch(score.upper()):
            score_el.text = score.upper()  # it tests score[0] == "A"
            continue
        if not _SCORE_RE.fullmatch(score):
            _remove(line)
            continue
        passed = (line.findtext("CONTRACT") or "").strip().upper().startswith("P")
        needed = (
            ("CONTRACT", "PLAYED_BY", "TRICKS")
            if passed
            else ("CONTRACT", "PLAYED_BY", "LEAD", "TRICKS")
        )
        _empty_children(line, needed)


def scored_lines(document: Document) -> None:
    """The ukbridge converter reads an IMP pairs line's points from
    NS/EW_CROSS_IMP_POINTS and shows a line without them (not played: no
    SCORE, or NP; the method gives it none) as NaN on its traveller and both
    scorecards: such a line is left out, as most producers leave one out,
    unless its board would keep a single line (which breaks the converter:
    NaN shows less badly)."""
    if not document.imp_pairs:
        return
    for board in document.root.iter("BOARD"):
        lines = board.findall("TRAVELLER_LINE")
        unscored = [line for line in lines if any(line.find(t) is None for t in CROSS_IMP_POINTS)]
        if unscored and len(lines) - len(unscored) >= 2:
            for line in unscored:
                _remove(line)


def no_empty_boards(document: Document) -> None:
    """A board without a traveller line (a PBN game with a deal and no
    result) breaks both readers: Cobalt iterates its lines
    (results_views.py:871), the converter maps them
    (traveller-generator.ts). It is left out; its deal stays in the HANDSET."""
    for board in list(document.event_el.iter("BOARD")):
        if board.find("TRAVELLER_LINE") is None:
            _remove(board)


# The ukbridge converter reads each of these children as a list only when it
# occurs twice or more (xml2js, explicitArray false): once, it breaks.
_LISTS = (
    ("BOARD", "TRAVELLER_LINE", "a board with one traveller line"),
    ("PARTICIPANTS", "PAIR", "a section with one pair"),
    ("PARTICIPANTS", "TEAM", "a session with one team"),
    ("PARTICIPANTS", "PLAYER", "a section with one player"),
    ("TEAM", "PAIR", "a team with one pair"),
    ("SESSION", "MATCH", "a session with one match"),
    ("EVENT", "BOARD", "an event with one board"),
    ("SECTION", "BOARD", "a section with one board"),
    ("MATCH", "BOARD", "a match with one board"),
)


def no_single_lists(document: Document) -> None:
    """Refuse what the ukbridge converter breaks on and no edit can mend:
    one of a repeated element, or no participants at all."""
    if next(document.root.iter("PARTICIPANTS"), None) is None:
        raise _refuse("the ukbridge converter", "the event lists no participants")
    for parent_tag, tag, what in _LISTS:
        for parent in document.root.iter(parent_tag):
            if sum(1 for _ in parent.iterchildren(tag)) == 1:
                where = f" (board {_board_number(parent)})" if parent_tag == "BOARD" else ""
                raise _refuse(
                    "the ukbridge converter", f"it breaks on {what}{where}, reading it as no list"
                )


# -- the profiles --------------------------------------------------------------------------------

STANDARD = Profile(
    "standard",
    "any USEBIO reader",
)
COBALT = Profile(
    "cobalt",
    "ABF Cobalt",
    types="old",
    kinds=frozenset({EventKind.PAIRS}),
    tie_mark="",  # int(PLACE): "5=" crashes it
    edits=(
        one_session("Cobalt"),
        flatten,
        ranked_pairs_only,
        one_number_per_pair,
        enough_pairs,
        whole_places,
        players_with_ids,
        dated_and_described,
        played_lines,
        no_empty_boards,
        enough_boards,
        no_empty_numbers,
    ),
)
UKBRIDGE = Profile(
    "ukbridge",
    "the ukbridge converter",
    types="new",
    # It reads a pairs event's IMPs only from the cross-IMP elements.
    line_points={
        PointsStyle.BUTLER: (BUTLER_POINTS, CROSS_IMP_POINTS),
        PointsStyle.CROSS_IMPS: (CROSS_IMP_POINTS,),
    },
    edits=(
        one_session("the ukbridge converter"),
        flatten_imp_pairs,
        ranked_pairs_only,
        session_around,
        two_players,
        cross_imp_participants,
        scored_lines,
        no_empty_boards,
        no_single_lists,
    ),
)

PROFILES: Mapping[str, Profile] = {p.name: p for p in (STANDARD, COBALT, UKBRIDGE)}


def profile_named(name: str) -> Profile:
    try:
        return PROFILES[name]
    except KeyError:
        raise ValueError(f"dialect must be one of {', '.join(PROFILES)}, not {name!r}") from None
