"""Butler's zero-sum fields scored in one go (``tabled_datum`` and the
tabled scorer), held to the step-by-step path (``par_of``, ``run_of``,
``middle_par``; ``Butler._score_field``) and to the slow reference."""

from __future__ import annotations

from collections import Counter

from hypothesis import example, given, settings
from hypothesis import strategies as st

import model_events as build
import reference
from pbnscore.imps import ImpForm, ImpGaps
from pbnscore.strategies._field_layout import layout
from pbnscore.strategies._zero_sum import (
    imp_rows,
    middle_par,
    par_of,
    par_sums,
    run_of,
    tabled_datum,
)
from pbnscore.strategies.butler import Butler, ButlerOptions, Datum
from test_butler import ANY_SCORES, CAPS, FACTORS

GAPS = st.sampled_from([ImpGaps.LOWER, ImpGaps.UPPER])


@settings(max_examples=300, deadline=None)
@given(ANY_SCORES, FACTORS, GAPS, CAPS)
@example([0, 30], 1, ImpGaps.LOWER, None)  # no zero: tied either side, 0 the closest
@example([-460] * 6, 1, ImpGaps.LOWER, None)  # a run either side of the par
@example([-9000, 9000, 5], 2, ImpGaps.UPPER, 1)
def test_tabled_datum_is_the_step_by_step_search(
    scores: list[int], factor: int, gaps: ImpGaps, cap: int | None
) -> None:
    sums = par_sums(scores, factor, gaps, cap)
    expected = middle_par(*run_of(sums, par_of(sums)))
    assert tabled_datum(dict(Counter(scores)), imp_rows(factor, gaps, cap)) == expected


@settings(max_examples=100, deadline=None)
@given(st.lists(build.scores, min_size=1, max_size=9), FACTORS, GAPS)
def test_tabled_datum_is_the_reference_scan(scores: list[int], factor: int, gaps: ImpGaps) -> None:
    shown = tabled_datum(dict(Counter(scores)), imp_rows(factor, gaps, None))
    assert shown == reference.zero_sum_shown(scores, factor, gaps.value)


OPTIONS = st.builds(
    ButlerOptions,
    double=st.booleans(),
    halve=st.booleans(),
    imp_gaps=GAPS,
    imp_cap=CAPS,
)


@settings(max_examples=150, deadline=None)
@given(st.lists(st.lists(build.specs(), min_size=1, max_size=8), min_size=1, max_size=4), OPTIONS)
@example([[420, 420, 450, 400]], ButlerOptions(halve=True))
@example([[100, None, build.AVG_PLUS, 130]], ButlerOptions())
def test_tabled_scorer_is_the_step_by_step_field(
    boards: list[list[build.Spec]], options: ButlerOptions
) -> None:
    """Every field, all real or not, scored as score_field scores it and as
    the step-by-step path does: the same points (of the same types), datum
    and record."""
    butler = Butler()
    for field in layout(build.pairs_event(boards)).fields:
        plain = butler._score_field(field, options)
        found = butler.score_field(field, options)
        assert found == plain
        assert repr(found) == repr(plain)  # 2 and Fraction(2, 1) alike would pass ==
        assert found.record == plain.record


def test_tabled_scorer_only_for_the_zero_sum_on_steps() -> None:
    butler = Butler()
    assert butler._tabled(ButlerOptions()) is not None
    assert butler._tabled(ButlerOptions(imp_gaps=ImpGaps.STRICT)) is None
    assert butler._tabled(ButlerOptions(datum=Datum.MEAN)) is None
    assert butler._tabled(ButlerOptions(imps=ImpForm.CONTINUOUS)) is None


def test_tabled_scorer_made_once_for_the_options() -> None:
    butler, options = Butler(), ButlerOptions()
    assert butler._tabled(options) is butler._tabled(options)
    assert butler._tabled(ButlerOptions(double=True)) is not butler._tabled(options)
