"""A refusal gives its reason: where a method scores no participant of an
event with real results, the warnings that explain it (each board left out,
and why) are said with the error, by the installed command (``score``,
``batch``, ``season``), from Python (``ScoringError.reasons``), and
``check`` names the problem too ("Bad input").

The case: one teams-of-eight match whose every board was played at 3 of its
4 tables (``teams-of-eight-one-match.xml`` with each board's last line left
out, made here: a fixture that fails would fail the docs' ``batch
fixtures``): aggregate, a teams event's default method, compares a board
between pairs of tables and leaves each out, so nothing is scored.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

import pbnscore
from pbnscore.errors import ScoringError

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"
FOUR_TABLES = FIXTURES / "usebio" / "teams-of-eight-one-match.xml"
REFUSED = "aggregate scored no participant on any board"
REASON = "board 1 of Lions v Tigers was played at 3 of its 4 tables; left out of the match"


@pytest.fixture(scope="module")
def three_tables(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The four-table match with each board's last TRAVELLER_LINE left out
    (lines after it shift up: the first board's first line stays at 133)."""
    text = FOUR_TABLES.read_text(encoding="iso-8859-1")
    last_line = re.compile(
        r"\s*<TRAVELLER_LINE>(?:(?!TRAVELLER_LINE>).)*</TRAVELLER_LINE>(?=\s*</BOARD>)", re.S
    )
    path = tmp_path_factory.mktemp("refusals") / "three-tables.xml"
    path.write_text(last_line.sub("", text), encoding="iso-8859-1")
    return path


def run(*argv: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "pbnscore", *argv], capture_output=True, text=True, timeout=120
    )


def test_the_reasons_travel_with_the_error_from_python(three_tables: Path) -> None:
    """pbnscore.score() raises ScoringError whose reasons are the method's
    warnings, each with its line."""
    event = pbnscore.load(three_tables)
    with pytest.raises(ScoringError) as caught:
        pbnscore.score(event, "aggregate")
    assert str(caught.value) == REFUSED
    assert caught.value.reasons[0][0] == REASON
    assert all(line is not None for _, line in caught.value.reasons[:8])


@pytest.mark.parametrize("command", ["score", "batch", "season"])
def test_a_refusal_is_said_with_its_reasons(
    three_tables: Path, tmp_path: Path, command: str
) -> None:
    """Each board's warning, then the error (exit 1), not the error alone."""
    extra = {
        "score": ["-o", str(tmp_path / "x.json")],
        "batch": ["--out-dir", str(tmp_path / "out"), "--no-progress"],
        "season": ["--no-progress", "-o", str(tmp_path / "season.txt")],
    }[command]
    done = run(command, str(three_tables), *extra)
    assert done.returncode == 1, done
    lines = done.stderr.splitlines()
    said = [line for line in lines if REASON in line]
    assert said and said[0].startswith(f"{three_tables}:133: warning: "), done.stderr
    refused = [at for at, line in enumerate(lines) if line.endswith(REFUSED)]
    assert refused and lines.index(said[0]) < refused[0], done.stderr


def test_check_names_the_problem(three_tables: Path) -> None:
    """check: the file reads, but its default method refuses it: the reasons
    as warnings and the refusal as an error, exit 1 (it said 'no problems')."""
    done = run("check", str(three_tables))
    assert done.returncode == 1, done
    out = done.stdout.splitlines()
    assert f"{three_tables}:133: warning: {REASON}" in out, done.stdout
    assert out[-1] == f"{three_tables}: {REFUSED}", done.stdout
    assert not any(line.endswith("no problems") for line in out)


def test_watch_says_a_refusal_with_its_reasons(three_tables: Path, tmp_path: Path) -> None:
    """watch --once: each board's warning before the refusal (it said the
    refusal alone), as score, batch and season do."""
    folder = tmp_path / "in"
    folder.mkdir()
    night = folder / three_tables.name
    night.write_bytes(three_tables.read_bytes())
    done = run("watch", str(folder), "--out-dir", str(tmp_path / "out"), "--once")
    assert done.returncode == 1, done
    lines = done.stderr.splitlines()
    said = [at for at, line in enumerate(lines) if f"{night}:133: warning: {REASON}" in line]
    refused = [at for at, line in enumerate(lines) if line.endswith(REFUSED)]
    assert said and refused and said[0] < refused[0], done.stderr
