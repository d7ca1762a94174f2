"""Every link pbnscore writes into a page stays in the report folder and runs
nothing, whatever the input files are called (docs/reference/bad-input.md "Links
stay in the report folder")."""

from __future__ import annotations

import shutil
from pathlib import Path
from urllib.parse import unquote, urljoin, urlsplit

import lxml.html
import pytest

from pbnscore.cli import main
from pbnscore.report import html as event_html

CLUB = Path(__file__).parent.parent / "fixtures" / "season" / "club"

HOSTILE = {
    "javascript:alert(3).xml": "jan26.xml",
    "x#y?z%41.pbn": "jan05.pbn",
    'q"><script>alert(1)<': "feb02.xml",
    "data:text,hi.pbn": "jan12.pbn",
    "back\\slash.xml": "feb09.xml",
    " spaced & more.pbn": "jan19.pbn",
}


def _hrefs(page: Path) -> list[str]:
    document = lxml.html.fromstring(page.read_bytes())
    return [str(link.get("href")) for link in document.iter() if link.get("href") is not None]


def _assert_stays_in(page: Path, folder: Path, hrefs: list[str]) -> set[Path]:
    """Each href is relative (no scheme, no host) and resolves to a file in
    ``folder``; the files it names."""
    base = page.resolve().as_uri()
    named = set()
    for href in hrefs:
        parts = urlsplit(href)
        assert "\\" not in href  # a browser reads it as "/"
        assert parts.scheme == "" and parts.netloc == "", href
        if href.startswith("#"):
            continue
        target = urlsplit(urljoin(base, href))
        assert target.scheme == "file" and not target.query and not target.fragment, href
        path = Path(unquote(target.path))
        assert path.parent == folder.resolve(), href
        named.add(path)
    return named


@pytest.mark.parametrize("page", ["season.html", "rep/season.html"], ids=["beside", "inside"])
def test_season_links_to_hostile_names_stay_in_the_report_folder(tmp_path: Path, page: str) -> None:
    """Input files named like URLs, fragments, queries and markup: each event's
    link is percent-encoded, relative, and reaches that event's own report,
    from a season page beside the report folder or inside it."""
    nights = tmp_path / "nights"
    nights.mkdir()
    for name, source in HOSTILE.items():
        suffix = Path(source).suffix
        shutil.copy(CLUB / source, nights / (name if name.endswith(suffix) else name + suffix))
    reports, out = tmp_path / "rep", tmp_path / page
    assert main(["season", str(nights), "--report-dir", str(reports), "-o", str(out), "-q"]) == 0
    hrefs = _hrefs(out)
    assert len(hrefs) == len(HOSTILE)
    named = _assert_stays_in(out, reports, hrefs)
    reports_written = {path.resolve() for path in reports.glob("*.html")} - {out.resolve()}
    assert named == reports_written


def test_a_colon_in_the_first_segment_is_not_a_scheme() -> None:
    """A link to ``javascript:x.html`` beside the page is ``./javascript%3Ax.html``."""
    assert event_html.href("javascript:x.html") == "./javascript%3Ax.html"
    assert event_html.href("a/b:c#d?.html") == "a/b%3Ac%23d%3F.html"
    assert urlsplit(event_html.href("c:/x.html")).scheme == ""


def test_event_page_links_are_fragments_only(tmp_path: Path) -> None:
    """An event's own page links only within itself."""
    out = tmp_path / "night.html"
    assert main(["score", str(CLUB / "jan05.pbn"), "-o", str(out), "-q"]) == 0
    hrefs = _hrefs(out)
    assert hrefs and all(href.startswith("#") for href in hrefs)


def test_a_report_with_no_relative_way_there_is_not_linked(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Windows: a report on another drive than the page has no relative
    link (relpath raises): the title is shown unlinked, and the line says so."""
    import os

    def other_drive(path: str, start: str | None = None) -> str:
        raise ValueError("path is on mount 'D:', start on mount 'C:'")

    monkeypatch.setattr(os.path, "relpath", other_drive)
    reports, out = tmp_path / "rep", tmp_path / "season.html"
    assert main(["season", str(CLUB), "--report-dir", str(reports), "-o", str(out)]) == 0
    assert _hrefs(out) == []
    assert capsys.readouterr().err.count("on another drive than the season: not linked") == 6
