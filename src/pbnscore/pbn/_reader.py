"""PBN reader: tokens into games, games into the results model.

A game is the tag pairs (and their section data) between two semi-empty
lines (§3). Its tag values are resolved against the games before it (``#``
and ``##``, §4.8); then the game adds to the event one of:

- the rows of its ScoreTable (§5.9): one result per row, pairs from the
  PairId/Names columns (the game's own Contract/Declarer/Result tags are not
  a result then; they are usually "?" or "");
- with HomeTeam and VisitTeam tags: one table's result in a teams match
  (see ``_read_teams``); a later game with a result and no team tags is one
  table of the same match, until a game's Event, Round or Match differs
  from the naming game's (BBO's LinToPbn names the teams in a match's first
  game only); a game with a result that can be placed in no match makes a
  teams file an error;
- with a Result or Score tag, or Contract "Pass": one table's result of a
  pairs event, pairs from PairNS/PairEW or the player tags;
- otherwise only its board (dealer, vulnerability, deal).

A TotalScoreTable (§5.10) anywhere names pairs and their directions.

Choices where PBN is silent or real files differ:

- a ScoreTable row is one result, even in a frequency table with a
  Multiplicity column (those rows have no pairs to score anyway);
- a Result element (§3.4.15) with "^" is an agreed wrong trick count and
  stands; "^" in a Score or Percentage element is an artificial score;
- ``Event.metadata`` keeps the ``%`` lines of other programs and the first
  value of the event-wide tags (Scoring, Competition, EventDate ...); per-game
  tags that results do not use (DoubleDummyTricks, OptimumScore ...) are not
  kept.
"""

from __future__ import annotations

import datetime as dt
import functools
import re
from typing import NamedTuple

from pbnscore import errors
from pbnscore._records import attrs
from pbnscore.bridge import PASS_RE, parse_seat, vulnerability_for_board
from pbnscore.errors import PbnError, Problem, TooManyProblems, collect, excerpt
from pbnscore.model import (
    Deal,
    Event,
    EventKind,
    Participant,
    Play,
    Player,
    Scoring,
    Seat,
    Section,
    Session,
    Source,
    Vulnerability,
)
from pbnscore.pbn._read_analysis import Analyses, with_analyses
from pbnscore.pbn._read_result import EMPTY, Entry, Noting, Report, to_play
from pbnscore.pbn._read_score_table import PLAYS_KEPT, Place, read_rows
from pbnscore.pbn._read_sets import SetKey, game_deal, labels, set_key, two_deals
from pbnscore.pbn._read_shape import not_pbn
from pbnscore.pbn._read_teams import TableGame, assemble, with_listed_pairs
from pbnscore.pbn._read_write_deal import UnreadableDeal, read_deal
from pbnscore.pbn._read_write_games import Game, Inheritance, games
from pbnscore.pbn._read_write_lexer import Token, decode, tokens
from pbnscore.pbn._read_write_pairs import (
    EW,
    NS,
    RANKED_ACROSS,
    BoardNotes,
    SectionNotes,
    natural_key,
    parse_direction,
    split_names,
    table_fields,
)
from pbnscore.pbn._read_write_tables import (
    SCORE_TABLE,
    TABLES,
    TOTAL_SCORE_TABLE,
    Header,
    Rows,
    check_order,
    parse_header,
    split_rows,
)

VERSION_RE = re.compile(r"\s*PBN\s+(\d+\.\d+)\s*", re.I)
EXPORT_RE = re.compile(r"\s*EXPORT\s*", re.I)
META_RE = re.compile(r'\s*<META\s+name=(\S+)\s+content="([^"]*)"\s*>\s*', re.I)
KEYED_RE = re.compile(r"([A-Za-z][\w-]*):\s*(.*)")
DATE_RE = re.compile(r"(\d{4}|\?{4})\.(\d\d|\?\?)\.(\d\d|\?\?)")
# Numbers have at most nine digits, as the USEBIO reader takes them: longer
# is no board or score, and int() refuses text of over 4300 digits.
BOARD_RE = re.compile(r"\d{1,9}")
SCORE_TAG_RE = re.compile(
    r"\s*(?:(NS|EW)\s*)?([+-]?\d{1,9})(?:\s+(NS|EW)\s*([+-]?\d{1,9}))?\s*", re.I
)
SIDE_TRICKS_RE = re.compile(r"(NS|EW)\s+(\d{1,2})(?!\d)", re.I)

