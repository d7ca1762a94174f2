"""A report's "How it was scored" says the conventions the figures were
made by (docs/reference/conventions.md): the scale, how the datum's field
was trimmed, how it was rounded or which middle score it took, the VP
scale's length; never the default's words for another convention."""

from __future__ import annotations

import pytest

import model_events as build
import pbnscore
from pbnscore.report._view import how_scored

PAIRS = build.pairs_event([[110, 80, -90, -100, 110, 0, 90, -90, 80]])


def words(method: str, event: object = PAIRS, **options: object) -> str:
    scored = pbnscore.score(event, method, **options)  # type: ignore[arg-type]
    return " ".join(how_scored(scored.method, scored.options))


def test_bastille_says_the_continuous_scale_and_the_exact_datum() -> None:
    """De Wael's method: no rounding of the datum, and not Law 78B's steps."""
    said = words("butler", preset="bastille")
    assert "continuous IMP scale" in said
    assert "standard scale" not in said
    assert "rounded to 10" not in said
    assert "kept exact" in said


@pytest.mark.parametrize("method", ["cross-imps", "barking"])
def test_other_methods_say_the_continuous_scale(method: str) -> None:
    event = build.teams_event([[[420, -400, 450, -420]]]) if method == "barking" else PAIRS
    said = words(method, event, imps="continuous")
    assert "continuous IMP scale" in said and "standard scale" not in said
    assert "standard scale" in words(method, event)


@pytest.mark.parametrize(
    ("options", "said"),
    [
        ({"datum": "trimmed-mean"}, "after the highest and the lowest score are left out"),
        ({"datum": "trimmed-mean", "drop": 2}, "after the 2 highest and the 2 lowest scores"),
        ({"datum": "trimmed-mean", "drop": "10%"}, "after 10% of the scores at each end"),
        ({"preset": "german"}, "after 1/7 of the scores at each end (to the nearest whole"),
        ({"preset": "acbl"}, "as the acbl rule counts them"),
    ],
    ids=["one", "two", "percent", "german", "acbl"],
)
def test_the_drop_is_said(options: dict[str, object], said: str) -> None:
    assert said in words("butler", **options)


def test_a_threshold_is_said() -> None:
    """The German rule drops nothing below 5 scores: said."""
    assert "none where a board has fewer than 5 scores" in words("butler", preset="german")


@pytest.mark.parametrize(
    ("options", "said"),
    [
        ({"datum": "median"}, "the mean of the two middle ones, rounded to 10"),
        ({"preset": "ase-halfway-top"}, "the higher of the two middle ones"),
        ({"preset": "ase-halfway-bottom"}, "the lower of the two middle ones"),
        ({"datum": "median", "rounding": "none"}, "the mean of the two middle ones, kept exact"),
        ({"datum": "mean", "rounding": "none"}, "The datum is the average score, kept exact."),
    ],
    ids=["median", "upper", "lower", "median-exact", "mean-exact"],
)
def test_the_middle_and_rounding_are_said(options: dict[str, object], said: str) -> None:
    assert said in words("butler", **options)


@pytest.mark.parametrize(
    ("spec", "said"),
    [("2x", "the scale for 2 times its boards"), ("16", "the scale for 16 boards")],
)
def test_vp_boards_is_said(spec: str, said: str) -> None:
    event = build.teams_event([[[430, 0]] * 8])
    assert said in words("aggregate", event, vp_boards=spec)
    assert "the scale for" not in words("aggregate", event)
