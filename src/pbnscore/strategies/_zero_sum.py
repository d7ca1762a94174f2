"""Barker's zero-sum par, the default Butler datum (docs/reference/methods.md
"Definitions"): the multiple of 10 P at which the IMPs of every real score
against P sum to zero, else the P with the smallest |sum|, ties to the P
closest to 0; and the run of pars around it over which no score's IMPs
change. The sum never increases as P grows, so P is found by a search over
IMP tables (:class:`_TabledSums`) or, for strict gaps, by probing
(:class:`_ProbedSums`)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from functools import lru_cache
from typing import TYPE_CHECKING

from pbnscore.imps import ImpGaps, ImpRow, ImpSums, imps

if TYPE_CHECKING:
    from pbnscore.explanation import Trace


def zero_sum_par(
    scores: Sequence[int],
    factor: int = 1,
    gaps: ImpGaps = ImpGaps.LOWER,
    trace: Trace | None = None,
    *,
    cap: int | None = None,
) -> int:
    """The par P (a multiple of 10) with sum of IMP(factor * (score - P)) zero;
    where none is, the P with the smallest |sum|; ties to the P closest to 0.
    With ``cap`` each IMP is capped (the sum still never increases)."""
    return par_of(par_sums(scores, factor, gaps, cap), trace)


class _ParSums:
    """The sum of IMP(factor * (score - P)) over a board's real scores as a
    function of the par step j (P = 10 j), and what the zero-sum search asks
    of it. Every score's IMPs never rise as P grows, so neither does the sum,
    and the sum stays the same over a run of pars exactly when no score's
    IMPs change there."""

    def __init__(self, scores: Sequence[int], factor: int) -> None:
        self.factor = factor
        self.low, self.high = min(scores), max(scores)

    def total(self, step: int) -> int:
        """The sum at par 10 ``step``."""
        raise NotImplementedError

    def first_not_positive(self, lo: int, hi: int) -> int:
        """The smallest j in [lo, hi] whose sum is 0 or less (hi + 1 if none)."""
        raise NotImplementedError

    def run_start(self, step: int, lo: int, hi: int) -> int:
        """The first j of [lo, hi] in the run of ``step``'s sum (``step`` <= hi)."""
        raise NotImplementedError

    def run_end(self, step: int, hi: int) -> int:
        """The last j of [step, hi] in the run of ``step``'s sum."""
        raise NotImplementedError

    def run(self, step: int, lo: int, hi: int) -> tuple[int, int]:
        """The run of steps within [lo, hi] around ``step`` over which no
        score's IMPs change."""
        raise NotImplementedError


