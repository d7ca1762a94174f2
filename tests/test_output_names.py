"""Outputs go where they are named, never into an input, never two to one
name (issue 25, points 6 and 7)."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

FIXTURES = Path(__file__).parent.parent / "fixtures"
NIGHT = FIXTURES / "pbn" / "mitchell-pairs.pbn"
CLUB = FIXTURES / "season" / "club"


def _run(
    words: list[str], stdout: Path, stdin: Path | None = None
) -> subprocess.CompletedProcess[str]:
    """``pbnscore WORDS >> stdout`` (``< stdin``), in a process of its own."""
    with stdout.open("ab") as out, (stdin or Path(__file__)).open("rb") as given:
        return subprocess.run(
            [sys.executable, "-m", "pbnscore", *words],
            stdout=out,
            stdin=given,
            stderr=subprocess.PIPE,
            text=True,
            check=False,
        )


@pytest.mark.parametrize(
    "words",
    [
        ["score", "{night}", "--to", "pbn", "-o", "-"],
        ["score", "{night}", "--to", "pbn"],
        ["score", "-", "--to", "pbn"],
        ["explain", "{night}", "--board", "1"],
        ["season", "{folder}"],
    ],
    ids=["score-o-dash", "score-no-o", "score-stdin", "explain", "season"],
)
def test_standard_output_appending_to_the_input_is_refused(
    tmp_path: Path, words: list[str]
) -> None:
    """``pbnscore score night.pbn -o - >> night.pbn``: a usage error, one
    line, and the input as it was."""
    folder = tmp_path / "nights"
    folder.mkdir()
    night = folder / "night.pbn"
    shutil.copy(NIGHT, night)
    before = night.read_bytes()
    filled = [word.format(night=night, folder=folder) for word in words]
    done = _run(filled, night, stdin=night)
    assert done.returncode == 2, done.stderr
    assert done.stderr.count("\n") == 1 and "would be written into" in done.stderr
    assert night.read_bytes() == before


def test_standard_output_to_another_file_is_written(tmp_path: Path) -> None:
    """The check looks at the file, not at the redirection: another file is written."""
    out = tmp_path / "out.pbn"
    done = _run(["score", str(NIGHT), "--to", "pbn", "-o", "-"], out)
    assert done.returncode == 0, done.stderr
    assert out.read_bytes().startswith(b"%")
