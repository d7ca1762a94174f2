"""The model (scored or not) -> PBN 2.1.

PBN input is written back as itself plus the scores: its lines are kept as
they were (bytes, encoding, line ends) and only what the method owns
(:data:`OWNED_TAGS`, :data:`OWNED_COLUMNS`) is set, inserted or removed.
Any other event (USEBIO input) is written as new PBN games: one per board
of a section, one per board and table of a teams match.

Where things go (README "PBN out"):

- ``[Scoring]`` on every game with a board (§3.4.12), replaced where the
  input had one, else after the game's Deal (or Board) line;
- ``[Datum "NS 430"]`` (not in the standard, which has no place for a
  datum; readers skip unknown tags, §4.9) on each game of a board that has
  a datum, beside ``[Scoring]``;
- a ScoreTable's ``IMP_NS``/``IMP_EW`` columns (§5.9), appended to its
  header and rows, or overwritten where it had them;
- ``[ScoreIMP "NS 2.00 EW -2.00"]`` (§4.2.2) on a game that is one table's
  result (teams, or pairs written one game per table);
- one ``TotalScoreTable`` (§5.10), in the first game: in the place of the
  first game's own where it had one; the input's others are dropped (they
  total another scoring, and a ``"#"`` header after them would inherit ours).
"""

from __future__ import annotations

import codecs
import itertools
import re
from collections import defaultdict
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from fractions import Fraction

from pbnscore._version import __version__
from pbnscore.bridge import vulnerability_for_board
from pbnscore.figures import points_text
from pbnscore.model import (
    AdjustedKind,
    Board,
    Direction,
    Event,
    EventKind,
    Outcome,
    Participant,
    ParticipantKind,
    Points,
    PointsStyle,
    Result,
    ScoredBoard,
    ScoredEvent,
    ScoredMatch,
    ScoredResult,
    Seat,
    Standing,
)
from pbnscore.pbn._games import Game, games
from pbnscore.pbn._lexer import Kind, Token, decode, tokens
from pbnscore.pbn._pairs import natural_key
from pbnscore.pbn._tables import (
    ELEMENT_RE,
    SCORE_TABLE,
    TOTAL_SCORE_TABLE,
    parse_header,
)

__all__ = ["OWNED_COLUMNS", "OWNED_TAGS", "write"]

DATUM_TAG = "Datum"
# What the method owns in a PBN file; everything else is the input's.
OWNED_TAGS = ("Scoring", DATUM_TAG, "ScoreIMP", TOTAL_SCORE_TABLE)
OWNED_COLUMNS = {SCORE_TABLE: ("IMP_NS", "IMP_EW")}

MAX_LINE = 255  # §2.3, counting the line end

# One line and its end, as the lexer counts lines (CR, LF and CRLF, §2).
LINE_END_RE = re.compile(r"(\r\n|\r|\n)")
# A tag pair from its "[" to its value's closing quote; whitespace, lines
# included, between the tokens in import format (§3.3).
TAG_RE = r'\[[ \t\n]*{name}[ \t\n]*"((?:[^"\\\n]|\\.)*)"'
TAG_END_RE = re.compile(r"[ \t\n]*\]")
BACKSLASH_RE = re.compile(r'\\(?=["\\]|$)')
CONTROL_RE = re.compile(r"[\t\r\n\v\f]")
# A TotalScoreTable tag pair starting a line or after another's "]" (import
# format, §3.3); a quote inside a tag value is escaped, so none starts there.
REPEAT_RE = re.compile(rf"(?:^|(?<=\]))[ \t]*\[[ \t]*{TOTAL_SCORE_TABLE}[ \t]*\"")


# -- the [Scoring] value (§3.4.12): the standard's fields where they fit -------


def scoring_value(scored: ScoredEvent) -> str:
    """What was computed, as §3.4.12 fields: the unit of the points ("IMP"
    for every built-in), the standard's modifier
    for the method where it has one, then pbnscore's own (README "PBN out")."""
    options = scored.options
    fields = [scored.style.unit]
    if scored.style == PointsStyle.BUTLER:
        fields += _butler_fields(options)
    elif scored.style == PointsStyle.CROSS_IMPS:
        # Cross: summed; Cross2: divided by the number of comparisons
        fields.append("Cross" if options.get("normalise") == "total" else "Cross2")
    elif scored.style == PointsStyle.BARKING:
        fields += ["Barking", "Total"] if options.get("normalise") == "total" else ["Barking"]
    if scored.method not in ("butler", "cross-imps", "barking", "aggregate"):
        fields.append(scored.method)  # a plug-in: its name says the rest
    if options.get("imp_scale") not in (None, "1"):
        fields.append(f"Scale-{options['imp_scale']}")
    if options.get("tables") == "paired":
        fields.append("Paired")
    if options.get("imp_cap") is not None:
        fields.append(f"Cap-{options['imp_cap']}")
    if options.get("factor"):
        fields.append("Factor")
    return ";".join(fields)


_DATUMS = {"mean": "Mean", "median": "Median", "zero-sum": "ZeroSum"}


