"""pbnscore's own reader reads every profile's output: a file written with
``--usebio-for cobalt`` (every section's boards straight under EVENT) or
``ukbridge`` reads back and scores to the same figures as the event it came
from (a multi-section event written for Cobalt said "board 1 appears 2 times")."""

from __future__ import annotations

import functools
from fractions import Fraction
from pathlib import Path

import pytest

import pbnscore
from conftest import REFUSED_SAMPLES, shared_sample_files
from pbnscore import usebio
from pbnscore.errors import ProfileError
from pbnscore.model import ScoredEvent

ROOT = Path(__file__).resolve().parents[1]
FILES = [
    *sorted((ROOT / "fixtures" / "usebio").glob("*.xml")),
    *sorted((ROOT / "fixtures" / "pbn").glob("*.pbn")),
    *shared_sample_files("usebio/*.xml", "pbn/*", exclude=tuple(REFUSED_SAMPLES)),
]
MULTI_SECTION = ROOT / "fixtures" / "usebio" / "session-section-layout.xml"
NUMBERED_APART = ROOT / "fixtures" / "pbn" / "two-sections-pair-names.pbn"


@functools.cache
def _scored(path: Path) -> ScoredEvent:
    """The file scored, once for the three profiles (every file of FILES
    reads and scores: the samples known not to are left out)."""
    return pbnscore.score(pbnscore.load(path))


def _figures(scored: ScoredEvent) -> tuple[list[tuple[Fraction, int]], int]:
    """What must survive the trip, whatever the pairs are numbered: every
    standing's total and boards, and how many sections there are."""
    totals = sorted((standing.total, standing.boards) for standing in scored.standings)
    sections = sum(len(session.sections) for session in scored.event.sessions)
    return totals, sections  # type: ignore[return-value]


@pytest.mark.parametrize("dialect", ["standard", "cobalt", "ukbridge"])
@pytest.mark.parametrize("path", FILES, ids=[f"{p.parent.name}/{p.name}" for p in FILES])
def test_each_profile_s_output_reads_back_to_the_same_figures(path: Path, dialect: str) -> None:
    scored = _scored(path)
    try:
        written = usebio.dumps(scored, dialect=dialect)
    except ProfileError as refused:
        # The standard profile takes every event; why Cobalt or ukbridge
        # refuses one, test_usebio_profiles holds the event to.
        assert dialect != "standard", refused
        return
    again = pbnscore.score(usebio.loads(written, source=f"{path.name}.{dialect}.xml"))
    assert _figures(again) == _figures(scored)


@pytest.mark.parametrize(
    ("path", "ids"),
    [(MULTI_SECTION, ["1", "2"]), (NUMBERED_APART, ["A", "B"])],
    ids=["pairs-numbered-1-to-8", "sections-share-numbers"],
)
def test_a_multi_section_event_for_cobalt_reads_back_in_its_sections(
    path: Path, ids: list[str]
) -> None:
    """Two sections, their boards one after the other under EVENT for
    Cobalt, come back as two sections, each pair in its own: named by the
    letter Cobalt's numbers start with (A1NS, B1NS), else 1 and 2."""
    assert FILES
    scored = _scored(path)
    assert _figures(scored)[1] == 2
    back = usebio.loads(usebio.dumps(scored, dialect="cobalt"))
    sections = [section for session in back.sessions for section in session.sections]
    assert [section.id for section in sections] == ids
    for section in sections:
        assert section.participants
        assert {p.section for p in section.participants} == {section.id}
