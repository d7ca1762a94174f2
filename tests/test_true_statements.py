"""What pbnscore says of a file is true: a PBN Site is a venue, not a club;
an ambiguous method name is refused as such; a teams table in ``explain`` is
the room the reports name; a handicap the methods do not apply is said;
the package's docstring names every output format."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from lxml import etree

import pbnscore
from pbnscore import outputs
from pbnscore.cli import main

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = ROOT / "fixtures"

VENUE_PBN = (
    '[Event "Spring Pairs"]\n[Site "Antalya, Turkey TRK"]\n[Date "2026.04.02"]\n'
    '[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n'
    '[ScoreTable "PairId_NS;PairId_EW;Contract;Declarer;Result;Score_NS"]\n'
    "1 3 3NT N 9 400\n2 4 3NT N 10 430\n\n"
)


def test_a_pbn_site_is_a_venue_not_a_club(tmp_path: Path) -> None:
    """PBN 2.1 §3.4.2: Site is "the location of the event". It is read as
    the event's venue, shown as "Venue:" and written as USEBIO's VENUE, never
    as the club's name."""
    source = tmp_path / "spring.pbn"
    source.write_text(VENUE_PBN)
    event = pbnscore.load(source)
    assert (event.club, event.venue) == (None, "Antalya, Turkey TRK")
    scored = pbnscore.score(event, "butler")
    text = pbnscore.dumps(scored, "text").decode("utf-8")
    assert "Venue: Antalya, Turkey TRK" in text
    assert "Club:" not in text
    root = etree.fromstring(pbnscore.dumps(scored, "usebio"))
    assert root.find("CLUB") is None
    assert root.findtext("EVENT/VENUE") == "Antalya, Turkey TRK"
    html = pbnscore.dumps(scored, "html").decode("utf-8")
    assert "Antalya, Turkey TRK" in html


def test_a_pbn_site_comes_back_from_usebio(tmp_path: Path) -> None:
    """The venue written to USEBIO is read back as the venue, and written to
    PBN as its Site again."""
    source = tmp_path / "spring.pbn"
    source.write_text(VENUE_PBN)
    scored = pbnscore.score(pbnscore.load(source), "butler")
    again = pbnscore.loads(pbnscore.dumps(scored, "usebio"), "usebio")
    assert (again.club, again.venue) == (None, "Antalya, Turkey TRK")
    written = pbnscore.dumps(pbnscore.score(again, "butler"), "pbn").decode("utf-8")
    assert '[Site "Antalya, Turkey TRK"]' in written


def test_an_ambiguous_method_prefix_is_refused_as_ambiguous(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """``-m b`` names butler and barking: refused, naming both (the docs,
    commands.md), not "unknown method"."""
    night = FIXTURES / "pbn" / "mitchell-pairs.pbn"
    assert main(["score", str(night), "-m", "b", "--to", "text"]) == 2
    err = capsys.readouterr().err
    assert "unknown method" not in err
    assert re.search(r"-m 'b' is ambiguous: barking, butler", err), err


def test_explain_names_a_pbn_teams_table_by_its_room(capsys: pytest.CaptureFixture[str]) -> None:
    """A PBN teams game's Room (Open, Closed) labels its table in ``explain``
    as in the text and HTML travellers, not "Table 1" for both rooms."""
    night = FIXTURES / "pbn" / "teams-of-four.pbn"
    assert main(["explain", str(night), "--board", "1"]) == 0
    out = capsys.readouterr().out
    assert "Open: NS Aces-1 v EW Kings-1" in out
    assert "Closed: NS Kings-2 v EW Aces-2" in out
    assert "Table 1:" not in out


def _with_handicap(value: str) -> bytes:
    xml = (FIXTURES / "usebio" / "club-night.xml").read_bytes()
    return xml.replace(
        b"<DIRECTION>NS</DIRECTION>",
        b"<DIRECTION>NS</DIRECTION><HANDICAP>" + value.encode() + b"</HANDICAP>",
        1,
    )


def test_a_usebio_handicap_is_said_to_be_not_applied(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """A pair's HANDICAP (not 0) is no part of any IMP method: ``score`` and
    ``check`` say so in one warning, at its line."""
    source = tmp_path / "night.xml"
    source.write_bytes(_with_handicap("2.5"))
    assert main(["score", str(source), "--to", "json", "-o", str(tmp_path / "out.json")]) == 0
    err = capsys.readouterr().err
    assert re.search(r"night\.xml:\d+: warning: pair 1 NS has a HANDICAP of 2\.5", err), err
    assert "handicaps are not applied" in err
    assert main(["check", str(source)]) == 0
    assert "HANDICAP of 2.5" in capsys.readouterr().out


def test_a_zero_handicap_says_nothing(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """HANDICAP 0.0 (BriAn writes it for every pair) changes nothing: no word."""
    source = tmp_path / "night.xml"
    source.write_bytes(_with_handicap("0.0"))
    assert main(["check", str(source)]) == 0
    assert "HANDICAP" not in capsys.readouterr().out


def test_the_package_docstring_names_every_output_format() -> None:
    """``pbnscore.__doc__`` names each format ``dump`` writes."""
    first = (pbnscore.__doc__ or "").split("\n\n")[0]
    for name in outputs.FORMATS:
        spelt = {"usebio": "USEBIO", "pbn": "PBN", "json": "JSON", "html": "HTML", "csv": "CSV"}
        assert spelt.get(name, name) in first, (name, first)


def test_site_is_ignored_by_git() -> None:
    """``mkdocs build`` writes site/: never committed by mistake."""
    assert "site/" in (ROOT / ".gitignore").read_text().split()


def test_the_awards_warning_reads_as_english(tmp_path: Path) -> None:
    """The warning about a matchpoint file's awards names the method plainly
    ("the places now come from cross-imps"), not "cross-imps's"."""
    warned: list[str] = []
    event = pbnscore.load(FIXTURES / "usebio" / "matchpoint-awards.xml")
    pbnscore.dumps(pbnscore.score(event, "cross-imps"), "usebio", warn=warned.append)
    assert warned, "the fixture's awards are dropped with a warning"
    assert all("'s" not in line for line in warned), warned
    assert any("the places now come from cross-imps" in line for line in warned), warned
