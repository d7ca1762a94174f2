"""Season reports: the same season as text, HTML, JSON and CSV."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import attrs
import pytest
from lxml import html as lxml_html

import pbnscore
from pbnscore.model import Player
from pbnscore.report import season as report
from pbnscore.report.text import WIDTH
from pbnscore.seasons import Season, combine, figures

CLUB = Path(__file__).parent.parent / "fixtures" / "season" / "club"
HOSTILE = "<b>Eve</b> & \"Mal\"\x07 =cmd|' /C calc'!A0"


def club(**options: object) -> Season:
    return pbnscore.season(sorted(CLUB.iterdir()), **options)  # type: ignore[arg-type]


def hostile_season() -> Season:
    """The club season with one player renamed to markup, a control character
    and a spreadsheet formula."""
    found = []
    for path in sorted(CLUB.iterdir()):
        event_figures = figures(pbnscore.score(pbnscore.load(path)))
        sides = tuple(
            attrs.evolve(side, players=tuple(
                Player(HOSTILE) if p.name == "Grace Gill" else p for p in side.players
            ))
            for side in event_figures.sides
        )  # fmt: skip
        found.append(attrs.evolve(event_figures, sides=sides))
    return combine(found)


def test_text_lines_fit_and_control_characters_go() -> None:
    """No line past WIDTH (names give way), no control character."""
    shown = report.text(hostile_season())
    assert all(len(line) <= WIDTH for line in shown.splitlines())
    assert "\x07" not in shown
    assert "Event by event" in shown and "#6 2026-02-09" in shown


def test_html_escapes_and_is_self_contained() -> None:
    """Markup from a name is text on the page; nothing is fetched."""
    page = report.html(hostile_season())
    tree = lxml_html.fromstring(page)
    assert not tree.xpath("//b") and not tree.xpath("//script | //link | //img")
    assert any(HOSTILE[:20] in cell.text_content() for cell in tree.xpath("//td"))
    headings = [h.text_content() for h in tree.xpath("//h2")]
    # The standings first; how it was scored last.
    assert headings == ["Ranking", "Events", "Event by event", "How it was scored"]


def test_json_numbers_are_the_season_s() -> None:
    """Every participant's counted total and average, as exact as JSON allows,
    and each figure's event numbered from 1."""
    season = club(best=3)
    document = json.loads(report.dumps(season))
    assert document["schema"] == "pbnscore-season/1"
    for entry, row in zip(season.ranking, document["participants"], strict=False):
        assert row["rank"] == entry.rank and row["name"] == entry.label
        assert Fraction(row["counted"]["total"]) == entry.total
        assert row["counted"]["average"] == pytest.approx(float(entry.average))
        assert [f["event"] for f in row["figures"]] == [n + 1 for n in entry.figures]


def test_csv_formula_safe() -> None:
    """A name that starts like a formula is written after a quote mark."""
    hostile = attrs.evolve(hostile_season())
    document = report.csv(hostile)
    assert "'=cmd" not in document  # inside a longer name: not at the start
    renamed = report.csv(
        attrs.evolve(hostile, ranking=tuple(
            attrs.evolve(e, team="=SUM(A1)") for e in hostile.ranking
        ))
    )  # fmt: skip
    assert ",'=SUM(A1)," in renamed


def test_unknown_format() -> None:
    """render() names the formats it has."""
    with pytest.raises(ValueError, match="choose from: json, text, html, csv"):
        report.render(club(), "usebio")


def test_an_empty_season_renders() -> None:
    """No events: every format still writes a document."""
    empty = combine([], by="pair")
    for to in report.FORMATS:
        assert report.render(empty, to)
