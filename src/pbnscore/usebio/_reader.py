"""USEBIO XML -> the results model: the element walk (EVENT, SESSION,
SECTION, PARTICIPANTS, BOARD and MATCH elements to model objects), after the
hardened XML intake (``_read_write_intake``), beside the column read of traveller
lines (``_read_columns``).

Built from what real producers write (docs/reference/formats.md and
docs/reference/choices.md "Reading"): the five body layouts, old- and
new-style event types, participants, traveller lines and
special results. Children are read as an unordered set (producers
order them differently); repeated elements are always lists.

Strict (``loads``), the first problem raises a UsebioError. Lenient
(``check``), a problem met reading a traveller line, board, participant or
match is recorded and that element skipped; the rest is read. A document
that is not XML, not USEBIO or refused outright (entities, size) is one
problem either way.

Every Board, Result, Participant and Match gets ``source_ref``: the index of
its element in :func:`ref_elements` (document order), which the writer uses
on its copy of the tree.

A strict read of a document whose traveller lines all lie in its boards
takes them column by column (:class:`pbnscore.usebio._read_columns.LineColumns`:
one XPath per field, a board's results kept as
:class:`pbnscore.model.ResultColumns`); the element walk reads the rest, and
is the reference the tests compare the columns with.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from typing import NoReturn, TypeVar

from lxml import etree

from pbnscore import bridge
from pbnscore._numbering import with_fields, with_pairs
from pbnscore._records import attrs
from pbnscore.errors import Problem, UsebioError, collect, excerpt
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
    Section,
    Session,
    Source,
)
from pbnscore.usebio._read_columns import LineColumns, PairColumns
from pbnscore.usebio._read_handset import with_deals
from pbnscore.usebio._read_write_intake import parse, sourceline
from pbnscore.usebio._read_write_spellings import (
    ADJUSTED_RE,
    DIRECTIONS,
    EVENT_TYPES,
    NOT_PLAYED,
    POINTS_SCORING,
    SCORINGS,
    SEAT_PLAYER_TAGS,
    SEATS,
)
from pbnscore.usebio._read_write_values import (
    ODD,
    fields_of,
    normalise_lead,
    or_none,
    parse_contract,
    parse_date,
    plain_declarer,
    plain_tricks,
    ref_elements,
    text_of,
    whole_number,
    with_lead,
)

Element = etree._Element
_T = TypeVar("_T")


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
        self.contracts: dict[str, tuple[str | None, Outcome | None, Contract | None]] = {}
        self.columns: LineColumns | None = None
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
        """A lenient read's problem (:func:`pbnscore.errors.collect`)."""
        collect(problems, problem)

    def integer(self, tag: str, text: str, element: Element) -> int:
        value = whole_number(text)
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
        return self.lookup(DIRECTIONS, "DIRECTION", text, element, "NS or EW")

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
        self.bulk = not walk  # participants' fields too (see PairColumns)
        self.columns = None if walk else LineColumns.of(root, event_el, document)
        if self.columns is not None:
            self.refs = self.columns.refs
        else:
            self.refs = {element: ref for ref, element in enumerate(ref_elements(root))}
        header = fields_of(event_el)
        sessions = with_deals(self.sessions(event_el), root, document)
        kind, scoring = _event_type(event_el, header, sessions)
        winner = header.get("WINNER_TYPE", "").strip() or None
        if kind is EventKind.PAIRS and (
            winner is not None or not all(x.participants for s in sessions for x in s.sections)
        ):
            # A section that lists no pairs: by number and direction where
            # NS and EW are two fields (WINNER_TYPE, else its numbers);
            # each ranked as WINNER_TYPE says, whatever its pairs' DIRECTIONs.
            sessions = tuple(
                attrs.evolve(
                    s,
                    sections=tuple(with_fields(with_pairs(x, winner), winner) for x in s.sections),
                )
                for s in sessions
            )
        named = (scoring, header.get("MATCH_SCORING_METHOD", "").strip().upper() or None)
        words = (SCORINGS[n].value if n in SCORINGS else n.lower() for n in named if n)
        version = root.get("Version") or root.get("VERSION") or root.get("version")
        source = Source(
            name=self.source,
            format="usebio",
            version=version,
            document=document,
            tree=tree,
            scoring=SCORINGS.get(scoring) if scoring else None,
            scorings=tuple(dict.fromkeys(words)),
        )
        return Event(
            kind=kind,
            sessions=sessions,
            source=source,
            title=or_none(header.get("EVENT_DESCRIPTION") or header.get("TITLE")),
            date=parse_date(header.get("DATE", "")),
            club=_club(root.find("CLUB")),
            venue=or_none(header.get("VENUE")),
        )

    def sessions(self, event_el: Element) -> tuple[Session, ...]:
        """Layouts A, D, E (content straight under EVENT) make one session
        without an id; layouts B, C have SESSION elements."""
        sessions = [self.session(child) for child in event_el.iterchildren("SESSION")]
        own = self.container(event_el, None)
        if own.sections or own.teams or own.matches:
            sessions.insert(0, own)
        return tuple(sessions)

    def session(self, element: Element) -> Session:
        return self.container(element, or_none((element.get("SESSION_ID") or "").strip()))

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
        section_id = or_none((element.get("SECTION_ID") or "").strip())
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

    # -- participants ------------------------------------------------------

    def participants(
        self,
        element: Element,
        section: str | None,
        pairs: list[Participant],
        teams: list[Participant],
    ) -> None:
        known = PairColumns.of(element) if self.bulk else None
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
        known: PairColumns | None = None,
    ) -> Participant:
        """``known``: the fields of the pairs beside this one, read in bulk."""
        if known is None:
            fields = fields_of(element)
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
        fields = fields_of(element)
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
        fields = fields_of(element)
        team_id = (element.get("TEAM_ID") or fields.get("TEAM_ID") or "").strip()
        if not team_id:
            self.fail("TEAM without a TEAM_ID", element)
        name = (element.get("TEAM_NAME") or fields.get("TEAM_NAME") or "").strip()
        members: list[Participant] = []
        known = PairColumns.of(element) if self.bulk else None
        for member in element.iterchildren("PAIR"):
            try:
                members.append(self.pair(member, section, team_id, known))
            except UsebioError as error:
                self.carry_on(error)
        return Participant(
            id=team_id,
            kind=ParticipantKind.TEAM,
            section=section,
            players=_players(element),  # PLAYERs straight in TEAM (Marc Shearer)
            name=name or None,
            members=tuple(members),
            source_ref=self.refs[element],
        )

    # -- boards and results ------------------------------------------------

    def board_into(self, boards: list[Board], element: Element) -> None:
        try:
            boards.append(self.board(element))
        except UsebioError as error:
            self.carry_on(error)

    def board(self, element: Element) -> Board:
        number_el = next(element.iterchildren("BOARD_NUMBER"), None)
        if number_el is None or not text_of(number_el):
            self.fail("BOARD without a BOARD_NUMBER", element)
        number = self.integer("BOARD_NUMBER", text_of(number_el), number_el)
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
        """One traveller line: who sat where, then what was played,
        read once for each spelling of it (see :meth:`play`)."""
        fields = fields_of(element)
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
        score = whole_number(score_text)
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
        """A line's outcome, score, contract and play. A file
        repeats a few of these over thousands of lines: :meth:`result` asks
        once per spelling (errors are not remembered, so each bad line fails
        at its own line)."""
        play = self.played((contract_text, score_text, played_by, lead_text, tricks_text))
        if play is not None:
            return play
        play, led = self.bare_play(contract_text, score_text, played_by, tricks_text, element)
        return with_lead(play, lead_text) if led else play

    def played(self, texts: tuple[str, ...]) -> Play | None:
        """:meth:`play` of a line's CONTRACT, SCORE, PLAYED_BY, LEAD and
        TRICKS texts where the line is as most are (a contract's whole-number
        score, a seat or none, tricks 0..13 as a number or none), made at once,
        lead and all, without the steps of :meth:`bare_play` and its checks
        (a file whose plays are nearly all different makes one per line).
        None for any other line (adjusted, not played, passed out, tricks
        relative to the contract, a text that does not read): bare_play reads it."""
        contract_text, score_text, played_by, lead_text, tricks_text = texts
        score = whole_number(score_text)
        reading = self.contract_reading(contract_text)
        declarer = plain_declarer(played_by)
        tricks = plain_tricks(tricks_text)
        if score is None or reading[1] is not None or declarer is ODD or tricks is ODD:
            return None
        lead = normalise_lead(lead_text)
        return Play(Outcome.PLAYED, score, reading[2], reading[0], declarer, lead, tricks)

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
        code = score_text[:1] in ("A", "a") and ADJUSTED_RE.fullmatch(score_text.upper())
        if code:
            ns, ew = int(code[1]), int(code[2])
            adjusted = Adjusted(
                score_text, AdjustedKind.from_percent(ns), AdjustedKind.from_percent(ew), ns, ew
            )
            return Play(
                Outcome.ADJUSTED, contract_text=contract_text or None, adjusted=adjusted
            ), False
        written, decided, contract = self.contract_reading(contract_text)
        if decided is Outcome.NOT_PLAYED:
            # The converter's "NP" line carries a dummy PLAYED_BY/TRICKS/SCORE.
            return Play(Outcome.NOT_PLAYED, contract_text=written), False
        if decided is Outcome.PASSED_OUT:
            # Passed hands carry a meaningless PLAYED_BY N: not kept.
            return Play(Outcome.PASSED_OUT, score=0, contract_text=written), False
        outcome, score = Outcome.NOT_PLAYED, None
        if score_text and score_text.upper() != "NP":  # else a line without a score
            outcome, score = Outcome.PLAYED, self.integer("SCORE", score_text, element)
        play = Play(
            outcome,
            score=score,
            contract=contract,
            contract_text=written,
            declarer=self.lookup(SEATS, "PLAYED_BY", played_by, element, "N, E, S or W"),
            tricks=self.tricks(tricks_text, contract, element),
        )
        return play, True

    def contract_reading(self, text: str) -> tuple[str | None, Outcome | None, Contract | None]:
        """:func:`_contract_reading` of a CONTRACT text. A file's contracts
        are fewer than its plays: each spelling read once."""
        reading = self.contracts.get(text)
        if reading is None:
            reading = self.contracts[text] = _contract_reading(text)
        return reading

    def tricks(self, text: str, contract: Contract | None, element: Element) -> int | None:
        if not text:
            return None
        if text[0] in "=+-" and bridge.RELATIVE_TRICKS_RE.fullmatch(text):
            if contract is None:
                return None  # "+1" means nothing without a contract
            return bridge.relative_tricks(contract, text)
        return self.integer("TRICKS", text, element)

    # -- teams -------------------------------------------------------------

    def match(self, element: Element) -> Match:
        fields = fields_of(element)
        # Swiss pairs matches (RealBridge) name the pairs instead of teams.
        team = fields.get("TEAM") or fields.get("NS_PAIR_NUMBER", "")
        opponent = fields.get("OPPOSING_TEAM") or fields.get("EW_PAIR_NUMBER", "")
        if not team or not opponent:
            self.fail("MATCH without TEAM and OPPOSING_TEAM", element)
        round_el = next(element.iterchildren("ROUND_NUMBER"), None)
        round_text = text_of(round_el)
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


