"""Every output asked for is written, and no option given is dropped:
``batch`` writes each ``--to`` for each file, ``score`` with several
``--to`` writes each beside ``-o``'s name (standard output takes one), and a
single-value option given twice is refused rather than the last winning
(docs/reference/commands.md, "Output format and names")."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pbnscore.cli import main

FIXTURES = Path(__file__).parent.parent / "fixtures"
CLUB = FIXTURES / "season" / "club"
NIGHT = FIXTURES / "usebio" / "club-night.xml"


def written(folder: Path) -> list[str]:
    return sorted(
        path.relative_to(folder).as_posix() for path in folder.rglob("*") if path.is_file()
    )


@pytest.mark.parametrize(
    "formats",
    [("json", "html"), ("html", "csv"), ("usebio", "pbn", "text")],
    ids=["readme", "archive-tutorial", "three"],
)
def test_batch_writes_every_format_given_for_every_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], formats: tuple[str, ...]
) -> None:
    """``batch --to json --to html`` (the docs' own line) writes both for each
    file, each the bytes ``score --to`` writes alone."""
    out = tmp_path / "scored"
    to = [word for name in formats for word in ("--to", name)]
    assert main(["batch", str(CLUB), "--out-dir", str(out), *to, "--no-progress", "-q"]) == 0
    inputs = sorted(path for path in CLUB.iterdir() if path.suffix in (".pbn", ".xml"))
    assert inputs
    ext = {
        "json": "json",
        "html": "html",
        "csv": "csv",
        "usebio": "xml",
        "pbn": "pbn",
        "text": "txt",
    }
    assert written(out) == sorted(f"{p.stem}.{ext[name]}" for p in inputs for name in formats)
    alone = tmp_path / "alone"
    alone.mkdir()
    for name in formats:
        target = alone / f"{inputs[0].stem}.{ext[name]}"
        assert main(["score", str(inputs[0]), "--to", name, "-o", str(target), "-q"]) == 0
        assert (out / target.name).read_bytes() == target.read_bytes()
    capsys.readouterr()


def test_batch_writes_a_writer_option_to_the_formats_that_take_it(tmp_path: Path) -> None:
    """``--keep-awards`` with ``--to usebio --to json``: applies to the USEBIO
    output, and the JSON is written as without it."""
    out = tmp_path / "out"
    args = ["batch", str(NIGHT), "--out-dir", str(out), "--no-progress", "-q"]
    assert main([*args, "--to", "usebio", "--to", "json", "--keep-awards"]) == 0
    assert written(out) == ["club-night.json", "club-night.xml"]
    json.loads((out / "club-night.json").read_text(encoding="utf-8"))


def test_score_with_several_formats_and_no_output_is_a_usage_error(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Standard output takes one format: two ``--to`` without ``-o`` is exit 2,
    one line that says the rule and what to give."""
    assert main(["score", str(NIGHT), "--to", "json", "--to", "html"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1
    assert "standard output takes one" in err
    assert "-o NAME" in err and "NAME.json, NAME.html" in err


@pytest.mark.parametrize(
    ("output", "expected"),
    [
        ("out/night", ["night.html", "night.json"]),
        ("out/night.html", ["night.html", "night.json"]),
        ("out/night.v2", ["night.v2.html", "night.v2.json"]),
        ("out/", ["club-night.html", "club-night.json"]),
    ],
    ids=["no-extension", "a-format-s-extension", "another-extension", "folder"],
)
def test_score_with_several_formats_writes_each_beside_the_output_s_name(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    output: str,
    expected: list[str],
) -> None:
    """``-o NAME --to html --to json``: NAME less a format's extension, with
    each format's; the bytes ``score`` writes of each alone."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "out").mkdir()
    assert main(["score", str(NIGHT), "--to", "html", "--to", "json", "-o", output, "-q"]) == 0
    assert written(tmp_path / "out") == expected
    for name in expected:
        alone = tmp_path / f"alone-{name}"
        to = Path(name).suffix.lstrip(".")
        assert main(["score", str(NIGHT), "--to", to, "-o", str(alone), "-q"]) == 0
        assert (tmp_path / "out" / name).read_bytes() == alone.read_bytes()
    capsys.readouterr()


@pytest.mark.parametrize(
    "given",
    [
        ["-o", "a.xml", "-o", "b.xml"],
        ["--date", "2024-01-01", "--date", "2024-02-02"],
        ["--title", "One", "--title", "Two"],
        ["-m", "butler", "-m", "cross-imps"],
        ["-m", "butler", "--imp-cap", "3", "--imp-cap", "4"],
        ["--from", "usebio", "--from", "pbn"],
        ["--usebio-for", "cobalt", "--usebio-for", "ukbridge"],
    ],
    ids=["output", "date", "title", "method", "method-option", "from", "usebio-for"],
)
def test_a_single_value_option_given_twice_is_refused(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    given: list[str],
) -> None:
    """The last value would silently win over the first: exit 2, one line
    naming the option and both values, and nothing written."""
    monkeypatch.chdir(tmp_path)
    assert main(["score", str(NIGHT), *given]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1
    assert "takes one value, given" in err
    assert given[-1] in err
    assert list(tmp_path.iterdir()) == []


def test_a_repeated_option_of_batch_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``--out-dir`` twice: exit 2 before any file is scored."""
    args = ["batch", str(NIGHT), "--out-dir", str(tmp_path / "a"), "--out-dir", str(tmp_path / "b")]
    assert main(args) == 2
    assert "--out-dir takes one value" in capsys.readouterr().err
    assert list(tmp_path.iterdir()) == []
