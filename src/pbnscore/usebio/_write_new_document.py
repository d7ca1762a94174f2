"""A USEBIO document built from the model: the event of a file that was not
USEBIO (PBN input), in the layouts every reader takes, its deals as
HANDSETs, each element found again by the model object it was built from
(:class:`BuiltLocator`) so that the writer scores it as it scores a
USEBIO input's own tree.
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Sequence

from lxml import etree

from pbnscore._version import __version__
from pbnscore.bridge import PASS_RE
from pbnscore.model import (
    Board,
    Deal,
    Event,
    EventKind,
    Match,
    Outcome,
    Participant,
    ParticipantKind,
    Result,
    ScoredBoard,
    ScoredMatch,
    Scoring,
    Section,
    Session,
)
from pbnscore.usebio._read_write_spellings import (
    ADJUSTED_RE,
    EVENT_TYPES,
    HAND_DIRECTIONS,
    NEW_TYPES,
    OLD_TYPES,
    PERCENT,
    SCORING_NAMES,
    SEAT_PLAYER_TAGS,
    SUIT_TAGS,
    WINNER_TYPES,
)
from pbnscore.usebio._read_write_values import parse_contract

Element = etree._Element

VERSION = "1.2"


class BuiltLocator:
    """Elements of a document built here, found by the model objects they
    were built from (no source_ref: the event did not come from USEBIO)."""

    def __init__(self) -> None:
        self.boards: dict[tuple[str | None, str | None, int], Element] = {}
        self.results: dict[Result, list[Element]] = defaultdict(list)
        self.participants: dict[tuple[object, ...], Element] = {}
        self.matches: dict[tuple[str | None, int | None, str, str], Element] = {}

    @staticmethod
    def participant_key(participant: Participant) -> tuple[object, ...]:
        return (participant.kind, participant.team, *participant.key)

    def board(self, board: ScoredBoard) -> Element | None:
        found = self.boards.get((board.session, board.section, board.number))
        if found is not None:
            return found
        # A match's board: the BOARD around its lines (match boards of one
        # session share their numbers, so the number alone is not enough).
        number = str(board.number)
        for scored in board.results:
            for line in self.results.get(scored.result, ()):
                parent = line.getparent()
                if parent is not None and parent.findtext("BOARD_NUMBER") == number:
                    return parent
        return None

    def result(self, result: Result) -> Element | None:
        # Equal results (same line of the same file) share a list; each
        # scored result takes the next.
        elements = self.results.get(result)
        return elements.pop(0) if elements else None

    def participant(self, participant: Participant) -> Element | None:
        return self.participants.get(self.participant_key(participant))

    def match(self, match: ScoredMatch) -> Element | None:
        return self.matches.get((match.session, match.round, match.team, match.opponent))


def _sub(parent: Element, tag: str, text: str | None = None, **attrib: str) -> Element:
    element = etree.SubElement(
        parent, tag, {name: xml_text(value) for name, value in attrib.items()}
    )
    if text is not None:
        element.text = xml_text(text)
    return element


# What XML 1.0 cannot hold: C0 controls but tab, LF and CR; U+FFFE, U+FFFF;
# lone surrogates. A PBN name may carry them (lxml raised ValueError); they
# are written as U+FFFD, as the readers read bytes that do not decode.
_NOT_XML_RE = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff\ud800-\udfff]")


def xml_text(text: str) -> str:
    return _NOT_XML_RE.sub("\ufffd", text)


def build_document(event: Event, style: str) -> tuple[etree._ElementTree, BuiltLocator]:
    root = etree.Element("USEBIO", Version=VERSION)
    locator = BuiltLocator()
    club = event.club
    if club is not None:
        club_el = _sub(root, "CLUB")
        _sub(club_el, "CLUB_NAME", club.name or "")
        if club.id is not None:
            _sub(club_el, "CLUB_ID_NUMBER", club.id)
    types = NEW_TYPES if style == "new" else OLD_TYPES
    event_type = types[event.kind]
    implied = old_type_for(event.source.scoring)
    if style == "old" and event.kind is EventKind.PAIRS and implied:
        event_type = implied
    event_el = _sub(root, "EVENT", EVENT_TYPE=event_type)
    _sub(event_el, "PROGRAM_NAME", "pbnscore")
    _sub(event_el, "PROGRAM_VERSION", __version__)
    if event.title is not None:
        _sub(event_el, "EVENT_DESCRIPTION", event.title)
    winner_type = _winner_type(event)
    if winner_type is not None:
        _sub(event_el, "WINNER_TYPE", winner_type)
    if event.date is not None:
        _sub(event_el, "DATE", event.date.strftime("%d/%m/%Y"))
    if event.venue is not None:
        _sub(event_el, "VENUE", event.venue)
    Builder(locator).sessions(event_el, event)
    _handsets(root, event)
    etree.indent(root, space="  ")
    return etree.ElementTree(root), locator


def _winner_type(event: Event) -> str | None:
    """WINNER_TYPE (one per event) where every section of a pairs
    event says how it is ranked, and alike: 1 one field, 2 NS and EW apart;
    none where one says nothing (the reader then infers it, as pbnscore
    did) or they differ."""
    said = {section.fields for session in event.sessions for section in session.sections}
    fields = said.pop() if len(said) == 1 else None
    if event.kind is not EventKind.PAIRS or fields is None:
        return None
    return WINNER_TYPES[fields]


def _handsets(root: Element, event: Event) -> None:
    """Each board's deal as a HANDSET after the EVENT (where Compscore and
    PairsScorer put it, and the only place Cobalt shows hands from), with
    its dealer and vulnerability. Where two sections dealt one board number
    differently, each section gets a HANDSET of its own, by its id."""
    boards: dict[str | None, dict[int, Board]] = defaultdict(dict)
    for session in event.sessions:
        for section in session.sections:
            for board in section.boards:
                boards[section.id].setdefault(board.number, board)
        for match in session.matches:
            for board in match.boards:
                boards[None].setdefault(board.number, board)
    deals: dict[int, set[Deal]] = defaultdict(set)
    for group in boards.values():
        for number, board in group.items():
            if board.deal is not None:
                deals[number].add(board.deal)
    if not deals:
        return
    if all(len(found) == 1 for found in deals.values()):
        merged: dict[int, Board] = {}
        for group in boards.values():
            for number, board in group.items():
                merged.setdefault(number, board)
        boards = {None: merged}
    for handset_id, group in boards.items():
        attrib = {"HANDSET_ID": handset_id} if handset_id is not None else {}
        handset = etree.Element("HANDSET", {k: xml_text(v) for k, v in attrib.items()})
        for number in sorted(group):
            _handset_board(handset, group[number])
        if len(handset):
            root.append(handset)


def _handset_board(handset: Element, board: Board) -> None:
    if board.deal is None:
        return
    element = _sub(handset, "BOARD")
    _sub(element, "BOARD_NUMBER", str(board.number))
    if board.dealer is not None:
        _sub(element, "DEALER", board.dealer.value)
    if board.vulnerability is not None:
        _sub(element, "VULNERABILITY", board.vulnerability.value)
    for seat, holding in board.deal.holdings.items():  # as the file listed them
        hand_el = _sub(element, "HAND")
        _sub(hand_el, "DIRECTION", HAND_DIRECTIONS[seat])
        for tag, cards in zip(SUIT_TAGS, holding, strict=True):
            _sub(hand_el, tag, cards or "-")  # a void, as PairsScorer and EBUScore write it


def old_type_for(scoring: Scoring | None) -> str | None:
    """The old-style pairs EVENT_TYPE for a source's scoring method."""
    spelled = SCORING_NAMES.get(scoring) if scoring else None
    for name, (kind, style, implied) in EVENT_TYPES.items():
        if kind is EventKind.PAIRS and style == "old" and implied == spelled and spelled:
            return name
    return None


