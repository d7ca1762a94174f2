"""Outputs go where they are named, never into an input, never two to one
name (docs/reference/bad-input.md "Outputs never collide").

Where a test redirects standard output or input, the command runs in this
process with ``sys.stdout`` and ``sys.stdin`` open on real files, as a
shell's ``>>`` and ``<`` leave them: what the refusal looks at is the file
behind each descriptor. One test runs the case of docs/reference/bad-input.md in a process of its
own, the whole way from the shell's redirection."""

from __future__ import annotations

import shutil
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import attrs
import pytest

from pbnscore.cli import main

FIXTURES = Path(__file__).parent.parent / "fixtures"
NIGHT = FIXTURES / "pbn" / "mitchell-pairs.pbn"
CLUB = FIXTURES / "season" / "club"


@attrs.frozen
class Ran:
    returncode: int
    stderr: str


@pytest.fixture
def run(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> Callable[..., Ran]:
    """``pbnscore WORDS >> stdout`` (``< stdin``): ``main`` with standard
    output appending to ``stdout`` and standard input reading ``stdin``."""

    def ran(words: list[str], stdout: Path, stdin: Path | None = None) -> Ran:
        capsys.readouterr()
        with (
            stdout.open("a", encoding="utf-8") as out,
            (stdin or Path(__file__)).open(encoding="utf-8") as given,
            monkeypatch.context() as patch,
        ):
            patch.setattr(sys, "stdout", out)
            patch.setattr(sys, "stdin", given)
            status = main(words)
        return Ran(status, capsys.readouterr().err)

    return ran


@pytest.mark.parametrize(
    "words",
    [
        ["score", "{night}", "--to", "pbn", "-o", "-"],
        ["score", "{night}", "--to", "pbn"],
        ["score", "-", "--to", "pbn"],
        ["explain", "{night}", "--board", "1"],
        ["season", "{folder}"],
        ["check", "{night}"],
        ["check", "-"],
    ],
    ids=["score-o-dash", "score-no-o", "score-stdin", "explain", "season", "check", "check-stdin"],
)
def test_standard_output_appending_to_the_input_is_refused(
    run: Callable[..., Ran], tmp_path: Path, words: list[str]
) -> None:
    """``pbnscore score night.pbn -o - >> night.pbn``: a usage error, one
    line, and the input as it was."""
    folder = tmp_path / "nights"
    folder.mkdir()
    night = folder / "night.pbn"
    shutil.copy(NIGHT, night)
    before = night.read_bytes()
    filled = [word.format(night=night, folder=folder) for word in words]
    done = run(filled, night, stdin=night)
    assert done.returncode == 2, done.stderr
    assert done.stderr.count("\n") == 1 and "would be written into" in done.stderr
    assert night.read_bytes() == before


def test_a_process_appending_to_its_input_refuses(tmp_path: Path) -> None:
    """``pbnscore score night.pbn -o - >> night.pbn`` from a shell, in a
    process of its own: a usage error, one line, and the input as it was."""
    night = tmp_path / "night.pbn"
    shutil.copy(NIGHT, night)
    before = night.read_bytes()
    with night.open("ab") as out:
        done = subprocess.run(
            [sys.executable, "-m", "pbnscore", "score", str(night), "--to", "pbn", "-o", "-"],
            stdout=out,
            stdin=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            text=True,
            check=False,
        )
    assert done.returncode == 2, done.stderr
    assert done.stderr.count("\n") == 1 and "would be written into" in done.stderr
    assert night.read_bytes() == before


def test_standard_output_to_another_file_is_written(
    run: Callable[..., Ran], tmp_path: Path
) -> None:
    """The check looks at the file, not at the redirection: another file is written."""
    out = tmp_path / "out.pbn"
    done = run(["score", str(NIGHT), "--to", "pbn", "-o", "-"], out)
    assert done.returncode == 0, done.stderr
    assert out.read_bytes().startswith(b"%")


@pytest.mark.parametrize(
    "output", ["rep/jan05.html", "rep/./jan05.html"], ids=["plain", "spelt-otherwise"]
)
def test_a_season_over_an_event_report_is_refused_before_any_work(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], output: str
) -> None:
    """``season --report-dir rep -o rep/jan05.html``: exit 2, one line,
    nothing written (the season page once replaced that event's report)."""
    reports = tmp_path / "rep"
    words = ["season", str(CLUB), "--report-dir", str(reports), "-o", str(tmp_path / output)]
    assert main(words) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "jan05.html" in err
    assert not reports.exists()


