"""Participant elements for the participants a method ranked that the
document does not list: a substitute or visitor known only from the
traveller lines (an individual's S_PLAYER_NUMBER that no PLAYER in
PARTICIPANTS has), or every pair or team of a file with no PARTICIPANTS.
Their figures are written as every other participant's, or the file would
publish places with gaps and lose their scores.

Each gets the element the event type holds (PAIR, TEAM or
PLAYER), built as for a PBN input (``_write_new_document``: its number, its direction
where its section is two-winner, and only the names the model has), in the
PARTICIPANTS beside the listed participants of its section (a teams
session's, for a team; its team, for a team's pair), made before the boards
where there is none. It goes where the input's own order puts it: in rank
order where the listed participants are in it, else by number where they
are in that, else after them all; in rank order in a new list. Inserted
elements take their siblings' indentation, one step deeper for their
children.
"""

from __future__ import annotations

import functools
from bisect import bisect_right
from collections import defaultdict
from collections.abc import Callable, Hashable, Iterable, Sequence
from itertools import pairwise
from typing import Any, Protocol

from lxml import etree

from pbnscore._numbering import natural_key, two_winner
from pbnscore._records import attrs
from pbnscore.model import (
    Direction,
    EventKind,
    Participant,
    ParticipantKind,
    ScoredBoard,
    ScoredEvent,
    ScoredMatch,
    Standing,
)
from pbnscore.usebio._write_elements import ORDER
from pbnscore.usebio._write_new_document import Builder, BuiltLocator

Element = etree._Element
Figures = Callable[[Standing, Element], None]  # the method's figures, into its element

# What a PARTICIPANTS element comes before in EVENT, SESSION and SECTION.
_AFTER_PARTICIPANTS = ("SESSION", "SECTION", "BOARD", "MATCH", "HANDSET")
_DIRECTION_ORDER = {Direction.NS: 0, Direction.EW: 1, None: 2}
_NAMED_AT_MOST = 12  # participants a warning names


class Locator(Protocol):
    """The writer's locators (of a copied input or of a built document)."""

    def participant(self, participant: Participant) -> Element | None: ...
    def board(self, board: ScoredBoard) -> Element | None: ...
    def match(self, match: ScoredMatch) -> Element | None: ...


class Unlisted:
    """What the writer could not list (one warning a file, as _Awards)."""

    def __init__(self) -> None:
        self.note: str | None = None


def add_unlisted(
    root: Element,
    locator: Locator,
    scored: ScoredEvent,
    listed: Sequence[tuple[Standing, Element]],
    wanted: Callable[[Standing], bool],
    figures: Figures,
) -> str | None:
    """An element, with ``figures`` in it, for each ranked standing the
    method writes (``wanted``) that has none; the warning naming those
    that cannot be written, or None."""
    writer = None  # made for the first one missing (as a rule, none is)
    for position, standing in enumerate(scored.standings):
        if standing.rank is None or not wanted(standing):
            continue  # did not play: no figure to lose
        if locator.participant(standing.participant) is None:
            writer = writer or _UnlistedWriter(root, locator, scored, listed)
            writer.add(position, standing, figures)
    return None if writer is None else writer.note()


def _group(standing: Standing) -> Hashable:
    """Who shares a PARTICIPANTS: a section's pairs or players, a session's teams."""
    participant = standing.participant
    if participant.kind is ParticipantKind.TEAM:
        return (standing.session, ParticipantKind.TEAM)
    return (standing.session, participant.section)


# A participant's key in an order: (its place among the standings, it).
_Order = Callable[[int, Standing], Any]


class _ParticipantOrder:
    """The order one PARTICIPANTS (or TEAM) element keeps its participants
    in, so that an added one goes where the input's own order puts it: the
    first of rank order, number order, and number order within direction
    that its listed participants follow (none: added after them all).
    ``keys`` (rising) and ``elements`` are its entries, kept in step."""

    def __init__(self, parent: Element, listed: list[tuple[int, Standing, Element]]) -> None:
        self.parent = parent
        self.keys: list[Any] = []
        self.elements: list[Element] = []
        self.order: _Order | None = None
        orders: tuple[_Order, ...] = (
            lambda at, _: at,
            lambda _, s: natural_key(s.participant.id),
            lambda _, s: (_DIRECTION_ORDER[s.participant.direction], natural_key(s.participant.id)),
        )
        for order in orders:
            keys = [order(at, standing) for at, standing, _ in listed]
            if all(a <= b for a, b in pairwise(keys)):
                self.order, self.keys = order, keys
                self.elements = [element for *_, element in listed]
                return

    def add(self, position: int, standing: Standing, element: Element) -> None:
        """``element`` (of ``standing``, at ``position`` in the standings)
        into the parent where the order puts it, and into the entries."""
        if self.order is None:  # no order of ours: after the listed ones
            _insert(self.parent, element, after=_last_of(self.parent, element.tag))
            return
        key = self.order(position, standing)
        at = bisect_right(self.keys, key)
        if at:
            _insert(self.parent, element, after=self.elements[at - 1])
        elif self.elements:
            _insert(self.parent, element, before=self.elements[0])
        else:
            _insert(self.parent, element, after=_last_of(self.parent, element.tag))
        self.keys.insert(at, key)
        self.elements.insert(at, element)


