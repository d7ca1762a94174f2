"""Butler: each pair is IMPed against a datum formed from its field's scores.

Datums (CONTRACT "Methods"): Barker's zero-sum par (default), the trimmed
mean, the mean, the median. Adjusted results and boards not played are left
out of the datum; adjusted sides get artificial IMPs.
"""

from __future__ import annotations

import enum
import math
from collections.abc import Callable, Iterable, Sequence
from fractions import Fraction
from typing import ClassVar

import attrs

from pbnscore.explain import Trace, listed, number, shown
from pbnscore.imps import ImpGaps, ImpSums, imps
from pbnscore.model import EventKind, Points, PointsStyle
from pbnscore.strategies import _base, _fields


class Datum(enum.Enum):
    ZERO_SUM = "zero-sum"
    TRIMMED_MEAN = "trimmed-mean"
    MEAN = "mean"
    MEDIAN = "median"


class Rounding(enum.Enum):
    """How a datum is rounded to a multiple of 10 when it falls on a half
    (…5): Compscore3 rounds half away from zero, ACBLscore half to even,
    JavaScript's Math.round half up (towards +infinity)."""

    HALF_AWAY = "half-away"
    HALF_EVEN = "half-even"
    HALF_UP = "half-up"
    NONE = "none"


@attrs.frozen
class ButlerOptions(_base.ImpOptions):
    datum: Datum = _base.option(
        Datum.ZERO_SUM,
        "how each board's datum is formed",
        choices=[d.value for d in Datum],
        converter=Datum,
    )
    drop: int = _base.option(
        1,
        "scores dropped at each end for --datum trimmed-mean (never leaving fewer than one)",
        applies=_base.applies_with("datum", Datum.TRIMMED_MEAN),
        converter=int,
        validator=attrs.validators.ge(0),
    )
    rounding: Rounding = _base.option(
        Rounding.HALF_AWAY,
        "rounding of a mean or even-count median datum to a multiple of 10",
        choices=[r.value for r in Rounding],
        # A median rounds only the mean of its two middle scores (an even count).
        applies=_base.applies_with("datum", Datum.TRIMMED_MEAN, Datum.MEAN, Datum.MEDIAN),
        converter=Rounding,
    )
    double: bool = _base.option(
        False, "IMP twice the difference from the datum", converter=_base.to_bool
    )
    halve: bool = _base.option(False, "halve the IMPs after", converter=_base.to_bool)


class Butler(_fields.FieldMethod):
    """Butler IMP pairs: IMPs against a datum per board."""

    name: ClassVar[str] = "butler"
    description: ClassVar[str] = "IMPs against a datum per board (zero-sum par, trimmed mean, ...)"
    kinds: ClassVar[frozenset[EventKind]] = frozenset(
        {EventKind.PAIRS, EventKind.TEAMS, EventKind.INDIVIDUAL}
    )
    style: ClassVar[PointsStyle] = PointsStyle.BUTLER
    Options: ClassVar[type[ButlerOptions]] = ButlerOptions

    def score_field(
        self, field: _fields.Field, options: ButlerOptions, trace: Trace | None = None
    ) -> _fields.FieldScore:
        datum = board_datum(field.scores, options, trace) if field.scores else None
        factor = 2 if options.double else 1
        # A field has few distinct scores: each one's points are worked out once
        # and its (NS, EW) pair shared by every table that scored it.
        memo: dict[int, _fields.SidePoints] = {}

        def side_points(score: int) -> _fields.SidePoints:
            if score not in memo:
                assert datum is not None
                won = imps(factor * (score - datum), options.imp_gaps)
                points: Points = Fraction(won, 2) if options.halve else won
                memo[score] = (points, -points)
                if trace is not None:
                    _trace_points(trace, score, datum, factor, won, points)
            return memo[score]

        def real_points(scores: Sequence[int]) -> Iterable[_fields.SidePoints]:
            return map(side_points, scores)

        return _fields.score_tables(field, real_points, options.artificial_imps, datum)

    def datum_label(self, options: ButlerOptions) -> str:
        return options.datum.value


def _trace_points(
    trace: Trace, score: int, datum: int | Fraction, factor: int, won: int, points: Points
) -> None:
    difference = score - datum
    doubled = f" × {factor} = {shown(factor * difference)}" if factor != 1 else ""
    halved = f", halved: {shown(points)}" if points != won else ""
    trace.for_score(
        score,
        f"{score} − datum {shown(datum)} = {shown(difference)}{doubled}: {won} IMPs{halved}",
        score=score,
        difference=number(factor * difference),
        imps=won,
        points=number(points),
    )


