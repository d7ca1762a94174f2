"""Cross-IMPs: each real result IMPed against every other real result of its
field. On a teams event the field is every table of the session that played
the board, across all matches.

The sum for a score comes from :class:`pbnscore.imps.ImpSums` (sorted scores,
bisection over the IMP thresholds, memoised by distinct score), never from
comparing all pairs: a board of 2,000 results costs 2,000 small queries, not
4 million comparisons.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Mapping, Sequence
from fractions import Fraction
from typing import ClassVar

import attrs

from pbnscore.explain import Trace, number, shown
from pbnscore.imps import ImpSums, imps
from pbnscore.model import EventKind, PointsStyle
from pbnscore.strategies import _base, _fields


class Normalise(enum.Enum):
    AVERAGE = "average"  # the sum over the other real results / their number
    TOTAL = "total"  # the plain sum


# Real programs' cross-IMP conventions (README "Presets" gives each source).
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
    normalise: Normalise = _base.option(
        Normalise.AVERAGE,
        "average: sum over the other results / their number; total: the plain sum",
        choices=[n.value for n in Normalise],
        converter=Normalise,
    )
    preset: str | None = _base.preset_option(PRESETS)


class CrossImps(_fields.FieldMethod):
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
        self, field: _fields.Field, options: CrossImpsOptions, trace: Trace | None = None
    ) -> _fields.FieldScore:
        def real_points(scores: Sequence[int]) -> Iterable[_fields.SidePoints]:
            # IMP(s - s) = 0: a score compared with itself adds nothing.
            sums = ImpSums(scores, options.imp_gaps, options.imp_cap)
            # A lone real result has nothing to be compared with: 0 (not 0/0).
            others = max(len(scores) - 1, 1)
            memo: dict[int, _fields.SidePoints] = {}
            for score in scores:
                if score not in memo:
                    points = Fraction(sums(score))
                    if options.normalise is Normalise.AVERAGE:
                        points /= others
                    memo[score] = (points, -points)
                    if trace is not None:
                        _trace_score(trace, score, scores, sums(score), points, options)
                yield memo[score]

        return _fields.score_tables(field, real_points, options.artificial_imps)


def _trace_score(
    trace: Trace,
    score: int,
    scores: Sequence[int],
    total: int,
    points: Fraction,
    options: CrossImpsOptions,
) -> None:
    """Each comparison of ``score`` with the other real results, then the
    sum (as the scoring computed it) and its divisor."""
    others = list(scores)
    others.remove(score)  # itself, once: an equal score at another table is compared
    for other in others:
        won = imps(score - other, options.imp_gaps, options.imp_cap)
        trace.for_score(
            score,
            f"v {other}: {score - other:+d}, {won:+d} IMPs",
            other=other,
            difference=score - other,
            imps=won,
        )
    divided = ""
    if options.normalise is Normalise.AVERAGE:
        divided = f" / {max(len(others), 1)} other results = {shown(points)}"
    trace.for_score(
        score,
        f"sum of {len(others)} comparisons: {total:+d}{divided}",
        sum=total,
        divisor=max(len(others), 1) if options.normalise is Normalise.AVERAGE else 1,
        points=number(points),
    )
