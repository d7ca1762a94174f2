"""Any other event (USEBIO input, or built in code) written as new PBN 2.1
games: one per board of a section, one per board and table of a teams
match (docs/reference/pbn-out.md)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from pbnscore._version import __version__
from pbnscore.bridge import vulnerability_for_board
from pbnscore.figures import points_text
from pbnscore.model import (
    AdjustedKind,
    Assigned,
    Board,
    Direction,
    Event,
    Outcome,
    Participant,
    Result,
    ScoredEvent,
    ScoredResult,
    Seat,
)
from pbnscore.pbn._read_write_deal import deal_text
from pbnscore.pbn._read_write_tables import SCORE_TABLE
from pbnscore.pbn._write_scores import (
    DATUM_TAG,
    OWNED_COLUMNS,
    Column,
    Scores,
    element,
    scoring_value,
    table_lines,
    tag,
    total_score_table,
)

_SEATS = {Seat.N: "N", Seat.E: "E", Seat.S: "S", Seat.W: "W"}
_DEALERS = "NESW"


class Builder:
    """An event from USEBIO (or built in code) written as PBN 2.1: a game per
    board of each section, a game per board and table of each match."""

    def __init__(
        self, event: Event, scored: ScoredEvent | None, warn: Callable[[str], None] | None = None
    ) -> None:
        self.event, self.scored, self.warn = event, scored, warn
        self.scores = Scores(scored) if scored is not None else None
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
        # PBN has no sessions: a session is a stage of the event (§4.4.6)
        several = len(event.sessions) > 1
        playing = sum(1 for session in event.sessions if session.matches)
        if playing > 1 and self.warn is not None:
            # a teams file's matches are read as one session (pbn/_reader.py)
            self.warn(f"PBN holds the matches of {playing} sessions as one")
        for session in event.sessions:
            for section in session.sections:
                for board in section.boards:
                    self.board_game(board, section.id, session.id if several else None)
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
        site = event.venue or (event.club.name if event.club and event.club.name else "?")
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
        if board.deal is not None:  # a deal not known is left out: "?" there stops endplay
            lines.append(tag("Deal", deal_text(board.deal)))
        lines.append(tag("Scoring", self.scoring))
        return lines

    def board_game(self, board: Board, section: str | None, stage: str | None) -> None:
        lines = self.identity(board)
        lines += [tag("Declarer", ""), tag("Contract", ""), tag("Result", "")]
        scored = self.scored_results(board.results)
        extra = {
            DATUM_TAG: self.scores.datum(scored) if self.scores else None,
            "Section": section,
            "Stage": stage,
        }
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
            # The team NS here (pbn/_read_teams.py), by its id: the reader takes the
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


def _contract_cells(result: Result) -> list[str]:
    """Contract, Declarer, Result (tricks), Score_NS and Score_EW elements of
    a result: one signed NS score; an artificial score as each side's
    average (A+, A, A-, as Magic Contest writes them), which the PBN reader
    reads back as the same adjustment."""
    if result.outcome is Outcome.PASSED_OUT:
        return ["Pass", "-", "-", "0", "-"]
    if result.outcome is Outcome.ADJUSTED and result.adjusted is not None:
        adjusted = result.adjusted
        if adjusted.assigned is not None:
            return ["-", "-", "-", *_assigned_cells(adjusted.assigned)]
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


def _assigned_cells(assigned: Assigned) -> list[str]:
    """Score_NS and Score_EW of an assigned score: a split score of one
    score a side as each side's own (the reader reads such a row back as
    it); a weighted score has no spelling in a ScoreTable, and is written
    with no score (docs/reference/conventions.md "Weighted and split
    adjusted scores")."""
    if len(assigned.ns) == 1 and len(assigned.ew) == 1:
        return [str(assigned.ns[0][1]), str(-assigned.ew[0][1])]
    return ["-", "-"]


_AVERAGES = {
    AdjustedKind.AVERAGE_PLUS: "A+",
    AdjustedKind.AVERAGE: "A",
    AdjustedKind.AVERAGE_MINUS: "A-",
}
