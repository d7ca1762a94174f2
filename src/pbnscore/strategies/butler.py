"""Butler: each pair is IMPed against a datum formed from its field's scores.

Datums (CONTRACT "Methods"): Barker's zero-sum par (default), the trimmed
mean, the mean, the median. Adjusted results and boards not played are left
out of the datum; adjusted sides get artificial IMPs.
"""

from __future__ import annotations

import enum
import math
from collections.abc import Callable, Iterable, Mapping, Sequence
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


class DropRule(enum.Enum):
    """Real programs' rules for how many scores a trimmed mean drops at each
    end of a field of n real scores (README "Drop rules")."""

    ACBL = "acbl"  # ACBLscore: 5% at each end (as --drop 5%)
    BRIDGEWX = "bridgewx"  # BridgeWx calcscore.cpp: ceil(n / 10), none when n <= 5
    BRIDGE_SCORER = "bridge-scorer"  # bridge-scorer lib/imps.js: ceil((n - 10) / 15) + 1 when n > 3


@attrs.frozen
class Drop:
    """How many scores a trimmed mean drops at each end: a count, a share of
    the field (``percent``: ceil(P/100 x n)) or a named rule. Each board uses
    its own field's n; :meth:`count` never leaves fewer than one score."""

    fixed: int | None = None
    percent: Fraction | None = None
    rule: DropRule | None = None

    def count(self, n: int) -> int:
        return min(self._wanted(n), (n - 1) // 2)

    def _wanted(self, n: int) -> int:
        if self.fixed is not None:
            return self.fixed
        if self.rule is DropRule.ACBL:
            return _ceil(Fraction(5, 100) * n)
        if self.rule is DropRule.BRIDGEWX:
            return _ceil(Fraction(n, 10)) if n > 5 else 0
        if self.rule is DropRule.BRIDGE_SCORER:
            return _ceil(Fraction(n - 10, 15)) + 1 if n > 3 else 0
        assert self.percent is not None
        return _ceil(self.percent / 100 * n)

    @property
    def value(self) -> int | str:
        """As the user writes it (JSON keeps a count a number)."""
        if self.fixed is not None:
            return self.fixed
        if self.rule is not None:
            return self.rule.value
        assert self.percent is not None
        return f"{_number(self.percent)}%"

    def __str__(self) -> str:
        return str(self.value)


def _ceil(value: Fraction) -> int:
    return -((-value.numerator) // value.denominator)


def _number(value: Fraction) -> str:
    return str(value.numerator) if value.denominator == 1 else f"{float(value):g}"


_DROP_HELP = "N, P% or one of " + ", ".join(r.value for r in DropRule)


def to_drop(value: object) -> Drop:
    """An option value for --drop: a Drop, a count (``1``, ``"2"``), a share
    (``"10%"``) or a rule's name (``"acbl"``)."""
    if isinstance(value, Drop):
        return value
    if isinstance(value, bool):
        raise ValueError(f"--drop takes {_DROP_HELP}, not {value!r}")
    if isinstance(value, int):
        return _fixed(value)
    text = str(value).strip().lower()
    try:
        if text.endswith("%"):
            percent = Fraction(text[:-1])
            if not 0 <= percent <= 100:
                raise ValueError
            return Drop(percent=percent)
        if text in {r.value for r in DropRule}:
            return Drop(rule=DropRule(text))
        return _fixed(int(text))
    except (ValueError, ZeroDivisionError):
        raise ValueError(f"--drop takes {_DROP_HELP}, not {value!r}") from None


def _fixed(count: int) -> Drop:
    if count < 0:
        raise ValueError(f"--drop takes a count of 0 or more, not {count}")
    return Drop(fixed=count)


_TRIMMED = "trimmed-mean"

# Real programs' Butler conventions (README "Presets" gives each source).
PRESETS = (
    _base.Preset(
        "compscore",
        {"datum": _TRIMMED, "drop": 1, "rounding": "half-away"},
        "Compscore3's USEBIO files: every datum and point reproduced",
    ),
    _base.Preset(
        "acbl",
        {"datum": _TRIMMED, "drop": "acbl", "rounding": "half-even"},
        "ACBLscore manual p.83, IMPs using computed datum",
    ),
    _base.Preset(
        "bridgewx",
        {"datum": _TRIMMED, "drop": "bridgewx", "rounding": "half-away"},
        "BridgeWx calcscore.cpp",
    ),
    _base.Preset(
        "bridge-scorer",
        {"datum": _TRIMMED, "drop": "bridge-scorer", "rounding": "half-up"},
        "bridge-scorer lib/imps.js",
    ),
    _base.Preset(
        "jfr", {"datum": "median", "rounding": "half-up"}, "JFR Pary, as the issue describes it"
    ),
    _base.Preset(
        "ebu",
        {"datum": _TRIMMED, "drop": 1, "rounding": "half-away"},
        "EBU White Book 4.2.4's Butler example (1 top and 1 bottom ignored)",
    ),
)


@attrs.frozen
class ButlerOptions(_base.SectionsOptions):
    datum: Datum = _base.option(
        Datum.ZERO_SUM,
        "how each board's datum is formed",
        choices=[d.value for d in Datum],
        converter=Datum,
    )
    drop: Drop = _base.option(
        Drop(fixed=1),
        f"scores dropped at each end for --datum trimmed-mean: {_DROP_HELP} "
        "(never leaving fewer than one)",
        applies=_base.applies_with("datum", Datum.TRIMMED_MEAN),
        converter=to_drop,
        metavar="N|P%|RULE",
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
    preset: str | None = _base.preset_option(PRESETS)


class Butler(_fields.FieldMethod):
    """Butler IMP pairs: IMPs against a datum per board."""

    name: ClassVar[str] = "butler"
    description: ClassVar[str] = "IMPs against a datum per board (zero-sum par, trimmed mean, ...)"
    kinds: ClassVar[frozenset[EventKind]] = frozenset(
        {EventKind.PAIRS, EventKind.TEAMS, EventKind.INDIVIDUAL}
    )
    style: ClassVar[PointsStyle] = PointsStyle.BUTLER
    Options: ClassVar[type[ButlerOptions]] = ButlerOptions
    presets: ClassVar[Mapping[str, _base.Preset]] = {p.name: p for p in PRESETS}

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
                won = imps(factor * (score - datum), options.imp_gaps, options.imp_cap)
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
        f"{score} − datum {shown(datum)} = {shown(difference)}{doubled}: "
        f"{won} IMP{'' if abs(won) == 1 else 's'}{halved}",
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
        factor = 2 if options.double else 1
        par = zero_sum_par(scores, factor, options.imp_gaps, trace, cap=options.imp_cap)
        shown_par = middle_of_run(scores, par, factor, options.imp_gaps, options.imp_cap)
        if trace is not None and shown_par != par:
            trace.note(
                f"every par from {_run_text(scores, par, factor, options)} gives each table "
                f"the same IMPs: the datum shown is the middle one, {shown_par}",
                datum=shown_par,
            )
        return shown_par
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
        drop = options.drop.count(len(ordered))
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
    *,
    cap: int | None = None,
) -> int:
    """The par P (a multiple of 10) with sum of IMP(factor * (score - P)) zero;
    where none is, the P with the smallest |sum|; ties to the P closest to 0.
    With ``cap`` each IMP is capped (the sum still never increases).

    The sum never increases as P grows, so binary chops find where it changes
    sign and the ends of the plateaus either side: O(log range) sums, each
    O(24 log n) through :class:`ImpSums`.
    """
    # sum_i IMP(k (s_i - P)) = -sum_i IMP(kP - k s_i)
    sums = ImpSums([factor * s for s in scores], gaps, cap)

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
        sides = candidates
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
        sides = [left_range, right_range]
    step = min((min(max(0, a), b) for a, b in candidates), key=lambda j: (abs(j), j))
    if trace is not None:
        _trace_par(trace, total, step, sides, candidates, factor)
    return 10 * step


def _trace_par(
    trace: Trace,
    total: Callable[[int], int],
    step: int,
    sides: list[tuple[int, int]],
    candidates: list[tuple[int, int]],
    factor: int,
) -> None:
    """The zero-sum search's answer, in the terms of the CONTRACT's rule:
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
    score's IMPs change. Each score's IMP(factor * (score - P)) never rises
    as P grows, so once one changes it stays changed: two binary chops."""
    distinct = sorted(set(scores))
    at_par = [imps(factor * (s - par), gaps, cap) for s in distinct]

    def same(step: int) -> bool:
        p = 10 * step
        now = (imps(factor * (s - p), gaps, cap) for s in distinct)
        return all(a == b for a, b in zip(now, at_par, strict=True))

    # Past 4000 from every score the IMPs are all 24 and stop changing.
    lo = (min(distinct[0], par) - 4010) // 10
    hi = -((-max(distinct[-1], par) - 4010) // 10)
    step = par // 10
    first = _first(lo, step, same)
    last = _first(step, hi, lambda j: not same(j)) - 1
    return 10 * first, 10 * last


def middle_of_run(
    scores: Sequence[int],
    par: int,
    factor: int = 1,
    gaps: ImpGaps = ImpGaps.LOWER,
    cap: int | None = None,
) -> int:
    """The zero-sum datum shown for ``par`` (CONTRACT): the middle of its run
    (:func:`run_around`); of an even run's two middles, the one closer to 0.
    Every table's IMPs are the same against it as against ``par``, and a
    board every table scored -460 on shows -460, not the -450 the search
    reaches first."""
    first, last = run_around(scores, par, factor, gaps, cap)
    low, high = 10 * ((first + last) // 20), 10 * (-(-(first + last) // 20))
    return min((low, high), key=lambda p: (abs(p), p))


def _run_text(scores: Sequence[int], par: int, factor: int, options: ButlerOptions) -> str:
    first, last = run_around(scores, par, factor, options.imp_gaps, options.imp_cap)
    return f"{first} to {last}"


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
