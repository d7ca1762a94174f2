"""The IMP scale (WBF Law 78B), an IMP scale stretched by a factor (teams
of eight, add then IMP), De Wael's continuous ("Bastille") IMP scale, and
VP scales: the WBF 2013 continuous scale, the WBF's discrete scale derived
from it, and a scorer's own table from a CSV file."""

from __future__ import annotations

import bisect
import itertools
import math
import os
from collections import Counter
from collections.abc import Iterable, Mapping
from fractions import Fraction
from functools import lru_cache

from pbnscore import _bounded_read
from pbnscore._kinds import Enum
from pbnscore._records import attrs
from pbnscore.errors import OptionError, ScoringError
from pbnscore.ranges import Range

# Law 78B as lower bounds: a difference of at least THRESHOLDS[i] points is
# worth i + 1 IMPs. The Law's ranges are 0-10, 20-40, ..., 3500-3990, 4000+.
THRESHOLDS: tuple[int, ...] = (
    20, 50, 90, 130, 170, 220, 270, 320, 370, 430, 500, 600,
    750, 900, 1100, 1300, 1500, 1750, 2000, 2250, 2500, 3000, 3500, 4000,
)  # fmt: skip

MAX_IMPS = len(THRESHOLDS)  # 24


class ImpGaps(Enum):
    """How a difference that falls between two rows of the Law 78B table
    (15, 45, 85 ...; the Law lists only multiples of 10) is scored."""

    LOWER = "lower"  # the row below: 15 -> 0, 45 -> 1
    UPPER = "upper"  # the row above: 15 -> 1, 45 -> 2
    STRICT = "strict"  # an error


Number = int | Fraction


def imps(
    difference: Number,
    gaps: ImpGaps = ImpGaps.LOWER,
    cap: int | None = None,
    stretch: Number = 1,
) -> int:
    """IMPs for a points ``difference`` (Law 78B); IMP(-d) = -IMP(d). With
    ``cap``, at most that many IMPs either way (KOPS caps each comparison).
    ``stretch`` is k squared for the scale whose every row boundary is k
    times the Law's (teams of eight, add then IMP: k = 2 or sqrt 2); the
    square keeps sqrt 2 exact."""
    won = _imps(difference, gaps, stretch)
    if cap is not None and abs(won) > cap:
        return cap if won > 0 else -cap
    return won


def _imps(difference: Number, gaps: ImpGaps, stretch: Number) -> int:
    size = -difference if difference < 0 else difference
    if stretch == 1:
        below = bisect.bisect_right(THRESHOLDS, size)  # rows whose lower bound <= size
        # Strictly between the top of row `below` (threshold - 10) and the next row.
        between = below < MAX_IMPS and size > THRESHOLDS[below] - 10
    else:
        # Every boundary times k, k squared = ``stretch``: size >= k t is
        # compared as size^2 >= k^2 t^2, exactly (k may be sqrt 2).
        square = size * size
        below = sum(1 for t in THRESHOLDS if square >= stretch * t * t)
        between = below < MAX_IMPS and square > stretch * (THRESHOLDS[below] - 10) ** 2
    if between:
        if gaps is ImpGaps.STRICT:
            raise ScoringError(
                f"a difference of {float(size):g} falls between two rows of the IMP scale "
                "(use --imp-gaps lower or upper)"
            )
        if gaps is ImpGaps.UPPER:
            below += 1
    return -below if difference < 0 else below


def first_imp(gaps: ImpGaps = ImpGaps.LOWER, cap: int | None = None) -> int | None:
    """The smallest difference worth an IMP, either way (IMP(-d) = -IMP(d));
    None where none is (a cap of 0). What sorts a comparison into won,
    lost or level by its difference alone."""
    return next((d for d in range(100) if imps(d, gaps, cap) != 0), None)


class ImpForm(Enum):
    """Which IMP scale a comparison is converted on: Law 78B's whole IMPs,
    or De Wael's continuous ("Bastille") scale through their half-way points."""

    STEPS = "steps"
    CONTINUOUS = "continuous"


