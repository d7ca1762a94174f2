"""De Wael's continuous ("Bastille") IMP scale, ``--imps continuous``
(docs/reference/conventions.md "Continuous IMPs"): the page's formulas
against the scale's definition, his published example, and every method
against the slow references."""

from __future__ import annotations

import re
from fractions import Fraction

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

import model_events as build
import pbnscore
import reference
from pbnscore import figures
from pbnscore.errors import OptionError
from pbnscore.imps import ContinuousSums, ImpGaps, continuous_imps, imps
from pbnscore.report import explain as explain_text
from pbnscore.report import season as season_report

CAPS = st.sampled_from([None, 1, 5, 17, 24])


def test_the_page_formulas_are_the_definition() -> None:
    """Every difference from -6000 to 6000 (and each with a cap): the
    page's ten formulas agree with the straight lines through the half-way
    points of Law 78B's rows."""
    for difference in range(-6000, 6001):
        assert continuous_imps(difference) == reference.continuous_imp(difference)
    for cap in (1, 3, 24):
        for difference in range(-5000, 5001, 7):
            expected = reference.continuous_imp(difference, cap)
            assert continuous_imps(difference, cap) == expected


@pytest.mark.parametrize(
    ("difference", "expected"),
    [
        (0, 0),
        (15, Fraction(1, 2)),  # the page: "15 points gives 0.5 IMP"
        (45, Fraction(3, 2)),  # "45 equals 1.5 IMP"
        (85, Fraction(5, 2)),
        (165, Fraction(9, 2)),
        (215, Fraction(11, 2)),
        (2495, Fraction(41, 2)),
        (3995, Fraction(47, 2)),
        (4000, Fraction(2351, 100)),  # the last row, "over 2495", has no end
        (-30, -1),
    ],
)
def test_half_way_points(difference: int, expected: Fraction) -> None:
    assert continuous_imps(difference) == expected


@settings(max_examples=300)
@given(st.integers(-399, 399).map(lambda x: 10 * x))
@example(20)
@example(-3990)
def test_rounded_to_the_nearest_it_is_law_78b(difference: int) -> None:
    """The page: "if one applies the Bastille scoring, and then rounds the
    IMPs to the nearest integer, this automatically equals the Butler score"
    (every multiple of 10 below 4000 lies off the half-way points)."""
    assert round(continuous_imps(difference)) == imps(difference, ImpGaps.LOWER)


@settings(max_examples=200)
@given(
    st.fractions(min_value=-9000, max_value=9000, max_denominator=50),
    st.fractions(min_value=-9000, max_value=9000, max_denominator=50),
    CAPS,
)
def test_odd_increasing_and_the_definition(a: Fraction, b: Fraction, cap: int | None) -> None:
    """IMP(-d) = -IMP(d), never less for a larger difference, and the
    definition's value at any fraction (an unrounded datum's difference)."""
    assert continuous_imps(-a, cap) == -continuous_imps(a, cap)
    low, high = sorted((a, b))
    assert continuous_imps(low, cap) <= continuous_imps(high, cap)
    assert continuous_imps(a, cap) == reference.continuous_imp(a, cap)


@settings(max_examples=150)
@given(
    st.lists(st.integers(-900, 900).map(lambda x: 10 * x), max_size=40),
    CAPS,
    st.integers(-900, 900),
)
def test_continuous_sums_add_every_comparison(values: list[int], cap: int | None, x: int) -> None:
    """The bisected sums are the sum of each value's IMPs."""
    sums = ContinuousSums(values, cap)
    for at in (10 * x, 10 * x + 5, Fraction(10 * x, 7)):
        expected = sum((reference.continuous_imp(at - v, cap) for v in values), Fraction(0))
        assert sums(at) == expected


# -- De Wael's published example --------------------------------------------------------

# "Calculating Bridge Tournaments", General Principles - Bastille: nine NS
# scores and the Bastille figure of each, to one decimal.
DE_WAEL = [110, 80, -90, -100, 110, 0, 90, -90, 80]
DE_WAEL_FIGURES = ["2.5", "1.7", "-3.3", "-3.5", "2.5", "-0.9", "2.0", "-3.3", "1.7"]


def one_decimal(value: Fraction) -> str:
    tenths = (abs(value) * 20 + 1) // 2  # half away from zero
    sign = "-" if value < 0 and tenths else ""
    return f"{sign}{tenths // 10}.{tenths % 10}"


