"""Events built directly from the model for the scoring tests, and hypothesis
strategies that make random ones.

A table is given by a *spec*: an int is a played result with that NS score
(0 is a pass-out), an :class:`Adjusted` is an artificial adjusted score, None
is a board not played.
"""

from __future__ import annotations

from collections.abc import Sequence

from hypothesis import strategies as st

from pbnscore.model import (
    Adjusted,
    AdjustedKind,
    Board,
    Direction,
    Event,
    EventKind,
    Match,
    Outcome,
    Participant,
    ParticipantKind,
    Result,
    Section,
    Session,
    Source,
)

Spec = int | Adjusted | None

AVG_PLUS = Adjusted("A6040", AdjustedKind.AVERAGE_PLUS, AdjustedKind.AVERAGE_MINUS)
AVG_MINUS = Adjusted("A4060", AdjustedKind.AVERAGE_MINUS, AdjustedKind.AVERAGE_PLUS)
AVERAGE = Adjusted("A5050", AdjustedKind.AVERAGE, AdjustedKind.AVERAGE)
BOTH_PLUS = Adjusted("A6060", AdjustedKind.AVERAGE_PLUS, AdjustedKind.AVERAGE_PLUS)
ADJUSTMENTS = (AVG_PLUS, AVG_MINUS, AVERAGE, BOTH_PLUS)

SOURCE = Source(name="<test>", format="test")


def result(spec: Spec, ns: str, ew: str, home: Direction | None = None) -> Result:
    if spec is None:
        return Result(ns, ew, Outcome.NOT_PLAYED, home_direction=home)
    if isinstance(spec, Adjusted):
        return Result(ns, ew, Outcome.ADJUSTED, adjusted=spec, home_direction=home)
    outcome = Outcome.PASSED_OUT if spec == 0 else Outcome.PLAYED
    return Result(ns, ew, outcome, score=spec, home_direction=home)


def pairs_event(boards: Sequence[Sequence[Spec]], section: str = "A") -> Event:
    """A two-winner Mitchell: NS pair t+1 stays at table t; on board b the EW
    pair (t + b) mod T + 1 sits there, so EW pairs meet different tables."""
    tables = max((len(b) for b in boards), default=0)
    ns = [
        Participant(str(t + 1), ParticipantKind.PAIR, Direction.NS, section) for t in range(tables)
    ]
    ew = [
        Participant(str(t + 1), ParticipantKind.PAIR, Direction.EW, section) for t in range(tables)
    ]
    built = tuple(
        Board(
            number,
            tuple(
                result(spec, str(t + 1), str((t + number) % tables + 1))
                for t, spec in enumerate(specs)
            ),
        )
        for number, specs in enumerate(boards, start=1)
    )
    session = Session("1", sections=(Section(section, tuple(ns + ew), built),))
    return Event(EventKind.PAIRS, (session,), SOURCE)


def home_team(match: int) -> str:
    return str(2 * match + 1)


def away_team(match: int) -> str:
    return str(2 * match + 2)


def teams_event(matches: Sequence[Sequence[Sequence[Spec]]]) -> Event:
    """One session; match m is team 2m+1 (home) v 2m+2, every match plays
    the same boards 1..B. ``matches[m][b]`` holds the specs of its tables:
    in the first half the home team sits NS (its pair ``<team>-<t+1>`` v the
    away pair of the same number), in the second half EW."""
    teams: list[Participant] = []
    built: list[Match] = []
    for m, boards in enumerate(matches):
        home, away = home_team(m), away_team(m)
        tables = max((len(b) for b in boards), default=0)
        for team in (home, away):
            members = tuple(
                Participant(f"{team}-{t + 1}", ParticipantKind.PAIR, team=team)
                for t in range(tables)
            )
            teams.append(Participant(team, ParticipantKind.TEAM, members=members))
        built.append(
            Match(
                home,
                away,
                tuple(
                    _match_board(n, specs, home, away) for n, specs in enumerate(boards, start=1)
                ),
            )
        )
    session = Session("1", teams=tuple(teams), matches=tuple(built))
    return Event(EventKind.TEAMS, (session,), SOURCE)


def _match_board(number: int, specs: Sequence[Spec], home: str, away: str) -> Board:
    half = (len(specs) + 1) // 2
    results = []
    for t, spec in enumerate(specs):
        pair = t + 1
        if t < half:
            results.append(result(spec, f"{home}-{pair}", f"{away}-{pair}", Direction.NS))
        else:
            results.append(result(spec, f"{away}-{pair}", f"{home}-{pair}", Direction.EW))
    return Board(number, tuple(results))


# -- hypothesis ----------------------------------------------------------------

# Real scores cluster on a few values per board (ties matter to every datum);
# the wide range reaches the top of the IMP scale.
COMMON = (-1430, -800, -620, -500, -420, -200, -100, -50, 0, 50, 100, 110, 140, 170, 420, 450,
          480, 620, 650, 1430, 2210)  # fmt: skip
scores = st.one_of(
    st.sampled_from(COMMON),
    st.integers(-800, 800).map(lambda x: 10 * x),
)
adjusted = st.sampled_from(ADJUSTMENTS)


def specs(real_only: bool = False) -> st.SearchStrategy[Spec]:
    if real_only:
        return scores
    return st.one_of(scores, scores, scores, scores, adjusted, st.none())


def boards(
    min_tables: int, max_tables: int, real_only: bool = False
) -> st.SearchStrategy[list[Spec]]:
    return st.lists(specs(real_only), min_size=min_tables, max_size=max_tables)