# The plays of the games' own results read so far (a game per table), by
# what _tag_entry and to_play read of a game: its Contract, Declarer,
# Score and Result tags, whether it has an Auction, and the vulnerability.
# Kept only where making the play reported nothing, as the ScoreTable rows'
# plays are (_read_score_table.PLAYS), and emptied at the same size.
GAME_PLAYS: dict[tuple[str | bool | Vulnerability | None, ...], Play] = {}

# event-wide tags kept in Event.metadata (first value seen)
EVENT_TAGS = (
    "Scoring", "Competition", "EventDate", "Stage", "Application", "Annotator",
    "Generator", "EventSponsor",
)  # fmt: skip

_VULNERABILITY = {
    "none": Vulnerability.NONE,
    "love": Vulnerability.NONE,
    "-": Vulnerability.NONE,
    "ns": Vulnerability.NS,
    "ew": Vulnerability.EW,
    "all": Vulnerability.BOTH,
    "both": Vulnerability.BOTH,
}


class Problems:
    """Where problems go: raised as PbnError (strict, errors only) or
    collected for ``check``. A lenient read stops after MAX_PROBLEMS (and
    says so, as an error). A strict read is never stopped by warnings: it
    either fails at an error or reads the whole file, so warnings past
    MAX_PROBLEMS are only counted."""

    def __init__(self, source: str, strict: bool) -> None:
        self.source, self.strict = source, strict
        self.items: list[Problem] = []
        self.uncollected = 0  # strict: warnings past the cap

    def __call__(self, message: str, line: int | None, severity: str = "error") -> None:
        if self.strict:
            if severity == "error":
                raise PbnError(message, source=self.source, line=line)
            if len(self.items) >= errors.MAX_PROBLEMS:
                self.uncollected += 1
            else:
                self.items.append(Problem(message, self.source, line, severity))
            return
        collect(self.items, Problem(message, self.source, line, severity))

    def collected(self) -> list[Problem]:
        """Every problem kept, and a last warning counting those that were not."""
        if not self.uncollected:
            return self.items
        message = f"{self.uncollected} more warnings not listed"
        return [*self.items, Problem(message, self.source, None, "warning")]


