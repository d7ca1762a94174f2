"""Figures that mean one thing, and show their differences
(docs/reference/reports.md): a teams Average means VP per match in every output; a season
ranks on the average as shown; a season is titled by --title, else its
folder; JSON teams carry their names."""

from __future__ import annotations

import csv
import io
import json
from fractions import Fraction as F
from pathlib import Path

import pytest

import pbnscore
from pbnscore import report
from pbnscore.cli import main
from pbnscore.seasons import By, Entry, Figure, Person, RankOn
from pbnscore.seasons._ranking import rank_entries

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
TEAMS = FIXTURES / "usebio" / "teams-of-four-two-matches.xml"
CLUB = FIXTURES / "season" / "club"


def test_teams_average_is_vp_per_match_in_csv_as_in_text() -> None:
    """(a) CSV's teams average is the text's figure, under a header that names it."""
    scored = pbnscore.score(pbnscore.load(TEAMS), "aggregate")
    text = report.render(scored, "text")
    document = report.render(scored, "csv").lstrip("\ufeff")
    rows = list(csv.DictReader(io.StringIO(document)))
    assert rows and "VP per match" in rows[0]
    assert "VP per match" in text
    for row in rows:
        line = next(line for line in text.splitlines() if line.split()[1:2] == [row["Id"]])
        assert line.split()[-1] == row["VP per match"]


def _entry(name: str, total: F, boards: int) -> Entry:
    person = Person(f"name:{name}", name, None, (name,))
    return Entry(By.PLAYER, (person,), None, {0: Figure(total, boards)}, (0,), None)


def test_a_season_ranks_on_the_average_as_shown() -> None:
    """(b) 8/9 and 31/35 both show 0.89: they share the place; 0.88 is behind."""
    entries = [_entry("A", F(8), 9), _entry("B", F(31), 35), _entry("C", F(22), 25)]
    ranked = rank_entries(entries, RankOn.AVERAGE)
    shown = {e.label: (e.rank, e.tied) for e in ranked}
    assert shown == {"A": (1, True), "B": (1, True), "C": (3, False)}


def test_a_season_is_titled_by_title_else_its_folder(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """(c) Not after its first event."""
    assert main(["season", str(CLUB), "-q", "-j", "1", "--no-progress"]) == 0
    assert capsys.readouterr().out.splitlines()[0] == "club"
    argv = ["season", str(CLUB), "-q", "-j", "1", "--no-progress", "--title", "Winter ladder"]
    assert main(argv) == 0
    assert capsys.readouterr().out.splitlines()[0] == "Winter ladder"
    loose = [str(p) for p in sorted(CLUB.glob("*.xml"))]
    assert main(["season", *loose, "-q", "-j", "1", "--no-progress"]) == 0
    assert capsys.readouterr().out.splitlines()[0] == "Season"


def test_json_teams_carry_their_names(capsys: pytest.CaptureFixture[str]) -> None:
    """(d) A team's name is its JSON names' one item."""
    assert main(["score", str(TEAMS), "--to", "json"]) == 0
    teams = [p for p in json.loads(capsys.readouterr().out)["participants"]
             if p["kind"] == "team"]  # fmt: skip
    assert teams and all(p["names"] for p in teams)
    event = pbnscore.load(TEAMS)
    names = {t.id: t.name for s in event.sessions for t in s.teams}
    assert all(p["names"] == [names[p["id"]]] for p in teams if names.get(p["id"]))
