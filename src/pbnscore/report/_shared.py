"""What the JSON document and the tables of a report both say (the input's
name, each team's record over its matches), apart from the tables' layout
in ``_view``: a JSON report imports no layout (start-up, docs/internals/speed.md)."""

from __future__ import annotations

from collections.abc import Iterable

from pbnscore import _pathnames
from pbnscore._records import attrs
from pbnscore.model import Event, Points, ScoredMatch, Standing


@attrs.frozen
class TeamRecord:
    """A team's matches played (a match with no board played is none) and the
    IMPs it gained and lost in them, from its own side (docs/reference/choices.md
    "Match IMPs from each side"): for less against is the net its VPs come from."""

    imps_for: Points = 0
    imps_against: Points = 0
    matches: int = 0
    on_vps: bool = False  # its total is VPs (not the net IMPs of --vp none)


def team_records(matches: Iterable[ScoredMatch]) -> dict[str, TeamRecord]:
    """Each team's record over the scored matches, by team id."""
    records: dict[str, TeamRecord] = {}
    for match in matches:
        if not match.boards:
            continue
        for team in (match.team, match.opponent):
            won, lost = match.imps_of(team)
            was = records.get(team, TeamRecord())
            records[team] = TeamRecord(
                was.imps_for + won,
                was.imps_against + lost,
                was.matches + 1,
                was.on_vps or match.vp is not None,
            )
    return records


def source_name(event: Event) -> str:
    """The input file's base name; ``<stdin>`` stays as it is."""
    return _pathnames.name(event.source.name) or event.source.name


def team_pairs_first(standings: Iterable[Standing]) -> list[Standing]:
    """The standings in the order every report lists them: the pairs of a
    teams event (scored by a pairs method: barking, cross-IMPs) first, as
    one ranking of them all, best first (session by session); then everyone
    else in the method's order. Without such pairs, the method's order."""
    everyone = list(standings)
    pairs = [s for s in everyone if s.participant.team is not None]
    if not pairs:
        return everyone
    sessions: dict[str | None, int] = {}
    for standing in pairs:
        sessions.setdefault(standing.session, len(sessions))
    ranked = sorted(pairs, key=lambda s: (sessions[s.session], s.rank is None, s.rank or 0))
    return ranked + [s for s in everyone if s.participant.team is None]