class Builder:
    def __init__(self, locator: BuiltLocator) -> None:
        self.locator = locator

    def sessions(self, event_el: Element, event: Event) -> None:
        """Flat layout (A) for one session and section without ids;
        otherwise SESSION/SECTION (B), and SESSION/MATCH for teams:
        the layouts every reader takes (the ukbridge converter breaks on a
        SECTION straight under EVENT). A PBN event has no sessions: its
        SESSION has no SESSION_ID, so that it reads back as itself (a teams
        event's is "1", as every teams file has one)."""
        sessions = event.sessions
        teams = event.kind is EventKind.TEAMS
        only = sessions[0] if len(sessions) == 1 and not teams else None
        if only is not None and only.id is None and [s.id for s in only.sections] == [None]:
            self.section_content(event_el, None, only.sections[0])
            return
        for session in sessions:
            session_id = session.id if session.id is not None else ("1" if teams else None)
            attrib = {"SESSION_ID": session_id} if session_id is not None else {}
            self.session_content(_sub(event_el, "SESSION", **attrib), session)

    def session_content(self, parent: Element, session: Session) -> None:
        for section in session.sections:
            attrib = {"SECTION_ID": section.id} if section.id is not None else {}
            self.section_content(_sub(parent, "SECTION", **attrib), session.id, section)
        self.participants(parent, session.teams)
        for match in session.matches:
            self.match(parent, session.id, match)

    def section_content(self, parent: Element, session: str | None, section: Section) -> None:
        self.participants(parent, section.participants)
        for board in section.boards:
            element = self.board(parent, board)
            self.locator.boards[(session, section.id, board.number)] = element

    def participants(self, parent: Element, participants: Sequence[Participant]) -> None:
        """A PARTICIPANTS element of ``participants``; none where there are none."""
        if participants:
            element = _sub(parent, "PARTICIPANTS")
            for participant in participants:
                self.participant(element, participant)

    def participant(self, parent: Element, participant: Participant) -> None:
        builders = {
            ParticipantKind.PAIR: self.pair,
            ParticipantKind.TEAM: self.team,
            ParticipantKind.PLAYER: self.individual,
        }
        element = builders[participant.kind](parent, participant)
        self.locator.participants[BuiltLocator.participant_key(participant)] = element

    def pair(self, parent: Element, pair: Participant) -> Element:
        element = _sub(parent, "PAIR")
        _sub(element, "PAIR_NUMBER", pair.id)
        if pair.direction is not None:
            _sub(element, "DIRECTION", pair.direction.value)
        _players(element, pair)
        return element

    def team(self, parent: Element, team: Participant) -> Element:
        element = _sub(parent, "TEAM", TEAM_ID=team.id, TEAM_NAME=team.name or "")
        for member in team.members:
            self.participant(element, member)
        _players(element, team)
        return element

    def individual(self, parent: Element, player: Participant) -> Element:
        element = _sub(parent, "PLAYER")
        _sub(element, "PLAYER_NUMBER", player.id)
        if player.players:
            _sub(element, "PLAYER_NAME", player.players[0].name or "")
            _sub(element, "NATIONAL_ID_NUMBER", player.players[0].national_id or "")
        return element

    def board(self, parent: Element, board: Board) -> Element:
        element = _sub(parent, "BOARD")
        _sub(element, "BOARD_NUMBER", str(board.number))
        for result in board.results:
            self.locator.results[result].append(_line(element, result))
        return element

    def match(self, parent: Element, session: str | None, match: Match) -> None:
        element = _sub(parent, "MATCH")
        if match.round is not None:
            _sub(element, "ROUND_NUMBER", str(match.round))
        _sub(element, "TEAM", match.team)
        _sub(element, "OPPOSING_TEAM", match.opponent)
        for board in match.boards:
            self.board(element, board)
        self.locator.matches[(session, match.round, match.team, match.opponent)] = element


