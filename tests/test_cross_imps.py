"""Cross-IMPs: against every other real result; the samples' own numbers."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import model_events as build
import pbnscore
import reference
from pbnscore.model import Event, ScoredEvent


def cross_imps(event: Event, **options: object) -> ScoredEvent:
    return pbnscore.score(event, "cross-imps", **options)


def ns_points(scored: ScoredEvent) -> list[list[Fraction | None]]:
    return [[r.ns_points for r in b.results] for b in scored.boards]  # type: ignore[misc]


def test_bridge_tips_example() -> None:
    """620, 170, 140, 140, -100 (bridge-tips.co.uk): 10.50, -0.25, -1.25, -1.25, -7.75."""
    scored = cross_imps(build.pairs_event([[620, 170, 140, 140, -100]]))
    expected = ["10.5", "-0.25", "-1.25", "-1.25", "-7.75"]
    assert ns_points(scored) == [[Fraction(x) for x in expected]]
    totals = cross_imps(build.pairs_event([[620, 170, 140, 140, -100]]), normalise="total")
    assert ns_points(totals) == [[4 * Fraction(x) for x in expected]]


def test_lone_result_and_adjusted() -> None:
    """A lone real result scores 0; adjusted tables get artificial IMPs; not played nothing."""
    scored = cross_imps(build.pairs_event([[420, build.AVG_PLUS, None]]))
    board = scored.boards[0]
    assert [(r.ns_points, r.ew_points) for r in board.results] == [(0, 0), (3, -3), (None, None)]
    assert board.datum is None and scored.datum_label is None


@settings(max_examples=100)
@given(
    st.lists(build.boards(1, 10), min_size=1, max_size=3),
    st.sampled_from(["average", "total"]),
    st.sampled_from(["lower", "upper"]),
)
def test_matches_double_loop(boards: list[list[build.Spec]], normalise: str, gaps: str) -> None:
    """Every point agrees with comparing each pair of results one by one."""
    scored = cross_imps(build.pairs_event(boards), normalise=normalise, imp_gaps=gaps)
    for specs, board in zip(boards, scored.boards, strict=True):
        expected = reference.cross_imps(specs, normalise, gaps)
        assert [(r.ns_points, r.ew_points) for r in board.results] == expected


@settings(max_examples=100)
@given(build.boards(2, 15, real_only=True), st.sampled_from(["average", "total"]))
def test_a_board_sums_to_zero(specs: list[build.Spec], normalise: str) -> None:
    """With every result real, the NS points of a board add up to zero."""
    scored = cross_imps(build.pairs_event([specs]), normalise=normalise)
    assert sum(r.ns_points or 0 for r in scored.boards[0].results) == 0


@settings(max_examples=30)
@given(st.lists(st.lists(build.scores, min_size=1, max_size=3), min_size=2, max_size=4))
def test_teams_field_is_every_table(tables: list[list[int]]) -> None:
    """On a teams event a board's field is every table of every match."""
    event = build.teams_event([[t] for t in tables])
    everything = [s for t in tables for s in t]
    scored = cross_imps(event)
    got = [r.ns_points for b in scored.boards for r in b.results]
    assert got == [ns for ns, _ in reference.cross_imps(everything)]


@pytest.mark.parametrize("name", ["payload_cross-imp-pairs.xml", "payload_multiple-teams.xml"])
def test_sample_cross_imp_points(shared_samples: Path, name: str) -> None:
    """Every NS/EW_CROSS_IMP_POINTS the producing program wrote (2 dp), the
    teams file's field-wide across all matches of the session."""
    from lxml import etree

    path = shared_samples / "usebio" / name
    scored = cross_imps(pbnscore.load(path))
    lines = list(etree.parse(str(path)).iter("TRAVELLER_LINE"))
    results = [r for b in scored.boards for r in b.results]
    assert len(results) == len(lines) > 100
    for result, line in zip(results, lines, strict=True):
        assert result.ns_points is not None and result.ew_points is not None
        assert round(result.ns_points, 2) == Fraction(line.findtext("NS_CROSS_IMP_POINTS"))
        assert round(result.ew_points, 2) == Fraction(line.findtext("EW_CROSS_IMP_POINTS"))