def test_de_wael_example() -> None:
    """Top and bottom dropped, the mean kept exact (180/7), each difference
    on the continuous scale: his nine figures to one decimal."""
    event = build.pairs_event([DE_WAEL])
    board = pbnscore.score(event, "butler", preset="bastille").boards[0]
    assert board.exact_datum == Fraction(180, 7)
    figures = [r.ns_points for r in board.results]
    assert [one_decimal(Fraction(f)) for f in figures] == DE_WAEL_FIGURES
    assert [r.ew_points for r in board.results] == [-f for f in figures]
    assert figures == reference.continuous_butler(DE_WAEL, Fraction(180, 7))


def test_de_wael_example_by_the_flags() -> None:
    """The preset is its flags."""
    event = build.pairs_event([DE_WAEL])
    by_flags = pbnscore.score(
        event, "butler", datum="trimmed-mean", drop=1, rounding="none", imps="continuous"
    )
    by_preset = pbnscore.score(event, "butler", preset="bastille")
    assert [r.ns_points for r in by_flags.boards[0].results] == [
        r.ns_points for r in by_preset.boards[0].results
    ]


# -- every method against the references ------------------------------------------------


@settings(max_examples=80)
@given(
    st.lists(build.boards(1, 9, real_only=True), min_size=1, max_size=3),
    CAPS,
    st.sampled_from(["trimmed-mean", "mean", "median"]),
    st.sampled_from(["none", "half-away"]),
)
@example([DE_WAEL], None, "trimmed-mean", "none")
def test_butler_matches_reference(
    boards: list[list[int]], cap: int | None, datum: str, rounding: str
) -> None:
    options: dict[str, object] = {"datum": datum, "imps": "continuous", "imp_cap": cap}
    if datum != "median":
        options["rounding"] = rounding
    scored = pbnscore.score(build.pairs_event(boards), "butler", **options)
    for scores, board in zip(boards, scored.boards, strict=True):
        exact = board.datum if board.exact_datum is None else board.exact_datum
        if datum == "median":
            expected_datum = reference.median(scores, "half-away")
        else:
            drop = 1 if datum == "trimmed-mean" else 0
            expected_datum = reference.trimmed_mean(scores, drop, rounding)
        assert exact == expected_datum
        expected = reference.continuous_butler(scores, expected_datum, cap)
        assert [r.ns_points for r in board.results] == expected
        assert [r.ew_points for r in board.results] == [-p for p in expected]


@settings(max_examples=80)
@given(st.lists(build.boards(1, 10, real_only=True), min_size=1, max_size=3), CAPS)
def test_cross_imps_match_reference(boards: list[list[int]], cap: int | None) -> None:
    scored = pbnscore.score(build.pairs_event(boards), "cross-imps", imps="continuous", imp_cap=cap)
    for scores, board in zip(boards, scored.boards, strict=True):
        expected = reference.continuous_cross_imps(scores, cap)
        assert [r.ns_points for r in board.results] == expected


@settings(max_examples=30)
@given(
    st.lists(st.lists(build.scores, min_size=4, max_size=4), min_size=1, max_size=2),
    CAPS,
)
def test_barking_matches_enumeration(tables: list[list[int]], cap: int | None) -> None:
    """Barking on the continuous scale (the sums by pair sums, as on the
    steps) agrees with enumerating every term."""
    event = build.teams_event([[specs] for specs in tables])
    scored = pbnscore.score(event, "barking", imps="continuous", imp_cap=cap)
    field = [s for specs in tables for s in specs]
    got = [r.ns_points for b in scored.boards for r in b.results]
    assert got == reference.continuous_barking(field, cap)


@settings(max_examples=40)
@given(st.lists(st.lists(build.scores, min_size=2, max_size=2), min_size=1, max_size=3), CAPS)
def test_aggregate_matches_reference(boards: list[list[int]], cap: int | None) -> None:
    """Each board's added scores on the continuous scale."""
    event = build.teams_event([boards])
    scored = pbnscore.score(event, "aggregate", vp="none", imps="continuous", imp_cap=cap)
    for scores, board in zip(boards, scored.matches[0].boards, strict=True):
        home = scores[0] - scores[1]  # the home team NS at table 1, EW at table 2
        assert board.imps == reference.continuous_imp(home, cap)


