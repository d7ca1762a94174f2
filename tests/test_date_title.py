"""``--date YYYY-MM-DD`` and ``--title TEXT`` (score, batch) give an event
the date and title its file lacks; where the file has its own, the file's
wins and a warning says the option was not used (docs/reference/usebio-out.md "A date or title
given")."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from lxml import etree

from pbnscore.cli import main
from usebio_docs import mitchell


def _file(tmp_path: Path, header: str = "") -> Path:
    path = tmp_path / "night.xml"
    path.write_bytes(mitchell((420, 450, -100), (-50, 140, 110), header=header))
    return path


def _event(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[dict[str, Any], str]:
    assert main(["score", *argv, "--to", "json"]) == 0
    captured = capsys.readouterr()
    event: dict[str, Any] = json.loads(captured.out)["event"]
    return event, captured.err


def test_they_fill_what_the_file_lacks(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = _file(tmp_path)
    event, err = _event(capsys, str(path), "--date", "2026-03-09", "--title", "Monday Butler")
    assert (event["date"], event["title"]) == ("2026-03-09", "Monday Butler")
    assert "not used" not in err


def test_the_file_s_own_wins_with_a_warning(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    header = "<EVENT_DESCRIPTION>Club night</EVENT_DESCRIPTION><DATE>02/03/2026</DATE>"
    path = _file(tmp_path, header)
    event, err = _event(capsys, str(path), "--date", "2026-03-09", "--title", "Monday Butler")
    assert (event["date"], event["title"]) == ("2026-03-02", "Club night")
    assert "--date 2026-03-09 not used: the file gives 2026-03-02" in err
    assert "--title 'Monday Butler' not used: the file gives 'Club night'" in err


def test_a_cobalt_upload_gets_the_date_given(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Cobalt needs the event's date: a file without one is refused, and
    scored with --date it is written with it."""
    path, out = _file(tmp_path), tmp_path / "out.xml"
    assert main(["score", str(path), "--usebio-for", "cobalt", "-o", str(out)]) == 1
    assert "needs the event's date" in capsys.readouterr().err
    argv = ["score", str(path), "--usebio-for", "cobalt", "-o", str(out), "--date", "2026-03-09"]
    assert main(argv) == 0
    assert etree.parse(str(out)).findtext("EVENT/DATE") == "09/03/2026"


def test_standard_usebio_carries_them(tmp_path: Path) -> None:
    path, out = _file(tmp_path), tmp_path / "out.xml"
    argv = ["score", str(path), "-o", str(out), "--date", "2026-03-09", "--title", "Monday"]
    assert main(argv) == 0
    root = etree.parse(str(out))
    assert root.findtext("EVENT/DATE") == "09/03/2026"
    assert root.findtext("EVENT/EVENT_DESCRIPTION") == "Monday"


def test_batch_takes_them(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path, out = _file(tmp_path), tmp_path / "out"
    argv = ["batch", str(path), "--out-dir", str(out), "--to", "json", "--date", "2026-03-09"]
    assert main([*argv, "-j", "1", "--no-progress"]) == 0
    written = json.loads(next(out.glob("night*.json")).read_text())
    assert written["event"]["date"] == "2026-03-09"


@pytest.mark.parametrize("bad", ["2026-02-30", "09/03/2026", "tomorrow", ""])
def test_a_bad_date_is_a_usage_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], bad: str
) -> None:
    assert main(["score", str(_file(tmp_path)), "--date", bad]) == 2
    err = capsys.readouterr().err
    assert "--date" in err and "YYYY-MM-DD" in err


def test_watch_takes_them(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder, out = tmp_path / "in", tmp_path / "out"
    folder.mkdir()
    _file(folder)
    argv = ["watch", str(folder), "--out-dir", str(out), "--once", "--to", "json"]
    assert main([*argv, "--date", "2026-03-09", "--title", "Monday"]) == 0
    written = json.loads(next(out.glob("night*.json")).read_text())
    assert (written["event"]["date"], written["event"]["title"]) == ("2026-03-09", "Monday")