def test_a_season_beside_the_reports_is_written(tmp_path: Path) -> None:
    """Another name in the report folder is no collision."""
    reports = tmp_path / "rep"
    words = ["season", str(CLUB), "--report-dir", str(reports), "-o", str(reports / "season.html")]
    assert main([*words, "-q"]) == 0
    assert len(list(reports.glob("*.html"))) == 7


@pytest.mark.parametrize(
    ("words", "name"),
    [
        (["score", str(NIGHT)], "mitchell-pairs.xml"),
        (["score", str(NIGHT), "--to", "json"], "mitchell-pairs.json"),
        (["explain", str(NIGHT), "--board", "1"], "mitchell-pairs.txt"),
    ],
    ids=["score", "score-json", "explain"],
)
def test_an_output_ending_in_a_separator_is_a_folder(
    tmp_path: Path, words: list[str], name: str
) -> None:
    """``-o scored/``: the file goes inside the folder, named for the input."""
    folder = tmp_path / "scored"
    folder.mkdir()
    assert main([*words, "-o", f"{folder}/", "-q"]) == 0
    assert [path.name for path in folder.iterdir()] == [name]


@pytest.mark.parametrize("command", ["score", "explain"])
def test_an_output_folder_that_is_not_there_is_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], command: str
) -> None:
    """``-o scored/`` with no such folder: exit 1, one line, no file ``scored``."""
    words = [command, str(NIGHT), "-o", f"{tmp_path / 'scored'}/", "-q"]
    assert main([*words, "--board", "1"] if command == "explain" else words) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "scored/: no such folder" in err
    assert list(tmp_path.iterdir()) == []


def test_a_season_output_ending_in_a_separator_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``season -o out/``: a usage error, not a file named ``out``."""
    assert main(["season", str(CLUB), "-o", f"{tmp_path / 'out'}/"]) == 2
    assert capsys.readouterr().err.count("\n") == 1
    assert list(tmp_path.iterdir()) == []


TEAMS = FIXTURES / "usebio" / "teams-of-four.xml"
SCALE = "*,0,10,10\n*,1,11,9\n"


@pytest.mark.parametrize(
    ("words", "content"),
    [
        (["score", str(TEAMS), "--vp", "{path}", "--to", "csv"], SCALE),
        (["season", str(CLUB), "--aliases", "{path}", "--to", "csv"], "name,same_as\n"),
    ],
    ids=["vp", "aliases"],
)
@pytest.mark.parametrize("spelt", ["-o", "stdout"])
def test_a_file_an_option_reads_is_never_written_over(
    run: Callable[..., Ran], tmp_path: Path, words: list[str], content: str, spelt: str
) -> None:
    """``score teams.xml --vp scale.csv -o scale.csv`` (or ``>> scale.csv``):
    a usage error, the file as it was."""
    path = tmp_path / "option.csv"
    path.write_text(content, encoding="utf-8")
    filled = [word.format(path=path) for word in words]
    if spelt == "-o":
        done = run([*filled, "-o", str(path)], tmp_path / "stdout.txt")
    else:
        done = run(filled, path)
    assert done.returncode == 2, done.stderr
    assert done.stderr.count("\n") == 1 and "which an option reads" in done.stderr
    assert path.read_text(encoding="utf-8") == content