class EventBuilder:
    """Adds games to the event being read."""

    def __init__(self, source: str, report: Report, thorough: bool) -> None:
        self.source, self.report, self.thorough = source, report, thorough
        # by stage (§4.4.6: pbnscore writes a session as one) and section
        self.sections: dict[tuple[str | None, str | None], SectionNotes] = {}
        self.stage: str | None = None  # the last game's that names one
        self.table_games: list[TableGame] = []
        self.event_tags: dict[str, str] = {}
        self.wanted = {"Event", "Date", "Site", *EVENT_TAGS}  # event tags not yet seen
        self.last_board: int | None = None
        self.count = 0
        self.named: _NamedTeams | None = None  # the teams later games play in
        self.unplaced: dict[str, list[int]] = {}  # why a game is in no match: its lines
        self.team_names: dict[str, str | None] = {}  # a TotalScoreTable's Names by TeamId
        # a TotalScoreTable's players of each team's pairs: {team: {pair: players}}
        self.team_pairs: dict[str, dict[str, tuple[Player, ...]]] = {}
        self.analyses = Analyses()  # each deal's, read when first asked for
        # a section's sets, where one board number has several deals told
        # apart by Event or Round: {(stage, section): {set key: its notes}}
        self.sets: dict[tuple[str | None, str | None], dict[SetKey, SectionNotes]] = {}

    # -- per game

    def add(self, game: Game) -> None:
        self.count += 1
        values = game.values
        if "Stage" in values:
            self.stage = game.text("Stage")
        self.analyses.add(game)
        if self.wanted:
            self._event_tags(game)
        if self.thorough:
            self._check_tables(game)
        if TOTAL_SCORE_TABLE in values:
            self._total_scores(game)
        if SCORE_TABLE in values:
            self._score_table(game)
        elif "HomeTeam" in values or "VisitTeam" in values:
            self._teams_game(game, self._name_teams(game))
        elif _has_result(game):
            named = self._teams_in_force(game)
            if named is None:
                self._pairs_game(game)
            else:
                self._teams_game(game, named)
        else:
            number = self._board_number(game, needed=False)
            if number is not None:
                self._board(game, number)

    def _event_tags(self, game: Game) -> None:
        for name in self.wanted & game.values.keys():
            value = game.text(name)
            if value is not None:
                self.event_tags[name] = value
                self.wanted.discard(name)

    def _board_number(self, game: Game, needed: bool) -> int | None:
        text = game.text("Board")
        if text is None:
            if not needed:
                return None
            if self.last_board is None:
                self.report("a game with a result needs a Board tag", game.line, "error")
                return None
            # rpbridge.net leaves Board out of later games of one deal
            message = f"no Board tag; board {self.last_board} of the game before is assumed"
            self.report(message, game.line, "warning")
            return self.last_board
        if not BOARD_RE.fullmatch(text) or int(text) < 1:
            message = f"Board {excerpt(text)} is not a board number"
            self.report(message, game.line_of("Board"), "error")
            return None
        self.last_board = int(text)
        return self.last_board

    def _section(self, section: str | None) -> SectionNotes:
        key = (self.stage, section)
        notes = self.sections.get(key)
        if notes is None:
            notes = self.sections[key] = SectionNotes(section)
        return notes

    def _board(self, game: Game, number: int, section: str | None = None) -> Place:
        """Record the game's board in ``section`` (or in the set of it the
        game's Event and Round tell apart); where its results go, and the
        vulnerability to score with."""
        section = section if section is not None else game.text("Section")
        notes = self._section(section)
        sets = self.sets.get((self.stage, section))
        if sets is not None:
            notes = sets.get(set_key(game), notes)
        board = notes.board(number)
        if board.deal is None:
            board.dealer, board.vulnerability, board.deal = self._deal(game)
            board.origin = game
        elif (deal := game_deal(game)) is not None and two_deals(deal, board.deal):
            notes, board = self._another_set(game, section, notes, board)
        return notes, board, board.vulnerability or vulnerability_for_board(number)

    def _another_set(
        self, game: Game, section: str | None, notes: SectionNotes, board: BoardNotes
    ) -> tuple[SectionNotes, BoardNotes]:
        """A second deal under one board number of a section: a set of its
        own where the game's Event or Round differs from the first deal's
        game (a file of several sets, each numbered from 1); else an error
        naming both lines (docs/reference/choices.md)."""
        assert board.origin is not None  # the game that gave board.deal
        line, first_key = board.origin.line_of("Deal"), set_key(board.origin)
        key = set_key(game)
        if key == first_key:
            message = (
                f"board {board.number}: two different deals under one number, at lines "
                f"{line} and {game.line_of('Deal')} (nothing tells them apart: no Event, "
                "Site, Date, Round or Section differs)"
            )
            self.report(message, game.line_of("Deal"), "error")
            return notes, board
        primary = self._section(section)
        sets = self.sets.setdefault((self.stage, section), {})
        if not sets:
            sets[first_key] = primary  # relabelled at the end (_label_sets)
        other = sets.get(key)
        if other is None:  # its id for now; named when every set is known
            provisional = f"{section}\0{len(sets)}"
            other = sets[key] = self.sections[(self.stage, provisional)] = SectionNotes(section)
        mine = other.board(board.number)
        if mine.deal is None:
            mine.dealer, mine.vulnerability, mine.deal = self._deal(game)
            mine.origin = game
        elif other is not notes:
            return self._another_set(game, section, other, mine)
        return other, mine

    def _label_sets(self) -> None:
        """Name each set of a section that holds several by what tells it
        apart (its Event, its Round), the first set too."""
        for (_, section), sets in self.sets.items():
            named = labels(section, list(sets))
            for key, notes in sets.items():
                notes.id = named[key]

    def _deal(self, game: Game) -> tuple[Seat | None, Vulnerability | None, Deal | None]:
        dealer = vulnerability = None
        text, deal_text = game.texts("Dealer", "Deal")
        if text is not None:
            try:
                dealer = parse_seat(text)
            except ValueError:
                self.report(
                    f"Dealer {excerpt(text)} is not N, E, S or W", game.line_of("Dealer"), "warning"
                )
        text = game.values.get("Vulnerable")
        if text is not None and text.strip() not in ("", "?"):
            vulnerability = _VULNERABILITY.get(text.strip().lower())
            if vulnerability is None:
                line = game.line_of("Vulnerable")
                self.report(f"Vulnerable {excerpt(text)} is not a vulnerability", line, "warning")
        return dealer, vulnerability, self._hands(game, deal_text)

    def _hands(self, game: Game, text: str | None) -> Deal | None:
        if text is None:
            return None
        try:
            return read_deal(text)
        except UnreadableDeal:
            why = "is not a deal (PBN 2.1 §3.4.11); the board is read without its hands"
            message = f"Deal {excerpt(text)} {why}"
            self.report(message, game.line_of("Deal"), "warning")
            return None

    # -- tables

    def _header(self, game: Game, table: str) -> Header:
        header = parse_header(table, game.values[table])
        for message, severity in header.problems:
            self.report(message, game.line_of(table), severity)
        return header

    def _rows(self, game: Game, table: str, header: Header) -> Rows:
        data = game.section(table)
        if not data:
            return Rows([], [[] for _ in header.columns])
        rows = split_rows(table, data, len(header.columns), self.report)
        if self.thorough:
            check_order(table, header, rows, self.report)
        return rows

    def _check_tables(self, game: Game) -> None:
        """Check mode: the tables results do not use are checked too."""
        for table in game.values.keys() & TABLES - {SCORE_TABLE, TOTAL_SCORE_TABLE}:
            self._rows(game, table, self._header(game, table))

    def _score_table(self, game: Game) -> None:
        header = self._header(game, SCORE_TABLE)
        rows = self._rows(game, SCORE_TABLE, header)
        number = self._board_number(game, needed=bool(rows.lines))
        if number is None:
            return

        def place(section: str | None) -> Place:
            return self._board(game, number, section)

        read_rows(header, rows, game.text("Section"), place, self.report)

    def _total_scores(self, game: Game) -> None:
        header = self._header(game, TOTAL_SCORE_TABLE)
        index = header.positions()
        default_section = game.text("Section")
        for _, values in self._rows(game, TOTAL_SCORE_TABLE, header).tuples():
            cells = {key: values[i] for key, i in index.items()}
            pair, team = _cell(cells, "PairId"), _cell(cells, "TeamId")
            if team is not None:
                self._team_row(team, pair, cells)
                continue
            if pair is None:
                continue
            notes = self._section(_cell(cells, "Section") or default_section)
            direction = parse_direction(cells.get("Direction", ""))
            if direction is not None:
                notes.declared.setdefault(pair, set()).add(direction)
            elif cells.get("Direction") == "-":
                # "-", irrelevant (§5.2): a pair with no direction, a Howell's
                # (pbnscore writes it so, docs/reference/pbn-out.md)
                notes.declared.setdefault(pair, set())
            if pair not in notes.listed:
                notes.listed.append(pair)
            if "Rank" in cells:  # how the file ranked the section (_read_write_pairs)
                notes.ranks.append((direction, cells["Rank"]))
            notes.name(pair, direction, _row_players(cells))

    def _team_row(self, team: str, pair: str | None, cells: dict[str, str]) -> None:
        """A teams event's row (pbnscore's PBN out,
        docs/reference/pbn-out.md): a team's, its
        name ("" where it has none: pbnscore writes the id in HomeTeam); a
        team's pair's, its players with their national ids (the games name
        the pairs, not their ids)."""
        if pair is None:
            self.team_names[team] = _cell(cells, "Names")
        else:
            self.team_pairs.setdefault(team, {}).setdefault(pair, _row_players(cells))

    # -- results from a game's own tags

    def _pairs_game(self, game: Game) -> None:
        number = self._board_number(game, needed=True)
        if number is None:
            return
        notes, board, vulnerability = self._board(game, number)
        ns, ns_players = _tag_pair(game, "PairNS", "North", "South")
        ew, ew_players = _tag_pair(game, "PairEW", "West", "East")
        # a pair found by its players is the two of them, whatever their
        # seats and direction (docs/reference/choices.md)
        if "PairNS" not in game.values:
            ns, ns_players = notes.by_players(ns, ns_players)
        if "PairEW" not in game.values:
            ew, ew_players = notes.by_players(ew, ew_players)
        # what _tag_entry and to_play read of the game
        spelt = (
            *game.texts("Contract", "Declarer", "Score", "Result"),
            "Auction" in game.values,
            vulnerability,
        )
        play = GAME_PLAYS.get(spelt)
        if play is None:
            noting = Noting(self.report)
            entry = self._tag_entry(game, noting)
            play = to_play(entry, vulnerability, noting)
            if not noting.called:  # a problem is reported at every game that has it
                if len(GAME_PLAYS) >= PLAYS_KEPT:
                    GAME_PLAYS.clear()
                GAME_PLAYS[spelt] = play
            line = entry.line
        else:
            line = game.line_of("Score", "Result", "Contract")
        board.add_game(ns, ew, play, game.text("Table"), line)
        notes.name(ns, NS, ns_players)
        notes.name(ew, EW, ew_players)

    # -- the teams a game is played between

    def _name_teams(self, game: Game) -> _NamedTeams:
        """The teams a game names; later games without team tags play in
        the same match until the scope changes."""
        home, visit = game.texts("HomeTeam", "VisitTeam")
        scope = tuple(game.texts(*SCOPE_TAGS))
        self.named = _NamedTeams(home, visit, game.line, scope)
        return self.named

    def _teams_in_force(self, game: Game) -> _NamedTeams | None:
        """The teams of the last game that named them, for a game with a
        result and no team tags; None (the game noted as in no match) where
        no game has named them or the game's Event, Round or Match differs."""
        named = self.named
        if named is None:
            why = "no earlier game names a HomeTeam and VisitTeam"
            self.unplaced.setdefault(why, []).append(game.line)
            return None
        for tag, value, own in zip(SCOPE_TAGS, named.scope, game.texts(*SCOPE_TAGS), strict=True):
            if own is not None and own != value:
                why = (
                    f"the {tag} differs from that of the game at line {named.line}, "
                    "the last to name a HomeTeam and VisitTeam"
                )
                self.unplaced.setdefault(why, []).append(game.line)
                return None
        return named

    def _teams_game(self, game: Game, named: _NamedTeams) -> None:
        room, table, round_, pair_ns, pair_ew, north, south, west, east = game.texts(
            "Room", "Table", "Round", "PairNS", "PairEW", "North", "South", "West", "East",
        )  # fmt: skip
        home, visit, round_ = named.home, named.visit, round_ or named.scope[1]
        if home is None or visit is None or home == visit:
            line = game.line_of("HomeTeam", "VisitTeam")
            self.report("a teams game needs two different teams, HomeTeam and VisitTeam", line)
            return
        if round_ is not None and round_.isdecimal() and not BOARD_RE.fullmatch(round_):
            self.report(f"Round {excerpt(round_)} is not a round number", game.line_of("Round"))
            return
        number = self._board_number(game, needed=True)
        if number is None:
            return
        dealer, vulnerability, deal = self._deal(game)
        self.table_games.append(
            TableGame(
                entry=self._tag_entry(game),
                vulnerability=vulnerability or vulnerability_for_board(number),
                number=number,
                dealer=dealer,
                board_vulnerability=vulnerability,
                deal=deal,
                home=home,
                visit=visit,
                room=room,
                table=table,
                round=round_,
                ns_names=tuple(n for n in (north, south) if n is not None),
                ew_names=tuple(n for n in (west, east) if n is not None),
                pair_ns=pair_ns,
                pair_ew=pair_ew,
            )
        )

    def _tag_entry(self, game: Game, report: Report | None = None) -> Entry:
        """The result a game's Contract, Declarer, Result and Score tags give
        (problems to ``report``, else the read's)."""
        report = self.report if report is None else report
        line = game.line_of("Score", "Result", "Contract")
        contract, declarer, score, result = game.texts("Contract", "Declarer", "Score", "Result")
        passed = contract is not None and PASS_RE.fullmatch(contract) is not None
        if passed and score is None and "Auction" not in game.values:
            # RealBridge writes a board not played (a bye) as Contract "Pass"
            # with no Score and no Auction; its pass-outs have both.
            return Entry(line)
        return Entry(
            line,
            contract=contract,
            declarer=declarer,
            tricks=_tricks_tag(result, declarer, line, report),
            score=_score_tag(score, declarer, line, report),
        )

    # -- the event

    def event(
        self, version: str | None, metadata: list[tuple[str, str]], document: bytes | None = None
    ) -> Event:
        if self.table_games:
            self._refuse_unplaced()
        self._label_sets()
        teams, matches = assemble(self.table_games, self.report) if self.table_games else ((), ())
        teams = tuple(self._as_listed(team) for team in teams)
        stages = list(dict.fromkeys(stage for stage, _ in self.sections))
        used = {"Stage"} if len(stages) > 1 and not matches else set()
        if used:
            sessions = self._sessions(stages)
        else:
            _, matches = with_analyses((), matches, self.analyses.later)
            sections = self._sections_of(None)
            sessions = (Session(sections=sections, teams=teams, matches=matches),)
        tags = self.event_tags
        site = tags.get("Site")  # a venue (§3.4.2: "the location of the event")
        scoring, scorings = _scoring(tags.get("Scoring"))
        return Event(
            kind=EventKind.TEAMS if matches else EventKind.PAIRS,
            sessions=sessions,
            source=Source(
                self.source,
                "pbn",
                version=version,
                document=document,
                scoring=scoring,
                scorings=scorings,
            ),
            title=tags.get("Event"),
            date=self._date(tags.get("Date") or tags.get("EventDate")),
            venue=site,
            # a Stage read as the sessions is no longer the event's
            metadata=(
                *metadata,
                *((n, tags[n]) for n in EVENT_TAGS if n in tags and n not in used),
            ),
        )

    def _as_listed(self, team: Participant) -> Participant:
        """``team`` with what a TotalScoreTable lists of it: its pairs'
        players and ids, and its name (None where the table's is empty)."""
        team = with_listed_pairs(team, self.team_pairs.get(team.id, {}))
        if team.id not in self.team_names:
            return team
        return attrs.evolve(team, name=self.team_names[team.id])

    def _sessions(self, stages: list[str | None]) -> tuple[Session, ...]:
        """A pairs event's stages as its sessions (pbnscore writes each
        session of an event as a Stage, docs/reference/pbn-out.md): each section
        with every stage's TotalScoreTable listing of its pairs."""
        for notes in self.sections.values():
            for other in self.sections.values():
                if other is not notes and other.id == notes.id:
                    notes.take_listing(other)
        return tuple(Session(id=stage, sections=self._sections_of(stage)) for stage in stages)

    def _sections_of(self, stage: str | None) -> tuple[Section, ...]:
        """The sections of ``stage`` (None: of every stage, each section's
        stages as one), in order of their ids."""
        found: dict[str | None, SectionNotes] = {}
        for (own, section), notes in self.sections.items():
            if stage is None and section in found:
                found[section].take_boards(notes)
            elif stage is None or own == stage:
                found[section] = notes
        ordered = sorted(found.values(), key=lambda n: natural_key(n.id or ""))
        scoring = (self.event_tags.get("Scoring") or "").split(";")
        across = RANKED_ACROSS in (field.strip() for field in scoring)
        fields = table_fields([notes.ranks for notes in ordered], across)
        return tuple(
            notes.section(self.analyses.later, said)
            for notes, said in zip(ordered, fields, strict=True)
        )

    def _refuse_unplaced(self) -> None:
        """A teams file's games with a result that no match takes: an error
        (a pairs section beside the matches would never be scored)."""
        for why, lines in self.unplaced.items():
            shown = ", ".join(map(str, lines[:5]))
            more = f" and {len(lines) - 5} more" if len(lines) > 5 else ""
            if len(lines) == 1:
                message = f"this game has a result but belongs to no match: {why}"
            else:
                count = len(lines)
                message = f"{count} games with a result (lines {shown}{more}) belong to no match"
                message += f": {why}"
            self.report(message, lines[0])

    def _date(self, text: str | None) -> dt.date | None:
        """§3.4.3 "YYYY.MM.DD", "?" for unknown digits (then no date)."""
        match = DATE_RE.fullmatch(text) if text else None
        if match is None or "?" in match[0]:
            return None
        try:
            return dt.date(int(match[1]), int(match[2]), int(match[3]))
        except ValueError:
            self.report(f"Date {excerpt(match[0])} is not a date", None, "warning")
            return None


