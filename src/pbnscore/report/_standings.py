"""The standings tables of a report: a teams event's pairs (barking,
cross-IMPs) first, as one ranking of them all with their teams; then one
table per separately ranked field, teams scored by matches with their VPs
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
from pbnscore.report._shared import TeamRecord, team_pairs_first
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
    team_label,
    team_name,
)

# After "Rank" and the pair, team or player number.
_STANDING_COLUMNS = (
    Column("Dir"),
    Column("Name", flexible=True),
    Column("Names", flexible=True),
    Column("Total", numeric=True),
    # With butler --normalised: the sum of the normalised segments, ranked on.
    Column("Normalised", numeric=True),
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
    """A teams event's pairs (barking, cross-IMPs) first: one ranking of
    them all, each with its team; then one table per separately ranked
    field. Teams scored by matches (``records``) show their VPs with IMPs
    for and against."""
    everyone = list(standings)
    loose = [s for s in everyone if s.participant.team is None]
    several_sessions = several(s.session for s in everyone)
    tables = [
        _pairs_ranking(group, several_sessions, teams, cards) for group in _team_pairs(everyone)
    ]
    tables += [
        _teams_table(group, _field_title(group, several_sessions, split), records, cards)
        if records and group[0].participant.kind is ParticipantKind.TEAM
        else _standings_table(group, _field_title(group, several_sessions, split), not split, cards)
        for group, split in _fields(loose)
    ]
    return tuple(tables)


def standing_groups(standings: Iterable[Standing]) -> list[list[Standing]]:
    """The standings as the reports list them: a teams event's pairs as one
    ranking (a session's), then each separately ranked field."""
    everyone = list(standings)
    loose = [s for s in everyone if s.participant.team is None]
    return _team_pairs(everyone) + [group for group, _ in _fields(loose)]


def _team_pairs(everyone: list[Standing]) -> list[list[Standing]]:
    """The pairs that belong to a team, best first, a list a session."""
    pairs = [s for s in team_pairs_first(everyone) if s.participant.team is not None]
    return list(_group(pairs, lambda s: s.session).values())


_PAIRS_RANKING_COLUMNS = (
    Column("Rank"),
    Column("Pair"),
    Column("Team", flexible=True),
    Column("Names", flexible=True),
    Column("Total", numeric=True),
    Column("Boards", numeric=True),
    Column("Average", numeric=True),
)


def _pairs_ranking(
    group: list[Standing], with_session: bool, teams: Mapping[str, str], cards: Mapping[Any, str]
) -> Table:
    """Every pair of a teams event, ranked on its own points, with its
    team: the ranking barking exists to give. A pair links to its
    scorecard, its team to the team's."""
    rows = []
    links = []
    for standing in group:
        participant = standing.participant
        team = participant.team or ""
        card = cards.get(identity(participant))
        team_card = cards.get((ParticipantKind.TEAM.value, team, None, None, None))
        rows.append(
            (
                rank_label(standing),
                participant.id,
                team_label(team, teams),
                names(participant),
                _total(standing),
                str(standing.boards),
                standing.average if standing.rank is not None else "",
            )
        )
        links.append((None, card, team_card, card, None, None, None))
    title = join_title("Pairs", labelled("Session", group[0].session) if with_session else None)
    return make_table(
        "standings",
        title,
        _PAIRS_RANKING_COLUMNS,
        rows,
        optional=frozenset({"Names"}),
        links=links if cards else (),
    )


def _standings_table(
    group: list[Standing], title: str, directions: bool = True, cards: Mapping[Any, str] = {}
) -> Table:
    """``directions`` False: the title names the one direction of the
    field. A participant's number and names link to its scorecard."""
    number = Column(KIND_WORDS[group[0].participant.kind][1])
    links = [
        (None, card, None, card, card, None, None, None, None, None)
        for card in (cards.get(identity(s.participant)) for s in group)
    ]
    return make_table(
        "standings",
        title,
        (Column("Rank"), number, *_STANDING_COLUMNS),
        (_standing_row(s) for s in group),
        optional=frozenset({"Dir", "Name", "Names", "Normalised", "Factored"}),
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
        "" if standing.normalised is None else standing.normalised,
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


K = TypeVar("K", bound=Hashable)


def _group(standings: Iterable[Standing], key: Callable[[Standing], K]) -> dict[K, list[Standing]]:
    """Standings by ``key``, groups and members in their first order."""
    groups: dict[K, list[Standing]] = defaultdict(list)
    for standing in standings:
        groups[key(standing)].append(standing)
    return dict(groups)
