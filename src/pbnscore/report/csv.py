"""The standings as CSV, for a spreadsheet (``--to csv``, ``-o X.csv``).

One row per participant, in the order of the text and HTML standings (a
teams event's pairs first as one ranking, then each separately ranked
field in turn): rank (a number; ``Tied`` says ``yes`` for a
shared place), id, kind, team, section, direction, names, total, the
normalised total (butler ``--normalised``: a ``Normalised`` column after
``Total``) and the factored total where the method factors (``--factor``: a
``Factored`` column after those), boards played and average per board;
beside barking's pairs, each team's record over its matches after them.
Totals and averages are written as the reports show them
(:func:`pbnscore.report._view.column`). The spreadsheet conventions are
:mod:`pbnscore.report._spreadsheet`'s.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction as F
from typing import TYPE_CHECKING

from pbnscore._face import File, check_options, write_file
from pbnscore._kinds import TypedDict
from pbnscore.figures import shown_as
from pbnscore.model import ParticipantKind, ScoredEvent, Standing, check_scored
from pbnscore.report import _shared, _spreadsheet, _standings, _view

if TYPE_CHECKING:
    from typing import Unpack


__all__ = ["HEADER", "WriteOptions", "dump", "dumps", "render"]

HEADER = (
    "Rank",
    "Tied",
    "Id",
    "Kind",
    "Team",
    "Section",
    "Direction",
    "Names",
    "Total",
    "Boards",
    "Average",
)


def render(scored: ScoredEvent) -> str:
    """The standings of ``scored`` as a CSV document."""
    check_scored("pbnscore.report.csv.render()", scored)
    with shown_as(scored.options):
        return _render(scored)


def _render(scored: ScoredEvent) -> str:
    standings = [s for group in _standings.standing_groups(scored.standings) for s in group]
    totals = _view.column([s.total for s in standings])
    averages = _view.column([s.average for s in standings])
    # Teams ranked on their matches: the average is per match, as text and
    # HTML show it, and the header says so (docs/reference/choices.md "Teams standings").
    records = _shared.team_records(scored.matches)
    per_match = bool(records) and all(s.participant.id in records for s in standings)
    if per_match:
        vps = any(record.on_vps for record in records.values())
        averages = _view.column([F(s.total) / records[s.participant.id].matches for s in standings])
    # Beside Total, where any participant has one: Normalised (butler
    # --normalised), then Factored (--factor).
    extra = [
        (title, _view.column(figures))
        for title, figures in (
            ("Normalised", [s.normalised for s in standings]),
            ("Factored", [s.factored for s in standings]),
        )
        if any(figure is not None for figure in figures)
    ]
    header = (*HEADER[:9], *(title for title, _ in extra), *HEADER[9:])
    if per_match:
        header = (*header[:-1], "VP per match" if vps else "Net IMPs per match")
    # A teams event's pairs ranked (barking), then its teams by their
    # matches: a team's record beside its row, its average per match there.
    teams_after = bool(records) and not per_match
    league = _league(standings, records) if teams_after else None
    if league is not None:
        header = (*header, *league[0])
    rows = []
    for at, (standing, total, average) in enumerate(zip(standings, totals, averages, strict=True)):
        participant = standing.participant
        row: tuple[str, ...] = (
            _spreadsheet.Number(standing.rank) if standing.rank is not None else "",
            "yes" if standing.tied else "",
            participant.id,
            participant.kind.value,
            participant.team or "",
            participant.section or "",
            participant.direction.value if participant.direction else "",
            _view.names(participant) or participant.name or "",
            _spreadsheet.Number(total) if standing.rank is not None else _view.DID_NOT_PLAY,
            _spreadsheet.Number(standing.boards),
            _spreadsheet.Number(average) if standing.rank is not None else "",
        )
        beside = (_spreadsheet.Number(figures[at]) for _, figures in extra)
        row = (*row[:9], *beside, *row[9:])
        if league is not None:
            record = league[1][at]
            row = (*row[:-1], "" if any(record) else row[-1], *record)
        rows.append(row)
    return _spreadsheet.document(header, rows)


def _league(
    standings: list[Standing], records: Mapping[str, _shared.TeamRecord]
) -> tuple[tuple[str, ...], list[tuple[str, ...]]]:
    """The columns of each team's record over its matches, for rows that
    are not all teams (barking's pairs first): matches, IMPs for and
    against, and the average per match (docs/reference/reports.md); a
    pair's row leaves them empty, a team's leaves the per-board average."""
    teams = [
        records.get(s.participant.id) if s.participant.kind is ParticipantKind.TEAM else None
        for s in standings
    ]
    columns = (
        [None if r is None else str(r.matches) for r in teams],
        _view.column([None if r is None else r.imps_for for r in teams]),
        _view.column([None if r is None else r.imps_against for r in teams]),
        _view.column(
            [
                None if r is None else F(s.total) / r.matches
                for s, r in zip(standings, teams, strict=True)
            ]
        ),
    )
    cells = [
        tuple(_spreadsheet.Number(c) if c else "" for c in row)
        for row in zip(*columns, strict=True)
    ]
    vps = any(record.on_vps for record in records.values())
    per_match = "VP per match" if vps else "Net IMPs per match"
    return ("Matches", "IMPs for", "IMPs against", per_match), cells


class WriteOptions(TypedDict, total=False):
    """None."""


def dumps(obj: ScoredEvent, **options: Unpack[WriteOptions]) -> str:
    """The standings as CSV (:func:`render`). Options: :class:`WriteOptions`."""
    check_options("pbnscore.report.csv.dumps()", options, WriteOptions.__annotations__)
    return render(obj)


def dump(obj: ScoredEvent, fp: File, **options: Unpack[WriteOptions]) -> None:
    """Write :func:`dumps` to a path (whole or not at all, UTF-8), a text
    file or a binary file (UTF-8)."""
    check_options("pbnscore.report.csv.dump()", options, WriteOptions.__annotations__)
    write_file("pbnscore.report.csv.dump()", dumps(obj, **options), fp)
