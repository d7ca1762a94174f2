"""Normalised ("Australian") Butler: each participant's Butler over a
segment, capped and lifted by its opponents' average
(docs/reference/conventions.md "Normalised Butler").

A *segment* is the boards a participant scored against the same opponents
in one session. Its Butler (the points the method gave it there, as the
standings add them) is capped: above ``cutoff`` IMPs either way (or
``cutoff`` a board, times its boards) only ``cutoff_rate`` of the excess
counts. To the capped figure is added
``opponent_factor`` times the opponents' average Butler per board over the
whole event (the mean of their averages where two players sat against it),
times the segment's boards. The participant's normalised total is the sum
over its segments, and is what it is ranked on.

The per-board points are not changed: every board, scorecard and
``explain`` step keeps the Butler IMPs; the standings carry the normalised
total beside the plain one.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, Protocol

from pbnscore._kinds import Enum
from pbnscore._records import attrs
from pbnscore.figures import listed, number, shown
from pbnscore.model import Participant, Points, ScoredEvent
from pbnscore.strategies import _field_assembly, _field_layout

if TYPE_CHECKING:
    from pbnscore.explanation import Trace


class CutoffPer(Enum):
    """What ``--cutoff`` is a limit of: a segment's Butler (JFR Teamy's
    AusButler), or its Butler per board (the PZBS leagues' normalised
    Butler): then a segment of b boards is capped at b x cutoff."""

    SEGMENT = "segment"
    BOARD = "board"


class Parameters(Protocol):
    """What normalising reads from the method's options."""

    @property
    def cutoff(self) -> Fraction: ...
    @property
    def cutoff_per(self) -> CutoffPer: ...
    @property
    def cutoff_rate(self) -> Fraction: ...
    @property
    def opponent_factor(self) -> Fraction: ...
    @property
    def factor(self) -> bool: ...


SegmentKey = tuple[int, str | None, tuple[int, ...]]  # who, session, opponents (positions)


@attrs.frozen
class Segment:
    """One participant's segment and how its normalised figure came about."""

    session: str | None
    boards: tuple[int, ...]  # the board numbers, in order
    opponents: tuple[Participant, ...]
    butler: Points  # the participant's Butler IMPs on these boards
    limit: Points  # the cutoff for the whole segment (x boards with --cutoff-per board)
    capped: Points
    opponents_average: Points  # the mean of the opponents' Butler per board
    added: Points  # opponent_factor x opponents_average x boards
    normalised: Points  # capped + added


def capped(butler: Points, cutoff: Fraction, rate: Fraction) -> Points:
    """``butler`` with only ``rate`` of what lies beyond ``cutoff`` either way counted."""
    size = abs(Fraction(butler))
    if size <= cutoff:
        return butler
    beyond = cutoff + rate * (size - cutoff)
    return beyond if butler > 0 else -beyond


def segments(
    lay: _field_layout.Layout,
    scores: Sequence[_field_layout.FieldScore],
    scored: ScoredEvent,
    options: Parameters,
) -> dict[SegmentKey, Segment]:
    """Every participant's segments, by (its position, session, its opponents' positions)."""
    found: dict[SegmentKey, tuple[list[Points], list[int]]] = {}
    for field, score in zip(lay.fields, scores, strict=True):
        for ns, ew, side_points in zip(field.ns, field.ew, score.points, strict=True):
            for seats, against, points in ((ns, ew, side_points[0]), (ew, ns, side_points[1])):
                if points is None:
                    continue
                for at in seats:
                    got, numbers = found.setdefault(
                        (at, field.session, tuple(sorted(against))), ([], [])
                    )
                    got.append(points)
                    numbers.append(field.number)
    averages = _averages(lay, scored)
    made = {}
    for key, (got, numbers) in found.items():
        _, session, against = key
        butler = _field_assembly.exact_sum(got)
        limit = options.cutoff * (len(got) if options.cutoff_per is CutoffPer.BOARD else 1)
        cut = capped(butler, limit, options.cutoff_rate)
        opponents = [averages.get(at, Fraction(0)) for at in against]
        mean = Fraction(sum(opponents), len(opponents)) if opponents else Fraction(0)
        added = options.opponent_factor * mean * len(got)
        made[key] = Segment(
            session,
            tuple(sorted(numbers)),
            tuple(lay.participants[at] for at in against),
            butler,
            _plain(limit),
            _plain(cut),
            _plain(mean),
            _plain(added),
            _plain(cut + added),
        )
    return made


def _averages(lay: _field_layout.Layout, scored: ScoredEvent) -> dict[int, Fraction]:
    """Each participant's plain Butler per board over the event, by position."""
    averages = {}
    for standing in scored.standings:
        at = lay.position(standing.participant)
        if at is not None and standing.boards:
            averages[at] = Fraction(standing.total, standing.boards)
    return averages