# A game's teams stand for the games after it until one of these differs.
SCOPE_TAGS = ("Event", "Round", "Match")


class _NamedTeams(NamedTuple):
    """The teams a game named, where, and the Event, Round and Match it
    named them in."""

    home: str | None
    visit: str | None
    line: int
    scope: tuple[str | None, ...]


def _has_result(game: Game) -> bool:
    contract = game.text("Contract")
    return (
        game.text("Result") is not None
        or game.text("Score") is not None
        or (contract is not None and PASS_RE.fullmatch(contract) is not None)
    )


def _score_tag(text: str | None, declarer: str | None, line: int, report: Report) -> int | None:
    """§4.2.1: "<score>" (declarer's), "NS <score>", "EW <score>" or both."""
    if text is None:
        return None
    match = SCORE_TAG_RE.fullmatch(text)
    if match is None or (match[3] and not match[1]):
        report(f"Score {excerpt(text)} does not parse", line)
        return None
    side = (match[1] or "").upper() or _declaring_side(declarer)
    if side is None and int(match[2]) == 0:
        return 0  # a pass-out's "0" needs no side
    if side is None:
        report(f"Score {excerpt(text)} needs NS or EW, or a Declarer", line)
        return None
    score = int(match[2]) if side == "NS" else -int(match[2])
    if match[3] and int(match[4]) != -int(match[2]):
        report(f"Score {excerpt(text)}: the NS and EW scores disagree", line, "warning")
    return score


