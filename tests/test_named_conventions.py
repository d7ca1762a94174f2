"""Conventions scorers name (docs/reference/conventions.md): halfway medians,
the EBU's cross-IMP divisors, trimming by a fraction with a threshold, VPs
on a multiple of the boards; each hand-worked from its published definition
and checked against the slow references in ``reference``."""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import model_events as build
import pbnscore
import reference
from pbnscore import imps
from pbnscore.errors import OptionError
from pbnscore.model import Event, ScoredEvent
from pbnscore.strategies.butler import (
    ButlerOptions,
    Datum,
    Middle,
    Rounding,
    ShareRounding,
    board_datum,
    to_drop,
)


def score(event: Event, method: str, **options: object) -> ScoredEvent:
    return pbnscore.score(event, method, **options)


# -- medians: ASE Scorer's halfway Butler ------------------------------------------------


@pytest.mark.parametrize(
    ("middle", "datum"),
    [("mean", 440), ("upper", 450), ("lower", 420)],
    ids=["mean", "upper", "lower"],
)
def test_halfway_median_of_four(middle: str, datum: int) -> None:
    """Four scores 620, 450, 420, -50: the two middle ones are 450 and 420.
    Their mean 435 rounds half away to 440; counting halfway from the top
    (upper) gives the 2nd highest, 450; from the bottom (lower) the 3rd
    highest, 420."""
    options = ButlerOptions(datum=Datum.MEDIAN, median=Middle(middle))
    assert board_datum([620, 450, 420, -50], options) == datum


def test_halfway_median_scores_the_board() -> None:
    """The upper middle of 620, 450, 420, -50 is 450: 620 scores +5 IMPs
    (170), 420 -1 (-30), -50 -11 (-500); the lower middle 420: 620 +5 (200),
    450 +1 (30), -50 -10 (-470)."""
    event = build.pairs_event([[620, 450, 420, -50]])
    upper = score(event, "butler", datum="median", median="upper").boards[0]
    lower = score(event, "butler", datum="median", median="lower").boards[0]
    assert upper.datum == 450 and [r.ns_points for r in upper.results] == [5, 0, -1, -11]
    assert lower.datum == 420 and [r.ns_points for r in lower.results] == [5, 1, 0, -10]


def test_rounding_is_refused_with_a_middle_score() -> None:
    """--rounding does nothing with --median upper: refused, like any option
    that does nothing."""
    event = build.pairs_event([[620, 450, 420, -50]])
    with pytest.raises(OptionError, match="--rounding"):
        score(event, "butler", datum="median", median="upper", rounding="half-even")
    with pytest.raises(OptionError, match="--median"):
        score(event, "butler", datum="mean", median="upper")


@settings(max_examples=150)
@given(
    st.lists(build.scores, min_size=1, max_size=12),
    st.sampled_from(["mean", "upper", "lower"]),
    st.sampled_from(["half-away", "half-even", "half-up", "none"]),
)
def test_medians_match_reference(scores: list[int], middle: str, rounding: str) -> None:
    """Every median agrees with sorting highest first and counting halfway."""
    options = ButlerOptions(datum=Datum.MEDIAN, median=Middle(middle), rounding=Rounding(rounding))
    assert board_datum(scores, options) == reference.median(scores, rounding, middle)


def test_ase_presets_are_the_halfway_medians() -> None:
    """--preset ase-halfway-top is --datum median --median upper, -bottom lower."""
    event = build.pairs_event([[620, 450, 420, -50], [100, 200]])
    for preset, middle in (("ase-halfway-top", "upper"), ("ase-halfway-bottom", "lower")):
        by_preset = score(event, "butler", preset=preset)
        assert by_preset.boards == score(event, "butler", datum="median", median=middle).boards
        assert by_preset.options["median"] == middle


# -- the EBU's cross-IMP divisors -----------------------------------------------------


