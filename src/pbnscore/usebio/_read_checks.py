"""USEBIO's own checks of a whole event, for ``pbnscore check`` and
``score`` (:mod:`pbnscore.validate` asks the event's format package for
them): they read the tree the reader kept, in USEBIO's spellings.

- an EVENT_TYPE that is no USEBIO value, or none (warning: the kind of
  event is then taken from the content);
- an element in an XML namespace, which the reader does not read (warning);
- a pass-out whose SCORE is not 0, which a lenient read warns of and a
  strict one does not (warning);
- a WINNER_TYPE of 2 (NS and EW ranked apart) on a section that lists no
  pairs and whose numbers read as a Howell's: each sits both ways, none on
  both sides of a board (warning: it is scored as the Howell its results
  show, as the USEBIO converter takes such a file);
- a participant's HANDICAP other than 0 (warning, once a file at the first:
  no IMP method applies a handicap; the boards are scored as played).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import cast

from lxml import etree

from pbnscore import bridge
from pbnscore._numbering import numbering
from pbnscore.errors import Problem, excerpt
from pbnscore.model import Board, Event, EventKind, Outcome
from pbnscore.usebio._read_write_spellings import EVENT_TYPES
from pbnscore.usebio._read_write_values import fields_of, ref_elements, whole_number

WARNING = "warning"


def tree_problems(event: Event) -> list[Problem]:
    """What the tree the reader kept shows wrong (see the module's docstring)."""
    found: list[Problem] = []
    _event_type(event, found)
    _namespaced(event, found)
    _two_winner_howell(event, found)
    _handicaps(event, found)
    return found


def _line(element: etree._Element) -> int | None:
    return cast("int | None", element.sourceline)


def _usebio_root(event: Event) -> etree._Element | None:
    """The root of the USEBIO tree the reader kept, if there is one."""
    tree = event.source.tree
    if event.source.format != "usebio" or not isinstance(tree, etree._ElementTree):
        return None
    return tree.getroot()


def _event_type(event: Event, found: list[Problem]) -> None:
    """An EVENT_TYPE the reader does not know (compared as it does,
    case-insensitively), or none, leaves the kind of event to be guessed
    from the content: the scorer should know."""
    root = _usebio_root(event)
    event_el = root.find("EVENT") if root is not None else None
    if event_el is None:
        return
    written = event_el.get("EVENT_TYPE")
    guessed = f"read as {'an' if event.kind is EventKind.INDIVIDUAL else 'a'} {event.kind.value}"
    if written is None:
        message = f"EVENT has no EVENT_TYPE; {guessed} event from its content"
    elif written.strip().upper() not in EVENT_TYPES:
        message = (
            f"EVENT_TYPE {excerpt(written)} is no USEBIO event type; "
            f"{guessed} event from its content"
        )
    else:
        return
    found.append(Problem(message, event.source.name, _line(event_el), WARNING))


def _two_winner_howell(event: Event, found: list[Problem]) -> None:
    """WINNER_TYPE 2 where a section lists no pairs and its numbers read as
    a Howell's: the file and its results disagree; the results win
    (``_numbering.with_pairs``), and the scorer should know."""
    root = _usebio_root(event)
    winner = root.find("EVENT/WINNER_TYPE") if root is not None else None
    if winner is None or (winner.text or "").strip() != "2":
        return
    for session in event.sessions:
        for section in session.sections:
            if section.participants or not numbering(section.boards).howell:
                continue
            where = "" if section.id is None else f"section {excerpt(section.id, bare=True)}: "
            message = (
                f"{where}WINNER_TYPE 2 ranks NS and EW apart, but no pairs are listed and the "
                "results read as a Howell (numbers sit both ways, none on both sides of a "
                "board): scored as a Howell, one pair a number in one field"
            )
            found.append(Problem(message, event.source.name, _line(winner), WARNING))


def _handicaps(event: Event, found: list[Problem]) -> None:
    """A HANDICAP other than 0 (BriAn writes 0.0 for every pair) is a
    figure the file means to be added; no IMP method adds it, and the scorer
    should know. Said once, at the first, with how many there are."""
    root = _usebio_root(event)
    document = event.source.document
    if root is None or (document is not None and b"HANDICAP" not in document):
        return
    given = [
        element
        for element in root.iter("HANDICAP")
        if (element.text or "").strip() and _nonzero((element.text or "").strip())
    ]
    if not given:
        return
    first = given[0]
    holder = first.getparent()
    fields = fields_of(holder) if holder is not None else {}
    number = fields.get("PAIR_NUMBER") or fields.get("TEAM_NUMBER") or fields.get("PLAYER_NUMBER")
    who = holder.tag.lower() if holder is not None else "participant"
    if number:
        who += f" {excerpt(number, bare=True)}"
    if fields.get("DIRECTION"):
        who += f" {excerpt(fields['DIRECTION'], bare=True)}"
    more = f" (and {len(given) - 1} more)" if len(given) > 1 else ""
    message = (
        f"{who} has a HANDICAP of {excerpt((first.text or '').strip(), bare=True)}{more}: "
        "handicaps are not applied by the IMP methods; the boards are scored as played"
    )
    found.append(Problem(message, event.source.name, _line(first), WARNING))


def _nonzero(text: str) -> bool:
    try:
        return float(text) != 0
    except ValueError:
        return True  # not a number: what it means is not known, so said


# The top of each subtree in a namespace: USEBIO has none, and the reader
# reads names in no namespace only, so such an element is not read at all.
_NAMESPACED = etree.XPath("//*[namespace-uri() != '' and namespace-uri(..) = '']")


def _namespaced(event: Event, found: list[Problem]) -> None:
    """An element in an XML namespace (a TRAVELLER_LINE with ``xmlns``) is
    left out by the reader: a result that silently is not there."""
    root = _usebio_root(event)
    if root is None or not _may_declare_namespaces(event.source.document):
        return
    for element in cast("list[etree._Element]", _NAMESPACED(root)):
        name = etree.QName(element)
        message = (
            f"{name.localname} in the XML namespace {excerpt(name.namespace or '')} "
            "is no USEBIO element: not read"
        )
        found.append(Problem(message, event.source.name, _line(element), WARNING))


def _may_declare_namespaces(document: bytes | None) -> bool:
    """Whether the document might put an element in a namespace: only an
    ``xmlns`` declaration can (XML Namespaces §3; an undeclared prefix does
    not parse), and no character reference can spell one in a tag. Answered
    from the bytes where they are in an ASCII-compatible encoding (a UTF-16
    or UTF-32 document has a zero byte or a byte-order mark in its first four
    bytes and is searched the slow way)."""
    if document is None:
        return True
    head = document[:4]
    if b"\x00" in head or head.startswith((b"\xfe\xff", b"\xff\xfe")):
        return True
    return b"xmlns" in document


def _boards(event: Event) -> Iterator[Board]:
    for session in event.sessions:
        for section in session.sections:
            yield from section.boards
        for match in session.matches:
            yield from match.boards


def strict_read_warnings(event: Event) -> list[Problem]:
    """A USEBIO pass-out whose SCORE is not 0, as the reader's lenient read
    (``check``) warns of it; a strict read keeps no warnings, and the model
    keeps the pass-out's 0. Found through the kept tree, only where a board
    was passed out: the read itself is not slowed."""
    passed_out = [
        (columns.refs[at], columns.lines[at])
        for columns in (board.columns for board in _boards(event))
        for at, play in enumerate(columns.plays)
        if play.outcome is Outcome.PASSED_OUT and columns.refs[at] is not None
    ]
    root = _usebio_root(event) if passed_out else None
    if root is None:
        return []
    elements = ref_elements(root)
    found = []
    for ref, line in passed_out:
        assert ref is not None
        # The SCORE as the reader takes it (the last of repeated ones).
        score = whole_number(fields_of(elements[ref]).get("SCORE", ""))
        if score:
            message = bridge.passed_out_with_a_score(score)
            found.append(Problem(message, event.source.name, line, WARNING))
    return found
