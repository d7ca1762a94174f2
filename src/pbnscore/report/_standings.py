"""The standings tables of a report: one per separately ranked field, each
team's pairs under their team, and teams scored by matches with their VPs
and IMPs for and against (:class:`pbnscore.report._shared.TeamRecord`)."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Hashable, Iterable, Mapping
from fractions import Fraction
from typing import Any, TypeVar

from pbnscore.model import (
    ParticipantKind,
    Standing,
)
from pbnscore.report._shared import TeamRecord
from pbnscore.report._view import (
    DID_NOT_PLAY,
    KIND_WORDS,
    Cell,
    Column,
    Table,
    identity,
    join_title,
    labelled,
    make_table,
    names,
    rank_label,
    several,
    team_name,
)

# After "Rank" and the pair, team or player number.
_STANDING_COLUMNS = (
    Column("Dir"),
    Column("Name", flexible=True),
    Column("Names", flexible=True),
    Column("Total", numeric=True),
    # With --factor: the total scaled to the most boards played, ranked on.
    Column("Factored", numeric=True),
    Column("Boards", numeric=True),
    Column("Average", numeric=True),
)


def tables(
    standings: Iterable[Standing],
    teams: Mapping[str, str],
    cards: Mapping[Any, str],
    records: Mapping[str, TeamRecord] | None = None,
) -> tuple[Table, ...]:
    """One table per separately ranked field; pairs that belong to a team
    (barking, cross-IMPs of a teams event) grouped under their team. Teams
    scored by matches (``records``) show their VPs with IMPs for and against."""
    everyone = list(standings)
    loose = [s for s in everyone if s.participant.team is None]
    several_sessions = several(s.session for s in everyone)
    tables = [
        _teams_table(group, _field_title(group, several_sessions, split), records, cards)
        if records and group[0].participant.kind is ParticipantKind.TEAM
        else _standings_table(group, _field_title(group, several_sessions, split), not split, cards)
        for group, split in _fields(loose)
    ]
    tables += [
        _standings_table(group, join_title(f"Team {team}", teams.get(team)), cards=cards)
        for team, group in _by_team(everyone).items()
    ]
    return tuple(tables)


def standing_groups(standings: Iterable[Standing]) -> list[list[Standing]]:
    """The standings as the reports list them: each separately ranked
    field, then each team's pairs."""
    everyone = list(standings)
    loose = [s for s in everyone if s.participant.team is None]
    return [group for group, _ in _fields(loose)] + list(_by_team(everyone).values())


def _standings_table(
    group: list[Standing], title: str, directions: bool = True, cards: Mapping[Any, str] = {}
) -> Table:
    """``directions`` False: the title names the one direction of the
    field. A participant's number and names link to its scorecard."""
    number = Column(KIND_WORDS[group[0].participant.kind][1])
    links = [
        (None, card, None, card, card, None, None, None, None)
        for card in (cards.get(identity(s.participant)) for s in group)
    ]
    return make_table(
        "standings",
        title,
        (Column("Rank"), number, *_STANDING_COLUMNS),
        (_standing_row(s) for s in group),
        optional=frozenset({"Dir", "Name", "Names", "Factored"}),
        drop=frozenset() if directions else frozenset({"Dir"}),
        links=links if cards else (),
    )


def _teams_table(
    group: list[Standing],
    title: str,
    records: Mapping[str, TeamRecord],
    cards: Mapping[Any, str],
) -> Table:
    """Teams ranked on VPs (or net IMPs with ``--vp none``): the total says
    which, IMPs for and against and their difference stand beside it, and the
    average is per match."""
    vps = any(record.on_vps for record in records.values())
    columns = (
        Column("Rank"),
        Column("Team"),
        Column("Name", flexible=True),
        Column("IMPs for", numeric=True),
        Column("IMPs against", numeric=True),
        Column("Diff", numeric=True),
        Column("Matches", numeric=True),
        Column("VP" if vps else "Net IMPs", numeric=True),
        Column("Boards", numeric=True),
        Column("Average", numeric=True),  # per match
    )
    rows = []
    for standing in group:
        record = records.get(standing.participant.id, TeamRecord())
        per_match = Fraction(standing.total) / record.matches if record.matches else None
        imps: tuple[Cell, ...] = (
            (record.imps_for, record.imps_against, record.imps_for - record.imps_against)
            if standing.rank is not None
            else ("", "", "")
        )
        rows.append(
            (
                rank_label(standing),
                standing.participant.id,
                team_name(standing.participant),
                *imps,
                str(record.matches),
                _total(standing),
                str(standing.boards),
                per_match,
            )
        )
    links = [
        (None, card, card) + (None,) * 7
        for card in (cards.get(identity(s.participant)) for s in group)
    ]
    return make_table(
        "standings",
        title,
        columns,
        rows,
        optional=frozenset({"Name"}),
        note="Average: VP per match" if vps else "Average: net IMPs per match",
        links=links if cards else (),
    )


def _standing_row(standing: Standing) -> tuple[Cell, ...]:
    participant = standing.participant
    return (
        rank_label(standing),
        participant.id,
        participant.direction.value if participant.direction else "",
        team_name(participant),
        names(participant),
        _total(standing),
        "" if standing.factored is None else standing.factored,
        str(standing.boards),
        standing.average if standing.rank is not None else "",
    )


def _total(standing: Standing) -> Cell:
    """The total, or what stands for it where the participant did not play."""
    return DID_NOT_PLAY if standing.rank is None else standing.total


def _fields(standings: list[Standing]) -> list[tuple[list[Standing], bool]]:
    """The separately ranked fields, each with whether it is one direction
    of a two-winner movement: split by kind, session and section, and by
    direction where each direction was ranked from 1."""
    fields: list[tuple[list[Standing], bool]] = []
    for group in _group(standings, _field_key).values():
        by_direction = _group(group, lambda s: s.participant.direction)
        split = len(by_direction) > 1 and all(
            min((s.rank for s in part if s.rank is not None), default=None) == 1
            for part in by_direction.values()
        )
        fields += [(part, True) for part in by_direction.values()] if split else [(group, False)]
    return fields


def _field_key(standing: Standing) -> Hashable:
    return (standing.participant.kind, standing.session, standing.participant.section)


def _field_title(group: list[Standing], with_session: bool, by_direction: bool) -> str:
    first = group[0]
    direction = first.participant.direction
    return join_title(
        KIND_WORDS[first.participant.kind][0],
        labelled("Session", first.session) if with_session else None,
        labelled("Section", first.participant.section),
        direction.value if by_direction and direction else None,
    )


def _by_team(everyone: list[Standing]) -> dict[str, list[Standing]]:
    """Pairs that belong to a team, by team: teams in the order of the team
    standings, then any team that was not ranked."""
    grouped = _group(
        (s for s in everyone if s.participant.team is not None),
        lambda s: s.participant.team or "",
    )
    order = [s.participant.id for s in everyone if s.participant.kind is ParticipantKind.TEAM]
    ranked = {team: grouped.pop(team) for team in order if team in grouped}
    return {**ranked, **grouped}


K = TypeVar("K", bound=Hashable)


def _group(standings: Iterable[Standing], key: Callable[[Standing], K]) -> dict[K, list[Standing]]:
    """Standings by ``key``, groups and members in their first order."""
    groups: dict[K, list[Standing]] = defaultdict(list)
    for standing in standings:
        groups[key(standing)].append(standing)
    return dict(groups)
