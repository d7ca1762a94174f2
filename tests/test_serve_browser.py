"""``pbnscore serve``'s page as a scorer uses it, in headless Chromium.

Playwright drives the system Chromium (no browser download) against a
``pbnscore serve --no-browser`` started as a scorer starts it, with a
plug-in method installed for the test on its path. A file of each format is
picked; the page shows `pbnscore check`'s lines for each; butler with
``--preset compscore`` and then cross-imps are chosen on the page, and the
USEBIO and HTML downloaded are byte for byte what `pbnscore score` writes
with the same options. Skipped where Playwright or Chromium is absent.
"""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import serving
from conftest import shared_sample_files
from test_html_browser import CHROMIUM, LAUNCH_ARGS, sync_playwright  # type: ignore[attr-defined]
from test_plugins import PLUGIN, install

ROOT = Path(__file__).resolve().parent.parent
FILES = {
    "pbn": ROOT / "fixtures" / "pbn" / "mitchell-pairs.pbn",
    "usebio": ROOT / "fixtures" / "usebio" / "compscore-mitchell.xml",
}
# Bridgemate's BWS, where a real one is at hand and its reader installed
# (the bws extra): an Access file cannot be made in the tests.
BWS = shared_sample_files("bws/bridgemate_ui_12tables_1section.bws")
if BWS and importlib.util.find_spec("access_parser") is not None:
    FILES["bws"] = BWS[0]
TIMEOUT_MS = 60_000
NAME = "<img src=x onerror=alert(1)> Tuesday.xml"  # a file name that looks like HTML


