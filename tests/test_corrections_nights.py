"""Which night a corrections file is for (docs/reference/corrections.md,
"Several nights"): ``--corrections`` given to a command that scores one
night applies to it; given to one that scores several (batch and season of
more than one file, watch, serve) it must say its night, by a ``night``
column or by its name, ``NIGHT.corrections.csv``, and applies to that
night alone."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pbnscore.cli import main
from pbnscore.corrections import CorrectionsError, read_corrections

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"
MITCHELL_XML = FIXTURES / "usebio" / "mitchell-pairs.xml"
RULING = "1,4,3,60%-40%,slow play"


def nights(tmp_path: Path) -> Path:
    """A folder of two nights (the same file under two names)."""
    folder = tmp_path / "in"
    folder.mkdir()
    for name in ("tuesday.xml", "thursday.xml"):
        (folder / name).write_bytes(MITCHELL_XML.read_bytes())
    return folder


def adjusted(document: Path) -> list[str]:
    boards = json.loads(document.read_text(encoding="utf-8"))["boards"]
    return [r["adjusted"] for b in boards for r in b["results"] if r["adjusted"]]


def rulings(tmp_path: Path, text: str, name: str = "rulings.csv") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def test_a_file_that_says_no_night_is_refused_where_several_are_scored(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder, out = nights(tmp_path), tmp_path / "out"
    given = rulings(tmp_path, f"board,ns,ew,adjusted,reason\n{RULING}\n")
    argv = ["batch", str(folder), "--out-dir", str(out), "--to", "json", "--corrections"]
    assert main([*argv, str(given)]) == 2
    assert capsys.readouterr().err.splitlines() == [
        f"{given}:2: batch scores 2 nights: say which night each ruling is for "
        "(a night column, or the file named NIGHT.corrections.csv)"
    ]
    assert not out.exists()


def test_a_night_column_applies_each_row_to_its_night_alone(tmp_path: Path) -> None:
    folder, out = nights(tmp_path), tmp_path / "out"
    given = rulings(tmp_path, f"night,board,ns,ew,adjusted,reason\nthursday,{RULING}\n")
    argv = ["batch", str(folder), "--out-dir", str(out), "--to", "json", "-q"]
    assert main([*argv, "--corrections", str(given)]) == 0
    assert adjusted(out / "thursday.json") == ["60%-40%"]
    assert adjusted(out / "tuesday.json") == []


def test_a_file_named_for_its_night_applies_to_that_night_alone(tmp_path: Path) -> None:
    folder, out = nights(tmp_path), tmp_path / "out"
    text = f"board,ns,ew,adjusted,reason\n{RULING}\n"
    given = rulings(tmp_path, text, "tuesday.corrections.csv")
    season = tmp_path / "season.json"
    argv = ["season", str(folder), "-o", str(season), "-q", "--corrections", str(given)]
    assert main(argv) == 0
    argv = ["batch", str(folder), "--out-dir", str(out), "--to", "json", "-q"]
    assert main([*argv, "--corrections", str(given)]) == 0
    assert adjusted(out / "tuesday.json") == ["60%-40%"]
    assert adjusted(out / "thursday.json") == []


def test_a_night_none_of_the_inputs_is_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder, out = nights(tmp_path), tmp_path / "out"
    given = rulings(tmp_path, f"night,board,ns,ew,adjusted\nfriday,{RULING.rsplit(',', 1)[0]}\n")
    argv = ["batch", str(folder), "--out-dir", str(out), "--corrections", str(given)]
    assert main(argv) == 2
    assert capsys.readouterr().err.splitlines() == [
        f"{given}:2: night 'friday' is none of the 2 nights batch scores"
    ]


def test_one_night_given_takes_the_file_whatever_it_is_named(tmp_path: Path) -> None:
    """score (and batch or season of one file) scores the one night given:
    the file applies to it, as the scorer named it."""
    folder, out = nights(tmp_path), tmp_path / "out"
    given = rulings(tmp_path, f"board,ns,ew,adjusted\n{RULING.rsplit(',', 1)[0]}\n")
    night = folder / "tuesday.xml"
    argv = ["batch", str(night), "--out-dir", str(out), "--to", "json", "-q"]
    assert main([*argv, "--corrections", str(given)]) == 0
    assert adjusted(out / "tuesday.json") == ["60%-40%"]
    scored = tmp_path / "scored.json"
    argv = ["score", str(night), "--to", "json", "-o", str(scored), "-q"]
    assert main([*argv, "--corrections", str(given)]) == 0
    assert adjusted(scored) == ["60%-40%"]


def test_a_row_for_another_night_is_said_and_left_out_where_one_is_scored(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = nights(tmp_path)
    text = f"night,board,ns,ew,adjusted\nthursday,{RULING.rsplit(',', 1)[0]}\n"
    given = rulings(tmp_path, text)
    scored = tmp_path / "scored.json"
    argv = ["score", str(folder / "tuesday.xml"), "--to", "json", "-o", str(scored)]
    assert main([*argv, "--corrections", str(given)]) == 0
    assert adjusted(scored) == []
    assert f"{given}:2: for night 'thursday', not applied" in capsys.readouterr().err


def test_watch_refuses_a_file_that_says_no_night(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """watch scores every night its folder holds, now and later."""
    folder, out = nights(tmp_path), tmp_path / "out"
    given = rulings(tmp_path, f"board,ns,ew,adjusted\n{RULING.rsplit(',', 1)[0]}\n")
    argv = ["watch", str(folder), "--out-dir", str(out), "--once", "--corrections", str(given)]
    assert main(argv) == 2
    assert capsys.readouterr().err.splitlines() == [
        f"{given}:2: watch scores every night in its folder: say which night each ruling "
        "is for (a night column, or the file named NIGHT.corrections.csv)"
    ]


@pytest.mark.parametrize(
    ("night", "source", "applies"),
    [
        ("thursday", "thursday.bws", True),
        ("Thursday.BWS", "club/thursday.bws", True),
        ("thursday.pbn", "thursday.bws", False),
        ("thurs", "thursday.bws", False),
    ],
)
def test_a_night_is_its_file_s_name_with_or_without_the_extension(
    night: str, source: str, applies: bool
) -> None:
    corrections = read_corrections(f"night,board,table,adjusted\n{night},1,1,not played\n", "r.csv")
    several = corrections.for_nights("watch", None)
    assert bool(several.rows_for(source)) is applies


def test_a_night_cell_with_no_board_is_still_a_bad_row() -> None:
    with pytest.raises(CorrectionsError):
        read_corrections("night,board,table,adjusted\nthursday,,1,not played\n", "r.csv")
