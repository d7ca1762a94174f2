"""A file that is no results file at all (a Word document, random bytes, a
spreadsheet saved as text) is said to be one, in one line, by every command
(docs/reference/bad-input.md)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from pbnscore import pbn
from pbnscore.cli import main
from pbnscore.errors import PbnError

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = ROOT / "fixtures" / "not-results"

CASES = [
    pytest.param("results.docx", "it starts with bytes of a ZIP archive", id="docx"),
    pytest.param("random-bytes.pbn", "it holds bytes that are not text", id="random"),
    pytest.param("standings.pbn", "no tag pair in its first 64 KiB", id="csv-as-pbn"),
]


def _copy(tmp_path: Path, name: str) -> Path:
    target = tmp_path / name
    if name == "standings.pbn":  # a spreadsheet's standings saved as text
        rows = "".join(f"{n},Player {n},Player {n + 20},{50 + n / 10:.1f}\n" for n in range(1, 40))
        target.write_text("Pair,North-South,East-West,Percentage\n" + rows)
    else:  # kept as .bin: a folder of fixtures scored by batch skips it
        shutil.copyfile(FIXTURES / name.replace(".pbn", ".bin"), target)
    return target


@pytest.mark.parametrize(("name", "why"), CASES)
def test_check_says_not_a_results_file_in_one_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, name: str, why: str
) -> None:
    """``check`` prints one line, no lexer faults, no "file of deals only"."""
    source = _copy(tmp_path, name)
    assert main(["check", str(source)]) == 1
    assert capsys.readouterr().out == f"{source}: not a PBN or USEBIO file ({why})\n"


@pytest.mark.parametrize(("name", "why"), CASES)
def test_score_says_not_a_results_file_in_one_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, name: str, why: str
) -> None:
    """``score`` too: exit 1, the one line on stderr, no output."""
    source = _copy(tmp_path, name)
    out = tmp_path / "out.json"
    assert main(["score", str(source), "-o", str(out)]) == 1
    captured = capsys.readouterr()
    assert captured.err == f"{source}: not a PBN or USEBIO file ({why})\n"
    assert not out.exists()


def test_the_library_raises_a_pbn_error() -> None:
    """``pbnscore.pbn.loads`` raises the same one message."""
    data = (FIXTURES / "results.docx").read_bytes()
    with pytest.raises(PbnError) as raised:
        pbn.loads(data, source="results.docx")
    why = "it starts with bytes of a ZIP archive"
    assert raised.value.message == f"not a PBN or USEBIO file ({why})"
    assert raised.value.line is None


@pytest.mark.parametrize(
    "data",
    [
        pytest.param(b"", id="empty"),
        pytest.param(b"\xef\xbb\xbf% PBN 2.1\n", id="bom-and-a-directive"),
    ],
)
def test_an_empty_pbn_is_still_a_pbn_with_no_games(data: bytes) -> None:
    """An empty file, or one of directives only, is text of PBN's shape with
    no games (the message it always had), not "not a PBN file"."""
    assert [p.message for p in pbn.check(data)] == ["no PBN games: the input has no tag pairs"]


def test_a_utf16_pbn_is_text() -> None:
    """A PBN file in UTF-16 (NUL bytes in every other place) is text: read."""
    text = '[Event "x"]\n[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n\n'
    event = pbn.loads(text.encode("utf-16"), source="night.pbn")
    assert event.title == "x"