def _tricks_tag(text: str | None, declarer: str | None, line: int, report: Report) -> str | None:
    """§3.4.15: "<tricks>" (declarer's), or "NS <n>" / "EW <n>" / both."""
    if text is None or not SIDE_TRICKS_RE.search(text):
        return text
    counts = {side.upper(): int(n) for side, n in SIDE_TRICKS_RE.findall(text)}
    if max(counts.values()) > 13:  # else 13 - 20 would read as "7 down"
        report(f"impossible trick count {excerpt(text)}", line)
        return None
    side = _declaring_side(declarer)
    if side is None:
        report(f"Result {excerpt(text)} needs a Declarer", line)
        return None
    if side in counts:
        return str(counts[side])
    return str(13 - counts["EW" if side == "NS" else "NS"])


def _declaring_side(declarer: str | None) -> str | None:
    try:
        seat = parse_seat((declarer or "").lstrip("^"))
    except ValueError:
        return None
    return seat.direction.value


def _row_players(cells: dict[str, str]) -> tuple[Player, ...]:
    """A TotalScoreTable row's players: its names, with their national ids
    (MemberID1/MemberID2, Magic Contest's columns)."""
    return _listed_players(
        cells.get("Names", ""), _cell(cells, "MemberID1"), _cell(cells, "MemberID2")
    )


