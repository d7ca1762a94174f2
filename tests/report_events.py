"""Scored events built by hand for the report tests: one per kind of report.

The numbers are chosen, not computed by a method, so the report tests check
rendering alone: whatever the model says must show up, unchanged in JSON and
formatted for people in text and HTML. Names and source strings include
characters that must be escaped or kept exactly.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Callable, Iterable
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction as F
from pathlib import Path
from typing import Any

import pbnscore
from pbnscore.imps import ImpGaps
from pbnscore.model import (
    Adjusted,
    AdjustedKind,
    BoardImps,
    Club,
    DatumRecord,
    Direction,
    Event,
    EventKind,
    Outcome,
    Participant,
    ParticipantKind,
    Player,
    PointsStyle,
    Result,
    ScoredBoard,
    ScoredEvent,
    ScoredMatch,
    ScoredResult,
    Seat,
    Section,
    Session,
    Source,
    Standing,
)
from pbnscore.strategies._ranking import by_direction, rank

NASTY = '<script>alert(1)</script> & "O\'Neil"'
LONG = "Maximilian Alexander Fotheringham-Worthington-Smythe the Third of Little Snoring"
NS, EW = Direction.NS, Direction.EW


def two_decimals(value: F | int | float) -> str:
    """A figure with two decimals, halves away from zero (written apart
    from the report's own formatter)."""
    exact = (
        Decimal(value.numerator) / Decimal(value.denominator)
        if isinstance(value, F)
        else Decimal(str(value))
    )
    shown = exact.quantize(Decimal("0.01"), rounding=ROUND_HALF_UP)
    return "0.00" if shown == 0 else str(shown)


def scorer_forms(value: F | int | float) -> set[str]:
    """How a figure may show in a column of figures: with two decimals,
    or whole where it is whole (and its whole column is)."""
    forms = {two_decimals(value)}
    if F(value).denominator == 1:
        forms.add(str(int(value)))
    return forms


TWO_DECIMALS_RE = re.compile(r"-?\d+\.\d\d")


def consistent_column(cells: list[str]) -> bool:
    """All whole (no point), or all with two decimals and not all ``.00``."""
    filled = [c for c in cells if c]
    if all("." not in c for c in filled):
        return True
    return all(TWO_DECIMALS_RE.fullmatch(c) for c in filled) and not all(
        c.endswith(".00") for c in filled
    )


def pair(
    id: str, direction: Direction | None, *names: str, section: str | None = None,
    team: str | None = None,
) -> Participant:  # fmt: skip
    return Participant(
        id,
        direction=direction,
        section=section,
        team=team,
        players=tuple(Player(name) for name in names),
    )


def team(id: str, name: str | None, members: Iterable[Participant] = ()) -> Participant:
    return Participant(id, kind=ParticipantKind.TEAM, name=name, members=tuple(members))


def played(
    ns: str, ew: str, contract: str, by: Seat, tricks: int, score: int, table: str | None = None
) -> Result:
    return Result(
        ns, ew, Outcome.PLAYED, score=score, contract_text=contract, declarer=by,
        tricks=tricks, table=table,
    )  # fmt: skip


def scored(result: Result, ns_points: F | None, ew_points: F | None = None) -> ScoredResult:
    if ew_points is None and ns_points is not None:
        ew_points = -ns_points
    return ScoredResult(result, ns_points, ew_points)


def standings_from(
    boards: Iterable[ScoredBoard], participants: Iterable[Participant], **kw: Any
) -> tuple[Standing, ...]:
    """Each pair's total and boards played, from the boards' points, ranked.
    A pair with a direction only ever sits that way (Mitchell ids repeat)."""
    boards = list(boards)
    rows = []
    for p in participants:
        points = [
            side
            for board in boards
            for r in board.results
            for side in _sides(r, p)
            if side is not None
        ]
        rows.append((p, sum(points, F(0)), len(points)))
    return rank(rows, **kw)


def _sides(r: ScoredResult, p: Participant) -> list[F | None]:
    sides = []
    if p.direction is not EW and r.result.ns == p.id:
        sides.append(r.ns_points)
    if p.direction is not NS and r.result.ew == p.id:
        sides.append(r.ew_points)
    return sides  # type: ignore[return-value]


def butler_pairs(source: str = "/clubs/monday/club-2026-03-09.xml") -> ScoredEvent:
    """A two-winner Mitchell, section A, two boards: a doubled contract
    written "4Hx", a passed-out board, an A6040 and a board not played; EW
    pairs 2 and 3 tie for first."""
    people = (
        pair("1", NS, "Alice Archer", "Bob Baker", section="A"),
        pair("2", NS, NASTY, "Zoë Müller", section="A"),
        pair("3", NS, LONG, "Bartholomew Featherstonehaugh-Cholmondeley", section="A"),
        pair("1", EW, "Carol Cox", "Dan Dyer", section="A"),
        pair("2", EW, "Eve Ellis", "Frank Ford", section="A"),
        pair("3", EW, "Gina Gale", "Hal Hunt", section="A"),
    )
    a6040 = Adjusted("A6040", AdjustedKind.AVERAGE_PLUS, AdjustedKind.AVERAGE_MINUS, 60, 40)
    boards = (
        ScoredBoard("1", "A", 1, 400, (
            scored(played("1", "1", "4H", Seat.S, 10, 420), F(1, 2)),
            scored(played("2", "2", "4Hx", Seat.N, 9, -100), F(-11, 2)),
            scored(Result("3", "3", Outcome.PASSED_OUT, score=0, contract_text="PASS"), F(-5)),
        ), datum_record=DatumRecord("zero-sum", 3, points_sum=F(-10))),
        ScoredBoard("1", "A", 2, -420, (
            scored(played("1", "2", "2H", Seat.E, 8, -110), F(7, 2)),
            scored(Result("2", "3", Outcome.ADJUSTED, adjusted=a6040), F(3)),
            scored(Result("3", "1", Outcome.NOT_PLAYED), None),
        ), datum_record=DatumRecord("zero-sum", 1, points_sum=F(7, 2))),
    )  # fmt: skip
    standings = standings_from(boards, people, group=by_direction, session="1")
    event = Event(
        EventKind.PAIRS,
        (Session("1", (Section("A", people),)),),
        Source(source, "usebio"),
        title="Monday Butler",
        date=dt.date(2026, 3, 9),
        club=Club("Little Snoring BC"),
    )
    options = {
        "datum": "zero-sum", "drop": 1, "rounding": "half-away", "double": False,
        "halve": True, "imp_gaps": "lower", "artificial_imps": 3,
    }  # fmt: skip
    return ScoredEvent(
        event=event,
        method="butler",
        style=PointsStyle.BUTLER,
        options=options,
        boards=boards,
        standings=standings,
        datum_label="zero-sum",
    )


def cross_imps_howell() -> ScoredEvent:
    """A Howell (no directions, no sections, no sessions): cross-IMPs
    without a datum."""
    people = tuple(pair(str(i), None, f"Player {i}a", f"Player {i}b") for i in range(1, 5))
    boards = (
        ScoredBoard(None, None, 1, None, (
            scored(played("1", "2", "3NT", Seat.N, 9, 400), F(10)),
            scored(played("3", "4", "4S", Seat.W, 10, -420), F(-10)),
        )),
    )  # fmt: skip
    event = Event(
        EventKind.PAIRS, (Session(None, (Section(None, people),)),), Source("howell.pbn", "pbn")
    )
    options = {"normalise": "average", "imp_gaps": "lower", "artificial_imps": 3}
    return ScoredEvent(
        event=event,
        method="cross-imps",
        style=PointsStyle.CROSS_IMPS,
        options=options,
        boards=boards,
        standings=standings_from(boards, people),
    )


def aggregate_teams() -> ScoredEvent:
    """Three teams, a round robin of three two-board matches, with VPs."""
    teams = (
        team("1", "Aces", ()),
        team("2", "<b>Bold</b> & Co", ()),
        team("3", "Ünïcode", ()),
    )
    matches = (
        _match("1", 1, "1", "2", F(5), F(-2), F(1466, 100), F(534, 100)),
        _match("1", 2, "3", "1", F(0), F(-3), F(769, 100), F(1231, 100)),
        _match("1", 3, "2", "3", F(11, 2), F(1), F(1582, 100), F(418, 100)),
    )
    boards = (
        ScoredBoard("1", None, 1, None, (
            scored(played("1", "2", "4S", Seat.N, 11, 450, table="1"), F(5)),
            scored(played("2", "1", "4S", Seat.S, 10, 420, table="2"), F(-5)),
        )),
    )  # fmt: skip
    rows = [
        (teams[0], F(1466, 100) + F(1231, 100), 4),
        (teams[1], F(534, 100) + F(1582, 100), 4),
        (teams[2], F(769, 100) + F(418, 100), 4),
    ]
    event = Event(
        EventKind.TEAMS,
        (Session("1", teams=teams, matches=()),),
        Source("league.xml", "usebio"),
        title="Winter League",
        date=dt.date(2026, 1, 12),
    )
    options = {"vp": "wbf", "imp_gaps": ImpGaps.LOWER, "artificial_imps": F(3)}
    return ScoredEvent(
        event=event,
        method="aggregate",
        style=PointsStyle.AGGREGATE,
        options=options,
        boards=boards,
        standings=rank(rows, session="1"),
        matches=matches,
    )


def _match(
    session: str, round: int, home: str, away: str, b1: F, b2: F, vp: F, opponent_vp: F
) -> ScoredMatch:
    board_imps = (b1, b2)
    return ScoredMatch(
        session,
        round,
        home,
        away,
        (BoardImps(1, b1), BoardImps(2, b2)),
        sum((x for x in board_imps if x > 0), F(0)),
        -sum((x for x in board_imps if x < 0), F(0)),
        vp,
        opponent_vp,
    )


def barking_eight() -> ScoredEvent:
    """Teams of eight: two teams of four pairs each, one board at four tables."""
    red = tuple(pair(f"1{i}", NS if i < 3 else EW, f"Red {i}a", f"Red {i}b", team="1")
                for i in range(1, 5))  # fmt: skip
    blue = tuple(pair(f"2{i}", NS if i < 3 else EW, f"Blue {i}a", f"Blue {i}b", team="2")
                 for i in range(1, 5))  # fmt: skip
    teams = (team("1", "Red", red), team("2", "Blue", blue))
    boards = (
        ScoredBoard("1", None, 1, None, (
            scored(played("11", "23", "4S", Seat.N, 10, 420, table="1"), F(9)),
            scored(played("21", "13", "4S", Seat.N, 9, -50, table="2"), F(-12)),
            scored(played("12", "24", "3NT", Seat.S, 9, 400, table="3"), F(6)),
            scored(played("22", "14", "4S", Seat.S, 10, 420, table="4"), F(9)),
        )),
    )  # fmt: skip
    pair_standings = standings_from(boards, (*red, *blue))
    team_rows = [(teams[0], F(9 + 12 + 6 - 9), 1), (teams[1], F(-9 - 12 - 6 + 9), 1)]
    event = Event(
        EventKind.TEAMS,
        (Session("1", teams=teams),),
        Source("barking.pbn", "pbn"),
        title="Teams of Eight",
    )
    options = {"normalise": "match", "imp_gaps": "lower", "artificial_imps": 3}
    return ScoredEvent(
        event=event,
        method="barking",
        style=PointsStyle.BARKING,
        options=options,
        boards=boards,
        standings=(*rank(team_rows), *pair_standings),
    )


ALL = {
    "butler": butler_pairs,
    "cross-imps": cross_imps_howell,
    "aggregate": aggregate_teams,
    "barking": barking_eight,
}


# -- real fixtures, scored by the built-in methods ------------------------------

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"


def fixture(path: str, method: str, **options: Any) -> Callable[[], ScoredEvent]:
    """A maker of ``fixtures/<path>`` scored by ``method``."""

    def make() -> ScoredEvent:
        return pbnscore.score(pbnscore.load(FIXTURES / path), method, **options)

    return make


REAL = {
    "butler-a6040": fixture("usebio/adjusted-a6040.xml", "butler"),
    "butler-trimmed-double": fixture(
        "usebio/flat-butler-old-style.xml", "butler", datum="trimmed-mean", double=True
    ),
    "butler-np-pass": fixture("usebio/np-and-pass.xml", "butler", datum="median"),
    "cross-imps-ties": fixture("usebio/tied-places.xml", "cross-imps"),
    "cross-imps-eight": fixture("usebio/teams-of-eight-two-matches.xml", "cross-imps"),
    "aggregate-eight": fixture("usebio/teams-of-eight-two-matches.xml", "aggregate"),
    "aggregate-four-no-vp": fixture("usebio/teams-of-four.xml", "aggregate", vp="none"),
    "barking-eight": fixture("usebio/teams-of-eight-two-matches.xml", "barking"),
    "barking-total": fixture("usebio/teams-of-eight-two-matches.xml", "barking", normalise="total"),
    "butler-individual": fixture("usebio/individual-three-tables.xml", "butler"),
    "cross-imps-individual": fixture("usebio/individual-three-tables.xml", "cross-imps"),
}

EVERY = {**ALL, **REAL}