@pytest.mark.parametrize("normalise", ["total", "average", "results", "sqrt-2rc"])
def test_ebu_divisors_by_hand(normalise: str) -> None:
    """420 against 450, -50 and 100 (Law 78B by hand): -30 is -1 IMP, 470
    +10, 320 +8; the sum 17 over c = 3 comparisons, r = c + 1 = 4 results.
    The EBU's divisors: 1, c, r and sqrt(2rc) = sqrt(24) = 4.898979...,
    whose quotient 3.4701... is kept to the hundredth: 17, 17/3, 17/4, 3.47."""
    comparisons = [-1, 10, 8]
    total = sum(comparisons)
    c = len(comparisons)
    r = c + 1
    by_hand = {
        "total": Fraction(total, 1),
        "average": Fraction(total, c),
        "results": Fraction(total, r),
        "sqrt-2rc": Fraction(round(Decimal(total) / Decimal(2 * r * c).sqrt(), 2)),
    }
    assert by_hand["sqrt-2rc"] == Fraction(347, 100)
    board = score(build.pairs_event([[420, 450, -50, 100]]), "cross-imps", normalise=normalise)
    assert board.boards[0].results[0].ns_points == by_hand[normalise]
    assert board.boards[0].results[0].ew_points == -by_hand[normalise]


@settings(max_examples=80)
@given(
    st.lists(build.boards(1, 10), min_size=1, max_size=3),
    st.sampled_from(["total", "average", "results", "sqrt-2rc"]),
)
def test_divisors_match_all_pairs(boards: list[list[build.Spec]], normalise: str) -> None:
    """Every divisor agrees with the all-pairs sum divided as the EBU lists
    (sqrt(2rc) in 60-digit decimals, rounded half away to the hundredth)."""
    scored = score(build.pairs_event(boards), "cross-imps", normalise=normalise)
    for specs, board in zip(boards, scored.boards, strict=True):
        expected = reference.cross_imps(specs, normalise=normalise)
        assert [(r.ns_points, r.ew_points) for r in board.results] == expected


# -- trimming by a fraction with a threshold: the German club rule ----------------------


@pytest.mark.parametrize(
    ("n", "dropped"),
    [(4, 0), (5, 1), (7, 1), (8, 1), (14, 2)],
    ids=["4", "5", "7", "8", "14"],
)
def test_german_rule(n: int, dropped: int) -> None:
    """More than 4 scores: 1/7 at each end, to the nearest whole score (5/7,
    1, 8/7 -> 1; 14/7 = 2); 4 scores keep all. Scores 10, 20, ... n*10: the
    datum is the mean of those kept, rounded to 10."""
    scores = [10 * (i + 1) for i in range(n)]
    kept = scores[dropped : n - dropped]
    options = ButlerOptions(
        datum=Datum.TRIMMED_MEAN,
        drop=to_drop("1/7"),
        drop_rounding=ShareRounding.NEAREST,
        drop_from=5,
    )
    assert options.drop.count(n, options.drop_rounding, options.drop_from) == dropped
    event = build.pairs_event([scores])
    board = score(event, "butler", preset="german").boards[0]
    assert board.datum_record.dropped == dropped
    assert board.datum == reference.round_to_ten(Fraction(sum(kept), len(kept)), "half-away")


def test_share_rounding_each_way() -> None:
    """1/7 of 8 is 8/7: up 2, nearest 1, down 1; of 13 (13/7 = 1.86): up 2, nearest 2, down 1."""
    share = to_drop("1/7")
    assert [share.wanted(8, r) for r in ShareRounding] == [2, 1, 1]
    assert [share.wanted(13, r) for r in ShareRounding] == [2, 2, 1]