def _plain(value: Points) -> Points:
    value = Fraction(value)
    return int(value) if value.denominator == 1 else value


def normalised(
    lay: _field_layout.Layout,
    scores: Sequence[_field_layout.FieldScore],
    scored: ScoredEvent,
    options: Parameters,
    traces: Mapping[int, Trace] | None = None,
) -> ScoredEvent:
    """``scored`` ranked on each participant's normalised total (the sum of
    its segments'), the plain total kept beside it; a participant that sits
    at no table (a team of a teams event) keeps its figure. Each traced
    field's tables are told how their participants' segments were normalised."""
    made = segments(lay, scores, scored, options)
    plain = _by_position(lay, scored)
    totals: list[Points] = [total for total, _ in plain]
    of: dict[int, list[Points]] = {}
    for (who, _, _), segment in made.items():
        of.setdefault(who, []).append(segment.normalised)
    for who, figures in of.items():
        totals[who] = _plain(_field_assembly.exact_sum(figures))
    ranked = _field_assembly.ranked(
        lay, totals, [boards for _, boards in plain], factor=options.factor
    )
    standings = []
    for standing in ranked:
        at = lay.position(standing.participant)
        if at is not None and at in of:
            standing = attrs.evolve(standing, total=plain[at][0], normalised=standing.total)
        standings.append(standing)
    if traces:
        _tell(lay, made, traces, options, {at: (len(of[at]), totals[at]) for at in of})
    return attrs.evolve(scored, standings=tuple(standings))


def _by_position(lay: _field_layout.Layout, scored: ScoredEvent) -> list[tuple[Points, int]]:
    """Each participant's plain total and boards played, by position."""
    found: list[tuple[Points, int]] = [(0, 0) for _ in lay.participants]
    for standing in scored.standings:
        at = lay.position(standing.participant)
        if at is not None:
            found[at] = (standing.total, standing.boards)
    return found


def _tell(
    lay: _field_layout.Layout,
    made: Mapping[SegmentKey, Segment],
    traces: Mapping[int, Trace],
    options: Parameters,
    totals: Mapping[int, tuple[int, Points]],
) -> None:
    """Note, at each table of each traced field, how the segment holding
    this board was normalised for each participant who sat there, and the
    participant's normalised total (``totals``: its segments and their sum)."""
    for index, trace in traces.items():
        field = lay.fields[index]
        for position, (ns, ew) in enumerate(zip(field.ns, field.ew, strict=True)):
            for seats, against in ((ns, ew), (ew, ns)):
                for at in seats:
                    segment = made.get((at, field.session, tuple(sorted(against))))
                    if segment is not None:
                        count, total = totals[at]
                        trace.last_for_table(
                            position,
                            f"{_sentence(lay.participants[at], segment, options)}; "
                            f"normalised total over {_count(count, 'segment')}: {shown(total)}",
                            segment=figures(segment),
                        )


def _sentence(who: Participant, segment: Segment, options: Parameters) -> str:
    """How one segment's figure came about, in explain's words."""
    against = " and ".join(f"{p.kind.value} {p.id}" for p in segment.opponents) or "no one named"
    boards = len(segment.boards)
    cutoff, rate = shown(segment.limit), shown(options.cutoff_rate)
    if options.cutoff_per is CutoffPer.BOARD:
        cutoff = f"{cutoff} ({shown(options.cutoff)} a board × {boards})"
    beyond = shown(abs(Fraction(segment.butler)) - segment.limit)
    limit = shown(segment.limit)
    if segment.butler > segment.limit:
        cut = f"over {cutoff}: {limit} + {rate} × {beyond} = {shown(segment.capped)}"
    elif segment.butler < -segment.limit:
        cut = f"under -{cutoff}: -({limit} + {rate} × {beyond}) = {shown(segment.capped)}"
    else:
        cut = "within the cutoff"
    return (
        f"normalised, {who.kind.value} {who.id} against {against} on board"
        f"{'s' if boards > 1 else ''} {listed(segment.boards)}: Butler {shown(segment.butler)}, "
        f"{cut}; opponents' average {shown(segment.opponents_average)} a board × "
        f"{shown(options.opponent_factor)} × {_count(boards, 'board')} "
        f"= {shown(segment.added)}; segment {shown(segment.normalised)}"
    )


def _count(count: int, what: str) -> str:
    return f"{count} {what}{'' if count == 1 else 's'}"


def figures(segment: Segment) -> dict[str, object]:
    """A segment's figures as JSON values (explain's step figures)."""
    return {
        "boards": list(segment.boards),
        "butler": number(segment.butler),
        "capped": number(segment.capped),
        "opponents_average": number(segment.opponents_average),
        "added": number(segment.added),
        "normalised": number(segment.normalised),
    }
