"""A teams season's league table: each team's matches won, drawn and lost,
its IMPs and VPs, ranked."""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Sequence
from fractions import Fraction

from pbnscore._records import attrs
from pbnscore.model import Points
from pbnscore.seasons._event_figures import EventFigures, MatchFigures, Played
from pbnscore.seasons._names import name_key
from pbnscore.seasons._ranking import places_of


@attrs.frozen
class LeagueRow:
    """A team's line of the league table."""

    team: str
    played: int
    won: int
    drawn: int
    lost: int
    imps_for: Points
    imps_against: Points
    vp: Points | None  # None: the matches were scored without a VP scale
    rank: int
    tied: bool


@attrs.frozen
class LeagueMatch:
    """A match of the league: ``round`` is its event's place in the season."""

    round: int
    match: MatchFigures


def league_table(ordered: Sequence[EventFigures]) -> tuple[LeagueRow, ...]:
    """Per team over every match: played, won, drawn, lost (by VPs, equal
    VPs a draw; by IMPs where a match has no VPs), IMPs for and against,
    VPs; ranked on VPs (on IMPs for less against when any match has none)."""
    played: dict[str, list[Played]] = defaultdict(list)
    names: dict[str, Counter[str]] = defaultdict(Counter)
    for figures_ in ordered:
        for m in figures_.matches:
            for team, played_ in zip((m.team, m.opponent), m.sides(), strict=True):
                key = name_key(team) or team
                names[key][team] += 1
                played[key].append(played_)
    tallies = [_tally(names[key].most_common(1)[0][0], games) for key, games in played.items()]
    tallies.sort(key=lambda t: (-t[0], name_key(t[1].team), t[1].team))
    places = places_of([figure for figure, _ in tallies])
    return tuple(
        attrs.evolve(row, rank=rank, tied=tied)
        for (_, row), (rank, tied) in zip(tallies, places, strict=True)
    )


def _tally(team: str, games: Sequence[Played]) -> tuple[Points, LeagueRow]:
    """(the figure the team ranks on, its row yet unranked)."""
    outcomes = Counter(game.outcome() for game in games)
    imps_for = sum((game.imps_for for game in games), Fraction(0))
    imps_against = sum((game.imps_against for game in games), Fraction(0))
    vps = [game.vp for game in games]
    vp = None if None in vps else sum((v for v in vps if v is not None), Fraction(0))
    row = LeagueRow(
        team,
        len(games),
        outcomes[1],
        outcomes[0],
        outcomes[-1],
        imps_for,
        imps_against,
        vp,
        0,
        False,
    )
    return (imps_for - imps_against if vp is None else vp), row
