"""The real USEBIO files in ../shared/samples/usebio (read in place; skipped
where a fresh clone has no ../shared): each reads, keeps a result for every
traveller line, and is written back as itself plus the scores."""

from __future__ import annotations

from pathlib import Path

import pytest
from lxml import etree

import pbnscore
from conftest import shared_sample_params
from pbnscore import registry, usebio
from pbnscore.errors import PbnscoreError
from pbnscore.model import EventKind, PointsStyle
from test_usebio_writer import BUTLER_OWNED, assert_kept, hand_scored, strip

each_sample = pytest.mark.parametrize("path", shared_sample_params("usebio/*.xml"))


def traveller_lines(path: Path) -> int:
    return sum(1 for _ in etree.parse(str(path), usebio.PARSER).iter("TRAVELLER_LINE"))


@each_sample
def test_sample_reads_every_line(path: Path) -> None:
    """Every sample reads; one result per TRAVELLER_LINE."""
    event = usebio.load(path)
    assert event.result_count() == traveller_lines(path)
    assert event.sessions
    assert all(p.id for p in event.participants())


@each_sample
def test_sample_written_back_keeps_everything(path: Path) -> None:
    """Scored and written back, a sample is the input plus the method's
    elements (Butler for pairs, aggregate for teams), and reads back the same."""
    before = path.read_bytes()
    event = usebio.loads(before, source=path.name)
    if event.kind is EventKind.TEAMS:
        scored = hand_scored(event, PointsStyle.AGGREGATE)
        owned = BUTLER_OWNED | {"IMPS", "TEAM_SCORE", "OPPOSING_TEAM_SCORE",
                                "MATCH_SCORING_METHOD"}  # fmt: skip
    else:
        scored = hand_scored(event, PointsStyle.BUTLER)
        owned = BUTLER_OWNED
    out = usebio.dumps(scored)
    assert_kept(before, out, owned)
    assert strip(usebio.loads(out)) == strip(event)


def butler_available() -> bool:
    try:
        registry.get("butler")
    except (PbnscoreError, ImportError):  # not there, or a broken install
        return False
    return True


@pytest.mark.skipif(not butler_available(), reason="needs the butler method")
def test_compscore_butler_reproduced(shared_samples: Path) -> None:
    """Scored with the real butler method as Compscore scored it (trimmed
    mean), the written file carries Compscore's own datums and points."""
    path = shared_samples / "usebio" / "butler_mitchell.xml"
    before = etree.fromstring(path.read_bytes(), usebio.PARSER)
    scored = pbnscore.score(usebio.load(path), "butler", datum="trimmed-mean")
    after = etree.fromstring(usebio.dumps(scored), usebio.PARSER)
    for tag in ("BOARD_AVERAGE", "NS_BUTLER_POINTS", "EW_BUTLER_POINTS"):
        theirs = [int(e.text or "") for e in before.iter(tag)]
        ours = [int(float(e.text or "")) for e in after.iter(tag)]
        assert ours == theirs, tag