class _UnlistedWriter:
    """Writes the elements of one scored event's unlisted participants into
    its document (each in its PARTICIPANTS or TEAM, see the module), and
    collects who cannot be written, and why, for :meth:`note`."""

    def __init__(
        self,
        root: Element,
        locator: Locator,
        scored: ScoredEvent,
        listed: Sequence[tuple[Standing, Element]],
    ) -> None:
        self.root, self.locator, self.scored = root, locator, scored
        self.position = {id(s): at for at, s in enumerate(scored.standings)}
        self.listed = listed
        self.by_element = {element: standing for standing, element in listed}
        self.lists: dict[int, _ParticipantOrder] = {}  # by id() of the PARTICIPANTS or TEAM element
        self.made: dict[tuple[str | None, str], Element] = {}  # a team made here, by session, id
        self.missing: dict[str, list[str]] = {}  # why -> who

    def add(self, position: int, standing: Standing, figures: Figures) -> None:
        participant = standing.participant
        if participant.kind is ParticipantKind.TEAM:
            found = self._team(standing.session, participant.id)
        else:
            found = self._parent(standing)
        if isinstance(found, str):
            self.missing.setdefault(found, []).append(_shown(participant))
            return
        if participant.kind is ParticipantKind.TEAM:
            figures(standing, found)  # made by _team
            _indent(found)
            return
        # A section whose every pair has a DIRECTION reads as two-winner
        # (each direction ranked apart: strategies' _field_layout), which these
        # places may not be: the lines say where each pair sat. A number
        # ranked both ways (NS 1 and EW 1) keeps it: without, the two would
        # read back as one pair.
        if (
            participant.direction is not None
            and not self._two_winner(standing)
            and (_group(standing), participant.id) not in self.both_ways
        ):
            participant = attrs.evolve(participant, direction=None)
        element = _built(participant)
        figures(standing, element)
        self._list(found).add(position, standing, element)

    @functools.cached_property
    def both_ways(self) -> set[tuple[Hashable, str]]:
        """(group, number) of each pair number ranked NS and EW in its group."""
        seen: dict[tuple[Hashable, str], set[Direction]] = defaultdict(set)
        for standing in self.scored.standings:
            if standing.participant.direction is not None:
                seen[(_group(standing), standing.participant.id)].add(
                    standing.participant.direction
                )
        return {key for key, directions in seen.items() if len(directions) > 1}

    def _two_winner(self, standing: Standing) -> bool:
        """Whether the participant's section ranks NS and EW apart: the
        methods' one rule (_numbering.two_winner)."""
        where = (standing.session, standing.participant.section)
        for session in self.scored.event.sessions:
            for section in session.sections if session.id == where[0] else ():
                if section.id == where[1]:
                    return two_winner(section)
        return False

    def _list(self, parent: Element) -> _ParticipantOrder:
        found = self.lists.get(id(parent))
        if found is None:
            # its listed participants in document order (``listed`` is in rank order)
            children = list(parent)
            standings = map(self.by_element.get, children)
            mine = [
                (self.position[id(s)], s, e)
                for s, e in zip(standings, children, strict=True)
                if s is not None
            ]
            found = self.lists[id(parent)] = _ParticipantOrder(parent, mine)
        return found

    def _parent(self, standing: Standing) -> Element | str:
        """Where the participant's element goes; else why it cannot be written."""
        participant = standing.participant
        if participant.kind is ParticipantKind.PAIR and participant.team is not None:
            return self._team(standing.session, participant.team)
        if participant.kind is ParticipantKind.PAIR and self.scored.event.kind is EventKind.TEAMS:
            return "the team each played for is unknown"
        group = _group(standing)
        for other, element in self.listed:
            parent = element.getparent()
            if _group(other) == group and other.participant.team is None and parent is not None:
                return parent
        holder = self._holder(standing)
        if holder is None:
            return "no part of the file holds their boards"
        return _participants_of(holder)

    def _holder(self, standing: Standing) -> Element | None:
        """The element holding the participant's boards (a section's, the
        event's) or its session's matches."""
        participant = standing.participant
        scored, session = self.scored, standing.session
        held: Iterable[Element | None]
        if participant.kind is ParticipantKind.TEAM:
            # its session's matches (a pairs method scores no match: their boards)
            held = (self.locator.match(m) for m in scored.matches if m.session == session)
            held = (*held, *(self.locator.board(b) for b in scored.boards if b.session == session))
        else:
            where = (session, participant.section)
            held = (self.locator.board(b) for b in scored.boards if (b.session, b.section) == where)
        element = next((e for e in held if e is not None), None)
        holder = None if element is None else element.getparent()
        if holder is not None and holder.tag == "MATCH":
            return holder.getparent()
        return holder

    def _team(self, session: str | None, team: str) -> Element | str:
        """The TEAM of ``team`` in ``session``: listed, or made here (empty;
        its figures and pairs go in after)."""
        for other in self.scored.standings:
            participant = other.participant
            if participant.kind is not ParticipantKind.TEAM or participant.id != team:
                continue
            if other.session != session:
                continue
            element = self.locator.participant(participant)
            if element is None:  # (an element with no children is false)
                element = self.made.get((session, team))
            if element is None:
                parent = self._parent(other)
                if isinstance(parent, str):
                    return parent
                element = self.made[(session, team)] = _built(participant)
                self._list(parent).add(self.position[id(other)], other, element)
            return element
        return "their team is not ranked"

    def note(self) -> str | None:
        """The one warning naming the ranked participants that could not be
        written (the first few, by why), or None where every one was."""
        if not self.missing:
            return None
        parts = []
        for why, who in self.missing.items():
            named = ", ".join(who[:_NAMED_AT_MOST])
            more = f" and {len(who) - _NAMED_AT_MOST} more" if len(who) > _NAMED_AT_MOST else ""
            parts.append(f"{why}: {named}{more}")
        return (
            f"{sum(map(len, self.missing.values()))} ranked participants not written "
            f"to the USEBIO file, their figures only in the other outputs ({'; '.join(parts)})"
        )


