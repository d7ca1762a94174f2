"""``.bws`` on the command line: check, score, explain and batch read a
Bridgemate file as they read PBN and USEBIO, on the shared samples (skipped
where absent) and on a night of fixtures/bws written to a database nowhere:
those go through the seam (test_bws_build.py)."""

from __future__ import annotations

import json
import shutil
import sys
from pathlib import Path
from typing import Any

import pytest

from pbnscore.cli import main

PALO_ALTO = "bws/palo_alto_2025-12-23.bws"
PALO_ALTO_PBN = "pbn/palo_alto_2025-12-23_SPR_PBN_File_0.pbn"
TWELVE_TABLES = "bws/bridgemate_ui_12tables_1section.bws"


def scored(path: Path, tmp_path: Path, *options: str) -> dict[str, Any]:
    out = tmp_path / f"{path.stem}-{'-'.join(options) or 'default'}.json"
    assert main(["score", str(path), "--to", "json", "-o", str(out), "--quiet", *options]) == 0
    document: dict[str, Any] = json.loads(out.read_text(encoding="utf-8"))
    return document


def lines(document: dict[str, Any]) -> dict[tuple[str, int, str, str], dict[str, Any]]:
    """Each result line by (section, board, NS pair, EW pair)."""
    return {
        (board["section"], board["board"], line["ns"], line["ew"]): line
        for board in document["boards"]
        for line in board["results"]
    }