# -- where it does not apply ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("method", "options", "says"),
    [
        (
            "butler",
            {"imps": "continuous"},
            "--imps applies to --datum trimmed-mean, mean or median",
        ),
        (
            "butler",
            {"imps": "continuous", "datum": "mean", "imp_gaps": "upper"},
            "--imp-gaps applies to --imps steps",
        ),
        (
            "cross-imps",
            {"imps": "continuous", "imp_gaps": "strict"},
            "--imp-gaps applies to --imps steps",
        ),
    ],
)
def test_refused_where_it_does_nothing(method: str, options: dict[str, object], says: str) -> None:
    with pytest.raises(OptionError, match=says):
        pbnscore.score(build.pairs_event([[100, 200, 300]]), method, **options)


def test_aggregate_refuses_it_on_a_stretched_scale() -> None:
    event = build.teams_event([[[100, -50]]])
    with pytest.raises(OptionError, match="--imps applies to --imp-scale 1"):
        pbnscore.score(event, "aggregate", imps="continuous", imp_scale="2")


def test_the_options_say_it() -> None:
    """JSON's method options and the PBN Scoring tag name the scale."""
    scored = pbnscore.score(build.pairs_event([DE_WAEL]), "cross-imps", imps="continuous")
    assert scored.options["imps"] == "continuous"
    assert b";Continuous" in pbnscore.dumps(scored, "pbn")


def test_explain_shows_the_fractions() -> None:
    """explain says each difference's IMPs as figures, not whole IMPs (to
    one decimal, as every output of the scale shows them)."""
    explained = pbnscore.explain(
        build.pairs_event([DE_WAEL]), board=1, method="butler", preset="bastille"
    )
    steps = [step.text for line in explained.boards[0].lines for step in line.steps]
    assert steps[0] == "110 − datum 25.7 = 84.3: 2.5 IMPs"
    assert steps[5] == "0 − datum 25.7 = -25.7: -0.9 IMPs"


# -- figures to one decimal -------------------------------------------------------------

ONE_DECIMAL = ["2.5", "1.7", "-3.3", "-3.5", "2.5", "-0.9", "2.0", "-3.3", "1.7"]
TWO_DECIMALS = ["2.48", "1.73", "-3.27", "-3.52", "2.48", "-0.86", "1.98", "-3.27", "1.73"]


def test_every_page_shows_one_decimal() -> None:
    """Where the scale is continuous the figures are shown to one decimal, as
    the page shows them: each board's points and each total in text, HTML
    and CSV, and explain's steps. USEBIO and PBN, files other programs read,
    keep the two decimals their contract states; JSON keeps the exact value."""
    scored = pbnscore.score(build.pairs_event([DE_WAEL]), "butler", preset="bastille")
    usebio = pbnscore.dumps(scored, "usebio").decode()
    assert re.findall(r"<NS_BUTLER_POINTS>([^<]*)<", usebio) == TWO_DECIMALS
    assert "<TOTAL_SCORE>2.48<" in usebio
    pbn = pbnscore.dumps(scored, "pbn").decode()
    rows = [line.split() for line in pbn.splitlines() if re.match(r"\d \d ", line)]
    assert [row[-2] for row in rows] == TWO_DECIMALS
    for to in ("text", "html", "csv"):
        report = pbnscore.dumps(scored, to).decode()
        assert "2.48" not in report and "-3.52" not in report, to
        assert "-3.5" in report and "2.5" in report, to
    assert ",2.5,1,2.5" in pbnscore.dumps(scored, "csv").decode()
    text = pbnscore.dumps(scored, "text").decode()
    assert [figure for figure in ONE_DECIMAL if figure not in text] == []
    assert "2.48" in pbnscore.dumps(scored, "json").decode()  # a number, unrounded
    explained = pbnscore.explain(build.pairs_event([DE_WAEL]), 1, "butler", preset="bastille")
    steps = [step.text for line in explained.boards[0].lines for step in line.steps]
    assert steps[0] == "110 − datum 25.7 = 84.3: 2.5 IMPs"
    text = explain_text.render(explained)
    assert "2.48" not in text and "NS 2.5 (= 139/56)" in text


