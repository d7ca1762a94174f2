"""Names as data, everywhere (docs/reference/bad-input.md): a title, a pair
id or a player's name holding control characters (an escape sequence, a
newline) never reaches the terminal as such from a text output, and a file
named in Latin-1 (bytes that are no UTF-8) is shown with U+FFFD and linked
to by its bytes, through the installed command."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"
MITCHELL = FIXTURES / "pbn" / "mitchell-pairs.pbn"
CLUB = FIXTURES / "season" / "club"
CONTROLS = "\x1b[31mRED\x1b[2J\x07"
SHOWN = "Tuesday [31mRED [2J Mitchell"  # each run of control characters one space


def run(*argv: str) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(
        [sys.executable, "-m", "pbnscore", *argv], capture_output=True, timeout=120
    )


@pytest.fixture
def hostile(tmp_path: Path) -> Path:
    """mitchell-pairs.pbn with an escape sequence in its title and in a
    player's name."""
    text = MITCHELL.read_text(encoding="utf-8")
    text = text.replace("Tuesday Mitchell", f"Tuesday{CONTROLS}Mitchell", 1)
    text = text.replace("Ann Abbott", f"Ann{CONTROLS}Abbott")
    path = tmp_path / "hostile.pbn"
    path.write_text(text, encoding="utf-8")
    return path


@pytest.mark.parametrize("pair", [[], ["--pair", "1"]], ids=["board", "pair"])
def test_explain_text_shows_no_control_character(hostile: Path, pair: list[str]) -> None:
    """explain's text printed the title (and names) raw: ESC reached the
    terminal. Each run of control characters is one space, as in the text
    report."""
    done = run("explain", str(hostile), "--board", "1", *pair)
    assert done.returncode == 0, done
    out = done.stdout.decode("utf-8")
    assert SHOWN in out
    assert not any(char in out for char in "\x1b\x07"), out[:300]


def test_the_text_report_and_explain_share_one_rule(hostile: Path) -> None:
    """score --to text shows the title as explain does."""
    done = run("score", str(hostile), "--to", "text")
    assert done.returncode == 0, done
    assert SHOWN in done.stdout.decode("utf-8")


@pytest.mark.skipif(sys.platform in ("win32", "darwin"), reason="file names there are Unicode")
def test_a_season_folder_holding_a_latin1_name_writes_the_season(tmp_path: Path) -> None:
    """A file named in Latin-1 ('jan05-été.pbn' as bytes): every report and
    then the season page (it was exit 3, UnicodeEncodeError, and no page);
    shown with U+FFFD, linked by its bytes."""
    folder = tmp_path / "in"
    folder.mkdir()
    for source in CLUB.iterdir():
        name = os.fsencode(source.name)
        if source.name == "jan05.pbn":
            name = b"jan05-\xe9t\xe9.pbn"
        with open(os.path.join(os.fsencode(folder), name), "wb") as copy:
            copy.write(source.read_bytes())
    page = tmp_path / "season.html"
    done = run("season", str(folder), "--report-dir", str(tmp_path / "rep"), "-o", str(page),
               "--no-progress", "-q")  # fmt: skip
    assert done.returncode == 0, done.stderr
    html = page.read_text(encoding="utf-8")
    assert "jan05-%E9t%E9.html" in html  # the link: the report's own bytes
    reports = os.listdir(os.fsencode(tmp_path / "rep"))
    assert b"jan05-\xe9t\xe9.html" in reports
    text = run("season", str(folder), "--no-progress", "-q")
    assert text.returncode == 0, text.stderr
    assert "jan05-\ufffdt\ufffd.pbn" in text.stdout.decode("utf-8")
    data = tmp_path / "season.json"
    document = run("season", str(folder), "--report-dir", str(tmp_path / "rep2"), "-o", str(data),
                   "--no-progress", "-q")  # fmt: skip
    assert document.returncode == 0, document.stderr  # was exit 3 and no page
    reports = [event["report"] for event in json.loads(data.read_text("utf-8"))["events"]]
    assert "rep2/jan05-\ufffdt\ufffd.html" in reports