# De Wael's continuous scale ("Calculating Bridge Tournaments", the Bastille
# page, hermandw.be/bridge/calcula/calcul16.html), as the page states it:
# from each start (a difference of at least that many points) the IMPs are
# (difference + offset) / divisor, up to the next start. It meets Law 78B's
# scale at the middle of every gap between two rows (15 -> 0.5, 45 -> 1.5,
# 85 -> 2.5 ...) and is linear between; its last row, "over 2495", has no end.
BASTILLE: tuple[tuple[int, int, int], ...] = (
    (0, 0, 30),
    (45, 15, 40),
    (165, 60, 50),
    (365, 145, 60),
    (425, 240, 70),
    (495, 555, 100),
    (595, 1130, 150),
    (895, 1805, 200),
    (1495, 2630, 250),
    (2495, 7755, 500),
)
_BASTILLE_STARTS = tuple(start for start, _, _ in BASTILLE)


def continuous_imps(difference: Number, cap: int | None = None) -> Fraction:
    """IMPs for a points ``difference`` on De Wael's continuous scale, exactly;
    IMP(-d) = -IMP(d). With ``cap``, at most that many IMPs either way."""
    size = Fraction(-difference if difference < 0 else difference)
    _, offset, divisor = BASTILLE[bisect.bisect_right(_BASTILLE_STARTS, size) - 1]
    won = (size + offset) / divisor
    if cap is not None and won > cap:
        won = Fraction(cap)
    return -won if difference < 0 else won


def imp_value(
    difference: Number, form: ImpForm, gaps: ImpGaps = ImpGaps.LOWER, cap: int | None = None
) -> Number:
    """IMPs for ``difference`` on the scale ``form`` names: :func:`imps` for
    Law 78B's steps, :func:`continuous_imps` for De Wael's continuous scale."""
    if form is ImpForm.CONTINUOUS:
        won = continuous_imps(difference, cap)
        return int(won) if won.denominator == 1 else won
    return imps(difference, gaps, cap)


class ImpSums:
    """Sum of IMP(x - v) over a fixed multiset of values v, for many x.

    The distinct values are sorted once, with a running count of how many
    values lie below each; a query counts, for each Law 78B threshold t, how
    many values lie at least t below x and at least t above it (two
    bisections), so it costs O(24 log n) rather than O(n) comparisons. The
    multiset is given as values, or as a mapping of each value to how many
    times it occurs (barking's pair sums: few distinct, very many in all).
    Answers are memoised by x: a board has few distinct scores. The gap
    policy and the cap are the ones :func:`imps` applies to each difference:
    a cap of N counts only the first N thresholds, each worth one IMP.
    """

    def __init__(
        self,
        values: Iterable[Number] | Mapping[Number, int],
        gaps: ImpGaps = ImpGaps.LOWER,
        cap: int | None = None,
    ) -> None:
        counts = values if isinstance(values, Mapping) else Counter(values)
        self.values: list[Number] = sorted(counts)
        # below[i]: how many values are less than self.values[i]
        self.below: list[int] = [0, *itertools.accumulate(counts[v] for v in self.values)]
        self.gaps = gaps
        self.thresholds = THRESHOLDS if cap is None else THRESHOLDS[: max(cap, 0)]
        self._memo: dict[Number, int] = {}

    def __call__(self, x: Number) -> int:
        total = self._memo.get(x)
        if total is None:
            if self.gaps is ImpGaps.STRICT:
                self._check_gaps(x)
            total = self._memo[x] = self._sum(x)
        return total

    def _sum(self, x: Number) -> int:
        values, below = self.values, self.below
        count = below[-1]
        # ImpGaps.UPPER scores a difference d at row i when d > t_i - 10;
        # LOWER (and STRICT, whose gaps were ruled out above) when d >= t_i.
        upper = self.gaps is ImpGaps.UPPER
        total = 0
        for threshold in self.thresholds:
            if upper:
                under = below[bisect.bisect_left(values, x - threshold + 10)]  # x - v > t - 10
                over = count - below[bisect.bisect_right(values, x + threshold - 10)]
            else:
                under = below[bisect.bisect_right(values, x - threshold)]  # x - v >= t
                over = count - below[bisect.bisect_left(values, x + threshold)]  # v - x >= t
            if not under and not over:
                break  # no difference reaches this row, nor any higher one
            total += under - over
        return total

    def _check_gaps(self, x: Number) -> None:
        """Raise (through :func:`imps`) if some |x - v| falls between two rows."""
        values = self.values
        for threshold in THRESHOLDS:
            for low in (x - threshold, x + threshold - 10):  # v in (low, low + 10)
                start = bisect.bisect_right(values, low)
                if start < len(values) and values[start] < low + 10:
                    imps(x - values[start], ImpGaps.STRICT)