def _butler_fields(options: Mapping[str, object]) -> list[str]:
    datum = str(options.get("datum"))
    if datum == "trimmed-mean":
        drop = options.get("drop", 1)
        # §3.4.12 "Butler-2": the 2 extreme scores are not used
        fields = [f"Butler-{2 * drop}"] if isinstance(drop, int) else ["Butler", f"Trim-{drop}"]
    else:
        fields = ["Butler", _DATUMS.get(datum, datum)]
    rounding = options.get("rounding")
    if datum != "zero-sum" and rounding not in (None, "half-away"):
        fields.append(f"Round-{rounding}")
    if options.get("double"):
        fields.append("Double")
    if options.get("halve"):
        fields.append("Half")
    return fields


# -- writing ---------------------------------------------------------------------


def write(obj: ScoredEvent | Event) -> bytes:
    scored = obj if isinstance(obj, ScoredEvent) else None
    event = obj.event if isinstance(obj, ScoredEvent) else obj
    document = event.source.document
    if event.source.format == "pbn" and document is not None:
        return _Splicer(document, scored).output() if scored is not None else document
    return _Builder(event, scored).output()


def escape(value: str) -> str:
    """A tag value or string token as written: " escaped, and a backslash
    where it would read as an escape (before " or \\, or last); others stay
    single, as real files write column widths ("Result\\2R", §3.2, §5.2).
    Tabs and line ends, which a string may not hold, become spaces."""
    value = BACKSLASH_RE.sub(r"\\\\", value).replace('"', '\\"')
    return CONTROL_RE.sub(" ", value)


# PBN §2.3: a line is at most 255 characters, its line end (CRLF) included;
# §2.5: so is a token. A text that would not fit (a 404-character name) is
# cut, ending "...": PBN cannot hold it whole (README "PBN out").
LINE_ROOM = 255 - 2
# A name cell of a table row: the rest of the row (ranks, ids, figures) keeps
# the line within LINE_ROOM.
NAMES_ROOM = 120
# A MemberID cell: national ids are a few digits (EBU 6, FFB 8); a longer
# one is cut ("...") so that the row keeps within the line.
ID_ROOM = 24


def tag(name: str, value: str) -> str:
    return f'[{name} "{fitted(value, LINE_ROOM - len(name) - 5)}"]'


def fitted(value: str, room: int) -> str:
    """``value`` escaped, cut to at most ``room`` characters ("..." at its end
    where it was cut)."""
    escaped = escape(value)
    if len(escaped) <= room:
        return escaped
    keep = room - 3
    while keep > 0 and len(escape(value[:keep])) > room - 3:
        keep -= 1  # a quote or backslash cut off doubles back: at most room steps
    return escape(value[:keep]) + "..."


def _side_points(label: str, value: Points | None) -> str:
    return "" if value is None else f"{label} {points_text(value)}"


def score_imp(ns: Points | None, ew: Points | None) -> str | None:
    """A ScoreIMP value (§4.2.2, the Score tag's formats): "NS 2.00 EW -2.00"."""
    text = " ".join(p for p in (_side_points("NS", ns), _side_points("EW", ew)) if p)
    return text or None


def datum_value(board: ScoredBoard) -> str | None:
    if board.datum is None:
        return None
    exact = board.exact_datum
    if exact is not None and Fraction(exact).denominator != 1:
        return f"NS {points_text(exact)}"
    return f"NS {int(board.datum)}"


class Column:
    """A column of a table pbnscore writes: its name, alignment, cells."""

    def __init__(self, name: str, align: str = "R") -> None:
        self.name, self.align = name, align
        self.cells: list[str] = []

    def padded(self) -> tuple[str, list[str]]:
        """Its spec, as wide as its widest cell (§5.2), and its cells padded."""
        width = max((len(cell) for cell in self.cells), default=1)
        spec = f"{self.name}\\{width}{self.align}"
        if self.align == "L":
            return spec, [cell.ljust(width) for cell in self.cells]
        return spec, [cell.rjust(width) for cell in self.cells]


def table_lines(name: str, columns: Sequence[Column]) -> list[str]:
    """A table's tag and its rows, one row a line, padded to the widths the
    header declares (§5.2)."""
    specs, cells = zip(*(column.padded() for column in columns), strict=True)
    rows = (" ".join(row).rstrip() for row in zip(*cells, strict=True))
    return [tag(name, ";".join(specs)), *rows]


def element(value: str | None, *, quoted: bool = False, room: int = LINE_ROOM - 2) -> str:
    """A table element: "-" for nothing (§5.2); a string token where it must
    be one (spaces, quotes, characters a section token may not hold, §5.1),
    cut to ``room`` characters within its quotes."""
    if value is None or value == "":
        return '""' if quoted else "-"
    if quoted or re.search(r'[\s\[\]{};"%\\]', value):
        return f'"{fitted(value, room)}"'
    return value


# -- the TotalScoreTable ------------------------------------------------------------


def _tie(standing: Standing | None) -> str:
    if standing is None or standing.rank is None:
        return "-"  # did not play, or not ranked: no rank (§5.2's irrelevant element)
    return f"{standing.rank}=" if standing.tied else str(standing.rank)


def _names(participant: Participant) -> str | None:
    if participant.kind is ParticipantKind.TEAM:
        return participant.name  # "" where it has none: its id is in TeamId
    # Each name cut to its share of the cell, so that every player keeps one.
    names = participant.names
    share = (NAMES_ROOM - len(names) + 1) // max(len(names), 1)
    return ";".join(name if len(name) <= share else name[: share - 3] + "..." for name in names)