def _shown(participant: Participant) -> str:
    direction = f" {participant.direction.value}" if participant.direction else ""
    return f"{participant.kind.value} {participant.id}{direction}"


def _built(participant: Participant) -> Element:
    """The participant's element as a PBN input's document has it."""
    holder = etree.Element("PARTICIPANTS")
    Builder(BuiltLocator()).participant(holder, participant)
    return holder[0]


def _participants_of(holder: Element) -> Element:
    """``holder``'s PARTICIPANTS, made before its boards where it has none."""
    found = holder.find("PARTICIPANTS")
    if found is not None:
        return found
    made = holder.makeelement("PARTICIPANTS")
    later = next(holder.iterchildren(*_AFTER_PARTICIPANTS), None)
    if later is not None:
        _insert(holder, made, before=later)
    else:
        _insert(holder, made, after=_last_of(holder, None))
    return made


def _last_of(parent: Element, tag: str | None) -> Element | None:
    """The child a new ``tag`` child goes after: the last of that tag, else
    the last that comes before it in USEBIO's order, else the last."""
    if tag is not None:
        found = next(parent.iterchildren(tag, reversed=True), None)
        if found is not None:
            return found
        order = ORDER.get(str(parent.tag), ())
        if tag in order:
            before = order[: order.index(tag)]
            return next(parent.iterchildren(*before, reversed=True), None) if before else None
    return next(parent.iterchildren(reversed=True), None)


def _insert(
    parent: Element,
    element: Element,
    *,
    after: Element | None = None,
    before: Element | None = None,
) -> None:
    """``element`` into ``parent`` after ``after`` (or before ``before``;
    first where neither), with the whitespace between its siblings, its own
    children indented one step deeper."""
    between = _between(parent)
    if before is not None:
        before.addprevious(element)
        element.tail = between
    elif after is not None:
        after.addnext(element)
        element.tail, after.tail = after.tail, between
    elif len(parent):
        parent.insert(0, element)
        element.tail = between
    else:
        parent.append(element)
        outer = _lead(parent)
        if outer is not None:
            element.tail = outer
            parent.text = _deeper(outer, _step(parent))
    _indent(element)


def _between(parent: Element) -> str | None:
    """The whitespace between two of ``parent``'s children (blank lines
    kept), or before its first; None where it is not indented."""
    for child in parent.iterchildren():
        if child.getnext() is not None and child.tail is not None and not child.tail.strip():
            return child.tail
    text = parent.text
    if text is not None and "\n" in text and not text.strip():
        return text
    outer = _lead(parent)
    return None if outer is None else _deeper(outer, _step(parent))


def _lead(element: Element) -> str | None:
    """The newline and indentation before ``element``; None where none."""
    previous = element.getprevious()
    parent = element.getparent()
    if parent is None:
        return "\n"
    text = previous.tail if previous is not None else parent.text
    if text is None or "\n" not in text or text.strip():
        return None
    return "\n" + text.rpartition("\n")[2]


def _deeper(lead: str, step: str | None) -> str:
    return lead + (step or "")


def _step(element: Element) -> str | None:
    """One step of the document's indentation, as an element (``element``
    or one around it) indents its first child; None where it does not."""
    for node in (element, *element.iterancestors()):
        child = next(node.iterchildren(etree.Element), None)
        if child is None:
            continue
        outer, inner = _lead(node), _lead(child)
        if outer is not None and inner is not None and inner.startswith(outer) and inner != outer:
            return inner[len(outer) :]
    return None


def _indent(element: Element) -> None:
    """``element``'s children (made here, with no whitespace) one step
    deeper than it, theirs deeper still."""
    lead, parent = _lead(element), element.getparent()
    step = None if parent is None else _step(parent)
    if lead is None or step is None or not len(element):
        return
    _indent_under(element, lead, step)


def _indent_under(element: Element, lead: str, step: str) -> None:
    inner = lead + step
    element.text = inner
    children = list(element)
    for child in children:
        child.tail = inner
        if len(child):
            _indent_under(child, inner, step)
    children[-1].tail = lead