class ContinuousSums:
    """:class:`ImpSums` on De Wael's continuous scale: the sum of IMP(x - v)
    over a fixed multiset of values v, exactly (a Fraction), for many x.

    The scale is linear on each of its rows, IMP(d) = a d + b for d from one
    row's start to the next (a = 1 / divisor, b = offset / divisor; a row of
    a = 0, b = cap past the cap). So the values v whose difference from x
    falls in one row add up to a (x C - S) + b C either way, with C how many
    they are and S their sum: two bisections of the values, sorted once,
    with running counts and sums, for each row.
    """

    def __init__(
        self, values: Iterable[Number] | Mapping[Number, int], cap: int | None = None
    ) -> None:
        counts = values if isinstance(values, Mapping) else Counter(values)
        self.values: list[Number] = sorted(counts)
        self.counts: list[int] = [0, *itertools.accumulate(counts[v] for v in self.values)]
        self.sums: list[Number] = [
            0,
            *itertools.accumulate(counts[v] * v for v in self.values),
        ]
        self.rows = _continuous_rows(cap)
        self._memo: dict[Number, Fraction] = {}

    def __call__(self, x: Number) -> Fraction:
        total = self._memo.get(x)
        if total is None:
            total = self._memo[x] = self._sum(x)
        return total

    def _range(self, start: int, stop: int) -> tuple[int, Number]:
        return self.counts[stop] - self.counts[start], self.sums[stop] - self.sums[start]

    def _sum(self, x: Number) -> Fraction:
        values = self.values
        total = Fraction(0)
        for low, high, a, b in self.rows:
            # x - v in [low, high): v in (x - high, x - low]
            start = bisect.bisect_right(values, x - high) if high is not None else 0
            count, summed = self._range(start, bisect.bisect_right(values, x - low))
            total += a * (x * count - summed) + b * count
            # v - x in [low, high): v in [x + low, x + high), IMPs negated
            stop = bisect.bisect_left(values, x + high) if high is not None else len(values)
            count, summed = self._range(bisect.bisect_left(values, x + low), stop)
            total -= a * (summed - x * count) + b * count
        return total


@lru_cache(maxsize=16)
def _continuous_rows(
    cap: int | None,
) -> tuple[tuple[Fraction, Fraction | None, Fraction, Fraction], ...]:
    """The continuous scale's rows for a positive difference d, as (from,
    to or None for no end, a, b): IMP(d) = a d + b on [from, to); with a cap,
    the row that reaches it ends there and a flat row of the cap follows."""
    rows: list[tuple[Fraction, Fraction | None, Fraction, Fraction]] = []
    for at, (start, offset, divisor) in enumerate(BASTILLE):
        end = BASTILLE[at + 1][0] if at + 1 < len(BASTILLE) else None
        low, high = Fraction(start), None if end is None else Fraction(end)
        a, b = Fraction(1, divisor), Fraction(offset, divisor)
        if cap is not None:
            reached = cap * divisor - offset  # a d + b = cap
            if high is None or reached < high:
                if reached > low:
                    rows.append((low, Fraction(reached), a, b))
                rows.append((max(low, Fraction(reached)), None, Fraction(0), Fraction(cap)))
                break
        rows.append((low, high, a, b))
    return tuple(rows)


class ImpRow:
    """IMP(step * x + offset) for every whole x, as a table: x from -reach to
    reach (index x + reach), beyond which every difference is 4000 or more
    and the IMPs stay at the scale's end. For each x also the run of x around
    it over which the IMPs do not change (``first``, ``last``; +-UNBOUNDED
    where the run goes on past the table). Butler's zero-sum search reads a
    score's IMPs at par step j here, at x = score // 10 - j, rather than
    working each one out."""

    UNBOUNDED: int = 1 << 62

    __slots__ = ("first", "imps", "last", "reach")

    def __init__(self, step: int, offset: int, gaps: ImpGaps, cap: int | None) -> None:
        if gaps is ImpGaps.STRICT or step < 1:
            raise ValueError("an ImpRow takes a step of 1 or more and gaps lower or upper")
        # |step * reach +- offset| > 4000: the table's ends are the scale's.
        # Every offset below the step has the same reach.
        reach = self.reach = (4000 + abs(offset)) // step + 1
        xs = range(-reach, reach + 1)
        self.imps: list[int] = [imps(step * x + offset, gaps, cap) for x in xs]
        self.first: list[int] = _run_ends(self.imps, xs, -self.UNBOUNDED)
        self.last: list[int] = _run_ends(self.imps[::-1], xs[::-1], self.UNBOUNDED)[::-1]