def board_datum(
    scores: Sequence[int], options: ButlerOptions, trace: Trace | None = None
) -> int | Fraction:
    """The datum of a board's real scores (at least one) under ``options``."""
    if options.datum is Datum.ZERO_SUM:
        return zero_sum_par(scores, 2 if options.double else 1, options.imp_gaps, trace)
    ordered = sorted(scores)
    if trace is not None:
        trace.note(f"{len(ordered)} scores, in order: {listed(ordered)}", scores=ordered)
    if options.datum is Datum.MEDIAN:
        middle = len(ordered) // 2
        if len(ordered) % 2:
            if trace is not None:
                trace.note(f"median: the middle score, {ordered[middle]}", datum=ordered[middle])
            return ordered[middle]
        kept = ordered[middle - 1 : middle + 1]
        what = "median of an even count: the mean of the two middle scores"
    elif options.datum is Datum.TRIMMED_MEAN:
        drop = min(options.drop, (len(ordered) - 1) // 2)  # never fewer than one left
        kept = ordered[drop : len(ordered) - drop]
        if trace is not None:
            dropped = ordered[:drop] + ordered[len(ordered) - drop :]
            trace.note(
                f"dropped the {drop} lowest and {drop} highest: {listed(dropped) or 'none'}",
                dropped=dropped,
            )
        what = "trimmed mean of the rest"
    else:
        kept = ordered
        what = "mean"
    mean = Fraction(sum(kept), len(kept))
    if trace is not None:
        trace.note(
            f"{what}: {sum(kept)} / {len(kept)} = {shown(mean)}",
            kept=kept,
            mean=number(mean),
        )
    return round_datum(mean, options.rounding, trace)


def round_datum(mean: Fraction, rounding: Rounding, trace: Trace | None = None) -> int | Fraction:
    """``mean`` rounded to a multiple of 10 (or kept exact with NONE)."""
    rounded = _round_datum(mean, rounding)
    if trace is not None:
        trace.note(
            f"rounded to a multiple of 10 ({rounding.value}): datum {shown(rounded)}"
            if rounding is not Rounding.NONE
            else f"not rounded (--rounding none): datum {shown(rounded)}",
            rounding=rounding.value,
            datum=number(rounded),
        )
    return rounded


def _round_datum(mean: Fraction, rounding: Rounding) -> int | Fraction:
    if rounding is Rounding.NONE:
        return int(mean) if mean.denominator == 1 else mean
    tens = mean / 10
    below = math.floor(tens)
    rest = tens - below
    if rest > Fraction(1, 2):
        below += 1
    elif rest == Fraction(1, 2):
        if rounding is Rounding.HALF_UP:
            below += 1
        elif rounding is Rounding.HALF_AWAY:
            below += 1 if tens > 0 else 0
        elif below % 2:  # half to even
            below += 1
    return below * 10


# -- zero-sum par (Barker) ----------------------------------------------------


def zero_sum_par(
    scores: Sequence[int],
    factor: int = 1,
    gaps: ImpGaps = ImpGaps.LOWER,
    trace: Trace | None = None,
) -> int:
    """The par P (a multiple of 10) with sum of IMP(factor * (score - P)) zero;
    where none is, the P with the smallest |sum|; ties to the P closest to 0.

    The sum never increases as P grows, so binary chops find where it changes
    sign and the ends of the plateaus either side: O(log range) sums, each
    O(24 log n) through :class:`ImpSums`.
    """
    # sum_i IMP(k (s_i - P)) = -sum_i IMP(kP - k s_i)
    sums = ImpSums([factor * s for s in scores], gaps)

    def total(step: int) -> int:  # par = 10 * step
        return -sums(factor * 10 * step)

    # Beyond these every difference is 4000 or more: the sum is +-24 n. The
    # range takes in 0 so that a plateau running off either end still shows
    # the candidate closest to 0.
    lo = min(0, (min(scores) - 4000) // 10)
    hi = max(0, -((-max(scores) - 4000) // 10))
    first_not_positive = _first(lo, hi, lambda j: total(j) <= 0)
    right = total(first_not_positive)
    if right == 0:
        candidates = [
            (first_not_positive, _first(first_not_positive, hi, lambda j: total(j) < 0) - 1)
        ]
    else:
        left = total(first_not_positive - 1)
        left_range = (_first(lo, hi, lambda j: total(j) <= left), first_not_positive - 1)
        right_range = (
            first_not_positive,
            _first(first_not_positive, hi, lambda j: total(j) < right) - 1,
        )
        if left < -right:
            candidates = [left_range]
        elif -right < left:
            candidates = [right_range]
        else:
            candidates = [left_range, right_range]
    step = min((min(max(0, a), b) for a, b in candidates), key=lambda j: (abs(j), j))
    if trace is not None:
        _trace_par(trace, total, step, candidates, factor)
    return 10 * step


def _trace_par(
    trace: Trace,
    total: Callable[[int], int],
    step: int,
    candidates: list[tuple[int, int]],
    factor: int,
) -> None:
    """The zero-sum search's answer, in the terms of the CONTRACT's rule."""
    difference = f"{factor} × (score − P)" if factor != 1 else "score − P"
    trace.note(
        f"zero-sum par: the multiple of 10 P at which the sum of IMP({difference}) "
        "over the real scores is 0, else the smallest |sum|, ties to the P closest to 0"
    )
    runs = [(10 * a, 10 * b, total(a)) for a, b in candidates]
    if runs[0][2] == 0:
        low, high, _ = runs[0]
        where = f"at P = {low} only" if low == high else f"for every P from {low} to {high}"
        why = f"the sum is 0 {where}"
    else:
        sides = " and ".join(f"{s:+d} for P from {low} to {high}" for low, high, s in runs)
        why = f"no P makes the sum 0; the smallest |sum| is {abs(runs[0][2])}: {sides}"
    if sum(high - low for low, high, _ in runs) > 0:
        why += "; the P closest to 0 is taken"
    par = 10 * step
    trace.note(
        f"{why}: par {par}",
        par=par,
        runs=[[low, high, s] for low, high, s in runs],
    )
    trace.note(
        f"IMP sum at {par - 10}: {total(step - 1):+d}, at {par}: {total(step):+d}, "
        f"at {par + 10}: {total(step + 1):+d}",
        neighbours=[[par - 10, total(step - 1)], [par, total(step)], [par + 10, total(step + 1)]],
    )


def _first(lo: int, hi: int, predicate: Callable[[int], bool]) -> int:
    """The smallest j in [lo, hi] with predicate(j), for a predicate false then
    true as j grows; hi + 1 if it is never true."""
    while lo <= hi:
        mid = (lo + hi) // 2
        if predicate(mid):
            hi = mid - 1
        else:
            lo = mid + 1
    return lo