@functools.lru_cache(maxsize=4096)
def _listed_players(names: str, first: str | None, second: str | None) -> tuple[Player, ...]:
    """_row_players of a row's Names, MemberID1 and MemberID2; remembered
    for the next read of the file (the players are frozen: shared)."""
    ids = [first, second]
    return tuple(
        Player(name, ids[i] if i < 2 else None) for i, name in enumerate(split_names(names))
    )


def _cell(cells: dict[str, str], key: str) -> str | None:
    value = cells.get(key)
    return None if value is None or value in EMPTY else value


def _tag_pair(
    game: Game, pair_tag: str, first: str, second: str
) -> tuple[str | None, tuple[Player, ...]]:
    """A pair from its PairNS/PairEW tag, else from its players' tags (a seat
    names one player, "Last, First", §3.4.5): one label in both seats
    (JFR/PbnTools "Para-1") or the two names."""
    return _pair_of(game.text(pair_tag), *game.texts(first, second))


@functools.lru_cache(maxsize=4096)
def _pair_of(
    pair: str | None, first: str | None, second: str | None
) -> tuple[str | None, tuple[Player, ...]]:
    """_tag_pair's pair from its tags' values; remembered, since a pair
    plays a game of each board."""
    names = tuple(dict.fromkeys(n for n in (first, second) if n is not None))
    if pair is None and names:
        pair = " - ".join(names)
    if len(names) == 1:  # the label names both players ("Ann Smith-Bob Jones")
        names = split_names(names[0]) or names
    return pair, tuple(Player(n) for n in names)