def _contract_reading(text: str) -> tuple[str | None, Outcome | None, Contract | None]:
    """A CONTRACT text as written (None: empty), the outcome it decides by
    itself (not played, passed out; None: the score decides) and the
    contract it names (None: none, or a spelling no grammar reads)."""
    written = text or None
    key = "".join(text.split()).upper()
    if key in NOT_PLAYED:
        return written, Outcome.NOT_PLAYED, None
    if bridge.PASS_RE.fullmatch(key):
        return written, Outcome.PASSED_OUT, None
    return written, None, parse_contract(key)


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


def _seat_team_pairs(teams: list[Participant], matches: Sequence[Match]) -> list[Participant]:
    """A team's PAIR without a DIRECTION (TeamsScorer writes none)
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
    return Player(or_none(fields.get("PLAYER_NAME")), or_none(fields.get("NATIONAL_ID_NUMBER")))


def _players(element: Element) -> tuple[Player, ...]:
    return tuple(_player(fields_of(p)) for p in element.iterchildren("PLAYER"))


def _seat_players(fields: dict[str, str]) -> tuple[str | None, ...]:
    """Individual events' traveller lines name the four players."""
    if fields.keys().isdisjoint(SEAT_PLAYER_TAGS):
        return ()
    players = tuple(fields.get(tag) or None for tag in SEAT_PLAYER_TAGS)
    return players if any(players) else ()