def ties_as_read(standings: Sequence[Standing]) -> list[Standing]:
    """The standings with each tie's rows in the order pbnscore's reader
    lists those participants (by direction, then number: pbn/_pairs.py), so
    that scoring this PBN again ranks the tie, and writes it, the same way.
    A teams event's pairs are one field, whatever their direction: a tie's
    rows by number (the reader lists a team's pairs as the games seat them)."""
    runs = itertools.groupby(standings, key=_tie_run)
    return [
        standing
        for (_, tied, _), run in runs
        for standing in (sorted(run, key=lambda s: natural_key(s.participant.id)) if tied else run)
    ]


def _tie_run(standing: Standing) -> tuple[int | None, bool, Direction | None]:
    participant = standing.participant
    field = participant.direction if participant.team is None else None
    return standing.rank, standing.tied, field


def _team_imps(scored: ScoredEvent) -> dict[str, Points]:
    """Each team's IMPs gained less lost over its matches, from its own side."""
    net: dict[str, Points] = defaultdict(int)
    for match in scored.matches:
        for team in (match.team, match.opponent):
            gained, lost = match.imps_of(team)
            net[team] += gained - lost
    return net


Row = tuple[Participant, Standing | None]


def _table_rows(scored: ScoredEvent) -> list[Row]:
    """The participants the table lists: its standings; for an aggregate,
    which ranks teams only, each team's pairs after them, unranked, so that
    their players and national ids are in the file (README "PBN out")."""
    rows: list[Row] = [(s.participant, s) for s in ties_as_read(scored.standings)]
    if scored.style != PointsStyle.AGGREGATE:
        return rows
    pairs: dict[str, list[Participant]] = {}
    for session in scored.event.sessions:
        for team in session.teams:
            pairs.setdefault(team.id, list(team.members))
    for participant, _ in list(rows):
        members = sorted(pairs.get(participant.id, ()), key=lambda p: natural_key(p.id))
        rows += [(member, None) for member in members]
    return rows


def _columns(scored: ScoredEvent, people: Sequence[Participant]) -> dict[str, Column]:
    teams = scored.event.kind is EventKind.TEAMS
    with_vp = _with_vp(scored)
    columns: dict[str, Column] = {"Rank": Column("Rank")}
    if any(p.section is not None for p in people):
        columns["Section"] = Column("Section", "L")
    if teams:
        columns["TeamId"] = Column("TeamId")
    if any(p.kind is not ParticipantKind.TEAM for p in people):
        columns["PairId"] = Column("PairId")
    if not teams:  # "-" for a Howell's pairs: the reader then gives them none
        columns["Direction"] = Column("Direction", "L")
    columns["Names"] = Column("Names", "L")
    columns["TotalIMP"] = Column("TotalIMP")
    if with_vp:
        columns["TotalVP"] = Column("TotalVP")
    else:
        columns["MeanIMP"] = Column("MeanIMP")
    columns["NrBoards"] = Column("NrBoards")
    if any(player.national_id for p in people for player in p.players):
        columns["MemberID1"] = Column("MemberID1", "L")
        columns["MemberID2"] = Column("MemberID2", "L")
    return columns


def _with_vp(scored: ScoredEvent) -> bool:
    aggregate = scored.style == PointsStyle.AGGREGATE
    return aggregate and any(m.vp is not None for m in scored.matches)


def total_score_table(scored: ScoredEvent) -> list[str]:
    """Rank ("3=" for a tie), ids, names, totals (§5.10). A teams event's
    rows name teams by TeamId (and a pair its team); pbnscore's reader takes
    a team's name and its pairs' players from them, its matches from the
    games."""
    rows = _table_rows(scored)
    if not rows:
        return []
    columns = _columns(scored, [participant for participant, _ in rows])
    team_imps = _team_imps(scored) if _with_vp(scored) else {}
    for participant, standing in rows:
        team = participant.kind is ParticipantKind.TEAM
        direction = participant.direction
        cells = {
            "Rank": _tie(standing),
            "Section": element(participant.section),
            "TeamId": element(participant.id if team else participant.team),
            "PairId": element(None if team else participant.id),
            "Direction": element(
                {Direction.NS: "N-S", Direction.EW: "E-W", None: None}[direction],
                quoted=direction is not None,
            ),
            "Names": element(_names(participant), quoted=True, room=NAMES_ROOM),
            **_figures(standing, team_imps.get(participant.id)),
        }
        national = [_id_cell(player.national_id) for player in participant.players]
        cells["MemberID1"], cells["MemberID2"] = [*national, "-", "-"][:2]
        for key, column in columns.items():
            column.cells.append(cells[key])
    return table_lines(TOTAL_SCORE_TABLE, list(columns.values()))


def _id_cell(national_id: str | None) -> str:
    if national_id is not None and len(national_id) > ID_ROOM:
        national_id = national_id[: ID_ROOM - 3] + "..."
    return element(national_id)


def _figures(standing: Standing | None, team_imps: Points | None) -> dict[str, str]:
    """A row's totals; "-" for a row that is not ranked (an aggregate's pairs)."""
    if standing is None:
        return dict.fromkeys(("TotalIMP", "TotalVP", "MeanIMP", "NrBoards"), "-")
    imps = standing.total if team_imps is None else team_imps
    return {
        "TotalIMP": points_text(imps),
        "TotalVP": points_text(standing.total),
        "MeanIMP": points_text(standing.average),
        "NrBoards": str(standing.boards),
    }


