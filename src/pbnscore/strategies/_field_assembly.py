"""The scored event put back together from the points a method gives each
table of each field (:mod:`pbnscore.strategies._field_layout`).

:func:`assemble` turns the fields' scores into ScoredBoards in the input's
order (one per input board, so writers find every line), and standings.
Pairs of a teams event are ranked among pairs, teams among teams; a team's
total for a pairs method is, board by board, the mean of its pairs' points
on that board (for barking on one match of four tables this is the team's
aggregate IMPs). A table left out of comparisons (adjusted, not played)
gets artificial IMPs or nothing.
"""

from __future__ import annotations

import itertools
from collections import defaultdict
from collections.abc import Callable, Hashable, Iterable, Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, cast

from pbnscore.errors import ScoringError, excerpt
from pbnscore.model import (
    AdjustedKind,
    Direction,
    Event,
    Notice,
    Outcome,
    Participant,
    ParticipantKind,
    Play,
    Points,
    PointsStyle,
    Result,
    ScoredBoard,
    ScoredColumns,
    ScoredEvent,
    Standing,
)
from pbnscore.strategies import _assigned, _base
from pbnscore.strategies._field_layout import Field, FieldScore, Layout, SidePoints
from pbnscore.strategies._ranking import rank_field, uneven_warning

if TYPE_CHECKING:
    from pbnscore.explanation import BoardExplanation, Trace


# -- putting a scored event together ----------------------------------------


def scored_boards(lay: Layout, scores: Sequence[FieldScore]) -> tuple[ScoredBoard, ...]:
    """One ScoredBoard per input board, in input order, its results as
    columns (the board's and its slice of the field's points); its datum is
    its field's (the datum is shown rounded to a whole point where it is not
    one, the exact value in ``exact_datum``)."""
    boards = []
    for place in lay.places:
        score = scores[place.field]
        positions = place.positions
        results = ScoredColumns(place.board, score.points[positions.start : positions.stop])
        datum, exact = _datum(score.datum)
        boards.append(
            ScoredBoard(
                place.session,
                place.section,
                place.board.number,
                datum,
                results,
                place.board.source_ref,
                exact_datum=exact,
                datum_record=score.record,
            )
        )
    return tuple(boards)


def _datum(datum: int | Fraction | None) -> tuple[int | None, Fraction | None]:
    if datum is None or isinstance(datum, int):
        return datum, None
    if datum.denominator == 1:
        return int(datum), None
    # Half away from zero, for writers that print a whole number.
    whole = int(abs(datum) + Fraction(1, 2))
    return (whole if datum > 0 else -whole), datum


def standings(
    lay: Layout, scores: Sequence[FieldScore], factor: bool = False
) -> tuple[Standing, ...]:
    """Every participant's total and boards played (a board counts where the
    method gave the participant points), ranked; each player of an
    individual scores the points of the side they sat; teams of a teams
    event from their pairs' per-board means."""
    points_of: list[list[Points]] = [[] for _ in lay.participants]
    has_teams = any(team is not None for team in lay.teams)
    for field, score in zip(lay.fields, scores, strict=True):
        for ns_seats, ew_seats, (ns_points, ew_points) in zip(
            field.ns, field.ew, score.points, strict=True
        ):
            if ns_points is not None:
                for at in ns_seats:
                    points_of[at].append(ns_points)
            if ew_points is not None:
                for at in ew_seats:
                    points_of[at].append(ew_points)
        if has_teams:
            for team, values in _team_points(field, score, lay.teams).items():
                points_of[team].append(Fraction(exact_sum(values), len(values)))
    if set(map(type, itertools.chain.from_iterable(points_of))) <= {int}:
        totals: list[Points] = list(map(sum, points_of))  # the usual case: whole IMPs
    else:
        totals = [exact_sum(values) for values in points_of]
    return ranked(lay, totals, [len(values) for values in points_of], factor=factor)


