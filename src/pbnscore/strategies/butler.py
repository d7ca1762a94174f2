"""Butler: each pair is IMPed against a datum formed from its field's scores.

Datums (docs/reference/methods.md "Definitions"): Barker's zero-sum par (default), the trimmed
mean, the mean, the median. Adjusted results and boards not played are left
out of the datum; adjusted sides get artificial IMPs. The zero-sum par's
search is :mod:`pbnscore.strategies._zero_sum`.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Mapping, Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, ClassVar

from pbnscore._kinds import Enum
from pbnscore._records import attrs
from pbnscore.errors import excerpt
from pbnscore.figures import listed, number, shown
from pbnscore.imps import ImpForm, ImpGaps, imp_value, imps
from pbnscore.model import DatumRecord, EventKind, Points, PointsStyle, ScoredEvent
from pbnscore.ranges import Range
from pbnscore.strategies import _base, _field_assembly, _field_layout, _normalised
from pbnscore.strategies._per_board import PerBoardMethod
from pbnscore.strategies._zero_sum import (
    clamped,
    imp_rows,
    middle_par,
    par_of,
    par_sums,
    run_of,
    tabled_datum,
)

if TYPE_CHECKING:
    from pbnscore.explanation import Trace


class Datum(Enum):
    """How butler's datum (the board's par score for the field) is worked out."""

    ZERO_SUM = "zero-sum"
    TRIMMED_MEAN = "trimmed-mean"
    MEAN = "mean"
    MEDIAN = "median"


class Middle(Enum):
    """Which score a median of an even count takes (docs/reference/conventions.md
    "Medians"): the mean of the two middle scores, rounded by --rounding; or,
    as ASE Scorer's "halfway Butler" asks, the upper or the lower middle score."""

    MEAN = "mean"
    UPPER = "upper"
    LOWER = "lower"


class Rounding(Enum):
    """How a datum is rounded to a multiple of 10 when it falls on a half
    (…5): Compscore3 rounds half away from zero, ACBLscore half to even,
    JavaScript's Math.round half up (towards +infinity)."""

    HALF_AWAY = "half-away"
    HALF_EVEN = "half-even"
    HALF_UP = "half-up"
    NONE = "none"


class DropRule(Enum):
    """Real programs' rules for how many scores a trimmed mean drops at each
    end of a field of n real scores (docs/reference/conventions.md "Drop rules")."""

    ACBL = "acbl"  # ACBLscore: 5% at each end (as --drop 5%)
    BRIDGEWX = "bridgewx"  # BridgeWx calcscore.cpp: ceil(n / 10), none when n <= 5
    BRIDGE_SCORER = "bridge-scorer"  # bridge-scorer lib/imps.js: ceil((n - 10) / 15) + 1 when n > 3


class ShareRounding(Enum):
    """How a share of the field (``P%``, ``A/B``) becomes a whole count of
    scores: up (the ceiling, as ``P%`` always took), to the nearest (a half
    up), or down."""

    UP = "up"
    NEAREST = "nearest"
    DOWN = "down"