# -- what a scored event says about each result --------------------------------------


class _Scores:
    """A scored event's figures, found from the results they belong to."""

    def __init__(self, scored: ScoredEvent) -> None:
        self.scored = scored
        self.by_line: dict[int, list[ScoredResult]] = defaultdict(list)
        self.board_of: dict[Result, ScoredBoard] = {}
        self.scored_of: dict[Result, ScoredResult] = {}
        # several sections: a datum says whose it is
        self.sectioned = len({b.section for b in scored.boards}) > 1
        for scored_board in scored.boards:
            for scored_result in scored_board.results:
                if scored_result.result.line is not None:
                    self.by_line[scored_result.result.line].append(scored_result)
                self.board_of[scored_result.result] = scored_board
                self.scored_of[scored_result.result] = scored_result
        matches = {(m.session, m.round, m.team, m.opponent): m for m in scored.matches}
        self.match_of: dict[Result, tuple[ScoredMatch, Board]] = {}
        for session in scored.event.sessions:
            for match in session.matches:
                found = matches.get((session.id, match.round, match.team, match.opponent))
                if found is None:
                    continue
                for board in match.boards:
                    for result in board.results:
                        self.match_of[result] = (found, board)

    def score_imp(self, scored: ScoredResult) -> str | None:
        """The ScoreIMP of one table's result: a pairs method's points; an
        aggregate's board IMPs, seen from the team that sat NS."""
        result = scored.result
        if self.scored.style != PointsStyle.AGGREGATE:
            return score_imp(scored.ns_points, scored.ew_points)
        found = self.match_of.get(result)
        if found is None:
            return None
        match, board = found
        imps = next((b.imps for b in match.boards if b.number == board.number), None)
        if imps is None:
            return None
        home_ns = result.home_direction is not Direction.EW
        if any(r.outcome is Outcome.ADJUSTED for r in board.results):
            # the teams' artificial IMPs need not balance: the home team's only
            return score_imp(imps, None) if home_ns else score_imp(None, imps)
        ns = imps if home_ns else -imps
        return score_imp(ns, -ns)

    def datum(self, results: Iterable[ScoredResult]) -> str | None:
        """The Datum value of a game's results: "NS 430"; in an event of
        several sections, each with its section, one item a section where
        one table holds several (a Section column), ";"-separated (§3.3):
        "A:NS 430;B:NS 420"."""
        boards: dict[int, ScoredBoard] = {}
        for scored in results:
            board = self.board_of.get(scored.result)
            if board is not None and board.datum is not None:
                boards.setdefault(id(board), board)
        ordered = sorted(boards.values(), key=lambda b: natural_key(b.section or ""))
        values = [(b.section, datum_value(b)) for b in ordered]
        if len(values) > 1 or (values and self.sectioned):
            return ";".join(f"{section or '-'}:{value}" for section, value in values)
        return values[0][1] if values else None


# -- PBN input: the input plus the scores ----------------------------------------------


class _Lines:
    """The input's lines, each with its own line end, and the edits made:
    a line's text set or removed, lines inserted after a line."""

    def __init__(self, text: str) -> None:
        # split at C speed: [line, end, line, end, ..., the rest]
        parts = LINE_END_RE.split(text)
        self.texts: list[str | None] = list(parts[0::2])
        self.ends: list[str] = [*parts[1::2], ""]
        if self.texts[-1] == "":  # the file ends with a line end: no line after it
            del self.texts[-1], self.ends[-1]
        self.newline = self.ends[0] if self.ends and self.ends[0] else "\r\n"
        self.after: dict[int, list[str]] = defaultdict(list)

    def get(self, line: int) -> str:
        return self.texts[line - 1] or ""

    def set(self, line: int, text: str) -> None:
        self.texts[line - 1] = text

    def remove(self, line: int) -> None:
        self.texts[line - 1] = None

    def insert(self, line: int, texts: Iterable[str]) -> None:
        """After ``line`` (1-based, as the lexer counts)."""
        self.after[line].extend(texts)

    def sub_tag(self, line: int, name: str, new: str | Callable[[str], str] | None) -> bool:
        """Set the value of tag ``name`` (``new`` None: remove the tag pair;
        a function: the value as written, escapes and all, to the new one)
        found from ``line`` on, over the few lines a tag pair may spread
        across in import format (§3.3); whether it was found."""
        stop = min(line + 4, len(self.texts))
        joined = "\n".join(self.get(n) for n in range(line, stop + 1))
        match = re.search(TAG_RE.format(name=re.escape(name)), joined)
        if match is None:
            return False
        if new is None:
            close = TAG_END_RE.match(joined, match.end())
            end = close.end() if close else match.end()
            joined = joined[: match.start()] + joined[end:]
        else:
            value = new(match[1]) if callable(new) else escape(new)
            joined = joined[: match.start(1)] + value + joined[match.end(1) :]
        for number, text in enumerate(joined.split("\n"), start=line):
            was = self.texts[number - 1]
            if was is not None and text != was:
                # a line left with only spaces would end the game (§3): it goes
                self.texts[number - 1] = text if text.strip() else None
        return True

    def join(self) -> str:
        pieces = [
            text + end if text is not None else ""
            for text, end in zip(self.texts, self.ends, strict=True)
        ]
        for line, inserted in self.after.items():
            block = "".join(new + self.newline for new in inserted)
            text = self.texts[line - 1]
            if text is not None and not self.ends[line - 1]:
                block = self.newline + block  # the file's last line had no end
            pieces[line - 1] += block
        return "".join(pieces)