def _team_points(
    field: Field, score: FieldScore, team_of: Sequence[int | None]
) -> dict[int, list[Points]]:
    """The points of each team's pairs on ``field``, by the team's position."""
    team_points: dict[int, list[Points]] = defaultdict(list)
    for side, seats in enumerate((field.ns, field.ew)):
        for seated, side_points in zip(seats, score.points, strict=True):
            points = side_points[side]
            if points is not None:
                for at in seated:
                    team = team_of[at]
                    if team is not None:
                        team_points[team].append(points)
    return team_points


def exact_sum(values: Sequence[Points]) -> Points:
    """The exact sum of ``values``, fractions added up by denominator: one
    Fraction per distinct denominator (a field's averages share theirs)
    rather than a Fraction addition, with its gcd, for every value."""
    if len(values) == 1:
        return values[0]
    if set(map(type, values)) <= {int}:  # the usual case: whole IMPs
        return sum(cast("Sequence[int]", values))
    numerators: dict[int, int] = {}
    for value in values:
        denominator = value.denominator
        numerators[denominator] = numerators.get(denominator, 0) + value.numerator
    total: Points = numerators.pop(1, 0)
    for denominator, numerator in numerators.items():
        total += Fraction(numerator, denominator)
    return total


def ranked(
    lay: Layout,
    totals: Sequence[Points],
    played: Sequence[int],
    kind: ParticipantKind | None = None,
    *,
    factor: bool = False,
) -> tuple[Standing, ...]:
    """Standings for every participant of the layout (of ``kind``, if
    given) from its total and boards played, both by position, ranked
    within their groups (in the order of the groups' first participants);
    ``factor``: on totals scaled to the most boards played in the group."""
    groups: dict[Hashable, list[tuple[Participant, Points, int]]] = defaultdict(list)
    for at, participant in enumerate(lay.participants):
        if kind is None or participant.kind is kind:
            groups[lay.groups[at]].append((participant, totals[at], played[at]))
    session = _only_session(lay.event)
    return tuple(s for rows in groups.values() for s in rank_field(rows, session, factor))


def uneven_groups(lay: Layout, standings: Sequence[Standing]) -> tuple[Notice, ...]:
    """A warning for each ranking group whose members played different
    numbers of boards (scored without --factor)."""
    played: dict[Hashable, list[int]] = defaultdict(list)
    for standing in standings:
        at = lay.position(standing.participant)
        if at is not None:
            played[lay.groups[at]].append(standing.boards)
    found = (uneven_warning(_group_name(g), counts) for g, counts in played.items())
    return tuple(Notice(warning) for warning in found if warning)


def _group_name(group: Hashable) -> str:
    """A ranking group as the warning names it: "section A NS pairs" ..."""
    if isinstance(group, ParticipantKind):
        return f"the {group.value}s"
    if isinstance(group, tuple) and len(group) == 2:
        section, direction = group
        where = f"section {excerpt(section, bare=True)} " if section is not None else ""
        side = f"{direction.value} " if isinstance(direction, Direction) else ""
        return f"{where}{side}participants".strip() if where or side else "the participants"
    return "the participants"


def _only_session(event: Event) -> str | None:
    return event.sessions[0].id if len(event.sessions) == 1 else None


def artificial_points(kind: AdjustedKind, artificial_imps: Points) -> Points:
    """Law 12C2(b) at IMPs: average 0, average-plus +N, average-minus -N."""
    if kind is AdjustedKind.AVERAGE_PLUS:
        return Fraction(artificial_imps)
    if kind is AdjustedKind.AVERAGE_MINUS:
        return -Fraction(artificial_imps)
    return Fraction(0)


def adjusted_points(result: Result, artificial_imps: Points) -> tuple[Points, Points] | None:
    """(NS, EW) points for an adjusted result, None for any other result."""
    if result.adjusted is None:
        return None
    return (
        artificial_points(result.adjusted.ns, artificial_imps),
        artificial_points(result.adjusted.ew, artificial_imps),
    )