@attrs.frozen
class Drop:
    """How many scores a trimmed mean drops at each end: a count, a share of
    the field (``percent``: ceil(P/100 x n)) or a named rule. Each board uses
    its own field's n; :meth:`count` never leaves fewer than one score."""

    fixed: int | None = None
    percent: Fraction | None = None
    rule: DropRule | None = None
    share: Fraction | None = None  # A/B of the field (spelt as a fraction)

    def count(self, n: int, rounding: ShareRounding = ShareRounding.UP, smallest: int = 1) -> int:
        """How many scores to drop at each end of n: what the rule asks, leaving at least one."""
        return min(self.wanted(n, rounding, smallest), (n - 1) // 2)

    def wanted(self, n: int, rounding: ShareRounding = ShareRounding.UP, smallest: int = 1) -> int:
        """What the rule asks to drop at each end of n scores (more than
        :meth:`count` where n is too few); none below ``smallest`` scores;
        a share rounded to a count as ``rounding`` says."""
        if n < smallest:
            return 0
        share = self.share
        if share is None and self.percent is not None:
            share = self.percent / 100
        if share is not None:
            return _whole(share * n, rounding)
        if self.fixed is not None:
            return self.fixed
        if self.rule is DropRule.ACBL:
            return _ceil(Fraction(5, 100) * n)
        if self.rule is DropRule.BRIDGEWX:
            return _ceil(Fraction(n, 10)) if n > 5 else 0
        if self.rule is DropRule.BRIDGE_SCORER:
            return _ceil(Fraction(n - 10, 15)) + 1 if n > 3 else 0
        raise AssertionError("a Drop is a count, a share or a rule")

    @property
    def value(self) -> int | str:
        """As the user writes it (JSON keeps a count a number)."""
        if self.fixed is not None:
            return self.fixed
        if self.rule is not None:
            return self.rule.value
        if self.share is not None:
            return f"{self.share.numerator}/{self.share.denominator}"
        assert self.percent is not None
        return f"{_number(self.percent)}%"

    def __str__(self) -> str:
        return str(self.value)


def _ceil(value: Fraction) -> int:
    return -((-value.numerator) // value.denominator)


def _whole(value: Fraction, rounding: ShareRounding) -> int:
    if rounding is ShareRounding.UP:
        return _ceil(value)
    if rounding is ShareRounding.DOWN:
        return math.floor(value)
    return math.floor(value + Fraction(1, 2))


def _number(value: Fraction) -> str:
    return str(value.numerator) if value.denominator == 1 else f"{float(value):g}"


PERCENT = Range(0, 100, whole=False)  # --drop P%
_DROP_HELP = "N, P%, A/B or one of " + ", ".join(r.value for r in DropRule)


def to_drop(value: object) -> Drop:
    """An option value for --drop: a Drop, a count (``1``, ``"2"``), a share
    (``"10%"``) or a rule's name (``"acbl"``)."""
    if isinstance(value, Drop):
        return value
    if isinstance(value, bool):
        raise ValueError(f"--drop takes {_DROP_HELP}, not {excerpt(str(value))}")
    if isinstance(value, int):
        return _fixed(value)
    text = str(value).strip().lower()
    try:
        if text.endswith("%"):
            # pbnscore's one reading of a number (ranges.py): 1e-300% and
            # 1e309% are refused with the other exponents past 12
            return Drop(percent=PERCENT(text[:-1]))
        if "/" in text:
            share = Fraction(text)
            if not 0 <= share < 1:
                raise ValueError(f"--drop takes a share A/B below 1, not {excerpt(str(value))}")
            return Drop(share=share)
        if text in {r.value for r in DropRule}:
            return Drop(rule=DropRule(text))
        return _fixed(int(text))
    except (ValueError, ZeroDivisionError):
        raise ValueError(f"--drop takes {_DROP_HELP}, not {excerpt(str(value))}") from None


def _fixed(count: int) -> Drop:
    if count < 0:
        raise ValueError(f"--drop takes a count of 0 or more, not {count}")
    return Drop(fixed=count)


_TRIMMED = "trimmed-mean"

# Real programs' Butler conventions (docs/reference/presets.md gives each source).
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
        "jfr",
        {"datum": "median", "rounding": "half-up"},
        "JFR Pary, as reported; its documentation was not found",
    ),
    _base.Preset(
        "ase-halfway-top",
        {"datum": "median", "median": "upper"},
        "ASE Scorer's halfway Butler, counting from the top (asecomputing.com scoring methods)",
    ),
    _base.Preset(
        "ase-halfway-bottom",
        {"datum": "median", "median": "lower"},
        "ASE Scorer's halfway Butler, counting from the bottom (asecomputing.com scoring methods)",
    ),
    _base.Preset(
        "bastille",
        {"datum": _TRIMMED, "drop": 1, "rounding": "none", "imps": "continuous"},
        "De Wael's Bastille scoring (hermandw.be, Calculating Bridge Tournaments): "
        "an unrounded datum, the continuous IMP scale",
    ),
    _base.Preset(
        "german",
        {"datum": _TRIMMED, "drop": "1/7", "drop_rounding": "nearest", "drop_from": 5},
        "Farwig, Kleiner Turnierleiter: with more than 4 scores 1/7 of the best and the "
        "worst left out (the rounding, nearest, is pbnscore's choice)",
    ),
    _base.Preset(
        "ebu",
        {"datum": _TRIMMED, "drop": 1, "rounding": "half-away"},
        "EBU White Book 4.2.4's Butler example (1 top and 1 bottom ignored)",
    ),
    _base.Preset(
        "ausbutler",
        {"normalised": True},
        "JFR Teamy's AusButler (github.com/emkael/jfrteamy-ausbutler): normalised Butler, "
        "cutoff 32, rate 0.1, opponent factor 0.5",
    ),
    _base.Preset(
        "pzbs-league",
        {
            "normalised": True,
            "cutoff": 2,
            "cutoff_per": "board",
            "cutoff_rate": "0.25",
            "opponent_factor": "0.5",
        },
        "PZBS central leagues' normalised Butler (pzbs.pl, Butler w ligach centralnych): "
        "beyond 2.00 IMPs a board 25% counts, half the opponents' average added",
    ),
)