def test_check_counts_the_palo_alto_night(
    shared_samples: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = shared_samples / PALO_ALTO
    assert main(["check", str(path)]) == 0
    last = capsys.readouterr().out.splitlines()[-1]
    assert last.startswith(f"{path}: 2 sections, 34 pairs, 24 boards, 384 results; ")


@pytest.mark.parametrize("method", ["butler", "cross-imps"])
def test_the_bws_and_its_pbn_export_agree_on_every_line_they_share(
    shared_samples: Path, tmp_path: Path, method: str
) -> None:
    """333 lines in both: the same NS score; on every board where the two hold
    the same results, the same points. The BWS's 51 later lines are scored too."""
    from_bws = lines(scored(shared_samples / PALO_ALTO, tmp_path, "-m", method))
    from_pbn = lines(scored(shared_samples / PALO_ALTO_PBN, tmp_path, "-m", method))
    shared = from_bws.keys() & from_pbn.keys()
    assert (len(from_bws), len(from_pbn), len(shared)) == (384, 333, 333)
    assert all(from_bws[key]["score"] == from_pbn[key]["score"] for key in shared)
    boards = {key[:2] for key in from_bws}
    same = [
        board
        for board in boards
        if {k for k in from_bws if k[:2] == board} == {k for k in from_pbn if k[:2] == board}
    ]
    assert len(same) == 18
    for key in shared:
        if key[:2] in same:
            points = ("ns_points", "ew_points")
            assert [from_bws[key][p] for p in points] == [from_pbn[key][p] for p in points]
    extra = from_bws.keys() - shared
    assert len(extra) == 51
    assert all(from_bws[key]["ns_points"] is not None for key in extra)


@pytest.mark.parametrize(
    "options",
    [
        pytest.param((), id="butler"),
        pytest.param(("--datum", "trimmed-mean"), id="trimmed-mean"),
        pytest.param(("--datum", "mean"), id="mean"),
        pytest.param(("--datum", "median"), id="median"),
        pytest.param(("-m", "cross-imps"), id="cross-imps"),
        pytest.param(("-m", "cross-imps", "--normalise", "total"), id="cross-imps-total"),
    ],
)
def test_the_2014_night_scores_under_every_pairs_method(
    shared_samples: Path, tmp_path: Path, options: tuple[str, ...]
) -> None:
    """288 results: 286 played, the two arbitral scores adjusted; 24 pairs, 24 boards."""
    document = scored(shared_samples / TWELVE_TABLES, tmp_path, *options)
    results = [line for board in document["boards"] for line in board["results"]]
    assert len(results) == 288
    assert sum(line["score"] is not None for line in results) == 286
    assert sorted(line["adjusted"] for line in results if line["adjusted"]) == [
        "40%-60%",
        "60%-60%",
    ]
    assert len(document["participants"]) == 24
    assert len({board["board"] for board in document["boards"]}) == 24


def test_the_2014_night_warns_of_its_contradicting_declarer_by_board_and_table(
    shared_samples: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = shared_samples / TWELVE_TABLES
    assert main(["check", str(path)]) == 0
    out = capsys.readouterr().out
    assert (
        f"{path}: warning: section A board 6 table 7: declarer's seat is E but the "
        "declaring pair 7 sat NS: scored with E declaring"
    ) in out.splitlines()


@pytest.mark.parametrize("method", ["aggregate", "barking"])
def test_a_teams_method_on_a_bws_is_refused_saying_what_is_missing(
    shared_samples: Path, capsys: pytest.CaptureFixture[str], method: str
) -> None:
    path = shared_samples / PALO_ALTO
    assert main(["score", str(path), "-m", method, "--to", "json"]) == 1
    err = capsys.readouterr().err.splitlines()
    assert err == [
        f"{path}: {method} scores teams, and a Bridgemate file does not say which tables "
        "form a match: it is read as pairs (score it with butler or cross-imps)"
    ]


def test_a_bws_is_found_by_its_content_under_another_name(
    shared_samples: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    night = tmp_path / "tonight.dat"
    shutil.copyfile(shared_samples / PALO_ALTO, night)
    assert main(["check", str(night)]) == 0
    assert "384 results" in capsys.readouterr().out


def test_explain_tells_a_bws_board_with_its_ruling_beside_it(
    shared_samples: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """explain reads a BWS as score does: the night's own arbitral score on
    board 1 (table 7, 40%-60%) and a director's ruling at table 1, its reason shown."""
    rulings = tmp_path / "rulings.csv"
    rulings.write_text("board,table,adjusted,reason\n1,1,60%-40%,slow play\n", encoding="utf-8")
    night = shared_samples / TWELVE_TABLES
    argv = ["explain", str(night), "--board", "1", "--corrections", str(rulings), "-q"]
    assert main(argv) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "Board 1 · bridgemate_ui_12tables_1section.bws"
    at = out.index("Table 1: NS 1 v EW 13: 60%-40%")
    assert out[at + 1].strip() == "ruling: slow play"
    assert "Table 7: NS 7 v EW 24: 40%-60%" in out


def test_batch_finds_a_bws_in_a_folder(shared_samples: Path, tmp_path: Path) -> None:
    folder = tmp_path / "nights"
    folder.mkdir()
    shutil.copyfile(shared_samples / TWELVE_TABLES, folder / "t12.bws")
    out = tmp_path / "out"
    assert main(["batch", str(folder), "--out-dir", str(out), "--to", "json", "--quiet"]) == 0
    assert json.loads((out / "t12.json").read_text(encoding="utf-8"))["source"] == "t12.bws"


@pytest.mark.parametrize(
    ("data", "said"),
    [
        pytest.param(b"not a database", "not an Access database (no Jet header)", id="text"),
        pytest.param(
            b"\x00\x01\x00\x00Standard Jet DB\x00" + bytes(3000),
            "not a readable Access database",
            id="header-only",
        ),
    ],
)
def test_a_corrupt_bws_is_one_line_and_exit_1(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], data: bytes, said: str
) -> None:
    night = tmp_path / "night.bws"
    night.write_bytes(data)
    assert main(["score", str(night), "--to", "json"]) == 1
    err = capsys.readouterr().err.splitlines()
    assert len(err) == 1 and err[0].startswith(f"{night}: {said}")


def test_without_the_extra_score_of_a_bws_is_one_line_and_exit_1(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "access_parser", None)
    night = tmp_path / "x.bws"
    night.write_bytes(b"\x00\x01\x00\x00Standard Jet DB\x00" + bytes(3000))
    assert main(["score", str(night)]) == 1
    assert capsys.readouterr().err.splitlines() == [
        f"{night}: reading a Bridgemate .bws file needs the bws extra: "
        "pip install 'pbnscore[bws]'; until pbnscore is on the package index, "
        "in its source folder: pip install '.[bws]'"
    ]


@pytest.mark.parametrize("keep", [3078144, 1540096, 3082240 - 1], ids=["last-pages", "half", "odd"])
def test_a_bws_cut_short_is_one_line_and_exit_1(
    shared_samples: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str], keep: int
) -> None:
    night = tmp_path / "night.bws"
    night.write_bytes((shared_samples / PALO_ALTO).read_bytes()[:keep])
    assert main(["score", str(night), "--to", "json", "-o", str(tmp_path / "n.json")]) == 1
    err = capsys.readouterr().err.splitlines()
    assert len(err) == 1 and err[0].startswith(f"{night}: cut short")


@pytest.mark.parametrize("name", ["tonight.pbn", "tonight.xml"])
@pytest.mark.parametrize("command", ["check", "score", "batch"])
def test_a_bws_renamed_pbn_or_xml_is_read_as_a_bws(
    shared_samples: Path, tmp_path: Path, name: str, command: str
) -> None:
    folder = tmp_path / "in"
    folder.mkdir()
    shutil.copyfile(shared_samples / TWELVE_TABLES, folder / name)
    out = tmp_path / "out"
    argv = {
        "check": ["check", str(folder / name)],
        "score": ["score", str(folder / name), "--to", "json", "-o", str(tmp_path / "x.json")],
        "batch": ["batch", str(folder), "--out-dir", str(out), "--to", "json"],
    }[command]
    assert main([*argv, "-q"] if command != "check" else argv) == 0