class _TabledSums(_ParSums):
    """The sum read from tables: a board has few distinct scores, each read
    at x = score // 10 - j from the shared :class:`ImpRow` of its last digit
    (IMP(10 f x + f (score % 10)), f the factor), times how many tables
    scored it. A run is where every distinct score's run (the row's) overlaps,
    so the search needs no binary chop for the runs' ends."""

    def __init__(self, scores: Sequence[int], factor: int, gaps: ImpGaps, cap: int | None):
        counts = Counter(scores)
        super().__init__(list(counts), factor)
        rows = imp_rows(factor, gaps, cap)
        # Where par step 0 falls in each distinct score's row (x + reach): step
        # j reads it at base - j, inside the table for j within ``inside``.
        reach = rows.reach
        self.terms = [
            (score // 10 + reach, count, rows[score % 10]) for score, count in counts.items()
        ]
        self.inside = (self.high // 10 - reach, self.low // 10 + reach)
        self.runs: list[tuple[int, int]] = []  # the runs found so far
        self.totals: dict[int, int] = {}

    def total(self, step: int) -> int:
        # Remembered: the search asks again for the sums either side of the turn.
        total = self.totals.get(step)
        if total is None:
            total = 0
            if self.inside[0] <= step <= self.inside[1]:
                for base, count, row in self.terms:
                    total += count * row.imps[base - step]
            else:
                for base, count, row in self.terms:
                    total += count * row.imps[clamped(base - step, row)]
            self.totals[step] = total
        return total

    def first_not_positive(self, lo: int, hi: int) -> int:
        # The sum turns between these, well within [lo, hi]: with P 20 or more
        # below every score, every difference is worth an IMP or more (the
        # sum is positive); with P at or above every score, none is worth
        # more than 0 (the sum is 0 or less). A binary chop as _first's.
        start = max(lo, (self.low - 20) // 10 + 1)
        stop = min(hi, -(-self.high // 10))
        while start <= stop:
            middle = (start + stop) // 2
            if self.total(middle) <= 0:
                stop = middle - 1
            else:
                start = middle + 1
        return start

    def run(self, step: int, lo: int, hi: int) -> tuple[int, int]:
        for first, last in self.runs:
            if first <= step <= last:
                break
        else:
            first, last = self._run(step)
            self.runs.append((first, last))
        return max(lo, first), min(hi, last)

    def _run(self, step: int) -> tuple[int, int]:
        inside = self.inside[0] <= step <= self.inside[1]
        return _run(self.terms, step, inside)

    def run_start(self, step: int, lo: int, hi: int) -> int:
        return self.run(step, lo, hi)[0]

    def run_end(self, step: int, hi: int) -> int:
        return self.run(step, step, hi)[1]


def _run(terms: list[tuple[int, int, ImpRow]], step: int, inside: bool) -> tuple[int, int]:
    """The run of par steps around ``step`` over which no term's IMPs
    change: where every distinct score's run (its row's) overlaps. A term
    is (the score's tens plus the rows' reach, its count, its row);
    ``inside``: every term's index for ``step`` is within its row."""
    first, last = -ImpRow.UNBOUNDED, ImpRow.UNBOUNDED
    for base, _, row in terms:
        at = base - step if inside else clamped(base - step, row)
        # The row's run [row.first, row.last] in x is [tens - last, tens - first] in j.
        tens = base - row.reach
        below, above = tens - row.last[at], tens - row.first[at]
        if below > first:
            first = below
        if above < last:
            last = above
    return first, last


def clamped(at: int, row: ImpRow) -> int:
    """An index into ``row``'s table: its ends stand for every x beyond."""
    top = 2 * row.reach
    return 0 if at < 0 else top if at > top else at


class _Rows(dict[int, ImpRow]):
    """The ImpRow of each last digit of a score, made when first needed."""

    def __init__(self, factor: int, gaps: ImpGaps, cap: int | None) -> None:
        super().__init__()
        self.factor, self.gaps, self.cap = factor, gaps, cap
        self.reach = self[0].reach  # every digit's (an offset below the step)

    def __missing__(self, digit: int) -> ImpRow:
        # Kept here for the life of the cached _Rows (imp_rows): no cache of its own.
        row = self[digit] = ImpRow(10 * self.factor, self.factor * digit, self.gaps, self.cap)
        return row


@lru_cache(maxsize=16)
def imp_rows(factor: int, gaps: ImpGaps, cap: int | None) -> _Rows:
    return _Rows(factor, gaps, cap)


class _ProbedSums(_ParSums):
    """The sum worked out at each par the search tries, through
    :class:`ImpSums`, runs found by binary chops. Kept for --imp-gaps
    strict, which refuses a par as soon as one of its differences falls
    between two rows: the pars tried, and so which one is refused, stay
    those of the search before the tables."""

    def __init__(self, scores: Sequence[int], factor: int, gaps: ImpGaps, cap: int | None):
        super().__init__(scores, factor)
        self.gaps, self.cap = gaps, cap
        self.distinct = sorted(set(scores))
        # sum_i IMP(k (s_i - P)) = -sum_i IMP(kP - k s_i)
        self.sums = ImpSums([factor * s for s in scores], gaps, cap)

    def total(self, step: int) -> int:
        return -self.sums(self.factor * 10 * step)

    def first_not_positive(self, lo: int, hi: int) -> int:
        return _first(lo, hi, lambda j: self.total(j) <= 0)

    def run_start(self, step: int, lo: int, hi: int) -> int:
        value = self.total(step)
        return _first(lo, hi, lambda j: self.total(j) <= value)

    def run_end(self, step: int, hi: int) -> int:
        value = self.total(step)
        return _first(step, hi, lambda j: self.total(j) < value) - 1

    def run(self, step: int, lo: int, hi: int) -> tuple[int, int]:
        factor, gaps, cap = self.factor, self.gaps, self.cap
        at_par = [imps(factor * (s - 10 * step), gaps, cap) for s in self.distinct]

        def same(j: int) -> bool:
            now = (imps(factor * (s - 10 * j), gaps, cap) for s in self.distinct)
            return all(a == b for a, b in zip(now, at_par, strict=True))

        return _first(lo, step, same), _first(step, hi, lambda j: not same(j)) - 1


def par_sums(scores: Sequence[int], factor: int, gaps: ImpGaps, cap: int | None) -> _ParSums:
    if gaps is ImpGaps.STRICT:
        return _ProbedSums(scores, factor, gaps, cap)
    return _TabledSums(scores, factor, gaps, cap)


def tabled_datum(counts: dict[int, int], rows: _Rows) -> int:
    """The datum shown for a board whose real scores are ``counts``' keys,
    each scored by that many tables, on ``rows``' scale (not strict gaps):
    ``middle_par(*run_of(sums, par_of(sums)))`` for the scores'
    :class:`_TabledSums`, worked out in one go, without the objects (a
    board of a club night costs some 10 us less). Tests hold the two equal."""
    reach = rows.reach
    top = 2 * reach
    terms = [(score // 10 + reach, count, rows[score % 10]) for score, count in counts.items()]
    low, high = min(counts), max(counts)
    inside_low, inside_high = high // 10 - reach, low // 10 + reach
    totals: dict[int, int] = {}

    def total(step: int) -> int:
        found = totals.get(step)
        if found is None:
            found = 0
            if inside_low <= step <= inside_high:
                for base, count, row in terms:
                    found += count * row.imps[base - step]
            else:
                for base, count, row in terms:
                    at = base - step
                    found += count * row.imps[0 if at < 0 else top if at > top else at]
            totals[step] = found
        return found

    def run(step: int) -> tuple[int, int]:
        return _run(terms, step, inside_low <= step <= inside_high)

    # par_of, with _TabledSums' first_not_positive, run_start and run_end.
    lo = min(0, (low - 4000) // 10)
    hi = max(0, -((-high - 4000) // 10))
    start, stop = max(lo, (low - 20) // 10 + 1), min(hi, -(-high // 10))
    while start <= stop:
        middle = (start + stop) // 2
        if total(middle) <= 0:
            stop = middle - 1
        else:
            start = middle + 1
    right = total(start)
    right_run = run(start)
    right_range = (start, min(hi, right_run[1]))
    runs = [right_run]
    if right == 0:
        candidates = [right_range]
    else:
        left = total(start - 1)
        left_run = run(start - 1)
        runs.append(left_run)
        left_range = (max(lo, left_run[0]), start - 1)
        candidates = _smaller(left, right, left_range, right_range)
    step = _closest_step(candidates)
    # run_of at par 10 step: the run found above that holds it.
    par = 10 * step
    first, last = next(((a, b) for a, b in runs if a <= step <= b), None) or run(step)
    first = max((min(low, par) - 4010) // 10, first)
    last = min(-((-max(high, par) - 4010) // 10), last)
    return middle_par(10 * first, 10 * last)


def par_of(sums: _ParSums, trace: Trace | None = None) -> int:
    """:func:`zero_sum_par` on ``sums``. The sum never increases as P grows:
    the search finds where it turns 0 or negative, then the runs of pars
    either side of that."""
    # Beyond these every difference is 4000 or more: the sum is +-24 n. The
    # range takes in 0 so that a plateau running off either end still shows
    # the candidate closest to 0.
    lo = min(0, (sums.low - 4000) // 10)
    hi = max(0, -((-sums.high - 4000) // 10))
    first_not_positive = sums.first_not_positive(lo, hi)
    right = sums.total(first_not_positive)
    if right == 0:
        candidates = [(first_not_positive, sums.run_end(first_not_positive, hi))]
        sides = candidates
    else:
        left = sums.total(first_not_positive - 1)
        left_range = (sums.run_start(first_not_positive - 1, lo, hi), first_not_positive - 1)
        right_range = (first_not_positive, sums.run_end(first_not_positive, hi))
        candidates = _smaller(left, right, left_range, right_range)
        sides = [left_range, right_range]
    step = _closest_step(candidates)
    if trace is not None:
        _trace_par(trace, sums.total, step, sides, candidates, sums.factor)
    return 10 * step


def _smaller(
    left: int, right: int, left_range: tuple[int, int], right_range: tuple[int, int]
) -> list[tuple[int, int]]:
    """The run(s) either side of where the sum turns whose |sum| is the
    smaller (``left`` > 0 >= ``right``): both where the two are equal."""
    if left < -right:
        return [left_range]
    if -right < left:
        return [right_range]
    return [left_range, right_range]


def _closest_step(candidates: list[tuple[int, int]]) -> int:
    """Each run's step closest to 0, then the closer of the two (the
    negative where two are as close)."""
    closest = [min(max(0, a), b) for a, b in candidates]
    return closest[0] if len(closest) == 1 else min(closest, key=lambda j: (abs(j), j))


def _trace_par(
    trace: Trace,
    total: Callable[[int], int],
    step: int,
    sides: list[tuple[int, int]],
    candidates: list[tuple[int, int]],
    factor: int,
) -> None:
    """The zero-sum search's answer, in the terms of the
    zero-sum datum's definition (docs/reference/methods.md "Definitions"):
    ``sides`` the run of pars where the sum is 0, or the runs either side
    of 0 where it never is; ``candidates`` those with the smallest |sum|."""
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
        either = " and ".join(f"{total(a):+d} for P {_pars(10 * a, 10 * b)}" for a, b in sides)
        smaller = "both are as far from 0" if len(runs) > 1 else f"|{runs[0][2]:+d}| is smaller"
        why = f"no P makes the sum 0: it is {either}; {smaller}"
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


def run_around(
    scores: Sequence[int],
    par: int,
    factor: int = 1,
    gaps: ImpGaps = ImpGaps.LOWER,
    cap: int | None = None,
) -> tuple[int, int]:
    """(first, last): the run of multiples of 10 around ``par`` over which no
    score's IMPs change."""
    return run_of(par_sums(scores, factor, gaps, cap), par)


def run_of(sums: _ParSums, par: int) -> tuple[int, int]:
    # Past 4000 from every score the IMPs are all 24 and stop changing.
    lo = (min(sums.low, par) - 4010) // 10
    hi = -((-max(sums.high, par) - 4010) // 10)
    first, last = sums.run(par // 10, lo, hi)
    return 10 * first, 10 * last


def middle_par(first: int, last: int) -> int:
    low, high = 10 * ((first + last) // 20), 10 * (-(-(first + last) // 20))
    return min((low, high), key=lambda p: (abs(p), p))


def _pars(low: int, high: int) -> str:
    return f"= {low}" if low == high else f"from {low} to {high}"


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
