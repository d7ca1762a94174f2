"""``watch`` and the director's corrections beside a night
(docs/reference/corrections.md): a ruling added or changed after the
night was scored rescores it, and a bad file added later is said."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pbnscore.cli import main

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"
MITCHELL_XML = FIXTURES / "usebio" / "mitchell-pairs.xml"


def adjusted(out: Path) -> list[str]:
    document = json.loads((out / "night.json").read_text(encoding="utf-8"))
    return [r["adjusted"] for b in document["boards"] for r in b["results"] if r["adjusted"]]


def test_a_ruling_added_after_the_night_was_scored_rescores_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder, out = tmp_path / "in", tmp_path / "out"
    folder.mkdir()
    (folder / "night.xml").write_bytes(MITCHELL_XML.read_bytes())
    argv = ["watch", str(folder), "--out-dir", str(out), "--once", "--to", "json"]
    assert main(argv) == 0
    assert adjusted(out) == []
    (folder / "night.corrections.csv").write_text(
        "board,ns,ew,adjusted,reason\n1,1,1,60%-40%,slow play\n", encoding="utf-8"
    )
    capsys.readouterr()
    assert main(argv) == 0
    assert adjusted(out) == ["60%-40%"]
    assert "night.xml" in capsys.readouterr().err


def test_a_bad_corrections_file_added_later_is_said(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder, out = tmp_path / "in", tmp_path / "out"
    folder.mkdir()
    (folder / "night.xml").write_bytes(MITCHELL_XML.read_bytes())
    argv = ["watch", str(folder), "--out-dir", str(out), "--once", "--to", "json", "-q"]
    assert main(argv) == 0
    (folder / "night.corrections.csv").write_text("board,colour\n1,red\n", encoding="utf-8")
    capsys.readouterr()
    main(argv)
    assert "night.corrections.csv" in capsys.readouterr().err


@pytest.mark.parametrize(
    "options",
    [
        ["--season", "{in}/night.corrections.csv"],
        ["--corrections", "{tmp}/cc.csv", "--season", "{tmp}/cc.csv"],
        ["--log", "{in}/night.corrections.csv"],
        ["--corrections", "{tmp}/cc.csv", "--log", "{tmp}/cc.csv"],
    ],
)
def test_watch_never_writes_over_a_corrections_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], options: list[str]
) -> None:
    folder, out = tmp_path / "in", tmp_path / "out"
    folder.mkdir()
    (folder / "night.xml").write_bytes(MITCHELL_XML.read_bytes())
    rulings = "night,board,ns,ew,adjusted,reason\nnight,1,1,1,60%-40%,slow play\n"
    for path in (folder / "night.corrections.csv", tmp_path / "cc.csv"):
        path.write_text(rulings, encoding="utf-8")
    given = [o.format(**{"in": folder, "tmp": tmp_path}) for o in options]
    argv = ["watch", str(folder), "--out-dir", str(out), "--once", "--to", "json", *given]
    assert main(argv) == 2
    assert "which an option reads" in capsys.readouterr().err
    assert not out.exists()
    assert (folder / "night.corrections.csv").read_text(encoding="utf-8") == rulings
    assert (tmp_path / "cc.csv").read_text(encoding="utf-8") == rulings


def test_score_batch_and_season_apply_the_corrections_beside_the_night(
    tmp_path: Path,
) -> None:
    folder, out = tmp_path / "in", tmp_path / "out"
    folder.mkdir()
    night = folder / "night.xml"
    night.write_bytes(MITCHELL_XML.read_bytes())
    (folder / "night.corrections.csv").write_text(
        "board,ns,ew,adjusted,reason\n1,1,1,60%-40%,slow play\n", encoding="utf-8"
    )
    out.mkdir()
    assert main(["score", str(night), "--to", "json", "-o", str(out / "night.json"), "-q"]) == 0
    assert adjusted(out) == ["60%-40%"]
    batched = tmp_path / "batched"
    assert main(["batch", str(folder), "--out-dir", str(batched), "--to", "json", "-q"]) == 0
    assert adjusted(batched) == ["60%-40%"]
    plain = tmp_path / "plain"
    plain.mkdir()
    (plain / "night.xml").write_bytes(MITCHELL_XML.read_bytes())
    ruled, unruled = tmp_path / "ruled.json", tmp_path / "unruled.json"
    assert main(["season", str(night), "-o", str(ruled), "-q"]) == 0
    assert main(["season", str(plain / "night.xml"), "-o", str(unruled), "-q"]) == 0
    assert ruled.read_text(encoding="utf-8") != unruled.read_text(encoding="utf-8")