class _Span:
    """Where a game is: its tags and its first and last line."""

    def __init__(self, game: Game, end: int) -> None:
        self.game, self.start, self.end = game, game.line, end

    def line_of(self, name: str) -> int | None:
        return self.game.line_of(name) if name in self.game.values else None

    def alone(self, name: str) -> bool:
        """Whether the tag is on a line of its own (a run of tag lines)."""
        return name in self.game.values and name not in self.game.lines

    def data_end(self, name: str) -> int | None:
        pieces = self.game.section(name)
        return max((first + text.count("\n") for first, text in pieces), default=None)


def _spans(text: str, last: int) -> list[_Span]:
    """The games of ``text`` (``last`` lines) and the line each ends on."""
    blanks: list[int] = []

    def watched(stream: Iterable[Token]) -> Iterator[Token]:
        for token in stream:
            if token.kind is Kind.BLANK:
                blanks.append(token.line)
            yield token

    spans = []
    for game in games(watched(tokens(text)), _ignore, []):
        end = blanks[-1] - 1 if blanks and blanks[-1] > game.line else last
        spans.append(_Span(game, end))
    return spans


def _ignore(message: str, line: int | None, severity: str = "error") -> None:
    """The input was read before it is written: its problems are known."""


class _Row:
    """A ScoreTable row's elements: (line, start, end) each."""

    def __init__(self, elements: list[tuple[int, int, int]]) -> None:
        self.elements = elements
        self.line = elements[0][0]


class _TableEdit:
    """One ScoreTable of the input and the IMP columns it gets."""

    def __init__(self, span: _Span, columns: list[str], rows: list[_Row]) -> None:
        self.span, self.columns, self.rows = span, columns, rows
        keys = [parse_header(SCORE_TABLE, c).columns[0].key if c.strip() else c for c in columns]
        self.at = {name: keys.index(name) for name in OWNED_COLUMNS[SCORE_TABLE] if name in keys}
        self.cells: list[tuple[str, str]] = []