_NORMALISED = _base.Applies(lambda o: o.normalised, "--normalised")


@attrs.frozen
class ButlerOptions(_base.SectionsOptions):
    """The butler method's options (each becomes a command-line flag)."""

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
    median: Middle = _base.choice(
        Middle.MEAN,
        "the median of an even count: mean (of the two middle scores, rounded); upper or "
        "lower (the middle score counted from the top or the bottom: ASE Scorer's "
        "halfway Butler)",
        applies=_base.applies_with("datum", Datum.MEDIAN),
    )
    drop_rounding: ShareRounding = _base.choice(
        ShareRounding.UP,
        "how a --drop share (P% or A/B) of the field becomes a whole count: up, nearest "
        "(a half up) or down",
        applies=_base.Applies(
            lambda o: (
                o.datum is Datum.TRIMMED_MEAN
                and (o.drop.percent is not None or o.drop.share is not None)
            ),
            "--datum trimmed-mean and --drop P% or A/B",
        ),
    )
    drop_from: int = _base.option(
        1,
        "drop only from a board with at least N real scores (German club rule: 5)",
        applies=_base.applies_with("datum", Datum.TRIMMED_MEAN),
        bounds=Range(1, 100_000),
        metavar="N",
    )
    rounding: Rounding = _base.option(
        Rounding.HALF_AWAY,
        "rounding of a mean or even-count median datum to a multiple of 10",
        choices=[r.value for r in Rounding],
        # A median rounds only the mean of its two middle scores (an even count).
        applies=_base.Applies(
            lambda o: (
                o.datum in (Datum.TRIMMED_MEAN, Datum.MEAN)
                or (o.datum is Datum.MEDIAN and o.median is Middle.MEAN)
            ),
            "--datum trimmed-mean, mean or median (--median mean)",
        ),
        converter=Rounding,
    )
    double: bool = _base.option(
        False, "IMP twice the difference from the datum", converter=_base.to_bool
    )
    halve: bool = _base.option(False, "halve the IMPs after", converter=_base.to_bool)
    # The zero-sum par is searched on whole IMPs (docs/reference/conventions.md
    # "Continuous IMPs").
    imps: ImpForm = _base.choice(
        ImpForm.STEPS,
        _base.IMPS_HELP,
        applies=_base.applies_with("datum", Datum.TRIMMED_MEAN, Datum.MEAN, Datum.MEDIAN),
    )
    normalised: bool = _base.option(
        False,
        "rank on normalised (Australian) Butler, JFR Teamy's AusButler: each segment's "
        "(boards against the same opponents in a session) Butler capped by --cutoff and "
        "--cutoff-rate, plus --opponent-factor of the opponents' Butler average per board "
        "times its boards",
        converter=_base.to_bool,
    )
    cutoff: Fraction = _base.option(
        Fraction(32),
        "--normalised: a segment's Butler counts in full up to N IMPs either way",
        applies=_NORMALISED,
        bounds=Range(0, 10_000, whole=False),
        metavar="N",
    )
    cutoff_per: _normalised.CutoffPer = _base.choice(
        _normalised.CutoffPer.SEGMENT,
        "--normalised: --cutoff limits a segment's Butler (segment: JFR Teamy) or its "
        "Butler per board (board: the PZBS leagues; a segment of b boards is capped at "
        "b x --cutoff)",
        applies=_NORMALISED,
    )
    cutoff_rate: Fraction = _base.option(
        Fraction(1, 10),
        "--normalised: the share of a segment's Butler beyond --cutoff that counts",
        applies=_NORMALISED,
        bounds=Range(0, 1, whole=False),
        metavar="SHARE",
    )
    opponent_factor: Fraction = _base.option(
        Fraction(1, 2),
        "--normalised: the share of the opponents' Butler average per board added for "
        "each board of a segment",
        applies=_NORMALISED,
        bounds=Range(0, 1, whole=False),
        metavar="SHARE",
    )
    preset: str | None = _base.preset_option(PRESETS)


