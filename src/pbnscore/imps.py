"""The IMP scale (WBF Law 78B) and the WBF 2013 continuous VP scale."""

from __future__ import annotations

import bisect
import enum
import math
from collections.abc import Iterable
from fractions import Fraction
from functools import lru_cache

from pbnscore.errors import ScoringError

# Law 78B as lower bounds: a difference of at least THRESHOLDS[i] points is
# worth i + 1 IMPs. The Law's ranges are 0-10, 20-40, ..., 3500-3990, 4000+.
THRESHOLDS: tuple[int, ...] = (
    20, 50, 90, 130, 170, 220, 270, 320, 370, 430, 500, 600,
    750, 900, 1100, 1300, 1500, 1750, 2000, 2250, 2500, 3000, 3500, 4000,
)  # fmt: skip

MAX_IMPS = len(THRESHOLDS)  # 24


class ImpGaps(enum.Enum):
    """How a difference that falls between two rows of the Law 78B table
    (15, 45, 85 ...; the Law lists only multiples of 10) is scored."""

    LOWER = "lower"  # the row below: 15 -> 0, 45 -> 1
    UPPER = "upper"  # the row above: 15 -> 1, 45 -> 2
    STRICT = "strict"  # an error


Number = int | Fraction


def imps(difference: Number, gaps: ImpGaps = ImpGaps.LOWER) -> int:
    """IMPs for a points ``difference`` (Law 78B); IMP(-d) = -IMP(d)."""
    size = -difference if difference < 0 else difference
    below = bisect.bisect_right(THRESHOLDS, size)  # rows whose lower bound <= size
    if below < MAX_IMPS and size > THRESHOLDS[below] - 10:
        # Strictly between the top of row `below` (threshold - 10) and the next row.
        if gaps is ImpGaps.STRICT:
            raise ScoringError(
                f"a difference of {float(size):g} falls between two rows of the IMP scale "
                "(use --imp-gaps lower or upper)"
            )
        if gaps is ImpGaps.UPPER:
            below += 1
    return -below if difference < 0 else below


class ImpSums:
    """Sum of IMP(x - v) over a fixed multiset of values v, for many x.

    The values are sorted once; a query counts, for each Law 78B threshold t,
    how many values lie at least t below x and at least t above it (two
    bisections), so it costs O(24 log n) rather than O(n) comparisons. Answers
    are memoised by x: a board has few distinct scores. The gap policy is the
    one :func:`imps` applies to each difference.
    """

    def __init__(self, values: Iterable[Number], gaps: ImpGaps = ImpGaps.LOWER) -> None:
        self.values: list[Number] = sorted(values)
        self.gaps = gaps
        self._memo: dict[Number, int] = {}

    def __call__(self, x: Number) -> int:
        total = self._memo.get(x)
        if total is None:
            if self.gaps is ImpGaps.STRICT:
                self._check_gaps(x)
            total = self._memo[x] = self._sum(x)
        return total

    def _sum(self, x: Number) -> int:
        values, count = self.values, len(self.values)
        # ImpGaps.UPPER scores a difference d at row i when d > t_i - 10;
        # LOWER (and STRICT, whose gaps were ruled out above) when d >= t_i.
        upper = self.gaps is ImpGaps.UPPER
        total = 0
        for threshold in THRESHOLDS:
            if upper:
                above = bisect.bisect_left(values, x - threshold + 10)  # x - v > t - 10
                below = count - bisect.bisect_right(values, x + threshold - 10)  # v - x > t - 10
            else:
                above = bisect.bisect_right(values, x - threshold)  # x - v >= t
                below = count - bisect.bisect_left(values, x + threshold)  # v - x >= t
            if not above and not below:
                break  # no difference reaches this row, nor any higher one
            total += above - below
        return total

    def _check_gaps(self, x: Number) -> None:
        """Raise (through :func:`imps`) if some |x - v| falls between two rows."""
        values = self.values
        for threshold in THRESHOLDS:
            for low in (x - threshold, x + threshold - 10):  # v in (low, low + 10)
                start = bisect.bisect_right(values, low)
                if start < len(values) and values[start] < low + 10:
                    imps(x - values[start], ImpGaps.STRICT)


# -- Victory points ----------------------------------------------------------

_TAU = (math.sqrt(5) - 1) / 2
_R = _TAU**3


@lru_cache(maxsize=64)
def wbf_vp_table(boards: int) -> tuple[Fraction, ...]:
    """The winner's VPs for IMP margins 0, 1, 2 ... on the WBF 2013 continuous
    20-VP scale for a match of ``boards`` boards, to 2 dp, after the WBF's
    concavity correction (each step no larger than the one before).

    VP = 10 + 10 (1 - r^(M/B)) / (1 - r), r = tau^3, B = 15 sqrt(N), capped at 20.
    """
    if boards < 1:
        raise ScoringError("a match needs at least one board for a VP scale")
    blitz = 15 * math.sqrt(boards)
    cents: list[int] = []
    margin = 0
    while True:
        vp = min(20.0, 10 + 10 * (1 - _R ** (margin / blitz)) / (1 - _R))
        cents.append(math.floor(vp * 100 + 0.5))
        if cents[-1] >= 2000:
            break
        margin += 1
    _make_concave(cents)
    return tuple(Fraction(c, 100) for c in cents)


def _make_concave(cents: list[int]) -> None:
    """WBF correction: rounding can make a step larger than the step before;
    where it does, move the earlier value up by 0.01 until every step is no
    larger than its predecessor (the scale stays concave and never decreasing)."""
    changed = True
    while changed:
        changed = False
        for i in range(1, len(cents) - 1):
            if cents[i + 1] - cents[i] > cents[i] - cents[i - 1]:
                cents[i] += 1
                changed = True


def wbf_vps(margin: Number, boards: int) -> tuple[Fraction, Fraction]:
    """(home VPs, away VPs) for a match won by ``margin`` IMPs (negative: lost)."""
    table = wbf_vp_table(boards)
    size = -margin if margin < 0 else margin
    # Fractional margins (halved IMPs) take the row below, like the IMP scale.
    winner = table[min(math.floor(size), len(table) - 1)]
    loser = 20 - winner
    return (winner, loser) if margin >= 0 else (loser, winner)