def _run_ends(values: list[int], xs: range, unbounded: int) -> list[int]:
    """For each position, the x where its run of equal values starts, going
    along ``xs``; ``unbounded`` for the run that starts at the table's edge."""
    ends: list[int] = []
    start = unbounded
    for at, value in enumerate(values):
        if at and value != values[at - 1]:
            start = xs[at]
        ends.append(start)
    return ends


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


def wbf_discrete_tops(boards: int) -> tuple[int, ...]:
    """The WBF 2013 discrete 20-VP scale for a match of ``boards`` boards: the
    highest IMP margin that scores 10, 11 ... 19 VPs (anything above the last
    scores 20).

    Each top is the margin at which the continuous formula (uncapped) reaches
    v + 1/2, cut to a whole IMP: M = B log(1 - (1 - r)(v + 1/2 - 10)/10) / log r.
    Then the bands are made concave, as the WBF's discrete scale requires (no
    band narrower than the one before): while the 11-VP band is narrower than
    the draw band (-top_10 .. top_10, 2 top_10 + 1 margins) the draw band's top
    comes down by one; otherwise, at the first band narrower than the band
    before, the band before loses its top margin to it.
    """
    if boards < 1:
        raise ScoringError("a match needs at least one board for a VP scale")
    blitz = 15 * math.sqrt(boards)
    tops = [
        int(blitz * math.log(1 - (1 - _R) * (v + 0.5 - 10) / 10) / math.log(_R))
        for v in range(10, 20)
    ]
    while True:
        if tops[1] - tops[0] < 2 * tops[0] + 1:
            tops[0] -= 1
            continue
        widths = [b - a for a, b in itertools.pairwise(tops)]  # bands 11 .. 19
        narrower = next((i for i in range(1, len(widths)) if widths[i] < widths[i - 1]), None)
        if narrower is None:
            return tuple(tops)
        tops[narrower] -= 1  # tops[narrower] ends the band before the narrower one


def wbf_discrete_vps(margin: Number, boards: int) -> tuple[Fraction, Fraction]:
    """(home VPs, away VPs) on the WBF discrete scale; a fractional margin
    takes the whole margin below it, as on the continuous scale."""
    size = math.floor(-margin if margin < 0 else margin)
    winner = Fraction(10 + sum(1 for top in wbf_discrete_tops(boards) if size > top))
    loser = 20 - winner
    return (winner, loser) if margin >= 0 else (loser, winner)


# -- a scorer's own scale -----------------------------------------------------

SCALE_COLUMNS = ("boards", "min_imps", "winner_vp", "loser_vp")


@attrs.frozen
class Band:
    """One row of a VP scale: a margin of at least ``min_imps`` (and below the
    next row's) gives the winner ``winner`` VPs and the loser ``loser``."""

    min_imps: int
    winner: Fraction
    loser: Fraction


def _floors_of(scale: ScaleFile) -> dict[int | None, list[int]]:
    return {boards: [band.min_imps for band in bands] for boards, bands in scale.bands.items()}


@attrs.frozen
class ScaleFile:
    """A VP scale read from a CSV file (``boards,min_imps,winner_vp,loser_vp``,
    boards ``*`` for every match length): bands by match length, None for
    ``*``. ``value`` is the file's name, as the user gave it."""

    value: str
    bands: Mapping[int | None, tuple[Band, ...]] = attrs.field(eq=False)
    # Each length's min_imps, made once: a match looks its margin up in
    # them (made per match, a season of many matches over a long scale
    # cost matches x rows).
    _floors: Mapping[int | None, list[int]] = attrs.field(
        init=False, eq=False, repr=False, default=attrs.Factory(_floors_of, takes_self=True)
    )

    def vps(self, margin: Number, boards: int) -> tuple[Fraction, Fraction]:
        """(home VPs, away VPs) for a match of ``boards`` won by ``margin``;
        a fractional margin takes the whole margin below it."""
        bands = self.bands.get(boards) or self.bands.get(None)
        if bands is None:
            raise ScoringError(f"{self.value}: the VP scale has no rows for {boards} boards")
        size = math.floor(-margin if margin < 0 else margin)
        floors = self._floors[boards if self.bands.get(boards) else None]
        row = bands[bisect.bisect_right(floors, size) - 1]
        return (row.winner, row.loser) if margin >= 0 else (row.loser, row.winner)