def read(data: bytes | str, source: str, strict: bool) -> tuple[Event, list[Problem]]:
    """The event in PBN ``data`` and the problems found (strict: errors raise)."""
    report = Problems(source, strict)
    # kept for the PBN writer, which writes the input back plus the scores
    document = data if isinstance(data, bytes) else data.encode("utf-8")
    if isinstance(data, bytes):
        decoded = decode(data)
        if decoded.unknown_charset:
            charset, encoding = excerpt(decoded.unknown_charset), decoded.encoding
            message = f"charset {charset} is no text encoding pbnscore knows; read as {encoding}"
            report(message, None, "warning")
        data = decoded.text
    why = not_pbn(document, data)
    if why is not None:  # one line, never the faults of a file that is no PBN at all
        raise PbnError(f"not a PBN or USEBIO file ({why})", source=source, line=None)
    builder = EventBuilder(source, report, thorough=not strict)
    directives: list[Token] = []
    skipped: list[Token] = []
    inheritance = Inheritance(report)
    try:
        for game in games(tokens(data), report, directives, skipped):
            inheritance.resolve(game)
            builder.add(game)
        if builder.count == 0 and skipped:
            # nothing was read past the faults: the first is why
            report(skipped[0].text, skipped[0].line, "error")
        elif builder.count == 0:
            report("no PBN games: the input has no tag pairs", 1, "error")
    except TooManyProblems:
        pass  # lenient: what was read so far, and the problems (the last an error)
    version, metadata = _directives(directives)
    return builder.event(version, metadata, document), report.collected()


