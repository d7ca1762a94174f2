"""The files known not to give figures, asserted so: each shared sample of
``REFUSED_SAMPLES`` is refused with its line, each file of ``NO_RESULTS``
reads and holds no result, and every other fixture and sample reads,
scores and holds results. The tests over every file leave the known ones
out rather than skip a file that fails: a file that stops reading is a
failure here."""

from __future__ import annotations

from pathlib import Path

import pytest

import pbnscore
from conftest import NO_RESULTS, REFUSED_SAMPLES, no_shared_samples, shared_sample_files
from pbnscore.errors import PbnscoreError

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
FILES = [
    *sorted(FIXTURES.glob("pbn/*.pbn")),
    *sorted(FIXTURES.glob("usebio/*.xml")),
    *shared_sample_files("pbn/*", "usebio/*.xml"),
]


@pytest.mark.parametrize(("name", "said"), REFUSED_SAMPLES.items())
def test_a_sample_known_to_be_refused_is_refused_with_its_line(
    shared_samples: Path, name: str, said: str
) -> None:
    (path,) = shared_samples.rglob(name)
    with pytest.raises(PbnscoreError) as refused:
        pbnscore.load(path)
    assert str(refused.value).endswith(said)


@pytest.mark.parametrize("name", sorted(NO_RESULTS))
def test_a_file_known_to_hold_no_result_holds_none(name: str) -> None:
    """It reads, and scores to nothing: no figure for any output to show."""
    found = [p for p in FILES if p.name == name]
    if not found:  # a shared sample, in a clone without them
        pytest.skip(no_shared_samples())
    (path,) = found
    event = pbnscore.load(path)
    assert event.result_count() == 0
    scored = pbnscore.score(event)
    assert all(standing.total == 0 for standing in scored.standings)


@pytest.mark.parametrize(
    "path",
    [p for p in FILES if p.name not in REFUSED_SAMPLES and p.name not in NO_RESULTS],
    ids=lambda p: f"{p.parent.name}/{p.name}",
)
def test_every_other_file_reads_scores_and_holds_results(path: Path) -> None:
    event = pbnscore.load(path)
    assert event.result_count() > 0
    assert pbnscore.score(event).standings


def test_the_known_files_are_there(shared_samples: Path) -> None:
    """Each name of the two lists is a file that exists (a renamed sample
    would otherwise drop out of every test silently)."""
    names = {p.name for p in FILES}
    assert set(REFUSED_SAMPLES) <= names
    assert names >= NO_RESULTS
