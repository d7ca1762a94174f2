"""Butler: datums, IMPs against them, standings; Compscore3's own numbers."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

import model_events as build
import pbnscore
import reference
from conftest import examples
from pbnscore.errors import ScoringError
from pbnscore.imps import ImpGaps
from pbnscore.model import Direction, Event, ScoredEvent
from pbnscore.strategies._zero_sum import _TabledSums, run_around, zero_sum_par
from pbnscore.strategies.butler import (
    ButlerOptions,
    Rounding,
    _imps_against,
    board_datum,
    round_datum,
)


def butler(event: Event, **options: object) -> ScoredEvent:
    return pbnscore.score(event, "butler", **options)


# -- zero-sum par ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("scores", "factor", "par"),
    [
        # 420: 0+0+IMP(30)+IMP(-20) = 0; 430: IMP(-10)x2+IMP(20)+IMP(-30) = 0;
        # 410 sums 1, 440 sums -3: the zero plateau 420..430, closest to 0.
        ([420, 420, 450, 400], 1, 420),
        # 90..110 sum +1, 120 on sums -2: no zero; |1| is smaller.
        ([100, 100, 130], 1, 90),
        # 90..110 sum +1, 120..140 sum -1: tied on |sum|; 90 is closest to 0.
        ([100, 130], 1, 90),
        ([-130, -100], 1, -90),
        # Doubled: IMP(2(100-P)) + IMP(2(130-P)) is 0 at 110 and 120, +2 at 100.
        ([100, 130], 2, 110),
        # One score: IMP(s - P) is 0 for P within 10 of it.
        ([620], 1, 610),
        ([-620], 1, -610),
    ],
    ids=["exact-zero", "no-zero", "tie-closest-to-0", "tie-negative", "doubled", "one", "one-neg"],
)
def test_zero_sum_par(scores: list[int], factor: int, par: int) -> None:
    """The par worked out by hand, and the scan agrees."""
    assert zero_sum_par(scores, factor) == par
    assert reference.zero_sum_scan(scores, factor) == par


@examples(50, long=200)
@given(st.lists(build.scores, min_size=1, max_size=9), st.sampled_from([1, 2]))
def test_zero_sum_matches_scan(scores: list[int], factor: int) -> None:
    """Binary chop == scanning every multiple of 10."""
    assert zero_sum_par(scores, factor) == reference.zero_sum_scan(scores, factor)


@settings(max_examples=100)
@given(
    st.lists(st.integers(-300, 300).map(lambda x: 5 * x), min_size=1, max_size=7),
    st.sampled_from(["lower", "upper"]),
    st.sampled_from([1, 2]),
)
def test_zero_sum_with_gaps(scores: list[int], gaps: str, factor: int) -> None:
    """Scores off the 10s put differences in the gaps: the policy applies to
    the search too, doubled or not."""
    expected = reference.zero_sum_scan(scores, factor, gaps)
    assert zero_sum_par(scores, factor, ImpGaps(gaps)) == expected


@pytest.mark.parametrize(
    ("scores", "shown"),
    [([-460] * 6, -460), ([50], 50), ([-460], -460), ([420, 420, 450], 420), ([0, 0], 0)],
    ids=["flat-minus-460", "single-plus-50", "single-minus-460", "mixed", "flat-zero"],
)
def test_zero_sum_datum_shown_is_the_middle_of_its_run(scores: list[int], shown: int) -> None:
    """A board every table scored -460 on shows Datum -460 (the search's own
    par is -450, IMPs the same), a single +50 shows 50, in JSON and USEBIO alike."""
    (board,) = butler(build.pairs_event([scores])).boards
    assert board.datum == shown
    assert f'"datum": {shown},' in pbnscore.report.json.dumps(butler(build.pairs_event([scores])))


@examples(40, long=150)
@given(
    st.lists(
        st.one_of(build.scores, st.integers(-300, 300).map(lambda x: 5 * x)),
        min_size=1,
        max_size=8,
    ),
    st.sampled_from([1, 2]),
    st.sampled_from(["lower", "upper"]),
)
def test_shown_datum_gives_the_rules_imps_from_the_middle_of_the_run(
    scores: list[int], factor: int, gaps: str
) -> None:
    """Over random boards the datum shown gives every table the IMPs the
    rule's par gives, and lies in the middle of the run of pars that do:
    as many multiples of 10 either side (one fewer on its side away from 0
    for an even run)."""
    event = build.pairs_event([scores])
    (board,) = butler(event, double=factor == 2, imp_gaps=gaps).boards
    par = reference.zero_sum_scan(scores, factor, gaps)
    shown = board.datum
    assert shown is not None and shown % 10 == 0
    assert [reference.imp(factor * (s - shown), gaps) for s in scores] == [
        reference.imp(factor * (s - par), gaps) for s in scores
    ]

    def same(p: int) -> bool:
        return [reference.imp(factor * (s - p), gaps) for s in scores] == [
            reference.imp(factor * (s - par), gaps) for s in scores
        ]

    below = next(k for k in range(0, 1000) if not same(shown - 10 * (k + 1)))
    above = next(k for k in range(0, 1000) if not same(shown + 10 * (k + 1)))
    assert abs(below - above) <= 1
    if below != above:  # an even run: the middle closer to 0
        assert abs(shown) <= abs(shown + (10 if above > below else -10))
    assert shown == reference.zero_sum_shown(scores, factor, gaps)


def test_zero_sum_is_a_binary_chop(monkeypatch: pytest.MonkeyPatch) -> None:
    """Far fewer sums than a scan: a board of scores spread over 8,000 points."""
    from pbnscore.strategies import _zero_sum as module

    calls = 0
    real = module.ImpSums  # type: ignore[attr-defined]

    class Counting(real):  # type: ignore[misc,valid-type]
        def _sum(self, x: int | Fraction) -> int:
            nonlocal calls
            calls += 1
            return super()._sum(x)

    monkeypatch.setattr(module, "ImpSums", Counting)
    assert zero_sum_par([-4000, -1000, 0, 300, 4000]) == reference.zero_sum_scan(
        [-4000, -1000, 0, 300, 4000]
    )
    assert calls < 60  # a scan would take 1,600


# Scores as a board can have them and as it cannot: few values, repeated, off
# the 10s, more than 4000 apart.
ANY_SCORES = st.lists(
    st.one_of(build.scores, st.integers(-9000, 9000), st.integers(-300, 300).map(lambda x: 5 * x)),
    min_size=1,
    max_size=12,
)
CAPS = st.sampled_from([None, 1, 5, 17])
FACTORS = st.sampled_from([1, 2])
GAPS = st.sampled_from(["lower", "upper"])
# A board and a par step j (par 10 j) near its scores or far from them, --double or not.
AT_A_PAR = (ANY_SCORES, st.integers(-1300, 1300), FACTORS, GAPS, CAPS)


@settings(max_examples=200)
@given(*AT_A_PAR)
def test_tabled_sum_is_the_plain_sum(
    scores: list[int], step: int, factor: int, gaps: str, cap: int | None
) -> None:
    """The search's sum at par 10 j, read from tables by distinct score and
    weighted by how many tables scored it, is the plain sum of every table's
    IMPs, near the scores and far from them."""
    sums = _TabledSums(scores, factor, ImpGaps(gaps), cap)
    plain = sum(reference.imp(factor * (s - 10 * step), gaps, cap) for s in scores)
    assert sums.total(step) == plain


@examples(60, long=200)
@given(*AT_A_PAR)
def test_run_from_the_tables_is_the_walk(
    scores: list[int], step: int, factor: int, gaps: str, cap: int | None
) -> None:
    """The run of pars around any par over which no table's IMPs change, from
    the tables' runs, is the run a walk 10 at a time finds (stopping 4010
    beyond every score and the par, past which nothing changes)."""
    par = 10 * step

    def imps_at(p: int) -> list[int]:
        return [reference.imp(factor * (s - p), gaps, cap) for s in scores]

    first = last = par
    while imps_at(first - 10) == imps_at(par) and first - 10 >= min(*scores, par) - 4010:
        first -= 10
    while imps_at(last + 10) == imps_at(par) and last + 10 <= max(*scores, par) + 4010:
        last += 10
    assert run_around(scores, par, factor, ImpGaps(gaps), cap) == (first, last)


@settings(max_examples=200)
@given(
    st.one_of(build.scores, st.integers(-9000, 9000)),
    st.one_of(
        st.integers(-1300, 1300).map(lambda x: 10 * x),
        st.integers(-9000, 9000),
        st.fractions(-5000, 5000, max_denominator=6),
    ),
    FACTORS,
    st.sampled_from(["lower", "upper", "strict"]),
    CAPS,
)
def test_imps_against_a_datum_read_from_the_tables(
    score: int, datum: int | Fraction, factor: int, gaps: str, cap: int | None
) -> None:
    """A table's IMPs against its datum, read from the zero-sum tables where
    the datum is a multiple of 10, are the Law's, far from it too; strict
    gaps still refuse a difference between two rows."""
    try:
        expected: int | None = reference.imp(factor * (score - datum), gaps, cap)
    except ValueError:
        expected = None
    against = _imps_against(datum, factor, ImpGaps(gaps), cap)
    if expected is None:
        with pytest.raises(ScoringError, match="between two rows"):
            against(score)
    else:
        assert against(score) == expected


@examples(40, long=150)
@given(ANY_SCORES, FACTORS, GAPS, CAPS)
def test_zero_sum_from_the_tables_matches_scan(
    scores: list[int], factor: int, gaps: str, cap: int | None
) -> None:
    """The tabled search == scanning every multiple of 10, capped or not, on
    scores spread wider than the IMP scale too."""
    expected = reference.zero_sum_scan(scores, factor, gaps, cap)
    assert zero_sum_par(scores, factor, ImpGaps(gaps), cap=cap) == expected


@examples(40, long=100)
@given(ANY_SCORES, FACTORS)
@example([0, 30], 1)  # no zero: +1 for P -10..10, -1 for 20..40; tied, 0 is closest
def test_strict_gaps_search_par_by_par(scores: list[int], factor: int) -> None:
    """--imp-gaps strict: scores on the 10s never put a difference in a gap,
    and the datum is the scan's (and the middle of its run); off the 10s the
    search either refuses a par or finds the one lower gaps find."""
    options = ButlerOptions(datum="zero-sum", double=factor == 2, imp_gaps="strict")  # type: ignore[arg-type]
    if all(s % 10 == 0 for s in scores):
        expected = reference.zero_sum_scan(scores, factor, "strict")
        assert zero_sum_par(scores, factor, ImpGaps.STRICT) == expected
        assert board_datum(scores, options) == reference.zero_sum_shown(scores, factor, "strict")
        return
    try:
        par = zero_sum_par(scores, factor, ImpGaps.STRICT)
    except ScoringError as error:
        assert "between two rows" in str(error)
    else:
        assert par == reference.zero_sum_scan(scores, factor, "lower")


def test_zero_sum_reads_the_tables_a_few_times(monkeypatch: pytest.MonkeyPatch) -> None:
    """The sum turns within 20 of the scores, so the chop looks there only,
    and the runs' ends come from the tables without a chop: a board of 60
    tables spread over 8,000 points reads the sum a dozen times at most."""
    calls = 0
    real = _TabledSums.total

    def counting(self: _TabledSums, step: int) -> int:
        nonlocal calls
        calls += 1
        return real(self, step)

    monkeypatch.setattr(_TabledSums, "total", counting)
    scores = [-4000, -1000, 0, 300, 4000] * 12
    options = ButlerOptions()
    assert board_datum(scores, options) == reference.zero_sum_shown(scores)
    assert calls <= 12  # a chop over the whole range would take 4 x 10 and more


# -- other datums ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("mean", "rounding", "datum"),
    [
        (425, Rounding.HALF_AWAY, 430),
        (-425, Rounding.HALF_AWAY, -430),
        (425, Rounding.HALF_EVEN, 420),
        (435, Rounding.HALF_EVEN, 440),
        (-445, Rounding.HALF_EVEN, -440),
        (425, Rounding.HALF_UP, 430),
        (-425, Rounding.HALF_UP, -420),
        (Fraction(4246, 10), Rounding.HALF_AWAY, 420),
        (Fraction(5145, 10), Rounding.HALF_EVEN, 510),  # Bermuda Bowl 2011: 514.55 -> 510
    ],
)
def test_rounding(mean: int | Fraction, rounding: Rounding, datum: int) -> None:
    """Halves go away from zero, to even, or up, as named (ACBL: 425 -> 420, 435 -> 440)."""
    assert round_datum(Fraction(mean), rounding) == datum


@settings(max_examples=150)
@given(
    st.lists(build.scores, min_size=1, max_size=12),
    st.sampled_from(["trimmed-mean", "mean", "median"]),
    st.integers(0, 4),
    st.sampled_from(["half-away", "half-even", "half-up", "none"]),
)
def test_datums_match_reference(scores: list[int], datum: str, drop: int, rounding: str) -> None:
    """Sort-and-slice with Decimal rounding agrees with the datum code."""
    options = ButlerOptions(datum=datum, drop=drop, rounding=rounding)  # type: ignore[arg-type]
    expected, _ = reference.butler(scores, datum=datum, drop=drop, rounding=rounding)
    assert board_datum(scores, options) == expected


def test_hemel_trimmed_mean_and_median() -> None:
    """620 x4, 170 x3 (Hemel/blakjak): trimmed datum 440, median 620."""
    scores = [620] * 4 + [170] * 3
    assert board_datum(scores, ButlerOptions(datum="trimmed-mean")) == 440  # type: ignore[arg-type]
    assert board_datum(scores, ButlerOptions(datum="median")) == 620  # type: ignore[arg-type]


def test_trimmed_mean_never_leaves_nothing() -> None:
    """Two scores with drop 1: nothing is dropped; three with drop 5: the middle one."""
    assert board_datum([100, 200], ButlerOptions(datum="trimmed-mean")) == 150  # type: ignore[arg-type]
    assert board_datum([100, 420, 200], ButlerOptions(datum="trimmed-mean", drop=5)) == 200  # type: ignore[arg-type]


def test_unrounded_datum_is_kept_exact() -> None:
    """--rounding none: IMPs from the exact mean (gap policy applies); the
    board shows the datum to a whole point and keeps the exact one."""
    event = build.pairs_event([[420, 420, 460]])
    scored = butler(event, datum="mean", rounding="none")
    board = scored.boards[0]
    assert board.exact_datum == Fraction(1300, 3)
    assert board.datum == 433
    # 420 - 433 1/3 falls between the 0 and 1 IMP rows -> 0 (lower); 460 - 433 1/3 -> 1
    assert [r.ns_points for r in board.results] == [0, 0, 1]
    upper = butler(event, datum="mean", rounding="none", imp_gaps="upper")
    assert [r.ns_points for r in upper.boards[0].results] == [-1, -1, 1]
    with pytest.raises(ScoringError, match="between two rows"):
        butler(event, datum="mean", rounding="none", imp_gaps="strict")


# -- whole events ------------------------------------------------------------------


def _datum_options(datum: str) -> st.SearchStrategy[dict[str, object]]:
    """Options for ``datum``: --drop only with the trimmed mean and --rounding
    not with zero-sum, as given elsewhere they are refused."""
    own: dict[str, st.SearchStrategy[object]] = {"datum": st.just(datum)}
    if datum == "trimmed-mean":
        own["drop"] = st.integers(0, 2)
    if datum != "zero-sum":
        own["rounding"] = st.sampled_from(["half-away", "half-even", "half-up", "none"])
    return st.fixed_dictionaries(
        {
            **own,
            "double": st.booleans(),
            "halve": st.booleans(),
            "artificial_imps": st.sampled_from([Fraction(3), Fraction(2)]),
        }
    )


OPTIONS = st.sampled_from(["zero-sum", "trimmed-mean", "mean", "median"]).flatmap(_datum_options)


@settings(max_examples=60)
@given(st.lists(build.boards(1, 8), min_size=1, max_size=4), OPTIONS)
def test_event_matches_reference(
    boards: list[list[build.Spec]], options: dict[str, object]
) -> None:
    """Every board's datum and points, with adjusted and not-played tables mixed in,
    agree with the reference; totals are plain sums; the event is unchanged."""
    event = build.pairs_event(boards)
    before = event
    scored = butler(event, **options)
    assert scored.event is event and event == before
    totals: dict[tuple[str, Direction | None], Fraction] = {}
    played: dict[tuple[str, Direction | None], int] = {}
    for specs, board in zip(boards, scored.boards, strict=True):
        datum, points = reference.butler(specs, **options)  # type: ignore[arg-type]
        shown = board.datum if board.exact_datum is None else board.exact_datum
        assert shown == datum
        assert [(r.ns_points, r.ew_points) for r in board.results] == points
        for r, (ns, ew) in zip(board.results, points, strict=True):
            for pair, direction, value in (
                (r.result.ns, Direction.NS, ns),
                (r.result.ew, Direction.EW, ew),
            ):
                if value is not None:
                    assert pair is not None
                    totals[(pair, direction)] = totals.get((pair, direction), Fraction(0)) + value
                    played[(pair, direction)] = played.get((pair, direction), 0) + 1
    for standing in scored.standings:
        k = (standing.participant.id, standing.participant.direction)
        assert standing.total == totals.get(k, 0)
        assert standing.boards == played.get(k, 0)


def test_standings_rank_each_direction_with_ties() -> None:
    """Two-winner Mitchell: NS and EW ranked apart; equal totals share the better rank."""
    # Board 1 at tables 1..3: NS 1 +, NS 2 and 3 level.
    event = build.pairs_event([[620, 170, 170]])
    scored = butler(event, datum="trimmed-mean")
    ns = {
        s.participant.id: (s.rank, s.tied)
        for s in scored.standings
        if s.participant.direction is Direction.NS
    }
    ew = {
        s.participant.id: (s.rank, s.tied)
        for s in scored.standings
        if s.participant.direction is Direction.EW
    }
    assert ns == {"1": (1, False), "2": (2, True), "3": (2, True)}
    assert sorted(ew.values()) == [(1, True), (1, True), (3, False)]
    assert scored.datum_label == "trimmed-mean"
    assert scored.options["datum"] == "trimmed-mean"


def test_butler_on_a_teams_event_uses_the_whole_field() -> None:
    """Pairs inside a teams event: every table that played the board is one field."""
    event = build.teams_event([[[420, 450]], [[420, -50]]])
    scored = butler(event, datum="mean")
    # Field 420, 450, 420, -50 -> mean 310: IMP(110) = 3, IMP(140) = 4, IMP(-360) = -8.
    points = [r.ns_points for b in scored.boards for r in b.results]
    assert points == [3, 4, 3, -8]
    assert all(b.datum == 310 for b in scored.boards)
    kinds = {s.participant.kind.value for s in scored.standings}
    assert kinds == {"team", "pair"}


# -- Compscore3 --------------------------------------------------------------------


def test_compscore3_butler_numbers(shared_samples: Path) -> None:
    """Trimmed mean (drop 1, half away from zero) gives every BOARD_AVERAGE,
    every NS/EW_BUTLER_POINTS, every TOTAL_SCORE and PLACE Compscore3 wrote."""
    from lxml import etree

    path = shared_samples / "usebio" / "butler_mitchell.xml"
    scored = butler(pbnscore.load(path), datum="trimmed-mean", drop=1, rounding="half-away")
    tree = etree.parse(str(path))
    written = [b for b in tree.iter("BOARD") if b.find("BOARD_AVERAGE") is not None]
    assert len(written) == len(scored.boards) == 35
    lines = 0
    for board, element in zip(scored.boards, written, strict=True):
        assert board.datum == int(element.findtext("BOARD_AVERAGE"))
        for result, line in zip(board.results, element.iter("TRAVELLER_LINE"), strict=True):
            assert result.ns_points == Fraction(line.findtext("NS_BUTLER_POINTS"))
            assert result.ew_points == Fraction(line.findtext("EW_BUTLER_POINTS"))
            lines += 1
    assert lines > 200
    pairs = {p.findtext("PAIR_NUMBER"): p for p in tree.iter("PAIR")}
    assert len(scored.standings) == len(pairs) == 14
    for standing in scored.standings:
        pair = pairs[standing.participant.id]
        assert standing.total == Fraction(pair.findtext("TOTAL_SCORE"))
        assert str(standing.rank) == pair.findtext("PLACE")


@pytest.mark.parametrize(
    ("given", "expected"),
    [(True, True), (False, False), ("yes", True), ("no", False), ("False", False), ("1", True)],
    ids=["true", "false", "yes", "no", "False-string", "one"],
)
def test_switches_read_their_usual_spellings(given: object, expected: bool) -> None:
    """``double="no"`` means no (plain bool("no") would be True)."""
    assert ButlerOptions(double=given).double is expected  # type: ignore[arg-type]


def test_a_switch_that_is_neither_yes_nor_no_is_refused() -> None:
    """A misspelt switch is an option error, not a silent True."""
    with pytest.raises(pbnscore.OptionError, match="yes or no"):
        pbnscore.score(build.pairs_event([[420, 170]]), "butler", double="maybe")