class Butler(PerBoardMethod):
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
        self, field: _field_layout.Field, options: ButlerOptions, trace: Trace | None = None
    ) -> _field_layout.FieldScore:
        """One board's field scored by Butler against its datum, its steps noted in ``trace``."""
        if trace is None and field.scores and len(field.scores) == len(field.plays):
            tabled = self._tabled(options)
            if tabled is not None:
                return tabled(field)
        return self._score_field(field, options, trace)

    def _tabled(
        self, options: ButlerOptions
    ) -> Callable[[_field_layout.Field], _field_layout.FieldScore] | None:
        """:func:`_tabled_scorer` of ``options``, made once for the event's
        fields (kept with the options it was made for)."""
        kept = self.__dict__.get("_tabled_kept")
        if kept is None or kept[0] is not options:
            kept = self.__dict__["_tabled_kept"] = (options, _tabled_scorer(options))
        tabled: Callable[[_field_layout.Field], _field_layout.FieldScore] | None = kept[1]
        return tabled

    def _score_field(
        self, field: _field_layout.Field, options: ButlerOptions, trace: Trace | None = None
    ) -> _field_layout.FieldScore:
        """:meth:`score_field` step by step, as ``explain`` traces it."""
        datum, record = _formed(field.scores, options, trace) if field.scores else (None, None)
        factor = 2 if options.double else 1

        def real_points(scores: Sequence[int]) -> Iterable[_field_layout.SidePoints]:
            # A field has few distinct scores: each one's points are worked out
            # once (in the order the tables first scored them, as the trace
            # tells them) and its (NS, EW) pair shared by every table that scored it.
            if datum is None:  # no real scores
                return ()
            imps_against = _imps_against(
                datum, factor, options.imp_gaps, options.imp_cap, options.imps
            )
            memo: dict[int, _field_layout.SidePoints] = {}
            for score in dict.fromkeys(scores):
                won = imps_against(score)
                points: Points = Fraction(won) / 2 if options.halve else won
                memo[score] = (points, -points)
                if trace is not None:
                    _trace_points(trace, score, datum, factor, won, points)
            return map(memo.__getitem__, scores)

        def against(score: int) -> Points | None:
            # A weighted or split score's part, against the real tables' datum.
            if datum is None:
                return None
            won = imp_value(
                factor * (score - datum), options.imps, options.imp_gaps, options.imp_cap
            )
            return Fraction(won) / 2 if options.halve else won

        scored = _field_assembly.score_tables(
            field, real_points, options.artificial_imps, datum, against, trace
        )
        if record is None:
            return scored
        # The sum the header states: the real tables' NS points, as scored.
        ns_points = [scored.points[at][0] for at in field.real]
        total = _field_assembly.exact_sum([p for p in ns_points if p is not None])
        # Made anew, not evolved: attrs.evolve reads every field by name, on every board.
        return _field_layout.FieldScore(
            scored.points, scored.datum, attrs.evolve(record, points_sum=total)
        )

    def _assemble(
        self,
        lay: _field_layout.Layout,
        scores: Sequence[_field_layout.FieldScore],
        options: ButlerOptions,
        traces: Mapping[int, Trace] | None = None,
    ) -> ScoredEvent:
        scored = super()._assemble(lay, scores, options, traces)
        if not options.normalised:
            return scored
        return _normalised.normalised(lay, scores, scored, options, traces)

    def datum_label(self, options: ButlerOptions) -> str:
        """The datum's name as the output states it (``trimmed-mean``)."""
        return options.datum.value


