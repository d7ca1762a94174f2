"""Who played no board is not ranked: ``rank`` null in JSON, no PLACE in
USEBIO, a "did not play" row after the ranked ones in text, HTML and CSV,
and one warning a file naming them (docs/reference/choices.md "Did not play")."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path
from typing import Any

import pytest
from lxml import etree

import pbnscore
from pbnscore import report, usebio
from pbnscore.cli import main
from usebio_docs import mitchell

# Pairs 1-3 each way play; NS 4 and EW 4 are listed but sit out every board.
_EVENT = mitchell((420, 450, -100), (-50, 140, 110), pairs=4, pair_extra="<PLACE>1</PLACE>")


@pytest.fixture
def sat_out(tmp_path: Path) -> Path:
    path = tmp_path / "sat-out.xml"
    path.write_bytes(_EVENT)
    return path


def _json(path: Path, *argv: str, capsys: pytest.CaptureFixture[str]) -> dict[str, Any]:
    assert main(["score", str(path), "--to", "json", *argv]) == 0
    document: dict[str, Any] = json.loads(capsys.readouterr().out)
    return document


def test_json_rank_is_null_exactly_for_who_played_nothing(
    sat_out: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    people = _json(sat_out, "-m", "butler", capsys=capsys)["participants"]
    assert [p["id"] for p in people if p["rank"] is None] == ["4", "4"]
    for direction in ("NS", "EW"):
        ranked = [p for p in people if p["direction"] == direction and p["rank"] is not None]
        # Ranked among those who played: 1..3, nobody behind an empty seat.
        assert sorted(p["rank"] for p in ranked) == [1, 2, 3] or any(p["tied"] for p in ranked)
        assert all(p["boards"] for p in ranked)
        # After the ranked ones.
        order = [p["rank"] for p in people if p["direction"] == direction]
        assert order[-1] is None and None not in order[:-1]


def test_score_warns_once_naming_them(sat_out: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["score", str(sat_out), "-m", "butler", "--to", "json"]) == 0
    err = capsys.readouterr().err
    lines = [line for line in err.splitlines() if "did not play" in line]
    assert len(lines) == 1
    assert "pair 4 NS" in lines[0] and "pair 4 EW" in lines[0]


def test_usebio_gives_them_no_place(sat_out: Path) -> None:
    document = usebio.dumps(pbnscore.score(usebio.load(sat_out), "butler"))
    for pair in etree.fromstring(document).iter("PAIR"):
        placed = pair.find("PLACE") is not None
        assert placed == (pair.findtext("PAIR_NUMBER") != "4")


def test_pbn_gives_them_no_figures(sat_out: Path) -> None:
    """Their TotalScoreTable row says ``-`` where a total and an average
    would be, as every other output shows none (it wrote 0.00)."""
    scored = pbnscore.score(usebio.load(sat_out), "butler")
    lines = pbnscore.dumps(scored, "pbn").decode("utf-8").splitlines()
    start = next(at for at, line in enumerate(lines) if line.startswith("[TotalScoreTable"))
    rows = [line.split() for line in lines[start + 1 :] if line.strip()][:8]
    unranked = [row for row in rows if row[0] == "-"]
    assert len(unranked) == 2
    assert all(row[-3:] == ["-", "-", "0"] for row in unranked)


def test_text_and_html_list_them_after_the_ranked_ones(sat_out: Path) -> None:
    scored = pbnscore.score(usebio.load(sat_out), "butler")
    text = report.render(scored, "text")
    ns = text[text.index("Pairs · NS") :].split("\n\n")[0].splitlines()
    assert "did not play" in ns[-1] and ns[-1].split()[0] != "4"
    assert not any("did not play" in line for line in ns[:-1])
    html = report.render(scored, "html")
    assert html.count("did not play") == 2


def test_csv_lists_them_last_without_a_rank(sat_out: Path) -> None:
    scored = pbnscore.score(usebio.load(sat_out), "butler")
    document = report.render(scored, "csv").lstrip("\ufeff")  # the BOM spreadsheets want
    rows = list(csv.DictReader(io.StringIO(document)))
    unranked = [row for row in rows if not row["Rank"]]
    assert [row["Id"] for row in unranked] == ["4", "4"]
    assert all(row["Total"] == "did not play" for row in unranked)
    ns = [row for row in rows if row["Direction"] == "NS"]
    assert ns[-1]["Rank"] == ""


@pytest.mark.parametrize("method", ["butler", "cross-imps", "barking", "aggregate"])
def test_a_match_not_played_leaves_its_teams_and_pairs_unranked(
    shared_samples: Path, method: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """RealBridge's qualifier: WALES v ITALY was not played; under every
    method the two teams and their four pairs have no rank."""
    path = shared_samples / "pbn" / "realbridge_2021_online_qual_open_r2.pbn"
    people = _json(path, "-m", method, capsys=capsys)["participants"]
    unranked = {(p["kind"], p["team"] or p["id"]) for p in people if p["rank"] is None}
    teams = {p["id"] for p in people if p["kind"] == "team" and p["rank"] is None}
    assert teams == {"WALES", "ITALY"}
    assert all(team in teams for _, team in unranked)
    assert all(p["boards"] == 0 for p in people if p["rank"] is None)
    assert all(p["boards"] > 0 for p in people if p["rank"] is not None)


@pytest.mark.parametrize("method", ["butler", "cross-imps", "aggregate"])
def test_every_sample_ranks_exactly_who_scored(
    shared_samples: Path, method: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """`score X --to json` on every real sample: rank null exactly where the
    participant scored no board."""
    paths = sorted(p for p in shared_samples.rglob("*") if p.suffix.lower() in {".pbn", ".xml"})
    assert paths
    checked = 0
    for path in paths:
        if main(["score", str(path), "-m", method, "--to", "json", "-q"]) != 0:
            capsys.readouterr()
            continue
        people = json.loads(capsys.readouterr().out)["participants"]
        for person in people:
            assert (person["rank"] is None) == (person["boards"] == 0), (path.name, person)
            checked += 1
    assert checked