def artificial(result: Result | Play, artificial_imps: Points) -> SidePoints:
    """Points for a table left out of comparisons: artificial IMPs for an
    adjusted result, nothing for a board not played."""
    adjusted = result.adjusted
    if result.outcome is Outcome.ADJUSTED and adjusted is not None:
        return (
            artificial_points(adjusted.ns, artificial_imps),
            artificial_points(adjusted.ew, artificial_imps),
        )
    return (None, None)


def assemble(
    lay: Layout,
    scores: Sequence[FieldScore],
    *,
    method: str,
    style: PointsStyle,
    options: object,
    datum_label: str | None = None,
) -> ScoredEvent:
    factor = bool(getattr(options, "factor", False))
    ranking = standings(lay, scores, factor)
    return ScoredEvent(
        event=lay.event,
        method=method,
        style=style,
        options=_base.options_dict(options),
        boards=scored_boards(lay, scores),
        standings=ranking,
        datum_label=datum_label,
        warnings=() if factor else uneven_groups(lay, ranking),
    )


def score_tables(
    field: Field,
    real_points: Callable[[Sequence[int]], Iterable[SidePoints]],
    artificial_imps: Points,
    datum: int | Fraction | None = None,
    against: _assigned.Against | None = None,
    trace: Trace | None = None,
) -> FieldScore:
    """A field's score: ``real_points`` gives (NS, EW) points for the real
    tables from their NS scores (``field.scores``, in order); a weighted or
    split assigned score is scored part by part by ``against`` (the NS
    points a table with that score would get against the field); every
    other table gets :func:`artificial`."""
    real = tuple(real_points(field.scores))
    if len(real) != len(field.real):
        raise ValueError(f"{len(real)} points for {len(field.real)} real tables")
    if len(real) == len(field):  # the usual case: every table played
        return FieldScore(real, datum)
    points = [artificial(play, artificial_imps) for play in field.plays]
    for position, play in enumerate(field.plays):
        assigned = _assigned.assigned_of(play)
        if assigned is not None:
            if against is None:
                raise ScoringError("this method does not score a weighted or split score")
            points[position] = _assigned.assigned_points(assigned, against, trace, position)
    for position, side_points in zip(field.real, real, strict=True):
        points[position] = side_points
    return FieldScore(tuple(points), datum)


def explained_fields(
    lay: Layout, scored: ScoredEvent, traces: dict[int, Trace]
) -> tuple[BoardExplanation, ...]:
    """Each traced field as the scored event has it: every table's points
    and steps, and each participant's figure."""
    # Here, not at the top: a plain score imports no explain (start-up).
    from pbnscore.explanation import BoardExplanation, Figure, Line

    shown = {place.field: board for place, board in zip(lay.places, scored.boards, strict=True)}
    explained = []
    for index, trace in traces.items():
        field, board = lay.fields[index], shown[index]
        points = {
            pos: (sr.ns_points, sr.ew_points)
            for place, sb in zip(lay.places, scored.boards, strict=True)
            if place.field == index
            for pos, sr in zip(place.positions, sb.results, strict=True)
        }
        lines, figures = [], []
        for position, table in enumerate(field.tables):
            ns_points, ew_points = points[position]
            score = table.result.score if table.result.is_real else None
            lines.append(
                Line(table.result, trace.table_steps(position, score), ns_points, ew_points)
            )
            for seated, side_points in ((table.ns, ns_points), (table.ew, ew_points)):
                figures += [Figure(lay.participants[at], side_points, position) for at in seated]
        explained.append(
            BoardExplanation(
                field.session,
                field.section,
                field.number,
                board.datum,
                tuple(trace.steps),
                tuple(lines),
                tuple(figures),
                datum_record=board.datum_record,
            )
        )
    return tuple(explained)
