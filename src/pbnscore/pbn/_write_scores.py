"""What a scored event says, spelt in PBN 2.1, for both writers (``_write_splice``:
a PBN input plus the scores; ``_write_new_games``: PBN games from any event): what the
method owns (:data:`OWNED_TAGS`, :data:`OWNED_COLUMNS`), the ``[Scoring]``
value, tag values and table cells within PBN's 255-character lines, the
TotalScoreTable, and each result's figures (:class:`Scores`)."""

from __future__ import annotations

import itertools
import re
from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from fractions import Fraction

from pbnscore.figures import points_text
from pbnscore.model import (
    Board,
    Direction,
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
    Standing,
)
from pbnscore.pbn._read_write_pairs import RANKED_ACROSS, natural_key, split_names
from pbnscore.pbn._read_write_tables import SCORE_TABLE, TOTAL_SCORE_TABLE

DATUM_TAG = "Datum"
# What the method owns in a PBN file; everything else is the input's.
OWNED_TAGS = ("Scoring", DATUM_TAG, "ScoreIMP", TOTAL_SCORE_TABLE)
OWNED_COLUMNS = {SCORE_TABLE: ("IMP_NS", "IMP_EW")}

MAX_LINE = 255  # §2.3, counting the line end

BACKSLASH_RE = re.compile(r'\\(?=["\\]|$)')
CONTROL_RE = re.compile(r"[\t\r\n\v\f]")
# -- the [Scoring] value (§3.4.12): the standard's fields where they fit -------


def scoring_value(scored: ScoredEvent) -> str:
    """What was computed, as §3.4.12 fields: the unit of the points ("IMP"
    for every built-in), the standard's modifier
    for the method where it has one, then pbnscore's own (docs/reference/pbn-out.md)."""
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
    if options.get("imps") == "continuous":
        fields.append("Continuous")
    if options.get("imp_scale") not in (None, "1"):
        fields.append(f"Scale-{options['imp_scale']}")
    if options.get("tables") == "paired":
        fields.append("Paired")
    if options.get("imp_cap") is not None:
        fields.append(f"Cap-{options['imp_cap']}")
    if options.get("factor"):
        fields.append("Factor")
    if options.get("rank") == "event":
        fields.append(RANKED_ACROSS)  # the TotalScoreTable's Rank runs across sections
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
    if options.get("normalised"):
        # The TotalScoreTable's totals are the normalised ones
        # (docs/reference/conventions.md "Normalised Butler").
        cutoff, rate, share = (options.get(k) for k in ("cutoff", "cutoff_rate", "opponent_factor"))
        per = "/board" if options.get("cutoff_per") == "board" else ""
        fields.append(f"Normalised-{cutoff}{per}-{rate}-{share}")
    return fields


def escape(value: str) -> str:
    """A tag value or string token as written: " escaped, and a backslash
    where it would read as an escape (before " or \\, or last); others stay
    single, as real files write column widths ("Result\\2R", §3.2, §5.2).
    Tabs and line ends, which a string may not hold, become spaces."""
    value = BACKSLASH_RE.sub(r"\\\\", value).replace('"', '\\"')
    return CONTROL_RE.sub(" ", value)


# PBN §2.3: a line is at most 255 characters, its line end (CRLF) included;
# §2.5: so is a token. A text that would not fit (a 404-character name) is
# cut, ending "...": PBN cannot hold it whole (docs/reference/pbn-out.md).
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
    return names_cell(participant.names)


def names_cell(names: Sequence[str]) -> str:
    """The players' names as one names element, "A;B" (§5.9), that
    pbnscore's reader splits back into these names (pbn/_read_write_pairs.split_names):
    a ";" in a name written ";;", " ; " between names where one ends or the
    next starts with a ";", and one name that the reader would split (it
    holds " - ", or is "Smith-Jones") ended by a ";". Each name is cut to its
    share of the cell, so that every player keeps one."""
    share = (NAMES_ROOM - len(names) + 1) // max(len(names), 1)
    while True:
        cell = _joined([_name_cut(name, share) for name in names])
        if len(cell) <= NAMES_ROOM or share <= 4:
            return cell
        share -= 1  # its wider separators took the room


def _joined(written: list[str]) -> str:
    cell = ""
    for at, name in enumerate(written):
        if at:
            cell += " ; " if cell.endswith(";") or name.startswith(";") else ";"
        cell += name
    if len(written) == 1 and ";" not in cell and len(split_names(cell)) != 1:
        cell += ";"
    return cell


def _name_cut(name: str, share: int) -> str:
    """``name`` with each ";" doubled, at most ``share`` characters: cut,
    ending "...", never inside a ";;"."""
    doubled = name.replace(";", ";;")
    if len(doubled) <= share:
        return doubled
    keep = share - 3
    while len(name[:keep].replace(";", ";;")) > share - 3:
        keep -= 1
    return name[:keep].replace(";", ";;") + "..."


def ties_as_read(standings: Sequence[Standing]) -> list[Standing]:
    """The standings with each tie's rows in the order pbnscore's reader
    lists those participants (by direction, then number: pbn/_read_write_pairs.py), so
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
    their players and national ids are in the file (docs/reference/pbn-out.md)."""
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
    if not with_vp or scored.style != PointsStyle.AGGREGATE:
        # Pairs ranked on their IMPs (barking's, before its teams' VPs).
        columns["MeanIMP"] = Column("MeanIMP")
    columns["NrBoards"] = Column("NrBoards")
    if any(player.national_id for p in people for player in p.players):
        columns["MemberID1"] = Column("MemberID1", "L")
        columns["MemberID2"] = Column("MemberID2", "L")
    return columns


def _with_vp(scored: ScoredEvent) -> bool:
    """Whether teams are ranked on their matches' VPs (aggregate's, and
    the league's beside barking's pairs)."""
    return any(m.vp is not None for m in scored.matches)


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
            **_figures(standing, team_imps.get(participant.id) if team else None),
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
    """A row's totals; "-" for a row that is not ranked (an aggregate's pairs).
    The total is the one ranked on: with --factor the factored total, as
    USEBIO's TOTAL_SCORE ([Scoring] ends ";Factor"; docs/reference/conventions.md "Factoring");
    MeanIMP, per board played, is the same either way."""
    if standing is None:
        return dict.fromkeys(("TotalIMP", "TotalVP", "MeanIMP", "NrBoards"), "-")
    # Did not play: no total, as in every output (docs/reference/choices.md
    # "Did not play").
    if standing.rank is None:
        unplayed = dict.fromkeys(("TotalIMP", "TotalVP", "MeanIMP"), "-")
        return {**unplayed, "NrBoards": str(standing.boards)}
    if team_imps is None:  # ranked on its IMPs: no VPs
        return {
            "TotalIMP": points_text(standing.ranked_total),
            "TotalVP": "-",
            "MeanIMP": points_text(standing.average),
            "NrBoards": str(standing.boards),
        }
    # A team ranked on its matches' VPs: its net IMPs beside them.
    return {
        "TotalIMP": points_text(team_imps),
        "TotalVP": points_text(standing.ranked_total),
        "MeanIMP": "-",
        "NrBoards": str(standing.boards),
    }


# -- what a scored event says about each result --------------------------------------


class Scores:
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