def _players(parent: Element, participant: Participant) -> None:
    # Cobalt wants both elements on every player, empty if unknown.
    for player in participant.players:
        element = _sub(parent, "PLAYER")
        _sub(element, "PLAYER_NAME", player.name or "")
        _sub(element, "NATIONAL_ID_NUMBER", player.national_id or "")


def _line(board_el: Element, result: Result) -> Element:
    """A TRAVELLER_LINE in the common producers' order."""
    line = _sub(board_el, "TRAVELLER_LINE")
    if result.home_direction is not None:
        _sub(line, "DIRECTION", result.home_direction.value)
    for tag, value in (("NS_PAIR_NUMBER", result.ns), ("EW_PAIR_NUMBER", result.ew)):
        if value is not None:
            _sub(line, tag, value)
    for tag, player in zip(SEAT_PLAYER_TAGS, result.players, strict=False):
        if player is not None:
            _sub(line, tag, player)
    contract = _contract_text(result)
    if contract:
        _sub(line, "CONTRACT", contract)
    if result.outcome is not Outcome.PASSED_OUT:
        for tag, value in (
            ("PLAYED_BY", result.declarer.value if result.declarer else None),
            ("LEAD", result.lead),
            ("TRICKS", None if result.tricks is None else str(result.tricks)),
        ):
            if value is not None:
                _sub(line, tag, value)
    score = _score_text(result)
    if score is not None:
        _sub(line, "SCORE", score)
    return line


def _contract_text(result: Result) -> str | None:
    """The source's spelling where it reads back the same, else ours
    ("4HX", "3NT")."""
    text = result.contract_text
    key = "".join((text or "").split())  # as the reader reads it: "4 H x" is 4HX
    if result.outcome is Outcome.PASSED_OUT:
        return text if PASS_RE.fullmatch(key) else "PASS"
    if result.contract is None:
        return text
    return text if parse_contract(key) == result.contract else str(result.contract)


def _score_text(result: Result) -> str | None:
    if result.outcome is Outcome.ADJUSTED and result.adjusted is not None:
        adjusted = result.adjusted
        if adjusted.assigned is not None:
            # USEBIO spells only A<ns%><ew%> artificial scores: a weighted or
            # split score is written with no SCORE, its points as scored.
            return None
        if ADJUSTED_RE.fullmatch(adjusted.code.upper()):
            return adjusted.code
        ns = adjusted.ns_percent if adjusted.ns_percent is not None else PERCENT[adjusted.ns]
        ew = adjusted.ew_percent if adjusted.ew_percent is not None else PERCENT[adjusted.ew]
        return f"A{ns:02d}{ew:02d}"
    if result.score is None:
        return None
    return str(result.score)