def _directives(directives: list[Token]) -> tuple[str | None, list[tuple[str, str]]]:
    """The PBN version (§2.4), and every other escape line as metadata:
    ``% <META name=X content="Y">`` as (X, Y), ``%Key: value`` as (Key,
    value), anything else as ("%", text)."""
    version: str | None = None
    metadata: list[tuple[str, str]] = []
    for token in directives:
        text = token.text
        match = VERSION_RE.fullmatch(text)
        if match is not None:
            version = version or match[1]
        elif EXPORT_RE.fullmatch(text) or not text.strip():
            continue
        elif (meta := META_RE.fullmatch(text)) is not None:
            metadata.append((meta[1], meta[2]))
        elif (keyed := KEYED_RE.fullmatch(text.strip())) is not None:
            metadata.append((keyed[1], keyed[2]))
        else:
            metadata.append(("%", text.strip()))
    return version, metadata


# The basic systems of a Scoring tag's first field (§3.4.12) as the model
# says them (Source.scoring; their words, Source.scorings); its modifiers
# (Butler, Cross ...) refine an IMP scoring, which the IMP methods score.
SCORINGS = {
    "MP": Scoring.MATCHPOINTS,
    "MATCHPOINTS": Scoring.MATCHPOINTS,
    "IMP": Scoring.IMPS,
    "BAM": Scoring.BOARD_A_MATCH,
    "INSTANT": Scoring.INSTANT,
    "CAVENDISH": Scoring.CAVENDISH,
    "CHICAGO": Scoring.CHICAGO,
    "RUBBER": Scoring.RUBBER,
}


def _scoring(tag: str | None) -> tuple[Scoring | None, tuple[str, ...]]:
    """The Scoring tag's basic system: the model's scoring (None where
    pbnscore has no word for it) and the words of Source.scorings."""
    system = (tag or "").split(";")[0].strip()
    if not system:
        return None, ()
    scoring = SCORINGS.get(system.upper())
    return scoring, (scoring.value if scoring is not None else system.lower(),)
