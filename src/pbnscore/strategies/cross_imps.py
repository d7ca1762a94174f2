"""Cross-IMPs: each real result IMPed against every other real result of its
field. On a teams event the field is every table of the session that played
the board, across all matches.

The sum for a score comes from :class:`pbnscore.imps.ImpSums` (sorted scores,
bisection over the IMP thresholds, memoised by distinct score), never from
comparing all pairs: a board of 2,000 results costs 2,000 small queries, not
4 million comparisons.
"""

from __future__ import annotations

import bisect
import math
from collections.abc import Callable, Iterable, Mapping, Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, ClassVar

from pbnscore._kinds import Enum
from pbnscore._records import attrs
from pbnscore.figures import number, shown, signed
from pbnscore.imps import ImpForm, ImpSums, first_imp, imp_value
from pbnscore.model import EventKind, Points, PointsStyle
from pbnscore.strategies import _base, _field_assembly, _field_layout
from pbnscore.strategies._per_board import PerBoardMethod

if TYPE_CHECKING:
    from pbnscore.explanation import Trace


class Normalise(Enum):
    """What cross-IMPs divide a result's sum of comparisons by: the EBU's four
    divisors (docs/reference/conventions.md "Cross-IMP divisors"), c the
    comparisons, r = c + 1 the results."""

    AVERAGE = "average"  # c: the sum over the other real results / their number
    TOTAL = "total"  # 1: the plain sum
    RESULTS = "results"  # r = c + 1
    ROOT = "sqrt-2rc"  # sqrt(2rc), rounded to the hundredth (the EBU's for VPs)