@pytest.fixture(scope="module")
def page(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    """The served page, open in Chromium; a plug-in installed for it."""
    if sync_playwright is None:
        pytest.skip("playwright is not installed (pip install '.[test]')")
    if CHROMIUM is None:
        pytest.skip("Chromium is not installed (Debian: apt-get install chromium)")
    folder = tmp_path_factory.mktemp("serve-browser")
    site = folder / "site"
    site.mkdir()
    install(site, "pbnscore_top", {"myplugin": "pbnscore_top:Top"}, {"pbnscore_top": PLUGIN})
    served = serving.start(folder / "tmp", pythonpath=[site])
    try:
        with sync_playwright() as driver:
            browser = driver.chromium.launch(executable_path=CHROMIUM, args=LAUNCH_ARGS)
            try:
                opened = browser.new_page(accept_downloads=True)
                opened.set_default_timeout(TIMEOUT_MS)
                opened.goto(served.url)
                opened.wait_for_selector("#method option", state="attached")
                yield opened
            finally:
                browser.close()
    finally:
        served.stop()


def cli(*words: str, cwd: Path) -> bytes:
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
    done = subprocess.run(
        [sys.executable, "-m", "pbnscore", *words],
        capture_output=True,
        cwd=cwd,
        env=env,
        check=True,
    )
    return done.stdout


def downloaded(page: Any, to: str) -> tuple[str, bytes]:
    """(name, bytes) of the page's download of format ``to``."""
    with page.expect_download() as download:
        page.click(f"button[data-to={to}]")
    path = download.value.path()
    return download.value.suggested_filename, Path(path).read_bytes()


def choose(page: Any, method: str, **options: str) -> None:
    """Choose ``method`` and its ``options`` (by field) on the page, then
    wait for the page to have asked which options apply."""
    with page.expect_response("**/api/options"):
        page.select_option("#method", method)
    for field, value in options.items():
        with page.expect_response("**/api/options"):
            page.select_option(f".option[data-field={field}] select", value)
    assert page.text_content("#options-error") == ""


def test_each_format_checked_scored_and_downloaded_as_score_writes_it(page: Any) -> None:
    """A file of each format picked at once (BWS where a sample and its
    reader are at hand): each shows `check`'s lines; butler with
    the Compscore preset downloads the USEBIO `score` writes, cross-imps the
    HTML `score` writes, byte for byte."""
    before = page.locator("#files > li").count()
    page.set_input_files("#pick", [str(path) for path in FILES.values()])
    page.wait_for_function(
        f"document.querySelectorAll('#files > li').length === {before + len(FILES)}"
    )
    radios = page.locator("#files input[type=radio]").count() - len(FILES)
    for index, path in enumerate(FILES.values()):
        item = page.locator("#files > li").nth(before + index)
        assert item.locator(".name").text_content().strip() == path.name
        lines = item.locator(".lines li").all_text_contents()
        assert lines == cli("check", path.name, cwd=path.parent).decode().splitlines()
    for index, path in enumerate(FILES.values()):
        page.locator("#files input[type=radio]").nth(radios + index).check()
        choose(page, "butler", preset="compscore")
        name, data = downloaded(page, "usebio")
        assert name == f"{path.stem}.xml"
        line = ["score", path.name, "-m", "butler", "--preset", "compscore", "--to", "usebio"]
        assert data == cli(*line, cwd=path.parent)
        choose(page, "cross-imps")
        name, data = downloaded(page, "html")
        assert name == f"{path.stem}.html"
        assert data == cli("score", path.name, "-m", "cross-imps", "--to", "html", cwd=path.parent)
    # The report itself, shown on the page.
    page.click("#show")
    page.wait_for_function("document.getElementById('report').srcdoc.includes('cross-imps')")
    # The frame loads its new srcdoc after the attribute changes: wait for
    # the shown document itself, not only the attribute.
    frame = page.frame_locator("#report")
    frame.locator("#scoring", has_text="Cross-IMPs").wait_for()
    assert "cross-imps" in frame.locator("body").text_content().lower()


def test_an_unreadable_file_is_one_line_with_its_own_name(page: Any) -> None:
    """A USEBIO file cut short: one line, naming the file as it was picked;
    a name that looks like HTML is shown as text, never made into HTML."""
    before = page.locator("#files > li").count()
    payload = {
        "name": NAME,
        "mimeType": "application/xml",
        "buffer": b'<?xml version="1.0"?>\n<USEBIO Version="1.2"><EVENT>',
    }
    page.set_input_files("#pick", files=[payload])
    page.wait_for_function(f"document.querySelectorAll('#files > li').length === {before + 1}")
    item = page.locator("#files > li").last
    assert item.locator(".lines li").all_text_contents() == [
        f"{NAME}:2: Premature end of data in tag EVENT line 2"
    ]
    assert item.locator(".name").text_content().strip() == NAME
    assert item.locator("img").count() == 0


def test_a_plugin_method_appears_with_its_options(page: Any) -> None:
    """A method installed as a plug-in is offered, marked as one, and
    choosing it offers its own options, as `pbnscore methods` lists them."""
    before = page.locator("#files > li").count()
    page.set_input_files("#pick", str(FILES["pbn"]))
    page.wait_for_function(f"document.querySelectorAll('#files > li').length === {before + 1}")
    assert "myplugin (plug-in)" in page.locator("#method option").all_text_contents()
    choose(page, "myplugin")
    flags = page.locator("#options .option > span").all_text_contents()
    assert flags == ["--my-flag", "--bonus"]
    assert page.locator(".option[data-field=my_flag] input[type=checkbox]").count() == 1


def test_explain_season_and_zip_from_the_page(page: Any) -> None:
    """A board explained on the page reads as `pbnscore explain` prints it;
    two files give the season button, whose ranking is shown, and the zip
    button, whose download holds each file scored as batch names it."""
    import io
    import zipfile

    first, second = FILES["pbn"], FILES["usebio"]
    before = page.locator("#files > li").count()
    page.set_input_files("#pick", [str(first), str(second)])
    page.wait_for_function(f"document.querySelectorAll('#files > li').length === {before + 2}")
    page.locator("#files > li").nth(before).locator("input[type=radio]").check()
    choose(page, "butler")
    page.fill("#board", "1")
    page.fill("#pair", "1")
    page.click("#explain")
    page.wait_for_function("document.getElementById('explained').textContent !== ''")
    line = ["explain", first.name, "--board", "1", "--pair", "1", "-m", "butler"]
    assert page.text_content("#explained") == cli(*line, cwd=first.parent).decode()
    assert page.is_visible("#season") and page.is_visible("#zip")
    page.click("#season")
    page.wait_for_function("document.getElementById('report').srcdoc.includes('Season')")
    with page.expect_download() as download:
        page.click("#zip")
    assert download.value.suggested_filename == "scored.zip"
    names = zipfile.ZipFile(io.BytesIO(Path(download.value.path()).read_bytes())).namelist()
    for path in (first, second):
        # Every file on the page is zipped: a stem another file has too
        # (picked by an earlier test) keeps the whole name.
        for ext in ("xml", "html"):
            assert {f"{path.stem}.{ext}", f"{path.name}.{ext}"} & set(names), (path, names)
