"""Slow, obviously right references for every scoring method.

Each works on one board's tables given as specs (see ``model_events``): an int
score, an Adjusted, or None for not played. They follow the definitions' words
(docs/reference/methods.md "Definitions") literally (scan every par, sort
and slice, compare every pair of results, enumerate every term) and share
no code with ``pbnscore.strategies``.
"""

from __future__ import annotations

import functools
import itertools
import math
from collections.abc import Callable, Hashable, Sequence
from decimal import ROUND_HALF_DOWN, ROUND_HALF_EVEN, ROUND_HALF_UP, Decimal, localcontext
from fractions import Fraction
from typing import Any

from pbnscore.model import Adjusted, AdjustedKind

# Law 78B, row by row: (lowest difference, highest difference, IMPs).
LAW_78B = (
    (0, 10, 0), (20, 40, 1), (50, 80, 2), (90, 120, 3), (130, 160, 4), (170, 210, 5),
    (220, 260, 6), (270, 310, 7), (320, 360, 8), (370, 420, 9), (430, 490, 10),
    (500, 590, 11), (600, 740, 12), (750, 890, 13), (900, 1090, 14), (1100, 1290, 15),
    (1300, 1490, 16), (1500, 1740, 17), (1750, 1990, 18), (2000, 2240, 19),
    (2250, 2490, 20), (2500, 2990, 21), (3000, 3490, 22), (3500, 3990, 23),
    (4000, math.inf, 24),
)  # fmt: skip


# Cached: a scan over every par looks the same differences up again and again.
@functools.cache
def imp(
    difference: int | Fraction,
    gaps: str = "lower",
    cap: int | None = None,
    k: float = 1,
) -> int:
    """IMPs by looking the difference up in the Law's rows, each end times
    ``k``; between two rows the row below (lower) or above (upper); then no
    more than ``cap`` either way."""
    size = abs(difference)
    sign = -1 if difference < 0 else 1
    for index, (low, high, value) in enumerate(LAW_78B):
        if k * low <= size <= k * high:  # type: ignore[operator]
            return sign * capped(value, cap)
        if k * high < size < k * LAW_78B[index + 1][0]:  # type: ignore[operator]
            if gaps == "strict":
                raise ValueError(f"{size} is between two rows")
            return sign * capped(value if gaps == "lower" else value + 1, cap)
    raise AssertionError("unreachable")


def capped(value: int, cap: int | None) -> int:
    return value if cap is None else min(value, cap)


def real(specs: Sequence[object]) -> list[int]:
    return [s for s in specs if isinstance(s, int)]


def artificial(spec: object, imps_for_plus: Fraction) -> tuple[Fraction | None, Fraction | None]:
    """Law 12C2 artificial IMPs for an adjusted table; nothing for not played."""
    if not isinstance(spec, Adjusted):
        return None, None
    value = {
        AdjustedKind.AVERAGE_PLUS: imps_for_plus,
        AdjustedKind.AVERAGE: Fraction(0),
        AdjustedKind.AVERAGE_MINUS: -imps_for_plus,
    }
    return value[spec.ns], value[spec.ew]


# -- Butler -----------------------------------------------------------------------


def zero_sum_scan(
    scores: Sequence[int], factor: int = 1, gaps: str = "lower", cap: int | None = None
) -> int:
    """Try every multiple of 10 from far below to far above the scores (and
    0): the par with the smallest |sum|, then the one closest to 0."""
    return _zero_sum_scan(tuple(scores), factor, gaps, cap)


# Cached: zero_sum_shown scans again what its caller has just scanned, and
# property tests drawing from the same strategies draw the same boards.
@functools.cache
def _zero_sum_scan(scores: tuple[int, ...], factor: int, gaps: str, cap: int | None) -> int:
    low = min(min(scores) - 4010, 0)
    high = max(max(scores) + 4010, 0)
    candidates = range(low - low % 10, high + 10, 10)
    return min(
        candidates,
        key=lambda p: (abs(sum(imp(factor * (s - p), gaps, cap) for s in scores)), abs(p), p),
    )