@settings(max_examples=150)
@given(
    st.lists(build.scores, min_size=1, max_size=30),
    st.sampled_from(["1/7", "1/3", "10%", "25%", 1, "acbl"]),
    st.sampled_from(["up", "nearest", "down"]),
    st.integers(1, 12),
)
def test_shares_match_reference(
    scores: list[int], drop: str | int, rounding: str, smallest: int
) -> None:
    """Every share, rounding and threshold agrees with counting and slicing."""
    options = ButlerOptions(
        datum=Datum.TRIMMED_MEAN,
        drop=to_drop(drop),
        drop_rounding=ShareRounding(rounding),
        drop_from=smallest,
    )
    ordered = sorted(scores)
    k = min(reference.drop_count(drop, len(ordered), rounding, smallest), (len(ordered) - 1) // 2)
    kept = ordered[k : len(ordered) - k]
    expected = reference.round_to_ten(Fraction(sum(kept), len(kept)), "half-away")
    assert board_datum(scores, options) == expected


# -- VPs on a multiple of the boards ---------------------------------------------------


@pytest.mark.parametrize("spec", ["2x", "16"], ids=["2x", "16"])
@pytest.mark.parametrize("tables", ["all", "paired"])
def test_eight_boards_on_the_sixteen_board_scale(spec: str, tables: str) -> None:
    """An 8-board match won by 10 IMPs (one board +430 against 0, the rest
    flat) converts on the 16-board scale, with either --tables rule:
    the WBF formula V = 10 + 10 (1 - r^(M/X)) / (1 - r), X = 15 sqrt(16) = 60,
    r = tau^3, tau = (sqrt(5) - 1) / 2: 12.80 (on its own 8-board scale 13.7...)."""
    event = build.teams_event([[[430, 0]] + [[0, 0]] * 7])
    plain = score(event, "aggregate", tables=tables).matches[0]
    scaled = score(event, "aggregate", tables=tables, vp_boards=spec).matches[0]
    margin = plain.imps - plain.opponent_imps
    assert margin == 10
    r = ((5**0.5 - 1) / 2) ** 3
    expected = 10 + 10 * (1 - r ** (float(margin) / 60)) / (1 - r)
    assert abs(float(scaled.vp) - expected) < 0.006
    assert scaled.vp != plain.vp


def vp_length(spec: str, boards: int) -> int:
    """The board count a VP scale is for, by --vp-boards's words: N, or
    K x the match's boards to the nearest whole board (a half up)."""
    if not spec.endswith("x"):
        return int(spec)
    exact = Fraction(spec[:-1]) * boards
    whole = int(exact)
    return max(1, whole + 1 if exact - whole >= Fraction(1, 2) else whole)


@settings(max_examples=60)
@given(
    st.lists(st.tuples(build.scores, build.scores), min_size=1, max_size=9),
    st.sampled_from(["1x", "1.5x", "1.6x", "2x", "3x", "0.5x", "1", "16", "24"]),
    st.sampled_from(["wbf", "wbf-discrete"]),
    st.sampled_from(["all", "paired"]),
)
def test_vp_boards_matches_reference(
    boards: list[tuple[int, int]], spec: str, vp: str, tables: str
) -> None:
    """A teams-of-four match of b boards with --vp-boards converts its
    margin exactly as a match of the scale's boards would: the WBF
    continuous scale's formula (to 0.01) or its discrete scale, both
    teams' VPs adding to 20."""
    event = build.teams_event([[list(b) for b in boards]])
    plain = score(event, "aggregate", tables=tables, vp="none").matches[0]
    scaled = score(event, "aggregate", tables=tables, vp=vp, vp_boards=spec).matches[0]
    margin = Fraction(plain.imps - plain.opponent_imps)
    length = vp_length(spec, len(boards))
    assert scaled.vp is not None and scaled.opponent_vp is not None
    assert scaled.vp + scaled.opponent_vp == 20
    if vp == "wbf":
        r = ((5**0.5 - 1) / 2) ** 3
        winner = min(20.0, 10 + 10 * (1 - r ** (float(abs(margin)) / (15 * length**0.5))) / (1 - r))
        mine = winner if margin >= 0 else 20 - winner
        assert abs(float(scaled.vp) - mine) < 0.011  # the WBF's table: 2 dp, made concave
    else:
        assert (scaled.vp, scaled.opponent_vp) == imps.wbf_discrete_vps(margin, length)


@pytest.mark.parametrize("bad", ["0", "-2x", "x", "1.5", "many"])
def test_vp_boards_refuses_nonsense(bad: str) -> None:
    """--vp-boards takes a whole board count or a positive multiple Kx."""
    with pytest.raises(OptionError, match="--vp-boards"):
        score(build.teams_event([[[430, 0]]]), "aggregate", vp_boards=bad)