def divided(total: Points, c: int, normalise: Normalise) -> Fraction:
    """A sum of ``c`` comparisons divided as ``normalise`` says; a lone
    result (c = 0) scores 0. sqrt(2rc) is irrational in general: the quotient
    is kept rounded to the hundredth, half away from zero (the figure every
    output shows, docs/reference/conventions.md "Cross-IMP divisors")."""
    if normalise is Normalise.TOTAL or c == 0:
        return Fraction(total)
    if normalise is Normalise.AVERAGE:
        return Fraction(total, c)
    r = c + 1
    if normalise is Normalise.RESULTS:
        return Fraction(total, r)
    # |100 total| / sqrt(2rc) = sqrt(N / D); half away from zero is
    # floor(y + 1/2) = (floor(2y) + 1) // 2, and floor(2y) = isqrt(4N // D).
    n, d = (100 * total) ** 2, 2 * r * c
    hundredths = (math.isqrt(4 * n // d) + 1) // 2
    return Fraction(hundredths if total >= 0 else -hundredths, 100)


def divisor_text(c: int, normalise: Normalise) -> str:
    """The divisor as a sentence names it."""
    if normalise is Normalise.AVERAGE:
        return f"{c} other results"
    if normalise is Normalise.RESULTS:
        return f"{c + 1} results"
    return f"√(2 × {c + 1} × {c})"


# Real programs' cross-IMP conventions (docs/reference/presets.md gives each source).
PRESETS = (
    _base.Preset(
        "compscore", {"normalise": "average"}, "Compscore3's USEBIO files: every point reproduced"
    ),
    _base.Preset("bridge-scorer", {"normalise": "average"}, "bridge-scorer lib/imps.js"),
    _base.Preset("kops", {"imp_cap": 17}, "KOPS, as reported; its documentation was not found"),
    _base.Preset(
        "ebu", {"normalise": "average"}, "EBU: sum / comparisons (Barker, EBU forum 1041)"
    ),
)


@attrs.frozen
class CrossImpsOptions(_base.SectionsOptions):
    """The cross-IMPs method's options (each becomes a command-line flag)."""

    normalise: Normalise = _base.option(
        Normalise.AVERAGE,
        "what the sum of comparisons is divided by (the EBU's four divisors): average: "
        "the comparisons c; total: 1; results: r = c + 1; sqrt-2rc: sqrt(2rc), to the "
        "hundredth (the EBU's for conversion to VPs)",
        choices=[n.value for n in Normalise],
        converter=Normalise,
    )
    imps: ImpForm = _base.choice(ImpForm.STEPS, _base.IMPS_HELP)
    preset: str | None = _base.preset_option(PRESETS)


class CrossImps(PerBoardMethod):
    """Cross-IMPs (IMPs across the field)."""

    name: ClassVar[str] = "cross-imps"
    description: ClassVar[str] = "IMPs against every other result of the board"
    kinds: ClassVar[frozenset[EventKind]] = frozenset(
        {EventKind.PAIRS, EventKind.TEAMS, EventKind.INDIVIDUAL}
    )
    style: ClassVar[PointsStyle] = PointsStyle.CROSS_IMPS
    Options: ClassVar[type[CrossImpsOptions]] = CrossImpsOptions
    presets: ClassVar[Mapping[str, _base.Preset]] = {p.name: p for p in PRESETS}

    def score_field(
        self, field: _field_layout.Field, options: CrossImpsOptions, trace: Trace | None = None
    ) -> _field_layout.FieldScore:
        """One board's field scored by cross-IMPs, its steps noted in ``trace``."""

        def real_points(scores: Sequence[int]) -> Iterable[_field_layout.SidePoints]:
            # IMP(s - s) = 0: a score compared with itself adds nothing.
            sums = _sums(scores, options)
            others = len(scores) - 1
            memo: dict[int, _field_layout.SidePoints] = {}
            ordered = sorted(scores)
            listed = _listed_scores(trace, field, scores)
            for score in scores:
                if score not in memo:
                    points = divided(sums(score), others, options.normalise)
                    memo[score] = (points, -points)
                    if trace is not None:
                        comparisons = Comparisons(ordered, score, options)
                        if score in listed:
                            _trace_each(trace, score, scores, options)
                        _trace_score(trace, comparisons, sums(score), points, options)
                yield memo[score]

        def against(score: int) -> Points | None:
            # A weighted or split score's part: compared with every real result.
            if not field.scores:
                return None
            total = _sums(field.scores, options)(score)
            return divided(total, len(field.scores), options.normalise)

        return _field_assembly.score_tables(
            field, real_points, options.artificial_imps, against=against, trace=trace
        )


def _sums(scores: Sequence[int], options: CrossImpsOptions) -> Callable[[int], Points]:
    """The sum of IMP(x - v) over the board's scores v, as a function of x:
    :class:`ImpSums` on Law 78B's steps, each comparison added up on the
    continuous scale."""
    if options.imps is ImpForm.STEPS:
        return ImpSums(scores, options.imp_gaps, options.imp_cap)
    cap = options.imp_cap

    def total(x: int) -> Points:
        return sum((imp_value(x - v, ImpForm.CONTINUOUS, cap=cap) for v in scores), Fraction(0))

    return total


def _listed_scores(
    trace: Trace | None, field: _field_layout.Field, scores: Sequence[int]
) -> set[int]:
    """The scores whose every comparison is listed: those of the tables
    the trace lists terms at (one participant's, asked for)."""
    if trace is None or trace.terms_for is None:
        return set()
    results = (field.tables[position].result for position in field.real)
    return {
        score for score, result in zip(scores, results, strict=True) if trace.lists_terms(result)
    }


class Comparisons:
    """A score's comparisons with the other real results, summarised:
    how many it won, lost and drew (by the difference that is worth an
    IMP, :func:`first_imp`), and the largest each way (against the lowest
    and the highest other score), in time that does not grow with the
    field (bisections of the board's scores, sorted once)."""

    def __init__(self, ordered: Sequence[int], score: int, options: CrossImpsOptions) -> None:
        self.score = score
        self.count = len(ordered) - 1
        # On the continuous scale every difference is worth some IMPs.
        step = first_imp(options.imp_gaps, options.imp_cap) if options.imps is ImpForm.STEPS else 1
        if step is None:
            self.won = self.lost = 0
        else:
            self.won = bisect.bisect_right(ordered, score - step)
            self.lost = len(ordered) - bisect.bisect_left(ordered, score + step)
        self.level = self.count - self.won - self.lost
        # One table with this score is this one: the extremes of the others.
        self.lowest = ordered[1] if ordered[0] == score and self.count else ordered[0]
        self.highest = ordered[-2] if ordered[-1] == score and self.count else ordered[-1]
        self.best = _imps(score - self.lowest, options)
        self.worst = _imps(score - self.highest, options)


def _imps(difference: int, options: CrossImpsOptions) -> Points:
    return imp_value(difference, options.imps, options.imp_gaps, options.imp_cap)


def _trace_each(trace: Trace, score: int, scores: Sequence[int], options: CrossImpsOptions) -> None:
    """Each comparison of ``score`` with the other real results."""
    others = list(scores)
    others.remove(score)  # itself, once: an equal score at another table is compared
    for other in others:
        won = _imps(score - other, options)
        trace.for_score(
            score,
            f"v {other}: {score - other:+d}, {signed(won)} IMPs",
            other=other,
            difference=score - other,
            imps=number(won),
        )


def _trace_score(
    trace: Trace,
    c: Comparisons,
    total: Points,
    points: Fraction,
    options: CrossImpsOptions,
) -> None:
    """The comparisons of a score summarised, then the sum (as the scoring
    computed it) and its divisor."""
    if c.count:
        trace.for_score(
            c.score,
            f"{c.count} comparisons: {c.won} won, {c.lost} lost, {c.level} level; "
            f"best v {c.lowest}: {signed(c.best)} IMPs, worst v {c.highest}: "
            f"{signed(c.worst)} IMPs",
            comparisons=c.count,
            won=c.won,
            lost=c.lost,
            level=c.level,
            best=[c.lowest, number(c.best)],
            worst=[c.highest, number(c.worst)],
        )
    normalise = options.normalise
    shared = ""
    divisor: int | float = 1
    if normalise is not Normalise.TOTAL and c.count:
        shared = f" / {divisor_text(c.count, normalise)} = {shown(points)}"
        r = c.count + 1
        divisor = {Normalise.AVERAGE: c.count, Normalise.RESULTS: r}.get(
            normalise, math.sqrt(2 * r * c.count)
        )
    trace.for_score(
        c.score,
        f"sum of {c.count} comparisons: {signed(total)}{shared}",
        sum=number(total),
        divisor=divisor,
        points=number(points),
    )
