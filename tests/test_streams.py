"""The standard streams fail cleanly: a full disk, a closed descriptor, an
encoding that cannot hold a character (docs/reference/bad-input.md "Standard
streams fail cleanly"). Each case runs
``python -m pbnscore`` in a process of its own, with the stream so set up;
what a command writes with its streams as usual, to compare with, is taken
from ``main`` in this process."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from pbnscore.cli import main

FIXTURES = Path(__file__).parent.parent / "fixtures"
NIGHT = FIXTURES / "pbn" / "mitchell-pairs.pbn"
CLUB = FIXTURES / "season" / "club"
POSIX = pytest.mark.skipif(os.name != "posix", reason="closes a descriptor before exec")

COMMANDS = {
    "version": ["--version"],
    "help": ["--help"],
    "methods": ["methods"],
    "score": ["score", str(NIGHT)],
    "explain": ["explain", str(NIGHT), "--board", "1"],
    "season": ["season", str(CLUB), "-q", "--no-progress"],
    "check": ["check", "{broken}"],
}


def _broken(folder: Path) -> Path:
    """A file ``check`` finds a problem in, named with a character ASCII has not."""
    path = folder / "nuit-§.pbn"
    path.write_text('[Event "x"]\n[Board "0"]\n', encoding="utf-8")
    return path


def _pbnscore(words: list[str], tmp_path: Path, **how: object) -> subprocess.CompletedProcess[str]:
    filled = [word.format(broken=_broken(tmp_path)) for word in words]
    return subprocess.run(  # type: ignore[call-overload]
        [sys.executable, "-m", "pbnscore", *filled],
        stderr=subprocess.PIPE,
        text=True,
        encoding="utf-8",
        check=False,
        **how,
    )


def _one_line(done: subprocess.CompletedProcess[str], status: int = 1) -> None:
    assert done.returncode == status, done.stderr
    assert done.stderr.count("\n") == 1 and "Traceback" not in done.stderr, done.stderr


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="no /dev/full")
@pytest.mark.parametrize("words", COMMANDS.values(), ids=COMMANDS.keys())
def test_standard_output_on_a_full_disk(tmp_path: Path, words: list[str]) -> None:
    """``> /dev/full``: exit 1, one line saying so."""
    with open("/dev/full", "w") as full:
        done = _pbnscore(words, tmp_path, stdout=full)
    _one_line(done)
    assert "standard output: No space left on device" in done.stderr


def _close(descriptor: int) -> None:
    os.close(descriptor)


@POSIX
@pytest.mark.parametrize("words", COMMANDS.values(), ids=COMMANDS.keys())
def test_standard_output_closed(tmp_path: Path, words: list[str]) -> None:
    """``>&-``: exit 1, one line; the output is not dropped without a word."""
    done = _pbnscore(words, tmp_path, preexec_fn=lambda: _close(1))
    _one_line(done)
    assert "standard output: closed" in done.stderr


@POSIX
@pytest.mark.parametrize(
    "words",
    [["score", "-"], ["check", "-"], ["explain", "-", "--board", "1"]],
    ids=["score", "check", "explain"],
)
def test_standard_input_closed(tmp_path: Path, words: list[str]) -> None:
    """``<&-`` with ``-`` for the input: exit 1, one line."""
    done = _pbnscore(words, tmp_path, preexec_fn=lambda: _close(0), stdout=subprocess.PIPE)
    _one_line(done)
    assert "standard input is closed" in done.stderr
    assert done.stdout == ""


@pytest.mark.parametrize(
    ("words", "escaped"),
    [(COMMANDS["methods"], "\\xd7"), (COMMANDS["check"], "nuit-\\xa7.pbn")],
    ids=["methods", "check"],
)
def test_an_encoding_that_cannot_hold_a_character(
    tmp_path: Path, words: list[str], escaped: str
) -> None:
    """``PYTHONIOENCODING=ascii``: what ASCII cannot hold is written escaped,
    the rest as it is, and the command ends as it would have."""
    environment = {**os.environ, "PYTHONIOENCODING": "ascii"}
    done = _pbnscore(words, tmp_path, stdout=subprocess.PIPE, env=environment)
    assert done.returncode == (1 if words[0] == "check" else 0), done.stderr
    assert escaped in done.stdout and "Traceback" not in done.stderr


@POSIX
@pytest.mark.parametrize(
    ("words", "status"),
    [
        (["score", str(FIXTURES / "usebio" / "club-night.xml"), "--to", "json", "-o", "-"], 1),
        (["batch", str(FIXTURES / "usebio" / "club-night.xml"), "--out-dir", "{out}"], 1),
        (["score", "{broken}"], 1),
        (["score", str(NIGHT), "--bogus"], 2),
        (["--version"], 0),
    ],
    ids=["score-warning", "batch-warning", "score-error", "usage-error", "version"],
)
def test_standard_error_closed(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, words: list[str], status: int
) -> None:
    """``2>&-``: nothing meant for standard error reaches standard output,
    which is what it is with standard error open; a warning or error that
    could not be said makes the exit status 1 (a failure keeps its own)."""
    filled = [word.format(broken=_broken(tmp_path)) for word in _out(words, tmp_path / "said")]
    main(filled)
    said = capsys.readouterr()
    closed = _out(words, tmp_path / "closed")
    done = _pbnscore(closed, tmp_path, stdout=subprocess.PIPE, preexec_fn=lambda: _close(2))
    assert said.err.strip() != "" or words == ["--version"]
    assert (done.returncode, done.stdout) == (status, said.out)


def _out(words: list[str], folder: Path) -> list[str]:
    return [word.replace("{out}", str(folder)) for word in words]