class _Splicer:
    def __init__(self, document: bytes, scored: ScoredEvent) -> None:
        self.bom, self.encoding, text = _decoded(document)
        self.lines = _Lines(text)
        self.spans = _spans(text, len(self.lines.texts))
        self.scored = scored
        self.scores = _Scores(scored)
        self.scoring = scoring_value(scored)

    def output(self) -> bytes:
        for span in self.spans:
            self.game(span)
        self.write_tables(self.score_tables())  # takes the rows' results
        self.total_scores()
        text = self.lines.join()
        return self.bom + text.encode(self.encoding, "surrogateescape")

    def encodable(self, text: str) -> str:
        return text.encode(self.encoding, "replace").decode(self.encoding, "replace")

    # -- per game: [Scoring], [Datum], [ScoreIMP]

    def game(self, span: _Span) -> None:
        lines = self.lines
        results = [
            r for n in range(span.start, span.end + 1) for r in self.scores.by_line.get(n, ())
        ]
        new: list[str] = []
        values = span.game.values
        if "Scoring" in values:
            line = span.line_of("Scoring")
            assert line is not None
            lines.sub_tag(line, "Scoring", self.scoring)
        elif "Board" in values:
            new.append(tag("Scoring", self.scoring))
        self.owned_tag(span, DATUM_TAG, self.scores.datum(results), new)
        if SCORE_TABLE not in values:
            imp = self.scores.score_imp(results[0]) if len(results) == 1 else None
            self.owned_tag(span, "ScoreIMP", imp, new)
        if new:
            lines.insert(self.anchor(span), (self.encodable(t) for t in new))

    def owned_tag(self, span: _Span, name: str, value: str | None, new: list[str]) -> None:
        line = span.line_of(name)
        if line is not None:
            if span.alone(name) and value is None:
                self.lines.remove(line)
            else:
                self.lines.sub_tag(line, name, value)
        elif value is not None:
            new.append(tag(name, value))

    def anchor(self, span: _Span) -> int:
        """The line new tags go after: the Scoring, Deal or Board line where
        it is a line of its own; else the game's last line."""
        for name in ("Scoring", "Deal", "Board"):
            if span.alone(name):
                line = span.line_of(name)
                assert line is not None
                return line
        return span.end

    # -- ScoreTables: the IMP columns

    def score_tables(self) -> list[_TableEdit]:
        edits: list[_TableEdit] = []
        previous: list[str] = []
        for span in self.spans:
            spec = span.game.values.get(SCORE_TABLE)
            if spec is None:
                continue
            if spec.startswith("##"):
                spec = spec[2:]
            columns = previous if spec == "#" else spec.split(";")
            previous = columns
            edit = _TableEdit(span, columns, self.rows(span, len(columns)))
            for row in edit.rows:
                found = self.scores.by_line.get(row.line)
                scored = found.pop(0) if found else None
                ns = scored.ns_points if scored else None
                ew = scored.ew_points if scored else None
                edit.cells.append(
                    (
                        element(None if ns is None else points_text(ns)),
                        element(None if ew is None else points_text(ew)),
                    )
                )
                if found == []:
                    del self.scores.by_line[row.line]
            edits.append(edit)
        return edits

    def rows(self, span: _Span, width: int) -> list[_Row]:
        """The table's rows as the reader forms them (``split_rows``): a row
        a line; else by counting elements (§5.2)."""
        tag_line = span.line_of(SCORE_TABLE)
        last = span.data_end(SCORE_TABLE)
        if tag_line is None or last is None or width == 0:
            return []
        per_line: list[list[tuple[int, int, int]]] = []
        for line in range(tag_line, last + 1):
            text = self.lines.get(line)
            begin = 0
            if line == tag_line:
                match = re.search(TAG_RE.format(name=SCORE_TABLE), text)
                close = TAG_END_RE.match(text, match.end()) if match else None
                if close is None:
                    continue
                begin = close.end()
            if text.lstrip().startswith(("%", "{", ";")):
                continue
            found = [(line, m.start(), m.end()) for m in ELEMENT_RE.finditer(text, begin)]
            if found:
                per_line.append(found)
        if all(len(elements) == width for elements in per_line):
            return [_Row(elements) for elements in per_line]
        flat = [e for elements in per_line for e in elements]
        if len(flat) % width == 0:
            return [_Row(flat[i : i + width]) for i in range(0, len(flat), width)]
        return [_Row(elements) for elements in per_line if len(elements) == width]

    def write_tables(self, edits: list[_TableEdit]) -> None:
        # A "#" header (§4.8) is the one before it: its widths hold for both.
        groups: list[list[_TableEdit]] = []
        for edit in edits:
            inherits = edit.span.game.values[SCORE_TABLE] == "#"
            if inherits and groups:
                groups[-1].append(edit)
            else:
                groups.append([edit])
        for group in groups:
            widths = [
                max((len(cells[i]) for edit in group for cells in edit.cells), default=1)
                for i in (0, 1)
            ]
            first = group[0]
            if first.span.game.values[SCORE_TABLE] != "#":
                self.header(first, widths)
            for edit in group:
                self.table_rows(edit, widths)

    def header(self, edit: _TableEdit, widths: list[int]) -> None:
        line = edit.span.line_of(SCORE_TABLE)
        assert line is not None

        def with_imps(written: str) -> str:
            # the other columns' specs as the file wrote them (";" is never
            # escaped, so they split as the value does)
            sticky = "##" if written.startswith("##") else ""
            columns = written.removeprefix(sticky).split(";")
            for i, name in enumerate(OWNED_COLUMNS[SCORE_TABLE]):
                spec = f"{name}\\{widths[i]}R"
                if name in edit.at:
                    columns[edit.at[name]] = spec
                else:
                    columns.append(spec)
            return sticky + ";".join(columns)

        self.lines.sub_tag(line, SCORE_TABLE, with_imps)

    def table_rows(self, edit: _TableEdit, widths: list[int]) -> None:
        # Edits right to left on each line, so that earlier positions hold.
        changes: dict[int, list[tuple[int, int, str]]] = defaultdict(list)
        for row, cells in zip(edit.rows, edit.cells, strict=True):
            appended: list[str] = []
            for i, name in enumerate(OWNED_COLUMNS[SCORE_TABLE]):
                text = cells[i].rjust(widths[i])
                if name in edit.at:
                    # from the element before, so that writing again is the same
                    at = edit.at[name]
                    line, start, end = row.elements[at]
                    before = row.elements[at - 1] if at else None
                    start = before[2] if before is not None and before[0] == line else 0
                    changes[line].append((start, end, (" " if start else "") + text))
                else:
                    appended.append(text)
            if appended:
                line, _, end = row.elements[-1]
                changes[line].append((end, end, " " + " ".join(appended)))
        for line, edits in changes.items():
            text = self.lines.get(line)
            for start, end, new in sorted(edits, reverse=True):
                text = text[:start] + new + text[end:]
            self.lines.set(line, text)

    # -- the TotalScoreTable

    def total_scores(self) -> None:
        ours = [self.encodable(line) for line in total_score_table(self.scored)]
        placed = False
        for index, span in enumerate(self.spans):
            line = span.line_of(TOTAL_SCORE_TABLE)
            if line is None:
                continue
            self.cut_repeats(span, line)
            last = span.data_end(TOTAL_SCORE_TABLE) or line
            for n in range(line + 1, last + 1):
                self.lines.remove(n)
            if span.alone(TOTAL_SCORE_TABLE):
                if index == 0 and ours:
                    self.lines.set(line, ours[0])
                    self.lines.insert(line, ours[1:])
                    placed = True
                else:
                    self.lines.remove(line)
            else:
                self.cut_tag(line, TOTAL_SCORE_TABLE)
        if not placed and ours and self.spans:
            self.lines.insert(self.spans[0].end, ours)

    def cut_repeats(self, span: _Span, first: int) -> None:
        """A game's TotalScoreTable after its first, and its data, cut: the
        reader reads the first only (§3.4), and with the first replaced or
        gone a repeat left in would be read in its place."""
        line = first + 1
        while line <= span.end:
            text = self.lines.get(line)
            match = REPEAT_RE.search(text)
            if match is None:
                line += 1
                continue
            self.cut_from(line, match.start())
            line += 1
            # its data: the lines up to the game's next tag pair
            while line <= span.end and not self.lines.get(line).lstrip().startswith("["):
                self.lines.remove(line)
                line += 1

    def cut_tag(self, line: int, name: str) -> None:
        """A tag pair sharing its line, and its data after it, cut off."""
        text = self.lines.get(line)
        match = re.search(TAG_RE.format(name=name), text)
        if match is None:
            self.lines.sub_tag(line, name, None)
            return
        self.cut_from(line, match.start())

    def cut_from(self, line: int, start: int) -> None:
        """A line cut at ``start``: what is before it kept, if anything."""
        rest = self.lines.get(line)[:start]
        if rest.strip():
            self.lines.set(line, rest.rstrip())
        else:
            self.lines.remove(line)


