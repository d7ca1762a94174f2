"""A written USEBIO carries no figure its new places contradict: the
input's percentages and master points, figures of its own ranking, are
dropped from every participant the method ranks (one warning a file), or
kept with ``--keep-awards`` (and a warning that they disagree)."""

from __future__ import annotations

from pathlib import Path

import pytest
from lxml import etree

import pbnscore
from pbnscore import usebio
from pbnscore.cli import main

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "usebio"
AWARDS = FIXTURES / "matchpoint-awards.xml"
AWARD_TAGS = ("PERCENTAGE", "MASTER_POINTS", "MASTER_POINTS_AWARDED", "MASTER_POINT_TYPE")


def _pairs(document: bytes) -> list[etree._Element]:
    return list(etree.fromstring(document).iter("PAIR"))


def _awards(pair: etree._Element) -> list[str]:
    return [str(child.tag) for child in pair if child.tag in AWARD_TAGS]


def _places(document: bytes) -> dict[tuple[str, str], str]:
    return {
        (pair.findtext("PAIR_NUMBER") or "", pair.findtext("DIRECTION") or ""): (
            pair.findtext("PLACE") or ""
        )
        for pair in _pairs(document)
    }


def test_the_fixture_s_places_change_under_butler() -> None:
    """The fixture is a case in point: Butler moves pairs off their
    matchpoint places, and every pair holds award figures."""
    scored = pbnscore.score(usebio.load(AWARDS), "butler")
    before, after = AWARDS.read_bytes(), usebio.dumps(scored)
    assert all(_awards(pair) for pair in _pairs(before))
    assert _places(before) != _places(after)


@pytest.mark.parametrize("splice", [True, False], ids=["spliced", "tree"])
def test_awards_of_the_old_ranking_are_dropped(splice: bool) -> None:
    """Every pair ranked by the method loses its percentage and master
    points; the event's own MASTER_POINT_TYPE stays; the writer says once."""
    from pbnscore.usebio._writer import write

    scored = pbnscore.score(usebio.load(AWARDS), "butler")
    said: list[str] = []
    document = write(scored, splice=splice, warn=said.append)
    pairs = _pairs(document)
    assert pairs and all(pair.findtext("PLACE") for pair in pairs)
    assert [_awards(pair) for pair in pairs] == [[] for _ in pairs]
    root = etree.fromstring(document)
    assert root.findtext("EVENT/MASTER_POINT_TYPE") == "BLACK"
    assert said == [
        "master points and percentages of the matchpoint ranking dropped "
        "(the places now come from butler); --keep-awards keeps them"
    ]
    usebio.loads(document)  # and it reads back


def test_keep_awards_keeps_them_and_says_they_disagree() -> None:
    from pbnscore.usebio._writer import write

    scored = pbnscore.score(usebio.load(AWARDS), "butler")
    said: list[str] = []
    document = write(scored, keep_awards=True, warn=said.append)
    before = [_awards(pair) for pair in _pairs(AWARDS.read_bytes())]
    assert [_awards(pair) for pair in _pairs(document)] == before
    assert len(said) == 1 and "disagree" in said[0] and "kept" in said[0]


def test_a_ranking_the_method_leaves_alone_keeps_its_awards() -> None:
    """Scored again the way the file was ranked, with every place the same:
    nothing contradicts the awards, and nothing is said."""
    from pbnscore.usebio._writer import write

    scored = pbnscore.score(usebio.load(AWARDS), "butler")
    rescored = usebio.loads(write(scored, keep_awards=True))
    said: list[str] = []
    document = write(pbnscore.score(rescored, "butler"), warn=said.append)
    assert said == []
    assert all(_awards(pair) for pair in _pairs(document))


def test_score_warns_once_and_keep_awards_is_a_flag(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    out = tmp_path / "out.xml"
    assert main(["score", str(AWARDS), "-m", "butler", "-o", str(out)]) == 0
    err = capsys.readouterr().err
    assert err.count("--keep-awards keeps them") == 1
    assert f"{AWARDS}: warning: master points and percentages" in err
    assert not any(_awards(pair) for pair in _pairs(out.read_bytes()))
    assert main(["score", str(AWARDS), "-m", "butler", "-o", str(out), "--keep-awards"]) == 0
    assert "disagree" in capsys.readouterr().err
    assert all(_awards(pair) for pair in _pairs(out.read_bytes()))


def test_batch_takes_keep_awards(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    assert main(["batch", str(AWARDS), "--out-dir", str(tmp_path), "-m", "butler", "-j", "1",
                 "--no-progress", "--keep-awards"]) == 0  # fmt: skip
    assert "disagree" in capsys.readouterr().err
    written = next(tmp_path.glob("*.xml"))
    assert all(_awards(pair) for pair in _pairs(written.read_bytes()))


def test_keep_awards_applies_to_usebio_only(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["score", str(AWARDS), "-m", "butler", "--to", "json", "--keep-awards"]) == 2
    assert "--keep-awards applies to --to usebio" in capsys.readouterr().err