def zero_sum_shown(
    scores: Sequence[int], factor: int = 1, gaps: str = "lower", cap: int | None = None
) -> int:
    """The datum shown for the scan's par: walk out from it 10 at a time
    while no score's IMPs change, then take the middle of that run (of two
    middles, the one closer to 0)."""
    par = zero_sum_scan(scores, factor, gaps, cap)

    def imps_at(p: int) -> list[int]:
        return [imp(factor * (s - p), gaps, cap) for s in scores]

    first = last = par
    while imps_at(first - 10) == imps_at(par) and first > min(scores) - 4010:
        first -= 10
    while imps_at(last + 10) == imps_at(par) and last < max(scores) + 4010:
        last += 10
    run = list(range(first, last + 10, 10))
    middles = {run[(len(run) - 1) // 2], run[len(run) // 2]}
    return min(middles, key=lambda p: (abs(p), p))


_MODES = {"half-away": ROUND_HALF_UP, "half-even": ROUND_HALF_EVEN}


def round_to_ten(mean: Fraction, rounding: str) -> Fraction:
    """Decimal's quantize on the mean in tens: ROUND_HALF_UP is Decimal's
    half away from zero; 'half-up' (towards +infinity) is half away above
    zero and half towards zero below it."""
    if rounding == "none":
        return mean
    with localcontext() as context:
        context.prec = 60
        tens = Decimal(mean.numerator) / Decimal(mean.denominator) / 10
        if rounding == "half-up":
            mode = ROUND_HALF_UP if tens >= 0 else ROUND_HALF_DOWN
        else:
            mode = _MODES[rounding]
        return Fraction(int(tens.quantize(Decimal(1), rounding=mode)) * 10)


def drop_count(drop: int | str, n: int, rounding: str = "up", smallest: int = 1) -> int:
    """Scores dropped at each end of n by a count, ``P%``, ``A/B`` or a named
    rule, from each rule's published words (docs/reference/conventions.md
    "Drop rules"); none below ``smallest`` scores; a share counted up, down
    or to the nearest whole score by walking the counts."""
    if n < smallest:
        return 0
    if isinstance(drop, str) and ("%" in drop or "/" in drop):
        share = Fraction(drop[:-1]) / 100 * n if drop.endswith("%") else Fraction(drop) * n
        if rounding == "down":
            return max(k for k in range(n + 1) if k <= share)
        if rounding == "nearest":
            return min(range(n + 1), key=lambda k: (abs(k - share), -k))
        return next(k for k in itertools.count() if k >= share)  # the ceiling
    if isinstance(drop, int) or drop.isdigit():
        return int(drop)
    if drop.endswith("%"):
        share = Fraction(drop[:-1]) / 100 * n
        return next(k for k in itertools.count() if k >= share)  # the ceiling
    if drop == "acbl":
        return drop_count("5%", n)
    if drop == "bridgewx":
        return (n * 10 + 90) // 100 if n > 5 else 0  # calcscore.cpp's removeCount
    assert drop == "bridge-scorer"
    return math.ceil((n - 10) / 15) + 1 if n > 3 else 0  # lib/imps.js


def trimmed_mean(scores: Sequence[int], drop: int | str, rounding: str) -> Fraction:
    ordered = sorted(scores)
    drop = drop_count(drop, len(ordered))
    while drop and len(ordered) - 2 * drop < 1:
        drop -= 1
    kept = ordered[drop : len(ordered) - drop] if drop else ordered
    return round_to_ten(Fraction(sum(kept), len(kept)), rounding)


def median(scores: Sequence[int], rounding: str, middle: str = "mean") -> Fraction:
    """The middle score; of an even count the mean of the two middle ones,
    rounded, or (ASE Scorer's halfway Butler) the one reached counting halfway
    from the top (``upper``: the 5th highest of 10) or the bottom (``lower``:
    the 6th highest of 10)."""
    ordered = sorted(scores)
    n = len(ordered)
    if n % 2:
        return Fraction(ordered[n // 2])
    highest_first = ordered[::-1]
    if middle == "upper":
        return Fraction(highest_first[n // 2 - 1])
    if middle == "lower":
        return Fraction(highest_first[n // 2])
    return round_to_ten(Fraction(ordered[n // 2 - 1] + ordered[n // 2], 2), rounding)


def butler(
    specs: Sequence[object],
    *,
    datum: str = "zero-sum",
    drop: int | str = 1,
    rounding: str = "half-away",
    median_middle: str = "mean",
    double: bool = False,
    halve: bool = False,
    gaps: str = "lower",
    artificial_imps: Fraction = Fraction(3),
    cap: int | None = None,
) -> tuple[Fraction | None, list[tuple[Fraction | None, Fraction | None]]]:
    """(datum, [(NS, EW) points per table])."""
    scores = real(specs)
    factor = 2 if double else 1
    value: Fraction | None = None
    if scores:
        if datum == "zero-sum":
            value = Fraction(zero_sum_shown(scores, factor, gaps, cap))
        elif datum == "trimmed-mean":
            value = trimmed_mean(scores, drop, rounding)
        elif datum == "mean":
            value = trimmed_mean(scores, 0, rounding)
        else:
            value = median(scores, rounding, median_middle)
    points = []
    for spec in specs:
        if isinstance(spec, int):
            assert value is not None
            ns = Fraction(imp(factor * (spec - value), gaps, cap))
            ns = ns / 2 if halve else ns
            points.append((ns, -ns))
        else:
            points.append(artificial(spec, artificial_imps))
    return value, points


# -- cross-IMPs -----------------------------------------------------------------


def cross_imps(
    specs: Sequence[object],
    normalise: str = "average",
    gaps: str = "lower",
    artificial_imps: Fraction = Fraction(3),
    cap: int | None = None,
) -> list[tuple[Fraction | None, Fraction | None]]:
    """Every real result against every other, one pair at a time, each
    comparison capped at ``cap``."""
    points = []
    for i, spec in enumerate(specs):
        if not isinstance(spec, int):
            points.append(artificial(spec, artificial_imps))
            continue
        others = [o for j, o in enumerate(specs) if j != i and isinstance(o, int)]
        total = Fraction(sum(imp(spec - o, gaps, cap) for o in others))
        c, r = len(others), len(others) + 1
        if others and normalise == "average":
            total /= c
        elif others and normalise == "results":
            total /= r
        elif others and normalise == "sqrt-2rc":
            with localcontext() as context:
                context.prec = 60
                total = _hundredth_half_away(Decimal(int(total)) / Decimal(2 * r * c).sqrt())
        points.append((total, -total))
    return points


def _hundredth_half_away(value: Decimal) -> Fraction:
    """Decimal's ROUND_HALF_UP (half away from zero) to two places, at 60 digits."""
    return Fraction(value.quantize(Decimal("0.01"), rounding=ROUND_HALF_UP))


# -- barking --------------------------------------------------------------------


def barking_terms(scores: Sequence[int], a: int, cap: int | None = None) -> list[int]:
    """Every term for the NS pair at table a, by enumeration."""
    others = [t for t in range(len(scores)) if t != a]
    terms = []
    for b in others:
        rest = [t for t in others if t != b]
        for k, m in itertools.combinations(rest, 2):
            terms.append(imp(scores[a] + scores[b] - scores[k] - scores[m], cap=cap))
    return terms


def barking(
    specs: Sequence[object],
    normalise: str = "match",
    artificial_imps: Fraction = Fraction(3),
    cap: int | None = None,
) -> list[tuple[Fraction | None, Fraction | None]]:
    """Adjusted and not-played tables leave the field; under four real
    tables the board is not scored."""
    scores = real(specs)
    positions = [i for i, s in enumerate(specs) if isinstance(s, int)]
    points: list[tuple[Fraction | None, Fraction | None]] = [
        artificial(s, artificial_imps) for s in specs
    ]
    for index, position in enumerate(positions):
        if len(scores) < 4:
            continue
        terms = barking_terms(scores, index, cap)
        total = Fraction(sum(terms))
        if normalise == "match":
            total = total * 3 / len(terms)
        points[position] = (total, -total)
    return points


# -- aggregate -------------------------------------------------------------------


def aggregate_board(
    specs: Sequence[object],
    home_ns: Sequence[bool],
    artificial_imps: Fraction = Fraction(3),
    *,
    k: float = 1,
    paired: bool = False,
    cap: int | None = None,
) -> tuple[Fraction, Fraction] | None:
    """(home IMPs, away IMPs) for one match board; None when not played.
    ``paired``: tables 1-2, 3-4 ... each IMPed as a teams-of-four match and
    the IMPs added; ``k``: the IMP scale's row ends times k."""
    if any(isinstance(s, Adjusted) for s in specs):
        home = away = Fraction(0)
        for spec, ns in zip(specs, home_ns, strict=True):
            if isinstance(spec, Adjusted):
                ns_points, ew_points = artificial(spec, artificial_imps)
                assert ns_points is not None and ew_points is not None
                home += ns_points if ns else ew_points
                away += ew_points if ns else ns_points
        return home, away
    if not specs or any(s is None for s in specs):
        return None
    signed = [s if ns else -s for s, ns in zip(specs, home_ns, strict=True)]  # type: ignore[operator]
    halves = [signed[i : i + 2] for i in range(0, len(signed), 2)] if paired else [signed]
    net = Fraction(sum(imp(sum(half), cap=cap, k=k) for half in halves))  # type: ignore[arg-type, misc]
    return net, -net


def gained_and_lost(
    board_imps: Sequence[Fraction], rate: Fraction = Fraction(1)
) -> tuple[Fraction, Fraction]:
    """One team's match IMPs from its own side: the boards it gained on
    added, the boards it lost on added (as positive numbers), each times
    the --factor rate."""
    gained = lost = Fraction(0)
    for imps in board_imps:
        if imps > 0:
            gained += imps
        if imps < 0:
            lost += -imps
    return gained * rate, lost * rate


# -- VP scales ---------------------------------------------------------------------


def vps_from_rows(rows: Sequence[tuple[int, Fraction, Fraction]], margin: int) -> Fraction:
    """The home team's VPs from (min_imps, winner, loser) rows: the last row
    whose min_imps the margin's size reaches, read from the side it won."""
    size = abs(margin)
    row = [r for r in rows if r[0] <= size][-1]
    return row[1] if margin >= 0 else row[2]


def factored(total: Fraction, played: int, most: int) -> Fraction:
    """A total scaled up to the most boards played in its group."""
    return total * most / played if played else total


# -- De Wael's continuous ("Bastille") IMP scale -----------------------------------


def continuous_imp(difference: int | Fraction, cap: int | None = None) -> Fraction:
    """The continuous scale from its definition, not its formulas: the
    points where one Law 78B row meets the next (the middle of each gap,
    15, 45 ..., worth the half-way value 0.5, 1.5 ...) and 0 at 0, joined
    by straight lines; past the last such point (3995) the last line goes
    on. Then no more than ``cap`` either way."""
    knots = [(Fraction(0), Fraction(0))]
    for (_, high, value), (low, _, _) in itertools.pairwise(LAW_78B):
        knots.append((Fraction(int(high) + low, 2), value + Fraction(1, 2)))
    size = abs(Fraction(difference))
    # The line through the two knots either side of size (the last two past the end).
    right = next((i for i, (x, _) in enumerate(knots) if size <= x), len(knots) - 1)
    (x0, y0), (x1, y1) = knots[max(right, 1) - 1], knots[max(right, 1)]
    won = y0 + (y1 - y0) * (size - x0) / (x1 - x0)
    if cap is not None:
        won = min(won, Fraction(cap))
    return -won if difference < 0 else won


def continuous_butler(
    scores: Sequence[int], datum: Fraction, cap: int | None = None
) -> list[Fraction]:
    """Each score's NS points against ``datum`` on the continuous scale."""
    return [continuous_imp(s - datum, cap) for s in scores]


def continuous_cross_imps(scores: Sequence[int], cap: int | None = None) -> list[Fraction]:
    """Each score against every other, on the continuous scale, averaged
    over the comparisons (0 for a lone result)."""
    points = []
    for i, score in enumerate(scores):
        others = [o for j, o in enumerate(scores) if j != i]
        total = sum((continuous_imp(score - o, cap) for o in others), Fraction(0))
        points.append(total / len(others) if others else Fraction(0))
    return points


def continuous_barking(scores: Sequence[int], cap: int | None = None) -> list[Fraction]:
    """Barking's every term enumerated on the continuous scale, × 3 / terms."""
    points = []
    for a in range(len(scores)):
        others = [t for t in range(len(scores)) if t != a]
        terms = [
            continuous_imp(scores[a] + scores[b] - scores[k] - scores[m], cap)
            for b in others
            for k, m in itertools.combinations([t for t in others if t != b], 2)
        ]
        points.append(sum(terms, Fraction(0)) * 3 / len(terms))
    return points


# -- normalised Butler -------------------------------------------------------------


def normalised_butler(
    boards: Sequence[Sequence[object]],
    seats: Callable[[int, int], tuple[tuple[Hashable, ...], tuple[Hashable, ...]]],
    *,
    cutoff: Fraction = Fraction(32),
    rate: Fraction = Fraction(1, 10),
    share: Fraction = Fraction(1, 2),
    per_board: bool = False,
    **butler_options: Any,
) -> dict[Hashable, Fraction]:
    """Each participant's normalised Butler total, from the definition's
    words (docs/reference/conventions.md "Normalised Butler"): ``boards[b]``
    is board b + 1's specs, ``seats(number, table)`` who sat NS and who EW
    there (a pair each way, or two players; one session). A segment is one's
    points against the same opponents, whichever seats they took; its sum
    beyond ``cutoff`` (``per_board``: its mean a board beyond ``cutoff``)
    counts at ``rate``; ``share`` of the opponents' mean
    plain Butler per board is added for each of its boards; the segments are
    summed."""
    segment: dict[tuple[Hashable, frozenset[Hashable]], list[Fraction]] = {}
    for number, specs in enumerate(boards, start=1):
        _, points = butler(specs, **butler_options)
        for table, (ns_points, ew_points) in enumerate(points):
            ns, ew = seats(number, table)
            for sitting, against, side in ((ns, ew, ns_points), (ew, ns, ew_points)):
                if side is not None:
                    for who in sitting:
                        segment.setdefault((who, frozenset(against)), []).append(side)
    everything: dict[Hashable, list[Fraction]] = {}
    for (who, _), got in segment.items():
        everything.setdefault(who, []).extend(got)
    totals: dict[Hashable, Fraction] = {}
    for (who, met), got in segment.items():
        raw = sum(got, Fraction(0))
        if per_board:  # the definition's words: to IMPs a board, capped, and back
            mean = raw / len(got)
            if mean > cutoff:
                mean = cutoff + rate * (mean - cutoff)
            elif mean < -cutoff:
                mean = -(cutoff + rate * (-mean - cutoff))
            raw = mean * len(got)
        elif raw > cutoff:
            raw = cutoff + rate * (raw - cutoff)
        elif raw < -cutoff:
            raw = -(cutoff + rate * (-raw - cutoff))
        averages = [sum(everything[one], Fraction(0)) / len(everything[one]) for one in met]
        average = sum(averages, Fraction(0)) / len(averages)
        totals[who] = totals.get(who, Fraction(0)) + raw + share * average * len(got)
    return totals


# -- weighted and split assigned scores (Law 12C1) ---------------------------------


def assigned_points(
    parts_ns: Sequence[tuple[Fraction, int]],
    parts_ew: Sequence[tuple[Fraction, int]],
    points: object,
) -> tuple[Fraction, Fraction]:
    """(NS, EW) of an assigned score: each side's parts scored by
    ``points(s)`` (a table with NS score s against the field), weighted;
    EW's negated."""
    score = points  # a callable: NS score -> NS points
    ns = sum((w * score(s) for w, s in parts_ns), Fraction(0))  # type: ignore[operator]
    ew = -sum((w * score(s) for w, s in parts_ew), Fraction(0))  # type: ignore[operator]
    return ns, ew


def cross_imps_of_outsider(scores: Sequence[int], s: int) -> Fraction:
    """A score not in the field against every real result, averaged over them."""
    return Fraction(sum(imp(s - v) for v in scores), len(scores))


def barking_of_outsider(scores: Sequence[int], s: int) -> Fraction:
    """Every term of a table scored s outside the field: each real b and each
    pair {k, l} of the other real tables; × 3 / terms."""
    terms = [
        imp(s + scores[b] - scores[k] - scores[m])
        for b in range(len(scores))
        for k, m in itertools.combinations([t for t in range(len(scores)) if t != b], 2)
    ]
    return Fraction(sum(terms)) * 3 / len(terms)