def _decoded(document: bytes) -> tuple[bytes, str, str]:
    """(BOM, encoding, text) of a PBN input, decoded as the reader decodes
    it (``_lexer.decode``), bytes the encoding cannot decode kept as they
    were (surrogateescape) so that they are written back unchanged."""
    boms = {
        codecs.BOM_UTF8: "utf-8",
        codecs.BOM_UTF16_LE: "utf-16-le",
        codecs.BOM_UTF16_BE: "utf-16-be",
    }
    bom = next((b for b in boms if document.startswith(b)), b"")
    encoding = boms[bom] if bom else decode(document).encoding
    body = document[len(bom) :]
    errors = "replace" if encoding.startswith("utf-16") else "surrogateescape"
    return bom, encoding, body.decode(encoding, errors)


# -- any other event: PBN games built from the model -----------------------------------


_SEATS = {Seat.N: "N", Seat.E: "E", Seat.S: "S", Seat.W: "W"}
_DEALERS = "NESW"


class _Builder:
    """An event from USEBIO (or built in code) written as PBN 2.1: a game per
    board of each section, a game per board and table of each match."""

    def __init__(self, event: Event, scored: ScoredEvent | None) -> None:
        self.event, self.scored = event, scored
        self.scores = _Scores(scored) if scored is not None else None
        self.scoring = scoring_value(scored) if scored is not None else "IMP"
        self.games: list[list[str]] = []
        self.team_pairs: dict[tuple[str, str | None], Participant] = {
            (team.id, pair.id): pair
            for session in event.sessions
            for team in session.teams
            for pair in team.members
        }

    def output(self) -> bytes:
        event = self.event
        several = len(event.sessions) > 1
        for session in event.sessions:
            for section in session.sections:
                label = _section_label(session.id if several else None, section.id)
                for board in section.boards:
                    self.board_game(board, label)
            for match in session.matches:
                for board in match.boards:
                    for table, result in enumerate(board.results, start=1):
                        self.table_game(
                            match.team, match.opponent, match.round, board, result, table
                        )
        if not self.games:
            self.games.append(self.identity(None))
        if self.scored is not None:
            self.games[0].extend(total_score_table(self.scored))
        head = ["% PBN 2.1"]
        text = "\r\n".join(line for game in self.games for line in [*game, ""])
        try:
            body = text.encode("latin-1")
        except UnicodeEncodeError:
            head.append("%Content-type: text/x-pbn; charset=UTF-8")
            body = text.encode("utf-8")
        else:
            head.append("%Content-type: text/x-pbn; charset=ISO-8859-1")
        head.append(f"%Creator: pbnscore {__version__}")
        return ("\r\n".join(head) + "\r\n").encode("ascii") + body

    def identity(self, board: Board | None, seated: Mapping[str, str] | None = None) -> list[str]:
        """The tags of §3.4 (MTS) up to Scoring, in their order; "?" where
        unknown, "" where not applicable (the players of a board's game);
        ``seated``: a table's players by seat, where known."""
        event = self.event
        date = event.date.strftime("%Y.%m.%d") if event.date else "????.??.??"
        site = event.club.name if event.club and event.club.name else "?"
        lines = [tag("Event", event.title or "?"), tag("Site", site), tag("Date", date)]
        if board is None:
            return lines
        number = board.number
        # Law 2: the board number gives the dealer and vulnerability
        dealer = _SEATS[board.dealer] if board.dealer else _DEALERS[(number - 1) % 4]
        vulnerability = board.vulnerability or vulnerability_for_board(number)
        lines.append(tag("Board", str(number)))
        seated = seated or {}
        lines += [tag(seat, seated.get(seat, "")) for seat in ("West", "North", "East", "South")]
        lines += [tag("Dealer", dealer), tag("Vulnerable", vulnerability.value)]
        if board.deal:  # a deal not known is left out: "?" there stops endplay
            lines.append(tag("Deal", board.deal))
        lines.append(tag("Scoring", self.scoring))
        return lines

    def board_game(self, board: Board, section: str | None) -> None:
        lines = self.identity(board)
        lines += [tag("Declarer", ""), tag("Contract", ""), tag("Result", "")]
        scored = self.scored_results(board.results)
        extra = {DATUM_TAG: self.scores.datum(scored) if self.scores else None, "Section": section}
        lines += _supplemental(extra)
        lines += self.score_table(board.results, scored)
        self.games.append(lines)

    def scored_results(self, results: Sequence[Result]) -> list[ScoredResult]:
        found = self.scores.scored_of if self.scores is not None else {}
        return [found.get(r) or ScoredResult(r, None, None) for r in results]

    def score_table(self, results: Sequence[Result], scored: Sequence[ScoredResult]) -> list[str]:
        # PBN has no individual events: their players go in columns named
        # for the seats (user-defined columns, §5.2), which pbnscore does not read
        individual = any(r.players for r in results)
        seats = ["North", "East", "South", "West"] if individual else ["PairId_NS", "PairId_EW"]
        names = [*seats, "Contract", "Declarer", "Result", "Score_NS"]
        leads = any(r.lead for r in results)
        if leads:
            names.insert(4, "Lead")
        adjusted = any(r.outcome is Outcome.ADJUSTED for r in results)
        if adjusted:
            names.append("Score_EW")
        if self.scores is not None:
            names += OWNED_COLUMNS[SCORE_TABLE]
        columns = [Column(n, "L" if n in ("Contract", "Lead") else "R") for n in names]
        for result, points in zip(results, scored, strict=True):
            if individual:
                players = dict(zip("NESW", result.players, strict=False))
                cells = [element(players.get(seat)) for seat in "NESW"]
            else:
                cells = [element(result.ns), element(result.ew)]
            cells += _contract_cells(result)
            if not adjusted:
                del cells[-1]
            if leads:
                cells.insert(4, element(result.lead))
            if self.scores is not None:
                for value in (points.ns_points, points.ew_points):
                    cells.append(element(None if value is None else points_text(value)))
            for column, cell in zip(columns, cells, strict=True):
                column.cells.append(cell)
        return table_lines(SCORE_TABLE, columns)

    def table_game(
        self, home: str, visit: str, round_: int | None, board: Board, result: Result, table: int
    ) -> None:
        home_ns = result.home_direction is not Direction.EW
        ns_team, ew_team = (home, visit) if home_ns else (visit, home)
        lines = self.identity(board, self.seated(result, ns_team, ew_team))
        contract, declarer, tricks, _, _ = _contract_cells(result)
        passed = result.outcome is Outcome.PASSED_OUT
        lines.append(tag("Declarer", "" if passed else _unset(declarer)))
        lines.append(tag("Contract", "Pass" if passed else _unset(contract)))
        lines.append(tag("Result", "" if passed else _unset(tricks)))
        scored = self.scored_results([result])[0]
        extra = {
            "Score": None if result.score is None else f"NS {result.score}",
            DATUM_TAG: self.scores.datum([scored]) if self.scores else None,
            # The team NS here (pbn/_teams.py), by its id: the reader takes the
            # tag as the team's id, and its name from the TotalScoreTable.
            "HomeTeam": ns_team,
            "VisitTeam": ew_team,
            "PairNS": result.ns,
            "PairEW": result.ew,
            "Round": None if round_ is None else str(round_),
            "ScoreIMP": self.scores.score_imp(scored) if self.scores else None,
            "Table": result.table or str(table),
        }
        self.games.append(lines + _supplemental(extra))

    def seated(self, result: Result, ns_team: str, ew_team: str) -> dict[str, str]:
        """A table's players by seat (North, South of its NS pair; West, East
        of its EW pair), which the reader takes as the pairs' players."""
        seated: dict[str, str] = {}
        for key, seats in (
            ((ns_team, result.ns), ("North", "South")),
            ((ew_team, result.ew), ("West", "East")),
        ):
            pair = self.team_pairs.get(key)
            names = [player.name or "" for player in pair.players] if pair else []
            seated.update(zip(seats, names, strict=False))
        return seated