def read_scale(path: str) -> ScaleFile:
    """A VP scale file; an OptionError ``path:line: what is wrong`` for the
    first bad row (a scale is a command-line option's file, not an input),
    a ParseError for a file too large to be one. The same file is read once
    while it is unchanged (``score`` checks the options before it scores)."""
    try:
        seen = os.stat(path)
    except OSError as exc:
        raise OptionError(f"{path}: cannot read the VP scale: {exc}") from None
    return _read_scale(path, (seen.st_dev, seen.st_ino, seen.st_size, seen.st_mtime_ns))


@lru_cache(maxsize=4)
def _read_scale(path: str, version: tuple[int, ...]) -> ScaleFile:
    try:
        text = _bounded_read.read_text(path, "a VP scale")
    except (OSError, UnicodeDecodeError) as exc:
        raise OptionError(f"{path}: cannot read the VP scale: {exc}") from None
    rows: dict[int | None, list[tuple[int, Band]]] = {}
    for number, cells in _bounded_read.csv_rows(text, path):
        cells = [c.strip() for c in cells]
        if not any(cells) or cells[0].startswith("#"):
            continue
        if number == 1 and cells[0].lower() == "boards":
            continue  # the header row
        boards, band = _scale_row(path, number, cells)
        rows.setdefault(boards, []).append((number, band))
    if not rows:
        raise OptionError(f"{path}:1: the VP scale has no rows ({','.join(SCALE_COLUMNS)})")
    return ScaleFile(path, {b: _bands(path, b, found) for b, found in rows.items()})


# A VP scale file's values (docs/reference/bad-input.md "Numbers you give are
# checked in one place"): far past any real scale,
# and kept from numbers no float can hold (1e309).
SCALE_BOARDS = Range(1, 1000)
SCALE_IMPS = Range(0, 10_000)
SCALE_VPS = Range(0, 1000, whole=False)


def _scale_row(path: str, number: int, cells: list[str]) -> tuple[int | None, Band]:
    where = f"{path}:{number}"
    if len(cells) != len(SCALE_COLUMNS):
        raise OptionError(
            f"{where}: a row has {len(SCALE_COLUMNS)} columns ({','.join(SCALE_COLUMNS)}), "
            f"not {len(cells)}"
        )
    boards = None if cells[0] == "*" else SCALE_BOARDS.checked(f"{where}: boards", cells[0])
    min_imps = SCALE_IMPS.checked(f"{where}: min_imps", cells[1])
    winner = Fraction(SCALE_VPS.checked(f"{where}: winner_vp", cells[2]))
    loser = Fraction(SCALE_VPS.checked(f"{where}: loser_vp", cells[3]))
    if winner < loser:
        raise OptionError(f"{where}: needs winner_vp >= loser_vp")
    return (None if boards is None else int(boards)), Band(int(min_imps), winner, loser)


def _bands(path: str, boards: int | None, found: list[tuple[int, Band]]) -> tuple[Band, ...]:
    """One match length's rows, checked: they start at 0 IMPs, climb, and a
    larger margin never gives the winner fewer VPs."""
    length = "*" if boards is None else str(boards)
    found.sort(key=lambda row: row[1].min_imps)
    if found[0][1].min_imps != 0:
        first = found[0][0]
        raise OptionError(f"{path}:{first}: the rows for {length} boards must start at 0 IMPs")
    for (_, before), (number, band) in itertools.pairwise(found):
        if band.min_imps == before.min_imps:
            raise OptionError(
                f"{path}:{number}: a second row for {length} boards from {band.min_imps} IMPs"
            )
        if band.winner < before.winner:
            raise OptionError(
                f"{path}:{number}: a larger margin gives the winner fewer VPs than the row before"
            )
    return tuple(band for _, band in found)