@pytest.mark.parametrize("method", ["cross-imps", "barking"])
def test_other_methods_show_one_decimal(method: str) -> None:
    """Cross-IMPs averaged over 3 comparisons (17/3 is 5.7) and barking's terms."""
    event = (
        build.teams_event([[[420, -400, 450, -420]]])
        if method == "barking"
        else build.pairs_event([[420, 450, -50, 100]])
    )
    steps = pbnscore.score(event, method)
    scored = pbnscore.score(event, method, imps="continuous")
    assert re.search(r"\d\.\d\d\b", pbnscore.dumps(steps, "text").decode())
    assert not re.search(r"\d\.\d\d\b", pbnscore.dumps(scored, "text").decode())
    assert re.search(r"\d\.\d\d\b", pbnscore.dumps(scored, "usebio").decode())  # its contract's


def test_vps_keep_the_wbf_scales_two_decimals() -> None:
    """Aggregate converted to VPs shows the WBF scale's VPs to two decimals
    (the figures a team is ranked on); with --vp none its IMPs to one."""
    event = build.teams_event([[[430, 0]] + [[20, 0]] * 7])
    on_vps = pbnscore.score(event, "aggregate", imps="continuous")
    assert re.search(r"\d\.\d\d\b", pbnscore.dumps(on_vps, "text").decode())
    imps_only = pbnscore.score(event, "aggregate", imps="continuous", vp="none")
    report = pbnscore.dumps(imps_only, "text").decode()
    assert "14.2" in report and not re.search(r"\d\.\d\d\b", report)


def test_a_season_of_continuous_events_shows_one_decimal() -> None:
    """A season whose events were all scored on the continuous scale shows
    its totals to one decimal, in text and CSV."""
    ranked = pbnscore.season([build.pairs_event([DE_WAEL])], "butler", preset="bastille")
    for to in ("text", "csv", "html"):
        page = season_report.render(ranked, to)
        assert "3.5" in page and "2.48" not in page and "3.52" not in page, to


@pytest.mark.parametrize(("imps", "datum"), [("continuous", "25.7"), ("steps", "25.71")])
def test_a_scorecard_shows_the_datum_the_points_were_taken_from(imps: str, datum: str) -> None:
    """Under --rounding none the datum is kept exact: a scorecard's Datum
    column shows that figure (180/7), not the whole number USEBIO is given."""
    scored = pbnscore.score(
        build.pairs_event([DE_WAEL]), "butler", datum="trimmed-mean", rounding="none", imps=imps
    )
    report = pbnscore.dumps(scored, "text").decode()
    card = report[report.index("Pair 1 · NS · Section A\nBoard") :].splitlines()[3]
    assert card.split()[4] == datum, card


@settings(max_examples=200)
@given(st.fractions(min_value=-5000, max_value=5000, max_denominator=1000))
@example(Fraction(-1, 20))  # -0.05: -0.1, half away from zero
@example(Fraction(-1, 21))  # -0.047...: 0.0, never "-0.0"
def test_one_decimal_is_the_one_rule(value: Fraction) -> None:
    """Inside a continuous scale's options every figure is spelt to one
    decimal, halves away from zero, never "-0.0"; outside, to two."""
    tenths = (abs(value) * 20 + 1) // 2
    sign = "-" if value < 0 and tenths else ""
    with figures.shown_as({"imps": "continuous"}):
        assert figures.points_text(value) == f"{sign}{tenths // 10}.{tenths % 10}"
    with figures.shown_as({"imps": "continuous", "vp": "wbf"}):
        assert len(figures.points_text(value).split(".")[1]) == 2
    assert len(figures.points_text(value).split(".")[1]) == 2


@settings(max_examples=25, deadline=None)
@given(
    st.lists(build.boards(2, 7, real_only=True), min_size=1, max_size=3),
    st.sampled_from(["butler", "cross-imps"]),
)
def test_no_output_of_a_continuous_event_has_two_decimals(
    boards: list[list[int]], method: str
) -> None:
    """Random events on the continuous scale: no figure of the text or CSV
    output is spelt with two decimals (USEBIO and PBN keep their two)."""
    options: dict[str, object] = {"imps": "continuous"}
    if method == "butler":
        options |= {"datum": "mean", "rounding": "none"}
    scored = pbnscore.score(build.pairs_event(boards), method, **options)
    for to in ("text", "csv"):
        assert not re.search(r"\d\.\d\d\b", pbnscore.dumps(scored, to).decode()), to
