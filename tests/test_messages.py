"""Messages are one line per problem, whatever a name holds: a file name with
a newline cannot forge a second line, and a name thousands of characters
long is cut to 200 (docs/reference/bad-input.md "One line per
problem")."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from pbnscore.cli import main
from pbnscore.errors import MESSAGE_LIMIT, shown

FIXTURES = Path(__file__).parent.parent / "fixtures"
FORGED = "fake.xml:1: all good"


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        ("night.xml", "night.xml"),
        ("bad\nfake.xml", "bad\\nfake.xml"),
        ("tab\there\x1b[31m", "tab\\there\\x1b[31m"),
        ("caf\u00e9 \u2013 night", "caf\u00e9 \u2013 night"),
        ("x" * 3000, "x" * MESSAGE_LIMIT + "\u2026"),
    ],
    ids=["plain", "newline", "tab-and-escape", "non-ascii-kept", "long"],
)
def test_a_name_is_shown_escaped_and_cut(name: str, expected: str) -> None:
    """Control characters are spelt as Python spells them; printable text
    (accents, dashes) is kept; past 200 characters the name is cut."""
    assert shown(name) == expected


@pytest.fixture
def forged(tmp_path: Path) -> Path:
    """A folder holding one bad file whose name holds two newlines."""
    folder = tmp_path / "in"
    folder.mkdir()
    (folder / f"bad\n{FORGED}\nx.xml").write_bytes(b"<garbage")
    return folder


@pytest.mark.parametrize("command", ["score", "check", "batch"])
def test_a_newline_in_a_file_name_forges_no_line(
    command: str, forged: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The bad file is one line, its name escaped; no line of output is the
    forged ``fake.xml:1: all good``."""
    (bad,) = forged.iterdir()
    words = {
        "score": ["score", str(bad)],
        "check": ["check", str(bad)],
        "batch": ["batch", str(forged), "--out-dir", str(tmp_path / "out")],
    }[command]
    assert main(words) == 1
    captured = capsys.readouterr()
    lines = (captured.out + captured.err).splitlines()
    assert lines, "nothing was said"
    assert not any(line.startswith(FORGED) for line in lines)
    assert any("bad\\nfake.xml:1: all good\\nx.xml" in line for line in lines)


def test_a_long_name_in_a_season_warning_is_cut(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A 3,000-character player name guessed to be another spelling: the
    warning is one line of at most a name's and a message's length."""
    folder = tmp_path / "club"
    shutil.copytree(FIXTURES / "season" / "club", folder)
    long_tail = "x" * 3000
    for path in folder.iterdir():
        text = path.read_text(encoding="utf-8")
        text = text.replace("Kate Kerr", "Kate Kerr" + long_tail)
        path.write_text(text.replace("kate kerr", "kate kerr" + long_tail), encoding="utf-8")
    assert main(["season", str(folder)]) == 0
    lines = capsys.readouterr().err.splitlines()
    guessed = [line for line in lines if "'kate kerr" in line]
    assert guessed, "the guess about the long name was not said"
    assert max(len(line) for line in lines) <= 2 * MESSAGE_LIMIT + len(": warning: ") + 10