def _club(element: Element | None) -> Club | None:
    if element is None:
        return None
    fields = fields_of(element)
    return Club(or_none(fields.get("CLUB_NAME")), or_none(fields.get("CLUB_ID_NUMBER")))


def _event_type(
    event_el: Element, header: dict[str, str], sessions: Iterable[Session]
) -> tuple[EventKind, str | None]:
    """(kind, scoring as USEBIO spells it), from the EVENT_TYPE."""
    event_type = (event_el.get("EVENT_TYPE") or "").strip().upper()
    kind, _, implied = EVENT_TYPES.get(event_type, (None, None, None))
    board_scoring = header.get("BOARD_SCORING_METHOD", "").upper()
    scoring = board_scoring or implied or _scoring_from_content(event_el)
    return kind or _kind_from_content(sessions), scoring


def type_style(root: Element) -> str:
    """The document's EVENT_TYPE style: "new" where its EVENT
    has a BOARD_SCORING_METHOD, else its EVENT_TYPE's, "old" by default.
    The writer keeps an input's style; the model holds no such spelling."""
    event_el = root.find("EVENT")
    if event_el is None:
        return "old"
    method = ""
    for child in event_el.iterchildren("BOARD_SCORING_METHOD"):
        method = (child.text or "").strip()  # the last wins, as the walk reads a field
    if method:
        return "new"
    event_type = (event_el.get("EVENT_TYPE") or "").strip().upper()
    return EVENT_TYPES.get(event_type, (None, None, None))[1] or "old"


def _scoring_from_content(event_el: Element) -> str | None:
    """The scoring from the content: PARTICIPANTS@/BOARD@EVENT_TYPE, then the points
    fields of the first traveller line."""
    for element in event_el.iter("PARTICIPANTS", "BOARD"):
        implied = EVENT_TYPES.get((element.get("EVENT_TYPE") or "").strip().upper())
        if implied and implied[2]:
            return implied[2]
    line = next(event_el.iter("TRAVELLER_LINE"), None)
    if line is not None:
        for child in line:
            if child.tag in POINTS_SCORING:
                return POINTS_SCORING[str(child.tag)]
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