def _supplemental(values: Mapping[str, str | None]) -> list[str]:
    """Tags after the MTS: alphabetical, as export format orders them (§3.4)."""
    return [tag(name, value) for name, value in sorted(values.items()) if value is not None]


def _unset(cell: str) -> str:
    return "" if cell == "-" else cell


def _section_label(session: str | None, section: str | None) -> str | None:
    if session is None:
        return section
    return f"{session}/{section}" if section is not None else session


def _contract_cells(result: Result) -> list[str]:
    """Contract, Declarer, Result (tricks), Score_NS and Score_EW elements of
    a result: one signed NS score; an artificial score as each side's
    average (A+, A, A-, as Magic Contest writes them), which the PBN reader
    reads back as the same adjustment."""
    if result.outcome is Outcome.PASSED_OUT:
        return ["Pass", "-", "-", "0", "-"]
    if result.outcome is Outcome.ADJUSTED and result.adjusted is not None:
        adjusted = result.adjusted
        return ["-", "-", "-", _AVERAGES[adjusted.ns], _AVERAGES[adjusted.ew]]
    if result.outcome is Outcome.NOT_PLAYED:
        return ["-", "-", "-", "-", "-"]
    contract = str(result.contract) if result.contract else "?"  # as the reader took it
    declarer = _SEATS[result.declarer] if result.declarer else "-"
    tricks = str(result.tricks) if result.tricks is not None else "-"
    return [
        contract,
        declarer,
        tricks,
        element(None if result.score is None else str(result.score)),
        "-",
    ]


_AVERAGES = {
    AdjustedKind.AVERAGE_PLUS: "A+",
    AdjustedKind.AVERAGE: "A",
    AdjustedKind.AVERAGE_MINUS: "A-",
}