def _tabled_scorer(
    options: ButlerOptions,
) -> Callable[[_field_layout.Field], _field_layout.FieldScore] | None:
    """Where the datum is the zero-sum par on Law 78B's steps with gaps
    that are not strict, a field every table of which has a real score,
    scored as :meth:`Butler._score_field` scores it, in one go: the
    search's tables (:func:`imp_rows`) found once for the event, the datum
    by :func:`tabled_datum`, each distinct score's IMPs read once. None
    for any other options. Tests hold the two equal."""
    if (
        options.datum is not Datum.ZERO_SUM
        or options.imp_gaps is ImpGaps.STRICT
        or options.imps is not ImpForm.STEPS
    ):
        return None
    rows = imp_rows(2 if options.double else 1, options.imp_gaps, options.imp_cap)
    reach, halve, rule = rows.reach, options.halve, options.datum.value

    def scored(field: _field_layout.Field) -> _field_layout.FieldScore:
        scores = field.scores
        counts: dict[int, int] = {}
        for score in scores:
            counts[score] = counts.get(score, 0) + 1
        datum = tabled_datum(counts, rows)
        base = reach - datum // 10
        memo: dict[int, tuple[Points, Points]] = {}
        total: Points = 0
        for score, count in counts.items():
            row = rows[score % 10]
            won = row.imps[clamped(score // 10 + base, row)]
            points: Points = Fraction(won) / 2 if halve else won
            memo[score] = (points, -points)
            total += won * count
        if halve:  # the sum as the step-by-step path adds up its halves
            total = _field_assembly.exact_sum([memo[score][0] for score in scores])
        record = DatumRecord(rule, len(scores), total)
        return _field_layout.FieldScore(tuple(map(memo.__getitem__, scores)), datum, record)

    return scored


def _imps_against(
    datum: int | Fraction,
    factor: int,
    gaps: ImpGaps,
    cap: int | None,
    form: ImpForm = ImpForm.STEPS,
) -> Callable[[int], Points]:
    """IMP(factor * (score - datum)) as a function of the score: read from the
    zero-sum search's tables where the datum is a multiple of 10 (every
    zero-sum datum, a rounded mean's), the gaps are not strict and the
    scale is Law 78B's steps."""
    if form is ImpForm.CONTINUOUS:
        return lambda score: imp_value(factor * (score - datum), form, cap=cap)
    if isinstance(datum, Fraction) or datum % 10 or gaps is ImpGaps.STRICT:
        return lambda score: imps(factor * (score - datum), gaps, cap)
    rows, step = imp_rows(factor, gaps, cap), datum // 10
    reach = rows.reach

    def read(score: int) -> int:
        row = rows[score % 10]
        return row.imps[clamped(score // 10 - step + reach, row)]

    return read


def _trace_points(
    trace: Trace, score: int, datum: int | Fraction, factor: int, won: Points, points: Points
) -> None:
    difference = score - datum
    doubled = f" × {factor} = {shown(factor * difference)}" if factor != 1 else ""
    halved = f", halved: {shown(points)}" if points != won else ""
    trace.for_score(
        score,
        f"{score} − datum {shown(datum)} = {shown(difference)}{doubled}: "
        f"{shown(won)} IMP{'' if abs(won) == 1 else 's'}{halved}",
        score=score,
        difference=number(factor * difference),
        imps=number(won),
        points=number(points),
    )


def board_datum(
    scores: Sequence[int], options: ButlerOptions, trace: Trace | None = None
) -> int | Fraction:
    """The datum of a board's real scores (at least one) under ``options``."""
    return _formed(scores, options, trace)[0]


def _formed(
    scores: Sequence[int], options: ButlerOptions, trace: Trace | None = None
) -> tuple[int | Fraction, DatumRecord]:
    """The datum of a board's real scores and the record of how it was
    formed (its points' sum is filled in once they are scored)."""
    record = DatumRecord(options.datum.value, len(scores))
    if options.datum is Datum.ZERO_SUM:
        factor = 2 if options.double else 1
        sums = par_sums(scores, factor, options.imp_gaps, options.imp_cap)
        par = par_of(sums, trace)
        first, last = run_of(sums, par)
        shown_par = middle_par(first, last)
        if trace is not None and shown_par != par:
            trace.note(
                f"every par from {first} to {last} gives each table "
                f"the same IMPs: the datum shown is the middle one, {shown_par}",
                datum=shown_par,
            )
        return shown_par, record
    ordered = sorted(scores)
    if trace is not None:
        trace.note(f"{len(ordered)} scores, in order: {listed(ordered)}", scores=ordered)
    if options.datum is Datum.MEDIAN:
        middle = len(ordered) // 2
        if len(ordered) % 2:
            if trace is not None:
                trace.note(f"median: the middle score, {ordered[middle]}", datum=ordered[middle])
            return ordered[middle], record
        if options.median is not Middle.MEAN:
            # ASE Scorer's halfway Butler: of 10 scores, "the top uses the 5th
            # score, the bottom the 6th" (counted from the highest).
            taken = ordered[middle] if options.median is Middle.UPPER else ordered[middle - 1]
            if trace is not None:
                trace.note(
                    f"median of an even count: the {options.median.value} middle score, {taken}",
                    datum=taken,
                )
            return taken, record
        kept = ordered[middle - 1 : middle + 1]
        what = "median of an even count: the mean of the two middle scores"
    elif options.datum is Datum.TRIMMED_MEAN:
        how = (len(ordered), options.drop_rounding, options.drop_from)
        drop = options.drop.count(*how)
        kept = ordered[drop : len(ordered) - drop]
        record = attrs.evolve(record, dropped=drop, wanted=options.drop.wanted(*how))
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
    datum = round_datum(mean, options.rounding, trace)
    record = attrs.evolve(record, averaged=len(kept))
    if mean % 10:  # a multiple of 10 needs no rounding, and is not said to have had one
        record = attrs.evolve(record, mean=mean, rounding=options.rounding.value)
    return datum, record


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
